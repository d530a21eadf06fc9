"""The live score board (``scorekeeper board``): its data, its page, its server and its command.

Lupaus, four players (named like HTML, Rich markup and a spreadsheet formula), default
options (10 + bid when exact, else 0), Anna deals first, seats in the order given:
    D1 10 cards, dealer Anna, hearts:  bids 3 2 2 2, tricks 3 3 2 2 -> 13  0 12 12
    D2  9 cards, dealer Ben:           bids 1 4 2 1, tricks 1 4 3 1 -> 11 14  0 11
        totals 24 14 12 23: Anna 1st, =cmd 2nd, Ben 3rd, [/] 4th
    next: deal 3 of 19, 8 cards, dealer [/]; the seat after the dealer (=cmd) bids first and leads
    D3  8 cards, dealer [/]:           bids 2 3 1 1, tricks 2 3 2 1 -> 12 13  0 11
        totals 36 27 12 34
Whist, N and S against E and W, first to 7: tricks of N & S 9, 4, 11 -> +3, E & W +3, +5:
    8 to 3 after three deals, N & S win.
"""

from __future__ import annotations

import http.client
import json
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest
from helpers.stores import Clock

from scorekeeper.cli import main
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import SCHEMA_VERSION, Store, StoreError
from scorekeeper.web import server as web_server
from scorekeeper.web.board import board_state
from scorekeeper.web.page import CSP, board_fragment
from scorekeeper.web.server import BoardFeed, board_server

REPO = Path(__file__).resolve().parents[1]
NAMES = ["Anna", "<b>Ben</b>", "[/]", "=cmd|' /C calc'!A0"]
D1 = {"bid": [3, 2, 2, 2], "tricks": [3, 3, 2, 2], "turned": "hearts"}
D2 = {"bid": [1, 4, 2, 1], "tricks": [1, 4, 3, 1]}
D3 = {"bid": [2, 3, 1, 1], "tricks": [2, 3, 2, 1]}
SECOND = timedelta(seconds=1)  # the stores' clocks: 19:30 UTC on 9 May 2026, a second later at each reading


@pytest.fixture
def table(tmp_path):
    """The store the table writes to (kept open, as the app keeps it) and its game after D1 and D2."""
    store = Store(tmp_path / "s.db", clock=Clock(step=SECOND))
    game = store.new_game(load_ruleset("lupaus"), "lupaus", NAMES, title="Friday")
    game.record(D1)
    game.record(D2)
    yield store, game
    store.close()


