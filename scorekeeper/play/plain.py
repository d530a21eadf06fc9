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

from ..game.carried import carried_columns, carried_values
from ..game.game import DealResult, Game
from ..i18n import format_datetime, format_number, format_ordinal, get_language, show, t, tn
from ..reports.common import changed_options, option_value_text
from ..rules.cards import Card
from ..rules.ruleset import NO_TRUMP

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence
    from typing import Any

__all__ = [
    "game_lines", "history_lines", "ordinal", "session_lines", "sessions_lines", "stats_lines", "what_if_lines",
]

def _rank_word(rank: str) -> str:
    words = {"J": t("plain.rank.jack"), "Q": t("plain.rank.queen"), "K": t("plain.rank.king"), "A": t("plain.rank.ace")}
    return words.get(rank, rank)


def _suit_word(suit: str) -> str:
    words = {"spades": t("game.suit.spades"), "hearts": t("game.suit.hearts"), "diamonds": t("game.suit.diamonds"),
             "clubs": t("game.suit.clubs"), "none": t("game.suit.none")}
    return words.get(suit, suit)


def ordinal(n: int) -> str:
    """A place as the current language writes it: 1st, 2nd, 3rd, 4th, 11th, 21st, ... (1., 2., ... in fi, pl)."""
    return format_ordinal(n)


def _number(value: Any) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_number(value)
    return str(value)


def _and(items: Sequence[str]) -> str:
    """'A', 'A and B', 'A and B and C' (as the sentences before said it)."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = t("plain.and", first=text, second=item)
    return text


def _localized_ruleset(game: Game):
    """The game's ruleset with its texts (name, labels) in the current language."""
    return game.ruleset.localized(get_language())


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
        groups.setdefault(card.suit, []).append(_rank_word(card.rank))
    return "(" + ", ".join(f"{_suit_word(suit)} {' '.join(ranks)}" for suit, ranks in groups.items()) + ")"


def value_words(value: Any, spec, players: Sequence[str], names: Sequence[str] = ()) -> str | None:
    """An entered value as words (None: nothing entered); ``names``: the game's players in seat
    order, for a choice whose label names them (the players of the deal when not given)."""
    if value is None:
        return None
    if spec.type == "choice" and isinstance(value, str):
        return spec.choice_label_for(value, names or players)
    if isinstance(value, bool):
        return t("value.yes") if value else t("value.no")
    if spec.type == "seat" and isinstance(value, int) and 1 <= value <= len(players):
        return players[value - 1]
    if isinstance(value, (tuple, list)):
        if not value:
            return None
        if all(isinstance(c, Card) for c in value):
            return _cards(value)
        return ", ".join(_number(v) for v in value)
    if value == NO_TRUMP and spec.type in ("suit", "trump"):
        return t("game.suit.none")
    if isinstance(value, str) and spec.type in ("suit", "trump"):
        return _suit_word(value)
    return _number(value)


# --- one game ---------------------------------------------------------------------------------


def _house_rules(game: Game) -> list[str]:
    changed = changed_options(game)
    if not changed:
        return [t("plain.house_rules_default")]
    return [t("plain.house_rule", label=label, value=value) for label, value in changed]


