"""Ruleset files: TOML -> checked model with compiled formulas.

The schema in :data:`SCHEMA` is the only statement of what a ruleset file may say.
:func:`check_file` lists every problem; :func:`load_ruleset` stops at the first.
Problems name the file and the key path as TOML writes it, e.g.
``rulesets/lupaus.toml: score.value: unknown name 'trick' (did you mean 'tricks'?)``.

A ruleset's texts are English; ``[translations.fi]`` and ``[translations.pl]`` give them
in other languages (docs/rulesets.md, Translations). ``load_ruleset(ref, lang="fi")`` or
``ruleset.localized("fi")`` gives the model with those texts put in (labels, help,
check messages, reminders, what trump rules say), English where a text is not
translated; the formulas are shared, not compiled again. Loading in English does not
read the translations at all; ``check_file`` checks and compiles every one of them.
"""

from __future__ import annotations

import ast
import copy
import difflib
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from ..i18n import LANGUAGES, LanguageError, t, tn

from .formula import (
    BOOL, CARDS, CONST, DEAL, NUM, SEAT, TEXT,
    Formula, FormulaError, NameInfo, compile_formula, compile_template, type_word,
)
from .paths import builtin_rulesets_dir

SUITS = ("spades", "hearts", "diamonds", "clubs")
NO_TRUMP = "none"
FIELD_TYPES = ("int", "choice", "suit", "trump", "seat", "bool", "cards")
TRUMP_KINDS = ("none", "turn", "suit", "choose")
SCOPES = ("seat", "team", "deal")
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
RULESET_ID_RE = re.compile(r"^[a-z][a-z0-9-]*$")

