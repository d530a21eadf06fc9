"""Sessions: which session a new game joins, and the session's standing, worked out by hand.

Lupaus, three players, default options: 19 deals; a deal where everyone bids 0 and one
player takes every trick gives the other two 10 each (190 over the game) and the one 0.
Whist: seats 1 and 3 taking all 13 tricks score 7 and win the game (to 7) at once.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest
from helpers.stores import Clock, lupaus_all_to

from scorekeeper.game.game import Game
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import SESSION_IDLE, Store, StoreError
from scorekeeper.reports.sessions import session_report, session_reports, session_standings
from scorekeeper.reports.stats import GameFacts

T0 = datetime(2026, 5, 9, 18, 0, tzinfo=timezone.utc)


def hand_clock() -> Clock:
    """A clock the test moves by hand (``clock.at(hours)``), at T0 until then."""
    return Clock(T0, step=timedelta(0))


def lupaus():
    return load_ruleset("lupaus")


def play_out(stored, seat: int) -> None:
    while not stored.game.is_over:
        stored.record(lupaus_all_to(seat)(stored.game))


# --- which session a game joins -----------------------------------------------------------------


def test_the_first_game_starts_a_session(tmp_path):
    clock = hand_clock()
    with Store(tmp_path / "s.db", clock=clock) as store:
        assert store.current_session() is None and store.sessions() == []
        g = store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"])
        s = store.current_session()
        assert (s.id, s.started_at, s.title, s.last_active, s.game_ids) == (1, T0, None, T0, (g.id,))


def test_games_join_the_session_while_it_is_active(tmp_path):
    """Active = started, or a game of it had an entry, at most 12 hours ago (12 h exactly still joins)."""
    clock = hand_clock()
    with Store(tmp_path / "s.db", clock=clock) as store:
        g1 = store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"])  # 0 h: session 1
        clock.at(1)
        store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"])  # 1 h: joins
        clock.at(5)
        g1.record(lupaus_all_to(1)(g1.game))  # 5 h: the session is active
        clock.at(17)
        store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"])  # 12 h after the entry: joins
        clock.at(29.01)
        assert store.current_session() is None  # 12 h 0.6 min after the last game started
        store.new_game(lupaus(), "lupaus", ["Dan", "Eve", "Fay"])  # a new session
        assert [(s.id, s.game_ids) for s in store.sessions()] == [(2, (4,)), (1, (1, 2, 3))]
        assert store.session(1).last_active == T0 + timedelta(hours=17)
    assert SESSION_IDLE == timedelta(hours=12)


def test_a_new_session_on_request(tmp_path):
    clock = hand_clock()
    with Store(tmp_path / "s.db", clock=clock) as store:
        store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"])
        clock.at(0.5)
        store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"], new_session=True)
        clock.at(1)
        friday = store.new_session("Friday <night>")
        assert (friday.id, friday.title, friday.started_at, friday.game_ids) == (3, "Friday <night>", clock.now, ())
        assert store.current_session() == friday
        clock.at(2)
        store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"])
        assert [(s.id, s.title, s.game_ids) for s in store.sessions()] == [
            (3, "Friday <night>", (3,)), (2, None, (2,)), (1, None, (1,))]


def test_only_the_newest_session_is_joined(tmp_path):
    """An old session with a fresh entry (a game resumed) is not joined: the newest session is stale."""
    clock = hand_clock()
    with Store(tmp_path / "s.db", clock=clock) as store:
        old = store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"])
        store.new_game(lupaus(), "lupaus", ["Dan", "Eve", "Fay"], new_session=True)
        clock.at(20)
        old.record(lupaus_all_to(1)(old.game))
        assert store.current_session() is None
        g = store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"])
        assert store.current_session().game_ids == (g.id,) and store.current_session().id == 3


def test_imports_belong_to_no_session_unless_told(tmp_path):
    with Store(tmp_path / "s.db", clock=hand_clock()) as store:
        game = Game(lupaus(), ["Anna", "Ben", "Cara"])
        gid = store.create_game(game, "lupaus")
        assert store.sessions() == []
        s = store.new_session()
        other = store.create_game(game, "lupaus", session_id=s.id)
        assert store.session(s.id).game_ids == (other,)
        assert gid not in store.session(s.id).game_ids
        with pytest.raises(StoreError, match=r"s\.db: there is no session 7$"):
            store.create_game(game, "lupaus", session_id=7)
        assert len(store.list_games()) == 2  # nothing stored by the refused one


def test_a_missing_session_is_reported(tmp_path):
    with Store(tmp_path / "s.db") as store:
        with pytest.raises(StoreError, match=r"s\.db: there is no session 4$"):
            store.session(4)
        with pytest.raises(StoreError, match=r"s\.db: there are no sessions yet"):
            session_report(store)


# --- the standing -------------------------------------------------------------------------------


def build_session(store: Store, clock: Clock) -> None:
    """Session 1:

    G1 Lupaus Anna Ben Cara, Anna takes every trick: Anna 0, Ben 190, Cara 190 (Ben, Cara win).
    G2 Lupaus cara Anna Dan, Dan takes every trick:  cara 190, Anna 190, Dan 0 (cara, Anna win).
    G3 Whist Anna Ben Cara Dan, Anna & Cara 13 tricks: 7 to 0 (Anna and Cara win).
    G4 Lupaus Ben Cara Dan, one deal (in progress: counts for nothing but in_progress).
    """
    play_out(store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"]), 1)
    play_out(store.new_game(lupaus(), "lupaus", ["cara", "Anna", "Dan"]), 3)
    store.new_game(load_ruleset("whist"), "whist", ["Anna", "Ben", "Cara", "Dan"]).record({"tricks": 13})
    store.new_game(lupaus(), "lupaus", ["Ben", "Cara", "Dan"]).record({"bid": [3, 4, 2], "tricks": [3, 5, 2]})
    clock.at(20)
    play_out(store.new_game(lupaus(), "lupaus", ["Anna", "Ben", "Cara"]), 2)  # session 2


def test_the_session_standing(tmp_path):
    """Games won, then Lupaus points, then Whist points: Cara 3 won, Anna 2, Ben 1, Dan 0."""
    clock = hand_clock()
    with Store(tmp_path / "s.db", clock=clock) as store:
        build_session(store, clock)
        report = session_report(store, 1)
    assert [g.id for g in report.games] == [1, 2, 3, 4]
    assert [(r.id, r.name, r.winner) for r in report.rulesets] == [("lupaus", "Lupaus", "highest"),
                                                                   ("whist", "Whist", "highest")]
    assert [line.as_dict() for line in report.standings] == [
        {"rank": 1, "name": "Cara", "played": 3, "won": 3, "in_progress": 1, "points": {"lupaus": 380, "whist": 7}},
        {"rank": 2, "name": "Anna", "played": 3, "won": 2, "in_progress": 0, "points": {"lupaus": 190, "whist": 7}},
        {"rank": 3, "name": "Ben", "played": 2, "won": 1, "in_progress": 1, "points": {"lupaus": 190, "whist": 0}},
        {"rank": 4, "name": "Dan", "played": 2, "won": 0, "in_progress": 1, "points": {"lupaus": 0, "whist": 0}},
    ]
    assert report.skipped == []


def test_without_an_id_the_newest_session(tmp_path):
    """Session 2: Ben takes every trick: Anna 190, Cara 190 win; Ben 0."""
    clock = hand_clock()
    with Store(tmp_path / "s.db", clock=clock) as store:
        build_session(store, clock)
        report = session_report(store)
        everything = session_reports(store)
    assert report.session.id == 2
    assert [(line.rank, line.name, line.won, line.points) for line in report.standings] == [
        (1, "Anna", 1, {"lupaus": 190}), (1, "Cara", 1, {"lupaus": 190}), (3, "Ben", 0, {"lupaus": 0})]
    assert [r.session.id for r in everything] == [2, 1]
    assert everything[0] == report


def test_the_session_document(tmp_path):
    clock = hand_clock()
    with Store(tmp_path / "s.db", clock=clock) as store:
        build_session(store, clock)
        doc = session_report(store, 2).as_dict()
    assert doc == {
        "id": 2, "title": None, "started_at": "2026-05-10T14:00:00+00:00", "last_active": "2026-05-10T14:00:00+00:00",
        "games": [5], "rulesets": [{"id": "lupaus", "name": "Lupaus"}],
        "standings": [
            {"rank": 1, "name": "Anna", "played": 1, "won": 1, "in_progress": 0, "points": {"lupaus": 190}},
            {"rank": 1, "name": "Cara", "played": 1, "won": 1, "in_progress": 0, "points": {"lupaus": 190}},
            {"rank": 3, "name": "Ben", "played": 1, "won": 0, "in_progress": 0, "points": {"lupaus": 0}},
        ],
        "skipped": [],
    }


def facts(game_id, ruleset, players, totals, won, winner="highest", finished=True):
    return GameFacts(game_id, ruleset, ruleset.title(), winner, tuple(players), finished, tuple(totals),
                     (1,) * len(players), tuple(won), None)


def test_equal_wins_are_parted_by_points_within_a_ruleset():
    """1 win each; in 'a' B has more points; in 'low' (lowest total wins) fewer points rank first."""
    _, lines = session_standings([
        facts(1, "a", ["A", "B"], [10, 30], [True, False]),
        facts(2, "a", ["A", "B"], [10, 5], [False, True]),
    ])
    assert [(line.rank, line.name) for line in lines] == [(1, "B"), (2, "A")]
    _, lines = session_standings([
        facts(1, "low", ["A", "B"], [10, 30], [True, False], "lowest"),
        facts(2, "low", ["A", "B"], [10, 5], [False, True], "lowest"),
    ])
    assert [(line.rank, line.name, line.points) for line in lines] == [(1, "A", {"low": 20}), (2, "B", {"low": 35})]


def test_points_of_different_rulesets_are_never_added():
    """A has 100 in 'a', B 60 in 'a' and 500 in 'b': equal wins, so 'a' (played first) decides: A first."""
    _, lines = session_standings([
        facts(1, "a", ["A", "B"], [100, 60], [True, False]),
        facts(2, "b", ["A", "B"], [0, 500], [False, True]),
    ])
    assert [(line.rank, line.name, line.points) for line in lines] == [
        (1, "A", {"a": 100, "b": 0}), (2, "B", {"a": 60, "b": 500})]


def test_players_equal_in_everything_share_a_rank():
    _, lines = session_standings([facts(1, "a", ["B", "a", "C"], [5, 5, 1], [True, True, False])])
    assert [(line.rank, line.name) for line in lines] == [(1, "a"), (1, "B"), (3, "C")]


def test_a_sessions_games_are_named_in_the_current_language(tmp_path):
    from scorekeeper.i18n import using_language

    with Store(tmp_path / "s.db") as store:
        store.new_game(load_ruleset("whist"), "whist", ["Anna", "Ben", "Cara", "Dan"])
        store.new_game(load_ruleset("romanian-whist"), "romanian-whist", ["Anna", "Ben", "Cara"])
        assert [r.name for r in session_report(store).rulesets] == ["Whist", "Romanian whist"]
        with using_language("pl"):
            assert [r.name for r in session_report(store).rulesets] == ["Wist", "Wist rumuński"]


def test_fractional_points_are_shown_as_the_ruleset_shows_its_totals(tmp_path):
    """Two Preferans pools of the example sheet (totals 76/3, 100/3, -176/3 each): the sums of
    thirds are shown to the ruleset's [score] digits, 50.67 66.67 -117.33, not 50.66666666666669."""
    import tomllib
    from pathlib import Path

    sheet = tomllib.loads((Path(__file__).resolve().parents[1] / "examples" / "preferans.toml").read_text())
    with Store(tmp_path / "s.db", clock=hand_clock()) as store:
        for _ in range(2):
            stored = store.new_game(load_ruleset("preferans"), "preferans", ["Anna", "Ben", "Cara"],
                                    sheet["options"])
            for deal in sheet["deals"]:
                stored.record(deal)
            assert stored.game.is_over
        report = session_report(store)
    assert [(line.name, line.won, line.points) for line in report.standings] == [
        ("Ben", 2, {"preferans": 66.67}), ("Anna", 0, {"preferans": 50.67}), ("Cara", 0, {"preferans": -117.33})]
