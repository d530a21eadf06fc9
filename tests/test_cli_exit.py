"""How a ``scorekeeper`` command's process ends (scorekeeper/process.py, scorekeeper/__main__.py):
the normal way, so a failed write is an error the user sees and a profiler prints its profile.

Every headless command is run as a real process, its standard output a full device, a read-only
descriptor, closed, or a pipe nobody reads, with ``PYTHONUNBUFFERED`` unset as in a user's shell
(output is then written in blocks, the last one when the command ends)."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, "-m", "scorekeeper"]  # what the installed command runs: scorekeeper.__main__.main()
STORE = "{store}"  # replaced by the store of the example games
EBADF = f"scorekeeper: error: cannot write the output: {os.strerror(errno.EBADF)}\n"
ENOSPC = f"scorekeeper: error: cannot write the output: {os.strerror(errno.ENOSPC)}\n"

# Every headless command (`scorekeeper --help` lists them), each with what it needs to print something.
HEADLESS = {
    "version": ["--version"],
    "help": ["--help"],
    "rules list": ["rules", "list"],
    "rules show": ["rules", "show", "lupaus"],
    "rules show --json": ["rules", "show", "wizard", "--json"],
    "rules check": ["rules", "check", "rulesets/lupaus.toml"],
    "check-bid": ["check-bid", "lupaus", "--players", "3", "--deal", "1", "--bids", "1", "0"],
    "hand-value": ["hand-value", "wysiwyg", *"♠K ♠Q ♠7 ♥A ♥Q ♥8 ♥5 ♥2 ♦A ♦9 ♣Q ♣J ♣3".split()],
    "replay": ["replay", "examples/wizard.toml"],
    "export csv": ["export", "examples/wizard.toml", "--format", "csv"],
    "export json": ["export", "examples/lupaus.toml", "--format", "json"],
    "export --all": ["export", "--all", "--format", "csv", "--db", STORE],
    "history": ["history", "--db", STORE],
    "show": ["show", "1", "--db", STORE],
    "stats": ["stats", "--db", STORE],
    "sessions": ["sessions", "--db", STORE],
    "import": ["import", "examples/wizard.toml", "--db", "{new_store}"],
}


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    """A store holding two of the example games."""
    path = tmp_path_factory.mktemp("store") / "games.db"
    env = _env(path.parent)
    for sheet in ("examples/wizard.toml", "examples/lupaus.toml"):
        subprocess.run([*COMMAND, "import", sheet, "--db", str(path)], cwd=REPO, env=env, check=True,
                       capture_output=True, timeout=60)
    return path


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONUNBUFFERED", "PYTHONPROFILEIMPORTTIME", "SCOREKEEPER_DB", "PYTHONDEVMODE")}
    env.update(PYTHONPATH=str(REPO), SCOREKEEPER_LANG="en", SCOREKEEPER_REPORTS=str(tmp_path / "reports"),
               SCOREKEEPER_CACHE=str(tmp_path / "cache"), SCOREKEEPER_CONFIG=str(tmp_path / "settings.toml"),
               SCOREKEEPER_DATA=str(tmp_path / "data"))
    return env


def _args(name: str, store: Path, tmp_path: Path) -> list[str]:
    return [str(store) if a == STORE else str(tmp_path / "new.db") if a == "{new_store}" else a
            for a in HEADLESS[name]]


def _run(args, tmp_path, **kwargs) -> subprocess.CompletedProcess:
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([*COMMAND, *args], cwd=REPO, env=_env(tmp_path), timeout=60, **kwargs)


def _no_report(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    assert not reports.exists() or not list(reports.iterdir())  # no crash report was written


commands = pytest.mark.parametrize("name", list(HEADLESS))


@commands
def test_each_command_prints_something_and_succeeds(name, store, tmp_path):
    """(What the other tests take away: each command prints on standard output and exits 0.)"""
    result = _run(_args(name, store, tmp_path), tmp_path)
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout.strip()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@commands
def test_a_full_device_is_an_error(name, store, tmp_path):
    """``> /dev/full``: every write fails with 'No space left on device', whether it is met while
    printing or only when the last block is written as the command ends."""
    with open("/dev/full", "wb") as full:
        result = _run(_args(name, store, tmp_path), tmp_path, stdout=full)
    assert (result.returncode, result.stderr.decode()) == (1, ENOSPC)
    _no_report(tmp_path)


@commands
def test_a_read_only_standard_output_is_an_error(name, store, tmp_path):
    """``1</dev/null``: standard output is open for reading only."""
    with open(os.devnull, "rb") as read_only:
        result = _run(_args(name, store, tmp_path), tmp_path, stdout=read_only)
    assert (result.returncode, result.stderr.decode()) == (1, EBADF)
    _no_report(tmp_path)


def _closed(fd: int) -> dict:
    """subprocess arguments that start the child with descriptor ``fd`` closed."""
    return {"preexec_fn": lambda: os.close(fd)}


@commands
def test_a_closed_standard_output_is_an_error(name, store, tmp_path):
    """``>&-``: one line on standard error, status 1, no traceback and no crash report."""
    result = _run(_args(name, store, tmp_path), tmp_path, stdout=None, **_closed(1))
    assert (result.returncode, result.stderr.decode()) == (1, EBADF)
    _no_report(tmp_path)


@commands
def test_a_closed_standard_error_leaves_the_output_as_it_is(name, store, tmp_path):
    """``2>&-``: the command's output is the same, and its status."""
    expected = _run(_args(name, store, tmp_path), tmp_path)
    if name == "import":
        (tmp_path / "new.db").unlink()
    result = _run(_args(name, store, tmp_path), tmp_path, stderr=None, **_closed(2))
    assert (result.returncode, result.stdout) == (0, expected.stdout)


