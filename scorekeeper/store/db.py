"""The game store: one SQLite file that keeps every game and every entry the table confirmed.

Where: ``--db PATH`` (passed as ``Store(path)``), else the environment variable
``SCOREKEEPER_DB``, else ``scorekeeper.db`` in the platform's user data folder
(:func:`default_db_path`).

How it stays safe:

- WAL journal, ``synchronous=FULL``: a confirmed entry is one transaction, and when
  its commit returns the entry is on disk. Quitting (or being killed) at any moment
  and starting again resumes exactly where the table was. What is typed of the next
  deal is saved at every key without waiting for the disk (``synchronous=NORMAL`` for
  that commit): it survives the app being killed; a power cut may lose the last keys,
  never an entry.
- Entries are an append-only event log (record, edit, undo, redo); a game is
  rebuilt by replaying it through :class:`~scorekeeper.game.game.Game`, so the
  redo stack survives a restart too. Stored rows are never changed or deleted,
  except the summary columns of ``games``, which are written in the same
  transaction as each entry, a game's draft, and the ``stats_cache`` rows.
- A draft holds what is entered of the next deal before it is confirmed (the bids,
  while the hand is played), so that it too survives quitting. Recording the deal
  removes the draft in the same transaction; a draft for another deal than the
  next one (after an undo, say) is not shown.
- A game keeps a copy of the ruleset it was started with (``ruleset_json``), so
  changing the ruleset file later does not change a game already played.
- Before anything is written, an existing file is opened read-only and checked:
  the SQLite header, that it is a scorekeeper store (``PRAGMA application_id``) or
  an empty database, its store version (``PRAGMA user_version``) and
  ``PRAGMA quick_check``. A file that is not a database, is damaged, belongs to
  another program or was written by a newer scorekeeper raises :class:`StoreError`
  and is left untouched: the file is never written, and nothing is added beside it
  (unless a ``-wal`` file is there already, when SQLite may add its ``-shm`` file).
- Schema changes are :data:`MIGRATIONS`, one function per store version, run in
  order in one transaction: version 2 is one more function at the end of the list.

Schema (store version 1)::

    games                          one row per game
      id            INTEGER PRIMARY KEY
      created_at    TEXT NOT NULL  ISO 8601 in UTC, e.g. 2026-05-09T19:30:00.000000+00:00
      updated_at    TEXT NOT NULL  time of the latest entry (created_at until then)
      title         TEXT           NULL when the game has none
      ruleset_ref   TEXT NOT NULL  the built-in id or the path the game was started from
      ruleset_id    TEXT NOT NULL  the ruleset's id and name, for listing
      ruleset_name  TEXT NOT NULL
      ruleset_json  TEXT NOT NULL  json.dumps(ruleset.raw): the rules the game is played under
      players_json  TEXT NOT NULL  JSON list of names in seat order
      options_json  TEXT NOT NULL  JSON object: every option, resolved
      first_dealer  INTEGER NOT NULL  seat number
      session_id    INTEGER        NULL; for grouping games into sessions later
      planned_deals INTEGER        NULL when the game ends by score
      deals_played  INTEGER NOT NULL  the summary after the latest entry, written with it
      finished      INTEGER NOT NULL  so that listing games needs no replay: deals played,
      winners_json  TEXT NOT NULL     0/1 game over, JSON list of winners ([] until over)

    entries                        the event log, append-only
      game_id       INTEGER NOT NULL REFERENCES games(id)
      seq           INTEGER NOT NULL  1, 2, 3, ... within the game
      kind          TEXT NOT NULL  'record' | 'edit' | 'undo' | 'redo'; from version 3 also
                                   'join' | 'out' | 'in' (a change of the table before deal)
      deal          INTEGER NOT NULL  the deal recorded, edited, undone or redone
      values_json   TEXT           record/edit: the values as a score sheet holds them
                                   (sheet_values: cards as codes, not entered left out
                                   or ""); NULL for undo/redo; join: {name, score,
                                   after}; out/in: {seat} (seats count in joining order)
      created_at    TEXT NOT NULL
      PRIMARY KEY (game_id, seq)

    drafts                         at most one per game: the next deal, partly entered
      game_id       INTEGER PRIMARY KEY REFERENCES games(id)
      deal          INTEGER NOT NULL  the deal it was entered for
      values_json   TEXT NOT NULL  as entries.values_json
      updated_at    TEXT NOT NULL

Added in store version 2 (:func:`_migrate_to_2`)::

    sessions                       the games a table plays in one sitting
      id            INTEGER PRIMARY KEY   games.session_id refers to it
      started_at    TEXT NOT NULL  ISO 8601 in UTC
      title         TEXT           NULL when it has none

    stats_cache                    derived per-game figures (scorekeeper.store.facts), written with each entry:
      game_id       INTEGER PRIMARY KEY REFERENCES games(id)
      entries       INTEGER NOT NULL  the number of entries the figures were derived from
      version       INTEGER NOT NULL  of the derivation (facts.FACTS_VERSION)
      facts_json    TEXT NOT NULL     a row whose entries or version differ is recomputed;
                                      deleting the table's rows loses nothing

Changed in store version 3 (:func:`_migrate_to_3`): ``entries.kind`` also allows 'join',
'out' and 'in' (late joins and sitting out); ``games.players_json`` stays the players at
the start, who joins later is in the entries.

Changed in store version 4 (:func:`_migrate_to_4`): ``entries.kind`` also allows 'plan'
(the table changed the deals not played yet; values_json: {cards}, the cards of each deal
from ``deal`` on) and 'end' (the table ended the game early after deal ``deal``;
values_json: {}); ``games.scores_json`` (TEXT, NULL: 0 each) holds the starting scores
the table agreed, a JSON list per player (per partnership in a partnership score); a game
started with values carried into its first deal (a game continued from paper: its bags or
part-scores) keeps an object there instead, ``{"scores": [...], "carried": {id: [...]}}``.
``games.planned_deals`` follows a changed plan.

Added in store version 5 (:func:`_migrate_to_5`): ``games.stopped_at`` (INTEGER, NULL: the
game was not ended early), the deal after which the table ended the game early, a summary
column written with each entry (a list of games says so without a replay).

Added in store version 6 (:func:`_migrate_to_6`): ``drafts.writers_json`` (TEXT, NULL: none
known), who typed each box of the draft last, a JSON object ``{"field" or "field:unit":
writer}`` (a writer is ``"app"``, the terminal app; ``"shared"``, a phone keeping the whole
table's score; ``"seat:NAME"``, that player's own phone): a writer whose box another writer
changed first is told who did (:class:`Overtaken`).

Sessions: :meth:`Store.new_game` puts a new game in the current session: the newest
session, if it was active (started, or a game of it had an entry) in the last
:data:`SESSION_IDLE` (12 hours); otherwise, or with ``new_session=True``, it starts a new
session for it. :meth:`Store.new_session` starts one explicitly (with a title); the
next new game joins it. Games stored by :meth:`Store.create_game` (imports) belong to
no session unless given ``session_id``.

Not thread-safe: a :class:`Store` is used from the thread that opened it. Other
processes (a score board) may read the same file while one writes.
"""

from __future__ import annotations

import atexit
import os
import sqlite3
import stat
from datetime import datetime, timedelta, timezone

from ..i18n import get_language, t, tn
from ..messages import Message
from ..rules.ruleset import RulesetError, ruleset_from_raw
from ..userdirs import path_text, user_path
from . import jsontext
from ..values import dataclass

# The engine, the game and its sheet's values are imported where a game is made, replayed or
# written: listing games, sessions and statistics read from a current cache need none of them,
# and the statistics' facts (.facts) are derived only where an entry is written.
TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable, Literal, Mapping, TypeVar

    from ..game.game import Game
    from ..rules.ruleset import Ruleset

    T = TypeVar("T")
    from .facts import FactsMemo

__all__ = [
    "APPLICATION_ID", "ENV_VAR", "MIGRATIONS", "SCHEMA_VERSION", "SESSION_IDLE", "GameSummary",
    "DraftChanged", "Overtaken", "Session", "Store", "StoreError", "StoredEntry", "StoredGame", "default_db_path",
]

ENV_VAR = "SCOREKEEPER_DB"
APPLICATION_ID = 0x53434B50  # "SCKP" in the SQLite header: this file is a scorekeeper store
KINDS = ("record", "edit", "undo", "redo", "join", "out", "in", "plan", "end")
TABLE_KINDS = ("join", "out", "in")
PLAN_KINDS = ("plan", "end")  # the table changed the plan, or ended the game early

