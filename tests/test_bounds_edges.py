"""The edges of issue 11 (items 9 and 10) and the last resort.

The board bounds its connections (an idle one is closed, idle ones cannot pile up threads),
says nothing when a browser goes away mid-answer and answers only the host names it serves
(DNS rebinding). Texts from rulesets, sheets and the store reach a terminal as text, never
as commands, and Markdown as text, never as HTML or marks. An error nobody foresaw is one
line naming a report file, and the store is as it was.

Lupaus, three players, the first deal: bids 1 0 2, tricks 2 1 7 (the sheet below): nobody
exact, 0 points each.
"""

from __future__ import annotations

import http.client
import select
import socket
import sqlite3
import struct
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers.stores import Clock
from rich.console import Console
from rich.segment import Segment
from textual.strip import Strip

from scorekeeper.cli import main
from scorekeeper.reports.export import export
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.terminal import terminal_safe
from scorekeeper.tui.control import guard_strips
from scorekeeper.web.server import BoardFeed, board_server

ESC_NAME = "\x1b[2J\x1b]0;pwned\x07Anna"  # clears the screen and sets the window's title
SAFE_NAME = "\\u001b[2J\\u001b]0;pwned\\u0007Anna"
SHEET = """ruleset = "lupaus"
players = ["{name}", "Ben", "Cara"]
first_dealer = 1

[[deals]]
bid = [1, 0, 2]
tricks = [2, 1, 7]
turned = "spades"
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def toml_text(text: str) -> str:
    """``text`` as the inside of a TOML basic string (control characters as \\u escapes)."""
    return "".join(f"\\u{ord(c):04x}" if ord(c) < 32 or 0x7f <= ord(c) <= 0x9f else c for c in text)


# --- the board ------------------------------------------------------------------------------------


@pytest.fixture
def store_file(tmp_path) -> Path:
    store = Store(tmp_path / "s.db", clock=Clock())
    game = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    game.record({"bid": [1, 0, 2], "tricks": [2, 1, 7], "turned": "spades"})
    store.close()
    return tmp_path / "s.db"


@contextmanager
def board(path: Path, **limits):
    """A board server on a free port of 127.0.0.1, in this process: yields the server."""
    feed = BoardFeed(path, poll=0.1)
    feed.start()
    server = board_server(feed, "127.0.0.1", 0, **limits)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        feed.stop()
        thread.join(timeout=5)


def get(port: int, path: str = "/version.json", host: str | None = "default", method: str = "GET"):
    """(status, body) of a request with the Host header given (None: without one)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        conn.putrequest(method, path, skip_host=True)
        if host == "default":
            host = f"127.0.0.1:{port}"
        if host is not None:
            conn.putheader("Host", host)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8")
    finally:
        conn.close()


def until(check, what: str, deadline: float = 20.0):
    """Poll ``check`` until it is true (a generous deadline, never a timed assertion)."""
    end = time.monotonic() + deadline
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not seen within {deadline} s")
        time.sleep(0.05)


def test_idle_connections_hold_no_thread_and_shut_nobody_out(store_file):
    """100 sockets that connect and say nothing: the board (one event loop) starts no thread
    for them and answers a normal request at once while they are open."""
    with board(store_file) as server:
        port = server.server_address[1]
        before = threading.active_count()
        idle = [socket.create_connection(("127.0.0.1", port), timeout=15) for _ in range(100)]
        try:
            assert get(port)[0] == 200
            assert threading.active_count() == before
        finally:
            for s in idle:
                s.close()


def test_more_connections_than_the_bound_are_answered_503(store_file):
    """With a bound of 8 open connections, a request beyond it is answered 503 at once; once
    the others close, it is served again."""
    with board(store_file, max_connections=8) as server:
        port = server.server_address[1]
        idle = [socket.create_connection(("127.0.0.1", port), timeout=15) for _ in range(10)]
        try:
            until(lambda: get(port)[0] == 503, "a 503 while 10 connections are open")
        finally:
            for s in idle:
                s.close()
        until(lambda: get(port)[0] == 200, "served again")


