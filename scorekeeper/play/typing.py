"""The keys typed into the boxes of a deal, headless: which box each key is for.

A paper pad needs one character for a bid of 3; so does the form (see :mod:`.flow`). But a
run of keys can be read more than one way: in a deal of 13 cards, "1 0" is a bid of 10 or
a bid of 1 and a nil; a key typed right after the focus passed over a box the rules filled
in (the dealer's only allowed bid, the last player's tricks) or an optional box may be
that box's. The :class:`Typist` keeps every reading of the keys that the deal's own rules
do not rule out (a value refused, tricks that no longer add up, a key no box takes) and
confirms a deal only when every reading left gives that one deal; while two remain, Enter
asks which one was meant, naming the boxes and their two values, and stores nothing.

Nothing here knows a game or a front end: the boxes are the :class:`~.views.CellView` of a
:class:`~.draft.DealDraft`, and a front end sends the keys (:meth:`Typist.key`,
:meth:`~Typist.enter`, :meth:`~Typist.backspace`, ...) and shows :attr:`Typist.shown`.
"""

from __future__ import annotations

from typing import Any

from ..i18n import t, tn
from .draft import DealDraft
from ..game.engine import listed
from .flow import grows, in_reach, keys_of, may_skip, number_grows, stops_at
from .layout import Key, Slot
from .views import CellView, DraftView
from ..values import dataclass, field

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable

CONFIRM = Slot("", -1)
"""The cursor on the Confirm button."""
READINGS_KEPT = 12
"""At most this many readings are followed (the first ones, in the order they are shown); with more,
Enter asks which deal was meant rather than confirm one."""
VIEWS_KEPT = 64
NUMBERS_TRIED = 400
"""A number box still to type is tried with each of its values, to find the readings no value of
it makes a deal the rules take (see _no_number_fits), where it has at most this many."""
# keys Backspace can take back one by one (the whole of any deal's values typed in one burst)
KEYS_TAKEN_BACK = 64
SEPARATORS = frozenset(",;\t")
"""Keys typed between values as in a written or pasted line (a comma, a semicolon, a tab): each
ends the value before it as Enter does (two in a row pass over a box left empty, as an empty
cell of a line), and never confirms the deal."""
SPACES = frozenset(" +")
"""A space, or a plus written before a number: ends digits waiting before it, and does nothing
else (", " is one separator; "+5" is 5)."""


@dataclass(frozen=True)
class Reading:
    """One way of reading the keys typed so far: the boxes' values, where the cursor is and
    what is half typed there."""

    typed: tuple[tuple[Key, Any], ...]  # the boxes typed, in the order typed
    at: Slot  # the box the cursor is on (CONFIRM: the Confirm button)
    pending: str = ""  # digits typed at the cursor that a longer number may still follow
    arrived: bool = False  # the cursor came by itself (the box before moved on)
    behind: tuple[Slot, ...] = ()  # boxes passed over since the last value typed (a key may be theirs)
    spell: str = ""  # the rest of the word a value picked by its first letter is written as ("nna" after Anna's a)
    doubt: tuple[tuple[Key, Any, Key], ...] = ()  # (box, value, box the key went to): a key the rules refused
    # in a box passed over, as the boxes stood (see Typist._type); read there again after a correction
    anew: bool = False  # a whole deal typed again from its first box: the boxes after the cursor are typed anew
    # the boxes given a value since the boxes came back (the others hold what they came back with: see _old_only)
    fresh: frozenset = field(default=frozenset(), compare=False)

    def values(self) -> dict[Key, Any]:
        return dict(self.typed)

    def with_value(self, key: Key, value: Any) -> "Reading":
        typed = [kv for kv in self.typed if kv[0] != key]
        if value is not None and value != "":
            typed.append((key, value))
        return Reading(tuple(typed), self.at, self.pending, self.arrived, self.behind,
                       doubt=tuple(d for d in self.doubt if d[2] != key), anew=self.anew, fresh=self.fresh | {key})

    def moved(self, **changes) -> "Reading":
        fields: dict[str, Any] = {"typed": self.typed, "at": self.at, "pending": self.pending, "arrived": self.arrived,
                  "behind": self.behind, "doubt": self.doubt, "anew": self.anew, "fresh": self.fresh}
        fields.update(changes)
        return Reading(**fields)


@dataclass(frozen=True)
class Question:
    """Enter found more than one deal in the keys: what each reading gives where they differ."""

    readings: tuple[tuple[tuple[str, str, str], ...], ...]  # per reading: (who, label, value shown) that differ
    incomplete: tuple[bool, ...]  # per reading: whether it still has boxes to type
    waiting: bool = False  # a reading still has boxes to type: typing on, or Enter again (confirms the others)
    follow: tuple[str, ...] = ()  # the deal is complete; these boxes may still be typed (Enter again confirms)
    lost: bool = False  # the keys read more ways than are followed: the boxes shown are to be checked
    enters: int = 1  # the Enters that confirm the deal if nothing more is typed (each before the last may pass over a box)
    corrected: bool = False  # a deal that came back whole, corrected: the Enter after a value was the habit after it
    slipped: str = ""  # why a key typed since the deal was last asked about was refused (the key is in no box)

    def text(self) -> str:
        if self.slipped:
            return t("play.typing.slipped", note=self.slipped)
        if self.lost:
            return t("play.typing.lost")
        if self.corrected and not self.follow:
            return t("play.typing.corrected")
        if self.follow:
            boxes = ", ".join(self.follow)
            if self.enters > 1:
                return t("play.typing.may_follow_enters", boxes=boxes, count=self.enters)
            return t("play.typing.may_follow", boxes=boxes)
        if self.waiting:
            done = [d for d, open_ in zip(self.readings, self.incomplete) if not open_]
            deals = dict.fromkeys(_said(d) or t("play.typing.as_shown") for d in done)  # (each deal said once)
            if len(deals) > 1:
                return t("play.typing.waiting_several", said="; ".join(deals))
            if self.enters > 1:
                return t("play.typing.waiting_enters", said="; ".join(deals), count=self.enters)
            return t("play.typing.waiting", said="; ".join(deals))
        parts = []
        for i, (diff, open_) in enumerate(zip(self.readings, self.incomplete), start=1):
            said = _said(diff)
            if open_:
                said = t("play.typing.still_open", said=said)
            parts.append(t("play.typing.reading", number=i, said=said))
        return tn("play.typing.which", len(parts), readings="; ".join(parts))


def _said(diff: tuple[tuple[str, str, str], ...]) -> str:
    """One reading where the readings differ, short enough to read at a glance: the boxes it
    fills (a box it leaves empty is said by the reading that fills it), each by its label
    without the explanation in brackets ("Declarer's tricks while the stock lasts 2")."""
    shown = [(who, label, value) for who, label, value in diff if value != "—"] or list(diff)
    return ", ".join(f"{who} {_short(label)} {value}".strip() if who else f"{_short(label)} {value}"
                     for who, label, value in shown)


def _short(label: str) -> str:
    """A label without a closing explanation in brackets: "Declarer's points (0-40)" -> "Declarer's points"."""
    if label.endswith(")") and " (" in label:
        head = label[:label.rindex(" (")]
        if head:
            return head
    return label


@dataclass(frozen=True)
class Done:
    """What a key did, for a front end to show: the cursor came by itself (``moved``), the
    deal is to be confirmed (``confirm``), the key was refused (``note``: why), a
    question was asked (``question``), or an Enter confirmed nothing because no reading of
    the keys is a whole deal the rules take (``told``: the box still empty and what it
    takes, or why the rules refuse the deal typed)."""

    moved: bool = False
    confirm: bool = False
    note: str = ""
    question: Question | None = None
    told: str = ""


@dataclass(frozen=True)
class _Verdict:
    """What Enter does (:meth:`Typist._verdict`): ``act`` is "note" (a value refused: the box
    says why), "lost" (more readings than followed), "asked" (the question of which reading
    is meant waits for its number), "on" (no reading confirms: these go on), "wait" (a
    reading may go on: Enter again for the deals), "confirm" (one deal), or "which"
    (several deals: the question, one reading per deal)."""

    act: str
    readings: tuple[Reading, ...] = ()
    note: str = ""


