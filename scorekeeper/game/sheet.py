"""Score sheets: a TOML file holding what the table entered, nothing computed.

A sheet names the ruleset (a built-in id, or a path to a ruleset file relative to
the sheet), the players in seat order, the first dealer, the options that differ
from the ruleset's defaults and, deal by deal, the values entered::

    ruleset = "lupaus"
    players = ["Anna", "Ben", "Cara"]
    first_dealer = 1            # seat number, default 1
    title = "Friday game"       # optional

    [options]                   # optional: only options that differ from the defaults
    scoring = "tricks-plus-ten"

    [[deals]]
    bid = [1, 0, 2]             # per-seat fields: a list in seat order
    tricks = [1, 1, 1]
    turned = "hearts"           # per-deal fields: a single value

Per-partnership fields are a list in partnership order; a cards field is a list of
hands, each a list of card codes (``["SK", "HA"]``). A value not entered is ``""``
in a list, or left out for a per-deal field.

Where the ruleset's player range allows, the table can change between deals: a deal
may say who joins before it (with the starting score the table agreed, sitting after
a player; by default at the end of the seating order) and who sits it out::

    [[deals]]
    join = [{ name = "Dan", score = 20, after = "Anna" }]
    out = ["Ben"]               # who sits this deal out (left out: everyone plays)
    bid = [1, 0, 2]             # then per-seat lists follow the seating order of
    tricks = [1, 1, 1]          # those who play: here Anna, Dan, Cara

``players`` lists the players at the start; who joins later is added by ``join``.

The table may agree starting scores for everyone (``scores``, one whole number per
player, or per partnership in a partnership score), change the deals not played yet
during the game (``plan`` in a deal: the cards of each deal from this one on; an entry
with only ``plan``, ``join`` and ``out`` after the last deal is a change not followed by a deal), and end the
game early, after the last deal of the sheet (``ended_early = true``)::

    scores = [20, 0, -10]
    ended_early = true

    [[deals]]
    plan = [6, 5, 4, 3, 2, 1]   # from this deal on: straight down from 6
    bid = [1, 0, 2]

Totals, dealers and standings are never stored: loading a sheet replays it through
:class:`~scorekeeper.game.game.Game`, so every deal is checked again.
"""

from __future__ import annotations

import os
from weakref import WeakKeyDictionary

from ..messages import Message, MessageError, Text
from ..rules.cards import Card
from ..rules.files import FileRefused, NotToml, parse_toml, read_text
from ..rules.paths import names_a_file
from ..rules.ruleset import Ruleset, RulesetError, load_ruleset
from .engine import GameError, Issue, LimitError, message_of
from .game import (
    AFTER_END, TABLE_KEYS, Game, apply_table_changes, deals_with_table, is_table_only, played_after_end, replay_into,
    split_after_end,
)
from ..userdirs import path_text
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, Mapping

__all__ = ["OptionError", "SheetError", "dump_sheet", "load_sheet", "replay_sheet", "sheet_title", "sheet_values"]

SHEET_KEYS = ("ruleset", "players", "first_dealer", "title", "options", "scores", "carried", "ended_early", "deals")


class SheetError(MessageError):
    """A score sheet that cannot be replayed; the message names the file, deal and field."""


class OptionError(MessageError):
    """An option given to override a sheet's options (``--option``) that the ruleset refuses."""


@dataclass(frozen=True)
class _Origin:
    """Where a loaded game came from, so that dumping it again keeps the ruleset reference."""

    ruleset_ref: str  # as written in the sheet
    ruleset_path: str | None  # resolved file, when the reference is a path
    title: str | None
    ended_early: bool = False