def _deal_line(game: Game, r: DealResult) -> str:
    rs = _localized_ruleset(game)
    # Every game seat, who joined late too (the dealer and the scores count in game seats); a
    # seat entered in the deal counts among who played it, and its per-seat values are laid out
    # per game seat (None for who sat out). A game with partnerships keeps its table.
    players = game.players
    played = tuple(players[s - 1] for s in r.seats) if r.seats else players
    values = game.full_values(r)
    team_names = tuple(" & ".join(players[s - 1] for s in team) for team in game.setup.teams)
    per_scorer = "team" if rs.score_scope == "team" else "seat"
    about = [t("plain.deal.number", number=r.number), tn("game.count.cards", r.cards),
             t("plain.deal.dealer", name=players[r.dealer - 1])]
    told = len(about)
    mine: list[list[str]] = [[] for _ in game.scorer_names]
    for fid, spec in rs.fields.items():
        value = values.get(fid)
        if value is None:
            continue
        if spec.scope == "deal":
            words = value_words(value, spec, played, players)
            if words is not None:
                about.append(f"{_label(spec.label_for(players))}: {words}")
        elif spec.scope == per_scorer:
            for i, v in enumerate(value):
                words = value_words(v, spec, played, players)
                if words is not None:
                    mine[i].append(f"{_label(spec.label_for(players))} {words}")
        else:  # e.g. a per-partnership entry in a game scored per player
            names = players if spec.scope == "seat" else team_names
            shown = [f"{names[i]} {w}" for i, v in enumerate(value)
                     if (w := value_words(v, spec, played, players)) is not None]
            if shown:
                about.append(f"{_label(spec.label_for(players))}: {', '.join(shown)}")
    carried = _carried_parts(game, r, mine, about)
    scorers = []
    for i, name in enumerate(game.scorer_names):
        parts = list(mine[i])
        made = r.made[i] if i < len(r.made) else None
        if made is not None:
            parts.append(t("game.made") if made else t("game.missed"))
        parts.append(tn("game.count.points", game.ruleset.shown(r.scores[i])))
        parts.append(t("plain.deal.total", total=game.ruleset.shown(r.totals[i])))
        parts += carried[i]
        scorers.append(f"{name} {', '.join(parts)}")
    # after entries about the whole deal ("trump suit: hearts") a new sentence, not a second colon
    line = ", ".join(about) + (". " if len(about) > told else ": ") + "; ".join(scorers) + "."
    if r.part_over and rs.parts is not None:
        line += " " + t("plain.deal.part_over", part=rs.parts.name, number=r.part)
    if not r.counts:
        line += " " + t("plain.carry.redealt", name=players[r.dealer - 1])
    return line


def _carried_parts(game: Game, r: DealResult, mine: list[list[str]], about: list[str]) -> list[list[str]]:
    """The values carried out of a deal: each scorer's own ("bags 3"), beside its points;
    those of other units (a player's in a partnership game) among what is said of the deal."""
    per_scorer: list[list[str]] = [[] for _ in mine]
    if not r.counts:
        return per_scorer
    columns = carried_columns(game, _localized_ruleset(game))
    others: dict[str, list[str]] = {}
    for column, value in zip(columns, carried_values(game, r, columns)):
        if column.scorer is not None and column.scorer < len(per_scorer):
            per_scorer[column.scorer].append(f"{_label(column.label)} {_number(value)}")
        else:
            others.setdefault(column.label, []).append(f"{column.name} {_number(value)}".lstrip())
    about += [f"{_label(label)}: {', '.join(values)}" for label, values in others.items()]
    return per_scorer


def _totals_line(game: Game) -> str:
    standings = game.standings()
    ranks = [s.rank for s in standings]
    shown = []
    for s in standings:
        if ranks.count(s.rank) > 1:
            shown.append(t("plain.totals_entry_tied", name=s.name, total=game.ruleset.shown(s.total),
                           place=ordinal(s.rank)))
        else:
            shown.append(t("plain.totals_entry", name=s.name, total=game.ruleset.shown(s.total), place=ordinal(s.rank)))
    return t("plain.totals", totals=", ".join(shown))


def _result(winners: Sequence[str], played: int, planned: int | None) -> str:
    """'winner: Cara', 'winners, a tie: Anna, Ben' or 'in progress: 3 of 19 deals played'."""
    if len(winners) == 1:
        return t("plain.result.winner", name=winners[0])
    if winners:
        return t("plain.result.tie", names=", ".join(winners))
    if planned is not None:
        return tn("plain.result.in_progress_of", planned, played=played)
    return tn("plain.result.in_progress", played)


