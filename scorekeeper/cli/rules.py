"""``rules list|show|check``, ``check-bid`` and ``hand-value``: rulesets, bids and hands,
no store."""

from __future__ import annotations

from ..i18n import get_language, show, t, tn
from ..rules.ruleset import RulesetError, builtin_ids, ruleset_file
from .common import (
    UsageError, _err, _json, _load_ruleset, _not_a_number, is_whole, number_list, out, _parse_options,
    _resolve_options, _seat_names, _show_value, _localized_ruleset, _values_text, whole_or_none,
)

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, NotRequired, TypedDict

    from ..game.game import Game
    from ..play.bids import BidCheck
    from ..rules.model import Derived, FieldSpec, Option, Parts

    # The parts of ``rules show --json`` (in docs/cli.md's words): a key marked NotRequired is
    # there only for the kinds of option or field it applies to.
    class OptionDoc(TypedDict):
        id: str
        type: str
        label: str
        default: Any
        help: NotRequired[str]
        choices: NotRequired[list[str]]
        labels: NotRequired[dict[str, str]]
        min: NotRequired[int | None]
        max: NotRequired[int | None]
        default_formula: NotRequired[str]

    class FieldKinds(TypedDict, total=False):  # what a field's kind gives (a number's bounds, ...)
        min: str | None
        max: str | None
        values: list[int]
        choices: list[str]
        count: str
        when: str

    class FieldDoc(FieldKinds):
        id: str
        phase: str
        scope: str
        type: str
        label: str
        optional: bool

    class DerivedDoc(TypedDict):
        id: str
        scope: str
        label: str
        value: str
        shows: str
        parts: NotRequired[dict[str, str]]

    class PartsDoc(TypedDict):
        name: str
        when: str | None
        end: str
        award: str
        bonus: str | None

# The engine, the table's model and the formula checker are imported by the commands that use
# them: `rules list` shows the summaries of checked rulesets (:mod:`..rules.summary`) and needs none.


# --- rules -----------------------------------------------------------------------------------


def _players_text(low: int, high: int) -> str:
    if low == high:
        return tn("cli.rules.players", low)
    return t("cli.rules.players_range", min=low, max=high)


def cmd_rules_list(args) -> int:
    from ..rules.summary import ruleset_summary

    entries, failed, shown = [], [], []
    lang = "en" if args.json else get_language()  # --json keeps the English texts
    for rid in builtin_ids():
        try:
            summary = ruleset_summary(rid, lang)  # each ruleset is built once, and only if not cached
        except RulesetError as exc:
            failed.append(show(exc.problems[0]) if exc.problems else show(exc))
            continue
        shown.append(summary.pop("shown"))
        entries.append(summary)
    if args.json:
        _json(entries)
    else:
        for i, (e, texts) in enumerate(zip(entries, shown)):
            if i:
                out()
            players = _players_text(e["players"]["min"], e["players"]["max"])
            out(f"{e['id']}: {texts['name']} ({players})")
            if e["aka"]:
                out("  " + t("cli.rules.aka", names=", ".join(e["aka"])))
            out(f"  {texts['description']}")
    for problem in failed:
        _err(problem)
    return 1 if failed else 0


def _option_doc(o: Option, game: Game | None = None, chosen: dict[str, Any] | None = None) -> OptionDoc:
    default = o.default
    if o.default_formula is not None and game is not None:  # worked out for the players asked about
        if chosen and o.id in chosen:  # the value chosen is no default: the game without that choice
            from ..game.engine import SetupError
            from ..game.game import Game

            try:
                game = Game(game.ruleset, list(game.players), {k: v for k, v in chosen.items() if k != o.id})
            except SetupError:  # the other choices need this one: these players have no default
                game = None
        default = game.setup.options[o.id] if game is not None else None
    doc: OptionDoc = {"id": o.id, "type": o.type, "label": o.label, "default": default}
    if o.help:
        doc["help"] = o.help
    if o.type == "choice":
        doc["choices"] = list(o.choices)
        doc["labels"] = {c: o.choice_labels.get(c, "") for c in o.choices}
    if o.type == "int":
        doc["min"], doc["max"] = o.min, o.max
    if o.default_formula is not None:  # "default" is then its value for --players (else the fewest players)
        doc["default_formula"] = o.default_formula.text
    return doc


