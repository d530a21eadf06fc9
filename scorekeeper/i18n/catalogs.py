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

Each file, once parsed and checked, is kept in the cache folder (:mod:`scorekeeper.tomlcache`)
in a checked form: its keys and, for each, the template's text, or the text and its pieces
(literals and placeholder names) when it has braces. The key of the entry is a hash of the
file's text and :data:`FORMAT`, so a changed file is parsed and checked again. A start then
reads the file's checked form, with no TOML to parse and no template to check, and makes a key's
:class:`Entry` only when the key is asked for. What a cache file holds is not trusted: a form
that is not of this shape (damaged, foreign) is parsed and checked again from the text, and its
pieces are used only as literals and names to look up, never formatted as Python formats.
"""

from __future__ import annotations

import os

from .. import tomlcache
from ..userdirs import path_text
from .plural import ALL_CATEGORIES, CATEGORIES, ORDINAL_CATEGORIES

TYPE_CHECKING = False  # typing's flag, without importing typing (a start would pay for it)
if TYPE_CHECKING:
    from typing import Any, Callable, Mapping, Sequence

# The messages of this module stay English: a
# CatalogError is about a catalog that cannot be read, so its text cannot come from
# the catalogs (see CatalogError); check_catalogs and TranslationError speak to the
# developer and the tests.

__all__ = ["Catalog", "CatalogError", "Entry", "Template", "TranslationError", "check_catalogs", "load_catalog"]

FORMAT = 1  # of the checked forms kept in the cache: bump when what they hold changes
_FOLDER = "catalogs"


class CatalogError(ValueError):
    """A catalog file that cannot be used; the message names the file and the key.

    Its messages stay English: the catalogs they would be read from are what is
    broken, so translating them could only fail again (or recurse)."""


class TranslationError(LookupError):
    """A key that no catalog has, or a template given too few values (a programming error).

    Its messages stay English, for the developer: made from a catalog they could fail
    the same way again (a missing key looked up while reporting a missing key)."""

_TOKEN = r"\{\{|\}\}|\{([^{}]*)\}|\{|\}"  # escaped braces, a placeholder, a stray brace


def _is_name(text: str) -> bool:
    """A plain placeholder name: an ASCII letter or _, then letters, digits and _ (no ``re``: a
    start checks the names of the forms it reads from the cache, and parses no template)."""
    return bool(text) and text.isascii() and not text[0].isdigit() and text.replace("_", "a").isalnum()


class Template:
    """A catalog text parsed into literal pieces and ``{name}`` placeholders."""

    __slots__ = ("text", "pieces", "names")

    def __init__(self, text: str, where: str = "<text>"):
        if "{" not in text and "}" not in text:  # most texts: nothing to parse
            self.text, self.pieces, self.names = text, (text,), frozenset()
            return
        import re

        pieces: list[str | tuple[str]] = []
        literal: list[str] = []
        at = 0
        for match in re.finditer(_TOKEN, text):
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
                if not _is_name(inner):
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

    @classmethod
    def checked(cls, text: str, pieces: Sequence[str | tuple[str]]) -> Template:
        """The template of ``text`` from its pieces, as __init__ made them when it checked it."""
        template = cls.__new__(cls)
        template.text, template.pieces = text, tuple(pieces)
        template.names = frozenset(p[0] for p in template.pieces if isinstance(p, tuple))
        return template

    def form(self) -> str | list:
        """The template as plain data for the cache: its text alone when it has no braces, else
        its text and its pieces (a placeholder as a list of its name)."""
        if self.pieces == (self.text,) and "{" not in self.text and "}" not in self.text:
            return self.text
        return [self.text, [p if isinstance(p, str) else [p[0]] for p in self.pieces]]

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

    def form(self) -> str | list | dict:
        """The entry as plain data for the cache (see :meth:`Template.form`); a plural entry as a
        table of its forms by category."""
        if self.forms is not None:
            return {category: template.form() for category, template in self.forms.items()}
        return self.text.form()


def _template_of(form: str | list) -> Template:
    if isinstance(form, str):
        return Template(form)  # a text without braces: nothing to parse (one with them is checked)
    text, pieces = form
    return Template.checked(text, [p if isinstance(p, str) else (p[0],) for p in pieces])


def _entry_of(key: str, form: str | list | dict) -> Entry:
    """The entry of a form kept in the cache (checked by _is_forms)."""
    if isinstance(form, dict):
        return Entry(key, forms={category: _template_of(f) for category, f in form.items()})
    return Entry(key, text=_template_of(form))


def _is_template_form(form: Any) -> bool:
    """A text without braces, or [text, pieces]: each piece a literal, or a list of one plain name."""
    if type(form) is str:
        return "{" not in form and "}" not in form
    return (type(form) is list and len(form) == 2 and type(form[0]) is str and type(form[1]) is list
            and all(type(p) is str or (type(p) is list and len(p) == 1 and type(p[0]) is str
                                       and _is_name(p[0])) for p in form[1]))


def _is_forms(data: Any) -> bool:
    """Whether ``data`` (read from a cache file, not trusted) is a file's checked forms: each key a
    template's form, or a plural table of them that has ``other``."""
    if type(data) is not dict:
        return False
    for form in data.values():
        if type(form) is dict:
            if "other" not in form or not all(c in ALL_CATEGORIES and _is_template_form(f) for c, f in form.items()):
                return False
        elif not _is_template_form(form):
            return False
    return True


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


