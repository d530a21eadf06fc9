"""Checked TOML -> the ruleset model, one section at a time, collecting every problem.

:class:`Builder` reads a file's raw TOML with the schema's :class:`~.schema.Checker`,
then builds each section in the order the problems are listed: players, phases, teams,
options, the names known to formulas, deck and constants, fields and derived values,
the deal plan, seats, trump, score, checks, reminders, the end, and the translations.
Each step puts what it builds into ``attrs`` under the model attribute the schema names.
"""

from __future__ import annotations

import math

from ..messages import Message, Text
from .formula import (
    ANY, BOOL, CARDS, CONST, DEAL, MAX_SEATS, NUM, SEAT, TEAM, TEXT, EvalError, Formula, FormulaError, Missing, NameInfo,
    compile_formula, compile_template, names_in, type_word,
)
from .model import (
    MAX_DIGITS, NO_TRUMP, SUITS, Carried, Check, Derived, FieldSpec, Option, Parts, PlanPiece, Reminder, Ruleset, TrumpRule,
    phase_title,
)
from .labels import label_problem, with_names_held
from .problems import OptionValueError, Problem, hint, key_path
from .schema import ID_RE, RULESET_ID_RE, TABLES, TOP, Checker, Key, Table, plain_values
from .texts import Texts
from .translations import TranslationWalker
from ..values import replace

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable

__all__ = ["CARRY_NAMES", "CONTEXT_NAMES", "END_NAMES", "MATCH_NAMES", "Builder"]

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


def _pair_name(cid: str) -> NameInfo:
    """A value carried per pair of seats, as the ruleset's formulas know it: read only through
    between(seat, other, x) (bare it would not say whose on whom)."""
    return NameInfo(NUM, DEAL, pair=True, refused=Message("rules.carry.pair_bare", name=cid))


def _start_names(game_names: dict, scope: str) -> dict:
    """What a carried value's start reads: the game's names, and the seat it starts at
    (``seat``; a partnership's value: ``team``, the partnership), as a handicap or a game
    continued from paper gives each its own start."""
    unit = {"seat": "seat", "team": "team"}.get(scope)
    return game_names if unit is None else {**game_names, unit: NameInfo(NUM, CONST)}


def _where_read(message: Any) -> Any:
    """An unknown-name problem about a name the ruleset has elsewhere, saying where it is read."""
    if not isinstance(message, Message) or message.code != "formula.unknown_name":
        return message
    name = message.params.get("name")
    if name not in _READ_IN:
        return message
    return Message("rules.name_read.not_here", name=name, where=Message(f"rules.name_read.{_READ_IN[name]}"))


# What a score sheet's deal says besides the fields (who joins, who sits out, a changed plan:
# game.TABLE_KEYS): no field may take these names.
SHEET_DEAL_KEYS = ("join", "out", "plan")

# The type of value a formula gives, as problems say it.
_FIELD_VALUE_TYPES = {"int": NUM, "seat": NUM, "bool": BOOL, "cards": CARDS}  # any other field holds text
_OPTION_VALUE_TYPES = {"choice": TEXT, "bool": BOOL, "int": NUM}
# Keys only some types of option or field may have: key -> the types.
_OPTION_ONLY = {"choices": ("choice",), "labels": ("choice",), "min": ("int",), "max": ("int",)}
_FIELD_ONLY = {"min": ("int",), "max": ("int",), "values": ("int",), "choices": ("choice",), "labels": ("choice",),
               "count": ("cards",)}
# The longest chain of values each computed from the next (derived values, and fields
# filled in or bounded by formulas): deeper chains would exhaust Python's own stack.
MAX_CHAIN = 100
# The types a formula may give where a ruleset needs a number, a condition or a seat, with
# the problem's message when it gives another.
_NUMBER, _CONDITION, _SEAT, _SCORE, _SUIT = "number", "condition", "seat", "score", "suit"
_WANTED = {_NUMBER: ((NUM, BOOL), "rules.bound_not_number"), _CONDITION: ((BOOL, NUM), "rules.condition_not_bool"),
           _SEAT: ((NUM,), "rules.seat_not_number"), _SCORE: ((NUM, BOOL), "rules.score_not_number"),
           _SUIT: ((TEXT,), "rules.suit_not_text")}


def _field_choices(f: dict, ftype: str) -> tuple:
    """The values a field takes when they are a short list (a choice field's, the suits)."""
    if ftype == "choice":
        return tuple(f.get("choices", ()))
    if ftype in ("suit", "trump"):
        return (*SUITS, NO_TRUMP) if ftype == "trump" else SUITS
    return ()


def _derived_reads(d: dict, shipped: Any) -> frozenset[str]:
    """The names a derived value's formulas read (its value, or its parts); ``shipped`` as for names_in."""
    texts = [d.get("value"), *(d.get("parts") or {}).values()]
    return frozenset().union(*(names_in(t, shipped) for t in texts))


def _reading_order(reads: dict[str, frozenset[str]]) -> list[str]:
    """The values in an order where each comes after those it reads (so that each one's
    type is known before it is used); those in a loop last, in the order given."""
    waiting = {v: {n for n in names if n in reads and n != v} for v, names in reads.items()}
    readers: dict[str, list[str]] = {v: [] for v in reads}
    for v, names in waiting.items():
        for n in names:
            readers[n].append(v)
    ready = [v for v in reads if not waiting[v] and v not in reads[v]]
    order: list[str] = []
    while len(order) < len(ready):
        v = ready[len(order)]
        order.append(v)
        for r in readers[v]:
            waiting[r].discard(v)
            if not waiting[r] and r not in reads[r]:
                ready.append(r)
    placed = set(order)
    return order + [v for v in reads if v not in placed]


