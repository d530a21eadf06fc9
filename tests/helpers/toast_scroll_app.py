"""A Textual app of its own (no scorekeeper screen): a toast, and a key that scrolls a long
list while the toast is up. Run with the argument ``guarded`` it installs the app's
compositor guard first (scorekeeper.tui.control.guard_compositor)."""

import sys

from textual.app import App
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

if "guarded" in sys.argv[1:]:
    from scorekeeper.tui.control import guard_compositor

    guard_compositor()


class ToastAndScroll(App[None]):
    BINDINGS = [("s", "scroll_down", "Scroll")]

    def compose(self):
        with VerticalScroll(id="list"):
            for i in range(60):
                yield Static(f"line {i}")
        yield Footer()

    def on_mount(self) -> None:
        self.notify("Daniel deals first.", title="Drawn by lot", timeout=2)

    def action_scroll_down(self) -> None:
        self.query_one("#list").scroll_end(animate=False)


if __name__ == "__main__":
    ToastAndScroll().run()
