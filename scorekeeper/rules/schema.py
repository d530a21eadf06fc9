"""The one statement of what a ruleset file may say, and the checker that reads files by it.

:data:`TOP` is the file's top level; :data:`TABLES` the tables inside it, by name. Each
:class:`Key` says what kind of value the key holds, whether it is required, its default,
the values allowed (when there is a short list) and the attribute of the model it
becomes; each :class:`Table` names the model class its keys become attributes of.
:class:`Checker` reports unknown keys (with "did you mean"), values of the wrong kind
and missing required keys; the builder (:mod:`scorekeeper.rules.builder`) takes the
defaults, the allowed values and the attributes from here too.

Kinds: ``str``, ``id``, ``int``, ``bool``, ``any``, ``formula``, ``template`` (a text
with {formula} parts), ``list-str``, ``ints`` (a list of whole numbers), ``strings`` and ``formulas`` (tables of texts or
formulas by name), ``range`` ([from, to]), ``teams`` (seat lists), ``table:NAME`` (a
table of :data:`TABLES`), ``tables:NAME`` (named tables of that kind), ``array:NAME``
(an array of such tables) and ``tables`` (a table of tables, checked elsewhere).
"""

from __future__ import annotations

from ..messages import Message, Text
from .formula import MAX_NUMBER
from .model import Carried, Check, Derived, FieldSpec, Option, Parts, PlanPiece, Reminder, Ruleset, TrumpRule
from .problems import Problem, key_path, unknown_key
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable

    Default = Callable[[str, tuple[str, ...]], Any]
    """A default made from the item's id and the ruleset's phases."""

__all__ = [
    "DEFAULT_PHASES", "FIELD_TYPES", "ID_RE", "RULESET_ID_RE", "SCOPES", "TABLES", "TOP", "TRUMP_KINDS",
    "Checker", "Key", "Table", "plain_values", "toml_type",
]

FIELD_TYPES = ("int", "choice", "suit", "trump", "seat", "bool", "cards")
TRUMP_KINDS = ("none", "turn", "suit", "choose")
SCOPES = ("seat", "team", "deal")
DEFAULT_PHASES = ("evaluation", "bidding", "play")


class IdRule:
    """Which texts are ids: a lowercase ASCII letter, then lowercase letters, digits and the
    ``more`` characters. ``match(text)`` says whether the whole text is one, as a pattern's
    match would (``^[a-z][a-z0-9_]*$``), without importing ``re`` (loading a ruleset checks
    every id in it, at a start that has no other use for ``re``)."""

    __slots__ = ("pattern", "_rest")

    def __init__(self, more: str):
        self.pattern = f"^[a-z][a-z0-9{more}]*$"
        self._rest = frozenset("abcdefghijklmnopqrstuvwxyz0123456789" + more)

    def match(self, text: str) -> bool:
        return "a" <= text[:1] <= "z" and self._rest.issuperset(text)

    def __repr__(self) -> str:
        return f"IdRule({self.pattern!r})"


ID_RE = IdRule("_")
RULESET_ID_RE = IdRule("-")


def spaced_id(item_id: str, phases: tuple[str, ...]) -> str:
    """The default label: the item's id with spaces for '_'."""
    return item_id.replace("_", " ")


def first_phase(item_id: str, phases: tuple[str, ...]) -> str:
    """The default phase of a field: the ruleset's first."""
    return phases[0] if phases else "play"


@dataclass(frozen=True)
class Key:
    """One key a table of a ruleset file may have."""

    kind: str
    required: bool = False
    # The model's value when the key is left out. For a key with ``allowed`` values, also
    # the value assumed after a value not allowed is reported (so checking goes on).
    default: Any = None
    attr: str | tuple[str, ...] | None = None  # the model attribute(s) it becomes; None: read before building
    allowed: tuple[str, ...] = ()  # the values it may take, when they are a short list

    @property
    def base(self) -> str:
        return self.kind.split(":")[0]

    @property
    def table(self) -> str | None:
        """The name of the table in :data:`TABLES` a table/tables/array key holds."""
        return self.kind.split(":")[1] if ":" in self.kind else None

    def default_for(self, item_id: str = "", phases: tuple[str, ...] = ()) -> Any:
        default = self.default
        return default(item_id, phases) if callable(default) else default


class Table(dict[str, Key]):
    """A table's keys, in the order "allowed here" lists them; ``model`` is the class they become."""

    def __init__(self, model: type, keys: dict[str, Key]):
        super().__init__(keys)
        self.model = model


