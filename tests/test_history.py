"""Looking back on stored games: the list, one game, and re-scoring under other options.

Lupaus, three players, default options (10 + bid when exact, else 0):
    D1 10 cards, Anna deals: bids 3 4 2, tricks 3 5 2 -> 13  0 12
    D2  9 cards, Ben deals:  bids 2 2 3, tricks 2 4 3 -> 12  0 13
    D3  8 cards, Cara deals: bids 0 5 1, tricks 0 5 3 -> 10 15  0     totals 35 15 25
With tricks-plus-ten (1 per trick, +10 when exact): 13+12+10, 5+4+15, 12+13+3 = 35 24 28.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone

import pytest
from helpers.stores import Clock

from scorekeeper.game.engine import Issue
from scorekeeper.game.game import Game
from scorekeeper.game.sheet import OptionError
from scorekeeper.i18n import show
from scorekeeper.messages import Message
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import GameSummary, Store, StoreError
from scorekeeper.reports.history import history, load_game, what_if

D1 = {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}
D2 = {"bid": [2, 2, 3], "tricks": [2, 4, 3], "turned": "spades"}
D3 = {"bid": [0, 5, 1], "tricks": [0, 5, 3]}
LUPAUS_OPTIONS = ("scoring, miss, zero_bid, schedule, max_cards, trump_rule, fixed_suit, "
                  "no_trump_when_all_dealt, dealer_restriction, simultaneous, forehead")


def at(minute):
    return datetime(2026, 5, 9, 19, 30 + minute, tzinfo=timezone.utc)


def entry_rows(path):
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT * FROM entries ORDER BY game_id, seq").fetchall(), \
            conn.execute("SELECT * FROM games ORDER BY id").fetchall()
    finally:
        conn.close()


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "s.db", clock=Clock()) as store:
        g = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"], title="Friday")  # 19:31
        for d in (D1, D2, D3):
            g.record(d)  # 19:32 .. 19:34
        w = store.new_game(load_ruleset("whist"), "whist", ["N", "E", "S", "W"])  # 19:35
        w.record({"tricks": 12, "turned": "clubs"})  # 19:36: N & S 6
        w.record({"tricks": 7, "turned": "hearts"})  # 19:37: N & S 7, the game is over
        yield store


def test_history_lists_finished_and_unfinished_games(store):
    assert history(store) == [
        GameSummary(2, None, "whist", "Whist", ("N", "E", "S", "W"), at(5), at(7), 2, None, True, ["N & S"]),
        GameSummary(1, "Friday", "lupaus", "Lupaus", ("Anna", "Ben", "Cara"), at(1), at(4), 3, 19, False, []),
    ]


def test_load_game_rebuilds_a_stored_game(store):
    stored = load_game(store, 1)
    assert (stored.id, stored.title, stored.game.totals(), len(stored.game.deals)) == (1, "Friday", (35, 15, 25), 3)
    with pytest.raises(StoreError, match=r"s\.db: there is no game 9$"):
        load_game(store, 9)


def test_what_if_rescoring_under_other_options(store):
    stored = load_game(store, 1)
    game, refused = what_if(stored, {"scoring": "tricks-plus-ten"})
    assert (game.totals(), refused) == ((35, 24, 28), [])
    assert game.options["scoring"] == "tricks-plus-ten" and game.options["dealer_restriction"] is True
    assert [r.scores for r in game.results()] == [(13, 5, 12), (12, 4, 13), (10, 15, 3)]
    assert stored.game.totals() == (35, 15, 25) and stored.game.options["scoring"] == "ten-plus-bid"


def test_what_if_never_changes_the_store(store):
    path = store.path
    before = entry_rows(path)
    what_if(load_game(store, 1), {"scoring": "ten-per-trick", "zero_bid": "five"})
    what_if(load_game(store, 2), {"game_to": "5"})
    assert entry_rows(path) == before


def test_what_if_accepts_a_game_too(store):
    game, refused = what_if(load_game(store, 1).game, {"scoring": "tricks-plus-ten"})
    assert game.totals() == (35, 24, 28)


def test_deals_that_break_a_rule_are_listed_and_still_counted(tmp_path):
    """Played without the dealer rule, deal 2's bids 2 4 3 total the 9 cards; with it, deal 2 is listed.

    Deal 2 is still scored: Anna 12, Ben 4/4 -> 14, Cara 13: totals 35 29 25, as played.
    """
    with Store(tmp_path / "s.db") as store:
        g = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"], {"dealer_restriction": False})
        for d in (D1, {**D2, "bid": [2, 4, 3]}, D3):
            g.record(d)
        game, refused = what_if(g, {"dealer_restriction": "yes"})
    assert refused == [(2, [Issue("error", "Dealer Ben may not bid 4: the bids would total 9, the number of tricks",
                                  "bid", 2, "bids-not-total")])]
    assert game.totals() == (35, 29, 25) == g.game.totals()
    assert [r.number for r in game.results()] == [1, 2, 3]


def test_the_type_of_the_deals_listed_is_still_named_by_the_history_module():
    """Refused, the (deal, issues) list what_if gives, is made when asked for (listing games
    imports no engine), and is the type it was."""
    from scorekeeper.reports import history as module

    assert module.Refused == list[tuple[int, list[Issue]]]
    with pytest.raises(AttributeError, match="has no attribute 'Refuse'"):
        module.Refuse


def test_deals_after_the_game_would_have_ended_are_listed(store):
    """Whist to 5: N & S have 6 after deal 1, so the game is over; deal 2 is listed, and counted
    for no one."""
    game, refused = what_if(load_game(store, 2), {"game_to": 5})
    over = Message("engine.game.over", reason=Message("engine.game.ended_after", number=1))
    assert refused == [(2, [Issue("error", over)])]
    assert show(over) == "the game is over; it ended after deal 1"
    assert game.totals() == (6, 0) and game.results()[1].scores == (0, 0)
    assert show(game.results()[1].issues[-1].message) == "deal 2 was played after the game ended at deal 1"


def test_deals_beyond_the_deal_plan_are_listed_and_left_out(tmp_path):
    """A game of 2 deals re-scored as a game of 1: deal 2 is listed and cannot be counted."""
    ruleset = tmp_path / "short.toml"
    ruleset.write_text("""\
