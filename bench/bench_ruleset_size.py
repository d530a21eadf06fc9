"""``rules check`` of a very large ruleset: does its cost grow with the checks, and no faster?

Makes Lupaus with ``--checks`` extra checks (default 2,000, about 0.8 MB: a ruleset file is
read up to 1 MB): each has a condition, a rule and a message with three {formula} parts,
translated into Finnish and Polish with the same parts; and ``--derived`` extra derived
values (default 3,000), each parsed and type-checked like any formula. Checks it (what ``scorekeeper rules check`` does, in this
process) and, as the reference in the same run, the shipped lupaus.toml. Reports the
file size, the best of ``--repeats`` wall times of each, and the cost per extra check
against the reference's whole check (a check that grows linearly costs about the same at
any size). ``--profile`` adds a cProfile of one large check (top 15 by own time).

``--scale 1000,2000,4000,8000`` measures instead what derived values cost per 1,000, as the
commands a user runs do: each size's ``rules check`` of the file and ``replay`` of a sheet
naming it (examples/lupaus.toml's deals), each in a fresh process (the best wall time of
``--repeats``, and the process's peak memory, its maximum resident set), against the same two
commands on a copy of lupaus.toml as the reference (a user's file too, not the shipped module;
the best time of a replay is that with the file's module already made and kept). Growing linearly, the cost per 1,000
stays the same at every size; the square would double it with each doubling.

Run:  python bench/bench_ruleset_size.py [--checks 2000] [--derived 3000] [--repeats 3] [--profile]
      python bench/bench_ruleset_size.py --scale 1000,2000,4000,8000 [--repeats 3] [--tree DIR]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rules.ruleset import check_file  # noqa: E402

PARTS = "{name(dealer)} bid {of(dealer, bid)} of {cards}"


def large_ruleset(checks: int, derived: int = 0) -> str:
    """lupaus.toml with ``checks`` more checks, each translated into Finnish and Polish, and
    ``derived`` more derived values."""
    text = (ROOT / "rulesets" / "lupaus.toml").read_text(encoding="utf-8")
    head, marker, tail = text.partition("[[checks]]")
    extra = "".join(
        f'[[checks]]\nid = "c{i}"\nwhen = "not simultaneous"\nrule = "sum(tricks) <= cards + {i}"\n'
        f'field = "tricks"\nmessage = "check {i}: {PARTS} {"y" * 60}"\n\n' for i in range(checks))
    values = "".join(f'[derived.d{i}]\nvalue = "bid * 0 + {i}"\nlabel = "D{i}"\n\n' for i in range(derived))
    text = head + extra + values + marker + tail
    for lang in ("fi", "pl"):
        table = f"[translations.{lang}]\n"
        lines = "".join(f'checks.c{i}.message = "{lang} {i}: {PARTS}"\n' for i in range(checks))
        text = text.replace(table, table + lines, 1)
    return text


def best_time(path: Path, repeats: int) -> tuple[float, int]:
    best, problems = float("inf"), 0
    for _ in range(repeats):
        started = time.perf_counter()
        problems = len(check_file(path))
        best = min(best, time.perf_counter() - started)
    return best, problems


def main(checks: int = 2000, derived: int = 3000, repeats: int = 3, profile: bool = False,
         verbose: bool = True) -> dict:
    """Times rules check of lupaus.toml (the reference), of Lupaus with ``checks`` more checks
    and of Lupaus with ``derived`` more derived values, each the best of ``repeats``."""
    result = {"checks": checks, "derived": derived, "problems": 0}
    reference, result["problems"] = best_time(ROOT / "rulesets" / "lupaus.toml", repeats)
    result["reference_s"] = reference
    with tempfile.TemporaryDirectory() as folder:
        for kind, count, text in (("checks", checks, large_ruleset(checks)),
                                  ("derived", derived, large_ruleset(0, derived))):
            if not count:
                continue
            path = Path(folder) / f"large-{kind}.toml"
            path.write_text(text, encoding="utf-8")
            took, problems = best_time(path, repeats)
            result["problems"] += problems
            ratio = (took - reference) / count / reference
            result.update({f"{kind}_bytes": path.stat().st_size, f"{kind}_s": took, f"per_{kind}_ratio": ratio})
            if verbose:
                print(f"{count} more {kind}, {path.stat().st_size / 1e6:.2f} MB: rules check {took:.2f} s; "
                      f"lupaus.toml {reference * 1000:.1f} ms; each one more costs {ratio:.4f} x the whole of "
                      f"lupaus.toml; problems {problems}")
            if profile:
                profiler = cProfile.Profile()
                profiler.runcall(check_file, path)
                pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return result


# Runs one command line in a fresh process and prints its peak memory (maximum resident set, KB).
_MEASURED = ("import resource, sys\n"
             "from scorekeeper.cli import main\n"
             "code = main(sys.argv[1:])\n"
             "sys.stdout.flush()\n"
             "print('peak', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, code, file=sys.stderr)\n")


def _command(argv: list[str], repeats: int, cache: str, tree: Path = ROOT) -> tuple[float, int]:
    """(best wall time in s, peak memory in KB) of ``scorekeeper ARGV`` in fresh processes, run
    from the checkout ``tree`` (its generated modules written: an install or a test run does it)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # a user's shell writes it
    env.update(PYTHONPATH=str(tree), SCOREKEEPER_CACHE=cache)
    best, peak = float("inf"), 0
    for _ in range(repeats):
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", _MEASURED, *argv], env=env, capture_output=True, text=True,
                              timeout=1800, cwd=tree)  # (python -c reads its working folder's modules first)
        best = min(best, time.perf_counter() - started)
        line = [ln for ln in done.stderr.splitlines() if ln.startswith("peak ")]
        if not line or line[-1].split()[2] != "0":
            raise SystemExit(f"scorekeeper {' '.join(argv)} failed: {done.stderr[-2000:]}")
        peak = max(peak, int(line[-1].split()[1]))
    return best, peak


