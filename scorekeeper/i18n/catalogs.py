"""Message catalogs: TOML files of templates, flattened to dotted keys, checked when read.

A catalog is ``<code>.toml`` in this package and the files of the folder of the same name (one
file per area of the app: cli.toml, core.toml, ...). Nested tables give dotted keys::

    [cli.errors]
    no_game = "No game with id {id}."            # key "cli.errors.no_game"

A table whose keys are all plural categories (``one``, ``few``, ``many``, ``other``,
...) and that has ``other`` is one plural entry, not a folder of keys::

    [game.count.tricks]
    one = "{count} trick"
    other = "{count} tricks"

Under the top-level table ``ordinal`` the categories are the ordinal ones (English
1st/2nd/3rd/4th: ``one``, ``two``, ``few``, ``other``).

Templates have ``{name}`` placeholders and nothing else: a plain name of letters,
digits and ``_``. No attribute access, indexing, conversions or format specs: the
catalog is text, and text must not reach into the values it is given. ``{{`` and
``}}`` are literal braces. A template that breaks this is refused when the catalog
is read (:class:`CatalogError`, naming the file and key).

Start-up: the catalogs the package ships are read and checked at build time
(:mod:`scorekeeper.i18n.shipped`, called by hatch_build.py for every wheel and editable install)
and written as ordinary modules in ``scorekeeper/_shipped/``: ``catalog_<code>.py`` holds the
bytes of the files the catalog was made from, and a module per group of keys (those with the same
first part: ``cli.*`` in ``catalog_<code>_cli.py``) each key's text (a plural entry: its texts by
category). A start imports the first (Python's bytecode cache deserialises it), compares those
bytes with the files there are now, and imports the group of a key when the key is first asked
for; a key's :class:`Template` is made from its text then. A module that is missing,
or was made from other files or by another build, is not used: the files are read and checked
instead (the slow path, :func:`load_catalog`), so a catalog edited in a checkout shows its new
texts before the build runs again, never the old ones.
"""

from __future__ import annotations

import os
import sys

from ..userdirs import path_text

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable, Mapping, Sequence

# The messages of this module stay English: a
# CatalogError is about a catalog that cannot be read, so its text cannot come from
# the catalogs (see CatalogError); check_catalogs and TranslationError speak to the
# developer and the tests.

__all__ = ["Catalog", "CatalogError", "Entry", "Template", "TranslationError", "catalog_files", "check_catalogs",
           "load_catalog", "shipped_catalog"]

FORMAT = 1  # of the generated modules: bump when what they hold changes (one of another format is not used)
HERE = os.path.dirname(os.path.realpath(__file__))
_SHIPPED = __name__.partition(".")[0] + "._shipped"  # the package of the generated modules


class CatalogError(ValueError):
    """A catalog file that cannot be used; the message names the file and the key.

    Its messages stay English: the catalogs they would be read from are what is
    broken, so translating them could only fail again (or recurse)."""


class TranslationError(LookupError):
    """A key that no catalog has, or a template given too few values (a programming error).

    Its messages stay English, for the developer: made from a catalog they could fail
    the same way again (a missing key looked up while reporting a missing key)."""


def _is_name(text: str) -> bool:
    """A plain placeholder name: an ASCII letter or _, then letters, digits and _."""
    return bool(text) and text.isascii() and not text[0].isdigit() and text.replace("_", "a").isalnum()


def _pieces(text: str, where: str) -> tuple[str | tuple[str], ...]:
    """The literal pieces and ``(name,)`` placeholders of a text with braces; CatalogError naming
    ``where`` for a brace that is neither doubled nor part of a ``{name}``. Found with ``find``,
    not ``re``: a start parses the few texts it shows, and would import ``re`` for them."""
    pieces: list[str | tuple[str]] = []
    literal = ""
    at = 0
    while True:
        opened, closed = text.find("{", at), text.find("}", at)
        if closed >= 0 and not 0 <= opened < closed:  # a "}" comes first
            if text.startswith("}}", closed):
                literal, at = literal + text[at:closed + 1], closed + 2
                continue
            raise CatalogError(f"{where}: a '}}' has no '{{' (write '}}}}' for a brace)")
        if opened < 0:
            break
        literal += text[at:opened]
        if text.startswith("{{", opened):
            literal, at = literal + "{", opened + 2
            continue
        if closed < 0 or 0 <= text.find("{", opened + 1) < closed:
            raise CatalogError(f"{where}: a '{{' is not closed with '}}' (write '{{{{' for a brace)")
        inner = text[opened + 1:closed]
        if not _is_name(inner):
            raise CatalogError(
                f"{where}: '{{{inner}}}' is not a placeholder: write {{name}} with a plain name "
                "(letters, digits and _), no attributes, indexes or formats")
        if literal:
            pieces.append(literal)
        pieces.append((inner,))
        literal, at = "", closed + 1
    literal += text[at:]
    if literal:
        pieces.append(literal)
    return tuple(pieces)


