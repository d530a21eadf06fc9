"""What every step of building a ruleset shares: the file's raw TOML and its checker, the
problems found so far, the names a formula may read, and the helpers that compile a formula or
check a key and report what is wrong under its key (:class:`BuildState`; the steps are in
build_names, build_values and builder).
"""

from __future__ import annotations

import math

from ..messages import Message, Text
from .formula import (
    BOOL, CONST, DEAL, NUM, SEAT, TEAM, TEXT, Formula, FormulaError, NameInfo, compile_formula, compile_template,
    type_word,
)
from .model import NO_TRUMP, SUITS
from .problems import Problem, hint, key_path
from .schema import ID_RE, TABLES, Checker, Key, Table

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable


# Names every ruleset has, each with what it means (said when a ruleset tries to take it).
CONTEXT_NAMES: dict[str, tuple[NameInfo, Message]] = {
    "players": (NameInfo(NUM, CONST), Message("rules.names.players")),
    "deck": (NameInfo(NUM, CONST), Message("rules.names.deck")),
    "deals": (NameInfo(NUM, CONST), Message("rules.names.deals")),
    "deal": (NameInfo(NUM, DEAL), Message("rules.names.deal")),
    "cards": (NameInfo(NUM, DEAL), Message("rules.names.cards")),
    "dealer": (NameInfo(NUM, DEAL), Message("rules.names.dealer")),
    "forehand": (NameInfo(NUM, DEAL), Message("rules.names.forehand")),
    "first_bidder": (NameInfo(NUM, DEAL), Message("rules.names.first_bidder")),
    "leader": (NameInfo(NUM, DEAL), Message("rules.names.leader")),
    "trump": (NameInfo(TEXT, DEAL, choices=(*SUITS, NO_TRUMP)), Message("rules.names.trump")),
    "seat": (NameInfo(NUM, SEAT), Message("rules.names.seat")),
    "position": (NameInfo(NUM, SEAT), Message("rules.names.position")),
    "team": (NameInfo(NUM, SEAT, per_team=True), Message("rules.names.team")),
    "player": (NameInfo(TEXT, SEAT), Message("rules.names.player")),
    "is_dealer": (NameInfo(BOOL, SEAT), Message("rules.names.is_dealer")),
    "before": (NameInfo(NUM, SEAT, bound=math.inf, per_team=True), Message("rules.names.before")),
}

# Totals add up deal after deal: no bound is known (arithmetic on them is checked while running).
END_NAMES = {
    "total": (NameInfo(NUM, SEAT, bound=math.inf, per_team=True), Message("rules.names.total")),
}

# What a carried value's update and reset read besides the ruleset's names: the deal's points.
CARRY_NAMES = {
    "score": (NameInfo(NUM, SEAT), Message("rules.carry.score_name")),
}

# What the update and reset of a value carried per pair of seats read besides: the other seat.
PAIR_NAMES = {
    "other": (NameInfo(NUM, DEAL), Message("rules.carry.other_name")),
}

MATCH_NAMES = {
    "parts_won": (NameInfo(NUM, SEAT, per_team=True), Message("rules.names.parts_won")),
    "match_total": (NameInfo(NUM, SEAT, bound=math.inf, per_team=True), Message("rules.names.match_total")),
}

# Where a name every ruleset has may be read, for the problem of one read elsewhere ("unknown
# name 'total'" alone would leave the writer guessing): name -> the catalog code saying where.
_READ_IN = {
    **dict.fromkeys(("deal", "cards", "dealer", "forehand", "first_bidder", "leader", "trump"), "deal"),
    **dict.fromkeys(("seat", "position", "team", "player", "is_dealer", "before"), "seat"),
    "total": "total", "score": "score", "parts_won": "match", "match_total": "match", "other": "pair",
}


def _where_read(message: Any) -> Any:
    """An unknown-name problem about a name the ruleset has elsewhere, saying where it is read."""
    if not isinstance(message, Message) or message.code != "formula.unknown_name":
        return message
    name = message.params.get("name")
    if name not in _READ_IN:
        return message
    return Message("rules.name_read.not_here", name=name, where=Message(f"rules.name_read.{_READ_IN[name]}"))

# The types a formula may give where a ruleset needs a number, a condition or a seat, with
# the problem's message when it gives another.
WANT_NUMBER, WANT_CONDITION, WANT_SEAT, WANT_SCORE, WANT_SUIT = "number", "condition", "seat", "score", "suit"

_WANTED = {WANT_NUMBER: ((NUM, BOOL), "rules.bound_not_number"), WANT_CONDITION: ((BOOL, NUM), "rules.condition_not_bool"),
           WANT_SEAT: ((NUM,), "rules.seat_not_number"), WANT_SCORE: ((NUM, BOOL), "rules.score_not_number"),
           WANT_SUIT: ((TEXT,), "rules.suit_not_text")}


