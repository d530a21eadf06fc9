"""The SQLite store: games survive closing and reopening exactly; bad files are refused untouched.

Deals used below (Lupaus, three players, default options: 10 + bid for an exact bid,
else 0; deal 1 has 10 cards and Anna deals, deal 2 has 9 and Ben deals, ...):

    D1  bids 3 4 2, tricks 3 5 2  -> Anna 13, Ben 0, Cara 12     totals 13  0 12
    D2  bids 2 2 2, tricks 2 3 4  -> Anna 12, Ben 0, Cara 0      totals 25  0 12
    D3  bids 0 1 1, tricks 0 1 7  -> Anna 10, Ben 11, Cara 0     totals 35 11 12
    D2E bids 2 3 2, tricks 2 3 4  -> Anna 12, Ben 13, Cara 0     (D2 edited: 35 24 12 after D3)
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from scorekeeper.game.engine import GameError, IllegalEntry, SetupError
from scorekeeper.game.game import Game
from scorekeeper.rules.ruleset import builtin_ids, load_ruleset, ruleset_from_raw
from scorekeeper.store import db
from scorekeeper.store.db import (
    APPLICATION_ID, SCHEMA_VERSION, GameSummary, Store, StoreError, default_db_path,
)

REPO = Path(__file__).resolve().parents[1]
THREE = ["Anna", "Ben", "Cara"]
LEFT = "It was left untouched: move it aside, or choose another file with --db PATH."

D1 = {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}
D2 = {"bid": [2, 2, 2], "tricks": [2, 3, 4]}
D3 = {"bid": [0, 1, 1], "tricks": [0, 1, 7], "turned": "SPADES"}
D2E = {"bid": [2, 3, 2], "tricks": [2, 3, 4]}


def lupaus():
    return load_ruleset("lupaus")


def filler(game: Game) -> dict:
    """A legal Lupaus deal: everyone bids 0 and Anna takes every trick (Ben and Cara score 10)."""
    return {"bid": [0, 0, 0], "tricks": [game.info().cards, 0, 0]}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def raw(path: Path) -> sqlite3.Connection:
    """A plain connection, for looking at (or damaging) a store behind the Store's back."""
    return sqlite3.connect(path, isolation_level=None)


def entry_rows(path: Path) -> list[tuple]:
    conn = raw(path)
    try:
        return conn.execute(
            "SELECT game_id, seq, kind, deal, values_json FROM entries ORDER BY game_id, seq").fetchall()
    finally:
        conn.close()


class Clock:
    """An injected clock: 19:30 UTC on 9 May 2026, one minute later at each reading."""

    def __init__(self):
        self.now = datetime(2026, 5, 9, 19, 30, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def at(minute: int) -> datetime:
    return datetime(2026, 5, 9, 19, 30 + minute, tzinfo=timezone.utc)


# --- where the store is -------------------------------------------------------------------------


def test_default_path_is_in_the_user_data_folder(monkeypatch):
    """Without SCOREKEEPER_DB the store is scorekeeper.db in platformdirs' user data folder."""
    import platformdirs

    monkeypatch.delenv("SCOREKEEPER_DB", raising=False)
    assert default_db_path() == str(platformdirs.user_data_path("scorekeeper", appauthor=False) / "scorekeeper.db")
    assert Path(default_db_path()).parent.name == "scorekeeper"


def test_environment_variable_chooses_the_file(tmp_path, monkeypatch):
    """SCOREKEEPER_DB names the file Store() opens; missing folders are created."""
    target = tmp_path / "deep" / "er" / "games.db"
    monkeypatch.setenv("SCOREKEEPER_DB", str(target))
    assert default_db_path() == str(target)
    with Store() as store:
        assert store.path == str(target)
    assert target.is_file()


def test_explicit_path_wins_over_the_environment(tmp_path, monkeypatch):
    """Store(path) (--db PATH) is used even when SCOREKEEPER_DB is set."""
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "env.db"))
    with Store(tmp_path / "flag.db") as store:
        assert store.path == str(tmp_path / "flag.db")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flag.db"]


@pytest.mark.skipif(sys.platform == "win32", reason="Windows' URIs are made by pathlib itself")
@pytest.mark.parametrize("name", ["s.db", "a b/ü%20#x?.db", "./x/../y.db", "deep//er/./s.db"])
def test_a_store_read_beside_the_table_is_named_by_its_uri_as_pathlib_names_it(tmp_path, monkeypatch, name):
    """The read-only and the first look at a store open it by its file: URI, made without urllib;
    a name with spaces, a percent sign, '#', '?' or letters outside ASCII is the same file."""
    from scorekeeper.store import db

    monkeypatch.chdir(tmp_path)
    assert db._file_uri(name) == Path(name).absolute().as_uri()
    path = tmp_path / "a b" / "ü%20#x?.db"
    with Store(path) as store:
        store.new_session("kept")
    with Store(path) as again, Store(path, read_only=True) as reader:
        assert [s.title for s in reader.sessions()] == [s.title for s in again.sessions()] == ["kept"]


def test_pragmas_are_set(tmp_path):
    """WAL journal, synchronous=FULL (2), foreign keys on, our application id and store version."""
    with Store(tmp_path / "s.db") as store:
        conn = store.connection
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert conn.execute("PRAGMA synchronous").fetchone() == (2,)
        assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
        assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (6,)
        assert conn.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)


