"""The process of the ``scorekeeper`` command: its standard streams, the garbage collector, its end.

:func:`start` runs first (scorekeeper/__main__.py, before the package is imported), :func:`end`
last; the process then ends the normal way (exit handlers, flushing, the interpreter's own
teardown), so a profiler prints its profile and a failed write is reported.

The standard streams: a closed one is held (:class:`ClosedOutput`), and one whose encoding
cannot write every character writes UTF-8 or "?" (:func:`_write_every_character`). The
collector is tuned for a short command (the last section; docs/startup.md).
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
    encoding is the terminal's). $PYTHONIOENCODING, set by the user, is kept with the "?"."""
    try:
        if os.environ.get("PYTHONIOENCODING") or stream.isatty():
            stream.reconfigure(errors="replace")
        else:
            stream.reconfigure(encoding="utf-8")
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


# --- the collector: start-up machinery (bench/README.md, "The process"; docs/startup.md) ---
#
# A command makes its objects to keep them (the modules, the ruleset, the game): collecting the
# youngest generation every 700 new objects walked them again for nothing, so a command collects
# every FEWER_COLLECTIONS (still bounded); the app and the board, which run until stopped,
# collect as usual. At the end gc.freeze() hides what is left from the interpreter's last full
# collection (not in development mode, -X dev, where a file left open must be reported): a
# command closes what it opens. Both together: 13.6 M instructions of a check-bid (3.5 ms).

FEWER_COLLECTIONS = 50_000  # new objects between two collections of the youngest generation
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