id = "short"
name = "Short"
description = "One or two deals."
deck = 52

[players]
min = 2
max = 2

[options.length]
type = "int"
label = "Deals"
default = 2
min = 1
max = 2

[[deals.plan]]
range = [1, "length"]

[fields.points]
scope = "seat"
phase = "play"
type = "int"
label = "Points"
min = 0
max = 10

[score]
value = "points"

[end]
winner = "highest"
""", encoding="utf-8")
    game = Game(load_ruleset(ruleset), ["A", "B"])
    game.record({"points": [1, 2]})
    game.record({"points": [3, 4]})
    other, refused = what_if(game, {"length": 1})
    assert refused == [(2, [Issue("error", Message.plural("engine.no_deal", 1, number=2))])]
    assert show(refused[0][1][0].message) == "the game has 1 deal; there is no deal 2"
    assert other.totals() == (1, 2) and len(other.deals) == 1


@pytest.mark.parametrize(("options", "message"), [
    ({"scorin": "x"}, f"lupaus has no option 'scorin' (did you mean 'scoring'?); its options are: {LUPAUS_OPTIONS}"),
    ({"scoring": "lots"}, "option scoring is one of ten-plus-bid, tricks-plus-ten, ten-per-trick, not 'lots'"),
])
def test_a_bad_option_is_refused_with_its_reason(store, options, message):
    with pytest.raises(OptionError) as exc:
        what_if(load_game(store, 1), options)
    assert str(exc.value) == message


def test_listed_games_name_a_built_in_game_in_the_current_language(tmp_path):
    """The store keeps the English name; a list shows the game's own translation of it,
    and a game of a ruleset file of the table's own keeps the name it was stored with."""
    from scorekeeper.i18n import using_language
    from scorekeeper.reports.history import ruleset_name

    with Store(tmp_path / "s.db") as store:
        store.new_game(load_ruleset("whist"), "whist", ["Anna", "Ben", "Cara", "Dan"])
        (summary,) = history(store)
    assert summary.ruleset_name == "Whist"
    with using_language("fi"):
        assert ruleset_name(summary.ruleset_id, summary.ruleset_name) == "Visti"
    with using_language("pl"):
        assert ruleset_name("romanian-whist", "Romanian whist") == "Wist rumuński"
        assert ruleset_name("whist", "Our whist") == "Our whist"  # not the built-in game's name
        assert ruleset_name("my-game", "My game") == "My game"
    assert ruleset_name(summary.ruleset_id, summary.ruleset_name) == "Whist"
