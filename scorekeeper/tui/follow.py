"""Screens that list what is stored follow the store: another writer's change is shown by itself.

A phone through ``scorekeeper serve`` (or the app open twice) may start a game or confirm a
deal while the start screen, the history, the statistics or the session's standing is open.
Each of these screens mixes in :class:`ShowsTheStore`: every :data:`~.timers.FOLLOW_EVERY`
seconds it reads the store's mark of its latest change (one indexed query,
:func:`~scorekeeper.store.watch.latest_change`) and, only when that mark moved since the
screen was last made, makes it again with :meth:`ShowsTheStore.show_stored`. Nothing is
drawn again while nobody writes, and nothing while another screen is on top of it (its
``on_screen_resume`` makes it again then).
"""

from __future__ import annotations

from .timers import FOLLOW_EVERY


class ShowsTheStore:
    """Mixed into a :class:`~textual.screen.Screen`: call :meth:`follow_the_store` once
    mounted and :meth:`seen_now` just before each reading of the store; define
    :meth:`show_stored`."""

    _seen: object = None  # the store's mark when the screen was made last

    def follow_the_store(self) -> None:
        self.set_interval(FOLLOW_EVERY, self.follow_store, name="follow-store")  # type: ignore[attr-defined]

    def store_mark(self) -> object:
        """The store's mark of its latest change (a game added or played), or why there is none."""
        from ..store.watch import latest_change

        store = self.app.store  # type: ignore[attr-defined]
        if store is None:
            return "opening"
        try:
            return latest_change(store)
        except ValueError:  # StoreError: shown as it cannot be read
            return "unreadable"

    def seen_now(self) -> None:
        """Called before the screen reads the store: a change made meanwhile is seen next time."""
        self._seen = self.store_mark()

    def follow_store(self) -> None:
        """Make the screen again if another writer changed the store since it was made."""
        if self.app.screen is self and self.store_mark() != self._seen:  # type: ignore[attr-defined]
            self.show_stored()

    def show_stored(self) -> None:
        raise NotImplementedError
