"""The ``scorekeeper`` command ends a headless command's process without taking the interpreter
apart (scorekeeper.cli._end_process), and loses nothing by it: everything printed arrives, the
exit status is the command's, files written and entries stored are whole; the app, the board and
a process with a thread running end as usual."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import scorekeeper.cli as cli
from scorekeeper.cli import main

REPO = Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, str(REPO / "scorekeeper" / "__main__.py")]  # what the installed script runs

# The command as the script runs it, with an object finalized only if the interpreter is taken
# apart at exit, and an exit handler, which runs either way.
_WATCHED = """
import atexit, runpy, sys
class Watched:
    def __del__(self):
        sys.stderr.write("taken apart\\n")
watched = Watched()
atexit.register(lambda: sys.stderr.write("exit handlers ran\\n"))
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPROFILEIMPORTTIME", "SCOREKEEPER_DB")}
    env.update(HOME=str(tmp_path), PYTHONPATH=str(REPO), SCOREKEEPER_CACHE=str(tmp_path / "cache"),
               SCOREKEEPER_LANG="en")
    return env


def _run(args, tmp_path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([*COMMAND, *args], cwd=REPO, env=_env(tmp_path), capture_output=True, text=True,
                          timeout=60, **kwargs)


def test_a_headless_command_ends_without_taking_the_interpreter_apart(tmp_path):
    args = ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]
    result = subprocess.run([sys.executable, "-c", _WATCHED, str(REPO / "scorekeeper" / "__main__.py"), *args],
                            cwd=REPO, env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (0, "exit handlers ran\n")
    assert result.stdout == ("Dealer Player 1 may not bid 1: the bids would total 10, the number of tricks\n"
                             "Allowed: 0 2 3 4 5 6 7 8 9 10\n")


@pytest.mark.parametrize(("args", "status"), [
    (["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4", "1"], 1),  # the dealer's 1
    (["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "x"], 2),
    (["rules", "check", "no-such-file.toml"], 1),
], ids=["illegal bid", "usage", "missing file"])
def test_the_exit_status_and_the_message_are_the_commands(args, status, tmp_path):
    result = _run(args, tmp_path)
    assert result.returncode == status
    assert result.stdout + result.stderr  # said what is wrong
    assert "Traceback" not in result.stderr


def test_all_that_is_printed_arrives_through_a_pipe(tmp_path):
    """A game's JSON, 18 KB through a pipe (standard output is then written in blocks, the last
    one when the process ends): whole."""
    result = _run(["export", "examples/lupaus.toml", "--format", "json"], tmp_path)
    assert result.returncode == 0 and len(result.stdout) > 16_000
    assert json.loads(result.stdout)["deals"]


@pytest.mark.parametrize("args", [
    ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"],  # met when flushed at the end
    ["export", "examples/lupaus.toml", "--format", "json"],  # met while printing
], ids=["short", "long"])
def test_a_reader_gone_away_is_141_as_before(args, tmp_path):
    """Standard output is a pipe whose reader is gone: 141 and nothing on standard error, whether
    the command meets the closed pipe while it prints or only when its output is flushed."""
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run([*COMMAND, *args], cwd=REPO, env=_env(tmp_path), stdout=write,
                                stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (141, "")


def test_a_file_exported_and_a_game_stored_are_whole(tmp_path):
    out = tmp_path / "wizard.csv"
    assert _run(["export", "examples/wizard.toml", "--format", "csv", "-o", str(out)], tmp_path).returncode == 0
    expected = _run(["export", "examples/wizard.toml", "--format", "csv"], tmp_path).stdout
    assert out.read_text(encoding="utf-8") == expected and expected.count("\n") > 3
    store = str(tmp_path / "games.db")
    assert _run(["import", "examples/wizard.toml", "--db", store], tmp_path).returncode == 0
    shown = _run(["show", "1", "--db", store, "--json"], tmp_path)
    assert shown.returncode == 0 and json.loads(shown.stdout)["deals"]


def test_a_process_with_a_thread_running_ends_as_usual():
    """_end_process leaves a process whose other thread still runs to end as usual (it returns)."""
    release = threading.Event()
    waiting = threading.Thread(target=release.wait)
    waiting.start()
    try:
        assert cli._end_process(0) is None
    finally:
        release.set()
        waiting.join()


def test_the_app_ends_as_usual(monkeypatch):
    """The terminal app runs until it is closed: main(process=True) returns after it."""
    pytest.importorskip("textual")
    import gc

    monkeypatch.setattr("scorekeeper.tui.app.run", lambda **kwargs: 0)
    monkeypatch.setattr(cli, "_RUNS_UNTIL_STOPPED", [])
    before, enabled = gc.get_threshold(), gc.isenabled()
    try:
        assert main([], process=True) == 0
    finally:
        gc.set_threshold(*before)
        (gc.enable if enabled else gc.disable)()
    assert cli._RUNS_UNTIL_STOPPED == [True]
