"""The terminal app: ``ScorekeeperApp`` and ``run()``.

Kept small: the app opens the store, shows the start screen and switches
between screens when they say what happened (``messages``).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ..i18n import LANGUAGES, get_language, set_language, show, t
from ..settings import Settings, load_settings, save_settings, settings_path
from ..process import QuietCollector
from .control import guard_compositor, guard_reflow, guard_scroll_repaint, guard_strips
from .keys import KeysInOrder, check_textual as check_keys
from .messages import GameChosen, GameCreated, LanguageSwitched, RulesetChosen
from .themes import HIGH_CONTRAST, THEME_NAMES, next_theme, theme_key
from .textual_version import check_version
from .timers import guard_timers
from .widgets.redraw import check_textual as check_redraw
from .widgets.key_footer import binding_text
from ..values import replace

if TYPE_CHECKING:
    from ..store.db import Store
    from .app_parts import AppParts

check_version()  # the changes below were written for these Textual versions: any other stops here
check_keys()  # the keys one at a time, a key one frame: Textual's private attributes they use are there
check_redraw()  # a widget drawn again without a layout: likewise
guard_timers()  # Textual hangs on a timer due at once (a toast re-shown as it runs out)
guard_strips()  # a name or a ruleset's text with ESC in it is shown, never obeyed by the terminal
guard_compositor()  # a widget gone after a scroll (a toast that ran out) leaves nothing on the terminal
guard_scroll_repaint()  # a scroll after a layout redraws what moved, not the whole screen
guard_reflow()  # a layout's map of the screen is not made a second time when a scroll came before it


MIN_SIZE = (60, 16)  # columns and lines a deal's boxes need to be seen whole (the values wrap below 80)


class ScorekeeperApp(KeysInOrder, App[None]):
    """Keep the score of a card game at the table."""

    CSS_PATH = "app.tcss"
    TITLE = "Scorekeeper"

    BINDINGS = [
        Binding("ctrl+t", "toggle_theme", "tui.bindings.app.theme", id="app.theme",
                tooltip="tui.bindings.app.theme_tip"),
        Binding("ctrl+q", "quit", "tui.bindings.app.quit", id="app.quit", priority=True,
                tooltip="tui.bindings.app.quit_tip"),
        # Textual's own palette key, with its texts in the catalogs (Textual adds none then)
        Binding("ctrl+p", "command_palette", "tui.bindings.app.palette", show=False, priority=True,
                tooltip="tui.bindings.app.palette_tip"),
    ]

    def __init__(self, db_path: str | Path | None = None, ruleset: str | None = None, *,
                 game: int | None = None, rng: random.Random | None = None, phones=None) -> None:
        super().__init__()
        # Starts the phone server for a store's path and gives it (scorekeeper.web.serving), handed
        # over by the command line (the app does not import the web package); None: no phones.
        self.phones = phones
        self.serving = None  # the phone server, once started (it runs until the app closes)
        self.db_path = db_path
        self.ruleset_ref = ruleset
        self.game_id = game  # a stored game to go on with at once (scorekeeper play GAME_ID)
        self.rng = rng or random.Random()  # first dealer by lot (inject for repeatable draws)
        self.store: Store | None = None  # opened once the start screen is drawn (_open_store)
        self._typed: dict[int, dict] = {}  # game id -> the deal half entered when it was left
        self._crash: Exception | None = None  # the exception nobody foresaw, for its report
        self.crash_line: str | None = None  # the line that names the report, printed once the app has closed
        self.register_theme(HIGH_CONTRAST)
        if "TEXTUAL_ANIMATIONS" not in os.environ:
            # no smooth scrolling: the box typed next is on screen in the frame after the key,
            # not a quarter of a second later (a table does not wait for animations)
            self.animation_level = "none"
        self.settings: Settings = load_settings()  # never raises: a bad file gives a warning
        self.collector = QuietCollector(self)  # started by run(): the collector for the whole process
        self._told_too_small = False  # the notice that the window is too small is up
        self._size_notices: set[str] = set()  # its texts, each size the window was told

    def on_resize(self, event: events.Resize) -> None:
        self.tell_size(event.size)

    def tell_size(self, size: tuple[int, int] | None = None, *, again: bool = False) -> None:
        """A window too small to show a deal's boxes says what it needs, once each time it gets
        too small, on the screen shown (the play screen says it on its status line); ``again``:
        once more (a screen shown anew, which clears what was said before). The app goes on: a
        larger window shows everything again. ``size``: the window's, when a resize gives it."""
        width, height = size or self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small and (again or not self._told_too_small):
            self._size_notices.add(told := t("tui.app.too_small", width=width, height=height,
                                             min_width=MIN_SIZE[0], min_height=MIN_SIZE[1]))
            self.screen.notify(told, severity="warning", timeout=10, markup=False)
        elif not small and self._told_too_small:
            self._take_back_size_notices()
        self._told_too_small = small

    def _take_back_size_notices(self) -> None:
        """The toasts that said the window was too small taken off, and no other (a settings
        warning or another notice stays on screen for its time)."""
        for notification in [n for n in self._notifications if n.message in self._size_notices]:
            self._unnotify(notification, refresh=False)
        self._size_notices.clear()
        self._refresh_notifications()

    def clear_toasts(self) -> None:
        """Textual's toasts taken off (a screen that says things its own way); a window too small
        for a deal's boxes is said again, on the screen shown."""
        self.clear_notifications()
        self.tell_size(again=True)

    def on_mount(self) -> None:
        from .screens.home import HomeScreen

        if self.settings.theme is not None:
            self.theme = THEME_NAMES[self.settings.theme]
        if self.settings.warning:
            self.notify(self.settings.warning, title=t("tui.app.settings_not_used"), severity="warning",
                        timeout=20, markup=False)
        # The start screen is drawn first; the store (and the rules engine it brings in)
        # is opened right after, and its games are then listed.
        self._home = HomeScreen()
        self.push_screen(self._home)
        self.call_after_refresh(self._open_store)

    def _open_store(self) -> None:
        from ..store.db import Store, StoreError
        from .screens.dialogs import StoreErrorScreen

        try:
            self.store = Store(self.db_path)
        except (StoreError, OSError) as exc:
            self.switch_screen(StoreErrorScreen(str(exc)))
            return
        self._home.store = self.store  # the start screen lists the games
        if self.ruleset_ref:
            self.open_ruleset(self.ruleset_ref)
        elif self.game_id is not None:
            self.on_game_chosen(GameChosen(self.game_id))

    def on_unmount(self) -> None:
        self.collector.stop()
        if self.serving is not None:
            self.serving.stop()
            self.serving = None
        if self.store is not None:
            self.store.close()

    def key_handled(self) -> None:
        self.collector.key_done()  # the young objects collected once the app is quiet

    def show_phones(self) -> None:
        """Start the phone server for this store (the first time), and show where phones open it."""
        from .screens.phones import PhonesDialog

        problem = None
        if self.serving is None and self.phones is not None and self.store is not None:
            try:
                self.serving = self.phones(self.store.path)
            except ValueError as exc:  # StoreError, BoardError: nothing left running
                problem = show(exc)
        self.push_screen(PhonesDialog(self.serving, problem))

    # -- switching screens
    def open_ruleset(self, ref: str) -> None:
        """New game of a built-in ruleset or a ruleset file; its problems if it is broken."""
        from ..game.limits import check_ruleset
        from ..rules.paths import names_a_file
        from ..rules.ruleset import RulesetError, find_ruleset_path, load_ruleset
        from .screens.dialogs import RulesetProblemsScreen
        from .screens.new_game import NewGameScreen

        try:
            path = find_ruleset_path(ref)
        except RulesetError as exc:
            self.push_screen(RulesetProblemsScreen(ref, [p.message for p in exc.problems]))
            return
        is_file = names_a_file(str(ref))
        problems = check_ruleset(path)
        if problems:
            self.push_screen(RulesetProblemsScreen(str(ref), problems))
            return
        try:
            ruleset = load_ruleset(str(path) if is_file else ref)
        except RulesetError as exc:
            self.push_screen(RulesetProblemsScreen(str(ref), exc.problems))
            return
        self.push_screen(NewGameScreen(ruleset, str(path.resolve()) if is_file else ref))

    def on_ruleset_chosen(self, message: RulesetChosen) -> None:
        self.open_ruleset(message.ref)

    def _back_home(self) -> None:
        from .screens.home import HomeScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def play(self, stored, told: tuple[str, str] | None = None) -> None:
        from .screens.play import PlayScreen

        def left(typed: dict | None) -> None:
            self._typed[stored.id] = typed or {}

        self._back_home()
        self.push_screen(PlayScreen(stored, self._typed.pop(stored.id, None), told), left)
        self.collector.game_shown()  # what the game keeps set aside from later collections

    def follow_game(self, game_id: int) -> None:
        """The game on screen was changed by another writer: open it again as stored (what is
        typed of the next deal comes back from the store's draft, if that deal is still next)."""
        assert self.store is not None  # (a game is shown from the store)
        try:
            stored = self.store.load(game_id)
        except ValueError:  # StoreError: it stays as shown; the next write says why it cannot be saved
            return
        game = stored.game
        said = (t("tui.play.followed_over") if game.is_over else
                t("tui.play.followed", number=game.next_deal))
        self._typed.pop(game_id, None)
        self.play(stored, (t("tui.play.followed_title"), said))

    def on_game_created(self, message: GameCreated) -> None:
        self.play(message.stored, message.told)

    def on_game_chosen(self, message: GameChosen) -> None:
        assert self.store is not None  # (a game is chosen among the store's, once it is open)
        try:
            stored = self.store.load(message.game_id)
        except ValueError as exc:  # StoreError
            self.bell()
            self.notify(str(exc), title=t("tui.app.cannot_open_game"), severity="error", timeout=15,
                        markup=False)
            return
        self.play(stored)

    # -- settings
    def change_settings(self, **changes) -> None:
        """Change settings (e.g. ``lang="fi"``) and save them at once; a failed save is told.
        A new language is used at once (:meth:`language_changed`)."""
        new = replace(self.settings, **changes)
        lang = changes.get("lang")
        if lang in LANGUAGES and lang != get_language():
            set_language(lang)
            self.language_changed()
        if new == self.settings:
            return
        self.settings = new
        try:
            save_settings(new)
        except OSError as exc:
            self.notify(t("tui.app.settings_not_written", path=str(settings_path()), error=str(exc.strerror or exc)),
                        title=t("tui.app.settings_not_saved"), severity="error", timeout=15, markup=False)

    def language_changed(self) -> None:
        """The language was switched: the key footers of every open screen show it (the
        screens draw their own texts again when they are shown)."""
        for screen in self.screen_stack:
            screen.refresh_bindings()

    async def on_language_switched(self, message: LanguageSwitched) -> None:
        """Show every screen in the language just chosen: a fresh start screen, and the
        settings on it (the screens below were drawn in the old language)."""
        from .screens.home import HomeScreen
        from .screens.settings import SettingsScreen

        while len(self.screen_stack) > 1:
            await self.pop_screen()
        self._home = HomeScreen()  # given the store once it is open (_open_store)
        await self.push_screen(self._home)
        self._home.store = self.store
        await self.push_screen(SettingsScreen(focus_language=True))

    def watch_theme(self, theme_name: str) -> None:
        """Remember the theme (ctrl+t, the settings screen or the command palette chose it), and
        mark the app ``-high-contrast`` in that theme for app.tcss (Textual 8 marks the app with
        the theme's name itself; Textual 7, the lowest we allow, does not)."""
        self.set_class(theme_name == HIGH_CONTRAST.name, "-high-contrast")
        key = theme_key(theme_name)
        if key is not None and self.is_running and key != (self.settings.theme or "dark"):
            self.change_settings(theme=key)

    # -- actions
    def action_toggle_theme(self) -> None:
        """Dark -> light -> high contrast -> dark."""
        self.theme = next_theme(self.theme)

    def action_show_help_panel(self) -> None:
        """Show the keys panel (Textual's, with the keys' texts in the current language)."""
        from textual.widgets import HelpPanel

        from .widgets.keys_panel import KeysHelpPanel

        if not self.screen.query(HelpPanel):
            self.screen.mount(KeysHelpPanel())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette offers every key the footer shows (that applies now), and Textual's own,
        all in the current language."""
        own = self._textual_commands()
        for command in super().get_system_commands(screen):
            title, help_text = own.get((command.title, command.help), (command.title, command.help))
            yield SystemCommand(title, help_text, command.callback, command.discover)
        seen = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if (not binding.show or not binding.description or not active.enabled or binding.system
                    or binding.action in seen):
                continue
            if binding.action in ("quit", "app.quit"):
                continue
            seen.add(binding.action)

            async def run(action=binding.action, node=active.node) -> None:
                await self.run_action(action, node)

            key = self.get_key_display(binding)
            description = binding_text(binding.description)
            yield SystemCommand(t("tui.app.command", description=description, keys=key),
                                binding_text(binding.tooltip) or description, run)

    # -- the last resort
    def _handle_exception(self, error: Exception) -> None:
        self._crash = error  # Textual's _fatal_error below is not given it
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """An exception nobody foresaw: the app closes with one line that names a report file
        (:mod:`scorekeeper.crash`), not Textual's traceback. Saved games are as their last
        confirmed entry left them: each entry is stored in one transaction."""
        from ..crash import crash_report

        self.bell()
        error = self._crash or self._exception
        assert error is not None  # (Textual calls this from _handle_exception, given the error)
        line = crash_report(error, near=self._store_path())
        self.crash_line = t("cli.errors.line", prog="scorekeeper", text=line)  # run() prints it, whole
        self._close_messages_no_wait()

    def _store_path(self) -> Path | None:
        return Path(self.store.path) if self.store is not None else None

    @staticmethod
    def _textual_commands() -> dict[tuple[str, str], tuple[str, str]]:
        """Textual's own palette commands (its English title and help) -> ours in the language."""
        return {
            ("Theme", "Change the current theme"):
                (t("tui.app.system.theme"), t("tui.app.system.theme_help")),
            ("Quit", "Quit the application as soon as possible"):
                (t("tui.app.system.quit"), t("tui.app.system.quit_help")),
            ("Keys", "Hide the keys and widget help panel"):
                (t("tui.app.system.keys"), t("tui.app.system.keys_hide_help")),
            ("Keys", "Show help for the focused widget and a summary of available keys"):
                (t("tui.app.system.keys"), t("tui.app.system.keys_show_help")),
            ("Minimize", "Minimize the widget and restore to normal size"):
                (t("tui.app.system.minimize"), t("tui.app.system.minimize_help")),
            ("Maximize", "Maximize the focused widget"):
                (t("tui.app.system.maximize"), t("tui.app.system.maximize_help")),
            ("Screenshot", "Save an SVG 'screenshot' of the current screen"):
                (t("tui.app.system.screenshot"), t("tui.app.system.screenshot_help")),
        }


