"""Command-line start-up cost: one ``scorekeeper check-bid`` call against a bare Python start.

Runs ``python -m scorekeeper check-bid lupaus --players 4 --deal 1 --bids 3 2 4`` and
``python -c pass`` interleaved (default 20 runs each), reports the median wall time of
each and the ratio cli/bare (goal <= 2x), then ``python -X importtime`` of the same
command: the 10 imports with the largest cumulative time, to show what the CLI loads.

Both are started with the same interpreter (``sys.executable``), the checkout on
PYTHONPATH and the checkout as working directory, so it runs without an install.
The ratio is measured with bytecode caching on (as after ``pip install``, which
writes .pyc files), the cache kept in a temporary PYTHONPYCACHEPREFIX so nothing is
written into the checkout. A third line times the CLI in the environment exactly as
inherited: with PYTHONDONTWRITEBYTECODE=1 and no __pycache__ in the checkout, every
scorekeeper module is compiled from source on every start.
If ``scorekeeper.cli`` is missing or the command fails, it says so and exits 1.

With ``--headless`` it then times every headless command the same way (interleaved with
``python -c pass``, median of ``--runs``): the ruleset commands, a sheet's replay and export,
and the reports over a store of the example games (imported first, not timed). **Goal:
each within 3x.**

Run:  python bench/bench_cli.py [--runs 20] [--wait MINUTES] [--headless]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_RATIO = 2.0  # cli / bare python
HEADLESS_GOAL = 3.0  # every headless command / bare python
CHECK_BID = ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]
SHEET = "examples/wizard.toml"
# The headless commands (STORE: the store of the example games, made before timing).
STORE = "{store}"
HEADLESS = [
    ["rules", "list"],
    ["rules", "show", "lupaus"],
    ["rules", "check", "rulesets/lupaus.toml"],
    CHECK_BID,
    ["replay", SHEET],
    ["export", SHEET, "--format", "csv"],
    ["history", "--db", STORE],
    ["show", "1", "--db", STORE],
    ["stats", "--db", STORE],
    ["sessions", "--db", STORE],
]


class CLIUnavailable(RuntimeError):
    """scorekeeper.cli is not there yet, or the benchmarked command fails."""


_CACHE_DIR: str | None = None  # PYTHONPYCACHEPREFIX of the cached runs, set by main()


def _env(cached: bool = True) -> dict:
    """The child environment: the checkout on PYTHONPATH; with ``cached`` bytecode is
    written to and read from a temporary prefix (never into the checkout)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    if cached and _CACHE_DIR:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = _CACHE_DIR
        env["SCOREKEEPER_CACHE"] = os.path.join(_CACHE_DIR, "scorekeeper")  # its cache, kept as the bytecode is
    return env


def inherited_label() -> str:
    """How the inherited environment treats bytecode, for the report."""
    if os.environ.get("PYTHONPYCACHEPREFIX"):
        return "inherited env (its PYTHONPYCACHEPREFIX)"
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        has = (ROOT / "scorekeeper" / "__pycache__").is_dir()
        return "inherited env (PYTHONDONTWRITEBYTECODE=1, " + ("__pycache__ present)" if has else "no .pyc)")
    return "inherited env"


def cli_command(python=None, args=CHECK_BID) -> list[str]:
    return [python or sys.executable, "-m", "scorekeeper", *args]


def bare_command(python=None) -> list[str]:
    return [python or sys.executable, "-c", "pass"]


def check_available(wait_minutes: float = 0, poll_seconds: float = 60, log=print) -> subprocess.CompletedProcess:
    """Wait (up to ``wait_minutes``) for scorekeeper/cli/ (or cli.py), then run the command once.

    Returns the completed trial run; raises CLIUnavailable with a readable reason.
    """
    cli_file = ROOT / "scorekeeper" / "cli" / "__init__.py"  # a package since the split of cli.py
    if not cli_file.exists() and (ROOT / "scorekeeper" / "cli.py").exists():
        cli_file = ROOT / "scorekeeper" / "cli.py"
    deadline = time.monotonic() + wait_minutes * 60
    while not cli_file.exists():
        if time.monotonic() >= deadline:
            raise CLIUnavailable(f"{cli_file.relative_to(ROOT)} does not exist (yet): "
                                 "there is no scorekeeper command line to benchmark")
        log(f"waiting for {cli_file.relative_to(ROOT)} ... (polling every {poll_seconds:g} s)")
        time.sleep(min(poll_seconds, max(0.0, deadline - time.monotonic())) or 0.1)
    proc = subprocess.run(cli_command(), cwd=ROOT, env=_env(), capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        shown = " ".join(["python", "-m", "scorekeeper", *CHECK_BID])
        detail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
        raise CLIUnavailable(f"'{shown}' failed with exit code {proc.returncode}:\n  " + "\n  ".join(detail))
    return proc


CPU_TIMES: dict[str, list[float]] = {}  # command line -> CPU seconds (user + system) of each timed run


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _time_once(cmd, cached: bool = True) -> float:
    """The wall time of one run; its CPU time (which a busy machine changes far less) goes to CPU_TIMES."""
    cpu0 = _children_cpu()
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=_env(cached), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          stdin=subprocess.DEVNULL)
    elapsed = time.perf_counter() - t0
    CPU_TIMES.setdefault(" ".join(cmd[1:]) + ("" if cached else " [inherited]"), []).append(_children_cpu() - cpu0)
    if proc.returncode != 0:
        raise CLIUnavailable(f"{' '.join(cmd[1:])} failed with exit code {proc.returncode} during timing")
    return elapsed