class Typist:
    """The readings of the keys typed into one deal's boxes (the first is the one shown)."""

    def __init__(self, draft: DealDraft, at: Slot | None = None) -> None:
        self.draft = draft
        # the trial draft of the readings: the same deal, so what the draft shown worked out (the
        # engine's answers, evaluations, parts) serves it too, and what it works out serves the draft
        self._scratch = DealDraft(draft.game, draft.number, editing=draft.editing, like=draft)
        self._views: dict[frozenset, DraftView] = {}
        self._no_fit: dict[frozenset, str] = {}  # a reading's boxes -> why no value of the last number box fits
        self.question: Question | None = None
        self.note = ""  # why the last key was refused (no reading took it)
        self.overflow = False  # more readings than kept: Enter asks rather than confirms
        self.refused = ""  # why the rules refused a reading the last key made whole (it was dropped)
        self.slips = ""  # why the first key refused since the table was last asked was (Enter asks before it confirms)
        self._counting = False  # Enters are being counted (enters_to_confirm), not pressed
        self._keyed: list[tuple] = []  # the state before each key typed since anything else: what Backspace takes back
        start = Reading(tuple(draft.typed.items()), CONFIRM)
        self.readings: list[Reading] = [start]
        self.whole = _came_whole(self, start)
        self.readings = [start.moved(at=at if at is not None else self._first_stop(start))]

    # -- what is shown
    @property
    def shown(self) -> Reading:
        return self.readings[0]

    @property
    def cursor(self) -> Slot:
        return self.shown.at

    @property
    def pending(self) -> str:
        return self.shown.pending

    def typed(self) -> dict[Key, Any]:
        """The boxes as the shown reading has them (what the draft should hold)."""
        return self.shown.values()

    @property
    def ambiguous(self) -> bool:
        return len(_deals(self)) > 1

    def enter_confirms(self) -> bool:
        """Whether Enter now confirms the deal (and does not end a value, move on past a box
        that may stay empty, or ask): what the form says Enter does, decided where
        :meth:`enter` decides it."""
        return self._verdict().act == "confirm"

    def enters_to_confirm(self, most: int = 9) -> int | None:
        """How many Enters confirm the deal if nothing else is typed (the first that confirms,
        counted as :meth:`enter` decides, the state left as it was); None if they ask which
        deal is meant, stop at a refused value, or take more than ``most``."""
        saved, keyed = self._state(), self._keyed
        self._counting = True  # (the questions asked on the way need no count of their own)
        try:
            for count in range(1, most + 1):
                if self._verdict().act == "confirm":
                    return count
                done = self.enter()
                if done.note or done.told or done.question is not None and not done.question.waiting:
                    return None
            return None
        finally:
            self._restore(saved)
            self._keyed = keyed
            self._counting = False

    def _state(self) -> tuple:
        """What the keys typed have made (readings, question, note, overflow): kept for Backspace, and while Enters are counted."""
        return self.readings, self.question, self.note, self.overflow, self.refused, self.slips

    def _restore(self, state: tuple) -> None:
        self.readings, self.question, self.note, self.overflow, self.refused, self.slips = state

    def view(self, reading: Reading) -> DraftView:
        key = frozenset(reading.typed)
        view = self._views.get(key)
        if view is None:
            if len(self._views) >= VIEWS_KEPT:
                self._views.clear()
            draft = self.draft
            if not draft.tried and dict(reading.typed) == draft.typed:  # the reading the draft holds: its own view
                view = self._views[key] = draft.view()
                return view
            scratch = self._scratch
            scratch.typed = dict(reading.typed)
            scratch.tried = False
            scratch._view = None
            view = self._views[key] = scratch.view()
        return view

    def cell(self, reading: Reading, slot: Slot) -> CellView | None:
        return self.view(reading).cells.get(slot)

    # -- the table changed the deal another way (a click, undo, cards typed): one reading
    def reset(self, at: Slot | None = None, keep_cursor: bool = False) -> None:
        """The draft changed outside the keys (undo, a correction, the game): start again
        from what it holds, the cursor where typing goes on (or ``at``)."""
        self._no_fit.clear()
        self._views.clear()  # (what the trial draft knows is the draft's: forgotten with it when the game changes)
        self._keyed = []
        self.question = None
        self.note = self.refused = self.slips = ""
        self.overflow = False
        start = Reading(tuple(self.draft.typed.items()), CONFIRM)
        self.whole = _came_whole(self, start)
        if at is None and keep_cursor:
            at = self.cursor
        self.readings = [start.moved(at=at if at is not None else self._first_stop(start))]

    def settle(self) -> None:
        """Keep only the reading shown (the table acted on what it sees: a move, a click); readings
        left out before (``overflow``) stay so: see _lost."""
        self.readings = [self.shown.moved(pending="", behind=())]
        self._keyed = []
        self.question = None
        self.note = self.refused = ""

    def move_to(self, slot: Slot) -> None:
        """The table moved the cursor itself (Up, Down, a click) to ``slot``: in every reading.
        A move answers nothing about the keys typed before it (a slip seen and gone back to), so
        each reading is kept with its digits waiting ended there, but those the move rules out
        (the box not on show in them, digits waiting that are no value of their box) and those
        that come to the same boxes as another; a deal stays for Enter to confirm or ask."""
        self._keyed = []
        self.question = None
        self.note = self.refused = ""
        self.readings = _moved(self, self.readings, slot)

    def set(self, key: Key, value: Any) -> None:
        """A value entered another way at the cursor (cards typed, a value stepped to with Left or
        Right): in every reading, each moved to the box as by the table (see move_to); it answers
        nothing about the keys typed before it."""
        at = self.cursor
        self._keyed = []
        self.question = None
        self.note = self.refused = ""
        self.readings = _merged(_revived(self, [r.with_value(key, value) for r in _moved(self, self.readings, at)]))

    # -- keys
    def key(self, char: str) -> Done:
        """A printable key typed at the cursor, in every reading (a letter in either case; a
        separator, a space or a plus between values as written: see SEPARATORS, SPACES)."""
        self._keyed = [*self._keyed[-KEYS_TAKEN_BACK + 1:], self._state()]
        self.question = None
        char = char.lower()
        if char in SEPARATORS or char in SPACES:
            roots = [*self.readings, *_passing_top(self)] if char in SEPARATORS else self.readings
            return self._keep(_unique([r for reading in roots for r in self._separated(reading, char)]), [])
        out: list[Reading] = []
        notes: list[str] = []
        top = _from_the_top(self)
        for reading in self.readings if top is None else [*self.readings, top]:
            if reading.spell:  # the next letter of the word being written (Anna's n), or a key of its own
                if char == reading.spell[0]:
                    out.append(reading.moved(spell=reading.spell[1:]))
                reading = reading.moved(spell="")
            for r, note in self._key(reading, char):
                if r is None:
                    notes.append(note)
                else:
                    out.append(r)
        anew = self.shown.anew
        done = self._keep(_anew_first(self, out, char), notes)
        if self.shown.anew and not anew:  # (the keys went on past the first box's value: the screen says so)
            return Done(moved=done.moved, told=t("play.typing.anew"))
        return done

    def _separated(self, reading: Reading, char: str) -> list[Reading]:
        """A separator (or a space) typed in ``reading``: digits waiting end there, as Enter ends
        them; a separator after a value that moved on by itself is that habit, and on an empty
        box the cursor did not come to by itself it stays (a needed box is typed, not passed);
        one on a box that may stay empty passes over it (a tab between two cells of a pasted line
        where the box is empty). It never confirms: the deal stays as typed, for Enter."""
        if char in SPACES and not reading.pending:
            return [reading.moved(spell="")]
        passed = self._passes_over(reading) if char in SEPARATORS else None
        if passed is not None:  # a second one in a row: the empty cell of the box passed over
            return [passed]
        cell = self.cell(reading, reading.at) if reading.at != CONFIRM else None
        if reading.at == CONFIRM and not reading.arrived or cell is not None and cell.value is None \
                and not reading.pending and not reading.arrived and not may_skip(cell):
            return [reading.moved(spell="")]
        r, confirm = self._enter(reading)
        if confirm:  # on past the boxes after it as a value ending there goes on (a key may still be theirs)
            ended = reading.moved(pending="")
            r = ended if reading.at == CONFIRM else self._move_on(ended, reading.at, False)[0][0]
        return [r]

    def enter(self, last: bool = False) -> Done:
        """Enter: a value ends, the cursor goes on; on a deal complete, it is confirmed
        once every reading gives this one deal (else the question is asked). ``last``: the
        table says no key follows (ctrl+s): no reading goes on or passes over a box, so the
        deals of the readings complete now are confirmed, or asked which, at once."""
        self._keyed = []
        self.readings = [*self.readings, *_passing_top(self)]
        before = self.shown  # (where the Enter was typed, as the table saw it)
        verdict = self._verdict(last)
        if verdict.act == "lost":
            return self._lost()
        if verdict.act == "note":  # the box keeps the cursor and says why
            self.readings = [r.moved(pending="") for r in self.readings]
            self.note = verdict.note
            return Done(note=self.note)
        if verdict.act == "asked":  # a question of which reading is meant is answered by its number only
            return Done(question=self.question)
        if verdict.act == "on":
            return self._went_on(list(verdict.readings), before)
        self.readings = list(verdict.readings)
        if verdict.act == "confirm":
            self.question = None
            return Done(confirm=True)
        if verdict.act == "slipped":
            return _asked_after_slip(self)
        if verdict.act == "wait" and len(_deals(self)) == 1:
            self.question = self._follow()  # (one deal: the readings differ only in what may follow)
        else:
            self.question = _question(self, waiting=verdict.act == "wait")
            if self.question.waiting and not self._counting:
                q = self.question
                self.question = Question(q.readings, q.incomplete, True, enters=self.enters_to_confirm() or 1)
        return Done(question=self.question)

    def _verdict(self, last: bool = False) -> _Verdict:
        """What Enter does now, worked out without changing anything: the one place it is
        decided, for :meth:`enter` to do and :meth:`enter_confirms` to tell (``last``: see enter)."""
        shown = self.shown
        if last and (self.overflow or self.question is not None and self.question.lost) \
                and self._complete(shown) and not self._broken(shown):  # ctrl+s: the boxes as shown, as the screen says
            return _Verdict("confirm", (shown.moved(pending=""),))
        if self.note:  # a key was refused here (in every reading followed: the one meant may be one left out)
            return _Verdict("lost" if self.overflow else "note", note=self.note)
        notes = [_refused_digits(self.cell(r, r.at), r.pending) if r.at != CONFIRM else "" for r in self.readings]
        if all(notes):  # the digits waiting make a value the rules refuse: the box says why
            return _Verdict("note", note=notes[0])
        if self.question is not None and (not self.question.waiting or (self.question.lost and not last)):
            # (asked to check the boxes, Enter is no answer: in a burst it may be one of the Enters
            # the table counted on to pass over boxes; ctrl+s confirms them as shown, a correction
            # starts again)
            return _Verdict("asked")
        confirming, going, passing, ended, place = self._entered(notes)
        confirming = [r for r in confirming if not self._broken(r)] or confirming
        if confirming:  # a whole deal where this Enter only moves on is a deal meant too (it may be the one shown)
            confirming += [r for r in ended if self._complete(r) and not self._broken(r)]
        if last:  # every reading complete as it stands is a deal meant (one that would go on is too)
            complete = [r for r in _unique(confirming + going + passing + ended)
                        if self._complete(r) and not self._broken(r)]
            if complete:
                confirming, going, passing = complete, [], []
        if not confirming:
            return _Verdict("on", tuple(going + passing + ended))
        if going:  # the Enter may end a value with more to come: a second Enter confirms
            onward = []
            for r in confirming:
                on = r if r.at == CONFIRM else self._move_on(r, r.at, False)[0][0]
                place.setdefault(on, place[r])
                onward.append(on)
            return _Verdict("wait", tuple(sorted(_unique(going + passing + onward), key=lambda r: place[r])))
        if passing:  # the Enter may pass over a box that a key typed next fills: asked (which deal) at the next
            return _Verdict("wait", tuple(sorted(_unique(passing + confirming), key=lambda r: place[r])))
        if len({_deal_key(self.view(r)) for r in confirming}) > 1:  # (the one meant may be a reading left out)
            if self.overflow:
                return _Verdict("lost")
            ordered = sorted(_unique(confirming), key=lambda r: place[r])
            if not last and any(_filled_behind(self.view(r), r) for r in ordered):  # (asked at the next Enter)
                return _Verdict("wait", tuple(r.moved(arrived=False) for r in ordered))
            # each deal offered once (a 0 typed into a box that is 0 when left empty is that box left empty)
            return _Verdict("which", tuple(_unique(ordered, key=lambda r: _deal_key(self.view(r)))))
        # (but were all followed? and was every key typed taken by a box?)
        return _Verdict("lost" if self.overflow else "slipped" if self.slips and not last else "confirm", (confirming[0],))

    def _entered(self, notes: list[str]) -> tuple[list[Reading], list[Reading], list[Reading], list[Reading],
                                                  dict[Reading, int]]:
        """Enter in every reading (but those whose digits waiting are refused: ``notes``): the readings it
        confirms; those in which it ends a value, more keys may follow; those in which it passes over a box
        that may stay empty; those in which it ends nothing (no player's Enter there but a confirm); and each
        reading after it -> the place of the one before it (the first shown first)."""
        confirming: list[Reading] = []
        going: list[Reading] = []
        passing: list[Reading] = []
        ended: list[Reading] = []
        place: dict[Reading, int] = {}
        for i, (reading, note) in enumerate(zip(self.readings, notes)):
            if note:
                continue
            r, confirm = self._enter(reading)
            passed = self._passes_over(reading)
            if passed is not None:  # an Enter passing over a box, as the table counts them
                passing.append(passed)
                place.setdefault(passed, i)
                r = r.moved(behind=())  # (read as the confirm, the keys after it are the next deal's)
            (confirming if confirm else going if _separates(self, reading) else ended).append(r)
            place.setdefault(r, i)
        return confirming, going, passing, ended, place

    def _passes_over(self, reading: Reading) -> Reading | None:
        """Enter on the Confirm button, which the cursor reached by itself past boxes that may stay empty, the
        Enter after the value already taken (as the habit after a value, or as passing over the first of
        them): the table may be counting the boxes it passed, this Enter passing over the next one (the keys
        after it are for those after that). The reading it gives, or None when no optional box is left after
        the next one (Enter on the last box confirms the deal, as it does in the form; a box the rules give a
        value is typed, if at all, with the value they give). The same on an empty box the cursor reached by
        itself past optional boxes (Spades' blind nil): there the Enter that moves on past the box may be
        passing over one of them, the box still to come."""
        if reading.arrived or reading.pending or not reading.behind:
            return None
        view = self.view(reading)
        rest = reading.behind[1:]
        if reading.at != CONFIRM:  # at the box after them, empty: the keys after it may still be its own
            cell = view.cells.get(reading.at)
            if cell is None or cell.value is not None or not any(
                    c.optional and may_skip(c) for s in reading.behind if (c := view.cells.get(s)) is not None):
                return None
            return reading.moved(behind=rest)
        if not any(c.optional and may_skip(c) for s in rest if (c := view.cells.get(s)) is not None):
            return None
        return reading.moved(behind=rest)

    def _went_on(self, readings: list[Reading], before: Reading) -> Done:
        """Enter confirmed nothing in any reading: it ended a value, or was the habit after one.
        When no reading is a whole deal the rules take and the Enter was no step between values
        (``before``: the reading shown when it was typed), the table is told what is missing (an
        Enter that seems to do nothing leaves the table lost)."""
        self.question = None
        refused = self.refused  # (a deal the last key made whole, refused by the rules: said first)
        done = self._keep(readings, [])
        complete = [r for r in self.readings if r.at == CONFIRM and self._complete(r)]
        # one reading is a deal, another goes on (or stores another deal); readings that all
        # store the same deal are that deal, whatever box each letter went to
        if complete and len(_deals(self)) > 1:
            self.question = _question(self, waiting=True)
            return Done(moved=done.moved, question=self.question)
        if complete:  # the deal is complete, but a box that may stay empty could still be typed
            self.question = self._follow()
            return Done(moved=done.moved, question=self.question)
        refused = refused or _dead(self, self.shown) or _all_refused(self)  # (shown dead: every reading is)
        if not any(self._complete(r) for r in self.readings) and (refused or self.overflow or self._stopped(before)
                                                                    or self.shown.anew):
            # (a deal typed again from its first box: an Enter before its last box is said to save nothing, the
            # boxes after it being typed anew, not kept)
            told = _missing(self.view(self.shown), refused)
            return Done(moved=done.moved, told=t("play.typing.anew_missing", told=told) if self.shown.anew else told)
        return done

    def _stopped(self, before: Reading) -> bool:
        """Whether an Enter that left no deal ended no value (nothing waited, or digits no value of
        the box; the cursor had not come by itself, or came back to a box left empty before the
        last value), or left a box behind still empty: the table meant it as the last key, not as
        one between values (the bids stay on the status line)."""
        cell = self.cell(before, before.at) if before.at != CONFIRM else None
        ended = before.arrived and not _came_back(self.view(before), before) \
            or bool(before.pending) and not _refused_digits(cell, before.pending)
        return not ended or _left_behind(self.view(self.shown), before.at)

    def _follow(self) -> Question:
        """The deal is complete: the boxes that may still be typed (those the cursor passed
        over, if any, else every box that may stay empty) and how many Enters confirm it."""
        view = self.view(self.shown)
        behind = {s for r in self.readings for s in r.behind}
        boxes = [c for c in _boxes(view) if c.kind != "text" and may_skip(c)]
        boxes = [c for c in boxes if c.slot in behind] or boxes
        follow = tuple(f"{c.who} {c.label}".strip() for c in boxes)
        return Question((), (), True, follow, enters=1 if self._counting else self.enters_to_confirm() or 1,
                        corrected=self.whole)

    def _lost(self) -> Done:
        """The keys read more ways than are followed (READINGS_KEPT): the deal meant may be one left out, so
        nothing is confirmed. The table is asked to check the boxes as shown (the only reading kept now):
        ctrl+s confirms them; Enter asks again, after a correction too, as the question says (a burst's keys
        after it, a slip corrected, are no check of the boxes: Pataviitonen, seed 51)."""
        self.settle()
        self.readings = [self.shown.moved(arrived=False)]
        self.question = Question((), (), True, lost=True)
        return Done(question=self.question)

    def _complete(self, reading: Reading) -> bool:
        view = self.view(reading)
        return view.can_confirm and not any(_needed(c) for c in _boxes(view))

    def backspace(self) -> Done:
        """Backspace: right after keys, the last of them taken back (every reading as it was
        before it: a slip in a burst costs nothing, a digit of "12" leaves "1" waiting); else
        the box emptied, or back to the box typed before when it is empty."""
        if self._keyed:
            at = self.cursor
            self._restore(self._keyed.pop())
            return Done(moved=self.cursor != at, note=self.note, question=self.question)
        self.question = None
        out = [self._backspace(r) for r in self.readings]
        return self._keep(out, [])

    def choose(self, number: int) -> bool:
        """The answer to the question: reading ``number`` (1, 2, ...) is the one meant."""
        if self.question is None or self.question.waiting or not 1 <= number <= len(self.readings):
            return False
        chosen = self.readings[number - 1]
        self._keyed = []
        self.readings = [chosen.moved(behind=(), pending="")]
        self.question = None
        self.overflow = False
        return True

    # -- one reading at a time
    def _keep(self, out: list[Reading], notes: list[str]) -> Done:
        if not out:
            self.note = notes[0] if notes else ""
            self.slips = self.slips or self.note  # (in a burst the next key clears the note: the Enter asks)
            return Done(note=self.note)
        self.note = ""
        before = self.readings[0].at
        readings = _live_first(self, _live(self, _unique(_revived(self, out))))
        if len(readings) > READINGS_KEPT:  # too many to follow: Enter will ask, never guess
            self.overflow = True
        self.readings = readings[:READINGS_KEPT]
        shown = self.readings[0]
        return Done(moved=shown.at != before and shown.arrived)

    def _broken(self, reading: Reading) -> bool:
        view = self.view(reading)
        if any(_needed(c) for c in _boxes(view)) or reading.pending:
            return False
        return _typed_errors(view, reading)

    def _first_stop(self, reading: Reading) -> Slot:
        return _stops(self.view(reading), None)[0]

    def _move_on(self, reading: Reading, slot: Slot, moved: bool, carry: str = "") -> list[tuple]:
        """On from ``slot``: the cursor to the next stop; a key carried over is typed in the
        first stop on the way that takes it."""
        view = self.view(reading)
        stops = _stops(view, slot)
        behind = _passed(view, slot, stops[-1])
        if not carry:
            return [(reading.moved(at=stops[0], pending="", arrived=moved, behind=behind), "")]
        takers = [s for s in stops if s != CONFIRM and _takes(view.cells[s], carry)]
        out: list[tuple] = []
        if takers:  # (boxes passed over before it whose value for the key the rules refuse: doubts, see _doubted)
            there = reading.moved(at=takers[0], pending="", arrived=moved, behind=_passed(view, slot, takers[0]))
            refused = [d for s in behind if _place(view, s) < _place(view, takers[0]) for d in _refused_in(view.cells[s], carry)]
            out += [(_doubted(r, reading, refused), note) for r, note in self._type(there, carry)]
        current = view.cells.get(takers[0]) if takers else None
        refused = []
        for i, s in enumerate(behind):  # a box passed over on the way may be the key's too
            if _may_be_for(view.cells[s], current, carry):
                there = reading.moved(at=s, pending="", arrived=False, behind=behind[i + 1:])
                out += [(_doubted(r, reading, refused), note) for r, note in self._type(there, carry) if r is not None]
            refused += _refused_in(view.cells[s], carry)
        if out:
            return out
        cell = view.cells.get(slot)  # no box on is for it (and it would change this box's value: refused)
        return [(None, _refusal(cell, carry) if cell is not None else t("play.typing.all_typed", char=carry))]

    def _key(self, reading: Reading, char: str) -> list[tuple]:
        """The readings of ``char`` typed in ``reading``: at the cursor, and in each box
        passed over just before that takes it (in the order of the form)."""
        out: list[tuple] = []
        if not reading.pending and reading.behind:
            view = self.view(reading)
            current = view.cells.get(reading.at)
            refused: list[tuple[Key, Any]] = []  # boxes passed over before whose value for the key the rules refuse
            for i, slot in enumerate(reading.behind):
                cell = view.cells.get(slot)
                if cell is not None and _may_be_for(cell, current, char):
                    there = reading.moved(at=slot, pending="", arrived=False, behind=reading.behind[i + 1:])
                    out += [(_doubted(r, reading, refused), note) for r, note in self._type(there, char) if r is not None]
                refused += _refused_in(cell, char) if cell is not None else []  # (a box taking it refuses none)
        if reading.at == CONFIRM:
            return out or [(None, t("play.typing.all_typed", char=char))]
        return self._type(reading, char) + out  # (shown at the cursor, where the table looks)

    def _type(self, reading: Reading, char: str) -> list[tuple]:
        """``char`` typed in the box at the cursor of ``reading``."""
        cell = self.cell(reading, reading.at)
        if cell is None or not cell.visible or cell.kind == "text":
            return [(None, "")]
        if may_skip(cell) and not reading.pending and not _takes(cell, char):
            return [(_doubted(r, reading, _refused_in(cell, char)), note) for r, note in self._move_on(reading, reading.at, True, char)]
        if reading.pending and not _takes(cell, char) and cell.value is not None and str(cell.value) == reading.pending:
            return self._move_on(reading.moved(pending=""), reading.at, True, char)  # the value typed was whole
        if cell.kind == "number":
            return self._type_number(reading, cell, char)
        if cell.choices and all(type(c.value) is int for c in cell.choices) and char.isdigit():
            return self._type_digit(reading, cell, char)
        return self._type_key(reading, cell, char.lower())

    def _chosen(self, reading: Reading, cell: CellView, value: Any, typed: str, whole: bool) -> list[tuple]:
        """The box's value is ``value``; ``whole``: nothing more can be typed to it, so on."""
        r = reading.with_value((cell.field, cell.unit), value).moved(pending="" if whole else typed,
                                                                   arrived=False, behind=())
        if whole:
            return self._move_on(r, cell.slot, True)
        return [(r, "")]

    def _type_digit(self, reading: Reading, cell: CellView, char: str) -> list[tuple]:
        """Digits build a number: 1 then 2 is 12 when 12 is a value, or 1 and the next box's 2 (both
        readings are kept; the one going on in this box, as typed, is shown first). A digit that makes
        no value with those before it belongs to the next box; a whole value moves on."""
        texts = [str(c.value) for c in cell.choices]
        pending = reading.pending

        def fits(typed: str) -> bool:
            return any(x.startswith(typed) for x in texts)

        typed = pending + char if pending not in ("", "0") else char
        if pending and cell.value is not None and str(cell.value) == pending:  # whole as it is
            split = self._move_on(reading.moved(pending=""), cell.slot, True, char)
            return (self._grow(reading, cell, typed) if fits(typed) else []) + split
        if not fits(typed):
            typed = char
        if not fits(typed):
            return [(None, t("tui.widgets.value_picker.not_a_value", char=char, first=cell.choices[0].text,
                             last=cell.choices[-1].text))]
        return self._grow(reading, cell, typed)

    def _grow(self, reading: Reading, cell: CellView, typed: str) -> list[tuple]:
        """The digits ``typed`` in the box: its value, or the start of a longer one."""
        choice = next((c for c in cell.choices if str(c.value) == typed), None)
        longer = grows(typed, [str(c.value) for c in cell.choices if c.allowed])
        if choice is None or (not choice.allowed and longer):  # the start of a longer number
            return [(reading.moved(pending=typed, arrived=False), "")]
        if not choice.allowed:
            return [(None, choice.reason or t("tui.widgets.value_picker.not_allowed", value=choice.text))]
        return self._chosen(reading, cell, choice.value, typed, not longer)

    def _type_key(self, reading: Reading, cell: CellView, char: str) -> list[tuple]:
        for choice in cell.choices:
            if char in choice.keys:
                if not choice.allowed:
                    return [(None, choice.reason or t("tui.widgets.value_picker.not_allowed", value=choice.text))]
                out = self._chosen(reading, cell, choice.value, "", True)
                word = _word(choice.text)
                if char.isalpha() and len(word) > 1 and word[0] == char:  # (a name may be written whole)
                    out = [(r.moved(spell=word[1:]) if r is not None else r, note) for r, note in out]
                return out
        return [(None, _refusal(cell, char))]

    def _type_number(self, reading: Reading, cell: CellView, char: str) -> list[tuple]:
        pending = reading.pending
        if char == "-" and not pending and (cell.lo is None or cell.lo < 0):
            return [(reading.moved(pending="-", arrived=False), "")]
        if char == "-" and cell.value is not None and str(cell.value) == pending:  # "5-3": 5, and the next box's -3
            return self._move_on(reading.moved(pending=""), cell.slot, True, char)
        if not char.isdigit():
            return [(None, _refusal(cell, char))]
        out: list[tuple] = []
        is_value = bool(pending) and cell.value is not None and str(cell.value) == pending
        typed = pending + char
        sign = "-" if typed.startswith("-") else ""
        typed = sign + (typed.lstrip("-").lstrip("0") or "0")
        if is_value:  # a free number goes on until Enter: the digit is shown as its next, or the next box's
            out += self._move_on(reading.moved(pending=""), cell.slot, True, char)
        if not in_reach(typed, cell.lo, cell.hi, cell.values):
            return out or [(None, t("tui.widgets.value_picker.not_listed", value=int(typed), values=listed(cell.values))
                            if cell.values else
                            t("tui.widgets.value_picker.outside", value=int(typed), lo=cell.lo, hi=cell.hi))]
        value = int(typed)
        inside = value in cell.values if cell.values else \
            (cell.lo is None or value >= cell.lo) and (cell.hi is None or value <= cell.hi)
        whole = inside and not number_grows(typed, cell.lo, cell.hi, cell.values)
        r = reading.with_value((cell.field, cell.unit), value if inside else None)
        r = r.moved(pending="" if whole else typed, arrived=False, behind=())
        if whole:
            return self._move_on(r, cell.slot, True) + out
        return [(r, "")] + out

    def _enter(self, reading: Reading) -> tuple[Reading, bool]:
        """Enter in one reading: (the reading after it, whether it confirms the deal)."""
        view = self.view(reading)
        if reading.at == CONFIRM:
            if reading.arrived and (self.whole or any(may_skip(view.cells[s]) for s in reading.behind if s in view.cells)):
                # the cursor came by itself past a box that may stay empty (or after a value corrected): this
                # Enter may be the habit after a value, a key for that box (or a correction) to come: a second confirms
                return reading.moved(arrived=False), False
            return reading, view.can_confirm
        cell = view.cells.get(reading.at)
        if reading.arrived and cell is not None and cell.value is None and not reading.pending:
            # the Enter typed out of habit after a value that moved on by itself: it is taken
            return reading.moved(arrived=False), False
        if view.can_confirm and not any(_needed(c) for c in _boxes(view)) and not _optional_after(view, reading.at) \
                and not (self.whole and (reading.pending or cell is not None and cell.value is None and may_skip(cell))):
            # (a whole deal: an Enter ending digits, or over an empty box that may stay so, goes on: see _passing_top)
            return reading.moved(pending=""), True
        r = reading.moved(pending="")
        return self._move_on(r, reading.at, False)[0][0], False

    def _backspace(self, reading: Reading) -> Reading:
        view = self.view(reading)
        boxes = _boxes(view)
        cell = view.cells.get(reading.at)
        if cell is not None and (cell.value is not None or reading.pending):
            return reading.with_value((cell.field, cell.unit), None).moved(pending="", behind=())
        slots = [c.slot for c in boxes]
        at = slots.index(reading.at) if reading.at in slots else len(slots)
        for c in reversed(boxes[:at]):
            if c.value is not None and not c.auto and c.kind != "text":
                return reading.with_value((c.field, c.unit), None).moved(at=c.slot, pending="", arrived=False,
                                                                          behind=())
        return reading.moved(pending="", behind=())