# Names every ruleset has, each with a function giving what it means in the current
# language (said when a ruleset tries to take the name for itself).
CONTEXT_NAMES: dict[str, tuple[NameInfo, Callable[[], str]]] = {
    "players": (NameInfo(NUM, CONST), lambda: t("rules.names.players")),
    "deck": (NameInfo(NUM, CONST), lambda: t("rules.names.deck")),
    "deals": (NameInfo(NUM, CONST), lambda: t("rules.names.deals")),
    "deal": (NameInfo(NUM, DEAL), lambda: t("rules.names.deal")),
    "cards": (NameInfo(NUM, DEAL), lambda: t("rules.names.cards")),
    "dealer": (NameInfo(NUM, DEAL), lambda: t("rules.names.dealer")),
    "forehand": (NameInfo(NUM, DEAL), lambda: t("rules.names.forehand")),
    "first_bidder": (NameInfo(NUM, DEAL), lambda: t("rules.names.first_bidder")),
    "leader": (NameInfo(NUM, DEAL), lambda: t("rules.names.leader")),
    "trump": (NameInfo(TEXT, DEAL), lambda: t("rules.names.trump")),
    "seat": (NameInfo(NUM, SEAT), lambda: t("rules.names.seat")),
    "position": (NameInfo(NUM, SEAT), lambda: t("rules.names.position")),
    "team": (NameInfo(NUM, SEAT), lambda: t("rules.names.team")),
    "player": (NameInfo(TEXT, SEAT), lambda: t("rules.names.player")),
    "is_dealer": (NameInfo(BOOL, SEAT), lambda: t("rules.names.is_dealer")),
    "before": (NameInfo(NUM, SEAT), lambda: t("rules.names.before")),
}
END_NAMES = {
    "total": (NameInfo(NUM, SEAT), lambda: t("rules.names.total")),
}
MATCH_NAMES = {
    "parts_won": (NameInfo(NUM, SEAT), lambda: t("rules.names.parts_won")),
    "match_total": (NameInfo(NUM, SEAT), lambda: t("rules.names.match_total")),
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

    def choice_label(self, value: Any) -> str:
        """How a choice is shown: its label, else the choice itself."""
        return self.choice_labels.get(value, str(value))

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
            raise ValueError(t("rules.option.not_bool", id=self.id, value=str(text)))
        if self.type == "int":
            try:
                value = int(text) if not isinstance(text, bool) else None
            except (TypeError, ValueError):
                value = None
            if value is None:
                raise ValueError(t("rules.option.not_int", id=self.id, value=str(text)))
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise ValueError(t("rules.option.out_of_range", id=self.id, min=str(self.min), max=str(self.max),
                                   value=value))
            return value
        value = str(text).strip()
        if value not in self.choices:
            raise ValueError(t("rules.option.not_a_choice", id=self.id, choices=", ".join(self.choices), value=value,
                               hint=_hint(value, self.choices)))
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
    # choice field: choice -> label (left out of == and hash, which FieldSpec had before)
    choice_labels: dict[str, str] = field(default_factory=dict, compare=False)

    def formula_type(self) -> str:
        return {"int": NUM, "seat": NUM, "bool": BOOL, "cards": CARDS}.get(self.type, TEXT)

    def choice_label(self, value: Any) -> str:
        """How a choice is shown: its label, else the choice itself (suits have the app's words)."""
        return self.choice_labels.get(value, str(value))


@dataclass(frozen=True)
class Derived:
    id: str
    scope: str
    value: Formula
    label: str
    parts: tuple[tuple[str, Formula], ...] = ()
    shows: str = "value"  # "seat": the value is a seat, shown as the player's name
    part_labels: dict[str, str] = field(default_factory=dict, compare=False)  # part id -> label

    def part_label(self, part: str) -> str:
        """How a part is shown: its label, else its name with spaces for '_'."""
        return self.part_labels.get(part, part.replace("_", " "))


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
    id: str | None = None  # names the rule for translations


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
    id: str | None = None  # names the reminder for translations


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
    phase_labels: dict[str, str] = field(default_factory=dict)  # every phase -> its title
    language: str = "en"  # the language asked for; texts it has no translation for are English
    texts: "_Texts | None" = field(default=None, repr=False, compare=False)

    @property
    def languages(self) -> tuple[str, ...]:
        """'en' and the languages the ruleset has translations for."""
        return ("en",) + self.texts.languages if self.texts else ("en",)

    def phase_label(self, phase: str) -> str:
        return self.phase_labels.get(phase) or _phase_title(phase)

    def localized(self, lang: str) -> "Ruleset":
        """This ruleset with its texts in ``lang`` where it translates them, English elsewhere.

        Names, descriptions, labels, help, check messages, reminders, what the table is
        told about trump and titles come from ``[translations.<lang>]``; everything else
        (formulas, already compiled, and their caches) is shared with this ruleset.
        The copy is made once per language and kept. ``"en"`` gives the English ruleset.
        LanguageError for a code not in scorekeeper.i18n.LANGUAGES; RulesetError if a
        translated message does not compile (``rules check`` reports that beforehand).
        """
        if lang == self.language:
            return self
        if lang not in LANGUAGES:
            raise LanguageError(lang)
        if self.texts is None:
            return self if lang == "en" else replace(self, language=lang)
        return self.texts.localized(lang)

    def option_defaults(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.options.items()}

    def resolve_options(self, given: dict[str, Any] | None = None) -> dict[str, Any]:
        """Defaults overlaid with the given options; unknown names or bad values raise ValueError."""
        values = self.option_defaults()
        for key, raw in (given or {}).items():
            if key not in self.options:
                if self.options:
                    raise ValueError(t("rules.option.unknown", ruleset=self.id, name=key, hint=_hint(key, self.options),
                                       options=", ".join(self.options)))
                raise ValueError(t("rules.option.unknown_none", ruleset=self.id, name=key))
            values[key] = self.options[key].parse(raw)
        return values

    def fields_in_phase(self, phase: str) -> list[FieldSpec]:
        return [f for f in self.fields.values() if f.phase == phase]


# --- the schema -----------------------------------------------------------------------
# Each table: key -> (kind, required). Kinds: str, int, bool, formula, template,
# list-str, table (a nested schema name), tables (a table of named tables), array
# (an array of tables), teams, range.

TOP = {
    "id": ("id", True), "name": ("str", True), "aka": ("list-str", False),  # i18n: not shown
    "description": ("str", True), "source": ("str", False),
    "extends": ("str", False), "remove": ("list-str", False),  # i18n: not shown
    "players": ("table:players", True), "deck": ("formula", True),  # i18n: not shown
    "phases": ("list-str", False), "teams": ("table:teams", False),  # i18n: not shown
    "options": ("tables:option", False), "constants": ("formulas", False),  # i18n: not shown
    "deals": ("table:deals", True), "seats": ("table:seats", False),  # i18n: not shown
    "trump": ("array:trump", False), "fields": ("tables:field", True),  # i18n: not shown
    "derived": ("tables:derived", False), "score": ("table:score", True),  # i18n: not shown
    "checks": ("array:check", False), "reminders": ("array:reminder", False),  # i18n: not shown
    "end": ("table:end", False), "hand_value": ("str", False), "parts": ("table:parts", False),  # i18n: not shown
    "phase_labels": ("strings", False), "translations": ("tables", False),
}
TABLES = {
    "players": {"min": ("int", True), "max": ("int", True)},
    "teams": {"seats": ("teams", True)},
    "option": {
        "type": ("str", True), "default": ("any", True), "label": ("str", False),
        "help": ("str", False), "choices": ("list-str", False), "labels": ("strings", False),  # i18n: not shown
        "min": ("int", False), "max": ("int", False),
    },
    "deals": {"plan": ("array:piece", False), "cards": ("formula", False)},  # i18n: not shown
    "piece": {
        "when": ("formula", False), "range": ("range", False), "cards": ("formula", False),
        "repeat": ("formula", False), "times": ("formula", False),
    },
    "seats": {"first_bidder": ("formula", False), "leader": ("formula", False)},
    "trump": {
        "when": ("formula", False), "kind": ("str", True), "suit": ("formula", False),
        "seat": ("formula", False), "field": ("str", False), "say": ("template", False),
        "id": ("id", False),
    },
    "field": {
        "scope": ("str", False), "phase": ("str", False), "type": ("str", True),
        "label": ("str", False), "help": ("str", False), "min": ("formula", False),
        "max": ("formula", False), "choices": ("list-str", False), "count": ("formula", False),  # i18n: not shown
        "when": ("formula", False), "fill": ("formula", False), "optional": ("bool", False),
        "labels": ("strings", False),
    },
    "derived": {
        "scope": ("str", False), "value": ("formula", False), "label": ("str", False),
        "parts": ("formulas", False), "shows": ("str", False), "labels": ("strings", False),
    },
    "score": {"scope": ("str", False), "value": ("formula", True), "made": ("formula", False)},
    "check": {
        "id": ("id", True), "scope": ("str", False), "rule": ("formula", True),
        "message": ("template", True), "level": ("str", False), "when": ("formula", False),
        "field": ("str", False),
    },
    "reminder": {"when": ("formula", False), "text": ("template", True), "id": ("id", False)},
    "end": {"when": ("formula", False), "winner": ("str", False)},
    "parts": {
        "name": ("str", False), "when": ("formula", False), "end": ("formula", True),
        "award": ("formula", True), "bonus": ("formula", False),
    },
}

# What [translations.<lang>] may hold: the ruleset's own keys for its texts, with
# options, fields, derived values, checks, reminders and trump rules named by id.
TRANSLATION_LANGUAGES = tuple(code for code in LANGUAGES if code != "en")
TRANSLATION_KEYS = {
    "name": "str", "description": "str", "aka": "list-str", "phase_labels": "phases",  # i18n: not shown
    "options": "option", "fields": "field", "derived": "derived", "checks": "check",
    "reminders": "reminder", "trump": "trump", "parts": "parts",
}
TRANSLATION_ITEMS = {
    "option": {"label": "str", "help": "str", "labels": "labels"},
    "field": {"label": "str", "help": "str", "labels": "labels"},
    "derived": {"label": "str", "labels": "labels"},
    "check": {"message": "template"},
    "reminder": {"text": "template"},
    "trump": {"say": "template"},
}
# What each translated section holds, one and many, in the current language.
_ITEM_WORDS: dict[str, tuple[Callable[[], str], Callable[[], str]]] = {
    "options": (lambda: t("rules.items.option"), lambda: t("rules.items.options")),
    "fields": (lambda: t("rules.items.field"), lambda: t("rules.items.fields")),
    "derived": (lambda: t("rules.items.derived"), lambda: t("rules.items.deriveds")),
    "checks": (lambda: t("rules.items.check"), lambda: t("rules.items.checks")),
    "reminders": (lambda: t("rules.items.reminder"), lambda: t("rules.items.reminders")),
    "trump": (lambda: t("rules.items.trump"), lambda: t("rules.items.trumps")),
}
DEFAULT_PHASES = ("evaluation", "bidding", "play")

# What a kind of value in the schema is, in the current language (read when a problem is found).
_TYPE_WORDS: dict[str, Callable[[], str]] = {
    "str": lambda: t("rules.kinds.text"), "id": lambda: t("rules.kinds.id"), "int": lambda: t("rules.kinds.int"),
    "bool": lambda: t("rules.kinds.bool"), "formula": lambda: t("rules.kinds.formula"),
    "template": lambda: t("rules.kinds.text"), "list-str": lambda: t("rules.kinds.texts"),  # i18n: not shown
    "range": lambda: t("rules.kinds.range"), "teams": lambda: t("rules.kinds.teams"),
}


def _type_word(base: str, default: str | None = None) -> str:
    word = _TYPE_WORDS.get(base)
    if word is not None:
        return word()
    return t("rules.kinds.table") if default == "table" else base


def _toml_type(value: Any) -> str:
    words = {
        bool: lambda: t("rules.toml.bool"), int: lambda: t("rules.toml.number"), float: lambda: t("rules.toml.number"),
        str: lambda: t("rules.toml.text"), list: lambda: t("rules.toml.list"), dict: lambda: t("rules.toml.table"),
    }
    word = words.get(type(value))
    return word() if word else type(value).__name__


def _key(path: str, key: str) -> str:
    part = key if re.match(r"^[A-Za-z0-9_-]+$", key) else f'"{key}"'
    return f"{path}.{part}" if path else part


def _hint(value: str, known) -> str:
    close = difflib.get_close_matches(str(value), list(known), n=1)
    return t("rules.did_you_mean", name=close[0]) if close else ""


def _phase_title(phase: str) -> str:
    return phase.replace("_", " ").capitalize()


class _Checker:
    """Walks the raw TOML against the schema, collecting problems."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append(Problem(self.file, path, message))

    def table(self, raw: Any, schema: dict, path: str) -> dict:
        if not isinstance(raw, dict):
            self.add(path, t("rules.expected_table", got=_toml_type(raw)))
            return {}
        ok = {}
        for key, value in raw.items():
            where = _key(path, key)
            if key not in schema:
                self.add(where, t("rules.unknown_key", name=key, hint=_hint(key, schema), allowed=", ".join(schema)))
                continue
            kind = schema[key][0]
            if self.value(value, kind, where):
                ok[key] = value
        for key, (kind, required) in schema.items():
            if required and key not in raw:
                self.add(_key(path, key), t("rules.missing", kind=_type_word(kind.split(":")[0], "table")))
        return ok

    def value(self, value: Any, kind: str, where: str) -> bool:
        base = kind.split(":")[0]
        bad = lambda: self.add(where, t("rules.expected", kind=_type_word(base), got=_toml_type(value)))  # noqa: E731
        if base == "any":
            return True
        if base == "str" or base == "template":
            if not isinstance(value, str):
                bad(); return False
            return True
        if base == "id":
            if not isinstance(value, str) or not (ID_RE.match(value) or RULESET_ID_RE.match(value)):
                self.add(where, t("rules.bad_id", value=str(value)))
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
        if base == "list-str":  # i18n: not shown
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                bad(); return False
            return True
        if base == "strings" or base == "formulas":
            if not isinstance(value, dict):
                self.add(where, t("rules.expected_table", got=_toml_type(value)))
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
                self.add(where, t("rules.expected_array", where=where, got=_toml_type(value)))
                return False
            return True
        raise AssertionError(kind)  # pragma: no cover


# --- reading files ------------------------------------------------------------------------

def _read_toml(path: Path, shown: str) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesetError([Problem(shown, "", t("rules.file.missing"))]) from None
    except UnicodeDecodeError:
        raise RulesetError([Problem(shown, "", t("rules.file.not_utf8"))]) from None
    except OSError as exc:
        raise RulesetError([Problem(shown, "", t("rules.file.unreadable", reason=exc.strerror))]) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        line = None
        m = re.search(r"\(at line (\d+), column (\d+)\)", message)  # i18n: not shown (tomllib's words)
        if m:
            line = int(m.group(1))
            message = message[: m.start()].strip()
        # tomllib's own explanation stays in its English; the sentence around it is translated.
        raise RulesetError([Problem(shown, "", t("rules.file.not_toml", reason=message), line)]) from None


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
    raise RulesetError([Problem(ref, "", t("rules.no_builtin", ref=ref, hint=_hint(ref, known), known=", ".join(known)))])


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
        raise RulesetError([Problem(shown, "extends", t("rules.extends.not_text", got=_toml_type(parent_ref)))])
    if _depth > 8:
        raise RulesetError([Problem(shown, "extends", t("rules.extends.too_deep", max=8))])
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
    merged = _merge(copy.deepcopy(parent), over)  # parent stays as it was, for the comparisons below
    problems = []
    if not isinstance(removals, list):
        problems.append(Problem(shown, "remove", t("rules.remove.not_list")))
        removals = []
    for dotted in removals:
        if not isinstance(dotted, str) or not _remove(merged, dotted):
            problems.append(Problem(shown, "remove", t("rules.remove.nothing", path=str(dotted), base=parent_ref)))
    if problems:
        raise RulesetError(problems)
    _drop_stale_translations(parent, over, merged)
    merged.setdefault("source", shown)
    return merged


_MISSING = object()


def _english_text(raw: dict, path: tuple[str, ...]) -> Any:
    """The English text that a translation at ``path`` translates (None when the text is
    left to its default), or _MISSING when the ruleset has no such thing."""
    head = path[0]
    if len(path) == 1:
        return raw.get(head) if head in ("name", "description", "aka") else _MISSING
    if head == "phase_labels" and len(path) == 2:
        if path[1] not in raw.get("phases", DEFAULT_PHASES):
            return _MISSING
        labels = raw.get("phase_labels")
        return labels.get(path[1]) if isinstance(labels, dict) else None
    if head == "parts" and len(path) == 2:
        return raw["parts"].get(path[1]) if isinstance(raw.get("parts"), dict) else _MISSING
    source = raw.get(head)
    if isinstance(source, list):
        item = next((t for t in source if isinstance(t, dict) and t.get("id") == path[1]), None)
    else:
        item = source.get(path[1]) if isinstance(source, dict) else None
    if not isinstance(item, dict):
        return _MISSING
    if len(path) == 3:
        return item.get(path[2])
    if len(path) == 4 and path[2] == "labels":
        members = item.get("parts") if head == "derived" else item.get("choices")
        if not isinstance(members, (dict, list)) or path[3] not in members:
            return _MISSING
        labels = item.get("labels")
        return labels.get(path[3]) if isinstance(labels, dict) else None
    return _MISSING


def _flat_paths(table: dict, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for key, value in table.items():
        if isinstance(value, dict):
            out.extend(_flat_paths(value, prefix + (key,)))
        else:
            out.append(prefix + (key,))
    return out


def _drop_stale_translations(parent: dict, own: dict, merged: dict) -> None:
    """A house rule that changes or removes an English text drops what its base says in
    other languages for it (a stale translation would contradict the rule), unless the
    house rule translates it too."""
    translations = merged.get("translations")
    if not isinstance(translations, dict):
        return
    own_translations = own.get("translations") if isinstance(own.get("translations"), dict) else {}
    for lang, table in translations.items():
        if not isinstance(table, dict):
            continue
        mine = own_translations.get(lang)
        mine_paths = set(_flat_paths(mine)) if isinstance(mine, dict) else set()
        for path in _flat_paths(table):
            if path in mine_paths or path[0] not in TRANSLATION_KEYS:
                continue
            before = _english_text(parent, path)
            if before is not _MISSING and _english_text(merged, path) != before:
                nodes = [table]
                for part in path[:-1]:
                    nodes.append(nodes[-1][part])
                del nodes[-1][path[-1]]
                for node, part in zip(reversed(nodes[:-1]), reversed(path[:-1])):
                    if node[part]:
                        break
                    del node[part]  # a table left empty: the item it translated is gone


# --- building the model ---------------------------------------------------------------------

class _Builder:
    """Builds a Ruleset from checked raw data, collecting every problem it meets."""

    def __init__(self, raw: dict, file: str, compile_translations: bool = False):
        self.raw = raw
        self.file = file
        self.checker = _Checker(file)
        # check_file compiles every translated message now, to report its problems;
        # loading leaves that to Ruleset.localized, so a game in English pays nothing.
        self.compile_translations = compile_translations

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
            bad = {"constant": lambda: t("rules.bad_name.constant", name=name),
                   "field": lambda: t("rules.bad_name.field", name=name),
                   "derived": lambda: t("rules.bad_name.derived", name=name)}
            self.add(key, bad[kind]())
            return False
        if name in names:
            if name in CONTEXT_NAMES:
                reason = t("rules.name_taken.is_builtin", meaning=CONTEXT_NAMES[name][1]())
            elif names[name].scope == CONST:
                reason = t("rules.name_taken.is_option")
            else:
                reason = t("rules.name_taken.is_field")
            taken = {"constant": lambda: t("rules.name_taken.constant", name=name, reason=reason),
                     "field": lambda: t("rules.name_taken.field", name=name, reason=reason),
                     "derived": lambda: t("rules.name_taken.derived", name=name, reason=reason)}
            self.add(key, taken[kind]())
            return False
        return True

    def choice(self, value: Any, allowed: tuple[str, ...], key: str, default: str) -> str:
        if value is None:
            return default
        if value not in allowed:
            self.add(key, t("rules.not_allowed", value=str(value), hint=_hint(value, allowed), allowed=", ".join(allowed)))
            return default
        return value

    def build(self) -> Ruleset | None:
        top = self.checker.table(self.raw, TOP, "")
        sub = lambda name, key: self.checker.table(top.get(key, {}), TABLES[name], key) if key in top else {}  # noqa: E731

        players = sub("players", "players")
        lo, hi = players.get("min", 1), players.get("max", 1)
        if "min" in players and "max" in players and not (1 <= lo <= hi <= 12):
            self.add("players", t("rules.players_range", min=str(lo), max=str(hi)))

        phases = tuple(top.get("phases", DEFAULT_PHASES))
        for i, ph in enumerate(phases):
            if not ID_RE.match(ph):
                self.add(f"phases[{i}]", t("rules.bad_name.phase", name=ph))
        phase_labels = {ph: _phase_title(ph) for ph in phases}
        for ph, label in (top.get("phase_labels") or {}).items():
            if ph in phases:
                phase_labels[ph] = label
            else:
                self.add(_key("phase_labels", ph), t("rules.not_a_phase", value=ph, phases=", ".join(phases), hint=_hint(ph, phases)))

        teams: tuple[tuple[int, ...], ...] = ()
        if "teams" in top:
            tm = sub("teams", "teams")
            if "seats" in tm:
                teams = tuple(tuple(x) for x in tm["seats"])
                flat = sorted(s for team in teams for s in team)
                if flat != list(range(1, len(flat) + 1)):
                    self.add("teams.seats", t("rules.teams.cover"))
                elif not lo == hi == len(flat):
                    self.add("teams.seats", tn("rules.teams.players", len(flat)))

        # Options
        options: dict[str, Option] = {}
        for oid, raw in (top.get("options") or {}).items():
            key = _key("options", oid)
            if not ID_RE.match(oid):
                self.add(key, t("rules.bad_name.option", name=oid))
                continue
            o = self.checker.table(raw, TABLES["option"], key)
            if "type" not in o or "default" not in o:
                continue
            otype = self.choice(o["type"], ("choice", "bool", "int"), _key(key, "type"), "choice")
            choices = tuple(o.get("choices", ()))
            if otype == "choice" and not choices:
                self.add(_key(key, "choices"), t("rules.option.no_choices"))
                continue
            for extra, label in (("choices", "choice"), ("labels", "choice"), ("min", "int"), ("max", "int")):
                if extra in o and otype != label:
                    self.add(_key(key, extra), t("rules.option.only_type", type=label, name=extra))
            opt = Option(oid, otype, None, o.get("label", oid.replace("_", " ")), o.get("help", ""),
                         choices, dict(o.get("labels", {})), o.get("min"), o.get("max"))
            for label_key in o.get("labels", {}):
                if label_key not in choices:
                    self.add(_key(_key(key, "labels"), label_key),
                             t("rules.not_a_choice", value=label_key, choices=", ".join(choices), hint=""))
            try:
                default = opt.parse(o["default"])
                if otype == "choice" and not isinstance(o["default"], str):
                    raise ValueError(t("rules.option.default_choice", choices=", ".join(choices)))
                if otype == "int" and type(o["default"]) is not int:
                    raise ValueError(t("rules.option.default_int"))
                if otype == "bool" and not isinstance(o["default"], bool):
                    raise ValueError(t("rules.option.default_bool"))
            except ValueError as exc:
                self.add(_key(key, "default"), str(exc))
                continue
            options[oid] = Option(**{**opt.__dict__, "default": default})

        # Names known at game level
        names: dict[str, NameInfo] = {k: v[0] for k, v in CONTEXT_NAMES.items()}
        option_type = {"choice": TEXT, "bool": BOOL, "int": NUM}
        for oid, opt in options.items():
            if oid in names:
                self.add(_key("options", oid), t("rules.option.builtin_name", name=oid))
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
                self.add(_key(key, "scope"), t("rules.team_needs_teams"))
            phase = f.get("phase", phases[0] if phases else "play")
            if phase not in phases:
                self.add(_key(key, "phase"), t("rules.not_a_phase", value=str(phase), phases=", ".join(phases), hint=""))
            field_meta[fid] = (f, ftype, scope, phase)
            ftype_formula = {"int": NUM, "seat": NUM, "bool": BOOL, "cards": CARDS}.get(ftype, TEXT)
            names[fid] = NameInfo(ftype_formula, DEAL if scope == "deal" else SEAT, entered=True)

        # Derived values: names first, types from their formulas in file order.
        raw_derived = top.get("derived") or {}
        derived_meta = {}
        for did, raw in raw_derived.items():
            key = _key("derived", did)
            if not self.new_name(did, "derived", names, key):
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
                self.add(_key(key, "value"), t("rules.derived.no_value"))
                value = None
            shows = self.choice(d.get("shows"), ("value", "seat"), _key(key, "shows"), "value")
            if value and shows == "seat" and value.type not in (NUM, "any"):
                self.add(_key(key, "shows"), t("rules.derived.seat_number", text=value.text, type=type_word(value.type)))
            if value:
                derived[did] = Derived(did, scope, value, d.get("label", did.replace("_", " ")), tuple(parts), shows,
                                       dict(d.get("labels", {})))
                names[did] = NameInfo(value.type, fscope)
            part_ids = list(d.get("parts") or {})
            for pid in d.get("labels", {}):
                if pid not in part_ids:
                    where = _key(_key(key, "labels"), pid)
                    self.add(where, t("rules.not_a_part", value=pid, parts=", ".join(part_ids), hint="") if part_ids
                             else t("rules.derived.labels_need_parts"))

        fields: dict[str, FieldSpec] = {}
        for fid, (f, ftype, scope, phase) in field_meta.items():
            key = _key("fields", fid)
            fscope = DEAL if scope == "deal" else SEAT
            for extra, allowed_types in (("min", ("int",)), ("max", ("int",)), ("choices", ("choice",)),
                                         ("labels", ("choice",)), ("count", ("cards",))):
                if extra in f and ftype not in allowed_types:
                    self.add(_key(key, extra), t("rules.field.only_type", type=", ".join(allowed_types), name=extra))
            if ftype == "int" and ("min" not in f or "max" not in f):
                self.add(key, t("rules.field.int_needs_bounds"))
            if ftype == "choice" and not f.get("choices"):
                self.add(_key(key, "choices"), t("rules.field.no_choices"))
            if ftype == "choice":
                for value in f.get("labels", {}):
                    if value not in f.get("choices", ()):
                        self.add(_key(_key(key, "labels"), value),
                                 t("rules.not_a_choice", value=value, choices=", ".join(f.get("choices", ())), hint=""))
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
                dict(f.get("labels", {})) if ftype == "choice" else {},
            )

        # Deal plan
        deals = sub("deals", "deals")
        plan = []
        for i, raw in enumerate(deals.get("plan", [])):
            key = f"deals.plan[{i}]"
            p = self.checker.table(raw, TABLES["piece"], key)
            if ("range" in p) == ("cards" in p):
                self.add(key, t("rules.deals.piece"))
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
                self.add(f"{key}.times", t("rules.deals.times"))
            if start and end:
                plan.append(piece)
        cards = None
        if "cards" in deals:
            cards = self.formula(deals["cards"], "deals.cards", {**game_names, "deal": names["deal"]}, DEAL)
        if "deals" in top and not plan and cards is None and "plan" not in deals:
            self.add("deals", t("rules.deals.none"))
        if plan and cards is not None:
            self.add("deals.cards", t("rules.deals.both"))

        seats = sub("seats", "seats")
        first_bidder = self.formula(seats.get("first_bidder", "forehand"), "seats.first_bidder", names, DEAL)
        leader = self.formula(seats.get("leader", "forehand"), "seats.leader", names, DEAL)

        trump_rules = []
        trump_ids: dict[str, bool] = {}
        for i, raw in enumerate(top.get("trump", [])):
            key = f"trump[{i}]"
            tr = self.checker.table(raw, TABLES["trump"], key)
            if "kind" not in tr:
                continue
            kind = self.choice(tr["kind"], TRUMP_KINDS, f"{key}.kind", "none")
            needs = {"suit": "suit", "choose": "seat"}.get(kind)
            if needs and needs not in tr:
                self.add(key, t("rules.trump.needs", kind=kind, name=needs))
            if kind in ("turn", "choose"):
                fid = tr.get("field")
                if fid is None:
                    self.add(key, t("rules.trump.needs_field", kind=kind))
                elif fid not in field_meta:
                    self.add(f"{key}.field", t("rules.unknown_field", name=str(fid), hint=_hint(fid, field_meta)))
                elif field_meta[fid][2] != "deal" or field_meta[fid][1] not in ("suit", "trump", "choice"):
                    self.add(f"{key}.field", t("rules.trump.field_type", name=fid))
            trump_names = {k: v for k, v in names.items() if k != "trump"}
            trump_rules.append(TrumpRule(
                kind,
                self.formula(tr.get("when"), f"{key}.when", trump_names, DEAL),
                self.formula(tr.get("suit"), f"{key}.suit", trump_names, DEAL),
                self.formula(tr.get("seat"), f"{key}.seat", trump_names, DEAL),
                tr.get("field"),
                self.template(tr.get("say"), f"{key}.say", trump_names, DEAL),
                self.item_id(tr.get("id"), f"{key}.id", "trump", trump_ids),
            ))

        score = sub("score", "score")
        score_scope = self.choice(score.get("scope"), ("seat", "team"), "score.scope", "seat")
        if score_scope == "team" and not teams:
            self.add("score.scope", t("rules.team_needs_teams"))
        score_value = self.formula(score.get("value"), "score.value", names, SEAT)
        if score_value and score_value.type not in (NUM, BOOL, "any"):
            self.add("score.value", t("rules.score_not_number", text=score_value.text, type=type_word(score_value.type)))
        made = self.formula(score.get("made"), "score.made", names, SEAT)

        checks = []
        check_scopes: dict[str, str] = {}
        seen_ids = set()
        for i, raw in enumerate(top.get("checks", [])):
            key = f"checks[{i}]"
            c = self.checker.table(raw, TABLES["check"], key)
            if "rule" not in c or "message" not in c or "id" not in c:
                continue
            if c["id"] in seen_ids:
                self.add(f"{key}.id", t("rules.id_used.check", id=c["id"]))
            seen_ids.add(c["id"])
            cscope = self.choice(c.get("scope"), ("deal", "seat"), f"{key}.scope", "deal")
            check_scopes[c["id"]] = cscope
            fscope = SEAT if cscope == "seat" else DEAL
            level = self.choice(c.get("level"), ("error", "warning"), f"{key}.level", "error")
            if "field" in c and c["field"] not in field_meta:
                self.add(f"{key}.field", t("rules.unknown_field", name=str(c["field"]), hint=_hint(c["field"], field_meta)))
            rule = self.formula(c["rule"], f"{key}.rule", names, fscope)
            message = self.template(c["message"], f"{key}.message", names, fscope)
            if rule and message:
                checks.append(Check(c["id"], cscope, rule, message, level,
                                    self.formula(c.get("when"), f"{key}.when", names, fscope), c.get("field")))

        reminders = []
        reminder_ids: dict[str, bool] = {}
        for i, raw in enumerate(top.get("reminders", [])):
            key = f"reminders[{i}]"
            r = self.checker.table(raw, TABLES["reminder"], key)
            text = self.template(r.get("text"), f"{key}.text", names, DEAL)
            if text:
                reminders.append(Reminder(self.formula(r.get("when"), f"{key}.when", names, DEAL), text,
                                          self.item_id(r.get("id"), f"{key}.id", "reminders", reminder_ids)))

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
            self.add("end.when", t("rules.end_needs_when"))

        hand_value = top.get("hand_value")
        if hand_value is not None and hand_value not in derived_meta:
            self.add("hand_value", t("rules.hand_value", name=str(hand_value), hint=_hint(hand_value, derived_meta)))

        self._cycles(field_meta, fields, derived)

        english = {c["id"]: c["message"] for c in top.get("checks", [])
                   if isinstance(c, dict) and isinstance(c.get("id"), str) and isinstance(c.get("message"), str)}
        texts = _Texts(self.file, self.raw, phases, names, check_scopes, english)
        if self.compile_translations:
            texts.walked = (self.translations(top, phases), [])
            for lang in texts.walked[0]:
                self.problems.extend(texts.compile(lang)[1])

        if self.problems:
            return None
        ruleset = Ruleset(
            id=top["id"], name=top["name"], aka=tuple(top.get("aka", ())),
            description=top["description"], source=top.get("source", ""),
            min_players=lo, max_players=hi, deck=deck, phases=phases, teams=teams,
            options=options, constants=constants, plan=tuple(plan), cards=cards,
            first_bidder=first_bidder, leader=leader, trump=tuple(trump_rules),
            fields=fields, derived=derived, score=score_value, score_scope=score_scope,
            made=made, checks=tuple(checks), reminders=tuple(reminders),
            end_when=end_when, winner=winner, hand_value=hand_value, raw=self.raw, parts=parts,
            phase_labels=phase_labels, texts=texts,
        )
        texts.cache["en"] = ruleset
        return ruleset

    def item_id(self, value: str | None, key: str, section: str, seen: dict[str, bool]) -> str | None:
        """The id of a reminder or trump rule (what translations name it by), once per array."""
        if value is None:
            return None
        if value in seen:
            self.add(key, t("rules.id_used.trump", id=value) if section == "trump" else t("rules.id_used.reminder", id=value))
        seen[value] = True
        return value

    # -- translations: structure here, messages compiled by _Texts.compile

    def translations(self, top: dict, phases: tuple[str, ...]) -> dict[str, dict[tuple[str, ...], Any]]:
        """Each language's translated texts by the path of what they translate, e.g.
        ('fields', 'bid', 'label'); every key that names nothing is reported."""
        out: dict[str, dict[tuple[str, ...], Any]] = {}
        for lang, table in (top.get("translations") or {}).items():
            where = _key("translations", lang)
            allowed = ", ".join(TRANSLATION_LANGUAGES)
            if lang == "en":
                self.add(where, t("rules.translation.english", allowed=allowed))
                continue
            if lang not in TRANSLATION_LANGUAGES:
                self.add(where, t("rules.translation.unknown_language", lang=lang, hint=_hint(lang, TRANSLATION_LANGUAGES),
                                  allowed=allowed))
                continue
            if not isinstance(table, dict):
                self.add(where, t("rules.expected_table", got=_toml_type(table)))
                continue
            out[lang] = self.translation(table, where, top, phases)
        return out

    def translation(self, table: dict, where: str, top: dict, phases: tuple[str, ...]) -> dict[tuple[str, ...], Any]:
        flat: dict[tuple[str, ...], Any] = {}
        for k, value in table.items():
            path = _key(where, k)
            kind = TRANSLATION_KEYS.get(k)
            if kind is None:
                self.add(path, t("rules.unknown_key", name=k, hint=_hint(k, TRANSLATION_KEYS), allowed=", ".join(TRANSLATION_KEYS)))
            elif kind in ("str", "list-str"):  # i18n: not shown
                if self.checker.value(value, kind, path):
                    flat[(k,)] = tuple(value) if kind == "list-str" else value  # i18n: not shown
            elif not isinstance(value, dict):
                self.add(path, t("rules.expected_table", got=_toml_type(value)))
            elif kind == "phases":
                for ph, text in value.items():
                    where_ph = _key(path, ph)
                    if ph not in phases:
                        self.add(where_ph, t("rules.not_a_phase", value=ph, phases=", ".join(phases), hint=_hint(ph, phases)))
                    elif self.checker.value(text, "str", where_ph):
                        flat[(k, ph)] = text
            elif kind == "parts":
                if not isinstance(top.get("parts"), dict):
                    self.add(path, t("rules.translation.no_parts"))
                    continue
                for pk, text in value.items():
                    if pk != "name":
                        self.add(_key(path, pk), t("rules.unknown_key", name=pk, hint=_hint(pk, ["name"]), allowed="name"))
                    elif self.checker.value(text, "str", _key(path, pk)):
                        flat[(k, pk)] = text
            else:
                self.translated_items(k, kind, value, path, top, flat)
        return flat

    def translated_items(self, section: str, kind: str, table: dict, path: str, top: dict,
                         flat: dict[tuple[str, ...], Any]) -> None:
        source = top.get(section)
        if isinstance(source, list):
            items = {t["id"]: t for t in source if isinstance(t, dict) and isinstance(t.get("id"), str)}
        else:
            items = {k: v for k, v in (source or {}).items() if isinstance(v, dict)}
        word, words = _ITEM_WORDS[section]  # each called only when a problem is found
        allowed = TRANSLATION_ITEMS[kind]
        for item_id, texts in table.items():
            item_path = _key(path, item_id)
            if item_id not in items:
                hint = _hint(item_id, items)
                if hint:
                    self.add(item_path, t("rules.translation.unknown_item", what=word(), id=item_id, hint=hint))
                elif section == "trump" and not items:
                    self.add(item_path, t("rules.translation.no_ids.trump", id=item_id))
                elif section == "reminders" and not items:
                    self.add(item_path, t("rules.translation.no_ids.reminders", id=item_id))
                elif isinstance(source, list):
                    self.add(item_path, t("rules.translation.unknown_item_ids", what=word(), id=item_id, whats=words(),
                                          items=", ".join(items)) if items else
                             t("rules.translation.unknown_item_ids_none", what=word(), id=item_id, whats=words()))
                elif not items:
                    self.add(item_path, t("rules.translation.unknown_item_none", what=word(), id=item_id, whats=words()))
                else:
                    self.add(item_path, t("rules.translation.unknown_item_list", what=word(), id=item_id, whats=words(),
                                          items=", ".join(items)))
                continue
            if not isinstance(texts, dict):
                self.add(item_path, t("rules.expected_table", got=_toml_type(texts)))
                continue
            item = items[item_id]
            for tk, text in texts.items():
                text_path = _key(item_path, tk)
                tkind = allowed.get(tk)
                if tkind is None:
                    self.add(text_path, t("rules.unknown_key", name=tk, hint=_hint(tk, allowed), allowed=", ".join(allowed)))
                elif tkind == "labels":
                    self.translated_labels(section, kind, item_id, item, text, text_path, flat)
                elif self.checker.value(text, "str", text_path):
                    if tk in ("help", "say") and not item.get(tk):
                        self.add(text_path, t("rules.translation.no_english", name=tk, path=_key(_key(section, item_id), tk)))
                    else:
                        flat[(section, item_id, tk)] = text

    def translated_labels(self, section: str, kind: str, item_id: str, item: dict, labels: Any, path: str,
                          flat: dict[tuple[str, ...], Any]) -> None:
        if kind == "derived":
            members = list(item.get("parts") or {})
            if not members:
                self.add(path, t("rules.derived.labels_need_parts"))
                return
        else:
            members = list(item.get("choices") or ())
            if item.get("type") != "choice":
                self.add(path, t("rules.option.labels_need_choice") if kind == "option" else t("rules.field.labels_need_choice"))
                return
        if not isinstance(labels, dict):
            self.add(path, t("rules.expected_table", got=_toml_type(labels)))
            return
        for member, label in labels.items():
            where = _key(path, member)
            if member not in members:
                listed, hint = ", ".join(members), _hint(member, members)
                self.add(where, t("rules.not_a_part", value=member, parts=listed, hint=hint) if kind == "derived"
                         else t("rules.not_a_choice", value=member, choices=listed, hint=hint))
            elif self.checker.value(label, "str", where):
                flat[(section, item_id, "labels", member)] = label

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
                        self.add(_key(where, loop[0]), t("rules.depends_on_itself", loop=" -> ".join(loop)))
                elif state.get(nxt) is None and nxt in graph:
                    visit(nxt, trail + [nxt])
            state[node] = 2

        for node in graph:
            if state.get(node) is None:
                visit(node, [node])


# --- ruleset texts in other languages ------------------------------------------------------

def _placeholders(text: str) -> dict[str, str]:
    """The {formula} parts of a message: a form that ignores spacing and the words inside
    '...' literals (those are translated too) -> the part as written."""
    out: dict[str, str] = {}
    i = 0
    while i < len(text):
        if text.startswith("{{", i) or text.startswith("}}", i):
            i += 2
        elif text[i] == "{":
            end = text.find("}", i)
            if end < 0:
                break
            inner = text[i + 1:end].strip()
            try:
                tree = ast.parse(inner, mode="eval")  # parsed only, never run
            except SyntaxError:
                form = inner
            else:
                for node in ast.walk(tree):
                    if isinstance(node, ast.Constant) and isinstance(node.value, str):
                        node.value = ""
                form = ast.dump(tree)
            out.setdefault(form, inner)
            i = end + 1
        else:
            i += 1
    return out


def _placeholder_difference(english: str, translated: str) -> str:
    """'' when a translated check message has the English one's placeholders, else what differs."""
    want, have = _placeholders(english), _placeholders(translated)
    missing = [t("rules.translation.placeholder_missing", part="{" + text + "}")
               for form, text in want.items() if form not in have]
    extra = [t("rules.translation.placeholder_extra", part="{" + text + "}")
             for form, text in have.items() if form not in want]
    if not missing and not extra:
        return ""
    return t("rules.translation.placeholders", problems="; ".join(missing + extra))


class _Texts:
    """A ruleset's translations and what it takes to make its copy in another language.

    Shared by the English ruleset and its localized copies; each copy is made once."""

    def __init__(self, file: str, raw: dict, phases: tuple[str, ...], names: dict[str, NameInfo],
                 check_scopes: dict[str, str], english: dict[str, str]):
        self.file = file
        self.raw = raw
        self.phases = phases
        self.names = names
        self.check_scopes = check_scopes
        self.english = english  # check id -> its English message
        self.cache: dict[str, Ruleset] = {}
        # (texts by language and path, problems): walked on first use, so loading a
        # ruleset to play in English does not even look at its translations.
        self.walked: tuple[dict[str, dict[tuple[str, ...], Any]], list[Problem]] | None = None

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang in (self.raw.get("translations") or {}) if lang in TRANSLATION_LANGUAGES)

    def texts(self, lang: str) -> tuple[dict[tuple[str, ...], Any], list[Problem]]:
        """The translated texts of one language by path, and the problems found in them."""
        if self.walked is None:
            walker = _Builder(self.raw, self.file)
            self.walked = (walker.translations(self.raw, self.phases), walker.problems)
        where = _key("translations", lang)
        problems = [p for p in self.walked[1] if p.path == where or p.path.startswith(where + ".")]
        return self.walked[0].get(lang, {}), problems

    def compile(self, lang: str) -> tuple[dict[tuple[str, ...], Callable[[Any], str]], list[Problem]]:
        """The translated messages of ``lang`` compiled, and the problems met doing it."""
        out: dict[tuple[str, ...], Callable[[Any], str]] = {}
        problems: list[Problem] = []
        trump_names = {k: v for k, v in self.names.items() if k != "trump"}
        for path, text in self.texts(lang)[0].items():
            section = path[0]
            if section not in ("checks", "reminders", "trump"):
                continue
            key = _key("translations", lang)
            for part in path:
                key = _key(key, part)
            if section == "checks":
                names, scope = self.names, SEAT if self.check_scopes.get(path[1]) == "seat" else DEAL
            else:
                names, scope = (trump_names if section == "trump" else self.names), DEAL
            try:
                render = compile_template(text, key=key, names=names, scope=scope)
            except FormulaError as exc:
                problems.append(Problem(self.file, exc.key, exc.message))
                continue
            english = self.english.get(path[1]) if section == "checks" else None
            difference = _placeholder_difference(english, text) if english is not None else ""
            if difference:
                problems.append(Problem(self.file, key, difference))
                continue
            out[path] = render
        return out, problems

    def localized(self, lang: str) -> Ruleset:
        found = self.cache.get(lang)
        if found is None:
            texts, problems = self.texts(lang)
            if problems:
                raise RulesetError(problems[:1])
            compiled, problems = self.compile(lang)
            if problems:
                raise RulesetError(problems[:1])
            found = self.cache[lang] = _localize(self.cache["en"], lang, texts, compiled)
        return found


