"""The stored games listed and summed up: ``history``, ``stats``, ``sessions``, ``session``."""

from __future__ import annotations

from ..i18n import format_datetime, format_number, format_percent, t, tn
from .common import _err, _json, _open_store, out, store_path, _table, typed_text

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, TypedDict

    from ..store.db import GameSummary

    class SummaryDoc(TypedDict):
        """A stored game in ``history --json`` (docs/cli.md)."""

        id: int
        title: str | None
        ruleset: str
        name: str
        players: list[str]
        created_at: str  # ISO 8601
        updated_at: str
        deals_played: int
        planned_deals: int | None
        over: bool
        winners: list[str]
        ended_early: int | None  # the deal after which the table ended the game early


def _result_text(summary: GameSummary) -> str:
    """As status_text says it, from a listed game's summary (no replay)."""
    from ..reports.common import status_of

    return status_of(summary.winners, summary.deals_played, summary.planned_deals, summary.stopped_at)


def _summary_doc(g: GameSummary) -> SummaryDoc:
    return {"id": g.id, "title": g.title, "ruleset": g.ruleset_id, "name": g.ruleset_name, "players": list(g.players),
            "created_at": g.created_at.isoformat(), "updated_at": g.updated_at.isoformat(),
            "deals_played": g.deals_played, "planned_deals": g.planned_deals, "over": g.finished,
            "winners": list(g.winners), "ended_early": g.stopped_at}


def _game_rows(games: list[GameSummary]) -> list[list[Any]]:
    rows: list[list[Any]] = [[t("cli.history.column.id"), t("cli.history.column.started"), t("cli.history.column.game"),
                              t("cli.history.column.players"), t("cli.history.column.result")]]
    for g in games:
        rows.append([g.id, format_datetime(g.created_at), _ruleset_name(g) + (f": {g.title}" if g.title else ""),
                     ", ".join(g.players), _result_text(g)])
    return rows


def _printed_as_asked(args, items, document, plain_lines: str) -> bool:
    """--json (each item's ``document``) or --plain (play.plain's ``plain_lines`` of the items):
    printed, and True; else False, for the table."""
    if args.json:
        _json([document(item) for item in items])
        return True
    if args.plain:
        from ..play import plain  # only for --plain

        for line in getattr(plain, plain_lines)(items, str(store_path(args))):
            out(line)
        return True
    return False


def cmd_history(args) -> int:
    from ..reports.history import history

    store = _open_store(args)
    try:
        games = [] if store is None else history(store)
    finally:  # (a store left open at the end keeps its -wal and -shm files: scorekeeper.process)
        if store is not None:
            store.close()
    if _printed_as_asked(args, games, _summary_doc, "history_lines"):
        return 0
    if not games:
        out(t("cli.history.none", path=store_path(args)))
        return 0
    out(t("cli.history.heading", path=store_path(args)))
    for line in _table(_game_rows(games)):
        out("  " + line)
    return 0


def _ruleset_name(summary) -> str:
    """A listed game's ruleset name in the current language (see reports.history.ruleset_name)."""
    from ..reports.history import ruleset_name

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
    from ..reports.stats import player_key, stats

    store = _open_store(args)
    report = everyone = None
    if args.player is not None:
        args.player = typed_text(args.player)
    try:
        if store is not None:
            report = stats(store, args.player)
            if args.player and not report.players:
                everyone = stats(store).players
    finally:
        if store is not None:
            store.close()
    players = report.players if report is not None else []
    if args.player is not None and not players:
        import difflib  # only to suggest a player's name

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
        from ..play.plain import stats_lines

        for line in stats_lines(players, str(store_path(args))):
            out(line)
    elif not players:
        out(t("cli.history.none", path=store_path(args)))
    else:
        for i, p in enumerate(players):
            if i:
                out()
            for line in _stats_lines(p):
                out(line)
    for gid, why in skipped:
        _err(t("cli.errors.left_out", id=gid, problem=why))
    return 1 if skipped else 0


def _session_rows(report) -> list[list[Any]]:
    rows: list[list[Any]] = [[t("cli.session.column.rank"), t("cli.session.column.name"), t("cli.session.column.played"),
                              t("cli.session.column.won"), t("cli.session.column.in_progress")]
                             + [r.name for r in report.scored]]
    for line in report.standings:
        rows.append([line.rank, line.name, line.played, line.won, line.in_progress]
                    + [line.points.get(r.id, "") for r in report.scored])
    return rows


def cmd_sessions(args) -> int:
    from ..reports.sessions import session_reports

    store = _open_store(args)
    try:
        reports = session_reports(store) if store is not None else []
    finally:
        if store is not None:
            store.close()
    if _printed_as_asked(args, reports, lambda r: r.as_dict(), "sessions_lines"):
        return 0
    if not reports:
        out(t("cli.sessions.none", path=store_path(args)))
        return 0
    rows: list[list[Any]] = [[t("cli.sessions.column.id"), t("cli.sessions.column.started"),
                              t("cli.sessions.column.title"), t("cli.sessions.column.games"),
                              t("cli.sessions.column.leading")]]
    for r in reports:
        first = [line for line in r.standings if line.rank == 1]
        lead = t("cli.sessions.leading", names=", ".join(line.name for line in first), won=first[0].won) if first else ""
        rows.append([r.session.id, format_datetime(r.session.started_at), r.session.title or "", len(r.games), lead])
    out(t("cli.sessions.heading", path=store_path(args)))
    for line in _table(rows):
        out("  " + line)
    return 0


def cmd_session(args) -> int:
    from ..store.db import StoreError
    from ..reports.sessions import session_report

    store = _open_store(args)
    if store is None:
        raise StoreError(t("cli.errors.no_sessions", path=store_path(args)))
    try:
        report = session_report(store, args.session)
    finally:
        store.close()
    if args.json:
        doc = report.as_dict()
        doc["games"] = [_summary_doc(g) for g in report.games]
        _json(doc)
    elif args.plain:
        from ..play.plain import session_lines

        for line in session_lines(report):
            out(line)
    else:
        s = report.session
        out(t("cli.session.titled", id=s.id, title=s.title) if s.title else t("cli.session.heading", id=s.id))
        out(t("cli.session.times", started=format_datetime(s.started_at), last=format_datetime(s.last_active),
               games=tn("game.count.games", len(report.games))))
        out()
        out(t("cli.session.standing"))
        for line in _table(_session_rows(report)):
            out("  " + line)
        out()
        out(t("cli.session.games"))
        for line in _table(_game_rows(report.games)):
            out("  " + line)
    for gid, why in report.skipped:
        _err(t("cli.errors.left_out", id=gid, problem=why))
    return 1 if report.skipped else 0
