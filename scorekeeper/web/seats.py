"""A phone per player: each phone opened as a seat, the deal typed on several phones at once.

The boxes of the next deal typed from the seats' phones are the store's draft of the game, the
same draft the terminal app keeps what it types in (one next deal, one draft): a bid typed on
Ben's phone shows on Cara's, on the dealer's (whose forbidden bid is then struck out), on the
shared phone and in the app, and a server started again finds it there. Each change is pushed
to every page through the event stream (event ``typing``: the feed sees the draft change in the
store, whoever wrote it). The draft belongs to the deal it was typed for: once that deal is
confirmed (anywhere) or the game moves to another deal, it is not shown any more; a value that
no longer fits the deal (a player who left) is left out.

What a seat may type, and when, is :func:`~scorekeeper.play.seats.seat_view`'s: its own boxes,
the bid only in its turn. A box is written only when the phone saw what the store holds in it
(``was``), checked against the draft as stored at the moment of writing (the store's write is
refused when another writer changed the draft since it was read: it is read again and checked
again): two phones typing the same box, the later is told who typed what first ("Ben's phone
changed Cara · Tricks to 3 first") and nothing is overwritten. A phone that keeps the whole
table's score (no ``name``) types its boxes the same way, any box of the deal at any time:
what it taps is in the draft too, shown in the app and on every phone before anyone confirms. Any seat may confirm once every box is filled and the checks pass, as the shared
scorer does (:meth:`~scorekeeper.web.table.Table.confirm`, with the same guard against a stale
writer, and against boxes changed since the phone saw them). Every method runs in the table's
thread.

    GET  /api/seat?name=Cara   the view of the next deal as Cara's phone shows it (no join code needed)
    POST /api/seat/type        {"seen", "name", "box": [field, unit, value], "was": value}: type a box
                               (name null: the phone keeping the whole table's score; "tried": the
                               view marks what is missing, as after a confirm that could not be)
    POST /api/seat/confirm     {"seen", "name"}: record the deal as typed on the phones
"""

from __future__ import annotations

import hashlib
from typing import Any

from ..i18n import t
from ..play.layout import typed_from_sheet
from ..play.seats import SHARED, SeatView, first_text, seat_view, seat_writer, turn_phase
from ..store.db import DraftChanged, StoreError
from ..store.jsontext import dumps
from ..store.watch import draft_part, game_mark
from .phone import BadRequest, phone_view, read_typed

__all__ = ["SharedTyping", "draft_mark", "stored_boxes"]

MAX_NAME = 40  # characters of a player's name a page may send


class SharedTyping:
    """The next deal's boxes typed on the seats' phones (see the module docstring)."""

    WRITES = 5  # tries at writing a box while other writers change the draft in between

    def __init__(self, table) -> None:
        self.table = table

    def _for(self, stored) -> dict:
        """What is typed of the game's next deal (the store's draft as the table last read it)."""
        return stored_boxes(stored)

    def _answer(self, stored, name: Any, tried: bool = False) -> dict[str, Any]:
        """The page's view of the next deal with the phones' typing, as seat ``name`` sees it (None:
        the whole table's phone)."""
        typed = self._for(stored)
        deal = self.table._deal(stored, [[f, u, v] for (f, u), v in typed.items()])
        view = phone_view(stored, deal, tried=tried)
        game = stored.game
        view["seat"] = {"players": list(game.players), "name": None, "seat": None, "turn": None, "said": ""}
        view["typing"] = draft_mark(stored)
        if name is None:
            return view
        name = _player(game, name)
        draft = deal.draft
        if draft is None:  # the game is over: nothing to type
            view["seat"]["name"] = name
            return view
        seat = draft.setup.players.index(name) + 1 if name in draft.setup.players else None
        mine = seat_view(draft, seat)
        spoken, fields = turn_phase(draft), game.ruleset.fields
        for phase in view["deal"]["phases"]:
            for box in phase["boxes"]:
                key = (box["field"], box["unit"])
                spec = fields[box["field"]]
                box["mine"], box["now"] = key in mine.mine, key in mine.now
                box["in_turn"] = spec.phase == spoken and spec.scope == "seat"
        turn = draft.setup.players[mine.turn - 1] if mine.turn is not None else None
        view["seat"].update(name=name, seat=seat, turn=turn, said=_said(name, seat, mine, turn),
                            turns=game.ruleset.phase_label(spoken).lower() if spoken else None)
        return view

    def view(self, name: Any) -> tuple[int, dict]:
        return 200, self._answer(self.table._current(), name)

    def type(self, data: dict) -> tuple[int, dict]:
        """Type one box from seat ``name``'s phone (None: the whole table's phone), if it is theirs
        now and nobody typed it meanwhile."""
        box = data.get("box")
        if not (isinstance(box, list) and len(box) == 3):
            raise BadRequest(t("web.seat.bad_box"))
        for _ in range(self.WRITES):
            status, answer = self._type(data, box)
            if status is not None:
                return status, answer
        raise StoreError(t("store.draft_changed", path=str(self.table.path), id=answer["game"]["id"]))

    def _type(self, data: dict, box: list) -> tuple[int | None, dict]:
        """One try of :meth:`type`: status None when another writer changed the draft in between."""
        stored = self.table._current()
        name, seen = data.get("name"), data.get("seen")
        before = self._answer(stored, name, data.get("tried") is True)
        if before["deal"] is None:
            before["problem"] = t("web.phone.over")
            return 409, before
        if self.table._moved(stored, seen):
            before["conflict"] = t("web.seat.moved")
            return 409, before
        typed = read_typed(stored.game, [box])
        key = (box[0], box[1])
        cell = next((b for p in before["deal"]["phases"] for b in p["boxes"] if (b["field"], b["unit"]) == key), None)
        if cell is None or (name is not None and not cell["now"]):
            before["problem"] = _not_now(before, cell)
            return 409, before
        boxes = self._for(stored)
        held = boxes.get(key)
        if held != data.get("was"):
            said = first_text(stored.writer_of(*key), _box_name(cell), cell["text"] if held is not None else None)
            mine = _value_text(cell, box[2])
            before["problem"] = t("play.first.phone", said=said, mine=mine) if mine else t("play.first.phone_empty",
                                                                                        said=said)
            return 409, before
        if key in typed:
            boxes[key] = typed[key]
        else:
            boxes.pop(key, None)
        deal = self.table._deal(stored, [[f, u, v] for (f, u), v in boxes.items()])
        try:
            writer = SHARED if name is None else seat_writer(before["seat"]["name"])
            if deal.draft is not None and not deal.draft.is_empty:
                stored.save_draft(deal.draft.typed_values(), strict=True, writer=writer)
            else:
                stored.clear_draft(writer)
        except DraftChanged:
            return None, before
        self.table.feed.look_now()  # every page is told at once, not at the feed's next look
        answer = self._answer(stored, name, data.get("tried") is True)
        mark = game_mark(self.table._writer(), stored.id)  # the "typing" event this write makes: not news to this page
        answer["echo"] = draft_part(mark[1] if mark is not None else None)
        return 200, answer

    def confirm(self, data: dict) -> tuple[int, dict]:
        """Record the next deal as typed on the phones (any seat, once every box is filled)."""
        stored = self.table._current()
        name = data.get("name")
        typed = self._for(stored)
        status, answer = self.table.confirm(data.get("seen"), [[f, u, v] for (f, u), v in typed.items()])
        fresh = self._answer(self.table._current(), name)
        for key in ("said", "problem", "conflict"):
            if key in answer:
                fresh[key] = answer[key]
        return status, fresh


