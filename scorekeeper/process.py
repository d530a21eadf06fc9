"""The process of the ``scorekeeper`` command: its standard streams, the garbage collector, its end.

:func:`start` runs first (scorekeeper/__main__.py, before the package is imported), :func:`end`
last; the process then ends the normal way (exit handlers, flushing, the interpreter's own
teardown), so a profiler prints its profile and a failed write is reported.

The standard streams: a closed one is held (:class:`ClosedOutput`), and one whose encoding
cannot write every character writes UTF-8 or "?" (:func:`_write_every_character`). The last
section is every decision the process makes about the garbage collector: a headless command's
(fewer collections, ``gc.freeze`` at its end; docs/startup.md), a server's (as usual) and the
terminal app's (:class:`QuietCollector`, which its ``run()`` starts).
"""

from __future__ import annotations

import errno
import gc
import os
import sys


def start() -> None:
    """The process is a ``scorekeeper`` command: a closed standard stream held; standard output
    and error that write every character; fewer collections."""
    if sys.stdin is None or sys.stdout is None or sys.stderr is None:
        _hold_closed_streams()
    for stream in (sys.stdout, sys.stderr):
        if not _utf8(getattr(stream, "encoding", None) or "utf-8"):
            _write_every_character(stream)
    _collect_less()


def _utf8(encoding: str) -> bool:
    return encoding.lower().replace("-", "").replace("_", "") in ("utf8", "utf8sig")


def _write_every_character(stream) -> None:
    """A standard stream whose encoding cannot write every character (a Windows file or pipe
    in the ANSI code page, a C or Latin-1 locale elsewhere): where it goes to a file or a
    pipe it writes UTF-8, as Python does by default from 3.15 (PEP 686), so a name such as
    "Wiśniewski", a "♠" or a "✓" reaches an export whole instead of ending the command half
    written; on a terminal of such a locale a character it cannot show becomes "?" (its
    encoding is the terminal's). $PYTHONIOENCODING, set by the user, is kept with the "?".
    The stream keeps its error handler (a new encoding alone would make it "strict"): an
    argument the locale could not decode (Python keeps its bytes as surrogates) is written
    back as those bytes to standard output and escaped on standard error, never a traceback."""
    try:
        if os.environ.get("PYTHONIOENCODING") or stream.isatty():
            stream.reconfigure(errors="replace")
        else:
            stream.reconfigure(encoding="utf-8", errors=stream.errors)
    except (AttributeError, OSError, ValueError):  # not a text stream of io's, or closed
        pass


class ClosedOutput:
    """Standard output where the process was started with it closed (``>&-``): every write
    fails as a write to a closed file does, so the command reports it (an export is not lost
    in silence), where Python's ``None`` made print() write nothing and anything else crash.
    A write whose error was swallowed (argparse's help does so) fails again at the next flush."""

    lost = False  # whether something was written (and so lost)

    def write(self, text: str) -> int:
        self.lost = True
        raise _closed()

    def flush(self) -> None:
        if self.lost:  # once: the interpreter flushes again at exit
            self.lost = False
            raise _closed()

    def fileno(self) -> int:
        raise _closed()


def _closed() -> OSError:
    return OSError(errno.EBADF, os.strerror(errno.EBADF))  # as a write to the closed descriptor gives


def _hold_closed_streams() -> None:
    """Open the null device on each of descriptors 0, 1 and 2 that was closed at start, so
    that no file the command opens gets that number (and a line meant for standard error
    lands in it); standard output then refuses writes (:class:`ClosedOutput`). Standard error
    stays None: an error line has nowhere to go, the exit status still tells it."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if sys.stdout is None:
        setattr(sys, "stdout", ClosedOutput())  # (not a TextIO: it only refuses writes)


# --- the collector: every decision of the process about it ----------------------------
#
# A command makes its objects to keep them (the modules, the ruleset, the game): collecting the
# youngest generation every 700 new objects walked them again for nothing, so a command collects
# every FEWER_COLLECTIONS (still bounded); the board and the phone server, which run until
# stopped, collect as usual, and the app as its QuietCollector says. At the end gc.freeze()
# hides what is left from the interpreter's last full collection (not in development mode,
# -X dev, where a file left open must be reported): a command closes what it opens. Both
# together: 13.6 M instructions of a check-bid (3.5 ms; bench/README.md, "The process").

FEWER_COLLECTIONS = 50_000  # new objects between two collections of the youngest generation (a command's, the app's)

USUAL_COLLECTIONS = gc.get_threshold()[0]  # the interpreter's, which collect_as_usual puts back


def _collect_less() -> None:
    gc.set_threshold(FEWER_COLLECTIONS, *gc.get_threshold()[1:])


def collect_as_usual() -> None:
    """The youngest generation collected as before :func:`start`: for what runs until it is stopped."""
    if gc.get_threshold()[0] == FEWER_COLLECTIONS:
        gc.set_threshold(USUAL_COLLECTIONS, *gc.get_threshold()[1:])


def end(code: int) -> int:
    """The command's exit status, after hiding what is left from the last collection."""
    if not sys.flags.dev_mode:
        gc.freeze()
    return code


# The terminal app. The cyclic collector runs whenever enough new objects were made, which at
# the table is in the middle of a key: a confirmed deal or its undo makes some thousands, and the
# youngest generation was collected four to eight times in each (0.2-0.6 ms a time), the two
# younger ones now and then (5-9 ms), and every few dozen keys all of them: some 80,000 objects
# once a game is open, a collection of 40-120 ms that made one key in many draw its frame that
# late. So while the app runs (its run() starts a QuietCollector), the collector:
#
# * once a game is on screen, at the first quiet moment, collects everything once and sets what
#   is left aside (gc.freeze): the modules, the rulesets, the screens and the game are never
#   walked again by a collection (they live as long as the app, or until the next game is
#   shown: its own full collection then gets what they left);
# * lets the interpreter collect by itself only after FEWER_COLLECTIONS new objects (a
#   backstop: text pasted, keys typed without a pause);
# * collects the young objects when the app is quiet after a key (QUIET_AFTER), and every object
#   made since the game was shown once every FULL_EVERY such collections; while no key comes,
#   what its timers make, now and then (IDLE_EVERY).
#
# Nothing about what is stored or drawn depends on it: a collection only frees objects that
# nothing can reach. Stopped with the app, it puts the collector back as it found it.

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
    """The collections of an app (``app``: :class:`~scorekeeper.tui.keys.KeysInOrder`, whose
    ``set_timer``, ``set_interval`` and ``key_pending`` it uses), made when it is quiet."""

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
        gc.set_threshold(FEWER_COLLECTIONS, *self.usual[1:])

    def stop(self) -> None:
        """The collector as it was before start(); nothing stays set aside."""
        if self.usual is None:  # (not running)
            return
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
