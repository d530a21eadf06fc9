"""The headless commands in their usual forms, read without argparse: importing it and building
the parser cost a command some milliseconds (a tenth of check-bid's time).

:func:`quick_args` reads a command line of the forms in :data:`FORMS`: the command's words,
its positional arguments, then its options, each written out in full and given once (an
option that gathers its values, such as ``--option``, any number of times), no argument empty
or starting with "-". It gives the namespace the parser would give. Anything else (another
command, help, an abbreviation, ``--name=value``, an option before a positional one, twice or
missing, a number the parser refuses, a value starting with "-", ``--``): None, and the parser
reads the line and says what is wrong in its own words, as before.
"""

from __future__ import annotations

import sys

from ..values import dataclass
from .common import whole_or_none

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable, Sequence

    Kind = str | tuple[str, ...]  # how an argument is read: TEXT ... FLAG, or the choices
    Option = tuple[str, Kind]  # the namespace's name of a value, and how it is read

__all__ = ["FORMS", "quick_args", "run_later"]

# How an argument is read: one text, one whole number (as the parser's whole_number), one or
# more texts up to the next option (nargs="+"), one text each time the option is given
# (action="append"), or a flag (store_true). A tuple of texts: one of them (choices=).
TEXT, NUMBER, MANY, EACH, FLAG = "text", "number", "many", "each", "flag"
FORMATS = ("csv", "json", "md", "toml", "html")  # export --format

# the store reports' options
_REPORT: dict[str, Option] = {"--json": ("json", FLAG), "--plain": ("plain", FLAG), "--db": ("db", TEXT)}
_REPORT_DEFAULTS = {"json": False, "plain": False}


@dataclass(frozen=True)
class Form:
    """The usual form of one command: its positional arguments in order and its options (each
    the namespace's name and how it is read), the namespace's other values, and its command
    function (``name`` in this package's ``module``, imported only when it runs if ``later``)."""

    positionals: tuple[Option, ...]
    options: dict[str, Option]
    defaults: dict[str, Any]
    module: str
    name: str
    later: bool = False


# command words -> its usual form
FORMS: dict[tuple[str, ...], Form] = {
    ("check-bid",): Form(
        (("ruleset", TEXT),),
        {"--players": ("players", NUMBER), "--deal": ("deal", NUMBER), "--cards": ("cards", NUMBER),
         "--bids": ("bids", MANY), "--option": ("option", EACH), "--json": ("json", FLAG)},
        {"players": None, "deal": None, "cards": None, "bids": None, "option": None, "json": False},
        ".rules", "cmd_check_bid"),
    ("rules", "list"): Form((), {"--json": ("json", FLAG)}, {"action": "list", "json": False},
                            ".rules", "cmd_rules_list"),
    ("rules", "show"): Form(
        (("ruleset", TEXT),),
        {"--players": ("players", NUMBER), "--option": ("option", EACH), "--plain": ("plain", FLAG),
         "--json": ("json", FLAG)},
        {"action": "show", "players": None, "option": None, "plain": False, "json": False},
        ".rules", "cmd_rules_show"),
    ("rules", "check"): Form((("files", MANY),), {}, {"action": "check"}, ".rules", "cmd_rules_check"),
    ("replay",): Form((("sheet", TEXT),), {**_REPORT, "--option": ("option", EACH)},
                      {**_REPORT_DEFAULTS, "option": None}, ".games", "cmd_replay"),
    ("show",): Form((("game", NUMBER),), _REPORT, _REPORT_DEFAULTS, ".games", "cmd_show", later=True),
    ("history",): Form((), _REPORT, _REPORT_DEFAULTS, ".history", "cmd_history", later=True),
    ("stats",): Form((), {**_REPORT, "--player": ("player", TEXT)}, {**_REPORT_DEFAULTS, "player": None},
                     ".history", "cmd_stats", later=True),
    ("sessions",): Form((), _REPORT, _REPORT_DEFAULTS, ".history", "cmd_sessions", later=True),
    ("export",): Form(
        (("sheet", TEXT),),
        {"--format": ("format", FORMATS), "-o": ("output", TEXT), "--output": ("output", TEXT), "--db": ("db", TEXT)},
        {"session": None, "all": False, "format": None, "output": None},
        ".games", "cmd_export"),
    ("hand-value",): Form((("ruleset", TEXT), ("cards", MANY)), {}, {}, ".rules", "cmd_hand_value"),
}
# What a command needs given: each of these options, and exactly one of those.
_REQUIRED: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {
    ("check-bid",): (("players", "bids"), ("deal", "cards")), ("export",): (("format",), ())}


