"""Scoring speed: the ruleset engine against a plain hand-written Python function.

The same seeded deals (default 10,000 deals x 6 players) are scored three ways:

* plain   -- a hand-written function doing the ruleset's arithmetic directly;
* engine  -- ``Setup.deal_scores(number, values, before)``: how the engine scores a deal
             (straight from the entered values where the score formula allows, else
             through the deal's evaluation);
* deal    -- ``DealEval(setup, number, values, before).scores()``: the deal's whole
             evaluation, which everything else the engine says of a deal goes through;
* record  -- ``Game.record`` on fresh games: normalize, field checks, the
             ruleset's checks, scores and the running totals.

Speed is reported as ratios against ``plain`` measured in the same run (best of
N repeats with ``time.perf_counter``), never as absolute goals. Every path must
give the same totals as ``plain``; a difference raises AssertionError.

Run:  python bench/bench_scoring.py [--deals 10000] [--repeats 5] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from operator import add
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable from a checkout without an install
    sys.path.insert(0, str(ROOT))

from scorekeeper.game.engine import DealEval, Setup  # noqa: E402
from scorekeeper.game.game import Game  # noqa: E402
from scorekeeper.rules.ruleset import load_ruleset  # noqa: E402

GOAL_RATIO = 2.0  # engine / plain
RECORD_GOAL = 10.0  # Game.record / plain
PLAYERS = 6
SEED = 20261130


# --- the plain, hand-written scoring -------------------------------------------------------


def plain_wizard(bids, tricks):
    """Wizard: exact -> 20 + 10 per trick, else -10 per trick over or under."""
    return [20 + 10 * t if b == t else -10 * abs(b - t) for b, t in zip(bids, tricks)]


def plain_lupaus(bids, tricks):
    """Lupaus, default options (ten-plus-bid): exact -> 10 + bid, else 0."""
    return [10 + b if b == t else 0 for b, t in zip(bids, tricks)]


CASES = {
    # ruleset id -> (plain function, options, whether the dealer may not make the bids total the cards)
    "wizard": (plain_wizard, {}, False),
    "lupaus": (plain_lupaus, {}, True),
}


# --- deals ---------------------------------------------------------------------------------


def make_deals(setup: Setup, n_deals: int, seed: int, dealer_restriction: bool) -> list[tuple]:
    """``n_deals`` recorded deals as (number, bids, tricks), cycling through the deal plan.

    Bids are 0..cards; tricks sum to cards. With ``dealer_restriction`` the dealer's bid
    is nudged so the bids never total the cards (Lupaus checks that in Game.record).
    """
    rng = random.Random(seed)
    plan_len = len(setup.plan)
    n = setup.n
    deals = []
    for k in range(n_deals):
        number = k % plan_len + 1
        cards = setup.cards(number)
        bids = [rng.randint(0, cards) for _ in range(n)]
        if dealer_restriction and sum(bids) == cards:
            d = setup.dealer(number) - 1
            bids[d] += -1 if bids[d] > 0 else 1
        tricks = [0] * n
        for _ in range(cards):
            tricks[rng.randrange(n)] += 1
        deals.append((number, tuple(bids), tuple(tricks)))
    return deals


# --- the three paths -----------------------------------------------------------------------


def run_plain(deals, plain, n):
    totals = [0] * n
    for _number, bids, tricks in deals:
        for i, s in enumerate(plain(bids, tricks)):
            totals[i] += s
    return tuple(totals)


def run_engine(deals, setup, template, score=None):
    """Setup.deal_scores for every deal (``score``: another function of the same arguments); each
    game's running totals are what the engine reads as the totals before a deal, and the games'
    last totals add up to the plain line's."""
    score = score or setup.deal_scores
    n = setup.scorers
    totals = [0] * n
    game_totals = (0,) * n
    for number, bids, tricks in deals:
        if number == 1:  # a new game starts: the last one's totals count, the "before" totals restart
            totals = list(map(add, totals, game_totals))
            game_totals = (0,) * n
        values = dict(template)
        values["bid"] = bids
        values["tricks"] = tricks
        game_totals = tuple(map(add, game_totals, score(number, values, game_totals)))
    return tuple(map(add, totals, game_totals))


