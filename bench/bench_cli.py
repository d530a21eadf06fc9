"""Command-line start-up cost: ``scorekeeper check-bid`` and every headless command against a bare Python start.

Times ``scorekeeper check-bid lupaus --players 4 --deal 1 --bids 3 2 4`` and ``python -c pass``
interleaved (default 20 runs each), reports the median wall and CPU time of each and the
ratio cli/bare (goal <= 2x), then ``python -X importtime`` of the same command: the 10
imports with the largest cumulative time, to show what the CLI loads.

The command is started two ways, both timed: as the installed ``scorekeeper`` command runs it
(pip's wrapper of the entry point pyproject.toml names, ``import re``, ``import sys``, the
entry point's import and call; in a checkout that installed scorekeeper/__main__.py itself as
the script, that file; given to ``python -c`` so that it runs from a checkout), which is what
a player types, and as ``python -m scorekeeper`` (runpy's own start-up on top).
Each form is timed on the same question every run, and on a **new question each run**
(other players, deal and bids; for the other commands another ruleset, sheet, game or
format where the command takes one): the honest figure, since nothing may be answered from
an earlier run. Every timed run's output is checked: exit status 0, and the same output
from both forms for the same question.

Both are started with the same interpreter (``sys.executable``), the checkout on
PYTHONPATH and the checkout as working directory, so it runs without an install.
The ratio is measured with bytecode caching on (as after ``pip install``, which
writes .pyc files), the cache kept in a temporary PYTHONPYCACHEPREFIX so nothing is
written into the checkout. A further line times the CLI in the environment exactly as
inherited: with PYTHONDONTWRITEBYTECODE=1 and no __pycache__ in the checkout, every
scorekeeper module is compiled from source on every start.
If ``scorekeeper.cli`` is missing or the command fails, it says so and exits 1.

With ``--headless`` it then times every headless command the same way (interleaved with
``python -c pass``, median of ``--runs``): the ruleset commands, a sheet's replay and export,
and the reports over a store of the example games (imported first, not timed). **Goal:
each within 2.5x.** ``--against DIR`` times another checkout's commands (e.g. main) in the same
rounds, taking turns with this one's.

``--wrapper plain`` times the installed command with a wrapper that imports no ``re`` (as uv
writes it) instead of pip's.

``--installed VENV [VENV ...]`` times instead the ``scorekeeper`` command each of those venvs
installed (``VENV/bin/scorekeeper``, the wrapper its installer wrote, the package from its
site-packages and the bytecode compiled at install), every headless command against that
venv's own ``python -c pass``, all venvs in the same rounds (a new question each run and the
same one), from this checkout (its rulesets and sheets are the questions).

Run:  python bench/bench_cli.py [--runs 20] [--wait MINUTES] [--headless] [--against DIR] [--wrapper pip|plain]
      python bench/bench_cli.py --installed VENV [VENV ...] [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_RATIO = 2.0  # cli / bare python
HEADLESS_GOAL = 2.5  # every headless command / bare python
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
# The console-script wrapper of the entry point MODULE:FUNCTION an installer writes, for python -c:
# pip's (and so pipx's) imports re to take "-script.pyw" or ".exe" off sys.argv[0]; "plain" is one
# that does not (uv's takes them off with str.endswith; as the benchmark runs it, there is none).
WRAPPERS = {
    "pip": ("import re\nimport sys\nfrom {module} import {function}\nif __name__ == '__main__':\n"
            "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n    sys.exit({function}())"),
    "plain": "import sys\nfrom {module} import {function}\nif __name__ == '__main__':\n    sys.exit({function}())",
}
ENTRY_POINT = WRAPPERS["pip"]  # the one timed (--wrapper)
FORMS = ("script", "-m")  # the installed script's way, and python -m scorekeeper


_TREES: list[Path] = [ROOT]  # the trees timed (main sets them): a question names only files each has


def _files(folder: str) -> list[str]:
    return [f"{folder}/{p.name}" for p in sorted((ROOT / folder).glob("*.toml"))
            if all((tree / folder / p.name).is_file() for tree in _TREES)]


def SHEETS() -> list[str]:
    """The score sheets among the examples (a house-rule file is a ruleset: it names none)."""
    return [f for f in _files("examples") if any(line.startswith("ruleset =")
                                                 for line in (ROOT / f).read_text(encoding="utf-8").splitlines())]


def new_question(args: list[str], run: int) -> list[str]:
    """The command of ``args`` asking something else on run number ``run`` (the same thing for
    the same run, so that both forms and both trees are given it): check-bid other players,
    deal and bids; rules show and check another ruleset; replay and export another sheet (and
    format); show another game. rules list, history, stats and sessions take no question."""
    if args[0] == "check-bid":
        rng = random.Random(run)
        players = rng.randint(3, 6)
        bids = [str(rng.randint(0, 3)) for _ in range(players - 1)]
        return ["check-bid", "lupaus", "--players", str(players), "--deal", str(rng.randint(1, 4)), "--bids", *bids]
    if args[:2] == ["rules", "show"]:
        rulesets = [Path(f).stem for f in _files("rulesets")]
        return ["rules", "show", rulesets[run % len(rulesets)]]
    if args[:2] == ["rules", "check"]:
        rulesets = _files("rulesets")
        return ["rules", "check", rulesets[run % len(rulesets)]]
    if args[0] in ("replay", "export"):
        sheets = SHEETS()
        rest = args[2:]
        if args[0] == "export":
            rest = ["--format", ("csv", "json", "md", "toml")[run % 4]]
        return [args[0], sheets[run % len(sheets)], *rest]
    if args[0] == "show":
        return ["show", str(1 + run % len(SHEETS())), *args[2:]]
    return list(args)


class CLIUnavailable(RuntimeError):
    """scorekeeper.cli is not there yet, or the benchmarked command fails."""


_CACHE_DIR: str | None = None  # PYTHONPYCACHEPREFIX of the cached runs, set by main()


def _env(cached: bool = True, root: Path = ROOT) -> dict:
    """The child environment: the checkout on PYTHONPATH; with ``cached`` bytecode is
    written to and read from a temporary prefix (never into the checkout)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(root), env.get("PYTHONPATH", "")) if p)
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