def _asked_after_slip(typist: Typist) -> Done:
    """Enter on a whole deal after a key that no box took (refused, said on the status line, which
    the keys after it in a burst cleared: Schafkopf `w 1 1 Down 5 Down 0`, the knock's 1 in the card
    points as the cursor had passed over knocks, the 5 refused at schwarz): the deal shown may not be
    the one meant, so nothing is saved and the table is asked to check the boxes, naming the key.
    As when the keys read more ways than followed (``lost``), another Enter asks again (in a burst
    it may be one of the keys still coming) and ctrl+s saves the boxes as shown; after a correction
    Enter confirms again."""
    typist.question = Question((), (), True, lost=True, slipped=typist.slips)
    typist.slips = ""
    return Done(question=typist.question)


def _from_the_top(typist: Typist) -> Reading | None:
    """A key typed on the first box of a deal that came back whole (or back there again, after a
    slip in it): the box corrected (the reading kept), or the whole deal typed again from its
    first box, as a table does to be sure ("let me just type it again"): this reading, the boxes
    after the cursor empty for the keys that follow as in a new deal (cards typed stay). Keys that
    go on past the first value are refused in the first reading (every box is typed), so the deal
    typed again is shown; where both still read (a value with more digits), the deal's checks or
    the question decide."""
    reading = typist.shown
    if not typist.whole or reading.pending or reading.at == CONFIRM or any(r.anew for r in typist.readings):
        return None
    text = _text_keys(typist.view(reading))
    top = Reading(tuple((k, v) for k, v in reading.typed if k in text), reading.at, anew=True)
    return top if reading.at in _stops(typist.view(top), None) else None