_MAGIC = b"SQLite format 3\x00"


def default_db_path() -> str:
    """``$SCOREKEEPER_DB`` if set, else ``scorekeeper.db`` in the user data folder (a str path).
    StoreError for a relative ``$SCOREKEEPER_DB``: the store a table records into must not
    depend on the folder the program was started in (``--db``, given each time, may be relative)."""
    env = os.environ.get(ENV_VAR)
    if env:
        path = path_text(env, expand=True)
        if not os.path.isabs(path):
            raise StoreError(t("store.env_relative", variable=ENV_VAR, value=env, absolute=os.path.abspath(path)))
        return path
    return os.path.join(user_path("data"), "scorekeeper.db")


# What a file: URI keeps as it is (as urllib's quote with "/" safe); every other byte is %XX.
_URI_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")


def _file_uri(path: str) -> str:
    """``Path(path).absolute().as_uri()``, without importing pathlib or urllib (a report's start
    would pay more for them than for its own work)."""
    if os.name == "nt":
        from pathlib import Path

        return Path(path).absolute().as_uri()
    absolute = path_text(os.path.join(os.getcwd(), path))
    return "file://" + "".join(chr(b) if b in _URI_SAFE else f"%{b:02X}" for b in os.fsencode(absolute))


class StoreError(ValueError):
    """A store that cannot be used, or an entry that could not be saved; the message names the file."""


# --- schema and migrations -------------------------------------------------------------------


