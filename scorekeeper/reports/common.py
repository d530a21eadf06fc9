"""What the exports and listings of stored games share: a game to export
(:class:`Exported`), a value as one cell of a table (:func:`cell_text`) and a game's
result in words (:func:`status_text`, :func:`status_of`).

Below :mod:`.export` and :mod:`.html` (each format imports it, it imports neither).
"""

from __future__ import annotations

from ..i18n import format_number, get_language, t, tn
from ..rules.cards import SUIT_SYMBOL, Card
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Sequence

    from ..game.game import Game  # (a listing of stored games words their results without the engine)

__all__ = ["Exported", "cell_text", "changed_options", "choice_value", "field_value", "option_settings",
           "option_value_text", "start_scores_text", "status_of", "status_text"]


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


def choice_value(spec: Any, value: Any) -> Any:
    """A choice (of an option or a field) as the table reads it: its label, a suit in words with
    its sign (``♥ hearts``), else the value (as :func:`cell_text`)."""
    if spec is None or spec.type not in ("choice", "suit", "trump"):
        return cell_text(value)
    label = spec.choice_labels.get(value) if spec.type == "choice" else None
    if label:
        return label
    suits = {"spades": t("game.suit.spades"), "hearts": t("game.suit.hearts"), "diamonds": t("game.suit.diamonds"),
             "clubs": t("game.suit.clubs"), "none": t("game.suit.none")}
    return f"{SUIT_SYMBOL[value]} {suits[value]}" if value in SUIT_SYMBOL else suits.get(value, cell_text(value))


def field_value(spec: Any, value: Any, players: Sequence[str]) -> Any:
    """A value the table entered as an export shows it to people: a seat by its player's name (not
    its number), a choice or suit as :func:`choice_value` words it, the rest as :func:`cell_text`
    (numbers stay numbers). ``spec``: the field, from the ruleset shown in the language. The JSON
    document keeps the values as they are stored (seat numbers, choice ids)."""
    if spec.type == "seat" and isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= len(players):
        return players[value - 1]
    return choice_value(spec, value)


def option_value_text(option: Any, value: Any) -> str:
    """An option's setting in words: yes or no, a choice by its label, a number as the language
    writes it (``option`` from the ruleset shown in the language, for its labels)."""
    if option.type == "bool":
        return t("value.yes") if value else t("value.no")
    if option.type == "choice":
        return option.choice_labels.get(value) or str(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_number(value)
    return str(value)


def changed_options(game: Game) -> list[tuple[str, str]]:
    """(label, setting) of each house rule: an option the game sets otherwise than its default,
    in the current language (the option's name, never its id)."""
    return option_settings(game)


def option_settings(game: Game, every: bool = False) -> list[tuple[str, str]]:
    """(label, setting) of the game's options in the current language: the house rules (those set
    otherwise than their defaults), or ``every`` option."""
    defaults = game.ruleset.option_defaults()
    options = game.ruleset.localized(get_language()).options
    return [(options[k].label or k, option_value_text(options[k], v))
            for k, v in game.options.items() if k in options and (every or v != defaults.get(k))]


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
