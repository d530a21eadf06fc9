"""The phone page's view of a stored game, as plain data: what ``/api/*`` answers.

Nothing is worked out here: the deal's boxes, the values the rules refuse (with their
reasons, in the words the TUI shows), the values they fill in, the phases' totals and
the deal panel are the headless table's :class:`~scorekeeper.play.views.DraftView`;
what undo and redo take back is :class:`~scorekeeper.play.undo.NextDeal`'s rule; the
standings are ``Game.standings``. The page only draws this and sends back what was tapped.

The boxes typed are a list of ``[field, unit, value]`` (unit: the seat or partnership,
null for the deal), as the page sends them back; :func:`read_typed` checks what a page
sent before any of it reaches the game.
"""

from __future__ import annotations

from typing import Any

from ..game.game import Game
from ..i18n import get_language, t, tn
from ..play.draft import DealDraft
from ..play.undo import NextDeal
from ..play.views import CellView
from ..play.words import ordinal
from ..reports.common import status_text

__all__ = ["BadRequest", "NoGame", "MAX_TYPED", "PageDraft", "deal_rows", "phone_view", "read_typed"]

MAX_TYPED = 400  # boxes a page may send (a deal of 8 seats with 6 fields each is 48)
MAX_TEXT = 200  # characters of a typed value (cards are typed as text)
MAX_NUMBER = 10 ** 9


class BadRequest(ValueError):
    """What a page sent is not a deal's boxes (the message says what is wrong)."""


class NoGame(ValueError):
    """The store has no game yet: only a new game can be started."""


def read_typed(game: Game, raw: Any, number: int | None = None) -> dict[tuple[str, int | None], Any]:
    """The boxes a page sent, checked: each field is one of the ruleset's, each unit a seat or
    partnership of the deal (``number``, the next by default; null for a deal field), each value a number, a yes/no or a
    short text. BadRequest names the first problem."""
    if not isinstance(raw, list) or len(raw) > MAX_TYPED:
        raise BadRequest(t("web.phone.bad.typed", most=MAX_TYPED))
    setup = game.setup_for(number)  # the next deal's by default
    units = {"seat": setup.n, "team": len(setup.teams)}
    typed: dict[tuple[str, int | None], Any] = {}
    for item in raw:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)):
            raise BadRequest(t("web.phone.bad.typed", most=MAX_TYPED))
        field, unit, value = item
        spec = game.ruleset.fields.get(field)
        if spec is None:
            raise BadRequest(t("web.phone.bad.field", field=field[:40]))
        if spec.scope == "deal":
            ok = unit is None
        else:
            ok = type(unit) is int and 1 <= unit <= units[spec.scope]
        if not ok:
            raise BadRequest(t("web.phone.bad.unit", field=field, unit=str(unit)[:20]))
        if value is None or value == "":
            continue
        if not (isinstance(value, bool) or (type(value) is int and abs(value) <= MAX_NUMBER)
                or (isinstance(value, str) and len(value) <= MAX_TEXT)):
            raise BadRequest(t("web.phone.bad.value", field=field, value=repr(value)[:40]))
        typed[(field, unit)] = value
    return typed


class PageDraft:
    """A stored game as :class:`NextDeal` sees it, with the page's typing kept by the page:
    the store's draft (the TUI's typing) is neither read nor written."""

    def __init__(self, stored):
        self._stored = stored
        self.game = stored.game
        self.draft = None

    def undo(self):
        return self._stored.undo()

    def redo(self):
        return self._stored.redo()

    def save_draft(self, values, writer: str = "") -> None:
        pass

    def clear_draft(self, writer: str = "") -> None:
        pass


def _choice(choice) -> dict[str, Any]:
    return {"value": choice.value, "text": choice.text, "allowed": choice.allowed, "reason": choice.reason}


