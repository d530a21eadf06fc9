"""The terminal app: its first frame against a minimal Textual app, and an edit of deal 1
in a 1,000-deal game.

1. **First frame** (goal: scorekeeper / minimal <= 1.3x). Each run is a fresh
   ``python`` process (same interpreter, checkout on PYTHONPATH, bytecode cached in a
   temporary PYTHONPYCACHEPREFIX) that imports the app, starts it headless and stops
   as soon as its first screen is composed and drawn: for scorekeeper the start screen
   (its menu; the store is opened just after the first frame, and the frame with the
   unfinished games listed is timed too), for the reference an ``App`` with a
   ``Static`` and a ``Footer``. The time is from just before the process is started
   to the moment the frame is drawn (the child reports the wall clock then). Runs are
   interleaved, so machine load hits both alike; the medians are compared.

2. **Edit of deal 1 in a 1,000-deal game** (goal: < 50 ms). A Pataviitonen game
   (4 players, played to a total it never reaches) with 1,000 deals is stored, opened
   on the play screen (headless, 100x30), deal 1 is chosen and changed; the time is
   what the screen does when the change is confirmed: the StoredGame's edit (the rules
   check the deal, the entry is committed to SQLite with synchronous=FULL, every later
   total is recomputed), the new score board (all 1,000 rows) and the form of the next
   deal set on the widgets, and the frame drawn. The parts are reported separately.

Run:  python bench/bench_tui.py [--runs 10] [--deals 1000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GOAL_FRAME_RATIO = 1.3
GOAL_EDIT_MS = 50.0

_CHILD = r"""
import sys, time, json
which, db = sys.argv[1], sys.argv[2]
if which == "scorekeeper":
    from scorekeeper.tui.app import ScorekeeperApp
    from scorekeeper.tui.screens.home import HomeScreen
    app = ScorekeeperApp(db)
    ready = lambda a: isinstance(a.screen, HomeScreen) and a.screen.is_mounted
    listed = lambda a: a.store is not None and a.screen.query_one("#home-menu").option_count > 3
else:
    from textual.app import App
    from textual.widgets import Footer, Static

    class Minimal(App):
        def compose(self):
            yield Static("Hello")
            yield Footer()

    app = Minimal()
    ready = lambda a: a.screen.is_mounted
    listed = ready

async def first_frame(pilot):
    while not ready(pilot.app):
        await pilot.pause(0)
    pilot.app.screen._compositor.render_update(full=True)  # the frame, drawn
    at = time.time()
    while not listed(pilot.app):
        await pilot.pause(0)
    pilot.app.screen._compositor.render_update(full=True)
    print(json.dumps({"at": at, "listed": time.time()}))
    pilot.app.exit()

