"""Session totals: the games a table played in one sitting, and who did best.

A session is a row of the store's ``sessions`` table; its games are the games whose
``session_id`` names it (which session a new game joins: see :mod:`scorekeeper.store.db`).

Per player (matched by name as in :mod:`.stats`: trimmed, case-insensitive):

- ``played`` and ``won``: the session's finished games the player played and won (a
  tie for first is a win for each); ``in_progress``: games of the session not over yet,
  which count for nothing else;
- ``points``: per ruleset, the player's total points over the finished games of that
  ruleset. **Points add up only within one ruleset id**: 120 Lupaus points and 120
  Wizard points are not comparable, so they are never added together. In a partnership
  game each partner is credited with the partnership's total.

The standing orders players by games won, then by points: a session of one ruleset is
ranked by games won, then total points (the lower total first where the ruleset's
lowest total wins). With several rulesets, points break ties ruleset by ruleset, in the
order the session first played them. Players equal on all of it share a rank.
"""

from __future__ import annotations

from ..i18n import t
from ..store.db import GameSummary, Session, Store, StoreError
from .history import ruleset_name
from .stats import GameFacts, all_facts, player_key
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["RulesetInSession", "SessionLine", "SessionReport", "session_report", "session_reports",
           "session_standings"]


@dataclass(frozen=True)
class RulesetInSession:
    id: str
    name: str
    winner: str  # "highest" or "lowest"
    digits: int | None = None  # the decimals its points are shown with ([score] digits; None: the default)


@dataclass(frozen=True)
class SessionLine:
    """One player's session."""

    rank: int
    name: str
    played: int  # finished games
    won: int
    in_progress: int
    # ruleset id -> total points over the finished games of that ruleset, as the ruleset shows a
    # total (to its [score] digits: thirds of a whist added up show 25.33, not 25.333333333333346)
    points: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "name": self.name, "played": self.played, "won": self.won,
                "in_progress": self.in_progress, "points": dict(self.points)}


@dataclass(frozen=True)
class SessionReport:
    session: Session
    games: list[GameSummary]  # in the order they were started
    rulesets: list[RulesetInSession]  # in the order the session first played them
    standings: list[SessionLine]
    skipped: list[tuple[int, str]]  # games that could not be rebuilt: (id, why); left out of the totals

    @property
    def scored(self) -> list[RulesetInSession]:
        """The rulesets with points in the standing: those of which a game is over (a game in
        progress counts for nothing, so its ruleset's column would be empty)."""
        return [r for r in self.rulesets if any(r.id in line.points for line in self.standings)]

    def as_dict(self) -> dict[str, Any]:
        s = self.session
        return {
            "id": s.id, "title": s.title, "started_at": s.started_at.isoformat(),
            "last_active": s.last_active.isoformat(), "games": [g.id for g in self.games],
            "rulesets": [{"id": r.id, "name": r.name} for r in self.rulesets],
            "standings": [line.as_dict() for line in self.standings],
            "skipped": [{"game": gid, "problem": why} for gid, why in self.skipped],
        }


def session_standings(facts: list[GameFacts]) -> tuple[list[RulesetInSession], list[SessionLine]]:
    """The rulesets played and the standing over these games (in the order they were played)."""
    rulesets: dict[str, RulesetInSession] = {}
    lines: dict[str, dict[str, Any]] = {}
    for f in sorted(facts, key=lambda f: f.game_id):
        if f.ruleset_id not in rulesets:  # named in the current language (the store keeps English)
            rulesets[f.ruleset_id] = RulesetInSession(f.ruleset_id, ruleset_name(f.ruleset_id, f.ruleset_name),
                                                      f.winner, f.digits)
        for i, name in enumerate(f.players):
            line = lines.setdefault(player_key(name), {"played": 0, "won": 0, "in_progress": 0, "points": {}})
            line["name"] = name.strip()
            if not f.finished:
                line["in_progress"] += 1
                continue
            line["played"] += 1
            line["won"] += bool(f.won[i])
            line["points"][f.ruleset_id] = line["points"].get(f.ruleset_id, 0) + f.totals[i]
    order = list(rulesets.values())

    def key(line: dict) -> tuple:
        points = tuple((-1 if r.winner == "highest" else 1) * line["points"].get(r.id, 0) for r in order)
        return (-line["won"], *points)

    ranked = sorted(lines.values(), key=lambda line: (key(line), player_key(line["name"])))
    out: list[SessionLine] = []
    for pos, line in enumerate(ranked):
        rank = out[-1].rank if pos and key(ranked[pos - 1]) == key(line) else pos + 1
        points = {r.id: _shown(line["points"][r.id], r.digits) for r in order if r.id in line["points"]}
        out.append(SessionLine(rank, line["name"], line["played"], line["won"], line["in_progress"], points))
    return order, out


def _shown(points: Any, digits: int | None) -> Any:
    """A sum of totals as the ruleset shows a total: a fraction to its [score] digits."""
    if type(points) is not float:  # whole points, the usual case: nothing to round
        return points
    from ..rules.model import shown_number  # (the rules' model only for a game scored in fractions)

    return shown_number(points, digits)


def _reports(store: Store, sessions: list[Session]) -> list[SessionReport]:
    wanted = [gid for s in sessions for gid in s.game_ids]
    facts, skipped = all_facts(store, wanted)
    why = dict(skipped)
    summaries = {g.id: g for g in store.list_games()}
    out = []
    for session in sessions:
        ids = session.game_ids
        rulesets, standings = session_standings([facts[gid] for gid in ids if gid in facts])
        out.append(SessionReport(session, [summaries[gid] for gid in sorted(ids) if gid in summaries], rulesets,
                                 standings, [(gid, why[gid]) for gid in ids if gid in why]))
    return out


def session_report(store: Store, session_id: int | None = None) -> SessionReport:
    """A session's games and standing; without an id the newest session (StoreError if there is none)."""
    if session_id is None:
        sessions = store.sessions()
        if not sessions:
            raise StoreError(t("sessions.none", path=str(store.path)))
        session = sessions[0]
    else:
        session = store.session(session_id)
    return _reports(store, [session])[0]


def session_reports(store: Store) -> list[SessionReport]:
    """Every session's report, the newest session first."""
    return _reports(store, store.sessions())
