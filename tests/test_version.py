"""``scorekeeper --version``: the version written once, in pyproject.toml."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.cli import main

REPO = Path(__file__).resolve().parents[1]
PYPROJECT_VERSION = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


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