@contextmanager
def serving(path: Path, game_id: int | None = None, poll: float = 0.1, host: str = "127.0.0.1"):
    """A board server on a free port, in this process: yields (host, port, feed)."""
    feed = BoardFeed(path, game_id, poll=poll)
    feed.start()
    server = board_server(feed, host, 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server.server_address[0], server.server_address[1], feed
    finally:
        server.shutdown()
        server.server_close()
        feed.stop()
        thread.join(timeout=5)


def request(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, body=body)
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def until(check, what: str, deadline: float = 15.0):
    """Poll ``check`` until it gives a true value (never a timed assertion: only a generous deadline)."""
    end = time.monotonic() + deadline
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not seen within {deadline} s (last: {value!r})")
        time.sleep(0.05)


def score(entries, mark, points, total):
    return {"entries": entries, "mark": mark, "points": points, "total": total}


STATE = {
    "game": {"id": 1, "title": "Friday", "ruleset": "lupaus", "name": "Lupaus"},
    "players": NAMES,
    "scorers": NAMES,
    "played": 2,
    "planned": 19,
    "over": False,
    "winners": [],
    "status": "in progress (2 of 19 deals played)",
    "standings": [{"rank": 1, "name": "Anna", "total": 24}, {"rank": 2, "name": "=cmd|' /C calc'!A0", "total": 23},
                  {"rank": 3, "name": "<b>Ben</b>", "total": 14}, {"rank": 4, "name": "[/]", "total": 12}],
    "deal": {"number": 3, "of": 19, "cards": 8, "dealer": "[/]", "bids_first": "=cmd|' /C calc'!A0",
             "leader": "=cmd|' /C calc'!A0", "leader_named": True, "trump": "Turn up the top card of the stock for trump",
             "reminders": []},
    "legend": "Each cell: Bid/Tricks, ✓ made ✗ missed, points, total",
    "last_deals": [
        {"deal": 1, "cards": 10, "trump": "♥", "dealer": "Anna",
         "scores": [score("3/3", "✓", "+13", 13), score("2/3", "✗", "0", 0), score("2/2", "✓", "+12", 12),
                    score("2/2", "✓", "+12", 12)],
         "issues": [], "part_over": False},
        {"deal": 2, "cards": 9, "trump": "", "dealer": "<b>Ben</b>",
         "scores": [score("1/1", "✓", "+11", 24), score("4/4", "✓", "+14", 14), score("2/3", "✗", "0", 12),
                    score("1/1", "✓", "+11", 23)],
         "issues": [], "part_over": False},
    ],
    "problem": None,
}

FRAGMENT = """\
<div class="board" data-title="Lupaus: Friday · score board">
<h1>Lupaus: Friday <span class="game-id">game 1</span></h1>
<p class="status">In progress (2 of 19 deals played)</p>
<div class="top">
<section class="deal">
<h2>Deal 3 of 19 · 8 cards each</h2>
<p><span class="label">Dealer</span> [/]</p>
<p><span class="label">Bids first</span> =cmd|&#x27; /C calc&#x27;!A0</p>
<p><span class="label">Leads</span> =cmd|&#x27; /C calc&#x27;!A0</p>
<p class="trump">Turn up the top card of the stock for trump</p>
</section>
<section class="standings">
<h2>Standings</h2>
<table><thead><tr><th>Rank</th><th>Name</th><th>Total</th></tr></thead><tbody>
<tr><td class="rank">1st</td><td class="name">Anna</td><td class="total">24</td></tr>
<tr><td class="rank">2nd</td><td class="name">=cmd|&#x27; /C calc&#x27;!A0</td><td class="total">23</td></tr>
<tr><td class="rank">3rd</td><td class="name">&lt;b&gt;Ben&lt;/b&gt;</td><td class="total">14</td></tr>
<tr><td class="rank">4th</td><td class="name">[/]</td><td class="total">12</td></tr>
</tbody></table></section>
</div>
<section class="last">
<h2>Last 2 deals</h2>
<div class="scroll"><table>
<thead><tr><th>Deal</th><th>Cards</th><th>Dealer</th><th>Anna</th><th>&lt;b&gt;Ben&lt;/b&gt;</th><th>[/]</th>\
<th>=cmd|&#x27; /C calc&#x27;!A0</th></tr></thead><tbody>
<tr><td class="num">1</td><td>10 ♥</td><td>Anna</td>\
<td><span class="entries">3/3</span> <span class="mark made">✓</span> <span class="points">+13</span> \
<span class="total">13</span></td>\
<td><span class="entries">2/3</span> <span class="mark missed">✗</span> <span class="points">0</span> \
<span class="total">0</span></td>\
<td><span class="entries">2/2</span> <span class="mark made">✓</span> <span class="points">+12</span> \
<span class="total">12</span></td>\
<td><span class="entries">2/2</span> <span class="mark made">✓</span> <span class="points">+12</span> \
<span class="total">12</span></td></tr>
<tr><td class="num">2</td><td>9</td><td>&lt;b&gt;Ben&lt;/b&gt;</td>\
<td><span class="entries">1/1</span> <span class="mark made">✓</span> <span class="points">+11</span> \
<span class="total">24</span></td>\
<td><span class="entries">4/4</span> <span class="mark made">✓</span> <span class="points">+14</span> \
<span class="total">14</span></td>\
<td><span class="entries">2/3</span> <span class="mark missed">✗</span> <span class="points">0</span> \
<span class="total">12</span></td>\
<td><span class="entries">1/1</span> <span class="mark made">✓</span> <span class="points">+11</span> \
<span class="total">23</span></td></tr>
</tbody></table></div>
<p class="legend">Each cell: Bid/Tricks, ✓ made ✗ missed, points, total</p>
</section>
</div>"""


# --- the board as data and as HTML -------------------------------------------------------------


def test_the_state_of_a_game_in_progress(table):
    """Totals, ranks, the next deal's instructions and the last deals, read back from the store."""
    store, _ = table
    with Store(store.path, read_only=True) as reader:
        assert board_state(reader.open_game(1)) == STATE


def test_the_board_html_escapes_every_name(table):
    """The drawn board, exactly: names are text, made/missed are signs, ranks are numbers."""
    _, game = table
    assert board_fragment(board_state(game)) == FRAGMENT


def test_the_next_deal_shows_the_trump_typed_so_far(table):
    """What the table typed of the next deal (the store's draft) is in its instructions."""
    _, game = table
    game.save_draft({"turned": "spades", "bid": [None, None, None, 2]})
    deal = board_state(game)["deal"]
    assert deal["trump"] == "Turn up the top card of the stock for trump — trump: ♠"
    assert deal["number"] == 3 and deal["dealer"] == "[/]"


def test_only_the_last_five_deals_are_listed(tmp_path):
    """Seven deals played: the board lists deals 3 to 7, in playing order."""
    with Store(tmp_path / "s.db") as store:
        game = store.new_game(load_ruleset("lupaus"), "lupaus", ["A", "B", "C"])
        for cards in range(10, 3, -1):  # 10 down to 4 cards; A bids and takes them all
            game.record({"bid": [cards, 0, 1], "tricks": [cards, 0, 0]})
        state = board_state(game)
    assert [row["deal"] for row in state["last_deals"]] == [3, 4, 5, 6, 7]
    assert [row["cards"] for row in state["last_deals"]] == [8, 7, 6, 5, 4]
    assert state["standings"][0] == {"rank": 1, "name": "A", "total": sum(10 + c for c in range(10, 3, -1))}
    assert "<h2>Last 5 deals</h2>" in board_fragment(state)


def test_before_the_first_deal_there_are_totals_and_no_ranks(tmp_path):
    """A new game: everyone at 0 without a rank, the first deal's instructions, no deals yet."""
    with Store(tmp_path / "s.db") as store:
        game = store.new_game(load_ruleset("whist"), "whist", ["N", "<i>E</i>", "S", "W"])
        state = board_state(game)
    assert state["deal"] == {"number": 1, "of": None, "cards": 13, "dealer": "N", "bids_first": None,
                             "leader": "<i>E</i>", "leader_named": True,
                             "trump": "The dealer's last card is turned for trump",
                             "reminders": []}
    html = board_fragment(state)
    assert "<h2>Deal 1 · 13 cards each</h2>" in html
    assert ("<h2>Totals</h2>\n<table><thead><tr><th>Name</th><th>Total</th></tr></thead><tbody>\n"
            '<tr><td class="name">N &amp; S</td><td class="total">0</td></tr>\n'
            '<tr><td class="name">&lt;i&gt;E&lt;/i&gt; &amp; W</td><td class="total">0</td></tr>') in html
    assert '<section class="last"><h2>Deals</h2><p>No deal recorded yet.</p></section>' in html


def test_a_finished_game_shows_the_winner_and_final_standings(tmp_path):
    """Whist won 8 to 3 by N & S: no next deal, the winner, final ranks and the partnerships' cells."""
    with Store(tmp_path / "s.db") as store:
        game = store.new_game(load_ruleset("whist"), "whist", ["N", "<i>E</i>", "S", "W"])
        for tricks in (9, 4, 11):
            game.record({"tricks": tricks})
        state = board_state(game)
    assert (state["over"], state["winners"], state["status"], state["deal"]) == (True, ["N & S"], "winner: N & S",
                                                                                   None)
    assert state["standings"] == [{"rank": 1, "name": "N & S", "total": 8},
                                  {"rank": 2, "name": "<i>E</i> & W", "total": 3}]
    assert state["last_deals"][-1]["scores"] == [score("11", "✓", "+5", 8), score("2", "✗", "0", 3)]
    html = board_fragment(state)
    assert '<p class="status winner">Winner: N &amp; S</p>' in html
    assert '<section class="deal">' not in html
    assert ("<h2>Final standings</h2>\n<table><thead><tr><th>Rank</th><th>Name</th><th>Total</th></tr></thead>"
            '<tbody>\n<tr><td class="rank">1st</td><td class="name">N &amp; S</td><td class="total">8</td></tr>\n'
            '<tr><td class="rank">2nd</td><td class="name">&lt;i&gt;E&lt;/i&gt; &amp; W</td>'
            '<td class="total">3</td></tr>') in html


# --- reading the store only --------------------------------------------------------------------


def test_a_read_only_store_cannot_write(table):
    """The board's way into the store refuses every write, at the SQLite level too."""
    store, _ = table
    with Store(store.path, read_only=True) as reader:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            reader.connection.execute("DELETE FROM entries")
        stored = reader.open_game(1)
        with pytest.raises(StoreError, match="deal 3 was not saved .*attempt to write a readonly database"):
            stored.record(D3)
    assert store.open_game(1).entries_saved == 2


def test_a_read_only_store_is_not_upgraded(tmp_path):
    """An older store version is read as it is: no migration, the file byte for byte the same."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        store.new_game(load_ruleset("lupaus"), "lupaus", ["A", "B", "C"]).record(
            {"bid": [10, 0, 1], "tricks": [10, 0, 0]})  # 10 + 10, 10 + 0, 0
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    conn.close()
    before = path.read_bytes()
    with Store(path, read_only=True) as reader:
        assert [g.id for g in reader.list_games()] == [1]
        assert reader.open_game(1).game.totals() == (20, 10, 0)
    assert path.read_bytes() == before
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION - 1
    conn.close()


def test_a_missing_store_is_not_created(tmp_path):
    path = tmp_path / "none" / "s.db"
    with pytest.raises(StoreError) as info:
        Store(path, read_only=True)
    assert str(info.value) == (f"{path}: there is no store there yet: no game has been saved in it. Play a game "
                               f"first, or choose the store with --db PATH.")
    assert not path.parent.exists()


def test_serving_the_board_never_writes_the_store(table):
    """Pages, data, refused writes and query strings: the store file stays byte for byte the same."""
    store, _ = table
    store.close()  # the table leaves: everything is in the main file, no -wal file
    path = Path(store.path)
    before, stamp = path.read_bytes(), path.stat().st_mtime_ns
    with serving(path) as (_, port, feed):
        for target in ("/", "/board.html", "/state.json", "/version.json", "/state.json?record=1&deal=3",
                       "/?delete=1"):
            assert request(port, "GET", target)[0] == 200
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            assert request(port, method, "/state.json", json.dumps(D3).encode())[0] == 405
        time.sleep(0.5)  # a few looks at the store by the feed (poll 0.1 s)
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == stamp
    wal = Path(f"{path}-wal")
    assert not wal.exists() or wal.stat().st_size == 0  # SQLite's empty index files, if any: no page written
    with Store(path) as again:
        assert again.open_game(1).entries_saved == 2


# --- the feed: change detection ------------------------------------------------------------------


def test_the_version_changes_with_each_entry_and_draft(table):
    """The cheap marks: a new entry or a saved draft changes the version; nothing else does."""
    store, game = table
    with Store(store.path, read_only=True) as reader:
        feed = BoardFeed(store.path, 1, poll=3600)  # its own thread never looks again: refresh() by hand
        feed.start()
        try:
            first = feed.published
            assert first.version == "1-2"
            feed.refresh(reader)
            assert feed.published is first  # nothing changed: nothing drawn again
            game.save_draft({"turned": "spades"})
            feed.refresh(reader)
            drafted = feed.published
            assert drafted.version.startswith("1-2-") and drafted.version != "1-2"
            assert drafted.state["deal"]["trump"] == "Turn up the top card of the stock for trump — trump: ♠"
            game.record({**D3, "turned": "spades"})
            feed.refresh(reader)
            assert feed.published.version == "1-3"
            assert [s["total"] for s in feed.published.state["standings"]] == [36, 34, 27, 12]
            assert json.loads(feed.published.json) == {"version": "1-3", **feed.published.state}
        finally:
            feed.stop()


def test_without_a_game_id_the_board_follows_the_table(table):
    """No GAME_ID: the game being played; a game started afterwards is shown as soon as it is stored."""
    store, _ = table
    with Store(store.path, read_only=True) as reader:
        feed = BoardFeed(store.path, poll=3600)
        fixed = BoardFeed(store.path, 1, poll=3600)
        feed.start(), fixed.start()
        try:
            assert feed.published.state["game"]["id"] == 1
            store.new_game(load_ruleset("whist"), "whist", ["N", "E", "S", "W"])
            feed.refresh(reader), fixed.refresh(reader)
            assert (feed.published.version, feed.published.state["game"]["name"]) == ("2-0", "Whist")
            assert (fixed.published.version, fixed.published.state["game"]["name"]) == ("1-2", "Lupaus")
        finally:
            feed.stop(), fixed.stop()


def test_the_board_starts_on_the_game_being_played(tmp_path):
    """The most recently changed game that is not over, even when a finished game changed later."""
    with Store(tmp_path / "s.db", clock=Clock(step=SECOND)) as store:
        playing = store.new_game(load_ruleset("lupaus"), "lupaus", ["A", "B", "C"])
        playing.record({"bid": [1, 1, 1], "tricks": [10, 0, 0]})
        done = store.new_game(load_ruleset("whist"), "whist", ["N", "E", "S", "W"])
        done.record({"tricks": 13})
        feed = BoardFeed(store.path)
        try:
            assert feed.start().state["game"] == {"id": 1, "title": None, "ruleset": "lupaus", "name": "Lupaus"}
        finally:
            feed.stop()
        store.new_game(load_ruleset("lupaus"), "lupaus", ["A", "B", "C"])  # the newest game not over
        feed = BoardFeed(store.path)
        try:
            assert feed.start().state["game"]["id"] == 3
        finally:
            feed.stop()


def test_a_store_that_cannot_be_read_is_said_on_the_board(table, monkeypatch):
    """While serving, a failing store shows a message above the last scores read, until it reads again."""
    store, _ = table

    def failing(store, game_id):
        raise StoreError(f"{store.path}: game {game_id} cannot be read (disk I/O error). Nothing was changed.")

    with Store(store.path, read_only=True) as reader:
        feed = BoardFeed(store.path, 1, poll=3600)
        feed.start()
        try:
            monkeypatch.setattr(web_server, "game_mark", failing)
            feed.refresh(reader)
            problem = (f"The store cannot be read now; the board shows what it last read. {store.path}: game 1 "
                       f"cannot be read (disk I/O error). Nothing was changed.")
            assert feed.published.state == {**STATE, "problem": problem}
            assert feed.published.version != "1-2"
            assert feed.published.fragment.count('<p class="problem" role="alert">') == 1
            monkeypatch.undo()
            feed.refresh(reader)
            assert (feed.published.version, feed.published.state) == ("1-2", STATE)
        finally:
            feed.stop()


# --- the HTTP server -------------------------------------------------------------------------------


def test_the_page_and_its_data_over_http(table):
    """GET / is the whole page (lang, the board, the script); the JSON is the board's data and version."""
    store, _ = table
    with serving(store.path) as (host, port, _):
        assert host == "127.0.0.1"
        status, headers, body = request(port, "GET", "/")
        assert status == 200
        assert headers["content-type"] == "text/html; charset=utf-8"
        assert headers["content-security-policy"] == CSP
        assert (headers["cache-control"], headers["x-board-version"]) == ("no-store", "1-2")
        page = body.decode("utf-8")
        assert page.startswith('<!DOCTYPE html>\n<html lang="en">\n')
        assert "<title>Lupaus: Friday · score board</title>" in page
        assert f'<body data-version="1-2">\n<main id="board">\n{FRAGMENT}\n</main>' in page
        assert "fetch(path" in page and "http" not in page.replace("http-equiv", "")  # loads nothing from elsewhere
        status, headers, body = request(port, "GET", "/board.html")
        assert (status, body.decode("utf-8")) == (200, FRAGMENT)
        status, headers, body = request(port, "GET", "/state.json")
        assert (status, headers["content-type"]) == (200, "application/json")
        assert json.loads(body) == {"version": "1-2", **STATE}
        assert request(port, "GET", "/version.json")[2] == b'{"version": "1-2"}'


def test_head_gives_the_headers_without_the_body(table):
    store, _ = table
    with serving(store.path) as (_, port, _):
        _, _, body = request(port, "GET", "/state.json")
        status, headers, empty = request(port, "HEAD", "/state.json")
    assert (status, empty, int(headers["content-length"])) == (200, b"", len(body))


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "RECORD"])
def test_every_other_method_is_refused(table, method):
    """Read-only: anything but GET and HEAD is 405 (with Allow), and the game stays as it was."""
    store, _ = table
    with serving(store.path) as (_, port, _):
        status, headers, body = request(port, method, "/state.json", json.dumps(D3).encode())
        assert status == 405
        assert headers["allow"] == "GET, HEAD"
        assert body == f"{method} is not allowed: the score board is read-only (GET and HEAD only).\n".encode()
        assert json.loads(request(port, "GET", "/state.json")[2])["played"] == 2
    assert store.open_game(1).entries_saved == 2