def _localize(rs: Ruleset, lang: str, texts: dict[tuple[str, ...], Any],
              compiled: dict[tuple[str, ...], Callable[[Any], str]]) -> Ruleset:
    """A copy of the English ruleset ``rs`` with the texts of one language put in."""
    labels: dict[tuple[str, str], dict[str, str]] = {}
    for path, text in texts.items():
        if len(path) == 4 and path[2] == "labels":
            labels.setdefault(path[:2], {})[path[3]] = text

    def text(default: Any, *path: str) -> Any:
        return texts.get(path, default)

    def merged(english: dict[str, str], section: str, item_id: str) -> dict[str, str]:
        extra = labels.get((section, item_id))
        return {**english, **extra} if extra else english

    options = {oid: replace(o, label=text(o.label, "options", oid, "label"), help=text(o.help, "options", oid, "help"),
                            choice_labels=merged(o.choice_labels, "options", oid))
               for oid, o in rs.options.items()}
    fields = {fid: replace(f, label=text(f.label, "fields", fid, "label"), help=text(f.help, "fields", fid, "help"),
                           choice_labels=merged(f.choice_labels, "fields", fid))
              for fid, f in rs.fields.items()}
    derived = {did: replace(d, label=text(d.label, "derived", did, "label"), part_labels=merged(d.part_labels, "derived", did))
               for did, d in rs.derived.items()}
    checks = tuple(replace(c, message=compiled.get(("checks", c.id, "message"), c.message)) for c in rs.checks)
    reminders = tuple(replace(r, text=compiled.get(("reminders", r.id, "text"), r.text)) if r.id else r
                      for r in rs.reminders)
    trump = tuple(replace(t, say=compiled.get(("trump", t.id, "say"), t.say)) if t.id else t for t in rs.trump)
    parts = replace(rs.parts, name=text(rs.parts.name, "parts", "name")) if rs.parts else None
    phase_labels = {ph: text(label, "phase_labels", ph) for ph, label in rs.phase_labels.items()}
    return replace(
        rs, name=text(rs.name, "name"), description=text(rs.description, "description"), aka=text(rs.aka, "aka"),
        options=options, fields=fields, derived=derived, checks=checks, reminders=reminders, trump=trump,
        parts=parts, phase_labels=phase_labels, language=lang,
    )