def _text_keys(view: DraftView) -> set[Key]:
    """The boxes of ``view`` that hold cards typed (kept when a deal is typed again, not counted as values)."""
    return {(c.field, c.unit) for c in view.cells.values() if c.kind == "text"}


def _passing_top(typist: Typist) -> list[Reading]:
    """An Enter (or a separator) on the first box of a whole deal, empty and one that may stay so:
    passing over it, as in a new deal, may start the deal typed again (see _from_the_top); the
    reading that does, or none."""
    top = _from_the_top(typist)
    cell = typist.cell(top, top.at) if top is not None else None
    return [top] if top is not None and cell is not None and cell.value is None and may_skip(cell) else []


def _anew_first(typist: Typist, readings: list[Reading], char: str) -> list[Reading]:
    """``readings`` (after a key) with those of the deal typed again first once they have two values
    typed: a second value the box corrected alone reads too (a value the rules fill in, typed anyway,
    the cursor on the Confirm button) is more likely the next box's, and the screen shows the boxes
    as the table is typing them. Not a key typed with the box corrected alone on show and its cursor
    on a box, or the next letter of the word it is writing there: the table typed it there (Schafkopf's
    partner, emptied by a call game typed over a wenz, Cara written out; Cribbage's crib typed over,
    "1 0": 10, not 1 and Ben's pegging 0)."""
    def typed(r: Reading) -> int:
        text = _text_keys(typist.view(r))
        return sum(1 for k, _ in r.typed if k not in text)

    shown = typist.shown  # (the reading on show when the key was typed)
    if not shown.anew and (shown.at != CONFIRM or shown.spell[:1] == char) or not any(r.anew for r in readings) \
            or all(r.anew for r in readings):
        return readings
    first = [r for r in readings if r.anew and typed(r) > 1]
    return first + [r for r in readings if r not in first] if first else readings


