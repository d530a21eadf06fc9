"""The rules of a game in words, from its ruleset (for the Rules screen), as data.

:func:`rules_summary` gives pieces of text, each with the part it plays (a heading, a
help line ...); a front end gives each part its look.
"""

from __future__ import annotations

from functools import reduce

from ..game.engine import GameError, listed
from ..game.game import Game
from ..i18n import show, t, tn
from ..rules.ruleset import Ruleset
from ..values import dataclass


@dataclass(frozen=True)
class Piece:
    """A piece of the summary; ``role`` is what it is: "name", "aka", "heading", "phase",
    "option", "help", "source" or "" (plain text)."""

    text: str
    role: str = ""


def _scope(scope: str) -> str:
    """Who a field is entered for, in words."""
    return {"seat": t("tui.summary.scope.seat"), "team": t("tui.summary.scope.team"),
            "deal": t("tui.summary.scope.deal")}[scope]


def _type(kind: str) -> str:
    """What a field holds, in words."""
    return {"int": t("tui.summary.type.int"), "choice": t("tui.summary.type.choice"),
            "suit": t("tui.summary.type.suit"), "trump": t("tui.summary.type.trump"),
            "seat": t("tui.summary.type.seat"), "bool": t("tui.summary.type.bool"),
            "cards": t("tui.summary.type.cards")}[kind]


def _value(value) -> str:
    if isinstance(value, bool):
        return t("value.yes") if value else t("value.no")
    return str(value)


def plan_text(ruleset, players: int, options: dict | None = None) -> str:
    """How many deals, and of how many cards, for a number of players (or why not)."""
    try:
        game = Game(ruleset, [t("tui.summary.player_name", number=i) for i in range(1, players + 1)],
                    options or {})
    except (GameError, ValueError) as exc:
        return show(exc)
    plan = game.setup.plan
    if plan is None:
        try:
            cards = game.setup.cards(1)
        except (GameError, ValueError):
            return t("tui.summary.plan.by_score")
        return tn("tui.summary.plan.by_score_cards", cards)
    return tn("tui.summary.plan.deals", len(plan), cards=" ".join(str(c) for c in plan))


def unused_options(ruleset, players: int, options: dict | None = None) -> frozenset[str]:
    """The options these settings leave unused (their ``when`` is false), e.g. the fixed
    trump suit when the trump is turned; none when the settings cannot make a game."""
    try:
        game = Game(ruleset, [f"P{i}" for i in range(1, players + 1)], options or {})
    except (GameError, ValueError):
        return frozenset()
    return game.setup.unused_options


def rules_summary(ruleset) -> tuple[Piece, ...]:
    """The whole summary: who plays, the deals, the entries, the score, checks and options."""
    return (*_about(ruleset), *_entries(ruleset), *_scoring(ruleset), *_options(ruleset))


def _about(rs) -> list[Piece]:
    out = [Piece(rs.name, "name"), Piece(f"  ({rs.id})\n")]
    if rs.aka:
        out.append(Piece(t("tui.summary.aka", names=", ".join(rs.aka)) + "\n", "aka"))
    out.append(Piece(rs.description + "\n"))
    if rs.min_players == rs.max_players:
        out.append(Piece("\n" + t("tui.summary.players", count=rs.min_players) + "\n"))
    else:
        out.append(Piece("\n" + t("tui.summary.players_range", min=rs.min_players, max=rs.max_players) + "\n"))
    if rs.teams:
        sides = [" & ".join(t("tui.summary.seat", number=s) for s in team) for team in rs.teams]
        out.append(Piece(t("tui.summary.partnerships",
                           sides=reduce(lambda a, b: t("tui.summary.against", left=a, right=b), sides)) + "\n"))
    out.append(Piece("\n" + t("tui.summary.heading.deals") + "\n", "heading"))
    for n in range(rs.min_players, rs.max_players + 1):
        out.append(Piece("  " + tn("tui.summary.players_plan", n, plan=plan_text(rs, n)) + "\n"))
    out.append(Piece(_winner_line(rs) + "\n"))
    return out