def check_file(path: str | Path) -> list[Problem]:
    """Every problem in a ruleset file (an empty list for a good file)."""
    path = Path(path)
    try:
        raw = read_raw(path, str(path))
    except RulesetError as exc:
        return exc.problems
    builder = _Builder(raw, str(path), compile_translations=True)
    builder.build()
    return builder.problems


def load_ruleset(ref: str | Path, lang: str | None = None) -> Ruleset:
    """Load a built-in ruleset by id or a file by path; RulesetError on the first problem.

    With ``lang`` (e.g. "fi") its texts are in that language where the ruleset
    translates them (:meth:`Ruleset.localized`); without, English, and no translated
    message is compiled."""
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
    return ruleset.localized(lang) if lang else ruleset


def parse_ruleset_text(text: str, file: str = "<text>") -> tuple[Ruleset | None, list[Problem]]:
    """For tests and tools: build from TOML text."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [Problem(file, "", t("rules.file.not_toml", reason=str(exc)))]
    builder = _Builder(raw, file, compile_translations=True)
    return builder.build(), builder.problems


def ruleset_from_raw(raw: dict, shown: str, lang: str | None = None) -> Ruleset:
    """Build a ruleset from its TOML data (e.g. the copy a stored game keeps of its ruleset);
    ``lang`` as for :func:`load_ruleset`."""
    builder = _Builder(raw, shown)
    ruleset = builder.build()
    if ruleset is None:
        raise RulesetError(builder.problems[:1])
    return ruleset.localized(lang) if lang else ruleset
