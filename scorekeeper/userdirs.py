"""The user's folders for scorekeeper's files: where platformdirs puts them, found without
importing it on Linux and the other Unixes.

There the rule is the XDG one: ``$XDG_CONFIG_HOME/scorekeeper`` when that variable is an
absolute path, else ``~/.config/scorekeeper`` (data: ``$XDG_DATA_HOME`` or ``~/.local/share``;
state: ``$XDG_STATE_HOME`` or ``~/.local/state``), as platformdirs' Unix class says it. Importing
platformdirs to say it costs a command more than most commands' own work (its Unix module
imports ``tempfile``, and with it ``shutil``, ``random``, ``bz2`` and ``lzma``), and the
settings file is looked for at every start. On Windows, macOS, iOS and Android, whose
folders have rules of their own, platformdirs is asked.

A leaf module: it imports nothing of the package, so every layer may use it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["user_path"]

_APP = "scorekeeper"
_XDG = {
    "config": ("XDG_CONFIG_HOME", "~/.config"),
    "data": ("XDG_DATA_HOME", "~/.local/share"),
    "state": ("XDG_STATE_HOME", "~/.local/state"),
}  # the folder kinds: the variable that may name the base folder, and the base without it
_OWN_RULES = ("win32", "darwin", "ios", "android")  # the platforms platformdirs has other rules for


def user_path(kind: str) -> Path:
    """The user's folder of ``kind`` ("config", "data" or "state") for scorekeeper; the folder
    is not created."""
    variable, default = _XDG[kind]
    if sys.platform in _OWN_RULES or "ANDROID_DATA" in os.environ:
        import platformdirs

        # appauthor=False: on Windows ...\AppData\Local\scorekeeper, not ...\scorekeeper\scorekeeper
        return getattr(platformdirs, f"user_{kind}_path")(_APP, appauthor=False)
    base = os.environ.get(variable, "")
    return Path(base if base.startswith("/") else os.path.expanduser(default)) / _APP
