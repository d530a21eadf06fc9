"""Run a driver process and SIGKILL it at chosen points (see helpers/__init__.py).

A driver prints protocol lines (``RESUMED n``, ``CONFIRMED seq kind deal``,
``DONE n``); :func:`run_and_kill` reads them as they come, kills the process
after a given number of lines plus a delay, and returns everything it printed
before it died. Only the process started here is killed, by its pid.
"""

from __future__ import annotations

import os
import queue
import random
import signal
import sqlite3
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def repo_env(**extra: str) -> dict[str, str]:
    """The environment with the repository first on PYTHONPATH (and ``extra`` set)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


@dataclass(frozen=True)
class KillPoint:
    """Read ``lines`` protocol lines (0: none) or, with ``note``, wait until the driver
    notes that line on stderr; wait ``delay`` seconds, then SIGKILL."""

    lines: int
    delay: float
    note: str = ""

    def __str__(self) -> str:
        after = f"the note {self.note!r}" if self.note else f"{self.lines} line(s)"
        return f"after {after} + {self.delay * 1000:.1f} ms"


def kill_points(rng: random.Random, rounds: int) -> list[KillPoint]:
    """A shuffled mix of kills: at once, during start-up, while opening the store, mid-game.

    A fifth of the rounds kill before the driver printed a line (at once, or within
    its imports), a fifth just after it said OPENING (opening, recovering or creating
    the store), the rest just after it said RESUMED or confirmed an entry, when it is
    already writing the next one (0 to 3 ms later).
    """
    points = []
    for i in range(rounds):
        if i % 5 == 0:
            points.append(KillPoint(0, 0.0 if i % 10 == 0 else rng.uniform(0.0, 0.05)))
        elif i % 5 == 1:
            points.append(KillPoint(1, rng.uniform(0.0, 0.005)))
        else:
            points.append(KillPoint(rng.randint(2, 3), rng.choice([0.0, rng.uniform(0.0, 0.003)])))
    rng.shuffle(points)
    return points


@dataclass
class Run:
    """What one driver process printed, and how it ended."""

    lines: list[str]
    returncode: int
    stderr: str
    point: KillPoint | None = None

    @property
    def killed(self) -> bool:
        return self.returncode == -signal.SIGKILL


@dataclass
class Progress:
    opening: bool = False  # the driver got as far as opening the store
    resumed: int | None = None  # entries the store held when the driver started
    confirmed: list[tuple[int, str, int]] = field(default_factory=list)  # (seq, kind, deal)
    done: int | None = None
    other: list[str] = field(default_factory=list)


def parse(lines: list[str]) -> Progress:
    progress = Progress()
    for line in lines:
        word, _, rest = line.partition(" ")
        if word == "OPENING":
            progress.opening = True
        elif word == "RESUMED":
            progress.resumed = int(rest)
        elif word == "CONFIRMED":
            seq, kind, deal = rest.split()
            progress.confirmed.append((int(seq), kind, int(deal)))
        elif word == "DONE":
            progress.done = int(rest)
        else:
            progress.other.append(line)
    return progress


class Ledger:
    """What the driver runs said, checked run by run against the script.

    ``expected`` is (kind, deal) of each entry of the script, in order. Each run must
    find, when it starts, every entry confirmed before (and at most one more, committed
    by a run killed before it could say so); its confirmations must follow on in order.
    """

    def __init__(self, expected: list[tuple[str, int]]):
        self.expected = expected
        self.known = 0  # entries known to be stored: the last confirmed, or what a restart found
        self.confirmed: list[tuple[int, str, int]] = []
        self.unconfirmed = 0  # restarts that found an entry whose CONFIRMED line was never printed
        self.log: list[str] = []

    def observe(self, run: Run) -> Progress:
        progress = parse(run.lines)
        self.log.append(f"{run.point}: exit {run.returncode}, {' / '.join(run.lines[-2:])}")
        where = f"(run {len(self.log)}, {run.point}; runs so far:\n" + "\n".join(self.log) + ")"
        if run.returncode not in (0, -signal.SIGKILL):
            raise AssertionError(f"the driver failed with exit {run.returncode}: {run.stderr} {where}")
        if progress.other:
            raise AssertionError(f"unexpected driver output {progress.other} {where}")
        if progress.resumed is not None:
            if progress.resumed < self.known:
                raise AssertionError(f"entry {self.known} was confirmed but the store held {progress.resumed} "
                                     f"entries at the next start {where}")
            if progress.resumed > self.known + 1:
                raise AssertionError(f"the store held {progress.resumed} entries, but only {self.known} were "
                                     f"confirmed: more than one unconfirmed entry {where}")
            self.unconfirmed += progress.resumed == self.known + 1
            self.known = progress.resumed
        for seq, kind, deal in progress.confirmed:
            if seq != self.known + 1 or (kind, deal) != self.expected[seq - 1]:
                raise AssertionError(f"CONFIRMED {seq} {kind} {deal} does not follow entry {self.known} of the "
                                     f"script {where}")
            self.confirmed.append((seq, kind, deal))
            self.known = seq
        return progress


def _start(cmd: list[str], env: dict[str, str] | None) -> tuple[subprocess.Popen, queue.Queue]:
    proc = subprocess.Popen(cmd, cwd=REPO, env=env if env is not None else repo_env(), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
    lines: queue.Queue = queue.Queue()
    proc.notes = []  # type: ignore[attr-defined]  # stderr, line by line, as it comes
    proc.notes_done = threading.Event()  # type: ignore[attr-defined]

    def pump() -> None:
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    def pump_notes() -> None:
        for line in proc.stderr:
            proc.notes.append(line)
        proc.notes_done.set()

    threading.Thread(target=pump, daemon=True).start()
    threading.Thread(target=pump_notes, daemon=True).start()
    return proc, lines


def _finish(proc: subprocess.Popen, lines: queue.Queue, seen: list[str], timeout: float) -> tuple[list[str], int, str]:
    returncode = proc.wait(timeout=timeout)
    deadline = time.monotonic() + timeout
    while True:  # everything the process wrote before it ended is still in the pipe
        item = lines.get(timeout=max(0.01, deadline - time.monotonic()))
        if item is None:
            break
        seen.append(item)
    proc.notes_done.wait(timeout)
    stderr = "".join(proc.notes)
    proc.stdout.close()
    proc.stderr.close()
    return seen, returncode, stderr


def run_and_kill(cmd: list[str], point: KillPoint, env: dict[str, str] | None = None, timeout: float = 30) -> Run:
    """Start the driver, SIGKILL it at ``point`` (unless it ended first); what it printed."""
    proc, lines = _start(cmd, env)
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    try:
        while len(seen) < point.lines:
            item = lines.get(timeout=max(0.01, deadline - time.monotonic()))
            if item is None:
                lines.put(None)
                break
            seen.append(item)
        while point.note and not any(n.rstrip("\n") == point.note for n in proc.notes):
            if proc.poll() is not None:
                break
            if time.monotonic() > deadline:
                raise queue.Empty
            time.sleep(0.005)
        if point.delay:
            time.sleep(point.delay)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
    except queue.Empty:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        raise AssertionError(f"the driver printed nothing for {timeout} s; lines so far: {seen}") from None
    out, returncode, stderr = _finish(proc, lines, seen, timeout)
    return Run(out, returncode, stderr, point)


def run_to_end(cmd: list[str], env: dict[str, str] | None = None, timeout: float = 60) -> Run:
    """Start the driver and let it finish."""
    proc, lines = _start(cmd, env)
    try:
        out, returncode, stderr = _finish(proc, lines, [], timeout)
    except (subprocess.TimeoutExpired, queue.Empty):
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        raise AssertionError(f"the driver did not finish in {timeout} s") from None
    return Run(out, returncode, stderr)


def integrity_check(path: Path) -> list[str]:
    """``PRAGMA integrity_check`` of a database file, read-only (``["ok"]`` when sound)."""
    conn = sqlite3.connect(Path(path).absolute().as_uri() + "?mode=ro", uri=True)
    try:
        return [row[0] for row in conn.execute("PRAGMA integrity_check")]
    finally:
        conn.close()


def stored_script(db: Path, op) -> tuple:
    """The one game of a killed-and-resumed store, once ``PRAGMA integrity_check`` finds it sound:
    its summary, the StoredGame and its entries as ``op(kind, deal, values)`` (the script's Op)."""
    from scorekeeper.store.db import Store

    assert integrity_check(db) == ["ok"]
    with Store(db) as store:
        (summary,) = store.list_games()
        stored = store.open_game(summary.id)
        entries = [op(e.kind, e.deal, e.values) for e in store.entries(summary.id)]
    return summary, stored, entries
