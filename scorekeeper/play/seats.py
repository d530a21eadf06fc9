"""A deal as one player's phone sees it, when each player keeps their own boxes.

Which boxes of the deal belong to a seat, whose turn it is to speak, and which boxes the
seat may fill in now, from the deal's :class:`~.draft.DealDraft` alone (nothing here knows
a game):

- A seat's own boxes are its fields (``scope = "seat"``) and its partnership's
  (``scope = "team"``). The deal's boxes (the trump turned, who took the queen) are the
  table's: any seat may fill them in, at any time.
- The first phase with the seats' own boxes is said in turn, in bidding order, when it is
  not the deal's last phase (the bidding of Lupaus, Wizard, Spades; Hearts, whose one phase
  is the play, has no turns): the first seat in that order with a box still needed there has
  the turn. The seat that spoke just before it may still change what it said (a slip of the
  thumb), until the next one speaks.
- The boxes of the later phases (tricks, points) are each seat's to fill in once the turns are
  over.

A box is "needed" as the form says (:attr:`~.views.CellView.needed`): an optional box (Spades'
blind nil) or one the rules fill in does not hold up the turn.

Whoever types a box (the app, a phone keeping the whole table's score, a player's own phone),
the store keeps who did (:meth:`~scorekeeper.store.db.StoredGame.writer_of`): a writer whose
box another writer changed first is told so in words (:func:`first_text`).
"""

from __future__ import annotations

from .draft import DealDraft
from .layout import Key, Slot
from .views import CellView, DraftView
from ..i18n import t
from ..values import dataclass

__all__ = ["APP", "SHARED", "SeatView", "first_text", "others_typing_text", "overtaken_text", "seat_view",
           "seat_writer", "turn_phase", "writer_name"]

APP = "app"  # the terminal app, as the store names who typed a box
SHARED = "shared"  # a phone that keeps the whole table's score


def seat_writer(name: str) -> str:
    """Player ``name``'s own phone, as the store names who typed a box."""
    return f"seat:{name}"


def writer_name(writer: str | None) -> str:
    """Who typed a box, in words that start a sentence ("Ben's phone"); None: not known."""
    if writer is not None and writer.startswith("seat:"):
        return t("play.writer.seat", name=writer[5:])
    return t("play.writer.app") if writer == APP else t("play.writer.shared") if writer == SHARED else t(
        "play.writer.other")


def first_text(writer: str | None, box: str, value: str | None) -> str:
    """That ``writer`` changed ``box`` (its name as shown) to ``value`` (as shown; None or "": it
    emptied it) before this writer's change: "Ben's phone changed Cara · Tricks to 3 first"."""
    who = writer_name(writer)
    if value in (None, ""):
        return t("play.first.emptied", who=who, box=box)
    return t("play.first.changed", who=who, box=box, value=value)


def overtaken_text(mine: DealDraft, stored: DealDraft, lost) -> str:
    """What the app tells the table when boxes it typed (``mine``: the deal as typed here) were
    changed first by another writer (``lost``: the store's :class:`~scorekeeper.store.db.Overtaken`
    boxes; ``stored``: the deal as the store holds it now, which the form then shows)."""
    typed = {(c.field, c.unit): c for c in mine.view().cells.values()}
    now = {(c.field, c.unit): c for c in stored.view().cells.values()}
    said = []
    for box in lost:
        key = (box.field, box.unit)
        cell = now.get(key) or typed.get(key)
        if cell is None:  # (a box of no deal: the store's draft was for another)
            continue
        name = f"{cell.who} · {cell.label}" if cell.who else cell.label
        first = first_text(box.writer, name, now[key].text if box.value is not None and key in now else None)
        if key in mine.typed:
            said.append(t("play.first.tui", said=first, mine=typed[key].text))
        else:
            said.append(t("play.first.tui_empty", said=first))
    return " ".join(said)


