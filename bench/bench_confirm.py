"""The confirming Enter and ctrl+z, headless: CPU time, frames and function calls a key.

bench_latency.py times them in a real terminal, where the load of other processes moves
the figures a lot; this runs the app headless (Textual's ``run_test``, 80x24) on the same
games (bench_latency.py's: bench_keys' cases, the game at its last deal or mid-game, and the
example sheets' games at their last deal and the one before), types the deal, and for
the confirming Enter and the ctrl+z after it measures, from the key to the app being idle
again:

* ``cpu ms``: the process's CPU time over the 0.4 s after the key (posted to the app as the
  terminal's driver posts it; the app is idle again well within that time), with what the
  app does once quiet after the key's frame;
* ``to frame``: the process's CPU time from the key to its (first) frame drawn;
* ``frames``: the frames drawn meanwhile (each a compositor update sent to the screen);
* ``calls``: Python function calls under cProfile over the same time, in the rounds between
  (steady from run to run: the clearest sign of work done or saved);
* ``calls to frame``: those of them up to the key's first frame (the work the table waits
  for; the rest is done once the app is quiet);
* ``gc``, ``gc ms`` (with ``--collector``): the garbage collections that started before the
  key's frame was drawn, and the milliseconds they took.

The garbage of the rounds before is collected before each key, unless ``--collector``: then
the collector runs as ``scorekeeper`` runs it (the app's own, where the checkout has one:
scorekeeper.process.QuietCollector, earlier scorekeeper/tui/collector.py; the interpreter's as it is, where not), and what it does while a
key is handled is counted.

``--against DIR`` measures another checkout (e.g. a worktree of main) too, each in processes
of its own taking turns, and prints each figure's ratio. The first round of each process is
left out (modules imported, caches filled).

``--first`` measures only the first Enter and ctrl+z of each process, as ``bench_latency.py
--against`` meets them (one round a process): what a process works out the first time counts.

``--dump DIR`` writes the last profiled Enter and ctrl+z of each game and tree for ``pstats``:
``DIR/this/GAME-confirm.prof`` (and ``-undo``), and ``...-to-frame.prof`` up to the first frame.

Run:  python bench/bench_confirm.py [--rounds 6] [--turns 2] [--against DIR] [--games ...] [--first] [--dump DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("lupaus-7-deal-13", "lupaus-7-deal-12", "wizard-6-deal-10")

_CHILD = r"""
import asyncio, cProfile, gc, json, pstats, sys, tempfile, time
from pathlib import Path
from textual import events
WINDOW = 0.4
root, name, rounds, natural = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
only_first = sys.argv[5]  # "timed" / "profiled": the process's first keys only
sys.path[:0] = [str(root), str(root / "bench")]
from types import SimpleNamespace

given = json.loads(sys.argv[6])  # the game and its keys, as this checkout's bench_latency.py has them
dump = sys.argv[7] if len(sys.argv) > 7 else ""  # a directory for each profiled key's stats (pstats files)
keys, case = given["keys"], SimpleNamespace(**given["case"])


async def measure(db):
    from scorekeeper.rules.ruleset import load_ruleset
    from scorekeeper.store.db import Store
    from scorekeeper.tui.app import ScorekeeperApp
    from scorekeeper.tui.screens.play import PlayScreen

    with Store(db) as store:
        stored = store.new_game(load_ruleset(case.ruleset), case.ruleset, list(case.players), dict(case.options),
                                case.first_dealer)
        for values in case.before:
            stored.record(values)
        game_id = stored.id
    app = ScorekeeperApp(db)
    frames = [0]
    display = app._display

    first = [None]  # the process's CPU time at the key's first frame
    profiling = [None, None, ""]  # the key's profile while it runs, its calls to the first frame, where to dump them

    def counted(screen, renderable):
        if renderable is not None:
            frames[0] += 1
            if first[0] is None:
                first[0] = time.process_time()
                profile = profiling[0]
                if profile is not None and profiling[1] is None:  # the calls up to this frame: counted, then on
                    stats = pstats.Stats(profile)
                    profiling[1] = stats.total_calls
                    if profiling[2]:
                        stats.dump_stats(profiling[2])
                    profile.enable()
        return display(screen, renderable)

    app._display = counted
    collector = getattr(app, "collector", None) if natural else None
    if collector is not None:
        collector.start()
    in_key = []  # (the start of each collection before the key's frame, its milliseconds)

    def collected(phase, info):
        if phase == "start":
            in_key.append([time.perf_counter(), None] if frames[0] == 0 else None)
        elif in_key and in_key[-1] is not None and in_key[-1][1] is None:
            in_key[-1][1] = (time.perf_counter() - in_key[-1][0]) * 1000

    if natural:
        gc.callbacks.append(collected)
    out = {kind: {"cpu ms": [], "to frame": [], "frames": [], "calls": [], "calls to frame": []} | ({"gc": [], "gc ms": []} if natural else {})
           for kind in ("confirm", "undo")}
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(500):
            if app.store is not None:
                break
            await pilot.pause()
        await app.push_screen(PlayScreen(app.store.open_game(game_id)))
        if collector is not None:
            collector.game_shown()
        for _ in range(5):
            await pilot.pause()
        await asyncio.sleep(0.5)
        if only_first:  # (as bench_latency --against measures: each key the first of its kind in the process)
            await asyncio.sleep(0.5)  # (the app quiet after showing the game, as a table is before its first key)
        for r in range(1 if only_first else 2 * rounds + 1):  # odd rounds timed, even ones profiled (the first only warms up)
            profiled = only_first == "profiled" if only_first else r % 2 == 0
            for key in keys[:-1]:
                await pilot.press(key)
            for _ in range(3):
                await pilot.pause()
            await asyncio.sleep(0.3)
            for key, char, kind in (("enter", "\r", "confirm"), ("ctrl+z", "\x1a", "undo")):
                profile = cProfile.Profile() if profiled else None
                profiling[:] = [profile, None, f"{dump}/{name}-{kind}-to-frame.prof" if dump and profile else ""]
                if not natural:
                    gc.collect()  # (the garbage of the rounds before, the profiles', is not this key's)
                frames[0] = 0
                first[0] = None
                in_key.clear()
                start = time.process_time()
                if profile:
                    profile.enable()
                app.post_message(events.Key(key, char))  # as the terminal's driver does
                await asyncio.sleep(WINDOW)  # (the app is idle again well within it)
                if profile:
                    profile.disable()
                cpu = (time.process_time() - start) * 1000
                if r or only_first:
                    if profiled:
                        out[kind]["calls"].append(pstats.Stats(profile).total_calls)
                        out[kind]["calls to frame"].append(profiling[1] if profiling[1] is not None else
                                                           out[kind]["calls"][-1])
                        if dump:
                            profile.dump_stats(f"{dump}/{name}-{kind}.prof")
                    else:
                        out[kind]["cpu ms"].append(cpu)
                        out[kind]["to frame"].append((first[0] - start) * 1000 if first[0] is not None else cpu)
                        out[kind]["frames"].append(frames[0])
                        if natural:
                            seen = [c for c in in_key if c is not None]
                            out[kind]["gc"].append(len(seen))
                            out[kind]["gc ms"].append(sum(c[1] or 0 for c in seen))
            await pilot.press("ctrl+l")
            for _ in range(3):
                await pilot.pause()
    return out


