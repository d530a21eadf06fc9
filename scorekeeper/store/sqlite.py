"""The interpreter's SQLite module, imported for as little as it can be: :data:`sqlite3` is
``_sqlite3``, the C module the ``sqlite3`` package wraps (its ``connect``, ``Connection`` and
errors are the package's very objects).

The ``sqlite3`` package adds nothing the store uses. It registers adapters for dates (so it
imports ``datetime``, whose pure-Python module defines every class before ``_datetime``'s
replace them) and names a few constants; the store binds and reads text and numbers only.
Where an interpreter has the package only, it is the package.

A leaf of the store: it imports nothing of the package.
"""

from __future__ import annotations

__all__ = ["sqlite3"]

try:
    import _sqlite3 as sqlite3
except ImportError:  # an interpreter that has the package only
    import sqlite3