def test_schema_columns(tmp_path):
    """The tables as the module docstring describes them."""
    with Store(tmp_path / "s.db") as store:
        def columns(table):
            return [(r[1], r[2], r[3], r[5]) for r in store.connection.execute(f"PRAGMA table_info({table})")]

        assert columns("games") == [
            ("id", "INTEGER", 0, 1), ("created_at", "TEXT", 1, 0), ("updated_at", "TEXT", 1, 0),
            ("title", "TEXT", 0, 0), ("ruleset_ref", "TEXT", 1, 0), ("ruleset_id", "TEXT", 1, 0),
            ("ruleset_name", "TEXT", 1, 0), ("ruleset_json", "TEXT", 1, 0), ("players_json", "TEXT", 1, 0),
            ("options_json", "TEXT", 1, 0), ("first_dealer", "INTEGER", 1, 0), ("session_id", "INTEGER", 0, 0),
            ("planned_deals", "INTEGER", 0, 0), ("deals_played", "INTEGER", 1, 0), ("finished", "INTEGER", 1, 0),
            ("winners_json", "TEXT", 1, 0), ("scores_json", "TEXT", 0, 0), ("stopped_at", "INTEGER", 0, 0),
        ]
        assert columns("entries") == [
            ("game_id", "INTEGER", 1, 1), ("seq", "INTEGER", 1, 2), ("kind", "TEXT", 1, 0),
            ("deal", "INTEGER", 1, 0), ("values_json", "TEXT", 0, 0), ("created_at", "TEXT", 1, 0),
        ]
        assert columns("drafts") == [
            ("game_id", "INTEGER", 0, 1), ("deal", "INTEGER", 1, 0), ("values_json", "TEXT", 1, 0),
            ("updated_at", "TEXT", 1, 0), ("writers_json", "TEXT", 0, 0),
        ]
        with pytest.raises(sqlite3.IntegrityError, match="CHECK constraint failed"):
            store.connection.execute("INSERT INTO entries VALUES (1, 1, 'shuffle', 1, NULL, 'x')")


# --- games survive reopening --------------------------------------------------------------------


def test_recorded_deals_survive_reopening(tmp_path):
    """Record three deals, close, reopen: the same deals, results and totals."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE, title="Friday")
        assert stored.record(D1).totals == (13, 0, 12)
        stored.record(D2)
        assert stored.record(D3).totals == (35, 11, 12)
        before = stored.game
    with Store(path) as store:
        again = store.load(stored.id)  # load is open_game
    assert again.title == "Friday" and again.ruleset_ref == "lupaus"
    assert again.game.deals == before.deals
    assert again.game.results() == before.results()
    assert again.game.totals() == (35, 11, 12)
    assert again.game.deals[2] == {"turned": "spades", "bid": (0, 1, 1), "tricks": (0, 1, 7)}


def test_entries_are_stored_as_sheet_values(tmp_path):
    """Each change is one row: values as a score sheet holds them, NULL for undo and redo."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        stored.record(D1)
        stored.record({"bid": [2, 2, "2"], "tricks": [2, 3, 4]})
        stored.undo()
    assert entry_rows(path) == [
        (1, 1, "record", 1, '{"turned": "hearts", "bid": [3, 4, 2], "tricks": [3, 5, 2]}'),
        (1, 2, "record", 2, '{"bid": [2, 2, 2], "tricks": [2, 3, 4]}'),
        (1, 3, "undo", 2, None),
    ]


def test_undo_redo_and_edit_survive_reopening(tmp_path):
    """An edit, its undo and the redo stack are all there after reopening."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        for deal in (D1, D2, D3):
            stored.record(deal)
        assert stored.edit(2, D2E).totals == (25, 13, 12)
        assert stored.game.totals() == (35, 24, 12)
        undone = stored.undo()
        assert (undone.kind, undone.deal) == ("edit", 2)
    with Store(path) as store:
        stored = store.open_game(1)
        assert stored.game.totals() == (35, 11, 12)
        assert (stored.game.can_undo, stored.game.can_redo) == (True, True)
        redone = stored.redo()
        assert (redone.kind, redone.deal) == ("edit", 2)
        assert stored.game.totals() == (35, 24, 12)
        stored.undo()
        stored.undo()  # deal 3 goes too
        assert stored.game.totals() == (25, 0, 12)
    with Store(path) as store:
        stored = store.open_game(1)
        assert stored.game.totals() == (25, 0, 12)
        assert stored.redo().deal == 3
        assert stored.redo().kind == "edit"
        assert stored.game.totals() == (35, 24, 12)
        assert not stored.game.can_redo
    assert [(r[2], r[3]) for r in entry_rows(path)] == [
        ("record", 1), ("record", 2), ("record", 3), ("edit", 2), ("undo", 2), ("redo", 2), ("undo", 2),
        ("undo", 3), ("redo", 3), ("redo", 2)]


def test_a_redo_stack_is_cleared_by_a_new_record_after_reopening(tmp_path):
    """Undo, reopen, record something else: redo has nothing left, as in the game."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        stored.record(D1)
        stored.record(D2)
        stored.undo()
    with Store(path) as store:
        stored = store.open_game(1)
        stored.record(D2E)
        with pytest.raises(GameError, match="^there is nothing to redo$"):
            stored.redo()
    with Store(path) as store:
        assert store.open_game(1).game.totals() == (25, 13, 12)


