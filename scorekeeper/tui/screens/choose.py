"""ChooseRulesetScreen: which game to play, found by typing the start of its name."""

from __future__ import annotations

import unicodedata

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...rules.ruleset import RulesetError, builtin_ids, load_ruleset
from ...settings import own_rulesets, rulesets_folder
from ...i18n import get_language, show, t, tn
from ..messages import RulesetChosen
from ..widgets.key_footer import KeyFooter
from ..widgets.menu_list import MenuList
from .dialogs import OpenFileDialog


def players_text(ruleset) -> str:
    if ruleset.min_players == ruleset.max_players:
        return tn("game.count.players", ruleset.min_players)
    return t("tui.choose.players_range", min=ruleset.min_players, max=ruleset.max_players)


def folded(text: str) -> str:
    """Text as it is compared with what is typed: lower case, accents dropped ("Tysiąc" -> "tysiac")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


class GameList(MenuList):
    """The games; letters typed move to the game whose name starts with what was typed so far
    (else whose id, else one of whose other names, else a word of them: the first in the list of
    the first kind found), Backspace takes back a letter, the arrows start again."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.names: dict[str, list[list[str]]] = {}  # option id -> what it is found by, kind by kind
        self.typed = ""

    def find(self, typed: str) -> int | None:
        """The index of the option ``typed`` finds, or None."""
        found = [(kind, index) for index in range(self.option_count)
                 for kind, words in enumerate(self.names.get(self.get_option_at_index(index).id or "", []))
                 if any(word.startswith(typed) for word in words)]
        return min(found)[1] if found else None

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if event.key == "backspace" and self.typed:
            self._keep(self.typed[:-1])
        elif character is not None and len(character) == 1 and (character.isalnum() or character in " -'"):
            typed = self.typed + folded(character)
            # no game goes on so: a new search from this letter, else the line says so
            if not self._keep(typed) and not (self.typed and self._keep(folded(character))):
                self._say(t("tui.choose.not_found", typed=typed))
        elif event.key == "escape" and self.typed:
            self._keep("")
        else:
            if event.key in ("up", "down", "home", "end", "pageup", "pagedown"):
                self._keep("")
            return
        event.stop()
        event.prevent_default()

    def _keep(self, typed: str) -> bool:
        """Moves to what ``typed`` finds and keeps it; False (nothing changed) when it finds no game."""
        found = self.find(typed) if typed else None
        if typed and found is None:
            return False
        self.typed = typed
        if found is not None:
            self.highlighted = found
        self._say(t("tui.choose.found", typed=typed) if typed else t("tui.choose.find"))
        return True

    def _say(self, text: str) -> None:
        self.screen.query_one("#choose-find", Static).update(text)


class ChooseRulesetScreen(Screen[None]):
    """The built-in games, and a ruleset file of one's own."""

    BINDINGS = [
        # ctrl+o, not a letter: every letter finds a game
        Binding("ctrl+o", "open_file", "tui.bindings.choose.open", id="choose.open"),
        Binding("escape", "app.pop_screen", "tui.bindings.choose.back", id="choose.back"),
    ]

    def compose(self):
        yield Static(t("tui.choose.title"), classes="screen-title")
        yield Static(t("tui.choose.find"), id="choose-find")
        yield GameList(id="choose-list")
        yield KeyFooter()

    def on_mount(self) -> None:
        menu = self.query_one(GameList)
        for rid in builtin_ids():
            try:
                rs = load_ruleset(rid).localized(get_language())
            except (RulesetError, ValueError) as exc:
                menu.add_option(Option(Text(t("tui.choose.cannot_load", id=rid, error=show(exc))), disabled=True))
                continue
            text = Text()
            text.append(rs.name, style="bold")
            text.append(f"  {players_text(rs)}")
            if rs.aka:
                text.append("  " + t("tui.choose.aka", names=", ".join(rs.aka[:3])), style="dim")
            text.append("\n  " + rs.description.split(". ")[0].rstrip(".") + ".", style="dim")
            menu.add_option(Option(text, id=rid))
            menu.names[rid] = _words(rs.name, rid, *rs.aka)
        own = own_rulesets()
        if own:  # the table's own ruleset files: a file opened is checked as one typed (o) is
            menu.add_option(None)
            menu.add_option(Option(Text(t("play.new_game.own_rulesets", folder=rulesets_folder()), style="bold"),
                                   disabled=True))
            for name, path in own:
                menu.add_option(Option(Text(name), id=path))
                menu.names[path] = _words(name, name)
        menu.add_option(None)
        menu.add_option(Option(Text(t("tui.choose.open")), id="#open"))
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == "#open":
            self.action_open_file()
        elif event.option.id:
            self.app.post_message(RulesetChosen(event.option.id))

    def action_open_file(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.app.post_message(RulesetChosen(path))

        self.app.push_screen(OpenFileDialog(), chosen)


def _words(name: str, rid: str, *aka: str) -> list[list[str]]:
    """What a game is found by, first kind first: its name, its id, its other names, a word of them."""
    names = [folded(name), folded(rid), *map(folded, aka)]
    return [names[:1], names[1:2], names[2:],
            [word for each in names for word in each.replace("-", " ").replace("(", " ").split()[1:]]]
