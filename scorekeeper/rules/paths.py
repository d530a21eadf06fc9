"""Where the built-in rulesets (one TOML file per game) live.

Installed from a wheel, they sit inside the package as ``scorekeeper/_rulesets/``
(copied there by the build, see ``pyproject.toml``).  In a source checkout or an
editable install (``pip install -e .``) they are read straight from the
top-level ``rulesets/`` folder of the checkout.
"""

from __future__ import annotations

from pathlib import Path

from ..messages import Message, render

TYPE_CHECKING = False  # typing's flag, without importing typing (a start would pay for it)
if TYPE_CHECKING:
    from typing import Any, Callable


class RulesetsNotFound(FileNotFoundError):
    """Neither the installed copy of the built-in rulesets nor a checkout's folder exists;
    ``message`` names both places (worded where it is shown)."""

    def __init__(self, installed: Path, checkout: Path):
        self.installed = installed
        self.checkout = checkout
        self.message = Message("rules.paths.missing", installed=str(installed), checkout=str(checkout))
        super().__init__(self.message)

    def __text__(self, show: Callable[[Any], str]) -> str:
        return show(self.message)

    def __str__(self) -> str:
        return render(self.message)


def builtin_rulesets_dir() -> Path:
    """Return the folder holding the built-in ruleset files.

    Raises RulesetsNotFound (a FileNotFoundError) if neither the installed copy nor
    the checkout's ``rulesets/`` folder exists.
    """
    here = Path(__file__).resolve()
    installed = here.parent.parent / "_rulesets"
    if installed.is_dir():
        return installed
    checkout = here.parents[2] / "rulesets"
    if checkout.is_dir():
        return checkout
    raise RulesetsNotFound(installed, checkout)


def list_builtin_ruleset_files() -> list[Path]:
    """Return the built-in ruleset files (``*.toml``), sorted by name."""
    return sorted(p for p in builtin_rulesets_dir().glob("*.toml") if p.is_file())
