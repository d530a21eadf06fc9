"""Player statistics over a store of games (1,000 by default; the goal is for 10,000): how long ``stats`` takes.

Builds a store of seeded, realistic Lupaus and Wizard games (3-6 players from a pool
of 9 names typed in varying case, default and house-rule options, about one game in
eight left unfinished, grouped into sessions of 2-5 games) written through the store
API (``Store.new_session``, ``Store.create_game``: each game's entries are checked by
the engine when they are recorded and again by the store before it writes them). Then
it times, against the same store:

- reference: a plain SQL count over the same store (``SELECT count(*) FROM entries``
  plus ``SELECT count(*) FROM games``), best of N;
- first run: the first ``stats(store)`` on the store as written: the store keeps each game's
  ``stats_cache`` row current with its entries, so nothing is replayed;
- no rows: ``stats(store)`` after the ``stats_cache`` rows are deleted (a store written before
  the rows were kept with the entries): it replays every game through the engine and fills them;
- warm: ``stats(store)`` again (best of N): the cache is current, nothing is replayed;
- one more game: a game gets one more entry, then ``stats(store)``: only that game is
  derived again.

It prints each time and its ratio to the reference. **Goal: the first run and warm
< 1 s for 10,000 games** (``--games 10000``). Before timing, it checks that the cached figures equal those derived from a
replay of every game (a cache that gave other numbers would fail the benchmark).

With ``--screens`` it then opens the terminal app on the store (headless, 80x24) and times
the key on the start screen to the history of every game, and to the statistics, drawn.

Run:  python bench/bench_stats.py [--games 1000] [--repeats 5] [--seed 7] [--db PATH] [--screens]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scorekeeper.game.game import Game, IllegalEntry  # noqa: E402
from scorekeeper.rules.ruleset import load_ruleset  # noqa: E402
from scorekeeper.store.db import Store  # noqa: E402
from scorekeeper.reports.stats import all_facts, compute_facts, player_stats, stats  # noqa: E402

POOL = ["Anna", "Ben", "Cara", "Dan", "Eve", "Fay", "Gus", "Hanna", "Ilkka"]
GOAL_SECONDS = 1.0


class Clock:
    """Time moves 1-3 minutes per store write; a new sitting starts a day or two later."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.now = datetime(2025, 1, 4, 18, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=self.rng.randint(1, 3))
        return self.now

    def next_sitting(self) -> None:
        self.now += timedelta(days=self.rng.randint(1, 3))


def _spelling(rng: random.Random, name: str) -> str:
    """Names as different people type them: mostly as is, sometimes lower case or padded."""
    r = rng.random()
    return name.lower() if r < 0.1 else f" {name}" if r < 0.15 else name


def play_deal(rng: random.Random, game: Game, skill: dict[str, float], restricted: bool) -> dict:
    """One plausible deal: bids near cards/players, tricks near the bids, adding up to the cards."""
    info = game.info()
    cards, n = info.cards, game.setup.n
    bids = [0] * n
    for seat in info.bidding_order:
        share = cards / n
        bids[seat - 1] = max(0, min(cards, round(rng.gauss(share, 0.5 + share * 0.5))))
    dealer = info.dealer
    if restricted and sum(bids) == cards:  # the dealer may not make the bids total the cards
        d = bids[dealer - 1]
        bids[dealer - 1] = d + 1 if d == 0 or (d < cards and rng.random() < 0.5) else d - 1
    tricks = list(bids)
    for i, name in enumerate(game.players):  # the less skilled miss more often
        if rng.random() > skill[name.strip().lower()]:
            tricks[i] = max(0, tricks[i] + rng.choice((-1, 1)))
    while sum(tricks) > cards:
        i = rng.choice([i for i in range(n) if tricks[i] > 0])
        tricks[i] -= 1
    while sum(tricks) < cards:
        tricks[rng.randrange(n)] += 1
    values = {"bid": bids, "tricks": tricks}
    turned = game.ruleset.fields.get("turned")
    if turned is not None and rng.random() < 0.7:  # the trump card, when the table enters it
        choices = turned.choices or ("spades", "hearts", "diamonds", "clubs")
        values["turned"] = rng.choice([c for c in choices if c != "wizard"])  # a Wizard would need 'chosen'
    return values


def record(game: Game, values: dict) -> None:
    """Record the deal; without the trump card if this deal does not ask for one."""
    try:
        game.record(values)
    except IllegalEntry:
        values.pop("turned", None)
        game.record(values)


def make_game(rng: random.Random, skill: dict[str, float]) -> tuple[Game, str]:
    if rng.random() < 0.6:
        ref, n = "lupaus", rng.randint(3, 5)
        options = {"scoring": "tricks-plus-ten"} if rng.random() < 0.2 else {}
        restricted = True
    else:
        ref, n = "wizard", rng.randint(3, 6)
        restricted = rng.random() < 0.3
        options = {"dealer_restriction": restricted}
    players = [_spelling(rng, p) for p in rng.sample(POOL, n)]
    game = Game(load_ruleset(ref), players, options, first_dealer=rng.randint(1, n))
    planned = game.planned_deals
    deals = planned if rng.random() > 0.125 else rng.randint(1, planned - 1)
    for _ in range(deals):
        record(game, play_deal(rng, game, skill, restricted))
    return game, ref


