"""The build's generator of the catalogs' modules (see hatch_build.py): each language's catalog,
read and checked as :func:`scorekeeper.i18n.catalogs.load_catalog` reads it, written as ordinary
modules in ``scorekeeper/_shipped/`` that a start imports (:func:`scorekeeper.i18n.catalogs.shipped_catalog`).

``catalog_<code>.py`` holds what the catalog was made from (each file's bytes, which a start
compares with the files there are now), a hash of them (BUILD), and the module of each group of
keys (the keys with the same first part: ``cli.*`` in ``catalog_<code>_cli.py``), which names the
same BUILD: a command imports the groups of the keys it shows. (Modules of one folder rather than
a package per language: a package's folder costs an import of its modules some 0.1 ms more.)
Never imported at a start.
"""

from __future__ import annotations

import hashlib
import os

from ..languages import LANGUAGES
from .catalogs import FORMAT, HERE, Catalog, _checked, _path, _read_bytes, catalog_files

__all__ = ["build_hash", "group_modules", "module_texts", "write_shipped"]


def build_hash(sources: dict[str, bytes]) -> str:
    """A hash of the files' names and bytes (SHA-256): the same for the same files, in the same order."""
    hashed = hashlib.sha256()
    for name, data in sources.items():
        for part in (name.encode("utf-8"), data):
            hashed.update(b"%d:" % len(part))
            hashed.update(part)
    return hashed.hexdigest()


def group_modules(lang: str, catalog: Catalog) -> dict[str, str]:
    """The module of each group of the catalog's keys, by the keys' first part: ``catalog_<code>_``
    and that part when it can name a module's file anywhere (lower-case letters, digits and _, not
    first), else ``_<n>`` (n: the group's place)."""
    groups = sorted({key.partition(".")[0] for key in catalog.entries})
    return {group: f"catalog_{lang}_" + (group if group.isascii() and group.isidentifier() and group == group.lower()
                                         and not group.startswith("_") else f"_{at}")
            for at, group in enumerate(groups)}


def _bytes_literal(data: bytes) -> str:
    """``data`` as a Python literal, a line of the file to a line of the literal."""
    lines = data.splitlines(keepends=True)
    if len(lines) < 2:
        return repr(data)
    return "(\n" + "".join(f"        {line!r}\n" for line in lines) + "    )"


def module_texts(lang: str, sources: dict[str, bytes], catalog: Catalog) -> dict[str, str]:
    """The text of each module of a catalog made from ``sources`` (each file's name and bytes), by
    file name: ``catalog_<code>.py`` and one module per group of keys."""
    build = build_hash(sources)
    modules = group_modules(lang, catalog)
    texts = {}
    for group, module in modules.items():
        entries = "".join(f"    {key!r}: {entry.form()!r},\n" for key, entry in catalog.entries.items()
                          if key.partition(".")[0] == group)
        texts[f"{module}.py"] = (
            f'"""The keys {group}.* of the {lang} catalog, generated at build time by scorekeeper.i18n.shipped: '
            'do not edit."""\n\n'
            f"BUILD = {build!r}  # that of catalog_{lang}.py\n\n"
            "# Each key's text, or a plural entry's texts by category.\n"
            f"ENTRIES = {{\n{entries}}}\n")
    groups = "".join(f"    {group!r}: {module!r},\n" for group, module in modules.items())
    files = "".join(f"    {name!r}: {_bytes_literal(data)},\n" for name, data in sources.items())
    texts[f"catalog_{lang}.py"] = (
        f'"""The {lang} catalog, generated at build time by scorekeeper.i18n.shipped from the files in\n'
        'SOURCES, every template checked: do not edit."""\n\n'
        f"FORMAT = {FORMAT}\n"
        f"BUILD = {build!r}  # a hash of SOURCES, named by each module of GROUPS\n\n"
        "# The module of each group of keys, by the keys' first part.\n"
        f"GROUPS = {{\n{groups}}}\n\n"
        "# The bytes of the files the catalog was made from: a start uses the modules only when the\n"
        "# files there are now hold the same (see scorekeeper.i18n.catalogs).\n"
        f"SOURCES = {{\n{files}}}\n")
    return texts


def _write(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole (a temporary file renamed), only when it holds other text:
    an unchanged module keeps its compiled form in __pycache__."""
    data = text.encode("utf-8")
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except FileNotFoundError:
        pass
    temp = f"{path}.{os.getpid()}.tmp"
    with open(temp, "wb") as f:
        f.write(data)
    os.replace(temp, path)


def write_shipped(out: str, folder: str = HERE) -> list[str]:
    """Write the modules of each language's catalog in ``folder`` into the folder ``out`` (the
    build's generator, see hatch_build.py); CatalogError, naming the file and key, for a catalog
    the reader refuses. A module of a group the catalog no longer has is deleted. Gives the
    paths of the modules written."""
    written = []
    os.makedirs(out, exist_ok=True)
    for lang in LANGUAGES:
        names = catalog_files(lang, folder)
        sources = {name: _read_bytes(_path(folder, name)) for name in names}
        catalog = _checked(lang, [(_path(folder, name), data) for name, data in sources.items()])
        texts = module_texts(lang, sources, catalog)
        for name in sorted(os.listdir(out)):
            if name.startswith(f"catalog_{lang}_") and name.endswith(".py") and name not in texts:
                os.remove(os.path.join(out, name))
        head = f"catalog_{lang}.py"
        for name in [*(name for name in texts if name != head), head]:  # the head last: the groups it names are written
            _write(os.path.join(out, name), texts[name])
            written.append(os.path.join(out, name))
    return written
