"""Small screens: a file to open, and the screens that explain why something cannot start."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from ..widgets.key_footer import KeyFooter


class OpenFileDialog(ModalScreen[str | None]):
    """Asks for the path of a ruleset file (.toml)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="open.cancel")]

    def compose(self):
        with Vertical(id="dialog"):
            yield Static("Open a ruleset file", classes="dialog-title")
            yield Static("The path of a .toml ruleset (a game of your own, or a house rule that extends one):",
                         markup=False)
            yield Input(placeholder="e.g. ~/games/our-lupaus.toml", id="open-path")
            yield Static(id="open-error", markup=False)
        yield KeyFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.dismiss(None)
            return
        path = Path(text).expanduser()
        if not path.is_file():
            self.query_one("#open-error", Static).update(Text(f"{text}: no such file"))
            self.app.bell()
            return
        self.dismiss(str(path.resolve()))

    def action_cancel(self) -> None:
        self.dismiss(None)


class StoreErrorScreen(Screen[None]):
    """The game store cannot be used: says why, and writes nothing."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit", id="store-error.quit"),
        Binding("escape", "app.quit", "Quit", show=False, id="store-error.escape"),
    ]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self):
        with Vertical(id="problem"):
            yield Static("The saved games cannot be opened", classes="dialog-title")
            yield Static(Text(self.message), id="store-error", markup=False)
            yield Static("Nothing was written to the file. Quit with q; start again with --db PATH to use "
                         "another file.", markup=False)
        yield KeyFooter()


class RulesetProblemsScreen(Screen[None]):
    """A ruleset file that cannot be played: every problem `rules check` finds."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="problems.back"),
        Binding("q", "app.quit", "Quit", id="problems.quit"),
    ]

    def __init__(self, ref: str, problems: list[str]) -> None:
        super().__init__()
        self.ref = ref
        self.problems = problems

    def compose(self):
        with VerticalScroll(id="problem"):
            yield Static(Text(f"{self.ref} cannot be played"), classes="dialog-title", markup=False)
            count = len(self.problems)
            yield Static(f"scorekeeper rules check finds {count} problem{'s' if count != 1 else ''}:", markup=False)
            yield Static(Text("\n".join(self.problems)), id="problems-list", markup=False)
            yield Static("Fix the file and open it again.", markup=False)
        yield KeyFooter()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.dismiss()
        else:
            self.app.exit()
