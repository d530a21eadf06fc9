"""PlayScreen: one game at the table, deal after deal.

The only place in the TUI that changes a game: every confirmed entry goes
through the StoredGame (saved, one transaction, before it is shown); the
widgets below only show what the screen gives them and post what the player did.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.containers import Container
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import ContentSwitcher

from ...game.engine import GameError, IllegalEntry
from ...i18n import get_language, show, t, tn
from ...play.actions import (
    issues_by_deal, new_issues, plan_changed_text, redone_text, table_changed_text, undone_text,
)
from ...play.board import BoardMaker, standings_text
from ...play.draft import DealDraft
from ...play.layout import Slot, form_layout
from ...play.panel import entered_lines
from ...play.seats import overtaken_text
from ...play.typing import Typist, problems
from ...play.undo import OTHERS, NextDeal
from ..keys import draw_late
from ..timers import FOLLOW_EVERY
from ..widgets.deal_panel import DealPanel
from ..widgets.entry_form import EntryForm
from ..widgets.final_standings import FinalStandings
from ..widgets.key_footer import KeyFooter
from ..widgets.redraw import Covered, PartLooks, placed_size
from ..widgets.scoreboard import Scoreboard, ScoreTable
from ..widgets.status_line import Notice, StatusLine
from ..widgets.value_picker import ValueBox

if TYPE_CHECKING:
    from ..app_parts import TableApp

WIDE = 140  # from this width the form and the score board stand side by side
NOTICE_SECONDS = 8  # how long a notice stays on the status line unless told otherwise
PREPARE_AFTER = 0.1  # seconds after a confirmed deal before its undo's boxes are worked out (after its frame)


class PlacedContainer(Covered, Container):
    """A container of the play screen whose size a layout changes without laying the
    screen out a second time (see placed_size): the body, and the board with its status line
    (each covered whole by what it holds: see Covered)."""

    virtual_size = placed_size()


class PlacedSwitcher(Covered, ContentSwitcher):
    """The form or the final standings (the same: a game over shows the other one), which
    cover it whole."""

    virtual_size = placed_size()


def _quiet(screen) -> bool:
    """The app shows ``screen``, and no key is being handled or waits for its turn."""
    app = screen.app
    return app.screen is screen and not getattr(app, "key_pending", False) and getattr(app, "_frame_held", None) is None


def prepare_first_change(screen) -> None:
    """Quiet after a game is shown on ``screen`` (a PlayScreen): what the first deal confirmed
    (or undone) would work out for the first time in this process is worked out now, not in
    that key: the store's facts of the deals so far, the footer keys' looks lit and dimmed, the
    looks of the parts of the panel, the status line and the final standings (some 2 ms of the
    first game-ending Enter). A key meanwhile: tried again once the app is quiet."""
    if screen.app.screen is not screen:
        return
    if not _quiet(screen):
        screen.set_timer(PREPARE_AFTER, lambda: prepare_first_change(screen), name="prepare-first-change")
        return
    prepare = getattr(screen.stored, "prepare_change", None)
    if prepare is not None:
        try:
            prepare()
        except (GameError, ValueError):  # StoreError too: the change itself works it out and says so
            pass
    for widget in screen.walk_children():  # (no query, which matches every widget's CSS)
        if isinstance(widget, (KeyFooter, PartLooks)):
            widget.prepare_looks()


class PlayScreen(Screen[dict]):
    """Enter each deal, see the score board; correct, undo and redo.

    Dismissed with what was typed of the next deal (kept while the app runs).
    """

    # the app it runs in, for the checker (mypy before 2 wants an ignore here: Textual's `app` is a descriptor)
    app: TableApp  # type: ignore[assignment, unused-ignore]

    BINDINGS = [
        Binding("ctrl+s", "confirm_deal", "tui.bindings.play.confirm", id="play.confirm",
                tooltip="tui.bindings.play.confirm_tip"),
        Binding("ctrl+z", "undo", "tui.bindings.play.undo", id="play.undo", tooltip="tui.bindings.play.undo_tip"),
        Binding("ctrl+y", "redo", "tui.bindings.play.redo", id="play.redo", tooltip="tui.bindings.play.redo_tip"),
        Binding("ctrl+e", "edit_deal", "tui.bindings.play.edit", id="play.edit",
                priority=True,  # (a text box's "end" too)
                tooltip="tui.bindings.play.edit_tip"),
        Binding("ctrl+l", "clear_deal", "tui.bindings.play.clear", id="play.clear",
                tooltip="tui.bindings.play.clear_tip"),
        Binding("escape", "leave", "tui.bindings.play.back", id="play.back", tooltip="tui.bindings.play.back_tip"),
        Binding("ctrl+g", "charts", "tui.bindings.play.charts", id="play.charts",
                tooltip="tui.bindings.play.charts_tip"),
        Binding("ctrl+o", "players", "tui.bindings.play.players", id="play.players",
                tooltip="tui.bindings.play.players_tip"),
        Binding("ctrl+r", "plan", "tui.bindings.play.plan", id="play.plan", priority=True,
                tooltip="tui.bindings.play.plan_tip"),
        Binding("ctrl+n", "phones", "tui.bindings.play.phones", id="play.phones",
                tooltip="tui.bindings.play.phones_tip"),
    ]

    editing: reactive[int | None] = reactive(None)
    """The recorded deal being changed (None: entering the next deal)."""

    focused: reactive[Widget | None] = reactive(None, repaint=False)
    """The widget with the focus (Textual's, without drawing the whole screen again when the
    focus moves on, at every value typed: the boxes left and reached draw themselves)."""

    def __init__(self, stored, typed: dict | None = None, told: tuple[str, str] | None = None) -> None:
        super().__init__()
        self._told = told  # (title, message) to tell first, e.g. who was drawn to deal first
        self.stored = stored
        self.game = stored.game
        self.maker = BoardMaker(self.game)
        self.next = NextDeal(stored, typed)  # the next deal's boxes, and what undo takes back next
        self.draft: DealDraft | None = self.next.draft  # the next deal's, or the recorded deal being changed
        self.typist: Typist | None = None  # which box each key is for (set with the draft: _new_typist)
        # the next deal as shown after another writer changed a box typed here first: until a box
        # is typed, a confirm (a quick Enter after the key) is held once, for the table to look
        self._held: DealDraft | None = None
        self._widgets: dict[type, Widget] = {}  # see _one

    def _one(self, cls):
        """The screen's widget of that class (each is made once, in compose): looked up once,
        not by a query of the screen at each use (some twenty a confirmed deal)."""
        widget = self._widgets.get(cls)
        if widget is None or not widget.is_attached:
            widget = self._widgets[cls] = self.query_one(cls)
        return widget

    # -- layout
    def compose(self):
        rules = self.game.ruleset.localized(get_language())  # labels in the language shown
        labels = {f.id: f.label for f in rules.fields.values()}
        text_fields = {f.id for f in rules.fields.values() if f.type == "cards"}
        yield DealPanel(id="deal-panel")
        with PlacedContainer(id="play-body"):
            with PlacedSwitcher(id="deal-or-final", initial="entry-form"):
                yield EntryForm(form_layout(self.game), labels, text_fields, id="entry-form")
                yield FinalStandings(id="final")
            with PlacedContainer(id="board-side"):
                yield StatusLine(id="play-status")  # the screen's notices: between the form and the board
                yield Scoreboard(follows=True, id="scoreboard")
        yield KeyFooter()

    def on_mount(self) -> None:
        title = getattr(self.stored, "title", None)
        name = self.game.ruleset.localized(get_language()).name
        self._one(DealPanel).heading = f"{title} · {name}" if title else name
        self._show_board()
        self._show_deal()
        self._focus_entry()
        if self._told is not None:
            title, message = self._told
            self.notify(message, title=title)
        self.set_interval(FOLLOW_EVERY, self._follow_store, name="follow-store")
        self.set_timer(PREPARE_AFTER, lambda: prepare_first_change(self), name="prepare-first-change")

    def _follow_store(self) -> None:
        """Another writer changed this game (a phone through ``scorekeeper serve``, or the app
        open twice): the game is opened again as it is stored and shown so, with a notice (a
        deal typed here and confirmed there leaves nothing typed here; what is typed of a deal
        still to come stays, as the store holds it). Not while a past deal is being changed or
        a dialog is open: the next look, after it, does it; a write meanwhile is refused by the
        store as made on an old state, nothing lost."""
        if self.editing is not None or self.app.screen is not self:
            return
        try:
            saved = self.stored.store.entries_saved(self.stored.id)
        except ValueError:  # StoreError: the store cannot be read now; the next write says so
            return
        if saved != self.stored.entries_saved:
            self.app.follow_game(self.stored.id)
        else:
            self._follow_draft()

    def _follow_draft(self) -> None:
        """What is typed of the next deal was changed by another writer (a player's phone): the
        boxes show the store's draft, the cursor where typing the deal goes on. Not while a value
        is half typed here: the next look, after it (a key saved meanwhile keeps the other
        writer's boxes: StoredGame.save_draft)."""
        typist = self.typist
        if self.draft is None or (typist is not None and typist.pending):
            return
        try:
            if not self.stored.reread_draft():
                return
        except ValueError:  # StoreError: as above
            return
        self._show_stored_draft()

    def _show_stored_draft(self, at: Slot | None = None) -> None:
        """The next deal's boxes as the store's draft holds them (read again just before): the cursor stays, or to ``at``."""
        at = at or getattr(self._one(EntryForm).cursor_slot(), "slot", None)
        self.next = NextDeal(self.stored)
        self.draft = self.next.draft
        self._show_deal()
        self._focus_entry(at)

    def _overtaken(self, lost: list) -> None:
        """Boxes typed here that another writer (a phone) had changed first: the store kept its
        values; the table is told who changed what, and the form shows the stored boxes."""
        mine = self.draft
        try:
            self.stored.reread_draft()
        except ValueError:  # StoreError: the next look shows them
            return
        self._show_stored_draft(self._one(EntryForm).slot_of(lost[0].field, lost[0].unit) if lost else None)  # the box
        self._held = self.draft
        if mine is not None and self.draft is not None:
            self.notify(overtaken_text(mine, self.draft, lost), severity="warning")

    def _compositor_refresh(self) -> None:
        """A frame: with every widget that asked to be drawn again meanwhile (keys.draw_late)."""
        draw_late(self)
        super()._compositor_refresh()

    def on_resize(self, event) -> None:
        self.set_class(event.size.width >= WIDE, "-wide")

    def on_screen_suspend(self) -> None:
        self._one(StatusLine).clear()  # what was said here is not shown on coming back

    def on_screen_resume(self) -> None:
        self.app.clear_toasts()  # another screen's are not laid over the board and the keys

    def notify(self, message: str, *, title: str = "", severity: str = "information", timeout: float | None = None,
               markup: bool = True) -> None:
        """Tell the table something on the screen's status line, between the form and the
        score board (Textual's toasts lay it over the board's last columns and the keys)."""
        self._one(StatusLine).say(Notice(str(message), title, severity), timeout or NOTICE_SECONDS)

    # -- showing
    def _show_board(self) -> None:
        board = self.maker.view()
        self._one(Scoreboard).board = board
        self._one(FinalStandings).board = board
        panel = self._one(DealPanel)
        panel.played = len(board.rows)
        panel.standings = board.standings

    def _show_deal(self, reread: bool = False) -> None:
        panel = self._one(DealPanel)
        form = self._one(EntryForm)
        draft = self.draft
        over = draft is None
        self._show_mode()
        status = self._one(StatusLine)
        if over:
            panel.deal = None
            status.rest = ""
            winners = self.game.winners
            named = tn("game.winners", len(winners), names=", ".join(winners))
            stopped = self.game.stopped_at
            panel.status = (tn("tui.play.game_over", len(self.game.deals), winners=named) if stopped is None
                            else t("tui.plan.ended_early", number=stopped, winners=named))
        else:
            assert draft is not None  # (not over)
            self._new_typist(reread)  # (first: the form says how many Enters confirm the deal as its typist counts)
            view = draft.view()
            panel.status = ""
            panel.deal = view.panel
            layout = form_layout(self.game, draft.number)
            status.rest = "; ".join(entered_lines(layout, view))  # (the bids, scrolled out of the form by the tricks)
            if layout != form.phases:  # a deal with another number of players
                self._relayout(layout)
            else:
                form.view = view
        self._refresh_keys()

    @work(exclusive=True, group="form")
    async def _relayout(self, layout) -> None:
        form = self._one(EntryForm)
        await form.set_layout(layout, self.draft.view() if self.draft is not None else None)
        self._focus_entry()

    def _refresh_keys(self) -> None:
        """Dim the keys that do not apply now (only when that changes: the footer redraws)."""
        state = tuple(self.check_action(a, ()) for a in ("confirm_deal", "undo", "redo", "edit_deal", "clear_deal",
                                                            "charts", "players", "plan"))
        if state != getattr(self, "_keys_state", None):
            self._keys_state = state
            self.refresh_bindings()

    def _focus_entry(self, at: Slot | None = None) -> None:
        self._new_typist()
        self._one(EntryForm).question.show_text(Text(""))
        if self.draft is not None:
            self._one(EntryForm).focus_first(at=at)
        else:  # the game is over: the final standings (the keys in the footer stay the screen's: see FinalStandings)
            self.set_focus(self._one(FinalStandings), scroll_visible=False)  # (at once: drawn in the key's frame)

    # -- entries: every key goes to the typist (play/typing.py), which says what it did
    def _new_typist(self, reread: bool = True) -> None:
        """The draft changed other than by a key (a new deal, undo, a correction): the keys
        are read afresh from what it holds (``reread`` False: only if the typist is another draft's)."""
        draft = self.draft
        typist = self.typist
        if draft is None:
            self.typist = None
        elif typist is None or typist.draft is not draft:
            self.typist = Typist(draft)
        elif reread:
            typist.reset()
        self._one(EntryForm).typist = self.typist

    def on_entry_form_keyed(self, event: EntryForm.Keyed) -> None:
        """A key read: the boxes as the typist reads them, the cursor where it is now."""
        event.stop()
        typist, done = self.typist, event.done
        if self.draft is None or typist is None:
            return
        if not self._follow(typist):
            return  # another writer was first: the table was told, the form shows the store's boxes (no confirm)
        self._one(StatusLine).tell(done.told, NOTICE_SECONDS)  # (an Enter that confirmed nothing: why)
        form = self._one(EntryForm)
        part = form.slot_part(typist.cursor)
        if part is not None and (part is form.confirm or part.visible):
            form.move_cursor(part, done.moved)
            if isinstance(part, ValueBox):
                part.typing(typist.pending, done.note, typist.shown.arrived)
        # (a key refused on the Confirm button has no box to say why under: it is said above the button)
        form.ask(done.question.text() if done.question is not None else done.note if part is form.confirm else "")
        if done.note or done.question is not None:
            self.app.bell()
        if done.confirm:
            self.action_confirm_deal()

    def _follow(self, typist) -> bool:
        """The draft to what the reading shown holds (each box changed is one step of typing).
        False when another writer had changed a box first (the form shows the store's boxes now)."""
        draft = self.draft
        assert draft is not None  # (a key was read for it)
        want = typist.typed()
        have = dict(draft.typed)
        changed = False
        for key in [k for k in have if k not in want] + [k for k in want if have.get(k) != want[k]]:
            value = want.get(key)
            if draft.editing:
                draft.set(key[0], key[1], value)
            elif not self._keep(lambda: self.next.change(key[0], key[1], value)):
                return False
            changed = True
        if changed:
            self._show_deal()
        return True

    def on_entry_form_typed(self, event: EntryForm.Typed) -> None:
        """Backspace in an empty cards box: back to the box typed before."""
        event.stop()
        typist = self.typist
        if typist is not None and event.typed.back:
            typist.move_to(event.box.slot)
            self.post_message(EntryForm.Keyed(typist.backspace()))

    def on_entry_form_cards_typed(self, event: EntryForm.CardsTyped) -> None:
        event.stop()
        if self.draft is None:
            return
        cell = self.draft.view().cells.get(event.box.slot)
        if cell is not None:
            # the box's text now, not when the key was typed (see CardsBox)
            value = event.box.take_text()
            self._type(cell.field, cell.unit, value if value.strip() else None)
            if self.typist is not None:
                self.typist.set((cell.field, cell.unit), value if value.strip() else None)

    def on_entry_form_submitted(self, event: EntryForm.Submitted) -> None:
        """Enter in a cards box: on to the next box (or the deal confirmed)."""
        event.stop()
        typist = self.typist
        if typist is not None:
            typist.move_to(event.box.slot)
            self.post_message(EntryForm.Keyed(typist.enter()))

    def on_entry_form_confirmed(self, event: EntryForm.Confirmed) -> None:
        event.stop()
        self.action_confirm_deal()

    # -- actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.game
        if action == "confirm_deal":
            return True if self.draft is not None else None
        if action == "undo":
            return True if self.next.next_undo() is not None and self.editing is None else None
        if action == "redo":
            return True if self.next.next_redo() is not None and self.editing is None else None
        if action in ("edit_deal", "charts"):
            return True if game.deals else None
        if action == "clear_deal":
            return True if self.draft is not None and not self.draft.is_empty else None
        if action == "players":
            return True if self.draft is not None and self.editing is None and not game.roster_locked() else None
        if action == "plan":
            return True if self.draft is not None and self.editing is None else None
        if action == "phones":  # hidden when the app was started without a way to serve phones
            return getattr(self.app, "phones", None) is not None
        return True

    def action_confirm_deal(self) -> None:
        draft = self.draft
        if draft is None:
            return
        if self._held is draft:  # another writer was first just now (see _overtaken): the table looks first
            self._held = None
            self.app.bell()
            self.notify(t("play.first.look"), severity="warning")
            return
        typist = self.typist
        if typist is not None and typist.ambiguous:  # the keys read two ways: asked which at once
            self.post_message(EntryForm.Keyed(typist.enter(last=True)))
            return
        view = draft.view()
        if not view.can_confirm:
            draft.mark_tried()
            self._show_deal()
            self.app.bell()
            self.notify(problems(draft.view())[0],
                        title=t("tui.play.cannot_confirm"), severity="error", markup=False)
            return
        number = draft.number
        try:
            if draft.editing:
                before = issues_by_deal(self.game)
                self.stored.edit(number, draft.plain_values())
            else:
                self.stored.record(draft.plain_values())
        except IllegalEntry as exc:
            draft.mark_tried()
            self._show_deal()
            self.app.bell()
            self.notify("; ".join(show(i.message) for i in exc.issues), title=t("tui.play.breaks_rule"), severity="error",
                        markup=False)
            return
        except (GameError, ValueError) as exc:  # StoreError is a ValueError: nothing was saved
            self.app.bell()
            self.notify(show(exc), title=t("tui.play.not_saved"), severity="error", timeout=10, markup=False)
            return
        self._one(StatusLine).clear()  # what was said before this deal is said and done
        if draft.editing:
            self._after_edit(number, before)
        else:
            self.next.changed_game()
            self.draft = self.next.draft
            self._after_change()
            if self.game.is_over:
                self._announce_end()
            else:
                self._one(EntryForm).scroll_home(animate=False)
            self._focus_entry()
            recorded = self.game.history[-1]
            self.set_timer(PREPARE_AFTER, lambda: self._prepare_undo(recorded), name="prepare-undo")

    def _prepare_undo(self, recorded) -> None:
        """Quiet after a confirmed deal's frame: what its undo would put back in the boxes is
        worked out now, not in the ctrl+z (a key meanwhile: the ctrl+z works it out itself)."""
        if _quiet(self):
            self.next.prepare_undo(recorded)

    def _after_edit(self, number: int, before: dict) -> None:
        self.editing = None
        self._keep(self.next.changed_game)
        self.draft = self.next.draft
        self._after_change()
        new = new_issues(self.game, before, number)
        if new:
            self.notify("\n".join(t("tui.play.later_issue", number=n, message=m) for n, m in new[:5]),
                        title=t("tui.play.later_breaks", number=number), severity="warning",
                        timeout=12, markup=False)
        else:
            self.notify(t("tui.play.changed", number=number), title=t("tui.play.saved"), markup=False)
        if self.game.is_over:
            self._announce_end()
        self._focus_entry()

    def _after_change(self) -> None:
        """Show the game after a change (the draft is the one NextDeal made or invalidated for it:
        working its view out again here would double what a confirmed deal or an undo costs)."""
        self._show_board()
        self._show_deal(reread=True)

    def _announce_end(self) -> None:
        """Tell the winners and the final standings (after _show_board: the board it gave
        the final standings is the game's as it ended, not worked out a second time)."""
        winners = self.game.winners
        board = self._one(FinalStandings).board
        standing = standings_text((board if board is not None else self.maker.view()).standings)
        self.notify(standing, title=tn("game.winners", len(winners), names=", ".join(winners)),
                    timeout=15, markup=False)

    def action_undo(self) -> None:
        """Take back what the headless table says comes next: typing, then the latest change (not others' typing)."""
        kind = self.next.next_undo() if self.editing is None else None
        if kind == OTHERS:  # (said, with who typed which box)
            self.notify(self.next.others_text("tui"), title=t("tui.play.not_undone"), severity="warning", markup=False)
        if kind in (None, OTHERS):
            return
        game = self.game
        last = game.history[-1] if game.history else None
        try:
            action = self.next.undo()
        except (GameError, ValueError) as exc:  # StoreError is a ValueError
            self.notify(show(exc), title=t("tui.play.not_undone"), severity="error", timeout=10, markup=False)
            return
        self.draft = self.next.draft
        self._after_change()
        if action is not None and last is not None:
            self.notify(undone_text(game, last), title=t("tui.play.undone"), markup=False)
        self._focus_entry()

    def action_redo(self) -> None:
        if self.editing is not None or self.next.next_redo() is None:
            return
        game = self.game
        try:
            action = self.next.redo()
        except (GameError, ValueError) as exc:
            self.notify(show(exc), title=t("tui.play.not_redone"), severity="error", timeout=10, markup=False)
            return
        self.draft = self.next.draft
        self._after_change()
        if action is not None:
            self.notify(redone_text(game, action), title=t("tui.play.redone"), markup=False)
            if game.is_over:
                self._announce_end()
        self._focus_entry()

    def action_edit_deal(self) -> None:
        if self.game.deals:
            self._one(ScoreTable).focus()

    def on_score_table_chosen(self, event: ScoreTable.Chosen) -> None:
        event.stop()
        number = event.number
        self.editing = number
        self.draft = DealDraft(self.game, number, self.game.deals[number - 1], editing=True)
        self._show_deal()
        self._one(EntryForm).scroll_home(animate=False)
        self._one(EntryForm).focus_first(empty=False)

    def action_players(self) -> None:
        from .table import TableScreen

        self._open("players", TableScreen, self._change_players)

    def _open(self, action: str, screen, done) -> None:
        """Open the players or the plan screen, whose answer ``done`` makes (the typed boxes are cleared by it)."""
        if self.check_action(action, ()) is True:
            assert self.draft is not None  # (check_action: a deal is being typed)
            self.app.push_screen(screen(self.game, typed=not self.draft.is_empty), done)

    def _change_players(self, change: tuple | None) -> None:
        """Make the change the table asked for on the players screen (saved before it is shown)."""
        if change:
            kind, *args = change
            stored, game = self.stored, self.game
            make = stored.join if kind == "join" else stored.sit_out if kind == "out" else stored.sit_in
            if self._make_change(lambda: make(*args), t("tui.play.players_not_changed")):
                self.notify(table_changed_text(game, game.history[-1], game.next_deal), title=t("tui.play.players"),
                            markup=False)
        self._focus_entry()

    def _make_change(self, make, failed: str) -> bool:
        """Make a change of the table or of the plan through the store (saved before it is
        shown), and show the game after it; ``failed`` titles the reason when it is refused."""
        try:
            make()
        except (GameError, ValueError) as exc:  # StoreError is a ValueError: nothing was saved
            self.app.bell()
            self.notify(show(exc), title=failed, severity="error", timeout=10, markup=False)
            return False
        self._keep(lambda: self.next.changed_game(table=True))
        self.draft = self.next.draft
        self._after_change()
        return True

    def action_plan(self) -> None:
        from .plan import PlanScreen

        self._open("plan", PlanScreen, self._change_plan)

    def _change_plan(self, change: tuple | None) -> None:
        """Make the new plan, or end the game, as the plan screen asked (saved before it is shown)."""
        game, stored = self.game, self.stored
        if change and self._make_change(stored.end_early if change[0] == "end"
                                        else lambda: stored.change_plan(change[1]), t("tui.plan.not_changed")):
            if game.is_over:
                self._announce_end()
            else:
                self.notify(plan_changed_text(game), title=t("tui.plan.changed_title"), markup=False)
        self._focus_entry()

    def action_phones(self) -> None:
        self.app.show_phones()

    def action_charts(self) -> None:
        from .charts import ChartsScreen

        if self.game.deals:
            heading = self._one(DealPanel).heading
            self.app.push_screen(ChartsScreen(self.game, heading))

    def _type(self, field: str, unit: int | None, value) -> None:
        """A box typed: the recorded deal being changed, or the next deal (saved as the draft)."""
        draft = self.draft
        if draft is None:
            return
        self._one(StatusLine).clear(told_only=True)  # the table has moved on (and sees the bids there again)
        if draft.editing:
            draft.set(field, unit, value)
        else:
            self._keep(lambda: self.next.change(field, unit, value))
        self._show_deal()

    def _keep(self, change) -> bool:
        """Make a change of the next deal's boxes, which saves them, so that quitting (or a
        crash) loses none of it; say so when the store cannot keep them. False when another
        writer had changed a box of it first (:meth:`_overtaken`)."""
        try:
            change()
        except GameError:
            pass  # half-typed cards and the like: saved with the next change that makes sense
        except ValueError as exc:  # StoreError: the boxes keep what is typed; say why it is not saved
            self.notify(show(exc), title=t("tui.play.not_saved_yet"), severity="warning")
        else:
            lost, self.next.overtaken = self.next.overtaken, []
            if lost:
                self._overtaken(lost)
                return False
            self._held = None
        return True

    def action_clear_deal(self) -> None:
        if self.draft is None:
            return
        if self.draft.editing:
            self.draft.clear()
        else:
            self._keep(self.next.clear)
        self._show_deal()
        self._focus_entry()

    def action_leave(self) -> None:
        """Esc: from the score board back to the boxes (or the final standings); from a deal
        being changed back to the next deal; from the next deal's boxes (or the final
        standings) out of the game."""
        if self.editing is None and self._one(ScoreTable).has_focus:
            self._focus_entry()  # (leaving the game here, the next deal's keys went to the start screen)
            return
        if self.editing is not None:
            self.editing = None
            self.draft = self.next.draft
            self._show_deal()
            self.notify(t("tui.play.not_kept"), title=t("tui.play.cancelled"), markup=False)
            self._focus_entry()
            return
        self.dismiss(self.next.typed)

    def watch_editing(self) -> None:
        self._show_mode()

    def _show_mode(self) -> None:
        """The form while a deal is entered or changed, the final standings when the game
        is over (one or the other shown, not a class: a class on the form restyles each of
        its boxes; the other classes are on the widgets themselves: restyling the whole
        screen is slow)."""
        editing = self.editing is not None
        over = self.draft is None
        self._one(DealPanel).set_class(editing, "-editing")
        self._one(PlacedSwitcher).current = "final" if over else "entry-form"

