"""What checking a ruleset file's formulas found, and the code generated from them, kept
between runs: a command that loads a ruleset it loaded before parses, checks and compiles
none of its formulas again.

A ruleset's formulas are parsed and type-checked when it is built (:func:`.formula.compile_formula`),
and each is turned into Python code when it is first worked out, once generically and once
for each kind of game (the game's constants folded in). For a short command that is most
of its work after start-up: the parser and its ``ast`` module imported, dozens of formulas
checked, a function compiled for each formula used. :class:`Kept` holds, for one ruleset
file as one version of this layer built it, each formula's checked facts (its type, the
names it reads, its depth) and the code objects generated from it, and keeps them in the
cache folder (:mod:`scorekeeper.tomlcache`, whose files hold a hash of what they hold, checked
before anything in them is read) when the process ends.

**Never stale.** An entry's key is made of the ruleset file's bytes and the name it is shown
by, the source files of this layer (every module of this package and the leaves it builds on:
the code that checked the formulas and generated the code; each file as written, see
:func:`files_key`) and the Python version: a
changed file, a changed rules layer or another Python is another key, so an entry always
says what building that file with that code gave. Within it, a formula is named by its key,
its text and its scope, and a generated form by what the generator was given (the game's
constants, the seats, the form). A ruleset that extends another (whose bytes the key would
not cover) and a ruleset built from data (a text, a house rule tried out) are never kept; a
stored game's copy of its ruleset is kept by the JSON text the store holds.

A file built to play (or a stored game's copy) also keeps the ruleset itself, whole
(:mod:`.whole`): the next start makes the same objects again without the builder.

**Code, from our generator only.** The code objects kept are those :mod:`.formula` compiled
from trees it generated from checked formulas (never a formula's text run as Python); they
are run with the same globals (the helpers, no builtins) as when they were made. A damaged,
truncated, foreign or renamed file is not used (its hash or its key does not match), and is
written anew; a cache folder that cannot be written is no error. A ruleset with a problem
keeps nothing (its table is dropped): it is checked in full, and says what is wrong, each time.
"""

from __future__ import annotations

import marshal
import os
import sys

from .. import tomlcache

TYPE_CHECKING = False  # typing's flag, without importing typing (a start would pay for it)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FORMAT", "Kept", "NOT_KEPT", "files_key", "for_file", "layer_digest"]

FORMAT = 1  # of the kept tables: bump when what they hold changes
_FOLDER = "code"
_LAYER: list[str | None] = []  # the rules layer's source, hashed once per process (see layer_digest)
_OPEN: dict[str, Kept] = {}  # the kept tables of this process, by key: each file read once
_UNSAVED: list[Kept] = []  # tables with something new, written when the process ends
NOT_KEPT = object()  # what Kept.code gives for a form it does not hold
MOST_FORMS = 4000  # forms of code one table keeps (a start reads all of them): the rest are made each time


def layer_digest() -> str | None:
    """A key of the rules layer's source (every module of this package) and of the modules it
    builds on (see :func:`files_key`); None where a source file cannot be read (nothing is kept then)."""
    if not _LAYER:
        here = os.path.dirname(os.path.abspath(__file__))
        package = os.path.dirname(here)
        try:
            files = [os.path.join(here, n) for n in sorted(os.listdir(here)) if n.endswith(".py")]
            files += [os.path.join(package, n) for n in ("languages.py", "messages.py", "values.py", "tomlcache.py")]
            _LAYER.append(files_key(files))
        except OSError:
            _LAYER.append(None)
    return _LAYER[0]


def files_key(files: list[str]) -> str:
    """A key that changes whenever one of ``files`` is written: each file's name, size, inode,
    and modification and change times, not its bytes (hashing the layer's 300 KB of source cost
    every start half a millisecond). The change time (ctime) is set by the system whenever a file
    is written or its times are set, and no program can set it back: a module edited, or
    installed anew by an installer that keeps the modification times of the package it unpacks
    (a reproducible wheel's are all the same), is another key even where its size is the same.
    OSError when a file cannot be read."""
    parts = []
    for file in files:
        st = os.stat(file)
        parts += [os.path.basename(file), b"%d %d %d %d" % (st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns)]
    return tomlcache.digest(*parts)


