"""Started without a terminal (from a script, a pipe, a service), the app says so in one line
and ends with status 2: it neither waits for keys that never come nor writes the screen's
codes into a file, and it opens no store."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

LINE = ("scorekeeper: error: the terminal app needs a terminal to read keys from and draw on, and standard "
        "input or standard error is not one (a pipe, a file or nothing). Start it in a terminal; the other "
        "commands work anywhere: scorekeeper --help\n")


def _env(tmp_path: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCOREKEEPER_", "XDG_"))}
    env.update(HOME=str(tmp_path), SCOREKEEPER_LANG="en", TERM="xterm-256color")
    return env


def _start(args, tmp_path, **streams) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=_env(tmp_path), timeout=60,
                          cwd=tmp_path, **streams)


@pytest.mark.parametrize("args", [[], ["play", "lupaus"], ["--db", "games.db"]], ids=["app", "play", "db"])
def test_no_terminal_at_all_is_one_line_and_status_2(args, tmp_path):
    done = _start(args, tmp_path, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", LINE)
    assert not (tmp_path / "games.db").exists() and not (tmp_path / ".local").exists()


def test_keys_from_a_terminal_but_the_screen_into_a_file_is_refused_too(tmp_path):
    """Textual draws on standard error: ``scorekeeper 2> log`` would fill the log with codes."""
    leader, follower = pty.openpty()
    try:
        log = tmp_path / "log"
        with open(log, "w", encoding="utf-8") as err:
            done = _start([], tmp_path, stdin=follower, stdout=subprocess.PIPE, stderr=err)
        assert (done.returncode, done.stdout) == (2, b"")
        assert log.read_text(encoding="utf-8") == LINE
    finally:
        os.close(leader)
        os.close(follower)


def test_in_finnish(tmp_path):
    done = _start(["--lang", "fi"], tmp_path, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.startswith("scorekeeper: virhe: pääteohjelma tarvitsee päätteen")
