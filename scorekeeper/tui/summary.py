"""The rules of a game in words, from its ruleset (for the Rules screen)."""

from __future__ import annotations

from rich.text import Text

from ..game.engine import GameError
from ..game.game import Game

_SCOPE = {"seat": "for each player", "team": "for each partnership", "deal": "once per deal"}
_TYPE = {"int": "a number", "choice": "one of", "suit": "a suit", "trump": "a suit or no trump",
         "seat": "a player", "bool": "yes or no", "cards": "cards such as SK HA D10"}


def _value(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def plan_text(ruleset, players: int, options: dict | None = None) -> str:
    """How many deals, and of how many cards, for a number of players (or why not)."""
    try:
        game = Game(ruleset, [f"Player {i}" for i in range(1, players + 1)], options or {})
    except (GameError, ValueError) as exc:
        return str(exc)
    plan = game.setup.plan
    if plan is None:
        try:
            cards = game.setup.cards(1)
        except (GameError, ValueError):
            return "The game ends by score."
        return f"{cards} cards each deal; the game ends by score, not after a number of deals."
    cards = " ".join(str(c) for c in plan)
    return f"{len(plan)} deal{'s' if len(plan) != 1 else ''}; cards per deal: {cards}"


def rules_summary(ruleset) -> Text:
    rs = ruleset
    text = Text()
    text.append(rs.name, style="bold")
    text.append(f"  ({rs.id})\n")
    if rs.aka:
        text.append(f"Also known as: {', '.join(rs.aka)}\n", style="italic")
    text.append(rs.description + "\n")
    if rs.min_players == rs.max_players:
        text.append(f"\nPlayers: {rs.min_players}\n")
    else:
        text.append(f"\nPlayers: {rs.min_players} to {rs.max_players}\n")
    if rs.teams:
        sides = " against ".join(" & ".join(f"seat {s}" for s in team) for team in rs.teams)
        text.append(f"Partnerships: {sides}\n")
    text.append("\nDeals\n", style="bold")
    for n in range(rs.min_players, rs.max_players + 1):
        text.append(f"  {n} players: {plan_text(rs, n)}\n")
    text.append(f"The winner: the {rs.winner} total.\n")
    text.append("\nWhat the table enters, phase by phase\n", style="bold")
    for phase in rs.phases:
        fields = [f for f in rs.fields.values() if f.phase == phase]
        if not fields:
            continue
        text.append(f"  {phase.replace('_', ' ').capitalize()}\n", style="underline")
        for f in fields:
            kind = _TYPE[f.type]
            if f.type == "int" and f.min is not None:
                kind = f"a number from {f.min.text} to {f.max.text}"
            elif f.type == "choice":
                kind = "one of " + ", ".join(f.choices)
            extra = []
            if f.optional:
                extra.append("may stay empty")
            if f.when is not None:
                extra.append("not every deal")
            if f.fill is not None:
                extra.append("computed when left empty")
            text.append(f"    {f.label}: {kind}, {_SCOPE[f.scope]}" + (f" ({'; '.join(extra)})" if extra else "")
                        + "\n")
            if f.help:
                text.append(f"      {f.help}\n", style="dim")
    if rs.derived:
        text.append("\nComputed from the entries\n", style="bold")
        for d in rs.derived.values():
            text.append(f"  {d.label}: {d.value.text}\n")
    text.append("\nScore of a deal\n", style="bold")
    text.append(f"  {rs.score.text}\n")
    if rs.made is not None:
        text.append(f"  Made (✓) when: {rs.made.text}\n")
    if rs.checks:
        text.append("\nRules the entries must keep\n", style="bold")
        for c in rs.checks:
            level = "" if c.level == "error" else " (a warning only)"
            text.append(f"  {c.id.replace('-', ' ')}: {c.rule.text}{level}\n")
    if rs.options:
        text.append("\nHouse rules (chosen when the game starts)\n", style="bold")
        for o in rs.options.values():
            text.append(f"  {o.label}", style="bold")
            default = o.choice_labels.get(o.default, o.default) if o.type == "choice" else _value(o.default)
            text.append(f" — default: {default}\n")
            if o.help:
                text.append(f"    {o.help}\n", style="dim")
            if o.type == "choice":
                for c in o.choices:
                    label = o.choice_labels.get(c)
                    text.append(f"    {c}" + (f": {label}" if label else "") + "\n")
            elif o.type == "int":
                text.append(f"    a number from {o.min} to {o.max}\n")
    if rs.source:
        text.append(f"\nSource: {rs.source}\n", style="dim")
    return text
