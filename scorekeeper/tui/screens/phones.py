"""Phones at the table, from the terminal app: the phone page's address, its QR code and the join code.

The app does not serve pages itself: the command line hands it a way to start ``scorekeeper serve``
for its store in this process (``ScorekeeperApp.phones``, :mod:`scorekeeper.web.serving`). The
first time this dialog opens, the server starts; it runs until the app closes. The page is
announced by name on the network as ``serve --lan`` announces it; the dialog shows the name
once it is known (a second or two: the network is asked whether another server has it).
"""

from __future__ import annotations

import io

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import t
from ..widgets.key_footer import KeyFooter


def qr_text(url: str) -> str:
    """The address as a QR code of text blocks (segno), light modules drawn, dark ones left blank."""
    import segno  # (only when the dialog opens)

    drawn = io.StringIO()
    segno.make(url, error="l").terminal(out=drawn, compact=True, border=1)
    return drawn.getvalue().rstrip("\n")


class PhonesDialog(ModalScreen[None]):
    """Where the phones open the page: the address, its QR code, the join code; or why the server
    could not start."""

    DEFAULT_CSS = """
    PhonesDialog { align: center middle; }
    PhonesDialog #dialog { width: 76; height: auto; max-height: 100%; padding: 0 1; }
    PhonesDialog #phones-body { height: auto; }
    PhonesDialog #phones-qr { width: auto; color: #ffffff; background: #000000; margin-right: 1; }
    PhonesDialog #phones-text { width: 1fr; height: auto; }
    """

    BINDINGS = [Binding("escape", "close", "tui.bindings.phones.close", id="phones.close")]

    def __init__(self, serving=None, problem: str | None = None) -> None:
        """``serving``: the running server (:class:`scorekeeper.web.serving.Serving`); else ``problem``."""
        super().__init__()
        self.serving = serving
        self.problem = problem

    def compose(self):
        serving = self.serving
        with Vertical(id="dialog"):
            yield Static(t("tui.phones.title"), classes="dialog-title")
            with Horizontal(id="phones-body"):
                if serving is not None and serving.remote:  # the QR code beside the words: it fits 80 x 24
                    yield Static(Text(qr_text(serving.remote[0]), no_wrap=True), id="phones-qr")
                with VerticalScroll(id="phones-text"):
                    yield from self._words(serving)
        yield KeyFooter()

    def _words(self, serving):
        if serving is None:
            yield Static(Text(t("tui.phones.not_started", problem=self.problem or "")), id="phones-problem")
            return
        if serving.remote:
            yield Static(t("tui.phones.open"), markup=False)
            yield Static(Text(serving.remote[0]), id="phones-url")
        else:
            yield Static(Text(t("tui.phones.no_network", url=serving.local[0] if serving.local else "")),
                         id="phones-url")
        yield Static(Text(t("tui.phones.code", code=serving.code)), id="phones-code")
        if serving.not_kept:
            yield Static(Text(serving.not_kept), markup=False)
        if getattr(serving, "announced", None) is not None:  # the name, once the network has been asked
            yield Static(Text(serving.announced.said or ""), id="phones-name")

    def on_mount(self) -> None:
        announced = getattr(self.serving, "announced", None)
        if announced is not None and announced.said is None:
            self._asking = self.set_interval(0.25, self._named)

    def _named(self) -> None:
        """The line saying the name the page is announced by (or why it is not), when it is known."""
        said = self.serving.announced.said
        if said is not None:
            self._asking.stop()
            self.query_one("#phones-name", Static).update(Text(said))

    def action_close(self) -> None:
        self.dismiss(None)
