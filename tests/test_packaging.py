"""Install the project into fresh virtual environments and find the built-in rulesets;
build the release files (sdist and wheel) and play a game with the installed wheel.

These tests build the package the way a fresh machine would (normal build
isolation, so pip fetches hatchling and the dependencies from PyPI); they need
network access and take a while.  Deselect them with ``-m "not slow"``.  Where the
package index cannot be reached, the tests of the wheel (built once for both) skip and
say so.
"""

import os
import shutil
import tarfile
import tomllib
import zipfile
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
COUNT_SCRIPT = "from scorekeeper.rules.paths import list_builtin_ruleset_files as f; print(len(f()))"
DIR_SCRIPT = "from scorekeeper.rules.paths import builtin_rulesets_dir as d; print(d())"
INSTALL_TIMEOUT = 1200  # seconds; includes downloading the dependencies
RUN_TIMEOUT = 120
# What a copy of the checkout leaves out: history, virtual environments (.venv, and
# .venv-lowest of the CI's second run), caches and earlier builds.
NOT_COPIED = shutil.ignore_patterns(".git", ".venv*", "venv", "__pycache__", ".pytest_cache", "build", "dist")


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
    shutil.copytree(REPO, source, ignore=NOT_COPIED)
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp_path, timeout=RUN_TIMEOUT)
    python = venv / "bin" / "python"
    _run([python, "-m", "pip", "install", *pip_args, source], cwd=tmp_path, timeout=INSTALL_TIMEOUT)
    return python, venv, source


def _elsewhere(tmp_path: Path) -> Path:
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    return cwd


def test_wheel_install_ships_rulesets(installed_wheel):
    """The wheel installed alone (its sources deleted) finds its own copy of the rulesets, and
    the language catalogs ship too (scorekeeper/i18n/<lang>.toml and <lang>/*.toml)."""
    expected = _repo_ruleset_count()
    python, venv, cwd = installed_wheel.python, installed_wheel.venv, installed_wheel.cwd

    assert int(_run([python, "-c", COUNT_SCRIPT], cwd=cwd, timeout=RUN_TIMEOUT)) == expected
    found = Path(_run([python, "-c", DIR_SCRIPT], cwd=cwd, timeout=RUN_TIMEOUT).strip())
    assert found.name == "_rulesets"
    assert found.is_relative_to(venv.resolve()), found  # the installed copy, not the source tree
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


@pytest.fixture(scope="module")
def package_index(tmp_path_factory):
    """Skip (with the reason) where pip cannot fetch from its package index."""
    dest = tmp_path_factory.mktemp("probe")
    probe = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--dest", str(dest), "hatchling"],
        env=_clean_env(), capture_output=True, text=True, timeout=RUN_TIMEOUT,
    )
    if probe.returncode != 0:
        last = (probe.stderr.strip().splitlines() or ["no output"])[-1]
        pytest.skip(f"the package index cannot be reached (pip download hatchling: {last}); "
                    "building and installing the release needs it")


@dataclass(frozen=True)
class Release:
    dist: Path  # the sdist and the wheel
    sdist: Path
    wheel: Path
    venv: Path  # a fresh venv with the wheel installed, the sources it was built from deleted
    python: Path
    cwd: Path  # an empty folder elsewhere to run it in


@pytest.fixture(scope="module")
def installed_wheel(tmp_path_factory, package_index):
    """`python -m build` on a copy of the checkout, and the wheel installed alone in a fresh
    venv; built once for the tests of this file (a build and an install are most of their time)."""
    version = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    tmp_path = tmp_path_factory.mktemp("release")
    source = tmp_path / "src"
    shutil.copytree(REPO, source, ignore=NOT_COPIED)
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--outdir", dist, source], cwd=tmp_path, timeout=INSTALL_TIMEOUT)
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp_path, timeout=RUN_TIMEOUT)
    wheel = dist / f"scorekeeper-{version}-py3-none-any.whl"
    _run([venv / "bin" / "python", "-m", "pip", "install", wheel], cwd=tmp_path, timeout=INSTALL_TIMEOUT)
    shutil.rmtree(source)  # the installed wheel must not need the sources
    return Release(dist, dist / f"scorekeeper-{version}.tar.gz", wheel, venv, venv / "bin" / "python",
                   _elsewhere(tmp_path))


def test_release_files_build_and_the_wheel_plays_a_game(installed_wheel):
    """`python -m build` makes an sdist and, from it, a wheel; the wheel installed alone in a
    fresh venv reports the project's version and replays the Lupaus sheet to its totals."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    version = pyproject["version"]
    dist, sdist, wheel = installed_wheel.dist, installed_wheel.sdist, installed_wheel.wheel
    assert sorted(p.name for p in dist.iterdir()) == sorted([sdist.name, wheel.name])

    with tarfile.open(sdist) as archive:
        names = set(archive.getnames())
    top = f"scorekeeper-{version}"
    for member in ("LICENSE", "CHANGELOG.md", "README.md", "docs/guide.md", "docs/img/fi/start.svg",
                   "rulesets/lupaus.toml", "examples/lupaus.toml"):
        assert f"{top}/{member}" in names, member
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"{top}.dist-info/METADATA").decode("utf-8")
    assert "scorekeeper/_rulesets/lupaus.toml" in names and f"{top}.dist-info/licenses/LICENSE" in names
    assert "License-Expression: MIT" in metadata
    assert f"Summary: {pyproject['description']}" in metadata
    # The command is an entry point (an installer makes it on every platform: a `scorekeeper.exe`
    # on Windows), scorekeeper.__main__.main, as `python -m scorekeeper` runs it; no shared script.
    entry_points = zipfile.ZipFile(wheel).read(f"{top}.dist-info/entry_points.txt").decode("utf-8")
    assert entry_points.split() == ["[console_scripts]", "scorekeeper", "=", "scorekeeper.__main__:main"]
    assert not any(".data/scripts/" in name for name in names)

    cwd = installed_wheel.cwd
    shutil.copy(REPO / "examples" / "lupaus.toml", cwd / "lupaus.toml")
    scorekeeper = installed_wheel.venv / "bin" / "scorekeeper"
    assert os.access(scorekeeper, os.X_OK)
    script = scorekeeper.read_text(encoding="utf-8").splitlines()
    assert script[0] == f"#!{installed_wheel.python}" and "from scorekeeper.__main__ import main" in script
    assert _run([scorekeeper, "--version"], cwd=cwd, timeout=RUN_TIMEOUT) == f"scorekeeper {version}\n"
    played = _run([scorekeeper, "replay", "lupaus.toml", "--plain"], cwd=cwd, timeout=RUN_TIMEOUT)
    assert played.splitlines()[-2:] == ["Totals: Cara 103 (1st), Ben 101 (2nd), Anna 65 (3rd).", "Winner: Cara."]