def test_illegal_entry_is_refused_and_nothing_is_written(tmp_path):
    """A deal the rules refuse raises IllegalEntry; the store and the game stay as they were."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        for deal in (D1, D2, D3):
            stored.record(deal)
        stored.undo()
        rows = entry_rows(path)
        refused = [  # deal 3: 8 cards, Cara deals
            (stored.record, ({"bid": [2, 3, 4], "tricks": [2, 3, 4]},),
             "the tricks taken add up to 9, not 8, the number of tricks played"),
            (stored.record, ({"bid": [2, 1, 5], "tricks": [2, 1, 5]},),
             "Dealer Cara may not bid 5: the bids would total 8, the number of tricks"),
            (stored.record, ({"bids": [1, 1, 1]},),
             "Lupaus has no field 'bids' (did you mean 'bid'?); its fields are: turned, bid, tricks"),
            (stored.edit, (5, D1), "there is no recorded deal 5; deals 1 to 2 are recorded"),
            (stored.edit, (1, {"bid": [3, 4, 2], "tricks": [3, 3, 2]}),
             "the tricks taken add up to 8, not 10, the number of tricks played"),
        ]
        for method, args, message in refused:
            with pytest.raises(GameError) as exc:
                method(*args)
            assert str(exc.value) == message
        assert isinstance(exc.value, IllegalEntry)
        assert entry_rows(path) == rows
        assert stored.game.totals() == (25, 0, 12) and stored.game.can_redo
        assert stored.redo().deal == 3


def test_nothing_to_undo_or_redo_writes_nothing(tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        with pytest.raises(GameError, match="^there is nothing to undo$"):
            stored.undo()
        with pytest.raises(GameError, match="^there is nothing to redo$"):
            stored.redo()
    assert entry_rows(path) == []


def test_a_setup_the_ruleset_refuses_stores_nothing(tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        with pytest.raises(SetupError, match="^Lupaus is played by 3 to 7 players, not 2$"):
            store.new_game(lupaus(), "lupaus", ["Anna", "Ben"])
        assert store.list_games() == []


def test_a_stored_game_keeps_its_ruleset_when_the_file_changes(tmp_path):
    """The rules a game started under are stored with it; editing the file later changes nothing."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "lupaus"\nid = "house"\nname = "House Lupaus"\n\n'
                     '[score]\nvalue = "7 if exact else 0"\n', encoding="utf-8")
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(load_ruleset(house), str(house), THREE)
        assert stored.record(D1).scores == (7, 0, 7)
    house.write_text(house.read_text(encoding="utf-8").replace("7 if exact", "100 if exact"), encoding="utf-8")
    assert Game(load_ruleset(house), THREE).record(D1).scores == (100, 0, 100)
    with Store(path) as store:
        stored = store.open_game(1)
        assert stored.ruleset_ref == str(house)
        assert stored.game.ruleset.name == "House Lupaus"
        assert stored.game.totals() == (7, 0, 7)
        assert stored.record(D2).scores == (7, 0, 0)
    house.unlink()
    with Store(path) as store:
        assert store.open_game(1).game.totals() == (14, 0, 7)


@pytest.mark.parametrize("ruleset_id", builtin_ids())
def test_every_builtin_ruleset_survives_the_json_copy(ruleset_id):
    """The stored copy of a ruleset (JSON of its TOML data) builds the same ruleset."""
    original = load_ruleset(ruleset_id)
    copy = json.loads(json.dumps(original.raw))
    assert copy == original.raw
    rebuilt = ruleset_from_raw(copy, ruleset_id)
    assert (rebuilt.id, rebuilt.name, list(rebuilt.fields), list(rebuilt.options)) == (
        original.id, original.name, list(original.fields), list(original.options))


def test_options_and_first_dealer_are_kept(tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE, {"scoring": "tricks-plus-ten"}, first_dealer=3)
        assert stored.record({"bid": [3, 4, 2], "tricks": [3, 5, 2]}).scores == (13, 5, 12)
    with Store(path) as store:
        game = store.open_game(1).game
    assert game.options["scoring"] == "tricks-plus-ten"
    assert game.setup.first_dealer == 3 and game.info().dealer == 1
    assert game.totals() == (13, 5, 12)


def test_player_names_and_titles_are_kept_literally(tmp_path):
    """Markup and spreadsheet-formula look-alikes are stored and read back as typed."""
    players = ["[/]", "=cmd|' /C calc'!A0", "Cara"]
    title = "[bold]Friday[/bold] '; DROP TABLE games; --"
    path = tmp_path / "s.db"
    with Store(path) as store:
        store.new_game(lupaus(), "lupaus", players, title=title)
    with Store(path) as store:
        (summary,) = store.list_games()
        stored = store.open_game(summary.id)
    assert summary.players == tuple(players) and summary.title == title
    assert stored.game.players == tuple(players) and stored.title == title


def test_create_game_stores_the_entries_a_game_already_has(tmp_path):
    """A game played in memory (e.g. a loaded score sheet) is stored with its history."""
    game = Game(lupaus(), THREE)
    for deal in (D1, D2, D3):
        game.record(deal)
    game.edit(2, D2E)
    path = tmp_path / "s.db"
    with Store(path) as store:
        game_id = store.create_game(game, "lupaus", title="imported")
        stored = store.open_game(game_id)
        assert stored.game.deals == game.deals and stored.game.totals() == (35, 24, 12)
        assert stored.undo().kind == "edit"
    assert [(r[2], r[3]) for r in entry_rows(path)] == [
        ("record", 1), ("record", 2), ("record", 3), ("edit", 2), ("undo", 2)]


def test_create_game_refuses_a_game_that_would_not_replay(tmp_path):
    """A deal kept against the rules (record(check=False)) cannot be stored; nothing is written."""
    game = Game(lupaus(), THREE)
    game.record({"bid": [3, 4, 3], "tricks": [3, 4, 3]}, check=False)
    path = tmp_path / "s.db"
    with Store(path) as store:
        with pytest.raises(StoreError) as exc:
            store.create_game(game, "lupaus")
        assert str(exc.value) == (
            f"{path}: the new game cannot be rebuilt: entry 1 (record of deal 1): Dealer Anna may not bid 3: "
            "the bids would total 10, the number of tricks. Its stored entries were left untouched; the other "
            "games can still be opened.")
        assert store.list_games() == []