def cli_command(python=None, args=CHECK_BID, form: str = "-m", root: Path = ROOT) -> list[str]:
    """The command line of ``args``: ``python -m scorekeeper ARGS``, or with ``form="script"``
    what the installed script of the checkout at ``root`` runs, given to ``python -c``."""
    if form == "script":
        return [python or sys.executable, "-c", installed_script(root), *args]
    return [python or sys.executable, "-m", "scorekeeper", *args]


def installed_script(root: Path = ROOT) -> str:
    """The text of the ``scorekeeper`` script a wheel of the checkout at ``root`` installs:
    scorekeeper/__main__.py where pyproject.toml ships it as the script, else pip's wrapper of
    its entry point (scorekeeper.cli:main where none is named)."""
    text = (root / "pyproject.toml").read_text(encoding="utf-8")
    if '"scorekeeper/__main__.py" = "scorekeeper"' in text:
        return (root / "scorekeeper" / "__main__.py").read_text(encoding="utf-8")
    import tomllib

    entry = tomllib.loads(text)["project"].get("scripts", {}).get("scorekeeper", "scorekeeper.cli:main")
    module, function = entry.split(":")
    return ENTRY_POINT.format(module=module, function=function)


def shown_command(args, form: str = "-m") -> str:
    return " ".join(["scorekeeper" if form == "script" else "python -m scorekeeper", *args])


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


