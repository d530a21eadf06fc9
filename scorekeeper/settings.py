"""The user's settings: a small TOML file (no Textual here).

The file is ``$SCOREKEEPER_CONFIG`` when that is set, else ``settings.toml`` in the
platform's user config folder (:func:`scorekeeper.userdirs.user_path`). It holds, for example::

    theme = "high-contrast"   # dark, light or high-contrast
    lang = "fi"               # en, fi or pl

:func:`load_settings` never raises: a missing file gives the defaults; a file that
cannot be read, is not TOML or holds a wrong value gives the defaults for what is wrong
and a one-line ``warning`` to show once. The file is not touched then: only
:func:`save_settings` (called when the user changes a setting) writes it, atomically
(a temporary file in the same folder, then ``os.replace``), keeping any keys it does
not know (e.g. from a newer scorekeeper).
"""

from __future__ import annotations

import os

from .i18n import show, t
from .rules.files import FileRefused, parse_toml, read_text
from .userdirs import path_text, user_path
from .values import dataclass, field

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["LANGUAGES", "THEMES", "Settings", "load_settings", "own_rulesets", "rulesets_folder", "save_settings",
           "settings_path", "theme_name"]

#: The themes a setting may name, with their English names (:func:`theme_name` gives the
#: name in the current language, as the settings screen shows it).
THEMES = {"dark": "Dark", "light": "Light", "high-contrast": "High contrast"}

#: The languages a setting may name, each in its own language.
LANGUAGES = {"en": "English", "fi": "Suomi", "pl": "Polski"}

_CHOICES = {"theme": THEMES, "lang": LANGUAGES}


def theme_name(theme: str) -> str:
    """A theme's name in the current language: 'high-contrast' -> 'High contrast' (en)."""
    names = {"dark": t("settings.theme.dark"), "light": t("settings.theme.light"),
             "high-contrast": t("settings.theme.high_contrast")}
    return names.get(theme, theme)


@dataclass
class Settings:
    """What the user chose; None: not chosen (the app's default)."""

    theme: str | None = None
    lang: str | None = None
    #: Why (part of) the file was not used, to show once; None when all is well.
    warning: str | None = field(default=None, compare=False, repr=False)


def settings_path() -> str:
    """$SCOREKEEPER_CONFIG, else settings.toml in the user config folder (a str path: reading
    the settings, at every start, imports no pathlib)."""
    env = _config_variable()
    if env and os.path.isabs(path_text(env, expand=True)):
        return path_text(env, expand=True)
    return os.path.join(user_path("config"), "settings.toml")


def _config_variable() -> str:
    """$SCOREKEEPER_CONFIG; a relative one is not used (:func:`load_settings` says so): the
    settings, and the table's own rulesets beside them, would change with the folder the
    program was started in."""
    return os.environ.get("SCOREKEEPER_CONFIG") or ""


def rulesets_folder() -> str:
    """The table's own ruleset files: the folder ``rulesets`` beside the settings file."""
    return os.path.join(os.path.dirname(settings_path()), "rulesets")


def own_rulesets() -> list[tuple[str, str]]:
    """(name, path) of each ``*.toml`` file in :func:`rulesets_folder`, by name ([] without the
    folder): the new-game lists of the TUI and the phone offer them beside the built-in games."""
    folder = rulesets_folder()
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".toml") and not n.startswith("."))
    except OSError:
        return []
    return [(n[:-5], os.path.join(folder, n)) for n in names if os.path.isfile(os.path.join(folder, n))]


def _read(path: str) -> dict[str, Any]:
    """The file's table ({} when there is no file); OSError or ValueError when it cannot be used."""
    try:
        text = read_text(path)  # a regular file of at most 1 MB: never /dev/zero or a pipe
    except FileNotFoundError:
        return {}
    return parse_toml(text)


def load_settings(path: str | os.PathLike | None = None) -> Settings:
    """The settings in ``path`` (default :func:`settings_path`); never raises."""
    env, relative = _config_variable(), None
    if path is None and env and not os.path.isabs(path_text(env, expand=True)):
        relative = t("settings.env_relative", value=env, path=settings_path())
    path = path_text(path) if path is not None else settings_path()
    settings = _load(path)
    if relative is not None:
        settings.warning = relative if settings.warning is None else f"{relative} {settings.warning}"
    return settings


def _load(path: str) -> Settings:
    """The settings in the file ``path``, as :func:`load_settings` gives them."""
    try:
        table = _read(path)
    except UnicodeDecodeError:
        return Settings(warning=t("settings.not_text", path=path))
    except FileRefused as exc:  # (before ValueError, which it is)
        return Settings(warning=t("settings.unreadable", path=path, problem=show(exc.message)))
    except ValueError as exc:  # tomllib.TOMLDecodeError
        return Settings(warning=t("settings.not_toml", path=path, problem=exc))
    except OSError as exc:
        return Settings(warning=t("settings.unreadable", path=path, problem=exc.strerror or exc))
    settings = Settings()
    problems = []
    for key, choices in _CHOICES.items():
        value = table.get(key)
        if value is None:
            continue
        if not isinstance(value, str) or value not in choices:
            problems.append(t("settings.bad_value", name=key, choices=", ".join(choices), value=repr(value)))
            continue
        setattr(settings, key, value)
    if problems:
        settings.warning = t("settings.problems", path=path, problems="; ".join(problems))
    return settings


def save_settings(settings: Settings, path: str | os.PathLike | None = None) -> None:
    """Write the settings to ``path`` (default :func:`settings_path`), atomically.

    Keys the file has that Settings does not know are kept; a file that cannot be read
    is replaced. OSError (e.g. a folder that cannot be written) or ValueError (a value
    that is not one of the choices) reaches the caller.
    """
    path = path_text(path) if path is not None else settings_path()
    for key, choices in _CHOICES.items():
        value = getattr(settings, key)
        if value is not None and value not in choices:
            raise ValueError(t("settings.bad_value", name=key, choices=", ".join(choices), value=repr(value)))
    try:
        table = _read(path)
    except (OSError, ValueError):
        table = {}
    for key in _CHOICES:
        value = getattr(settings, key)
        if value is None:
            table.pop(key, None)
        else:
            table[key] = value
    import tempfile  # only for writing: reading the settings (every command) does without them

    import tomli_w

    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".settings-", suffix=".toml", dir=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            tomli_w.dump(table, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
