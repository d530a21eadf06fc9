"""A printable HTML score sheet: one page per game, like the paper pad, with inline CSS.

The page names the ruleset and every option (with the ruleset's labels), lists the
players and the first dealer, and has one row per deal: the deal number, the cards,
the dealer, what was entered for the deal as a whole, then for each scorer (a player,
or a partnership) what was entered for them, the deal's score and the running total.
A missed contract is marked with a cross, not only a colour. Below the table: the
standings and the winner, or that the game is in progress.

Every text that comes from a player or a ruleset file is escaped (``html.escape``);
the page loads nothing (no scripts, fonts or images). ``@media print`` drops the
margins, uses a smaller type and starts each game on a new page.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Sequence

from ..game.game import Game
from .export import Exported, _text, status_text

if TYPE_CHECKING:
    from .sessions import SessionReport

__all__ = ["html_page"]

CSS = """
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; background: #fff;
       margin: 24px; font-size: 14px; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 16px 0 6px; }
.ruleset-id { color: #555; font-weight: normal; }
p.meta { margin: 2px 0; }
ul.options { margin: 4px 0 12px; padding-left: 18px; columns: 2; font-size: 12px; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #888; padding: 2px 5px; }
table.sheet { font-size: 13px; }
th { background: #eee; font-weight: 600; }
th.scorer { background: #ddd; }
td.num { text-align: right; }
td.total { font-weight: 700; background: #f6f6f6; }
td.miss { color: #a00; }
tr.issue td { background: #fff3cd; }
p.status { font-weight: 700; margin-top: 8px; }
p.legend, p.issues { font-size: 12px; color: #333; }
section.game + section.game, section.session + section.game { margin-top: 40px; }
@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body { margin: 0; font-size: 10px; }
  h1 { font-size: 15px; }
  ul.options, p.legend, p.issues { font-size: 9px; margin-bottom: 6px; }
  table.sheet { font-size: 9px; }
  th, td { padding: 1px 2px; }
  section.game + section.game, section.session + section.game { break-before: page; margin-top: 0; }
  th, td.total, tr.issue td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def _e(value: Any) -> str:
    text = _text(value)
    return escape(str(text), quote=True)


def _cell(value: Any, classes: str = "") -> str:
    text = _text(value)
    cls = [c for c in classes.split() if c]
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        cls.append("num")
    attr = f' class="{" ".join(cls)}"' if cls else ""
    return f"<td{attr}>{escape(str(text), quote=True)}</td>"


def _options(game: Game) -> list[str]:
    rs = game.ruleset
    items = []
    defaults = rs.option_defaults()
    for oid, value in game.options.items():
        opt = rs.options.get(oid)
        label = opt.label if opt is not None and opt.label else oid
        shown = _text(value)
        if opt is not None and opt.type == "choice" and opt.choice_labels.get(value):
            shown = f"{value} ({opt.choice_labels[value]})"
        mark = "" if value == defaults.get(oid) else " <em>(house rule)</em>"
        items.append(f"<li>{escape(label)}: {_e(shown)}{mark}</li>")
    return items


def _columns(game: Game):
    """(deal-wide columns, per-scorer column groups): each column is (header, getter(values))."""
    rs, setup = game.ruleset, game.setup
    team_names = [" & ".join(game.players[s - 1] for s in team) for team in setup.teams]
    by_team = rs.score_scope == "team"
    wide: list[tuple[str, Any]] = []
    groups: list[list[tuple[str, Any]]] = [[] for _ in game.scorer_names]

    def getter(fid, index):
        return lambda values: (values.get(fid) or (None,) * (index + 1))[index]

    for fid, spec in rs.fields.items():
        if spec.scope == "deal":
            wide.append((spec.label, lambda values, fid=fid: values.get(fid)))
        elif spec.scope == "team" and not by_team:
            for t, name in enumerate(team_names):
                wide.append((f"{spec.label} {name}", getter(fid, t)))
    for i in range(len(game.scorer_names)):
        seats = setup.teams[i] if by_team else (i + 1,)
        for fid, spec in rs.fields.items():
            if spec.scope == "seat":
                for seat in seats:
                    label = spec.label if len(seats) == 1 else f"{spec.label} {game.players[seat - 1]}"
                    groups[i].append((label, getter(fid, seat - 1)))
            elif spec.scope == "team" and by_team:
                groups[i].append((spec.label, getter(fid, i)))
    return wide, groups


def _game_section(e: Exported) -> str:
    game = e.game
    rs = game.ruleset
    names = game.scorer_names
    wide, groups = _columns(game)
    out = ['<section class="game">']
    heading = f'{escape(rs.name)} <span class="ruleset-id">({escape(rs.id)})</span>'
    if e.title:
        heading += f": {escape(e.title)}"
    out.append(f"<h1>{heading}</h1>")
    meta = f"Players: {', '.join(escape(p) for p in game.players)}"
    meta += f" · first dealer: {escape(game.players[game.setup.first_dealer - 1])}"
    if e.id:
        meta += f" · game {e.id}"
    out.append(f'<p class="meta">{meta}</p>')
    if game.options:
        out.append('<ul class="options">' + "".join(_options(game)) + "</ul>")

    out.append('<table class="sheet">')
    top = ['<th rowspan="2">Deal</th>', '<th rowspan="2">Cards</th>', '<th rowspan="2">Dealer</th>']
    top += [f'<th rowspan="2">{escape(h)}</th>' for h, _ in wide]
    sub = []
    for name, cols in zip(names, groups):
        top.append(f'<th class="scorer" colspan="{len(cols) + 2}">{escape(name)}</th>')
        sub += [f"<th>{escape(h)}</th>" for h, _ in cols] + ["<th>Score</th>", "<th>Total</th>"]
    out.append("<thead><tr>" + "".join(top) + "</tr><tr>" + "".join(sub) + "</tr></thead><tbody>")
    notes = []
    missed_any = False
    for r in game.results():
        cells = [_cell(r.number), _cell(r.cards), _cell(game.players[r.dealer - 1])]
        values = game.full_values(r)
        cells += [_cell(get(values)) for _, get in wide]
        for i, cols in enumerate(groups):
            cells += [_cell(get(values)) for _, get in cols]
            if r.made[i] is False:
                missed_any = True
                cells.append(f'<td class="num miss">{_e(r.scores[i])} ✗</td>')
            else:
                cells.append(_cell(r.scores[i]))
            cells.append(_cell(r.totals[i], "total"))
        for issue in r.issues:
            notes.append(f"Deal {r.number}: {'warning: ' if issue.level == 'warning' else ''}{issue.message}")
        row_class = ' class="issue"' if r.issues else ""
        out.append(f"<tr{row_class}>" + "".join(cells) + "</tr>")
    if not game.results():
        span = 3 + len(wide) + sum(len(c) + 2 for c in groups)
        out.append(f'<tr><td colspan="{span}">No deal recorded yet.</td></tr>')
    out.append("</tbody></table>")
    if missed_any:
        out.append('<p class="legend">✗ the bid or contract was missed</p>')
    if notes:
        out.append('<p class="issues">' + "<br>".join(escape(n) for n in notes) + "</p>")
    out.append("<h2>Standings</h2>")
    out.append('<table class="standings"><thead><tr><th>Rank</th><th>Name</th><th>Total</th></tr></thead><tbody>')
    for s in game.standings():
        out.append(f"<tr>{_cell(s.rank)}{_cell(s.name)}{_cell(s.total, 'total')}</tr>")
    out.append("</tbody></table>")
    out.append(f'<p class="status">{escape(status_text(game))}</p>')
    out.append("</section>")
    return "\n".join(out)


def _session_section(report: "SessionReport") -> str:
    s = report.session
    out = ['<section class="session">']
    out.append(f"<h1>Session {s.id}" + (f": {escape(s.title)}" if s.title else "") + "</h1>")
    count = len(report.games)
    out.append(f'<p class="meta">Started {escape(s.started_at.astimezone().strftime("%Y-%m-%d %H:%M"))} · '
               f"{count} game{'' if count == 1 else 's'}</p>")
    head = ["Rank", "Name", "Played", "Won", "In progress"] + [f"{r.name} points" for r in report.rulesets]
    out.append('<table class="standings"><thead><tr>' + "".join(f"<th>{escape(h)}</th>" for h in head)
               + "</tr></thead><tbody>")
    for line in report.standings:
        cells = [_cell(line.rank), _cell(line.name), _cell(line.played), _cell(line.won), _cell(line.in_progress)]
        cells += [_cell(line.points.get(r.id, ""), "total") for r in report.rulesets]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    out.append('<p class="legend">Standing: games won, then points. Points add up within one ruleset only.</p>')
    out.append("</section>")
    return "\n".join(out)


def html_page(games: Sequence[Exported], session: "SessionReport | None" = None) -> str:
    """One HTML document: the session's standing (if given), then each game on a page of its own."""
    if session is not None:
        title = f"Session {session.session.id}" + (f": {session.session.title}" if session.session.title else "")
    elif len(games) == 1:
        e = games[0]
        title = e.game.ruleset.name + (f": {e.title}" if e.title else "")
    else:
        title = f"{len(games)} games"
    body = []
    if session is not None:
        body.append(_session_section(session))
    body += [_game_section(e) for e in games]
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)} · scorekeeper</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
