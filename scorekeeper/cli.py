"""The command line: ``scorekeeper <command>`` (also ``python -m scorekeeper``).

Commands: ``rules list|show|check``, ``check-bid``, ``hand-value``, ``replay``,
``export`` and ``play ID|FILE`` (the terminal app on a new game of that ruleset); with
no command the terminal app starts. ``--db PATH`` (before the command, or after
``play``) chooses the file where the app saves games.

Stored games (the file the app saves in; ``--db PATH`` chooses another): ``history``,
``show GAME_ID``, ``stats``, ``sessions``, ``session [ID]``, ``import SHEET``; ``replay``
and ``export`` take a game id too, and ``export --session [ID]`` or ``--all``.
``--plain`` (``replay``, ``show``, ``history``, ``stats``, ``sessions``, ``session``) prints
sentences, one a line, for a screen reader instead of tables (:mod:`.store.plain`).

The language (English, Finnish, Polish) is chosen first of all, before the parser is built:
``--lang CODE`` anywhere on the line (before or after the command; taken out of the
arguments by :func:`choose_language`), else $SCOREKEEPER_LANG, the settings, the locale.
Rulesets are shown through ``ruleset.localized(lang)``; ``--json`` keeps the English texts
of ``rules list``/``rules show``.

Exit status: 0 success; 1 a bad sheet or ruleset, an illegal bid, a deal that breaks
a rule, an unknown game or session, a store that cannot be used; 2 a usage error
(unknown ruleset or option, wrong number of bids, ...).
Every error is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, Sequence

from .game.engine import GameError, SetupError
from .game.game import Game
from .game.sheet import OptionError, SheetError, replay_sheet
from .rules.cards import CardError, parse_hand
from .rules.formula import Missing
from .i18n import (
    LANGUAGES, LanguageError, format_datetime, format_number, format_percent, get_language,
    resolve_language, set_language, t, tn,
)
from .rules.ruleset import (
    Ruleset, RulesetError, builtin_ids, check_file, find_ruleset_path, load_ruleset,
)

PROG = "scorekeeper"


class UsageError(Exception):
    """The command was given something it cannot use (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, no usage block
        raise UsageError(message)


# --- small helpers --------------------------------------------------------------------------


def _out(text: str = "") -> None:
    print(text)


def _err(text: str) -> None:
    print(t("cli.errors.line", prog=PROG, text=text), file=sys.stderr)


def _json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _load_ruleset(ref: str) -> Ruleset:
    """A built-in id or a ruleset file: unknown -> UsageError, broken -> RulesetError."""
    try:
        path = find_ruleset_path(ref)
    except RulesetError as exc:
        raise UsageError(exc.problems[0].message) from None
    if not path.exists():
        raise UsageError(t("cli.errors.no_such_file", ref=ref))
    return load_ruleset(ref)


def _shown(rs: Ruleset) -> Ruleset:
    """The ruleset with its texts in the current language (names, labels, check messages)."""
    return rs.localized(get_language())


def _parse_options(items: Sequence[str] | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(t("cli.errors.option_syntax", item=item))
        options[name.strip()] = value.strip()
    return options


def _resolve_options(ruleset: Ruleset, options: dict) -> None:
    try:
        ruleset.resolve_options(options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _seat_names(n: int) -> list[str]:
    return [t("cli.seat_name", number=i) for i in range(1, n + 1)]


def _values_text(values) -> str:
    return " ".join(str(v) for v in values)


def _table(rows: list[list[Any]]) -> list[str]:
    """Rows of cells as aligned text; numbers right-aligned, text left-aligned."""
    numeric = [[isinstance(c, (int, float)) and not isinstance(c, bool) for c in row] for row in rows]
    cells = [[format_number(c) if num else str(c) for c, num in zip(row, nums)] for row, nums in zip(rows, numeric)]
    widths = [max(len(row[i]) for row in cells if i < len(row)) for i in range(max(map(len, cells)))]
    lines = []
    for row, nums in zip(cells, numeric):
        parts = [c.rjust(widths[i]) if nums[i] else c.ljust(widths[i]) for i, c in enumerate(row)]
        lines.append("  ".join(parts).rstrip())
    return lines


# --- rules -----------------------------------------------------------------------------------


def _players_text(low: int, high: int) -> str:
    if low == high:
        return tn("cli.rules.players", low)
    return t("cli.rules.players_range", min=low, max=high)


def cmd_rules_list(args) -> int:
    entries, failed = [], []
    for rid in builtin_ids():
        try:
            rs = load_ruleset(rid)
        except RulesetError as exc:
            failed.append(str(exc.problems[0]) if exc.problems else str(exc))
            continue
        entries.append({
            "id": rs.id, "name": rs.name,
            "players": {"min": rs.min_players, "max": rs.max_players},
            "aka": list(rs.aka), "description": rs.description,
        })
    if args.json:
        _json(entries)
    else:
        for i, e in enumerate(entries):
            if i:
                _out()
            shown = _shown(load_ruleset(e["id"]))
            players = _players_text(e["players"]["min"], e["players"]["max"])
            _out(f"{e['id']}: {shown.name} ({players})")
            if e["aka"]:
                _out("  " + t("cli.rules.aka", names=", ".join(e["aka"])))
            _out(f"  {shown.description}")
    for problem in failed:
        _err(problem)
    return 1 if failed else 0


def _option_doc(o) -> dict:
    doc = {"id": o.id, "type": o.type, "label": o.label, "default": o.default}
    if o.help:
        doc["help"] = o.help
    if o.type == "choice":
        doc["choices"] = list(o.choices)
        doc["labels"] = {c: o.choice_labels.get(c, "") for c in o.choices}
    if o.type == "int":
        doc["min"], doc["max"] = o.min, o.max
    return doc


def _field_doc(f) -> dict:
    doc = {"id": f.id, "phase": f.phase, "scope": f.scope, "type": f.type, "label": f.label}
    if f.type == "int":
        doc["min"], doc["max"] = f.min.text if f.min else None, f.max.text if f.max else None
    if f.type == "choice":
        doc["choices"] = list(f.choices)
    if f.type == "cards" and f.count is not None:
        doc["count"] = f.count.text
    if f.when is not None:
        doc["when"] = f.when.text
    doc["optional"] = f.optional
    return doc


def _scope_words(scope: str) -> str:
    words = {"seat": t("cli.rules.scope.seat"), "team": t("cli.rules.scope.team"), "deal": t("cli.rules.scope.deal")}
    return words.get(scope, scope)


def _type_words(kind: str) -> str:
    words = {"int": t("cli.rules.type.int"), "choice": t("cli.rules.type.choice"), "suit": t("cli.rules.type.suit"),
             "trump": t("cli.rules.type.trump"), "seat": t("cli.rules.type.seat"), "bool": t("cli.rules.type.bool"),
             "cards": t("cli.rules.type.cards")}
    return words.get(kind, kind)


def _show_value(value: Any) -> str:
    if isinstance(value, bool):
        return t("value.yes") if value else t("value.no")
    if isinstance(value, (int, float)):
        return format_number(value)
    return str(value)


def cmd_rules_show(args) -> int:
    rs = _load_ruleset(args.ruleset)
    plan = None
    if args.players is not None:
        try:
            game = Game(rs, _seat_names(args.players), {})
        except SetupError as exc:
            raise UsageError(str(exc)) from None
        p = game.setup.plan
        plan = {"players": args.players, "deals": len(p) if p is not None else None,
                "cards": list(p) if p is not None else None,
                "ends_when": rs.end_when.text if rs.end_when is not None else None}
    if args.json:
        _json({
            "id": rs.id, "name": rs.name, "aka": list(rs.aka), "description": rs.description,
            "players": {"min": rs.min_players, "max": rs.max_players},
            "options": [_option_doc(o) for o in rs.options.values()],
            "fields": [_field_doc(f) for f in rs.fields.values()],
            "scoring": {"scope": rs.score_scope, "value": rs.score.text},
            "ends_when": rs.end_when.text if rs.end_when is not None else None,
            "winner": rs.winner,
            "hand_value": rs.hand_value,
            "plan": plan,
        })
        return 0
    rs = _shown(rs)
    _out(f"{rs.name} ({rs.id})")
    if rs.aka:
        _out(t("cli.rules.show_aka", names=", ".join(rs.aka)))
    _out(rs.description)
    _out(t("cli.rules.show_players", count=rs.min_players) if rs.min_players == rs.max_players
         else t("cli.rules.show_players_range", min=rs.min_players, max=rs.max_players))
    if rs.options:
        _out()
        _out(t("cli.rules.options_heading"))
        for o in rs.options.values():
            if o.type == "bool":
                kind = t("cli.rules.type.bool")
            elif o.type == "int":
                kind = t("cli.rules.type.int_range", min=o.min, max=o.max)
            else:
                kind = t("cli.rules.type.choice")
            _out("  " + t("cli.rules.option_line", id=o.id, kind=kind, default=_show_value(o.default), label=o.label))
            if o.help:
                _out(f"      {o.help}")
            for c in o.choices:
                label = o.choice_labels.get(c)
                _out(f"      {c}: {label}" if label else f"      {c}")
    _out()
    _out(t("cli.rules.fields_heading"))
    for f in rs.fields.values():
        if f.type == "int" and f.min is not None and f.max is not None:
            kind = t("cli.rules.type.int_range", min=f.min.text, max=f.max.text)
        elif f.type == "choice":
            kind = t("cli.rules.type.choice_list", choices=", ".join(f.choices))
        else:
            kind = _type_words(f.type)
        details = [f.phase, _scope_words(f.scope), kind] + ([t("cli.rules.optional")] if f.optional else [])
        _out("  " + t("cli.rules.field_line", id=f.id, label=f.label, details=", ".join(details)))
    _out()
    if rs.end_when is not None:
        _out(t("cli.rules.ends_when", formula=rs.end_when.text))
    _out(t("cli.rules.winner_lowest") if rs.winner == "lowest" else t("cli.rules.winner_highest"))
    if plan is not None:
        if plan["cards"] is not None:
            _out(t("cli.rules.plan", players=args.players, deals=tn("game.count.deals", plan["deals"])))
            _out(t("cli.rules.cards_per_deal", cards=_values_text(plan["cards"])))
        else:
            _out(t("cli.rules.no_plan", players=args.players, formula=plan["ends_when"]))
    return 0


def cmd_rules_check(args) -> int:
    bad = False
    for ref in args.files:
        path = Path(ref)
        if not path.exists() and path.suffix != ".toml":
            try:
                path = find_ruleset_path(ref)
            except RulesetError as exc:
                raise UsageError(exc.problems[0].message) from None
        problems = check_file(path)
        for problem in problems:
            _out(str(problem))
        if problems:
            bad = True
        else:
            _out(t("cli.rules.check_ok", ref=ref))
    return 1 if bad else 0


# --- check-bid -------------------------------------------------------------------------------


def _deal_with_cards(game: Game, cards: int) -> int:
    """The first deal with that many cards (UsageError listing the counts there are)."""
    rs = game.ruleset
    plan = game.setup.plan
    if plan is not None:
        counts = list(plan)
    else:
        counts = []
        for number in range(1, 101):  # a game without a plan: look at the first 100 deals
            try:
                counts.append(game.setup.cards(number))
            except GameError:
                break
    if cards in counts:
        return counts.index(cards) + 1
    have = _values_text(sorted(set(counts)))
    if plan is not None:
        raise UsageError(t("cli.check_bid.no_deal_planned", name=rs.name, players=game.setup.n, cards=cards,
                           counts=have))
    raise UsageError(t("cli.check_bid.no_deal_first", name=rs.name, players=game.setup.n, cards=cards, counts=have))


def cmd_check_bid(args) -> int:
    rs = _shown(_load_ruleset(args.ruleset))
    options = _parse_options(args.option)
    _resolve_options(rs, options)
    spec = rs.fields.get("bid")
    if spec is None or spec.scope != "seat" or spec.type != "int":
        raise UsageError(t("cli.check_bid.no_bid_field", name=rs.name, fields=", ".join(rs.fields)))
    n = args.players
    try:
        game = Game(rs, _seat_names(n), options, 1)
    except SetupError as exc:
        raise UsageError(str(exc)) from None
    if args.deal is not None:
        number = args.deal
        if number < 1:
            raise UsageError(t("cli.check_bid.deal_from_one", number=number))
        try:
            game.setup.cards(number)
        except GameError as exc:
            raise UsageError(str(exc)) from None
    else:
        number = _deal_with_cards(game, args.cards)
    try:
        order = game.info(number).bidding_order
    except Missing as exc:
        raise UsageError(t("cli.check_bid.order_depends", name=rs.name, value=exc.name)) from None

    bids = []
    for text in args.bids:
        try:
            bids.append(int(text))
        except ValueError:
            raise UsageError(t("cli.check_bid.not_a_number", text=text)) from None
    names = game.players
    if len(bids) not in (n - 1, n):
        who = ", ".join(names[s - 1] for s in order)
        raise UsageError(t("cli.check_bid.bid_count", fewer=n - 1, all=n, order=who, given=len(bids)))

    row: list[Any] = [""] * n
    for seat, bid in zip(order, bids):
        row[seat - 1] = bid
    issues = [i for i in game.validate(number, game.normalize({"bid": row})) if i.field == "bid"]
    entered = set(order[:len(bids)])
    bad_values = [i.message for i in issues if i.check is None and i.level == "error" and i.unit in entered]
    if bad_values:
        raise UsageError("; ".join(bad_values))
    rule_errors = [i.message for i in issues if i.check is not None and i.level == "error"]
    warnings = [t("cli.check_bid.warning", message=i.message) for i in issues if i.check is not None and i.level == "warning"]

    last = order[-1]
    open_row = list(row)
    open_row[last - 1] = ""
    choices = game.allowed("bid", last, {"bid": open_row}, number=number)
    allowed = [c.value for c in choices if c.allowed] if choices is not None else None
    forbidden = [c.value for c in choices if not c.allowed] if choices is not None else []

    if len(bids) == n - 1:
        messages = []
        for c in choices or ():
            for reason in c.reasons:
                if reason not in messages:
                    messages.append(reason)
        messages = rule_errors + messages + warnings
        legal = False if rule_errors else None
    else:
        legal = not rule_errors
        messages = rule_errors + warnings
    if args.json:
        _json({"legal": legal, "forbidden": forbidden, "messages": messages, "allowed": allowed})
    else:
        if len(bids) == n:
            _out(t("cli.check_bid.legal") if legal else t("cli.check_bid.illegal"))
        for m in messages:
            _out(m)
        if len(bids) == n - 1:
            if allowed is None:
                _out(t("cli.check_bid.allowed_unknown"))
            else:
                _out(t("cli.check_bid.allowed", values=_values_text(allowed)))
    return 1 if legal is False else 0


# --- hand-value ------------------------------------------------------------------------------


def _hand_field(rs: Ruleset, derived_id: str) -> str:
    """The one per-player cards field the hand value is computed from (followed through derived values)."""
    seen, todo, found = set(), [derived_id], []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        d = rs.derived.get(name)
        if d is not None:
            todo.extend(d.value.names)
            for _, part in d.parts:
                todo.extend(part.names)
            continue
        f = rs.fields.get(name)
        if f is not None and f.type == "cards" and f.scope == "seat":
            found.append(name)
    if not found:
        raise UsageError(t("cli.hand_value.no_cards_field", name=rs.name, value=derived_id))
    if len(found) > 1:
        raise UsageError(t("cli.hand_value.several_cards_fields", name=rs.name, value=derived_id,
                           fields=", ".join(sorted(found))))
    return found[0]


def cmd_hand_value(args) -> int:
    rs = _shown(_load_ruleset(args.ruleset))
    if not rs.hand_value:
        raise UsageError(t("cli.hand_value.none", name=rs.name))
    derived = rs.derived[rs.hand_value]
    fid = _hand_field(rs, rs.hand_value)
    tokens = [token for arg in args.cards for token in arg.replace(",", " ").split()]
    try:
        hand = parse_hand(tokens)
    except CardError as exc:
        raise UsageError(str(exc)) from None
    game = Game(rs, _seat_names(rs.min_players), {})
    seat = 1
    row: list[Any] = [""] * rs.min_players
    row[seat - 1] = hand
    d = game.evaluate(1, game.normalize({fid: row}))
    spec = rs.fields[fid]
    if spec.count is not None:
        try:
            count = spec.count(d.env(seat))
        except Missing:
            count = None
        if count is not None and len(hand) != count:
            raise UsageError(tn("cli.hand_value.wrong_count", len(hand), name=rs.name, cards=count))
    try:
        value = d.value(rs.hand_value, seat)
        parts = [(label, formula(d.env(seat))) for label, formula in derived.parts]
    except Missing as exc:
        raise UsageError(t("cli.hand_value.needs", value=exc.name)) from None
    _out(_show_value(value))
    for label, part in parts:
        _out(f"{derived.part_labels.get(label) or label}: {_show_value(part)}")
    return 0


# --- replay and export -----------------------------------------------------------------------


def _refused_lines(shown: str, refused) -> list[str]:
    return [t("cli.replay.refused", source=shown, number=number, messages="; ".join(i.message for i in issues))
            for number, issues in refused]


def _options_line(game: Game) -> str:
    defaults = game.ruleset.option_defaults()
    changed = [f"{k}={_show_value(v)}" for k, v in game.options.items() if v != defaults.get(k)]
    return t("cli.replay.options", options=", ".join(changed)) if changed else t("cli.replay.options_default")


def _replay_lines(game: Game, title: str | None) -> list[str]:
    from .store.export import status_text

    rs = _shown(game.ruleset)
    lines = [f"{rs.name} ({rs.id})" + (f": {title}" if title else "")]
    lines.append(_options_line(game))
    lines.append("")
    header: list[Any] = [t("cli.replay.column.deal"), t("cli.replay.column.cards"), t("cli.replay.column.dealer")]
    for name in game.scorer_names:
        header += [name, t("cli.replay.column.total")]
    rows = [header]
    notes = []
    for r in game.results():
        row: list[Any] = [r.number, r.cards, game.players[r.dealer - 1]]
        for score, total in zip(r.scores, r.totals):
            row += [score, total]
        rows.append(row)
        for i in r.issues:
            if i.level == "warning":
                notes.append(t("cli.replay.note_warning", number=r.number, message=i.message))
            else:
                notes.append(t("cli.replay.note", number=r.number, message=i.message))
    lines += _table(rows)
    lines += notes
    lines.append("")
    lines.append(t("cli.replay.totals", totals=", ".join(
        f"{name} {format_number(total)}" for name, total in zip(game.scorer_names, game.totals()))))
    lines.append(t("cli.replay.standings"))
    lines += [f"  {s.rank}. {s.name} {format_number(s.total)}" for s in game.standings()]
    lines.append(status_text(game))
    return lines


def cmd_replay(args) -> int:
    from .game.sheet import sheet_title
    from .store import plain
    from .store.export import game_document

    if _game_id(args.sheet) is not None:
        return _replay_stored(args, _game_id(args.sheet))
    overrides = _parse_options(args.option)
    shown = str(args.sheet)
    try:
        base, base_refused = replay_sheet(args.sheet)
    except OptionError as exc:  # pragma: no cover - no overrides here
        raise UsageError(str(exc)) from None
    if base_refused:
        for line in _refused_lines(shown, base_refused):
            _err(line)
        return 1
    title = sheet_title(base)
    if not overrides:
        if args.json:
            _json(game_document(base))
        else:
            for line in (plain.game_lines(base, title) if args.plain else _replay_lines(base, title)):
                _out(line)
        return 0

    try:
        game, refused = replay_sheet(args.sheet, overrides)
    except OptionError as exc:
        raise UsageError(str(exc)) from None
    return _print_what_if(base, game, refused, overrides, shown, title, args.json, "sheet", plain=args.plain)


def _print_what_if(base: Game, game: Game, refused, overrides: dict, shown: str, title: str | None,
                   as_json: bool, source: str, plain: bool = False) -> int:
    """The re-scored game, its totals beside ``base``'s, and the deals that break a rule (exit 1)."""
    from .store.export import game_document
    from .store.plain import what_if_lines

    if as_json:
        doc = game_document(game, title)
        doc["refused"] = [{"deal": n, "messages": [i.message for i in issues]} for n, issues in refused]
        doc[source] = {
            "options": base.options,
            "totals": list(base.totals()),
            "standings": [{"rank": s.rank, "name": s.name, "total": s.total} for s in base.standings()],
            "over": base.is_over,
            "winners": list(base.winners),
        }
        _json(doc)
    elif plain:
        for line in what_if_lines(base, game, overrides, title):
            _out(line)
    else:
        for line in _replay_lines(game, title):
            _out(line)
        _out()
        given = ", ".join(f"{k}={v}" for k, v in overrides.items())
        heading = t("cli.replay.sheet_options") if source == "sheet" else t("cli.replay.stored_options")
        rows: list[list[Any]] = [["", heading, given]]
        for name, a, b in zip(game.scorer_names, base.totals(), game.totals()):
            rows.append([name, a, b])
        _out(t("cli.replay.side_by_side"))
        for line in _table(rows):
            _out("  " + line)
    if refused:
        given = ", ".join(f"{k}={v}" for k, v in overrides.items())
        print(tn("cli.replay.refused_count", len(refused), prog=PROG, options=given), file=sys.stderr)
        for line in _refused_lines(shown, refused):
            print(line, file=sys.stderr)
        return 1
    return 0


def cmd_export(args) -> int:
    from .game.sheet import dump_sheet, load_sheet
    from .store.export import export

    if args.session is not None or args.all or args.sheet is None or _game_id(args.sheet) is not None:
        return _export_stored(args)
    game = load_sheet(args.sheet)
    if args.format == "toml" and args.output:
        dump_sheet(game, args.output)
        return 0
    text = export(game, args.format)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8", newline="")
    else:
        sys.stdout.write(text)
    return 0


# --- stored games ----------------------------------------------------------------------------


def _game_id(text: str | None) -> int | None:
    """A game id given where a sheet may be: digits that are not the name of an existing file."""
    if text is None or not (text.isascii() and text.isdigit()) or Path(text).exists():
        return None
    return int(text)


def _store_path(args) -> Path:
    from .store.db import default_db_path

    db = getattr(args, "db", None)
    return Path(db).expanduser() if db else default_db_path()


def _open_store(args, create: bool = False):
    """The store (StoreError if it cannot be used); None when there is no file yet and ``create`` is off."""
    from .store.db import Store

    path = _store_path(args)
    if not create and not path.exists():
        return None
    return Store(path)


def _no_game(args, game_id: int) -> ValueError:
    from .store.db import StoreError

    return StoreError(t("cli.errors.no_game", path=_store_path(args), id=game_id))


def _when(moment) -> str:
    return format_datetime(moment)


def _result_text(summary) -> str:
    """As status_text says it, from a listed game's summary (no replay)."""
    if summary.winners:
        return tn("cli.history.winners", len(summary.winners), names=", ".join(summary.winners))
    played, planned = summary.deals_played, summary.planned_deals
    if planned is not None:
        return tn("cli.history.in_progress_of", planned, played=played)
    return tn("cli.history.in_progress", played)


def _summary_doc(g) -> dict:
    return {"id": g.id, "title": g.title, "ruleset": g.ruleset_id, "name": g.ruleset_name, "players": list(g.players),
            "created_at": g.created_at.isoformat(), "updated_at": g.updated_at.isoformat(),
            "deals_played": g.deals_played, "planned_deals": g.planned_deals, "over": g.finished,
            "winners": list(g.winners)}


def _game_rows(games) -> list[list[Any]]:
    rows: list[list[Any]] = [[t("cli.history.column.id"), t("cli.history.column.started"), t("cli.history.column.game"),
                              t("cli.history.column.players"), t("cli.history.column.result")]]
    for g in games:
        rows.append([g.id, _when(g.created_at), _ruleset_name(g) + (f": {g.title}" if g.title else ""),
                     ", ".join(g.players), _result_text(g)])
    return rows


def cmd_history(args) -> int:
    from .store.history import history

    store = _open_store(args)
    games = [] if store is None else history(store)
    if store is not None:
        store.close()
    if args.json:
        _json([_summary_doc(g) for g in games])
        return 0
    if args.plain:
        from .store.plain import history_lines

        for line in history_lines(games, str(_store_path(args))):
            _out(line)
        return 0
    if not games:
        _out(t("cli.history.none", path=_store_path(args)))
        return 0
    _out(t("cli.history.heading", path=_store_path(args)))
    for line in _table(_game_rows(games)):
        _out("  " + line)
    return 0


def _load(args, store, game_id: int):
    from .store.history import load_game

    if store is None:
        raise _no_game(args, game_id)
    return load_game(store, game_id)


def cmd_show(args) -> int:
    from .store.export import game_document

    store = _open_store(args)
    try:
        stored = _load(args, store, args.game)
    finally:
        if store is not None:
            store.close()
    if args.json:
        _json({"id": stored.id, **game_document(stored.game, stored.title)})
    elif args.plain:
        from .store.plain import game_lines

        for line in game_lines(stored.game, stored.title):
            _out(line)
    else:
        for line in _replay_lines(stored.game, stored.title):
            _out(line)
    return 0


def _replay_stored(args, game_id: int) -> int:
    from .store.history import what_if

    overrides = _parse_options(args.option)
    if not overrides:
        return cmd_show(argparse.Namespace(**{**vars(args), "game": game_id}))
    store = _open_store(args)
    try:
        stored = _load(args, store, game_id)
    finally:
        if store is not None:
            store.close()
    game, refused = what_if(stored, overrides)  # OptionError: a usage error (exit 2)
    return _print_what_if(stored.game, game, refused, overrides, t("cli.replay.game_source", id=game_id),
                          stored.title, args.json,
                          "stored", plain=args.plain)


def _ruleset_name(summary) -> str:
    """A listed game's ruleset name in the current language (see store.history.ruleset_name)."""
    from .store.history import ruleset_name

    return ruleset_name(summary.ruleset_id, summary.ruleset_name)


def _percent(part: int, whole: int) -> str:
    return format_percent(part / whole) if whole else "-"


def _stats_lines(p) -> list[str]:
    games = tn("cli.stats.finished_games", p.games)
    if p.unfinished:
        games = t("cli.stats.with_unfinished", games=games, count=p.unfinished)
    wins = tn("cli.stats.wins", p.wins)
    if p.average_rank is not None:
        lines = [t("cli.stats.summary_rank", name=p.name, games=games, wins=wins,
                   rank=format_number(p.average_rank, 2))]
    else:
        lines = [t("cli.stats.summary", name=p.name, games=games, wins=wins)]
    b = p.bidding
    if b is not None and b.deals:
        mean = b.mean_difference
        lines.append("  " + t("cli.stats.bids", deals=tn("game.count.deals", b.deals), exact=b.exact,
                              percent=_percent(b.exact, b.deals), over=b.over, under=b.under,
                              mean=("+" if mean >= 0 else "") + format_number(mean, 2)))
        lines.append("  " + t("cli.stats.exact_by_cards", counts=", ".join(
            f"{c}: {e}/{d}" for c, (d, e) in sorted(b.by_cards.items()))))
        if b.dealer_deals:
            lines.append("  " + t("cli.stats.as_dealer", deals=tn("game.count.deals", b.dealer_deals),
                                  restricted=b.restricted, missed=b.restricted_missed,
                                  percent=_percent(b.restricted_missed, b.restricted)))
    return lines


class StatsError(ValueError):
    """A statistics request that names no stored player (exit status 1)."""


def cmd_stats(args) -> int:
    import difflib

    from .store.stats import player_key, stats

    store = _open_store(args)
    try:
        report = stats(store, args.player) if store is not None else None
        everyone = stats(store).players if store is not None and args.player and not report.players else None
    finally:
        if store is not None:
            store.close()
    players = report.players if report is not None else []
    if args.player is not None and not players:
        known = [p.name for p in everyone or ()]
        close = difflib.get_close_matches(player_key(args.player), [player_key(n) for n in known], n=1)
        text = t("cli.stats.no_player", name=args.player.strip())
        if close:
            text = t("cli.stats.did_you_mean", text=text, name=next(n for n in known if player_key(n) == close[0]))
        if known:
            text = t("cli.stats.players_are", text=text, names=", ".join(known))
        raise StatsError(text)
    skipped = report.skipped if report is not None else []
    if args.json:
        _json({"players": [p.as_dict() for p in players],
               "skipped": [{"game": gid, "problem": why} for gid, why in skipped]})
    elif args.plain:
        from .store.plain import stats_lines

        for line in stats_lines(players, str(_store_path(args))):
            _out(line)
    elif not players:
        _out(t("cli.history.none", path=_store_path(args)))
    else:
        for i, p in enumerate(players):
            if i:
                _out()
            for line in _stats_lines(p):
                _out(line)
    for gid, why in skipped:
        _err(t("cli.errors.left_out", id=gid, problem=why))
    return 1 if skipped else 0


def _session_rows(report) -> list[list[Any]]:
    rows: list[list[Any]] = [[t("cli.session.column.rank"), t("cli.session.column.name"), t("cli.session.column.played"),
                              t("cli.session.column.won"), t("cli.session.column.in_progress")]
                             + [r.name for r in report.rulesets]]
    for line in report.standings:
        rows.append([line.rank, line.name, line.played, line.won, line.in_progress]
                    + [line.points.get(r.id, "") for r in report.rulesets])
    return rows


def cmd_sessions(args) -> int:
    from .store.sessions import session_reports

    store = _open_store(args)
    try:
        reports = session_reports(store) if store is not None else []
    finally:
        if store is not None:
            store.close()
    if args.json:
        _json([r.as_dict() for r in reports])
        return 0
    if args.plain:
        from .store.plain import sessions_lines

        for line in sessions_lines(reports, str(_store_path(args))):
            _out(line)
        return 0
    if not reports:
        _out(t("cli.sessions.none", path=_store_path(args)))
        return 0
    rows: list[list[Any]] = [[t("cli.sessions.column.id"), t("cli.sessions.column.started"),
                              t("cli.sessions.column.title"), t("cli.sessions.column.games"),
                              t("cli.sessions.column.leading")]]
    for r in reports:
        first = [line for line in r.standings if line.rank == 1]
        lead = t("cli.sessions.leading", names=", ".join(line.name for line in first), won=first[0].won) if first else ""
        rows.append([r.session.id, _when(r.session.started_at), r.session.title or "", len(r.games), lead])
    _out(t("cli.sessions.heading", path=_store_path(args)))
    for line in _table(rows):
        _out("  " + line)
    return 0


def cmd_session(args) -> int:
    from .store.db import StoreError
    from .store.sessions import session_report

    store = _open_store(args)
    if store is None:
        raise StoreError(t("cli.errors.no_sessions", path=_store_path(args)))
    try:
        report = session_report(store, args.session)
    finally:
        store.close()
    if args.json:
        doc = report.as_dict()
        doc["games"] = [_summary_doc(g) for g in report.games]
        _json(doc)
    elif args.plain:
        from .store.plain import session_lines

        for line in session_lines(report):
            _out(line)
    else:
        s = report.session
        _out(t("cli.session.titled", id=s.id, title=s.title) if s.title else t("cli.session.heading", id=s.id))
        _out(t("cli.session.times", started=_when(s.started_at), last=_when(s.last_active),
               games=tn("game.count.games", len(report.games))))
        _out()
        _out(t("cli.session.standing"))
        for line in _table(_session_rows(report)):
            _out("  " + line)
        _out()
        _out(t("cli.session.games"))
        for line in _table(_game_rows(report.games)):
            _out("  " + line)
    for gid, why in report.skipped:
        _err(t("cli.errors.left_out", id=gid, problem=why))
    return 1 if report.skipped else 0


def cmd_import(args) -> int:
    from .store.history import import_sheet

    with _open_store(args, create=True) as store:
        game_id = import_sheet(store, args.sheet)
        stored = store.open_game(game_id)
    game = stored.game
    _out(t("cli.import.stored", sheet=args.sheet, id=game_id, path=store.path, name=_shown(game.ruleset).name,
           players=", ".join(game.players), deals=tn("game.count.deals", len(game.deals))))
    return 0


_NEWEST = object()  # export --session without an id (argparse converts only text constants)


def _write_text(text: str, output: str | None) -> None:
    if output:
        Path(output).write_text(text, encoding="utf-8", newline="")
    else:
        sys.stdout.write(text)


def _export_stored(args) -> int:
    from .store.db import StoreError
    from .store.export import export, export_games
    from .store.history import exported, load_game
    from .store.sessions import session_report

    game_id = _game_id(args.sheet)
    given = [w for w, on in ((t("cli.export.a_game"), game_id is not None), ("--session", args.session is not None),
                             ("--all", args.all)) if on]
    if args.sheet is not None and game_id is None:
        given.insert(0, t("cli.export.a_sheet"))
    if len(given) != 1:
        if not given:
            raise UsageError(t("cli.export.one_of"))
        got = given[0]
        for more in given[1:]:
            got = t("cli.export.and", first=got, second=more)
        raise UsageError(t("cli.export.one_of_got", given=got))
    if args.format == "toml" and game_id is None:
        raise UsageError(t("cli.export.toml_one_game"))
    store = _open_store(args)
    if store is None:
        if game_id is not None:
            raise _no_game(args, game_id)
        if args.session is not None:
            raise StoreError(t("cli.errors.no_sessions", path=_store_path(args)))
        _write_text(export_games([], args.format), args.output)
        return 0
    try:
        if game_id is not None:
            stored = load_game(store, game_id)
            text = export(stored.game, args.format, title=stored.title, ruleset_ref=stored.ruleset_ref)
        elif args.session is not None:
            report = session_report(store, None if args.session is _NEWEST else args.session)
            games = [exported(load_game(store, gid)) for gid in report.session.game_ids]
            text = export_games(games, args.format, report)
        else:
            games = [exported(load_game(store, g.id)) for g in sorted(store.list_games(), key=lambda g: g.id)]
            text = export_games(games, args.format)
    finally:
        store.close()
    _write_text(text, args.output)
    return 0


# --- the parser ------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, its help in the current language (call set_language first)."""
    # --lang is taken out of the arguments by main() before parsing (_take_lang); the epilog tells it.
    parser = _Parser(prog=PROG, description=t("cli.help.description"),
                     epilog=t("cli.help.epilog", codes=", ".join(LANGUAGES)))
    # Left out of the usage line (the app's option, not the commands'); told in the description.
    parser.add_argument("--db", metavar="PATH", default=None, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    json_help = t("cli.help.json")

    rules = sub.add_parser("rules", help=t("cli.help.rules"))
    rsub = rules.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = rsub.add_parser("list", help=t("cli.help.rules_list"))
    p.add_argument("--json", action="store_true", help=json_help)
    p.set_defaults(run=cmd_rules_list)
    p = rsub.add_parser("show", help=t("cli.help.rules_show"))
    p.add_argument("ruleset", metavar="ID|FILE")
    p.add_argument("--players", type=int, metavar="N", help=t("cli.help.rules_show_players"))
    p.add_argument("--json", action="store_true", help=json_help)
    p.set_defaults(run=cmd_rules_show)
    p = rsub.add_parser("check", help=t("cli.help.rules_check"))
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(run=cmd_rules_check)

    p = sub.add_parser("check-bid", help=t("cli.help.check_bid"))  # i18n: not shown (a command's name)
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("--players", type=int, required=True, metavar="N")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", type=int, metavar="K", help=t("cli.help.check_bid_deal"))
    which.add_argument("--cards", type=int, metavar="C", help=t("cli.help.check_bid_cards"))
    p.add_argument("--bids", nargs="+", required=True, metavar="BID", help=t("cli.help.check_bid_bids"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=t("cli.help.option"))
    p.add_argument("--json", action="store_true", help=json_help)
    p.set_defaults(run=cmd_check_bid)

    p = sub.add_parser("hand-value", help=t("cli.help.hand_value"))  # i18n: not shown (a command's name)
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("cards", nargs="+", metavar="CARD", help=t("cli.help.hand_value_cards"))
    p.set_defaults(run=cmd_hand_value)

    p = sub.add_parser("replay", help=t("cli.help.replay"))
    p.add_argument("sheet", metavar="SHEET|GAME_ID")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=t("cli.help.replay_option"))
    p.add_argument("--json", action="store_true", help=json_help)
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("play", help=t("cli.help.play"))
    p.add_argument("ruleset", metavar="ID|FILE")
    p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=t("cli.help.play_db"))
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("export", help=t("cli.help.export"))
    p.add_argument("sheet", metavar="SHEET|GAME_ID", nargs="?", help=t("cli.help.export_sheet"))
    p.add_argument("--session", metavar="ID", nargs="?", type=int, const=_NEWEST, default=None,
                   help=t("cli.help.export_session"))
    p.add_argument("--all", action="store_true", help=t("cli.help.export_all"))
    p.add_argument("--format", required=True, choices=("csv", "json", "md", "toml", "html"))
    p.add_argument("-o", "--output", metavar="FILE", help=t("cli.help.export_output"))
    _db_option(p)
    p.set_defaults(run=cmd_export)

    p = sub.add_parser("history", help=t("cli.help.history"))
    p.add_argument("--json", action="store_true", help=json_help)
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_history)

    p = sub.add_parser("show", help=t("cli.help.show"))
    p.add_argument("game", metavar="GAME_ID", type=int)
    p.add_argument("--json", action="store_true", help=json_help)
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("stats", help=t("cli.help.stats"))
    p.add_argument("--player", metavar="NAME", help=t("cli.help.stats_player"))
    p.add_argument("--json", action="store_true", help=json_help)
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_stats)

    p = sub.add_parser("sessions", help=t("cli.help.sessions"))
    p.add_argument("--json", action="store_true", help=json_help)
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_sessions)

    p = sub.add_parser("session", help=t("cli.help.session"))
    p.add_argument("session", metavar="ID", type=int, nargs="?")
    p.add_argument("--json", action="store_true", help=json_help)
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_session)

    p = sub.add_parser("import", help=t("cli.help.import"))
    p.add_argument("sheet", metavar="SHEET")
    _db_option(p)
    p.set_defaults(run=cmd_import)

    from .web.cli import add_parser as add_board_parser  # `board`: the live score board (scorekeeper/web/)

    add_board_parser(sub)
    return parser


