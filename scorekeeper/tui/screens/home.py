"""HomeScreen: start a new game, resume one, or read the rules."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..messages import GameChosen, RulesetChosen
from ..widgets.key_footer import KeyFooter
from ..widgets.menu_list import MenuList


def _when(moment) -> str:
    try:
        return moment.astimezone().strftime("%Y-%m-%d %H:%M")
    except (AttributeError, ValueError, OSError):
        return str(moment)


def game_line(summary) -> Text:
    """One unfinished game as the resume list shows it (names shown as typed)."""
    text = Text()
    text.append(summary.ruleset_name, style="bold")
    if summary.title:
        text.append(f" · {summary.title}")
    text.append(": " + ", ".join(summary.players))
    played = summary.deals_played
    planned = getattr(summary, "planned_deals", None)
    when = (f"last entry {_when(summary.updated_at)}" if played or summary.updated_at != summary.created_at
            else f"started {_when(summary.created_at)}")
    text.append(f"\n  {played} deal{'s' if played != 1 else ''} played"
                + (f" of {planned}" if planned else "") + f" · {when}", style="dim")
    return text


class HomeScreen(Screen[None]):
    """The first screen: New game, Open a ruleset file, Rules, and the games to resume."""

    BINDINGS = [
        Binding("n", "new_game", "New game", id="home.new"),
        Binding("o", "open_file", "Open file", id="home.open", tooltip="Start a game of a ruleset file (.toml)"),
        Binding("r", "rules", "Rules", id="home.rules", tooltip="Read the rules of each game"),
        Binding("c", "settings", "Settings", id="home.settings",
                tooltip="Choose the theme (dark, light, high contrast) and the language"),
        Binding("h", "history", "History", id="home.history", tooltip="Every stored game, finished or not"),
        Binding("s", "stats", "Stats", id="home.stats", tooltip="Statistics per player across the stored games"),
        Binding("e", "session", "Session", id="home.session",
                tooltip="This session's standing; start a new session"),
        Binding("q", "app.quit", "Quit", id="home.quit"),
    ]

    store = reactive(None)
    """The store the games are saved in (None until the app has opened it)."""

    def compose(self):
        yield Static("Scorekeeper", id="home-title")
        yield Static(id="home-db", markup=False)
        yield MenuList(id="home-menu")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_games()

    def on_screen_resume(self) -> None:
        self.refresh_games()

    def watch_store(self) -> None:
        if self.is_mounted:
            self.refresh_games()
            self.refresh_bindings()  # history, stats and session need the store

    def refresh_games(self) -> None:
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_option(Option(Text("New game  (n)"), id="new"))
        menu.add_option(Option(Text("Open a ruleset file…  (o)"), id="open"))
        menu.add_option(Option(Text("Rules of the games  (r)"), id="rules"))
        menu.add_option(Option(Text("History of the games  (h)"), id="history"))
        menu.add_option(Option(Text("Statistics per player  (s)"), id="stats"))
        menu.add_option(Option(Text("This session  (e)"), id="session"))
        menu.add_option(Option(Text("Settings: theme and language  (c)"), id="settings"))
        if self.store is None:
            self.query_one("#home-db", Static).update("Opening the saved games…")
            menu.highlighted = 0
            menu.focus()
            return
        self.query_one("#home-db", Static).update(Text(f"Games are saved in {self.store.path}"))
        try:
            games = self.store.unfinished()
        except ValueError as exc:  # StoreError
            menu.add_option(None)
            menu.add_option(Option(Text(f"The saved games cannot be listed: {exc}"), disabled=True))
            return
        menu.add_option(None)
        if games:
            menu.add_option(Option(Text("Resume a game (the latest first):", style="bold"), disabled=True))
            games = sorted(games, key=lambda g: (g.updated_at, g.id), reverse=True)
            for summary in games:
                menu.add_option(Option(game_line(summary), id=f"game-{summary.id}"))
        else:
            menu.add_option(Option(Text("No unfinished games.", style="dim"), disabled=True))
        # the game played last is the one most likely resumed
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