@commands
def test_nothing_is_left_open_at_the_end(name, store, tmp_path):
    """In Python's development mode (where the process skips gc.freeze(), so everything left is
    finalized) no command leaves a file or a store connection open: nothing it wrote waits for
    a finalizer that the frozen objects of a normal run never get."""
    result = subprocess.run([sys.executable, "-X", "dev", "-m", "scorekeeper", *_args(name, store, tmp_path)],
                            cwd=REPO, env=_env(tmp_path), capture_output=True, timeout=60)
    assert (result.returncode, result.stderr) == (0, b"")


@pytest.mark.parametrize("args", [
    ["check-bid", "lupaus", "--players", "3", "--deal", "1", "--bids", "1", "x"],
    ["export", "no-such-sheet.toml", "--format", "csv"],
    ["show", "7", "--db", "{store}"],
], ids=["usage", "missing sheet", "unknown game"])
def test_with_standard_error_closed_an_error_line_is_not_written_to_the_output(args, store, tmp_path):
    """The line that has nowhere to go is not written into the file standard output is (print()
    to a standard error of None writes to standard output); the status still tells the failure."""
    args = [str(store) if a == STORE else a for a in args]
    assert _run(args, tmp_path).stderr.startswith(b"scorekeeper: error: ")  # (with it open, a line there)
    out = tmp_path / "out.txt"
    with open(out, "wb") as file:
        result = _run(args, tmp_path, stdout=file, stderr=None, **_closed(2))
    assert result.returncode in (1, 2)
    assert out.read_bytes() == b""


@commands
def test_a_reader_gone_away_is_141_and_nothing_said(name, store, tmp_path):
    """Standard output is a pipe whose reader is gone: 141 and nothing on standard error, whether
    the command meets the closed pipe while it prints or only when its output is written at the end."""
    read, write = os.pipe()
    os.close(read)
    try:
        result = _run(_args(name, store, tmp_path), tmp_path, stdout=write)
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (141, b"")


def test_all_that_is_printed_arrives_through_a_pipe(tmp_path):
    """A game's JSON, 18 KB through a pipe (written in blocks, the last one at the end): whole."""
    result = _run(["export", "examples/lupaus.toml", "--format", "json"], tmp_path)
    assert result.returncode == 0 and len(result.stdout) > 16_000
    assert json.loads(result.stdout)["deals"]