def game_lines(game: Game, title: str | None = None) -> list[str]:
    """A game's whole score sheet, a sentence a line: what it is, each deal, the totals, the result."""
    rs = _localized_ruleset(game)
    lines = [f"{rs.name}" + (f": {title}" if title else "") + "."]
    if rs.score_scope == "team":
        teams = game.scorer_names[0] if game.scorer_names else ""
        for team in game.scorer_names[1:]:
            teams = t("plain.against", first=teams, second=team)
        lines.append(t("plain.partnerships", teams=teams))
    else:
        lines.append(t("plain.players", names=", ".join(game.players)))
    lines += _house_rules(game)
    if any(game.start_scores):
        lines.append(t("plain.start_scores", scores=", ".join(
            t("plain.start_score", name=name, score=score)
            for name, score in zip(game.setup.scorer_names, game.start_scores))))
    results = game.results()
    if not results:
        lines.append(t("plain.no_deals"))
    for r in results:
        lines.append(_deal_line(game, r))
        for issue in r.issues:
            if issue.level == "warning":
                lines.append(t("plain.deal.warning", number=r.number, message=show(issue.message)))
            else:
                lines.append(t("plain.deal.error", number=r.number, message=show(issue.message)))
    bonus = game.end_bonus()
    if bonus:
        lines.append(t("plain.end_bonus", bonuses=", ".join(
            t("plain.start_score", name=name, score=_number(game.ruleset.shown(points)))
            for name, points in zip(game.scorer_names, bonus))))
    lines.append(_totals_line(game))
    if game.stopped_at is not None:
        lines.append(t("plain.ended_early", number=game.stopped_at))
    result = _result(game.winners, len(game.deals), game.planned_deals)
    lines.append(result[0].upper() + result[1:] + ".")
    return lines


def what_if_lines(base: Game, game: Game, overrides: Mapping[str, Any], title: str | None = None) -> list[str]:
    """The game re-scored under other options, then each total beside the one played."""
    lines = game_lines(game, title)
    options = _localized_ruleset(game).options
    changed = _and([t("plain.what_if.set_to", label=options[k].label, value=option_value_text(options[k], game.options[k]))
                    for k in overrides if k in options])
    compared = []
    shown = game.ruleset.shown
    for name, played, now in zip(game.scorer_names, map(shown, base.totals()), map(shown, game.totals())):
        compared.append(t("plain.what_if.same", name=name, total=now) if now == played
                        else t("plain.what_if.was", name=name, total=now, before=played))
    lines.append(t("plain.what_if.totals", changed=changed, totals="; ".join(compared)))
    return lines


# --- the store --------------------------------------------------------------------------------


def _game_summary_line(g) -> str:
    """One stored game (a store GameSummary) as a sentence."""
    name = _ruleset_name(g) + (f" ({g.title})" if g.title else "")
    return t("plain.game_summary", id=g.id, name=name, started=format_datetime(g.created_at), players=", ".join(g.players),
             result=_result(list(g.winners), g.deals_played, g.planned_deals))


def _ruleset_name(summary) -> str:
    """A stored game's ruleset name in the current language (see reports.history.ruleset_name)."""
    from ..reports.history import ruleset_name

    return ruleset_name(summary.ruleset_id, summary.ruleset_name)


def history_lines(games: Iterable, where: str) -> list[str]:
    """The stored games (GameSummary), the latest played first, a sentence each."""
    games = list(games)
    if not games:
        return [t("cli.history.none", path=where)]
    return [t("plain.history", path=where, count=len(games))] + [_game_summary_line(g) for g in games]


def _percent(part: int, whole: int) -> str:
    return t("plain.percent", number=format_number(100 * part / whole, 0)) if whole else t("plain.percent_none")