class SheetOrigins:
    """Where each game made by load_sheet/replay_sheet came from, kept while the game lives (a
    game gone leaves nothing), in one place (:data:`ORIGINS`, the process's)."""

    __slots__ = ("_by_game",)

    def __init__(self) -> None:
        self._by_game: WeakKeyDictionary[Game, _Origin] = WeakKeyDictionary()

    def note(self, game: Game, origin: _Origin) -> None:
        self._by_game[game] = origin

    def of(self, game: Game) -> _Origin | None:
        """Where ``game`` came from; None if it was not loaded from a sheet."""
        return self._by_game.get(game)

    def __contains__(self, game: object) -> bool:
        return game in self._by_game

    def __len__(self) -> int:
        return len(self._by_game)


ORIGINS = SheetOrigins()  # the process's


# --- reading -------------------------------------------------------------------------------


def _type_name(value: Any) -> Text:
    kind = type(value)
    if kind is bool:
        return Message("sheet.type.bool")
    if kind in (int, float):
        return Message("sheet.type.number")
    if kind is str:
        return Message("sheet.type.text")
    if kind is list:
        return Message("sheet.type.list")
    if kind is dict:
        return Message("sheet.type.table")
    return kind.__name__


def _read(path: str, shown: str) -> dict:
    """The sheet's TOML, read within the bounds of :mod:`scorekeeper.rules.files`."""
    try:
        return _parse(read_text(path), shown)
    except FileRefused as exc:
        raise SheetError(Message("sheet.refused", file=shown, error=exc.message)) from None
    except FileNotFoundError:
        raise SheetError(Message("sheet.no_file", file=shown)) from None
    except IsADirectoryError:
        raise SheetError(Message("sheet.is_folder", file=shown)) from None
    except UnicodeDecodeError:
        raise SheetError(Message("sheet.not_utf8", file=shown)) from None
    except OSError as exc:
        raise SheetError(Message("sheet.unreadable", file=shown, error=str(exc.strerror))) from None


def _parse(text: str, shown: str) -> dict:
    try:
        return parse_toml(text)
    except NotToml as exc:
        if exc.line is not None:
            raise SheetError(Message("sheet.bad_toml_line", file=shown, line=str(exc.line), error=exc.reason)) from None
        raise SheetError(Message("sheet.bad_toml", file=shown, error=exc.reason)) from None


def _check_keys(raw: dict, shown: str) -> None:
    """SheetError for a key a sheet does not have, or a ruleset or players left out."""
    for key in raw:
        if key not in SHEET_KEYS:
            import difflib  # only for a key the sheet may not have

            close = difflib.get_close_matches(key, SHEET_KEYS, n=1)
            if close:
                raise SheetError(Message("sheet.unknown_key_hint", file=shown, name=key, hint=close[0],
                                         keys=", ".join(SHEET_KEYS)))
            raise SheetError(Message("sheet.unknown_key", file=shown, name=key, keys=", ".join(SHEET_KEYS)))
    if "ruleset" not in raw:
        raise SheetError(Message("sheet.missing_ruleset", file=shown))
    if "players" not in raw:
        raise SheetError(Message("sheet.missing_players", file=shown))


def _sheet_ruleset(ref: str, path: str | None, shown: str, lang: str | None) -> Ruleset:
    """The ruleset a sheet names: a built-in id, or a file at ``path``; SheetError if it cannot be used."""
    try:
        if path is not None:  # named by its path, as a file is named when it is given as a Path
            return load_ruleset(path, lang=lang, shown=path)
        return load_ruleset(ref, lang=lang)
    except RulesetError as exc:
        problem = exc.problems[0] if exc.problems else None
        detail: Any
        if problem is None:
            detail = message_of(exc)
        elif path is None and problem.file == ref and not problem.path:  # an unknown built-in id
            detail = problem.message
        else:
            detail = problem  # worded as the rules layer words a problem: file, key path, message
        raise SheetError(Message("sheet.in_key", file=shown, where="ruleset", error=detail)) from None