class Template:
    """A catalog text parsed into literal pieces and ``{name}`` placeholders."""

    __slots__ = ("text", "pieces", "names")

    def __init__(self, text: str, where: str = "<text>"):
        self.text = text
        if "{" not in text and "}" not in text:  # most texts: nothing to parse
            self.pieces, self.names = (text,), frozenset()
            return
        self.pieces = _pieces(text, where)
        self.names = frozenset(p[0] for p in self.pieces if type(p) is tuple)

    def format(self, key: str, params: Mapping[str, Any], show: Callable[[Any], str]) -> str:
        out = []
        for piece in self.pieces:
            if isinstance(piece, str):
                out.append(piece)
                continue
            name = piece[0]
            if name not in params:
                given = ", ".join(sorted(params)) or "nothing"
                raise TranslationError(f"catalog key '{key}' needs {{{name}}}; given: {given}")
            out.append(show(params[name]))
        return "".join(out)


class Entry:
    """One key of a catalog: a single template, or one template per plural category."""

    __slots__ = ("key", "text", "forms")

    def __init__(self, key: str, text: Template | None = None, forms: Mapping[str, Template] | None = None):
        self.key = key
        self.text = text
        self.forms = forms

    def __repr__(self) -> str:
        return f"Entry({self.key!r}, {'plural' if self.forms is not None else 'text'})"

    @property
    def plural(self) -> bool:
        return self.forms is not None

    @property
    def ordinal(self) -> bool:
        return self.key.startswith("ordinal.")

    def templates(self) -> list[Template]:
        return list(self.forms.values()) if self.forms is not None else [self.text]

    def form(self) -> str | dict[str, str]:
        """The entry as plain data (as a generated module holds it): its text, or a plural entry's
        texts by category."""
        if self.forms is not None:
            return {category: template.text for category, template in self.forms.items()}
        return self.text.text


def _is_plural_table(table: dict) -> bool:
    from .plural import ALL_CATEGORIES

    return bool(table) and "other" in table and all(k in ALL_CATEGORIES for k in table)


def _flatten(table: dict, prefix: str, where: str, out: dict[str, Entry]) -> None:
    for key, value in table.items():
        dotted = f"{prefix}.{key}" if prefix else key
        if isinstance(value, str):
            out[dotted] = Entry(dotted, text=Template(value, f"{where}: {dotted}"))
        elif isinstance(value, dict) and _is_plural_table(value):
            forms = {}
            for category, text in value.items():
                if not isinstance(text, str):
                    raise CatalogError(f"{where}: {dotted}.{category}: expected text, got {type(text).__name__}")
                forms[category] = Template(text, f"{where}: {dotted}.{category}")
            out[dotted] = Entry(dotted, forms=forms)
        elif isinstance(value, dict):
            _flatten(value, dotted, where, out)
        else:
            raise CatalogError(f"{where}: {dotted}: expected text or a table, got {type(value).__name__}")