def stats_lines(players: Iterable, where: str) -> list[str]:
    """Each player's statistics (store PlayerStats); each line starts with the player's name."""
    players = list(players)
    if not players:
        return [t("cli.history.none", path=where)]
    lines = []
    for p in players:
        games = tn("cli.stats.finished_games", p.games)
        if p.unfinished:
            games = t("cli.stats.with_unfinished", games=games, count=p.unfinished)
        wins = tn("cli.stats.wins", p.wins)
        if p.average_rank is not None:
            lines.append(t("plain.stats.summary_rank", name=p.name, games=games, wins=wins,
                           rank=format_number(p.average_rank, 2)))
        else:
            lines.append(t("plain.stats.summary", name=p.name, games=games, wins=wins))
        b = p.bidding
        if b is None or not b.deals:
            continue
        mean = b.mean_difference
        if mean == 0:
            tendency = t("plain.stats.exactly")
        elif mean > 0:
            tendency = t("plain.stats.more", amount=format_number(abs(mean), 2))
        else:
            tendency = t("plain.stats.fewer", amount=format_number(abs(mean), 2))
        lines.append(t("plain.stats.bids", name=p.name, deals=tn("game.count.deals", b.deals), exact=b.exact,
                       percent=_percent(b.exact, b.deals), over=b.over, under=b.under, tendency=tendency))
        lines.append(t("plain.stats.by_cards", name=p.name, counts="; ".join(
            t("plain.stats.by_cards_item", cards=tn("game.count.cards", c), exact=e, deals=d)
            for c, (d, e) in sorted(b.by_cards.items()))))
        if b.dealer_deals:
            lines.append(t("plain.stats.as_dealer", name=p.name, deals=tn("game.count.deals", b.dealer_deals),
                           restricted=b.restricted, missed=b.restricted_missed,
                           percent=_percent(b.restricted_missed, b.restricted)))
    return lines


def sessions_lines(reports: Iterable, where: str) -> list[str]:
    """The sessions (store SessionReport), the newest first, a sentence each."""
    reports = list(reports)
    if not reports:
        return [t("cli.sessions.none", path=where)]
    lines = [t("plain.sessions", path=where, count=len(reports))]
    for r in reports:
        s = r.session
        first = [line for line in r.standings if line.rank == 1]
        name = t("plain.session.titled", id=s.id, title=s.title) if s.title else t("plain.session.name", id=s.id)
        games = tn("game.count.games", len(r.games))
        if first:
            lines.append(t("plain.sessions_item_leading", session=name, started=format_datetime(s.started_at), games=games,
                           leaders=_and([line.name for line in first]),
                           won=tn("game.count.games", first[0].won)))
        else:
            lines.append(t("plain.sessions_item", session=name, started=format_datetime(s.started_at), games=games))
    return lines


def session_lines(report) -> list[str]:
    """One session (store SessionReport): its standing, then its games."""
    s = report.session
    lines = [t("plain.session.heading_titled", id=s.id, title=s.title) if s.title
             else t("plain.session.heading", id=s.id)]
    lines.append(t("plain.session.times", started=format_datetime(s.started_at), last=format_datetime(s.last_active),
                   games=tn("game.count.games", len(report.games))))
    lines.append(t("plain.session.standing"))
    for line in report.standings:
        points = [f"{r.name} {tn('game.count.points', line.points[r.id])}" for r in report.rulesets
                  if line.points.get(r.id, "") != ""]
        played = tn("cli.stats.finished_games", line.played)
        if points:
            lines.append(t("plain.session.line_points", place=ordinal(line.rank), name=line.name, played=played,
                           won=line.won, in_progress=line.in_progress, points=", ".join(points)))
        else:
            lines.append(t("plain.session.line", place=ordinal(line.rank), name=line.name, played=played,
                           won=line.won, in_progress=line.in_progress))
    lines.append(t("plain.session.games") if report.games else t("plain.session.no_games"))
    lines += [_game_summary_line(g) for g in report.games]
    return lines
