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
in a checked form: its keys and, for each, the template's text (a plural entry: its texts by
category). The key of the entry is a hash of the file's bytes and :data:`FORMAT`, so a changed
file is parsed and checked again. A start reads a file's checked form, with no TOML to parse,
and makes a key's :class:`Template` from its text only when the key is asked for: a command
shows a handful of texts, and parsing one text costs less than reading the pieces of all.

What a cache file holds is not trusted, though its hash is checked before it is read and it
names the text it was made from: a form is made a template by the same parser that checked it
(it is never formatted as a Python format). A file's forms that are not texts, or tables of
texts with ``other`` (looked at when the file is read), or a form whose text the parser or whose
categories the check refuses (when its key is asked for), has the file parsed and checked again
from its text, and the entry written anew.

A catalog's part files are read when a key needs them, chosen by an index of the names each file
gives (:func:`key_names`), kept in the cache for each catalog. The index's key is each file's path,
size and time of change, as Python's own bytecode cache does, so a start reads no part file to
choose one. A file changed with its size and time kept (or a scan that misses a name) leaves the
index out of date, which matters little: a file it names is still read by its text's hash, never
stale, and a key it places in no file read is looked for in every file not read yet, so an index
out of date costs time, never a text. (A key given by two files is refused when both are read;
an out-of-date index may leave one of them unread, as :attr:`Catalog.entries` never does.)
"""

from __future__ import annotations

import os

from .. import tomlcache
from ..userdirs import path_text

TYPE_CHECKING = False  # typing's flag, without importing typing (a start would pay for it)
if TYPE_CHECKING:
    from typing import Any, Callable, Mapping, Sequence

# The messages of this module stay English: a
# CatalogError is about a catalog that cannot be read, so its text cannot come from
# the catalogs (see CatalogError); check_catalogs and TranslationError speak to the
# developer and the tests.

__all__ = ["Catalog", "CatalogError", "Entry", "Template", "TranslationError", "check_catalogs", "load_catalog"]

FORMAT = 2  # of the checked forms kept in the cache: bump when what they hold changes (1: pieces)
_FOLDER = "catalogs"


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
        """The entry as plain data for the cache: its text, or a plural entry's texts by category."""
        if self.forms is not None:
            return {category: template.text for category, template in self.forms.items()}
        return self.text.text


def _is_forms(data: Any) -> bool:
    """Whether ``data`` (read from a cache file, not trusted) has the shape of a file's checked forms:
    each key a text, or a table of texts that has ``other``. Only the shape: a form's texts are
    parsed, and a table's categories checked, when its key is asked for (see _entry_of)."""
    if type(data) is not dict or not set(map(type, data)) <= {str}:
        return False
    for form in data.values():
        if type(form) is not str and not (type(form) is dict and "other" in form
                                          and set(map(type, form.values())) <= {str}):
            return False
    return True


def _entry_of(key: str, form: str | dict[str, str]) -> Entry | None:
    """The entry of a form read from the cache (of the shape _is_forms checks), its texts parsed and
    its categories checked as when the file was checked; None when the check refuses it (then its
    file is parsed again)."""
    try:
        if type(form) is str:
            return Entry(key, text=Template(form))
        from .plural import ALL_CATEGORIES  # (imported at a plural entry's first use: tn needs it too)

        if all(category in ALL_CATEGORIES for category in form):
            return Entry(key, forms={category: Template(text) for category, text in form.items()})
    except CatalogError:  # a text the check would have refused: not what the check kept
        pass
    return None


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


# The names a catalog file gives, read from its text without parsing it: "a.b" for the keys of a
# table header [a.b] or [a.b.c] (all its keys start with a.b), "a" for a header [a] or a key before
# the first header (the file may give any key under a). A superset is harmless: it only means the
# file may be read for a key it lacks. Read line by line without ``re``, which a start would import.
_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _bare_end(text: str) -> int:
    """Where the bare key (letters, digits, _ and -) that ``text`` starts with ends: 0 when it starts with none."""
    end = 0
    while end < len(text) and text[end] in _BARE:
        end += 1
    return end


def _header_name(line: str) -> str:
    """The name a table header gives (``line`` without its brackets): its first two bare keys, or its
    first alone when the second is not bare (quoted) or there is none; "" when the first is not bare."""
    first = _bare_end(line)
    if not first:
        return ""
    rest = line[first:].lstrip(" \t")
    if rest[:1] == ".":
        rest = rest[1:].lstrip(" \t")
        second = _bare_end(rest)
        if second and rest[second:].lstrip(" \t")[:1] in (".", "]"):
            return f"{line[:first]}.{rest[:second]}"
    return line[:first]


def key_names(text: str) -> frozenset[str]:
    """The names of the keys a catalog file's text gives (see _BARE): a key a.b.c is in the file only
    if "a" or "a.b" is among them."""
    names = set()
    in_tables = False
    for line in text.split("\n"):
        line = line.lstrip(" \t")
        if line[:1] == "[":
            name = _header_name(line.lstrip("[").lstrip(" \t"))
            if name:
                names.add(name)
                in_tables = True
        elif not in_tables:
            end = _bare_end(line)
            if end and line[end:].lstrip(" \t")[:1] in (".", "="):
                names.add(line[:end])
    return frozenset(name for name in names if name.partition(".")[0] not in names or "." not in name)


def _names_of(key: str) -> tuple[str, ...]:
    """The names under which :func:`key_names` lists a file that may give ``key``."""
    first, dot, rest = key.partition(".")
    return (first, f"{first}.{rest.partition('.')[0]}") if dot else (first,)