class Catalog:
    """The entries of one language's catalog, by dotted key.

    Made from checked entries (the slow path), or from a generated module of the catalog
    (:class:`_Generated`), whose group of keys (those with the same first part) is imported when one
    of them is first asked for, and a key's :class:`Entry` made from its text then."""

    def __init__(self, lang: str, source: str, entries: dict[str, Entry | str | dict[str, str]],
                 generated: _Generated | None = None):
        self.lang = lang
        self.source = source
        self._entries = entries
        self._generated = generated

    @property
    def entries(self) -> dict[str, Entry]:
        while self._generated is not None and self._generated.groups:  # (None once the slow path is taken)
            self._add_group(next(iter(self._generated.groups)))
        for key in list(self._entries):
            self.get(key)
        return self._entries

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def get(self, key: str) -> Entry | None:
        found = self._entries.get(key)
        if found is None:
            if self._generated is None or not self._add_group(key.partition(".")[0]):
                return None
            found = self._entries.get(key)
            if found is None:
                return None
        if type(found) is Entry:
            return found
        where = f"{self.source}: {key}"
        if type(found) is str:
            entry = Entry(key, text=Template(found, where))
        else:
            entry = Entry(key, forms={category: Template(text, where) for category, text in found.items()})
        self._entries[key] = entry
        return entry

    def _add_group(self, group: str) -> bool:
        """Add the texts of a group of the generated module not added yet; False when there is none
        of that name (or it is added already). A group's module that is missing or of another build
        has the catalog read from its files instead (the slow path)."""
        generated = self._generated
        texts = generated.group(group)
        if texts is None:
            return False
        if texts is _STALE:
            self._entries, self._generated = generated.read_files()._entries, None
        else:
            self._entries.update(texts)
        return True