def test_a_draft_survives_reopening_and_goes_with_the_record(tmp_path):
    """Bids entered before the hand is played are kept; recording the deal removes them."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        assert stored.draft is None
        stored.save_draft({"bid": [3, 4, 2], "turned": "Hearts"})
        assert stored.draft == {"turned": "hearts", "bid": [3, 4, 2]}
    with Store(path) as store:
        stored = store.open_game(1)
        assert stored.draft == {"turned": "hearts", "bid": [3, 4, 2]}
        assert stored.game.deals == [] and entry_rows(path) == []
        stored.record({**stored.draft, "tricks": [3, 5, 2]})
        assert stored.draft is None
    with Store(path) as store:
        stored = store.open_game(1)
        assert stored.draft is None
        assert store.connection.execute("SELECT count(*) FROM drafts").fetchone() == (0,)


def test_a_draft_shows_only_for_the_deal_it_was_entered_for(tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        stored.record(D1)
        stored.save_draft({"bid": [2, 2, 2]})
        stored.undo()
        assert stored.draft is None
    with Store(path) as store:
        stored = store.open_game(1)
        assert stored.draft is None
        stored.redo()
        assert stored.draft == {"bid": [2, 2, 2]}
        stored.clear_draft()
        assert stored.draft is None
    with Store(path) as store:
        assert store.open_game(1).draft is None


def test_a_malformed_draft_is_refused_and_a_damaged_one_ignored(tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        with pytest.raises(GameError) as exc:
            stored.save_draft({"bid": [1, 2]})
        assert str(exc.value) == "Bid needs 3 values, one for each player, and got 2"
        assert stored.draft is None
        assert store.connection.execute("SELECT count(*) FROM drafts").fetchone() == (0,)
        stored.save_draft({"bid": [1, 2, 3]})
    conn = raw(path)
    conn.execute("""UPDATE drafts SET values_json = '{"bid": [1, 2'""")
    conn.close()
    with Store(path) as store:
        stored = store.open_game(1)
        assert stored.draft is None
        stored.record(D1)
        assert store.connection.execute("SELECT count(*) FROM drafts").fetchone() == (0,)


def test_no_draft_once_the_game_is_over(tmp_path):
    with Store(tmp_path / "s.db") as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        for _ in range(19):
            stored.record(filler(stored.game))
        with pytest.raises(GameError) as exc:
            stored.save_draft({"bid": [0, 0, 0]})
        assert str(exc.value) == "the game is over; there is no next deal to enter"


# --- listing games ------------------------------------------------------------------------------


def test_list_games_most_recently_played_first_with_every_field(tmp_path):
    with Store(tmp_path / "s.db", clock=Clock()) as store:
        a = store.new_game(lupaus(), "lupaus", THREE, title="A")  # 19:31
        store.new_game(lupaus(), "lupaus", ["Dan", "Eve", "Fay", "Gus"])  # 19:32
        store.new_game(load_ruleset("whist"), "whist", ["N", "E", "S", "W"], title="C")  # 19:33
        a.record(D1)  # 19:34
        assert store.list_games() == [
            GameSummary(1, "A", "lupaus", "Lupaus", ("Anna", "Ben", "Cara"), at(1), at(4), 1, 19, False, []),
            GameSummary(3, "C", "whist", "Whist", ("N", "E", "S", "W"), at(3), at(3), 0, None, False, []),
            GameSummary(2, None, "lupaus", "Lupaus", ("Dan", "Eve", "Fay", "Gus"), at(2), at(2), 0, 19, False, []),
        ]


def test_games_at_the_same_moment_list_the_newest_first(tmp_path):
    moment = datetime(2026, 5, 9, 19, 30, tzinfo=timezone.utc)
    with Store(tmp_path / "s.db", clock=lambda: moment) as store:
        for title in ("one", "two", "three"):
            store.new_game(lupaus(), "lupaus", THREE, title=title)
        assert [(g.id, g.title) for g in store.list_games()] == [(3, "three"), (2, "two"), (1, "one")]


def test_finished_games_have_winners_and_are_not_unfinished(tmp_path):
    """The summary follows each entry: finished and winners when the last deal is in, and back on undo."""
    path = tmp_path / "s.db"
    with Store(path, clock=Clock()) as store:
        done = store.new_game(lupaus(), "lupaus", THREE, title="done")
        store.new_game(lupaus(), "lupaus", THREE, title="open")
        for _ in range(19):
            done.record(filler(done.game))
        assert done.game.totals() == (0, 190, 190)
        summary = next(g for g in store.list_games() if g.title == "done")
        assert (summary.deals_played, summary.finished, summary.winners) == (19, True, ["Ben", "Cara"])
        assert [g.title for g in store.unfinished()] == ["open"]
        done.undo()
        summary = next(g for g in store.list_games() if g.title == "done")
        assert (summary.deals_played, summary.finished, summary.winners) == (18, False, [])
        assert [g.title for g in store.unfinished()] == ["done", "open"]
        done.redo()
    with Store(path) as store:
        assert [g.title for g in store.unfinished()] == ["open"]
        assert store.open_game(1).game.winners == ["Ben", "Cara"]


def test_a_naive_clock_is_refused(tmp_path):
    with Store(tmp_path / "s.db", clock=lambda: datetime(2026, 5, 9, 19, 30)) as store:
        with pytest.raises(ValueError, match="^the store's clock must give aware datetimes \\(with a time zone\\)$"):
            store.new_game(lupaus(), "lupaus", THREE)


def test_entries_carry_the_clock_time(tmp_path):
    with Store(tmp_path / "s.db", clock=Clock()) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        stored.record(D1)
        stored.undo()
        assert [(e.seq, e.kind, e.deal, e.values, e.created_at) for e in store.entries(1)] == [
            (1, "record", 1, {"turned": "hearts", "bid": [3, 4, 2], "tricks": [3, 5, 2]}, at(2)),
            (2, "undo", 1, None, at(3)),
        ]


# --- failures while writing ---------------------------------------------------------------------


def test_a_failed_write_leaves_the_game_and_the_store_as_they_were(tmp_path):
    """Another program holds the write lock: StoreError, the game unchanged (redo stack too), retry works."""
    path = tmp_path / "s.db"
    with Store(path, timeout=0.05) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        stored.record(D1)
        stored.record(D2)
        stored.undo()
        rows = entry_rows(path)
        other = raw(path)
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StoreError) as exc:
                stored.record(D2E)
            assert str(exc.value) == (f"{path}: deal 2 was not saved (database is locked); nothing saved before "
                                      "it is lost. Another program is writing to the file; try again.")
            with pytest.raises(StoreError, match="the redo of deal 2 was not saved"):
                stored.redo()
            assert stored.game.deals == [stored.game.normalize(D1)]
            assert stored.game.can_redo and stored.game.totals() == (13, 0, 12)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert entry_rows(path) == rows
        assert stored.redo().deal == 2
        assert stored.game.totals() == (25, 0, 12)
    with Store(path) as store:
        assert store.open_game(1).game.totals() == (25, 0, 12)


def test_a_full_disk_leaves_the_game_as_it_was(tmp_path):
    """The file may not grow (as on a full disk): the deal is not saved, not shown, and nothing is lost."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        pages = store.connection.execute("PRAGMA page_count").fetchone()[0]
        store.connection.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(StoreError) as exc:
            for _ in range(19):
                saved = (stored.game.deals, stored.game.totals(), entry_rows(path))
                stored.record(filler(stored.game))
        number = len(saved[0]) + 1
        assert str(exc.value) == (f"{path}: deal {number} was not saved (database or disk is full); nothing saved "
                                  "before it is lost. Free some disk space and try again.")
        assert (stored.game.deals, stored.game.totals(), entry_rows(path)) == saved
        store.connection.execute(f"PRAGMA max_page_count = {pages + 100}")
        assert stored.record(filler(stored.game)).number == number
    with Store(path) as store:
        assert len(store.open_game(1).game.deals) == number


