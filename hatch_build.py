"""The build hook (hatchling's custom hook, see pyproject.toml): the data the package ships is
made from its sources at build time and written as ordinary Python modules into
``scorekeeper/_shipped/``, so that a start loads it through Python's own import machinery and
bytecode cache instead of parsing TOML: each language's catalog (scorekeeper.i18n.shipped) and
the built-in rulesets with the code of their formulas (scorekeeper.play.shipped).

It runs for every wheel and for editable installs (``pip install -e .``); in a checkout used
without an install, ``python hatch_build.py`` writes the same files. The generators need
nothing but the standard library and the package's own source (the build environment has only
hatchling); a module is used only for the bytes of the source it was made from, and tests check
that the files equal what the sources give.
"""

from __future__ import annotations

import os
import sys

SHIPPED = os.path.join("scorekeeper", "_shipped")


def write_all(root: str) -> str:
    """Write every generated module under ``root``'s ``scorekeeper/_shipped/``; gives that folder."""
    sys.path.insert(0, root)
    try:
        from scorekeeper.i18n.shipped import module_texts as catalogs
        from scorekeeper.play.shipped import module_texts as rulesets

        texts = {"__init__.py": '"""Generated at build time by hatch_build.py from the package\'s sources: do not edit."""\n',
                 **catalogs(), **rulesets()}
    finally:
        sys.path.remove(root)
    out = os.path.join(root, SHIPPED)
    write_modules(out, texts)
    return out


def write_modules(out: str, texts: dict[str, str]) -> None:
    """Write each module of ``texts`` (file name -> text) into the folder ``out`` whole (a temporary
    file renamed), only when it holds other text (an unchanged module keeps its compiled form in
    __pycache__); a module there that is not in ``texts`` (an older build's) is deleted."""
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if name.endswith(".py") and name not in texts:
            os.remove(os.path.join(out, name))
    for name, text in texts.items():
        path = os.path.join(out, name)
        try:
            with open(path, encoding="utf-8") as f:
                if f.read() == text:
                    continue
        except (FileNotFoundError, UnicodeDecodeError):
            pass
        temp = f"{path}.{os.getpid()}.tmp"
        with open(temp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, path)


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run by hand in a checkout: only write_all is needed
    BuildHookInterface = object  # type: ignore[assignment,misc]


class ShippedDataHook(BuildHookInterface):  # type: ignore[valid-type,misc]
    """Writes scorekeeper/_shipped/ before a wheel (or an editable wheel) is built, and ships it."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        write_all(self.root)
        build_data["artifacts"].append("/" + SHIPPED.replace(os.sep, "/"))


if __name__ == "__main__":
    print(write_all(os.path.dirname(os.path.abspath(__file__))))
