"""``rules check`` of a very large ruleset: does its cost grow with the checks, and no faster?

Makes Lupaus with ``--checks`` extra checks (default 5,000, about 4.6 MB): each has a
condition, a rule and a long message with three {formula} parts, translated into Finnish
and Polish with the same parts. Checks it (what ``scorekeeper rules check`` does, in this
process) and, as the reference in the same run, the shipped lupaus.toml. Reports the
file size, the best of ``--repeats`` wall times of each, and the cost per extra check
against the reference's whole check (a check that grows linearly costs about the same at
any size). ``--profile`` adds a cProfile of one large check (top 15 by own time).

Run:  python bench/bench_ruleset_size.py [--checks 5000] [--repeats 3] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rules.ruleset import check_file  # noqa: E402

PARTS = "{name(dealer)} bid {of(dealer, bid)} of {cards}"


def large_ruleset(checks: int) -> str:
    """lupaus.toml with ``checks`` more checks, each translated into Finnish and Polish."""
    text = (ROOT / "rulesets" / "lupaus.toml").read_text(encoding="utf-8")
    head, marker, tail = text.partition("[[checks]]")
    extra = "".join(
        f'[[checks]]\nid = "c{i}"\nwhen = "not simultaneous"\nrule = "sum(tricks) <= cards + {i}"\n'
        f'field = "tricks"\nmessage = "check {i}: {PARTS} {"y" * 600}"\n\n' for i in range(checks))
    text = head + extra + marker + tail
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


def main(checks: int = 5000, repeats: int = 3, profile: bool = False, verbose: bool = True) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "large.toml"
        path.write_text(large_ruleset(checks), encoding="utf-8")
        reference, ref_problems = best_time(ROOT / "rulesets" / "lupaus.toml", repeats)
        large, problems = best_time(path, repeats)
        result = {"checks": checks, "bytes": path.stat().st_size, "reference_s": reference, "large_s": large,
                  "per_check_ratio": (large - reference) / checks / reference, "problems": problems + ref_problems}
        if verbose:
            print(f"{checks} checks, {result['bytes'] / 1e6:.1f} MB: rules check {large:.2f} s; "
                  f"lupaus.toml {reference * 1000:.1f} ms; one more check costs "
                  f"{result['per_check_ratio']:.3f} x the whole of lupaus.toml; problems {result['problems']}")
        if profile:
            profiler = cProfile.Profile()
            profiler.runcall(check_file, path)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    sys.exit(1 if main(args.checks, args.repeats, args.profile)["problems"] else 0)