def test_a_game_changed_by_another_scorekeeper_is_not_overwritten(tmp_path):
    """Two windows on one game: the second one's entry is refused until it reopens the game."""
    path = tmp_path / "s.db"
    with Store(path) as first, Store(path) as second:
        mine = first.new_game(lupaus(), "lupaus", THREE)
        theirs = second.open_game(mine.id)
        mine.record(D1)
        with pytest.raises(StoreError) as exc:
            theirs.record(D1)
        assert str(exc.value) == (f"{path}: deal 1 was not saved: game 1 was changed by another scorekeeper "
                                  "since it was opened here. Open the game again to see where it stands.")
        assert theirs.game.deals == []
        again = second.open_game(mine.id)
        again.record(D2)
        assert again.game.totals() == (25, 0, 12)


def test_a_reader_is_not_blocked_by_a_writer(tmp_path):
    """WAL: a score board can list and open games while another connection is in a write transaction."""
    path = tmp_path / "s.db"
    with Store(path) as app:
        stored = app.new_game(lupaus(), "lupaus", THREE, title="live")
        stored.record(D1)
        writer = raw(path)
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE games SET title = 'not yet' WHERE id = 1")
        try:
            with Store(path, timeout=0.05) as board:
                assert [g.title for g in board.list_games()] == ["live"]
                assert board.open_game(1).game.totals() == (13, 0, 12)
        finally:
            writer.execute("ROLLBACK")
            writer.close()


# --- damaged stored data ------------------------------------------------------------------------


@pytest.mark.parametrize(("values_json", "problem"), [
    ('{"bid": [1, 2', "Expecting ',' delimiter: line 1 column 14 (char 13)"),
    ('"bid"', "its values are not a table of field = value"),
    ('{"bid": "x", "tricks": [2, 3, 4]}', "Bid is given for each player: a list of 3 values"),
    ('{"bid": [2, 2, 5], "tricks": [2, 3, 4]}',
     "Dealer Ben may not bid 2: the bids would total 9, the number of tricks"),
])
def test_a_damaged_entry_is_reported_and_left_untouched(tmp_path, values_json, problem):
    """An entry that cannot be replayed: StoreError naming the game and entry; the file unchanged."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        for _ in range(2):
            stored = store.new_game(lupaus(), "lupaus", THREE)
            stored.record(D1)
            stored.record(D2)
    conn = raw(path)
    conn.execute("UPDATE entries SET values_json = ? WHERE game_id = 1 AND seq = 2", (values_json,))
    conn.close()
    before = digest(path)
    with Store(path) as store:
        with pytest.raises(StoreError) as exc:
            store.open_game(1)
        assert str(exc.value) == (
            f"{path}: game 1 cannot be rebuilt: entry 2 (record of deal 2): {problem}. Its stored entries were left "
            "untouched; the other games can still be opened.")
        assert store.open_game(2).game.totals() == (25, 0, 12)
    assert digest(path) == before


@pytest.mark.parametrize(("change", "values_json", "problem"), [
    ("join", "{}", "its value name is missing or of the wrong kind"),
    ("join", '{"name": 5}', "its value name is missing or of the wrong kind"),
    ("out", '{"seat": "2"}', "its value seat is missing or of the wrong kind"),
    ("out", '{"seat": true}', "its value seat is missing or of the wrong kind"),
    ("plan", '{"cards": 7}', "its value cards is missing or of the wrong kind"),
])
def test_a_damaged_change_of_the_table_is_reported_not_a_crash(tmp_path, change, values_json, problem):
    """A join, sit-out or plan change whose stored value is missing or of another kind: the
    same one-line StoreError as a damaged deal (it was an AttributeError or a TypeError deep
    in the game before), and the file unchanged."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        stored.record(D1)
        if change == "join":
            stored.join("Dan")
        elif change == "out":
            stored.join("Dan")  # (a 3-player Lupaus cannot go on with 2)
            stored.sit_out(2)
        else:
            stored.change_plan([7, 7])
    conn = raw(path)
    seq = 3 if change == "out" else 2
    conn.execute("UPDATE entries SET values_json = ? WHERE game_id = 1 AND seq = ?", (values_json, seq))
    conn.close()
    before = digest(path)
    with Store(path) as store:
        with pytest.raises(StoreError) as exc:
            store.open_game(1)
        assert str(exc.value).endswith(
            f"entry {seq} ({change} of deal 2): {problem}. Its stored entries were left "
            "untouched; the other games can still be opened.")
    assert digest(path) == before


