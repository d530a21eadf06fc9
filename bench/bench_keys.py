"""Keys a deal costs at the table, against the characters a paper pad needs for it.

For a typical deal of each shipped game, the terminal app is driven headless (80x24) by
a typist who knows the values and looks at the screen, as a player does: for each value
the table must write down (in the order of the form; values the app fills in itself are
not typed) it reaches the box if the focus is not there already (Up/Down, counted), types
the value's characters (a suit is its letter), and presses Enter only when the box is
still waiting for more (a 1 where 10 could follow; a free number such as Pataviitonen's
A points). At the end, Enter confirms the deal if it is not confirmed already. The deal
the store then holds must be the one meant, or the benchmark fails.

Goal (issue: a deal in as few keys as it has numbers): keys <= characters + 1, where
only a value that could still grow costs one key more (a paper pad has its columns for
that).

Run:  python bench/bench_keys.py
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SIZE = (80, 24)


@dataclass(frozen=True)
class Case:
    """A deal of a game: the values the table writes down (by seat, or for the deal),
    after ``before`` deals recorded as they are given."""

    ruleset: str
    players: tuple[str, ...]
    values: dict[str, Any]
    before: tuple[dict[str, Any], ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    note: str = ""
    first_dealer: int = 1


def _wizard_before(n: int) -> tuple[dict, ...]:
    """Wizard deals 1..n for six: the forehand bids and takes them all, the others 0."""
    deals = []
    for k in range(1, n + 1):
        forehand = k % 6  # dealer seat k (1-based, seat 1 first) -> forehand index k % 6
        bids = [0] * 6
        bids[forehand] = k
        deals.append({"turned": "spades" if k < 10 else None, "bid": bids, "tricks": list(bids)})
    return tuple(deals)


def _lupaus7_before() -> tuple[dict, ...]:
    """Lupaus for seven, fixed trump: deals 1..12 (7 6 5 4 3 2 1 2 3 4 5 6 cards), the
    forehand bids and takes all, the dealer bids 1 and takes 0, the others 0."""
    cards = [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6]
    deals = []
    for k, c in enumerate(cards, start=1):
        dealer, forehand = (k - 1) % 7, k % 7
        bids, tricks = [0] * 7, [0] * 7
        bids[forehand] = tricks[forehand] = c
        bids[dealer] = 1
        deals.append({"bid": bids, "tricks": tricks})
    return tuple(deals)


CASES = {
    "lupaus-4-deal-1": Case("lupaus", ("Anna", "Ben", "Cara", "Dan"), {"bid": [0, 3, 2, 4], "tricks": [2, 3, 1, 4]},
                            note="10 cards: Cara's 1 waits for a 0"),
    "lupaus-4-deal-2": Case("lupaus", ("Anna", "Ben", "Cara", "Dan"), {"bid": [3, 0, 1, 2], "tricks": [3, 3, 1, 2]},
                            before=({"bid": [0, 3, 2, 4], "tricks": [2, 3, 1, 4]},), note="9 cards"),
    "lupaus-7-deal-13": Case("lupaus", tuple(f"P{i}" for i in range(1, 8)),
                             {"bid": [0, 0, 0, 0, 0, 1, 7], "tricks": [0, 0, 0, 0, 0, 0, 7]},
                             before=_lupaus7_before(), options={"trump_rule": "fixed"}, note="7 cards, last deal"),
    "lupaus-7-deal-12": Case("lupaus", tuple(f"P{i}" for i in range(1, 8)), dict(_lupaus7_before()[11]),
                             before=_lupaus7_before()[:11], options={"trump_rule": "fixed"},
                             note="6 cards, mid-game: Enter goes on to deal 13"),
    "wizard-6-deal-3": Case("wizard", tuple(f"P{i}" for i in range(1, 7)),
                            {"turned": "hearts", "bid": [1, 0, 0, 2, 0, 0], "tricks": [1, 0, 0, 1, 1, 0]},
                            before=_wizard_before(2), note="3 cards, trump turned"),
    "wizard-6-deal-10": Case("wizard", tuple(f"P{i}" for i in range(1, 7)),
                             {"bid": [2, 1, 3, 0, 2, 1], "tricks": [2, 1, 3, 1, 2, 1]},
                             before=_wizard_before(9), note="10 cards: each 1 waits"),
    "whist-4-deal-1": Case("whist", ("Anna", "Ben", "Cara", "Dan"), {"turned": "hearts", "tricks": 8},
                           note="trump and the tricks of seats 1 and 3"),
    "romanian-whist-3-deal-4": Case("romanian-whist", ("Ana", "Bo", "Cy"),
                                    {"turned": "clubs", "bid": [1, 0, 0], "tricks": [1, 1, 0]},
                                    before=({"turned": "hearts", "bid": [0, 1, 1], "tricks": [0, 1, 0]},
                                            {"turned": "hearts", "bid": [1, 0, 1], "tricks": [1, 0, 0]},
                                            {"turned": "hearts", "bid": [1, 1, 0], "tricks": [0, 1, 0]}),
                                    note="2 cards"),
    "pataviitonen-3-deal-1": Case("pataviitonen", ("Anna", "Ben", "Cara"),
                                  {"bid": [4, 5, 6], "proposal": ["hearts", "spades", "hearts"],
                                   "tricks": [5, 5, 7], "a": [14, 5, 7], "b": [3, 1, 2], "c": [2, 1, 1]},
                                  note="A, B and C are free numbers: each ends with Enter"),
    "wysiwyg-2-deal-1": Case("wysiwyg", ("Aino", "Bertta"),
                             {"value": [16, 12], "declarer": 2, "bid": 5, "points": 15},
                             note="hand values, declarer, bid, points"),
    "doppelkopf-4-deal-1": Case("doppelkopf", ("Anna", "Ben", "Cara", "Dan"),
                                {"kind": "normal", "re_player": 1, "re_partner": 3, "re_said": "re",
                                 "kontra_said": "kontra", "re_points": 130},
                                note="130: or 13 and a 0 in a box after it that may stay empty, two deals: asked"),
    "french-tarot-4-deal-1": Case("french-tarot", ("Anna", "Ben", "Cara", "Dan"),
                                  {"contract": "garde", "taker": 1, "bouts": 2, "points": 41},
                                  note="41: 4 and every trick taken (1 for yes) is no deal"),
}


def _choice_keys(cell, value) -> str:
    """What the typist types for ``value`` in ``cell``."""
    if cell.kind == "number" or all(type(c.value) is int for c in cell.choices):
        return str(value)
    (choice,) = [c for c in cell.choices if c.value == value]
    return choice.keys[0]


def _on_the_way(form, view, focused, box) -> bool:
    """Whether ``focused`` is an empty box that may stay empty, before ``box``: the keys
    typed there that it does not take go on towards ``box``."""
    from scorekeeper.play.flow import may_skip

    boxes = form.boxes()
    if focused not in boxes or box not in boxes or boxes.index(focused) > boxes.index(box):
        return False
    return may_skip(view.cells[focused.slot])


def _grows_with(cell, typed: str) -> bool:
    """Whether ``typed`` is a value of ``cell`` or the start of one."""
    from scorekeeper.play.flow import in_reach

    if cell.kind == "number":
        return in_reach(typed, cell.lo, cell.hi, getattr(cell, "values", ()))
    return any(c.text.startswith(typed) for c in cell.choices)


def _holds(case: Case, view) -> bool:
    """Whether the boxes of ``view`` hold the deal the table meant."""
    return all(_wanted(case, c) is None or c.value == _wanted(case, c) for c in view.cells.values() if c.visible)


def _wanted(case: Case, cell) -> Any:
    value = case.values.get(cell.field)
    if isinstance(value, list):
        return value[cell.unit - 1] if cell.unit is not None else None
    return value


async def _play(case: Case, db: Path) -> dict:
    from scorekeeper.rules.ruleset import load_ruleset
    from scorekeeper.store.db import Store
    from scorekeeper.tui.app import ScorekeeperApp
    from scorekeeper.tui.screens.play import PlayScreen
    from scorekeeper.tui.widgets.entry_form import EntryForm, under_cursor

    with Store(db) as store:
        stored = store.new_game(load_ruleset(case.ruleset), case.ruleset, list(case.players), dict(case.options),
                                case.first_dealer)
        for values in case.before:
            stored.record(values)
        game_id = stored.id
    app = ScorekeeperApp(db)
    keys: list[str] = []
    typed: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(500):  # the app opens its store once the start screen is drawn
            if app.store is not None:
                break
            await pilot.pause()
        stored = app.store.open_game(game_id)
        await app.push_screen(PlayScreen(stored))
        await pilot.pause()
        screen = app.screen
        form = screen.query_one(EntryForm)
        number = screen.draft.number

        async def press(key: str) -> None:
            keys.append(key)
            await pilot.press(key)

        def cursor():
            return under_cursor(app.focused)

        def recorded() -> bool:
            return len(screen.game.deals) >= number

        def plan() -> list:
            """The boxes still to type, in the form's order."""
            view = screen.draft.view()
            return [box for box in form.boxes() if view.cells[box.slot].value is None
                    and _wanted(case, view.cells[box.slot]) is not None]

        waiting = None  # the box whose value the next key ends (that key goes on to the next box)
        for _ in range(200):
            todo = plan()
            if recorded() or not todo:
                break
            box = todo[0]
            view = screen.draft.view()
            for _ in range(40):
                if cursor() in (box, waiting) or _on_the_way(form, view, cursor(), box):
                    break  # typing there reaches the box: a key it does not take goes on
                boxes = form.boxes()
                at = boxes.index(cursor()) if cursor() in boxes else len(boxes)
                await press("down" if at < boxes.index(box) else "up")
            cell = view.cells[box.slot]
            text = _choice_keys(cell, _wanted(case, cell))
            typed.append(text)
            waiting = None
            for ch in text:
                await press(ch)
            if cursor() is box and not recorded():
                # the box waits for more: Enter ends the value, unless the next value's first
                # key cannot make it longer (then that key is the next box's)
                after = [b for b in plan() if b is not box]
                view = screen.draft.view()
                nxt = _choice_keys(view.cells[after[0].slot], _wanted(case, view.cells[after[0].slot])) if after else ""
                if not nxt or _grows_with(cell, text + nxt[0]):
                    await press("enter")
                else:
                    waiting = box
        if not recorded():
            await press("enter")  # confirm
        for _ in range(12):  # the keys read two ways (a value the app filled in may have been typed),
            # or Enter may pass over a box that may stay empty (the form says how many Enters confirm):
            typist = screen.typist  # the table answers which deal it meant (Enter again, or its number)
            if recorded() or typist is None or typist.question is None:
                break
            if typist.question.waiting:  # (several deals: ctrl+s asks which at once, as the form says)
                q = typist.question
                several = len({r for r, open_ in zip(q.readings, q.incomplete) if not open_}) > 1
                await press("ctrl+s" if several else "enter")
                continue
            meant = [i for i, r in enumerate(typist.readings, start=1) if _holds(case, typist.view(r))]
            await press(str(meant[0]) if meant else "1")
            await press("enter")
        await pilot.pause()
        if not recorded():
            text = "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())
            raise AssertionError(f"{case.ruleset}: the deal was not confirmed after {' '.join(keys)}:\n{text}")
        deal = dict(screen.game.deals[number - 1])
    for fid, want in case.values.items():
        got = deal.get(fid)
        got = list(got) if isinstance(got, tuple) else got
        if got != want:
            raise AssertionError(f"{case.ruleset}: the deal holds {fid} = {got}, the table meant {want}")
    chars = sum(len(t) for t in typed)
    return {"values": len(typed), "characters": chars, "keys": len(keys), "extra": len(keys) - chars,
            "key_list": keys}


def main(cases: tuple[str, ...] | None = None, verbose: bool = True) -> dict[str, dict]:
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(cases or tuple(CASES)):
            results[name] = asyncio.run(_play(CASES[name], Path(tmp) / f"{i}.db"))
    if verbose:
        print(f"{'deal':26} {'values':>6} {'chars':>6} {'keys':>5} {'extra':>6}  keys pressed")
        for name, r in results.items():
            print(f"{name:26} {r['values']:>6} {r['characters']:>6} {r['keys']:>5} {r['extra']:>+6}  "
                  f"{' '.join(r['key_list'])}")
            if CASES[name].note:
                print(f"{'':26} ({CASES[name].note})")
    return results


if __name__ == "__main__":
    main()