def _sheet_game(ruleset, players: list, options: dict, raw: Mapping[str, Any], shown: str) -> Game:
    """The sheet's game before its deals, built once; when the rules refuse it, it is built again
    a key at a time (the players, the first dealer, the scores, the carried values) to name the
    key at fault in the SheetError."""
    first_dealer = raw.get("first_dealer", 1)
    scores, carried = raw.get("scores"), raw.get("carried")
    try:
        return Game(ruleset, players, options, first_dealer, scores, carried)
    except GameError:
        pass
    stages = (((1, None, None), None), ((first_dealer, None, None), "first_dealer"),
              ((first_dealer, scores, None), "scores"), ((first_dealer, scores, carried), "carried"))
    for (dealer, given_scores, given_carried), where in stages:
        try:
            Game(ruleset, players, options, dealer, given_scores, given_carried)
        except GameError as exc:  # the ruleset's own limits are no fault of the players
            key = where or ("ruleset" if isinstance(exc, LimitError) else "players")
            raise SheetError(Message("sheet.in_key", file=shown, where=key, error=exc.message)) from None
    raise AssertionError("the whole game was refused, but no key alone")  # (the last stage is the whole game)


def _start(path: str | Path, options_override: Mapping[str, Any] | None, lang: str | None
           ) -> tuple[Game, list, str]:
    """Read and check the sheet's header; a Game with no deals yet, the raw deals, the shown name."""
    shown = str(path)
    path = path_text(path)
    raw = _read(path, shown)

    _check_keys(raw, shown)
    ref = raw["ruleset"]
    if not isinstance(ref, str) or not ref.strip():
        raise SheetError(Message("sheet.bad_ruleset_ref", file=shown, type=_type_name(ref)))
    ruleset_path = path_text(os.path.join(os.path.dirname(path), ref)) if names_a_file(ref) else None
    ruleset = _sheet_ruleset(ref, ruleset_path, shown, lang)

    players = raw["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SheetError(Message("sheet.bad_players", file=shown, type=_type_name(players)))
    title = raw.get("title")
    if title is not None and not isinstance(title, str):
        raise SheetError(Message("sheet.bad_title", file=shown, type=_type_name(title)))
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise SheetError(Message("sheet.bad_options", file=shown, type=_type_name(options)))
    deals = raw.get("deals", [])
    if not isinstance(deals, list) or not all(isinstance(d, dict) for d in deals):
        raise SheetError(Message("sheet.bad_deals", file=shown, type=_type_name(deals)))

    try:
        ruleset.resolve_options(options)
    except ValueError as exc:
        raise SheetError(Message("sheet.in_key", file=shown, where="options", error=message_of(exc))) from None
    if options_override:
        try:
            ruleset.resolve_options(options_override)
        except ValueError as exc:
            raise OptionError(message_of(exc)) from None
    merged = {**options, **dict(options_override or {})}
    game = _sheet_game(ruleset, players, merged, raw, shown)
    if type(raw.get("ended_early", False)) is not bool:
        raise SheetError(Message("sheet.bad_ended_early", file=shown, type=_type_name(raw["ended_early"])))
    ORIGINS.note(game, _Origin(ref, os.path.realpath(ruleset_path) if ruleset_path else None, title,
                               raw.get("ended_early", False)))
    return game, deals, shown


def load_sheet(path: str | Path, options_override: Mapping[str, Any] | None = None,
               lang: str | None = None) -> Game:
    """Replay a score sheet into a Game; SheetError at the first problem.

    ``options_override`` (e.g. from ``--option``) replaces the sheet's own value of
    each option it names. A deal that breaks a rule under the resulting options is an
    error naming its deal number; use :func:`replay_sheet` to see every such deal.
    ``lang``: the language of the ruleset's texts (labels, check messages), as the
    caller shows them (English by default).
    """
    game, deals, shown = _start(path, options_override, lang)
    number = 0  # an entry that only changes the table is no deal: the deal after it keeps its number
    for raw in deals:
        table_only = is_table_only(raw)  # (the plan, joins, sit-outs: no deal)
        number += 0 if table_only else 1
        try:
            raw, after_end = split_after_end(raw)
            values = apply_table_changes(game, raw)
            if after_end and not table_only:  # kept as the table left it: it counts for no one
                if not game.is_over or game.stopped_at is not None:
                    raise GameError(Message("engine.table.after_end"))
                game.record(values, check=False)
            elif not table_only:
                game.record(values)
        except GameError as exc:
            number += 1 if table_only else 0  # the change stands before the next deal
            raise SheetError(Message("sheet.in_deal", file=shown, number=number, error=exc.message)) from None
    _end_early(game, shown)
    return game


def _end_early(game: Game, shown: str) -> None:
    """End the game as the sheet says (``ended_early``), unless it is over by the rules already."""
    origin = ORIGINS.of(game)
    if origin is not None and origin.ended_early and not game.is_over:
        try:
            game.end_early()
        except GameError as exc:
            raise SheetError(Message("sheet.in_key", file=shown, where="ended_early", error=exc.message)) from None


def replay_sheet(path: str | Path, options_override: Mapping[str, Any] | None = None,
                 lang: str | None = None) -> tuple[Game, list[tuple[int, list[Issue]]]]:
    """Replay a score sheet, keeping deals that break a rule (a "what-if" re-scoring).

    Returns the game and the refused deals as (deal number, issues). A refused deal
    is still recorded, so later deals keep their numbers and the totals still count
    what the table played (a deal that cannot be scored counts 0). Deals beyond the
    deal plan cannot be recorded at all; they are listed as refused and left out.
    Problems in the sheet itself (unknown fields, a value of the wrong kind) raise
    SheetError; an unknown or bad override raises OptionError. ``lang`` as for load_sheet.
    """
    game, deals, shown = _start(path, options_override, lang)
    try:
        refused = replay_into(game, deals)
    except GameError as exc:
        number = exc.deal
        raise SheetError(Message("sheet.in_deal", file=shown, number=number, error=exc.message)) from None
    _end_early(game, shown)
    return game, refused


def sheet_title(game: Game) -> str | None:
    """The title of the sheet a game was loaded from (None if it has none or was not loaded)."""
    origin = ORIGINS.of(game)
    return origin.title if origin is not None else None


# --- writing -------------------------------------------------------------------------------


def _sheet_value(value: Any) -> Any:
    """One entered value as a sheet writes it (None -> "")."""
    if value is None:
        return ""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (tuple, list)):
        return [_sheet_value(v) for v in value]
    return value