def _plain_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--plain", action="store_true", help=t("cli.help.plain"))


def _db_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=t("cli.help.db"))


def _take_lang(argv: list[str]) -> tuple[list[str], str | None]:
    """``--lang CODE`` or ``--lang=CODE`` taken out of the arguments, wherever it stands
    (before or after the command); the last one given counts. UsageError without a code."""
    rest: list[str] = []
    lang = None
    items = iter(argv)
    for item in items:
        if item == "--":
            rest.append(item)
            rest.extend(items)
            break
        if item == "--lang":
            value = next(items, None)
            if value is None or value.startswith("-"):
                raise UsageError(t("cli.errors.lang_needs_code", codes=", ".join(LANGUAGES)))
            lang = value
        elif item.startswith("--lang="):
            lang = item.split("=", 1)[1]
        else:
            rest.append(item)
    return rest, lang


def _run_tui(parser: argparse.ArgumentParser, db: str | None = None, ruleset: str | None = None) -> int:
    try:
        from .tui.app import run  # lazy: the headless commands never import textual
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == "scorekeeper.tui" or exc.name.startswith("scorekeeper.tui.")):
            parser.print_help()
            return 0
        raise
    if db is None and ruleset is None:
        return run() or 0
    return run(db_path=db, ruleset=ruleset) or 0


