"""The Enters that confirm a deal once its last value is typed, for every built-in game, headless.

For each game (its fewest players, its default options) a deal is made box by box from the
first value each box the table must type allows (a number: the first its checks take), the
boxes that may stay empty left empty; its values are typed in the form's order with no Enter
(play/typing.py's Typist), and the Enters that then confirm it are counted
(Typist.enters_to_confirm, as the form's line under the deal says them). Beside it: the boxes
that may stay empty after the last value typed, and those the rules filled in (a value typed
anyway may follow). A table may pass over each of those with an
Enter and then type a later one (issue 24: "95 Enter Enter 40" in Huutopussi); so an Enter before
the last of them cannot confirm, and k such boxes cost k + 1 Enters (the first may be the Enter
typed after a value out of habit). More than that: keys that read more than one way (a key
that may be a box's passed over, a filled-in value typed anyway), where an Enter may be one
between values.

Run:  python bench/bench_enters.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

NAMES = ("Anna", "Ben", "Cara", "Dan", "Eve", "Finn", "Gus")


def _keys(cell, value) -> str:
    if cell.kind == "number" or type(value) is int:
        return str(value)
    return next(c.keys[:1] for c in cell.choices if c.value == value)


def _first_value(draft, cell):
    """The first value of ``cell`` its checks take (None: none)."""
    if cell.kind != "number":
        return next((c.value for c in cell.choices if c.allowed), None)
    lo = max(cell.lo, 0) if cell.lo is not None else 0  # (from 0 where a number may be below it)
    for value in cell.values or range(lo, (cell.hi if cell.hi is not None else lo + 200) + 1):
        draft.set(cell.field, cell.unit, value)
        if not draft.view().cells[cell.slot].errors:
            return value
    return None


def deal_of(game):
    """The boxes the table types, in order: [(cell, value)], or None when no deal is made so."""
    from scorekeeper.play.draft import DealDraft

    draft = DealDraft(game)
    order = []
    for _ in range(60):
        cell = next((c for c in draft.view().cells.values() if c.needed and c.kind != "text"), None)
        if cell is None:
            break
        value = _first_value(draft, cell)
        if value is None:
            return None
        draft.set(cell.field, cell.unit, value)
        order.append((cell, value))
    return order if draft.view().can_confirm else None


def enters(rid: str) -> dict | None:
    from scorekeeper.game.game import Game
    from scorekeeper.play.draft import DealDraft
    from scorekeeper.play.flow import may_skip
    from scorekeeper.play.typing import Typist
    from scorekeeper.rules.ruleset import load_ruleset

    rules = load_ruleset(rid)
    game = Game(rules, NAMES[:rules.min_players], {})
    order = deal_of(game)
    if order is None:
        return None
    typist = Typist(DealDraft(game))
    keys = [_keys(cell, value) for cell, value in order]
    for i, key in enumerate(keys):
        for char in key:
            typist.key(char)
        if typist.pending and i < len(keys) - 1:  # (a free number ends with Enter, as bench_keys types it)
            typist.enter()
    view = typist.view(typist.shown)
    boxes = [c for c in view.cells.values() if c.visible and c.kind != "text"]
    typed = {(c.field, c.unit) for c, _ in order}
    last = max(i for i, c in enumerate(boxes) if (c.field, c.unit) in typed)
    after = boxes[last + 1:]
    return {"players": len(game.players), "keys": " ".join(keys), "enters": typist.enters_to_confirm(12),
            "after": sum(1 for c in after if c.optional and may_skip(c)), "filled": sum(1 for c in after if c.auto)}


def main(verbose: bool = True) -> dict[str, dict | None]:
    games = sorted(p.stem for p in (ROOT / "rulesets").glob("*.toml"))
    results = {rid: enters(rid) for rid in games}
    if verbose:
        print(f"{'game':15} {'players':>7} {'empty after':>11} {'filled in':>9} {'enters':>6}  values typed")
        for rid, r in results.items():
            if r is None:
                print(f"{rid:15} (no deal made from the first values)")
                continue
            print(f"{rid:15} {r['players']:>7} {r['after']:>11} {r['filled']:>9} {str(r['enters']):>6}  {r['keys']}")
    return results


if __name__ == "__main__":
    main()
