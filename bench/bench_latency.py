"""Key press to updated screen, at the table's biggest forms, in a real terminal.

The app runs as a player runs it: ``python -m scorekeeper`` in a pseudo-terminal of
80x24 (TERM=xterm-256color), on a store that holds the game at its last deal:

* Lupaus for 7 players (fixed trump), deals 1-12 played: deal 13, 7 cards, 14 boxes;
* Wizard for 6 players, deals 1-9 played: deal 10, 10 cards, 13 boxes;
* Lupaus for 7 again, deals 1-11 played: deal 12, 6 cards, whose Enter goes on to deal 13
  (the confirming Enter and ctrl+z a table meets at every deal, not the game's end).

The benchmark resumes the game from the start screen, then, round after round, types
the deal (the keys of ``bench_keys``: one per value, each moving on by itself),
confirms it with Enter (the game ends), takes it back with ctrl+z and empties the
boxes with ctrl+l. For each key it writes the key's bytes to the terminal and reads
what the app draws until nothing more comes for ``QUIET`` seconds (the first byte may
take ``FIRST``); the latency is the time from the write to the last byte of that frame.
Reported per kind of key (a value typed, the confirming Enter, ctrl+z): p50, p95 and the
worst, in ms; and the app's CPU time per value typed (user + system from /proc, over a
round of the deal, the pauses between keys included), which the load of other processes
changes far less; and the same for the confirming Enter and ctrl+z, each up to the quiet
after it (``confirm cpu``, ``undo cpu``; /proc counts in steps of 10 ms).

Reference, in the same run and the same terminal: a minimal Textual app whose one
widget shows the last key typed (Textual's own floor for key -> frame).

Goal: p95 of a value typed <= 16 ms (one frame at 60 Hz).

Run:  python bench/bench_latency.py [--rounds 5]
      python bench/bench_latency.py --profile   # where the app's time goes while the deal is typed

``--profile`` runs the app under cProfile, switched on while the values are typed (by
signals to the app's process), and prints the 25 largest entries by
own time and by cumulative time; the latencies measured then are not comparable.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import pstats
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
for p in (ROOT, HERE):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from bench_keys import CASES, Case  # noqa: E402

QUIET = 0.15  # seconds with no output that end a frame
FIRST = 2.0  # seconds a key's first byte may take (the app draws once the key is handled)
GOAL_P95_MS = 16.0
KEYS = {"enter": b"\r", "ctrl+z": b"\x1a", "ctrl+l": b"\x0c", "end": b"\x1b[F", "down": b"\x1b[B", "up": b"\x1b[A",
        "escape": b"\x1b", "ctrl+q": b"\x11"}

_REFERENCE = r"""
from textual.app import App
from textual.widgets import Static

class Echo(App):
    def compose(self):
        yield Static("press a key", id="out")
    def on_key(self, event):
        self.query_one("#out", Static).update(f"key: {event.key}")

Echo().run()
"""

# the app with cProfile (in CPU time), on from SIGUSR1 to SIGUSR2; the statistics go to argv[1] at exit
_PROFILED = r"""
import cProfile, runpy, signal, sys, time
out = sys.argv[1]
profile = cProfile.Profile(time.process_time)  # CPU time: other processes' load is not counted
signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
signal.signal(signal.SIGUSR2, lambda *_: profile.disable())
sys.argv = ["scorekeeper"] + sys.argv[2:]
try:
    runpy.run_module("scorekeeper", run_name="__main__", alter_sys=True)
finally:
    profile.disable()
    profile.dump_stats(out)
