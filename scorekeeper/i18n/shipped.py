"""The build's generator of the catalogs' modules (see hatch_build.py): each language's catalog,
read and checked as :func:`scorekeeper.i18n.catalogs.load_catalog` reads it, written as the
ordinary module ``scorekeeper/_shipped/catalog_<code>.py`` that a start imports
(:func:`scorekeeper.i18n.catalogs.shipped_catalog`): the bytes of each file it was made from
(SOURCES) and every key's text, or a plural entry's texts by category (ENTRIES). Never imported
at a start.
"""

from __future__ import annotations

from ..languages import LANGUAGES
from .catalogs import FORMAT, HERE, Catalog, _checked, _path, _read_bytes, catalog_files

__all__ = ["module_text", "module_texts"]


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


def module_texts(folder: str = HERE) -> dict[str, str]:
    """The module of each language's catalog in ``folder`` by its file's name (hatch_build.py writes
    them); CatalogError, naming the file and key, for a catalog the reader refuses."""
    texts = {}
    for lang in LANGUAGES:
        sources = {name: _read_bytes(_path(folder, name)) for name in catalog_files(lang, folder)}
        catalog = _checked(lang, [(_path(folder, name), data) for name, data in sources.items()])
        texts[f"catalog_{lang}.py"] = module_text(lang, sources, catalog)
    return texts
