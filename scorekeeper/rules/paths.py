"""Where the built-in rulesets (one TOML file per game) live.

Installed from a wheel, they sit inside the package as ``scorekeeper/_rulesets/``
(copied there by the build, see ``pyproject.toml``).  In a source checkout or an
editable install (``pip install -e .``) they are read straight from the
top-level ``rulesets/`` folder of the checkout.
"""

from __future__ import annotations

import os

from ..messages import Message, render

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable

# The folders are str paths: a start that finds a ruleset imports no pathlib (see scorekeeper.userdirs.path_text).


class RulesetsNotFound(FileNotFoundError):
    """Neither the installed copy of the built-in rulesets nor a checkout's folder exists;
    ``message`` names both places (worded where it is shown)."""

    def __init__(self, installed: str, checkout: str):
        self.installed = installed
        self.checkout = checkout
        self.message = Message("rules.paths.missing", installed=str(installed), checkout=str(checkout))
        super().__init__(self.message)

    def __text__(self, show: Callable[[Any], str]) -> str:
        return show(self.message)

    def __str__(self) -> str:
        return render(self.message)


_package: str | None = None  # the package's folder, its links resolved: found once (see below)


def builtin_rulesets_dir() -> str:
    """Return the folder holding the built-in ruleset files.

    Raises RulesetsNotFound (a FileNotFoundError) if neither the installed copy nor
    the checkout's ``rulesets/`` folder exists. The package's own folder is resolved once
    a process (``os.path.realpath`` looks at every folder of the path; a command asks
    several times); which of the two folders exists is looked at every time.
    """
    global _package
    if _package is None:
        _package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    package = _package
    installed = os.path.join(package, "_rulesets")
    if os.path.isdir(installed):
        return installed
    checkout = os.path.join(os.path.dirname(package), "rulesets")
    if os.path.isdir(checkout):
        return checkout
    raise RulesetsNotFound(installed, checkout)


def is_builtin_rulesets_dir(folder: str) -> bool:
    """Whether ``folder`` is the built-in rulesets' folder, through a link too (a built-in's path
    as :func:`~.ruleset.ruleset_file` writes it is that folder's own: no link resolved)."""
    builtin = builtin_rulesets_dir()
    return folder == builtin or os.path.realpath(folder) == os.path.realpath(builtin)


def list_builtin_ruleset_files() -> list[str]:
    """Return the built-in ruleset files (``*.toml``), sorted by name."""
    folder = builtin_rulesets_dir()
    files = (os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".toml"))
    return [path for path in files if os.path.isfile(path)]


def names_a_file(ref: str) -> bool:
    """Whether a ruleset reference names a file rather than a built-in game: it ends in ``.toml``
    or is written as a path (a folder separator, as in ``./lupaus``, or a drive). A bare name
    ("lupaus") is always a built-in id, whatever files the current folder holds, so the rules a
    table gets never depend on the folder the program was started in."""
    return (ref.lower().endswith(".toml") or "/" in ref or os.sep in ref or bool(os.altsep and os.altsep in ref)
            or bool(os.path.splitdrive(ref)[0]) or ref in (".", ".."))