CPU_TIMES: dict[str, list[float]] = {}  # timing key -> CPU seconds (user + system) of each timed run
WALL_TIMES: dict[str, list[float]] = {}  # timing key -> wall seconds of each timed run


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run_timed(cmd, key: str, cached: bool = True, root: Path = ROOT) -> str:
    """Run ``cmd`` once in ``root``; its wall time goes to WALL_TIMES[key], its CPU time (which a
    busy machine changes far less) to CPU_TIMES[key]. Returns its output; CLIUnavailable if it fails."""
    cpu0 = _children_cpu()
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=root, env=_env(cached, root), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          stdin=subprocess.DEVNULL)
    WALL_TIMES.setdefault(key, []).append(time.perf_counter() - t0)
    CPU_TIMES.setdefault(key, []).append(_children_cpu() - cpu0)
    if proc.returncode != 0:
        raise CLIUnavailable(f"{' '.join(cmd[1:])} failed with exit code {proc.returncode} during timing")
    return proc.stdout.decode("utf-8", "replace")


def _time_once(cmd, cached: bool = True) -> float:
    """The wall time of one run (its CPU time goes to CPU_TIMES under the command line)."""
    key = " ".join(cmd[1:]) + ("" if cached else " [inherited]")
    _run_timed(cmd, key, cached)
    return WALL_TIMES[key][-1]


def cpu_median(cmd, cached: bool = True) -> float:
    return statistics.median(CPU_TIMES[" ".join(cmd[1:]) + ("" if cached else " [inherited]")])


def import_times(top: int = 10, cached: bool = True) -> tuple[list[tuple[int, int, str]], int]:
    """``-X importtime`` of the command as the installed script runs it: (self us, cumulative
    us, module) of the ``top`` largest cumulative times, and the number of modules imported."""
    cmd = [sys.executable, "-X", "importtime", *cli_command(form="script")[1:]]
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


def _ask(args: list[str], run: int, new: bool, trees: list[Path], store: str | None = None) -> None:
    """One round of the command of ``args`` (a new question when ``new``): each form in each
    tree, timed under the key (tree, form, new). Each must print something, and both forms of
    one tree the same answer (another tree's wording may have changed since)."""
    asked = new_question(args, run) if new else list(args)
    for tree in trees:
        # each tree reads a store its own version wrote (an older one may not read a newer store)
        question = [_tree_store(store, tree, trees) if a == STORE else a for a in asked]
        first = None
        for form in FORMS:
            output = _run_timed(cli_command(args=question, form=form, root=tree), _key(args, tree, form, new), root=tree)
            if not output.strip():
                raise CLIUnavailable(f"{shown_command(question, form)} printed nothing ({tree})")
            if first is None:
                first = output
            elif output != first:
                raise CLIUnavailable(f"{shown_command(question, form)} ({tree}) printed something else than "
                                     f"{shown_command(question, FORMS[0])} in the same tree")


def _tree_store(store: str | None, tree: Path, trees: list[Path]) -> str | None:
    """The store of the example games that ``tree``'s own commands wrote."""
    if store is None or tree == trees[0]:
        return store
    return f"{store}.{trees.index(tree)}"


def _key(args, tree: Path, form: str, new: bool) -> str:
    return f"{tree}|{form}|{'new' if new else 'same'}|{' '.join(args)}"


def _rows(commands, trees: list[Path]) -> list[dict]:
    """A row of medians (wall and CPU, seconds) for each command, tree, form and question kind."""
    bare = statistics.median(WALL_TIMES["bare"])
    cpu_bare = statistics.median(CPU_TIMES["bare"])
    rows = []
    for args in commands:
        for tree in trees:
            for new in (False, True):
                for form in FORMS:
                    key = _key(args, tree, form, new)
                    if key in WALL_TIMES:
                        rows.append({"command": " ".join(args), "tree": str(tree), "form": form, "new": new,
                                     "wall": statistics.median(WALL_TIMES[key]), "cpu": statistics.median(CPU_TIMES[key]),
                                     "bare": bare, "cpu_bare": cpu_bare})
    return rows