def test_a_file_exported_and_a_game_stored_are_whole(tmp_path):
    out = tmp_path / "wizard.csv"
    assert _run(["export", "examples/wizard.toml", "--format", "csv", "-o", str(out)], tmp_path).returncode == 0
    expected = _run(["export", "examples/wizard.toml", "--format", "csv"], tmp_path).stdout
    assert out.read_bytes() == expected and expected.count(b"\n") > 3
    store = str(tmp_path / "games.db")
    assert _run(["import", "examples/wizard.toml", "--db", store], tmp_path).returncode == 0
    shown = _run(["show", "1", "--db", store, "--json"], tmp_path)
    assert shown.returncode == 0 and json.loads(shown.stdout)["deals"]


def test_a_profile_is_printed(tmp_path):
    """``python -m cProfile -m scorekeeper rules list``: the command's output, then the profile
    (the process ends the normal way, so cProfile gets to print it)."""
    result = _run(["rules", "list"], tmp_path)
    profiled = subprocess.run([sys.executable, "-m", "cProfile", "-s", "cumulative", "-m", "scorekeeper", "rules", "list"],
                              cwd=REPO, env=_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert profiled.returncode == 0
    listed = result.stdout.decode()  # (text: a game's other names may be written in Cyrillic)
    assert profiled.stdout.startswith(listed)
    profile = profiled.stdout[len(listed):]
    assert "function calls" in profile and "Ordered by: cumulative time" in profile
    assert "(main)" in profile  # scorekeeper/__main__.py's main() among the calls


def test_the_exit_handlers_run(tmp_path):
    """The interpreter ends as usual: the exit handlers run after the command."""
    script = ("import atexit, sys\n"
              "atexit.register(lambda: sys.stderr.write('exit handlers ran\\n'))\n"
              "from scorekeeper.__main__ import main\n"
              "sys.argv[1:] = ['check-bid', 'lupaus', '--players', '3', '--deal', '1', '--bids', '1', '0']\n"
              "sys.exit(main())\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=_env(tmp_path), capture_output=True,
                            text=True, timeout=60)
    assert (result.returncode, result.stderr) == (0, "exit handlers ran\n")
    assert result.stdout.startswith("Dealer Player 1 may not bid 9")


@pytest.mark.parametrize(("args", "status"), [
    (["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4", "1"], 1),  # the dealer's 1
    (["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "x"], 2),
    (["export", "no-such-file.toml", "--format", "csv"], 1),
], ids=["illegal bid", "usage", "missing file"])
def test_the_exit_status_and_the_message_are_the_commands(args, status, tmp_path):
    result = _run(args, tmp_path)
    assert result.returncode == status
    assert result.stdout + result.stderr  # said what is wrong
    assert b"Traceback" not in result.stdout + result.stderr


@pytest.fixture(scope="module")
def damaged_store(store, tmp_path_factory) -> Path:
    """The store of the example games with one game's list of players damaged."""
    import sqlite3

    path = tmp_path_factory.mktemp("damaged") / "games.db"
    path.write_bytes(store.read_bytes())
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE games SET players_json = '[oops' WHERE id = 1")
    conn.close()
    assert sorted(p.name for p in path.parent.iterdir()) == ["games.db"]
    return path


@pytest.mark.parametrize("args", [
    ["history"], ["show", "1"], ["sessions"], ["export", "--all", "--format", "csv"], ["replay", "1"],
], ids=lambda args: " ".join(args))
def test_a_command_failing_on_a_damaged_store_leaves_no_files_beside_it(args, damaged_store, tmp_path):
    """The store's connection is closed on every path: a command that fails on a damaged row
    says nothing was changed, and leaves the folder as it found it (no -wal and -shm files)."""
    result = _run([*args, "--db", str(damaged_store)], tmp_path)
    assert result.returncode == 1
    assert result.stderr.decode().startswith(f"scorekeeper: error: {damaged_store}: game 1 cannot be ")
    assert sorted(p.name for p in damaged_store.parent.iterdir()) == ["games.db"]