class Kept:
    """The checked facts and generated code of one ruleset file's formulas (see the module)."""

    __slots__ = ("key", "facts", "forms", "new")

    def __init__(self, key: str, facts: dict, forms: dict):
        self.key = key
        self.facts = facts  # (formula key, text, scope) -> (type, names read, depth)
        self.forms = forms  # (form, formula key, text, scope, ...what it was made for) -> code or data
        self.new = False

    def fact(self, key: str, text: str, scope: str) -> tuple[str, frozenset[str], int] | None:
        """What checking the formula found: (its type, the names it reads, its depth); None when not kept."""
        found = self.facts.get((key, text, scope))
        if (isinstance(found, tuple) and len(found) == 3 and type(found[0]) is str and type(found[2]) is int
                and isinstance(found[1], tuple) and all(type(name) is str for name in found[1])):
            return found[0], frozenset(found[1]), found[2]
        return None

    def note_fact(self, key: str, text: str, scope: str, typ: str, names: frozenset[str], depth: int) -> None:
        self.facts[(key, text, scope)] = (typ, tuple(sorted(names)), depth)
        self._changed()

    def code(self, entry: tuple) -> Any:
        """The code or data kept for ``entry``; NOT_KEPT when there is none."""
        return self.forms.get(entry, NOT_KEPT)

    def note_code(self, entry: tuple, value: Any) -> None:
        """Keep ``value`` (a code object, or data) for ``entry``, if marshal can hold both and the
        table is not full."""
        if len(self.forms) >= MOST_FORMS:
            return
        try:
            marshal.dumps((entry, value))
        except ValueError:  # a constant folded in that is not plain data: made again each time
            return
        self.forms[entry] = value
        self._changed()

    def _changed(self) -> None:
        if not self.new:
            self.new = True
            if not _UNSAVED:
                import atexit

                atexit.register(save_all)
            _UNSAVED.append(self)

    def drop(self) -> None:
        """Forget the table: its file was built with a problem (what it found is not written)."""
        _OPEN.pop(self.key, None)
        if self in _UNSAVED:
            _UNSAVED.remove(self)

    def save(self) -> None:
        """Write the table to its file (whole or not at all); a folder that cannot be written is no error."""
        self.new = False
        tomlcache.keep(_FOLDER, self.key, (self.facts, self.forms))


def save_all() -> None:
    """Write every table with something new (run when the process ends)."""
    while _UNSAVED:
        _UNSAVED.pop().save()


def _read(key: str) -> Kept | None:
    """The kept table of ``key`` from its file; None when there is none, or it is damaged,
    truncated, foreign or of another shape (:func:`scorekeeper.tomlcache.cached`)."""
    found = tomlcache.cached(_FOLDER, key)
    if type(found) is not tuple or len(found) != 2 or type(found[0]) is not dict or type(found[1]) is not dict:
        return None
    return Kept(key, found[0], found[1])


def for_file(text: bytes, shown: str, how: str = "load") -> Kept | None:
    """The kept table of a ruleset file whose bytes are ``text``, shown as ``shown`` (empty when
    nothing is kept yet); None for a file that extends another, or where the layer's source
    cannot be read. ``how`` it is built: "load" (to play), "check" (``rules check``, whose
    limits try the ruleset with every number of players and option: a table of its own, so that
    loading the file reads only what playing it made), or "stored" (``text`` is the JSON of
    the copy of its ruleset a stored game keeps: whole, what it extended is in it)."""
    layer = layer_digest()
    if layer is None or how != "stored" and b"extends" in text:
        return None
    key = tomlcache.digest(f"kept {FORMAT}", sys.version, layer, how, shown, text)
    kept = _OPEN.get(key)
    if kept is None:
        kept = _OPEN[key] = _read(key) or Kept(key, {}, {})
    return kept
