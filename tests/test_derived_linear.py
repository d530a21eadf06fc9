"""A ruleset's cost grows linearly with its derived values (issue 29, item 1): the memory a
loaded ruleset holds, and the peak of ``rules check``, for 4 times the derived values is about
4 times as much, never the square (each compiled formula held a copy of the whole table of
names: 10,000 derived values took 2 GiB). Memory, not time, is measured: tracemalloc counts
the same on any machine."""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from bench_ruleset_size import large_ruleset  # noqa: E402

from scorekeeper.game.limits import check_ruleset  # noqa: E402
from scorekeeper.rules.ruleset import checked_file  # noqa: E402

SMALL, LARGE = 200, 800


def _chain(count: int) -> str:
    """Lupaus with ``count`` more derived values, each from the one before (a chain longer
    than the 100 allowed: refused, but read whole first)."""
    text = (ROOT / "rulesets" / "lupaus.toml").read_text(encoding="utf-8")
    head, marker, tail = text.partition("[[checks]]")
    values = '[derived.d0]\nvalue = "bid"\nlabel = "D0"\n\n' + "".join(
        f'[derived.d{i}]\nvalue = "d{i - 1} + 1"\nlabel = "D{i}"\n\n' for i in range(1, count))
    return head + values + marker + tail


def _held(path: Path) -> int:
    """Bytes the loaded ruleset holds (allocated by loading it, still alive while it is)."""
    tracemalloc.start()
    try:
        ruleset, problems = checked_file(path)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert ruleset is not None and not problems
    return held


def _peak(path: Path) -> int:
    tracemalloc.start()
    try:
        check_ruleset(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("derived")
    out = {}
    for kind, make in (("flat", lambda n: large_ruleset(0, n)), ("chain", _chain)):
        for count in (20, SMALL, LARGE):
            path = out[kind, count] = folder / f"{kind}-{count}.toml"
            path.write_text(make(count), encoding="utf-8")
    checked_file(out["flat", 20])  # (what a first load imports is not counted)
    return out


def test_a_loaded_ruleset_holds_memory_linear_in_its_derived_values(files):
    small, large = _held(files["flat", SMALL]), _held(files["flat", LARGE])
    assert large / small < 5.5, (small, large)  # 4 when linear; the square gave 13


def test_rules_check_peak_is_linear_in_derived_values_and_in_a_chain(files):
    for kind in ("flat", "chain"):
        small, large = _peak(files[kind, SMALL]), _peak(files[kind, LARGE])
        assert large / small < 5.5, (kind, small, large)