class Catalog:
    """The entries of one language's catalog, by dotted key.

    The main file is read at once; the files of its parts when a key needs them (a key
    "cli.x" reads the files whose names include "cli" or "cli.x", see :func:`key_names`),
    so a command that shows a few texts reads a few files; ``entries`` reads them all.
    A key's :class:`Entry` is made when the key is asked for."""

    def __init__(self, lang: str, source: str, parts: Sequence[str] = (),
                 index: Mapping[str, int] | None = None):
        self.lang = lang
        self.source = source
        self._entries: dict[str, Entry | str | dict] = {}
        self._files: dict[str, dict] = {}  # each file read: what it gave (to parse it again if need be)
        self._parts = list(parts)
        self._index = index if index is not None else {}
        self._read(source)

    @property
    def entries(self) -> dict[str, Entry]:
        self._read_the_rest()
        for key in list(self._entries):
            self.get(key)
        return self._entries

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def get(self, key: str) -> Entry | None:
        found = self._entries.get(key)
        if found is None:
            if len(self._files) > len(self._parts):  # every file read
                return None
            found = self._look_for(key)
        if found is None or type(found) is Entry:
            return found
        entry = _entry_of(key, found)  # a form read from the cache
        if entry is None:  # not a checked entry's form: its file is parsed again
            self._read(next(file for file, given in self._files.items() if key in given), fresh=True)
            return self.get(key)
        self._entries[key] = entry
        return entry

    def _look_for(self, key: str) -> Entry | str | dict | None:
        """Read the files the index says may give ``key``, then, if none did, every file not read yet."""
        for name in _names_of(key):
            files = self._index.get(name, 0)
            for at, file in enumerate(self._parts):
                if files >> at & 1 and file not in self._files:
                    self._read(file)
        if key not in self._entries:
            self._read_the_rest()
        return self._entries.get(key)

    def _read_the_rest(self) -> None:
        for file in self._parts:
            if file not in self._files:
                self._read(file)

    def _read(self, file: str, fresh: bool = False) -> None:
        """Add the keys of ``file`` (``fresh``: parsed from its text, not the cache, in place of what
        was read of it before); CatalogError when another file read gives one of them too."""
        for key in self._files.pop(file, ()):
            self._entries.pop(key, None)
        found = _parse(file, _read_bytes(file), fresh)
        twice = found.keys() & self._entries.keys()
        if twice:
            key = min(twice, key=str)
            raise CatalogError(f"{file}: {key}: is given in another file of the {self.lang} catalog too")
        self._files[file] = found
        self._entries.update(found)


def _read_bytes(file: str) -> bytes:
    try:
        with open(file, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise CatalogError(f"{file}: no such catalog") from None


def _text_of(data: bytes) -> str:
    """A file's bytes as text, its line ends made "\\n" as reading it as text does (ValueError:
    not UTF-8). A file is read as bytes: its key in the cache is their hash, and most starts
    need no more of it."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def _parse(file: str, data: bytes, fresh: bool = False) -> dict[str, Entry | str | dict]:
    """The keys of a catalog file: from the cache, each its checked form (made an Entry when
    asked for), unless ``fresh``; else parsed and checked (CatalogError naming the file and key),
    and kept."""
    key = tomlcache.digest(f"catalog {FORMAT}", data)
    if not fresh:
        forms = tomlcache.cached(_FOLDER, key)
        if _is_forms(forms):
            return forms
    try:
        parsed = tomlcache.loads(_text_of(data))
    except ValueError as exc:  # not UTF-8, or tomllib.TOMLDecodeError
        raise CatalogError(f"{file}: not valid TOML: {exc}") from None
    found: dict[str, Entry] = {}
    _flatten(parsed, "", str(file), found)
    tomlcache.keep(_FOLDER, key, {dotted: entry.form() for dotted, entry in found.items()})
    return found


def _index(parts: Sequence[str]) -> dict[str, int]:
    """Which of ``parts`` may give the keys of each name (see :func:`key_names`), as the bits of a
    number (bit i: ``parts[i]``): kept in the cache under the files' paths, sizes and times of
    change, else read from every file's text."""
    stats = []
    for file in parts:
        try:
            found = os.stat(file)
        except FileNotFoundError:
            raise CatalogError(f"{file}: no such catalog") from None
        stats.append(f"{file}\n{found.st_size}\n{found.st_mtime_ns}")
    key = tomlcache.digest(f"catalog index {FORMAT}", *stats)
    index = tomlcache.cached(_FOLDER, key)
    if type(index) is dict and set(map(type, index)) <= {str} and set(map(type, index.values())) <= {int}:
        return index
    index = {}
    for at, file in enumerate(parts):  # after the stats: a file changed meanwhile is under a new key
        try:
            names = key_names(_text_of(_read_bytes(file)))
        except ValueError:  # not UTF-8: read (and refused) for a key no other file gives, or for entries
            names = frozenset()
        for name in names:
            index[name] = index.get(name, 0) | 1 << at
    tomlcache.keep(_FOLDER, key, index)
    return index


def load_catalog(path: str | os.PathLike, lang: str, parts: Sequence[str | os.PathLike] = ()) -> Catalog:
    """Read and check one catalog file, and find the files of its ``parts`` (the folder of the
    same name holds one file per area of the app: cli.toml, tui.toml, ...); CatalogError
    names the file and key of any problem, also a key that two files both give. The
    parts are read and checked when a key needs them (see Catalog)."""
    parts = [path_text(file) for file in parts]
    return Catalog(lang, path_text(path), parts, _index(parts) if parts else None)


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
