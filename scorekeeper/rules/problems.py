"""What is wrong with a ruleset, as data: a :class:`Problem` names the file, the key path
(as TOML writes it) and a :class:`~scorekeeper.messages.Message`; the front end words it.

``str(problem)`` and ``str(error)`` still give the sentence, through the renderer the
i18n package installs; front ends call :func:`scorekeeper.i18n.show` instead.
"""

from __future__ import annotations

from ..messages import Message, MessageError, Text, render
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable

__all__ = ["OptionValueError", "Problem", "RulesetError", "hint", "key_path"]

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")  # TOML's bare keys


@dataclass(frozen=True)
class Problem:
    """One problem: where (file, key path, line when the TOML parser gives one) and what."""

    file: str
    path: str
    message: Text  # a Message; a str only for text that is already the words shown
    line: int | None = None

    def __text__(self, show: Callable[[Any], str]) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        text = show(self.message)
        return f"{where}: {self.path}: {text}" if self.path else f"{where}: {text}"

    def __str__(self) -> str:
        return self.__text__(render)


class RulesetError(ValueError):
    """A ruleset that cannot be used; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__(*problems)

    def __text__(self, show: Callable[[Any], str]) -> str:
        return "\n".join(p.__text__(show) for p in self.problems)

    def __str__(self) -> str:
        return self.__text__(render)


class OptionValueError(MessageError):
    """An option name or value a ruleset does not accept; ``message`` says why."""


def key_path(path: str, key: str) -> str:
    """``path`` and one more key, as TOML writes it: fields.bid, translations.fi."a b"."""
    part = key if key and _BARE.issuperset(key) else f'"{key}"'
    return f"{path}.{part}" if path else part


def unknown_key(name: str, allowed: Iterable[str]) -> Message:
    """A key this table does not have: its name, the closest allowed one, and every allowed one."""
    allowed = list(allowed)
    return Message("rules.unknown_key", name=name, hint=hint(name, allowed), allowed=", ".join(allowed))


def hint(value: Any, known: Iterable[str]) -> Message | str:
    """' (did you mean 'x'?)' for the closest known name, else ''."""
    import difflib  # only when something is unknown: a start that finds nothing wrong never needs it

    close = difflib.get_close_matches(str(value), list(known), n=1)
    return Message("rules.did_you_mean", name=close[0]) if close else ""
