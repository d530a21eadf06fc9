"""The user's folders are where platformdirs puts them, found without importing it on Linux."""

import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from scorekeeper import userdirs
from scorekeeper.userdirs import user_path

KINDS = ("config", "data", "state", "cache")


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG rule is the Unix one")
@pytest.mark.parametrize("base", [None, "/srv/xdg"])
def test_on_unix_each_folder_is_platformdirs_one(monkeypatch, tmp_path, base):
    """An absolute XDG variable names the base folder; without one, the folder in the home."""
    monkeypatch.setenv("HOME", str(tmp_path))
    for kind in KINDS:
        variable = f"XDG_{kind.upper()}_HOME"
        if base is None:
            monkeypatch.delenv(variable, raising=False)
        else:
            monkeypatch.setenv(variable, base)
        assert user_path(kind) == str(getattr(platformdirs, f"user_{kind}_path")("scorekeeper", appauthor=False))
    assert user_path("state") == f"{base or tmp_path / '.local' / 'state'}/scorekeeper"


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG rule is the Unix one")
@pytest.mark.parametrize("base", ["relative/xdg", "", "  "])
def test_a_relative_or_empty_xdg_variable_is_not_used(monkeypatch, tmp_path, base):
    """As the XDG specification says (and platformdirs since 4.x; 4.0 took a relative one as given)."""
    monkeypatch.setenv("HOME", str(tmp_path))
    for kind, default in (("config", ".config"), ("data", ".local/share"), ("state", ".local/state"), ("cache", ".cache")):
        monkeypatch.setenv(f"XDG_{kind.upper()}_HOME", base)
        assert user_path(kind) == str(tmp_path / default / "scorekeeper")


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_elsewhere_platformdirs_is_asked(monkeypatch, tmp_path, platform):
    monkeypatch.setattr(userdirs.sys, "platform", platform)
    monkeypatch.setattr(platformdirs, "user_data_path", lambda name, appauthor=None: tmp_path / f"data-{name}-{appauthor}")
    assert user_path("data") == str(tmp_path / "data-scorekeeper-False")
    monkeypatch.setattr(platformdirs, "user_cache_path", lambda name, appauthor=None: tmp_path / f"cache-{name}-{appauthor}")
    assert user_path("cache") == str(tmp_path / "cache-scorekeeper-False")


def test_android_is_left_to_platformdirs(monkeypatch, tmp_path):
    monkeypatch.setenv("ANDROID_DATA", "/data")
    monkeypatch.setattr(platformdirs, "user_config_path", lambda name, appauthor=None: tmp_path / "android")
    assert user_path("config") == str(tmp_path / "android")


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="platformdirs is imported there")
def test_reading_the_settings_does_not_import_platformdirs(tmp_path):
    """The settings file is looked for at every start of the command line."""
    script = ("import os, sys\nos.environ.pop('SCOREKEEPER_CONFIG', None)\n"
              "from scorekeeper.settings import load_settings\nload_settings()\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('platformdirs', 'tempfile')))")
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "[]\n"


@pytest.mark.skipif(sys.platform == "win32", reason="Windows paths are written by pathlib itself")
@pytest.mark.parametrize("given", ["", ".", "./", "a", "a/", "./a//b/./c/", "/", "//", "///", "//srv/x/", "////a/./b",
                                   "a/../b", "..", "../x.toml", "rulesets/./lupaus.toml", " a /b ", "~", "~/x//y",
                                   "a/~/b", "./~/x"])
def test_a_path_is_written_as_pathlib_writes_it(given, monkeypatch, tmp_path):
    """What is shown or compared of a path given as text is the same as before, without pathlib."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert userdirs.path_text(given) == str(Path(given))
    assert userdirs.path_text(given, expand=True) == str(Path(given).expanduser())
    assert userdirs.path_text(Path(given)) == str(Path(given))  # a Path given is taken too
