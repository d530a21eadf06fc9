"""The phone page: one self-contained HTML document (CSS and a script; nothing from elsewhere).

The script draws what the server answers (:mod:`scorekeeper.web.phone`) and sends back what
was tapped; it decides nothing about the game. A box of the next deal tapped is sent at once
and kept by the server as the table's one draft (:mod:`scorekeeper.web.seats`: the app and
every phone show it). The page's own state is only the join code (kept in the browser's local
storage once the server took it), the boxes of a past deal being corrected, and the steps of
its own typing to undo (session storage, so that a reload keeps them). Every text from a
player, a ruleset or the store is set as text (``textContent``), never as markup. The page
listens to ``/events`` (server-sent events): a new entry means the game changed somewhere,
and the view is asked again; the browser reconnects by itself after the Wi-Fi blinks, and the
view is asked again then too. Touch targets are at least 48 px; a phone set to more contrast
gets black on white (or white on black), and a chosen value is outlined, not only coloured.
"""

from __future__ import annotations

import json
from html import escape

from ..i18n import LANGUAGES, get_language, t
from .page import source_hash

__all__ = ["PHONE_CSP", "phone_page"]

CSS = """:root { color-scheme: light dark; --fg: #111; --bg: #fff; --dim: #555; --line: #bbb; --head: #eee;
        --accent: #0b4f9c; --alert: #fff3cd; --bad: #b00020; --ok: #0a6b2d; --pick: #dbe9ff; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #f2f2f2; --bg: #111; --dim: #bbb; --line: #555; --head: #262626; --accent: #8cc4ff;
          --alert: #4a3b00; --bad: #ff8a8a; --ok: #7ee0a0; --pick: #1d3557; }
}
* { box-sizing: border-box; }
html { font-size: 17px; -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 480px; padding: 0.6rem 0.6rem 6rem; color: var(--fg); background: var(--bg);
       font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.3; }
h1 { font-size: 1.25rem; margin: 0 0 0.3rem; }
h2 { font-size: 1.1rem; margin: 0.8rem 0 0.3rem; }
p { margin: 0.2rem 0; }
.dim, .help { color: var(--dim); }
.note { background: var(--alert); padding: 0.5rem; border: 2px solid var(--fg); margin: 0.4rem 0; }
.said { border-left: 4px solid var(--ok); padding: 0.3rem 0.5rem; margin: 0.4rem 0; }
.problem, .error { color: var(--bad); font-weight: 600; }
.warning { color: var(--dim); }
.panel { border: 1px solid var(--line); padding: 0.5rem; border-radius: 6px; }
.panel .trump { font-weight: 700; color: var(--accent); }
.box { border-top: 1px solid var(--line); padding: 0.4rem 0; }
.who { font-weight: 700; }
.value { margin-left: 0.4rem; }
.picks { display: flex; flex-wrap: wrap; gap: 6px; margin: 0.3rem 0; }
button { font: inherit; min-width: 48px; min-height: 48px; padding: 0 0.7rem; border-radius: 8px;
         border: 2px solid var(--line); background: var(--head); color: var(--fg); touch-action: manipulation; }
button.chosen { background: var(--pick); border-color: var(--accent); font-weight: 700; }
button.refused { opacity: 0.55; text-decoration: line-through; border-style: dashed; }
button:disabled { cursor: not-allowed; }
.reasons { font-size: 0.9rem; color: var(--dim); margin: 0.1rem 0 0.2rem; }
.pad { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6px; margin: 0.3rem 0; }
.pad output { grid-column: 1 / -1; font-size: 1.4rem; text-align: center; min-height: 48px;
              border: 2px solid var(--line); border-radius: 8px; padding: 0.5rem; }
input[type=text] { font: inherit; min-height: 48px; width: 100%; padding: 0.4rem; border-radius: 8px;
                   border: 2px solid var(--line); background: var(--bg); color: var(--fg); }
.langs { text-align: end; }
.langs select { font: inherit; min-height: 48px; border-radius: 8px; }
.bar { position: fixed; left: 0; right: 0; bottom: 0; display: flex; gap: 6px; padding: 0.5rem;
       background: var(--bg); border-top: 2px solid var(--line); justify-content: center; }
.bar button { flex: 1 1 0; max-width: 160px; }
.bar button.go { background: var(--accent); color: var(--bg); border-color: var(--accent); font-weight: 700; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.4rem; text-align: left; }
td.total { text-align: right; font-weight: 700; }
.yours { border: 2px dashed var(--line); padding: 0.4rem; margin: 0.4rem 0; }
.hidden { display: none; }
.box.others { color: var(--dim); }
.box.mine { border-left: 4px solid var(--accent); padding-left: 0.4rem; }
.seat .turn { font-weight: 700; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (prefers-contrast: more) {
  :root { --fg: #000; --bg: #fff; --dim: #000; --line: #000; --head: #fff; --accent: #00307a; --pick: #ffe14d;
          --bad: #8b0000; --ok: #004d00; --alert: #fff; }
  button { border-width: 3px; }
  button.chosen { outline: 3px solid var(--fg); outline-offset: 2px; }
  button.refused { opacity: 1; }
}
@media (prefers-contrast: more) and (prefers-color-scheme: dark) {
  :root { --fg: #fff; --bg: #000; --dim: #fff; --line: #fff; --head: #000; --accent: #9fd0ff; --pick: #5c4a00;
          --bad: #ff9d9d; --ok: #8dff9d; --alert: #000; }
}
@media (forced-colors: active) {
  button.chosen { outline: 3px solid CanvasText; }
  button.refused { border-style: dashed; }
}
.deals button { display: block; width: 100%; text-align: left; margin: 6px 0; padding: 0.4rem 0.6rem; }
.deal-row .line { display: block; font-size: 0.9rem; }
.plan-ops { position: sticky; top: 0; z-index: 1; background: var(--bg); padding: 4px 0; }
.modes { display: flex; flex-wrap: wrap; gap: 6px; margin: 0.4rem 0; }
.chart img { max-width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
caption { text-align: left; font-weight: 700; padding: 0.3rem 0; }
button.go { background: var(--accent); color: var(--bg); border-color: var(--accent); font-weight: 700; margin: 0.4rem 0; }
"""

