"""KeyFooter: Textual's Footer, redrawn only when the keys it shows change."""

from __future__ import annotations

from textual.widgets import Footer


class KeyFooter(Footer):
    """The keys of the screen (dimmed when they do not apply now).

    Textual's Footer rebuilds itself whenever the focus moves; at the table the
    focus moves at every Enter, while the keys shown seldom change. This one
    rebuilds only when they do, which keeps entry quick on a slow machine.
    """

    _shown: tuple | None = None

    def bindings_changed(self, screen) -> None:
        shown = tuple((key, active.binding.description, active.enabled)
                      for key, active in screen.active_bindings.items() if active.binding.show)
        if shown == self._shown and self._bindings_ready:
            return
        self._shown = shown
        super().bindings_changed(screen)
