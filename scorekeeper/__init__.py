"""scorekeeper: score keeping for trick-taking card games.

The version is written once, in ``pyproject.toml``; :func:`version` reads it from the
installed package's metadata, or from that file in a checkout that was never installed.
``scorekeeper.__version__`` is the same string, read when first asked for (importing the
package stays cheap for the command line).
"""

from __future__ import annotations

import os

_DISTRIBUTION = "scorekeeper"
UNKNOWN = "0+unknown"
"""The version shown when neither the metadata nor a pyproject.toml can tell it."""


def version() -> str:
    """The package's version: the installed metadata's, else the checkout's pyproject.toml's."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed_version

    try:
        return installed_version(_DISTRIBUTION)
    except PackageNotFoundError:
        checkout = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
        return _checkout_version(os.path.join(checkout, "pyproject.toml"))


def _checkout_version(pyproject: str | os.PathLike) -> str:
    """The version in a checkout's pyproject.toml (UNKNOWN when there is none to read)."""
    import tomllib

    try:
        with open(pyproject, encoding="utf-8") as file:
            project = tomllib.loads(file.read()).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return UNKNOWN
    if project.get("name") != _DISTRIBUTION:
        return UNKNOWN
    return str(project.get("version", UNKNOWN))


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