TOP = Table(Ruleset, {
    "id": Key("id", True, attr="id"),
    "name": Key("str", True, attr="name"),
    "aka": Key("list-str", default=(), attr="aka"),
    "description": Key("str", True, attr="description"),
    "source": Key("str", default="", attr="source"),
    "extends": Key("str"),  # read with the file: the base ruleset is merged in before building
    "remove": Key("list-str"),
    "players": Key("table:players", True),
    "deck": Key("formula", True, attr="deck"),
    "phases": Key("list-str", default=DEFAULT_PHASES, attr="phases"),
    "teams": Key("table:teams"),
    "options": Key("tables:option", attr="options"),
    "constants": Key("formulas", attr="constants"),
    "deals": Key("table:deals", True),
    "seats": Key("table:seats"),
    "trump": Key("array:trump", attr="trump"),
    "fields": Key("tables:field", True, attr="fields"),
    "derived": Key("tables:derived", attr="derived"),
    "carry": Key("tables:carry", attr="carry"),
    "score": Key("table:score", True),
    "checks": Key("array:check", attr="checks"),
    "reminders": Key("array:reminder", attr="reminders"),
    "end": Key("table:end"),
    "board": Key("table:board"),
    "hand_value": Key("str", attr="hand_value"),
    "parts": Key("table:parts", attr="parts"),
    "phase_labels": Key("strings", attr="phase_labels"),
    "translations": Key("tables", attr="texts"),
})

TABLES: dict[str, Table] = {
    "players": Table(Ruleset, {
        "min": Key("int", True, default=1, attr="min_players"),
        "max": Key("int", True, default=1, attr="max_players"),
    }),
    "teams": Table(Ruleset, {"seats": Key("teams", True, attr="teams")}),
    "option": Table(Option, {
        "type": Key("str", True, default="choice", attr="type", allowed=("choice", "bool", "int")),
        "default": Key("any", True, attr="default"),
        "label": Key("str", default=spaced_id, attr="label"),
        "help": Key("str", default="", attr="help"),
        "choices": Key("list-str", default=(), attr="choices"),
        "labels": Key("strings", default={}, attr="choice_labels"),
        "min": Key("int", attr="min"),
        "max": Key("int", attr="max"),
        "when": Key("formula", attr="when"),
    }),
    "deals": Table(Ruleset, {
        "plan": Key("array:piece", attr="plan"),
        "cards": Key("formula", attr="cards"),
        "redeal": Key("formula", attr="redeal"),
        "next_dealer": Key("formula", attr="next_dealer"),
    }),
    "piece": Table(PlanPiece, {
        "when": Key("formula", attr="when"),
        "range": Key("range", attr=("start", "end")),
        "cards": Key("formula", attr=("start", "end")),
        "repeat": Key("formula", attr="repeat"),
        "times": Key("formula", attr="times"),
        "step": Key("formula", attr="step"),
    }),
    "seats": Table(Ruleset, {
        "first_bidder": Key("formula", default="forehand", attr="first_bidder"),
        "leader": Key("formula", default="forehand", attr="leader"),
    }),
    "trump": Table(TrumpRule, {
        "when": Key("formula", attr="when"),
        "kind": Key("str", True, default="none", attr="kind", allowed=TRUMP_KINDS),
        "suit": Key("formula", attr="suit"),
        "seat": Key("formula", attr="seat"),
        "field": Key("str", attr="field"),
        "say": Key("template", attr="say"),
        "id": Key("id", attr="id"),
    }),
    "field": Table(FieldSpec, {
        "scope": Key("str", default="seat", attr="scope", allowed=SCOPES),
        "phase": Key("str", default=first_phase, attr="phase"),
        "type": Key("str", True, default="int", attr="type", allowed=FIELD_TYPES),
        "label": Key("str", default=spaced_id, attr="label"),
        "help": Key("str", default="", attr="help"),
        "min": Key("formula", attr="min"),
        "max": Key("formula", attr="max"),
        "values": Key("ints", default=(), attr="values"),
        "choices": Key("list-str", default=(), attr="choices"),
        "count": Key("formula", attr="count"),
        "when": Key("formula", attr="when"),
        "fill": Key("formula", attr="fill"),
        "optional": Key("bool", default=False, attr="optional"),
        "labels": Key("strings", default={}, attr="choice_labels"),
        "plural": Key("str", default="", attr="plural"),
    }),
    "derived": Table(Derived, {
        "scope": Key("str", default="seat", attr="scope", allowed=("seat", "team", "deal")),
        "value": Key("formula", attr="value"),
        "label": Key("str", default=spaced_id, attr="label"),
        "parts": Key("formulas", attr="parts"),
        "shows": Key("str", default="value", attr="shows", allowed=("value", "seat")),
        "labels": Key("strings", default={}, attr="part_labels"),
        "shown_when": Key("formula", attr="shown_when"),
    }),
    "carry": Table(Carried, {
        "scope": Key("str", default="seat", attr="scope", allowed=("seat", "team", "table", "pair")),
        "start": Key("formula", default="0", attr="start"),
        "value": Key("formula", True, attr="value"),
        "reset": Key("formula", attr="reset"),
        "label": Key("str", default=spaced_id, attr="label"),
    }),
    "score": Table(Ruleset, {
        "scope": Key("str", default="seat", attr="score_scope", allowed=("seat", "team")),
        "value": Key("formula", True, attr="score"),
        "made": Key("formula", attr="made"),
        "digits": Key("int", attr="digits"),
    }),
    "check": Table(Check, {
        "id": Key("id", True, attr="id"),
        "scope": Key("str", default="deal", attr="scope", allowed=("deal", "seat")),
        "rule": Key("formula", True, attr="rule"),
        "message": Key("template", True, attr="message"),
        "level": Key("str", default="error", attr="level", allowed=("error", "warning")),
        "when": Key("formula", attr="when"),
        "field": Key("str", attr="field"),
    }),
    "reminder": Table(Reminder, {
        "when": Key("formula", attr="when"),
        "text": Key("template", True, attr="text"),
        "id": Key("id", attr="id"),
    }),
    "end": Table(Ruleset, {
        "when": Key("formula", attr="end_when"),
        "winner": Key("str", default="highest", attr="winner", allowed=("highest", "lowest")),
        "wins": Key("formula", attr="end_wins"),
        "bonus": Key("formula", attr="end_bonus"),
        "deals": Key("formula", attr="end_deals"),
        "says": Key("str", attr="end_says"),
    }),
    "board": Table(Ruleset, {
        "deal": Key("template", attr="board_deal"),
        "label": Key("str", attr="board_label"),
    }),
    "parts": Table(Parts, {
        "name": Key("str", default="part", attr="name"),
        "when": Key("formula", attr="when"),
        "end": Key("formula", True, attr="end"),
        "award": Key("formula", True, attr="award"),
        "bonus": Key("formula", attr="bonus"),
    }),
}