SCRIPT = r"""(function () {
  "use strict";
  var T = JSON.parse(document.getElementById("texts").textContent);
  // The page's language: the one chosen on this phone (kept), else the one the server chose for it.
  var lang = document.documentElement.lang, chosen = localStorage.getItem("scorekeeper.lang");
  if (chosen && chosen !== lang && T.languages.indexOf(chosen) >= 0) {
    location.replace("/phone?lang=" + chosen);
    return;
  }
  document.getElementById("lang").addEventListener("change", function (e) {
    localStorage.setItem("scorekeeper.lang", e.target.value);
    location.replace("/phone?lang=" + e.target.value);
  });
  var main = document.getElementById("view"), line = document.getElementById("line");
  var code = localStorage.getItem("scorekeeper.join") || "";
  var saved = JSON.parse(sessionStorage.getItem("scorekeeper.page") || "{}");
  var typed = saved.typed || [], done = saved.done || [], undone = saved.undone || [], tried = !!saved.tried;
  var editing = saved.editing || null, aside = saved.aside || null, deals = null;  // a recorded deal corrected
  var view = null, yours = null, said = "", problem = "", pad = {};
  // What the page shows instead of the deal: null, "new" (a new game), "table" (players and plan), "chart".
  var joining = ["", "", ""];  // the boxes of a player who joins, as typed
  var mode = null, games = null, setup = null, form = null, tableData = null, plan = null, chartRows = null;
  // The player this phone is (a phone per player), kept by the phone; null: it keeps the whole table's score.
  var me = localStorage.getItem("scorekeeper.seat") || null, players = [];
  function keep() {
    saved.at = seen();
    sessionStorage.setItem("scorekeeper.page", JSON.stringify({typed: typed, done: done, undone: undone, tried: tried,
                                                               at: saved.at, editing: editing, aside: aside}));
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function seen() {  // the game and deal the boxes were typed for (kept over a reload)
    return view ? {game: view.game.id, seq: view.seq, deal: view.deal ? view.deal.number : null, typing: view.typing}
                : (saved.at || null);
  }
  function post(path, body) {
    return fetch(path, {method: "POST", cache: "no-store", headers: {"Content-Type": "application/json",
                 "X-Join-Code": code, "X-Language": lang}, body: JSON.stringify(body)});
  }
  // One request at a time, each built when its turn comes (from the boxes as they are then): an
  // answer to a tap is never overtaken by an older view, and taps in a row ask for one view.
  var chain = Promise.resolve(), viewAsked = false;
  var echo = null;  // the "typing" event this page's own last tap makes (the server says): no news here
  function queue(work) { chain = chain.then(work, work); return chain; }
  function ask(path, body) {
    var request = body ? post(path, body) : fetch(path, {cache: "no-store", headers: {"X-Language": lang}});
    return request.then(function (response) {
      return response.json().then(function (data) { line.textContent = ""; return [response.status, data]; });
    }).catch(function () {
      unreachable();
      return null;
    });
  }
  // The table does not answer. A page that showed a game keeps it under the line that says so;
  // one opened with no network (the offline shell) says so in place of a game: no totals.
  function unreachable() {
    line.textContent = T.offline;
    if (!view) { main.textContent = ""; main.appendChild(el("p", "note", T.shell)); }
  }
  function refresh() {
    if (viewAsked) { return chain; }
    viewAsked = true;
    return queue(function () {
      viewAsked = false;
      if (me !== null && editing === null) { return askSeat(); }
      var body = code ? {seen: seen(), typed: editing !== null ? typed : [], tried: tried, editing: editing} : null;
      return ask("/api/view", body).then(function (a) {
        if (!a) { return; }
        if (a[0] === 409) { leave(a[1]); return; }
        if (a[0] === 403 && code) {  // the server was started again, with a new join code: read-only now
          code = ""; localStorage.removeItem("scorekeeper.join"); take(a[1]); refresh(); return;
        }
        var changed = view && (view.seq !== a[1].seq || view.game.id !== a[1].game.id);
        take(a[1]);
        if (changed && mode === "table") { openTable(); }
        if (changed && mode === "chart") { openChart(); }
      });
    });
  }
  // -- a phone per player: the deal as typed on every player's phone, kept by the server
  function askSeat() {
    return ask("/api/seat?name=" + encodeURIComponent(me), null).then(function (a) {
      if (!a) { return; }
      if (a[0] === 400) { chooseSeat(null); return; }  // no such player in this game (any more): choose again
      take(a[1]);
    });
  }
  function chooseSeat(name) {
    me = name;
    if (name === null) { localStorage.removeItem("scorekeeper.seat"); } else { localStorage.setItem("scorekeeper.seat", name); }
    mode = null; said = ""; problem = ""; moved = true; typed = []; done = []; undone = [];
    keep();
    refresh();
  }
  // A box of the next deal typed into the table's one draft (kept by the server: the app and every
  // phone show it), from this player's phone or (me null) the phone keeping the whole table's
  // score; "was": the value this phone shows in it, so that a box typed meanwhile elsewhere is not
  // overwritten unseen. ``typedOk(was)``: after the server took it.
  function typeBox(field, unit, value, typedOk) {
    said = ""; problem = "";
    queue(function () {
      var was = valueOf(field, unit);
      return ask("/api/seat/type", {seen: seen(), name: me, box: [field, unit, value], was: was, tried: tried}).then(function (a) {
        if (!a) { return; }
        if (a[0] === 409 && a[1].conflict) { leave(a[1]); return; }
        if (a[0] === 200) { echo = a[1].echo; if (typedOk) { typedOk(was); } }
        take(a[1]);
      });
    });
  }
  function drawSeats() {
    var s = el("section", "seats deals");
    s.appendChild(el("h2", "", T.seat_title));
    s.appendChild(el("p", "dim", T.seat_help));
    players.forEach(function (name, i) {
      var b = pressed(button(T.i_am.replace("{name}", name), function () { chooseSeat(name); }, "deal-row"), me === name);
      b.id = "me-" + (i + 1);
      s.appendChild(b);
    });
    var all = pressed(button(T.whole_table, function () { chooseSeat(null); }, "deal-row"), me === null);
    all.id = "me-0";
    s.appendChild(all);
    return s;
  }
  function openSeats() {
    enter("seat");
    queue(function () {
      return ask("/api/seat", null).then(function (a) { if (a && a[0] === 200) { players = a[1].seat.players; } draw(); });
    });
  }
  function take(data) {
    if (data.problem && !data.game) { problem = data.problem; draw(); return; }
    var before = view;
    view = data;
    // Another deal, or another device was first: the page starts at its top (what was said is
    // there); else the focus stays where it was (the value just tapped).
    moved = !before || !data.deal || !before.deal || before.deal.number !== data.deal.number ||
      before.game.id !== data.game.id || !!data.conflict;
    if (data.typed) { typed = data.typed; }
    if (data.seat) { players = data.seat.players; }
    if (data.conflict && before && before.deal) {
      yours = [];
      before.deal.phases.forEach(function (p) {
        p.boxes.forEach(function (b) { if (b.value !== null) { yours.push((b.who ? b.who + " · " : "") + b.label + ": " + b.text); } });
      });
    }
    if (data.conflict || data.problem || data.said) {
      problem = data.conflict || data.problem || "";
      said = data.said || "";
    } else if (!before || before.seq !== data.seq || before.game.id !== data.game.id) {
      problem = ""; said = "";  // the game changed elsewhere: what was said here is old news
    }
    keep();
    draw();
  }
  function set(field, unit, value) {
    if (editing === null) {
      value = value === "" ? null : value;
      typeBox(field, unit, value, me !== null ? null : function (was) {
        done.push([field, unit, was, value]);  // a step of this phone's typing, to take back
        undone = [];
        keep();
      });
      return;
    }
    done.push(typed.slice());
    undone = [];
    typed = typed.filter(function (k) { return !(k[0] === field && k[1] === unit); });
    typed.push([field, unit, value === "" ? null : value]);  // (emptied: over what other phones typed)
    said = ""; problem = "";
    keep();
    refresh();
  }
  function valueOf(field, unit) {
    for (var i = 0; i < typed.length; i++) { if (typed[i][0] === field && typed[i][1] === unit) { return typed[i][2]; } }
    return null;
  }
  function leave(data) {
    // A deal confirmed or changed, or the game changed elsewhere: the page is on the next deal
    // again (with what it typed there before a deal was corrected: the server says if it still fits).
    var back = editing !== null;
    done = []; undone = []; tried = false; deals = null;
    take(data);
    if (back) {
      editing = null;
      done = aside ? aside.done : []; undone = aside ? aside.undone : [];
      aside = null;
      keep();
      refresh();  // the next deal as the table's draft holds it now
    }
  }
  function confirmDeal() {
    var seat = me !== null && editing === null;
    queue(function () {
      return ask(seat ? "/api/seat/confirm" : "/api/confirm",
                 seat ? {seen: seen(), name: me} : {seen: seen(), typed: editing !== null ? typed : [],
                                                    editing: editing}).then(function (a) {
        if (!a) { return; }
        if (a[0] === 200) { yours = null; leave(a[1]); }
        else if (a[0] === 409) { leave(a[1]); }
        else { if (a[0] === 422) { tried = true; } take(a[1]); }
      });
    });
  }
  function showDeals() {
    queue(function () {
      return ask("/api/deals", null).then(function (a) {
        if (a && a[0] === 200) { deals = a[1]; draw(); }
      });
    });
  }
  function correct(number) {
    deals = null;
    queue(function () {
      return ask("/api/edit", {seen: seen(), number: number}).then(function (a) {
        if (!a) { return; }
        if (a[0] === 200) {
          if (editing === null) { aside = {typed: typed, done: done, undone: undone}; }
          editing = number; done = []; undone = []; tried = false; said = ""; problem = "";
        }
        take(a[1]);
      });
    });
  }
  function cancelEditing() {
    said = ""; problem = "";
    queue(function () {
      return ask("/api/view", {seen: seen(), typed: [], tried: false}).then(function (a) {
        if (a) { leave(a[1]); }
      });
    });
  }
  function step(back) {
    said = ""; problem = "";
    var mine = back ? done : undone, other = back ? undone : done;
    if (editing === null && mine.length) {  // a box this phone typed: typed back as it was (or again)
      var last = mine.pop();
      typeBox(last[0], last[1], back ? last[2] : last[3], function () { other.push(last); keep(); });
      return;
    }
    if (mine.length || editing !== null) {
      if (!mine.length) { return; }
      other.push(typed.slice());
      typed = mine.pop();
      keep();
      refresh();
      return;
    }
    queue(function () {
      return ask(back ? "/api/undo" : "/api/redo", {seen: seen(), typed: [], name: editing === null ? me : null}).then(function (a) {
        if (!a) { return; }
        if (a[0] === 200 || a[0] === 409) { done = []; undone = []; tried = false; }
        take(a[1]);
      });
    });
  }
  function drawPanel(deal) {
    var s = el("section", "panel");
    s.setAttribute("aria-label", deal.panel.heading);
    s.appendChild(el("h2", "", deal.panel.heading));
    deal.panel.lines.forEach(function (l) {
      var p = el("p");
      p.appendChild(el("span", "dim", l[0] + " "));
      p.appendChild(el("span", "", l[1]));
      s.appendChild(p);
    });
    s.appendChild(el("p", "trump", deal.panel.trump));
    deal.panel.notes.forEach(function (n) { s.appendChild(el("p", "", n)); });
    return s;
  }
  function drawChoices(box, holder) {
    var picks = el("div", "picks"), reasons = el("div", "reasons");
    picks.setAttribute("role", "group");
    box.choices.forEach(function (c) {
      var b = el("button", "", c.text);
      b.type = "button";
      if (box.value === c.value) { b.classList.add("chosen"); b.setAttribute("aria-pressed", "true"); }
      else { b.setAttribute("aria-pressed", "false"); }
      if (!c.allowed) {
        b.classList.add("refused");
        b.disabled = true;
        b.setAttribute("aria-label", c.text + " — " + T.refused + ": " + c.reason);
        if (c.reason) { reasons.appendChild(el("p", "reason", c.text + ": " + c.reason)); }
      }
      if (!writable(box)) { b.disabled = true; }
      b.addEventListener("click", function () {
        set(box.field, box.unit, box.value === c.value && valueOf(box.field, box.unit) !== null ? null : c.value);
      });
      picks.appendChild(b);
    });
    holder.appendChild(picks);
    if (reasons.childNodes.length) { holder.appendChild(reasons); }
  }
  function drawPad(box, holder) {
    var key = box.field + "/" + box.unit, shownText = pad[key] !== undefined ? pad[key] : "";
    var g = el("div", "pad"), out = el("output", "", shownText);
    out.setAttribute("aria-live", "polite");
    g.appendChild(out);
    var keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", box.lo !== null && box.lo < 0 ? "-" : "", "0", "⌫"];
    keys.forEach(function (k) {
      var b = el("button", "", k || " ");
      b.type = "button";
      if (!k || !writable(box)) { b.disabled = true; }
      if (k === "⌫") { b.setAttribute("aria-label", T.erase); }
      b.addEventListener("click", function () {
        var now = pad[key] || "";
        pad[key] = k === "⌫" ? now.slice(0, -1) : now + k;
        out.textContent = pad[key];
      });
      g.appendChild(b);
    });
    var ok = el("button", "", T.ok);
    ok.type = "button";
    ok.disabled = !writable(box);
    ok.addEventListener("click", function () {
      var text = pad[key] || "";
      delete pad[key];
      set(box.field, box.unit, text === "" || text === "-" ? null : parseInt(text, 10));
    });
    g.appendChild(ok);
    holder.appendChild(g);
  }
  function drawText(box, holder) {
    var input = el("input");
    input.type = "text";
    input.value = box.text || "";
    input.disabled = !writable(box);
    input.setAttribute("aria-label", (box.who ? box.who + " · " : "") + box.label);
    input.addEventListener("change", function () { set(box.field, box.unit, input.value.trim()); });
    holder.appendChild(input);
  }
  function seatMode() { return me !== null && editing === null && !!view && !!view.seat && view.seat.name !== null; }
  // Whether this phone may type the box now: with the join code; on a player's phone, only that
  // player's boxes (and the deal's) when the server says so (the bid in its turn).
  function writable(box) { return !!code && (!seatMode() || box.now === true); }
  function drawBox(box) {
    var d = el("div", "box");
    var others = seatMode() && box.mine === false && !!box.who;  // another player's box: its value only
    if (seatMode()) { d.classList.add(box.mine ? "mine" : others ? "others" : "table"); }
    d.setAttribute("role", "group");
    d.setAttribute("data-field", box.field);
    d.setAttribute("data-unit", box.unit === null ? "" : String(box.unit));
    var head = el("p");
    head.appendChild(el("span", "who", (box.who ? box.who + " · " : "") + box.label + (box.dealer ? " (" + T.dealer + ")" : "") +
                        (seatMode() && box.mine ? " (" + T.you + ")" : "")));
    if (box.value !== null) {
      head.appendChild(el("span", "value", box.text + (box.auto ? " (" + T.filled + ")" : "")));
    } else if (box.computed) {
      head.appendChild(el("span", "value dim", T.empty_gives + " " + box.computed));
    }
    d.appendChild(head);
    d.setAttribute("aria-label", head.textContent);
    if (box.help) { d.appendChild(el("p", "help", box.help)); }
    box.errors.forEach(function (m) { var p = el("p", "error", m); p.setAttribute("role", "alert"); d.appendChild(p); });
    box.warnings.forEach(function (m) { d.appendChild(el("p", "warning", m)); });
    if (others) { return d; }
    if (box.kind === "pick") { drawChoices(box, d); }
    else if (box.kind === "number") { drawPad(box, d); }
    else { drawText(box, d); }
    return d;
  }
  function drawStandings() {
    var s = el("section", "standings");
    s.appendChild(el("h2", "", view.over ? T.final : T.standings));
    var table = el("table"), body = el("tbody");
    view.standings.forEach(function (r) {
      var tr = el("tr");
      tr.appendChild(el("td", "rank", r.rank));
      tr.appendChild(el("td", "name", r.name));
      tr.appendChild(el("td", "total", r.total));
      body.appendChild(tr);
    });
    table.appendChild(body);
    s.appendChild(table);
    return s;
  }
  function focused() {
    // What has the focus in the view (a value of a box, a button): found again once it is drawn anew.
    var active = document.activeElement;
    if (!active || !main.contains(active)) { return null; }
    var holder = active.closest(".box");
    return {field: holder ? holder.getAttribute("data-field") : null, unit: holder ? holder.getAttribute("data-unit") : null,
            text: active.textContent, id: active.id};
  }
  function refocus(was) {
    if (!was) { return; }
    var found = was.id ? document.getElementById(was.id) : null;
    Array.prototype.forEach.call(main.querySelectorAll(".box"), function (holder) {
      if (found || holder.getAttribute("data-field") !== was.field || holder.getAttribute("data-unit") !== was.unit) { return; }
      Array.prototype.forEach.call(holder.querySelectorAll("button, input"), function (b) {
        if (!found && b.textContent === was.text) { found = b; }
      });
    });
    if (found) {
      found.focus();
      if (found.tagName === "INPUT") { found.setSelectionRange(found.value.length, found.value.length); }
    }
  }
  var told = "", moved = false;
  function tell(text) {  // a persistent live region: what was said is read out once, not the whole view
    if (text !== told) { told = text; document.getElementById("news").textContent = text; }
  }
  function draw() {
    var was = focused();
    tell([problem, said].filter(Boolean).join(" "));
    main.textContent = "";
    document.body.setAttribute("data-game", view ? String(view.game.id) : "");
    document.body.setAttribute("data-seq", view ? String(view.seq) : "");
    document.body.setAttribute("data-deal", view && view.deal ? String(view.deal.number) : "");
    if (!view) {  // no game yet (or none read): a new game can be started with the join code
      if (!code) { main.appendChild(joinForm()); }
      main.appendChild(modes());
      if (problem) { main.appendChild(el("p", "problem", problem)); }
      if (mode === "new") { main.appendChild(drawNew()); }
      document.querySelector(".bar").classList.add("hidden");
      if (moved) { window.scrollTo(0, 0); moved = false; } else { refocus(was); }  // (a name being typed keeps its box)
      return;
    }
    document.title = view.game.name + (view.game.title ? ": " + view.game.title : "") + " · " + T.title;
    main.appendChild(el("h1", "", view.game.name + (view.game.title ? ": " + view.game.title : "")));
    main.appendChild(el("p", "dim", view.status));
    if (!code) { main.appendChild(joinForm()); }
    main.appendChild(modes());
    var note = el("div", "", "");
    if (problem) { note.appendChild(el("p", "note problem", problem)); }
    if (said) { note.appendChild(el("p", "said", said)); }
    main.appendChild(note);
    document.querySelector(".bar").classList.toggle("hidden", mode !== null);
    if (mode !== null) {
      main.appendChild(mode === "new" ? drawNew() : mode === "table" ? drawTable() : mode === "seat" ? drawSeats() : drawChart());
      if (moved) { window.scrollTo(0, 0); moved = false; } else { refocus(was); }
      return;
    }
    if (yours && yours.length) {
      var y = el("section", "yours");
      y.appendChild(el("h2", "", T.yours));
      yours.forEach(function (l) { y.appendChild(el("p", "", l)); });
      var dismiss = el("button", "", T.dismiss);
      dismiss.type = "button";
      dismiss.addEventListener("click", function () { yours = null; draw(); });
      y.appendChild(dismiss);
      main.appendChild(y);
    }
    if (view.deal && view.deal.editing) {
      var banner = el("div", "note");
      banner.appendChild(el("p", "", view.deal.title));
      var cancel = el("button", "", T.cancel);
      cancel.type = "button";
      cancel.id = "cancel";
      cancel.addEventListener("click", cancelEditing);
      banner.appendChild(cancel);
      main.appendChild(banner);
    }
    if (seatMode()) {
      var mine = el("div", "note seat");
      mine.id = "seat-line";
      mine.appendChild(el("p", "who", T.i_am.replace("{name}", view.seat.name)));
      if (view.seat.said) { var turn = el("p", "turn", view.seat.said); turn.id = "turn"; mine.appendChild(turn); }
      main.appendChild(mine);
    }
    if (view.deal) {
      main.appendChild(drawPanel(view.deal));
      view.deal.phases.forEach(function (phase) {
        var s = el("section", "phase");
        s.appendChild(el("h2", "", phase.title));
        phase.summary.concat(phase.derived).forEach(function (m) {
          s.appendChild(el("p", "summary", m));
        });
        phase.boxes.forEach(function (b) { s.appendChild(drawBox(b)); });
        main.appendChild(s);
      });
      view.deal.errors.forEach(function (m) { var p = el("p", "error", m); p.setAttribute("role", "alert"); main.appendChild(p); });
      view.deal.warnings.forEach(function (m) { main.appendChild(el("p", "warning", m)); });
    }
    main.appendChild(drawStandings());
    if (code && view.played > 0 && !(view.deal && view.deal.editing) && !seatMode()) {
      main.appendChild(drawDeals());
    }
    document.getElementById("confirm").disabled = !code || !view.deal;
    document.getElementById("undo").disabled = !code || (!done.length && (editing !== null || !view.undo));
    document.getElementById("redo").disabled = !code || (!undone.length && (editing !== null || !view.redo));
    // A player's phone types its own boxes (tap a value again to take it back): undo and redo of the
    // table's game stay with the shared phone and the app.
    document.getElementById("undo").classList.toggle("hidden", seatMode());
    document.getElementById("redo").classList.toggle("hidden", seatMode());
    if (moved) { window.scrollTo(0, 0); moved = false; } else { refocus(was); }
  }
  function drawDeals() {
    var s = el("section", "deals");
    if (!deals) {
      var open = el("button", "", T.correct);
      open.type = "button";
      open.id = "correct";
      open.addEventListener("click", showDeals);
      s.appendChild(open);
      return s;
    }
    s.appendChild(el("h2", "", T.pick_deal));
    if (!deals.deals.length) { s.appendChild(el("p", "dim", T.no_deals)); }
    deals.deals.forEach(function (row) {
      var b = el("button", "deal-row");
      b.type = "button";
      b.setAttribute("data-deal", String(row.deal));
      b.appendChild(el("span", "who", row.deal + " · " + row.cards + (row.trump ? " " + row.trump : "") + " · " + row.dealer));
      row.scores.forEach(function (score, i) {
        b.appendChild(el("span", "line", deals.scorers[i] + " " + [score.entries, score.mark, score.points].filter(Boolean).join(" ")));
      });
      b.addEventListener("click", function () { correct(row.deal); });
      s.appendChild(b);
    });
    s.appendChild(el("p", "dim", deals.legend));
    return s;
  }
  function joinForm() {
    var f = el("form", "note");
    f.appendChild(el("p", "", T.read_only));
    var input = el("input");
    input.type = "text";
    input.setAttribute("aria-label", T.code);
    input.setAttribute("autocomplete", "off");
    f.appendChild(input);
    var b = el("button", "", T.join);
    b.type = "submit";
    f.appendChild(b);
    f.addEventListener("submit", function (e) { e.preventDefault(); join(input.value.trim()).then(refresh); });
    return f;
  }
  function join(given) {
    if (!given) { return Promise.resolve(); }
    return fetch("/api/join", {method: "POST", headers: {"Content-Type": "application/json", "X-Join-Code": given,
                                                            "X-Language": lang},
                               body: "{}"}).then(function (response) {
      if (response.status === 204) {
        code = given;
        localStorage.setItem("scorekeeper.join", code);
        problem = "";
      } else {
        problem = T.wrong_code;
      }
    }).catch(unreachable);
  }
  function button(text, action, cls) {
    var b = el("button", cls || "", text);
    b.type = "button";
    b.addEventListener("click", action);
    return b;
  }
  function pressed(b, on) { b.setAttribute("aria-pressed", on ? "true" : "false"); if (on) { b.classList.add("chosen"); } return b; }
  function modes() {  // the page's other views: players and deals, the chart, a new game
    var nav = el("nav", "modes");
    nav.setAttribute("aria-label", T.title);
    if (mode !== null) { nav.appendChild(button(T.back, function () { mode = null; said = ""; problem = ""; moved = true; draw(); }, "")); return nav; }
    if (view && view.deal && !view.deal.editing) {
      var who = button(me === null ? T.seat_title : T.change_seat, openSeats, "");
      who.id = "choose-seat";
      nav.appendChild(who);
    }
    if (code && view && view.deal && !view.deal.editing && !seatMode()) { nav.appendChild(button(T.table, openTable, "")); }
    if (view && view.played > 0) { nav.appendChild(button(T.chart, openChart, "")); }
    if (code && !seatMode()) { nav.appendChild(button(T.new_game, openNew, "")); }
    return nav;
  }
  function enter(next) { mode = next; said = ""; problem = ""; moved = true; }
  // -- a new game (the form is the server's: the page sends what was chosen, the server answers the form)
  function openNew() {
    enter("new"); setup = null; form = null;
    queue(function () {
      return ask("/api/games", null).then(function (a) { if (a && a[0] === 200) { games = a[1]; } draw(); });
    });
  }
  function choose(id) { setup = {ruleset: id, players: [], options: {}, scores: "", dealer: 0, title: "", carried: null}; tried = false; askForm(); }
  function askForm() {
    queue(function () {
      return ask("/api/new/form", setup).then(function (a) {
        if (!a) { return; }
        if (a[0] === 200) { form = a[1]; fitCarried(); } else { problem = a[1].problem || ""; }
        draw();
      });
    });
  }
  function startGame() {
    queue(function () {
      return ask("/api/new", setup).then(function (a) {
        if (!a) { return; }
        if (a[0] === 200) { mode = null; setup = null; form = null; yours = null; leave(a[1]); return; }
        if (a[1].form) { form = a[1].form; }
        problem = a[1].problem || ""; moved = true;
        draw();
      });
    });
  }
  function field(label, value, change, extra) {
    var input = el("input");
    input.type = "text";
    input.value = value || "";
    input.setAttribute("aria-label", label);
    if (extra) { Object.keys(extra).forEach(function (k) { input.setAttribute(k, extra[k]); }); }
    // Kept as typed (a view drawn meanwhile keeps it); the server is asked once the box is left.
    input.addEventListener("input", function () { change(input.value, false); });
    input.addEventListener("change", function () { change(input.value, true); });
    return input;
  }
  function labelled(text, child) {
    var d = el("div", "box");
    d.appendChild(el("p", "who", text));
    d.appendChild(child);
    return d;
  }
  function drawNew() {
    var s = el("section", "new-game");
    if (!setup || !form) {
      s.appendChild(el("h2", "", games ? games.title : T.new_game));
      (games ? games.games : []).forEach(function (g) {
        var b = button("", function () { choose(g.id); }, "deal-row");
        b.setAttribute("data-ruleset", g.id);
        b.appendChild(el("span", "who", g.name + " · " + g.players));
        b.appendChild(el("span", "line", g.about));
        s.appendChild(b);
      });
      if (games && games.own.length) {  // the table's own ruleset files
        s.appendChild(el("h2", "", games.own_title));
        games.own.forEach(function (g) {
          var b = button("", function () { choose(g.id); }, "deal-row");
          b.setAttribute("data-ruleset", g.id);
          if (g.problem) { b.disabled = true; }
          b.appendChild(el("span", "who", g.players ? g.name + " · " + g.players : g.name));
          b.appendChild(el("span", "line", g.about));
          s.appendChild(b);
        });
      }
      s.classList.add("deals");
      return s;
    }
    s.appendChild(el("h2", "", form.heading));
    s.appendChild(el("p", "dim", form.description));
    s.appendChild(el("h2", "", form.players));
    form.seat_labels.forEach(function (label, i) {
      s.appendChild(labelled(label, field(label, setup.players[i], function (v, done) {
        while (setup.players.length <= i) { setup.players.push(""); }
        setup.players[i] = v; if (done) { askForm(); }
      }, {"maxlength": "40", "autocomplete": "off", "id": "seat-" + (i + 1)})));
    });
    if (form.teams) { s.appendChild(el("p", "", form.teams)); }
    var dealers = el("div", "picks");
    dealers.setAttribute("role", "group");
    form.dealers.forEach(function (d) {
      var b = pressed(button(d[1], function () { setup.dealer = d[0]; askForm(); }, ""), setup.dealer === d[0]);
      b.id = "dealer-" + d[0];
      dealers.appendChild(b);
    });
    s.appendChild(labelled(form.first_dealer, dealers));
    s.appendChild(labelled(form.scores_label, field(form.scores_label, setup.scores, function (v, done) { setup.scores = v; if (done) { askForm(); } },
                                                    {"placeholder": form.scores_placeholder, "id": "new-scores"})));
    if (form.carries) { drawCarried(s); }
    s.appendChild(labelled(form.title_label, field(form.title_label, setup.title, function (v, done) { setup.title = v; if (done) { askForm(); } },
                                                   {"placeholder": form.title_placeholder, "maxlength": "80", "id": "new-title"})));
    var sessions = el("div", "picks");
    sessions.setAttribute("role", "group");
    sessions.setAttribute("aria-label", form.session_label);
    form.sessions.forEach(function (c, i) {
      var on = form.sessions.length === 1 || (setup.new_session === true) === c[0];
      var b = pressed(button(c[1], function () { setup.new_session = c[0]; draw(); }, ""), on);
      b.id = "session-" + i;
      sessions.appendChild(b);
    });
    s.appendChild(labelled(form.session_label, sessions));
    if (form.house_rules) { s.appendChild(el("h2", "", form.house_rules)); }
    form.options.forEach(function (o) {
      if (o.unused) { return; }
      var d = el("div", "box");
      d.setAttribute("role", "group");
      d.setAttribute("data-option", o.id);
      d.setAttribute("aria-label", o.label);
      d.appendChild(el("p", "who", o.label));
      if (o.kind === "int") {
        var now = setup.options[o.id] !== undefined ? setup.options[o.id] : (o.value === null ? "" : String(o.value));
        d.appendChild(field(o.label, now, function (v, done) { setup.options[o.id] = v.trim(); if (done) { askForm(); } },
                            {"placeholder": o.placeholder, "inputmode": "numeric", "id": "opt-" + o.id}));
      } else {
        var picks = el("div", "picks");
        o.choices.forEach(function (c, i) {
          var b = pressed(button(c[1], function () { setup.options[o.id] = c[0]; askForm(); }, ""), o.value === c[0]);
          b.id = "opt-" + o.id + "-" + i;
          picks.appendChild(b);
        });
        d.appendChild(picks);
      }
      if (o.help) { d.appendChild(el("p", "help", o.help)); }
      s.appendChild(d);
    });
    if (form.plan) { s.appendChild(el("p", "summary", form.plan)); }
    var start = button(form.start, startGame, "go");
    start.id = "start";
    s.appendChild(start);
    return s;
  }
  function fitCarried() {  // as many boxes of each carried value as the form has (the players may have changed)
    if (!setup || !setup.carried) { return; }
    form.carried.forEach(function (v) {
      var row = setup.carried[v.id];
      if (row) { setup.carried[v.id] = v.boxes.map(function (b, i) { return row[i] !== undefined ? row[i] : ""; }); }
    });
  }
  function drawCarried(s) {  // a game continued from paper: the values carried into its first deal
    var choice = el("div", "picks");
    choice.setAttribute("role", "group");
    choice.setAttribute("aria-label", form.carried_choice);
    form.carried_choices.forEach(function (c) {
      var b = pressed(button(c[1], function () { setup.carried = c[0] ? (setup.carried || {}) : null; askForm(); }, ""),
                      !!setup.carried === c[0]);
      b.id = c[0] ? "carried-paper" : "carried-rules";
      choice.appendChild(b);
    });
    s.appendChild(labelled(form.carried_choice, choice));
    if (!setup.carried || !form.carried.length) { return; }
    s.appendChild(el("p", "help", form.carried_heading));
    form.carried.forEach(function (v) {
      var d = el("div", "box");
      d.setAttribute("role", "group");
      d.setAttribute("aria-label", v.label);
      d.setAttribute("data-carried", v.id);
      d.appendChild(el("p", "who", v.label));
      v.boxes.forEach(function (box, i) {
        var row = setup.carried[v.id];
        var now = row && row[i] !== undefined ? row[i] : box.typed;
        var input = field(box.label, now, function (text, done) {
          var typed = setup.carried[v.id] || v.boxes.map(function () { return ""; });
          typed[i] = text.trim(); setup.carried[v.id] = typed; if (done) { askForm(); }
        }, {"placeholder": box.start === null ? "" : String(box.start), "id": "carried-" + v.id + "-" + i});
        d.appendChild(v.scope === "table" ? input : labelled(box.who, input));
      });
      s.appendChild(d);
    });
  }
  // -- players and deals (the TUI's players and plan screens)
  function openTable() {
    if (mode !== "table") { enter("table"); plan = null; }
    queue(function () {
      return ask("/api/table/view", {}).then(function (a) {
        if (a && a[0] === 200) { tableData = a[1].table; if (!plan || !plan.changed) { plan = tableData.plan; } take(a[1]); }
      });
    });
  }
  function changeTable(body) {
    body.seen = seen();
    queue(function () {
      return ask("/api/table", body).then(function (a) {
        if (!a) { return; }
        if (a[0] === 409) { mode = null; leave(a[1]); return; }
        if (a[1].table) { tableData = a[1].table; }
        if (a[0] === 200) { mode = null; plan = null; joining = ["", "", ""]; typed = []; leave(a[1]); return; }
        take(a[1]);
      });
    });
  }
  function changePlan(body) {
    body.cards = plan.cards; if (body.chosen === undefined) { body.chosen = plan.chosen; }
    queue(function () {
      return ask("/api/plan", body).then(function (a) { if (a && a[0] === 200) { plan = a[1]; } draw(); });
    });
  }
  function drawTable() {
    var s = el("section", "table-change"), t = tableData;
    if (!t) { return s; }
    s.appendChild(el("h2", "", t.title));
    if (t.locked) { s.appendChild(el("p", "", t.locked)); }
    else {
      s.appendChild(el("p", "dim", t.range));
      var seats = el("div", "picks");
      seats.setAttribute("role", "group");
      seats.setAttribute("aria-label", t.title);
      t.seats.forEach(function (p) {
        var b = pressed(button(p.text, function () { changeTable({change: [p.playing ? "out" : "in", p.seat]}); }, ""), p.playing);
        b.id = "seat-" + p.seat;
        seats.appendChild(b);
      });
      s.appendChild(seats);
      s.appendChild(el("p", "", t.join));
      t.join_labels.forEach(function (label, i) {
        var input = field(label, joining[i], function (v) { joining[i] = v; },
                          {"placeholder": label, "maxlength": "40", "autocomplete": "off", "id": "join-" + i});
        if (i === 1) { input.setAttribute("inputmode", "numeric"); }
        s.appendChild(input);
        return input;
      });
      var join = button(T.join, function () {
        changeTable({change: ["join"].concat(joining)});
      }, "");
      join.id = "join-player";
      s.appendChild(join);
    }
    if (typed.length) { s.appendChild(el("p", "dim", t.typed)); }
    s.appendChild(el("h2", "", t.plan_title));
    if (!plan) { s.appendChild(el("p", "dim", t.no_plan)); }
    else {
      var ops = el("div", "picks plan-ops");  // kept in sight over the long list of deals
      ops.setAttribute("role", "group");
      t.ops.forEach(function (op) {
        var b = button(op[1], function () { changePlan({op: op[0]}); }, "");
        b.id = "op-" + op[0];
        ops.appendChild(b);
      });
      s.appendChild(ops);
      s.appendChild(el("p", "summary", plan.summary));
      if (plan.problem) { s.appendChild(el("p", "error", plan.problem)); }
      var rows = el("div", "deals");
      plan.rows.forEach(function (row, i) {
        var b = pressed(button(row, function () { changePlan({chosen: i}); }, "deal-row"), i === plan.chosen);
        b.id = "plan-" + i;
        rows.appendChild(b);
      });
      s.appendChild(rows);
      var save = button(t.save, function () { changeTable({cards: plan.cards, chosen: plan.chosen}); }, "go");
      save.id = "save-plan";
      save.disabled = !plan.changed || !!plan.problem;
      s.appendChild(save);
    }
    if (t.end) {
      var end = button(t.end, function () { changeTable({end: true}); }, "");
      end.id = "end-game";
      s.appendChild(end);
    }
    return s;
  }
  // -- the score chart: drawn by the server; the same totals as a table
  function openChart() {
    if (mode !== "chart") { enter("chart"); }
    queue(function () {
      return ask("/api/deals", null).then(function (a) { if (a && a[0] === 200) { chartRows = a[1]; } draw(); });
    });
  }
  function drawChart() {
    var s = el("section", "chart");
    s.appendChild(el("h2", "", T.chart));
    var img = el("img");
    img.src = "/chart.svg?v=" + encodeURIComponent(view.game.id + "-" + view.seq) + "&lang=" + lang;
    img.alt = T.chart + ": " + view.standings.map(function (r) { return r.name + " " + r.total; }).join(", ");
    img.width = 360; img.height = 240;
    s.appendChild(img);
    if (!chartRows) { return s; }
    var table = el("table"), head = el("tr"), body = el("tbody");
    table.appendChild(el("caption", "", T.chart_table));
    head.appendChild(el("th", "", T.deal));
    chartRows.scorers.forEach(function (n) { head.appendChild(el("th", "", n)); });
    var thead = el("thead"); thead.appendChild(head); table.appendChild(thead);
    chartRows.deals.forEach(function (row) {
      var tr = el("tr");
      tr.appendChild(el("th", "", row.deal));
      row.scores.forEach(function (sc) { tr.appendChild(el("td", "total", sc.total)); });
      body.appendChild(tr);
    });
    table.appendChild(body);
    s.appendChild(table);
    return s;
  }
  document.getElementById("confirm").addEventListener("click", confirmDeal);
  document.getElementById("undo").addEventListener("click", function () { step(true); });
  document.getElementById("redo").addEventListener("click", function () { step(false); });
  var hash = /[#&]join=([^&]+)/.exec(location.hash);
  if (hash) { history.replaceState(null, "", location.pathname); }
  (hash ? join(decodeURIComponent(hash[1])) : Promise.resolve()).then(function () {
    var events = new EventSource("/events"), last = null;
    events.addEventListener("game", function (e) {
      var version = JSON.parse(e.data);
      if (version !== last) { last = version; refresh(); }
    });
    // a box typed on a player's phone or in the app: shown here too (not over a deal being corrected)
    events.addEventListener("typing", function (e) {
      var mark = null;
      try { mark = JSON.parse(e.data); } catch (x) { mark = null; }
      if (editing === null && (mark === null || mark !== echo)) { refresh(); }  // (not this page's own tap again)
    });
    events.addEventListener("open", function () { line.textContent = ""; });
    events.addEventListener("error", function () { unreachable(); last = null; });
  });
  // The offline shell, where the browser runs one: https, or this computer (scorekeeper.web.shell).
  if (window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("/phone-sw.js", {scope: "/phone"}).catch(function () {});
  }
})();
"""


