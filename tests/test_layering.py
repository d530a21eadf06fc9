"""The layers import downward only: rules, game, store and the CLI never load Textual.

Checked in fresh interpreters, since this test process may have imported Textual
for other tests already.
"""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

HEADLESS = ["scorekeeper.rules", "scorekeeper.game", "scorekeeper.game.game", "scorekeeper.game.sheet",
            "scorekeeper.reports.export", "scorekeeper.store.db", "scorekeeper.settings",
            "scorekeeper.cli", "scorekeeper.cli.common", "scorekeeper.cli.rules", "scorekeeper.cli.games",
            "scorekeeper.cli.history", "scorekeeper.store.watch", "scorekeeper.web.board", "scorekeeper.web.page",
            "scorekeeper.web.server", "scorekeeper.cli.board", "scorekeeper.play", "scorekeeper.play.actions",
            "scorekeeper.play.board", "scorekeeper.play.charts", "scorekeeper.play.draft", "scorekeeper.play.layout",
            "scorekeeper.play.panel", "scorekeeper.play.phases", "scorekeeper.play.plain", "scorekeeper.play.steps",
            "scorekeeper.play.summary", "scorekeeper.play.views", "scorekeeper.play.words"]
PLAY = [name for name in HEADLESS if name.startswith("scorekeeper.play")]


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_headless_modules_do_not_import_textual():
    script = (
        "import importlib, sys\n"
        f"for name in {HEADLESS!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print(len(loaded), loaded[:5])\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=_env(),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "0 []\n"


def test_the_headless_table_imports_neither_textual_nor_rich():
    """play/ gives values to every front end: drawing them (rich text, cell widths) is theirs."""
    script = (
        "import importlib, sys\n"
        f"for name in {PLAY!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(len(loaded), loaded[:5])\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=_env(),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "0 []\n"


def test_textual_is_importable_in_the_same_interpreter():
    """The check above means something only if textual could have been imported at all."""
    result = subprocess.run([sys.executable, "-c", "import textual; print('ok')"], cwd=REPO, env=_env(),
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (0, "ok\n"), result.stderr


def test_rules_list_command_does_not_import_textual():
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "scorekeeper", "rules", "list"],
                            cwd=REPO, env=_env(), capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "lupaus: Lupaus" in result.stdout
    imported = [line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()
                if line.startswith("import time:") and "|" in line]
    assert "scorekeeper.cli" in imported  # the import-time report was really read
    assert [m for m in imported if m == "textual" or m.startswith("textual.")] == []
