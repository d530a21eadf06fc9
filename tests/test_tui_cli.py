"""The command line starts the app: no arguments, ``--db PATH``, ``play ID|FILE``."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from scorekeeper import cli


@pytest.fixture
def calls(monkeypatch):
    made = []
    fake = types.ModuleType("scorekeeper.tui.app")
    fake.run = lambda db_path=None, ruleset=None, game=None, phones=None: made.append(
        (db_path, ruleset) if game is None else (db_path, ruleset, game)) or 0
    monkeypatch.setitem(sys.modules, "scorekeeper.tui.app", fake)
    return made


def test_db_option_without_a_command_starts_the_app_on_that_store(calls):
    assert cli.main(["--db", "/tmp/x.db"]) == 0
    assert calls == [("/tmp/x.db", None)]


def test_play_a_builtin_ruleset(calls):
    assert cli.main(["play", "wizard"]) == 0
    assert calls == [(None, "wizard")]


def test_play_a_file_with_db_before_or_after(calls, tmp_path):
    path = tmp_path / "ours.toml"
    path.write_text('extends = "lupaus"\nid = "ours"\nname = "Ours"\ndescription = "x"\n', encoding="utf-8")
    assert cli.main(["--db", "a.db", "play", str(path)]) == 0
    assert cli.main(["play", str(path), "--db", "b.db"]) == 0
    assert calls == [("a.db", str(path)), ("b.db", str(path))]


def test_play_an_unknown_ruleset_is_a_usage_error(calls, capsys):
    assert cli.main(["play", "lupus"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("scorekeeper: error: no built-in ruleset 'lupus' (did you mean 'lupaus'?)")
    assert calls == []


def test_play_a_missing_file_is_a_usage_error(calls, capsys, tmp_path):
    assert cli.main(["play", str(tmp_path / "nope.toml")]) == 2
    assert capsys.readouterr().err == f"scorekeeper: error: {tmp_path / 'nope.toml'}: no such file\n"
    assert calls == []


def test_play_a_stored_games_number_goes_on_with_that_game(calls, capsys, tmp_path):
    """Not "no built-in ruleset '1'": digits that are no file's name are a stored game."""
    db = str(tmp_path / "games.db")
    sheet = str(Path(__file__).resolve().parents[1] / "examples" / "lupaus.toml")
    assert cli.main(["import", sheet, "--db", db]) == 0
    assert cli.main(["play", "1", "--db", db]) == 0
    assert calls == [(db, None, 1)]
    capsys.readouterr()
    assert cli.main(["play", "2", "--db", db]) == 1
    assert capsys.readouterr().err == f"scorekeeper: error: {db}: there is no game 2\n"
    assert calls == [(db, None, 1)]


def test_play_a_broken_file_starts_the_app_which_lists_the_problems(calls, tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("id = 'x'\n", encoding="utf-8")
    assert cli.main(["play", str(path)]) == 0
    assert calls == [(None, str(path))]


def test_the_cli_imports_the_app_lazily():
    import subprocess

    code = "import sys, scorekeeper.cli; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr
