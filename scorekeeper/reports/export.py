"""Exports of a game: CSV, JSON, Markdown, the TOML score sheet and a printable HTML page.

Every format carries the ruleset, the options, the players, each deal (number,
cards, dealer, the values entered, each scorer's score and running total), the
final totals, the standings and the winner(s), or that the game is in progress.

The JSON document (:func:`game_document`) is::

    {
      "ruleset": "lupaus",                 # ruleset id
      "name": "Lupaus",                    # ruleset name
      "title": "Friday game",              # the score sheet's title, or null
      "options": {"scoring": "ten-plus-bid", ...},   # every option, resolved
      "players": ["Anna", "Ben", "Cara"],  # seat order
      "first_dealer": 1,                   # seat number
      "scorers": ["Anna", "Ben", "Cara"],  # who scores: players, or partnerships "A & C"
      "partnerships": [],                  # [["Anna", "Cara"], ["Ben", "Dan"]] in partnership games
      "deals": [{
          "deal": 1, "cards": 10, "dealer": "Anna",
          "values": {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"},
              # per-seat fields in seat order, per-partnership fields in partnership
              # order, per-deal fields a single value; null = not entered; cards as
              # codes such as "SK"
          "filled": {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"},
              # the same with what the rules fill in for a value left empty (e.g. the
              # last tricks, points from the tricks of each phase)
          "trump": {"kind": "turn", "suit": "hearts"},   # how trump was set, and the suit
              # ("none" for no trump; null while not known)
          "derived": {"base": [6, 14], ...},  # the ruleset's derived values: per seat
              # (seat order), per partnership, or one value; null where the entries do not give one
          "scores": [13, 0, 12],           # this deal, per scorer
          "made": [true, false, true],     # per scorer; null when the game has no contract
          "totals": [13, 0, 12],           # running totals after this deal
          "issues": []                     # warnings (and errors) the rules report
      }],
      "totals": [13, 0, 12],
      "standings": [{"rank": 1, "name": "Anna", "total": 13}, ...],
      "over": false,
      "winners": [],                       # names; empty while the game is in progress
      "starting_scores": [0, 0, 0],        # per scorer, as the table agreed at the start
      "planned_deals": 19,                 # deals in the plan (as the table changed it), or null
      "ended_early": null                  # the deal after which the table ended the game early
    }

A deal before which the table changed the plan has ``"plan": [6, 5, 4, ...]``, the
cards of each deal from it on.

CSV, Markdown and HTML are for people: a value is headed by its field's name in the language,
a seat is its player's name and a choice its label (the JSON document keeps the stored seat
numbers and ids, for programs). The Markdown table of deals has one cell per player or
partnership ("3/3 · +13 · 13"), so that four players' game reads on a phone.

CSV cells that are text starting with ``= + - @``, a tab or a carriage return get a
leading apostrophe so that a spreadsheet does not run them as formulas; numbers are
written as numbers.

Several games (a session, or every stored game) are exported by :func:`export_games`:
JSON ``{"session": {...} or null, "games": [document + "id", ...]}``; CSV, Markdown and
HTML give the session's standing first (when there is one) and then each game as it
would be exported alone. A TOML score sheet holds one game, so several games are not
exported as TOML. The HTML page is :mod:`.html`; what the formats share, :mod:`.common`.
"""

from __future__ import annotations

import io

from ..game.engine import GameError
from ..rules.formula import EvalError, Missing
from ..game.carried import carried_columns, carried_values
from ..game.engine import pair_seats
from ..game.game import Game, plan_at, table_changes
from ..game.sheet import dump_sheet, sheet_title
from ..i18n import format_number, get_language, show, t, tn
from ..rules.cards import Card
from ..terminal import terminal_safe
from .common import Exported, cell_text, field_value, option_settings, start_scores_text, status_text

# The HTML page (and with it the standard library's html, whose entities table is large) and
# the csv module are imported by the formats that use them: `show` and `replay` make a game's
# document here and need neither.

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Sequence

    from .sessions import SessionReport

__all__ = ["FORMATS", "export", "export_games", "game_document", "safe_cell"]

FORMATS = ("csv", "json", "md", "toml", "html")

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _json_value(value: Any) -> Any:
    """An entered value as JSON holds it."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (tuple, list)):
        return [_json_value(v) for v in value]
    return value


def game_document(game: Game, title: str | None = None) -> dict:
    """The game as plain data (the JSON export; see the module docstring).

    ``title`` (a stored game's) defaults to the title of the sheet the game was loaded from.
    """
    players, shown = game.players, game.ruleset.shown
    deals = []
    for r in game.results():
        values = game.full_values(r)
        deals.append({
            "deal": r.number,
            "cards": r.cards,
            "dealer": players[r.dealer - 1],
            **({"players": [players[s - 1] for s in r.seats], **table_changes(game, r.number)}
               if game.table_changed else {}),
            **({"plan": plan_at(game, r.number)} if game.plan_changed and plan_at(game, r.number) else {}),
            "values": {fid: _json_value(values.get(fid)) for fid in game.ruleset.fields},
            **_worked_out(game, r),
            "scores": [shown(x) for x in r.scores],
            "made": list(r.made),
            "totals": [shown(x) for x in r.totals],
            **({"carried": {cid: list(row) for cid, row in r.carried.items()}} if game.ruleset.carry else {}),
            **({} if r.counts else {"counts": False}),
            "issues": [show(i.message) if i.level == "error" else f"warning: {show(i.message)}"
                       for i in r.issues],
        })
    starts = game.start_carried or game.setup.carry_start  # (the table's, for a game continued from paper)
    return {
        "ruleset": game.ruleset.id,
        "name": game.ruleset.localized("en").name,  # data: the English name, whatever is shown
        "title": title if title is not None else sheet_title(game),
        "options": game.options,
        "players": list(players),
        "first_dealer": game.setup.first_dealer,
        "scorers": list(game.scorer_names),
        "partnerships": [[players[s - 1] for s in team] for team in game.setup.teams],
        **({"carry": [{"id": c.id, "label": c.label, "scope": c.scope, "start": list(starts[c.id]),
                       **({"pairs": [[players[a - 1], players[b - 1]] for a, b in pair_seats(len(players))]}
                          if c.scope == "pair" else {})} for c in game.ruleset.carry.values()]}
           if game.ruleset.carry else {}),
        "deals": deals,
        "totals": [shown(x) for x in game.totals()],
        "standings": [{"rank": s.rank, "name": s.name, "total": shown(s.total)} for s in game.standings()],
        "over": game.is_over,
        "winners": list(game.winners),
        **({"end_bonus": [shown(x) for x in game.end_bonus()]} if game.end_bonus() else {}),  # in the totals, after the last deal
        "starting_scores": list(game.start_scores),
        "planned_deals": game.planned_deals,
        "ended_early": game.stopped_at,
    }


def _worked_out(game: Game, result) -> dict:
    """What the rules make of a recorded deal: its values with those filled in, its trump and
    its derived values (per seat in the deal's seat order, per partnership, or one value)."""
    d = game.evaluate(result.number)
    seats = range(1, d.setup.n + 1)

    def value(name: str, seat: int | None) -> Any:
        try:
            return _json_value(d.value(name, seat))
        except (Missing, EvalError, GameError):  # not given by these entries
            return None

    def by_scope(name: str, scope: str) -> Any:
        if scope == "deal":
            return value(name, None)
        if scope == "seat":
            return [value(name, seat) for seat in seats]
        return [value(name, team[0]) for team in d.setup.teams]  # a partnership's, read through its first seat

    filled = {fid: by_scope(fid, spec.scope) for fid, spec in game.ruleset.fields.items()}
    derived = {name: by_scope(name, spec.scope) for name, spec in game.ruleset.derived.items()}
    trump = d.trump()
    return {"filled": filled, "trump": {"kind": trump.kind, "suit": trump.suit}, "derived": derived}


def safe_cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet will not run as a formula."""
    value = cell_text(value)
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _value_columns(game: Game) -> list[tuple[str, str, int | None]]:
    """(header, field id, unit index or None) for every entered value, headed by the field's
    label in the language (with the player's or partnership's name for a value of each)."""
    cols: list[tuple[str, str, int | None]] = []
    fields = game.ruleset.localized(get_language()).fields
    for fid, spec in fields.items():
        if spec.scope == "deal":
            cols.append((spec.label, fid, None))
        else:
            for i, name in enumerate(_unit_names(game, spec.scope)):
                cols.append((t("export.value_column", name=name, field=spec.label), fid, i))
    return cols


def _unit_names(game: Game, scope: str) -> tuple[str, ...]:
    """The players (scope seat) or the partnerships ("Anna & Cara", scope team)."""
    if scope == "seat":
        return game.players
    return tuple(" & ".join(game.players[s - 1] for s in team) for team in game.setup.teams)


def _cell_value(game: Game, values, fid, index):
    """A value entered (or filled in) as people read it: a seat by its player's name, a choice
    by its label (:func:`.common.field_value`)."""
    value = values.get(fid)
    if index is not None and value is not None:
        value = value[index]
    if value is None:
        return None
    return field_value(game.ruleset.localized(get_language()).fields[fid], value, game.players)


def _scores(game: Game, r) -> list[tuple[Any, Any]]:
    """Each scorer's (points, total) of a deal; no points for a player who did not play it."""
    changed, shown = game.table_changed, game.ruleset.shown
    return [("" if changed and not r.played(i) else shown(score), shown(total))
            for i, (score, total) in enumerate(zip(r.scores, r.totals), start=1)]


def _options_text(game: Game) -> str:
    """Every option by its name and setting in the language: "Scoring = 10 + bid ...; ..."."""
    return "; ".join(t("export.option", label=label, value=value) for label, value in option_settings(game, every=True))


def _csv(game: Game) -> str:
    try:
        from _csv import writer  # the csv module's writer, its default dialect excel's (csv itself imports re)
    except ImportError:  # an interpreter without it
        from csv import writer

    out = io.StringIO()
    _csv_write(writer(out, lineterminator="\r\n"), game)
    return out.getvalue()


def _csv_write(w, game: Game) -> None:
    row = lambda cells: w.writerow([safe_cell(c) for c in cells])  # noqa: E731
    names = game.scorer_names
    vcols = _value_columns(game)
    header = [t("export.csv.deal"), t("export.csv.cards"), t("export.csv.dealer")]
    for name in names:
        header += [t("export.csv.score", name=name), t("export.csv.total", name=name)]
    header += [h for h, _, _ in vcols]
    carried = carried_columns(game, game.ruleset.localized(get_language()))
    header += [t("export.carry.column", label=c.label, name=c.name) if c.name else c.label for c in carried]
    row(header)
    if any(game.start_scores):
        cells: list[Any] = [t("export.csv.start"), "", ""]
        for score in game.start_scores:
            cells += ["", score]
        row(cells)
    for r in game.results():
        cells = [r.number, r.cards, game.players[r.dealer - 1]]
        for score, total in _scores(game, r):
            cells += [score, total]
        values = game.full_values(r)
        cells += [_cell_value(game, values, fid, i) for _, fid, i in vcols]
        cells += carried_values(game, r, carried)
        row(cells)
    if game.end_bonus():  # the rules' points after the last deal, and the totals with them
        cells = [t("export.csv.end_bonus"), "", ""]
        for points, total in zip(game.end_bonus(), game.totals()):
            cells += [game.ruleset.shown(points), game.ruleset.shown(total)]
        row(cells)
    w.writerow([])
    row([t("export.csv.rank"), t("export.csv.name"), t("export.csv.standing_total")])
    for s in game.standings():
        row([s.rank, s.name, game.ruleset.shown(s.total)])
    w.writerow([])
    row([t("export.csv.ruleset"), game.ruleset.id, game.ruleset.name])
    row([t("export.csv.options"), _options_text(game)])
    row([t("export.csv.players")] + list(game.players))
    if game.stopped_at is not None:
        row([t("export.csv.ended_early"), game.stopped_at])
    if game.winners:
        row([t("export.csv.winners")] + list(game.winners))
    else:
        row([t("export.csv.status"), t("export.csv.in_progress")])


# Markdown's inline marks (emphasis, code, links, strike-through, table cells, a tag's angle
# brackets and the escape itself) are escaped with a backslash, Markdown's own escape, so no name or
# text becomes a mark, a tag or a link, and the text reads as it is ("Anna & Cara", not
# "Anna &amp; Cara"). An ampersand is escaped only where it could start an entity ("&amp;" typed
# as a name stays those five characters). Control characters are written as their escapes.
_MD_MARKS = str.maketrans({mark: "\\" + mark for mark in "\\`*_[]|~<>"})  # (re is not imported for them)


def _md_escape(text: Any) -> str:
    text = terminal_safe(str(cell_text(text))).translate(_MD_MARKS)
    if "&" in text:
        text = _md_ampersands(text)
    return " ".join(text.splitlines())


def _md_ampersands(text: str) -> str:
    """Each ``&`` that starts an entity (``&amp;``, ``&#60;``) escaped; "R&D" and "Anna & Cara" stay."""
    pieces = text.split("&")
    return pieces[0] + "".join(("\\&" if _entity(piece) else "&") + piece for piece in pieces[1:])


def _entity(after: str) -> bool:
    """Whether the text after an ``&`` makes it an entity: a name or ``#`` number, then ``;``."""
    body = after[1:] if after[:1] == "#" else after
    end = 0
    while end < len(body) and body[end].isalnum():
        end += 1
    return end > 0 and body[end:end + 1] == ";"


def _md_table(header: list, rows: list[list]) -> list[str]:
    lines = ["| " + " | ".join(_md_escape(h) for h in header) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(_md_escape(c) for c in r) + " |" for r in rows]
    return lines


def _md(game: Game, title: str | None = None) -> str:
    rs = game.ruleset
    title = title if title is not None else sheet_title(game)
    lines = [f"# {_md_escape(rs.name)} ({_md_escape(rs.id)})" + (f": {_md_escape(title)}" if title else ""), ""]
    lines.append(t("export.md.players", players=", ".join(_md_escape(p) for p in game.players)))
    lines.append("")
    lines.append(t("export.md.options", options=_md_escape(_options_text(game))))
    lines.append("")
    if start_scores_text(game):
        lines += [_md_escape(start_scores_text(game)), ""]
    lines += _md_deals(game)
    if game.end_bonus():
        lines += ["", _md_escape(t("export.md.end_bonus", bonuses=", ".join(
            f"{name} {format_number(game.ruleset.shown(points))}"
            for name, points in zip(game.scorer_names, game.end_bonus()))))]
    lines += ["", t("export.md.standings"), ""]
    lines += _md_table([t("export.md.rank"), t("export.md.name"), t("export.md.total")],
                       [[s.rank, s.name, game.ruleset.shown(s.total)] for s in game.standings()])
    lines += ["", _md_escape(status_text(game))]
    return "\n".join(lines) + "\n"


def _md_deals(game: Game) -> list[str]:
    """The deals as a table a person reads on a phone or in a chat: a row a deal, its values
    for the deal as a whole in a column each, then one cell for each player (or partnership)
    with what was entered for them, their points and total ("3/3 · +13 · 13"); a line above
    says what a cell holds. (A column per value, per player, made 20 columns for four players.)"""
    rs = game.ruleset.localized(get_language())
    scope = "team" if rs.score_scope == "team" else "seat"
    other = "seat" if scope == "team" else "team"  # values entered per unit that does not score
    deal_fields = [fid for fid, spec in rs.fields.items() if spec.scope == "deal"]
    own = [fid for fid, spec in rs.fields.items() if spec.scope == scope]
    others = [fid for fid, spec in rs.fields.items() if spec.scope == other]
    carried = carried_columns(game, rs)
    header = [t("export.md.deal"), t("export.md.cards"), t("export.md.dealer")]
    together = len(deal_fields) > 1  # the deal's values in one cell ("3/♥ hearts/Sam"), not a column each
    header += [t("export.md.entries")] if together else [rs.fields[fid].label for fid in deal_fields]
    other_names = _unit_names(game, other) if others else ()
    header += list(other_names)
    header += list(game.scorer_names)
    header += [t("export.carry.column", label=c.label, name=c.name) if c.name else c.label for c in carried]
    rows = []
    for r in game.results():
        values = game.full_values(r)
        cells = [r.number, r.cards, game.players[r.dealer - 1]]
        if together:
            cells.append(_entries(game, values, deal_fields, None))
        else:
            cells += [_cell_value(game, values, fid, None) for fid in deal_fields]
        cells += [_entries(game, values, others, i) for i in range(len(other_names))]
        for i, (score, total) in enumerate(_scores(game, r)):
            shown = [_entries(game, values, own, i)] if own else []
            shown += [_points(score), str(cell_text(total))]
            cells.append(" · ".join(shown))
        rows.append(cells + carried_values(game, r, carried))
    legend = []
    if together:
        legend.append(t("export.md.cell_deal", shown="/".join(rs.fields[fid].label for fid in deal_fields)))
    if others:
        legend.append(t("export.md.cell_player" if other == "seat" else "export.md.cell_partnership",
                        shown="/".join(rs.fields[fid].label for fid in others)))
    in_cell = t("export.md.points_total")
    if own:
        in_cell = "/".join(rs.fields[fid].label for fid in own) + " · " + in_cell
    legend.append(t("export.md.cell_player" if scope == "seat" else "export.md.cell_partnership", shown=in_cell))
    return [_md_escape(t("export.md.cells", cells="; ".join(legend))), ""] + _md_table(header, rows)


def _entries(game: Game, values, fids: list[str], index: int | None) -> str:
    """What was entered for one player or partnership (``index``), or for the deal (None), "3/3"
    ("-" for a value not entered)."""
    shown = []
    for fid in fids:
        value = _cell_value(game, values, fid, index)
        shown.append("-" if value is None or value == "" else str(value))
    return "/".join(shown)


def _points(score: Any) -> str:
    """A deal's points with their sign ("+13", "-10", "0"); "-" for a player who sat it out."""
    if score == "":
        return "-"
    if isinstance(score, (int, float)) and not isinstance(score, bool) and score > 0:
        return f"+{cell_text(score)}"
    return str(cell_text(score))


def export(game: Game, fmt: str, *, title: str | None = None, ruleset_ref: str | None = None) -> str:
    """The game in one of FORMATS (csv, json, md, toml, html) as text.

    ``title`` and ``ruleset_ref`` are a stored game's (a loaded sheet carries its own):
    the title shown, and how the TOML sheet names the ruleset.
    """
    if fmt == "csv":
        return _csv(game)
    if fmt == "json":
        from .jsonwrite import dumps  # json.dumps' text, without json (which imports re)

        return dumps(game_document(game, title)) + "\n"
    if fmt == "md":
        return _md(game, title)
    if fmt == "toml":
        return dump_sheet(game, title=title, ruleset=ruleset_ref)
    if fmt == "html":
        from .html import html_page

        return html_page([Exported(0, game, title if title is not None else sheet_title(game), ruleset_ref)])
    raise ValueError(t("export.unknown_format", format=fmt, formats=", ".join(FORMATS)))


def _session_rows(report: "SessionReport") -> list[list]:
    s = report.session
    rows: list[list] = [[t("export.csv.session"), s.id, s.title or ""], [t("export.csv.started"), s.started_at.isoformat()], []]
    header = ([t("export.csv.rank"), t("export.csv.name"), t("export.csv.played"), t("export.csv.won"),
               t("export.csv.in_progress")] + [t("export.csv.points", ruleset=r.name) for r in report.scored])
    rows.append(header)
    for line in report.standings:
        rows.append([line.rank, line.name, line.played, line.won, line.in_progress]
                    + [line.points.get(r.id, "") for r in report.scored])
    return rows


def _session_md(report: "SessionReport") -> list[str]:
    s = report.session
    heading = (t("export.md.session_titled", id=s.id, title=_md_escape(s.title)) if s.title
               else t("export.md.session", id=s.id))
    lines = [heading, "",
             tn("export.md.started", len(report.games), time=_md_escape(s.started_at.isoformat(timespec="minutes"))),
             ""]
    header = ([t("export.md.rank"), t("export.md.name"), t("export.md.played"), t("export.md.won"),
               t("export.md.in_progress")] + [t("export.md.points", ruleset=r.name) for r in report.scored])
    lines += _md_table(header, [[line.rank, line.name, line.played, line.won, line.in_progress]
                                + [line.points.get(r.id, "") for r in report.scored]
                                for line in report.standings])
    return lines


def export_games(games: Sequence[Exported], fmt: str, session: "SessionReport | None" = None) -> str:
    """Several stored games (with their session's standing, when given) in csv, json, md or html."""
    if fmt == "toml":
        raise ValueError(t("export.toml_one_game"))
    if fmt == "json":
        doc = {"session": session.as_dict() if session is not None else None,
               "games": [{"id": e.id, **game_document(e.game, e.title)} for e in games]}
        from .jsonwrite import dumps

        return dumps(doc) + "\n"
    if fmt == "csv":
        import csv

        out = io.StringIO()
        w = csv.writer(out, lineterminator="\r\n")
        if session is not None:
            for r in _session_rows(session):
                w.writerow([safe_cell(c) for c in r])
            w.writerow([])
        for i, e in enumerate(games):
            if i:
                w.writerow([])
            w.writerow([safe_cell(c) for c in [t("export.csv.game"), e.id, e.title or ""]])
            _csv_write(w, e.game)
        return out.getvalue()
    if fmt == "md":
        parts = []
        if session is not None:
            parts.append("\n".join(_session_md(session)) + "\n")
        for e in games:
            parts.append(t("export.md.game", id=e.id) + "\n\n" + _md(e.game, e.title))
        return "\n---\n\n".join(parts)
    if fmt == "html":
        from .html import html_page

        return html_page(list(games), session)
    raise ValueError(t("export.unknown_format", format=fmt, formats=", ".join(FORMATS)))
