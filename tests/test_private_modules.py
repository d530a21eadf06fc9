"""The private CPython modules the package imports (docs/startup.md, "Private CPython modules"):
only those that save a start 2 ms or more, each behind a public fallback, and each fallback
works: the command run with the private module gone (as a later Python may rename it) prints
what it prints with it."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
STORE = "{store}"

# A private module, the public modules that still work without it (imported before it is made
# to go: each imports the private one itself, as a later Python would import its new name), and
# a command whose start imports it.
FALLBACKS = {
    "_blake2": (["hashlib"], ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]),
    "_csv": (["csv"], ["export", "examples/wizard.toml", "--format", "csv"]),
    "_json": ([], ["show", "1", "--db", STORE]),  # the store's JSON read (store/jsontext.py)
    "_json export": ([], ["export", "examples/lupaus.toml", "--format", "json"]),  # written (reports/jsonwrite.py)
    "_ast": (["ast"], ["check-bid", "{user file}", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]),
    # the lock formulas are parsed under (rules/formula_compiler.py syntax_lock)
    "_thread": (["threading"], ["check-bid", "{user file}", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]),
}

# Runs the command with ``private`` gone: every import of it fails as that of a missing module.
_GONE = """
import atexit, sys
private, first = sys.argv[1], sys.argv[2]
for name in filter(None, first.split(",")):
    __import__(name)
asked = []

class Gone:
    def find_spec(self, name, path=None, target=None):
        if name == private:
            asked.append(name)
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Gone())
sys.modules.pop(private, None)
atexit.register(lambda: print("imports of it tried:", len(asked), file=sys.stderr))
from scorekeeper.__main__ import main
sys.argv[1:] = sys.argv[3:]
sys.exit(main())
"""


def _private_imports() -> set[str]:
    """The private modules (``_name``) of other packages the package's modules import."""
    found = set()
    for path in (REPO / "scorekeeper").rglob("*.py"):
        if "_shipped" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            found.update(top for top in (name.split(".")[0] for name in names)
                         if top.startswith("_") and not top.startswith("__"))
    return found


def test_every_private_module_imported_has_a_tested_fallback():
    """A private module the package imports is in FALLBACKS (so its fallback is run below); those
    that saved a start under 2 ms (_collections_abc, _weakref) are no longer imported."""
    assert _private_imports() == {name.split()[0] for name in FALLBACKS}


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("store") / "games.db"
    env = _env(path.parent)
    subprocess.run([sys.executable, "-m", "scorekeeper", "import", "examples/lupaus.toml", "--db", str(path)],
                   cwd=REPO, env=env, check=True, capture_output=True, timeout=60)
    return path


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPROFILEIMPORTTIME", "SCOREKEEPER_DB")}
    env.update(PYTHONPATH=str(REPO), SCOREKEEPER_LANG="en", SCOREKEEPER_CACHE=str(tmp_path / "cache"),
               SCOREKEEPER_CONFIG=str(tmp_path / "settings.toml"), SCOREKEEPER_DATA=str(tmp_path / "data"),
               SCOREKEEPER_REPORTS=str(tmp_path / "reports"))
    return env


@pytest.mark.parametrize("case", sorted(FALLBACKS))
def test_the_command_prints_the_same_with_the_private_module_gone(case, store, tmp_path):
    private = case.split()[0]
    first, args = FALLBACKS[case]
    user_file = tmp_path / "house.toml"  # a user's ruleset file: made by its cached module (from the first run)
    lupaus = (REPO / "rulesets" / "lupaus.toml").read_text(encoding="utf-8")
    user_file.write_text(lupaus.replace('id = "lupaus"', 'id = "house"', 1), encoding="utf-8")
    args = [str(store) if a == STORE else str(user_file) if a == "{user file}" else a for a in args]
    usual = subprocess.run([sys.executable, "-m", "scorekeeper", *args], cwd=REPO, env=_env(tmp_path),
                           capture_output=True, text=True, timeout=60)
    gone = subprocess.run([sys.executable, "-c", _GONE, private, ",".join(first), *args], cwd=REPO,
                          env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert (usual.returncode, usual.stderr) == (0, "")
    assert usual.stdout.strip()
    tried = int(gone.stderr.rsplit("imports of it tried: ", 1)[-1])
    assert (gone.returncode, gone.stderr, gone.stdout) == (0, f"imports of it tried: {tried}\n", usual.stdout)
    assert tried >= 1  # (the fallback was taken)
