"""A game exported as JSON without importing the ``json`` package on the way.

``json`` costs an export more than its own work: its encoder and its decoder import ``re``
(and ``re`` imports ``enum``). :func:`dumps` writes what ``json.dumps(value, indent=2,
ensure_ascii=False)`` writes, for the values an export holds (dicts, lists and tuples, text,
numbers, true, false and null): the text escaped by the function ``json.dumps`` escapes it
with (the interpreter's ``_json``), the numbers as ``json`` writes them, the same line
breaks, indents and separators. A value of another kind is a TypeError in ``json``'s words;
an interpreter without ``_json`` is given to ``json.dumps`` itself.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

_text: Any
try:
    from _json import encode_basestring as _text
except ImportError:  # an interpreter without json's C speedups
    _text = None

__all__ = ["dumps"]

_INFINITY = float("inf")


def dumps(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``."""
    if _text is None:
        import json

        return json.dumps(value, indent=2, ensure_ascii=False)
    out: list[str] = []
    _write(value, out, "\n")
    return "".join(out)


def _named(value: Any) -> str | None:
    """null, true, false or a number as json writes them (a float's NaN and infinities as
    JavaScript names them); None for any other value."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        if value != value:
            return "NaN"
        if value == _INFINITY or value == -_INFINITY:
            return "Infinity" if value > 0 else "-Infinity"
        return float.__repr__(value)
    return None


def _key(key: Any) -> str:
    """A table's key as json writes it: text, or a number, true, false or null made text."""
    text = key if isinstance(key, str) else _named(key)
    if text is None:
        raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")
    return text


def _write(value: Any, out: list[str], newline: str) -> None:
    """``value`` written onto ``out``; ``newline``: a line break and the indent of its level."""
    if isinstance(value, str):
        out.append(_text(value))
        return
    if not isinstance(value, (list, tuple, dict)):
        text = _named(value)
        if text is None:
            raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")
        out.append(text)
        return
    if not value:
        out.append("{}" if isinstance(value, dict) else "[]")
        return
    inner = newline + "  "
    between = "," + inner
    if isinstance(value, dict):
        out.append("{")
        for i, (key, item) in enumerate(value.items()):
            out.append((between if i else inner) + _text(_key(key)) + ": ")
            _write(item, out, inner)
        out.append(newline + "}")
        return
    out.append("[")
    for i, item in enumerate(value):
        out.append(between if i else inner)
        _write(item, out, inner)
    out.append(newline + "]")
