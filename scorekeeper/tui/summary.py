"""The rules of a game in words, from its ruleset (for the Rules screen)."""

from __future__ import annotations

from functools import reduce

from rich.text import Text

from ..game.engine import GameError
from ..game.game import Game
from ..i18n import t, tn


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
        return str(exc)
    plan = game.setup.plan
    if plan is None:
        try:
            cards = game.setup.cards(1)
        except (GameError, ValueError):
            return t("tui.summary.plan.by_score")
        return tn("tui.summary.plan.by_score_cards", cards)
    cards = " ".join(str(c) for c in plan)
    return tn("tui.summary.plan.deals", len(plan), cards=cards)


def rules_summary(ruleset) -> Text:
    rs = ruleset
    text = Text()
    text.append(rs.name, style="bold")
    text.append(f"  ({rs.id})\n")
    if rs.aka:
        text.append(t("tui.summary.aka", names=", ".join(rs.aka)) + "\n", style="italic")
    text.append(rs.description + "\n")
    if rs.min_players == rs.max_players:
        text.append("\n" + t("tui.summary.players", count=rs.min_players) + "\n")
    else:
        text.append("\n" + t("tui.summary.players_range", min=rs.min_players, max=rs.max_players) + "\n")
    if rs.teams:
        sides = [" & ".join(t("tui.summary.seat", number=s) for s in team) for team in rs.teams]
        text.append(t("tui.summary.partnerships",
                      sides=reduce(lambda a, b: t("tui.summary.against", left=a, right=b), sides)) + "\n")
    text.append("\n" + t("tui.summary.heading.deals") + "\n", style="bold")
    for n in range(rs.min_players, rs.max_players + 1):
        text.append("  " + tn("tui.summary.players_plan", n, plan=plan_text(rs, n)) + "\n")
    text.append((t("tui.summary.winner_highest") if rs.winner == "highest" else t("tui.summary.winner_lowest"))
                + "\n")
    text.append("\n" + t("tui.summary.heading.entries") + "\n", style="bold")
    for phase in rs.phases:
        fields = [f for f in rs.fields.values() if f.phase == phase]
        if not fields:
            continue
        text.append(f"  {rs.phase_label(phase)}\n", style="underline")
        for f in fields:
            kind = _type(f.type)
            if f.type == "int" and f.min is not None:
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
                line = t("tui.summary.field_notes", label=f.label, kind=kind, scope=_scope(f.scope),
                         notes="; ".join(extra))
            else:
                line = t("tui.summary.field", label=f.label, kind=kind, scope=_scope(f.scope))
            text.append(f"    {line}\n")
            if f.help:
                text.append(f"      {f.help}\n", style="dim")
    if rs.derived:
        text.append("\n" + t("tui.summary.heading.derived") + "\n", style="bold")
        for d in rs.derived.values():
            text.append(f"  {d.label}: {d.value.text}\n")
    text.append("\n" + t("tui.summary.heading.score") + "\n", style="bold")
    text.append(f"  {rs.score.text}\n")
    if rs.made is not None:
        text.append("  " + t("tui.summary.made_when", formula=rs.made.text) + "\n")
    if rs.checks:
        text.append("\n" + t("tui.summary.heading.checks") + "\n", style="bold")
        for c in rs.checks:
            name = c.id.replace("-", " ")
            line = (f"{name}: {c.rule.text}" if c.level == "error" else
                    t("tui.summary.check_warning", name=name, rule=c.rule.text))
            text.append(f"  {line}\n")
    if rs.options:
        text.append("\n" + t("tui.summary.heading.options") + "\n", style="bold")
        for o in rs.options.values():
            text.append(f"  {o.label}", style="bold")
            default = o.choice_labels.get(o.default, o.default) if o.type == "choice" else _value(o.default)
            text.append(" — " + t("tui.summary.default", value=default) + "\n")
            if o.help:
                text.append(f"    {o.help}\n", style="dim")
            if o.type == "choice":
                for c in o.choices:
                    label = o.choice_labels.get(c)
                    text.append(f"    {c}" + (f": {label}" if label else "") + "\n")
            elif o.type == "int":
                text.append("    " + t("tui.summary.number_range", min=o.min, max=o.max) + "\n")
    if rs.source:
        text.append("\n" + t("tui.summary.source", source=rs.source) + "\n", style="dim")
    return text
