"""Killing the process at any moment loses no confirmed entry and leaves the store sound.

A driver process (tests/helpers/kill_driver.py) plays a scripted Lupaus game into a
store and prints ``CONFIRMED seq kind deal`` right after each entry's commit returned.
The test sends it SIGKILL at many points (before it prints anything, while it opens
the store, right after it confirmed an entry, mid-commit) and starts it again each
time; each start resumes from what the store holds. See tests/helpers/__init__.py.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from helpers.killing import KillPoint, Ledger, kill_points, parse, run_and_kill, run_to_end, stored_script
from helpers.lupaus_script import TITLE, Op, replay, script

DRIVER = Path(__file__).resolve().parent / "helpers" / "kill_driver.py"
SCRIPT_SEED = 0  # a 40-entry script: 24 records, 4 edits, 9 undos, 3 redos
KILL_SEED = 20240607
ROUNDS = 25


def _cmd(db: Path, *flags: str) -> list[str]:
    return [sys.executable, str(DRIVER), str(db), str(SCRIPT_SEED), *flags]


def _expected(ops: list[Op]) -> list[tuple[str, int]]:
    return [(op.kind, op.deal) for op in ops]


def test_kill_driver_plays_the_whole_script_when_left_alone(tmp_path):
    """Without kills the driver confirms every entry in order; run again it only resumes."""
    db = tmp_path / "alone.db"
    ops = script(SCRIPT_SEED)
    first = parse(run_to_end(_cmd(db)).lines)
    assert (first.opening, first.resumed, first.done, first.other) == (True, 0, len(ops), [])
    assert first.confirmed == [(seq, op.kind, op.deal) for seq, op in enumerate(ops, start=1)]
    again = parse(run_to_end(_cmd(db)).lines)
    assert (again.resumed, again.confirmed, again.done) == (len(ops), [], len(ops))


def test_the_checks_catch_a_lost_confirmed_entry(tmp_path):
    """Not vacuous: a driver that says CONFIRMED before it commits, killed then, is caught."""
    db = tmp_path / "liar.db"
    ledger = Ledger(_expected(script(SCRIPT_SEED)))
    run = run_and_kill(_cmd(db, "--confirm-before-commit"), KillPoint(3, 0.0))
    assert run.killed and run.lines == ["OPENING", "RESUMED 0", "CONFIRMED 1 record 1"]
    ledger.observe(run)
    with pytest.raises(AssertionError, match="entry 1 was confirmed but the store held 0 entries at the next start"):
        ledger.observe(run_to_end(_cmd(db)))


def test_every_confirmed_entry_survives_sigkill(tmp_path):
    """25 SIGKILLs at seeded points: each restart finds every confirmed entry (and at most one more)."""
    db = tmp_path / "kill.db"
    ops = script(SCRIPT_SEED)
    assert len(ops) == 40
    ledger = Ledger(_expected(ops))
    runs = []
    for point in kill_points(random.Random(KILL_SEED), ROUNDS):
        run = run_and_kill(_cmd(db), point)
        ledger.observe(run)
        runs.append(run)
    end = ledger.observe(run_to_end(_cmd(db)))
    assert end.done == len(ops)

    # The kills really happened all over: before a word, while opening, mid-game.
    log = "\n".join(ledger.log)
    assert sum(run.killed for run in runs) >= 20, log
    assert sum(run.killed and not run.lines for run in runs) >= 3, log
    assert sum(run.killed and run.lines == ["OPENING"] for run in runs) >= 2, log
    assert sum(run.killed and parse(run.lines).resumed is not None for run in runs) >= 10, log
    assert sum(run.killed and parse(run.lines).confirmed != [] for run in runs) >= 4, log
    assert len(ledger.confirmed) >= 10, log

    # The store is sound and holds exactly the script, so every confirmed entry, in order.
    summary, stored, entries = stored_script(db, Op)
    assert entries == ops
    assert [(seq, e.kind, e.deal) for seq, e in enumerate(entries, start=1) if seq <= ledger.known] == [
        (seq, kind, deal) for seq, (kind, deal) in enumerate(_expected(ops)[:ledger.known], start=1)]

    # Replaying the store gives the game the script gives.
    expected = replay(ops)
    game = stored.game
    assert game.deals == expected.deals
    assert game.history == expected.history
    assert game.results() == expected.results()
    assert game.totals() == expected.totals()
    assert (game.can_undo, game.can_redo, game.is_over) == (True, False, True)
    assert (summary.title, summary.deals_played, summary.finished, summary.winners) == (
        TITLE, 19, True, expected.winners)


_DRAFT_THEN_KILL = """
import os, signal, sys
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
store = Store(sys.argv[1])
game = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
game.record({"bid": [3, 4, 2], "tricks": [3, 5, 2]})
game.save_draft({"bid": [None, 2, None]})
game.save_draft({"bid": [1, 2, None]})
mode = store.connection.execute("PRAGMA synchronous").fetchone()[0]
print(mode, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_the_boxes_typed_survive_a_kill_though_their_save_does_not_wait_for_the_disk(tmp_path):
    """What is typed is saved at every key without waiting for the disk; killed right after,
    a new process reads the same boxes, and the entries are still saved with the disk waited
    for (synchronous FULL = 2, set back after each box)."""
    import subprocess

    from helpers.killing import repo_env

    from scorekeeper.store.db import Store

    db = tmp_path / "d.db"
    run = subprocess.run([sys.executable, "-c", _DRAFT_THEN_KILL, str(db)], env=repo_env(), capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == -9 and run.stdout == "2\n", run.stderr
    with Store(db) as store:
        (stored,) = [store.open_game(g.id) for g in store.list_games()]
        assert len(stored.game.deals) == 1
        assert stored.draft["bid"] == [1, 2, ""]  # (a box not typed, as a sheet writes it)