@pytest.mark.parametrize(("sql", "where", "problem"), [
    ("UPDATE games SET ruleset_json = 'not json'", "its stored ruleset", "Expecting value: line 1 column 1 (char 0)"),
    ("UPDATE games SET players_json = '{}'", "its players and options",
     "players must be a list and options a table"),
    ("UPDATE entries SET seq = 3 WHERE seq = 2", "entry 3 (record of deal 2)", "entry 2 is missing"),
    ("UPDATE entries SET kind = 'edit', deal = 5 WHERE seq = 2", "entry 2 (edit of deal 5)",
     "there is no recorded deal 5; deals 1 to 1 are recorded"),
])
def test_damaged_game_rows_are_reported(tmp_path, sql, where, problem):
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        stored.record(D1)
        stored.record(D2)
    conn = raw(path)
    conn.execute(sql)
    conn.close()
    before = digest(path)
    with Store(path) as store:
        with pytest.raises(StoreError) as exc:
            store.open_game(1)
    assert str(exc.value) == (f"{path}: game 1 cannot be rebuilt: {where}: {problem}. Its stored entries were "
                              "left untouched; the other games can still be opened.")
    assert digest(path) == before


def test_a_missing_game_is_reported(tmp_path):
    with Store(tmp_path / "s.db") as store:
        with pytest.raises(StoreError, match="s.db: there is no game 4$"):
            store.open_game(4)


# --- files that are not (usable) stores ---------------------------------------------------------


def _store_with_games(path: Path, games: int = 3) -> None:
    with Store(path) as store:
        for _ in range(games):
            stored = store.new_game(lupaus(), "lupaus", THREE)
            for _ in range(8):
                stored.record(filler(stored.game))