def test_a_burst_of_connections_waits_in_the_systems_queue_until_the_board_takes_it(store_file):
    """40 clients connect at once while the board is not taking connections yet: the system
    completes every connection and holds it for the board (with socketserver's queue of 5,
    all but 6 would wait for the system to try them again, a second and more each)."""
    feed = BoardFeed(store_file, poll=0.1)
    server = board_server(feed, "127.0.0.1", 0)  # listening, not serving
    clients = [socket.socket() for _ in range(40)]
    try:
        for client in clients:
            client.setblocking(False)
            client.connect_ex(server.server_address[:2])
        pending = set(clients)
        end = time.monotonic() + 20
        while pending and time.monotonic() < end:
            _, writable, _ = select.select([], list(pending), [], 0.5)
            pending -= {c for c in writable if c.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0}
        assert not pending, f"{len(pending)} of 40 connections were not completed"
    finally:
        for client in clients:
            client.close()
        server.server_close()


def test_a_silent_connection_is_closed_after_the_request_deadline(store_file):
    """A client that connects and sends nothing is closed by the board (recv sees the end)."""
    with board(store_file, deadline=0.3) as server:
        with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=20) as s:
            assert s.recv(100) == b""


def test_a_client_that_resets_mid_answer_prints_nothing(store_file, capfd):
    """Clients that send a request and reset the connection at once (SO_LINGER 0): the board
    goes on serving and its terminal shows no traceback, no line at all."""
    with board(store_file) as server:
        port = server.server_address[1]
        for _ in range(30):
            s = socket.create_connection(("127.0.0.1", port), timeout=15)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            s.close()
        assert get(port)[0] == 200
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def test_a_bug_in_a_handler_is_one_line_and_a_500(store_file, capfd, tmp_path, monkeypatch):
    """Any exception in a handler is one line on the terminal that names its report (the
    traceback is in the report, not on the terminal), and a 500 with one sentence to the browser."""
    from scorekeeper.web import app as web_app

    monkeypatch.setenv("SCOREKEEPER_REPORTS", str(tmp_path / "reports"))

    def broken(state, version):
        raise KeyError("bug")

    monkeypatch.setattr(web_app, "board_page", broken)
    with board(store_file) as server:
        assert get(server.server_address[1], "/") == (
            500, "Something went wrong in scorekeeper; the terminal that serves this page names a report file. "
                 "Nothing was changed.\n")
        assert get(server.server_address[1])[0] == 200
    err = capfd.readouterr().err
    [report] = (tmp_path / "reports").iterdir()
    assert err == f"internal error: this is a fault in scorekeeper, not in what it was given. The details are in " \
                  f"{report}; please send that file with a bug report. Games already saved are as they were.\n"
    assert "KeyError: 'bug'" in report.read_text(encoding="utf-8")


@pytest.mark.parametrize("host", ["{ip}:{port}", "{ip}", "localhost:{port}", "LOCALHOST", "[::1]:{port}",
                                  "{machine}:{port}", "{machine}.local:{port}"])
def test_the_board_answers_its_own_names_and_addresses(store_file, host):
    with board(store_file) as server:
        port = server.server_address[1]
        machine = socket.gethostname().split(".")[0]
        status, body = get(port, host=host.format(ip="127.0.0.1", port=port, machine=machine))
        assert status == 200 and body.startswith('{"version": "1-1"')


@pytest.mark.parametrize("method", ["GET", "HEAD", "POST"])
def test_another_host_name_is_refused_421(store_file, method):
    """A page of evil.example whose name now points here (DNS rebinding) reads nothing."""
    with board(store_file) as server:
        port = server.server_address[1]
        status, body = get(port, "/state.json", host=f"evil.example:{port}", method=method)
    assert status == 421
    if method != "HEAD":
        assert body == (f"This score board does not answer to the name evil.example:{port}: open it by this "
                        "computer's address or name.\n")


def test_a_request_without_host_is_refused_400(store_file):
    """HTTP/1.0 may leave Host out: the board says it needs one; HTTP/1.1 must have it, and a
    request without is not HTTP the server takes (said in a sentence too)."""
    with board(store_file) as server:
        port = server.server_address[1]
        with socket.create_connection(("127.0.0.1", port), timeout=15) as s:
            s.sendall(b"GET / HTTP/1.0\r\n\r\n")
            answer = b""
            while chunk := s.recv(4096):
                answer += chunk
        status, body = get(port, "/", host=None)
    assert answer.startswith(b"HTTP/1.1 400 ")
    assert answer.endswith(b"\r\n\r\nThe request has no Host header: the score board answers only requests that "
                           b"name it.\n")
    assert (status, body) == (400, "The request is not one this server takes: it must be HTTP with a Host header "
                                   "naming the server, and short headers.\n")


