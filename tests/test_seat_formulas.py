"""Seat formulas (who bids first, who leads, who chooses trump) give a seat at every deal:
seat numbers go round the table, and what can give no seat at all is found by rules check,
not in play (issue: what passes rules check is at play at most a refused entry)."""

from __future__ import annotations

import pytest

from scorekeeper.game.game import Game
from scorekeeper.game.limits import limit_problems
from scorekeeper.rules.ruleset import parse_ruleset_text

ROUND = """\
id = "round"
name = "Round"
description = "Seats from formulas."
deck = 52

[players]
min = 3
max = 4

[[deals.plan]]
cards = 5
repeat = 6

[seats]
first_bidder = "{first}"
leader = "{leader}"

[[trump]]
id = "chosen"
kind = "choose"
seat = "{chooser}"
field = "suit"

[fields.suit]
scope = "deal"
type = "suit"
optional = true

[fields.bid]
type = "int"
min = 0
max = "cards"

[score]
value = "bid"
"""


def ruleset(first: str = "forehand", leader: str = "forehand", chooser: str = "dealer"):
    rs, problems = parse_ruleset_text(ROUND.format(first=first, leader=leader, chooser=chooser), "round.toml")
    assert problems == []
    return rs


def test_seats_past_the_last_go_on_from_the_first():
    # 3 players: deal 3 is dealt by seat 3, so dealer + 1 is seat 1 and dealer + 2 is seat 2
    game = Game(ruleset(first="dealer + 2", leader="dealer + 1", chooser="dealer + 4"), ["Anna", "Ben", "Cara"], {})
    info = game.info(3)
    assert info.dealer == 3
    assert info.bidding_order == (2, 3, 1)
    assert info.leader == 1
    assert info.trump.seat == 1  # 3 + 4 = 7 -> 1 (two rounds and one seat)
    assert limit_problems(game.ruleset, "round.toml") == []


def test_seats_below_the_first_go_back_from_the_last():
    game = Game(ruleset(first="-1", leader="0", chooser="dealer - 3"), ["Anna", "Ben", "Cara", "Dan"], {})
    info = game.info(1)
    assert info.bidding_order == (3, 4, 1, 2)  # -1 is the seat before the last of four
    assert info.leader == 4  # 0 is the last seat
    assert info.trump.seat == 2  # dealer 1 - 3 = -2 -> seat 2


@pytest.mark.parametrize("key, first, leader, chooser, value", [
    ("seats.first_bidder", "deal / 4", "forehand", "dealer", "0.25"),
    ("seats.leader", "forehand", "1.5", "dealer", "1.5"),
])
def test_a_seat_formula_that_gives_no_whole_number_is_a_rules_check_problem(key, first, leader, chooser, value):
    problems = limit_problems(ruleset(first, leader, chooser), "round.toml")
    assert [str(p) for p in problems] == [
        f"round.toml: {key}: '{first if key.endswith('bidder') else leader}' must give a whole number, a seat "
        f"(they go round the table: 3 + 1 is seat 1), got {value}"]


def test_a_whole_float_is_the_seat_it_names():
    game = Game(ruleset(first="deal / 1"), ["Anna", "Ben", "Cara"], {})
    assert game.info(2).bidding_order == (2, 3, 1)


def test_an_empty_leader_names_no_seat_and_no_formula_may_read_it():
    """``leader = ""``: the rules name no seat that leads (Hearts: the holder of the two of
    clubs). The deal tells no leader; a formula reading ``leader`` is refused at its key."""
    game = Game(ruleset(leader=""), ["Anna", "Ben", "Cara"], {})
    assert game.ruleset.leader is None
    assert game.info(1).leader is None
    assert limit_problems(game.ruleset, "round.toml") == []
    game.record({"bid": [1, 2, 3]})
    assert list(game.totals()) == [1, 2, 3]
    rs, problems = parse_ruleset_text(ROUND.format(first="leader", leader="", chooser="dealer"), "round.toml")
    assert rs is None
    assert [str(p) for p in problems] == [
        "round.toml: seats.first_bidder: 'leader' names no seat in these rules "
        "([seats] leader is empty: their texts say who leads)"]
