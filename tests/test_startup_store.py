"""The store, however it is found: a store file or folder this user may not write.

The permission checks are emulated from the files' mode bits (the suite may run as root, whom
the operating system lets write anything): a store that may not be written is read as it is,
with no ``-wal``/``-shm`` file left beside it, and a write is refused with one line saying so.
examples/lupaus.toml is a whole Lupaus game: Anna, Ben and Cara, 19 deals, Cara wins.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.store.db import MIGRATIONS

REPO = Path(__file__).resolve().parents[1]
SHEET = str(REPO / "examples" / "lupaus.toml")
NOT_SAVED = ("the new game was not saved (attempt to write a readonly database); nothing saved before it is "
             "lost. The file cannot be written: check its permissions, or choose another file with --db PATH.\n")


@pytest.fixture
def as_a_user(monkeypatch):
    """os.access as it answers a user who owns the files and is not root: by the owner's bits."""
    real = os.access

    def access(path, mode, *args, **kwargs):
        try:
            bits = os.stat(path).st_mode
        except OSError:
            return real(path, mode, *args, **kwargs)
        wanted = {os.R_OK: stat.S_IRUSR, os.W_OK: stat.S_IWUSR, os.X_OK: stat.S_IXUSR}
        return all(bits & flag for want, flag in wanted.items() if mode & want)

    monkeypatch.setattr(os, "access", access)


@pytest.fixture
def store(tmp_path, capsys):
    """A store holding one game (examples/lupaus.toml), in a folder of its own."""
    folder = tmp_path / "games"
    folder.mkdir()
    db = folder / "g.db"
    assert main(["import", SHEET, "--db", str(db)]) == 0
    capsys.readouterr()
    yield db
    folder.chmod(0o755)
    db.chmod(0o644)


def _beside(db: Path) -> list[str]:
    return sorted(p.name for p in db.parent.iterdir())


@pytest.mark.parametrize("locked", ["file", "folder"])
def test_a_store_that_may_not_be_written_is_read_and_left_as_it_was(store, as_a_user, capsys, locked):
    (store if locked == "file" else store.parent).chmod(0o444 if locked == "file" else 0o555)
    before = store.read_bytes()
    assert main(["history", "--db", str(store)]) == 0
    out = capsys.readouterr().out
    assert "   1  " in out and "winner: Cara" in out
    assert main(["import", SHEET, "--db", str(store)]) == 1
    assert capsys.readouterr() == ("", f"scorekeeper: error: {store}: {NOT_SAVED}")
    assert _beside(store) == ["g.db"]  # no -wal or -shm made with the store's read-only mode
    assert store.read_bytes() == before


def test_a_store_made_writable_again_takes_the_next_game(store, as_a_user, capsys):
    """Reading the store while it was read-only leaves nothing that keeps it read-only."""
    store.chmod(0o444)
    assert main(["history", "--db", str(store)]) == 0
    assert main(["import", SHEET, "--db", str(store)]) == 1
    store.chmod(0o644)
    capsys.readouterr()
    assert main(["import", SHEET, "--db", str(store)]) == 0
    assert capsys.readouterr().out == f"{SHEET}: stored as game 2 in {store}: Lupaus, Anna, Ben, Cara; 19 deals\n"


def test_an_empty_read_only_file_is_no_store_and_is_left_empty(tmp_path, as_a_user, capsys):
    db = tmp_path / "empty.db"
    db.write_bytes(b"")
    db.chmod(0o444)
    assert main(["history", "--db", str(db)]) == 1
    assert capsys.readouterr().err == (
        f"scorekeeper: error: {db} could not be upgraded from store version 0 to {len(MIGRATIONS)} (attempt to write a readonly "
        "database). It was left as it was: choose another file with --db PATH, or use the scorekeeper that wrote it.\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db"]
    db.chmod(0o644)


def test_a_relative_store_variable_is_refused_not_a_store_per_folder(tmp_path, monkeypatch, capsys):
    """$SCOREKEEPER_DB=games.db would record a table's games in whatever folder it started in."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOREKEEPER_DB", "games.db")
    assert main(["import", SHEET]) == 1
    assert capsys.readouterr() == ("", (
        "scorekeeper: error: $SCOREKEEPER_DB is games.db, a relative path: it would name another store in every "
        f"folder the program is started in. Set it to a full path, e.g. {tmp_path / 'games.db'}, or choose the "
        "store with --db PATH.\n"))
    assert list(tmp_path.iterdir()) == []
    assert main(["import", SHEET, "--db", "games.db"]) == 0  # given each time, a relative --db is what was meant
    assert capsys.readouterr().out == f"{SHEET}: stored as game 1 in games.db: Lupaus, Anna, Ben, Cara; 19 deals\n"
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "games.db"))
    assert main(["history"]) == 0


def test_a_relative_cache_variable_makes_no_cache_folder_where_the_program_starts(tmp_path, monkeypatch, capsys):
    from scorekeeper.rules import usercache

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOREKEEPER_CACHE", "cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    house = tmp_path / "house.toml"
    house.write_text('extends = "lupaus"\nid = "house"\nname = "House"\ndescription = "x"\n', encoding="utf-8")
    assert main(["rules", "check", "./house.toml"]) == 0
    assert capsys.readouterr().out == "./house.toml: ok\n"
    assert usercache.cache_dir() == str(tmp_path / "xdg" / "scorekeeper")
    assert not (tmp_path / "cache").exists()
