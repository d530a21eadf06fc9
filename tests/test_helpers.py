"""The test helpers themselves: a snapshot that differs fails, and the stores' clock and scripts."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

import helpers.tui
from helpers.stores import Clock, Script, lupaus_all_to
from helpers.tui import check_snapshot


def test_snapshot_helper_catches_a_difference(tmp_path, monkeypatch):
    """A snapshot that differs fails, and names the file to update."""
    monkeypatch.setattr(helpers.tui, "SNAPSHOTS", tmp_path)
    (tmp_path / "x.txt").write_text("one\n", encoding="utf-8")
    monkeypatch.delenv("SNAPSHOT_UPDATE", raising=False)
    with pytest.raises(AssertionError, match="differs"):
        check_snapshot("x", "two")
    check_snapshot("x", "one")


def test_the_clock_moves_a_step_before_each_reading_or_only_when_set():
    ticking = Clock()
    assert [ticking(), ticking()] == [datetime(2026, 5, 9, 19, 31, tzinfo=timezone.utc),
                                      datetime(2026, 5, 9, 19, 32, tzinfo=timezone.utc)]
    still = Clock(step=timedelta(0))
    still.at(1.5)
    assert still() == still() == datetime(2026, 5, 9, 21, 0, tzinfo=timezone.utc)


def test_a_script_stores_its_deals_then_plays_to_the_end_with_times_from_the_clock(store_with):
    """Lupaus, Anna Ben Cara: one deal (10 cards, Anna 3/3 -> 13, Ben 4/5 -> 0, Cara 2/2 -> 12),
    then Ann takes every trick until the 19th deal: Ben and Cara 10 a deal more."""
    stored = store_with(Script("lupaus", ["Anna", "Ben", "Cara"], [{"bid": [3, 4, 2], "tricks": [3, 5, 2]}],
                               title="Friday", until_over=lupaus_all_to(1)))
    (game,) = stored.games
    assert (game.id, game.title, len(game.game.deals), game.game.totals()) == (1, "Friday", 19, (13, 180, 192))
    with stored.open() as store:
        (summary,) = store.list_games()
        assert summary.created_at == datetime(2026, 5, 9, 19, 31, tzinfo=timezone.utc)
        assert summary.updated_at == datetime(2026, 5, 9, 19, 50, tzinfo=timezone.utc)


def test_pilot_waits_for_the_app_in_steps_of_two_milliseconds():
    """tests/conftest.py makes Pilot's wait for an idle app look every 2 ms, not every 20 ms
    (a Textual that moved the setting would leave the suite twice as slow without a word)."""
    from textual import _wait

    assert (_wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE) == (0.002, 0.0001)
