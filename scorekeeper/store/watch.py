"""Cheap marks that change whenever a stored game does, for a reader that polls (the score board).

Each is one indexed query: no game is rebuilt. A game changes only by a new entry (the
event log is append-only, so its last ``seq`` grows by one each time) or by its draft,
what is typed of the next deal (``drafts.updated_at`` is written with every save, and
the row goes when the deal is recorded or the draft cleared). A new game, or an entry
in any game, changes :func:`latest_change`.
"""

from __future__ import annotations

import hashlib
import sqlite3

from ..i18n import t
from .db import Store, StoreError

__all__ = ["draft_part", "game_mark", "latest_change"]


def _read(store: Store, what: str, sql: str, args: tuple = ()):
    try:
        return store.connection.execute(sql, args).fetchone()
    except sqlite3.Error as exc:
        raise StoreError(t("store.unreadable", path=str(store.path), what=what, error=str(exc))) from None


def latest_change(store: Store) -> tuple[str, int] | None:
    """(updated_at, id) of the game created or changed last; None when no game is stored."""
    row = _read(store, t("store.what.list"), "SELECT updated_at, id FROM games ORDER BY updated_at DESC, id DESC "
                "LIMIT 1")
    return (row[0], row[1]) if row is not None else None


def game_mark(store: Store, game_id: int) -> tuple[int, str | None] | None:
    """(entries in the game's log, when its draft was saved or None): different after any change to
    what the game shows; None when there is no such game."""
    row = _read(store, t("store.what.game", id=str(game_id)),
                "SELECT (SELECT coalesce(max(seq), 0) FROM entries WHERE game_id = g.id), "
                "(SELECT deal || ' ' || updated_at FROM drafts WHERE game_id = g.id) FROM games g WHERE g.id = ?",
                (game_id,))
    return (row[0], row[1]) if row is not None else None


def draft_part(draft: str | None) -> str:
    """A short mark of a game's draft as :func:`game_mark` gives it ("" for none): what a board's
    version and its pushed "typing" event carry (a page that wrote the draft itself knows it)."""
    return hashlib.sha256(draft.encode("utf-8")).hexdigest()[:8] if draft is not None else ""
