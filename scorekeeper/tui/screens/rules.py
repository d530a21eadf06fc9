"""RulesScreen: the rules summary of each game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...rules.ruleset import RulesetError, builtin_ids, load_ruleset
from ...i18n import get_language, show, t
from ...play.summary import Piece, rules_summary
from ..widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from ...rules.model import Ruleset


# How each part of the summary looks.
LOOKS = {"name": "bold", "aka": "italic", "heading": "bold", "phase": "underline", "option": "bold",
         "help": "dim", "source": "dim"}


def summary_text(pieces: tuple[Piece, ...]) -> Text:
    """The rules summary as rich text, each part in its look."""
    text = Text()
    for piece in pieces:
        text.append(piece.text, style=LOOKS.get(piece.role))
    return text


class RulesScreen(Screen[None]):
    """Each built-in game on the left, its rules on the right."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "tui.bindings.rules.back", id="rules.back"),
        Binding("tab", "app.focus_next", "tui.bindings.rules.next", show=False, id="rules.next"),
    ]

    def compose(self):
        yield Static(t("tui.rules.title"), classes="screen-title")
        with Horizontal(id="rules-body"):
            yield OptionList(id="rules-list")
            with VerticalScroll(id="rules-scroll"):
                yield Static(id="rules-text", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.rulesets: dict[str, Ruleset | Exception] = {}  # by id: the ruleset, or why it cannot be loaded
        menu = self.query_one(OptionList)
        for rid in builtin_ids():
            try:
                self.rulesets[rid] = load_ruleset(rid).localized(get_language())
            except (RulesetError, ValueError) as exc:
                self.rulesets[rid] = exc
            name = getattr(self.rulesets[rid], "name", rid)
            menu.add_option(Option(Text(name), id=rid))
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        rs = self.rulesets.get(event.option.id or "")
        text = self.query_one("#rules-text", Static)
        if isinstance(rs, Exception):
            text.update(Text(t("tui.rules.cannot_load", error=show(rs))))
        elif rs is not None:
            text.update(summary_text(rules_summary(rs)))
        self.query_one("#rules-scroll").scroll_home(animate=False)
