"""The phone server on a store, as ``scorekeeper serve`` runs it, for the tests: its handlers
through Starlette's test client (no socket), the table's join code given."""

from __future__ import annotations

import threading
from contextlib import contextmanager

import pytest

CODE = "table-code-1"
ORIGIN = "http://127.0.0.1:8765"


@pytest.fixture(name="store")
def lupaus_store(tmp_path):
    """A store holding a new Lupaus game of Anna, Ben and Cara (a test module's ``store``
    fixture once imported: ``from helpers.phone import lupaus_store``)."""
    from scorekeeper.rules.ruleset import load_ruleset
    from scorekeeper.store.db import Store

    store = Store(tmp_path / "s.db")
    store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    yield store
    store.close()


@contextmanager
def phone_client(path, poll: float = 0.1, code: str = CODE, empty_ok: bool = False):
    """A test client of the phone server on the store at ``path`` (its feed looking every
    ``poll`` seconds); the feed and the table's writer are stopped after."""
    from starlette.testclient import TestClient

    from scorekeeper.web.app import make_app
    from scorekeeper.web.hosts import served_names
    from scorekeeper.web.server import BoardFeed
    from scorekeeper.web.table import Table

    feed = BoardFeed(path, poll=poll, empty_ok=empty_ok)
    feed.start()
    table = Table(path, feed)
    table.start()
    try:
        with TestClient(make_app(feed, served_names("127.0.0.1"), table=table, join_code=code),
                        base_url=ORIGIN) as client:
            yield client
    finally:
        table.close()
        feed.stop()


@contextmanager
def phone_server(path, poll: float = 0.2, code: str = CODE):
    """The phone server on the store at ``path`` listening on a free port of 127.0.0.1 in a
    thread, as ``scorekeeper serve`` runs it (for a real browser; web.serving, as the terminal
    app starts it): gives its address and the feed; the server, the table's writer and the feed
    are stopped after."""
    from scorekeeper.web.serving import serve_in_background

    serving = serve_in_background(path, host="127.0.0.1", port=0, code=code, poll=poll)
    try:
        yield serving.local[0].partition("/phone#")[0], serving.feed
    finally:
        serving.stop()


class ServedTable:
    """A store with a Lupaus game, its feed and writer, and a server that can be stopped and
    started again on the same port (at ``host``, https with a ``tls`` context)."""

    def __init__(self, path, host: str = "127.0.0.1", tls=None, code: str = CODE):
        from scorekeeper.rules.ruleset import load_ruleset
        from scorekeeper.store.db import Store
        from scorekeeper.web.server import BoardFeed
        from scorekeeper.web.table import Table

        self.host, self.tls, self.code = host, tls, code
        self.store = Store(path)
        self.game = self.store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
        self.feed = BoardFeed(self.store.path, poll=0.2)
        self.feed.start()
        self.table = Table(self.store.path, self.feed)
        self.table.start()
        self.web = self.thread = None
        self.port = 0

    def start(self) -> str:
        from scorekeeper.web.server import board_server

        self.web = board_server(self.feed, self.host, self.port, table=self.table, join_code=self.code, tls=self.tls)
        self.port = self.web.server_address[1]
        self.thread = threading.Thread(target=self.web.serve_forever, daemon=True)
        self.thread.start()
        return f"http://127.0.0.1:{self.port}/phone"

    def stop(self) -> None:
        if self.web is not None:
            self.web.shutdown()
            self.web.server_close()
            self.thread.join(timeout=10)
            self.web = None

    def close(self) -> None:
        self.stop()
        self.table.close()
        self.feed.stop()
        self.store.close()