_PLAIN = {"str", "id", "int", "bool", "any", "list-str", "ints", "strings"}


def plain_values(table: Table, checked: dict, item_id: str = "", phases: tuple[str, ...] = ()) -> dict[str, Any]:
    """The model attributes of a checked table's plain keys (texts, numbers, lists and tables
    of texts): the value given (lists as tuples, tables copied), else the key's default."""
    out: dict[str, Any] = {}
    for name, key in table.items():
        if key.base not in _PLAIN or not isinstance(key.attr, str):
            continue
        value = checked[name] if name in checked else key.default_for(item_id, phases)
        if key.base == "ints" and value is not None:  # in order, each once
            value = tuple(sorted(set(value)))
        elif key.base == "list-str" and value is not None:
            value = tuple(value)
        elif key.base == "strings" and value is not None:
            value = dict(value)
        out[key.attr] = value
    return out


# --- what kinds of value are called, in problems ----------------------------------------------

# What a kind of value in the schema is ("expected a whole number, got text").
_KIND_WORDS = {
    "str": Message("rules.kinds.text"), "id": Message("rules.kinds.id"), "int": Message("rules.kinds.int"),
    "bool": Message("rules.kinds.bool"), "formula": Message("rules.kinds.formula"),
    "template": Message("rules.kinds.text"), "list-str": Message("rules.kinds.texts"), "ints": Message("rules.kinds.ints"),
    "range": Message("rules.kinds.range"), "teams": Message("rules.kinds.teams"),
}
_TOML_WORDS = {
    bool: Message("rules.toml.bool"), int: Message("rules.toml.number"), float: Message("rules.toml.number"),
    str: Message("rules.toml.text"), list: Message("rules.toml.list"), dict: Message("rules.toml.table"),
}


def kind_word(base: str, missing: bool = False) -> Text:
    """What a kind of value is called; a table kind is "a table" when it is missing."""
    word = _KIND_WORDS.get(base)
    if word is not None:
        return word
    return Message("rules.kinds.table") if missing else base