with tempfile.TemporaryDirectory() as tmp:
    print(json.dumps(asyncio.run(measure(Path(tmp) / "g.db"))))
"""


GIVEN: dict[str, dict] = {}  # each game's case and keys, worked out once (by this checkout)


def _given(name: str) -> dict:
    """``name``'s game (bench_latency.py's cases) and the keys typed for its deal."""
    if name not in GIVEN:
        import tempfile
        from dataclasses import asdict

        sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
        import bench_latency

        case = bench_latency._case(name)
        with tempfile.TemporaryDirectory() as tmp:
            GIVEN[name] = {"case": asdict(case), "keys": bench_latency._deal_keys(case, tmp)}
    return GIVEN[name]


def _run(root: Path, name: str, rounds: int, natural: bool = False, first: str = "", dump: str = "") -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
    env.update(PYTHONPATH=str(root), SCOREKEEPER_LANG="en", LANG="C.UTF-8")
    done = subprocess.run([sys.executable, "-c", _CHILD, str(root), name, str(rounds), "1" if natural else "0", first,
                           json.dumps(_given(name)), dump],
                          env=env, cwd=root,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(rounds: int = 6, turns: int = 2, against: Path | None = None, games: tuple[str, ...] = GAMES,
         verbose: bool = True, natural: bool = False, first: bool = False, dump: Path | None = None) -> dict:
    """``first``: the first Enter and ctrl+z of each process only (``rounds`` processes a turn
    timed, as many profiled), as bench_latency.py --against meets them: one round a process."""
    trees = [("this", ROOT)] + ([("against", against)] if against else [])
    results: dict = {}
    runs = [(m, 1) for m in ("timed", "profiled") for _ in range(rounds)] if first else [("", rounds)]
    for name in games:
        for _ in range(turns):
            for mode, count in runs:
                for label, root in trees:
                    into = ""
                    if dump:
                        (dump / label).mkdir(parents=True, exist_ok=True)
                        into = str((dump / label).resolve())
                    got = _run(root, name, count, natural, mode, into)
                    for kind, figures in got.items():
                        for figure, samples in figures.items():
                            results.setdefault((name, kind, figure), {}).setdefault(label, []).extend(samples)
    if verbose:
        print(f"{'game':18} {'key':8} {'figure':14} {'this (median)':>14}" + (f" {'against':>10} {'ratio':>6}" if against else ""))
        for (name, kind, figure), by in results.items():
            if not by["this"] or against and not by.get("against"):
                continue
            this = statistics.median(by["this"])
            line = f"{name:18} {kind:8} {figure:14} {this:14.1f}"
            if against:
                other = statistics.median(by["against"])
                line += f" {other:10.1f} {this / other if other else float('nan'):6.2f}"
            if figure == "gc ms":  # (a collection is rare and long: its worst, not its median, is the cost)
                line += f"   worst {max(by['this']):.1f}" + (f" / {max(by['against']):.1f}" if against else "")
            print(line)
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--against", type=Path)
    parser.add_argument("--games", nargs="+", default=GAMES,
                        help="bench_latency.py's games: those of bench_keys, or an example sheet's (GAME-end, GAME-mid)")
    parser.add_argument("--collector", action="store_true",
                        help="the garbage collector as scorekeeper runs it, and its collections in each key")
    parser.add_argument("--first", action="store_true",
                        help="only the first Enter and ctrl+z of each process (as bench_latency.py --against "
                             "measures them), ROUNDS processes timed and ROUNDS profiled a turn")
    parser.add_argument("--dump", type=Path,
                        help="write each tree's last profiled Enter and ctrl+z per game to DUMP/{this,against}/GAME-KEY.prof")
    args = parser.parse_args()
    main(args.rounds, args.turns, args.against.resolve() if args.against else None, tuple(args.games),
         natural=args.collector, first=args.first, dump=args.dump)
