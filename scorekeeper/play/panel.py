"""What the table is told before and during a deal: one value for every front end.

The facts come from ``Game.info`` (dealer, who bids first, leader, trump, reminders, who
joins and who sits out), given what is entered of the deal so far: a turned trump or the
lowest bid shows as soon as it is entered. Nothing is worked out again here; the seats
become names and the engine's texts become sentences in the current language.
"""

from __future__ import annotations

from ..game.engine import GameError
from ..game.game import DealInfo, Game
from ..i18n import show, t
from ..rules.formula import EvalError, Missing
from ..values import dataclass, field

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Mapping

EVAL_ERRORS = (Missing, EvalError, GameError, ArithmeticError, TypeError)


@dataclass(frozen=True)
class DealPanelView:
    """The deal as the table is told it."""

    number: int
    of: int | None  # deals in the plan (None when the game ends by score)
    cards: int
    editing: bool  # a recorded deal is being changed
    dealer: str
    bids_first: str | None  # None when no one bids (nothing per player before the last phase) or it is not known yet
    leader: str | None  # None until the entries decide it (or never, without leader_named)
    trump: str  # the instruction about trump, a sentence
    reminders: tuple[str, ...]
    table: tuple[str, ...] = ()  # who joins at this deal and who sits it out, in words
    shown: int = field(default=0, compare=False)
    leader_named: bool = True  # False: the rules name no seat that leads (their texts say who does)  # the deal of the plan, as the table counts them (a deal that did not count is dealt again)


def deal_panel(game: Game, number: int | None = None, values: Mapping[str, Any] | None = None,
               editing: bool = False) -> DealPanelView:
    """The panel of deal ``number`` (the next by default) given the normalized ``values``
    entered so far. When the entries cannot be evaluated (a formula fails on them), the
    deal as told before any entry, with the trump not known yet."""
    try:
        info = game.info(number, values)
        trump = show(info.trump.text)
    except EVAL_ERRORS:
        info = game.info(number)
        trump = t("tui.draft.trump_unknown")
    return from_info(game, info, trump, editing)


def has_bidding(ruleset) -> bool:
    """Whether anyone bids: the rules name who bids first, or something is entered in a
    phase before the last (the play). Hearts and Whist enter only what the play gave: no
    one "bids first" there."""
    seats = ruleset.raw.get("seats") if isinstance(ruleset.raw, dict) else None
    named = isinstance(seats, dict) and "first_bidder" in seats
    return named or any(f.phase != ruleset.phases[-1] for f in ruleset.fields.values())


def from_info(game: Game, info: DealInfo, trump: str, editing: bool = False) -> DealPanelView:
    """The panel of a deal from what ``Game.info`` tells about it."""
    players = info.players
    rules = game.ruleset
    order = info.bidding_order
    bids_first = players[order[0] - 1] if has_bidding(rules) and order else None
    leader = players[info.leader - 1] if isinstance(info.leader, int) and 1 <= info.leader <= len(players) else None
    return DealPanelView(info.number, info.of, info.cards, editing, players[info.dealer - 1], bids_first, leader, trump,
                         tuple(show(r) for r in info.reminders), table_lines(info), info.deal,
                         leader_named=rules.leader is not None)


def table_lines(info: DealInfo) -> tuple[str, ...]:
    """Who joins at this deal (with the agreed score) and who sits it out."""
    lines = [t("tui.draft.joins_with", name=name, score=score) for name, score in info.joining]
    if info.redealt:  # the deal before did not count
        lines.append(t("tui.draft.carry.redealt", name=info.players[info.dealer - 1]))
    if info.sitting_out:
        lines.append(t("tui.draft.not_playing", names=", ".join(info.sitting_out)))
    return tuple(lines)


def sheet_panel(game: Game, sheet: Mapping[str, Any] | None) -> DealPanelView | None:
    """The next deal's panel given a saved draft in score-sheet form (what the play screen
    saved of the deal being typed); None once the game is over. A draft that is not a
    deal of this game any more (the table changed) is left out."""
    if game.is_over:
        return None
    try:
        values = game.normalize(sheet or {})
    except GameError:
        values = None
    return deal_panel(game, values=values)


def entered_lines(layout, view) -> tuple[str, ...]:
    """What was entered for each player (or partnership) in the phases already complete,
    one line a field, e.g. "Bid: Ben 1 · Cara 2 · Dan 0": the form scrolls them out of
    sight while the later phases are typed (the tricks under the bids), and the table
    checks them there. ``layout`` is the form's (:func:`~.layout.form_layout`), ``view`` a
    :class:`~.views.DraftView` of it; the last phase's values are in view while it is typed."""
    lines: list[str] = []
    for phase, shown in zip(layout[:-1], view.phases):
        if not shown.complete:
            break
        values: dict[str, list[str]] = {}
        labels: dict[str, str] = {}
        for slot in phase.slots:
            cell = view.cells.get(slot)
            if cell is None or cell.unit is None or not cell.visible or cell.value is None:
                continue
            labels.setdefault(cell.field, cell.label)
            values.setdefault(cell.field, []).append(t("tui.draft.entered_value", name=cell.who,
                                                       value=cell.text))
        lines += [t("tui.draft.entered", field=labels[f], values=" · ".join(v)) for f, v in values.items()]
    return tuple(lines)
