"""The app's changes to Textual (tui/control.py, tui/timers.py) and what tui/keys.py and
tui/widgets/redraw.py reach into were written for the Textual versions pyproject.toml allows:
any other, or one without what they use, stops the app at its start, in one line."""

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


def test_what_the_keys_and_the_redraw_reach_into_is_there():
    from scorekeeper.tui import keys
    from scorekeeper.tui.widgets import redraw

    keys.check_textual()
    redraw.check_textual()


@pytest.mark.parametrize("module, owner, name", [
    ("keys", "textual.widget.Widget", "_check_refresh"),
    ("keys", "textual._compositor.Compositor", "update_widgets"),
    ("keys", "textual.screen.Screen", "_compositor_refresh"),
    ("redraw", "textual.widget.Widget", "_clear_arrangement_cache"),
    ("redraw", "textual.messages", "Layout"),  # a module's name (it was an AttributeError: a module has no __module__)
])
def test_a_changed_internal_the_keys_or_the_redraw_use_stops_the_app(monkeypatch, module, owner, name):
    """tui/keys.py (a key drawn in one frame) and tui/widgets/redraw.py (a widget drawn again
    without a layout) reach into Textual's private methods: one that is gone stops the app at
    its start with TextualMismatch, naming it, not a failure in the middle of a game."""
    import importlib

    from scorekeeper.tui import keys
    from scorekeeper.tui.widgets import redraw

    where, cls_name = owner.rsplit(".", 1)
    monkeypatch.delattr(getattr(importlib.import_module(where), cls_name), name)
    with pytest.raises(TextualMismatch) as caught:
        {"keys": keys, "redraw": redraw}[module].check_textual()
    assert str(caught.value).endswith(f": {owner} (no {name}) is not as expected")


def test_a_private_attribute_no_longer_set_by_a_widget_stops_the_app(monkeypatch):
    """A widget's ``_repaint_required`` is set in ``Widget.__init__``: a Textual that no longer
    sets it (the keys read and clear it) stops the app too."""
    from textual.widget import Widget

    from scorekeeper.tui import keys

    init = Widget.__init__

    def other_init(self, *args, **kwargs):  # (an __init__ that sets none of Textual's attributes)
        init(self, *args, **kwargs)

    monkeypatch.setattr(Widget, "__init__", other_init)
    with pytest.raises(TextualMismatch) as caught:
        keys.check_textual()
    assert str(caught.value).endswith(": textual.widget.Widget (no _repaint_required, _layout_required) "
                                      "is not as expected")


def test_a_virtual_size_that_lays_nothing_out_stops_the_redraw(monkeypatch):
    from textual.geometry import Size
    from textual.reactive import Reactive
    from textual.widget import Widget

    from scorekeeper.tui.widgets import redraw

    monkeypatch.setattr(Widget, "virtual_size", Reactive(Size(0, 0), layout=False))
    with pytest.raises(TextualMismatch) as caught:
        redraw.check_textual()
    assert "textual.widget.Widget.virtual_size" in str(caught.value)