def sheet_values(game: Game, values: Mapping[str, Any]) -> dict[str, Any]:
    """A recorded deal's values as a sheet holds them: plain TOML values, in field order.

    Per-deal fields not entered are left out, and so are list fields with nothing entered.
    """
    out: dict[str, Any] = {}
    for fid, spec in game.ruleset.fields.items():
        value = values.get(fid)
        if spec.scope == "deal":
            if value is not None:
                out[fid] = _sheet_value(value)
            continue
        if value is None or all(v is None for v in value):
            continue
        out[fid] = [_sheet_value(v) for v in value]
    return out


def started_carried(game: Game) -> dict[str, tuple]:
    """The values carried into the first deal that the table gave in place of the ruleset's
    starts (the sheet's ``carried``): those that differ from them."""
    start = game.start_carried
    if not start:
        return {}
    return {cid: row for cid, row in start.items() if row != game.setup.carry_start[cid]}


def _toml_literal(value: Any) -> str:
    """A sheet's value as TOML: a string, number, true or false as tomli_w writes it
    (tests/test_sheet_literal.py), a list of them; anything else by tomli_w (imported only then)."""
    kind = type(value)
    if kind is str:
        return '"' + value.translate(_ESCAPES) + '"'
    if kind is bool:
        return "true" if value else "false"
    if kind is int or kind is float:
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_literal(v) for v in value) + "]"
    import tomli_w

    return tomli_w.dumps({"v": value})[len("v = "):].rstrip("\n")