class BuildState:
    """A ruleset being built: what the steps share, and their helpers."""

    def __init__(self, raw: dict, file: str, compile_translations: bool = False, stored: bool = False,
                 shipped: Any = None):
        self.raw = raw
        self.file = file
        # What the build found checking a built-in ruleset's formulas, and the code generated
        # from them (a .shipped.Table, for the data of a shipped module), or None
        self.shipped = shipped
        # A stored game's copy of its ruleset was checked when the game started: it is built
        # again with the meanings it was started under. A partnership's formulas read per-seat
        # names as the first partner's (as before partnership formulas were checked), and a
        # text compared with a choice is not checked against the choices.
        self.stored = stored
        self.partnership = SEAT if stored else TEAM  # the scope partnership formulas are checked in
        self.checker = Checker(file)
        # check_file compiles every translated message now, to report its problems;
        # loading leaves that to Ruleset.localized, so a game in English pays nothing.
        self.compile_translations = compile_translations
        self.attrs: dict[str, Any] = {}  # the Ruleset's attributes, as the steps build them
        self.top: dict = {}
        self.names: dict[str, NameInfo] = {}  # every name a formula may use, so far
        self.game_names: dict[str, NameInfo] = {}  # those known before the game starts
        self.field_meta: dict[str, tuple[dict, str, str, str]] = {}  # id -> (checked table, type, scope, phase)
        self.derived_ids: list[str] = []  # the derived values whose names are good
        self.check_scopes: dict[str, str] = {}  # check id -> deal or seat
        self.broken_options: dict[str, str] = {}  # id -> type of an option left out for a problem reported
        self.formula_defaults: dict[str, str] = {}  # option id -> its default, a formula (compiled with the names)
        self.field_raw: dict[str, dict] = {}  # id -> a field's table as the file gives it
        self.deals_table: dict = {}  # [deals] as checked
        self.scorer_scope = SEAT  # the scope of formulas per scorer: TEAM when partnerships score

    @property
    def problems(self) -> list[Problem]:
        return self.checker.problems

    def add(self, path: str, message: Text) -> None:
        self.checker.add(path, message)

    def section(self, name: str) -> dict:
        """A top-level table, checked (empty when the file has none)."""
        return self.checker.table(self.top[name], TABLES[name], name) if name in self.top else {}

    def formula(self, text: Any, key: str, names: dict, scope: str = DEAL) -> Formula | None:
        return self.compiled(compile_formula, text, key, names, scope)

    def typed(self, formula: Formula | None, want: str) -> Formula | None:
        """The formula, if it gives what is wanted where it is (a number, a condition, a seat,
        a score); else None, and a problem that names its key."""
        if formula is None:
            return None
        types, code = _WANTED[want]
        if formula.type in types:
            return formula
        self.add(formula.key, Message(code, text=formula.text, type=type_word(formula.type)))
        return None

    def template(self, text: Any, key: str, names: dict, scope: str = DEAL) -> Callable[[Any], str] | None:
        return self.compiled(compile_template, text, key, names, scope)

    def compiled(self, compile_: Callable, text: Any, key: str, names: dict, scope: str) -> Any:
        """``text`` compiled; None (and the problem reported) when it does not compile."""
        if text is None:
            return None
        try:
            return compile_(text, key=key, names=names, scope=scope, shipped=self.shipped)
        except FormulaError as exc:
            self.add(exc.key, _where_read(exc.message))  # the formula layer's message, a Message or its words
            return None

    def formulas(self, schema: Table, checked: dict, keys: tuple[str, ...], path: str, names: dict,
                 scope: str) -> dict[str, Formula | None]:
        """Formula keys of a checked table compiled in the order given, by the model attribute they become."""
        return {attr_of(schema[k]): self.formula(checked.get(k), key_path(path, k), names, scope) for k in keys}

    def allowed(self, schema: Table, checked: dict, name: str, path: str) -> Any:
        """The value of a key with a list of allowed values: the schema's default when the key
        is left out, or (after reporting it) when the value is not allowed."""
        spec: Key = schema[name]
        value = checked.get(name)
        if value is None:
            return spec.default
        if value not in spec.allowed:
            self.add(key_path(path, name), Message("rules.not_allowed", value=str(value),
                                                   hint=hint(value, spec.allowed), allowed=", ".join(spec.allowed)))
            return spec.default
        return value

    def new_name(self, name: str, kind: str, key: str) -> bool:
        """Whether a constant, field or derived value may take this name; if not, say why."""
        if not ID_RE.match(name):
            self.add(key, {"constant": Message("rules.bad_name.constant", name=name),
                           "carried": Message("rules.carry.bad_name", name=name),
                           "field": Message("rules.bad_name.field", name=name),
                           "derived": Message("rules.bad_name.derived", name=name)}[kind])
            return False
        if name in self.names:
            if name in CONTEXT_NAMES:
                reason = Message("rules.name_taken.is_builtin", meaning=CONTEXT_NAMES[name][1])
            elif self.names[name].scope == CONST:
                reason = Message("rules.name_taken.is_option")
            else:
                reason = Message("rules.name_taken.is_field")
            self.add(key, {"constant": Message("rules.name_taken.constant", name=name, reason=reason),
                           "carried": Message("rules.carry.name_taken", name=name, reason=reason),
                           "field": Message("rules.name_taken.field", name=name, reason=reason),
                           "derived": Message("rules.name_taken.derived", name=name, reason=reason)}[kind])
            return False
        return True

    def item_id(self, value: str | None, key: str, section: str, seen: dict[str, bool]) -> str | None:
        """The id of a reminder or trump rule (what translations name it by), once per array."""
        if value is None:
            return None
        if value in seen:
            self.add(key, Message("rules.id_used.trump", id=value) if section == "trump"
                     else Message("rules.id_used.reminder", id=value))
        seen[value] = True
        return value


def attr_of(key: Key) -> str:
    """The model attribute a key of the schema becomes (one, for the keys read one by one)."""
    attr = key.attr
    assert isinstance(attr, str)  # (the schema's keys built this way name one attribute)
    return attr
