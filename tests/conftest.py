"""Shared fixtures for every test."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import os
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# The helpers' own asserts explain themselves as the tests' do.
pytest.register_assert_rewrite("helpers")


class _FormerName(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """The TUI helpers were ``tests/test_tui_support.py``; they are ``helpers.tui`` now. A test
    file that still imports the old name gets the same module (drop this once none does)."""

    OLD, NEW = "test_tui_support", "helpers.tui"

    def find_spec(self, name, path=None, target=None):
        return importlib.util.spec_from_loader(name, self) if name == self.OLD else None

    def create_module(self, spec):
        return importlib.import_module(self.NEW)

    def exec_module(self, module):
        pass


sys.meta_path.append(_FormerName())

# A fault of Game.record's short way (game/fastpath.py) raises under the tests, in this process
# and the ones it starts, instead of going the long way in silence.
os.environ["SCOREKEEPER_STRICT_FAST_PATH"] = "1"

# The fuzzer's profiles (tests/test_fuzz.py): a few seconds in the normal run; a long run with
# `pytest tests/test_fuzz.py --hypothesis-profile=long`. The deadline bounds each case's time: the
# 20 s a command may take (issue 11), generous since the machines running the suite are shared.
settings.register_profile("fast", max_examples=10, deadline=timedelta(seconds=20), derandomize=True,
                          database=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.register_profile("long", max_examples=600, deadline=timedelta(seconds=20), database=None,
                          suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.load_profile("fast")  # --hypothesis-profile=NAME loads another after this


def _quick_pilot_waits(step: float = 0.002) -> None:
    """Pilot waits for the app to settle (``pilot.pause()``, and twice after each key of
    ``pilot.press``) by sleeping in steps of 20 ms until one passes in which the process used
    almost no CPU time. The app of a test has settled within a few milliseconds, so on an idle
    machine most of a Pilot test was spent asleep. Steps of ``step`` find the same idle app
    sooner: the test does the same work in about half the time. (Textual 7 and 8 keep the step
    in ``textual._wait``; the apps the kill tests start as drivers keep Textual's own.)"""
    try:
        from textual import _wait
    except ImportError:  # the tests that need Textual skip and say so
        return
    _wait.SLEEP_GRANULARITY = step
    _wait.SLEEP_IDLE = step / 20  # idle: under a twentieth of the step on the CPU, as Textual has it


_quick_pilot_waits()


def pytest_configure(config):
    """The tests run the checkout as it is built: the modules the build generates from the package's
    sources (hatch_build.py, into scorekeeper/_shipped/) are written first, as an install does, so
    that a source changed since the last install is what the tests see (once, not in each worker)."""
    if hasattr(config, "workerinput"):
        return
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("hatch_build", root / "hatch_build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.write_all(str(root))


# The longest tests (real processes killed again and again, the app in a pseudo-terminal,
# fresh installs): they start first, so that under pytest-xdist (worksteal) no core waits at
# the end of the run while one of them finishes alone. Otherwise the order is the files' and
# the tests' own.
LONG_FIRST = ("test_tui_kill.py", "test_tui_terminal.py", "test_packaging.py", "test_store_kill.py")


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        name = item.path.name
        return LONG_FIRST.index(name) if name in LONG_FIRST else len(LONG_FIRST)

    items.sort(key=rank)  # stable: the order within each group is kept


@pytest.fixture(autouse=True)
def _private_reports(tmp_path_factory, monkeypatch):
    """No test writes an internal-error report among the user's files: SCOREKEEPER_REPORTS
    points to a fresh tmp folder (scorekeeper.crash)."""
    monkeypatch.setenv("SCOREKEEPER_REPORTS", str(tmp_path_factory.mktemp("reports")))


@pytest.fixture(autouse=True)
def _private_settings(tmp_path_factory, monkeypatch):
    """No test reads or writes the user's real settings: SCOREKEEPER_CONFIG points to a fresh tmp file."""
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path_factory.mktemp("config") / "settings.toml"))


@pytest.fixture(scope="session")
def _cache_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def _private_cache(_cache_folder, monkeypatch):
    """No test reads or writes the user's cache folder: SCOREKEEPER_CACHE points to one tmp
    folder for the whole run (shared by the tests and the commands they start, as the user's is)."""
    monkeypatch.setenv("SCOREKEEPER_CACHE", str(_cache_folder))


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder of the test's own (SCOREKEEPER_CACHE), to look at what is kept in it."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("SCOREKEEPER_CACHE", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Tests read English unless they choose another language: SCOREKEEPER_LANG=en for the
    test process and any command it starts, and the current language put back after each test."""
    from scorekeeper.i18n import get_language, set_language

    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    before = get_language()
    set_language("en")
    yield
    set_language(before)


@pytest.fixture
def clock():
    """The store's clock of this test: 19:31 UTC on 9 May 2026 at the first reading, a minute later at each."""
    from helpers.stores import Clock

    return Clock()


@pytest.fixture
def store_with(tmp_path, clock):
    """``store_with(*scripts, name="g.db")``: a store file in tmp_path holding the scripted
    games (helpers.stores.Script), written on this test's clock; a StoreFile."""
    from helpers.stores import store_with as build

    def make(*scripts, name: str = "g.db"):
        return build(tmp_path / name, *scripts, clock=clock)

    return make


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Work in an empty folder (tmp_path) so that messages show short relative paths."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
