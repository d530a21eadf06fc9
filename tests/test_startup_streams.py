"""Started in a C locale with Python's UTF-8 mode off (``LC_ALL=C python -X utf8=0``): an
argument the locale cannot decode is a player's name typed in UTF-8, or else one clear line,
never a traceback. The store holds the game of examples/lupaus.toml with Anna renamed Äijä:
she finishes last with 65 (Cara 103, Ben 101)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main

REPO = Path(__file__).resolve().parents[1]


def _env(tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCOREKEEPER_", "PYTHONIOENCODING", "LC_", "LANG"))}
    env.update(HOME=str(tmp_path), LC_ALL="C", PYTHONPATH=str(REPO))
    return env


@pytest.fixture
def store(tmp_path, capsys) -> str:
    sheet = tmp_path / "odd.toml"
    sheet.write_text((REPO / "examples" / "lupaus.toml").read_text(encoding="utf-8").replace('"Anna"', '"Äijä"'),
                     encoding="utf-8")
    db = str(tmp_path / "g.db")
    assert main(["import", str(sheet), "--db", db]) == 0
    capsys.readouterr()
    return db


def _stats(tmp_path, db: str, player: bytes) -> subprocess.CompletedProcess:
    command = [os.fsencode(sys.executable), b"-X", b"utf8=0", b"-m", b"scorekeeper", b"stats", b"--player", player,
               b"--db", os.fsencode(db), b"--lang", b"en"]
    return subprocess.run(command, env=_env(tmp_path), capture_output=True, timeout=60)


def test_a_name_typed_in_utf8_finds_the_player(tmp_path, store):
    done = _stats(tmp_path, store, "Äijä".encode())
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode("utf-8").startswith("Äijä: 1 finished game, 0 wins, average rank 3.00\n")


def test_a_name_in_no_encoding_is_one_line_not_a_traceback(tmp_path, store):
    done = _stats(tmp_path, store, b"x\xff")
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr.decode("utf-8") == (
        "scorekeeper: error: no stored game has a player called 'x\\udcff'; the players are: Ben, Cara, Äijä\n")
