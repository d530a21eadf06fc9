"""Python's garbage collector kept out of the frames of keys while the app runs.

The cyclic collector runs whenever enough new objects were made, which at the table is in
the middle of a key: a confirmed deal or its undo makes some thousands, and the youngest
generation was collected four to eight times in each (0.2-0.6 ms a time), the two younger
ones now and then (5-9 ms), and every few dozen keys all of them: some 80,000 objects once a
game is open, a collection of 40-120 ms that made one key in many draw its frame that late.

:class:`QuietCollector`, while the app runs (:func:`~.app.run` starts it):

* once a game is on screen, at the first quiet moment, collects everything once and sets
  what is left aside (``gc.freeze``): the modules, the rulesets, the screens and the game
  are never walked again by a collection (they live as long as the app, or until the next
  game is shown: its own full collection then gets what they left);
* lets the interpreter collect by itself only after many more new objects (YOUNG_LIMIT, a
  backstop: text pasted, keys typed without a pause);
* collects the young objects when the app is quiet after a key (QUIET_AFTER), and every
  object made since the game was shown once every FULL_EVERY such collections; while no key
  comes, what its timers make, now and then (IDLE_EVERY).

Nothing about what is stored or drawn depends on it: a collection only frees objects that
nothing can reach. Stopped with the app, it puts the collector back as it found it.
"""

from __future__ import annotations

import gc

YOUNG_LIMIT = 50_000
"""New objects (less those freed) after which the interpreter collects the youngest
generation by itself (700 by default)."""

QUIET_AFTER = 0.1
"""Seconds after a key's frame (with no key waiting) before the young objects are collected."""

FULL_EVERY = 40
"""Collections of the two young generations between two of every object not set aside."""

IDLE_EVERY = 5.0
"""Seconds between two looks, while no key comes, at the new objects the app's timers made
(a screen's look at the store twice a second): collected once there are IDLE_LIMIT."""

IDLE_LIMIT = 5_000
"""New objects that a look while no key comes collects (fewer: left for the next key's collection)."""


class QuietCollector:
    """The collections of an app (``app``: :class:`~.keys.KeysInOrder`), made when it is quiet."""

    def __init__(self, app) -> None:
        self.app = app
        self.usual: tuple[int, ...] | None = None  # the thresholds before start(), put back by stop()
        self.settle_wanted = False  # a game was shown: collect everything, then set it aside
        self.settled = 0  # how many times that was done
        self.quiet_collections = 0  # young collections made when quiet (for the tests)
        self._timer = None
        self._idle = None  # the interval timer of _collect_if_grown (made with the first key)

    @property
    def running(self) -> bool:
        return self.usual is not None

    def start(self) -> None:
        if self.running:
            return
        self.usual = gc.get_threshold()
        gc.set_threshold(YOUNG_LIMIT, *self.usual[1:])

    def stop(self) -> None:
        """The collector as it was before start(); nothing stays set aside."""
        if not self.running:
            return
        assert self.usual is not None  # (running)
        gc.set_threshold(*self.usual)
        self.usual = None
        gc.unfreeze()
        for timer in (self._timer, self._idle):
            if timer is not None:
                timer.stop()
        self._timer = self._idle = None

    def game_shown(self) -> None:
        """A game's screen was put up: what it keeps (and the app) is set aside at the next quiet moment."""
        if self.running:
            self.settle_wanted = True
            self.key_done()

    def key_done(self) -> None:
        """A key was handled and its frame drawn: collect once the app is quiet after it."""
        if not self.running:
            return
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.app.set_timer(QUIET_AFTER, self._collect, name="quiet-collection")
        if self._idle is None:
            self._idle = self.app.set_interval(IDLE_EVERY, self._collect_if_grown, name="idle-collection")

    def _collect_if_grown(self) -> None:
        """No key for a while: what the timers made is collected before a key would meet it."""
        if self._timer is None and gc.get_count()[0] >= IDLE_LIMIT:
            self._collect()

    def _collect(self) -> None:
        self._timer = None
        if not self.running or self.app.key_pending:
            return  # the key being handled asks again when it is done
        if self.settle_wanted:
            self.settle_wanted = False
            gc.unfreeze()  # (what the game shown before kept is collected now, if nothing reaches it)
            gc.collect()
            gc.freeze()
            self.settled += 1
            return
        if gc.get_count()[2] >= FULL_EVERY:
            gc.collect()  # (every object but those set aside; counts as a collection of the oldest)
        else:
            gc.collect(1)
        self.quiet_collections += 1
