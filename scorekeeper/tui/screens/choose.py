"""ChooseRulesetScreen: which game to play."""

from __future__ import annotations

from rich.text import Text
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


class ChooseRulesetScreen(Screen[None]):
    """The built-in games, and a ruleset file of one's own."""

    BINDINGS = [
        Binding("o", "open_file", "tui.bindings.choose.open", id="choose.open"),
        Binding("escape", "app.pop_screen", "tui.bindings.choose.back", id="choose.back"),
    ]

    def compose(self):
        yield Static(t("tui.choose.title"), classes="screen-title")
        yield MenuList(id="choose-list")
        yield KeyFooter()

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
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
        own = own_rulesets()
        if own:  # the table's own ruleset files: a file opened is checked as one typed (o) is
            menu.add_option(None)
            menu.add_option(Option(Text(t("play.new_game.own_rulesets", folder=rulesets_folder()), style="bold"),
                                   disabled=True))
            for name, path in own:
                menu.add_option(Option(Text(name), id=path))
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