def _winner_line(rs: Ruleset) -> str:
    """Who wins: by the highest or lowest total, or as the ruleset's winner formula names them."""
    if rs.end_wins is not None:
        order = t("tui.summary.order_highest") if rs.winner == "highest" else t("tui.summary.order_lowest")
        return t("tui.summary.winner_by_rule", says=rs.end_says or rs.end_wins.text, order=order)
    return t("tui.summary.winner_highest") if rs.winner == "highest" else t("tui.summary.winner_lowest")


def _field_line(f) -> str:
    kind = _type(f.type)
    if f.type == "int" and f.values:
        kind = t("tui.summary.one_of", choices=listed(f.values))
    elif f.type == "int" and f.min is not None:
        kind = t("tui.summary.number_range", min=f.min.text, max=f.max.text)
    elif f.type == "choice":
        kind = t("tui.summary.one_of", choices=", ".join(f.choices))
    extra = []
    if f.optional:
        extra.append(t("tui.summary.optional"))
    if f.when is not None:
        extra.append(t("tui.summary.not_every_deal"))
    if f.fill is not None:
        extra.append(t("tui.summary.computed_if_empty"))
    if extra:
        return t("tui.summary.field_notes", label=f.label, kind=kind, scope=_scope(f.scope), notes="; ".join(extra))
    return t("tui.summary.field", label=f.label, kind=kind, scope=_scope(f.scope))


def _entries(rs) -> list[Piece]:
    out = [Piece("\n" + t("tui.summary.heading.entries") + "\n", "heading")]
    for phase in rs.phases:
        fields = [f for f in rs.fields.values() if f.phase == phase]
        if not fields:
            continue
        out.append(Piece(f"  {rs.phase_label(phase)}\n", "phase"))
        for f in fields:
            out.append(Piece(f"    {_field_line(f)}\n"))
            if f.help:
                out.append(Piece(f"      {f.help}\n", "help"))
    if rs.derived:
        out.append(Piece("\n" + t("tui.summary.heading.derived") + "\n", "heading"))
        out += [Piece(f"  {d.label}: {d.value.text}\n") for d in rs.derived.values()]
    return out


def _scoring(rs) -> list[Piece]:
    out = [Piece("\n" + t("tui.summary.heading.score") + "\n", "heading"), Piece(f"  {rs.score.text}\n")]
    if rs.made is not None:
        out.append(Piece("  " + t("tui.summary.made_when", formula=rs.made.text) + "\n"))
    if rs.checks:
        out.append(Piece("\n" + t("tui.summary.heading.checks") + "\n", "heading"))
        for c in rs.checks:
            name = c.id.replace("-", " ")
            line = (f"{name}: {c.rule.text}" if c.level == "error" else
                    t("tui.summary.check_warning", name=name, rule=c.rule.text))
            out.append(Piece(f"  {line}\n"))
    return out


def _options(rs) -> list[Piece]:
    out = []
    if rs.options:
        out.append(Piece("\n" + t("tui.summary.heading.options") + "\n", "heading"))
        for o in rs.options.values():
            out.append(Piece(f"  {o.label}", "option"))
            default = o.choice_labels.get(o.default, o.default) if o.type == "choice" else _value(o.default)
            if o.default_formula is not None:
                default = o.default_formula.text
            out.append(Piece(" — " + t("tui.summary.default", value=default) + "\n"))
            if o.help:
                out.append(Piece(f"    {o.help}\n", "help"))
            if o.type == "choice":
                for c in o.choices:
                    label = o.choice_labels.get(c)
                    out.append(Piece(f"    {c}" + (f": {label}" if label else "") + "\n"))
            elif o.type == "int":
                out.append(Piece("    " + t("tui.summary.number_range", min=o.min, max=o.max) + "\n"))
    if rs.source:
        out.append(Piece("\n" + t("tui.summary.source", source=rs.source) + "\n", "source"))
    return out
