"""A scripted Lupaus game for three: the same legal entries for the same seed.

Each :class:`Op` is one entry of the store's event log (a record, an edit, an undo
or a redo), so "how far did we get" is simply "how many entries are stored", and a
driver that is killed can resume at ``ops[stored:]``. The script always holds an
undo and a redo of a record, an edit, and an undo and a redo of that edit early on,
and ends with an undo, a redo and an edit after the game is over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from scorekeeper.game.game import Game
from scorekeeper.game.sheet import sheet_values
from scorekeeper.rules.ruleset import load_ruleset

RULESET = "lupaus"
PLAYERS = ("Anna", "Ben", "Cara")
TITLE = "kill test"
SUITS = ("spades", "hearts", "diamonds", "clubs")

# Entries at these places in every script, whatever the seed.
_FIXED = {2: "undo", 3: "redo", 5: "edit", 6: "undo", 7: "redo"}


@dataclass(frozen=True)
class Op:
    kind: str  # record, edit, undo, redo
    deal: int
    values: dict[str, Any] | None = None  # as the store keeps them (sheet values); None for undo/redo


def new_game() -> Game:
    return Game(load_ruleset(RULESET), PLAYERS)


def _deal_values(rng: random.Random, game: Game, number: int) -> dict[str, Any]:
    """Random legal values for deal ``number``: bids that do not total the cards, tricks that do."""
    cards = game.setup.cards(number)
    while True:
        bids = [rng.randint(0, cards) for _ in PLAYERS]
        if sum(bids) == cards:
            continue
        cuts = sorted(rng.randint(0, cards) for _ in range(len(PLAYERS) - 1))
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, cards])]
        values: dict[str, Any] = {"bid": bids, "tricks": tricks}
        if rng.random() < 0.7:
            values["turned"] = rng.choice(SUITS)
        clean = game.normalize(values)
        if not [i for i in game.validate(number, clean, levels=("error",)) if i.level == "error"]:
            return sheet_values(game, clean)


def apply(target, op: Op):
    """Play one op on a Game or a StoredGame (they have the same four methods)."""
    if op.kind == "record":
        return target.record(op.values)
    if op.kind == "edit":
        return target.edit(op.deal, op.values)
    return target.undo() if op.kind == "undo" else target.redo()


def script(seed: int) -> list[Op]:
    """The ops of one scripted game: from a new game until it is over, and a few after."""
    rng = random.Random(seed)
    game = new_game()
    ops: list[Op] = []

    def choose() -> str:
        fixed = _FIXED.get(len(ops))
        if fixed:
            return fixed
        r = rng.random()
        if r < 0.10 and game.can_undo:
            return "undo"
        if r < 0.18 and game.can_redo:
            return "redo"
        if r < 0.26 and game.deals:
            return "edit"
        return "record"

    while not game.is_over:
        kind = choose()
        if kind == "record":
            op = Op("record", game.next_deal, _deal_values(rng, game, game.next_deal))
        elif kind == "edit":
            number = rng.randint(1, len(game.deals))
            op = Op("edit", number, _deal_values(rng, game, number))
        else:
            action = game.undo() if kind == "undo" else game.redo()
            ops.append(Op(kind, action.deal))
            continue
        apply(game, op)
        ops.append(op)
    for kind in ("undo", "redo"):
        action = game.undo() if kind == "undo" else game.redo()
        ops.append(Op(kind, action.deal))
    number = rng.randint(1, len(game.deals))
    op = Op("edit", number, _deal_values(rng, game, number))
    apply(game, op)
    ops.append(op)
    return ops


def replay(ops: list[Op]) -> Game:
    """A new game with ``ops`` played on it, in memory."""
    game = new_game()
    for op in ops:
        apply(game, op)
    return game