# Only this page's own script and style run; it may fetch from its own server only.
PHONE_CSP = (f"default-src 'none'; script-src {source_hash(SCRIPT)}; style-src {source_hash(CSS)}; connect-src 'self'; "
             "img-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

_TEXTS = ("title", "confirm", "undo", "redo", "read_only", "code", "join", "wrong_code", "offline", "yours",
          "dismiss", "dealer", "filled", "empty_gives", "refused", "ok", "erase", "standings", "final", "loading",
          "correct", "pick_deal", "no_deals", "cancel", "new_game", "back", "chart", "chart_table", "deal", "table",
          "language", "seat_title", "seat_help", "whole_table", "change_seat", "you", "shell")


# The page's icon (a card with a tally): drawn here, served by the server, nothing from elsewhere.
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="18" '
        'fill="#0b4f9c"/><rect x="24" y="14" width="48" height="68" rx="6" fill="#fff"/><path d="M34 34h28M34 46h28'
        'M34 58h18" stroke="#0b4f9c" stroke-width="6" stroke-linecap="round"/></svg>\n')


def web_manifest() -> str:
    """The web app manifest: the phone page, standalone, in the server's language."""
    return json.dumps({"name": "scorekeeper", "short_name": "scorekeeper", "description": t("web.phone.page.title"),
                       "lang": get_language(), "start_url": "/phone", "scope": "/", "display": "standalone",
                       "background_color": "#ffffff", "theme_color": "#0b4f9c",
                       "icons": [{"src": "/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]},
                      ensure_ascii=False)


def phone_page() -> str:
    """The page in the current language (the request's): its texts, the language picker showing it;
    the page then asks for everything in it."""
    texts: dict = {key: t(f"web.phone.page.{key}") for key in _TEXTS}
    texts["i_am"] = t("web.phone.page.i_am", name="{name}")  # the page puts each player's name in
    texts["languages"] = list(LANGUAGES)
    lang = get_language()
    options = "".join(f"<option value=\"{code}\" lang=\"{code}\"{' selected' if code == lang else ''}>"
                      f"{escape(name)}</option>" for code, name in LANGUAGES.items())
    data = json.dumps(texts, ensure_ascii=False).replace("<", "\\u003c")
    return (f"<!DOCTYPE html>\n<html lang=\"{escape(get_language())}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<link rel=\"manifest\" href=\"/manifest.webmanifest\">\n<link rel=\"icon\" href=\"/icon.svg\">\n"
            "<meta name=\"theme-color\" content=\"#0b4f9c\">\n"
            f"<title>{escape(texts['title'])}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f"<script type=\"application/json\" id=\"texts\">{data}</script>\n"
            f"<header class=\"langs\"><label>{escape(texts['language'])} "
            f"<select id=\"lang\">{options}</select></label></header>\n"
            f"<main id=\"view\"><p>{escape(texts['loading'])}</p></main>\n"
            "<div id=\"news\" class=\"sr-only\" role=\"status\" aria-live=\"polite\"></div>\n"
            "<p id=\"line\" class=\"problem\" role=\"status\"></p>\n"
            "<nav class=\"bar\">"
            f"<button type=\"button\" id=\"undo\" disabled>{escape(texts['undo'])}</button>"
            f"<button type=\"button\" id=\"redo\" disabled>{escape(texts['redo'])}</button>"
            f"<button type=\"button\" id=\"confirm\" class=\"go\" disabled>{escape(texts['confirm'])}</button>"
            "</nav>\n"
            f"<script>{SCRIPT}</script>\n</body>\n</html>\n")
