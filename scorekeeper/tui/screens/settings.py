"""SettingsScreen: the theme and the language, each saved the moment it is chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import get_language, set_language, t
from ...settings import LANGUAGES, THEMES, settings_path
from ..messages import LanguageSwitched
from ..themes import THEME_NAMES, theme_key
from ..widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from ..app_parts import TableApp


def theme_label(key: str) -> str:
    """A theme's name in the current language (the settings file keeps the key)."""
    if key == "dark":
        return t("tui.settings.theme_name.dark")
    if key == "light":
        return t("tui.settings.theme_name.light")
    if key == "high-contrast":
        return t("tui.settings.theme_name.high_contrast")
    return THEMES.get(key, key)


class ChoiceList(OptionList):
    """A short list of choices; Enter chooses (the choice in use is marked ● and 'in use')."""

    BINDINGS = [Binding("enter", "select", "tui.bindings.settings.choose", id="settings.choose")]


def choice_line(label: str, chosen: bool) -> Text:
    """A choice as the list shows it: a mark and a word for the one in use, never colour alone."""
    text = Text("● " if chosen else "○ ")
    text.append(label, "bold" if chosen else "")
    if chosen:
        text.append("  " + t("tui.settings.in_use"))
    return text


class SettingsScreen(Screen[None]):
    """Choose the theme (dark, light, high contrast) and the language; both are saved at once.

    A language chosen here is used at once: the app builds every screen again in it
    (:class:`~scorekeeper.tui.messages.LanguageSwitched`).
    """

    # the app it runs in, for the checker (mypy before 2 wants an ignore here: Textual's `app` is a descriptor)
    app: TableApp  # type: ignore[assignment, unused-ignore]

    BINDINGS = [
        Binding("escape", "app.pop_screen", "tui.bindings.settings.back", id="settings.back"),
        Binding("tab", "app.focus_next", "tui.bindings.settings.next", show=False, id="settings.next"),
        Binding("shift+tab", "app.focus_previous", "tui.bindings.settings.previous", show=False,
                id="settings.previous"),
    ]

    def __init__(self, focus_language: bool = False) -> None:
        super().__init__()
        self.focus_language = focus_language  # opened again after a switch of language

    def compose(self):
        yield Static(t("tui.settings.title"), classes="screen-title")
        yield Static(t("tui.settings.theme"), classes="section settings-section")
        yield ChoiceList(id="settings-theme")
        yield Static(t("tui.settings.language"), classes="section settings-section")
        yield ChoiceList(id="settings-lang")
        yield Static(id="settings-note", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show()
        first = "#settings-lang" if self.focus_language else "#settings-theme"
        self.query_one(first, OptionList).focus()
        self.watch(self.app, "theme", lambda _: self._show(), init=False)

    def _show(self) -> None:
        """Mark the theme and the language in use, keeping each list's highlight where it was."""
        theme = theme_key(self.app.theme)
        lang = self.app.settings.lang or get_language()
        themes = {key: theme_label(key) for key in THEMES}
        lists = (("#settings-theme", themes, theme), ("#settings-lang", LANGUAGES, lang))
        for list_id, choices, current in lists:
            menu = self.query_one(list_id, OptionList)
            highlighted = menu.highlighted
            menu.clear_options()
            for key, label in choices.items():
                menu.add_option(Option(choice_line(label, key == current), id=key))
            keys = list(choices)
            menu.highlighted = highlighted if highlighted is not None else (
                keys.index(current) if current in keys else 0)
        note = self.query_one("#settings-note", Static)
        note.update(Text(t("tui.settings.note", path=str(settings_path()))))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key = event.option.id or ""
        if event.option_list.id == "settings-theme":
            self.app.theme = THEME_NAMES[key]  # the app remembers it (ScorekeeperApp.watch_theme)
            self._show()
            return
        before = get_language()
        self.app.change_settings(lang=key)  # saved (and made current by the app)
        if key != before:
            set_language(key)
            self.app.post_message(LanguageSwitched())
        else:
            self._show()