def _other_apps_database(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("CREATE TABLE tags (note INTEGER, tag TEXT)")
    conn.execute("INSERT INTO notes (text) VALUES ('buy cards')")
    conn.commit()
    conn.close()


def _cut(path: Path, size: int) -> None:
    _store_with_games(path)
    data = path.read_bytes()
    assert len(data) > size
    path.write_bytes(data[:size])


def _appended_page(path: Path) -> dict:
    """A page the header counts but no table uses (quick_check: 'Page N is never used')."""
    _store_with_games(path, 1)
    data = bytearray(path.read_bytes())
    pages = int.from_bytes(data[28:32], "big")
    assert pages == len(data) // 4096
    data[28:32] = (pages + 1).to_bytes(4, "big")
    path.write_bytes(bytes(data) + bytes(4096))
    return {"page": pages + 1}


def _newer(path: Path) -> None:
    _store_with_games(path, 1)
    conn = raw(path)
    conn.execute("PRAGMA user_version = 7")
    conn.close()


def _foreign_application_id(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 305419896")
    conn.execute("CREATE TABLE games (id)")
    conn.commit()
    conn.close()


def _dropped_table(path: Path) -> None:
    _store_with_games(path, 1)
    conn = raw(path)
    conn.execute("DROP TABLE entries")
    conn.close()


BAD_FILES = [
    ("random bytes", lambda p: p.write_bytes(random.Random(1).randbytes(5000)),
     "is not a scorekeeper store, or it is damaged (file is not a database). " + LEFT),
    ("a text file", lambda p: p.write_text('players = ["Anna", "Ben"]\n', encoding="utf-8"),
     "is not a scorekeeper store, or it is damaged (file is not a database). " + LEFT),
    ("a store cut at a page", lambda p: _cut(p, 8192),
     "is not a scorekeeper store, or it is damaged (database disk image is malformed). " + LEFT),
    ("a store cut mid-page", lambda p: _cut(p, 10000),
     "is not a scorekeeper store, or it is damaged (it is cut short: 10000 bytes is not a whole number of "
     "4096-byte pages). " + LEFT),
    ("a store with a page too many", _appended_page,
     "is not a scorekeeper store, or it is damaged (the integrity check reports: Page {page} is never used). " + LEFT),
    ("a store without its entries", _dropped_table,
     "is not a scorekeeper store, or it is damaged (the table entries is missing). " + LEFT),
    ("another program's database", _other_apps_database,
     "is not a scorekeeper store, or it is damaged (it holds other tables: notes, tags). " + LEFT),
    ("another program's application id", _foreign_application_id,
     "is not a scorekeeper store, or it is damaged (it belongs to another program: application id 0x12345678). "
     + LEFT),
    ("a newer store", _newer,
     "was written by a newer scorekeeper (store version 7; this one reads up to 6). It was left untouched: "
     "update scorekeeper to open it, or choose another file with --db PATH."),
]


@pytest.mark.parametrize(("make", "message"), [b[1:] for b in BAD_FILES], ids=[b[0] for b in BAD_FILES])
def test_a_bad_file_is_refused_and_left_untouched(tmp_path, make, message):
    """One clear message naming the file; its bytes unchanged and no files added beside it."""
    path = tmp_path / "x.db"
    details = make(path)  # a dict of what the message needs, from makers that have to look
    before = digest(path)
    with pytest.raises(StoreError) as exc:
        Store(path)
    assert str(exc.value) == f"{path} {message.format(**details) if isinstance(details, dict) else message}"
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.db"]


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(StoreError) as exc:
        Store(tmp_path)
    assert str(exc.value) == (f"{tmp_path} is a folder, not a scorekeeper store. Choose a file with --db PATH, "
                              f"e.g. {tmp_path / 'scorekeeper.db'}.")


def test_an_empty_file_becomes_a_store(tmp_path):
    """A 0-byte file (e.g. left by a kill while the store was being created) is a new store."""
    path = tmp_path / "s.db"
    path.touch()
    with Store(path) as store:
        store.new_game(lupaus(), "lupaus", THREE)
    with Store(path) as store:
        assert len(store.list_games()) == 1


def test_an_empty_database_becomes_a_store(tmp_path):
    path = tmp_path / "s.db"
    sqlite3.connect(path).execute("PRAGMA journal_mode = WAL").fetchall()
    with Store(path) as store:
        assert store.connection.execute("PRAGMA user_version").fetchone() == (6,)


# --- migrations ---------------------------------------------------------------------------------


def test_migrations_bring_an_old_store_up_to_date_once(tmp_path, monkeypatch):
    """A version-7 migration (one more function) runs once on a version-6 store; its games stay."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(lupaus(), "lupaus", THREE)
        stored.record(D1)
    calls = []

    def add_notes(conn):
        calls.append(conn.execute("PRAGMA user_version").fetchone()[0])
        conn.execute("ALTER TABLE games ADD COLUMN notes TEXT NOT NULL DEFAULT 'v7'")

    monkeypatch.setattr(db, "MIGRATIONS", [*db.MIGRATIONS, add_notes])
    with Store(path) as store:
        assert store.connection.execute("PRAGMA user_version").fetchone() == (7,)
        assert store.connection.execute("SELECT notes FROM games").fetchall() == [("v7",)]
        assert store.open_game(1).game.totals() == (13, 0, 12)
    with Store(path):
        pass
    assert calls == [6]
    monkeypatch.undo()
    with pytest.raises(StoreError, match="newer scorekeeper \\(store version 7; this one reads up to 6\\)"):
        Store(path)


def test_a_new_store_runs_every_migration_in_order(tmp_path, monkeypatch):
    seen = []
    monkeypatch.setattr(db, "MIGRATIONS", [
        *db.MIGRATIONS,
        lambda conn: seen.append("7"),
        lambda conn: seen.append("8"),
    ])
    with Store(tmp_path / "s.db") as store:
        assert store.connection.execute("PRAGMA user_version").fetchone() == (8,)
    assert seen == ["7", "8"]


def test_a_failed_migration_leaves_the_store_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    with Store(path) as store:
        store.new_game(lupaus(), "lupaus", THREE).record(D1)

    def broken(conn):
        conn.execute("ALTER TABLE games ADD COLUMN notes TEXT")
        raise RuntimeError("the disk said no")

    monkeypatch.setattr(db, "MIGRATIONS", [*db.MIGRATIONS, broken])
    with pytest.raises(StoreError) as exc:
        Store(path)
    assert str(exc.value) == (
        f"{path} could not be upgraded from store version 6 to 7 (the disk said no). It was left as it was: "
        "choose another file with --db PATH, or use the scorekeeper that wrote it.")
    monkeypatch.undo()
    with Store(path) as store:
        assert store.connection.execute("PRAGMA user_version").fetchone() == (6,)
        assert "notes" not in [r[1] for r in store.connection.execute("PRAGMA table_info(games)")]
        assert store.open_game(1).game.totals() == (13, 0, 12)


def test_a_version_4_store_learns_which_games_were_ended_early(tmp_path, monkeypatch):
    """Version 5 keeps, beside the summary, the deal after which the table ended a game early,
    worked out from the entries of a version-4 store as a replay of the game says it: ended
    after deal 2; ended and taken back; ended, taken back and brought back; ended and a deal
    changed after; and never ended. The lists then say so without a replay, and keep it
    current as the table undoes the end."""
    path = tmp_path / "s.db"
    monkeypatch.setattr(db, "MIGRATIONS", db.MIGRATIONS[:4])
    with Store(path) as store:  # what scorekeeper with store version 4 wrote
        games = [store.new_game(lupaus(), "lupaus", THREE) for _ in range(5)]
        for stored in games:
            stored.record(D1)
            stored.record(D2)
        for stored in games[:4]:
            stored.end_early()
        games[1].undo()
        games[2].undo()
        games[2].redo()
        games[3].edit(1, D1)
        assert "stopped_at" not in [r[1] for r in store.connection.execute("PRAGMA table_info(games)")]
    monkeypatch.undo()
    with Store(path) as store:
        replayed = [store.open_game(i).game.stopped_at for i in range(1, 6)]
        assert replayed == [2, None, 2, 2, None]
        assert {g.id: g.stopped_at for g in store.list_games()} == dict(zip(range(1, 6), replayed))
        store.open_game(1).undo()
        assert {g.id: g.stopped_at for g in store.list_games()}[1] is None


def test_schema_version_is_the_number_of_migrations():
    assert SCHEMA_VERSION == len(db.MIGRATIONS) == 6


def test_a_version_1_store_gains_sessions_and_keeps_its_games(tmp_path, monkeypatch):
    """Versions 2 and 3 add the sessions and statistics tables and the table-change entries to a
    version-1 store in place."""
    path = tmp_path / "s.db"
    monkeypatch.setattr(db, "MIGRATIONS", db.MIGRATIONS[:1])
    monkeypatch.setattr(db, "_keep_facts", lambda *row: None)  # version 1 had no statistics rows
    with Store(path) as store:  # what scorekeeper with store version 1 wrote
        game = Game(lupaus(), THREE)
        game.record(D1)
        store.create_game(game, "lupaus")
        assert store.connection.execute("PRAGMA user_version").fetchone() == (1,)
    monkeypatch.undo()
    with Store(path) as store:
        conn = store.connection
        assert conn.execute("PRAGMA user_version").fetchone() == (6,)
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "entries", "drafts", "sessions", "stats_cache"} <= tables
        assert store.open_game(1).game.totals() == (13, 0, 12)


# --- layering -----------------------------------------------------------------------------------


def test_the_store_does_not_import_textual():
    script = ("import sys, scorekeeper.store, scorekeeper.store.db\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))\n")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=60)
    assert (result.returncode, result.stdout) == (0, "[]\n"), result.stderr


def test_a_new_game_shows_the_rulesets_texts_in_the_language_and_stores_them_in_english(tmp_path):
    from scorekeeper.i18n import using_language
    from scorekeeper.rules.ruleset import load_ruleset as load

    with using_language("fi"), Store(tmp_path / "fi.db") as store:
        stored = store.new_game(load("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
        assert stored.game.ruleset.phase_label("bidding") == "Lupaukset"
        assert stored.game.ruleset.fields["bid"].label == "Lupaus"
        assert store.open_game(stored.id).game.ruleset.fields["bid"].label == "Lupaus"
    with Store(tmp_path / "fi.db") as store:
        assert store.open_game(stored.id).game.ruleset.fields["bid"].label == "Bid"


def test_a_transaction_rolls_back_what_its_block_wrote_and_lets_its_error_through(tmp_path):
    """The block's own error goes on as it was raised; what the block wrote is rolled back, and
    a transaction not flushed gives the connection back with synchronous=FULL (2)."""
    with Store(tmp_path / "s.db") as store:
        error = ValueError("stopped")
        with pytest.raises(ValueError) as raised:
            with store._transaction("a test", flush=False) as conn:
                conn.execute("CREATE TABLE scratch (x)")
                assert conn.execute("PRAGMA synchronous").fetchone() == (1,)
                raise error
        assert raised.value is error and raised.value.__context__ is None
        conn = store.connection
        assert not conn.in_transaction
        assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'scratch'").fetchone() == (0,)
        assert conn.execute("PRAGMA synchronous").fetchone() == (2,)
        with store._transaction("a test") as conn:
            conn.execute("CREATE TABLE scratch (x)")
        assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'scratch'").fetchone() == (1,)


def test_a_database_error_in_a_transaction_is_a_store_error_saying_what_was_written(tmp_path):
    with Store(tmp_path / "s.db") as store:
        with pytest.raises(StoreError) as raised:
            with store._transaction("the test's row") as conn:
                conn.execute("INSERT INTO no_such_table VALUES (1)")
        assert "the test's row" in str(raised.value) and raised.value.__suppress_context__
        assert not store.connection.in_transaction


_LEFT_OPEN = """
import gc, sys
from scorekeeper.store.db import Store
store = Store(sys.argv[1])
store.list_games()
gc.freeze()  # as the command's process does at its end (scorekeeper.process): nothing left is finalized
"""


def test_a_store_left_open_is_closed_at_exit(tmp_path):
    """A Store a program never closed is closed by an exit handler: the -wal and -shm files go,
    even where the interpreter finalizes nothing that is left."""
    path = tmp_path / "games.db"
    Store(str(path)).close()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    result = subprocess.run([sys.executable, "-c", _LEFT_OPEN, str(path)], env=env, capture_output=True, text=True,
                            timeout=60)
    assert (result.returncode, result.stderr) == (0, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]


def test_a_closed_store_leaves_no_exit_handler(tmp_path, monkeypatch):
    """close() takes back the exit handler the store registered (a program opening many stores
    keeps none of them alive)."""
    import atexit

    registered, unregistered = [], []
    monkeypatch.setattr(atexit, "register", registered.append)
    monkeypatch.setattr(atexit, "unregister", unregistered.append)
    store = Store(str(tmp_path / "games.db"))
    store.close()
    store.close()
    assert registered == unregistered == [store.close]


def test_entries_saved_tells_another_writers_entries(tmp_path):
    """What a front end asks to know that another writer changed its game (the app follows a
    phone so): the count of the game's entries as stored now; 0 for a game not stored."""
    path = tmp_path / "s.db"
    with Store(path) as app, Store(path) as phone:
        stored = app.new_game(lupaus(), "lupaus", THREE)
        assert app.entries_saved(stored.id) == stored.entries_saved == 0
        phone.load(stored.id).record(D1)
        assert app.entries_saved(stored.id) == 1 and stored.entries_saved == 0
        assert app.entries_saved(99) == 0