def _cell(cell: CellView) -> dict[str, Any]:
    value = cell.value
    if not isinstance(value, (int, str, bool)) and value is not None:
        value = cell.text  # cards: the text typed
    return {"field": cell.field, "unit": cell.unit, "kind": cell.kind, "who": cell.who, "label": cell.label,
            "help": cell.help, "value": value, "text": cell.text, "auto": cell.auto, "computed": cell.computed,
            "choices": [_choice(c) for c in cell.choices], "lo": cell.lo, "hi": cell.hi,
            "values": list(cell.values), "errors": list(cell.errors), "warnings": list(cell.warnings),
            "dealer": cell.dealer, "optional": cell.optional, "needed": cell.needed}


def _deal(draft: DealDraft) -> dict[str, Any]:
    view = draft.view()
    panel = view.panel
    phases = []
    cells = list(view.cells.values())
    for phase in view.phases:
        boxes = [_cell(c) for c in cells if c.visible and c.slot in _slots(draft, phase.phase)]
        phases.append({"title": phase.title, "summary": list(phase.summary), "derived": list(phase.derived),
                       "complete": phase.complete, "boxes": boxes})
    return {
        "number": view.number,
        "editing": view.editing,
        "title": t("web.phone.correcting", number=view.number) if view.editing else "",
        "panel": _panel(panel),
        "phases": phases,
        "errors": list(view.errors),
        "warnings": list(view.warnings),
        "can_confirm": view.can_confirm,
    }


def _panel(panel) -> dict[str, Any]:
    """The deal panel as the board words it: a heading, (label, value) lines, the trump sentence."""
    number, cards = panel.shown or panel.number, tn("web.deal.cards_each", panel.cards)
    heading = (t("web.deal.heading_of", number=number, total=panel.of, cards=cards) if panel.of
               else t("web.deal.heading", number=number, cards=cards))
    lines = [[t("game.dealer"), panel.dealer]]
    if panel.bids_first:
        lines.append([t("game.first_bidder"), panel.bids_first])
    if panel.leader_named:
        lines.append([t("game.leader"), panel.leader or t("web.deal.leader_later")])
    return {"heading": heading, "lines": lines, "trump": panel.trump,
            "notes": list(panel.reminders) + list(panel.table)}


def _slots(draft: DealDraft, phase: str) -> frozenset:
    return frozenset(s for p in draft.layout if p.phase == phase for s in p.slots)


def _typed_list(draft: DealDraft | None) -> list[list[Any]]:
    if draft is None:
        return []
    return [[field, unit, value] for (field, unit), value in draft.typed.items()]


def phone_view(stored, deal: NextDeal | DealDraft, *, tried: bool = False) -> dict[str, Any]:
    """The page's view of a stored game whose next deal holds what ``deal`` holds, or of a
    recorded deal being corrected (a DealDraft of it: undo and redo are the page's typing only)."""
    game = stored.game
    draft = deal if isinstance(deal, DealDraft) else deal.draft
    if draft is not None and tried:
        draft.mark_tried()
    played = len(game.results())
    steps = (None, None) if isinstance(deal, DealDraft) else (deal.next_undo(), deal.next_redo())
    return {
        "game": {"id": stored.id, "title": stored.title, "name": game.ruleset.localized(get_language()).name},
        "seq": stored.entries_saved,
        "over": game.is_over,
        "played": len(game.deals),
        "status": status_text(game),
        "standings": [{"rank": ordinal(s.rank) if played else "", "name": s.name, "total": game.ruleset.shown(s.total)}
                      for s in game.standings()],
        "deal": _deal(draft) if draft is not None else None,
        "typed": _typed_list(draft),
        "undo": steps[0],
        "redo": steps[1],
    }


def deal_rows(stored) -> dict[str, Any]:
    """Every recorded deal as the score board shows it (to choose one to correct)."""
    from .board import board_state

    state = board_state(stored, last=len(stored.game.deals))
    return {"scorers": state["scorers"], "legend": state["legend"], "deals": state["last_deals"]}
