"""The last resort: an error nobody foresaw is one line and a report file, never a traceback.

Every problem a person can cause (a bad ruleset, sheet, argument or store) has its own
one-line message. What is left is a bug. :func:`crash_report` writes what a developer
needs (the version, the command, the traceback) to a report file and gives the one line
a person reads: "internal error", and where the report is. The front ends call it from
their outermost handler (the command line's ``main``, the terminal app's handler of an
unhandled exception) and then exit with a non-zero status. The store needs nothing done:
every change to it is one transaction, so a game is as its last confirmed entry left it.

The reports go to ``$SCOREKEEPER_REPORTS`` if set, else the ``reports`` folder in the
user state folder (platformdirs), else the folder of the store in use, else the system's
temporary folder: the first where a file can be written.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import traceback
from datetime import datetime, timezone
from pathlib import Path

from . import __version__
from .i18n import t

__all__ = ["ENV_VAR", "crash_report", "report_folders"]

ENV_VAR = "SCOREKEEPER_REPORTS"


def report_folders(near: Path | None = None) -> list[Path]:
    """Where a report may go, in the order tried."""
    env = os.environ.get(ENV_VAR)
    if env:
        return [Path(env).expanduser()]
    import platformdirs

    folders = [platformdirs.user_state_path("scorekeeper", appauthor=False) / "reports"]
    if near is not None:
        folders.append(Path(near).expanduser().parent)
    folders.append(Path(tempfile.gettempdir()))
    return folders


def _report_text(error: BaseException, argv: list[str]) -> str:
    lines = [
        f"scorekeeper {__version__}: internal error",
        f"when: {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        f"python: {sys.version.split()[0]} ({platform.platform()})",
        f"command: {' '.join(argv)}",
        "",
    ]
    return "\n".join(lines) + "".join(traceback.format_exception(error))


def _write(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    path = folder / f"scorekeeper-internal-error-{stamp}-{os.getpid()}.txt"
    with open(path, "x", encoding="utf-8") as f:  # never over another report
        f.write(text)
    return path


def crash_report(error: BaseException, *, near: Path | None = None, argv: list[str] | None = None) -> str:
    """Write the report of ``error`` (``near``: the store in use, a place to fall back on) and
    return the one line to show, in the current language."""
    text = _report_text(error, list(sys.argv if argv is None else argv))
    problem = None
    for folder in report_folders(near):
        try:
            return t("common.internal_error", path=str(_write(folder, text)))
        except OSError as exc:
            problem = exc.strerror or str(exc)
    return t("common.internal_error_no_report", problem=str(problem))
