"""Plain text for a screen reader: the command line's ``--plain`` output (no Textual).

Every line is a sentence that makes sense read aloud on its own: no table laid out with
spaces, no box drawing, and no sign a screen reader reads badly (✓ ✗ │ ─ ·, suit symbols
or card codes); made and missed, suits and cards are words. For example::

    Deal 1, 10 cards, dealer Anna, trump suit: hearts: Anna bid 3, tricks 3, made, 13 points, total 13; ...
    Totals: Cara 103 (1st), Ben 101 (2nd), Anna 65 (3rd).
    Winner: Cara.

Nothing is computed again here: the lines are read from what the game (its results,
standings and winners) and the store's reports already hold. Nothing is written for one
game either: the words come from the ruleset's field and option labels.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..game.game import DealResult, Game
from ..rules.cards import Card
from ..rules.ruleset import NO_TRUMP

__all__ = [
    "game_lines", "history_lines", "ordinal", "session_lines", "sessions_lines", "stats_lines", "what_if_lines",
]

_RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st, ..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _plural(count: Any, word: str) -> str:
    return f"{_number(count)} {word}{'' if count in (1, -1) else 's'}"


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _when(moment) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _label(label: str) -> str:
    """A field's label inside a sentence: 'Trump suit' -> 'trump suit' ('A points' stays)."""
    first = label.split(" ", 1)[0]
    if len(first) > 1 and first[1:] == first[1:].lower():
        return label[0].lower() + label[1:]
    return label


def _cards(cards: Sequence[Card]) -> str:
    """A hand in words, grouped by suit in the order given: '(spades king 7, hearts ace 10)'."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(card.suit, []).append(_RANK_WORDS.get(card.rank, card.rank))
    return "(" + ", ".join(f"{suit} {' '.join(ranks)}" for suit, ranks in groups.items()) + ")"


def value_words(value: Any, spec, players: Sequence[str]) -> str | None:
    """An entered value as words (None: nothing entered)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if spec.type == "seat" and isinstance(value, int) and 1 <= value <= len(players):
        return players[value - 1]
    if isinstance(value, (tuple, list)):
        if not value:
            return None
        if all(isinstance(c, Card) for c in value):
            return _cards(value)
        return ", ".join(_number(v) for v in value)
    if value == NO_TRUMP and spec.type in ("suit", "trump"):
        return "no trump"
    return _number(value)


# --- one game ---------------------------------------------------------------------------------


def _option_words(option, value: Any) -> str:
    if option.type == "bool":
        return "yes" if value else "no"
    if option.type == "choice":
        return option.choice_labels.get(value) or str(value)
    return _number(value)


def _house_rules(game: Game) -> list[str]:
    defaults = game.ruleset.option_defaults()
    changed = [(k, v) for k, v in game.options.items() if v != defaults.get(k)]
    if not changed:
        return ["House rules: the defaults."]
    options = game.ruleset.options
    return [f"House rule, {options[k].label}: {_option_words(options[k], v)}." for k, v in changed]


def _deal_line(game: Game, r: DealResult) -> str:
    rs = game.ruleset
    setup = game.setup
    players = setup.players
    team_names = tuple(" & ".join(players[s - 1] for s in team) for team in setup.teams)
    per_scorer = "team" if rs.score_scope == "team" else "seat"
    about = [f"Deal {r.number}", _plural(r.cards, "card"), f"dealer {players[r.dealer - 1]}"]
    told = len(about)
    mine: list[list[str]] = [[] for _ in game.scorer_names]
    for fid, spec in rs.fields.items():
        value = r.values.get(fid)
        if value is None:
            continue
        if spec.scope == "deal":
            words = value_words(value, spec, players)
            if words is not None:
                about.append(f"{_label(spec.label)}: {words}")
        elif spec.scope == per_scorer:
            for i, v in enumerate(value):
                words = value_words(v, spec, players)
                if words is not None:
                    mine[i].append(f"{_label(spec.label)} {words}")
        else:  # e.g. a per-partnership entry in a game scored per player
            names = players if spec.scope == "seat" else team_names
            shown = [f"{names[i]} {w}" for i, v in enumerate(value)
                     if (w := value_words(v, spec, players)) is not None]
            if shown:
                about.append(f"{_label(spec.label)}: {', '.join(shown)}")
    scorers = []
    for i, name in enumerate(game.scorer_names):
        parts = list(mine[i])
        made = r.made[i] if i < len(r.made) else None
        if made is not None:
            parts.append("made" if made else "missed")
        parts.append(_plural(r.scores[i], "point"))
        parts.append(f"total {_number(r.totals[i])}")
        scorers.append(f"{name} {', '.join(parts)}")
    # after entries about the whole deal ("trump suit: hearts") a new sentence, not a second colon
    line = ", ".join(about) + (". " if len(about) > told else ": ") + "; ".join(scorers) + "."
    if r.part_over and rs.parts is not None:
        line += f" This deal ends {rs.parts.name} {r.part}."
    return line


def _totals_line(game: Game) -> str:
    standings = game.standings()
    ranks = [s.rank for s in standings]
    shown = []
    for s in standings:
        tied = ", tied" if ranks.count(s.rank) > 1 else ""
        shown.append(f"{s.name} {_number(s.total)} ({ordinal(s.rank)}{tied})")
    return "Totals: " + ", ".join(shown) + "."


def _result(winners: Sequence[str], played: int, planned: int | None) -> str:
    """'winner: Cara', 'winners, a tie: Anna, Ben' or 'in progress: 3 of 19 deals played'."""
    if len(winners) == 1:
        return f"winner: {winners[0]}"
    if winners:
        return "winners, a tie: " + ", ".join(winners)
    if planned is not None:
        return f"in progress: {played} of {planned} deals played"
    return f"in progress: {_plural(played, 'deal')} played"