def test_the_name_given_with_host_is_served(store_file):
    """``--host localhost``: that name is served too (here the same as the localhost name)."""
    feed = BoardFeed(store_file)
    feed.start()
    try:
        server = board_server(feed, "localhost", 0)
        server.server_close()
    finally:
        feed.stop()
    assert "localhost" in server.names and socket.gethostname().split(".")[0].lower() in server.names


# --- texts made safe for a terminal ---------------------------------------------------------------


@pytest.mark.parametrize("text, safe", [
    ("Anna", "Anna"),
    ("Kärki · Ørsted 10 €", "Kärki · Ørsted 10 €"),
    (ESC_NAME, SAFE_NAME),
    ("\x9b2J csi", "\\u009b2J csi"),  # CSI in one character (C1)
    ("over\rwrite", "over\\u000dwrite"),  # a lone carriage return writes over the line
    ("a\r\nb\tc\nd", "a\r\nb\tc\nd"),  # lines, tabs and CSV's line ends stay
    ("\x00\x7f\x85", "\\u0000\\u007f\\u0085"),
])
def test_terminal_safe_writes_control_characters_as_escapes(text, safe):
    assert terminal_safe(text) == safe


def test_terminal_safe_can_leave_them_out():
    assert terminal_safe(ESC_NAME, escape=False) == "[2J]0;pwnedAnna"


def test_replay_shows_a_name_with_escape_sequences_as_text(capsys, tmp_path):
    sheet = tmp_path / "game.toml"
    sheet.write_text(SHEET.replace("{name}", toml_text(ESC_NAME)), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(sheet))
    assert code == 0 and err == ""
    assert "\x1b" not in out and "\x07" not in out
    assert f"Standings:\n  1. {SAFE_NAME} 0\n  1. Ben 0\n" in out


def test_show_and_json_of_a_stored_name_with_escape_sequences(capsys, tmp_path):
    sheet = tmp_path / "game.toml"
    sheet.write_text(SHEET.replace("{name}", toml_text(ESC_NAME)), encoding="utf-8")
    db = str(tmp_path / "s.db")
    assert run(capsys, "import", str(sheet), "--db", db)[0] == 0
    code, out, _ = run(capsys, "show", "1", "--db", db)
    assert code == 0 and "\x1b" not in out and SAFE_NAME in out
    code, out, _ = run(capsys, "history", "--json", "--db", db)
    import json

    assert code == 0 and "\x1b" not in out and json.loads(out)[0]["players"][0] == ESC_NAME


def test_rules_show_and_check_of_a_ruleset_with_escape_sequences(capsys, tmp_path):
    """The ruleset's name on stdout and a key it names in an error on stderr are text."""
    text = (Path(__file__).resolve().parents[1] / "rulesets" / "lupaus.toml").read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(text.replace('name = "Lupaus"', 'name = "Lupaus\\u001b[2J\\u009b31m"', 1), encoding="utf-8")
    code, out, err = run(capsys, "rules", "show", str(path))
    assert code == 0 and "\x1b" not in out and "\x9b" not in out
    assert "Lupaus\\u001b[2J\\u009b31m" in out
    path.write_text(text + '\n[bogus]\n"\\u001b]0;x\\u0007" = 1\n', encoding="utf-8")
    code, out, err = run(capsys, "rules", "check", str(path))
    assert code == 1 and "\x1b" not in out + err and "\x07" not in out + err
    assert "bogus" in out + err


def test_the_terminal_app_writes_no_control_character_of_a_text():
    """Every line the app writes passes Strip.render: a segment's ESC, BEL and CSI are left
    out (they were measured as taking no room); Textual's own control segments stay."""
    guard_strips()
    console = Console(color_system=None, width=40)
    strip = Strip([Segment(ESC_NAME), Segment("\x9b31m!")])
    assert strip.render(console) == "[2J]0;pwnedAnna31m!"
    own = Segment("\x1b[?25l", None, [(1,)])
    assert Strip([own]).render(console) == "\x1b[?25l"


# --- Markdown ---------------------------------------------------------------------------------------


def test_markdown_escapes_html_and_marks_in_names(tmp_path):
    from scorekeeper.game.sheet import load_sheet

    sheet = tmp_path / "game.toml"
    names = SHEET.replace('"{name}", "Ben", "Cara"', '"<script>alert(1)</script>", "*Ben* & [x](y)", "C_a`r`a|~"')
    sheet.write_text(names, encoding="utf-8")
    md = export(load_sheet(str(sheet)), "md")
    # Markdown's own escape (a backslash) for a tag's brackets: no tag passes, and "&" reads as itself
    assert [line for line in md.splitlines() if "<" in line.replace("\\<", "")] == []
    assert ("Players: \\<script\\>alert(1)\\</script\\>, \\*Ben\\* & \\[x\\](y), C\\_a\\`r\\`a\\|\\~\n"
            in md)
    assert "| 1 | 10 | \\<script\\>alert(1)\\</script\\> | ♠ spades |" in md


