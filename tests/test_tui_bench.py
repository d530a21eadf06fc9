"""bench/bench_tui.py still runs, on a tiny size (no assertion here is about time)."""

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_tui.py"


def load():
    spec = importlib.util.spec_from_file_location("bench_tui_under_test", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_bench_tui_runs_and_the_edit_reaches_the_totals():
    bench = load()
    result = bench.main(runs=1, deals=30, repeats=2, verbose=False)
    frame, edit = result["frame"], result["edit"]
    assert frame["runs"] == 1 and frame["minimal_median_s"] > 0 and frame["scorekeeper_median_s"] > 0
    assert edit["deals"] == 30
    assert edit["total_ms"] >= edit["store_edit_ms"] > 0
    assert edit["engine_ms"] > 0
