"""``rules check`` of a very large ruleset: does its cost grow with the checks, and no faster?

Makes Lupaus with ``--checks`` extra checks (default 2,000, about 0.8 MB: a ruleset file is
read up to 1 MB): each has a condition, a rule and a message with three {formula} parts,
translated into Finnish and Polish with the same parts; and ``--derived`` extra derived
values (default 3,000), each parsed and type-checked like any formula. Checks it (what ``scorekeeper rules check`` does, in this
process) and, as the reference in the same run, the shipped lupaus.toml. Reports the
file size, the best of ``--repeats`` wall times of each, and the cost per extra check
against the reference's whole check (a check that grows linearly costs about the same at
any size). ``--profile`` adds a cProfile of one large check (top 15 by own time).

Run:  python bench/bench_ruleset_size.py [--checks 2000] [--derived 3000] [--repeats 3] [--profile]
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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=2000)
    parser.add_argument("--derived", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    sys.exit(1 if main(args.checks, args.derived, args.repeats, args.profile)["problems"] else 0)