def _read_bytes(file: str) -> bytes:
    try:
        with open(file, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise CatalogError(f"{file}: no such catalog") from None


def _text_of(data: bytes) -> str:
    """A file's bytes as text, its line ends made "\\n" as reading it as text does (ValueError:
    not UTF-8)."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def _parse(file: str, data: bytes) -> dict[str, Entry]:
    """The keys of a catalog file's bytes, parsed and checked (CatalogError naming the file and key)."""
    import tomllib

    try:
        parsed = tomllib.loads(_text_of(data))
    except ValueError as exc:  # not UTF-8, or tomllib.TOMLDecodeError
        raise CatalogError(f"{file}: not valid TOML: {exc}") from None
    found: dict[str, Entry] = {}
    _flatten(parsed, "", file, found)
    return found


def _checked(lang: str, files: Sequence[tuple[str, bytes]]) -> Catalog:
    """The catalog of ``files`` (each file's path and bytes, the main file first); CatalogError
    naming the file and key of any problem, also a key that two files both give."""
    entries: dict[str, Entry | str | dict[str, str]] = {}
    for file, data in files:
        found = _parse(file, data)
        twice = found.keys() & entries.keys()
        if twice:
            raise CatalogError(f"{file}: {min(twice)}: is given in another file of the {lang} catalog too")
        entries.update(found)
    return Catalog(lang, files[0][0], entries)


def load_catalog(path: str | os.PathLike, lang: str, parts: Sequence[str | os.PathLike] = ()) -> Catalog:
    """Read and check a catalog file and the files of its ``parts`` (the slow path: every file
    parsed and every template checked); CatalogError names the file and key of any problem,
    also a key that two files both give."""
    files = [path_text(file) for file in (path, *parts)]
    return _checked(lang, [(file, _read_bytes(file)) for file in files])


# --- the catalogs the package ships, and their generated modules ------------------------------

_STALE = object()  # what _Generated.group gives for a group's module that is missing or of another build


def catalog_files(lang: str, folder: str = HERE) -> list[str]:
    """The files of the catalog of ``lang`` in ``folder`` as names relative to it, written with "/":
    ``<lang>.toml``, then the .toml files of the folder ``<lang>`` in order of name."""
    try:
        parts = sorted(name for name in os.listdir(os.path.join(folder, lang)) if name.endswith(".toml"))
    except FileNotFoundError:
        parts = []
    return [f"{lang}.toml", *(f"{lang}/{name}" for name in parts)]


def _path(folder: str, name: str) -> str:
    return os.path.join(folder, *name.split("/"))


def _import(name: str):
    """The module ``name`` of the generated package, imported; None when there is no such module."""
    full = f"{_SHIPPED}.{name}"
    try:
        __import__(full)  # importlib's import_module, without importlib (it imports types and warnings)
    except ImportError:
        return None
    return sys.modules[full]


class _Generated:
    """The generated modules of one language's catalog (see scorekeeper.i18n.shipped): ``catalog_<code>``
    (its FORMAT, BUILD, GROUPS and SOURCES) and a module of texts for each group of keys, named in
    GROUPS by the keys' first part, which names the same BUILD."""

    def __init__(self, lang: str, folder: str, names: list[str], head):
        self.lang, self.folder, self.names, self.head = lang, folder, names, head
        self.groups = dict(head.GROUPS)  # those not added yet

    def group(self, name: str) -> dict[str, str | dict[str, str]] | None:
        """The texts of the group ``name`` (None: there is no such group, or it was given before);
        _STALE when its module is missing or of another build than catalog_<code>'s."""
        module_name = self.groups.pop(name, None)
        if module_name is None:
            return None
        module = _import(module_name)
        if module is None or getattr(module, "BUILD", None) != self.head.BUILD:
            return _STALE
        return module.ENTRIES

    def read_files(self) -> Catalog:
        return _read_files(self.lang, self.folder, self.names)


def _read_files(lang: str, folder: str, names: list[str]) -> Catalog:
    """The catalog of the files ``names`` in ``folder`` (see catalog_files), read and checked."""
    return load_catalog(_path(folder, names[0]), lang, [_path(folder, name) for name in names[1:]])


def _generated(lang: str, folder: str, names: list[str]) -> _Generated | None:
    """The generated module of ``lang``'s catalog when it was made from the files ``names`` as they
    are now, byte for byte; else None (no such module, another format, or other files or bytes)."""
    head = _import(f"catalog_{lang}")
    sources = getattr(head, "SOURCES", None)
    if getattr(head, "FORMAT", None) != FORMAT or type(sources) is not dict or list(sources) != names:
        return None
    for name, data in sources.items():
        try:
            with open(_path(folder, name), "rb") as f:
                if f.read() != data:
                    return None
        except OSError:  # the slow path says what is wrong with the file
            return None
    return _Generated(lang, folder, names, head)


def shipped_catalog(lang: str, folder: str = HERE) -> Catalog:
    """The catalog of ``lang`` that the package ships: from its generated module when that was made
    from the files there are now, else read from them (the slow path, :func:`load_catalog`)."""
    names = catalog_files(lang, folder)
    generated = _generated(lang, folder, names)
    if generated is None:
        return _read_files(lang, folder, names)
    return Catalog(lang, _path(folder, names[0]), {}, generated)


def check_catalogs(catalogs: Mapping[str, Catalog], base: str = "en") -> list[str]:
    """Every way the catalogs differ from the English one, as 'fi.toml: key: problem' lines.

    Each catalog must have exactly the English keys; a plural entry exactly the
    categories its language uses (ordinal entries: the ordinal categories); every
    template of an entry, in every language, exactly the placeholders of the English
    entry's templates.
    """
    from .plural import ALL_CATEGORIES, CATEGORIES, ORDINAL_CATEGORIES

    problems: list[str] = []
    english = catalogs[base]
    for lang, catalog in catalogs.items():
        name = os.path.basename(catalog.source)
        for key in sorted(set(english.entries) - set(catalog.entries)):
            problems.append(f"{name}: {key}: missing (the English catalog has it)")
        for key in sorted(set(catalog.entries) - set(english.entries)):
            problems.append(f"{name}: {key}: not in the English catalog")
        for key, entry in catalog.entries.items():
            model = english.entries.get(key)
            if model is None:
                continue
            if entry.plural != model.plural:
                kind = "a plural table" if model.plural else "one text"
                problems.append(f"{name}: {key}: must be {kind}, as in the English catalog")
                continue
            if entry.plural:
                table = ORDINAL_CATEGORIES if entry.ordinal else CATEGORIES
                wanted = set(table.get(lang, ("other",)))
                have = set(entry.forms)
                if have != wanted:
                    problems.append(f"{name}: {key}: the forms must be {', '.join(c for c in ALL_CATEGORIES if c in wanted)}"
                                    f", not {', '.join(c for c in ALL_CATEGORIES if c in have)}")
            wanted_names = model.templates()[0].names
            for template in entry.templates():
                if template.names != wanted_names:
                    problems.append(f"{name}: {key}: placeholders {_names(template.names)} differ from the English "
                                    f"{_names(wanted_names)} in '{template.text}'")
    return problems


def _names(names: frozenset[str]) -> str:
    return "{" + "}, {".join(sorted(names)) + "}" if names else "none"
