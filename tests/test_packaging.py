"""Install the project into fresh virtual environments and find the built-in rulesets.

These tests build the package the way a fresh machine would (normal build
isolation, so pip fetches hatchling and the dependencies from PyPI); they need
network access and take a while.  Deselect them with ``-m "not slow"``.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
COUNT_SCRIPT = "from scorekeeper.rules.paths import list_builtin_ruleset_files as f; print(len(f()))"
DIR_SCRIPT = "from scorekeeper.rules.paths import builtin_rulesets_dir as d; print(d())"
INSTALL_TIMEOUT = 1200  # seconds; includes downloading the dependencies
RUN_TIMEOUT = 120


def _repo_ruleset_count() -> int:
    count = len(list((REPO / "rulesets").glob("*.toml")))
    if count == 0:
        pytest.skip("rulesets/ in the repository holds no *.toml files yet; nothing to check")
    return count


def _clean_env() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"):
        env.pop(name, None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(args, *, cwd, timeout):
    result = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, (
        f"command failed ({result.returncode}): {' '.join(map(str, args))}\n"
        f"--- stdout ---\n{result.stdout}\n--- stderr ---\n{result.stderr}"
    )
    return result.stdout


def _install(tmp_path: Path, *pip_args: str) -> tuple[Path, Path, Path]:
    """Copy the repo, make a fresh venv, pip-install the copy; return (python, venv, copy)."""
    source = tmp_path / "src" / "scorekeeper"
    shutil.copytree(
        REPO,
        source,
        ignore=shutil.ignore_patterns(".git", ".venv", "venv", "__pycache__", ".pytest_cache", "build", "dist"),
    )
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp_path, timeout=RUN_TIMEOUT)
    python = venv / "bin" / "python"
    _run([python, "-m", "pip", "install", *pip_args, source], cwd=tmp_path, timeout=INSTALL_TIMEOUT)
    return python, venv, source


def _elsewhere(tmp_path: Path) -> Path:
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    return cwd


def test_wheel_install_ships_rulesets(tmp_path):
    expected = _repo_ruleset_count()
    python, venv, source = _install(tmp_path)
    cwd = _elsewhere(tmp_path)

    assert int(_run([python, "-c", COUNT_SCRIPT], cwd=cwd, timeout=RUN_TIMEOUT)) == expected

    found = Path(_run([python, "-c", DIR_SCRIPT], cwd=cwd, timeout=RUN_TIMEOUT).strip())
    assert found.name == "_rulesets"
    assert found.is_relative_to(venv.resolve()), found  # the installed copy, not the source tree
    shutil.rmtree(source)  # the installed package must not need the sources
    assert int(_run([python, "-c", COUNT_SCRIPT], cwd=cwd, timeout=RUN_TIMEOUT)) == expected
    # the language catalogs (scorekeeper/i18n/<lang>.toml and <lang>/*.toml) ship too
    listed = _run([venv / "bin" / "scorekeeper", "--lang", "pl", "rules", "list"], cwd=cwd, timeout=RUN_TIMEOUT)
    assert "Wist rumuński" in listed
    checked = _run([python, "-c", "from scorekeeper.i18n import catalog, check_catalogs; "
                    "print(check_catalogs({c: catalog(c) for c in ('en', 'fi', 'pl')}))"], cwd=cwd, timeout=RUN_TIMEOUT)
    assert checked.strip() == "[]"


def test_editable_install_finds_rulesets(tmp_path):
    expected = _repo_ruleset_count()
    python, venv, source = _install(tmp_path, "-e")
    cwd = _elsewhere(tmp_path)

    assert int(_run([python, "-c", COUNT_SCRIPT], cwd=cwd, timeout=RUN_TIMEOUT)) == expected

    found = Path(_run([python, "-c", DIR_SCRIPT], cwd=cwd, timeout=RUN_TIMEOUT).strip())
    assert found == (source / "rulesets").resolve()  # the live checkout folder, not a copy
    (source / "rulesets" / "zz-added-after-install.toml").write_text("", encoding="utf-8")
    assert int(_run([python, "-c", COUNT_SCRIPT], cwd=cwd, timeout=RUN_TIMEOUT)) == expected + 1