"""


class Terminal:
    """A program in a pseudo-terminal of 80x24: keys in, what it draws out."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path | None = None):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.fd = master
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
                                     start_new_session=True, cwd=cwd)
        os.close(slave)
        self.seen = b""
        self.bells = 0  # the bells rung so far (a key the app refused)

    def drain(self, quiet: float = QUIET, limit: float = 10.0, first: float | None = None) -> float | None:
        """Read until nothing comes for ``quiet`` s (for the first byte: ``first`` s, when
        given); the time of the last byte (None: none came)."""
        last = None
        end = time.perf_counter() + limit
        while time.perf_counter() < end:
            ready, _, _ = select.select([self.fd], [], [], quiet if last is not None or first is None else first)
            if not ready:
                break
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                break
            if not data:
                break
            last = time.perf_counter()
            self.bells += data.count(b"\x07")
            self.seen = (self.seen + data)[-200_000:]
        return last

    def wait_for(self, text: bytes, limit: float = 30.0) -> None:
        end = time.perf_counter() + limit
        while text not in self.seen:
            if time.perf_counter() > end:
                raise AssertionError(f"{text!r} never came on screen")
            self.drain(0.05, 1.0)

    def key(self, name: str) -> float | None:
        """Press a key; ms from the press to the last byte drawn for it."""
        self.drain(0.05)
        data = KEYS.get(name) or (name.encode() if len(name) == 1 else None)
        if data is None:
            raise ValueError(f"the bench has no bytes for the key {name!r}")
        start = time.perf_counter()
        os.write(self.fd, data)
        last = self.drain(first=FIRST)
        return None if last is None else (last - start) * 1000

    def cpu(self) -> float | None:
        """The program's CPU time so far (user + system), in s; None where /proc cannot tell."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        try:
            os.write(self.fd, KEYS["ctrl+q"])
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        os.close(self.fd)


def _env(tmp: str, root: Path = ROOT) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
    env.update(TERM="xterm-256color", COLORTERM="truecolor", PYTHONPATH=str(root), LANG="C.UTF-8",
               PYTHONPYCACHEPREFIX=os.path.join(tmp, "pycache"), SCOREKEEPER_LANG="en")
    return env


_STORE = """
import json, sys
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
case = json.loads(sys.argv[2])
with Store(sys.argv[1]) as store:
    stored = store.new_game(load_ruleset(case["ruleset"]), case["ruleset"], case["players"], case["options"],
                            case["first_dealer"])
    for values in case["before"]:
        stored.record(values)
