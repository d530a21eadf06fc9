"""The process of the ``scorekeeper`` command: its standard streams, the garbage collector, its end.

:func:`start` runs first (scorekeeper/__main__.py, before the package is imported), :func:`end`
last; the process then ends the normal way (exit handlers, flushing, the interpreter's own
teardown), so a profiler prints its profile and a failed write is reported.

Two measured choices (bench/README.md, "The process"):

- A headless command collects garbage less often: the youngest generation every
  FEWER_COLLECTIONS new objects instead of 700. A command makes its objects to keep them (the
  modules it imports, the ruleset, the game); collecting every 700 walked them again for
  nothing (about 1 ms of a bid check). Collections still come, so no command's memory grows
  without bound. The app and the board, which run until stopped, collect as usual
  (:func:`collect_as_usual`).
- At the end, :func:`gc.freeze` moves every object left out of the collector's sight: the
  interpreter's last full collection at exit then has nothing to walk (about 2.5 ms of a bid
  check, an eighth of it). What it costs: an object left is not finalized at exit, so a
  command closes every file it writes (``with``) and its store connection
  (:mod:`scorekeeper.store.db`); standard output is flushed by :func:`scorekeeper.cli.main`
  and by the interpreter. Development mode (``-X dev``) skips the freeze, so that a file left
  open is reported there (tests/test_cli_exit.py runs every command so). Ending with
  ``os._exit`` after that saved a further 1.2 ms, under the 2 ms that would pay for the cases
  it must avoid (a profiler, a tracer, threads, a failed last write), so the process ends as usual.
"""

from __future__ import annotations

import errno
import gc
import os
import sys

FEWER_COLLECTIONS = 50_000  # new objects between two collections of the youngest generation
_USUAL: list[tuple[int, ...]] = []  # the collector's thresholds when start() was called


def start() -> None:
    """The process is a ``scorekeeper`` command: fewer collections; a closed standard stream
    held; standard output and error that write every character."""
    if sys.stdin is None or sys.stdout is None or sys.stderr is None:
        _hold_closed_streams()
    for stream in (sys.stdout, sys.stderr):
        if not _utf8(getattr(stream, "encoding", None) or "utf-8"):
            _write_every_character(stream)
    if not _USUAL:
        _USUAL.append(gc.get_threshold())
    gc.set_threshold(FEWER_COLLECTIONS, *_USUAL[0][1:])


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


def collect_as_usual() -> None:
    """The thresholds as they were before :func:`start`: for what runs until it is stopped."""
    if _USUAL:
        gc.set_threshold(*_USUAL[0])


def end(code: int) -> int:
    """The command's exit status, after hiding what is left from the interpreter's last
    collection (not in development mode, ``-X dev``: there everything is finalized, and a file
    or connection left open is reported)."""
    if not sys.flags.dev_mode:
        gc.freeze()
    return code


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