def _field_doc(f: FieldSpec) -> FieldDoc:
    doc: FieldKinds = {}
    if f.type == "int":
        doc["min"], doc["max"] = f.min.text if f.min else None, f.max.text if f.max else None
        if f.values:
            doc["values"] = list(f.values)
    if f.type == "choice":
        doc["choices"] = list(f.choices)
    if f.type == "cards" and f.count is not None:
        doc["count"] = f.count.text
    if f.when is not None:
        doc["when"] = f.when.text
    return {"id": f.id, "phase": f.phase, "scope": f.scope, "type": f.type, "label": f.label, **doc,
            "optional": f.optional}


def _derived_doc(d: Derived) -> DerivedDoc:
    doc: DerivedDoc = {"id": d.id, "scope": d.scope, "label": d.label, "value": d.value.text, "shows": d.shows}
    if d.parts:
        doc["parts"] = {pid: f.text for pid, f in d.parts}
    return doc


def _parts_doc(parts: Parts | None) -> PartsDoc | None:
    if parts is None:
        return None
    return {"name": parts.name, "when": parts.when.text if parts.when is not None else None,
            "end": parts.end.text, "award": parts.award.text,
            "bonus": parts.bonus.text if parts.bonus is not None else None}


def _scoring_lines(rs) -> list[str]:
    """The formulas that score a deal: the derived values, the score, what is made, the parts."""
    lines = []
    if rs.derived:
        lines += ["", t("cli.rules.derived_heading")]
        for d in rs.derived.values():
            lines.append("  " + t("cli.rules.derived_line", id=d.id, label=d.label, scope=_scope_words(d.scope),
                                  formula=d.value.text))
            lines += ["      " + t("cli.rules.derived_part", id=pid, formula=f.text) for pid, f in d.parts]
    lines += ["", t("cli.rules.score_heading"),
              "  " + t("cli.rules.score_line", scope=_scope_words(rs.score_scope), formula=rs.score.text)]
    if rs.made is not None:
        lines.append("  " + t("cli.rules.made_line", formula=rs.made.text))
    doc = _parts_doc(rs.parts)
    if doc is not None:
        lines.append("  " + t("cli.rules.parts_line", name=doc["name"], end=doc["end"], award=doc["award"]))
        if doc["when"]:
            lines.append("      " + t("cli.rules.parts_when", formula=doc["when"]))
        if doc["bonus"]:
            lines.append("      " + t("cli.rules.parts_bonus", formula=doc["bonus"]))
    return lines


def _scope_words(scope: str) -> str:
    words = {"seat": t("cli.rules.scope.seat"), "team": t("cli.rules.scope.team"), "deal": t("cli.rules.scope.deal")}
    return words.get(scope, scope)


def _type_words(kind: str) -> str:
    words = {"int": t("cli.rules.type.int"), "choice": t("cli.rules.type.choice"), "suit": t("cli.rules.type.suit"),
             "trump": t("cli.rules.type.trump"), "seat": t("cli.rules.type.seat"), "bool": t("cli.rules.type.bool"),
             "cards": t("cli.rules.type.cards")}
    return words.get(kind, kind)


