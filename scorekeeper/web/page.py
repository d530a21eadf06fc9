"""The score board page: self-contained HTML, CSS and a small script, drawn from :func:`board_state`.

Every text from a player, a ruleset or the store is escaped (``html.escape``), and the page
is drawn here only: the script never builds markup, it swaps in the ``/board.html`` fragment
this module drew. Made or missed is a ✓ or ✗, ranks are numbers (1st, 2nd), the type is
large enough to read from a sofa, and a narrow phone scrolls the table of deals sideways
inside its box. The page loads nothing from elsewhere; the server sends a
Content-Security-Policy that lets only this script and this style run (:data:`CSP`).

The script listens to ``/events`` (server-sent events: the server pushes each new version)
and fetches the fragment only when the version changed; when the board does not answer it
says so, keeps the last scores, and the browser reconnects by itself.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape
from typing import TYPE_CHECKING, Any

from ..i18n import LANGUAGES, get_language, t, tn
from ..play.words import ordinal

if TYPE_CHECKING:
    from .board import BoardState, DealShown, ScoreShown

__all__ = ["CSP", "board_fragment", "board_page"]

CSS = """:root { color-scheme: light dark; --fg: #111; --bg: #fff; --dim: #555; --line: #bbb; --head: #eee;
        --accent: #0b4f9c; --alert: #fff3cd; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #f2f2f2; --bg: #111; --dim: #bbb; --line: #555; --head: #262626; --accent: #8cc4ff;
          --alert: #4a3b00; }
}
* { box-sizing: border-box; }
html { font-size: clamp(16px, 1.6vw, 34px); }
body { margin: 0; padding: 0.8rem; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       color: var(--fg); background: var(--bg); line-height: 1.3; }
h1 { font-size: 1.6rem; margin: 0; }
h2 { font-size: 1.15rem; margin: 0 0 0.4rem; }
.game-id, .label, .legend, .link, .issues { color: var(--dim); }
.game-id { font-size: 0.8em; font-weight: normal; }
.status { margin: 0.2rem 0 0.8rem; font-size: 1.1rem; }
.problem { background: var(--alert); padding: 0.4rem 0.6rem; border: 2px solid var(--fg); }
.top { display: flex; flex-wrap: wrap; gap: 0.8rem 2rem; align-items: flex-start; }
.top > section { flex: 1 1 18rem; min-width: 0; }
.deal p { margin: 0.15rem 0; font-size: 1.15rem; }
.deal .trump { font-weight: 700; color: var(--accent); }
.deal ul { margin: 0.3rem 0; padding-left: 1.2rem; }
.status.winner { font-size: 1.8rem; font-weight: 700; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 0.15rem 0.45rem; text-align: left; vertical-align: top; }
th { background: var(--head); font-weight: 600; }
.standings table { font-size: 1.5rem; }
.standings td.total, td.num { text-align: right; }
.standings td.total { font-weight: 700; }
.last { margin-top: 1rem; }
.scroll { overflow-x: auto; max-width: 100%; }
.last td { white-space: nowrap; }
.last .total { font-weight: 700; }
.mark { display: inline-block; min-width: 1em; text-align: center; }
.missed { color: #c00000; }
@media (prefers-color-scheme: dark) { .missed { color: #ff7b7b; } }
.legend, .issues, .link { font-size: 0.85rem; margin: 0.3rem 0; }
.langs { text-align: right; color: var(--dim); font-size: 0.85rem; margin-top: 0.6rem; }
.langs select { font: inherit; }
"""

SCRIPT = """(function () {
  "use strict";
  var board = document.getElementById("board");
  var link = document.getElementById("link");
  var shown = document.body.getAttribute("data-version");
  // The page's language: the one chosen on this device (kept), else the one the server chose for it.
  var lang = document.documentElement.lang, picker = document.getElementById("lang"), chosen = null;
  try { chosen = localStorage.getItem("scorekeeper.lang"); } catch (e) { chosen = null; }
  if (chosen && chosen !== lang && picker.querySelector("option[value='" + chosen + "']")) {
    location.replace("/?lang=" + chosen);
    return;
  }
  picker.addEventListener("change", function (e) {
    try { localStorage.setItem("scorekeeper.lang", e.target.value); } catch (err) { /* kept for this visit only */ }
    location.replace("/?lang=" + e.target.value);
  });
  function get(path) {
    return fetch(path, {cache: "no-store"}).then(function (response) {
      if (!response.ok) { throw new Error(path + ": " + response.status); }
      return response;
    });
  }
  function swap(version) {
    if (version === shown) { return; }
    get("/board.html?lang=" + encodeURIComponent(lang)).then(function (response) {
      var now = response.headers.get("X-Board-Version");
      return response.text().then(function (html) {
        board.innerHTML = html;
        shown = now;
        var top = board.firstElementChild;
        if (top && top.getAttribute("data-title")) { document.title = top.getAttribute("data-title"); }
      });
    }).catch(function () {
      link.textContent = link.getAttribute("data-offline");
    });
  }
  // The server says when the board changed (server-sent events); the browser reconnects by itself.
  var events = new EventSource("/events");
  events.addEventListener("version", function (e) { link.textContent = ""; swap(JSON.parse(e.data)); });
  events.addEventListener("error", function () { link.textContent = link.getAttribute("data-offline"); });
})();
"""


def source_hash(text: str) -> str:
    """A Content-Security-Policy source for an inline script or style: its SHA-256."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


# Only this page's own script and style run; it may fetch from its own server only.
CSP = (f"default-src 'none'; script-src {source_hash(SCRIPT)}; style-src {source_hash(CSS)}; connect-src 'self'; "
       "img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def page_title(state: BoardState) -> str:
    game = state["game"]
    if game is None:
        return "scorekeeper"
    if game["title"]:
        return t("web.title_titled", name=game["name"], title=game["title"])
    return t("web.title", name=game["name"])


def _deal_section(deal: DealShown) -> list[str]:
    cards = tn("web.deal.cards_each", deal["cards"])
    if deal["of"]:
        heading = t("web.deal.heading_of", number=deal["number"], total=deal["of"], cards=cards)
    else:
        heading = t("web.deal.heading", number=deal["number"], cards=cards)
    out = ['<section class="deal">', f"<h2>{_e(heading)}</h2>",
           f'<p><span class="label">{_e(t("game.dealer"))}</span> {_e(deal["dealer"])}</p>']
    if deal["bids_first"]:
        out.append(f'<p><span class="label">{_e(t("game.first_bidder"))}</span> {_e(deal["bids_first"])}</p>')
    if deal["leader_named"]:
        out.append(f'<p><span class="label">{_e(t("game.leader"))}</span> '
                   f'{_e(deal["leader"] or t("web.deal.leader_later"))}</p>')
    out.append(f'<p class="trump">{_e(deal["trump"])}</p>')
    if deal["reminders"]:
        out.append("<ul>" + "".join(f"<li>{_e(r)}</li>" for r in deal["reminders"]) + "</ul>")
    out.append("</section>")
    return out


def _standings_section(state: BoardState) -> list[str]:
    over, ranked = state["over"], state["played"] > 0  # no ranks before the first deal (all would be 1st)
    out = ['<section class="standings">']
    title = t("web.standings.final") if over else t("web.standings.title") if ranked else t("web.standings.totals")
    out.append(f"<h2>{_e(title)}</h2>")
    head = (f"<th>{_e(t('web.standings.rank'))}</th>" if ranked else "") + (
        f"<th>{_e(t('web.standings.name'))}</th><th>{_e(t('web.standings.total'))}</th>")
    out.append(f"<table><thead><tr>{head}</tr></thead><tbody>")
    for s in state["standings"]:
        rank = f'<td class="rank">{ordinal(s["rank"])}</td>' if ranked else ""
        out.append(f'<tr>{rank}<td class="name">{_e(s["name"])}</td><td class="total">{_e(s["total"])}</td></tr>')
    out.append("</tbody></table></section>")
    return out


def _score_cell(score: ScoreShown) -> str:
    parts = []
    if score["entries"]:
        parts.append(f'<span class="entries">{_e(score["entries"])}</span>')
    if score["mark"]:
        kind = "missed" if score["mark"] == "✗" else "made"
        parts.append(f'<span class="mark {kind}">{_e(score["mark"])}</span>')
    parts.append(f'<span class="points">{_e(score["points"])}</span>')
    parts.append(f'<span class="total">{_e(score["total"])}</span>')
    return "<td>" + " ".join(parts) + "</td>"


def _last_section(state: BoardState) -> list[str]:
    rows = state["last_deals"]
    if not rows:
        return [f'<section class="last"><h2>{_e(t("web.last.deals"))}</h2><p>{_e(t("web.last.none"))}</p></section>']
    title = t("web.last.one") if len(rows) == 1 else tn("web.last.many", len(rows))  # one row: no number in it
    head = (f"<th>{_e(t('web.last.deal'))}</th><th>{_e(t('web.last.cards'))}</th><th>{_e(t('web.last.dealer'))}</th>"
            + "".join(f"<th>{_e(n)}</th>" for n in state["scorers"]))
    out = ['<section class="last">', f"<h2>{_e(title)}</h2>", '<div class="scroll"><table>',
           f"<thead><tr>{head}</tr></thead><tbody>"]
    issues = []
    for row in rows:
        marks = (" ⚠" if row["issues"] else "") + (" ◼" if row["part_over"] else "")
        cards = f"{row['cards']} {row['trump']}".strip()
        cells = [f'<td class="num">{row["deal"]}{marks}</td>', f"<td>{_e(cards)}</td>", f"<td>{_e(row['dealer'])}</td>"]
        cells += [_score_cell(s) for s in row["scores"]]
        out.append("<tr>" + "".join(cells) + "</tr>")
        issues += [t("web.last.issue", number=row["deal"], message=issue) for issue in row["issues"]]
    out.append("</tbody></table></div>")
    legend = "; ".join([state["legend"]] + ([t("web.last.legend_problem")] if issues else []) + (
        [t("web.last.legend_part")] if any(r["part_over"] for r in rows) else []))
    out.append(f'<p class="legend">{_e(legend)}</p>')
    if issues:
        out.append('<p class="issues">' + "<br>".join(_e(i) for i in issues) + "</p>")
    out.append("</section>")
    return out


def board_fragment(state: BoardState) -> str:
    """The board itself: what the page shows, and what ``/board.html`` serves to replace it."""
    game = state["game"]
    if game is None:  # no game yet
        return (f'<div class="board" data-title="scorekeeper"><h1>scorekeeper</h1>'
                f'<p class="status">{_e(state["status"])}</p></div>')
    heading = _e(game["name"]) + (f": {_e(game['title'])}" if game["title"] else "")
    status = state["status"]  # the winner(s), once the game is over
    out = [f'<div class="board" data-title="{_e(page_title(state))}">',
           f'<h1>{heading} <span class="game-id">{_e(t("web.game_id", id=game["id"]))}</span></h1>',
           f'<p class="status{" winner" if state["over"] else ""}">{_e(status[:1].upper() + status[1:])}</p>']
    if state["problem"]:
        out.append(f'<p class="problem" role="alert">{_e(state["problem"])}</p>')
    out.append('<div class="top">')
    if state["deal"] is not None:
        out += _deal_section(state["deal"])
    out += _standings_section(state)
    out.append("</div>")
    out += _last_section(state)
    out.append("</div>")
    return "\n".join(out)


def _languages() -> str:
    """The language picker (the page keeps the choice, and asks for the board in it)."""
    lang = get_language()
    options = "".join(f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}>{_e(name)}</option>'
                      for code, name in LANGUAGES.items())
    return f'<header class="langs"><label>{_e(t("web.phone.page.language"))} <select id="lang">{options}</select></label></header>'


def board_page(state: BoardState, version: str) -> str:
    """The whole page, with the board as it is at ``version``."""
    return (f"<!DOCTYPE html>\n<html lang=\"{_e(get_language())}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{_e(page_title(state))}</title>\n<style>{CSS}</style>\n</head>\n"
            f"<body data-version=\"{_e(version)}\">\n<main id=\"board\">\n{board_fragment(state)}\n</main>\n{_languages()}\n"
            f"<p id=\"link\" class=\"link\" role=\"status\" data-offline=\"{_e(t('web.offline'))}\"></p>\n"
            f"<script>{SCRIPT}</script>\n</body>\n</html>\n")
