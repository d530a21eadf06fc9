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
and written as one ordinary module per language in ``scorekeeper/_shipped/``:
``catalog_<code>.py`` holds the bytes of each file the catalog was made from and every key's
text (a plural entry: its texts by category), one dict literal. A start imports it (Python's
bytecode cache deserialises it) and uses it only when the files there are now hold the same
bytes; a key's :class:`Template` is made from its text when the key is first asked for. A
module that is missing, or was made from other files, is not used: the files are read and
checked instead (the slow path, :func:`load_catalog`), so a catalog edited in a checkout shows
its new texts before the build runs again, never the old ones.
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

FORMAT = 2  # of the generated modules: bump when what they hold changes (one of another format is not used)
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

    def __init__(self, text: str, where: str = "<text>") -> None:
        self.text = text
        self.pieces: tuple[str | tuple[str], ...]
        self.names: frozenset[str]
        if "{" not in text and "}" not in text:  # most texts: nothing to parse
            self.pieces, self.names = (text,), frozenset()
            return
        self.pieces = _pieces(text, where)
        self.names = frozenset(p[0] for p in self.pieces if isinstance(p, tuple))

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
    """One key of a catalog: a single template (``text``), or one template per plural category
    (``forms``; ``text`` is then None)."""

    __slots__ = ("key", "text", "forms")

    def __init__(self, key: str, text: Template | None = None, forms: Mapping[str, Template] | None = None) -> None:
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
        if self.text is not None:
            return [self.text]
        return list(self.forms.values()) if self.forms is not None else []

    def form(self) -> str | dict[str, str]:
        """The entry as plain data (as a generated module holds it): its text, or a plural entry's
        texts by category."""
        if self.text is not None:
            return self.text.text
        return {category: template.text for category, template in (self.forms or {}).items()}


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
    """The entries of one language's catalog, by dotted key: checked entries (the slow path), or
    the texts of the catalog's generated module (``from_module``), a key's :class:`Entry` made
    from its text when it is first asked for."""

    def __init__(self, lang: str, source: str, entries: dict[str, Entry | str | dict[str, str]],
                 from_module: bool = False):
        self.lang = lang
        self.source = source
        self._entries = entries
        self.from_module = from_module

    @property
    def entries(self) -> dict[str, Entry]:
        for key in list(self._entries):
            self.get(key)
        return self._entries  # type: ignore[return-value]

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def get(self, key: str) -> Entry | None:
        found = self._entries.get(key)
        if found is None or isinstance(found, Entry):
            return found
        where = f"{self.source}: {key}"
        if isinstance(found, str):
            entry = Entry(key, text=Template(found, where))
        else:
            entry = Entry(key, forms={category: Template(text, where) for category, text in found.items()})
        self._entries[key] = entry
        return entry


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


def shipped_catalog(lang: str, folder: str = HERE) -> Catalog:
    """The catalog of ``lang`` that the package ships: the texts of its generated module
    ``catalog_<code>`` (:mod:`.shipped`) when the module was made from the files there are now,
    byte for byte; else read from them (the slow path, :func:`load_catalog`)."""
    names = catalog_files(lang, folder)
    name = f"{_SHIPPED}.catalog_{lang}"
    try:
        __import__(name)  # importlib's import_module, without importlib (it imports types and warnings)
        module = sys.modules[name]
        sources, entries = module.SOURCES, module.ENTRIES
        fresh = module.FORMAT == FORMAT and type(sources) is dict and type(entries) is dict and list(
            sources) == names and all(_read_bytes(_path(folder, file)) == sources[file] for file in names)
    except (ImportError, AttributeError, OSError, ValueError):  # none, another format, a file unreadable
        fresh = False
    if not fresh:
        return load_catalog(_path(folder, names[0]), lang, [_path(folder, file) for file in names[1:]])
    return Catalog(lang, _path(folder, names[0]), dict(entries), from_module=True)


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
            if entry.forms is not None:
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
