"""The interpreter's SQLite module, imported for as little as it can be: :data:`sqlite3` is
``_sqlite3``, the C module the ``sqlite3`` package wraps (its ``connect``, ``Connection`` and
errors are the package's very objects).

A command that reads the store starts in some 25 ms, and importing SQLite the usual way is
several of them:

- The ``sqlite3`` package adds nothing the store uses. It registers adapters for dates (so it
  imports ``datetime``, whose pure-Python module defines every class before ``_datetime``'s
  replace them) and names a few constants; the store binds and reads text and numbers only.
- ``_sqlite3`` imports ``functools`` as it starts, for one function, ``lru_cache``, which it
  calls to make each connection's cache of compiled statements; ``functools`` imports
  ``collections``, ``types`` and more (about 1.7 ms, a sixth of what a report does after the
  interpreter's start). Where nothing has imported ``functools`` yet, and the process runs one
  thread (a command's), ``_sqlite3`` starts with a ``functools`` module that holds only
  ``lru_cache``, made as ``functools.lru_cache`` makes it (the same ``_lru_cache_wrapper``, given
  the same size), and that module is out of ``sys.modules`` again as soon as ``_sqlite3`` has
  read it: a later ``import functools`` loads the real one. Should ``_sqlite3`` ask more of it (an
  interpreter other than the ones this was written for), it is imported again as usual.

A leaf of the store: it imports nothing of the package.
"""

from __future__ import annotations

import sys

__all__ = ["sqlite3"]


def _lru_cache_only():
    """A ``functools`` module holding only ``lru_cache`` (see the module docstring)."""
    from _functools import _lru_cache_wrapper

    def lru_cache(maxsize=128, typed=False):
        # functools.lru_cache(maxsize, typed) for a number or None, as _sqlite3 calls it; the
        # cache's statistics (cache_info) are never asked for: _sqlite3 keeps the cache to itself
        return lambda function: _lru_cache_wrapper(function, maxsize, typed, _cache_info)

    module = type(sys)("functools")
    module.lru_cache = lru_cache
    return module


def _cache_info(hits: int, misses: int, maxsize: int | None, currsize: int) -> tuple:
    return hits, misses, maxsize, currsize


def _import_sqlite(started_with=_lru_cache_only):
    """``_sqlite3``, started with the ``functools`` that ``started_with()`` makes where that is safe
    (nothing has imported the real one, one thread runs); else as usual."""
    import _thread

    threads = getattr(_thread, "_count", None)  # those started besides the main one
    if "_sqlite3" not in sys.modules and "functools" not in sys.modules and threads is not None and not threads():
        started = None
        try:
            started = sys.modules["functools"] = started_with()
            __import__("_sqlite3")  # (it reads what it uses of functools as it starts)
        except Exception:  # it asked for more than lru_cache: imported with the real functools below
            pass
        finally:
            if started is not None and sys.modules.get("functools") is started:
                del sys.modules["functools"]
    import _sqlite3

    return _sqlite3


try:
    sqlite3 = _import_sqlite()
except ImportError:  # an interpreter that has the package only
    import sqlite3