# What a TOML basic string escapes: a quote, a backslash, a control character but the tab
_ESCAPES = {**{c: f"\\u{c:04x}" for c in (*range(32), 127) if c != 9},
            8: "\\b", 10: "\\n", 12: "\\f", 13: "\\r", 34: '\\"', 92: "\\\\"}


_BARE_KEY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")  # a TOML bare key's


def _toml_key(key: str) -> str:
    return key if key and _BARE_KEY.issuperset(key) else _toml_literal(key)


def _ruleset_ref(game: Game, path: str | Path | None) -> str:
    origin = ORIGINS.of(game)
    if origin is not None:
        if origin.ruleset_path is None:
            return origin.ruleset_ref
        if path is None:
            return origin.ruleset_ref
        from pathlib import Path

        try:
            ref = Path(os.path.relpath(origin.ruleset_path, Path(path).resolve().parent)).as_posix()
        except ValueError:  # Windows: the sheet and its ruleset on different drives
            return Path(origin.ruleset_path).as_posix()
        return ref if names_a_file(ref) else f"./{ref}"  # a bare name would read as a built-in game's id
    return game.ruleset.id


def dump_sheet(game: Game, path: str | Path | None = None, title: str | None = None, *,
               ruleset: str | None = None) -> str:
    """The score sheet of a game as TOML text; written to ``path`` too when given.

    The ruleset is referred to as the sheet it was loaded from did (a relative path is
    rewritten relative to ``path``), else by its id; ``ruleset`` overrides that. The
    title defaults to the loaded sheet's title. Options are written only where they
    differ from the ruleset's defaults.
    """
    origin = ORIGINS.of(game)
    if title is None and origin is not None:
        title = origin.title
    ref = ruleset if ruleset is not None else _ruleset_ref(game, path)
    lines = [f"ruleset = {_toml_literal(ref)}"]
    if title is not None:
        lines.append(f"title = {_toml_literal(title)}")
    lines.append(f"players = {_toml_literal(list(game.setup.players))}")
    lines.append(f"first_dealer = {game.setup.first_dealer}")
    if any(game.start_scores):
        lines.append(f"scores = {_toml_literal(list(game.start_scores))}")
    given = started_carried(game)
    if given:
        lines.append("carried = { " + ", ".join(f"{_toml_key(k)} = {_toml_literal(list(v))}" for k, v in given.items())
                     + " }")
    if game.stopped_at is not None:
        lines.append("ended_early = true")
    defaults = game.ruleset.option_defaults()
    changed = {k: v for k, v in game.options.items() if v != defaults.get(k)}
    if changed:
        lines += ["", "[options]"]
        lines += [f"{_toml_key(k)} = {_toml_literal(v)}" for k, v in changed.items()]
    for number, deal in enumerate(deals_with_table(game), start=1):
        lines += ["", "[[deals]]"]
        changes = {k: deal[k] for k in TABLE_KEYS if k in deal}
        values = {k: v for k, v in deal.items() if k not in changes}
        if "plan" in changes:
            lines.append(f"plan = {_toml_literal(changes['plan'])}")
        if "join" in changes:
            lines.append("join = [" + ", ".join(
                "{ " + ", ".join(f"{k} = {_toml_literal(v)}" for k, v in entry.items()) + " }"
                for entry in changes["join"]) + "]")
        if "out" in changes:
            lines.append(f"out = {_toml_literal(changes['out'])}")
        if number <= len(game.deals):
            if played_after_end(game.results()[number - 1]):
                lines.append(f"{AFTER_END} = true")
            lines += [f"{_toml_key(k)} = {_toml_literal(v)}" for k, v in sheet_values(game, values).items()]
    text = "\n".join(lines) + "\n"
    parse_toml(text)  # never write a sheet that cannot be read back (as load_sheet reads it)
    if path is not None:
        from ..rules.files import write_text

        write_text(path, text)
    return text
