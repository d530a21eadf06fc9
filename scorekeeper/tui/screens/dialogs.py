"""Small screens: a file to open, and the screens that explain why something cannot start."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from ...i18n import show, t, tn
from ..widgets.key_footer import KeyFooter


class OpenFileDialog(ModalScreen[str | None]):
    """Asks for the path of a ruleset file (.toml)."""

    BINDINGS = [Binding("escape", "cancel", "tui.bindings.open_file.cancel", id="open.cancel")]

    def compose(self):
        with Vertical(id="dialog"):
            yield Static(t("tui.dialogs.open.title"), classes="dialog-title")
            yield Static(t("tui.dialogs.open.prompt"), markup=False)
            yield Input(placeholder=t("tui.dialogs.open.placeholder"), id="open-path")
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
            error = self.query_one("#open-error", Static)
            error.update(Text(t("tui.dialogs.open.no_file", path=text)))
            self.app.bell()
            return
        self.dismiss(str(path.resolve()))

    def action_cancel(self) -> None:
        self.dismiss(None)


class StoreErrorScreen(Screen[None]):
    """The game store cannot be used: says why, and writes nothing."""

    BINDINGS = [
        Binding("q", "app.quit", "tui.bindings.store_error.quit", id="store-error.quit"),
        Binding("escape", "app.quit", "tui.bindings.store_error.quit", show=False,
                id="store-error.escape"),
    ]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self):
        with Vertical(id="problem"):
            yield Static(t("tui.dialogs.store_error.title"), classes="dialog-title")
            yield Static(Text(self.message), id="store-error", markup=False)
            yield Static(t("tui.dialogs.store_error.advice"), markup=False)
        yield KeyFooter()


class RulesetProblemsScreen(Screen[None]):
    """A ruleset file that cannot be played: every problem `rules check` finds."""

    BINDINGS = [
        Binding("escape", "back", "tui.bindings.problems.back", id="problems.back"),
        Binding("q", "app.quit", "tui.bindings.problems.quit", id="problems.quit"),
    ]

    def __init__(self, ref: str, problems: Sequence[Any]) -> None:
        """``problems``: the ruleset's problems (or messages, or texts), worded when shown."""
        super().__init__()
        self.ref = ref
        self.problems = problems

    def compose(self):
        with VerticalScroll(id="problem"):
            yield Static(Text(t("tui.dialogs.problems.title", ref=self.ref)),
                         classes="dialog-title", markup=False)
            count = len(self.problems)
            yield Static(tn("tui.dialogs.problems.count", count), markup=False)
            yield Static(Text("\n".join(show(p) for p in self.problems)), id="problems-list",
                         markup=False)
            yield Static(t("tui.dialogs.problems.fix"), markup=False)
        yield KeyFooter()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.dismiss()
        else:
            self.app.exit()