def run_deal_eval(deals, setup, template):
    """DealEval(...).scores() for every deal, summed as run_engine sums."""
    def score(number, values, before):
        return DealEval(setup, number, values, before).scores()
    return run_engine(deals, setup, template, score)


def new_games(ruleset, players, options, deals):
    """One fresh Game for each pass through the deal plan (Game.record refuses deals once over)."""
    return [Game(ruleset, players, options) for number, _b, _t in deals if number == 1]


def run_record(deals, games):
    """Game.record for every deal (validation + scores); returns the summed totals of all games."""
    gi = -1
    game = None
    for number, bids, tricks in deals:
        if number == 1:
            gi += 1
            game = games[gi]
        game.record({"bid": list(bids), "tricks": list(tricks)})
    n = games[0].setup.scorers
    totals = [0] * n
    for g in games:
        for i, t in enumerate(g.totals()):
            totals[i] += t
    return tuple(totals)


def value_template(ruleset, setup) -> dict:
    """Every field key present, as Game.normalize builds it: None or a tuple of None per unit."""
    out = {}
    for key, spec in ruleset.fields.items():
        units = setup.n if spec.scope == "seat" else len(setup.teams)
        out[key] = None if spec.scope == "deal" else (None,) * units
    return out


def best_of(repeats, *paths):
    """(best seconds, result) of each path over ``repeats`` rounds, the paths taking turns in each
    round (so a busy moment of the machine falls on all of them alike). A path is a function and
    a function building its arguments afresh, untimed."""
    best = [float("inf")] * len(paths)
    results = [None] * len(paths)
    for _ in range(repeats):
        for i, (fn, make_args) in enumerate(paths):
            call_args = make_args()
            t0 = time.perf_counter()
            results[i] = fn(*call_args)
            best[i] = min(best[i], time.perf_counter() - t0)
    return list(zip(best, results))


# --- main ----------------------------------------------------------------------------------


def bench_ruleset(rid, n_deals, repeats, seed, verbose=True) -> dict:
    plain, options, restricted = CASES[rid]
    ruleset = load_ruleset(rid)
    players = [f"P{i + 1}" for i in range(PLAYERS)]
    setup = Setup(ruleset, players, options, 1)
    deals = make_deals(setup, n_deals, seed, restricted)
    template = value_template(ruleset, setup)
    # Sanity: the template has the shape Game.normalize gives for an empty entry.
    assert Game(ruleset, players, options).normalize({}) == template, "value template differs from Game.normalize"

    # Deal by deal, before anything is timed: the engine must give the plain scores.
    for number, bids, tricks in deals:
        values = dict(template, bid=bids, tricks=tricks)
        d = DealEval(setup, number, values, (0,) * setup.scorers)
        got = [d.score(i) for i in range(setup.scorers)]
        want = plain(bids, tricks)
        assert got == want, f"{rid} deal {number} bids {bids} tricks {tricks}: engine {got} != plain {want}"
        got = list(setup.deal_scores(number, values))
        assert got == want, f"{rid} deal {number} bids {bids} tricks {tricks}: deal_scores {got} != plain {want}"

    (t_plain, tot_plain), (t_engine, tot_engine), (t_eval, tot_eval), (t_record, tot_record) = best_of(
        repeats,
        (run_plain, lambda: (deals, plain, setup.scorers)),
        (run_engine, lambda: (deals, setup, template)),
        (run_deal_eval, lambda: (deals, setup, template)),
        (run_record, lambda: (deals, new_games(ruleset, players, options, deals))),
    )
    assert tot_engine == tot_plain, f"{rid}: engine totals {tot_engine} != plain totals {tot_plain}"
    assert tot_eval == tot_plain, f"{rid}: DealEval totals {tot_eval} != plain totals {tot_plain}"
    assert tot_record == tot_plain, f"{rid}: Game.record totals {tot_record} != plain totals {tot_plain}"
    return {
        "ruleset": rid,
        "deals": n_deals,
        "players": PLAYERS,
        "totals": tot_plain,
        "engine_totals": tot_engine,
        "eval_totals": tot_eval,
        "record_totals": tot_record,
        "plain_s": t_plain,
        "engine_s": t_engine,
        "eval_s": t_eval,
        "record_s": t_record,
        "engine_ratio": t_engine / t_plain,
        "eval_ratio": t_eval / t_plain,
        "record_ratio": t_record / t_plain,
    }