def scale(counts: list[int], repeats: int = 3, verbose: bool = True, tree: Path = ROOT) -> list[dict]:
    """rules check and replay of Lupaus with each of ``counts`` more derived values, each in a
    fresh process, against lupaus.toml's in the same run: time and peak memory per 1,000
    (``tree``: the checkout whose commands are run, e.g. an older commit's)."""
    sheet = (ROOT / "examples" / "lupaus.toml").read_text(encoding="utf-8")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        cache = str(Path(folder) / "cache")  # (a user file's module is made once, kept)
        reference = {}
        ruleset = Path(folder) / "lupaus.toml"  # a user's file, as the large ones are (not the shipped module)
        ruleset.write_text(large_ruleset(0, 0), encoding="utf-8")
        for command in ("check", "replay"):
            path = Path(folder) / "reference.toml"
            path.write_text(sheet.replace('ruleset = "lupaus"', f'ruleset = "{ruleset}"', 1), encoding="utf-8")
            argv = ["rules", "check", str(ruleset)] if command == "check" else ["replay", str(path)]
            reference[command] = _command(argv, repeats, cache, tree)
        if verbose:
            print(f"lupaus.toml (a copy): rules check {reference['check'][0]:.2f} s, {reference['check'][1] / 1024:.0f} MB; "
                  f"replay {reference['replay'][0]:.2f} s, {reference['replay'][1] / 1024:.0f} MB")
        for count in counts:
            ruleset = Path(folder) / f"derived-{count}.toml"
            ruleset.write_text(large_ruleset(0, count), encoding="utf-8")
            path = Path(folder) / f"sheet-{count}.toml"
            path.write_text(sheet.replace('ruleset = "lupaus"', f'ruleset = "{ruleset}"', 1), encoding="utf-8")
            row = {"derived": count, "bytes": ruleset.stat().st_size}
            for command, argv in (("check", ["rules", "check", str(ruleset)]), ("replay", ["replay", str(path)])):
                took, peak = _command(argv, repeats, cache, tree)
                ref_time, ref_peak = reference[command]
                row[command] = {"s": took, "kb": peak, "s_per_1000": (took - ref_time) * 1000 / count,
                                "mb_per_1000": (peak - ref_peak) / 1024 * 1000 / count,
                                "x_reference_per_1000": (took - ref_time) * 1000 / count / ref_time}
            rows.append(row)
            if verbose:
                print(f"{count} derived values ({row['bytes'] / 1e6:.2f} MB): " + "; ".join(
                    f"{c} {row[c]['s']:.2f} s, {row[c]['kb'] / 1024:.0f} MB, per 1,000 {row[c]['s_per_1000']:.2f} s "
                    f"({row[c]['x_reference_per_1000']:.1f}x its reference) and {row[c]['mb_per_1000']:.1f} MB"
                    for c in ("check", "replay")))
    return rows


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=2000)
    parser.add_argument("--derived", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--scale", help="comma-separated numbers of derived values: cost per 1,000 (see above)")
    parser.add_argument("--tree", type=Path, default=ROOT, help="with --scale: run this checkout's commands")
    args = parser.parse_args()
    if args.scale:
        scale([int(n) for n in args.scale.split(",")], args.repeats, tree=args.tree)
        sys.exit(0)
    sys.exit(1 if main(args.checks, args.derived, args.repeats, args.profile)["problems"] else 0)
