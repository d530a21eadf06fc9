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

Exit status: 0 success; 1 a bad sheet or ruleset, an illegal bid, a deal that breaks
a rule, an unknown game or session, a store that cannot be used; 2 a usage error
(unknown ruleset or option, wrong number of bids, ...).
Every error is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

from .game.engine import GameError, SetupError
from .game.game import Game
from .game.sheet import OptionError, SheetError, replay_sheet
from .rules.cards import CardError, parse_hand
from .rules.formula import Missing
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
    print(f"{PROG}: error: {text}", file=sys.stderr)


def _json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _load_ruleset(ref: str) -> Ruleset:
    """A built-in id or a ruleset file: unknown -> UsageError, broken -> RulesetError."""
    try:
        path = find_ruleset_path(ref)
    except RulesetError as exc:
        raise UsageError(exc.problems[0].message) from None
    if not path.exists():
        raise UsageError(f"{ref}: no such file")
    return load_ruleset(ref)


def _parse_options(items: Sequence[str] | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--option takes NAME=VALUE, e.g. --option scoring=ten-plus-bid; got '{item}'")
        options[name.strip()] = value.strip()
    return options


def _resolve_options(ruleset: Ruleset, options: dict) -> None:
    try:
        ruleset.resolve_options(options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _seat_names(n: int) -> list[str]:
    return [f"Player {i}" for i in range(1, n + 1)]


def _values_text(values) -> str:
    return " ".join(str(v) for v in values)


def _table(rows: list[list[Any]]) -> list[str]:
    """Rows of cells as aligned text; numbers right-aligned, text left-aligned."""
    cells = [[str(c) for c in row] for row in rows]
    numeric = [[isinstance(c, (int, float)) and not isinstance(c, bool) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells if i < len(row)) for i in range(max(map(len, cells)))]
    lines = []
    for row, nums in zip(cells, numeric):
        parts = [c.rjust(widths[i]) if nums[i] else c.ljust(widths[i]) for i, c in enumerate(row)]
        lines.append("  ".join(parts).rstrip())
    return lines


# --- rules -----------------------------------------------------------------------------------


def _players_text(rs: Ruleset) -> str:
    if rs.min_players == rs.max_players:
        return f"{rs.min_players} players"
    return f"{rs.min_players}-{rs.max_players} players"


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
            players = (f"{e['players']['min']} players" if e["players"]["min"] == e["players"]["max"]
                       else f"{e['players']['min']}-{e['players']['max']} players")
            _out(f"{e['id']}: {e['name']} ({players})")
            if e["aka"]:
                _out(f"  also known as: {', '.join(e['aka'])}")
            _out(f"  {e['description']}")
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


_SCOPE_WORDS = {"seat": "per player", "team": "per partnership", "deal": "per deal"}
_TYPE_WORDS = {"int": "whole number", "choice": "choice", "suit": "suit", "trump": "suit or no trump",
               "seat": "seat", "bool": "yes/no", "cards": "cards"}


def _show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
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
    _out(f"{rs.name} ({rs.id})")
    if rs.aka:
        _out(f"Also known as: {', '.join(rs.aka)}")
    _out(rs.description)
    _out(f"Players: {rs.min_players}" if rs.min_players == rs.max_players
         else f"Players: {rs.min_players} to {rs.max_players}")
    if rs.options:
        _out()
        _out("Options:")
        for o in rs.options.values():
            kind = {"bool": "yes/no", "int": f"whole number {o.min} to {o.max}", "choice": "choice"}[o.type]
            _out(f"  {o.id} ({kind}, default {_show_value(o.default)}): {o.label}")
            if o.help:
                _out(f"      {o.help}")
            for c in o.choices:
                label = o.choice_labels.get(c)
                _out(f"      {c}: {label}" if label else f"      {c}")
    _out()
    _out("Fields:")
    for f in rs.fields.values():
        extra = ""
        if f.type == "int":
            extra = f" {f.min.text} to {f.max.text}"
        elif f.type == "choice":
            extra = f": {', '.join(f.choices)}"
        optional = ", optional" if f.optional else ""
        _out(f"  {f.id}: {f.label} ({f.phase}, {_SCOPE_WORDS[f.scope]}, {_TYPE_WORDS[f.type]}{extra}{optional})")
    _out()
    if rs.end_when is not None:
        _out(f"The game ends when: {rs.end_when.text}")
    _out(f"Winner: the {rs.winner} total")
    if plan is not None:
        if plan["cards"] is not None:
            _out(f"Deal plan for {args.players} players: {plan['deals']} deals")
            _out(f"Cards per deal: {_values_text(plan['cards'])}")
        else:
            _out(f"With {args.players} players there is no fixed number of deals; "
                 f"the game ends by score: {plan['ends_when']}")
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
            _out(f"{ref}: ok")
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
    where = "its deals have" if plan is not None else "its first deals have"
    raise UsageError(f"{rs.name} with {game.setup.n} players has no deal of {cards} cards; {where} {have} cards")


def cmd_check_bid(args) -> int:
    rs = _load_ruleset(args.ruleset)
    options = _parse_options(args.option)
    _resolve_options(rs, options)
    spec = rs.fields.get("bid")
    if spec is None or spec.scope != "seat" or spec.type != "int":
        raise UsageError(f"{rs.name} has no bid to check: check-bid needs a per-player whole-number field "
                         f"named 'bid'; its fields are: {', '.join(rs.fields)}")
    n = args.players
    try:
        game = Game(rs, _seat_names(n), options, 1)
    except SetupError as exc:
        raise UsageError(str(exc)) from None
    if args.deal is not None:
        number = args.deal
        if number < 1:
            raise UsageError(f"deals are numbered from 1, not {number}")
        try:
            game.setup.cards(number)
        except GameError as exc:
            raise UsageError(str(exc)) from None
    else:
        number = _deal_with_cards(game, args.cards)
    try:
        order = game.info(number).bidding_order
    except Missing as exc:
        raise UsageError(f"in {rs.name} the bidding order depends on '{exc.name}', "
                         "which check-bid cannot enter") from None

    bids = []
    for text in args.bids:
        try:
            bids.append(int(text))
        except ValueError:
            raise UsageError(f"a bid is a whole number, not '{text}'") from None
    names = game.players
    if len(bids) not in (n - 1, n):
        who = ", ".join(names[s - 1] for s in order)
        raise UsageError(f"give {n - 1} or {n} bids in bidding order ({who}), not {len(bids)}")

    row: list[Any] = [""] * n
    for seat, bid in zip(order, bids):
        row[seat - 1] = bid
    issues = [i for i in game.validate(number, game.normalize({"bid": row})) if i.field == "bid"]
    entered = set(order[:len(bids)])
    bad_values = [i.message for i in issues if i.check is None and i.level == "error" and i.unit in entered]
    if bad_values:
        raise UsageError("; ".join(bad_values))
    rule_errors = [i.message for i in issues if i.check is not None and i.level == "error"]
    warnings = [f"warning: {i.message}" for i in issues if i.check is not None and i.level == "warning"]

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
            _out("legal" if legal else "illegal")
        for m in messages:
            _out(m)
        if len(bids) == n - 1:
            if allowed is None:
                _out("Allowed: cannot be told before more is entered")
            else:
                _out(f"Allowed: {_values_text(allowed)}")
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
    if len(found) != 1:
        what = "no per-player cards field" if not found else f"several cards fields ({', '.join(sorted(found))})"
        raise UsageError(f"{rs.name}: the hand value '{derived_id}' uses {what}; hand-value needs exactly one")
    return found[0]


def cmd_hand_value(args) -> int:
    rs = _load_ruleset(args.ruleset)
    if not rs.hand_value:
        raise UsageError(f"{rs.name} has no hand value (its ruleset sets no hand_value)")
    derived = rs.derived[rs.hand_value]
    fid = _hand_field(rs, rs.hand_value)
    tokens = [t for arg in args.cards for t in arg.replace(",", " ").split()]
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
            raise UsageError(f"a hand in {rs.name} has {count} cards; {len(hand)} "
                             f"{'was' if len(hand) == 1 else 'were'} given")
    try:
        value = d.value(rs.hand_value, seat)
        parts = [(label, formula(d.env(seat))) for label, formula in derived.parts]
    except Missing as exc:
        raise UsageError(f"the hand value needs '{exc.name}', which the cards alone do not give") from None
    _out(_show_value(value))
    for label, part in parts:
        _out(f"{label}: {_show_value(part)}")
    return 0


# --- replay and export -----------------------------------------------------------------------


def _refused_lines(shown: str, refused) -> list[str]:
    return [f"{shown}: deal {number}: " + "; ".join(i.message for i in issues) for number, issues in refused]


def _options_changed(game: Game) -> str:
    defaults = game.ruleset.option_defaults()
    changed = [f"{k}={_show_value(v)}" for k, v in game.options.items() if v != defaults.get(k)]
    return ", ".join(changed) if changed else "the defaults"


def _replay_lines(game: Game, title: str | None) -> list[str]:
    from .store.export import status_text

    rs = game.ruleset
    lines = [f"{rs.name} ({rs.id})" + (f": {title}" if title else "")]
    lines.append(f"Options: {_options_changed(game)}")
    lines.append("")
    header: list[Any] = ["deal", "cards", "dealer"]
    for name in game.scorer_names:
        header += [name, "total"]
    rows = [header]
    notes = []
    for r in game.results():
        row: list[Any] = [r.number, r.cards, game.players[r.dealer - 1]]
        for s, t in zip(r.scores, r.totals):
            row += [s, t]
        rows.append(row)
        for i in r.issues:
            notes.append(f"deal {r.number}: {'warning: ' if i.level == 'warning' else ''}{i.message}")
    lines += _table(rows)
    lines += notes
    lines.append("")
    lines.append("Totals: " + ", ".join(f"{n} {t}" for n, t in zip(game.scorer_names, game.totals())))
    lines.append("Standings:")
    lines += [f"  {s.rank}. {s.name} {s.total}" for s in game.standings()]
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
        rows: list[list[Any]] = [["", f"{source} options", given]]
        for name, a, b in zip(game.scorer_names, base.totals(), game.totals()):
            rows.append([name, a, b])
        _out("Totals side by side:")
        for line in _table(rows):
            _out("  " + line)
    if refused:
        given = ", ".join(f"{k}={v}" for k, v in overrides.items())
        print(f"{PROG}: with {given}, {len(refused)} deal{'s' if len(refused) > 1 else ''} "
              f"break{'' if len(refused) > 1 else 's'} a rule:", file=sys.stderr)
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

    return StoreError(f"{_store_path(args)}: there is no game {game_id} (no game has been saved there yet)")


def _when(moment) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _result_text(summary) -> str:
    """As status_text says it, from a listed game's summary (no replay)."""
    if summary.winners:
        return f"winner{'s' if len(summary.winners) > 1 else ''}: {', '.join(summary.winners)}"
    played, planned = summary.deals_played, summary.planned_deals
    if planned is not None:
        return f"in progress ({played} of {planned} deals played)"
    return f"in progress ({played} deal{'' if played == 1 else 's'} played)"


def _summary_doc(g) -> dict:
    return {"id": g.id, "title": g.title, "ruleset": g.ruleset_id, "name": g.ruleset_name, "players": list(g.players),
            "created_at": g.created_at.isoformat(), "updated_at": g.updated_at.isoformat(),
            "deals_played": g.deals_played, "planned_deals": g.planned_deals, "over": g.finished,
            "winners": list(g.winners)}


def _game_rows(games) -> list[list[Any]]:
    rows: list[list[Any]] = [["id", "started", "game", "players", "result"]]
    for g in games:
        rows.append([g.id, _when(g.created_at), g.ruleset_name + (f": {g.title}" if g.title else ""),
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
        _out(f"No games are stored in {_store_path(args)} yet.")
        return 0
    _out(f"Games in {_store_path(args)}, the latest played first:")
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
    return _print_what_if(stored.game, game, refused, overrides, f"game {game_id}", stored.title, args.json,
                          "stored", plain=args.plain)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def _stats_lines(p) -> list[str]:
    games = f"{p.games} finished game{'' if p.games == 1 else 's'}"
    if p.unfinished:
        games += f" ({p.unfinished} in progress)"
    rank = f", average rank {p.average_rank:.2f}" if p.average_rank is not None else ""
    lines = [f"{p.name}: {games}, {p.wins} win{'' if p.wins == 1 else 's'}{rank}"]
    b = p.bidding
    if b is not None and b.deals:
        lines.append(f"  bids: {b.deals} deal{'' if b.deals == 1 else 's'}, {b.exact} exact ({_percent(b.exact, b.deals)}), {b.over} over, "
                     f"{b.under} under; tricks - bid {b.mean_difference:+.2f} on average")
        lines.append("  exact by cards: " + ", ".join(
            f"{c}: {e}/{d}" for c, (d, e) in sorted(b.by_cards.items())))
        if b.dealer_deals:
            lines.append(f"  as dealer: {b.dealer_deals} deal{'' if b.dealer_deals == 1 else 's'}, the bid was restricted in {b.restricted}, "
                         f"missed {b.restricted_missed} of those ({_percent(b.restricted_missed, b.restricted)})")
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
        hint = f" (did you mean '{next(n for n in known if player_key(n) == close[0])}'?)" if close else ""
        where = f"; the players are: {', '.join(known)}" if known else ""
        raise StatsError(f"no stored game has a player called '{args.player.strip()}'{hint}{where}")
    skipped = report.skipped if report is not None else []
    if args.json:
        _json({"players": [p.as_dict() for p in players],
               "skipped": [{"game": gid, "problem": why} for gid, why in skipped]})
    elif args.plain:
        from .store.plain import stats_lines

        for line in stats_lines(players, str(_store_path(args))):
            _out(line)
    elif not players:
        _out(f"No games are stored in {_store_path(args)} yet.")
    else:
        for i, p in enumerate(players):
            if i:
                _out()
            for line in _stats_lines(p):
                _out(line)
    for gid, why in skipped:
        _err(f"game {gid} is left out: {why}")
    return 1 if skipped else 0


def _session_rows(report) -> list[list[Any]]:
    rows: list[list[Any]] = [["rank", "name", "played", "won", "in progress"] + [r.name for r in report.rulesets]]
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
        _out(f"No sessions are stored in {_store_path(args)} yet.")
        return 0
    rows: list[list[Any]] = [["id", "started", "title", "games", "leading"]]
    for r in reports:
        first = [line for line in r.standings if line.rank == 1]
        lead = ", ".join(line.name for line in first) + (f" ({first[0].won} won)" if first else "")
        rows.append([r.session.id, _when(r.session.started_at), r.session.title or "", len(r.games), lead])
    _out(f"Sessions in {_store_path(args)}, the newest first:")
    for line in _table(rows):
        _out("  " + line)
    return 0


def cmd_session(args) -> int:
    from .store.db import StoreError
    from .store.sessions import session_report

    store = _open_store(args)
    if store is None:
        raise StoreError(f"{_store_path(args)}: there are no sessions yet: a session starts with the first game played")
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
        _out(f"Session {s.id}" + (f": {s.title}" if s.title else ""))
        count = len(report.games)
        _out(f"Started {_when(s.started_at)}, last active {_when(s.last_active)}; "
             f"{count} game{'' if count == 1 else 's'}")
        _out()
        _out("Standing (games won, then points; points add up within one ruleset only):")
        for line in _table(_session_rows(report)):
            _out("  " + line)
        _out()
        _out("Games:")
        for line in _table(_game_rows(report.games)):
            _out("  " + line)
    for gid, why in report.skipped:
        _err(f"game {gid} is left out: {why}")
    return 1 if report.skipped else 0


def cmd_import(args) -> int:
    from .store.history import import_sheet

    with _open_store(args, create=True) as store:
        game_id = import_sheet(store, args.sheet)
        stored = store.open_game(game_id)
    game = stored.game
    played = len(game.deals)
    _out(f"{args.sheet}: stored as game {game_id} in {store.path}: {game.ruleset.name}, "
         f"{', '.join(game.players)}; {played} deal{'' if played == 1 else 's'}")
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
    given = [w for w, on in (("a game", game_id is not None), ("--session", args.session is not None),
                             ("--all", args.all)) if on]
    if args.sheet is not None and game_id is None:
        given.insert(0, "a sheet")
    if len(given) != 1:
        raise UsageError("export takes one of: SHEET, GAME_ID, --session [ID] or --all"
                         + (f"; got {' and '.join(given)}" if given else ""))
    if args.format == "toml" and game_id is None:
        raise UsageError("a TOML score sheet holds one game: export the games one by one "
                         "(export GAME_ID --format toml), or choose csv, json, md or html")
    store = _open_store(args)
    if store is None:
        if game_id is not None:
            raise _no_game(args, game_id)
        if args.session is not None:
            raise StoreError(f"{_store_path(args)}: there are no sessions yet: a session starts with the first "
                             "game played")
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
    parser = _Parser(prog=PROG, description="Score keeper for trick-taking card games. Without a command "
                     "the terminal app starts; 'scorekeeper --db PATH' makes it save games in PATH (default: "
                     "$SCOREKEEPER_DB, else the user data folder).")
    # Left out of the usage line (the app's option, not the commands'); told in the description.
    parser.add_argument("--db", metavar="PATH", default=None, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    rules = sub.add_parser("rules", help="list, show or check rulesets")
    rsub = rules.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = rsub.add_parser("list", help="list the built-in rulesets")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_rules_list)
    p = rsub.add_parser("show", help="show one ruleset")
    p.add_argument("ruleset", metavar="ID|FILE")
    p.add_argument("--players", type=int, metavar="N", help="also show the deal plan for N players")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_rules_show)
    p = rsub.add_parser("check", help="list every problem in ruleset files")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(run=cmd_rules_check)

    p = sub.add_parser("check-bid", help="check whether bids are allowed")
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("--players", type=int, required=True, metavar="N")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", type=int, metavar="K", help="the deal number")
    which.add_argument("--cards", type=int, metavar="C", help="the first deal with C cards")
    p.add_argument("--bids", nargs="+", required=True, metavar="BID",
                   help="the bids in bidding order: all of them, or all but the last to see what the last bidder may bid")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a house-rule option (repeatable)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_check_bid)

    p = sub.add_parser("hand-value", help="compute the value of a hand")
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("cards", nargs="+", metavar="CARD", help="cards such as SK HA D10 C3 ♠K")
    p.set_defaults(run=cmd_hand_value)

    p = sub.add_parser("replay", help="replay a score sheet or a stored game and print the scores")
    p.add_argument("sheet", metavar="SHEET|GAME_ID")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="re-score under another option value (repeatable)")
    p.add_argument("--json", action="store_true", help="print JSON")
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("play", help="start the terminal app on a new game of a ruleset (an id or a .toml file)")
    p.add_argument("ruleset", metavar="ID|FILE")
    p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS,
                   help="the file where games are saved (default: $SCOREKEEPER_DB or the user data folder)")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("export", help="export a score sheet's game, a stored game, a session or every stored game")
    p.add_argument("sheet", metavar="SHEET|GAME_ID", nargs="?",
                   help="a score sheet (an existing file) or the id of a stored game")
    p.add_argument("--session", metavar="ID", nargs="?", type=int, const=_NEWEST, default=None,
                   help="a session's standing and its games (without ID the newest session)")
    p.add_argument("--all", action="store_true", help="every stored game")
    p.add_argument("--format", required=True, choices=("csv", "json", "md", "toml", "html"))
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    _db_option(p)
    p.set_defaults(run=cmd_export)

    p = sub.add_parser("history", help="list the stored games, finished and in progress")
    p.add_argument("--json", action="store_true", help="print JSON")
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_history)

    p = sub.add_parser("show", help="print a stored game's score sheet")
    p.add_argument("game", metavar="GAME_ID", type=int)
    p.add_argument("--json", action="store_true", help="print JSON")
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("stats", help="statistics per player over every stored game")
    p.add_argument("--player", metavar="NAME", help="only this player (the name in any case)")
    p.add_argument("--json", action="store_true", help="print JSON")
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_stats)

    p = sub.add_parser("sessions", help="list the sessions (the games played in one sitting)")
    p.add_argument("--json", action="store_true", help="print JSON")
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_sessions)

    p = sub.add_parser("session", help="a session's standing and games (without ID the newest)")
    p.add_argument("session", metavar="ID", type=int, nargs="?")
    p.add_argument("--json", action="store_true", help="print JSON")
    _db_option(p)
    _plain_option(p)
    p.set_defaults(run=cmd_session)

    p = sub.add_parser("import", help="store the game of a TOML score sheet")
    p.add_argument("sheet", metavar="SHEET")
    _db_option(p)
    p.set_defaults(run=cmd_import)

    from .web.cli import add_parser as add_board_parser  # `board`: the live score board (scorekeeper/web/)

    add_board_parser(sub)
    return parser


def _plain_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--plain", action="store_true",
                   help="plain sentences, one a line, for a screen reader (no table, no symbols)")


def _db_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS,
                   help="the store file (default: $SCOREKEEPER_DB or the user data folder)")


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
        raise UsageError(f"{args.ruleset}: no such file")
    return _run_tui(build_parser(), getattr(args, "db", None), args.ruleset)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
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
            raise UsageError("--plain and --json cannot be used together: choose one")
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
        _err(f"a value is missing: {exc}")
        return 1
    except OSError as exc:
        _err(f"{exc.filename}: {exc.strerror}" if exc.filename else str(exc))
        return 1
    except ValueError as exc:
        _err(str(exc))
        return 1
    except KeyboardInterrupt:
        return 130
