"""The build's generator of the catalogs' modules (see hatch_build.py): each language's catalog,
read and checked as :func:`scorekeeper.i18n.catalogs.load_catalog` reads it, written as the
ordinary module ``scorekeeper/_shipped/catalog_<code>.py`` that a start imports
(:func:`scorekeeper.i18n.catalogs.shipped_catalog`): the bytes of each file it was made from
(SOURCES) and every key's text, or a plural entry's texts by category (ENTRIES). Never imported
at a start.
"""

from __future__ import annotations

import os

from ..languages import LANGUAGES
from .catalogs import FORMAT, HERE, Catalog, _checked, _path, _read_bytes, catalog_files

__all__ = ["module_text", "write_shipped"]


def module_text(lang: str, sources: dict[str, bytes], catalog: Catalog) -> str:
    """The text of the module of a catalog made from ``sources`` (each file's name and bytes)."""
    files = "".join(f"    {name!r}: {_bytes_literal(data)},\n" for name, data in sources.items())
    entries = "".join(f"    {key!r}: {entry.form()!r},\n" for key, entry in catalog.entries.items())
    return (f'"""The {lang} catalog, generated at build time by scorekeeper.i18n.shipped from the files in\n'
            'SOURCES, every template checked: do not edit."""\n\n'
            f"FORMAT = {FORMAT}\n\n"
            "# The bytes of each file the catalog was made from: a start uses ENTRIES only when the files\n"
            "# there are now hold the same (see scorekeeper.i18n.catalogs).\n"
            f"SOURCES = {{\n{files}}}\n\n"
            "# Each key's text, or a plural entry's texts by category.\n"
            f"ENTRIES = {{\n{entries}}}\n")


def _bytes_literal(data: bytes) -> str:
    """``data`` as a Python literal, a line of the file to a line of the literal."""
    return "(\n" + "".join(f"        {line!r}\n" for line in data.splitlines(keepends=True)) + "    )" if data else "b''"


def write_shipped(out: str, folder: str = HERE) -> list[str]:
    """Write the module of each language's catalog in ``folder`` into the folder ``out`` (the
    build's generator, see hatch_build.py), each only when its text changed (an unchanged module
    keeps its compiled form in __pycache__); CatalogError, naming the file and key, for a catalog
    the reader refuses. Gives the paths of the modules."""
    written = []
    os.makedirs(out, exist_ok=True)
    for lang in LANGUAGES:
        names = catalog_files(lang, folder)
        sources = {name: _read_bytes(_path(folder, name)) for name in names}
        catalog = _checked(lang, [(_path(folder, name), data) for name, data in sources.items()])
        path = os.path.join(out, f"catalog_{lang}.py")
        for name in os.listdir(out):  # the modules per group of keys an older build wrote
            if name.startswith(f"catalog_{lang}_") and name.endswith(".py"):
                os.remove(os.path.join(out, name))
        _write(path, module_text(lang, sources, catalog))
        written.append(path)
    return written


def _write(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole (a temporary file renamed), only when it holds other text:
    an unchanged module keeps its compiled form in __pycache__ (as the rulesets' do; i18n may
    not import rules, so this is not rules.generate.write_if_changed)."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except (FileNotFoundError, UnicodeDecodeError):
        pass
    temp = f"{path}.{os.getpid()}.tmp"
    with open(temp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temp, path)
