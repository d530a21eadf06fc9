"""A built ruleset kept whole: a file loaded before is made again from what building it made,
with no TOML read, nothing checked and the builder not even imported.

Building a ruleset from its kept table (:mod:`.kept`) checks no formula again, but it still
imports the builder, the schema and the translations' checker and walks the whole file:
for a short command (``check-bid``, ``show``) that is about a third of its own work. So once a
file is built, the ruleset itself is written into its kept table (:func:`keep`), as plain data
marshal holds, and the next start makes the same objects again from it (:func:`made_again`).

**What is kept.** The objects of a built ruleset are the model's values (:mod:`.model`), its
formulas and message templates (:mod:`.formula`), the names they were checked against, the
messages it carries (:mod:`scorekeeper.messages`) and its texts (:mod:`.texts`); the rest is
plain data (texts, numbers, tables, lists). Each object is written as its class's name (one of
:data:`CLASSES`, nothing else is ever made) and its fields; a table or list held in two places
is written once, so that it is one object again. What a formula or the texts make while they
are used (code, copies in other languages) is not kept: a formula made again starts as one just
built (its code comes from the kept table when it is first run), and a formula's ``_kept`` is
the table the ruleset is made again from. A ruleset holding anything else (an object of another
class, which a later version of the model might add) is not kept whole, only built each time.

**Never another ruleset.** The data is in the file's kept table, whose key covers the file's
bytes, the rules layer's source and the Python version (:mod:`.kept`), so it is what building
that file with this code made. What is read back is checked as it is made: a class not in
:data:`CLASSES`, a reference to an object that is not there or data of another shape makes
nothing (None), and the file is built as it always was.
"""

from __future__ import annotations

from ..messages import Message
from . import model
from .formula import Formula, MessageTemplate, NameInfo
from .texts import Texts

TYPE_CHECKING = False  # typing's flag, without importing typing (a start would pay for it)
if TYPE_CHECKING:
    from typing import Any

    from .kept import Kept
    from .model import Ruleset

__all__ = ["CLASSES", "ENTRY", "keep", "made_again"]

ENTRY = ("whole", 1)  # the kept table's entry of the ruleset kept whole (and the format of what it holds)
# Every class an object of a kept ruleset may be, by the name it is written as.
CLASSES: dict[str, type] = {
    cls.__name__: cls for cls in (
        model.Ruleset, model.Option, model.FieldSpec, model.Derived, model.Carried, model.Check, model.TrumpRule,
        model.PlanPiece, model.Parts, model.Reminder, Formula, MessageTemplate, NameInfo, Message, Texts)
}
# What an object starts as when made again, not what it had become (a formula's code and the
# copies in other languages are made when first needed; the kept table is the one it is made from).
_FRESH: dict[type, dict[str, Any]] = {
    Formula: {"_parsed": None, "_generic": None, "_fast": dict},
    Texts: {"walked": None},
}
_REF = ...  # (..., i): the object numbered i; never in a ruleset's data (TOML and the model have no Ellipsis)
_TABLE = (_REF, -1)  # how the kept table is written where an object holds it (a formula's _kept)
_AS_IS = -2  # (..., -2, data): plain data all through, read back as it is
_PLAIN = (str, int, float, bool, type(None))


class _NotKept(Exception):
    """Something in the ruleset that cannot be kept (it is then built each time)."""


class _NotARuleset(Exception):
    """What a kept table holds is not a ruleset kept whole (it is then built)."""


def keep(ruleset: Ruleset, kept: Kept) -> None:
    """Write ``ruleset``, just built from the file of ``kept``, into that table (nothing when it
    holds something that cannot be kept)."""
    try:
        data = _Writer(kept).write(ruleset)
    except (_NotKept, AttributeError, RecursionError):  # AttributeError: an object with a field not set
        return
    kept.note_code(ENTRY, data)


def made_again(kept: Kept) -> Ruleset | None:
    """The ruleset kept whole in ``kept``; None when it holds none, or what it holds is not one."""
    data = kept.code(ENTRY)
    if type(data) is not tuple or len(data) != 3:
        return None
    try:
        ruleset = _Reader(kept, *data).read()
    except (_NotARuleset, TypeError, ValueError, IndexError, KeyError, AttributeError, RecursionError):
        return None
    return ruleset if type(ruleset) is model.Ruleset else None


# --- writing -----------------------------------------------------------------------------------