def _live(typist: Typist, readings: list[Reading]) -> list[Reading]:
    """The readings the rules do not rule out: one with every box typed and the rules
    refusing the deal (tricks that do not add up) is out, unless every reading is. The
    readings of a whole deal typed again from its first box (see _from_the_top) and those of
    its boxes corrected are weighed each among their own: a correction not yet finished (a
    game changed, the boxes it changes still to come) is no reason to read the keys as the
    deal typed again."""
    ok = [r for r in readings if not typist._broken(r) or _old_only(typist, r)]
    if ok:
        for anew in (False, True):
            if not any(r.anew == anew for r in ok):  # (all of one kind refused: kept, as a single kind is)
                ok += [r for r in readings if r.anew == anew]
    typist.refused = next((problems(typist.view(r))[0] for r in readings if r not in ok), "") if ok else ""
    return [r for r in readings if r in ok] if ok else readings


def _old_only(typist: Typist, reading: Reading) -> bool:
    """Whether the rules refuse the deal of ``reading``, one that came back whole and is being
    corrected, only through boxes still holding the values it came back with: no evidence against
    the keys read so (the table may be about to correct those boxes too), so the reading is kept
    for the later keys, or the question, to decide. WYSIWYG, deal undone with the declarer's
    points 3: Up to the first phase's tricks, 1 2, is 12 there, which the old 3 does not add up
    with, or 1 and the last trick's 2, which does; the table goes on to empty the points."""
    if not typist.whole or all(k in reading.fresh for k, _ in reading.typed):
        return False
    bare = Reading(tuple(kv for kv in reading.typed if kv[0] in reading.fresh), CONFIRM)
    return not _typed_errors(typist.view(bare), bare)


