"""The command line: ``scorekeeper <command>`` (also ``python -m scorekeeper``).

Commands: ``rules list|show|check``, ``check-bid``, ``hand-value``, ``replay`` and
``export``; with no command the terminal UI starts (once it exists).

Exit status: 0 success; 1 a bad sheet or ruleset, an illegal bid, a deal that breaks
a rule; 2 a usage error (unknown ruleset or option, wrong number of bids, ...).
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
    from .store.export import game_document

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
            for line in _replay_lines(base, title):
                _out(line)
        return 0

    try:
        game, refused = replay_sheet(args.sheet, overrides)
    except OptionError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        doc = game_document(game)
        doc["refused"] = [{"deal": n, "messages": [i.message for i in issues]} for n, issues in refused]
        doc["sheet"] = {
            "options": base.options,
            "totals": list(base.totals()),
            "standings": [{"rank": s.rank, "name": s.name, "total": s.total} for s in base.standings()],
            "over": base.is_over,
            "winners": list(base.winners),
        }
        _json(doc)
    else:
        for line in _replay_lines(game, title):
            _out(line)
        _out()
        given = ", ".join(f"{k}={v}" for k, v in overrides.items())
        rows: list[list[Any]] = [["", "sheet options", given]]
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


# --- the parser ------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Score keeper for trick-taking card games.")
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

    p = sub.add_parser("replay", help="replay a score sheet and print the scores")
    p.add_argument("sheet", metavar="SHEET")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="re-score under another option value (repeatable)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("export", help="export a score sheet's game")
    p.add_argument("sheet", metavar="SHEET")
    p.add_argument("--format", required=True, choices=("csv", "json", "md", "toml"))
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.set_defaults(run=cmd_export)
    return parser


def _run_tui(parser: argparse.ArgumentParser) -> int:
    try:
        from .tui.app import run  # lazy: the headless commands never import textual
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == "scorekeeper.tui" or exc.name.startswith("scorekeeper.tui.")):
            parser.print_help()
            return 0
        raise
    return run() or 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if not argv:
            return _run_tui(parser)
        args = parser.parse_args(argv)
        if getattr(args, "run", None) is None:
            parser.print_help()
            return 2
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