def others_typing_text(draft: DealDraft, others, front: str) -> str:
    """Why an undo took nothing back: the boxes of the next deal (``draft``) hold only what other
    devices typed (``others``: (box, writer) pairs, :meth:`NextDeal.typing_left`), which an undo
    here does not erase; said with who typed which box, in the words of ``front`` ("tui", "phone")."""
    cells = {(c.field, c.unit): c for c in draft.view().cells.values()}
    by_writer: dict[str | None, list[str]] = {}
    for key, writer in others:
        cell = cells.get(key)
        if cell is not None:
            by_writer.setdefault(writer, []).append(f"{cell.who} · {cell.label}" if cell.who else cell.label)
    typed = "; ".join(t("play.undo.typed_by", who=writer_name(writer), boxes=", ".join(boxes))
                      for writer, boxes in by_writer.items())
    return t(f"play.undo.others_{front}", number=draft.number, typed=typed)


@dataclass(frozen=True)
class SeatView:
    """One seat's part in the deal being entered."""

    seat: int | None  # the seat in this deal (None: the player sits this deal out)
    mine: frozenset  # the boxes that are this seat's own (its fields and its partnership's)
    now: frozenset  # the boxes it may fill in now (its own in turn, and the deal's)
    turn: int | None  # the seat whose turn it is to speak (None: no turns, or they are over)
    turn_box: Key | None  # the box that seat is to fill in
    turn_label: str  # that box's label ("Bid")
    turns_over: bool  # every box said in turn is filled (or the deal has no turns)


def turn_phase(draft: DealDraft) -> str | None:
    """The phase said in turn: the first with the seats' own boxes, unless it is the last phase."""
    fields = draft.game.ruleset.fields
    phases = [p for p in draft.layout if any(fields[s.field].scope == "seat" for s in p.slots)]
    if not phases or phases[0] is draft.layout[-1]:
        return None
    return phases[0].phase


def _owner(draft: DealDraft, cell: CellView) -> frozenset:
    """The seats whose box ``cell`` is: its seat, its partnership's seats, or none (the deal's)."""
    scope = draft.game.ruleset.fields[cell.field].scope
    if scope == "seat":
        return frozenset((cell.unit,))
    if scope == "team" and cell.unit is not None:
        return frozenset(draft.setup.teams[cell.unit - 1])
    return frozenset()


def seat_view(draft: DealDraft, seat: int | None) -> SeatView:
    """Seat ``seat``'s part in the deal of ``draft`` (None: a player who sits the deal out)."""
    view: DraftView = draft.view()
    fields = draft.game.ruleset.fields
    spoken = turn_phase(draft)
    before: set[Slot] = set()  # the boxes of the phases before the turns, and the deal's in it
    after: set[Slot] = set()  # the boxes of the phases after the turns (or of every phase, without turns)
    in_turn: list[Slot] = []  # the seats' boxes said in turn
    seen_turns = False
    for layout in draft.layout:
        if layout.phase == spoken:
            seen_turns = True
            in_turn = [s for s in layout.slots if fields[s.field].scope == "seat"]
            before |= {s for s in layout.slots if fields[s.field].scope != "seat"}
        else:
            (after if seen_turns or spoken is None else before).update(layout.slots)
    cells = view.cells
    order = sorted(in_turn, key=lambda s: s.pos)  # the seats' boxes in bidding order
    turn_cell = next((cells[s] for s in order if cells[s].needed), None)
    turn = turn_cell.unit if turn_cell is not None else None
    last = _last_spoken(cells, order, turn)
    mine, now = set(), set()
    for slot, cell in cells.items():
        if not cell.visible or seat is None:
            continue
        key = (cell.field, cell.unit)
        owners = _owner(draft, cell)
        if seat in owners:
            mine.add(key)
        elif owners:
            continue
        if slot in before:
            now.add(key)
        elif slot in after:
            if turn is None:
                now.add(key)
        elif cell.unit == seat and (turn == seat or (last == seat and not cell.auto)):
            now.add(key)
    return SeatView(seat, frozenset(mine), frozenset(now), turn,
                    (turn_cell.field, turn_cell.unit) if turn_cell is not None else None,
                    turn_cell.label if turn_cell is not None else "", turn is None)


def _last_spoken(cells, order, turn: int | None) -> int | None:
    """The seat that spoke last before the turn (all the seats' boxes when the turns are over)."""
    place = {cells[s].unit: s.pos for s in order}
    spoke = [cells[s] for s in order if cells[s].value is not None and not cells[s].auto
             and (turn is None or place[cells[s].unit] < place[turn])]
    return spoke[-1].unit if spoke else None
