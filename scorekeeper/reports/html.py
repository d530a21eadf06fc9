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

from ..game.carried import carried_columns, carried_values
from ..game.game import Game
from ..i18n import format_datetime, get_language, show, t, tn
from .common import Exported, cell_text, choice_value, field_value, start_scores_text, status_text

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Sequence

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
    text = cell_text(value)
    return escape(str(text), quote=True)


def _cell(value: Any, classes: str = "") -> str:
    text = cell_text(value)
    cls = [c for c in classes.split() if c]
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        cls.append("num")
    attr = f' class="{" ".join(cls)}"' if cls else ""
    return f"<td{attr}>{escape(str(text), quote=True)}</td>"


def _options(game: Game) -> list[str]:
    """Every option that applies, by its label and its setting's label (not one the other
    settings leave unused, as its ``when`` says)."""
    rs = game.ruleset.localized(get_language())
    items = []
    defaults = rs.option_defaults()
    for oid, value in game.options.items():
        if oid in game.setup.unused_options:
            continue
        opt = rs.options.get(oid)
        label = opt.label if opt is not None and opt.label else oid
        shown = choice_value(opt, value)
        mark = "" if value == defaults.get(oid) else f" <em>{escape(t('html.house_rule'))}</em>"
        items.append(f"<li>{escape(label)}: {_e(shown)}{mark}</li>")
    return items


def _columns(game: Game):
    """(deal-wide columns, per-scorer column groups): each column is (header, getter(values)),
    headed by the field's label in the language, its values as people read them (a seat by the
    player's name: :func:`.common.field_value`)."""
    rs, setup = game.ruleset.localized(get_language()), game.setup
    team_names = [" & ".join(game.players[s - 1] for s in team) for team in setup.teams]
    by_team = rs.score_scope == "team"
    wide: list[tuple[str, Any]] = []
    groups: list[list[tuple[str, Any]]] = [[] for _ in game.scorer_names]
    players = game.players

    def getter(fid, index):
        spec = rs.fields[fid]
        return lambda values: field_value(spec, (values.get(fid) or (None,) * (index + 1))[index], players)

    for fid, spec in rs.fields.items():
        if spec.scope == "deal":
            wide.append((spec.label, lambda values, spec=spec, fid=fid: field_value(spec, values.get(fid), players)))
        elif spec.scope == "team" and not by_team:
            for team, name in enumerate(team_names):
                wide.append((t("html.column", label=spec.label, name=name), getter(fid, team)))
    for i in range(len(game.scorer_names)):
        seats = setup.teams[i] if by_team else (i + 1,)
        for fid, spec in rs.fields.items():
            if spec.scope == "seat":
                for seat in seats:
                    label = spec.label if len(seats) == 1 else t("html.column", label=spec.label,
                                                                   name=game.players[seat - 1])
                    groups[i].append((label, getter(fid, seat - 1)))
            elif spec.scope == "team" and by_team:
                groups[i].append((spec.label, getter(fid, i)))
    return wide, groups


def _game_section(e: Exported) -> str:
    game = e.game
    out = ['<section class="game">', *_game_heading(e)]
    rows, notes, missed_any = _sheet_rows(game)
    out += rows
    if missed_any:
        out.append(f'<p class="legend">{escape(t("html.missed"))}</p>')
    if notes:
        out.append('<p class="issues">' + "<br>".join(escape(n) for n in notes) + "</p>")
    out.append(f"<h2>{escape(t('html.standings'))}</h2>")
    out.append('<table class="standings"><thead><tr>'
               + "".join(f"<th>{escape(h)}</th>" for h in (t("export.md.rank"), t("export.md.name"), t("export.md.total")))
               + "</tr></thead><tbody>")
    for s in game.standings():
        out.append(f"<tr>{_cell(s.rank)}{_cell(s.name)}{_cell(game.ruleset.shown(s.total), 'total')}</tr>")
    out.append("</tbody></table>")
    out.append(f'<p class="status">{escape(status_text(game))}</p>')
    out.append("</section>")
    return "\n".join(out)


def _game_heading(e: Exported) -> list[str]:
    """The game's title, its players, first dealer and id, and its house rules."""
    game = e.game
    rs = game.ruleset
    heading = f'{escape(rs.name)} <span class="ruleset-id">({escape(rs.id)})</span>'
    if e.title:
        heading += f": {escape(e.title)}"
    meta = escape(t("html.players", players=", ".join(game.players)))
    meta += " · " + escape(t("html.first_dealer", name=game.players[game.setup.first_dealer - 1]))
    if e.id:
        meta += " · " + escape(t("html.game", id=e.id))
    out = [f"<h1>{heading}</h1>", f'<p class="meta">{meta}</p>']
    start = start_scores_text(game)
    if start:
        out.append(f'<p class="meta">{escape(start)}</p>')
    if game.options:
        out.append('<ul class="options">' + "".join(_options(game)) + "</ul>")
    return out