def game_lines(game: Game, title: str | None = None) -> list[str]:
    """A game's whole score sheet, a sentence a line: what it is, each deal, the totals, the result."""
    rs = game.ruleset
    lines = [f"{rs.name}" + (f": {title}" if title else "") + "."]
    if rs.score_scope == "team":
        lines.append("Partnerships: " + " against ".join(game.scorer_names) + ".")
    else:
        lines.append("Players: " + ", ".join(game.players) + ".")
    lines += _house_rules(game)
    results = game.results()
    if not results:
        lines.append("No deals yet.")
    for r in results:
        lines.append(_deal_line(game, r))
        for issue in r.issues:
            lines.append(f"Deal {r.number}, {'warning' if issue.level == 'warning' else 'error'}: {issue.message}")
    lines.append(_totals_line(game))
    result = _result(game.winners, len(game.deals), game.planned_deals)
    lines.append(result[0].upper() + result[1:] + ".")
    return lines


def what_if_lines(base: Game, game: Game, overrides: Mapping[str, Any], title: str | None = None) -> list[str]:
    """The game re-scored under other options, then each total beside the one played."""
    lines = game_lines(game, title)
    options = game.ruleset.options
    changed = " and ".join(f"{options[k].label} set to {_option_words(options[k], game.options[k])}"
                           for k in overrides if k in options)
    compared = []
    for name, played, now in zip(game.scorer_names, base.totals(), game.totals()):
        compared.append(f"{name} {_number(now)}, " + ("the same" if now == played else f"was {_number(played)}"))
    lines.append(f"With {changed}, the totals are: " + "; ".join(compared) + ".")
    return lines


# --- the store --------------------------------------------------------------------------------


def _game_summary_line(g) -> str:
    """One stored game (a store GameSummary) as a sentence."""
    name = g.ruleset_name + (f" ({g.title})" if g.title else "")
    return (f"Game {g.id}: {name}, started {_when(g.created_at)}; players {', '.join(g.players)}; "
            f"{_result(list(g.winners), g.deals_played, g.planned_deals)}.")


def history_lines(games: Iterable, where: str) -> list[str]:
    """The stored games (GameSummary), the latest played first, a sentence each."""
    games = list(games)
    if not games:
        return [f"No games are stored in {where} yet."]
    return [f"Games in {where}, the latest played first: {len(games)}."] + [_game_summary_line(g) for g in games]


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} percent" if whole else "none"


def stats_lines(players: Iterable, where: str) -> list[str]:
    """Each player's statistics (store PlayerStats); each line starts with the player's name."""
    players = list(players)
    if not players:
        return [f"No games are stored in {where} yet."]
    lines = []
    for p in players:
        games = _plural(p.games, "finished game")
        if p.unfinished:
            games += f" ({p.unfinished} in progress)"
        rank = f", average rank {p.average_rank:.2f}" if p.average_rank is not None else ""
        lines.append(f"{p.name}: {games}, {_plural(p.wins, 'win')}{rank}.")
        b = p.bidding
        if b is None or not b.deals:
            continue
        mean = b.mean_difference
        tendency = ("on average exactly the bid" if mean == 0 else
                    f"on average {abs(mean):.2f} tricks {'more' if mean > 0 else 'fewer'} than the bid")
        lines.append(f"{p.name}, bids: {_plural(b.deals, 'deal')}, {b.exact} exact ({_percent(b.exact, b.deals)}), "
                     f"{b.over} over, {b.under} under; {tendency}.")
        lines.append(f"{p.name}, exact bids by cards dealt: " + "; ".join(
            f"{_plural(c, 'card')}, {e} of {d}" for c, (d, e) in sorted(b.by_cards.items())) + ".")
        if b.dealer_deals:
            lines.append(f"{p.name} as dealer: {_plural(b.dealer_deals, 'deal')}, the bid was restricted in "
                         f"{b.restricted}, missed {b.restricted_missed} of those "
                         f"({_percent(b.restricted_missed, b.restricted)}).")
    return lines


def sessions_lines(reports: Iterable, where: str) -> list[str]:
    """The sessions (store SessionReport), the newest first, a sentence each."""
    reports = list(reports)
    if not reports:
        return [f"No sessions are stored in {where} yet."]
    lines = [f"Sessions in {where}, the newest first: {len(reports)}."]
    for r in reports:
        s = r.session
        first = [line for line in r.standings if line.rank == 1]
        lead = ""
        if first:
            lead = f"; leading {' and '.join(line.name for line in first)} with {_plural(first[0].won, 'game')} won"
        lines.append(f"Session {s.id}" + (f" ({s.title})" if s.title else "")
                     + f": started {_when(s.started_at)}, {_plural(len(r.games), 'game')}{lead}.")
    return lines


def session_lines(report) -> list[str]:
    """One session (store SessionReport): its standing, then its games."""
    s = report.session
    lines = [f"Session {s.id}" + (f": {s.title}" if s.title else "") + "."]
    lines.append(f"Started {_when(s.started_at)}, last active {_when(s.last_active)}; "
                 f"{_plural(len(report.games), 'game')}.")
    lines.append("Standing, by games won, then points; points add up within one ruleset only:")
    for line in report.standings:
        points = [f"{r.name} {_plural(line.points[r.id], 'point')}" for r in report.rulesets
                  if line.points.get(r.id, "") != ""]
        lines.append(f"{ordinal(line.rank)} {line.name}: {_plural(line.played, 'finished game')}, {line.won} won, "
                     f"{line.in_progress} in progress" + (f"; {', '.join(points)}" if points else "") + ".")
    lines.append("Games of the session:" if report.games else "No games in this session yet.")
    lines += [_game_summary_line(g) for g in report.games]
    return lines