def cmd_rules_show(args) -> int:
    from ..game.engine import SetupError
    from ..game.game import Game
    from ..play.rules_text import detail_lines, details

    rs = _load_ruleset(args.ruleset)
    chosen = _parse_options(getattr(args, "option", None))
    _resolve_options(rs, chosen)
    plan = game = None
    if args.players is not None:
        try:
            game = Game(rs, _seat_names(rs, args.players), chosen)
        except SetupError as exc:
            raise UsageError(show(exc)) from None
        p = game.setup.plan
        planned = game.setup.planned
        if p is None and planned is not None:  # a game that ends by a formula the options make a count
            p = tuple(game.setup.cards(number) for number in range(1, planned + 1))
        plan = {"players": args.players, "deals": len(p) if p is not None else None,
                "cards": list(p) if p is not None else None,
                "ends_when": rs.end_when.text if rs.end_when is not None else None}
    if args.json:
        _json({
            "id": rs.id, "name": rs.name, "aka": list(rs.aka), "description": rs.description,
            "players": {"min": rs.min_players, "max": rs.max_players},
            "options": [_option_doc(o, game, chosen) for o in rs.options.values()],
            "fields": [_field_doc(f) for f in rs.fields.values()],
            "scoring": {"scope": rs.score_scope, "value": rs.score.text,
                        "made": rs.made.text if rs.made is not None else None},
            "derived": [_derived_doc(d) for d in rs.derived.values()],
            "parts": _parts_doc(rs.parts),
            "ends_when": rs.end_when.text if rs.end_when is not None else None,
            "winner": rs.winner,
            "wins": rs.end_wins.text if rs.end_wins is not None else None,
            "end_bonus": rs.end_bonus.text if rs.end_bonus is not None else None,
            "hand_value": rs.hand_value,
            "plan": plan,
            "options_chosen": rs.resolve_options(chosen) if chosen else None,
            **details(rs, game),
        })
        return 0
    english, rs = rs, _localized_ruleset(rs)
    lines = _show_lines(rs, chosen, plan, args.players) + [""] + detail_lines(english, game, args.plain)
    for line in lines:
        out(line.strip() if args.plain else line)
    return 0


def _show_lines(rs, chosen: dict, plan: dict | None, players: int | None) -> list[str]:
    """What `rules show` says of the (shown) ruleset's players, options, fields, end and plan."""
    lines = [f"{rs.name} ({rs.id})"]
    if rs.aka:
        lines.append(t("cli.rules.show_aka", names=", ".join(rs.aka)))
    lines.append(rs.description)
    lines.append(t("cli.rules.show_players", count=rs.min_players) if rs.min_players == rs.max_players
                 else t("cli.rules.show_players_range", min=rs.min_players, max=rs.max_players))
    if rs.options:
        lines += ["", t("cli.rules.options_heading")] + _option_lines(rs, chosen)
    lines += ["", t("cli.rules.fields_heading")]
    for f in rs.fields.values():
        if f.type == "int" and f.values:
            kind = t("cli.rules.type.int_list", values=", ".join(map(str, f.values)))
        elif f.type == "int" and f.min is not None and f.max is not None:
            kind = t("cli.rules.type.int_range", min=f.min.text, max=f.max.text)
        elif f.type == "choice":
            kind = t("cli.rules.type.choice_list", choices=", ".join(f.choices))
        else:
            kind = _type_words(f.type)
        notes = [f.phase, _scope_words(f.scope), kind] + ([t("cli.rules.optional")] if f.optional else [])
        lines.append("  " + t("cli.rules.field_line", id=f.id, label=f.label, details=", ".join(notes)))
    lines += _scoring_lines(rs)
    lines.append("")
    if rs.end_says:
        lines.append(t("cli.rules.ends", says=rs.end_says))
    elif rs.end_when is not None:
        lines.append(t("cli.rules.ends_when", formula=rs.end_when.text))
    lines.append(t("cli.rules.winner_lowest") if rs.winner == "lowest" else t("cli.rules.winner_highest"))
    if rs.end_wins is not None:
        lines.append(t("cli.rules.winner_by_rule", formula=rs.end_wins.text))
    if rs.end_bonus is not None:
        lines.append(t("cli.rules.end_bonus", formula=rs.end_bonus.text))
    if plan is not None:
        if plan["cards"] is not None:
            lines.append(t("cli.rules.plan", players=players, deals=tn("game.count.deals", plan["deals"])))
            lines.append(t("cli.rules.cards_per_deal", cards=_values_text(plan["cards"])))
        else:
            lines.append(t("cli.rules.no_plan", players=players, formula=rs.end_says or plan["ends_when"]))
    return lines