def toml_type(value: Any) -> Text:
    """What a value read from TOML is ("a number", "a list", ...)."""
    return _TOML_WORDS.get(type(value), type(value).__name__)


# --- the checker ------------------------------------------------------------------------------

class Checker:
    """Walks raw TOML against the schema, collecting problems."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def add(self, path: str, message: Text) -> None:
        self.problems.append(Problem(self.file, path, message))

    def table(self, raw: Any, schema: dict[str, Key], path: str) -> dict:
        """The keys of ``raw`` that the schema knows and whose values are of their kind."""
        if not isinstance(raw, dict):
            self.add(path, Message("rules.expected_table", got=toml_type(raw)))
            return {}
        ok = {}
        for name, value in raw.items():
            where = key_path(path, name)
            if name not in schema:
                self.add(where, unknown_key(name, schema))
            elif self.value(value, schema[name].kind, where):
                ok[name] = value
        for name, key in schema.items():
            if key.required and name not in raw:
                self.add(key_path(path, name), Message("rules.missing", kind=kind_word(key.base, missing=True)))
        return ok

    def value(self, value: Any, kind: str, where: str) -> bool:
        """Whether ``value`` is of ``kind``; if not, the problem is reported."""
        base = kind.split(":")[0]
        check = _CHECKS.get(base)
        if check is None:
            raise AssertionError(kind)  # pragma: no cover
        return check(self, value, base, where)

    def bad(self, value: Any, base: str, where: str) -> bool:
        self.add(where, Message("rules.expected", kind=kind_word(base), got=toml_type(value)))
        return False

    def _id(self, value: Any, base: str, where: str) -> bool:
        if not isinstance(value, str) or not (ID_RE.match(value) or RULESET_ID_RE.match(value)):
            self.add(where, Message("rules.bad_id", value=str(value)))
            return False
        return True

    def _named(self, value: Any, base: str, where: str) -> bool:
        """strings or formulas: a table of them by name."""
        if not isinstance(value, dict):
            self.add(where, Message("rules.expected_table", got=toml_type(value)))
            return False
        inner = "formula" if base == "formulas" else "str"
        good = True
        for name, item in value.items():
            good &= self.value(item, inner, key_path(where, name))
        return good

    def _range(self, value: Any, base: str, where: str) -> bool:
        if not isinstance(value, list) or len(value) != 2:
            return self.bad(value, base, where)
        return all(self.value(v, "formula", f"{where}[{i}]") for i, v in enumerate(value))

    def _texts(self, value: Any, base: str, where: str) -> bool:
        """list-str: a list of texts; an entry that is not one is named by its index."""
        if not isinstance(value, list):
            return self.bad(value, base, where)
        for i, item in enumerate(value):
            if not isinstance(item, str):
                return self.bad(item, "str", f"{where}[{i}]")
        return True

    def _ints(self, value: Any, base: str, where: str) -> bool:
        """ints: a list of at least one whole number, each within what formulas may read."""
        if not isinstance(value, list) or not value:
            return self.bad(value, base, where)
        for i, item in enumerate(value):
            if type(item) is not int or not -MAX_NUMBER <= item <= MAX_NUMBER:
                return self.bad(item, "int", f"{where}[{i}]")
        return True

    def _array(self, value: Any, base: str, where: str) -> bool:
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.add(where, Message("rules.expected_array", where=where, got=toml_type(value)))
            return False
        return True


def _simple(test: Callable[[Any], bool]) -> Callable[[Checker, Any, str, str], bool]:
    """A check of one value against a test, reporting "expected ..., got ..." when it fails."""
    return lambda checker, value, base, where: True if test(value) else checker.bad(value, base, where)


def _teams(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(team, list) and team and all(type(s) is int for s in team) for team in value)


_CHECKS: dict[str, Callable[[Checker, Any, str, str], bool]] = {
    "any": lambda checker, value, base, where: True,
    "str": _simple(lambda v: isinstance(v, str)),
    "template": _simple(lambda v: isinstance(v, str)),
    "id": Checker._id,
    "int": _simple(lambda v: type(v) is int),
    "bool": _simple(lambda v: isinstance(v, bool)),
    "formula": _simple(lambda v: not isinstance(v, bool) and isinstance(v, (str, int, float))),
    "list-str": Checker._texts,
    "ints": Checker._ints,
    "strings": Checker._named,
    "formulas": Checker._named,
    "range": Checker._range,
    "teams": _simple(_teams),
    "table": _simple(lambda v: isinstance(v, dict)),
    "tables": _simple(lambda v: isinstance(v, dict)),
    "array": Checker._array,
}