def cmd_play(args) -> int:
    """``scorekeeper play ID|FILE``: the app, straight into a new game of that ruleset.

    An unknown id or a missing file is a usage error here; a file with problems opens
    in the app, which lists what ``rules check`` finds.
    """
    try:
        path = find_ruleset_path(args.ruleset)
    except RulesetError as exc:
        raise UsageError(exc.problems[0].message) from None
    if not path.exists():
        raise UsageError(t("cli.errors.no_such_file", ref=args.ruleset))
    return _run_tui(build_parser(), getattr(args, "db", None), args.ruleset)


def choose_language(argv: list[str]) -> list[str]:
    """Set the language (``--lang``, $SCOREKEEPER_LANG, the settings, the locale) and return
    the arguments without ``--lang``; UsageError for a missing code, LanguageError for an unknown one."""
    from .i18n import ENV_VAR, LANGUAGES, language_code

    argv, lang = _take_lang(argv)
    remembered = None
    if lang is None and language_code(os.environ.get(ENV_VAR)) not in LANGUAGES:
        from .settings import load_settings  # (only when it decides: it reads a file)

        remembered = load_settings().lang
    set_language(resolve_language(cli=lang, env=os.environ, settings=remembered))
    return argv


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        argv = choose_language(argv)  # first: the parser's help and every message after it are in it
    except (UsageError, LanguageError) as exc:
        _err(str(exc))
        return 2
    parser = build_parser()
    try:
        if not argv:
            return _run_tui(parser)
        args = parser.parse_args(argv)
        if args.command is None:
            return _run_tui(parser, args.db)
        if getattr(args, "run", None) is None:
            parser.print_help()
            return 2
        if getattr(args, "plain", False) and getattr(args, "json", False):
            raise UsageError(t("cli.errors.plain_and_json"))
        return args.run(args)
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except UsageError as exc:
        _err(str(exc))
        return 2
    except OptionError as exc:
        _err(str(exc))
        return 2
    except (RulesetError, SheetError, GameError, CardError) as exc:
        _err(str(exc).replace("\n", "; "))
        return 1
    except Missing as exc:
        _err(t("cli.errors.missing_value", name=exc))
        return 1
    except OSError as exc:
        _err(f"{exc.filename}: {exc.strerror}" if exc.filename else str(exc))
        return 1
    except ValueError as exc:
        _err(str(exc))
        return 1
    except KeyboardInterrupt:
        return 130
