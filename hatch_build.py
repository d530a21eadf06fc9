"""The build hook (hatchling's custom hook, see pyproject.toml): the data the package ships is
made from its sources at build time and written as ordinary Python modules into
``scorekeeper/_shipped/``, so that a start loads it through Python's own import machinery and
bytecode cache instead of parsing TOML.

It runs for every wheel and for editable installs (``pip install -e .``). In a checkout used
without an install, run ``python hatch_build.py`` to write the same files. Each generator is a
function of the package that takes the output folder and writes its modules there; it must need
nothing but the standard library and the package's own source (the build environment has only
hatchling). What a generated module holds is checked against its source when it is loaded, and
a test checks that the files equal what the sources give.
"""

from __future__ import annotations

import importlib
import os
import sys

# (module, function): each called with the output folder.
GENERATORS: list[tuple[str, str]] = [
    ("scorekeeper.i18n.shipped", "write_shipped"),  # catalog_<code>*.py: each language's catalog
    ("scorekeeper.play.shipped", "write_shipped"),  # the built-in rulesets and their formulas' code
]

SHIPPED = os.path.join("scorekeeper", "_shipped")


def write_all(root: str) -> str:
    """Write every generated module under ``root``'s ``scorekeeper/_shipped/``; gives that folder."""
    out = os.path.join(root, SHIPPED)
    os.makedirs(out, exist_ok=True)
    init = os.path.join(out, "__init__.py")
    if not os.path.exists(init):  # (written once: a file rewritten would lose its compiled form in __pycache__)
        with open(init, "w", encoding="utf-8") as f:
            f.write('"""Generated at build time by hatch_build.py from the package\'s sources: do not edit."""\n')
    sys.path.insert(0, root)
    try:
        for module, function in GENERATORS:
            getattr(importlib.import_module(module), function)(out)
    finally:
        sys.path.remove(root)
    return out


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
