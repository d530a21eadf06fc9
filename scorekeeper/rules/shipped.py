"""The built-in rulesets as modules made at build time, so that a start imports a module instead
of parsing TOML, checking formulas and building the ruleset.

The build (``hatch_build.py``, also run for editable installs; ``python hatch_build.py`` in a
plain checkout) writes, with :mod:`.generate`, ordinary readable Python modules for each file of
``rulesets/`` into ``scorekeeper/_shipped/``; this module is what a start uses of them.
``ruleset_<id>.py`` holds:

- ``SOURCE``: a digest of the ruleset file's bytes it was made from;
- ``DATA``: the file's TOML data, as a Python literal;
- ``load(table, shown)``: the constructor calls of the model's classes that make the ruleset the
  builder makes of ``DATA``;
- ``TABLES["load"]``: what checking each formula found (its type, the names it reads, its depth)
  and the code generated from the formulas for the games the build played (the formula
  compiler's generated trees written back as source, ``lambda`` expressions), so that Python's
  import machinery and its ``__pycache__`` compile and cache them.

``ruleset_<id>_stored.py`` does the same for a stored game's copy of the data (built with the
meanings a stored game keeps, see :class:`~.builder.Builder`), named by ``DATA_DIGEST``, a digest
of the data (:func:`data_digest`), its ``stored(table, shown, DATA)`` given the copy itself, ``ruleset_<id>_check.py`` holds
the code ``rules check`` needs besides, and ``rulesets.py`` the version and what ``rules list``
shows of each ruleset (:func:`summary`).

Loading a built-in ruleset (:func:`for_file`) reads the file's bytes once and imports its module
(by name) only if the module was made from exactly those bytes; a missing module or another
digest takes the slow path: the same bytes are parsed and built, as a user file is. A stored
copy is made by its module only if its data has the digest of the data shipped
(:func:`for_stored`). The code in a module is what the formula compiler generated from checked
formulas (never a formula's text), run with the same globals (the helpers, no builtins) as code
generated at run time; a form the module does not hold is generated when first needed.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

try:  # hashlib's own BLAKE2b: importing hashlib first loads OpenSSL, which costs a start some ms
    from _blake2 import blake2b
except ImportError:  # a Python that renamed it: hashlib's blake2b is the same function
    from hashlib import blake2b

__all__ = ["FORMAT", "NOT_FOUND", "PACKAGE", "Table", "build_key", "code_digest", "data_digest", "for_file", "for_path",
           "for_stored", "module_name", "source_digest", "summary", "table"]

FORMAT = 2  # of the modules: bump when what they hold changes
PACKAGE = "scorekeeper._shipped"
NOT_FOUND = object()  # what Table.code gives for a form it does not hold
_FunctionType = type(lambda: None)
_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


def source_digest(source: bytes) -> str:
    """The digest of a ruleset file's bytes a module is made from (256-bit BLAKE2b, hex)."""
    return blake2b(source, digest_size=32).hexdigest()


def data_digest(raw: Any) -> str:
    """The digest of a ruleset's data in a canonical form (tables by sorted key), so that the copy
    a stored game keeps as JSON is known for the data of a built-in ruleset."""
    return blake2b(_canonical(raw).encode("utf-8"), digest_size=32).hexdigest()


def _canonical(value: Any) -> str:
    kind = type(value)
    if kind is dict:
        return "{" + ",".join(repr(str(k)) + ":" + _canonical(value[k]) for k in sorted(value, key=str)) + "}"
    if kind in (list, tuple):
        return "[" + ",".join(map(_canonical, value)) + "]"
    return f"{kind.__name__}:{value!r}"


def module_name(ruleset_id: str) -> str:
    """The name of the module of the built-in ruleset ``ruleset_id`` (its file's name)."""
    return f"{PACKAGE}.ruleset_{ruleset_id.replace('-', '_')}"


