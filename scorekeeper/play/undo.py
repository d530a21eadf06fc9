"""The next deal as it is typed, and what undo and redo take back and put back.

One rule for every front end: ctrl+z first takes back the typing of the deal being
entered, one box at a time (changes of the same box in a row are one step, as an editor
takes back a word rather than a letter); once the boxes are as the table found them, it
takes back the latest confirmed change of the game, and the deal undone returns to the
boxes. ctrl+y puts back in the reverse order. Every change of the boxes is saved as the
store's draft before it is shown, so that quitting and resuming shows the same boxes.

The boxes are the whole table's (the app and every phone type into one draft): undo takes
back only what this device typed. Its steps first; then, as one step, the boxes the store
says this writer typed (typing left from before a restart, or before another device's change
made the steps start again); boxes another device typed are never taken back by it: then
next_undo() is OTHERS, nothing is undone and the front end says who typed what. So the
latest confirmed deal is taken back only by an undo asked with nothing typed in the boxes
(undoing it fills them with its values, which would put others' typing out of sight).

What the table found in the boxes (the *base*) is derived from the game, not kept: the
values of the deal that was just undone (the next deal's record waiting to be redone),
or nothing. So after a restart the same rule holds: a draft that differs from the base is
typing, taken back as one step (its steps were not saved), and a deal can be redone only
while the boxes hold what the undo put there.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..game.game import Action, Game
from .draft import DealDraft
from .layout import Key, typed_from_sheet

TYPING, GAME = "typing", "game"
OTHERS = "others"  # next_undo(): only other devices' typing is left in the boxes: not this device's to take back


class NextDeal:
    """The next deal's draft of a stored game, its typing steps and what can be redone.

    ``stored`` is a :class:`~scorekeeper.store.db.StoredGame` (anything with its ``game``,
    ``draft``, ``undo``, ``redo``, ``save_draft`` and ``clear_draft``). ``writer``: who types
    here, as the store keeps it (:mod:`scorekeeper.play.seats`: the app, the shared phone).
    """

    def __init__(self, stored, typed: Mapping[Key, Any] | None = None, writer: str = "app", own_typing: bool = True):
        self.stored = stored
        self.writer = writer
        # whether boxes the store says ``writer`` typed are this device's to take back (False: a
        # phone whose own taps are its page's to take back, the server's boxes all someone else's)
        self.own_typing = own_typing
        self.game: Game = stored.game
        self.draft: DealDraft | None = None
        self._done: list[dict[Key, Any]] = []  # the boxes before each step of typing
        self._undone: list[tuple[str, dict[Key, Any] | None]] = []  # (TYPING, boxes after) / (GAME, boxes before)
        self._last: Key | None = None  # the box of the latest change, while changes follow in a row
        # the undone entry waiting to be redone, and its boxes (base() is asked at every check of
        # the keys: its draft works out the deal once per box, see DealDraft._unfill)
        self._base: tuple[Any, dict[Key, Any]] | None = None
        # the draft prepare_undo made for the undo of that record, its view worked out (taken once)
        self._ready: tuple[Any, DealDraft] | None = None
        # the boxes the last save changed that another writer (a phone) had changed first: the
        # store kept its values (StoredGame.save_draft); the front end tells the table and re-reads
        self.overtaken: list = []
        if typed is None and stored.draft:  # what was typed before the app was left
            typed = typed_from_sheet(self.game, stored.draft)
        self._new_draft(typed or {})

    # -- what the boxes hold
    @property
    def typed(self) -> dict[Key, Any]:
        return dict(self.draft.typed) if self.draft is not None else {}

    def _waiting(self):
        """The undone record of the next deal, waiting to be redone, or None."""
        game = self.game
        waiting = game.to_redo
        if waiting is None or waiting.kind != "record" or waiting.deal != game.next_deal:
            return None
        return waiting

    def base(self) -> dict[Key, Any]:
        """The boxes as the table found them: the undone deal waiting to be redone, or nothing."""
        waiting = self._waiting()
        if waiting is None:
            return {}
        known = self._base
        if known is None or known[0] is not waiting:  # (the same entry: the same game before it)
            return dict(self._base_draft(waiting).typed)
        return dict(known[1])

    def _base_draft(self, waiting) -> DealDraft:
        """A draft of the next deal holding the boxes of ``waiting`` (the rules' own values left
        out); what they are is kept as the base."""
        draft = DealDraft(self.game, waiting.deal, waiting.values)
        self._base = (waiting, dict(draft.typed))
        return draft

    def _new_draft(self, typed: Mapping[Key, Any]) -> None:
        self.draft = None if self.game.is_over else DealDraft(self.game)
        self._set_all(typed)

    def _draft_of_base(self) -> None:
        """The boxes as the table finds them now (:meth:`base`), in a new draft: the one that
        works the base out is that draft (a deal's draft is built once a ctrl+z, not twice),
        unless :meth:`prepare_undo` worked them out already."""
        waiting = None if self.game.is_over else self._waiting()
        ready, self._ready = self._ready, None
        if waiting is None:
            self._new_draft({})
            return
        if ready is not None and ready[0] is waiting:
            self.draft = ready[1]  # (its view worked out while the app was quiet: the same now, see prepare_undo)
            self.draft.record_taken_back(waiting)  # (and so are the answers behind it, for the keys' trial views)
            return
        known = self._base
        if known is not None and known[0] is waiting:
            draft = DealDraft(self.game, waiting.deal)
            draft.typed = dict(known[1])  # (in the order the base was worked out in)
            self.draft = draft
        else:
            self.draft = self._base_draft(waiting)

    def prepare_undo(self, recorded=None) -> bool:
        """Work out now the boxes an undo of the deal just recorded puts back (:meth:`base`),
        which the ctrl+z would otherwise work out before its frame: the front end calls this
        once it is quiet after the confirmed deal's frame; and the view of the draft holding
        them, which the undo shows (kept for that undo, unless the game changes first). The
        deal's draft and its view are the same worked out before or after its record is taken
        back: every answer about deal n reads the game as it is before n (Timeline.state_before,
        the deal's setup and plan), which the record of n does not change (tests/test_play_undo.py
        checks it for every built-in game).
        ``recorded``: only if that record (an Action of the game) is still the latest change.
        False when there is nothing to work out (the latest change is not a record, not
        ``recorded``, or known already)."""
        history = self.game.history
        last = history[-1] if history else None
        if last is None or last.kind != "record" or (recorded is not None and last is not recorded) \
                or (self._ready is not None and self._ready[0] is last):
            return False
        draft = self._base_draft(last)
        draft.view()
        self._ready = (last, draft)
        return True

    def _set_all(self, typed: Mapping[Key, Any]) -> None:
        draft = self.draft
        if draft is None:
            return
        draft.clear()
        for (field, unit), value in typed.items():
            draft.set(field, unit, value)

    # -- what the table does
    def change(self, field: str, unit: int | None, value: Any) -> bool:
        """A box typed (None or '' clears it); saved as the draft. False when nothing changed."""
        draft = self.draft
        if draft is None:
            return False
        key = (field, unit)
        before = self.typed
        if before.get(key) == (None if value == "" else value):
            return False
        if self._last != key or not self._done:
            self._done.append(before)
        self._last = key
        while self._undone and self._undone[-1][0] == TYPING:  # new typing: what was taken back is gone
            self._undone.pop()
        draft.set(field, unit, value)
        self.save()
        return True

    def clear(self) -> bool:
        """Every box emptied (one step of typing); False when they were empty already."""
        if self.draft is None or self.draft.is_empty:
            return False
        self._done.append(self.typed)
        self._last = None
        while self._undone and self._undone[-1][0] == TYPING:
            self._undone.pop()
        self.draft.clear()
        self.save()
        return True

    def changed_game(self, table: bool = False) -> None:
        """A deal recorded or changed, or (``table``) the players changed: the game forgot what
        could be redone, and so do the boxes; a recorded deal or a new table starts the next
        deal empty, a changed deal keeps what is typed."""
        self._undone.clear()
        self._last = None
        self._ready = None  # (worked out for the game as it was)
        if table or self.draft is None or self.draft.number != self.game.next_deal or self.game.is_over:
            self._done.clear()
            self._new_draft({})
            self.save()
        else:
            self.draft.invalidate()  # totals before the deal may have changed

    # -- undo and redo
    def typing_left(self) -> tuple[list[Key], list[tuple[Key, str | None]]]:
        """The boxes that differ from what the table found in them (:meth:`base`): (those this
        device typed, (box, writer) of those another device typed). A box whose writer is not
        known (a store from before writers were kept) is this device's."""
        base, typed = self.base(), self.typed
        writer_of = getattr(self.stored, "writer_of", None)
        mine: list[Key] = []
        others: list[tuple[Key, str | None]] = []
        for key in [*typed, *(k for k in base if k not in typed)]:
            if base.get(key) == typed.get(key):
                continue
            writer = writer_of(*key) if writer_of is not None else None
            if self.own_typing and writer in (self.writer, None):
                mine.append(key)
            else:
                others.append((key, writer))
        return mine, others

    def others_text(self, front: str) -> str:
        """Why an undo took nothing back (next_undo() is OTHERS): who typed which box, in the words
        of ``front`` ("tui", "phone")."""
        from .seats import others_typing_text

        assert self.draft is not None  # (OTHERS: there are boxes)
        return others_typing_text(self.draft, self.typing_left()[1], front)

    def next_undo(self) -> str | None:
        """What ctrl+z takes back now: TYPING, GAME (the latest confirmed change), OTHERS
        (nothing: only other devices' typing is in the boxes) or None."""
        if self.draft is not None:
            if self._done:
                return TYPING
            if self.typed != self.base():
                mine, _ = self.typing_left()
                return TYPING if mine else OTHERS
        return GAME if self.game.can_undo else None

    def next_redo(self) -> str | None:
        """What ctrl+y puts back now: TYPING, GAME or None. A deal is redone only while the
        boxes hold what its undo put there, or nothing (otherwise redoing it would lose what
        was typed)."""
        if self._undone and self._undone[-1][0] == TYPING:
            return TYPING
        if self.game.can_redo and (self.draft is None or not self.typed or self.typed == self.base()):
            return GAME  # (empty boxes lose nothing either: e.g. a kill came between the undo and its boxes)
        return None

    def undo(self) -> Action | None:
        """Take back the next step (see :meth:`next_undo`): the Action undone, or None for typing.

        GameError/StoreError from the store leave everything as it was."""
        kind = self.next_undo()
        if kind == TYPING:
            self._undone.append((TYPING, self.typed))
            self._set_all(self._done.pop() if self._done else self._without_mine())
            self._last = None
            self.save()
            return None
        if kind in (None, OTHERS):
            return None
        shown = self.typed if self.draft is not None else None
        action = self.stored.undo()
        self._undone.append((GAME, shown))
        self._done.clear()
        self._last = None
        self._draft_of_base()
        self.save()
        return action

    def _without_mine(self) -> dict[Key, Any]:
        """The boxes with this device's typing taken back (as the table found them), others' kept."""
        base, boxes = self.base(), self.typed
        for key in self.typing_left()[0]:
            if key in base:
                boxes[key] = base[key]
            else:
                boxes.pop(key, None)
        return boxes

    def redo(self) -> Action | None:
        """Put back the next step (see :meth:`next_redo`): the Action redone, or None for typing."""
        kind = self.next_redo()
        if kind == TYPING:
            _, after = self._undone.pop()
            self._done.append(self.typed)
            self._set_all(after or {})
            self._last = None
            self.save()
            return None
        if kind is None:
            return None
        action = self.stored.redo()
        shown = self._undone.pop()[1] if self._undone else None
        self._done.clear()
        self._last = None
        if shown is not None:
            self._new_draft(shown)
        else:
            self._draft_of_base()
        self.save()
        return action

    # -- the store
    def save(self) -> None:
        """Keep the boxes as the store's draft (what a restart shows). A half-typed card is
        not kept (GameError: saved with the next change that makes sense); StoreError is raised."""
        draft = self.draft
        if draft is None:
            return
        if draft.is_empty:
            self.overtaken = self.stored.clear_draft(self.writer) or []
            return
        self.overtaken = self.stored.save_draft(draft.typed_values(), writer=self.writer) or []
