"""Shared fixtures for every test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_settings(tmp_path_factory, monkeypatch):
    """No test reads or writes the user's real settings: SCOREKEEPER_CONFIG points to a fresh tmp file."""
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path_factory.mktemp("config") / "settings.toml"))


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