"""


def _store(case, db: Path, root: Path = ROOT) -> None:
    """The case's game stored in ``db`` by the checkout ``root``'s own code (another
    version of the app may not read a store written by this one)."""
    doc = {"ruleset": case.ruleset, "players": list(case.players), "options": dict(case.options),
           "before": list(case.before), "first_dealer": case.first_dealer}
    subprocess.run([sys.executable, "-c", _STORE, str(db), json.dumps(doc)], env=_env(str(db.parent), root),
                   cwd=root, check=True)


# the games of the example score sheets (examples/NAME.toml), each at its last deal (the Enter
# ends the game) and at the deal before it (the Enter goes on to the last one)
SHEETS = {"bridge": "bridge-rubber", "skat": "skat", "doppelkopf": "doppelkopf", "five-hundred": "five-hundred",
          "huutopussi": "huutopussi"}


def _sheet_case(sheet: str, back: int) -> Case:
    """The game of ``examples/{sheet}.toml`` with all but its last ``back + 1`` deals played;
    the deal to type is the one after them."""
    from scorekeeper.game.sheet import load_sheet

    game = load_sheet(ROOT / "examples" / f"{sheet}.toml")
    deals = [{k: list(v) if isinstance(v, tuple) else v for k, v in dict(d).items() if v is not None}
             for d in game.deals]
    at = len(deals) - 1 - back
    return Case(game.ruleset.id, tuple(game.players), deals[at], tuple(deals[:at]), dict(game.options),
                first_dealer=game.setup.first_dealer)


def _case(name: str) -> Case:
    """``bench_keys``' case ``name``, or an example sheet's: ``GAME-end`` (its last deal) or
    ``GAME-mid`` (the deal before it)."""
    if name in CASES:
        return CASES[name]
    game, _, where = name.rpartition("-")
    return _sheet_case(SHEETS[game], 0 if where == "end" else 1)


def _deal_keys(case: Case, tmp: str) -> list[str]:
    """The keys a table types for ``case``'s deal (``bench_keys``' typist, headless)."""
    import asyncio

    from bench_keys import _play

    return asyncio.run(_play(case, Path(tmp) / "keys.db"))["key_list"]


def _summary(samples: list[float]) -> dict:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"n": len(ordered), "p50": statistics.median(ordered), "p95": p95, "max": ordered[-1]}


def measure_game(name: str, rounds: int, tmp: str, profile: str | None = None, root: Path = ROOT,
                 profiled: str = "value") -> dict:
    """``name``'s deal typed ``rounds`` times by the app of the checkout ``root``: each
    kind of key's latencies (``raw`` for the samples themselves). With ``profile`` (a file),
    the app runs under cProfile while the keys of the kind ``profiled`` are handled."""
    case = _case(name)
    db = Path(tmp) / f"{name}.db"
    db.unlink(missing_ok=True)
    _store(case, db, root)
    keys = KEYS_OF.get(name) or KEYS_OF.setdefault(name, _deal_keys(case, tmp))
    assert keys[-1] == "enter", keys
    values = keys[:-1]
    app = ["-c", _PROFILED, profile] if profile else ["-m", "scorekeeper"]
    term = Terminal([sys.executable, *app, "--db", str(db)], _env(tmp, root), cwd=root)
    samples: dict[str, list[float]] = {"value": [], "confirm": [], "undo": [], "cpu": [], "confirm cpu": [],
                                       "undo cpu": []}
    try:
        term.wait_for(b"Resume a game")
        term.drain()
        term.key("end")
        term.key("enter")
        term.wait_for(b"Deal ")
        term.drain(0.5)
        for _ in range(rounds):
            if profile and profiled == "value":  # only while values are typed
                term.proc.send_signal(signal.SIGUSR1)
            cpu = term.cpu()
            for k in values:
                bells = term.bells
                ms = term.key(k)
                if ms is not None:
                    samples["value"].append(ms)
                if k != "enter" and term.bells != bells:  # (an Enter may ask a question with the bell)
                    raise AssertionError(f"{name}: the app refused the key {k!r} of {values}: the Enter would time"
                                         " another deal or a question")
            if cpu is not None:
                samples["cpu"].append((term.cpu() - cpu) * 1000 / len(values))
            if profile and profiled == "value":
                term.proc.send_signal(signal.SIGUSR2)
            for key, kind in (("enter", "confirm"), ("ctrl+z", "undo")):
                if profile and profiled == kind:
                    term.proc.send_signal(signal.SIGUSR1)
                    time.sleep(0.05)  # (the signal handled before the key)
                cpu = term.cpu()
                ms = term.key(key)
                if ms is not None:
                    samples[kind].append(ms)
                term.drain(0.5)
                if profile and profiled == kind:
                    term.proc.send_signal(signal.SIGUSR2)
                if cpu is not None:
                    samples[f"{kind} cpu"].append((term.cpu() - cpu) * 1000)
            term.key("ctrl+l")
            term.drain(0.3)
    finally:
        term.close()
    if len(samples["confirm"]) != rounds:
        raise AssertionError(f"{name}: {len(samples['confirm'])} of {rounds} confirmations drew anything")
    return {"raw": samples} | {kind: _summary(s) for kind, s in samples.items() if s}


def measure_reference(presses: int, tmp: str) -> dict:
    term = Terminal([sys.executable, "-c", _REFERENCE], _env(tmp))
    samples = []
    try:
        term.wait_for(b"press a key")
        term.drain(0.5)
        cpu = term.cpu()
        for i in range(presses):
            ms = term.key("abcdefgh"[i % 8])
            if ms is not None:
                samples.append(ms)
        cpu = None if cpu is None else (term.cpu() - cpu) * 1000 / presses
    finally:
        term.close()
    return {"value": _summary(samples)} | ({"cpu": _summary([cpu])} if cpu is not None else {})


KEYS_OF: dict[str, list[str]] = {}  # each game's keys, worked out once
GAMES = ("lupaus-7-deal-13", "wizard-6-deal-10", "lupaus-7-deal-12")
MORE_GAMES = tuple(f"{game}-{where}" for game in SHEETS for where in ("end", "mid"))


def _measure_games(rounds: int, tmp: str, against: Path | None, games: tuple[str, ...] = GAMES,
                   turn: int = 1) -> dict:
    """Each game with this checkout's app and (``against``) another's, taking turns (``turn``
    rounds in one start of the app) so that both see the same load; samples pooled per
    checkout and kind of key."""
    results: dict = {}
    apps = [("", ROOT)] + ([(" (against)", against)] if against else [])
    for name in games:
        pooled: dict = {}
        turns = [min(turn, rounds - done) for done in range(0, rounds, turn)] if against else [rounds]
        for n in turns:
            for suffix, root in apps:
                raw = measure_game(name, n, tmp, root=root)["raw"]
                for kind, samples in raw.items():
                    pooled.setdefault(name + suffix, {}).setdefault(kind, []).extend(samples)
        for label, kinds in pooled.items():
            results[label] = {kind: _summary(s) for kind, s in kinds.items() if s}
    return results


def main(rounds: int = 5, verbose: bool = True, against: Path | None = None, games: tuple[str, ...] = GAMES,
         turn: int = 1) -> dict:
    """``against``: the checkout of another version of the app, measured in the same run."""
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        results["reference"] = measure_reference(rounds * 13, tmp)
        results.update(_measure_games(rounds, tmp, against, games, turn))
        if against:  # the reference again, after: the load may have changed meanwhile
            results["reference (after)"] = measure_reference(rounds * 13, tmp)
    if verbose:
        print(f"{'':32} {'key':12} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
        for name, kinds in results.items():
            for kind, s in kinds.items():
                print(f"{name:32} {kind:12} {s['n']:>4} {s['p50']:>8.1f} {s['p95']:>8.1f} {s['max']:>8.1f}")
        ref = results["reference"]["value"]
        ref_cpu = results["reference"].get("cpu")
        for name in (n for n in results if not n.startswith("reference")):
            s = results[name]["value"]
            verdict = "met" if s["p95"] <= GOAL_P95_MS else "missed"
            print(f"{name}: a value typed, p50 {s['p50']:.1f} ms ({s['p50'] / ref['p50']:.1f}x), p95 {s['p95']:.1f} ms "
                  f"({s['p95'] / ref['p95']:.1f}x the reference's {ref['p95']:.1f} ms); "
                  f"goal {GOAL_P95_MS:.0f} ms: {verdict}")
            cpu = results[name].get("cpu")
            if cpu and ref_cpu:
                print(f"{'':{len(name)}}  CPU per value typed {cpu['p50']:.1f} ms "
                      f"({cpu['p50'] / ref_cpu['p50']:.1f}x the reference's {ref_cpu['p50']:.1f} ms)")
    return results


def profile_game(name: str, rounds: int, top: int = 25, kind: str = "value") -> None:
    """Where the app's time goes while ``name``'s deal is typed ``rounds`` times (``kind``:
    while its values are typed, or its confirming Enter or ctrl+z is handled)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "profile.out")
        measure_game(name, rounds, tmp, profile=out, profiled=kind)
        stats = pstats.Stats(out)
        for order in ("tottime", "cumulative"):
            print(f"-- {name}, {kind}, {rounds} rounds, by {order}")
            stats.sort_stats(order).print_stats(top)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", metavar="GAME", nargs="?", const="lupaus-7-deal-13",
                        help="profile the app while GAME's deal is typed (default lupaus-7-deal-13)")
    parser.add_argument("--keys", choices=("value", "confirm", "undo"), default="value",
                        help="with --profile: the keys profiled (the values typed, the confirming Enter or ctrl+z)")
    parser.add_argument("--against", metavar="CHECKOUT", type=Path,
                        help="also measure the app of another checkout (e.g. a worktree of the commit "
                             "before a change), taking turns with this one")
    parser.add_argument("--turn", type=int, default=1,
                        help="with --against: the rounds each app measures in one start before the other's turn")
    parser.add_argument("--games", nargs="+", choices=GAMES + MORE_GAMES, default=GAMES,
                        help="the games measured (by default the first three; GAME-end and GAME-mid: the example "
                             "sheet's last deal and the one before it)")
    args = parser.parse_args()
    if args.profile:
        profile_game(args.profile, args.rounds, kind=args.keys)
    else:
        main(args.rounds, against=args.against.resolve() if args.against else None, games=tuple(args.games),
             turn=args.turn)