# The first part of every key a catalog file gives: its table headers (a line's "[" or "[[",
# then a bare key), and the keys before the first header (a line's bare key, then "." or "=";
# those after it are in a table). A superset is harmless: it only means the file may be read
# for a key it lacks. Read line by line without ``re``, which a start would import for it.
_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _bare_end(text: str) -> int:
    """Where the bare key (letters, digits, _ and -) that ``text`` starts with ends: 0 when it starts with none."""
    end = 0
    while end < len(text) and text[end] in _BARE:
        end += 1
    return end


def top_names(text: str) -> frozenset[str]:
    """The first parts of the keys a catalog file's text gives (see _BARE)."""
    names = set()
    in_tables = False
    for line in text.split("\n"):
        line = line.lstrip(" \t")
        if line[:1] == "[":
            line = line.lstrip("[").lstrip(" \t")
            end = _bare_end(line)
            if end:
                names.add(line[:end])
                in_tables = True
        elif not in_tables:
            end = _bare_end(line)
            if end and line[end:].lstrip(" \t")[:1] in (".", "="):
                names.add(line[:end])
    return frozenset(names)


class Catalog:
    """The entries of one language's catalog, by dotted key.

    The files of its parts are read when a key needs them (a key "cli.x" reads the files
    that give "cli" keys), so a command that shows a few texts parses a few files;
    ``entries`` reads them all."""

    def __init__(self, lang: str, entries: dict[str, Entry], source: str,
                 pending: Sequence[tuple[str, str]] = ()):
        self.lang = lang
        self._entries = entries
        self.source = source
        self._pending = [(file, text, top_names(text)) for file, text in pending]

    @property
    def entries(self) -> dict[str, Entry]:
        while self._pending:
            self._read(0)
        for key, found in self._entries.items():
            if not isinstance(found, Entry):
                self._entries[key] = _entry_of(key, found)
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
        if found is not None and not isinstance(found, Entry):  # a form read from the cache
            found = self._entries[key] = _entry_of(key, found)
        return found

    def _read(self, index: int) -> None:
        file, text, _ = self._pending.pop(index)
        found = _parse(file, text)
        twice = sorted(set(found) & set(self._entries))
        if twice:
            raise CatalogError(f"{file}: {twice[0]}: is given in another file of the {self.lang} catalog too")
        self._entries.update(found)


def _read_text(file: str) -> str:
    try:
        with open(file, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise CatalogError(f"{file}: no such catalog") from None


def _parse(file: str, text: str) -> dict[str, Entry | str | list | dict]:
    """The keys of a catalog file: from the cache, each its checked form (made an Entry when
    asked for); else parsed and checked (CatalogError naming the file and key), and kept."""
    key = tomlcache.digest(f"catalog {FORMAT}", text)
    forms = tomlcache.cached(_FOLDER, key)
    if _is_forms(forms):
        return forms
    try:
        data = tomlcache.loads(text)
    except ValueError as exc:  # tomllib.TOMLDecodeError
        raise CatalogError(f"{file}: not valid TOML: {exc}") from None
    found: dict[str, Entry] = {}
    _flatten(data, "", str(file), found)
    tomlcache.keep(_FOLDER, key, {dotted: entry.form() for dotted, entry in found.items()})
    return found


def load_catalog(path: str | os.PathLike, lang: str, parts: Sequence[str | os.PathLike] = ()) -> Catalog:
    """Read and check one catalog file, and the files of its ``parts`` (the folder of the
    same name holds one file per area of the app: cli.toml, tui.toml, ...); CatalogError
    names the file and key of any problem, also a key that two files both give. The
    parts are read now and parsed when a key needs them (see Catalog)."""
    path = path_text(path)
    entries = _parse(path, _read_text(path))
    pending = [(path_text(file), _read_text(path_text(file))) for file in parts]  # parsed when needed
    return Catalog(lang, entries, path, pending)


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