def headless(runs: int, store: str, trees: list[Path] | None = None) -> list[dict]:
    """Each HEADLESS command, in each of ``trees`` (this checkout by default), both forms, the same
    question and a new one each run, interleaved with bare starts: a row of medians each."""
    trees = trees or [ROOT]
    for tree in trees:
        for args in (["import", path, "--db", _tree_store(store, tree, trees)] for path in SHEETS()):
            subprocess.run(cli_command(args=args, root=tree), cwd=tree, env=_env(), capture_output=True,
                           stdin=subprocess.DEVNULL)
    for args in HEADLESS:  # one warm-up each (the bytecode and the parsed TOML of each tree), not counted
        for run in range(len(SHEETS())):
            _ask(args, run, True, trees, store)
    for key in [k for k in WALL_TIMES if "|" in k]:
        del WALL_TIMES[key], CPU_TIMES[key]
    for run in range(runs):
        for args in HEADLESS:
            for new in (False, True):
                _run_timed(bare_command(), "bare")
                _ask(args, run + 1, new, trees, store)
    return _rows(HEADLESS, trees)


def _installed_env(cache: str) -> dict:
    """The environment of an installed command: nothing of a checkout on PYTHONPATH, bytecode
    read (and written) where the install put it, the user cache in ``cache``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE", "PYTHONPROFILEIMPORTTIME")}
    env["SCOREKEEPER_CACHE"] = cache
    return env


def installed(venvs: list[Path], runs: int, verbose: bool = True) -> list[dict]:
    """Every HEADLESS command as ``VENV/bin/scorekeeper`` of each venv runs it, against
    ``VENV/bin/python -c pass``, interleaved over the venvs: a row of medians each (the tree is
    the venv). Raises CLIUnavailable when a command fails or venvs answer the same question
    differently (but over a store, whose games each venv imported at its own time)."""
    WALL_TIMES.clear()
    CPU_TIMES.clear()
    with tempfile.TemporaryDirectory(prefix="bench-cli-installed-") as tmp:
        env = _installed_env(os.path.join(tmp, "cache"))

        def run(venv: Path, args: list[str], key: str) -> str:
            cpu0, t0 = _children_cpu(), time.perf_counter()
            proc = subprocess.run([str(venv / "bin" / "scorekeeper"), *args] if args else
                                  [str(venv / "bin" / "python"), "-c", "pass"], cwd=ROOT, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
            WALL_TIMES.setdefault(key, []).append(time.perf_counter() - t0)
            CPU_TIMES.setdefault(key, []).append(_children_cpu() - cpu0)
            if proc.returncode != 0:
                raise CLIUnavailable(f"{venv}/bin/scorekeeper {' '.join(args)} failed with exit code {proc.returncode}")
            return proc.stdout.decode("utf-8", "replace")

        def ask(args: list[str], number: int, new: bool) -> None:
            answers = {}
            for venv in venvs:
                question = [os.path.join(tmp, f"{venvs.index(venv)}.db") if a == STORE else a
                            for a in (new_question(args, number) if new else args)]
                run(venv, [], f"{venv}|bare")
                answers[venv] = run(venv, question, _key(args, venv, "script", new))
            if STORE not in args and len(set(answers.values())) != 1:  # (a store's games: imported at other times)
                raise CLIUnavailable(f"the venvs answer {' '.join(args)} (run {number}) differently")

        for venv in venvs:  # the store of the example games
            for sheet in SHEETS():
                run(venv, ["import", sheet, "--db", os.path.join(tmp, f"{venvs.index(venv)}.db")], "warm-up")
        for args in HEADLESS:  # (the bytecode was compiled at install: one warm-up of each command)
            ask(args, 0, False)
        WALL_TIMES.clear()
        CPU_TIMES.clear()
        for number in range(runs):
            if verbose:
                print(f"run {number + 1} of {runs}", file=sys.stderr)
            for args in HEADLESS:
                for new in (False, True):
                    ask(args, number + 1, new)
    return [{"command": " ".join(args), "tree": str(venv), "form": "script", "new": new,
             "wall": statistics.median(WALL_TIMES[_key(args, venv, "script", new)]),
             "cpu": statistics.median(CPU_TIMES[_key(args, venv, "script", new)]),
             "bare": statistics.median(WALL_TIMES[f"{venv}|bare"]),
             "cpu_bare": statistics.median(CPU_TIMES[f"{venv}|bare"])}
            for args in HEADLESS for venv in venvs for new in (False, True)]


def main(runs: int = 20, top: int = 10, wait_minutes: float = 0, verbose: bool = True,
         all_headless: bool = False, against: Path | None = None) -> dict:
    """Run the benchmark; raises CLIUnavailable when there is no working CLI to time."""
    global _CACHE_DIR
    log = print if verbose else (lambda *a, **k: None)
    trial = check_available(wait_minutes, log=log)
    trees = [ROOT] + ([Path(against).resolve()] if against else [])
    _TREES[:] = trees
    WALL_TIMES.clear()
    CPU_TIMES.clear()
    with tempfile.TemporaryDirectory(prefix="bench-cli-pycache-") as cache_dir:
        _CACHE_DIR = cache_dir
        try:
            # warm-up (fills the bytecode cache and the file cache), not counted
            _run_timed(bare_command(), "warm-up")
            for run in range(5):
                _ask(CHECK_BID, run, True, trees)
            _time_once(cli_command(), cached=False)
            WALL_TIMES.clear()
            CPU_TIMES.clear()
            cold = []
            for run in range(runs):  # interleaved, so drift in machine load hits all alike
                for new in (False, True):
                    _run_timed(bare_command(), "bare")
                    _ask(CHECK_BID, run + 1, new, trees)
                cold.append(_time_once(cli_command(), cached=False))
            check_bid = _rows([CHECK_BID], trees)
            imports, n_modules = import_times(top)
            cold_imports, _ = import_times(top, cached=False)
            WALL_TIMES.pop("bare")
            CPU_TIMES.pop("bare")
            others = headless(runs, os.path.join(cache_dir, "examples.db"), trees) if all_headless else []
        finally:
            _CACHE_DIR = None
    ours = {(row["form"], row["new"]): row for row in check_bid if row["tree"] == str(ROOT)}
    script, module = ours[("script", True)], ours[("-m", False)]
    bare = script["bare"]
    result = {
        "runs": runs,
        "bare_median_s": bare,
        "cli_median_s": script["wall"],
        "module_median_s": module["wall"],
        "cold_median_s": statistics.median(cold),
        "ratio": script["wall"] / bare,
        "module_ratio": module["wall"] / bare,
        "cpu_bare_s": script["cpu_bare"],
        "cpu_cli_s": script["cpu"],
        "cpu_ratio": script["cpu"] / script["cpu_bare"] if script["cpu_bare"] else float("inf"),
        "cold_ratio": statistics.median(cold) / bare,
        "cold_label": inherited_label(),
        "check_bid": check_bid,
        "imports": imports,
        "cold_imports": cold_imports,
        "modules": n_modules,
        "output": trial.stdout,
        "headless": others,
    }
    if verbose:
        print_report(result)
    return result


def _table(rows: list[dict], goal: float) -> None:
    """Rows of medians: command, tree, form, question; wall and CPU time and their ratios to bare python."""
    trees = sorted({row["tree"] for row in rows}, key=lambda t: t != str(ROOT))
    width = max(len(row["command"]) for row in rows)
    tree_w = max(len(t) for t in trees)
    print(f"{'command':<{width}}  {'tree':<{tree_w}}  {'form':<6} {'question':<8} {'wall':>10} {'ratio':>6} "
          f"{'CPU':>9} {'ratio':>6}")
    for row in rows:
        ratio, cpu_ratio = row["wall"] / row["bare"], row["cpu"] / row["cpu_bare"]
        mark = "" if ratio <= goal else "  > goal"
        print(f"{row['command']:<{width}}  {row['tree']:<{tree_w}}  {row['form']:<6} "
              f"{'new' if row['new'] else 'same':<8} {row['wall'] * 1e3:>7.1f} ms {ratio:>5.1f}x "
              f"{row['cpu'] * 1e3:>6.1f} ms {cpu_ratio:>5.1f}x{mark}")


def print_report(r: dict) -> None:
    print(f"CLI start-up benchmark: {r['runs']} interleaved runs each, medians (goal cli/bare <= {GOAL_RATIO:g}x, "
          f"bytecode cached); python -c pass: {r['bare_median_s'] * 1e3:.1f} ms wall, "
          f"{r['cpu_bare_s'] * 1e3:.1f} ms CPU")
    _table(r["check_bid"], GOAL_RATIO)
    verdict = "meets" if r["ratio"] <= GOAL_RATIO else "MISSES"
    print(f"{shown_command(CHECK_BID[:2], 'script')} ..., a new question each run: {r['ratio']:.2f}x wall, "
          f"{r['cpu_ratio']:.2f}x CPU ({verdict} the {GOAL_RATIO:g}x goal); python -m with the same question "
          f"{r['module_ratio']:.2f}x; {r['cold_ratio']:.2f}x in the {r['cold_label']} (python -m)")
    for title, imports in (("bytecode cached", r["imports"]), (r["cold_label"], r["cold_imports"])):
        print(f"\npython -X importtime of {shown_command(CHECK_BID, 'script')} [{title}]: "
              f"top {len(imports)} by cumulative time ({r['modules']} modules imported)")
        print(f"{'cumulative ms':>13} {'self ms':>8}  module")
        for self_us, cum_us, name in imports:
            print(f"{cum_us / 1e3:>13.1f} {self_us / 1e3:>8.1f}  {name}")
    if r["headless"]:
        print(f"\nEvery headless command (bytecode cached), median of {r['runs']} runs against python -c pass "
              f"in the same rounds (goal <= {HEADLESS_GOAL:g}x; script: as the installed command runs):")
        _table(r["headless"], HEADLESS_GOAL)
        honest = [row for row in r["headless"] if row["new"] and row["form"] == "script" and row["tree"] == str(ROOT)]
        worst = max(row["wall"] / row["bare"] for row in honest)
        worst_cpu = max(row["cpu"] / row["cpu_bare"] for row in honest)
        print(f"slowest, as the installed command runs with a new question: {worst:.1f}x wall, {worst_cpu:.1f}x CPU "
              f"({'meets' if worst <= HEADLESS_GOAL else 'MISSES'} the {HEADLESS_GOAL:g}x goal)")


def cli(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=20, help="runs of each command (default 20)")
    p.add_argument("--top", type=int, default=10, help="imports to list (default 10)")
    p.add_argument("--wait", type=float, default=0, metavar="MINUTES",
                   help="wait up to this long for scorekeeper/cli/ to appear (default 0)")
    p.add_argument("--headless", action="store_true", help="then time every headless command too")
    p.add_argument("--against", metavar="DIR", type=Path,
                   help="time another checkout's commands too (e.g. main), taking turns with this one's")
    p.add_argument("--wrapper", choices=sorted(WRAPPERS), default="pip",
                   help="the installed command's wrapper: pip's (imports re, the default) or one importing no re")
    p.add_argument("--installed", metavar="VENV", type=Path, nargs="+",
                   help="time the scorekeeper command each venv installed instead (every headless command)")
    args = p.parse_args(argv)
    if args.installed:
        try:
            rows = installed([venv.resolve() for venv in args.installed], args.runs)
        except CLIUnavailable as exc:
            print(f"bench_cli: cannot benchmark the installed commands: {exc}", file=sys.stderr)
            return 1
        print(f"Every headless command as each venv installed it, median of {args.runs} runs against that "
              f"venv's python -c pass in the same rounds (goal <= {HEADLESS_GOAL:g}x; check-bid <= {GOAL_RATIO:g}x):")
        _table(rows, HEADLESS_GOAL)
        return 0
    global ENTRY_POINT
    ENTRY_POINT = WRAPPERS[args.wrapper]
    try:
        main(args.runs, args.top, args.wait, all_headless=args.headless, against=args.against)
    except CLIUnavailable as exc:
        print(f"bench_cli: cannot benchmark the command line: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(cli())
