"""What the types of the web server state, held at run time too: a table is served with its join
code, a table's writes need it started, and a problem reading the store is shown over the board
drawn before without changing that drawing."""

from __future__ import annotations

import pytest

from scorekeeper.store.db import StoreError
from scorekeeper.web.app import make_app
from scorekeeper.web.server import BoardFeed
from scorekeeper.web.table import Table
from helpers.phone import lupaus_store  # noqa: F401 (the store fixture)


def test_a_table_without_its_join_code_is_refused(store):
    feed = BoardFeed(store.path)
    with pytest.raises(TypeError, match="join code"):
        make_app(feed, frozenset({"127.0.0.1"}), table=Table(store.path, feed))
    app = make_app(feed, frozenset({"127.0.0.1"}))  # the board alone needs none
    assert sorted(r.path for r in app.routes) == [
        "/", "/board.html", "/events", "/index.html", "/state.json", "/version.json"]


def test_a_table_not_started_stores_no_game(store):
    feed = BoardFeed(store.path)
    table = Table(store.path, feed)
    with pytest.raises(RuntimeError, match="not started"):
        table.start_game({"ruleset": "lupaus", "players": ["Anna", "Ben", "Cara"]})
    assert [g.id for g in store.list_games()] == [1]


def test_a_problem_is_shown_over_the_board_and_the_drawing_before_is_kept(store):
    class Unreadable:
        path = store.path

        @property
        def connection(self):
            raise StoreError("the disk is gone")

    feed = BoardFeed(store.path, poll=60)
    before = feed.start()
    try:
        assert (before.state["game"] or {}).get("id") == 1 and before.state["problem"] is None
        feed.refresh(Unreadable())  # (a store whose reads fail)
        after = feed.published
        assert after.state["problem"] and "the disk is gone" in after.state["problem"]
        assert before.state["problem"] is None and after.state["players"] == before.state["players"]
        assert after.version.startswith(before.version + "-")
    finally:
        feed.stop()