def rivals(typist: Typist) -> list[Reading]:
    """The readings that are deals the keys may mean: a deal typed again from its first box
    still being typed (see _from_the_top) is none while the deal corrected box by box is read
    too (its boxes after the cursor empty are no other values meant for them), unless shown."""
    readings = typist.readings
    if all(r.anew for r in readings):
        return readings
    return [r for i, r in enumerate(readings) if not i or not r.anew or typist._complete(r)]


def _deals(typist: Typist) -> set[tuple]:
    return {_deal_key(typist.view(r)) for r in rivals(typist)}


def _separates(typist: Typist, reading: Reading) -> bool:
    """Whether Enter in ``reading`` may be a separator between values the table goes on
    typing: it ends digits waiting, or follows a value that moved on by itself."""
    if reading.pending:
        return True
    if not reading.arrived:
        return False
    if reading.at == CONFIRM:
        return True
    cell = typist.cell(reading, reading.at)
    return cell is not None and cell.value is None


def _came_whole(typist: Typist, start: Reading) -> bool:
    """Whether the boxes came back holding a whole deal (a recorded deal chosen to correct, the last
    deal undone): a correction may be more than one box, so an Enter after a value typed over one
    (ending it, or the habit after one that moved on by itself) does not confirm; Enter again does."""
    return bool(start.typed) and typist._complete(start)


def _moved(typist: Typist, readings: list[Reading], slot: Slot) -> list[Reading]:
    """``readings`` with the cursor moved to ``slot`` by the table (see Typist.move_to), the
    shown first: those the move rules out dropped (the box not on show; digits waiting that are
    no value of their box; on from the cursor shown, as Down goes, a cursor already past the box:
    the keys did not go past it, as the table saw them), and each set of boxes once."""
    def fits(r: Reading) -> bool:
        cell = typist.cell(r, r.at) if r.at != CONFIRM else None
        there = typist.cell(r, slot) if slot != CONFIRM else None
        return (slot == CONFIRM or there is not None and there.visible) and not _refused_digits(cell, r.pending)

    kept = [r for r in readings if fits(r)] or readings[:1]
    if _place(typist.view(kept[0]), slot) > _place(typist.view(kept[0]), kept[0].at):
        kept = [r for r in kept if not _went_past(typist, r, kept[0], slot)] or kept[:1]
    kept = [r for r in kept if not r.anew or _in_order(typist, r, slot)] or kept[:1]
    return _merged([r.moved(at=slot, pending="", arrived=False, behind=(), spell="") for r in kept])


def _went_past(typist: Typist, reading: Reading, shown: Reading, slot: Slot) -> bool:
    """Whether the keys went past ``slot`` in ``reading``, as the table (seeing ``shown``) did not see
    them go: its cursor is past the box, and a box from ``slot`` to its cursor holds a value the reading
    shown does not (a cursor that came by itself past boxes that may stay empty went past no key)."""
    view, seen = typist.view(reading), typist.view(shown)
    at, to = _place(view, reading.at), _place(view, slot)
    if at <= to:
        return False
    return any(c.value is not None and not c.auto and (s := seen.cells.get(c.slot)) is not None and s.value != c.value
               for c in _boxes(view)[to:at + 1])


def _in_order(typist: Typist, reading: Reading, slot: Slot) -> bool:
    """Whether a move to ``slot`` is part of ``reading``, a deal typed again from its first box: that
    is typed in order, so a move past a box it has still to type is no part of it; a move on from a
    box with its value (digits waiting there end as the value typed: the Down after a value) is. A
    move back is (a slip gone back to)."""
    view = typist.view(reading)
    at, to = _place(view, reading.at), _place(view, slot)
    return to <= at or not any(_needed(c) for c in _boxes(view)[at:to])


def _revived(typist: Typist, readings: list[Reading]) -> list[Reading]:
    """``readings`` and, for a key the rules refused in a box passed over (a doubt: see _doubted)
    whose value they now allow there (a slip before it corrected), the reading with the key in that
    box instead of where it went, after them: as the keys read had the slip not been made."""
    out, again = [], []
    for r in readings:
        kept = []  # the doubts still refused, kept for a later correction
        for doubt in r.doubt:
            box, value, landed = doubt
            alt = r.with_value(landed, None).with_value(box, value)
            cell = next((c for c in typist.view(alt).cells.values() if (c.field, c.unit) == box), None)
            if cell is not None and cell.visible and not cell.errors \
                    and any(c.value == value and c.allowed for c in cell.choices):
                again.append(alt)
            else:
                kept.append(doubt)
        out.append(r if len(kept) == len(r.doubt) else r.moved(doubt=tuple(kept)))
    return out + again if again else readings


def _refused_in(cell: CellView, char: str) -> list[tuple[Key, Any]]:
    """The box and its value that ``char`` picks where the rules refuse that value as the boxes
    stand (a box passed over, empty or filled in by the rules), or none."""
    if not cell.visible or cell.value is not None and not cell.auto:
        return []
    return [((cell.field, cell.unit), c.value) for c in cell.choices if not c.allowed and char in c.keys][:1]