class Table:
    """What checking one ruleset's formulas found, and the code generated from them: read from a
    shipped module, or recorded while the build builds the ruleset (``recording``). The builder
    and the formulas ask it as they are built and first run (see :func:`.formula._shipped_or_made`)."""

    __slots__ = ("facts", "forms", "recording")

    def __init__(self, facts: dict, forms: dict, recording: bool = False):
        self.facts = facts  # (formula key, text, scope) -> (type, names read, depth)
        self.forms = forms  # (form, formula key, text, scope, ...what it was made for) -> code (a function) or data
        self.recording = recording

    def fact(self, key: str, text: str, scope: str) -> tuple[str, frozenset[str], int] | None:
        """What checking the formula found: (its type, the names it reads, its depth); None when not held."""
        found = self.facts.get((key, text, scope))
        return None if found is None else (found[0], frozenset(found[1]), found[2])

    def note_fact(self, key: str, text: str, scope: str, typ: str, names: frozenset[str], depth: int) -> None:
        if self.recording:
            self.facts[(key, text, scope)] = (typ, tuple(sorted(names)), depth)

    def code(self, entry: tuple) -> Any:
        """The code or data held for ``entry``; NOT_FOUND when there is none."""
        found = self.forms.get(entry, NOT_FOUND)
        return found.__code__ if type(found) is _FunctionType else found

    def note_code(self, entry: tuple, value: Any) -> None:
        if self.recording:
            self.forms[entry] = value


def _import(name: str) -> ModuleType | None:
    """The module ``name`` of the build; None when there is none (a checkout where hatch_build.py
    never ran: the slow path)."""
    try:
        __import__(name)  # importlib.import_module's work, without importlib (it imports types and warnings)
    except ImportError:
        return None
    return sys.modules[name]


def _module(ruleset_id: str, suffix: str = "") -> ModuleType | None:
    if not ruleset_id or not _ID_CHARS.issuperset(ruleset_id):
        return None
    module = _import(module_name(ruleset_id) + suffix)
    return module if getattr(module, "FORMAT", None) == FORMAT else None


def for_path(path: str) -> bool:
    """Whether ``path`` is the file of a built-in ruleset (in the built-in rulesets' folder)."""
    from .paths import is_builtin_rulesets_dir

    folder, name = os.path.split(path)
    try:
        return name.endswith(".toml") and is_builtin_rulesets_dir(folder)
    except OSError:
        return False


def for_file(path: str, source: bytes) -> ModuleType | None:
    """The shipped module of the built-in ruleset file at ``path`` whose bytes are ``source``;
    None when the file is not a built-in's, or no module was made from exactly these bytes."""
    if not for_path(path):
        return None
    module = _module(os.path.splitext(os.path.basename(path))[0])
    return module if module is not None and module.SOURCE == source_digest(source) else None


def for_stored(raw: dict) -> ModuleType | None:
    """The shipped module that makes the ruleset of a stored game whose copy of its data is
    ``raw`` (``ruleset_<id>_stored.py``); None when it is no built-in's data as shipped."""
    ruleset_id = raw.get("id")
    module = _module(ruleset_id, "_stored") if type(ruleset_id) is str else None
    return module if module is not None and module.DATA_DIGEST == data_digest(raw) else None


def table(module: ModuleType, how: str) -> Table:
    """The table of a module for ``how`` the ruleset is built: "load", "check" (a shipped
    module's table to load it, with the code ``rules check`` needs besides) or "stored"."""
    if how == "check" and "check" not in module.TABLES:
        facts, forms = module.TABLES["load"]
        check = _import(f"{module.__name__}_check")  # (none: the code is made when first needed)
        return Table(facts, forms if check is None else {**forms, **check.FORMS})
    facts, forms = module.TABLES[how]
    return Table(facts, forms)


def summary(ruleset_id: str, source: bytes) -> dict | None:
    """What a list of games shows of the built-in ruleset ``ruleset_id`` whose file's bytes are
    ``source``, as the build wrote it; None when the build made it of other bytes, or never ran."""
    built = _import(f"{PACKAGE}.rulesets")
    found = built.SUMMARIES.get(ruleset_id) if built is not None else None
    return found[1] if found is not None and found[0] == source_digest(source) else None


def build_key() -> str:
    """The package's version and a digest of its code (:func:`code_digest`), as the build wrote
    them beside the modules; worked out now where the build never ran. What a user file's cached
    module was made by (:mod:`.usercache`): a package reinstalled with other code under the same
    version number makes them again."""
    built = _import(f"{PACKAGE}.rulesets")
    if built is None:
        from .. import version

        return f"{version()} {code_digest()}"
    return f"{built.VERSION} {built.CODE}"


def code_digest() -> str:
    """A digest of every Python file of the package but the generated ones (their paths and bytes)."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = []
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = sorted(d for d in subfolders if d not in ("_shipped", "__pycache__"))
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".py")]
    hashed = blake2b(digest_size=32)
    for path in files:
        with open(path, "rb") as f:
            body = f.read()
        for part in (os.path.relpath(path, package).replace(os.sep, "/").encode("utf-8"), body):
            hashed.update(b"%d:" % len(part))
            hashed.update(part)
    return hashed.hexdigest()
