"""HomeScreen: start a new game, resume one, or read the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import t, tn
from ..follow import ShowsTheStore
from ..messages import GameChosen, RulesetChosen
from ..text import when
from ..widgets.key_footer import KeyFooter
from ..widgets.menu_list import MenuList

if TYPE_CHECKING:
    from ...store.db import Store


def game_line(summary) -> Text:
    """One unfinished game as the resume list shows it (names shown as typed)."""
    text = Text()
    from ...reports.history import ruleset_name  # (imported here: not needed for the first frame)

    text.append(ruleset_name(summary.ruleset_id, summary.ruleset_name), style="bold")
    if summary.title:
        text.append(f" · {summary.title}")
    text.append(": " + ", ".join(summary.players))
    played = summary.deals_played
    planned = getattr(summary, "planned_deals", None)
    moment = (t("tui.home.last_entry", when=when(summary.updated_at))
              if played or summary.updated_at != summary.created_at
              else t("tui.home.started", when=when(summary.created_at)))
    count = (tn("tui.home.played_of", played, planned=planned) if planned
             else tn("tui.home.played", played))
    text.append(f"\n  {count} · {moment}", style="dim")
    return text


class HomeScreen(ShowsTheStore, Screen[None]):
    """The first screen: New game, Open a ruleset file, Rules, and the games to resume."""

    BINDINGS = [
        Binding("n", "new_game", "tui.bindings.home.new", id="home.new"),
        Binding("o", "open_file", "tui.bindings.home.open", id="home.open", tooltip="tui.bindings.home.open_tip"),
        Binding("r", "rules", "tui.bindings.home.rules", id="home.rules", tooltip="tui.bindings.home.rules_tip"),
        Binding("c", "settings", "tui.bindings.home.settings", id="home.settings",
                tooltip="tui.bindings.home.settings_tip"),
        Binding("h", "history", "tui.bindings.home.history", id="home.history",
                tooltip="tui.bindings.home.history_tip"),
        Binding("s", "stats", "tui.bindings.home.stats", id="home.stats", tooltip="tui.bindings.home.stats_tip"),
        Binding("e", "session", "tui.bindings.home.session", id="home.session",
                tooltip="tui.bindings.home.session_tip"),
        Binding("q", "app.quit", "tui.bindings.home.quit", id="home.quit"),
    ]

    store: reactive[Store | None] = reactive(None)
    """The store the games are saved in (None until the app has opened it)."""

    def compose(self):
        yield Static(t("tui.home.title"), id="home-title")
        yield Static(id="home-db", markup=False)
        yield MenuList(id="home-menu")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_games()
        self.follow_the_store()

    def on_screen_resume(self) -> None:
        self.refresh_games()

    def show_stored(self) -> None:
        """Another writer started or played a game: the list is made again, the same line
        highlighted (a game that is over leaves it)."""
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        chosen = menu.get_option_at_index(highlighted).id if highlighted is not None else None
        self.refresh_games(keep=chosen)

    def watch_store(self) -> None:
        if self.is_mounted:
            self.refresh_games()
            self.refresh_bindings()  # history, stats and session need the store

    def refresh_games(self, keep: str | None = None) -> None:
        """The menu and the games to resume; ``keep``: the id of the line to highlight if it
        is still there (else the game played last, the one most likely resumed)."""
        menu = self.query_one(OptionList)
        self.seen_now()
        menu.clear_options()
        menu.add_option(Option(Text(t("tui.home.menu.new")), id="new"))
        menu.add_option(Option(Text(t("tui.home.menu.open")), id="open"))
        menu.add_option(Option(Text(t("tui.home.menu.rules")), id="rules"))
        menu.add_option(Option(Text(t("tui.home.menu.history")), id="history"))
        menu.add_option(Option(Text(t("tui.home.menu.stats")), id="stats"))
        menu.add_option(Option(Text(t("tui.home.menu.session")), id="session"))
        menu.add_option(Option(Text(t("tui.home.menu.settings")), id="settings"))
        if self.store is None:
            self.query_one("#home-db", Static).update(t("tui.home.opening"))
            menu.highlighted = 0
            menu.focus()
            return
        where = self.query_one("#home-db", Static)
        where.update(Text(t("tui.home.saved_in", path=str(self.store.path))))
        try:
            games = self.store.unfinished()
        except ValueError as exc:  # StoreError
            menu.add_option(None)
            menu.add_option(Option(Text(t("tui.home.cannot_list", error=str(exc))), disabled=True))
            return
        menu.add_option(None)
        if games:
            menu.add_option(Option(Text(t("tui.home.resume"), style="bold"), disabled=True))
            games = sorted(games, key=lambda g: (g.updated_at, g.id), reverse=True)
            menu.add_options([Option(game_line(summary), id=f"game-{summary.id}") for summary in games])
        else:
            menu.add_option(Option(Text(t("tui.home.no_games"), style="dim"), disabled=True))
        if keep is not None and keep in {menu.get_option_at_index(i).id for i in range(menu.option_count)}:
            menu.highlighted = menu.get_option_index(keep)
        else:  # the game played last is the one most likely resumed
            menu.highlighted = menu.get_option_index(f"game-{games[0].id}") if games else 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        if option_id == "new":
            self.action_new_game()
        elif option_id == "open":
            self.action_open_file()
        elif option_id == "rules":
            self.action_rules()
        elif option_id in ("history", "stats", "session", "settings"):
            getattr(self, f"action_{option_id}")()
        elif option_id.startswith("game-"):
            self.app.post_message(GameChosen(int(option_id[5:])))

    def action_new_game(self) -> None:
        from .choose import ChooseRulesetScreen

        self.app.push_screen(ChooseRulesetScreen())

    def action_open_file(self) -> None:
        from .dialogs import OpenFileDialog

        def chosen(path: str | None) -> None:
            if path:
                self.app.post_message(RulesetChosen(path))

        self.app.push_screen(OpenFileDialog(), chosen)

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("history", "stats", "session"):
            return True if self.store is not None else None  # the store is still being opened
        return True

    def action_settings(self) -> None:
        from .settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_history(self) -> None:
        from .history import HistoryScreen

        if self.store is not None:
            self.app.push_screen(HistoryScreen())

    def action_stats(self) -> None:
        from .stats import StatsScreen

        if self.store is not None:
            self.app.push_screen(StatsScreen())

    def action_session(self) -> None:
        from .session import SessionScreen

        if self.store is not None:
            self.app.push_screen(SessionScreen())