def _doubted(r: Reading | None, before: Reading, refused: list[tuple[Key, Any]]) -> Reading | None:
    """``r``, the key typed in ``before`` gone on past the boxes ``refused`` (box, the key's value
    there, which the rules refuse as the boxes stand): each doubt kept with the box the key went
    to (see _moved: a slip before it corrected, the key may be that box's after all)."""
    if r is None:  # (the key refused there)
        return r
    was = before.values()
    landed = next((k for k, v in r.typed if was.get(k, None) != v), None) if refused else None
    return r if landed is None else r.moved(doubt=(*r.doubt, *((box, value, landed) for box, value in refused)))


def _all_refused(typist: Typist) -> str:
    """Why the rules refuse the deal shown when every reading is a whole deal they refuse ("" if
    one is not): an Enter on the Confirm button the cursor came to by itself says it, not only one
    that ended nothing (Wysiwyg for two, seed 52: Enter after Enter said nothing)."""
    if not all(typist._broken(r) for r in typist.readings):
        return ""
    return problems(typist.view(typist.shown))[0]


def _live_first(typist: Typist, readings: list[Reading]) -> list[Reading]:
    """``readings`` with a live one shown where the first is dead (see _dead)."""
    if len(readings) < 2 or not _dead(typist, readings[0]):
        return readings
    live = next((r for r in readings[1:READINGS_KEPT] if not _dead(typist, r)), None)
    return readings if live is None else [live] + [r for r in readings if r is not live]


def _dead(typist: Typist, reading: Reading) -> str:
    """Why the boxes ``reading`` has typed are a deal no values of the boxes still empty can
    make whole ("" if some can): a box still to type has no value the rules allow, with those
    before it at their lowest (the most room left for a sum; a check of another kind may find a
    live reading dead, which only puts it behind). Hearts for four: 12 and 10 hearts typed."""
    view = typist.view(reading)
    empty = [c for c in _boxes(view) if _needed(c) and c.kind != "text"]
    if len(empty) > 1 and all(c.choices and all(type(x.value) is int for x in c.choices) for c in empty):
        lowest = [((c.field, c.unit), min((x.value for x in c.choices if x.allowed), default=None))
                  for c in empty[:-1]]
        if all(v is not None for _, v in lowest):
            probe = typist.view(Reading(reading.typed + tuple(lowest), CONFIRM))
            empty = [c for s in [empty[-1].slot] if (c := probe.cells.get(s)) is not None] + empty
    return next((c.choices[0].reason or t("tui.widgets.value_picker.not_allowed", value=c.choices[0].text)
                 for c in empty if c.choices and not any(x.allowed for x in c.choices)), "") \
        or _no_number_fits(typist, reading, view)


def _no_number_fits(typist: Typist, reading: Reading, view: DraftView) -> str:
    """Why no value of the last box still to type, a number, makes the deal one the rules take,
    the other number boxes still empty at their lowest ("" if one does, or the boxes left are
    not all numbers of a range of at most NUMBERS_TRIED). Tysiąc for three: card points 100 and
    40 typed leave none for the third (the three add up to 120)."""
    empty = [c for c in _boxes(view) if _needed(c) and c.kind != "text"]
    if not empty or any(c.kind != "number" or not c.values and (c.lo is None or c.hi is None) for c in empty):
        return ""
    last = empty[-1]
    lo, hi = last.lo, last.hi
    values = last.values or (range(lo, hi + 1) if lo is not None and hi is not None else ())
    if len(values) > NUMBERS_TRIED:
        return ""
    key = frozenset(reading.typed)
    why = typist._no_fit.get(key)
    if why is None:
        if len(typist._no_fit) >= VIEWS_KEPT:
            typist._no_fit.clear()
        lowest = tuple(((c.field, c.unit), min(c.values) if c.values else c.lo) for c in empty[:-1])
        scratch = typist._scratch
        scratch.typed, scratch.tried, scratch._view = dict(reading.typed + lowest), False, None
        why = typist._no_fit[key] = scratch.refused_with((last.field, last.unit), values)
        scratch._view = None
    return why


def _question(typist: Typist, waiting: bool = False) -> Question:
    """What the readings give where they differ (by box, in the order of the form)."""
    views = [typist.view(r) for r in typist.readings]
    diffs: list[list[tuple[str, str, str]]] = [[] for _ in views]
    for slot, shown in _differing(views).items():
        for i, v in enumerate(views):
            cell = v.cells.get(slot)
            if cell is not None:
                diffs[i].append((cell.who, cell.label, shown[i] or "—"))
    incomplete = tuple(not v.can_confirm or any(_needed(c) for c in _boxes(v)) for v in views)
    return Question(tuple(tuple(d) for d in diffs), incomplete, waiting)


def _differing(views: list[DraftView]) -> dict[Slot, list[str]]:
    """Each box (in the order of the form) the readings' views give different values, and each
    view's value there ("" where it leaves the box empty or does not show it)."""
    out = {}
    for slot in views[0].cells:
        shown = [_given(v.cells.get(slot)) for v in views]
        if len(set(shown)) > 1:
            out[slot] = shown
    return out


def other_readings(typist: Typist) -> dict[Slot, tuple[str, ...]]:
    """Where the keys read as more than one deal: each box on show that another reading
    gives another value, and those values ("" where it leaves the box empty), so the
    table sees "10, or 1?" while it types, not only at the Enter that asks which."""
    readings = rivals(typist)
    if len(readings) < 2:
        return {}
    views = [typist.view(r) for r in readings]
    if len({_deal_key(v) for v in views}) < 2:
        return {}
    out: dict[Slot, tuple[str, ...]] = {}
    for slot, shown in _differing(views).items():
        cell = views[0].cells[slot]
        if cell.visible and cell.kind != "text":
            out[slot] = tuple(dict.fromkeys(g for g in shown[1:] if g != shown[0]))
    return out


def _boxes(view: DraftView) -> list[CellView]:
    return [c for c in view.cells.values() if c.visible]


def _needed(cell: CellView) -> bool:
    return cell.needed and not (cell.kind == "text" and cell.text)


def _stops(view: DraftView, slot: Slot | None) -> list[Slot]:
    """As the form goes on from ``slot`` (see :mod:`.flow`)."""
    boxes = _boxes(view)
    at = next((i for i, c in enumerate(boxes) if c.slot == slot), -1)
    after = boxes[at + 1:]
    needed = next((c for c in after if _needed(c)), None)
    if needed is None:
        needed = next((c for c in boxes[:max(at, 0)] if _needed(c)), None)
        return [needed.slot] if needed is not None else [CONFIRM]
    ahead = after[:after.index(needed)]
    return [c.slot for c in ahead if c.kind != "text" and stops_at(c, needed)] + [needed.slot]


def _filled_behind(view: DraftView, reading: Reading) -> bool:
    """Whether the cursor of ``reading`` came by itself past a box the rules filled in: its value
    may still be typed anyway, as players do, so an Enter there may be the habit after a value
    (a digit typed next is that box's, not the number of a deal the keys read as)."""
    return reading.arrived and any(c.auto and c.value is not None for s in reading.behind
                                   if (c := view.cells.get(s)) is not None)


def _optional_after(view: DraftView, slot: Slot) -> bool:
    """Whether a box after ``slot`` may still be typed, though it may stay empty (Enter
    there ends a value and goes on: the next key may be that box's)."""
    boxes = _boxes(view)
    slots = [c.slot for c in boxes]
    if slot not in slots:
        return False
    return any(c.kind != "text" and may_skip(c) for c in boxes[slots.index(slot) + 1:])


def _came_back(view: DraftView, reading: Reading) -> bool:
    """Whether the cursor of ``reading`` came by itself back to a box before the one last typed
    (the form goes on to the first box left empty when none after it is)."""
    last = reading.typed[-1][0] if reading.typed else None
    slot = next((c.slot for c in _boxes(view) if (c.field, c.unit) == last), None)
    return slot is not None and _place(view, slot) > _place(view, reading.at)


def _place(view: DraftView, slot: Slot) -> int:
    """Where ``slot`` comes in the form as ``view`` shows it (the Confirm button, or a box not
    on show, after every box)."""
    slots = [c.slot for c in _boxes(view)]
    return slots.index(slot) if slot in slots else len(slots)


