"""RulesScreen: the rules summary of each game."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...rules.ruleset import RulesetError, builtin_ids, load_ruleset
from ..summary import rules_summary
from ..widgets.key_footer import KeyFooter


class RulesScreen(Screen[None]):
    """Each built-in game on the left, its rules on the right."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="rules.back"),
        Binding("tab", "app.focus_next", "Switch list/text", show=False, id="rules.next"),
    ]

    def compose(self):
        yield Static("Rules of the games", classes="screen-title")
        with Horizontal(id="rules-body"):
            yield OptionList(id="rules-list")
            with VerticalScroll(id="rules-scroll"):
                yield Static(id="rules-text", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.rulesets = {}
        menu = self.query_one(OptionList)
        for rid in builtin_ids():
            try:
                self.rulesets[rid] = load_ruleset(rid)
            except RulesetError as exc:
                self.rulesets[rid] = exc
            name = getattr(self.rulesets[rid], "name", rid)
            menu.add_option(Option(Text(name), id=rid))
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        rs = self.rulesets.get(event.option.id)
        text = self.query_one("#rules-text", Static)
        if isinstance(rs, Exception):
            text.update(Text(f"This ruleset cannot be loaded:\n{rs}"))
        elif rs is not None:
            text.update(rules_summary(rs))
        self.query_one("#rules-scroll").scroll_home(animate=False)
