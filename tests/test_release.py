"""Ready for release: ``scorekeeper --version`` (the version written once, in
pyproject.toml) and the dependency ranges whose lower ends CI tests
(ci/constraints-lowest.txt)."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

import scorekeeper
from scorekeeper.cli import main

REPO = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
PYPROJECT_VERSION = PROJECT["version"]


@pytest.mark.parametrize("argv", [["--version"], ["--lang", "fi", "--version"], ["--version", "--lang", "pl"]])
def test_version_prints_the_project_version_and_stops(argv, capsys):
    """--version prints "scorekeeper" and pyproject.toml's version, in any language, exit 0."""
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.out == f"scorekeeper {PYPROJECT_VERSION}\n"
    assert captured.err == ""


def test_version_is_in_the_help_in_each_language(capsys):
    for lang, words in (("en", "show the version of scorekeeper and stop"),
                        ("fi", "näytä scorekeeperin versio ja lopeta"),
                        ("pl", "pokaż wersję scorekeepera i zakończ")):
        assert main(["--lang", lang, "--help"]) == 0
        assert words in " ".join(capsys.readouterr().out.split())


def test_dunder_version_is_the_installed_metadata():
    assert scorekeeper.__version__ == importlib.metadata.version("scorekeeper") == PYPROJECT_VERSION


def test_a_checkout_never_installed_reads_pyproject(monkeypatch):
    """Without installed metadata the version comes from the checkout's pyproject.toml."""

    def not_installed(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert scorekeeper.version() == PYPROJECT_VERSION


@pytest.mark.parametrize("text", [
    '[project]\nname = "another"\nversion = "9.9"\n',  # another project's file
    '[project\nname = "scorekeeper"\n',  # not TOML
    '[project]\nname = "scorekeeper"\n',  # no version
])
def test_a_pyproject_that_cannot_tell_gives_unknown(tmp_path, text):
    path = tmp_path / "pyproject.toml"
    path.write_text(text, encoding="utf-8")
    assert scorekeeper._checkout_version(path) == scorekeeper.UNKNOWN == "0+unknown"
    assert scorekeeper._checkout_version(tmp_path / "missing.toml") == "0+unknown"


def _pins() -> dict[str, Version]:
    lines = (REPO / "ci" / "constraints-lowest.txt").read_text(encoding="utf-8").splitlines()
    pins = {}
    for line in lines:
        if line.strip() and not line.startswith("#"):
            requirement = Requirement(line)
            (spec,) = requirement.specifier
            assert spec.operator == "==", line
            pins[canonicalize_name(requirement.name)] = Version(spec.version)
    return pins


def test_the_lowest_constraints_pin_each_declared_lower_bound():
    """ci/constraints-lowest.txt pins every dependency (and test dependency) at the lowest
    version pyproject.toml allows, so CI's second run tests the range's lower end."""
    declared = [Requirement(r) for r in PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"]]
    lowest = {}
    for requirement in declared:
        bounds = [Version(s.version) for s in requirement.specifier if s.operator == ">="]
        assert len(bounds) == 1, f"{requirement}: one lower bound (>=) is what CI can test"
        lowest[canonicalize_name(requirement.name)] = bounds[0]
    assert _pins() == lowest


def test_textual_is_held_below_the_next_major_version():
    (textual,) = [Requirement(r) for r in PROJECT["dependencies"] if r.startswith("textual")]
    assert str(textual.specifier) in ("<9,>=7", ">=7,<9")
    assert Version("8.2.8") in textual.specifier and Version("9.0.0") not in textual.specifier


def test_the_pythons_claimed_are_the_pythons_ci_runs_the_suite_on():
    """The classifiers name 3.11, 3.12 and 3.13 (requires-python the lowest of them), and .ci/run
    runs the whole suite on each of them."""
    claimed = [c.rsplit(" :: ", 1)[1] for c in PROJECT["classifiers"]
               if c.startswith("Programming Language :: Python :: 3.")]
    assert claimed == ["3.11", "3.12", "3.13"]
    assert PROJECT["requires-python"] == f">={claimed[0]}"
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert f"PYTHONS=({' '.join(claimed)})" in ci