class _Writer:
    """A ruleset as (classes, objects, root): each object (a class's value, or a table or list held
    in more than one place) is (its kind, its fields); a value is plain data or (..., number)."""

    def __init__(self, kept: Kept):
        self.kept = kept
        self.seen: dict[int, int] = {}  # id -> times a table or list is held
        self.same: dict[tuple, int] = {}  # a table of objects' contents -> the id of the first table with them
        self.alias: dict[int, int] = {}  # a table's id -> the id of the first table with its contents
        self.numbers: dict[int, int] = {}  # id -> the object's number
        self.objects: list[Any] = []
        self.kinds: list[str] = []
        self.held: list[Any] = []  # every object written: kept alive, so that no id is used twice

    def write(self, root: Any) -> tuple:
        self._count(root)
        top = self._value(root)
        return tuple(self.kinds), tuple(self.objects), top

    def _count(self, value: Any) -> None:
        """How many times each table and list is held (those held twice are written once). A table
        of objects is counted as the first one with the same contents: the names each formula was
        checked against are such tables, a copy each, and are written once (none is changed
        after the ruleset is built)."""
        kind = type(value)
        if kind in _PLAIN:
            return
        key = id(value)
        if kind is dict and value and not any(type(item) in _PLAIN for item in value.values()):
            key = self.same.setdefault(tuple((name, id(item)) for name, item in value.items()), key)
            self.alias[id(value)] = key
        self.seen[key] = self.seen.get(key, 0) + 1
        if self.seen[key] > 1:
            return
        self.held.append(value)
        for item in self._children(value):
            self._count(item)

    def _children(self, value: Any) -> Any:
        kind = type(value)
        if kind is dict:
            for key, item in value.items():
                if type(key) not in _PLAIN and type(key) is not tuple:
                    raise _NotKept(key)
                yield item
        elif kind in (list, tuple, frozenset):
            yield from value
        elif CLASSES.get(kind.__name__) is kind:
            yield from self._fields(value).values()
        elif value is not self.kept:
            raise _NotKept(value)

    def _fields(self, value: Any) -> dict[str, Any]:
        kind = type(value)
        slots = kind.__dict__.get("__slots__")
        fields = {name: getattr(value, name) for name in slots} if slots else dict(value.__dict__)
        for name, fresh in _FRESH.get(kind, {}).items():
            fields[name] = fresh() if callable(fresh) else fresh
        if kind is Texts:  # the English ruleset only: the other languages' copies are made when asked for
            fields["cache"] = {"en": value.cache["en"]}
        return fields

    def _value(self, value: Any) -> Any:
        kind = type(value)
        if kind in _PLAIN:
            return value
        if value is self.kept:
            return _TABLE
        if value is _REF:
            raise _NotKept(value)
        key = self.alias.get(id(value), id(value))
        if CLASSES.get(kind.__name__) is kind or self.seen.get(key, 0) > 1 and kind in (dict, list):
            return self._object(value, key)
        return self._contents(value)

    def _plain(self, value: Any) -> bool:
        """Whether ``value`` is plain data all through: no object, no table or list held twice."""
        kind = type(value)
        if kind in _PLAIN:
            return True
        if kind in (dict, list) and self.seen.get(id(value), 0) > 1:
            return False
        if kind is dict:
            return all(map(self._plain, value.values()))
        if kind in (list, tuple, frozenset):
            return all(map(self._plain, value))
        return False

    def _contents(self, value: Any) -> Any:
        if value and self._plain(value):  # read back as it is, not walked
            return (_REF, _AS_IS, value)
        kind = type(value)
        if kind is dict:
            return {key: self._value(item) for key, item in value.items()}
        if kind is list:
            return [self._value(item) for item in value]
        if kind is tuple:
            return tuple(self._value(item) for item in value)
        if kind is frozenset:
            return frozenset(self._value(item) for item in value)
        raise _NotKept(value)

    def _object(self, value: Any, key: int) -> tuple:
        number = self.numbers.get(key)
        if number is None:
            number = self.numbers[key] = len(self.objects)
            self.kinds.append(type(value).__name__)
            self.objects.append(None)  # (numbered first: what it holds may hold it again)
            if type(value) in (dict, list):
                self.objects[number] = self._contents(value)
            else:
                fields = self._fields(value)
                self.objects[number] = (tuple(fields), tuple(self._value(item) for item in fields.values()))
        return (_REF, number)


# --- reading -----------------------------------------------------------------------------------


class _Reader:
    """Makes the objects of (kinds, objects, root) again: first each object, empty, then their
    fields, so that objects holding each other (a ruleset and its texts) are made whole."""

    def __init__(self, kept: Kept, kinds: tuple, objects: tuple, root: Any):
        if type(kinds) is not tuple or type(objects) is not tuple or len(kinds) != len(objects):
            raise _NotARuleset
        self.kept = kept
        self.kinds = kinds
        self.objects = objects
        self.made: list[Any] = []
        self.root = root

    def read(self) -> Any:
        made = self.made
        for kind in self.kinds:
            if kind == "dict":
                made.append({})
            elif kind == "list":
                made.append([])
            else:
                made.append(object.__new__(CLASSES[kind]))
        value = self._value
        for obj, kind, data in zip(made, self.kinds, self.objects):
            if kind == "dict":
                obj.update(value(data))
            elif kind == "list":
                obj.extend(value(data))
            else:
                names, values = data
                if len(names) != len(values):
                    raise _NotARuleset
                if hasattr(obj, "__dict__"):
                    obj.__dict__.update(zip(names, map(value, values)))
                else:
                    for name, item in zip(names, values):
                        object.__setattr__(obj, name, value(item))
        return self._value(self.root)

    def _value(self, value: Any) -> Any:
        kind = type(value)
        if kind is tuple:
            if value and value[0] is _REF:
                if len(value) == 3 and value[1] == _AS_IS:
                    return value[2]
                if len(value) != 2 or type(value[1]) is not int:
                    raise _NotARuleset
                return self.made[value[1]] if value[1] >= 0 else self._table(value[1])
            return tuple(map(self._value, value))
        if kind is dict:
            return {key: self._value(item) for key, item in value.items()}
        if kind is list:
            return list(map(self._value, value))
        if kind is frozenset:
            return frozenset(map(self._value, value))
        return value

    def _table(self, number: int) -> Kept:
        if number != _TABLE[1]:
            raise _NotARuleset
        return self.kept