@pytest.mark.parametrize("path", ["/nothing", "/state", "/../s.db", "/s.db", "/favicon.ico"])
def test_unknown_paths_are_not_found(table, path):
    store, _ = table
    with serving(store.path) as (_, port, _):
        status, headers, body = request(port, "GET", path)
    assert (status, headers["content-type"]) == (404, "text/plain; charset=utf-8")
    assert body == b"Not found. The board serves / (the page), /board.html, /state.json and /version.json.\n"


def test_a_deal_confirmed_at_the_table_reaches_the_board(table):
    """The table records deal 3 through its own store: /version.json changes, /state.json has the new totals."""
    store, game = table
    with serving(store.path) as (_, port, _):
        assert json.loads(request(port, "GET", "/version.json")[2]) == {"version": "1-2"}
        game.record(D3)
        until(lambda: json.loads(request(port, "GET", "/version.json")[2])["version"] == "1-3", "version 1-3")
        state = json.loads(request(port, "GET", "/state.json")[2])
    assert state["standings"] == [{"rank": 1, "name": "Anna", "total": 36},
                                  {"rank": 2, "name": "=cmd|' /C calc'!A0", "total": 34},
                                  {"rank": 3, "name": "<b>Ben</b>", "total": 27},
                                  {"rank": 4, "name": "[/]", "total": 12}]
    assert (state["deal"]["number"], state["deal"]["cards"], state["deal"]["dealer"]) == (4, 7, "=cmd|' /C calc'!A0")
    assert [row["deal"] for row in state["last_deals"]] == [1, 2, 3]