app.run(headless=True, size=(100, 30), auto_pilot=first_frame)
"""


def _env(cache_dir: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = cache_dir
    return env


def _frame_once(which: str, env: dict, db: str) -> tuple[float, float]:
    """Seconds from the start of the process to its first frame, and to the frame with the
    saved games listed (the same for the minimal app)."""
    start = time.time()
    proc = subprocess.run([sys.executable, "-c", _CHILD, which, db], cwd=ROOT, env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=120)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise RuntimeError(f"{which} did not start: {proc.stderr.strip()[-800:]}")
    times = json.loads(proc.stdout.strip().splitlines()[-1])
    return times["at"] - start, times["listed"] - start


def first_frame(runs: int = 10) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-tui-") as tmp:
        env = _env(os.path.join(tmp, "pycache"))
        db = os.path.join(tmp, "games.db")
        _frame_once("minimal", env, db)  # warm-ups: bytecode cache, file cache, the store file
        _frame_once("scorekeeper", env, db)
        minimal, ours, listed = [], [], []
        for _ in range(runs):
            minimal.append(_frame_once("minimal", env, db)[0])
            frame, games = _frame_once("scorekeeper", env, db)
            ours.append(frame)
            listed.append(games)
    med_min, med_ours, med_listed = statistics.median(minimal), statistics.median(ours), statistics.median(listed)
    return {"runs": runs, "minimal_median_s": med_min, "scorekeeper_median_s": med_ours,
            "minimal_min_s": min(minimal), "scorekeeper_min_s": min(ours), "ratio": med_ours / med_min,
            "listed_median_s": med_listed, "listed_ratio": med_listed / med_min}


# --- the edit ------------------------------------------------------------------------------


def _deal(number: int, a: int = 1) -> dict:
    """A Pataviitonen deal of 13 cards for 4 players (every one scores a x 1 x 1)."""
    return {"bid": [3, 3, 3, 3], "proposal": ["hearts"] * 4, "tricks": [4, 3, 3, 3],
            "a": [a, 1, 1, 1], "b": [1, 1, 1, 1], "c": [1, 1, 1, 1]}


def make_store(path: Path, deals: int) -> int:
    from scorekeeper.game.game import Game
    from scorekeeper.rules.ruleset import load_ruleset
    from scorekeeper.store.db import Store

    game = Game(load_ruleset("pataviitonen"), ["Anna", "Ben", "Cara", "Dan"],
                {"end": "target", "target": 100000}, 1)
    for n in range(1, deals + 1):
        game.record(_deal(n))
    with Store(path) as store:
        return store.create_game(game, "pataviitonen", "bench")


async def _edit_times(db: Path, game_id: int, repeats: int) -> dict:
    from scorekeeper.tui.app import ScorekeeperApp
    from scorekeeper.play.draft import DealDraft
    from scorekeeper.tui.messages import GameChosen
    from scorekeeper.tui.screens.play import PlayScreen
    from scorekeeper.tui.widgets.scoreboard import ScoreTable

    app = ScorekeeperApp(db)
    parts: dict[str, list[float]] = {"store_edit": [], "board": [], "draw": [], "total": []}
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(6):
            await pilot.pause()
        app.post_message(GameChosen(game_id))
        for _ in range(10):
            await pilot.pause()
            if isinstance(app.screen, PlayScreen):
                break
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        game = screen.game
        deals = len(game.deals)
        before = game.totals()
        for i in range(repeats):
            screen.post_message(ScoreTable.Chosen(1))
            await pilot.pause()
            assert screen.editing == 1
            draft = screen.draft
            draft.set("a", 1, 2 + i % 2)  # Anna's A in deal 1: 2 or 3 (was 1)
            draft.view()
            # confirm (ctrl+s) as the player does; the StoredGame's edit is timed inside it
            edit = screen.stored.edit
            spent = []

            def timed_edit(number, values, edit=edit, spent=spent):
                t = time.perf_counter()
                try:
                    return edit(number, values)
                finally:
                    spent.append(time.perf_counter() - t)

            screen.stored.edit = timed_edit
            t0 = time.perf_counter()
            screen.action_confirm_deal()
            t1 = time.perf_counter()
            screen._compositor.render_update(full=True)  # draw the frame
            t2 = time.perf_counter()
            del screen.stored.edit
            assert screen.editing is None and len(spent) == 1
            parts["store_edit"].append(spent[0])
            parts["board"].append(t1 - t0 - spent[0])
            parts["draw"].append(t2 - t1)
            parts["total"].append(t2 - t0)
            app.clear_notifications()
            await pilot.pause()
        after = game.totals()
        assert isinstance(screen.draft, DealDraft)
        assert after[0] - before[0] in (1, 2), (before, after)  # deal 1's change reached the totals
    return {"deals": deals, **{f"{k}_ms": statistics.median(v) * 1e3 for k, v in parts.items()},
            "best_total_ms": min(parts["total"]) * 1e3}


def edit_benchmark(deals: int = 1000, repeats: int = 5) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-tui-edit-") as tmp:
        db = Path(tmp) / "games.db"
        t = time.perf_counter()
        game_id = make_store(db, deals)
        setup = time.perf_counter() - t
        result = asyncio.run(_edit_times(db, game_id, repeats))
    result["setup_s"] = setup
    # the engine alone, for comparison: Game.edit of deal 1 and every later result
    from scorekeeper.game.game import Game
    from scorekeeper.rules.ruleset import load_ruleset

    game = Game(load_ruleset("pataviitonen"), ["Anna", "Ben", "Cara", "Dan"], {"end": "target", "target": 100000})
    for n in range(1, deals + 1):
        game.record(_deal(n))
    times = []
    for i in range(repeats):
        t = time.perf_counter()
        game.edit(1, _deal(1, 2 + i % 2))
        game.results()
        times.append(time.perf_counter() - t)
    result["engine_ms"] = statistics.median(times) * 1e3
    return result


def main(runs: int = 10, deals: int = 1000, repeats: int = 5, verbose: bool = True) -> dict:
    frame = first_frame(runs)
    edit = edit_benchmark(deals, repeats)
    result = {"frame": frame, "edit": edit}
    if verbose:
        print_report(result)
    return result


def print_report(r: dict) -> None:
    f, e = r["frame"], r["edit"]
    verdict = "meets" if f["ratio"] <= GOAL_FRAME_RATIO else "MISSES"
    print(f"First frame, {f['runs']} interleaved runs each (headless, 100x30, bytecode cached):")
    print(f"  minimal Textual app   median {f['minimal_median_s'] * 1e3:7.1f} ms   min {f['minimal_min_s'] * 1e3:7.1f} ms")
    print(f"  scorekeeper           median {f['scorekeeper_median_s'] * 1e3:7.1f} ms   "
          f"min {f['scorekeeper_min_s'] * 1e3:7.1f} ms")
    print(f"  ratio {f['ratio']:.2f}x ({verdict} the {GOAL_FRAME_RATIO:g}x goal)")
    print(f"  scorekeeper with the saved games listed (the store opened after the first frame): "
          f"median {f['listed_median_s'] * 1e3:.1f} ms, {f['listed_ratio']:.2f}x")
    verdict = "meets" if e["total_ms"] < GOAL_EDIT_MS else "MISSES"
    print(f"\nEdit of deal 1 in a {e['deals']}-deal game (median of the repeats; store built in {e['setup_s']:.1f} s):")
    print(f"  StoredGame.edit (rules, SQLite commit, totals)  {e['store_edit_ms']:7.1f} ms")
    print(f"  the rest of confirming: board, panel, next form {e['board_ms']:7.1f} ms")
    print(f"  frame drawn                                     {e['draw_ms']:7.1f} ms")
    print(f"  total                                           {e['total_ms']:7.1f} ms (best {e['best_total_ms']:.1f}; "
          f"{verdict} the < {GOAL_EDIT_MS:g} ms goal)")
    print(f"  for comparison, Game.edit + results() alone     {e['engine_ms']:7.1f} ms")


def cli(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=10, help="first-frame runs of each app (default 10)")
    p.add_argument("--deals", type=int, default=1000, help="deals in the edited game (default 1000)")
    p.add_argument("--repeats", type=int, default=5, help="edits timed (default 5)")
    args = p.parse_args(argv)
    main(args.runs, args.deals, args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(cli())
