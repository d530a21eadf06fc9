"""SettingsScreen: the theme and the language, each saved the moment it is chosen."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...settings import LANGUAGES, THEMES, settings_path
from ..themes import THEME_NAMES, theme_key
from ..widgets.key_footer import KeyFooter


class ChoiceList(OptionList):
    """A short list of choices; Enter chooses (the choice in use is marked ● and 'in use')."""

    BINDINGS = [Binding("enter", "select", "Choose", id="settings.choose")]


def choice_line(label: str, chosen: bool) -> Text:
    """A choice as the list shows it: a mark and a word for the one in use, never colour alone."""
    text = Text("● " if chosen else "○ ")
    text.append(label, "bold" if chosen else "")
    if chosen:
        text.append("  (in use)")
    return text


class SettingsScreen(Screen[None]):
    """Choose the theme (dark, light, high contrast) and the language; both are saved at once."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="settings.back"),
        Binding("tab", "app.focus_next", "Next list", show=False, id="settings.next"),
        Binding("shift+tab", "app.focus_previous", "Previous list", show=False, id="settings.previous"),
    ]

    def compose(self):
        yield Static("Settings", classes="screen-title")
        yield Static("Theme (ctrl+t switches it anywhere)", classes="section settings-section")
        yield ChoiceList(id="settings-theme")
        yield Static("Language", classes="section settings-section")
        yield ChoiceList(id="settings-lang")
        yield Static(id="settings-note", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show()
        self.query_one("#settings-theme", OptionList).focus()
        self.watch(self.app, "theme", lambda _: self._show(), init=False)

    def _show(self) -> None:
        """Mark the theme and the language in use, keeping each list's highlight where it was."""
        theme = theme_key(self.app.theme)
        lang = self.app.settings.lang or "en"
        for list_id, choices, current in (("#settings-theme", THEMES, theme), ("#settings-lang", LANGUAGES, lang)):
            menu = self.query_one(list_id, OptionList)
            highlighted = menu.highlighted
            menu.clear_options()
            for key, label in choices.items():
                menu.add_option(Option(choice_line(label, key == current), id=key))
            keys = list(choices)
            menu.highlighted = highlighted if highlighted is not None else (
                keys.index(current) if current in keys else 0)
        self.query_one("#settings-note", Static).update(Text(
            f"Saved in {settings_path()} as soon as a choice is made. "
            "The language is kept for the translations to come; the screens are in English for now."))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key = event.option.id
        if event.option_list.id == "settings-theme":
            self.app.theme = THEME_NAMES[key]  # the app remembers it (ScorekeeperApp.watch_theme)
        else:
            self.app.change_settings(lang=key)
        self._show()
