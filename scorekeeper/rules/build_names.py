"""The first steps of building a ruleset: the players, phases, partnerships and options, the
names known before the game starts (constants, the deck, options' formula defaults, worked out
for every number of players), and the names of the fields and carried values, known before
any formula that reads them is built (:class:`NameSteps`).
"""

from __future__ import annotations

from ..messages import Message
from .formula import BOOL, CARDS, CONST, DEAL, MAX_SEATS, NUM, SEAT, TEXT, EvalError, Formula, Missing, NameInfo
from .model import NO_TRUMP, SUITS, Option, phase_title
from .problems import OptionValueError, hint, key_path
from .schema import ID_RE, TABLES, TOP, plain_values
from ..values import replace
from .build_base import BuildState, WANT_CONDITION, WANT_NUMBER, CONTEXT_NAMES

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any


# What a score sheet's deal says besides the fields (who joins, who sits out, a changed plan:
# game.TABLE_KEYS): no field may take these names.
SHEET_DEAL_KEYS = ("join", "out", "plan")

# The type of value a formula gives, as problems say it.
FIELD_VALUE_TYPES = {"int": NUM, "seat": NUM, "bool": BOOL, "cards": CARDS}  # any other field holds text

_OPTION_VALUE_TYPES = {"choice": TEXT, "bool": BOOL, "int": NUM}

# Keys only some types of option or field may have: key -> the types.
_OPTION_ONLY = {"choices": ("choice",), "labels": ("choice",), "min": ("int",), "max": ("int",)}


def _field_choices(f: dict, ftype: str) -> tuple:
    """The values a field takes when they are a short list (a choice field's, the suits)."""
    if ftype == "choice":
        return tuple(f.get("choices", ()))
    if ftype in ("suit", "trump"):
        return (*SUITS, NO_TRUMP) if ftype == "trump" else SUITS
    return ()


def _pair_name(cid: str) -> NameInfo:
    """A value carried per pair of seats, as the ruleset's formulas know it: read only through
    between(seat, other, x) (bare it would not say whose on whom)."""
    return NameInfo(NUM, DEAL, pair=True, refused=Message("rules.carry.pair_bare", name=cid))


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


class NameSteps(BuildState):
    """The steps that give the names formulas read, and what is known before the game starts."""

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
                                               self.game_names, CONST), WANT_CONDITION)
                options[oid] = replace(options[oid], when=when)

    def _constants(self) -> None:
        self.attrs["deck"] = self.typed(self.formula(self.top.get("deck"), "deck", self.game_names, CONST), WANT_NUMBER)
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
            f = self.typed(self.formula(text, key, self.game_names, CONST), WANT_NUMBER)
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
            self.names[fid] = NameInfo(FIELD_VALUE_TYPES.get(ftype, TEXT), DEAL if scope == "deal" else SEAT,
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

    def _unnamed_leader(self) -> bool:
        """Whether ``[seats] leader = ""``: the rules name no seat that leads (the trump's or a
        reminder's text says who does, e.g. the holder of the two of clubs)."""
        seats = self.top.get("seats")
        return isinstance(seats, dict) and seats.get("leader") == ""