def on_a_terminal() -> bool:
    """Whether keys can be read (standard input) and the screen drawn (standard error) on a terminal."""
    try:
        return sys.stdin is not None and sys.stderr is not None and sys.stdin.isatty() and sys.stderr.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


def run(db_path: str | Path | None = None, ruleset: str | None = None, game: int | None = None,
        phones=None) -> int:
    """Start the app on the store at ``db_path`` (default: the user's store); with
    ``ruleset`` (a built-in id or a .toml file) straight into a new game of it, with ``game``
    (a stored game's id) into that game where it was left.

    The app reads keys from standard input and draws on standard error (Textual's way, which
    leaves standard output free): started without a terminal on both (from a script, a pipe,
    a service), it would wait for keys that never come while writing the screen's codes into
    a file. Then it says so in one line and returns 2, and nothing is opened."""
    if not on_a_terminal():
        print(t("cli.errors.line", prog="scorekeeper", text=t("cli.errors.no_terminal")), file=sys.stderr)
        return 2
    app = ScorekeeperApp(db_path, ruleset, game=game, phones=phones)
    app.collector.start()  # (the process's collector: not for an app in a test)
    try:
        app.run()
    finally:
        app.collector.stop()
    if app.crash_line is not None:
        print(app.crash_line, file=sys.stderr)
    return app.return_code or 0


if TYPE_CHECKING:
    def _has_the_parts(app: ScorekeeperApp) -> AppParts:
        return app  # the checker's proof that the app has what the screens use (app_parts.TableApp)
