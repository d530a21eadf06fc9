"""No text on the app's screen reaches the terminal as a command.

A player's name, a ruleset's label or a check's message may hold ESC, CSI or another
control character (a file is text its author chose; the store keeps what it was given).
Textual measures such a character as taking no room and writes it to the terminal as it
is, where it would act: clear the screen, move the cursor, set the title.

:func:`guard_strips` makes the last step before the terminal, ``Strip.render`` (every
widget's lines pass through it), leave out every control character of the text it writes
(:func:`~scorekeeper.terminal.terminal_safe` with ``escape=False``: the layout was
measured without them, so it stays as drawn). Textual's own cursor and mode sequences are
separate control segments and are not touched. Installed once, when the app module is
imported, like :func:`~scorekeeper.tui.timers.guard_timers`.
"""

from __future__ import annotations

from functools import wraps

from rich.segment import Segment
from textual.strip import Strip

from ..terminal import terminal_safe

_GUARDED = "_scorekeeper_guarded"  # marks the wrapped method, so installing twice is harmless


def _shown(segment: Segment) -> Segment:
    text, style, control = segment
    if control:
        return segment
    safe = terminal_safe(text, escape=False)
    return segment if safe is text else Segment(safe, style, control)


def guard_strips() -> None:
    """Wrap ``Strip.render`` so the text of its segments carries no control character."""
    render = Strip.render
    if getattr(render, _GUARDED, False):
        return

    @wraps(render)
    def guarded(self: Strip, console):
        if self._render_cache is None:
            self._segments = [_shown(segment) for segment in self._segments]
        return render(self, console)

    setattr(guarded, _GUARDED, True)
    Strip.render = guarded