def cpu_median(cmd, cached: bool = True) -> float:
    return statistics.median(CPU_TIMES[" ".join(cmd[1:]) + ("" if cached else " [inherited]")])


def import_times(top: int = 10, cached: bool = True) -> tuple[list[tuple[int, int, str]], int]:
    """``-X importtime`` of the command: (self us, cumulative us, module) of the ``top`` largest
    cumulative times, and the number of modules imported."""
    cmd = [sys.executable, "-X", "importtime", *cli_command()[1:]]
    proc = subprocess.run(cmd, cwd=ROOT, env=_env(cached), capture_output=True, text=True, stdin=subprocess.DEVNULL)
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        try:
            self_us, cum_us, name = line[len("import time:"):].split("|", 2)
            rows.append((int(self_us), int(cum_us), name.rstrip()))
        except ValueError:
            continue
    rows.sort(key=lambda r: -r[1])
    return rows[:top], len(rows)


def headless(runs: int, store: str) -> list[tuple[str, float, float]]:
    """(command, median s, median bare s) of each HEADLESS command, interleaved with bare starts."""
    commands = [[store if a == STORE else a for a in args] for args in HEADLESS]
    for args in (["import", path, "--db", store] for path in sorted((ROOT / "examples").glob("*.toml"))):
        subprocess.run(cli_command(args=args), cwd=ROOT, env=_env(), capture_output=True, stdin=subprocess.DEVNULL)
    for args in commands:  # one warm-up each
        _time_once(cli_command(args=args))
    times: list[list[float]] = [[] for _ in commands]
    bare: list[float] = []
    for _ in range(runs):
        for i, args in enumerate(commands):
            bare.append(_time_once(bare_command()))
            times[i].append(_time_once(cli_command(args=args)))
    med_bare = statistics.median(bare)
    cpu_bare = cpu_median(bare_command())
    return [(" ".join(HEADLESS[i]), statistics.median(t), med_bare, cpu_median(cli_command(args=args)), cpu_bare)
            for i, (t, args) in enumerate(zip(times, commands))]


def main(runs: int = 20, top: int = 10, wait_minutes: float = 0, verbose: bool = True,
         all_headless: bool = False) -> dict:
    """Run the benchmark; raises CLIUnavailable when there is no working CLI to time."""
    global _CACHE_DIR
    log = print if verbose else (lambda *a, **k: None)
    trial = check_available(wait_minutes, log=log)
    with tempfile.TemporaryDirectory(prefix="bench-cli-pycache-") as cache_dir:
        _CACHE_DIR = cache_dir
        try:
            # one warm-up each (fills the bytecode cache and the file cache), not counted
            _time_once(bare_command())
            _time_once(cli_command())
            _time_once(cli_command(), cached=False)
            bare, cli, cold = [], [], []
            for _ in range(runs):  # interleaved, so drift in machine load hits all alike
                bare.append(_time_once(bare_command()))
                cli.append(_time_once(cli_command()))
                cold.append(_time_once(cli_command(), cached=False))
            imports, n_modules = import_times(top)
            cold_imports, _ = import_times(top, cached=False)
            others = headless(runs, os.path.join(cache_dir, "examples.db")) if all_headless else []
        finally:
            _CACHE_DIR = None
    med_bare, med_cli, med_cold = (statistics.median(x) for x in (bare, cli, cold))
    cpu_bare, cpu_cli = cpu_median(bare_command()), cpu_median(cli_command())
    result = {
        "runs": runs,
        "bare_median_s": med_bare,
        "cli_median_s": med_cli,
        "cold_median_s": med_cold,
        "bare_min_s": min(bare),
        "cli_min_s": min(cli),
        "cold_min_s": min(cold),
        "ratio": med_cli / med_bare,
        "cpu_bare_s": cpu_bare,
        "cpu_cli_s": cpu_cli,
        "cpu_ratio": cpu_cli / cpu_bare if cpu_bare else float("inf"),
        "cold_ratio": med_cold / med_bare,
        "cold_label": inherited_label(),
        "imports": imports,
        "cold_imports": cold_imports,
        "modules": n_modules,
        "output": trial.stdout,
        "headless": others,
    }
    if verbose:
        print_report(result)
    return result