class _GameValues:
    """What formulas known before the game starts read, while a ruleset is checked."""

    def __init__(self, values: dict[str, Any]):
        self.values = values

    def get(self, name: str) -> Any:
        try:
            return self.values[name]
        except KeyError:
            raise Missing(name) from None

    def seat_order(self, *args: Any) -> Any:
        raise Missing("seats")

    at = is_entered = seat_name = team_of = seat_order


class Builder:
    """Builds a Ruleset from raw TOML data, collecting every problem it meets."""

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

    # -- the steps

    def build(self) -> Ruleset | None:
        """The ruleset, or None when there is a problem (``problems`` lists every one)."""
        self.top = self.checker.table(self.raw, TOP, "")
        for step in (self._players, self._phases, self._teams, self._options, self._game_names, self._constants,
                     self._field_names, self._carry_names, self._derived, self._fields, self._deals, self._seats, self._trump,
                     self._score, self._carry, self._redeal, self._next_dealer, self._checks, self._reminders, self._end, self._board, self._hand_value, self._cycles):
            step()
        texts = self._texts()
        if self.problems:
            return None
        ruleset = Ruleset(**{**plain_values(TOP, self.top), **self.attrs}, raw=self.raw, texts=texts)
        texts.cache["en"] = ruleset
        return ruleset

    def section(self, name: str) -> dict:
        """A top-level table, checked (empty when the file has none)."""
        return self.checker.table(self.top[name], TABLES[name], name) if name in self.top else {}

    def _players(self) -> None:
        players = self.section("players")
        self.attrs.update(plain_values(TABLES["players"], players))
        lo, hi = self.attrs["min_players"], self.attrs["max_players"]
        if "min" in players and "max" in players and not (1 <= lo <= hi <= MAX_SEATS):
            self.add("players", Message("rules.players_range", min=str(lo), max=str(hi)))

    def _phases(self) -> None:
        phases = tuple(self.top.get("phases", TOP["phases"].default))
        for i, ph in enumerate(phases):
            if not ID_RE.match(ph):
                self.add(f"phases[{i}]", Message("rules.bad_name.phase", name=ph))
        labels = {ph: phase_title(ph) for ph in phases}
        for ph, label in (self.top.get("phase_labels") or {}).items():
            if ph in phases:
                labels[ph] = label
            else:
                self.add(key_path("phase_labels", ph), Message("rules.not_a_phase", value=ph, phases=", ".join(phases),
                                                               hint=hint(ph, phases)))
        self.attrs.update(phases=phases, phase_labels=labels)

    def _teams(self) -> None:
        teams: tuple[tuple[int, ...], ...] = ()
        seats = self.section("teams").get("seats")
        if seats is not None:
            teams = tuple(tuple(team) for team in seats)
            flat = sorted(s for team in teams for s in team)
            if flat != list(range(1, len(flat) + 1)):
                self.add("teams.seats", Message("rules.teams.cover"))
            elif not self.attrs["min_players"] == self.attrs["max_players"] == len(flat):
                self.add("teams.seats", Message.plural("rules.teams.players", len(flat)))
        self.attrs["teams"] = teams

    def _options(self) -> None:
        options: dict[str, Option] = {}
        for oid, raw in (self.top.get("options") or {}).items():
            option = self.option(oid, raw, key_path("options", oid))
            if option is not None:
                options[oid] = option
        self.attrs["options"] = options

    def option(self, oid: str, raw: Any, key: str) -> Option | None:
        if not ID_RE.match(oid):
            self.add(key, Message("rules.bad_name.option", name=oid))
            return None
        schema = TABLES["option"]
        o = self.checker.table(raw, schema, key)
        if "type" not in o or "default" not in o:
            return None
        otype = self.allowed(schema, o, "type", key)
        choices = tuple(o.get("choices", ()))
        if otype == "choice" and not choices:
            if "choices" not in raw:  # choices that are not texts are reported as such
                self.add(key_path(key, "choices"), Message("rules.option.no_choices"))
            self.broken_options[oid] = otype  # its name stays known: formulas that use it are not wrong
            return None
        for extra, types in _OPTION_ONLY.items():
            if extra in o and otype not in types:
                self.add(key_path(key, extra), Message("rules.option.only_type", type=types[0], name=extra))
        option = Option(**{**plain_values(schema, o, oid), "id": oid, "type": otype, "default": None})
        for label_key in o.get("labels", {}):
            if label_key not in choices:
                self.add(key_path(key_path(key, "labels"), label_key),
                         Message("rules.not_a_choice", value=label_key, choices=", ".join(choices), hint=""))
        if otype == "int" and isinstance(o["default"], str):  # a formula: compiled once the names are known
            self.formula_defaults[oid] = o["default"]
            return option
        try:
            default = self.option_default(option, o["default"])
        except OptionValueError as exc:
            self.add(key_path(key, "default"), exc.message)
            return None
        return Option(**{**option.__dict__, "default": default})

    @staticmethod
    def option_default(option: Option, given: Any) -> Any:
        """The option's default: a value it takes, written as TOML writes that type of value."""
        default = option.parse(given)
        if option.type == "choice" and not isinstance(given, str):
            raise OptionValueError(Message("rules.option.default_choice", choices=", ".join(option.choices)))
        if option.type == "int" and type(given) is not int:
            raise OptionValueError(Message("rules.option.default_int"))
        if option.type == "bool" and not isinstance(given, bool):
            raise OptionValueError(Message("rules.option.default_bool"))
        return default

    def _game_names(self) -> None:
        """The built-in names, then the options' (known before the game starts)."""
        names = {k: v[0] for k, v in CONTEXT_NAMES.items()}
        # 'team' tells the formulas whether there are partnerships (team_sum() needs them)
        teams = bool(self.attrs["teams"])
        names["team"] = replace(names["team"], per_team=teams, ambiguous_inside=teams and not self.stored)
        if self.stored:
            names["trump"] = replace(names["trump"], choices=())
        if self._unnamed_leader():  # no formula may read a seat the rules do not name
            names["leader"] = replace(names["leader"], refused=Message("rules.seats.leader_unnamed"))
        kinds = {**self.broken_options, **{oid: o.type for oid, o in self.attrs["options"].items()}}
        for oid, kind in kinds.items():
            if oid in names:
                self.add(key_path("options", oid), Message("rules.option.builtin_name", name=oid))
            option = self.attrs["options"].get(oid)
            choices = option.choices if option and not self.stored else ()
            names[oid] = NameInfo(_OPTION_VALUE_TYPES[kind], CONST, choices=choices)
        self.names = names
        self.game_names = {k: v for k, v in names.items() if v.scope == CONST}
        options = self.attrs["options"]
        for oid, raw in (self.top.get("options") or {}).items():
            if oid in options and isinstance(raw, dict) and "when" in raw:
                when = self.typed(self.formula(raw["when"], key_path(key_path("options", oid), "when"),
                                               self.game_names, CONST), _CONDITION)
                options[oid] = replace(options[oid], when=when)

    def _constants(self) -> None:
        self.attrs["deck"] = self.typed(self.formula(self.top.get("deck"), "deck", self.game_names, CONST), _NUMBER)
        self._formula_defaults()
        constants: dict[str, Formula] = {}
        for cid, text in (self.top.get("constants") or {}).items():
            key = key_path("constants", cid)
            if not self.new_name(cid, "constant", key):
                continue
            f = self.formula(text, key, self.game_names, CONST)
            if f:
                constants[cid] = f
                self.names[cid] = self.game_names[cid] = NameInfo(f.type, CONST)
        self.attrs["constants"] = constants
        self._constant_values()

    def _formula_defaults(self) -> None:
        """Int options whose default is a formula of the players, the deck and the other options
        (e.g. "deck // players"); neither it nor the deck may read such an option."""
        options = self.attrs["options"]
        computed = set(self.formula_defaults)
        deck = self.attrs["deck"]
        for oid in sorted(computed & (deck.names if deck is not None else set())):
            self.add("deck", Message("rules.option.deck_reads_default", name=oid))
        for oid, text in self.formula_defaults.items():
            key = key_path(key_path("options", oid), "default")
            f = self.typed(self.formula(text, key, self.game_names, CONST), _NUMBER)
            if f is None or oid not in options:
                continue
            for name in sorted(computed & f.names):
                self.add(key, Message("rules.option.default_reads_default", name=name))
            options[oid] = replace(options[oid], default_formula=f)

    def _default_value(self, option: Option, env, players: int, failed: set[str]) -> None:
        """A formula default's value for so many players, checked as the option's values are
        (the first becomes the option's ``default``)."""
        f = option.default_formula
        assert f is not None  # (called for an option with a formula default)
        self._constant_value(env, option.id, f, failed)
        if option.id not in env.values:  # not computed: said once (a number too large, ...)
            return
        value = env.values.pop(option.id)
        low, high = option.min, option.max
        if (isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value)
                or low is not None and value < low or high is not None and value > high):
            if f.key not in failed:
                failed.add(f.key)
                self.add(f.key, Message("rules.option.default_value", players=players, value=str(value),
                                        low=str(low), high=str(high)))
            return
        env.values[option.id] = int(value)
        if option.default is None:
            self.attrs["options"][option.id] = replace(option, default=int(value))

    def _constant_values(self, extra: tuple[Formula, ...] = ()) -> None:
        """The deck, the options' formula defaults and the constants (and ``extra``, formulas of
        them such as carried values' starts) worked out for every number of players the ruleset
        allows, with the options at their defaults: a value that cannot be computed (too large, a
        division by zero, a default out of its range) is a problem now, named by its key, not at
        the table (``extra``: only its problems)."""
        deck = self.attrs["deck"]
        options = self.attrs["options"]
        computed = [oid for oid, o in options.items() if o.default_formula is not None]
        defaults = {oid: o.default for oid, o in options.items() if o.default_formula is None}
        failed: set[str] = set()
        if extra:  # the others were told already
            failed = {f.key for f in (deck, *self.attrs["constants"].values(),
                                      *(options[oid].default_formula for oid in computed)) if f is not None}
        for players in range(max(self.attrs["min_players"], 1), min(self.attrs["max_players"], MAX_SEATS) + 1):
            env = _GameValues({**defaults, "players": players, "deals": 0})
            if deck is not None:
                self._constant_value(env, "deck", deck, failed)
            for oid in computed:
                self._default_value(options[oid], env, players, failed)
            for cid, f in self.attrs["constants"].items():
                self._constant_value(env, cid, f, failed)
            for f in extra:
                self._constant_value(env, f.key.split(".", 1)[1], f, failed)

    def _constant_value(self, env, name: str, f: Formula, failed: set[str]) -> None:
        try:
            env.values[name] = f(env)
        except Missing:
            pass
        except EvalError as exc:
            if f.key not in failed:
                failed.add(f.key)
                self.add(f.key, exc.message)

    def _field_names(self) -> None:
        """Fields' names and types first: their formulas (built later) may use any name."""
        schema, phases, teams = TABLES["field"], self.attrs["phases"], self.attrs["teams"]
        for fid, raw in (self.top.get("fields") or {}).items():
            key = key_path("fields", fid)
            if not self.new_name(fid, "field", key):
                continue
            if fid in SHEET_DEAL_KEYS:  # a score sheet's deal could not hold it
                self.add(key, Message("rules.bad_name.field_sheet_key", name=fid, keys=", ".join(SHEET_DEAL_KEYS)))
                continue
            f = self.checker.table(raw, schema, key)
            if "type" not in f:
                continue
            self.field_raw[fid] = raw
            ftype = self.allowed(schema, f, "type", key)
            scope = self.allowed(schema, f, "scope", key)
            if scope == "team" and not teams:
                self.add(key_path(key, "scope"), Message("rules.team_needs_teams"))
            phase = f.get("phase", schema["phase"].default_for(fid, phases))
            if phase not in phases:
                self.add(key_path(key, "phase"), Message("rules.not_a_phase", value=str(phase),
                                                         phases=", ".join(phases), hint=""))
            self.field_meta[fid] = (f, ftype, scope, phase)
            self.names[fid] = NameInfo(_FIELD_VALUE_TYPES.get(ftype, TEXT), DEAL if scope == "deal" else SEAT,
                                       entered=True, per_team=scope == "team",
                                       choices=() if self.stored else _field_choices(f, ftype))

    def _carry_names(self) -> None:
        """The names of the values carried from deal to deal: per seat (a partnership's value
        at each of its seats), or one for the whole table, known to every formula of a deal."""
        for cid, raw in (self.top.get("carry") or {}).items():
            if self.new_name(cid, "carried", key_path("carry", cid)):  # a partnership's: read bare by its formulas
                scope = raw.get("scope") if isinstance(raw, dict) else None
                if scope == "pair":
                    self.names[cid] = _pair_name(cid)
                else:
                    self.names[cid] = (NameInfo(NUM, DEAL) if scope == "table"
                                       else NameInfo(NUM, SEAT, per_team=scope == "team"))

    def _carry(self) -> None:
        """Carried values: the start (a number fixed for the game), the update after each deal
        (a number, from the deal and ``score``, its points) and when it starts again."""
        schema, carried = TABLES["carry"], {}
        names = {**self.names, **{k: v[0] for k, v in {**END_NAMES, **CARRY_NAMES}.items() if k not in self.names}}
        for cid, raw in (self.top.get("carry") or {}).items():
            key = key_path("carry", cid)
            if cid not in self.names:
                continue
            c = self.checker.table(raw, schema, key)
            scope = self.allowed(schema, c, "scope", key)
            if scope == "team" and not self.attrs["teams"]:
                self.add(key_path(key, "scope"), Message("rules.team_needs_teams"))
            if "score" in self.names and "score" in names_in(c.get("value"), self.shipped) | names_in(c.get("reset"), self.shipped):
                self.add(key, Message("rules.carry.score_taken"))
            start = self.typed(self.formula(c.get("start", schema["start"].default), key_path(key, "start"),
                                            _start_names(self.game_names, scope), CONST), _NUMBER)
            fscope = DEAL if scope == "table" else SEAT  # the table's one value: a formula about the deal
            own = self._pair_update_names(cid, c, key, names) if scope == "pair" else names
            value = self.typed(self.formula(c.get("value"), key_path(key, "value"), own, fscope), _SCORE)
            reset = self.typed(self.formula(c.get("reset"), key_path(key, "reset"), own, fscope), _CONDITION)
            if start and value:
                carried[cid] = Carried(**{**plain_values(schema, c, cid), "id": cid, "scope": scope, "start": start,
                                          "value": value, "reset": reset})
        self.attrs["carry"] = carried
        if carried:
            self._constant_values(tuple(c.start for c in carried.values()))

    def _pair_update_names(self, cid: str, c: dict, key: str, names: dict[str, NameInfo]) -> dict[str, NameInfo]:
        """The names the update and reset of a value carried per pair of seats read: at ``seat``,
        the one who holds it, ``other`` the seat it is held on, and its own name bare, the value
        of that pair carried into the deal."""
        if "other" in self.names and "other" in (names_in(c.get("value"), self.shipped)
                                                  | names_in(c.get("reset"), self.shipped)):
            self.add(key, Message("rules.carry.other_taken"))
        own = {k: v[0] for k, v in PAIR_NAMES.items() if k not in self.names}
        return {**names, cid: NameInfo(NUM, DEAL, pair=True), **own}

    def _redeal(self) -> None:
        """When an entered deal does not count (a passed-out bridge deal): a condition of the deal."""
        self.attrs["redeal"] = self.typed(self.formula(self.deals_table.get("redeal"), "deals.redeal",
                                                       self.names, DEAL), _CONDITION)

    def _next_dealer(self) -> None:
        """Who deals after a deal that counts, when not the seat on the dealer's left (Doppelkopf's
        compulsory solo: the same dealer deals again): a seat, a formula of the deal just played."""
        self.attrs["next_dealer"] = self.typed(self.formula(self.deals_table.get("next_dealer"), "deals.next_dealer",
                                                            self.names, DEAL), _SEAT)

    def _derived(self) -> None:
        """Derived values: names first, then their formulas (types from them) in file order."""
        schema = TABLES["derived"]
        checked = {}
        for did, raw in (self.top.get("derived") or {}).items():
            key = key_path("derived", did)
            if not self.new_name(did, "derived", key):
                continue
            d = self.checker.table(raw, schema, key)
            scope = self.allowed(schema, d, "scope", key)
            if scope == "team" and not self.attrs["teams"]:
                self.add(key_path(key, "scope"), Message("rules.team_needs_teams"))
            checked[did] = (d, scope)
            self.names[did] = NameInfo(ANY, DEAL if scope == "deal" else SEAT, per_team=scope == "team")
        self.derived_ids = list(checked)
        built: dict[str, Derived] = {}
        ids = set(checked)
        reads = {did: _derived_reads(d, self.shipped) & ids for did, (d, _) in checked.items()}
        order = _reading_order(reads)
        place = {did: i for i, did in enumerate(order)}
        for did in order:
            for name in reads[did]:
                if place[name] >= place[did]:  # in a loop (reported by _cycles): a number meanwhile
                    self.names[name] = replace(self.names[name], type=NUM)
        for did in order:
            d, scope = checked[did]
            value = self.derived(did, d, scope)
            if value is not None:
                built[did] = value
            else:  # its problem is reported: a number meanwhile, for those that read it
                self.names[did] = replace(self.names[did], type=NUM)
        for did, (d, scope) in checked.items():  # (read once every value has its type)
            if did in built and "shown_when" in d:
                fscope = {"seat": SEAT, "team": self.partnership, "deal": DEAL}[scope]
                where = key_path(key_path("derived", did), "shown_when")
                shown = self.typed(self.formula(d["shown_when"], where, self.names, fscope), _CONDITION)
                built[did] = replace(built[did], shown_when=shown)
        self.attrs["derived"] = {did: built[did] for did in checked if did in built}  # in file order

    def derived(self, did: str, d: dict, scope: str) -> Derived | None:
        key = key_path("derived", did)
        fscope = {"seat": SEAT, "team": self.partnership, "deal": DEAL}[scope]  # where its formulas are checked
        parts = []
        for pid, text in (d.get("parts") or {}).items():
            pf = self.formula(text, key_path(key_path(key, "parts"), pid), self.names, fscope)
            if pf:
                parts.append((pid, pf))
        if "value" in d:
            value = self.formula(d["value"], key_path(key, "value"), self.names, fscope)
        elif parts:
            value = self.formula(" + ".join(f"({p.text})" for _, p in parts), key_path(key, "parts"), self.names,
                                 fscope)
        else:
            self.add(key_path(key, "value"), Message("rules.derived.no_value"))
            value = None
        shows = self.allowed(TABLES["derived"], d, "shows", key)
        if value and shows == "seat" and value.type != NUM:
            self.add(key_path(key, "shows"), Message("rules.derived.seat_number", text=value.text,
                                                     type=type_word(value.type)))
        built = None
        if value:
            built = Derived(**{**plain_values(TABLES["derived"], d, did), "id": did, "scope": scope, "value": value,
                               "parts": tuple(parts), "shows": shows})
            self.names[did] = NameInfo(value.type, DEAL if scope == "deal" else SEAT, per_team=scope == "team")
        part_ids = list(d.get("parts") or {})
        for pid in d.get("labels", {}):
            if pid not in part_ids:
                where = key_path(key_path(key, "labels"), pid)
                self.add(where, Message("rules.not_a_part", value=pid, parts=", ".join(part_ids), hint="") if part_ids
                         else Message("rules.derived.labels_need_parts"))
        return built

    def _fields(self) -> None:
        self.attrs["fields"] = {fid: self.field(fid, *meta) for fid, meta in self.field_meta.items()}

    def field(self, fid: str, f: dict, ftype: str, scope: str, phase: str) -> FieldSpec:
        key = key_path("fields", fid)
        for extra, types in _FIELD_ONLY.items():
            if extra in f and ftype not in types:
                self.add(key_path(key, extra), Message("rules.field.only_type", type=", ".join(types), name=extra))
        if ftype == "int" and f.get("values"):  # a list: its least and largest are the bounds
            if "min" in f or "max" in f:
                self.add(key_path(key, "values"), Message("rules.field.values_and_bounds"))
            f = {**f, "min": min(f["values"]), "max": max(f["values"])}
        elif ftype == "int" and ("min" not in f or "max" not in f) and "values" not in self.field_raw[fid]:
            self.add(key, Message("rules.field.int_needs_bounds"))  # (a bad list is reported as such)
        if ftype == "choice" and not f.get("choices") and "choices" not in self.field_raw[fid]:
            self.add(key_path(key, "choices"), Message("rules.field.no_choices"))
        if ftype == "choice":
            for value in f.get("labels", {}):
                if value not in f.get("choices", ()):
                    self.add(key_path(key_path(key, "labels"), value), Message(
                        "rules.not_a_choice", value=value, choices=", ".join(f.get("choices", ())), hint=""))
        schema = TABLES["field"]
        formulas = self.formulas(schema, f, ("min", "max", "count", "when", "fill"), key, self.names,
                                 DEAL if scope == "deal" else SEAT)
        for name, want in (("min", _NUMBER), ("max", _NUMBER), ("count", _NUMBER), ("when", _CONDITION)):
            formulas[name] = self.typed(formulas[name], want)
        fill = formulas["fill"]
        gives = _FIELD_VALUE_TYPES.get(ftype, TEXT)
        if fill is not None and fill.type != gives and not (gives == NUM and fill.type == BOOL):
            self.add(key_path(key, "fill"), Message("rules.field.fill_type", type=ftype, want=type_word(gives),
                                                    text=fill.text, got=type_word(fill.type)))
            formulas["fill"] = None
        plain = plain_values(schema, f, fid, self.attrs["phases"])
        choice_labels = plain["choice_labels"] if ftype == "choice" else {}
        self.label_placeholders(key, plain["label"], choice_labels)
        label, choice_labels, named = with_names_held(plain["label"], choice_labels, self.attrs["teams"])
        return FieldSpec(**{**plain, **formulas, "id": fid, "scope": scope, "phase": phase, "type": ftype,
                            "optional": bool(plain["optional"]), "label": label, "choice_labels": choice_labels,
                            "named_texts": named, "values": plain["values"] if ftype == "int" else ()})

    def label_placeholders(self, key: str, label: str, choice_labels: dict[str, str]) -> None:
        """Reports each label of a field whose placeholders name no seat or partnership."""
        players, teams = self.attrs["max_players"], len(self.attrs["teams"])
        for where, text in ((key_path(key, "label"), label),
                            *((key_path(key_path(key, "labels"), c), v) for c, v in choice_labels.items())):
            problem = label_problem(text, players, teams) if isinstance(text, str) else None
            if problem is not None:
                self.add(where, problem)

    def _deals(self) -> None:
        deals = self.deals_table = self.section("deals")
        plan = []
        for i, raw in enumerate(deals.get("plan", [])):
            piece = self.plan_piece(raw, f"deals.plan[{i}]")
            if piece is not None:
                plan.append(piece)
        cards = None
        if "cards" in deals:
            cards = self.typed(self.formula(deals["cards"], "deals.cards",
                                            {**self.game_names, "deal": self.names["deal"]}, DEAL), _NUMBER)
        if "deals" in self.top and not plan and cards is None and "plan" not in deals:
            self.add("deals", Message("rules.deals.none"))
        elif deals.get("plan") == [] and cards is None:  # no deal at all: nothing to play
            self.add("deals.plan", Message("rules.deals.empty"))
        if plan and cards is not None:
            self.add("deals.cards", Message("rules.deals.both"))
        self.attrs.update(plan=tuple(plan), cards=cards)

    def plan_piece(self, raw: Any, key: str) -> PlanPiece | None:
        p = self.checker.table(raw, TABLES["piece"], key)
        if ("range" in p) == ("cards" in p):
            self.add(key, Message("rules.deals.piece"))
            return None
        if "range" in p:
            start = self.typed(self.formula(p["range"][0], f"{key}.range[0]", self.game_names, CONST), _NUMBER)
            end = self.typed(self.formula(p["range"][1], f"{key}.range[1]", self.game_names, CONST), _NUMBER)
        else:
            start = end = self.typed(self.formula(p["cards"], f"{key}.cards", self.game_names, CONST), _NUMBER)
        formulas = self.formulas(TABLES["piece"], p, ("when", "repeat", "times", "step"), key, self.game_names, CONST)
        formulas["when"] = self.typed(formulas["when"], _CONDITION)
        formulas["repeat"] = self.typed(formulas["repeat"], _NUMBER)
        formulas["times"] = self.typed(formulas["times"], _NUMBER)
        formulas["step"] = self.typed(formulas["step"], _NUMBER)
        if "times" in p and "cards" not in p:
            self.add(f"{key}.times", Message("rules.deals.times"))
        if "step" in p and "range" not in p:
            self.add(f"{key}.step", Message("rules.deals.step"))
        return PlanPiece(start=start, end=end, **formulas) if start and end else None

    def _unnamed_leader(self) -> bool:
        """Whether ``[seats] leader = ""``: the rules name no seat that leads (the trump's or a
        reminder's text says who does, e.g. the holder of the two of clubs)."""
        seats = self.top.get("seats")
        return isinstance(seats, dict) and seats.get("leader") == ""

    def _seats(self) -> None:
        seats, schema = self.section("seats"), TABLES["seats"]
        for name in ("first_bidder", "leader"):
            if name == "leader" and self._unnamed_leader():
                self.attrs["leader"] = None
                continue
            self.attrs[_attr(schema[name])] = self.typed(self.formula(
                seats.get(name, schema[name].default), f"seats.{name}", self.names, DEAL), _SEAT)

    def _trump(self) -> None:
        rules: list[Any] = []
        ids: dict[str, bool] = {}
        for i, raw in enumerate(self.top.get("trump", [])):
            rule = self.trump_rule(raw, f"trump[{i}]", ids)
            if rule is not None:
                rules.append(rule)
        self.attrs["trump"] = tuple(rules)

    def trump_rule(self, raw: Any, key: str, ids: dict[str, bool]) -> TrumpRule | None:
        schema = TABLES["trump"]
        tr = self.checker.table(raw, schema, key)
        if "kind" not in tr:
            return None
        kind = self.allowed(schema, tr, "kind", key)
        needs = {"suit": "suit", "choose": "seat"}.get(kind)
        if needs and needs not in tr:
            self.add(key, Message("rules.trump.needs", kind=kind, name=needs))
        if kind in ("turn", "choose"):
            self.trump_field(tr.get("field"), kind, key)
        names = {k: v for k, v in self.names.items() if k != "trump"}
        formulas = self.formulas(schema, tr, ("when", "suit", "seat"), key, names, DEAL)
        formulas["when"] = self.typed(formulas["when"], _CONDITION)
        formulas["seat"] = self.typed(formulas["seat"], _SEAT)
        formulas["suit"] = self.typed(formulas["suit"], _SUIT)
        return TrumpRule(kind=kind, field=tr.get("field"), **formulas,
                         say=self.template(tr.get("say"), f"{key}.say", names, DEAL),
                         id=self.item_id(tr.get("id"), f"{key}.id", "trump", ids))

    def trump_field(self, fid: Any, kind: str, key: str) -> None:
        """A trump rule of kind turn or choose names a deal field of suit, trump or choice type."""
        if fid is None:
            self.add(key, Message("rules.trump.needs_field", kind=kind))
        elif fid not in self.field_meta:
            self.add(f"{key}.field", Message("rules.unknown_field", name=str(fid), hint=hint(fid, self.field_meta)))
        elif self.field_meta[fid][2] != "deal" or self.field_meta[fid][1] not in ("suit", "trump", "choice"):
            self.add(f"{key}.field", Message("rules.trump.field_type", name=fid))

    def _score(self) -> None:
        score = self.section("score")
        scope = self.allowed(TABLES["score"], score, "scope", "score")
        if scope == "team" and not self.attrs["teams"]:
            self.add("score.scope", Message("rules.team_needs_teams"))
        # a partnership's formula, or a seat's (a seat's too when the partnerships are missing, reported above)
        fscope = self.scorer_scope = self.partnership if scope == "team" and self.attrs["teams"] else SEAT
        value = self.typed(self.formula(score.get("value"), "score.value", self.names, fscope), _SCORE)
        # made: yes/no, or any other value (e.g. '' for a seat that did not bid) for no mark
        made = self.formula(score.get("made"), "score.made", self.names, fscope)
        digits = score.get("digits")
        if digits is not None and (type(digits) is not int or not 0 <= digits <= MAX_DIGITS):
            self.add("score.digits", Message("rules.score.digits", max=MAX_DIGITS))
            digits = None
        self.attrs.update(score_scope=scope, score=value, made=made, digits=digits)

    def _checks(self) -> None:
        checks, scopes, seen = [], {}, set()
        seen_keys: set[str | None] = set()
        for i, raw in enumerate(self.top.get("checks", [])):
            # named by its id, as translations and `remove` name it; by position while it has none
            cid = raw.get("id") if isinstance(raw, dict) else None
            named = isinstance(cid, str) and (ID_RE.match(cid) or RULESET_ID_RE.match(cid)) and cid not in seen_keys
            key = f"checks.{cid}" if named else f"checks[{i}]"
            if named:
                seen_keys.add(cid)
            c = self.checker.table(raw, TABLES["check"], key)
            if "rule" not in c or "message" not in c or "id" not in c:
                continue
            if c["id"] in seen:
                self.add(f"{key}.id", Message("rules.id_used.check", id=c["id"]))
            seen.add(c["id"])
            check = self.check(c, key)
            scopes[c["id"]] = check[0]
            if check[1] is not None:
                checks.append(check[1])
        self.attrs["checks"] = tuple(checks)
        self.check_scopes = scopes

    def check(self, c: dict, key: str) -> tuple[str, Check | None]:
        """A check's scope, and the check when its rule and message compile."""
        schema = TABLES["check"]
        scope = self.allowed(schema, c, "scope", key)
        fscope = SEAT if scope == "seat" else DEAL
        level = self.allowed(schema, c, "level", key)
        if "field" in c and c["field"] not in self.field_meta:
            self.add(f"{key}.field", Message("rules.unknown_field", name=str(c["field"]),
                                             hint=hint(c["field"], self.field_meta)))
        rule = self.typed(self.formula(c["rule"], f"{key}.rule", self.names, fscope), _CONDITION)
        message = self.template(c["message"], f"{key}.message", self.names, fscope)
        when = self.typed(self.formula(c.get("when"), f"{key}.when", self.names, fscope), _CONDITION)
        if not (rule and message):
            return scope, None
        return scope, Check(c["id"], scope, rule, message, level, when, c.get("field"))

    def _reminders(self) -> None:
        reminders: list[Any] = []
        ids: dict[str, bool] = {}
        for i, raw in enumerate(self.top.get("reminders", [])):
            key = f"reminders[{i}]"
            r = self.checker.table(raw, TABLES["reminder"], key)
            text = self.template(r.get("text"), f"{key}.text", self.names, DEAL)
            if text:
                reminders.append(Reminder(self.typed(self.formula(r.get("when"), f"{key}.when", self.names, DEAL),
                                                     _CONDITION), text,
                                          self.item_id(r.get("id"), f"{key}.id", "reminders", ids)))
        self.attrs["reminders"] = tuple(reminders)

    def _end(self) -> None:
        end = self.section("end")
        end_names = {**self.names, **{k: v[0] for k, v in END_NAMES.items()}}
        match_names = {**end_names, **{k: v[0] for k, v in MATCH_NAMES.items()}}
        self.attrs["end_when"] = self.typed(self.formula(end.get("when"), "end.when", match_names, DEAL), _CONDITION)
        self.attrs["parts"] = self.parts(end_names, match_names) if "parts" in self.top else None
        self.attrs["winner"] = self.allowed(TABLES["end"], end, "winner", "end")
        # wins: per scorer, after the last deal: who it holds for win the game
        self.attrs["end_wins"] = self.typed(self.formula(end.get("wins"), "end.wins", match_names, self.scorer_scope),
                                            _CONDITION)
        # bonus: per scorer, once the game has ended: points from the values after the last deal
        self.attrs["end_bonus"] = self.typed(self.formula(end.get("bonus"), "end.bonus", end_names, self.scorer_scope),
                                             _SCORE)
        if self.attrs["end_bonus"] is not None and "parts" in self.top:
            self.add("end.bonus", Message("rules.end_bonus_with_parts"))
        self.attrs["end_deals"] = self.typed(self.formula(end.get("deals"), "end.deals", self.game_names, CONST),
                                             _NUMBER)
        self.attrs["end_says"] = end.get("says") if isinstance(end.get("says"), str) else None
        if self.attrs["cards"] is not None and self.attrs["end_when"] is None:
            self.add("end.when", Message("rules.end_needs_when"))

    def _board(self) -> None:
        """[board]: what the score board shows in its deal column (a template over the deal), and
        the column's heading."""
        board = self.section("board")
        self.attrs["board_deal"] = self.template(board.get("deal"), "board.deal", self.names, DEAL)
        self.attrs["board_label"] = board.get("label") if isinstance(board.get("label"), str) else None

    def parts(self, end_names: dict[str, NameInfo], match_names: dict[str, NameInfo]) -> Parts | None:
        pt, schema = self.section("parts"), TABLES["parts"]
        p_end = self.typed(self.formula(pt.get("end"), "parts.end", end_names, DEAL), _CONDITION)
        p_award = self.typed(self.formula(pt.get("award"), "parts.award", end_names, self.scorer_scope), _SCORE)
        when = self.typed(self.formula(pt.get("when"), "parts.when", self.game_names, CONST), _CONDITION)
        bonus = self.typed(self.formula(pt.get("bonus"), "parts.bonus", match_names, self.scorer_scope), _SCORE)
        if not (p_end and p_award):
            return None
        return Parts(**plain_values(schema, pt), end=p_end, award=p_award, when=when, bonus=bonus)

    def _hand_value(self) -> None:
        value = self.top.get("hand_value")
        if value is not None and value not in self.derived_ids:
            self.add("hand_value", Message("rules.hand_value", name=str(value), hint=hint(value, self.derived_ids)))

    def _cycles(self) -> None:
        """A derived value or a field's fill/bounds that needs itself can never be computed;
        a chain of more than MAX_CHAIN values, each computed from the next, is too long.
        Walked with a list, not by recursion, so that no chain is too long to check."""
        fields, derived = self.attrs["fields"], self.attrs["derived"]
        graph: dict[str, list[str]] = {did: sorted(d.value.names) for did, d in derived.items()}
        for fid, f in fields.items():
            names = set().union(*(formula.names for formula in (f.fill, f.min, f.max, f.when) if formula))
            graph[fid] = sorted(names - ({fid} if f.fill is None else set()))  # its own bounds may read it
        state: dict[str, int] = {}  # 1: on the path now, 2: done
        chain: dict[str, int] = {}  # node -> how many values its longest chain has
        reported: set[str] = set()
        for root in graph:
            if root in state:
                continue
            state[root] = 1
            path, pending = [root], [iter(graph[root])]
            while pending:
                node = path[-1]
                nxt = next(pending[-1], None)
                if nxt is None:
                    pending.pop()
                    path.pop()
                    state[node] = 2
                    chain[node] = 1 + max((chain.get(n, 0) for n in graph[node]), default=0)
                elif state.get(nxt) == 1:
                    loop = path[path.index(nxt):] + [nxt]
                    if loop[0] not in reported:
                        reported.add(loop[0])
                        where = "derived" if loop[0] in derived else "fields"
                        self.add(key_path(where, loop[0]), Message("rules.depends_on_itself", loop=" -> ".join(loop)))
                elif nxt not in state and nxt in graph:
                    state[nxt] = 1
                    path.append(nxt)
                    pending.append(iter(graph[nxt]))
        longest = max(chain, key=chain.__getitem__, default=None)
        if longest is not None and chain[longest] > MAX_CHAIN and not reported:  # a loop is the problem there
            where = "derived" if longest in derived else "fields"
            self.add(key_path(where, longest), Message("rules.chain_too_long", name=longest, length=chain[longest],
                                                       max=MAX_CHAIN))

    def _texts(self) -> Texts:
        """What the ruleset needs to give its texts in other languages (and, for check_file,
        every problem in its translations)."""
        phases = self.attrs["phases"]
        english = {c["id"]: c["message"] for c in self.top.get("checks", [])
                   if isinstance(c, dict) and isinstance(c.get("id"), str) and isinstance(c.get("message"), str)}
        texts = Texts(self.file, self.raw, phases, self.names, self.check_scopes, english, self.shipped)
        if self.compile_translations:
            texts.walked = (TranslationWalker(self.checker).walk(self.top, phases), [])
            for lang in texts.walked[0]:
                self.problems.extend(texts.compile(lang)[1])
        return texts

    # -- helpers

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
        return {_attr(schema[k]): self.formula(checked.get(k), key_path(path, k), names, scope) for k in keys}

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


def _attr(key: Key) -> str:
    """The model attribute a key of the schema becomes (one, for the keys read one by one)."""
    attr = key.attr
    assert isinstance(attr, str)  # (the schema's keys built this way name one attribute)
    return attr
