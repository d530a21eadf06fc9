"""The user's folders for scorekeeper's files: where platformdirs puts them, found without
importing it on Linux and the other Unixes.

There the rule is the XDG one: ``$XDG_CONFIG_HOME/scorekeeper`` when that variable is an
absolute path, else ``~/.config/scorekeeper`` (data: ``$XDG_DATA_HOME`` or ``~/.local/share``;
state: ``$XDG_STATE_HOME`` or ``~/.local/state``; cache: ``$XDG_CACHE_HOME`` or ``~/.cache``), as platformdirs' Unix class says it. Importing
platformdirs to say it costs a command more than most commands' own work (its Unix module
imports ``tempfile``, and with it ``shutil``, ``random``, ``bz2`` and ``lzma``), and the
settings file is looked for at every start. On Windows, macOS, iOS and Android, whose
folders have rules of their own, platformdirs is asked.

A leaf module: it imports nothing of the package, so every layer may use it.
"""

from __future__ import annotations

import os
import sys

__all__ = ["user_path"]

_APP = "scorekeeper"
_XDG = {
    "config": ("XDG_CONFIG_HOME", "~/.config"),
    "data": ("XDG_DATA_HOME", "~/.local/share"),
    "state": ("XDG_STATE_HOME", "~/.local/state"),
    "cache": ("XDG_CACHE_HOME", "~/.cache"),
}  # the folder kinds: the variable that may name the base folder, and the base without it
_OWN_RULES = ("win32", "darwin", "ios", "android")  # the platforms platformdirs has other rules for


def user_path(kind: str) -> str:
    """The user's folder of ``kind`` ("config", "data", "state" or "cache") for scorekeeper, as a str
    (pathlib is not imported at a start); the folder is not created."""
    variable, default = _XDG[kind]
    if sys.platform in _OWN_RULES or "ANDROID_DATA" in os.environ:
        import platformdirs

        # appauthor=False: on Windows ...\AppData\Local\scorekeeper, not ...\scorekeeper\scorekeeper
        return os.fspath(getattr(platformdirs, f"user_{kind}_path")(_APP, appauthor=False))
    base = os.environ.get(variable, "")
    return os.path.join(base if base.startswith("/") else os.path.expanduser(default), _APP)


def path_text(path: str | os.PathLike, *, expand: bool = False) -> str:
    """``str(Path(path))``, or ``str(Path(path).expanduser())`` with ``expand``, without importing
    pathlib (which imports ``re``, ``fnmatch`` and ``urllib``, more than a start's own work): the
    path written as pathlib writes it ("./a//b/" -> "a/b"), so that a path shown or compared is
    the same as before. On Windows, whose paths have drives and two separators, pathlib is asked."""
    text = os.fspath(path)
    if os.name == "nt":
        from pathlib import Path

        return str(Path(text).expanduser() if expand else Path(text))
    text = _posix_text(text)
    if expand and text.startswith("~"):
        text = _posix_text(os.path.expanduser(text))
    return text


def _posix_text(text: str) -> str:
    """A POSIX path as pathlib writes it: no empty or "." parts, no slash at the end."""
    # A path that starts with exactly two slashes keeps them (POSIX leaves their meaning open).
    root = "//" if text.startswith("//") and not text.startswith("///") else "/" if text.startswith("/") else ""
    parts = [part for part in text.split("/") if part and part != "."]
    return root + "/".join(parts) if parts or root else "."
