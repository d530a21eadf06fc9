"""HistoryScreen: every stored game, finished and unfinished, the latest played first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import t, tn
from ..text import when
from ..follow import ShowsTheStore
from ..widgets.key_footer import KeyFooter
from ..widgets.long_list import LongList

if TYPE_CHECKING:
    from ..app_parts import TableApp


def result_text(summary) -> str:
    """'winner: X', 'winners: X, Y' or 'in progress (3 of 19 deals played)', from the summary."""
    if summary.finished and summary.winners and summary.stopped_at is not None:
        return tn("tui.history.winners_ended_early", len(summary.winners), names=", ".join(summary.winners),
                  number=summary.stopped_at)
    if summary.finished and summary.winners:
        return tn("tui.history.winners", len(summary.winners), names=", ".join(summary.winners))
    played, planned = summary.deals_played, summary.planned_deals
    if planned is not None:
        return tn("tui.history.in_progress_of", planned, played=played)
    return tn("tui.history.in_progress", played)


def history_line(summary) -> Text:
    """One stored game as the history lists it (names and titles shown as typed)."""
    text = Text()
    text.append(f"#{summary.id} ", "dim")
    from ...reports.history import ruleset_name  # (imported here: the start screen uses this module)

    text.append(ruleset_name(summary.ruleset_id, summary.ruleset_name), "bold")
    if summary.title:
        text.append(f" · {summary.title}")
    text.append(f"  {when(summary.created_at)}", "dim")
    text.append("\n  " + ", ".join(summary.players))
    text.append(" — ")
    text.append(result_text(summary), "bold" if summary.finished else "italic")
    return text


class HistoryScreen(ShowsTheStore, Screen[None]):
    """The stored games; Enter opens a game's score sheet."""

    # the app it runs in, for the checker (mypy before 2 wants an ignore here: Textual's `app` is a descriptor)
    app: TableApp  # type: ignore[assignment, unused-ignore]

    BINDINGS = [
        Binding("escape", "app.pop_screen", "tui.bindings.history.back", id="history.back"),
    ]

    def compose(self):
        yield Static(t("tui.history.title"), classes="screen-title", markup=False)
        yield LongList(2, id="history-list")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_games()
        self.follow_the_store()

    def on_screen_resume(self) -> None:
        self.follow_store()

    def show_stored(self) -> None:
        self.refresh_games()

    def refresh_games(self) -> None:
        """List every stored game; a game's line is made when it comes into view (a store of
        ten thousand games opens as fast as one of ten)."""
        from ...reports.history import history

        games = []
        menu = self.query_one(LongList)
        chosen = menu.chosen_key
        store = self.app.store
        self.summaries = {}
        self.seen_now()
        if store is None:
            note = t("tui.history.opening")
        else:
            try:
                games = history(store)
                note = t("tui.history.empty")
            except ValueError as exc:  # StoreError
                note = t("tui.history.cannot_list", error=exc)
        if not games:
            menu.show([""], lambda index: Text(note))
            return
        self.summaries = {summary.id: summary for summary in games}
        keys = [f"game-{summary.id}" for summary in games]
        menu.show(keys, lambda index: history_line(games[index]))
        if chosen in keys:
            menu.cursor = keys.index(chosen)
        menu.focus()

    def on_long_list_chosen(self, event: LongList.Chosen) -> None:
        event.stop()
        if event.key.startswith("game-"):
            self.open_game(int(event.key[5:]))

    def open_game(self, game_id: int) -> None:
        from ...reports.history import load_game
        from .game_sheet import GameSheetScreen

        assert self.app.store is not None  # (the games listed were read from it)
        try:
            stored = load_game(self.app.store, game_id)
        except ValueError as exc:  # StoreError: it cannot be rebuilt
            self.app.bell()
            self.notify(str(exc), title=t("tui.history.cannot_open"), severity="error", timeout=15, markup=False)
            return
        self.app.push_screen(GameSheetScreen(stored, self.summaries.get(game_id)))
