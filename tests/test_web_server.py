"""The server under the board and the phone page (Starlette on uvicorn): the request deadline,
the event stream that pushes each new version, and stopping while streams are open.

Lupaus, three players; deal 1: bids 1 0 2, tricks 2 1 7 (nobody exact); deal 2 (9 cards):
bids 1 1 1, tricks 1 1 7.
"""

from __future__ import annotations

import http.client
import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.web.server import BoardFeed, board_server


@pytest.fixture
def table(tmp_path):
    store = Store(tmp_path / "s.db")
    game = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    game.record({"bid": [1, 0, 2], "tricks": [2, 1, 7], "turned": "spades"})
    yield store, game
    store.close()


@contextmanager
def serving(path: Path, **limits):
    feed = BoardFeed(path, poll=0.1)
    feed.start()
    server = board_server(feed, "127.0.0.1", 0, **limits)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server, thread
    finally:
        server.shutdown()
        server.server_close()
        feed.stop()
        thread.join(timeout=10)


def status(port: int, path: str = "/version.json") -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def closed_by_server(s: socket.socket) -> bool:
    """Whether the server closed the connection (the end read, or a reset)."""
    try:
        return s.recv(1000) == b""
    except ConnectionResetError:
        return True


def test_slow_clients_are_cut_off_at_the_deadline_and_shut_nobody_out(table):
    """The slow-loris case of issue 26: 32 clients each sending one header byte now and then.
    A normal request is answered while they trickle, and each of them is closed once its
    request has taken longer than the deadline, however often it sends a byte."""
    store, _ = table
    with serving(store.path, deadline=1.0) as (server, _):
        port = server.server_address[1]
        slow = [socket.create_connection(("127.0.0.1", port), timeout=20) for _ in range(32)]
        try:
            request = b"GET /version.json HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            for s in slow:
                s.sendall(request[:1])
            assert status(port) == 200
            start = time.monotonic()
            closed = set()
            for i in range(1, 60):  # a byte every 0.1 s: each read comes long before the deadline
                for s in slow:
                    if s not in closed:
                        try:
                            s.sendall(request[i:i + 1])
                        except OSError:
                            closed.add(s)
                if len(closed) == len(slow):
                    break
                time.sleep(0.1)
            for s in slow:
                s.settimeout(20)
                assert closed_by_server(s)
            assert time.monotonic() - start < 15  # cut off, not left to run its course
            assert status(port) == 200
        finally:
            for s in slow:
                s.close()


def test_a_second_request_on_a_kept_connection_has_a_deadline_too(table):
    """After an answer, the next request on the same connection must come whole in time too."""
    store, _ = table
    with serving(store.path, deadline=0.5) as (server, _):
        port = server.server_address[1]
        with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
            s.sendall(b"GET /version.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = b""
            while b'"1-1"' not in answer:
                answer += s.recv(1000)
            assert answer.startswith(b"HTTP/1.1 200 ")
            s.sendall(b"GET /version.json HTTP/1.1\r\n")  # ... and the rest never comes
            assert closed_by_server(s)


def read_event(response) -> tuple[str, str]:
    """The next event of a stream: (event, data); comments are skipped."""
    name = data = ""
    while True:
        line = response.readline().decode("utf-8")
        if line == "":
            raise AssertionError("the stream ended")
        line = line.rstrip("\n")
        if line == "":
            if name or data:
                return name, data
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(": ")
        if field == "event":
            name = value
        elif field == "data":
            data = value


def test_the_event_stream_sends_the_version_now_and_at_each_change(table):
    """GET /events: the version at once; a deal recorded through the store (another writer)
    is the next event, without asking."""
    store, game = table
    with serving(store.path) as (server, _):
        conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=20)
        conn.request("GET", "/events")
        response = conn.getresponse()
        assert (response.status, response.getheader("Content-Type")) == (200, "text/event-stream; charset=utf-8")
        assert read_event(response) == ("version", '"1-1"')
        assert read_event(response) == ("game", '"1-1"')
        game.save_draft({"turned": "hearts"})  # typed at the table: the board shows it, the phones need not
        name, version = read_event(response)
        assert name == "version" and version.startswith('"1-1-')
        game.record({"bid": [1, 1, 1], "tricks": [1, 1, 7], "turned": "hearts"})
        assert read_event(response) == ("version", '"1-2"')
        assert read_event(response) == ("game", '"1-2"')
        conn.close()


def test_stopping_the_server_ends_the_open_streams(table):
    """Open event streams do not keep the server from stopping: they end, and it stops."""
    store, _ = table
    with serving(store.path) as (server, thread):
        conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=20)
        conn.request("GET", "/events")
        response = conn.getresponse()
        assert read_event(response) == ("version", '"1-1"')
        assert read_event(response) == ("game", '"1-1"')
        server.shutdown()
        thread.join(timeout=10)
        assert not thread.is_alive()
        assert response.read() == b""  # the stream's end
        conn.close()


def test_the_listening_socket_says_it_is_tcp_so_answers_are_not_held_back(table):
    """asyncio turns Nagle's algorithm off (TCP_NODELAY) on the connections of a socket whose
    protocol is IPPROTO_TCP only; on one made with protocol 0, each answer's body waited for
    the client's delayed acknowledgement of its headers (some 40 ms a request, measured)."""
    store, _ = table
    with serving(store.path) as (server, _):
        assert server.socket.proto == socket.IPPROTO_TCP
        with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=20) as s:
            s.sendall(b"GET /version.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert s.recv(1000).startswith(b"HTTP/1.1 200 ")
