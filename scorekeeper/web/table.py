"""The table's writes from the phone pages: one writable store, used from one thread.

Every request of a page runs in :class:`Table`'s own thread (SQLite's connection stays in
the thread that opened it, and the writes of several phones are one after another). The
game is the one the feed shows (``feed.game_id``: it follows the table). Before each
request the game is read again from the store if anyone wrote to it since (the TUI,
another ``serve``, this server): one indexed query (:func:`~scorekeeper.store.watch.game_mark`).

A write names the game and the entry the page's view was made at (``seen``). When the game
has changed since, nothing is written: the page is told plainly that another device was
first and gets the game as stored. A writer that slips in between (the TUI) is caught by
the store itself (``changed_elsewhere``), with the same answer.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from ..game.engine import GameError, IllegalEntry
from ..game.game import draw_first_dealer
from ..i18n import get_language, show, t, using_language
from ..play.actions import plan_changed_text, redone_text, table_changed_text, undone_text
from ..play.undo import GAME, OTHERS, NextDeal
from ..store.db import Store, StoreError
from ..store.watch import game_mark
from ..play.actions import issues_by_deal, new_issues
from ..play.draft import DealDraft
from ..play.typing import problems
from .phone import BadRequest, NoGame, PageDraft, deal_rows, phone_view, read_typed
from ..play.seats import SHARED, seat_writer
from .seats import draft_mark, stored_boxes

__all__ = ["Answer", "Table"]

Answer = tuple[int, dict[str, Any]]  # HTTP status, the page's view (with "said" / "problem" / "conflict")


def _in_language(code: str, work: Callable[..., Answer], args: tuple) -> Answer:
    with using_language(code):
        return work(*args)


class Table:
    """The stored game the pages write to (see the module docstring)."""

    def __init__(self, path: str | Path, feed, rng: random.Random | None = None):
        self.path = Path(path)
        self.feed = feed
        self.rng = rng if rng is not None else random.SystemRandom()  # the first dealer drawn by lot
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="table")
        self._store: Store | None = None
        # The game as opened in each language (a stored game's ruleset, and so its checks'
        # reasons, reminders and trump texts, is in the language it was opened in).
        self._games: dict[str, Any] = {}
        self._plain: dict[str, tuple] = {}  # by language: (game, entries) and the view with nothing typed
        from .seats import SharedTyping

        self.seats = SharedTyping(self)  # the next deal as typed on the players' own phones

    def start(self) -> None:
        """Open the store for writing (StoreError when it cannot be)."""
        self._executor.submit(self._open).result()

    def _open(self) -> None:
        self._store = Store(self.path)

    def close(self) -> None:
        def close() -> None:
            if self._store is not None:
                self._store.close()
                self._store = None

        self._executor.submit(close).result()
        self._executor.shutdown()

    async def run(self, work: Callable[..., Answer], *args) -> Answer:
        """Do ``work(*args)`` in the table's thread, in the current language (the request's: a thread
        does not inherit it, so it is handed over)."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, _in_language, get_language(),
                                                                work, args)

    # -- in the table's thread
    def _writer(self) -> Store:
        """The store the table writes (RuntimeError before start(), a programming error)."""
        store = self._store
        if store is None:
            raise RuntimeError("the table is not started")
        return store

    def _current(self):
        """The stored game being played, read again if it changed in the store."""
        store = self._writer()
        game_id = self.feed.game_id
        if game_id is None:
            raise NoGame(t("web.phone.no_game"))
        mark = game_mark(store, game_id)
        lang = get_language()
        stored = self._games.get(lang)
        if stored is None or stored.id != game_id or mark is None or mark[0] != stored.entries_saved:
            stored = self._games[lang] = store.open_game(game_id)
        else:
            stored.reread_draft()  # what the players' phones or the app typed meanwhile
        return stored

    def _deal(self, stored, typed: Any, over_draft: bool = False) -> NextDeal:
        """The next deal with the boxes the page typed; ``over_draft``: typed over the store's draft
        (what the players' phones and the app typed), a box the page sent empty ([field, unit,
        null]) emptied."""
        game = stored.game
        if game.is_over:
            return NextDeal(PageDraft(stored), {})
        boxes = read_typed(game, typed)
        if over_draft:
            emptied = {(k[0], k[1]) for k in typed if isinstance(k, list) and len(k) == 3 and k[2] in (None, "")}
            boxes = {**{k: v for k, v in stored_boxes(stored).items() if k not in emptied}, **boxes}
        return NextDeal(PageDraft(stored), boxes)

    def _over_draft(self, stored, typed: Any, tried: bool = False) -> dict[str, Any]:
        """The page's view of the next deal: its boxes over the store's draft, ``typed`` its own."""
        return self._own(phone_view(stored, self._deal(stored, typed, over_draft=True), tried=tried), stored,
                         typed, None)

    def _editing(self, stored, number: Any, typed: Any | None = None) -> DealDraft:
        """A recorded deal being corrected: its recorded values, or the boxes the page typed."""
        game = stored.game
        if type(number) is not int or not 1 <= number <= len(game.deals):
            raise BadRequest(t("web.phone.bad.deal", number=str(number)[:20], last=len(game.deals)))
        if typed is None:
            return DealDraft(game, number, game.deals[number - 1], editing=True)
        draft = DealDraft(game, number, editing=True)
        for (field, unit), value in read_typed(game, typed, number).items():
            draft.set(field, unit, value)
        return draft

    def deals(self) -> Answer:
        """Every recorded deal, to choose one to correct."""
        return 200, deal_rows(self._current())

    def open_edit(self, seen: Any, number: Any) -> Answer:
        """The view of recorded deal ``number`` to correct, its values in the boxes."""
        stored = self._current()
        if self._stale(stored, seen):
            return self._conflict(seen, [])
        return 200, phone_view(stored, self._editing(stored, number))

    def view(self, typed: Any, tried: bool = False, seen: Any = None, editing: Any = None) -> Answer:
        """The view of the next deal with the boxes the page typed. Boxes typed for a deal that
        is not the next one any more (``seen``: another device confirmed it, or undid one) are
        not carried over to another deal: the page is told, as at a confirm."""
        stored = self._current()
        if editing is not None:
            if self._stale(stored, seen):  # the game changed while a deal was corrected: look again
                return self._conflict(seen, [])
            return 200, phone_view(stored, self._editing(stored, editing, typed), tried=tried)
        if typed and seen is not None and self._moved(stored, seen):
            return self._conflict(seen, typed)
        if not typed and not tried:
            return 200, self._plain_view(stored)
        return 200, self._over_draft(stored, typed, tried)

    def _plain_view(self, stored) -> dict[str, Any]:
        """The view with nothing typed on the page (the store's draft), worked out once per entry
        of the game, draft and language: after a change every page asks for it at once, and the
        table's thread answers them one by one."""
        key, lang = (stored.id, stored.entries_saved, draft_mark(stored)), get_language()
        kept = self._plain.get(lang)
        if kept is None or kept[0] != key:
            kept = self._plain[lang] = (key, self._over_draft(stored, []))
        return dict(kept[1])

    def _moved(self, stored, seen: Any) -> bool:
        """Whether the deal the page typed for is not the game's next deal any more."""
        return not (isinstance(seen, dict) and seen.get("game") == stored.id
                    and seen.get("deal") == (None if stored.game.is_over else stored.game.next_deal))

    def _stale(self, stored, seen: Any) -> bool:
        return not (isinstance(seen, dict) and seen.get("game") == stored.id
                    and seen.get("seq") == stored.entries_saved)

    def _conflict(self, seen: Any, typed: Any) -> Answer:
        """Another device was first: the game as stored now, said plainly; the page keeps what it typed."""
        self._games.clear()
        stored = self._current()
        deal = seen.get("deal") if isinstance(seen, dict) else None
        keep = typed if deal == stored.game.next_deal else []
        view = self._over_draft(stored, keep)
        number = deal if type(deal) is int else stored.game.next_deal
        view["conflict"] = t("web.phone.other_first", number=number)
        return 409, view

    def _retyped(self, stored, seen: Any, typed: Any) -> Answer | None:
        """The boxes the page saw were typed over since on another phone or in the app (the draft's
        mark it names is not the stored one): 409, the view as stored, its own boxes kept."""
        if not (isinstance(seen, dict) and "typing" in seen) or seen["typing"] == draft_mark(stored):
            return None
        view = self._over_draft(stored, typed)
        view["conflict"] = t("web.phone.retyped", number=stored.game.next_deal)
        return 409, view

    def confirm(self, seen: Any, typed: Any, editing: Any = None) -> Answer:
        """Record the next deal as typed (or change recorded deal ``editing``), unless the game
        changed since the page saw it."""
        stored = self._current()
        if self._stale(stored, seen):
            return self._conflict(seen, [] if editing is not None else typed)
        deal: NextDeal | DealDraft
        draft: DealDraft | None
        if editing is not None:
            deal = draft = self._editing(stored, editing, typed)
        else:
            retyped = self._retyped(stored, seen, typed)
            if retyped is not None:
                return retyped
            deal = self._deal(stored, typed, over_draft=True)
            draft = deal.draft
        if draft is None:
            return 409, {**phone_view(stored, deal), "problem": t("web.phone.over")}
        view = draft.view()
        if not view.can_confirm:
            answer = phone_view(stored, deal, tried=True)  # what is missing is said too
            answer["problem"] = t("web.phone.cannot", title=t("tui.play.cannot_confirm"),
                                  reason=problems(draft.view())[0])
            return 422, self._own(answer, stored, typed, editing)
        number = draft.number
        before = issues_by_deal(stored.game) if draft.editing else {}
        try:
            if draft.editing:
                stored.edit(number, draft.plain_values())
            else:
                stored.record(draft.plain_values())
        except IllegalEntry as exc:
            answer = phone_view(stored, deal, tried=True)
            answer["problem"] = t("web.phone.cannot", title=t("tui.play.breaks_rule"),
                                  reason="; ".join(show(i.message) for i in exc.issues))
            return 422, self._own(answer, stored, typed, editing)
        except StoreError as exc:
            return self._not_saved(seen, typed, exc, draft.number if draft.editing else None)
        self.feed.look_now()
        answer = phone_view(stored, self._deal(stored, []))
        if draft.editing:
            later = new_issues(stored.game, before, number)
            answer["said"] = t("tui.play.changed", number=number)
            if later:
                answer["problem"] = "\n".join([t("tui.play.later_breaks", number=number)] + [
                    t("tui.play.later_issue", number=n, message=m) for n, m in later[:5]])
        else:
            answer["said"] = t("web.phone.saved", number=number)
        return 200, answer

    def _own(self, answer: dict[str, Any], stored, typed: Any, editing: Any) -> dict[str, Any]:
        """An answer about the next deal typed over the draft, with the mark of the draft it was made
        over (its "typed": every box typed, the draft's and the page's)."""
        if editing is None:
            answer["typing"] = draft_mark(stored)
        return answer

    def _not_saved(self, seen: Any, typed: Any, exc: StoreError, editing: int | None = None) -> Answer:
        """The store refused the write: another writer was first (a conflict), or it could not
        save (the page keeps its boxes, and is told why)."""
        self._games.clear()
        stored = self._current()
        if stored.entries_saved != (seen or {}).get("seq"):
            return self._conflict(seen, [] if editing is not None else typed)
        kept = self._editing(stored, editing, typed) if editing is not None else self._deal(stored, typed, True)
        answer = self._own(phone_view(stored, kept), stored, typed, editing)
        answer["problem"] = t("web.phone.cannot", title=t("tui.play.not_saved"), reason=show(exc))
        return 503, answer

    def undo(self, seen: Any, typed: Any, name: Any = None) -> Answer:
        return self._step(seen, typed, undo=True, name=name)

    def redo(self, seen: Any, typed: Any, name: Any = None) -> Answer:
        return self._step(seen, typed, undo=False, name=name)

    def _step(self, seen: Any, typed: Any, undo: bool, name: Any = None) -> Answer:
        """Undo or redo as the TUI does (:class:`NextDeal`): the typing first (the table's draft of
        the next deal: a shared phone takes back its own taps itself, by typing them back; a
        player's own phone, ``name``, the boxes its player's phone typed), then the game; never
        another device's typing (409, saying who typed which box: the deal is not taken back
        over it). The boxes an undone deal puts back are the table's draft, as the app's undo
        makes them."""
        stored = self._current()
        if self._stale(stored, seen):
            return self._conflict(seen, typed)
        seat = name if isinstance(name, str) and name else None
        deal = NextDeal(stored, writer=SHARED if seat is None else seat_writer(seat), own_typing=seat is not None)
        kind = deal.next_undo() if undo else deal.next_redo()
        if kind == OTHERS:
            answer = phone_view(stored, deal)
            answer["problem"] = deal.others_text("phone")
            return 409, answer
        try:
            action = deal.undo() if undo else deal.redo()
        except StoreError as exc:
            return self._not_saved(seen, typed, exc)
        except GameError as exc:
            answer = phone_view(stored, deal)
            answer["problem"] = show(exc)
            return 409, answer
        answer = phone_view(stored, deal)
        answer["typing"] = draft_mark(stored)
        if kind is not None:
            self.feed.look_now()  # the other pages and the app are told at once
        if kind == GAME and action is not None:
            answer["said"] = undone_text(stored.game, action) if undo else redone_text(stored.game, action)
        return 200, answer

    # -- a new game, and changes of the table (the TUI's new-game, players and plan screens)
    def games(self) -> Answer:
        """The built-in games a phone can start."""
        from .starting import game_list

        return 200, game_list()

    def new_form(self, data: dict) -> Answer:
        """The new-game form of the ruleset the page chose, with what it chose so far."""
        from .starting import form_data

        return 200, form_data(data, self._writer())

    def start_game(self, data: dict) -> Answer:
        """Store the game the page set up (as the TUI's new-game screen does) and show it: the
        server follows it. 422 with the form and the reason when it cannot start."""
        from .starting import form_data, setup_of

        ref, ruleset, setup, problem = setup_of(data)
        store = self._writer()
        if setup is not None:
            dealer = setup.dealer or draw_first_dealer(len(setup.names), self.rng)
            try:
                stored = store.new_game(ruleset, ref, list(setup.names), setup.options, dealer, setup.title,
                                        new_session=data.get("new_session") is True, scores=setup.scores,
                                        carried=setup.carried)
            except (GameError, ValueError) as exc:  # SetupError, StoreError: nothing stored
                problem = show(exc)
            else:
                self._games = {get_language(): stored}
                self.feed.show_game(stored.id)
                view = phone_view(stored, self._deal(stored, []))
                said = [t("web.phone.new.started", id=stored.id, name=view["game"]["name"])]
                if not setup.dealer:
                    said += [t("tui.new_game.drawn") + ":", t("tui.new_game.deals_first", name=setup.names[dealer - 1])]
                view["said"] = " ".join(said)
                return 200, view
        cannot = t("web.phone.cannot", title=t("tui.new_game.cannot_start"), reason=problem)
        return 422, {"form": form_data(data, store), "problem": cannot}

    def table_view(self) -> Answer:
        """Who plays the next deal and the plan, to change them."""
        from .changes import table_data

        stored = self._current()
        return 200, {**phone_view(stored, self._deal(stored, [])), "table": table_data(stored.game)}

    def plan_draft(self, data: dict) -> Answer:
        """The plan the page shows with the change it tapped made (nothing is stored)."""
        from .changes import plan_data, planned

        stored = self._current()
        if stored.game.setup_for().plan is None:
            return 409, {"problem": t("web.phone.change.no_plan")}
        return 200, plan_data(planned(stored.game, data))

    def change_table(self, data: dict) -> Answer:
        """A player sits out, comes back or joins (``change``), or the plan becomes ``cards``, or the
        game ends now (``end``): made through the store as the TUI makes it; refused in its words."""
        from .changes import planned, read_change, table_data

        stored = self._current()
        seen = data.get("seen")
        if self._stale(stored, seen):
            return self._conflict(seen, [])
        game = stored.game
        if "change" in data:
            title = t("tui.play.players_not_changed")
            change, problem = read_change(game, data["change"])
            locked = game.roster_locked()
            problem = problem or (show(locked) if locked else None)
            kind, *args = change or ("", )
            make = (stored.join if kind == "join" else stored.sit_out if kind == "out" else stored.sit_in)
        elif data.get("end") is True:
            title, problem, args = t("tui.plan.not_changed"), None, []
            make = stored.end_early
        else:
            if not isinstance(data.get("cards"), list):
                raise BadRequest(t("web.phone.change.bad"))
            title, args = t("tui.plan.not_changed"), []
            draft = planned(game, data)
            if not draft.changed:  # as the plan screen: nothing changed, nothing stored
                return 200, {**phone_view(stored, self._deal(stored, [])), "table": table_data(game)}
            problem = draft.problem()
            cards = list(draft.cards)
            make = lambda: stored.change_plan(cards)  # noqa: E731
        if problem is None:
            try:
                make(*args)
            except (GameError, ValueError) as exc:  # StoreError is a ValueError: nothing was saved
                problem = show(exc)
        if problem is not None:
            self._games.clear()
            stored = self._current()
            answer = {**phone_view(stored, self._deal(stored, [])), "table": table_data(stored.game)}
            answer["problem"] = t("web.phone.cannot", title=title, reason=problem)
            return 422, answer
        self.feed.look_now()
        action = game.history[-1]
        answer = {**phone_view(stored, self._deal(stored, [])), "table": table_data(game)}
        answer["said"] = (table_changed_text(game, action, game.next_deal) if action.kind in ("join", "out", "in")
                          else plan_changed_text(game) if action.kind == "plan" else answer["status"])
        return 200, answer

    def chart(self) -> str:
        """The score chart of the game being played (an SVG document)."""
        from ..i18n import get_language
        from ..play.charts import progression
        from .chart import chart_svg

        stored = self._current()
        return chart_svg(progression(stored.game), stored.game.ruleset.localized(get_language()).name)