def print_table(results, repeats):
    print(f"scoring benchmark: best of {repeats}, {PLAYERS} players; ratio = path time / plain time "
          f"(goals: engine <= {GOAL_RATIO:g}x, Game.record <= {RECORD_GOAL:g}x)")
    print(f"{'ruleset':<8} {'path':<34} {'deals':>6} {'best s':>9} {'us/deal':>9} {'ratio':>9}")
    for r in results:
        rows = [
            ("plain Python function", r["plain_s"], 1.0),
            ("engine: Setup.deal_scores", r["engine_s"], r["engine_ratio"]),
            ("DealEval + scores()", r["eval_s"], r["eval_ratio"]),
            ("Game.record (checks + scores)", r["record_s"], r["record_ratio"]),
        ]
        for name, secs, ratio in rows:
            print(f"{r['ruleset']:<8} {name:<34} {r['deals']:>6} {secs:>9.4f} "
                  f"{secs / r['deals'] * 1e6:>9.2f} {ratio:>8.1f}x")
        verdict = "meets" if r["engine_ratio"] <= GOAL_RATIO else "MISSES"
        record = "meets" if r["record_ratio"] <= RECORD_GOAL else "MISSES"
        print(f"{r['ruleset']:<8} totals agree {r['totals']}; engine/plain = {r['engine_ratio']:.1f}x "
              f"({verdict} the {GOAL_RATIO:g}x goal), Game.record/plain = {r['record_ratio']:.1f}x "
              f"({record} the {RECORD_GOAL:g}x goal)")


def profile_engine(rid="wizard", n_deals=10_000, seed=SEED, top=15, sort="tottime", path="engine") -> str:
    """cProfile of the engine path (Setup.deal_scores), or with ``path="record"`` of Game.record,
    for one ruleset; the stats as text."""
    plain, options, restricted = CASES[rid]
    ruleset = load_ruleset(rid)
    players = [f"P{i + 1}" for i in range(PLAYERS)]
    setup = Setup(ruleset, players, options, 1)
    deals = make_deals(setup, n_deals, seed, restricted)
    template = value_template(ruleset, setup)
    games = new_games(ruleset, players, options, deals) if path == "record" else None
    prof = cProfile.Profile()
    prof.enable()
    if games is None:
        run_engine(deals, setup, template)
    else:
        run_record(deals, games)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats(sort).print_stats(top)
    return out.getvalue()


def main(n_deals=10_000, repeats=5, rulesets=("wizard", "lupaus"), seed=SEED, verbose=True) -> list[dict]:
    """Run the benchmark; returns one result dict per ruleset (AssertionError if totals differ)."""
    results = [bench_ruleset(rid, n_deals, repeats, seed) for rid in rulesets]
    if verbose:
        print_table(results, repeats)
    return results


def cli(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=10_000, help="deals to score (default 10000)")
    p.add_argument("--repeats", type=int, default=5, help="repeats; the best time counts (default 5)")
    p.add_argument("--ruleset", action="append", choices=sorted(CASES), help="only this ruleset (repeatable)")
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--profile", action="store_true", help="also print a cProfile of the engine path and of Game.record")
    args = p.parse_args(argv)
    rulesets = tuple(args.ruleset or ("wizard", "lupaus"))
    main(args.deals, args.repeats, rulesets, args.seed)
    if args.profile:
        for rid in rulesets:
            for path in ("engine", "record"):
                print(f"\ncProfile of the {path} path ({rid}, {args.deals} deals), top 15 by tottime:")
                print(profile_engine(rid, args.deals, args.seed, path=path))
    return 0


if __name__ == "__main__":
    sys.exit(cli())