def build_store(path: Path, games: int, seed: int, log=print) -> None:
    rng = random.Random(seed)
    skill = {p.lower(): rng.uniform(0.45, 0.8) for p in POOL}
    clock = Clock(rng)
    start = time.perf_counter()
    with Store(path, clock=clock) as store:
        left = 0
        for k in range(games):
            if left == 0:
                clock.next_sitting()
                session = store.new_session(f"Evening {k + 1}" if rng.random() < 0.3 else None)
                left = rng.randint(2, 5)
            game, ref = make_game(rng, skill)
            store.create_game(game, ref, session_id=session.id)
            left -= 1
            if log and (k + 1) % 100 == 0:
                log(f"  {k + 1} games stored ({time.perf_counter() - start:.1f} s)")


def _best(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def time_screens(path: Path) -> dict[str, float]:
    """The terminal app (headless, 80x24) on the store: seconds from the key on the start
    screen (h: the history of every game, s: the statistics) to that screen drawn."""
    import asyncio

    from scorekeeper.tui.app import ScorekeeperApp
    from scorekeeper.tui.screens.home import HomeScreen

    async def one(key: str) -> float:
        app = ScorekeeperApp(path)
        async with app.run_test(size=(80, 24)) as pilot:
            while app.store is None:
                await pilot.pause(0.01)
            await pilot.pause()
            t = time.perf_counter()
            await pilot.press(key)
            while isinstance(app.screen, HomeScreen):
                await pilot.pause(0.005)
            await pilot.pause()
            return time.perf_counter() - t

    return {"history_screen_s": asyncio.run(one("h")), "stats_screen_s": asyncio.run(one("s"))}


def main(games: int = 1000, repeats: int = 5, seed: int = 7, db: str | None = None, verbose: bool = True,
         screens: bool = False) -> dict:
    log = print if verbose else None
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(db) if db else Path(tmp) / "bench.db"
        if not path.exists():
            if log:
                log(f"Building {games} games in {path} (seed {seed}) ...")
            build_store(path, games, seed, log)
        with Store(path) as store:
            conn = store.connection
            stored_games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
            entries = conn.execute("SELECT count(*) FROM entries").fetchone()[0]

            def reference():
                conn.execute("SELECT count(*) FROM entries").fetchone()
                conn.execute("SELECT count(*) FROM games").fetchone()

            ref = _best(reference, repeats)
            t = time.perf_counter()
            first_report = stats(store)  # the rows the store wrote with each game
            first = time.perf_counter() - t
            conn.execute("DELETE FROM stats_cache")  # an older store: every game replayed once
            t = time.perf_counter()
            cold_report = stats(store)
            cold = time.perf_counter() - t
            warm_report = None

            def run_warm():
                nonlocal warm_report
                warm_report = stats(store)

            warm = _best(run_warm, repeats)

            # The cache must give what a replay of every game gives.
            replayed = [compute_facts(store.open_game(gid).game, gid)
                        for (gid,) in conn.execute("SELECT id FROM games ORDER BY id")]
            expected = [p.as_dict() for p in player_stats(replayed)]
            assert [p.as_dict() for p in first_report.players] == expected, "written statistics differ from a replay"
            assert [p.as_dict() for p in cold_report.players] == expected, "cold statistics differ from a replay"
            assert [p.as_dict() for p in warm_report.players] == expected, "cached statistics differ from a replay"
            assert not warm_report.skipped

            # One game gets one more entry: only it is derived again.
            gid = conn.execute("SELECT id FROM games WHERE finished = 1 ORDER BY id DESC LIMIT 1").fetchone()[0]
            store.open_game(gid).undo()
            t = time.perf_counter()
            after = stats(store)
            one_more = time.perf_counter() - t
            facts, _ = all_facts(store, [gid])
            assert facts[gid].finished is False
            assert sum(p.unfinished for p in after.players) == sum(p.unfinished for p in warm_report.players) + len(
                facts[gid].players)
        opened = time_screens(path) if screens else {}

    result = {"games": stored_games, "entries": entries, "players": len(warm_report.players),
              "reference_s": ref, "first_s": first, "cold_s": cold, "warm_s": warm, "one_more_s": one_more,
              "warm_ratio": warm / ref if ref else float("inf"), "cold_ratio": cold / ref if ref else float("inf"),
              **opened}
    if verbose:
        print()
        print(f"{stored_games} games, {entries} entries, {len(warm_report.players)} players")
        print(f"{'what':<44} {'seconds':>10} {'ratio':>10}")
        rows = [("plain SQL count (reference), best", ref),
                ("stats, first run (rows written with entries)", first),
                ("stats, no rows (replays every game, fills)", cold),
                (f"stats, warm (cache current), best of {repeats}", warm),
                ("stats after one game changed", one_more)]
        rows += [(f"app: {key} to its screen drawn", secs) for key, secs in
                 (("h (history)", opened.get("history_screen_s")), ("s (statistics)", opened.get("stats_screen_s")))
                 if secs is not None]
        for label, secs in rows:
            print(f"{label:<44} {secs:>10.4f} {secs / ref if ref else float('inf'):>9.0f}x")
        verdict = "met" if max(first, warm) < GOAL_SECONDS else "missed"
        print(f"Goal: first run and warm < {GOAL_SECONDS:.0f} s for 10,000 games: {verdict} "
              f"({first:.3f} s and {warm:.3f} s for {stored_games}).")
    return result


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--db", help="use (or build once and keep) the store at this path")
    ap.add_argument("--screens", action="store_true", help="also time the app's history and statistics screens")
    a = ap.parse_args()
    main(a.games, a.repeats, a.seed, a.db, screens=a.screens)