def _option_lines(rs, chosen: dict) -> list[str]:
    """Each option, its default and (given with --option) the value chosen, then its help and choices."""
    lines = []
    values = rs.resolve_options(chosen)
    for o in rs.options.values():
        if o.type == "bool":
            kind = t("cli.rules.type.bool")
        elif o.type == "int":
            kind = t("cli.rules.type.int_range", min=o.min, max=o.max)
        else:
            kind = t("cli.rules.type.choice")
        default = o.default_formula.text if o.default_formula is not None else _show_value(o.default)
        if o.id in chosen:
            lines.append("  " + t("cli.rules_more.option_chosen", id=o.id, kind=kind, default=default,
                                  value=_show_value(values[o.id]), label=o.label))
        else:
            lines.append("  " + t("cli.rules.option_line", id=o.id, kind=kind, default=default, label=o.label))
        if o.help:
            lines.append(f"      {o.help}")
        for c in o.choices:
            label = o.choice_labels.get(c)
            lines.append(f"      {c}: {label}" if label else f"      {c}")
    return lines


def cmd_rules_check(args) -> int:
    from ..game.limits import check_ruleset

    bad = False
    for ref in args.files:
        try:
            path = ruleset_file(ref)
        except RulesetError as exc:
            raise UsageError(show(exc.problems[0].message)) from None
        problems = check_ruleset(path)
        for problem in problems:
            out(show(problem))
        if problems:
            bad = True
        else:
            out(t("cli.rules.check_ok", ref=ref))
    return 1 if bad else 0


# --- check-bid -------------------------------------------------------------------------------


def _deal_with_cards(game: Game, cards: int) -> int:
    """The first deal with that many cards (UsageError listing the counts there are)."""
    from ..game.engine import GameError

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
    from ..game.engine import GameError, SetupError
    from ..game.game import Game
    from ..play.bids import check_bids
    from ..rules.formula import Missing

    rs = _localized_ruleset(_load_ruleset(args.ruleset))
    options = _parse_options(args.option)
    _resolve_options(rs, options)
    spec = rs.fields.get("bid")
    if spec is None or spec.scope != "seat" or spec.type != "int":
        raise UsageError(t("cli.check_bid.no_bid_field", name=rs.name, fields=", ".join(rs.fields)))
    n = args.players
    try:
        game = Game(rs, _seat_names(rs, n), options, 1)
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
    for text in number_list(args.bids):
        value = whole_or_none(text)
        if value is None:
            raise UsageError(_not_a_number(text) if is_whole(text) else t("cli.check_bid.not_a_number", text=text[:40]))
        bids.append(value)
    names = game.players
    if len(bids) not in (n - 1, n):
        who = ", ".join(names[s - 1] for s in order)
        raise UsageError(t("cli.check_bid.bid_count", fewer=n - 1, all=n, order=who, given=len(bids)))

    checked = check_bids(game, number, order, bids)
    if checked.bad_values:
        raise UsageError("; ".join(map(show, checked.bad_values)))
    _print_bid_check(checked, args.json)
    return 1 if checked.legal is False else 0


def _print_bid_check(checked: BidCheck, as_json: bool) -> None:
    warnings = [t("cli.check_bid.warning", message=show(m)) for m in checked.warnings]
    reasons = list(dict.fromkeys(map(show, checked.reasons)))  # each text once
    messages = list(map(show, checked.errors)) + reasons + warnings
    allowed = list(checked.allowed) if checked.allowed is not None else None
    if as_json:
        _json({"legal": checked.legal, "forbidden": list(checked.forbidden), "messages": messages,
               "allowed": allowed})
        return
    if checked.complete:
        out(t("cli.check_bid.legal") if checked.legal else t("cli.check_bid.illegal"))
    for m in messages:
        out(m)
    if not checked.complete:
        if allowed is None:
            out(t("cli.check_bid.allowed_unknown"))
        else:
            out(t("cli.check_bid.allowed", values=_values_text(allowed)))


# --- hand-value ------------------------------------------------------------------------------


def cmd_hand_value(args) -> int:
    from ..play.hand import HandValueError, hand_value

    rs = _localized_ruleset(_load_ruleset(args.ruleset))
    tokens = [token for arg in args.cards for token in arg.replace(",", " ").split()]
    try:
        found = hand_value(rs, tokens, _seat_names(rs, rs.min_players))
    except HandValueError as exc:
        raise UsageError(show(exc)) from None
    out(_show_value(found.value))
    for label, part in found.parts:
        out(f"{label}: {_show_value(part)}")
    return 0
