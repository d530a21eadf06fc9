"""A value typed into the deal's form, headless: ``DealDraft.set()`` then ``view()``.

For the deals that bench_latency.py types in the terminal app (Lupaus for 7, deal 13;
Wizard for 6, deal 10), and a Skat null hand game (whose boxes the rules fill in while they
are empty are tried with each of their values before a value is struck out), the values of the deal are typed into a DealDraft in the order of
the form, as a table types them (a value the draft filled in by itself is not typed), and
each value's ``set()`` + ``view()`` is timed: the work the play screen asks of the draft
per value, without the screen.

The reference, in the same run: the same view worked out by a new DealDraft given the
values typed so far (what a draft that keeps nothing from its earlier views costs). With
``--against DIR`` another checkout's DealDraft (e.g. main) is timed as well; each checkout
runs in a process of its own, the two taking turns, so that both see the same load.

Each value's time is the best of the rounds (a busy moment of the machine falls on one
round, not on all); the figures are the mean, the 95th percentile and the largest over
the values of the deal. Before anything is timed, the view of the draft after each value
must equal the reference's, and the deal typed must be the one meant, or the benchmark fails.

Run:  python bench/bench_draft.py [--rounds 20] [--turns 3] [--against DIR]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("lupaus-7-deal-13", "wizard-6-deal-10", "skat-3-null-hand")


def _cases() -> dict:
    """bench_keys' deals, and a Skat null hand game bid 35 (Hand and Announced are filled in
    while empty: each refused value of the boxes reading them tries their values)."""
    from bench_keys import CASES, Case

    skat = Case("skat", ("Anna", "Ben", "Cara"),
                {"game": "null", "declarer": 1, "bid": 35, "hand": True, "took_trick": False})
    return {**CASES, "skat-3-null-hand": skat}


# -- in the worker: one checkout's DealDraft ------------------------------------------------

def _game(case):
    from scorekeeper.game.game import Game
    from scorekeeper.rules.ruleset import load_ruleset

    game = Game(load_ruleset(case.ruleset), list(case.players), dict(case.options))
    for values in case.before:
        game.record(values)
    return game


def _wanted(case, cell):
    value = case.values.get(cell.field)
    return value[cell.unit - 1] if isinstance(value, list) else value


def _typing(case, game) -> list[tuple]:
    """The values the table types, in the form's order, each checked against a new draft;
    a value the draft fills in by itself is left out. The deal must come out as meant."""
    from scorekeeper.play.draft import DealDraft

    draft, typed = DealDraft(game), []
    for phase in draft.layout:
        for slot in phase.slots:
            cell = draft.view().cells[slot]
            wanted = _wanted(case, cell)
            if wanted is None or cell.value is not None:
                continue
            typed.append((cell.field, cell.unit, wanted))
            draft.set(cell.field, cell.unit, wanted)
            if draft.view() != _afresh(game, typed).view():
                raise AssertionError(f"{case.ruleset}: the view after {typed[-1]} is not the one computed afresh")
    got = draft.plain_values()
    for fid, value in case.values.items():
        if got[fid] != value:
            raise AssertionError(f"{case.ruleset}: {fid} typed as {got[fid]}, meant {value}")
    return typed


def _afresh(game, typed):
    from scorekeeper.play.draft import DealDraft

    draft = DealDraft(game)
    for field, unit, value in typed:
        draft.set(field, unit, value)
    return draft


def _round(game, typed) -> tuple[list[float], list[float]]:
    """One pass: each value's set() + view() on one draft, and on a new draft each time."""
    from scorekeeper.play.draft import DealDraft

    draft = DealDraft(game)
    draft.view()
    kept, afresh = [], []
    clock = time.perf_counter
    for i, (field, unit, value) in enumerate(typed):
        start = clock()
        draft.set(field, unit, value)
        draft.view()
        kept.append(clock() - start)
        again = _afresh(game, typed[:i])  # the values before, no view worked out yet
        start = clock()
        again.set(field, unit, value)
        again.view()
        afresh.append(clock() - start)
    return kept, afresh


def worker(rounds: int) -> dict:
    cases = _cases()
    out = {}
    for name in GAMES:
        case = cases[name]
        game = _game(case)
        typed = _typing(case, game)
        _round(game, typed)  # warm: the formulas' fast code, the engine's shared values
        best_kept = best_afresh = None
        for _ in range(rounds):
            kept, afresh = _round(game, typed)
            best_kept = kept if best_kept is None else [min(a, b) for a, b in zip(best_kept, kept)]
            best_afresh = afresh if best_afresh is None else [min(a, b) for a, b in zip(best_afresh, afresh)]
        out[name] = {"values": len(typed), "draft": best_kept, "afresh": best_afresh}
    return out


# -- the run: each checkout in its own process, taking turns ---------------------------------

def _run_worker(root: Path, rounds: int) -> dict:
    code = ("import json, sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import bench_draft; "
            "print(json.dumps(bench_draft.worker(int(sys.argv[3]))))")
    done = subprocess.run([sys.executable, "-c", code, str(root), str(ROOT / "bench"), str(rounds)],
                          capture_output=True, text=True, cwd=root)
    if done.returncode != 0:
        raise RuntimeError(f"the benchmark failed in {root}:\n{done.stderr}")
    return json.loads(done.stdout.splitlines()[-1])


def _summary(times: list[float]) -> dict:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"mean": 1000 * sum(times) / len(times), "p95": 1000 * p95, "max": 1000 * ordered[-1]}


def main(rounds: int = 20, turns: int = 3, against: Path | None = None, verbose: bool = True) -> dict:
    trees = [("this", ROOT)] + ([("against", against)] if against else [])
    best: dict = {}
    for _ in range(turns):
        for label, root in trees:
            for name, got in _run_worker(root, rounds).items():
                for line in ("draft", "afresh"):
                    key = (label, name, line)
                    best[key] = got[line] if key not in best else [min(a, b) for a, b in zip(best[key], got[line])]
    results = {f"{label} {name} {line}": _summary(times) for (label, name, line), times in best.items()}
    if verbose:
        _report(results, [label for label, _ in trees])
    return results


def _report(results: dict, labels: list[str]) -> None:
    print(f"{'':42} {'mean ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for key, s in results.items():
        print(f"{key:42} {s['mean']:>8.3f} {s['p95']:>8.3f} {s['max']:>8.3f}")
    for name in GAMES:
        for label in labels:
            kept, afresh = results[f"{label} {name} draft"], results[f"{label} {name} afresh"]
            print(f"{label} {name}: a value typed {kept['mean']:.3f} ms, {kept['mean'] / afresh['mean']:.2f}x "
                  f"a view worked out afresh ({afresh['mean']:.3f} ms)")
        if len(labels) > 1:
            ours, theirs = results[f"this {name} draft"], results[f"against {name} draft"]
            print(f"{name}: this checkout's draft {ours['mean'] / theirs['mean']:.2f}x the other's per value "
                  f"(p95 {ours['p95'] / theirs['p95']:.2f}x)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="passes over each deal per process (best of them)")
    parser.add_argument("--turns", type=int, default=3, help="processes per checkout, taking turns")
    parser.add_argument("--against", type=Path, help="another checkout, timed in the same run")
    args = parser.parse_args()
    main(args.rounds, args.turns, args.against)