# --- the last resort -------------------------------------------------------------------------------


def _reports(folder: Path) -> list[Path]:
    return sorted(folder.iterdir()) if folder.exists() else []


def test_an_unexpected_error_in_a_command_is_one_line_and_a_report(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_REPORTS", str(tmp_path / "reports"))

    def broken(args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("scorekeeper.cli.rules.cmd_rules_list", broken)
    code, out, err = run(capsys, "rules", "list")
    [report] = _reports(tmp_path / "reports")
    assert (code, out) == (70, "")
    assert err == (f"scorekeeper: error: internal error: this is a fault in scorekeeper, not in what it was given. "
                   f"The details are in {report}; please send that file with a bug report. Games already saved "
                   f"are as they were.\n")
    text = report.read_text(encoding="utf-8")
    assert text.startswith("scorekeeper 0.1.0: internal error\n")
    assert "command: scorekeeper rules list\n" in text and "ZeroDivisionError: a bug" in text


def test_a_report_that_cannot_be_written_is_said_so(capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("SCOREKEEPER_REPORTS", str(blocker / "reports"))  # under a file: cannot be made
    monkeypatch.setattr("scorekeeper.cli.rules.cmd_rules_list", lambda args: 1 / 0)
    code, out, err = run(capsys, "rules", "list")
    assert code == 70
    assert err.startswith("scorekeeper: error: internal error: this is a fault in scorekeeper, not in what it was "
                          "given; no report could be written (")
    assert "Traceback" not in err and err.count("\n") == 1


def test_a_failure_inside_a_store_write_leaves_the_store_as_it_was(capsys, tmp_path, monkeypatch):
    """An import that fails in the middle of its transaction: one line, exit 70, and the store
    holds its one game with its one deal, and no new session."""
    monkeypatch.setenv("SCOREKEEPER_REPORTS", str(tmp_path / "reports"))
    sheet = tmp_path / "game.toml"
    sheet.write_text(SHEET.replace("{name}", "Anna"), encoding="utf-8")
    db = tmp_path / "s.db"
    assert run(capsys, "import", str(sheet), "--db", str(db))[0] == 0

    def rows():
        with sqlite3.connect(db) as conn:
            return [conn.execute(f"SELECT * FROM {table}").fetchall() for table in ("games", "entries", "sessions")]

    before = rows()

    def broken(self, game):
        raise RuntimeError("a bug inside the transaction")

    monkeypatch.setattr(Store, "_summary", broken)
    code, out, err = run(capsys, "import", str(sheet), "--db", str(db))
    assert code == 70 and out == "" and "internal error" in err and "Traceback" not in err
    assert rows() == before and len(before[0]) == 1


def test_an_unexpected_error_in_the_terminal_app_is_one_line_and_a_report(capfd, tmp_path, monkeypatch):
    """The app closes with exit status 1 and one line naming the report, not Textual's traceback."""
    monkeypatch.setenv("SCOREKEEPER_REPORTS", str(tmp_path / "reports"))
    from scorekeeper.tui.app import ScorekeeperApp, run as run_app

    def broken(self):
        raise ZeroDivisionError("a bug in the app")

    app_run = ScorekeeperApp.run
    monkeypatch.setattr(ScorekeeperApp, "_open_store", broken)
    monkeypatch.setattr(ScorekeeperApp, "run", lambda self: app_run(self, headless=True, size=(100, 30)))
    monkeypatch.setattr("scorekeeper.tui.app.on_a_terminal", lambda: True)  # (headless: no terminal needed)
    assert run_app(tmp_path / "s.db") == 1
    [report] = _reports(tmp_path / "reports")
    err = capfd.readouterr().err
    assert "Traceback" not in err and "ZeroDivisionError" not in err
    assert err == (
        f"scorekeeper: error: internal error: this is a fault in scorekeeper, not in what it was given. The details "
        f"are in {report}; please send that file with a bug report. Games already saved are as they were.\n")
    assert "ZeroDivisionError: a bug in the app" in report.read_text(encoding="utf-8")
