"""The layers import downward only, and nothing imports itself back.

- The import-linter contracts in pyproject.toml ([tool.importlinter]): the layers, no loops
  between the siblings of any package, i18n and messages at the bottom. A broken contract
  fails with import-linter's own report (which import, on which line).
- No import loop between any two modules (strongly connected components of the module
  graph, imports inside functions included): this also sees a package and its own
  submodule importing each other, which the contracts do not.
- rules, game, store and the CLI never load Textual: checked in fresh interpreters, since
  this test process may have imported Textual for other tests already.
"""

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = REPO / "pyproject.toml"

def _contracts() -> dict[str, dict]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {contract["id"]: contract for contract in config["contracts"]}


def _contract_ids() -> list[str]:
    return list(_contracts())


def _lint_imports(ids: list[str], root: Path = REPO) -> subprocess.CompletedProcess:
    """``lint-imports`` on pyproject.toml for the contracts ``ids`` (no cache written), over the
    package found in ``root``."""
    run = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    contracts = [arg for contract_id in ids for arg in ("--contract", contract_id)]
    env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "160"}  # its report unwrapped
    return subprocess.run([sys.executable, "-c", run, "--no-cache", "--no-logo", *contracts, str(PYPROJECT)],
                          cwd=root, env=env, capture_output=True, text=True, encoding="utf-8", timeout=120)


def test_the_import_contracts_are_kept():
    """Every contract of pyproject.toml is kept."""
    ids = _contract_ids()
    assert "layers" in ids and "no-loops" in ids and "game-no-i18n" in ids  # the configuration was really read
    result = _lint_imports(ids)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(ids)} kept, 0 broken." in result.stdout


def test_an_upward_import_breaks_the_contracts(tmp_path):
    """The check above can fail: a copy of the package whose game layer imports play/ and i18n."""
    shutil.copytree(REPO / "scorekeeper", tmp_path / "scorekeeper",
                    ignore=shutil.ignore_patterns("__pycache__", "_rulesets"))
    engine = tmp_path / "scorekeeper" / "game" / "engine.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "\nfrom ..play import words  # upward\n"
                      "from ..i18n import t  # below the front ends\n", encoding="utf-8")
    result = _lint_imports(["layers", "game-no-i18n"], root=tmp_path)
    assert result.returncode == 1
    assert "Contracts: 0 kept, 2 broken." in result.stdout
    assert "scorekeeper.game.engine -> scorekeeper.play.words" in result.stdout
    assert "scorekeeper.game.engine -> scorekeeper.i18n" in result.stdout


def import_loops(graph) -> list[list[str]]:
    """The modules that import each other, directly or through others: each loop sorted."""
    loops = set()
    for module in graph.modules:
        loop = graph.find_upstream_modules(module) & graph.find_downstream_modules(module)
        if loop:
            loops.add(tuple(sorted(loop | {module})))
    return [list(loop) for loop in sorted(loops)]


def _loop_imports(graph, loop: list[str]) -> list[str]:
    return [f"  {d['importer']} -> {d['imported']} (l.{d['line_number']})"
            for importer in loop for imported in loop
            for d in graph.get_import_details(importer=importer, imported=imported)]


def test_no_module_imports_itself_back():
    """No two modules of the package import each other, directly or through others (but
    through the imports the "no-loops" contract lists as known loops, each to go)."""
    graph = grimp.build_graph("scorekeeper", cache_dir=None)
    assert "scorekeeper.i18n.catalogs" in graph.modules  # the package was really read
    for known in _contracts()["no-loops"].get("ignore_imports", []):
        importer, imported = (name.strip() for name in known.split("->"))
        graph.remove_import(importer=importer, imported=imported)
    loops = import_loops(graph)
    assert loops == [], "import loops:\n" + "\n\n".join("\n".join(_loop_imports(graph, loop)) for loop in loops)


def test_import_loops_finds_a_loop_through_a_third_module():
    """The check above can fail: a -> b -> c -> a is one loop, d (imported by a) is in none."""
    graph = grimp.ImportGraph()
    for importer, imported in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.a", "p.d")):
        graph.add_import(importer=importer, imported=imported)
    assert import_loops(graph) == [["p.a", "p.b", "p.c"]]


HEADLESS = ["scorekeeper.rules", "scorekeeper.game", "scorekeeper.game.game", "scorekeeper.game.sheet",
            "scorekeeper.reports.export", "scorekeeper.store.db", "scorekeeper.settings",
            "scorekeeper.cli", "scorekeeper.cli.common", "scorekeeper.cli.rules", "scorekeeper.cli.games",
            "scorekeeper.cli.history", "scorekeeper.store.watch", "scorekeeper.web.board", "scorekeeper.web.page",
            "scorekeeper.web.server", "scorekeeper.cli.board", "scorekeeper.reports.history",
            "scorekeeper.reports.sessions", "scorekeeper.reports.stats", "scorekeeper.reports.html",
            "scorekeeper.play", "scorekeeper.play.actions",
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