def print_report(r: dict) -> None:
    print(f"CLI start-up benchmark: {r['runs']} interleaved runs each, median wall time "
          f"(goal cli/bare <= {GOAL_RATIO:g}x, bytecode cached)")
    shown = "python -m scorekeeper " + " ".join(CHECK_BID)
    rows = [
        ("python -c pass", "bytecode cached", r["bare_median_s"], r["bare_min_s"], 1.0),
        (shown, "bytecode cached", r["cli_median_s"], r["cli_min_s"], r["ratio"]),
        (shown, r["cold_label"], r["cold_median_s"], r["cold_min_s"], r["cold_ratio"]),
    ]
    width = max(len(x[0]) for x in rows)
    mode_w = max(len(x[1]) for x in rows)
    print(f"{'command':<{width}}  {'bytecode':<{mode_w}} {'median ms':>10} {'min ms':>8} {'ratio':>7}")
    for cmd, mode, med, low, ratio in rows:
        print(f"{cmd:<{width}}  {mode:<{mode_w}} {med * 1e3:>10.1f} {low * 1e3:>8.1f} {ratio:>6.1f}x")
    verdict = "meets" if r["ratio"] <= GOAL_RATIO else "MISSES"
    print(f"cli/bare = {r['ratio']:.2f}x with bytecode cached ({verdict} the {GOAL_RATIO:g}x goal); "
          f"{r['cold_ratio']:.2f}x in the {r['cold_label']}")
    print(f"CPU time (user + system, median): python -c pass {r['cpu_bare_s'] * 1e3:.1f} ms, the command "
          f"{r['cpu_cli_s'] * 1e3:.1f} ms: {r['cpu_ratio']:.2f}x (steadier than wall time on a busy machine)")
    for title, imports in (("bytecode cached", r["imports"]), (r["cold_label"], r["cold_imports"])):
        print(f"\npython -X importtime -m scorekeeper {' '.join(CHECK_BID)} [{title}]: "
              f"top {len(imports)} by cumulative time ({r['modules']} modules imported)")
        print(f"{'cumulative ms':>13} {'self ms':>8}  module")
        for self_us, cum_us, name in imports:
            print(f"{cum_us / 1e3:>13.1f} {self_us / 1e3:>8.1f}  {name}")
    if r["headless"]:
        print(f"\nEvery headless command (bytecode cached), median of {r['runs']} runs against python -c pass "
              f"in the same rounds (goal <= {HEADLESS_GOAL:g}x):")
        width = max(len(row[0]) for row in r["headless"])
        print(f"{'command':<{width}}  {'wall':>10}  {'ratio':>6}  {'CPU':>9}  {'ratio':>6}")
        for cmd, med, bare, cpu, cpu_bare in r["headless"]:
            print(f"{cmd:<{width}}  {med * 1e3:>7.1f} ms  {med / bare:>5.1f}x  {cpu * 1e3:>6.1f} ms  {cpu / cpu_bare:>5.1f}x")
        worst = max(row[1] / row[2] for row in r["headless"])
        print(f"slowest: {worst:.1f}x ({'meets' if worst <= HEADLESS_GOAL else 'MISSES'} the {HEADLESS_GOAL:g}x goal)")


def cli(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=20, help="runs of each command (default 20)")
    p.add_argument("--top", type=int, default=10, help="imports to list (default 10)")
    p.add_argument("--wait", type=float, default=0, metavar="MINUTES",
                   help="wait up to this long for scorekeeper/cli/ to appear (default 0)")
    p.add_argument("--headless", action="store_true", help="then time every headless command too")
    args = p.parse_args(argv)
    try:
        main(args.runs, args.top, args.wait, all_headless=args.headless)
    except CLIUnavailable as exc:
        print(f"bench_cli: cannot benchmark the command line: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(cli())
