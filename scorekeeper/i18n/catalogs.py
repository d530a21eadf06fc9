"""Message catalogs: TOML files of templates, flattened to dotted keys, checked when read.

A catalog is ``<code>.toml`` in this package. Nested tables give dotted keys::

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
"""

from __future__ import annotations

import re
from pathlib import Path

from .. import tomlcache
from .plural import ALL_CATEGORIES, CATEGORIES, ORDINAL_CATEGORIES

TYPE_CHECKING = False  # typing's flag, without importing typing (a start would pay for it)
if TYPE_CHECKING:
    from typing import Any, Callable, Mapping, Sequence

# The messages of this module stay English: a
# CatalogError is about a catalog that cannot be read, so its text cannot come from
# the catalogs (see CatalogError); check_catalogs and TranslationError speak to the
# developer and the tests.

__all__ = ["Catalog", "CatalogError", "Entry", "Template", "TranslationError", "check_catalogs", "load_catalog"]


class CatalogError(ValueError):
    """A catalog file that cannot be used; the message names the file and the key.

    Its messages stay English: the catalogs they would be read from are what is
    broken, so translating them could only fail again (or recurse)."""


class TranslationError(LookupError):
    """A key that no catalog has, or a template given too few values (a programming error).

    Its messages stay English, for the developer: made from a catalog they could fail
    the same way again (a missing key looked up while reporting a missing key)."""

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|\{|\}")  # escaped braces, a placeholder, a stray brace


class Template:
    """A catalog text parsed into literal pieces and ``{name}`` placeholders."""

    __slots__ = ("text", "pieces", "names")

    def __init__(self, text: str, where: str = "<text>"):
        if "{" not in text and "}" not in text:  # most texts: nothing to parse
            self.text, self.pieces, self.names = text, (text,), frozenset()
            return
        pieces: list[str | tuple[str]] = []
        literal: list[str] = []
        at = 0
        for match in _TOKEN.finditer(text):
            literal.append(text[at:match.start()])
            at = match.end()
            token = match.group()
            if token == "{{":
                literal.append("{")
            elif token == "}}":
                literal.append("}")
            elif token == "{":
                raise CatalogError(f"{where}: a '{{' is not closed with '}}' (write '{{{{' for a brace)")
            elif token == "}":
                raise CatalogError(f"{where}: a '}}' has no '{{' (write '}}}}' for a brace)")
            else:
                inner = match.group(1)
                if not _NAME.fullmatch(inner):
                    raise CatalogError(
                        f"{where}: '{{{inner}}}' is not a placeholder: write {{name}} with a plain name "
                        "(letters, digits and _), no attributes, indexes or formats")
                if any(literal):
                    pieces.append("".join(literal))
                literal = []
                pieces.append((inner,))
        literal.append(text[at:])
        literal = [piece for piece in literal if piece]
        if literal:
            pieces.append("".join(literal))
        self.text = text
        self.pieces = tuple(pieces)
        self.names = frozenset(p[0] for p in pieces if isinstance(p, tuple))

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


def _is_plural_table(table: dict) -> bool:
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


# The first part of every key a catalog file gives: its table headers, and the keys before
# the first header (those after it are in a table). A superset is harmless: it only means the
# file may be read for a key it lacks.
_HEADER = re.compile(r"^[ \t]*\[+[ \t]*([A-Za-z0-9_-]+)", re.M)
_KEY = re.compile(r"^[ \t]*([A-Za-z0-9_-]+)[ \t]*[.=]", re.M)


def top_names(text: str) -> frozenset[str]:
    """The first parts of the keys a catalog file's text gives (see _HEADER)."""
    first = _HEADER.search(text)
    start = first.start() if first else len(text)
    return frozenset(_HEADER.findall(text, start)) | frozenset(_KEY.findall(text, 0, start))


class Catalog:
    """The entries of one language's catalog, by dotted key.

    The files of its parts are read when a key needs them (a key "cli.x" reads the files
    that give "cli" keys), so a command that shows a few texts parses a few files;
    ``entries`` reads them all."""

    def __init__(self, lang: str, entries: dict[str, Entry], source: str,
                 pending: Sequence[tuple[Path, str]] = ()):
        self.lang = lang
        self._entries = entries
        self.source = source
        self._pending = [(file, text, top_names(text)) for file, text in pending]

    @property
    def entries(self) -> dict[str, Entry]:
        while self._pending:
            self._read(0)
        return self._entries

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def get(self, key: str) -> Entry | None:
        found = self._entries.get(key)
        if found is None and self._pending:
            top = key.split(".", 1)[0]
            i = 0
            while i < len(self._pending):
                if top in self._pending[i][2]:
                    self._read(i)
                else:
                    i += 1
            found = self._entries.get(key)
        return found

    def _read(self, index: int) -> None:
        file, text, _ = self._pending.pop(index)
        found = _parse(file, text)
        twice = sorted(set(found) & set(self._entries))
        if twice:
            raise CatalogError(f"{file}: {twice[0]}: is given in another file of the {self.lang} catalog too")
        self._entries.update(found)


def _read_text(file: Path) -> str:
    try:
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogError(f"{file}: no such catalog") from None


def _parse(file: Path, text: str) -> dict[str, Entry]:
    try:
        data = tomlcache.loads(text)
    except ValueError as exc:  # tomllib.TOMLDecodeError
        raise CatalogError(f"{file}: not valid TOML: {exc}") from None
    found: dict[str, Entry] = {}
    _flatten(data, "", str(file), found)
    return found


def load_catalog(path: str | Path, lang: str, parts: Sequence[str | Path] = ()) -> Catalog:
    """Read and check one catalog file, and the files of its ``parts`` (the folder of the
    same name holds one file per area of the app: cli.toml, tui.toml, ...); CatalogError
    names the file and key of any problem, also a key that two files both give. The
    parts are read now and parsed when a key needs them (see Catalog)."""
    path = Path(path)
    entries = _parse(path, _read_text(path))
    pending = [(Path(file), _read_text(Path(file))) for file in parts]  # parsed when needed
    return Catalog(lang, entries, str(path), pending)


def check_catalogs(catalogs: Mapping[str, Catalog], base: str = "en") -> list[str]:
    """Every way the catalogs differ from the English one, as 'fi.toml: key: problem' lines.

    Each catalog must have exactly the English keys; a plural entry exactly the
    categories its language uses (ordinal entries: the ordinal categories); every
    template of an entry, in every language, exactly the placeholders of the English
    entry's templates.
    """
    problems: list[str] = []
    english = catalogs[base]
    for lang, catalog in catalogs.items():
        name = Path(catalog.source).name
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