def run_later(module: str, name: str) -> Callable[[Any], int]:
    """The command function ``name`` of this package's ``module``, imported when the command runs
    (the reports over the store do not load the engine that ``show`` and ``import`` need)."""
    def run(args) -> int:
        return getattr(_imported(module), name)(args)
    return run


def _imported(module: str) -> Any:
    """This package's ``module`` (".games"), imported: importlib's import_module, without importlib
    (which imports types and warnings)."""
    full = __package__ + module
    __import__(full)
    return sys.modules[full]


class Namespace:
    """The parser's namespace (argparse.Namespace: attributes, equal when they are), without
    argparse or the types module."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any: ...  # the values given, as argparse's Namespace has them

    def __eq__(self, other: object) -> bool:
        return vars(self) == vars(other) if hasattr(other, "__dict__") else NotImplemented

    def __repr__(self) -> str:
        return "Namespace(" + ", ".join(f"{k}={v!r}" for k, v in vars(self).items()) + ")"


def quick_args(argv: Sequence[str]) -> Namespace | None:
    """The namespace the parser gives for ``argv`` when it is one of the usual forms; else None."""
    words = next((w for w in FORMS if tuple(argv[:len(w)]) == w), None)
    if words is None:
        return None
    form = FORMS[words]
    values: dict[str, Any] = {"db": None, "command": words[0], **form.defaults}
    if not _read_options(argv, _read_positionals(argv, len(words), form.positionals, values), form.options, values):
        return None
    given, one_of = _REQUIRED.get(words, ((), ()))
    if any(values[dest] is None for dest in given) or (one_of and sum(values[d] is not None for d in one_of) != 1):
        return None
    run = run_later(form.module, form.name) if form.later else getattr(_imported(form.module), form.name)
    return Namespace(**values, run=run)


def _read_positionals(argv: Sequence[str], at: int | None, positionals: tuple[Option, ...],
                      values: dict[str, Any]) -> int | None:
    """Read the positional arguments from ``at`` into ``values``: where the options start, or None."""
    for dest, kind in positionals:
        at = at if at is None else _take(argv, at, dest, kind, values)
    return at


def _read_options(argv: Sequence[str], at: int | None, options: dict[str, Option], values: dict[str, Any]) -> bool:
    """Read the options from ``at`` to the end into ``values``; False where the form is not the usual one."""
    seen: set[str] = set()
    while at is not None and at < len(argv):
        dest, kind = options.get(argv[at], ("", FLAG))
        if not dest or (kind != EACH and dest in seen):
            return False
        seen.add(dest)
        at = _take(argv, at + 1, dest, kind, values)
    return at is not None


def _take(argv: Sequence[str], at: int, dest: str, kind: Kind, values: dict[str, Any]) -> int | None:
    """Read the value of ``kind`` that starts at ``at`` into ``values[dest]`` (a flag: True, no
    argument read): where the next argument is, or None if the parser would read it otherwise."""
    if kind == FLAG:
        values[dest] = True
        return at
    end = _values_end(argv, at) if kind == MANY else at + 1
    value = None if end == at or end > len(argv) or not _is_value_argument(argv[at]) else _value(kind, argv[at:end])
    if value is None:
        return None
    values[dest] = [*(values[dest] or ()), *value] if kind == EACH else value
    return end


def _values_end(argv: Sequence[str], at: int) -> int:
    """Where the values that start at ``at`` end: at the first argument that is not plain."""
    while at < len(argv) and _is_value_argument(argv[at]):
        at += 1
    return at


def _value(kind: Kind, items: Sequence[str]) -> Any:
    """The value of ``items`` read as ``kind`` (a list for MANY and EACH); None if the parser refuses it."""
    if kind == NUMBER:
        return whole_or_none(items[0])
    if kind in (MANY, EACH):
        return list(items)
    if isinstance(kind, tuple):  # choices
        return items[0] if items[0] in kind else None
    return items[0]


def _is_value_argument(item: str) -> bool:
    """An argument that is a value to the parser whatever follows: not empty, no "-" first."""
    return item != "" and not item.startswith("-")
