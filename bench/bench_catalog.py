"""The cost of the first text a command shows: ``catalog("en")`` and the first ``t()``.

Each run is a fresh interpreter that imports ``scorekeeper.i18n`` (not timed), then times
``t("cli.seat_name", number=1)`` (check-bid's first text), which loads the English catalog,
with ``time.perf_counter`` and ``time.process_time``. Runs are interleaved with the other
checkout's (``--against DIR``), bytecode cached in a temporary PYTHONPYCACHEPREFIX and each tree's
own cache folder (SCOREKEEPER_CACHE) warmed by a first run that is not timed, so that each tree
is timed at its best: a start after the first. With ``--first`` each run has an empty cache
folder of its own instead: a player's first start (after an install or an edit).

Run:  python bench/bench_catalog.py [--runs 30] [--lang en] [--first] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_CHILD = """
import sys, time
import scorekeeper.i18n as i18n
i18n.set_language(sys.argv[1])
wall, cpu = time.perf_counter(), time.process_time()
text = i18n.t("cli.seat_name", number=1)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(wall, cpu, repr(text))
"""


def _env(root: Path, scratch: str, cache: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(scratch, "pyc")
    env["SCOREKEEPER_CACHE"] = cache
    return env


def _once(root: Path, scratch: str, lang: str, first: bool = False) -> tuple[float, float, str]:
    cache = tempfile.mkdtemp(dir=scratch) if first else os.path.join(scratch, "cache")
    result = subprocess.run([sys.executable, "-c", _CHILD, lang], cwd=root, env=_env(root, scratch, cache),
                            capture_output=True, text=True, check=True)
    wall, cpu, text = result.stdout.split(" ", 2)
    return float(wall), float(cpu), text.strip()


def main(runs: int = 30, lang: str = "en", against: Path | None = None,
         first: bool = False) -> dict[str, tuple[float, float]]:
    trees = {"this": ROOT} if against is None else {"this": ROOT, "against": against.resolve()}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as scratch:
        folders = {name: os.path.join(scratch, name) for name in trees}
        for folder in folders.values():
            os.makedirs(folder)
        shown = {name: _once(root, folders[name], lang)[2] for name, root in trees.items()}  # warm, not timed
        if len(set(shown.values())) != 1:
            raise SystemExit(f"the trees show different texts: {shown}")
        for _ in range(runs):
            for name, root in trees.items():
                wall, cpu, _text = _once(root, folders[name], lang, first)
                times[name].append((wall, cpu))
    medians = {name: (statistics.median(w for w, _ in found), statistics.median(c for _, c in found))
               for name, found in times.items()}
    for name, (wall, cpu) in medians.items():
        print(f"{name:8} {trees[name]}: catalog({lang!r}) + first t(){' (empty cache)' if first else ''}: "
              f"wall {wall * 1e3:.2f} ms, CPU {cpu * 1e3:.2f} ms (median of {runs})")
    return medians


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--against", type=Path)
    parser.add_argument("--first", action="store_true", help="an empty cache folder for each run")
    options = parser.parse_args()
    main(options.runs, options.lang, options.against, options.first)
