"""The settings file: where it is, defaults, bad files (a warning, never a traceback), atomic saves."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.settings import Settings, load_settings, save_settings, settings_path


def test_the_tests_never_use_the_real_settings_file(tmp_path_factory):
    """conftest points SCOREKEEPER_CONFIG at a file under pytest's tmp folder; settings_path() follows it."""
    path = settings_path()
    assert path == os.environ["SCOREKEEPER_CONFIG"]
    assert Path(path).is_relative_to(tmp_path_factory.getbasetemp())


def test_without_scorekeeper_config_the_file_is_in_the_user_config_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("SCOREKEEPER_CONFIG")
    monkeypatch.setattr("scorekeeper.settings.user_path", lambda kind: str(tmp_path / f"{kind}-scorekeeper"))
    assert settings_path() == str(tmp_path / "config-scorekeeper" / "settings.toml")


def test_a_missing_file_gives_the_defaults_without_a_warning(tmp_path):
    settings = load_settings(tmp_path / "none.toml")
    assert settings == Settings(None, None)
    assert settings.warning is None


def test_saved_settings_are_read_back(tmp_path):
    path = tmp_path / "deep" / "folder" / "settings.toml"
    save_settings(Settings(theme="high-contrast", lang="fi"), path)
    assert path.read_text(encoding="utf-8") == 'theme = "high-contrast"\nlang = "fi"\n'
    assert load_settings(path) == Settings(theme="high-contrast", lang="fi")


def test_the_default_path_is_used_when_none_is_given():
    save_settings(Settings(lang="pl"))
    assert Path(settings_path()).read_text(encoding="utf-8") == 'lang = "pl"\n'
    assert load_settings() == Settings(lang="pl")


def test_saving_keeps_keys_it_does_not_know_and_drops_unset_ones(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('theme = "dark"\nfuture = 3\n', encoding="utf-8")
    save_settings(Settings(lang="en"), path)
    assert path.read_text(encoding="utf-8") == 'future = 3\nlang = "en"\n'


def test_a_file_that_is_not_toml_gives_the_defaults_a_warning_and_is_left_alone(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("theme = \n", encoding="utf-8")
    settings = load_settings(path)
    assert settings == Settings()
    assert settings.warning.startswith(f"{path}: not a valid settings file (")
    assert settings.warning.endswith("); the default settings are used")
    assert path.read_text(encoding="utf-8") == "theme = \n"


def test_a_binary_file_gives_the_defaults_and_a_warning(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b"\xff\xfe\x00theme")
    settings = load_settings(path)
    assert settings == Settings()
    assert settings.warning == f"{path}: not a text file; the default settings are used"


def test_a_folder_in_place_of_the_file_gives_the_defaults_and_a_warning(tmp_path):
    settings = load_settings(tmp_path)
    assert settings == Settings()
    assert settings.warning.startswith(f"{tmp_path}: cannot be read (")


@pytest.mark.parametrize("content, expected, problem", [
    ("theme = 3\nlang = 'fi'\n", Settings(lang="fi"), "theme must be one of dark, light, high-contrast, not 3"),
    ("theme = 'neon'\n", Settings(), "theme must be one of dark, light, high-contrast, not 'neon'"),
    ("theme = 'light'\nlang = ['fi']\n", Settings(theme="light"), "lang must be one of en, fi, pl, not ['fi']"),
])
def test_a_wrong_value_falls_back_to_its_default_with_a_warning(tmp_path, content, expected, problem):
    """Only the wrong key falls back; the warning names it and what it may be."""
    path = tmp_path / "settings.toml"
    path.write_text(content, encoding="utf-8")
    settings = load_settings(path)
    assert settings == expected
    assert settings.warning == f"{path}: {problem} (the default is used)"
    assert path.read_text(encoding="utf-8") == content


def test_a_broken_file_is_replaced_when_a_setting_is_saved(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("[[[ nonsense", encoding="utf-8")
    save_settings(Settings(theme="light"), path)
    assert load_settings(path) == Settings(theme="light")
    assert load_settings(path).warning is None


def test_saving_a_value_that_is_not_a_choice_is_refused(tmp_path):
    path = tmp_path / "settings.toml"
    with pytest.raises(ValueError, match="theme must be one of dark, light, high-contrast, not 'blue'"):
        save_settings(Settings(theme="blue"), path)
    assert not path.exists()


def test_a_failed_save_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.toml"
    save_settings(Settings(theme="dark"), path)

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="No space left"):
        save_settings(Settings(theme="light"), path)
    assert load_settings(path) == Settings(theme="dark")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]


def test_a_relative_scorekeeper_config_is_not_used_and_says_so(monkeypatch, tmp_path):
    """SCOREKEEPER_CONFIG=settings.toml would read other settings (and own rulesets) in every
    folder the program starts in: the user config folder's file is used, with a warning."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "settings.toml").write_text('theme = "light"\n', encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.toml").write_text('theme = "dark"\n', encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", "settings.toml")
    monkeypatch.setattr("scorekeeper.settings.user_path", lambda kind: str(home))
    settings = load_settings()
    assert settings_path() == str(home / "settings.toml")
    assert (settings.theme, settings.warning) == ("dark", (
        "$SCOREKEEPER_CONFIG is settings.toml, a relative path: it would name other settings in every folder "
        f"the program is started in; {home / 'settings.toml'} is used instead. Set it to a full path."))
    save_settings(Settings(theme="high-contrast"))
    assert (tmp_path / "settings.toml").read_text(encoding="utf-8") == 'theme = "light"\n'
    assert 'theme = "high-contrast"' in (home / "settings.toml").read_text(encoding="utf-8")
