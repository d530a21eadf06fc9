"""What the exports and listings of stored games share: a game to export
(:class:`Exported`), a value as one cell of a table (:func:`cell_text`) and a game's
result in words (:func:`status_text`, :func:`status_of`).

Below :mod:`.export` and :mod:`.html` (each format imports it, it imports neither).
"""

from __future__ import annotations

from ..i18n import t, tn
from ..rules.cards import Card
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

    from ..game.game import Game  # (a listing of stored games words their results without the engine)

__all__ = ["Exported", "cell_text", "start_scores_text", "status_of", "status_text"]


@dataclass(frozen=True)
class Exported:
    """A stored game to export with others: its id, the game, its title and ruleset reference."""

    id: int
    game: Game
    title: str | None = None
    ruleset_ref: str | None = None


def status_text(game: Game) -> str:
    """'winner: X', 'winners: X, Y' (a tie) or 'in progress (...)'; a game the table ended
    early says so: 'ended early after deal 4, winner: X'."""
    return status_of(game.winners, len(game.deals), game.planned_deals, game.stopped_at)


def start_scores_text(game: Game) -> str | None:
    """'starting scores: Anna 20, Ben 0, Cara -10', or None when everyone started from 0."""
    if not any(game.start_scores):
        return None
    return t("export.start_scores", scores=", ".join(
        t("export.start_score", name=name, score=score) for name, score in zip(game.scorer_names, game.start_scores)))


def status_of(winners, played: int, planned: int | None, stopped: int | None = None) -> str:
    """status_text from a game's winners, deals played and planned, and the deal after which
    the table ended it early (e.g. a listed game's summary, so that listing games needs no
    replay)."""
    if winners and stopped is not None:
        return tn("export.status.ended_early", len(winners), names=", ".join(winners), number=stopped)
    if winners:
        return tn("export.status.winners", len(winners), names=", ".join(winners))
    if planned is not None:
        return tn("export.status.in_progress_of", planned, played=played)
    return tn("export.status.in_progress", played)


def cell_text(value: Any) -> Any:
    """A value as one cell: numbers stay numbers, the rest becomes text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return t("value.yes") if value else t("value.no")
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (tuple, list)):
        return " ".join(str(cell_text(v)) for v in value)
    return str(value)
