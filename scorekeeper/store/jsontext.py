"""JSON read from the store without importing the ``json`` package on the way.

The store keeps its values as JSON text (players, winners, entries, each game's facts), and
the reports read them at every start; ``json`` costs such a start more than its own work,
because its decoder imports ``re`` (and ``re`` imports ``enum``). :func:`loads` reads the text
with the scanner ``json.loads`` itself runs (the interpreter's ``_json``), given the settings
``json.loads`` gives it, so what it gives is what ``json.loads`` gives. Whatever the scanner
does not read whole, and any interpreter without it, goes to ``json.loads``: bad text raises
``json.JSONDecodeError`` (a ValueError) in ``json``'s own words: whatever the scanner raises
on bad text, :func:`loads` lets ``json.loads`` read it again and raise.

Writing is ``json.dumps``, imported where a value is written (:func:`dumps`).
"""

from __future__ import annotations

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

_make_scanner: Any
try:
    from _json import make_scanner as _make_scanner
except ImportError:  # an interpreter without json's C speedups
    _make_scanner = None

__all__ = ["dumps", "loads"]

_SPACE = " \t\n\r"  # JSON's whitespace


class _Settings:
    """What ``json.loads`` gives its scanner (json.decoder.JSONDecoder's defaults)."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}.__getitem__


_scan = _make_scanner(_Settings()) if _make_scanner is not None else None


def loads(text: str | bytes) -> Any:
    """``json.loads(text)``: the same value, or the same error."""
    if _scan is not None and type(text) is str:
        start = len(text) - len(text.lstrip(_SPACE))
        try:
            value, end = _scan(text, start)
        except Exception:  # no value there, or bad text: json.loads reads it again and says what is wrong
            end = None
        if end is not None and not text[end:].strip(_SPACE):
            return value
    import json

    return json.loads(text)


def dumps(value: Any, **options: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, **options)``: the store's JSON text of ``value``."""
    import json

    return json.dumps(value, ensure_ascii=False, **options)
