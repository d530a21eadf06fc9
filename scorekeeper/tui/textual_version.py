"""The Textual versions the app's changes to Textual were written for, checked at the app's start.

tui/control.py and tui/timers.py replace methods of Textual's own classes, some of them private
(``textual._compositor.Compositor``), to work around Textual bugs; tui/keys.py,
tui/widgets/redraw.py and the play screen (tui/screens/play.py) read and set private attributes
of Textual's widgets and screens to draw a key in one frame (each lists them: ``INTERNALS``,
checked with :func:`expect`). They were written for and
tested on the versions pyproject.toml allows (the suite runs on the newest and on the lowest,
.ci/run). Any other version, or one where a replaced method or attribute is not as expected,
stops the app at its start with :class:`TextualMismatch`, which the command line words in one
line, instead of a failure in the middle of a game, in a render. docs/textual-bugs.md has a
minimal script for each Textual bug worked around, for a report upstream.
"""

from __future__ import annotations

from types import ModuleType

WRITTEN_FOR = ((7, 0), (9, 0))
"""The Textual versions the changes were written for: from the first, up to (not including) the second."""


class TextualMismatch(RuntimeError):
    """The installed Textual is not one the app's changes to it were written for."""

    def __init__(self, found: str, detail: str = ""):
        super().__init__(found, detail)
        self.found = found
        self.detail = detail  # what was not as expected ("" when the version itself is outside)
        self.wanted = wanted()

    def __str__(self) -> str:
        text = f"Textual {self.found} is installed, the app was written for Textual {wanted()}"
        return f"{text}: {self.detail}" if self.detail else text


def wanted() -> str:
    """The versions written for, as pip takes them: ">=7.0,<9.0"."""
    (low_major, low_minor), (high_major, high_minor) = WRITTEN_FOR
    return f">={low_major}.{low_minor},<{high_major}.{high_minor}"


def installed() -> str:
    from importlib.metadata import version

    return version("textual")


def check_version(found: str | None = None) -> None:
    """TextualMismatch unless the installed Textual (or ``found``) is within WRITTEN_FOR."""
    found = installed() if found is None else found
    if not WRITTEN_FOR[0] <= _major_minor(found) < WRITTEN_FOR[1]:
        raise TextualMismatch(found)


def _major_minor(version: str) -> tuple[int, int]:
    """(8, 2) of "8.2.8", (9, 0) of "9.0.0a1": the leading digits of the first two parts."""
    numbers = []
    for part in [*version.split(".")[:2], "0"][:2]:
        digits = part[: len(part) - len(part.lstrip("0123456789"))]
        numbers.append(int(digits) if digits else 0)
    return numbers[0], numbers[1]


def changed(what: str) -> TextualMismatch:
    """The error for a replaced method or attribute of Textual that is not as expected."""
    return TextualMismatch(installed(), f"{what} is not as expected")


def expect(cls: type | ModuleType, *names: str) -> None:
    """TextualMismatch unless ``cls`` has each of ``names``: as an attribute of the class (or
    module), or set by its ``__init__`` (a private attribute of its instances, e.g.
    ``_repaint_required``)."""
    init = getattr(cls.__dict__.get("__init__"), "__code__", None)
    set_by_init = init.co_names if init is not None else ()
    missing = [name for name in names if not hasattr(cls, name) and name not in set_by_init]
    if missing:
        where = cls.__name__ if isinstance(cls, ModuleType) else f"{cls.__module__}.{cls.__name__}"
        raise changed(f"{where} (no {', '.join(missing)})")