def stored_boxes(stored) -> dict[tuple[str, int | None], Any]:
    """The boxes of the store's draft of the next deal (as the table last read it), those that
    still fit the deal (a player who left: left out)."""
    game = stored.game
    draft = None if game.is_over else stored.draft
    kept: dict[tuple[str, int | None], Any] = {}
    for key, value in typed_from_sheet(game, draft or {}).items():
        try:
            kept.update(read_typed(game, [[key[0], key[1], value]]))
        except BadRequest:
            pass
    return kept


def draft_mark(stored) -> str:
    """Changes whenever what is typed of the next deal changes (a page that confirms names the one
    it saw: boxes changed since are not recorded unseen)."""
    draft = None if stored.game.is_over else stored.draft
    if not draft:
        return ""
    return hashlib.sha256(dumps([stored.game.next_deal, draft]).encode("utf-8")).hexdigest()[:12]


def _player(game, name: Any) -> str:
    """The player called ``name`` (as the page sent it), else BadRequest naming the players."""
    if isinstance(name, str) and len(name) <= MAX_NAME and name.strip() in game.players:
        return name.strip()
    raise BadRequest(t("web.seat.no_player", name=str(name)[:MAX_NAME], names=", ".join(game.players)))


def _said(name: str, seat: int | None, mine: SeatView, turn: str | None) -> str:
    """What the seat's phone says above the boxes: whose turn it is, or that it sits out."""
    if seat is None:
        return t("web.seat.sits_out", name=name)
    if turn is None:
        return ""
    box = mine.turn_label.lower()
    return t("web.seat.your_turn", box=box) if turn == name else t("web.seat.waiting", name=turn, box=box)


def _value_text(cell: dict, value: Any) -> str:
    """A value a page sent for box ``cell`` as the box shows its values ("" for none)."""
    if value is None or value == "":
        return ""
    return next((c["text"] for c in cell["choices"] if c["value"] == value), str(value))


def _box_name(cell: dict) -> str:
    return f"{cell['who']} · {cell['label']}" if cell["who"] else cell["label"]


def _not_now(view: dict, cell: dict | None) -> str:
    """Why this seat may not type that box now: it is another's, not their turn yet (or any
    more), or it waits for the turns to be over."""
    if cell is None:
        return t("web.seat.no_box")
    if not cell["mine"] and cell["who"]:
        return t("web.seat.not_yours", box=_box_name(cell), who=cell["who"])
    seat = view["seat"]
    if cell["in_turn"]:
        said = cell["value"] is not None or not seat["turn"]  # an empty box said in turn is before the turn
        return t("web.seat.spoken") if said else t("web.seat.not_turn", name=seat["turn"])
    return t("web.seat.later", box=_box_name(cell), turns=seat["turns"] or "")