def _passed(view: DraftView, start: Slot, end: Slot) -> tuple[Slot, ...]:
    """The boxes between ``start`` and ``end`` that the cursor passed over: filled in by
    the rules, or that may stay empty (a key typed next may be theirs)."""
    boxes = _boxes(view)
    slots = [c.slot for c in boxes]
    if start not in slots:
        return ()
    i = slots.index(start) + 1
    j = slots.index(end) if end in slots else len(slots)
    return tuple(c.slot for c in boxes[i:j] if c.kind != "text" and (c.auto or may_skip(c)))


def _given(cell: CellView | None) -> str:
    """The value a box gives the deal as shown: typed, filled in, or what it is left empty."""
    return (_shown_value(cell) or cell.computed) if cell is not None and cell.visible else ""


def _shown_value(cell: CellView | None) -> str:
    if cell is None or not cell.visible:
        return ""
    return cell.text if cell.value is not None or cell.kind == "text" else ""


def _deal_key(view: DraftView) -> tuple:
    """What a reading stores: each box on show and its value (typed, filled in, or the
    value an empty box is given: an optional "no" typed is the "no" left empty)."""
    return tuple(sorted((c.field, c.unit if c.unit is not None else 0, _given(c))
                        for c in view.cells.values() if c.visible))


def _typed_errors(view: DraftView, reading: Reading) -> bool:
    """Whether a box typed in ``reading`` has an error the rules found (its value refused,
    tricks that do not add up)."""
    typed = {k for k, _ in reading.typed}
    return bool(view.errors) or any(c.errors and (c.field, c.unit) in typed for c in view.cells.values() if c.visible)


def _may_be_for(cell: CellView, current: CellView | None, char: str) -> bool:
    """Whether ``char``, typed after the cursor passed over ``cell``, may be that box's: a
    value the rules filled in, typed anyway (its first key); a key of an optional box that
    the box at the cursor does not take, a letter (letters never start a number), or a digit
    of an optional number (a yes/no box's digits are only other keys for its letters)."""
    if not cell.visible or cell.kind == "text":
        return False
    if cell.auto:
        return cell.value is not None and any(c.value == cell.value and (char in c.keys or str(c.value).startswith(char))
                                              for c in cell.choices)
    if not _takes(cell, char):
        return False
    numeric = cell.kind == "number" or bool(cell.choices) and all(type(c.value) is int for c in cell.choices)
    return current is None or not _takes(current, char) or char.isalpha() or (numeric and char.isdigit())


def _word(text: str) -> str:
    """The first word of a value's text, in lower case, as it may be written out ("anna")."""
    word = text.split(" ", 1)[0].lower()
    return word if word.isalpha() else ""


def _takes(cell: CellView, char: str) -> bool:
    keys = keys_of(cell)
    return keys is not None and char.lower() in keys


def _refusal(cell: CellView, char: str) -> str:
    """A key that picks nothing here (nor in a box after it): which keys do."""
    if cell.kind == "number":
        return t("tui.widgets.value_picker.not_a_digit", char=char)
    return t("tui.widgets.value_picker.not_a_key", char=char, keys=_keys_said(cell))


def _keys_said(cell: CellView) -> str:
    """The values a box of choices takes now, each with its key where the key is not its text."""
    return ", ".join(c.text if type(c.value) is int or c.keys[:1] in ("", c.text) else f"{c.keys[0]} {c.text}"
                     for c in cell.choices if c.allowed)


def _refused_digits(cell: CellView | None, pending: str) -> str:
    """Why the digits waiting in ``cell``, ended here, are no value the box takes ("" if they
    are, or nothing waits): a value the rules refuse, or digits no value of the box is."""
    if not pending or cell is None or (cell.value is not None and str(cell.value) == pending):
        return ""
    if cell.kind == "number":
        if pending == "-":
            return t("tui.widgets.value_picker.not_a_digit", char=pending)
        value = int(pending)
        if cell.values:
            return "" if value in cell.values else \
                t("tui.widgets.value_picker.not_listed", value=value, values=listed(cell.values))
        inside = (cell.lo is None or value >= cell.lo) and (cell.hi is None or value <= cell.hi)
        return "" if inside else t("tui.widgets.value_picker.outside", value=value, lo=cell.lo, hi=cell.hi)
    for choice in cell.choices:
        if str(choice.value) == pending and not choice.allowed:
            return choice.reason or t("tui.widgets.value_picker.not_allowed", value=choice.text)
    return ""


def problems(view: DraftView) -> list[str]:
    """What the rules find wrong with the deal as typed: the boxes' problems, then the deal's
    (or that it is not complete): what an Enter, ctrl+s or the phone's confirm that stores
    nothing says first. A box not on show counts too: its problem stops the deal all the same."""
    return [e for c in view.cells.values() for e in c.errors] + list(view.errors) or [t("tui.play.not_complete")]


def _left_behind(view: DraftView, at: Slot) -> bool:
    """Whether a box the table must type, still empty, comes before ``at`` in the form."""
    boxes = _boxes(view)
    slots = [c.slot for c in boxes]
    return any(_needed(c) for c in boxes[:slots.index(at) if at in slots else len(slots)])


def _missing(view: DraftView, refused: str = "") -> str:
    """Why an Enter confirmed nothing (no reading is a deal the rules take): the deal the keys
    made whole refused by the rules (``refused``: why), else the first box still empty (the one
    left behind), what it takes and how many more are empty, else what the rules refuse in the
    deal shown."""
    if refused:
        return t("play.typing.refused", problem=refused)
    empty = [c for c in _boxes(view) if _needed(c)]
    if not empty:
        return t("play.typing.refused", problem=problems(view)[0])
    box = empty[0]
    said = {"box": f"{box.who} {_short(box.label)}".strip(), "allowed": _takes_said(box)}
    if len(empty) == 1:
        return t("play.typing.missing", **said)
    return tn("play.typing.missing_more", len(empty) - 1, **said)


def _takes_said(cell: CellView) -> str:
    """What a box takes, as its line in the form says it."""
    if cell.kind == "text":
        return t("play.typing.cards")
    if cell.kind == "number":
        if cell.values:
            return t("tui.widgets.value_picker.number_list", values=listed(cell.values, 6))
        if cell.lo is not None and cell.hi is not None:
            return t("tui.widgets.value_picker.number_range", lo=cell.lo, hi=cell.hi)
        return t("play.typing.number")
    allowed = [c for c in cell.choices if c.allowed]
    numbers = [c.value for c in allowed if type(c.value) is int and c.text == str(c.value)]
    if numbers and len(numbers) == len(allowed):  # (a bid, tricks: a number; not a player picked by seat)
        if numbers == list(range(numbers[0], numbers[-1] + 1)):
            return t("tui.widgets.value_picker.number_range", lo=numbers[0], hi=numbers[-1])
        return t("tui.widgets.value_picker.number_list", values=listed(numbers, 6))
    return _keys_said(cell)


def _same_boxes(reading: Reading) -> tuple:
    """What makes two readings one after a move: each set of boxes and cursor once (typed in
    another order is the same; their doubts are merged: see _merged)."""
    r = reading
    return (frozenset(r.typed), r.at, r.pending, r.arrived, r.behind, r.spell)


def _merged(readings: list[Reading]) -> list[Reading]:
    """Each set of boxes and cursor once (see _same_boxes), in order, the first kept with the
    doubts of those like it: a key the rules refused in a box passed over, in one way of reading
    the keys before, is read in that box again after a correction whichever way was kept."""
    first: dict[tuple, Reading] = {}
    for r in readings:
        k = _same_boxes(r)
        kept = first.setdefault(k, r)
        extra = tuple(d for d in r.doubt if d not in kept.doubt)
        if extra:
            first[k] = kept.moved(doubt=kept.doubt + extra)
    return list(first.values())


def _unique(readings: list[Reading], key: Callable[[Reading], Hashable] | None = None) -> list[Reading]:
    """The readings in order, each once (``key``: what makes two the same; else equality)."""
    seen: set[Hashable] = set()
    out = []
    for r in readings:
        k = r if key is None else key(r)
        if k not in seen:
            seen.add(k)
            out.append(r)
    return out


