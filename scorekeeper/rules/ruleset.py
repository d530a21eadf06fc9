"""Ruleset files: TOML -> checked model with compiled formulas.

The schema in :data:`SCHEMA` is the only statement of what a ruleset file may say.
:func:`check_file` lists every problem; :func:`load_ruleset` stops at the first.
Problems name the file and the key path as TOML writes it, e.g.
``rulesets/lupaus.toml: score.value: unknown name 'trick' (did you mean 'tricks'?)``.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .formula import (
    BOOL, CARDS, CONST, DEAL, NUM, SEAT, TEXT,
    Formula, FormulaError, NameInfo, compile_formula, compile_template,
)
from .paths import builtin_rulesets_dir

SUITS = ("spades", "hearts", "diamonds", "clubs")
NO_TRUMP = "none"
FIELD_TYPES = ("int", "choice", "suit", "trump", "seat", "bool", "cards")
TRUMP_KINDS = ("none", "turn", "suit", "choose")
SCOPES = ("seat", "team", "deal")
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
RULESET_ID_RE = re.compile(r"^[a-z][a-z0-9-]*$")

# Names every ruleset has, with what they mean (shown by `rules show` and in docs).
CONTEXT_NAMES: dict[str, tuple[NameInfo, str]] = {
    "players": (NameInfo(NUM, CONST), "the number of players"),
    "deck": (NameInfo(NUM, CONST), "the number of cards in the deck"),
    "deals": (NameInfo(NUM, CONST), "the number of deals in the plan (0 when the game ends by score)"),
    "deal": (NameInfo(NUM, DEAL), "the number of this deal, from 1"),
    "cards": (NameInfo(NUM, DEAL), "cards dealt to each player this deal (the number of tricks)"),
    "dealer": (NameInfo(NUM, DEAL), "the dealer's seat"),
    "forehand": (NameInfo(NUM, DEAL), "the seat left of the dealer"),
    "first_bidder": (NameInfo(NUM, DEAL), "the seat that bids first"),
    "leader": (NameInfo(NUM, DEAL), "the seat that leads the first trick"),
    "trump": (NameInfo(TEXT, DEAL), "this deal's trump suit, or 'none'"),
    "seat": (NameInfo(NUM, SEAT), "the seat's number, 1 for the first player entered"),
    "position": (NameInfo(NUM, SEAT), "the seat's place in the bidding order, from 1"),
    "team": (NameInfo(NUM, SEAT), "the seat's partnership number (0 without partnerships)"),
    "player": (NameInfo(TEXT, SEAT), "the seat's player name"),
    "is_dealer": (NameInfo(BOOL, SEAT), "whether the seat deals"),
    "before": (NameInfo(NUM, SEAT), "the seat's (or partnership's) total before this deal"),
}
END_NAMES = {
    "total": (NameInfo(NUM, SEAT), "the seat's (or partnership's) total after this deal (in the current part, with parts)"),
}
MATCH_NAMES = {
    "parts_won": (NameInfo(NUM, SEAT), "with parts: how many parts (e.g. games of a rubber) the seat has won"),
    "match_total": (NameInfo(NUM, SEAT), "with parts: the points the seat has been awarded for finished parts"),
}


class RulesetError(ValueError):
    """A ruleset that cannot be used; ``problems`` lists every problem found."""

    def __init__(self, problems: list["Problem"]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True)
class Problem:
    file: str
    path: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


# --- the model ----------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    id: str
    type: str  # choice, bool, int
    default: Any
    label: str
    help: str = ""
    choices: tuple[str, ...] = ()
    choice_labels: dict[str, str] = field(default_factory=dict)
    min: int | None = None
    max: int | None = None

    def parse(self, text: Any) -> Any:
        """A value given by a player (text or TOML value) -> the option's value, or ValueError."""
        if self.type == "bool":
            if isinstance(text, bool):
                return text
            low = str(text).strip().lower()
            if low in ("yes", "true", "on", "1", "kyllä", "tak"):
                return True
            if low in ("no", "false", "off", "0", "ei", "nie"):
                return False
            raise ValueError(f"option {self.id} is yes or no, not '{text}'")
        if self.type == "int":
            try:
                value = int(text) if not isinstance(text, bool) else None
            except (TypeError, ValueError):
                value = None
            if value is None:
                raise ValueError(f"option {self.id} is a whole number, not '{text}'")
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise ValueError(f"option {self.id} must be from {self.min} to {self.max}, not {value}")
            return value
        value = str(text).strip()
        if value not in self.choices:
            close = difflib.get_close_matches(value, self.choices, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ValueError(f"option {self.id} is one of {', '.join(self.choices)}, not '{value}'{hint}")
        return value


@dataclass(frozen=True)
class FieldSpec:
    id: str
    scope: str  # seat, team, deal
    phase: str
    type: str
    label: str
    min: Formula | None = None
    max: Formula | None = None
    choices: tuple[str, ...] = ()
    count: Formula | None = None
    when: Formula | None = None
    fill: Formula | None = None
    optional: bool = False
    help: str = ""

    def formula_type(self) -> str:
        return {"int": NUM, "seat": NUM, "bool": BOOL, "cards": CARDS}.get(self.type, TEXT)


@dataclass(frozen=True)
class Derived:
    id: str
    scope: str
    value: Formula
    label: str
    parts: tuple[tuple[str, Formula], ...] = ()
    shows: str = "value"  # "seat": the value is a seat, shown as the player's name


@dataclass(frozen=True)
class Check:
    id: str
    scope: str  # deal or seat
    rule: Formula
    message: Callable[[Any], str]
    level: str  # error or warning
    when: Formula | None = None
    field: str | None = None


@dataclass(frozen=True)
class TrumpRule:
    kind: str
    when: Formula | None
    suit: Formula | None = None
    seat: Formula | None = None
    field: str | None = None
    say: Callable[[Any], str] | None = None


@dataclass(frozen=True)
class PlanPiece:
    when: Formula | None
    start: Formula
    end: Formula
    repeat: Formula | None
    times: Formula | None


@dataclass(frozen=True)
class Parts:
    """A game played in parts (the games of a rubber): part totals restart after each part."""

    name: str
    when: Formula | None  # the parts apply under these options
    end: Formula  # after a deal: the part is over
    award: Formula  # per seat, when a part ends: points into the match total
    bonus: Formula | None  # per seat, when the whole game ends


@dataclass(frozen=True)
class Reminder:
    when: Formula | None
    text: Callable[[Any], str]


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    aka: tuple[str, ...]
    description: str
    source: str
    min_players: int
    max_players: int
    deck: Formula
    phases: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...]
    options: dict[str, Option]
    constants: dict[str, Formula]
    plan: tuple[PlanPiece, ...]
    cards: Formula | None
    first_bidder: Formula
    leader: Formula
    trump: tuple[TrumpRule, ...]
    fields: dict[str, FieldSpec]
    derived: dict[str, Derived]
    score: Formula
    score_scope: str  # seat or team
    made: Formula | None
    checks: tuple[Check, ...]
    reminders: tuple[Reminder, ...]
    end_when: Formula | None
    winner: str  # highest or lowest
    hand_value: str | None
    parts: "Parts | None" = None
    raw: dict = field(repr=False, default_factory=dict)

    def option_defaults(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.options.items()}

    def resolve_options(self, given: dict[str, Any] | None = None) -> dict[str, Any]:
        """Defaults overlaid with the given options; unknown names or bad values raise ValueError."""
        values = self.option_defaults()
        for key, raw in (given or {}).items():
            if key not in self.options:
                close = difflib.get_close_matches(key, list(self.options), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                known = ", ".join(self.options) or "none"
                raise ValueError(f"{self.id} has no option '{key}'{hint}; its options are: {known}")
            values[key] = self.options[key].parse(raw)
        return values

    def fields_in_phase(self, phase: str) -> list[FieldSpec]:
        return [f for f in self.fields.values() if f.phase == phase]


# --- the schema -----------------------------------------------------------------------
# Each table: key -> (kind, required). Kinds: str, int, bool, formula, template,
# list-str, table (a nested schema name), tables (a table of named tables), array
# (an array of tables), teams, range.

TOP = {
    "id": ("id", True), "name": ("str", True), "aka": ("list-str", False),
    "description": ("str", True), "source": ("str", False),
    "extends": ("str", False), "remove": ("list-str", False),
    "players": ("table:players", True), "deck": ("formula", True),
    "phases": ("list-str", False), "teams": ("table:teams", False),
    "options": ("tables:option", False), "constants": ("formulas", False),
    "deals": ("table:deals", True), "seats": ("table:seats", False),
    "trump": ("array:trump", False), "fields": ("tables:field", True),
    "derived": ("tables:derived", False), "score": ("table:score", True),
    "checks": ("array:check", False), "reminders": ("array:reminder", False),
    "end": ("table:end", False), "hand_value": ("str", False), "parts": ("table:parts", False),
}
TABLES = {
    "players": {"min": ("int", True), "max": ("int", True)},
    "teams": {"seats": ("teams", True)},
    "option": {
        "type": ("str", True), "default": ("any", True), "label": ("str", False),
        "help": ("str", False), "choices": ("list-str", False), "labels": ("strings", False),
        "min": ("int", False), "max": ("int", False),
    },
    "deals": {"plan": ("array:piece", False), "cards": ("formula", False)},
    "piece": {
        "when": ("formula", False), "range": ("range", False), "cards": ("formula", False),
        "repeat": ("formula", False), "times": ("formula", False),
    },
    "seats": {"first_bidder": ("formula", False), "leader": ("formula", False)},
    "trump": {
        "when": ("formula", False), "kind": ("str", True), "suit": ("formula", False),
        "seat": ("formula", False), "field": ("str", False), "say": ("template", False),
    },
    "field": {
        "scope": ("str", False), "phase": ("str", False), "type": ("str", True),
        "label": ("str", False), "help": ("str", False), "min": ("formula", False),
        "max": ("formula", False), "choices": ("list-str", False), "count": ("formula", False),
        "when": ("formula", False), "fill": ("formula", False), "optional": ("bool", False),
    },
    "derived": {
        "scope": ("str", False), "value": ("formula", False), "label": ("str", False),
        "parts": ("formulas", False), "shows": ("str", False),
    },
    "score": {"scope": ("str", False), "value": ("formula", True), "made": ("formula", False)},
    "check": {
        "id": ("id", True), "scope": ("str", False), "rule": ("formula", True),
        "message": ("template", True), "level": ("str", False), "when": ("formula", False),
        "field": ("str", False),
    },
    "reminder": {"when": ("formula", False), "text": ("template", True)},
    "end": {"when": ("formula", False), "winner": ("str", False)},
    "parts": {
        "name": ("str", False), "when": ("formula", False), "end": ("formula", True),
        "award": ("formula", True), "bonus": ("formula", False),
    },
}

_TYPE_WORDS = {
    "str": "text", "id": "a name (lower-case letters, digits, _)", "int": "a whole number",
    "bool": "true or false", "formula": "a formula (text) or a number", "template": "text",
    "list-str": "a list of texts", "range": "a list of two values [from, to]",
    "teams": "a list of seat lists, e.g. [[1, 3], [2, 4]]",
}


def _toml_type(value: Any) -> str:
    return {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def _key(path: str, key: str) -> str:
    part = key if re.match(r"^[A-Za-z0-9_-]+$", key) else f'"{key}"'
    return f"{path}.{part}" if path else part


class _Checker:
    """Walks the raw TOML against the schema, collecting problems."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append(Problem(self.file, path, message))

    def table(self, raw: Any, schema: dict, path: str) -> dict:
        if not isinstance(raw, dict):
            self.add(path, f"expected a table, got {_toml_type(raw)}")
            return {}
        ok = {}
        for key, value in raw.items():
            where = _key(path, key)
            if key not in schema:
                close = difflib.get_close_matches(key, list(schema), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                self.add(where, f"unknown key '{key}'{hint}; allowed here: {', '.join(schema)}")
                continue
            kind = schema[key][0]
            if self.value(value, kind, where):
                ok[key] = value
        for key, (kind, required) in schema.items():
            if required and key not in raw:
                self.add(_key(path, key), f"is missing: {_TYPE_WORDS.get(kind.split(':')[0], 'a table')} is required here")
        return ok

    def value(self, value: Any, kind: str, where: str) -> bool:
        base = kind.split(":")[0]
        bad = lambda: self.add(where, f"expected {_TYPE_WORDS.get(base, base)}, got {_toml_type(value)}")  # noqa: E731
        if base == "any":
            return True
        if base == "str" or base == "template":
            if not isinstance(value, str):
                bad(); return False
            return True
        if base == "id":
            if not isinstance(value, str) or not (ID_RE.match(value) or RULESET_ID_RE.match(value)):
                self.add(where, f"'{value}' is not a valid name: use lower-case letters, digits, '_' or '-', starting with a letter")
                return False
            return True
        if base == "int":
            if type(value) is not int:
                bad(); return False
            return True
        if base == "bool":
            if not isinstance(value, bool):
                bad(); return False
            return True
        if base == "formula":
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                bad(); return False
            return True
        if base == "list-str":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                bad(); return False
            return True
        if base == "strings" or base == "formulas":
            if not isinstance(value, dict):
                self.add(where, f"expected a table, got {_toml_type(value)}")
                return False
            good = True
            for k, v in value.items():
                inner = "formula" if base == "formulas" else "str"
                good &= self.value(v, inner, _key(where, k))
            return good
        if base == "range":
            if not isinstance(value, list) or len(value) != 2:
                bad(); return False
            return all(self.value(v, "formula", f"{where}[{i}]") for i, v in enumerate(value))
        if base == "teams":
            if not (isinstance(value, list) and value and all(
                isinstance(t, list) and t and all(type(s) is int for s in t) for t in value
            )):
                bad(); return False
            return True
        if base == "table":
            return isinstance(value, dict) or (bad() or False)
        if base == "tables":
            if not isinstance(value, dict):
                bad(); return False
            return True
        if base == "array":
            if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
                self.add(where, f"expected an array of tables ([[{where}]]), got {_toml_type(value)}")
                return False
            return True
        raise AssertionError(kind)  # pragma: no cover


# --- reading files ------------------------------------------------------------------------

def _read_toml(path: Path, shown: str) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesetError([Problem(shown, "", "no such file")]) from None
    except UnicodeDecodeError:
        raise RulesetError([Problem(shown, "", "the file is not UTF-8 text")]) from None
    except OSError as exc:
        raise RulesetError([Problem(shown, "", f"cannot be read: {exc.strerror}")]) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        line = None
        m = re.search(r"\(at line (\d+), column (\d+)\)", message)
        if m:
            line = int(m.group(1))
            message = message[: m.start()].strip()
        raise RulesetError([Problem(shown, "", f"not valid TOML: {message}", line)]) from None


def builtin_ids() -> list[str]:
    return sorted(p.stem for p in builtin_rulesets_dir().glob("*.toml"))


def find_ruleset_path(ref: str) -> Path:
    """A built-in id ('lupaus') or a path to a .toml file."""
    path = Path(ref)
    if path.suffix == ".toml" or path.exists():
        return path
    candidate = builtin_rulesets_dir() / f"{ref}.toml"
    if candidate.exists():
        return candidate
    known = builtin_ids()
    close = difflib.get_close_matches(ref, known, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise RulesetError([Problem(ref, "", f"no built-in ruleset '{ref}'{hint}; the built-in rulesets are: {', '.join(known)}; or give a path to a .toml file")])


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for key, value in over.items():
        if key == "checks" and isinstance(value, list) and isinstance(base.get(key), list):
            merged = list(base[key])
            ids = {c.get("id"): i for i, c in enumerate(merged) if isinstance(c, dict)}
            for check in value:
                cid = check.get("id") if isinstance(check, dict) else None
                if cid in ids:
                    merged[ids[cid]] = check
                else:
                    merged.append(check)
            out[key] = merged
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            out[key] = _merge(base[key], value)
        else:
            out[key] = value
    return out


def _remove(data: dict, dotted: str) -> bool:
    parts = dotted.split(".")
    node: Any = data
    for part in parts[:-1]:
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    last = parts[-1]
    if isinstance(node, dict) and last in node:
        del node[last]
        return True
    if parts[0] == "checks" and len(parts) == 2 and isinstance(data.get("checks"), list):
        before = len(data["checks"])
        data["checks"] = [c for c in data["checks"] if not (isinstance(c, dict) and c.get("id") == last)]
        return len(data["checks"]) < before
    return False


def read_raw(path: Path, shown: str | None = None, _depth: int = 0) -> dict:
    """The file's TOML with any `extends` chain resolved and `remove` applied."""
    shown = shown or str(path)
    data = _read_toml(path, shown)
    parent_ref = data.get("extends")
    if parent_ref is None:
        return data
    if not isinstance(parent_ref, str):
        raise RulesetError([Problem(shown, "extends", f"expected the id or path of a ruleset, got {_toml_type(parent_ref)}")])
    if _depth > 8:
        raise RulesetError([Problem(shown, "extends", "rulesets extend each other more than 8 deep (a loop?)")])
    if parent_ref.endswith(".toml"):
        parent_path = (path.parent / parent_ref)
    else:
        try:
            parent_path = find_ruleset_path(parent_ref)
        except RulesetError as exc:
            raise RulesetError([Problem(shown, "extends", exc.problems[0].message)]) from None
    parent = read_raw(parent_path, str(parent_path), _depth + 1)
    removals = data.get("remove", [])
    over = {k: v for k, v in data.items() if k not in ("extends", "remove")}
    merged = _merge(parent, over)
    problems = []
    if not isinstance(removals, list):
        problems.append(Problem(shown, "remove", "expected a list of key paths, e.g. [\"fields.a\"]"))
        removals = []
    for dotted in removals:
        if not isinstance(dotted, str) or not _remove(merged, dotted):
            problems.append(Problem(shown, "remove", f"there is no '{dotted}' in {parent_ref} to remove"))
    if problems:
        raise RulesetError(problems)
    merged.setdefault("source", shown)
    return merged


# --- building the model ---------------------------------------------------------------------

class _Builder:
    """Builds a Ruleset from checked raw data, collecting every problem it meets."""

    def __init__(self, raw: dict, file: str):
        self.raw = raw
        self.file = file
        self.checker = _Checker(file)

    @property
    def problems(self) -> list[Problem]:
        return self.checker.problems

    def add(self, path: str, message: str) -> None:
        self.checker.add(path, message)

    def formula(self, text: Any, key: str, names: dict, scope: str = DEAL) -> Formula | None:
        if text is None:
            return None
        try:
            return compile_formula(text, key=key, names=names, scope=scope)
        except FormulaError as exc:
            self.add(exc.key, exc.message)
            return None

    def template(self, text: Any, key: str, names: dict, scope: str = DEAL):
        if text is None:
            return None
        try:
            return compile_template(text, key=key, names=names, scope=scope)
        except FormulaError as exc:
            self.add(exc.key, exc.message)
            return None

    def new_name(self, name: str, kind: str, names: dict, key: str) -> bool:
        """Whether a constant, field or derived value may take this name; if not, say why."""
        if not ID_RE.match(name):
            self.add(key, f"'{name}' is not a valid {kind} name: use lower-case letters, digits and '_', starting with a letter")
            return False
        if name in names:
            if name in CONTEXT_NAMES:
                taken = f"a built-in name ({CONTEXT_NAMES[name][1]})"
            elif names[name].scope == CONST:
                taken = "already an option or constant"
            else:
                taken = "already a field or derived value"
            self.add(key, f"'{name}' cannot be a {kind} name: it is {taken}; choose another name")
            return False
        return True

    def choice(self, value: Any, allowed: tuple[str, ...], key: str, default: str) -> str:
        if value is None:
            return default
        if value not in allowed:
            close = difflib.get_close_matches(str(value), allowed, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            self.add(key, f"'{value}' is not allowed{hint}; use one of: {', '.join(allowed)}")
            return default
        return value

    def build(self) -> Ruleset | None:
        top = self.checker.table(self.raw, TOP, "")
        sub = lambda name, key: self.checker.table(top.get(key, {}), TABLES[name], key) if key in top else {}  # noqa: E731

        players = sub("players", "players")
        lo, hi = players.get("min", 1), players.get("max", 1)
        if "min" in players and "max" in players and not (1 <= lo <= hi <= 12):
            self.add("players", f"min and max must satisfy 1 <= min <= max <= 12 (got {lo} and {hi})")

        phases = tuple(top.get("phases", ["evaluation", "bidding", "play"]))
        for i, ph in enumerate(phases):
            if not ID_RE.match(ph):
                self.add(f"phases[{i}]", f"'{ph}' is not a valid phase name: use lower-case letters, digits and '_'")

        teams: tuple[tuple[int, ...], ...] = ()
        if "teams" in top:
            t = sub("teams", "teams")
            if "seats" in t:
                teams = tuple(tuple(x) for x in t["seats"])
                flat = sorted(s for team in teams for s in team)
                if flat != list(range(1, len(flat) + 1)):
                    self.add("teams.seats", "every seat from 1 up must be in exactly one partnership")
                elif not lo == hi == len(flat):
                    self.add("teams.seats", f"partnerships cover {len(flat)} seats, so players.min and players.max must both be {len(flat)}")

        # Options
        options: dict[str, Option] = {}
        for oid, raw in (top.get("options") or {}).items():
            key = _key("options", oid)
            if not ID_RE.match(oid):
                self.add(key, f"'{oid}' is not a valid option name: use lower-case letters, digits and '_'")
                continue
            o = self.checker.table(raw, TABLES["option"], key)
            if "type" not in o or "default" not in o:
                continue
            otype = self.choice(o["type"], ("choice", "bool", "int"), _key(key, "type"), "choice")
            choices = tuple(o.get("choices", ()))
            if otype == "choice" and not choices:
                self.add(_key(key, "choices"), "is missing: a choice option needs a list of choices")
                continue
            for extra, label in (("choices", "choice"), ("labels", "choice"), ("min", "int"), ("max", "int")):
                if extra in o and otype != label:
                    self.add(_key(key, extra), f"only an option of type '{label}' has {extra}")
            opt = Option(oid, otype, None, o.get("label", oid.replace("_", " ")), o.get("help", ""),
                         choices, dict(o.get("labels", {})), o.get("min"), o.get("max"))
            for label_key in o.get("labels", {}):
                if label_key not in choices:
                    self.add(_key(_key(key, "labels"), label_key), f"'{label_key}' is not one of the choices: {', '.join(choices)}")
            try:
                default = opt.parse(o["default"])
                if otype == "choice" and not isinstance(o["default"], str):
                    raise ValueError(f"the default must be one of {', '.join(choices)}")
                if otype == "int" and type(o["default"]) is not int:
                    raise ValueError("the default must be a whole number")
                if otype == "bool" and not isinstance(o["default"], bool):
                    raise ValueError("the default must be true or false")
            except ValueError as exc:
                self.add(_key(key, "default"), str(exc))
                continue
            options[oid] = Option(**{**opt.__dict__, "default": default})

        # Names known at game level
        names: dict[str, NameInfo] = {k: v[0] for k, v in CONTEXT_NAMES.items()}
        option_type = {"choice": TEXT, "bool": BOOL, "int": NUM}
        for oid, opt in options.items():
            if oid in names:
                self.add(_key("options", oid), f"'{oid}' is a built-in name; choose another option name")
            names[oid] = NameInfo(option_type[opt.type], CONST)
        game_names = {k: v for k, v in names.items() if v.scope == CONST}

        deck = self.formula(top.get("deck"), "deck", game_names, CONST)
        constants: dict[str, Formula] = {}
        for cid, text in (top.get("constants") or {}).items():
            key = _key("constants", cid)
            if not self.new_name(cid, "constant", names, key):
                continue
            f = self.formula(text, key, game_names, CONST)
            if f:
                constants[cid] = f
                names[cid] = game_names[cid] = NameInfo(f.type, CONST)

        # Fields: first their names and types, then their formulas (which may use any name).
        raw_fields = top.get("fields") or {}
        field_meta = {}
        for fid, raw in raw_fields.items():
            key = _key("fields", fid)
            if not self.new_name(fid, "field", names, key):
                continue
            f = self.checker.table(raw, TABLES["field"], key)
            if "type" not in f:
                continue
            ftype = self.choice(f["type"], FIELD_TYPES, _key(key, "type"), "int")
            scope = self.choice(f.get("scope"), SCOPES, _key(key, "scope"), "seat")
            if scope == "team" and not teams:
                self.add(_key(key, "scope"), "'team' needs partnerships ([teams]) in the ruleset")
            phase = f.get("phase", phases[0] if phases else "play")
            if phase not in phases:
                self.add(_key(key, "phase"), f"'{phase}' is not one of the phases: {', '.join(phases)}")
            field_meta[fid] = (f, ftype, scope, phase)
            ftype_formula = {"int": NUM, "seat": NUM, "bool": BOOL, "cards": CARDS}.get(ftype, TEXT)
            names[fid] = NameInfo(ftype_formula, DEAL if scope == "deal" else SEAT, entered=True)

        # Derived values: names first, types from their formulas in file order.
        raw_derived = top.get("derived") or {}
        derived_meta = {}
        for did, raw in raw_derived.items():
            key = _key("derived", did)
            if not self.new_name(did, "derived value", names, key):
                continue
            d = self.checker.table(raw, TABLES["derived"], key)
            scope = self.choice(d.get("scope"), ("seat", "deal"), _key(key, "scope"), "seat")
            derived_meta[did] = (d, scope)
            names[did] = NameInfo("any", DEAL if scope == "deal" else SEAT)

        derived: dict[str, Derived] = {}
        for did, (d, scope) in derived_meta.items():
            key = _key("derived", did)
            fscope = SEAT if scope == "seat" else DEAL
            parts = []
            for pid, text in (d.get("parts") or {}).items():
                pf = self.formula(text, _key(_key(key, "parts"), pid), names, fscope)
                if pf:
                    parts.append((pid, pf))
            if "value" in d:
                value = self.formula(d["value"], _key(key, "value"), names, fscope)
            elif parts:
                texts = " + ".join(f"({p.text})" for _, p in parts)
                value = self.formula(texts, _key(key, "parts"), names, fscope)
            else:
                self.add(_key(key, "value"), "is missing: a derived value needs a value formula or parts")
                value = None
            shows = self.choice(d.get("shows"), ("value", "seat"), _key(key, "shows"), "value")
            if value and shows == "seat" and value.type not in (NUM, "any"):
                self.add(_key(key, "shows"), f"a seat is a number, but {value.text} is {value.type}")
            if value:
                derived[did] = Derived(did, scope, value, d.get("label", did.replace("_", " ")), tuple(parts), shows)
                names[did] = NameInfo(value.type, fscope)

        fields: dict[str, FieldSpec] = {}
        for fid, (f, ftype, scope, phase) in field_meta.items():
            key = _key("fields", fid)
            fscope = DEAL if scope == "deal" else SEAT
            for extra, allowed_types in (("min", ("int",)), ("max", ("int",)), ("choices", ("choice",)), ("count", ("cards",))):
                if extra in f and ftype not in allowed_types:
                    self.add(_key(key, extra), f"only a field of type {' or '.join(allowed_types)} has {extra}")
            if ftype == "int" and ("min" not in f or "max" not in f):
                self.add(key, "a whole-number field needs min and max (numbers or formulas)")
            if ftype == "choice" and not f.get("choices"):
                self.add(_key(key, "choices"), "is missing: a choice field needs a list of choices")
            fields[fid] = FieldSpec(
                fid, scope, phase, ftype, f.get("label", fid.replace("_", " ")),
                self.formula(f.get("min"), _key(key, "min"), names, fscope),
                self.formula(f.get("max"), _key(key, "max"), names, fscope),
                tuple(f.get("choices", ())),
                self.formula(f.get("count"), _key(key, "count"), names, fscope),
                self.formula(f.get("when"), _key(key, "when"), names, fscope),
                self.formula(f.get("fill"), _key(key, "fill"), names, fscope),
                bool(f.get("optional", False)),
                f.get("help", ""),
            )

        # Deal plan
        deals = sub("deals", "deals")
        plan = []
        for i, raw in enumerate(deals.get("plan", [])):
            key = f"deals.plan[{i}]"
            p = self.checker.table(raw, TABLES["piece"], key)
            if ("range" in p) == ("cards" in p):
                self.add(key, "a plan piece has either range = [from, to] or cards = N")
                continue
            if "range" in p:
                start = self.formula(p["range"][0], f"{key}.range[0]", game_names, CONST)
                end = self.formula(p["range"][1], f"{key}.range[1]", game_names, CONST)
            else:
                start = end = self.formula(p["cards"], f"{key}.cards", game_names, CONST)
            piece = PlanPiece(
                self.formula(p.get("when"), f"{key}.when", game_names, CONST), start, end,
                self.formula(p.get("repeat"), f"{key}.repeat", game_names, CONST),
                self.formula(p.get("times"), f"{key}.times", game_names, CONST),
            )
            if "times" in p and "cards" not in p:
                self.add(f"{key}.times", "times goes with cards = N (a run of deals of N cards); with range use repeat")
            if start and end:
                plan.append(piece)
        cards = None
        if "cards" in deals:
            cards = self.formula(deals["cards"], "deals.cards", {**game_names, "deal": names["deal"]}, DEAL)
        if "deals" in top and not plan and cards is None and "plan" not in deals:
            self.add("deals", "give either plan = [...] (a list of pieces) or cards = N (every deal alike)")
        if plan and cards is not None:
            self.add("deals.cards", "give either a plan or cards, not both")

        seats = sub("seats", "seats")
        first_bidder = self.formula(seats.get("first_bidder", "forehand"), "seats.first_bidder", names, DEAL)
        leader = self.formula(seats.get("leader", "forehand"), "seats.leader", names, DEAL)

        trump_rules = []
        for i, raw in enumerate(top.get("trump", [])):
            key = f"trump[{i}]"
            t = self.checker.table(raw, TABLES["trump"], key)
            if "kind" not in t:
                continue
            kind = self.choice(t["kind"], TRUMP_KINDS, f"{key}.kind", "none")
            needs = {"suit": "suit", "choose": "seat"}.get(kind)
            if needs and needs not in t:
                self.add(key, f"a trump rule of kind '{kind}' needs {needs} = <formula>")
            if kind in ("turn", "choose"):
                fid = t.get("field")
                if fid is None:
                    self.add(key, f"a trump rule of kind '{kind}' needs field = <the field where the table enters it>")
                elif fid not in field_meta:
                    close = difflib.get_close_matches(fid, list(field_meta), n=1)
                    hint = f" (did you mean '{close[0]}'?)" if close else ""
                    self.add(f"{key}.field", f"unknown field '{fid}'{hint}")
                elif field_meta[fid][2] != "deal" or field_meta[fid][1] not in ("suit", "trump", "choice"):
                    self.add(f"{key}.field", f"'{fid}' must be a per-deal field of type suit, trump or choice")
            trump_names = {k: v for k, v in names.items() if k != "trump"}
            trump_rules.append(TrumpRule(
                kind,
                self.formula(t.get("when"), f"{key}.when", trump_names, DEAL),
                self.formula(t.get("suit"), f"{key}.suit", trump_names, DEAL),
                self.formula(t.get("seat"), f"{key}.seat", trump_names, DEAL),
                t.get("field"),
                self.template(t.get("say"), f"{key}.say", trump_names, DEAL),
            ))

        score = sub("score", "score")
        score_scope = self.choice(score.get("scope"), ("seat", "team"), "score.scope", "seat")
        if score_scope == "team" and not teams:
            self.add("score.scope", "'team' needs partnerships ([teams]) in the ruleset")
        score_value = self.formula(score.get("value"), "score.value", names, SEAT)
        if score_value and score_value.type not in (NUM, BOOL, "any"):
            self.add("score.value", f"a score must be a number, but '{score_value.text}' is {score_value.type}")
        made = self.formula(score.get("made"), "score.made", names, SEAT)

        checks = []
        seen_ids = set()
        for i, raw in enumerate(top.get("checks", [])):
            key = f"checks[{i}]"
            c = self.checker.table(raw, TABLES["check"], key)
            if "rule" not in c or "message" not in c or "id" not in c:
                continue
            if c["id"] in seen_ids:
                self.add(f"{key}.id", f"'{c['id']}' is used by another check; ids must differ")
            seen_ids.add(c["id"])
            cscope = self.choice(c.get("scope"), ("deal", "seat"), f"{key}.scope", "deal")
            fscope = SEAT if cscope == "seat" else DEAL
            level = self.choice(c.get("level"), ("error", "warning"), f"{key}.level", "error")
            if "field" in c and c["field"] not in field_meta:
                close = difflib.get_close_matches(c["field"], list(field_meta), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                self.add(f"{key}.field", f"unknown field '{c['field']}'{hint}")
            rule = self.formula(c["rule"], f"{key}.rule", names, fscope)
            message = self.template(c["message"], f"{key}.message", names, fscope)
            if rule and message:
                checks.append(Check(c["id"], cscope, rule, message, level,
                                    self.formula(c.get("when"), f"{key}.when", names, fscope), c.get("field")))

        reminders = []
        for i, raw in enumerate(top.get("reminders", [])):
            key = f"reminders[{i}]"
            r = self.checker.table(raw, TABLES["reminder"], key)
            text = self.template(r.get("text"), f"{key}.text", names, DEAL)
            if text:
                reminders.append(Reminder(self.formula(r.get("when"), f"{key}.when", names, DEAL), text))

        end = sub("end", "end")
        end_names = {**names, **{k: v[0] for k, v in END_NAMES.items()}}
        match_names = {**end_names, **{k: v[0] for k, v in MATCH_NAMES.items()}}
        end_when = self.formula(end.get("when"), "end.when", match_names, DEAL)
        parts = None
        if "parts" in top:
            pt = sub("parts", "parts")
            p_end = self.formula(pt.get("end"), "parts.end", end_names, DEAL)
            p_award = self.formula(pt.get("award"), "parts.award", end_names, SEAT)
            if p_end and p_award:
                parts = Parts(
                    pt.get("name", "part"),
                    self.formula(pt.get("when"), "parts.when", game_names, CONST),
                    p_end, p_award,
                    self.formula(pt.get("bonus"), "parts.bonus", match_names, SEAT),
                )
        winner = self.choice(end.get("winner"), ("highest", "lowest"), "end.winner", "highest")
        if cards is not None and end_when is None:
            self.add("end.when", "a game without a deal plan needs end.when (e.g. \"max(total) >= 50\")")

        hand_value = top.get("hand_value")
        if hand_value is not None and hand_value not in derived_meta:
            close = difflib.get_close_matches(hand_value, list(derived_meta), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            self.add("hand_value", f"'{hand_value}' is not a derived value of this ruleset{hint}")

        self._cycles(field_meta, fields, derived)

        if self.problems:
            return None
        return Ruleset(
            id=top["id"], name=top["name"], aka=tuple(top.get("aka", ())),
            description=top["description"], source=top.get("source", ""),
            min_players=lo, max_players=hi, deck=deck, phases=phases, teams=teams,
            options=options, constants=constants, plan=tuple(plan), cards=cards,
            first_bidder=first_bidder, leader=leader, trump=tuple(trump_rules),
            fields=fields, derived=derived, score=score_value, score_scope=score_scope,
            made=made, checks=tuple(checks), reminders=tuple(reminders),
            end_when=end_when, winner=winner, hand_value=hand_value, raw=self.raw, parts=parts,
        )

    def _cycles(self, field_meta, fields, derived) -> None:
        """A derived value or a field's fill/bounds that needs itself can never be computed."""
        graph: dict[str, set[str]] = {}
        for did, d in derived.items():
            graph[did] = set(d.value.names)
        for fid, f in fields.items():
            deps = set()
            for formula in (f.fill, f.min, f.max, f.when):
                if formula:
                    deps |= formula.names
            graph[fid] = deps
        state: dict[str, int] = {}
        reported = set()

        def visit(node: str, trail: list[str]) -> None:
            state[node] = 1
            for nxt in sorted(graph.get(node, ())):
                if nxt == node and node in fields and fields[node].fill is None:
                    continue
                if state.get(nxt) == 1:
                    loop = trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt]
                    if loop[0] not in reported:
                        reported.add(loop[0])
                        where = "derived" if loop[0] in derived else "fields"
                        self.add(_key(where, loop[0]), "the value depends on itself: " + " -> ".join(loop))
                elif state.get(nxt) is None and nxt in graph:
                    visit(nxt, trail + [nxt])
            state[node] = 2

        for node in graph:
            if state.get(node) is None:
                visit(node, [node])


def check_file(path: str | Path) -> list[Problem]:
    """Every problem in a ruleset file (an empty list for a good file)."""
    path = Path(path)
    try:
        raw = read_raw(path, str(path))
    except RulesetError as exc:
        return exc.problems
    builder = _Builder(raw, str(path))
    builder.build()
    return builder.problems


def load_ruleset(ref: str | Path) -> Ruleset:
    """Load a built-in ruleset by id or a file by path; RulesetError on the first problem."""
    path = find_ruleset_path(str(ref))
    shown = str(ref) if isinstance(ref, Path) or str(ref).endswith(".toml") else f"rulesets/{path.name}"
    try:
        raw = read_raw(path, shown)
    except RulesetError as exc:  # e.g. several removals that find nothing
        raise RulesetError(exc.problems[:1]) from None
    builder = _Builder(raw, shown)
    ruleset = builder.build()
    if ruleset is None:
        raise RulesetError(builder.problems[:1])
    return ruleset


def parse_ruleset_text(text: str, file: str = "<text>") -> tuple[Ruleset | None, list[Problem]]:
    """For tests and tools: build from TOML text."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [Problem(file, "", f"not valid TOML: {exc}")]
    builder = _Builder(raw, file)
    return builder.build(), builder.problems


def ruleset_from_raw(raw: dict, shown: str) -> Ruleset:
    """Build a ruleset from its TOML data (e.g. the copy a stored game keeps of its ruleset)."""
    builder = _Builder(raw, shown)
    ruleset = builder.build()
    if ruleset is None:
        raise RulesetError(builder.problems[:1])
    return ruleset
