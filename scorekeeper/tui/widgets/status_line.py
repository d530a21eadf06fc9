"""StatusLine: a screen's latest notice on a line of its own, covering nothing.

Textual's notifications are toasts laid over the screen's corner: at the table that is
the score board's last columns and the keys, for seconds after every confirmed deal, and
a toast outlives the screen that made it. The play screen says "Saved", "Undone", a
refusal or the winners here instead: the line between the form and the score board (a
rule while there is nothing to say), taller only for a notice that does not fit one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...values import dataclass
from .redraw import PartLooks, placed_size, redraw

if TYPE_CHECKING:
    from textual.timer import Timer

SIGNS = {"information": "", "warning": "⚠ ", "error": "✗ "}  # (colour is not the only cue)
KEPT = 50
"""The notices a line remembers (:attr:`StatusLine.said`)."""


@dataclass(frozen=True)
class Notice:
    """Something the screen tells the table."""

    message: str
    title: str = ""
    severity: str = "information"  # information, warning or error


class StatusLine(PartLooks, Widget):
    """The latest notice, until it times out or another comes; a rule otherwise."""

    COMPONENT_CLASSES = {"status-line--rule", "status-line--title", "status-line--information",
                         "status-line--warning", "status-line--error"}

    # (each kind of notice in a part's colour, which the line draws itself: a class of the
    # line toggled at every notice worked its styles out again, on the key that said it and
    # on the key after it, which takes it back)
    DEFAULT_CSS = """
    StatusLine { height: auto; max-height: 4; }
    StatusLine > .status-line--rule { color: $primary; }
    StatusLine > .status-line--title { text-style: bold; }
    StatusLine > .status-line--information { color: $text-success; }
    StatusLine > .status-line--warning { color: $text-warning; }
    StatusLine > .status-line--error { color: $text-error; }
    """

    notice: reactive[Notice | None] = reactive(None)
    """The notice shown (None: the rule)."""

    virtual_size = placed_size()
    """(A notice of two lines lays the screen out once, not twice: see placed_size.)"""

    rest: reactive[str] = reactive("")
    """What the rule shows while nothing is said, on one line (the play screen: the bids of
    the deal being typed, once the form has scrolled past them)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.said: list[Notice] = []  # the latest notices, oldest first (at most KEPT)
        self._timer: Timer | None = None

    def say(self, notice: Notice, timeout: float) -> None:
        """Show ``notice`` for ``timeout`` seconds (or until the next one)."""
        self.said = self.said[-(KEPT - 1):] + [notice]
        if self._timer is not None:
            self._timer.stop()
        self.notice = notice
        self._timer = self.set_timer(timeout, lambda: self._timed_out(notice))

    def tell(self, message: str, timeout: float) -> None:
        """What a key says until the next (``message``, or "": nothing): a notice that only tells
        goes, a warning or an error stays until it times out."""
        self.clear(told_only=True)
        if message:
            self.say(Notice(message), timeout)

    def clear(self, told_only: bool = False) -> None:
        """Back to the rule (the screen is left: its notices are not shown on another);
        ``told_only``: only a notice that tells (no warning or error, which stay until they
        time out)."""
        if self.notice is None or (told_only and self.notice.severity != "information"):
            return
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.notice = None

    def _timed_out(self, notice: Notice) -> None:
        if self.notice is notice:
            self._timer = None
            self.notice = None

    def watch_notice(self, notice: Notice | None) -> None:
        redraw(self)  # (laid out again only when a notice takes more than a line, or gives it back)

    def watch_rest(self) -> None:
        if self.notice is None:
            self.refresh()  # (one line, cropped: never laid out again)

    def render(self) -> Text:
        notice = self.notice
        if notice is None:
            rule = self.part_look("status-line--rule")
            text = Text(no_wrap=True, overflow="crop", end="")
            if self.rest:
                text.append("─ ", rule)
                text.append(self.rest)
                text.append(" ")
            text.append("─" * max(1, self.size.width - text.cell_len), rule)
            return text
        severity = notice.severity if notice.severity in SIGNS else "information"
        text = Text(" " + SIGNS[severity], self.part_look(f"status-line--{severity}"))
        if notice.title:  # (in line with the form's text)
            text.append(notice.title, self.part_look("status-line--title"))
            text.append(": " if notice.message else "")
        text.append(notice.message.replace("\n", "; "))
        return text