def _sheet_rows(game) -> tuple[list[str], list[str], bool]:
    """The score sheet's table (a row a deal), the notes of the deals' issues, and whether
    any score was missed (the legend of ✗ is shown then)."""
    wide, groups = _columns(game)
    carried = carried_columns(game, game.ruleset.localized(get_language()))  # after the scorers' columns
    out = ['<table class="sheet">']
    top = [f'<th rowspan="2">{escape(h)}</th>'
           for h in (t("export.md.deal"), t("export.md.cards"), t("export.md.dealer"))]
    top += [f'<th rowspan="2">{escape(h)}</th>' for h, _ in wide]
    sub = []
    for name, cols in zip(game.scorer_names, groups):
        top.append(f'<th class="scorer" colspan="{len(cols) + 2}">{escape(name)}</th>')
        sub += [f"<th>{escape(h)}</th>" for h, _ in cols + [(t("html.score"), None), (t("export.md.total"), None)]]
    top += [f'<th rowspan="2">{escape(t("export.carry.column", label=c.label, name=c.name) if c.name else c.label)}</th>' for c in carried]
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
                cells.append(f'<td class="num miss">{_e(game.ruleset.shown(r.scores[i]))} ✗</td>')
            elif game.table_changed and not r.played(i + 1):
                cells.append(_cell(None))  # did not play this deal
            else:
                cells.append(_cell(game.ruleset.shown(r.scores[i])))
            cells.append(_cell(game.ruleset.shown(r.totals[i]), "total"))
        cells += [_cell(v) for v in carried_values(game, r, carried)]
        for issue in r.issues:
            notes.append(t("html.note_warning", number=r.number, message=show(issue.message)) if issue.level == "warning"
                         else t("html.note", number=r.number, message=show(issue.message)))
        row_class = ' class="issue"' if r.issues else ""
        out.append(f"<tr{row_class}>" + "".join(cells) + "</tr>")
    if not game.results():
        span = 3 + len(wide) + sum(len(c) + 2 for c in groups) + len(carried)
        out.append(f'<tr><td colspan="{span}">{escape(t("html.no_deals"))}</td></tr>')
    out.append("</tbody></table>")
    return out, notes, missed_any


def _session_section(report: "SessionReport") -> str:
    s = report.session
    out = ['<section class="session">']
    out.append(f"<h1>{escape(_session_title(s.id, s.title))}</h1>")
    count = len(report.games)
    out.append(f'<p class="meta">{escape(tn("html.session_meta", count, time=format_datetime(s.started_at)))}</p>')
    head = ([t("export.md.rank"), t("export.md.name"), t("export.md.played"), t("export.md.won"),
             t("export.md.in_progress")] + [t("export.md.points", ruleset=r.name) for r in report.scored])
    out.append('<table class="standings"><thead><tr>' + "".join(f"<th>{escape(h)}</th>" for h in head)
               + "</tr></thead><tbody>")
    for line in report.standings:
        cells = [_cell(line.rank), _cell(line.name), _cell(line.played), _cell(line.won), _cell(line.in_progress)]
        cells += [_cell(line.points.get(r.id, ""), "total") for r in report.scored]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    out.append(f'<p class="legend">{escape(t("html.session_legend"))}</p>')
    out.append("</section>")
    return "\n".join(out)


def _session_title(number: int, title: str | None) -> str:
    return t("html.session_titled", id=number, title=title) if title else t("html.session", id=number)


def html_page(games: Sequence[Exported], session: "SessionReport | None" = None) -> str:
    """One HTML document: the session's standing (if given), then each game on a page of its own."""
    if session is not None:
        title = _session_title(session.session.id, session.session.title)
    elif len(games) == 1:
        e = games[0]
        title = e.game.ruleset.name + (f": {e.title}" if e.title else "")
    else:
        title = tn("html.games", len(games))
    body = []
    if session is not None:
        body.append(_session_section(session))
    body += [_game_section(e) for e in games]
    return (f"<!DOCTYPE html>\n<html lang=\"{get_language()}\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)} · scorekeeper</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
