"""Messages as data: what rules/, game/ and the layers above say, before it is a sentence.

A :class:`Message` is a catalog code and its parameters, nothing else: ``Message(
"rules.unknown_key", key="scoring.exact", suggestion="tricks")``. An error, an issue or a
refusal carries one (and its key path, seat or field beside it), so the layers below the
front ends never choose a language: a message becomes a sentence where it is shown, in
the language current then (:func:`scorekeeper.i18n.show`). A game made while the table
read English shows its refusals in Finnish once the table switches, since nothing was
worded in advance.

Parameters are plain values (names, numbers, ids), other messages (worded in the same
language when the outer one is), or tuples of those. ``Message.plural(code, count,
...)`` is a text whose noun agrees with ``count`` (the catalog's plural entries).

This module imports nothing of the package, so every layer may use it. ``str(message)``
words it through the renderer the i18n package installs when it is imported (every
front end imports it); without one it is the code and parameters, for a developer.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterator, Mapping


__all__ = ["INSTALLED", "Installed", "Message", "MessageError", "Text", "install_renderer", "render"]


class Installed:
    """What the i18n package installs into the leaves when it is imported (the one registry of
    the process's wording): the function that words a message, and the one giving every
    language's yes/no words (languages.yes_no_words). None: not installed (the leaves' tests,
    a front end that words nothing)."""

    __slots__ = ("renderer", "yes_no_words")

    def __init__(self) -> None:
        self.renderer: Callable[[Any], str] | None = None
        self.yes_no_words: Callable[[], Any] | None = None


INSTALLED = Installed()


class Message:
    """A catalog code with its parameters; immutable, comparable, hashable."""

    __slots__ = ("code", "_params", "plural_count")

    code: str
    _params: tuple[tuple[str, Any], ...]
    plural_count: Any

    def __init__(self, code: str, /, **params: Any) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "_params", tuple(sorted(params.items())))
        object.__setattr__(self, "plural_count", None)

    @classmethod
    def plural(cls, code: str, count: Any, /, **params: Any) -> "Message":
        """A plural catalog entry: its form is chosen by ``count``, shown as ``{count}``."""
        message = cls(code, **params)
        object.__setattr__(message, "plural_count", count)
        return message

    @property
    def params(self) -> Mapping[str, Any]:
        """The parameters by name (a fresh dict: the message itself never changes)."""
        return dict(self._params)

    @property
    def is_plural(self) -> bool:
        return self.plural_count is not None

    def with_params(self, **params: Any) -> "Message":
        """A copy with some parameters replaced or added."""
        merged = {**self.params, **params}
        copy = Message(self.code, **merged)
        object.__setattr__(copy, "plural_count", self.plural_count)
        return copy

    def walk(self) -> Iterator["Message"]:
        """This message and every message among its parameters, depth first."""
        yield self
        for _, value in self._params:
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, Message):
                    yield from item.walk()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Message does not change")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.code, self._params, self.plural_count) == (other.code, other._params, other.plural_count)

    def __hash__(self) -> int:
        try:
            return hash((self.code, self._params, self.plural_count))
        except TypeError:  # an unhashable parameter (a list): hash the code alone
            return hash(self.code)

    def __repr__(self) -> str:
        parts = [repr(self.code)]
        if self.plural_count is not None:
            parts.append(repr(self.plural_count))
        parts += [f"{k}={v!r}" for k, v in self._params]
        return f"Message({', '.join(parts)})"

    def __str__(self) -> str:
        return render(self)


Text = Message | str
"""What a layer below the front ends gives as text: a message, or a text that is already in
the reader's words (a player's name, a ruleset's own translated label)."""


def install_renderer(renderer: Callable[[Any], str]) -> None:
    """Set the function that words a message (the i18n package installs its ``show``)."""
    INSTALLED.renderer = renderer


def render(value: Any) -> str:
    """A message worded by the installed renderer; a text as it is."""
    if isinstance(value, str):
        return value
    renderer = INSTALLED.renderer
    if renderer is not None:
        return renderer(value)
    if isinstance(value, Message):
        return repr(value)
    return str(value)


class MessageError(ValueError):
    """An error whose ``message`` says why; worded where it is shown (``show(error)``, or
    ``str(error)`` through the installed renderer). The base of every error a layer below
    the front ends raises for a person to read."""

    def __init__(self, message: Text):
        self.message = message
        super().__init__(message)

    @property
    def code(self) -> str | None:
        """The catalog code of the message, for a caller that acts on the kind of error (None
        when the message is already words, e.g. a ruleset's own check text)."""
        return self.message.code if isinstance(self.message, Message) else None

    @property
    def params(self) -> Mapping[str, Any]:
        """The message's parameters by name (the value, the name, the field...), for a caller
        that acts on them; empty when the message is already words."""
        return self.message.params if isinstance(self.message, Message) else {}

    def __text__(self, show: Callable[[Any], str]) -> str:
        return show(self.message)

    def __str__(self) -> str:
        return render(self.message)
