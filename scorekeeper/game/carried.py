"""The values a ruleset carries from deal to deal, laid out for a score sheet.

A carried value (``[carry.<id>]`` of a ruleset: Spades' bags, bridge's part-scores below the
line) is kept per seat, per partnership, once for the table or per pair of seats; :class:`Game` works it out deal by deal into
``DealResult.carried``. Here each one becomes columns (one per seat or partnership) that the
front ends and the exports show beside the scores, each under the scorer it belongs to when
the ruleset scores per seat or partnership alike.
"""

from __future__ import annotations

from ..rules.ruleset import Ruleset
from .engine import holder_names
from .game import DealResult, Game
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["CarriedColumn", "carried_columns", "carried_now", "carried_values"]


@dataclass(frozen=True)
class CarriedColumn:
    """One carried value of one seat or partnership."""

    id: str
    label: str  # the ruleset's label (in the ruleset's language)
    index: int  # 0-based seat or partnership
    # the player, or the partners joined by " & " ("" for the table's one value; "Anna→Ben" for
    # what Anna holds on Ben, of a value per pair of seats)
    name: str
    scorer: int | None  # the scorer whose column it goes beside (None: the ruleset scores otherwise)


def carried_columns(game: Game, shown: Ruleset | None = None) -> list[CarriedColumn]:
    """Every carried value's columns, in the ruleset's order, one per seat or partnership
    (labelled as ``shown``, the game's ruleset in the language shown, says)."""
    rules, players = shown or game.ruleset, game.players
    teams = game.setup.teams
    columns = []
    for cid, carried in rules.carry.items():
        names = holder_names(carried.scope, players, teams)  # the table's one value: shown under its label alone
        same = carried.scope not in ("table", "pair") and (carried.scope == "team") == (rules.score_scope == "team")
        columns += [CarriedColumn(cid, carried.label, i, name, i if same else None) for i, name in enumerate(names)]
    return columns


def carried_values(game: Game, result: DealResult | None, columns: list[CarriedColumn]) -> list[Any]:
    """The values of ``columns`` carried out of deal ``result`` (None: into the first deal)."""
    carried = result.carried if result is not None and result.carried else game.start_carried or game.setup.carry_start
    out = []
    for column in columns:
        row = carried.get(column.id, ())
        start = game.setup.carry_start[column.id]
        out.append(row[column.index] if column.index < len(row) else start[0])
    return out


def carried_now(game: Game, columns: list[CarriedColumn]) -> list[Any]:
    """The values carried into the next deal."""
    results = game.results()
    return carried_values(game, results[-1] if results else None, columns)