def test_the_board_listens_on_this_computer_only_by_default(table):
    store, _ = table
    feed = BoardFeed(store.path, poll=3600)
    feed.start()
    try:
        server = board_server(feed, port=0)
        try:
            assert server.server_address[0] == "127.0.0.1"
        finally:
            server.server_close()
        server = board_server(feed, "0.0.0.0", 0)  # what --lan asks for
        try:
            assert server.server_address[0] == "0.0.0.0"
        finally:
            server.server_close()
    finally:
        feed.stop()


# --- the command ---------------------------------------------------------------------------------


def run_board(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_unknown_game_id_says_which_games_exist(table, capsys):
    store, _ = table
    store.new_game(load_ruleset("whist"), "whist", ["N", "E", "S", "W"])
    code, out, err = run_board(capsys, "--db", str(store.path), "board", "7")
    assert (code, out) == (1, "")
    assert err == (f"scorekeeper: error: there is no game 7 in {store.path}: it holds games 1 and 2. "
                   f"'scorekeeper history' lists them.\n")


def test_a_store_without_games_is_said_so(tmp_path, capsys):
    path = tmp_path / "s.db"
    Store(path).close()
    code, out, err = run_board(capsys, "board", "--db", str(path))
    assert (code, out) == (1, "")
    assert err == (f"scorekeeper: error: {path} holds no games yet: play one first (run scorekeeper), or choose "
                   f"another store with --db PATH.\n")


def test_a_missing_store_is_said_so(tmp_path, capsys):
    path = tmp_path / "s.db"
    code, out, err = run_board(capsys, "board", "--db", str(path))
    assert (code, out) == (1, "")
    assert err == (f"scorekeeper: error: {path}: there is no store there yet: no game has been saved in it. Play a "
                   f"game first, or choose the store with --db PATH.\n")
    assert not path.exists()


def test_a_damaged_store_is_said_so(tmp_path, capsys):
    path = tmp_path / "s.db"
    path.write_bytes(b"these are not the scores you are looking for\n" * 100)
    before = path.read_bytes()
    code, out, err = run_board(capsys, "board", "--db", str(path))
    assert (code, out) == (1, "")
    assert err == (f"scorekeeper: error: {path} is not a scorekeeper store, or it is damaged (file is not a "
                   f"database). It was left untouched: move it aside, or choose another file with --db PATH.\n")
    assert path.read_bytes() == before


def test_a_port_in_use_is_said_so(table, capsys):
    store, _ = table
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run_board(capsys, "board", "--db", str(store.path), "--port", str(port))
    assert (code, out) == (1, "")
    assert err == (f"scorekeeper: error: port {port} is in use on 127.0.0.1: stop what uses it, or choose another "
                   f"port with --port N (--port 0 picks a free one).\n")


@pytest.mark.parametrize("args, message", [
    (["--port", "70000"], "argument --port: must be a number from 0 to 65535 (0 picks a free port), not '70000'"),
    (["--port", "eighty"], "argument --port: must be a number from 0 to 65535 (0 picks a free port), not 'eighty'"),
    (["--lan", "--host", "10.0.0.2"], "argument --host: not allowed with argument --lan"),
    (["one"], "argument GAME_ID: 'one' is not a whole number"),
])
def test_bad_options_are_usage_errors(tmp_path, capsys, args, message):
    code, out, err = run_board(capsys, "board", "--db", str(tmp_path / "s.db"), *args)
    assert (code, out, err) == (2, "", f"scorekeeper: error: {message}\n")


def test_an_address_not_of_this_computer_is_said_so(table, capsys):
    store, _ = table
    code, out, err = run_board(capsys, "board", "--db", str(store.path), "--host", "192.0.2.1", "--port", "0")
    assert (code, out) == (1, "")
    assert err == ("scorekeeper: error: cannot listen on 192.0.2.1: it is not an address of this computer. Leave "
                   "out --host, or use --lan for every address.\n")


def _ctrl_c_as_in_a_terminal() -> None:
    """A command started in the background by a script ignores Ctrl+C (SIGINT), and so does
    what it starts, a test run among them: the board is started as from a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(args: list[str]) -> tuple[subprocess.Popen, list[str]]:
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, encoding="utf-8", preexec_fn=_ctrl_c_as_in_a_terminal)
    lines = []
    while not lines or "Ctrl+C" not in lines[-1]:
        line = proc.stdout.readline()
        if not line:
            proc.kill()
            raise AssertionError(f"the board did not start: {lines} {proc.stderr.read()}")
        lines.append(line.rstrip("\n"))
    return proc, lines


def test_the_command_prints_the_url_and_ctrl_c_stops_it(table):
    """It says where to look, serves there, and stops on Ctrl+C with exit status 0 and no traceback."""
    store, game = table
    proc, lines = _start(["board", "--db", str(store.path), "--port", "0"])
    try:
        port = int(lines[1].split(":")[2].split("/")[0])
        assert lines == [
            f"Score board of game 1 (Lupaus: Friday) from {store.path}; it follows the table to the game being "
            f"played.",
            f"Open http://127.0.0.1:{port}/ in a browser on this computer.",
            "Read-only. Ctrl+C stops it.",
        ]
        assert json.loads(request(port, "GET", "/version.json")[2]) == {"version": "1-2"}
        game.record(D3)
        until(lambda: json.loads(request(port, "GET", "/version.json")[2])["version"] == "1-3", "version 1-3")
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert (proc.returncode, out, err) == (0, "Stopped.\n", "")


def test_lan_says_the_board_is_open_to_the_network(table):
    store, _ = table
    proc, lines = _start(["board", "1", "--db", str(store.path), "--port", "0", "--lan"])
    try:
        assert lines[0] == f"Score board of game 1 (Lupaus: Friday) from {store.path}."
        assert lines[-2:] == ["Anyone on the network can read the board; nobody can change anything through it.",
                              "Read-only. Ctrl+C stops it."]
        local = [line for line in lines if line.endswith("in a browser on this computer.")]
        assert len(local) == 1 and local[0].startswith("Open http://127.0.0.1:")
        port = int(local[0].split(":")[2].split("/")[0])
        assert request(port, "GET", "/version.json")[0] == 200  # listening on every address: this one too
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert (proc.returncode, err) == (0, "")
