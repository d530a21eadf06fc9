"""A phone per player: each phone opened as a seat, the deal typed on several phones at once.

The boxes of the next deal typed from the seats' phones are kept here, by the server, as one
draft (:class:`SharedTyping`): a bid typed on Ben's phone shows on Cara's and on the dealer's,
whose forbidden bid is then struck out. Each change is pushed to every page through the event
stream (event ``typing``). The draft belongs to the deal it was typed for: once that deal is
confirmed (anywhere) or the game moves to another deal, it is dropped; a value that no longer
fits the deal (a player who left) is left out.

What a seat may type, and when, is :func:`~scorekeeper.play.seats.seat_view`'s: its own boxes,
the bid only in its turn. A box is written only when the phone saw what the server holds in it
(``was``): two phones typing the same box, the later is told what the other typed and nothing
is overwritten. Any seat may confirm once every box is filled and the checks pass, as the
shared scorer does (:meth:`~scorekeeper.web.table.Table.confirm`, with the same guard against a
stale writer). Every method runs in the table's thread.

    GET  /api/seat?name=Cara   the view of the next deal as Cara's phone shows it (no join code needed)
    POST /api/seat/type        {"seen", "name", "box": [field, unit, value], "was": value}: type a box
    POST /api/seat/confirm     {"seen", "name"}: record the deal as typed on the phones
"""

from __future__ import annotations

from typing import Any, Callable

from ..i18n import t
from ..play.seats import SeatView, seat_view, turn_phase
from .phone import BadRequest, phone_view, read_typed

__all__ = ["SharedTyping"]

MAX_NAME = 40  # characters of a player's name a page may send


class SharedTyping:
    """The next deal's boxes typed on the seats' phones (see the module docstring)."""

    def __init__(self, table) -> None:
        self.table = table
        self.game: int | None = None
        self.deal: int | None = None
        self.typed: dict[tuple[str, int | None], Any] = {}
        self.revision = 0
        self._listeners: list[Callable[[], None]] = []

    def listen(self, listener: Callable[[], None]) -> None:
        """``listener()`` is called (in the table's thread) whenever a box was typed."""
        self._listeners.append(listener)

    def mark(self) -> str:
        """Changes whenever what is typed changes (what the event stream sends)."""
        return f"{self.game}-{self.deal}-{self.revision}"

    # -- in the table's thread
    def _changed(self) -> None:
        self.revision += 1
        for listener in self._listeners:
            listener()

    def _for(self, stored) -> dict:
        """What is typed for the game's next deal: nothing when the game moved to another deal."""
        game = stored.game
        deal = None if game.is_over else game.next_deal
        if (self.game, self.deal) != (stored.id, deal):
            self.game, self.deal, self.typed = stored.id, deal, {}
        kept = {}
        for key, value in self.typed.items():  # a box the deal no longer has (a player left) is left out
            try:
                kept.update(read_typed(game, [[key[0], key[1], value]]))
            except BadRequest:
                pass
        self.typed = kept
        return kept

    def _answer(self, stored, name: Any) -> dict[str, Any]:
        """The page's view of the next deal with the phones' typing, as seat ``name`` sees it."""
        typed = self._for(stored)
        deal = self.table._deal(stored, [[f, u, v] for (f, u), v in typed.items()])
        view = phone_view(stored, deal)
        game = stored.game
        view["seat"] = {"players": list(game.players), "name": None, "seat": None, "turn": None, "said": ""}
        view["typing"] = self.mark()
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
        """Type one box from seat ``name``'s phone, if it is theirs now and nobody typed it meanwhile."""
        stored = self.table._current()
        name, box, seen = data.get("name"), data.get("box"), data.get("seen")
        if not (isinstance(box, list) and len(box) == 3):
            raise BadRequest(t("web.seat.bad_box"))
        before = self._answer(stored, name)
        if before["deal"] is None:
            before["problem"] = t("web.phone.over")
            return 409, before
        if self.table._moved(stored, seen):
            before["conflict"] = t("web.seat.moved")
            return 409, before
        typed = read_typed(stored.game, [box])
        key = (box[0], box[1])
        cell = next((b for p in before["deal"]["phases"] for b in p["boxes"] if (b["field"], b["unit"]) == key), None)
        if cell is None or not cell["now"]:
            before["problem"] = _not_now(before, cell)
            return 409, before
        held = self.typed.get(key)
        if held != data.get("was"):
            before["problem"] = (t("web.seat.taken", box=_box_name(cell), value=cell["text"]) if held is not None
                                 else t("web.seat.taken_empty", box=_box_name(cell)))
            return 409, before
        if key in typed:
            self.typed[key] = typed[key]
        else:
            self.typed.pop(key, None)
        self._changed()
        return 200, self._answer(stored, name)

    def confirm(self, data: dict) -> tuple[int, dict]:
        """Record the next deal as typed on the phones (any seat, once every box is filled)."""
        stored = self.table._current()
        name = data.get("name")
        typed = self._for(stored)
        status, answer = self.table.confirm(data.get("seen"), [[f, u, v] for (f, u), v in typed.items()])
        if status == 200:
            self.typed = {}
            self._changed()
        fresh = self._answer(self.table._current(), name)
        for key in ("said", "problem", "conflict"):
            if key in answer:
                fresh[key] = answer[key]
        return status, fresh


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