def _migrate_to_1(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("""
        CREATE TABLE games (
            id            INTEGER PRIMARY KEY,
            created_at    TEXT NOT NULL,
            updated_at    TEXT NOT NULL,
            title         TEXT,
            ruleset_ref   TEXT NOT NULL,
            ruleset_id    TEXT NOT NULL,
            ruleset_name  TEXT NOT NULL,
            ruleset_json  TEXT NOT NULL,
            players_json  TEXT NOT NULL,
            options_json  TEXT NOT NULL,
            first_dealer  INTEGER NOT NULL,
            session_id    INTEGER,
            planned_deals INTEGER,
            deals_played  INTEGER NOT NULL DEFAULT 0,
            finished      INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
            winners_json  TEXT NOT NULL DEFAULT '[]'
        )""")
    conn.execute("""
        CREATE TABLE entries (
            game_id     INTEGER NOT NULL REFERENCES games(id),
            seq         INTEGER NOT NULL CHECK (seq >= 1),
            kind        TEXT NOT NULL CHECK (kind IN ('record', 'edit', 'undo', 'redo')),
            deal        INTEGER NOT NULL,
            values_json TEXT,
            created_at  TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""")
    conn.execute("""
        CREATE TABLE drafts (
            game_id     INTEGER PRIMARY KEY REFERENCES games(id),
            deal        INTEGER NOT NULL,
            values_json TEXT NOT NULL,
            updated_at  TEXT NOT NULL
        )""")
    conn.execute("CREATE INDEX games_by_update ON games (updated_at DESC, id DESC)")


def _migrate_to_2(conn: sqlite3.Connection) -> None:
    """Sessions (the games of one sitting) and the statistics cache."""
    conn.execute("""
        CREATE TABLE sessions (
            id          INTEGER PRIMARY KEY,
            started_at  TEXT NOT NULL,
            title       TEXT
        )""")
    conn.execute("CREATE INDEX games_by_session ON games (session_id)")
    conn.execute("""
        CREATE TABLE stats_cache (
            game_id     INTEGER PRIMARY KEY REFERENCES games(id),
            entries     INTEGER NOT NULL,
            version     INTEGER NOT NULL,
            facts_json  TEXT NOT NULL
        )""")


def _migrate_to_3(conn: sqlite3.Connection) -> None:
    """Entries for changes of the table: a late join, sitting out, coming back."""
    conn.execute("""
        CREATE TABLE entries_v3 (
            game_id     INTEGER NOT NULL REFERENCES games(id),
            seq         INTEGER NOT NULL CHECK (seq >= 1),
            kind        TEXT NOT NULL CHECK (kind IN ('record', 'edit', 'undo', 'redo', 'join', 'out', 'in')),
            deal        INTEGER NOT NULL,
            values_json TEXT,
            created_at  TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""")
    conn.execute("INSERT INTO entries_v3 SELECT game_id, seq, kind, deal, values_json, created_at FROM entries")
    conn.execute("DROP TABLE entries")
    conn.execute("ALTER TABLE entries_v3 RENAME TO entries")


def _migrate_to_4(conn: sqlite3.Connection) -> None:
    """Entries for a changed deal plan and a game ended early; starting scores for everyone."""
    conn.execute("""
        CREATE TABLE entries_v4 (
            game_id     INTEGER NOT NULL REFERENCES games(id),
            seq         INTEGER NOT NULL CHECK (seq >= 1),
            kind        TEXT NOT NULL CHECK (kind IN ('record', 'edit', 'undo', 'redo', 'join', 'out', 'in',
                                                      'plan', 'end')),
            deal        INTEGER NOT NULL,
            values_json TEXT,
            created_at  TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""")
    conn.execute("INSERT INTO entries_v4 SELECT game_id, seq, kind, deal, values_json, created_at FROM entries")
    conn.execute("DROP TABLE entries")
    conn.execute("ALTER TABLE entries_v4 RENAME TO entries")
    conn.execute("ALTER TABLE games ADD COLUMN scores_json TEXT")


def _migrate_to_5(conn: sqlite3.Connection) -> None:
    """The deal after which the table ended a game early, beside the other summary columns."""
    conn.execute("ALTER TABLE games ADD COLUMN stopped_at INTEGER")
    ended = [gid for (gid,) in conn.execute("SELECT DISTINCT game_id FROM entries WHERE kind = 'end'")]
    for gid in ended:
        kinds = conn.execute("SELECT kind, deal FROM entries WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()
        conn.execute("UPDATE games SET stopped_at = ? WHERE id = ?", (stopped_after(kinds), gid))


def _starting_json(game: Game) -> str | None:
    """What ``games.scores_json`` keeps of a game's start: its starting scores as a list; with
    starting carried values (a game continued from paper) an object of both; None: neither."""
    from ..game.sheet import started_carried

    carried = started_carried(game)
    if carried:
        return jsontext.dumps({"scores": list(game.start_scores), "carried": {k: list(v) for k, v in carried.items()}})
    return jsontext.dumps(list(game.start_scores)) if any(game.start_scores) else None


def stopped_after(entries) -> int | None:
    """The deal after which a game was ended early, from its entries' (kind, deal) in order:
    the end that is still in force after the undos and redos (None: none is). An undo takes
    back the latest change in force, a redo brings back the latest one taken back, and any
    other entry is a change that no redo can follow (as Game.undo and Game.redo do)."""
    done: list[tuple[str, int]] = []
    undone: list[tuple[str, int]] = []
    for kind, deal in entries:
        if kind == "undo" and done:
            undone.append(done.pop())
        elif kind == "redo" and undone:
            done.append(undone.pop())
        elif kind not in ("undo", "redo"):
            done.append((kind, deal))
            undone.clear()
    return next((deal for kind, deal in done if kind == "end"), None)


def _migrate_to_6(conn: sqlite3.Connection) -> None:
    """Who typed each box of a draft last."""
    conn.execute("ALTER TABLE drafts ADD COLUMN writers_json TEXT")


# MIGRATIONS[i] takes a store from version i to version i + 1; the store version is
# len(MIGRATIONS). Never change a migration that has shipped: add one.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_to_1, _migrate_to_2, _migrate_to_3,
                                                          _migrate_to_4, _migrate_to_5, _migrate_to_6]
SCHEMA_VERSION = len(MIGRATIONS)

_TABLES = {"games", "entries", "drafts"}

# A new game joins the newest session if that was active this recently.
SESSION_IDLE = timedelta(hours=12)


# --- values ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameSummary:
    """One stored game as a list of games shows it (read from the summary columns, no replay)."""

    id: int
    title: str | None
    ruleset_id: str
    ruleset_name: str
    players: tuple[str, ...]
    created_at: datetime
    updated_at: datetime
    deals_played: int
    planned_deals: int | None
    finished: bool
    winners: list[str]  # empty until the game is over
    stopped_at: int | None = None  # the deal after which the table ended the game early


@dataclass(frozen=True)
class Session:
    """The games a table played in one sitting."""

    id: int
    started_at: datetime
    title: str | None
    last_active: datetime  # the latest of started_at and its games' latest entries
    game_ids: tuple[int, ...]  # in the order they were started


@dataclass(frozen=True)
class StoredEntry:
    """One row of a game's event log."""

    seq: int
    kind: str
    deal: int
    values: dict[str, Any] | None  # as a score sheet holds them; None for undo/redo
    created_at: datetime


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _code(exc: sqlite3.Error) -> int:
    return (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY, _SQLITE_CORRUPT, _SQLITE_FULL, _SQLITE_NOTADB = 5, 6, 8, 11, 13, 26


def _keep_facts(conn: sqlite3.Connection, game_id: int, entries: int, facts_json: str) -> None:
    """The game's stats_cache row, current with its entries: written in the entry's transaction,
    so statistics never have to replay a game the store wrote."""
    from .facts import FACTS_VERSION

    conn.execute("INSERT OR REPLACE INTO stats_cache (game_id, entries, version, facts_json) VALUES (?, ?, ?, ?)",
                 (game_id, entries, FACTS_VERSION, facts_json))


def _replay_entry(game: Game, kind: str, deal: int, values_json) -> None:
    """One stored entry made again in ``game``; ValueError (or TypeError) when it cannot be."""
    if kind in ("record", "edit"):
        values = jsontext.loads(values_json)
        if not isinstance(values, dict):
            raise ValueError(t("store.problem.values_not_fields"))
        if kind == "record":
            if deal != game.next_deal:
                raise ValueError(t("store.problem.next_deal", deal=game.next_deal))
            # a deal played after the game ended (an edit ended it earlier; a sheet's after_end) is
            # kept as it was, counting for no one
            game.record(values, check=not game.is_over or game.stopped_at is not None)
        else:
            game.edit(deal, values)
    elif kind in TABLE_KINDS or kind in PLAN_KINDS:
        values = jsontext.loads(values_json)
        if not isinstance(values, dict):
            raise ValueError(t("store.problem.values_not_table"))
        _replay_change(game, kind, deal, values)
    elif kind in ("undo", "redo"):
        action = game.undo() if kind == "undo" else game.redo()
        if action.deal != deal:
            if kind == "undo":
                raise ValueError(t("store.problem.undoes", deal=action.deal))
            raise ValueError(t("store.problem.redoes", deal=action.deal))
    else:
        raise ValueError(t("store.problem.bad_kind", kind=str(kind), kinds=", ".join(KINDS)))


def _replay_change(game: Game, kind: str, deal: int, values: dict) -> None:
    """Replay a stored change of the table, of the deal plan, or the end of the game."""
    if kind == "end":
        if deal != len(game.deals):
            raise ValueError(t("store.problem.table.end_deal", deal=len(game.deals)))
        game.end_early()
        return
    if deal != game.next_deal:
        raise ValueError(t("store.problem.next_deal", deal=game.next_deal))
    if kind == "join":
        game.join(_stored(values, "name", str), values.get("score", 0), values.get("after"))
    elif kind == "plan":
        game.change_plan(_stored(values, "cards", list))
    else:
        (game.sit_out if kind == "out" else game.sit_in)(_stored(values, "seat", int))


class DraftChanged(StoreError):
    """Another writer changed the draft since this game read it (:meth:`StoredGame.save_draft`,
    ``strict``): nothing was written."""


@dataclass(frozen=True)
class Overtaken:
    """A box a writer changed that another writer had changed first since the writer looked
    (:meth:`StoredGame.save_draft`): the store keeps the other writer's value."""

    field: str
    unit: int | None  # the seat or partnership (None: the deal's box)
    value: Any  # as the store keeps it now (as a score sheet holds it); None: emptied
    writer: str | None  # who changed it first (``drafts.writers_json``'s words); None: not known


def _box_key(key: tuple[str, int | None]) -> str:
    """A box of :func:`_boxes` (its list index, from 0) as ``drafts.writers_json`` names it:
    "field" or "field:unit" (the seat or partnership, from 1, as the play layer counts them)."""
    return key[0] if key[1] is None else f"{key[0]}:{key[1] + 1}"


def _writers_row(text: Any) -> dict[str, str]:
    """``drafts.writers_json`` as read: box -> writer (none for NULL or a damaged value)."""
    try:
        writers = jsontext.loads(text) if isinstance(text, str) else {}
    except ValueError:
        return {}
    if not isinstance(writers, dict):
        return {}
    return {k: v for k, v in writers.items() if isinstance(k, str) and isinstance(v, str)}


def _writers(game: Game, old: tuple[int, dict] | None, new: tuple[int, dict], before: dict[str, str],
             writer: str) -> dict[str, str]:
    """Who typed (or emptied) each box of draft ``new`` last: ``writer`` where it differs from
    ``old`` (the draft stored before), else whoever ``before`` says did."""
    deal = new[0]
    was, now = _boxes(game, old, deal), _boxes(game, new, deal)
    out = dict(before) if old is not None and old[0] == deal else {}
    for key in set(was) | set(now):
        if was.get(key) != now.get(key):
            out[_box_key(key)] = writer
    return out


def _draft_row(row: Any) -> tuple[int, dict] | None:
    """A drafts row (deal, values_json) as (deal, sheet values); None for none or one that is not
    a JSON object (a damaged draft is only unconfirmed entries)."""
    if row is None:
        return None
    try:
        values = jsontext.loads(row[1])
    except (TypeError, ValueError):
        return None
    return (row[0], values) if isinstance(values, dict) and type(row[0]) is int else None


def _boxes(game: Game, draft: tuple[int, dict] | None, deal: int | None) -> dict[tuple[str, int | None], Any]:
    """The boxes of a draft of ``deal`` (sheet values) one by one: (field, index or None) -> value;
    none for a draft of another deal or one that is not well-formed."""
    if draft is None or draft[0] != deal:
        return {}
    try:
        game.normalize(draft[1])
    except (TypeError, ValueError):
        return {}
    out: dict[tuple[str, int | None], Any] = {}
    for fid, value in draft[1].items():
        if type(value) is list and game.ruleset.fields[fid].scope != "deal":
            out.update(((fid, i), v) for i, v in enumerate(value) if v not in (None, "", []))
        elif value not in (None, "", []):
            out[(fid, None)] = value
    return out


def _merged(game: Game, deal: int | None, base: tuple[int, dict] | None, mine: tuple[int, dict] | None,
            stored: tuple[int, dict] | None) -> tuple[tuple[int, dict] | None, list[tuple[str, int | None]]]:
    """The draft ``stored`` with the boxes that ``mine`` changed since ``base`` (what its writer
    last read or wrote) changed so too, unless the stored draft changed that box as well: it
    keeps the other writer's value. Boxes by (field, seat or partnership). With the boxes of
    ``mine`` so kept from the other writer (changed by both, to different values)."""
    if deal is None:
        return None, []
    was, now, theirs = _boxes(game, base, deal), _boxes(game, mine, deal), _boxes(game, stored, deal)
    lost: list[tuple[str, int | None]] = []
    for key in set(was) | set(now):
        if was.get(key) == now.get(key):
            continue
        if theirs.get(key) == was.get(key):
            if key in now:
                theirs[key] = now[key]
            else:
                theirs.pop(key, None)
        elif theirs.get(key) != now.get(key):
            lost.append(key)
    lost.sort(key=lambda k: (k[0], k[1] or 0))
    if not theirs:
        return None, lost
    setup = game.setup_for()
    units = {"seat": setup.n, "team": len(setup.teams)}
    values: dict[str, Any] = {}
    for fid, spec in game.ruleset.fields.items():
        if spec.scope == "deal":
            if (fid, None) in theirs:
                values[fid] = theirs[(fid, None)]
        elif any(k[0] == fid for k in theirs):
            values[fid] = [theirs.get((fid, i), "") for i in range(units[spec.scope])]
    return (deal, values), lost


def _write_draft_row(conn: sqlite3.Connection, stored: StoredGame,
                     decide: Callable[[tuple[int, dict] | None], tuple[int, dict] | None], writer: str,
                     now: str) -> tuple[dict[str, str], dict[str, str]]:
    """Store._save_draft's work inside its transaction: who typed each box, before and after."""
    row = conn.execute("SELECT deal, values_json, writers_json FROM drafts WHERE game_id = ?", (stored.id,)).fetchone()
    old = _draft_row(row)
    before = _writers_row(row[2]) if old is not None else {}
    new = decide(old)
    if new is None:
        conn.execute("DELETE FROM drafts WHERE game_id = ?", (stored.id,))
        return before, {}
    after = _writers(stored.game, old, new, before, writer)
    conn.execute("INSERT INTO drafts (game_id, deal, values_json, updated_at, writers_json) VALUES (?, ?, ?, ?, ?) "
                 "ON CONFLICT (game_id) DO UPDATE SET deal = excluded.deal, values_json = excluded.values_json, "
                 "updated_at = excluded.updated_at, writers_json = excluded.writers_json",
                 (stored.id, new[0], jsontext.dumps(new[1]), now, jsontext.dumps(after)))
    return before, after


def _entries_saved(conn: sqlite3.Connection, game_id: int) -> int:
    """How many entries a game's event log holds (its last entry's number; 0 for none)."""
    return conn.execute("SELECT coalesce(max(seq), 0) FROM entries WHERE game_id = ?", (game_id,)).fetchone()[0]


def _row_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an INSERT just made (sqlite3 gives None only where none was made)."""
    row_id = cursor.lastrowid
    assert row_id is not None, "an INSERT made no row"
    return row_id


def _stored(values: dict, key: str, kind: type[T]) -> T:
    """The value ``key`` of a stored change, of the kind it must be; ValueError naming it if
    it is missing or of another kind (a damaged entry: the store says so, it does not crash)."""
    value = values.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ValueError(t("store.problem.value_missing", name=key))
    return value


# --- a stored game -----------------------------------------------------------------------------


class StoredGame:
    """A game in the store: each change is saved (one transaction) before it is shown.

    ``record``, ``edit``, ``undo`` and ``redo`` behave as the Game methods of the same
    name and return what they return. A change the rules refuse raises
    IllegalEntry/GameError and writes nothing; a change that cannot be saved raises
    StoreError and leaves ``game`` exactly as it was.
    """

    def __init__(self, store: "Store", game_id: int, game: Game, title: str | None, ruleset_ref: str,
                 seq: int, draft: tuple[int, dict] | None = None, cached_facts: tuple[int, str] | None = None,
                 writers: dict[str, str] | None = None):
        self.store = store
        self.id = game_id
        self.game = game
        self.title = title
        self.ruleset_ref = ruleset_ref
        self._seq = seq  # the last entry saved
        self._draft = draft  # (deal, sheet values) as this game last read or wrote it
        self._writers = writers or {}  # who typed each of its boxes last (drafts.writers_json)
        self._checked: tuple[int, dict] | None = None  # the draft found well-formed (see draft)
        self._facts: FactsMemo | None = None  # made by _memo, at the first change
        self._cached_facts = cached_facts  # (version, facts_json): the stats_cache row current with the game as opened

    def _memo(self) -> FactsMemo:
        """Each deal's statistics facts, for the stats_cache row written with an entry. Made at the
        first change, before the change is applied: seeded from the cached row of the game as it was
        opened (:meth:`Store.open_game`), so that the first change of a long game derives only what
        it changes. A game opened only to be read (shown, exported) derives none of it."""
        if self._facts is None:
            from .facts import FACTS_VERSION, FactsMemo, GameFacts

            self._facts = FactsMemo()
            cached, self._cached_facts = self._cached_facts, None
            if cached is not None and cached[0] == FACTS_VERSION:
                try:
                    self._facts.seed(self.game, GameFacts.from_json(self.id, cached[1]).restricted)
                except (TypeError, ValueError, KeyError):
                    pass  # a damaged row: the next change derives every deal
        return self._facts

    def prepare_change(self) -> None:
        """Work out now what the game's first change would work out first (the statistics facts
        of the deals so far, :meth:`_memo`): called when the app is quiet after showing the game,
        so that the first deal confirmed does not (the same facts, made at another moment)."""
        self._memo()

    def __repr__(self) -> str:
        return f"<StoredGame {self.id} {self.game.ruleset.id} deals={len(self.game.deals)}>"

    @property
    def entries_saved(self) -> int:
        """How many entries the game's event log holds."""
        return self._seq

    def record(self, values: Mapping[str, Any]):
        """Record the next deal (Game.record); its DealResult."""
        return self._change("record", lambda g: g.record(values), lambda deal, name: t("store.what.deal", deal=deal))

    def edit(self, number: int, values: Mapping[str, Any]):
        """Change a recorded deal (Game.edit); its DealResult."""
        return self._change("edit", lambda g: g.edit(number, values),
                            lambda deal, name: t("store.what.change", deal=deal))

    def join(self, name: str, score: Any = 0, after: int | None = None) -> int:
        """A player joins before the next deal with an agreed starting score (Game.join); their seat."""
        return self._change("join", lambda g: g.join(name, score, after),
                            lambda deal, who: t("store.what.joining", name=who))

    def sit_out(self, seat: int) -> None:
        """A player sits out from the next deal on (Game.sit_out)."""
        return self._change("out", lambda g: g.sit_out(seat), lambda deal, name: t("store.what.sitting_out", name=name))

    def sit_in(self, seat: int) -> None:
        """A player who sat out plays again from the next deal (Game.sit_in)."""
        return self._change("in", lambda g: g.sit_in(seat), lambda deal, name: t("store.what.coming_back", name=name))

    def change_plan(self, cards) -> None:
        """The deals not played yet become ``cards`` (Game.change_plan)."""
        return self._change("plan", lambda g: g.change_plan(cards), lambda deal, name: t("store.what.table.plan", deal=deal))

    def end_early(self) -> None:
        """The table ends the game after the deal just played (Game.end_early)."""
        return self._change("end", lambda g: g.end_early(), lambda deal, name: t("store.what.table.end", deal=deal))

    def undo(self):
        """Undo the latest record or edit (Game.undo); the Action undone."""
        return self._change("undo", lambda g: g.undo(), lambda deal, name: t("store.what.undo", deal=deal))

    def redo(self):
        """Redo what was undone last (Game.redo); the Action redone."""
        return self._change("redo", lambda g: g.redo(), lambda deal, name: t("store.what.redo", deal=deal))

    @property
    def draft(self) -> dict[str, Any] | None:
        """What is entered of the next deal so far (as a score sheet holds it), or None."""
        draft = self._draft
        if draft is None or draft[0] != self.game.next_deal:
            return None
        if self._checked is not draft:  # a damaged draft is only unconfirmed entries: not shown
            try:
                self.game.normalize(draft[1])
            except (TypeError, ValueError):
                return None
            self._checked = draft
        return draft[1]

    def writer_of(self, field: str, unit: int | None) -> str | None:
        """Who typed box (``field``, seat or partnership ``unit``) of the draft last, as this game last
        read or wrote it (``drafts.writers_json``'s words); None: not known."""
        return self._writers.get(field if unit is None else f"{field}:{unit}")

    def save_draft(self, values: Mapping[str, Any], *, strict: bool = False,
                   writer: str = "app") -> list[Overtaken]:
        """Keep what is entered of the next deal (any part of it) until it is recorded.

        The draft is the table's, one for the next deal whoever types it (the app, the players'
        phones through ``scorekeeper serve``). When another writer changed it since this game
        last read or wrote it, only the boxes changed here are written over what is stored:
        another writer's box stays as it typed it, also one changed here too (a stale writer
        does not overwrite: :meth:`reread_draft` then shows the stored boxes). ``strict``: in
        that case nothing is written, DraftChanged is raised (read again and decide).
        ``writer`` is kept as who typed the boxes changed here (see the module docstring).

        The boxes changed here that another writer had changed first (to another value): what
        the store keeps of them, and who typed it, to tell the table (empty: none).

        GameError (nothing saved) when the values are not well-formed or the game is over;
        the rules are checked only when the deal is recorded.
        """
        from ..game.engine import GameError
        from ..game.sheet import sheet_values

        game = self.game
        if game.is_over:
            raise GameError(Message("store.draft_over"))
        deal = game.next_deal
        values = sheet_values(game, game.normalize(values))
        return self._write_draft(deal, values, strict, writer)

    def clear_draft(self, writer: str = "app") -> list[Overtaken]:
        """Forget what was entered of the next deal (of the boxes another writer typed meanwhile,
        only those this game emptied: see :meth:`save_draft`, also for what it returns)."""
        game = self.game
        return self._write_draft(None if game.is_over else game.next_deal, {}, False, writer)

    def _write_draft(self, deal: int | None, values: dict[str, Any], strict: bool, writer: str) -> list[Overtaken]:
        known = self._draft
        written: list[Any] = [None]
        lost: list[tuple[str, int | None]] = []

        def decide(row: tuple[int, dict] | None) -> tuple[int, dict] | None:
            """What to write (None: no draft) over ``row``, the draft stored now."""
            mine = (deal, values) if deal is not None and values else None
            if row == known:
                written[0] = mine
            elif strict:
                raise DraftChanged(t("store.draft_changed", path=str(self.store.path), id=self.id))
            else:
                written[0], lost[:] = _merged(self.game, deal, known, mine, row)
            return written[0]

        what = t("store.what.draft", deal=deal) if values else t("store.what.cleared")
        before, self._writers = self.store._save_draft(self, decide, what, writer)
        # Read back as written; a merge is seen as another writer's change (reread_draft says so).
        self._draft = written[0] if written[0] is None or written[0][1] is values else (-1, {})
        kept = _boxes(self.game, written[0], deal)
        return [Overtaken(f, None if i is None else i + 1, kept.get((f, i)), before.get(_box_key((f, i))))
                for f, i in lost]

    def reread_draft(self) -> bool:
        """Read the stored draft again (another writer may have typed): True when it differs from
        what this game last read or wrote. StoreError when the store cannot be read."""
        row, writers = self.store._draft_of(self.id)
        self._writers = writers
        if row == self._draft:
            return False
        self._draft = row
        return True

    def _change(self, kind: str, apply: Callable[[Game], Any], what: Callable[[int, str], str]):
        """Apply a change to the game and save it; ``what(deal, name)`` names it in an error."""
        from ..game.sheet import sheet_values
        from .facts import compute_facts

        game = self.game
        memo = self._memo()  # (seeded from the game as it is before the change)
        before = game.snapshot()  # the game as it is, to put back if the write fails
        result = apply(game)  # the Game refuses a bad change before it changes anything
        try:
            if kind in ("record", "edit"):
                action = game.history[-1]
                values = jsontext.dumps(sheet_values(game, action.values))
            elif kind in TABLE_KINDS or kind in PLAN_KINDS:
                action = game.history[-1]
                values = jsontext.dumps(dict(action.values))
            else:
                action, values = result, None
            name = action.values["name"] if kind == "join" else (
                game.players[action.values["seat"] - 1] if kind in TABLE_KINDS else "")
            facts = compute_facts(game, self.id, memo).to_json()
            self._seq = self.store._append(self, kind, action.deal, values, facts,
                                           what(action.deal, name))
        except BaseException:
            game.restore(before)  # not saved, so not shown either
            raise
        if kind == "record":
            self._draft = None  # removed with the entry
        return result


# --- the store ---------------------------------------------------------------------------------


class _Transaction:
    """One transaction of a store (:meth:`Store._transaction`): begun as the ``with`` block is
    entered, committed when it ends, rolled back when it raises; a failure of the database is a
    StoreError saying what was being written. (A class of its own: contextlib, with functools
    and the types module, would cost every command that opens a store its import.)"""

    __slots__ = ("store", "what", "flush", "conn")

    def __init__(self, store: Store, what: str, flush: bool):
        self.store, self.what, self.flush = store, what, flush
        self.conn: sqlite3.Connection | None = None

    def __enter__(self) -> sqlite3.Connection:
        conn = self.conn = self.store.connection
        try:
            if not self.flush:
                conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self.store._write_error(exc, self.what) from None
        return conn

    def __exit__(self, kind: Any, exc: BaseException | None, traceback: Any) -> Literal[False]:
        conn = self.conn
        assert conn is not None
        try:
            if kind is None:
                try:
                    conn.execute("COMMIT")
                except BaseException as error:
                    self._undo(error)
                    raise
            else:
                self._undo(exc)
            return False  # what the block raised goes on as it was
        finally:
            if not self.flush:
                conn.execute("PRAGMA synchronous = FULL")

    def _undo(self, exc: BaseException | None) -> None:
        """Roll back what the transaction wrote; a failure of the database raises a StoreError."""
        conn = self.conn
        assert conn is not None
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        if isinstance(exc, sqlite3.Error):
            raise self.store._write_error(exc, self.what) from None


def _header_fault(path: str, size: int) -> str | None:
    """What the first 100 bytes of a file of ``size`` bytes say is wrong with it as a store
    (not an SQLite database, another program's, cut short), or None; StoreError if unreadable."""
    try:
        with open(path, "rb") as f:
            header = f.read(100)
    except OSError as exc:
        raise StoreError(t("store.cannot_read", path=str(path), error=str(exc.strerror))) from None
    if not header.startswith(_MAGIC):
        return t("store.detail.not_database")
    if len(header) < 100:
        return None
    app_id = int.from_bytes(header[68:72], "big")
    if app_id not in (0, APPLICATION_ID):
        return t("store.detail.other_program", id=f"{app_id:#x}")
    page = int.from_bytes(header[16:18], "big")
    page = 65536 if page == 1 else page
    if page >= 512 and page & (page - 1) == 0 and size % page:
        return t("store.detail.cut_short", size=str(size), page=str(page))
    return None


def _writable(path: str) -> bool:
    """Whether this process may write the store at ``path`` and the files SQLite keeps beside
    it: True for a file not made yet (making it says what is wrong)."""
    if not os.path.exists(path):
        return True
    return os.access(path, os.W_OK) and os.access(os.path.dirname(path) or os.curdir, os.W_OK | os.X_OK)


def _read_only_uri(path: str) -> str:
    """The URI that reads the store at ``path`` and writes nothing beside it: without a -wal file
    the main file holds everything and nobody is writing in WAL mode, so it is read as immutable,
    which creates no -wal/-shm files."""
    return _file_uri(path) + ("?mode=ro" if os.path.exists(f"{path}-wal") else "?mode=ro&immutable=1")


def _open_unwritable(store: Store) -> sqlite3.Connection:
    """A store this process may read but not write (the file or its folder is read-only), read
    as :meth:`Store._inspect` reads it: SQLite would otherwise make -wal and -shm files with the
    store's read-only mode, and the store would stay unwritable after its permissions are put
    right. Every write then fails with SQLite's "readonly database", which the writing methods
    tell; a store that would have to be upgraded (or made, in an empty file) cannot be used."""
    try:
        conn = sqlite3.connect(_read_only_uri(store.path), uri=True, timeout=store._timeout, isolation_level=None)
    except sqlite3.Error as exc:
        raise store._cannot_open(exc) from None

    def prepare(conn: sqlite3.Connection) -> None:
        version = store._check(conn, full=False)
        if version < len(MIGRATIONS):
            raise StoreError(t("store.upgrade_failed", path=str(store.path), start=version, target=len(MIGRATIONS),
                               error="attempt to write a readonly database"))

    return store._ready(conn, prepare)


class Store:
    """One store file. ``Store(path)`` opens (or creates) it; use as a context manager or close().

    ``Store(path, read_only=True)`` only reads an existing store (:meth:`_open_read_only`).
    """

    def __init__(self, path: str | os.PathLike | None = None, *, clock: Callable[[], datetime] | None = None,
                 timeout: float = 5.0, read_only: bool = False):
        # A str path (pathlib is not imported on a report's start); shown as pathlib shows it.
        self.path = path_text(path, expand=True) if path is not None else default_db_path()
        self._clock = clock or _utc_now
        self._timeout = timeout
        self._conn: sqlite3.Connection | None = None
        # Compiled copies of stored rulesets, by (ruleset_json, ref): compiling one costs
        # more than replaying a game, and most games share a handful of rulesets.
        self._rulesets: dict[tuple[str, str], Ruleset] = {}
        self._columns: dict[str, set[str]] = {}  # each table's, read once (_has_column)
        self._inspect()
        self._conn = self._open_read_only() if read_only else self._open()
        # Closed at exit at the latest, whatever path the program took: the command's process
        # does not finalize what is left (scorekeeper.process), and a connection never closed
        # leaves its -wal and -shm files beside the store.
        atexit.register(self.close)

    # -- opening
    def _not_ours(self, detail: str) -> StoreError:
        return StoreError(t("store.not_ours", path=str(self.path), detail=detail))

    def _newer(self, version: int) -> StoreError:
        return StoreError(t("store.newer", path=str(self.path), version=version, known=len(MIGRATIONS)))

    def _cannot_open(self, exc: sqlite3.Error) -> StoreError:
        code = _code(exc)
        # SQLite quotes a damaged schema's text, line breaks and all: an error is one line
        error = " ".join(str(exc).split())
        if code in (_SQLITE_NOTADB, _SQLITE_CORRUPT):
            return self._not_ours(error)
        if code in (_SQLITE_BUSY, _SQLITE_LOCKED):
            return StoreError(t("store.busy", path=str(self.path), error=error))
        return StoreError(t("store.cannot_open", path=str(self.path), error=error))

    def _inspect(self) -> None:
        """Check an existing file without writing to it; StoreError if it is not a usable store."""
        path = self.path
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StoreError(t("store.cannot_read", path=str(path), error=str(exc.strerror))) from None
        if stat.S_ISDIR(st.st_mode):
            raise StoreError(t("store.is_folder", path=str(path), example=os.path.join(path, "scorekeeper.db")))
        fault = _header_fault(path, st.st_size) if st.st_size > 0 else None
        if fault is not None:
            raise self._not_ours(fault)
        try:
            conn = sqlite3.connect(_read_only_uri(path), uri=True, timeout=self._timeout)
        except sqlite3.Error as exc:
            raise self._cannot_open(exc) from None
        try:
            self._check(conn, full=True)
        except sqlite3.Error as exc:
            raise self._cannot_open(exc) from None
        finally:
            conn.close()

    def _check(self, conn: sqlite3.Connection, full: bool) -> int:
        """The store version, after checking that the file is ours (or empty) and sound."""
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = sorted(r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
        if app_id != APPLICATION_ID:
            if app_id == 0 and version == 0 and not tables:
                return 0  # an empty database: becomes a store
            if tables:
                raise self._not_ours(t("store.detail.other_tables", tables=", ".join(tables)))
            raise self._not_ours(t("store.detail.other_program_version", id=f"{app_id:#x}", version=str(version)))
        if version > len(MIGRATIONS):
            raise self._newer(version)
        if version >= 1 and not _TABLES <= set(tables):
            missing = sorted(_TABLES - set(tables))
            raise self._not_ours(tn("store.detail.missing_tables", len(missing), tables=", ".join(missing)))
        if full:
            problems = [r[0] for r in conn.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                lines = [line for row in problems for line in str(row).splitlines() if not line.startswith("***")]
                if len(lines) > 3:
                    raise self._not_ours(t("store.detail.integrity_more", problems="; ".join(lines[:3]),
                                           count=len(lines) - 3))
                raise self._not_ours(t("store.detail.integrity", problems="; ".join(lines)))
        return version

    def _open(self) -> sqlite3.Connection:
        path = self.path
        if not _writable(path):
            return _open_unwritable(self)
        try:
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        except OSError as exc:
            raise StoreError(t("store.no_folder", path=str(path), folder=os.path.dirname(path) or ".",
                               error=str(exc.strerror))) from None
        try:
            conn = sqlite3.connect(path, timeout=self._timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise self._cannot_open(exc) from None

        def prepare(conn: sqlite3.Connection) -> None:
            version = self._check(conn, full=False)  # again: the file may have changed since
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            if version < len(MIGRATIONS):
                self._migrate(conn)

        return self._ready(conn, prepare)

    def _ready(self, conn: sqlite3.Connection, prepare: Callable[[sqlite3.Connection], None]) -> sqlite3.Connection:
        """``conn`` once ``prepare(conn)`` has run; closed if it fails (an SQLite error as StoreError)."""
        try:
            prepare(conn)
        except sqlite3.Error as exc:
            conn.close()
            raise self._cannot_open(exc) from None
        except BaseException:
            conn.close()
            raise
        return conn

    def _open_read_only(self) -> sqlite3.Connection:
        """``Store(path, read_only=True)``: for a reader beside the table (the score board).

        A ``mode=ro`` connection that sees each entry once its commit returns and can never
        write: no pragma is set, nothing is migrated (an older store version is read as it
        is), no folder or file is created. SQLite may add the ``-wal``/``-shm`` index files
        beside a WAL store it reads; the store file itself is not touched. Every writing
        method raises StoreError.
        """
        path = self.path
        if not os.path.isfile(path):
            raise StoreError(t("store.no_store_yet", path=str(path)))
        try:
            conn = sqlite3.connect(_file_uri(path) + "?mode=ro", uri=True, timeout=self._timeout,
                                   isolation_level=None)
        except sqlite3.Error as exc:
            raise self._cannot_open(exc) from None

        def prepare(conn: sqlite3.Connection) -> None:
            if self._check(conn, full=False) == 0:
                raise StoreError(t("store.empty", path=str(path)))

        return self._ready(conn, prepare)

    def _migrate(self, conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        start = target = None
        try:
            start = self._check(conn, full=False)  # under the write lock: nobody else is migrating
            target = len(MIGRATIONS)
            for step in MIGRATIONS[start:target]:
                step(conn)
            conn.execute(f"PRAGMA user_version = {target}")
            conn.execute("COMMIT")
        except BaseException as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if isinstance(exc, StoreError) or start is None:
                raise
            raise StoreError(t("store.upgrade_failed", path=str(self.path), start=start, target=target,
                               error=str(exc))) from None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
            atexit.unregister(self.close)

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(t("store.closed", path=str(self.path)))
        return self._conn

    # -- writing
    def _now(self) -> str:
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError("the store's clock must give aware datetimes (with a time zone)")
        return now.astimezone(timezone.utc).isoformat(timespec="microseconds")

    def _transaction(self, what: str, flush: bool = True) -> _Transaction:
        """One transaction, for a ``with`` block that gets the connection. ``flush`` False: its
        commit is not waited onto the disk (it is in the journal, which survives the process
        being killed, not a power cut; the next flushed commit takes it to the disk too): for the
        boxes being typed, saved at every key, never for an entry."""
        return _Transaction(self, what, flush)

    def _write_error(self, exc: sqlite3.Error, what: str) -> StoreError:
        code = _code(exc)
        if code in (_SQLITE_BUSY, _SQLITE_LOCKED):
            remedy = t("store.remedy.busy")
        elif code == _SQLITE_FULL:
            remedy = t("store.remedy.full")
        elif code == _SQLITE_READONLY:
            remedy = t("store.remedy.read_only")
        else:
            remedy = t("store.remedy.other")
        return StoreError(t("store.not_saved", path=str(self.path), what=what, error=str(exc), remedy=remedy))

    def _summary(self, game: Game) -> tuple:
        return (len(game.deals), int(game.is_over), jsontext.dumps(game.winners), game.planned_deals)

    def _keep_stopped(self, conn: sqlite3.Connection, game_id: int, stopped: int | None) -> None:
        """The summary's deal after which the game was ended early (a store being written has
        the column: it was brought up to date when opened)."""
        if self._has_column("stopped_at"):
            conn.execute("UPDATE games SET stopped_at = ? WHERE id = ?", (stopped, game_id))

    def _append(self, stored: StoredGame, kind: str, deal: int, values_json: str | None, facts_json: str,
                what: str) -> int:
        now = self._now()
        with self._transaction(what) as conn:
            last = _entries_saved(conn, stored.id)
            if last != stored._seq:
                raise StoreError(t("store.changed_elsewhere", path=str(self.path), what=what, id=stored.id))
            seq = last + 1
            conn.execute("INSERT INTO entries (game_id, seq, kind, deal, values_json, created_at) "
                         "VALUES (?, ?, ?, ?, ?, ?)", (stored.id, seq, kind, deal, values_json, now))
            conn.execute("UPDATE games SET updated_at = ?, deals_played = ?, finished = ?, winners_json = ?, "
                         "planned_deals = ? WHERE id = ?", (now, *self._summary(stored.game), stored.id))
            self._keep_stopped(conn, stored.id, stored.game.stopped_at)
            _keep_facts(conn, stored.id, seq, facts_json)
            if kind == "record":
                conn.execute("DELETE FROM drafts WHERE game_id = ?", (stored.id,))
        return seq

    def _save_draft(self, stored: StoredGame, decide: Callable[[tuple[int, dict] | None], tuple[int, dict] | None],
                    what: str, writer: str) -> tuple[dict[str, str], dict[str, str]]:
        """Write a game's draft as ``decide(the draft stored now)`` says, in one transaction (no
        other writer in between), ``writer`` as who typed the boxes it changes; nothing when it
        raises. Who typed each box last, before and after."""
        now = self._now()
        with self._transaction(what, flush=False) as conn:
            return _write_draft_row(conn, stored, decide, writer, now)

    def _draft_of(self, game_id: int) -> tuple[tuple[int, dict] | None, dict[str, str]]:
        """A game's draft as stored now: (deal, sheet values) or None, and who typed its boxes."""
        writers = "writers_json" if self._has_column("writers_json", "drafts") else "NULL"  # a store read as it is
        try:
            row = self.connection.execute(f"SELECT deal, values_json, {writers} FROM drafts WHERE game_id = ?",
                                          (game_id,)).fetchone()
        except sqlite3.Error as exc:
            raise StoreError(t("store.game_unreadable", path=str(self.path), id=str(game_id), error=str(exc))) from None
        draft = _draft_row(row)
        return draft, (_writers_row(row[2]) if draft is not None else {})

    # -- games
    def create_game(self, game: Game, ruleset_ref: str, title: str | None = None, *,
                    session_id: int | None = None) -> int:
        """Store a game (with the entries it already has) and its ruleset; its id.

        The game's undo/redo history is stored as entries; what it could redo is not kept.
        It belongs to session ``session_id`` (StoreError if there is none such), else to none.
        """
        return self._create_game(game, ruleset_ref, title, session_id)

    def _create_game(self, game: Game, ruleset_ref: str, title: str | None, session: int | str | None) -> int:
        """create_game; ``session`` is a session id, None, or "current"/"new" (decided in the transaction)."""
        from ..game.sheet import sheet_values
        from .facts import compute_facts

        if title is not None and not isinstance(title, str):
            raise TypeError("title must be text or None")
        what = t("store.what.new_game")
        try:
            ruleset_json = jsontext.dumps(game.ruleset.raw)  # the English ruleset, whatever is shown
        except (TypeError, ValueError) as exc:
            raise StoreError(t("store.ruleset_not_stored", path=str(self.path), what=what, ruleset=str(ruleset_ref),
                               error=str(exc))) from None
        players_json = jsontext.dumps(list(game.setup.players))  # at the start
        options_json = jsontext.dumps(game.options)
        entries = []
        for action in game.history:
            values = (dict(action.values) if action.kind in TABLE_KINDS or action.kind in PLAN_KINDS
                      else sheet_values(game, action.values))
            entries.append((action.kind, action.deal, jsontext.dumps(values)))
        # What is stored must rebuild this very game: check before writing.
        scores_json = _starting_json(game)
        copy = self._rebuild(None, ruleset_json, ruleset_ref, players_json, options_json,
                             game.setup.first_dealer, [(i, *e) for i, e in enumerate(entries, start=1)], scores_json)
        if copy.deals != game.deals or copy.totals() != game.totals():
            raise StoreError(t("store.not_same_game", path=str(self.path), what=what))
        now = self._now()
        with self._transaction(what) as conn:
            session_id = self._session_for(conn, session, now)
            cur = conn.execute(
                "INSERT INTO games (created_at, updated_at, title, ruleset_ref, ruleset_id, ruleset_name, "
                "ruleset_json, players_json, options_json, first_dealer, session_id, deals_played, "
                "finished, winners_json, planned_deals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (now, now, title, str(ruleset_ref), game.ruleset.id, game.ruleset.localized("en").name, ruleset_json,
                 players_json,
                 options_json, game.setup.first_dealer, session_id, *self._summary(game)))
            game_id = _row_id(cur)
            if scores_json is not None:
                conn.execute("UPDATE games SET scores_json = ? WHERE id = ?", (scores_json, game_id))
            self._keep_stopped(conn, game_id, game.stopped_at)
            conn.executemany(
                "INSERT INTO entries (game_id, seq, kind, deal, values_json, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, seq, kind, deal, values, now) for seq, (kind, deal, values) in enumerate(entries, 1)])
            _keep_facts(conn, game_id, len(entries), compute_facts(game, game_id).to_json())
        return game_id

    def new_game(self, ruleset: Ruleset, ruleset_ref: str, players, options: Mapping[str, Any] | None = None,
                 first_dealer: int = 1, title: str | None = None, *, new_session: bool = False,
                 scores=None, carried=None) -> StoredGame:
        """Start and store a game; SetupError (nothing stored) if the ruleset refuses the setup.
        ``scores`` and ``carried``: the starting scores and values carried into the first deal
        of a game continued from paper (as :class:`Game` takes them).

        The game joins the current session (see :meth:`current_session`); when there is
        none, or with ``new_session=True``, a new session is started for it.

        >>> import os, tempfile
        >>> from scorekeeper.rules.ruleset import load_ruleset
        >>> folder = tempfile.TemporaryDirectory()
        >>> with Store(os.path.join(folder.name, "games.db")) as store:
        ...     stored = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"], title="Friday")
        ...     print(stored.id, stored.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}).totals)
        ...     print(store.open_game(stored.id).game.totals())
        1 (13, 0, 12)
        (13, 0, 12)
        >>> folder.cleanup()
        """
        from ..game.game import Game

        # shown in the current language, as a game opened again (what is stored stays English)
        game = Game(ruleset.localized(get_language()), players, options, first_dealer, scores, carried)
        game_id = self._create_game(game, ruleset_ref, title, "new" if new_session else "current")
        return StoredGame(self, game_id, game, title, str(ruleset_ref), 0)

    # -- sessions
    def _session_for(self, conn: sqlite3.Connection, session: int | str | None, now: str) -> int | None:
        """The session a game being stored joins (inside its transaction)."""
        if session is None:
            return None
        if session == "current":
            current = self._current(conn, now)
            if current is not None:
                return current
            session = "new"
        if session == "new":
            return _row_id(conn.execute("INSERT INTO sessions (started_at, title) VALUES (?, NULL)", (now,)))
        if type(session) is not int or conn.execute("SELECT 1 FROM sessions WHERE id = ?",
                                                     (session,)).fetchone() is None:
            raise StoreError(t("store.no_session", path=str(self.path), id=str(session)))
        return session

    def _current(self, conn: sqlite3.Connection, now: str) -> int | None:
        row = conn.execute(
            "SELECT s.id, max(s.started_at, coalesce((SELECT max(updated_at) FROM games WHERE session_id = s.id), "
            "'')) FROM sessions s ORDER BY s.id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        idle = datetime.fromisoformat(now) - datetime.fromisoformat(row[1])
        return row[0] if idle <= SESSION_IDLE else None

    def new_session(self, title: str | None = None) -> Session:
        """Start a session; the next new games join it."""
        if title is not None and not isinstance(title, str):
            raise TypeError("title must be text or None")
        now = self._now()
        with self._transaction(t("store.what.new_session")) as conn:
            session_id = _row_id(conn.execute("INSERT INTO sessions (started_at, title) VALUES (?, ?)",
                                              (now, title)))
        return self.session(session_id)

    def current_session(self) -> Session | None:
        """The session a new game would join now: the newest one, if it was active in the last
        :data:`SESSION_IDLE`; None when a new game would start a new session."""
        try:
            session_id = self._current(self.connection, self._now())
        except sqlite3.Error as exc:
            raise StoreError(t("store.sessions_unreadable", path=str(self.path), error=str(exc))) from None
        return self.session(session_id) if session_id is not None else None

    def session(self, session_id: int) -> Session:
        """One session; StoreError if there is none with that id."""
        found = self._sessions(session_id)
        if not found:
            raise StoreError(t("store.no_session", path=str(self.path), id=str(session_id)))
        return found[0]

    def sessions(self) -> list[Session]:
        """Every session, the newest first."""
        return self._sessions(None)

    def _sessions(self, session_id: int | None) -> list[Session]:
        where, args = ("WHERE id = ? ", (session_id,)) if session_id is not None else ("", ())
        conn = self.connection
        try:
            with conn:
                conn.execute("BEGIN")
                rows = conn.execute(f"SELECT id, started_at, title FROM sessions {where}ORDER BY id DESC",
                                    args).fetchall()
                games = conn.execute(
                    "SELECT session_id, id, updated_at FROM games WHERE session_id IS NOT NULL"
                    + (" AND session_id = ?" if session_id is not None else "") + " ORDER BY id", args).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(t("store.sessions_unreadable", path=str(self.path), error=str(exc))) from None
        members: dict[int, list[tuple[int, str]]] = {}
        for sid, gid, updated in games:
            members.setdefault(sid, []).append((gid, updated))
        out = []
        for sid, started, title in rows:
            try:
                started_at = datetime.fromisoformat(started)
                active = max([started_at] + [datetime.fromisoformat(u) for _, u in members.get(sid, ())])
            except (TypeError, ValueError) as exc:
                raise StoreError(t("store.session_damaged", path=str(self.path), id=sid, error=str(exc))) from None
            out.append(Session(sid, started_at, title, active, tuple(g for g, _ in members.get(sid, ()))))
        return out

    def open_game(self, game_id: int) -> StoredGame:
        """A stored game rebuilt from its entries; StoreError if it is missing or cannot be rebuilt."""
        conn = self.connection
        try:
            with conn:  # one read snapshot for the game row and its entries
                conn.execute("BEGIN")
                scores = "scores_json" if self._has_column("scores_json") else "NULL"  # a store read as it is
                row = conn.execute(
                    "SELECT title, ruleset_ref, ruleset_json, players_json, options_json, first_dealer, "
                    f"{scores} FROM games WHERE id = ?", (game_id,)).fetchone()
                rows = conn.execute("SELECT seq, kind, deal, values_json FROM entries WHERE game_id = ? "
                                    "ORDER BY seq", (game_id,)).fetchall()
                writers = "writers_json" if self._has_column("writers_json", "drafts") else "NULL"
                draft_row = conn.execute(f"SELECT deal, values_json, {writers} FROM drafts WHERE game_id = ?",
                                         (game_id,)).fetchone()
                facts_row = conn.execute("SELECT version, facts_json FROM stats_cache WHERE game_id = ? AND entries = ?",
                                         (game_id, len(rows))).fetchone()
        except sqlite3.Error as exc:
            raise StoreError(t("store.game_unreadable", path=str(self.path), id=str(game_id), error=str(exc))) from None
        if row is None:
            raise StoreError(t("store.no_game", path=str(self.path), id=str(game_id)))
        title, ref, ruleset_json, players_json, options_json, first_dealer, scores_json = row
        game = self._rebuild(game_id, ruleset_json, ref, players_json, options_json, first_dealer, rows, scores_json)
        draft = _draft_row(draft_row)
        return StoredGame(self, game_id, game, title, ref, len(rows), draft, facts_row,
                          _writers_row(draft_row[2]) if draft is not None else None)

    load = open_game

    def entries_saved(self, game_id: int) -> int:
        """How many entries the game's event log holds now (0 for a game not stored), as another
        writer may have left it: a front end that sees more than its StoredGame's
        ``entries_saved`` opens the game again (the app follows a phone so). StoreError if the
        store cannot be read now."""
        try:
            return _entries_saved(self.connection, game_id)
        except sqlite3.Error as exc:
            raise StoreError(t("store.game_unreadable", path=str(self.path), id=str(game_id), error=str(exc))) from None

    def _has_column(self, column: str, table: str = "games") -> bool:
        """Whether ``table`` has ``column`` (a store read as it is, by a reader, keeps the columns
        of the version that wrote it: games.scores_json from version 4 on, games.stopped_at from
        version 5, drafts.writers_json from version 6)."""
        columns = self._columns.get(table)
        if columns is None:
            columns = self._columns[table] = {r[1] for r in self.connection.execute(f"PRAGMA table_info({table})")}
        return column in columns

    def _rebuild(self, game_id: int | None, ruleset_json, ref, players_json, options_json, first_dealer,
                 rows, scores_json: str | None = None) -> Game:
        from ..game.game import Game

        name = t("store.what.game", id=str(game_id)) if game_id is not None else t("store.what.new_game")

        def damaged(where: str, problem: str) -> StoreError:
            return StoreError(t("store.rebuild", path=str(self.path), name=name, where=where, problem=problem))

        try:
            key = (ruleset_json, str(ref))
            ruleset = self._rulesets.get(key) if isinstance(ruleset_json, str) else None
            if ruleset is None:
                ruleset = ruleset_from_raw(jsontext.loads(ruleset_json), str(ref), stored=True)
                if len(self._rulesets) >= 32:
                    self._rulesets.clear()
                self._rulesets[key] = ruleset
            # shown in the current language; what is stored stays the English ruleset (ruleset.raw)
            ruleset = ruleset.localized(get_language())
        except (TypeError, ValueError) as exc:  # JSON errors, RulesetError
            problem = str(exc.problems[0]) if isinstance(exc, RulesetError) and exc.problems else str(exc)
            raise damaged(t("store.where.ruleset"), problem) from None
        try:
            players = jsontext.loads(players_json)
            options = jsontext.loads(options_json)
            if not isinstance(players, list) or not isinstance(options, dict):
                raise ValueError(t("store.problem.players_options"))
            scores = jsontext.loads(scores_json) if scores_json is not None else None
            carried = None
            if isinstance(scores, dict):  # starting scores and starting carried values (_starting_json)
                carried = scores.get("carried")
                scores = scores.get("scores")
            game = Game(ruleset, players, options, first_dealer, scores, carried)
        except (TypeError, ValueError) as exc:
            raise damaged(t("store.where.players"), str(exc)) from None
        for expected, (seq, kind, deal, values_json) in enumerate(rows, start=1):
            try:
                if seq != expected:
                    raise ValueError(t("store.problem.entry_missing", seq=expected))
                _replay_entry(game, kind, deal, values_json)
            except (TypeError, ValueError) as exc:  # JSON errors, GameError, IllegalEntry
                raise damaged(t("store.where.entry", seq=str(seq), kind=str(kind), deal=str(deal)), str(exc)) from None
        return game

    def entries(self, game_id: int) -> list[StoredEntry]:
        """A game's event log, in order."""
        try:
            rows = self.connection.execute(
                "SELECT seq, kind, deal, values_json, created_at FROM entries WHERE game_id = ? ORDER BY seq",
                (game_id,)).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(t("store.game_unreadable", path=str(self.path), id=str(game_id), error=str(exc))) from None
        out = []
        for seq, kind, deal, values_json, created in rows:
            try:
                values = jsontext.loads(values_json) if values_json is not None else None
                out.append(StoredEntry(seq, kind, deal, values, datetime.fromisoformat(created)))
            except (TypeError, ValueError) as exc:
                raise StoreError(t("store.entry_unreadable", path=str(self.path), id=str(game_id), seq=str(seq),
                                   error=str(exc))) from None
        return out

    def list_games(self, *, unfinished_only: bool = False) -> list[GameSummary]:
        """Every stored game, the one played most recently first (then the newest)."""
        where = "WHERE finished = 0 " if unfinished_only else ""
        try:
            stopped_column = "stopped_at" if self._has_column("stopped_at") else "NULL"  # a store read as it is
            rows = self.connection.execute(
                "SELECT id, title, ruleset_id, ruleset_name, players_json, created_at, updated_at, deals_played, "
                f"planned_deals, finished, winners_json, {stopped_column} FROM games {where}"
                "ORDER BY updated_at DESC, id DESC"
            ).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(t("store.list_unreadable", path=str(self.path), error=str(exc))) from None
        out = []
        for (gid, title, rid, rname, players_json, created, updated, played, planned, finished,
             winners_json, stopped) in rows:
            try:
                out.append(GameSummary(gid, title, rid, rname, tuple(jsontext.loads(players_json)),
                                       datetime.fromisoformat(created), datetime.fromisoformat(updated), played,
                                       planned, bool(finished), list(jsontext.loads(winners_json)), stopped))
            except (TypeError, ValueError) as exc:
                raise StoreError(t("store.game_row_damaged", path=str(self.path), id=str(gid), error=str(exc))) from None
        return out

    def unfinished(self) -> list[GameSummary]:
        """The games not over yet, the one played most recently first."""
        return self.list_games(unfinished_only=True)

    # -- the stats cache (what it holds is derived by scorekeeper.reports.stats)
    def cached_facts(self) -> list[tuple[int, int, int | None, int | None, str | None]]:
        """Every game with its ``stats_cache`` row, by id: (game id, entries it has, and the
        row's entries, version and facts_json, each None when the game has no row)."""
        try:
            return self.connection.execute(
                "SELECT g.id, (SELECT coalesce(max(e.seq), 0) FROM entries e WHERE e.game_id = g.id), "
                "c.entries, c.version, c.facts_json FROM games g LEFT JOIN stats_cache c ON c.game_id = g.id "
                "ORDER BY g.id").fetchall()
        except sqlite3.Error as exc:
            raise StoreError(t("stats.unreadable", path=str(self.path), error=str(exc))) from None

    def cache_facts(self, rows: list[tuple[int, int, int, str]]) -> None:
        """Keep derived figures, (game id, entries, version, facts_json), for next time; a
        cache that cannot be written is no error (nothing is cached then)."""
        conn = self.connection
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany("INSERT OR REPLACE INTO stats_cache (game_id, entries, version, facts_json) "
                             "VALUES (?, ?, ?, ?)", rows)
            conn.execute("COMMIT")
        except sqlite3.Error:
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
