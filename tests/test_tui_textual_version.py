"""The app's changes to Textual (tui/control.py, tui/timers.py) were written for the Textual
versions pyproject.toml allows: any other stops the app at its start, in one line."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytest.importorskip("textual")

from scorekeeper.tui import textual_version  # noqa: E402
from scorekeeper.tui.textual_version import TextualMismatch, check_version  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def test_the_versions_written_for_are_those_pyproject_allows():
    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    textual = [d for d in dependencies if d.startswith("textual")]
    assert textual == ["textual>=7,<9"] and textual_version.wanted() == ">=7.0,<9.0"


@pytest.mark.parametrize("found", ["7.0.0", "7.5.1", "8.2.8", "8.99.0"])
def test_a_version_written_for_passes(found):
    check_version(found)


@pytest.mark.parametrize("found", ["6.9.9", "9.0.0", "9.0.0a1", "10.1.0", "0.86.2"])
def test_another_version_stops(found):
    with pytest.raises(TextualMismatch) as caught:
        check_version(found)
    assert str(caught.value) == f"Textual {found} is installed, the app was written for Textual >=7.0,<9.0"


def test_the_installed_version_is_one_written_for():
    check_version()  # (the suite runs on the newest and the lowest versions allowed: .ci/run)


def test_a_changed_class_stops_the_guard(monkeypatch):
    """A Textual whose compositor no longer has what the guard replaces: TextualMismatch, not a
    guard that silently does nothing (or fails in a render)."""
    from textual._compositor import Compositor

    from scorekeeper.tui.control import guard_compositor

    monkeypatch.delattr(Compositor, "full_map")
    with pytest.raises(TextualMismatch) as caught:
        guard_compositor()
    assert str(caught.value).endswith(": textual._compositor.Compositor.full_map is not as expected")


_START = """
import importlib.metadata, sys
real = importlib.metadata.version
importlib.metadata.version = lambda name: "9.1.0" if name == "textual" else real(name)
from scorekeeper.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("args", [[], ["play", "lupaus"]], ids=["app", "play"])
def test_the_app_does_not_start_on_another_version(args, tmp_path):
    """One line on standard error and status 1, before any screen is drawn."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPROFILEIMPORTTIME"}
    env.update(PYTHONPATH=str(REPO), SCOREKEEPER_LANG="en", SCOREKEEPER_DB=str(tmp_path / "games.db"),
               SCOREKEEPER_CONFIG=str(tmp_path / "settings.toml"))
    result = subprocess.run([sys.executable, "-c", _START, *args], cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=60, stdin=subprocess.DEVNULL)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == ("scorekeeper: error: the terminal app cannot start: Textual 9.1.0 is installed, the app "
                             "was written for Textual >=7.0,<9.0. Install one of those: pip install 'textual>=7.0,<9.0'\n")
