"""The variants tables play, as house rules of the built-in games, each scored exactly as its
source says: Spades' failed nil counting toward the side's bid (OpenSpiel's scoring tests),
Five Hundred's 490 cap for a side that did not bid and the tricks a failed misère gives the
opponents, Skat's null game below the bid lost as an overbid game."""

from __future__ import annotations

import pytest

from scorekeeper.game.game import Game
from scorekeeper.rules.ruleset import check_file, load_ruleset
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOUR = ["Anna", "Ben", "Cara", "Dan"]


@pytest.mark.parametrize("game", ["spades", "five-hundred", "skat"])
def test_the_rulesets_with_their_variants_pass_rules_check(game):
    assert check_file(REPO / "rulesets" / f"{game}.toml") == []


# --- Spades: the tricks of a failed nil -------------------------------------------------------

def spades(deals, **options):
    game = Game(load_ruleset("spades"), FOUR, options)
    return [game.record({"bid": bids, "tricks": tricks}).scores for bids, tricks in deals]


# OpenSpiel's spades_test.cc ScoringTests, in its seat order (players 0..3 are seats 1..4;
# partnership 0 is seats 1 and 3). Its score 99 before a deal is 9 bags carried in: here a
# first deal gives that side 9 bags (bids 1 and 1, tricks 6 and 5: 20 + 9).
NINE_BAGS_1 = ([1, 1, 1, 1], [6, 1, 5, 1])
NINE_BAGS_2 = ([1, 1, 1, 1], [1, 6, 1, 5])


@pytest.mark.parametrize(("deals", "side", "score"), [
    ([([4, 5, 5, 0], [5, 3, 5, 0])], 0, 91),
    ([([13, 5, 0, 1], [4, 6, 1, 2])], 0, -230),
    ([NINE_BAGS_1, ([3, 3, 3, 2], [4, 2, 5, 2])], 0, -37),
    ([NINE_BAGS_2, ([2, 3, 3, 3], [2, 4, 2, 5])], 1, -37),
])
def test_a_failed_nils_tricks_toward_the_bid_agree_with_openspiels_scoring_tests(deals, side, score):
    assert spades(deals, nil_tricks="contract")[-1][side] == score


def test_the_failed_nil_differs_between_the_two_rules_exactly_where_it_should():
    """Bids 4 and nil, tricks 3 and 2 (5 in all): toward the bid it is made with 1 bag
    (40 + 1 - 100 = -59); as bags it is set by 1 (-40 + 2 bags - 100 = -138)."""
    deal = [([4, 2, 0, 2], [3, 4, 2, 4])]
    assert spades(deal, nil_tricks="contract")[0][0] == -59
    assert spades(deal)[0][0] == -138


# --- Five Hundred: the 490 cap and the opponents of a failed misère ----------------------------

def five_hundred(deals, scores=None, **options):
    game = Game(load_ruleset("five-hundred"), FOUR, options, scores=scores)
    for deal in deals:
        game.record(deal)
    return game


SIX_SPADES_MADE = {"declarer": 1, "strain": "spades", "level": 6, "tricks": 6}   # 40; the others 40


def test_a_side_that_did_not_bid_stops_at_490_and_wins_only_by_its_bid():
    game = five_hundred([SIX_SPADES_MADE], scores=[0, 480], bid_out=True)
    assert game.totals() == (40, 490) and not game.is_over
    game.record(SIX_SPADES_MADE)                      # its tricks add nothing past 490
    assert game.totals() == (80, 490) and not game.is_over
    game.record({"declarer": 2, "strain": "spades", "level": 6, "tricks": 6})   # its own bid: 530
    assert game.totals() == (120, 530) and game.is_over and game.winners == ["Ben & Dan"]


def test_without_the_cap_the_same_tricks_win_the_game():
    game = five_hundred([SIX_SPADES_MADE], scores=[0, 480])
    assert game.totals() == (40, 520) and game.is_over and game.winners == ["Ben & Dan"]


def test_the_cap_is_10_short_of_the_tables_game_and_leaves_the_bidders_and_lower_scores_alone():
    assert five_hundred([SIX_SPADES_MADE], scores=[0, 280], bid_out=True, game_to=300).totals() == (40, 290)
    assert five_hundred([SIX_SPADES_MADE], scores=[0, 400], bid_out=True).totals() == (40, 440)
    # the bidders' own points are not capped: 8 no trumps made from 480 is 920
    eight_nt = {"declarer": 1, "strain": "notrump", "level": 8, "tricks": 8}
    assert five_hundred([eight_nt], scores=[480, 0], bid_out=True).totals() == (800, 20)


MISERE_LOST = {"declarer": 1, "strain": "misere", "tricks": 2}


def test_the_opponents_of_a_failed_misere_score_10_for_each_trick_the_bidder_took():
    assert five_hundred([MISERE_LOST], misere_tricks=True).totals() == (-250, 20)
    assert five_hundred([MISERE_LOST]).totals() == (-250, 0)
    made = {"declarer": 1, "strain": "misere", "tricks": 0}
    assert five_hundred([made], misere_tricks=True).totals() == (250, 0)
    # and the cap holds for those points too
    assert five_hundred([MISERE_LOST], scores=[0, 480], misere_tricks=True, bid_out=True).totals() == (-250, 490)


# --- Skat: a null game announced below the bid -------------------------------------------------

THREE = ["Anna", "Ben", "Cara"]


def null(bid, took_trick=False, hand=False, announced="nothing", **options):
    game = Game(load_ruleset("skat"), THREE, options)
    return game.record({"game": "null", "declarer": 1, "bid": bid, "hand": hand, "announced": announced,
                        "took_trick": took_trick}).scores


def test_by_the_isko_a_null_game_below_the_bid_cannot_be_announced():
    from scorekeeper.game.game import IllegalEntry

    with pytest.raises(IllegalEntry):
        null(24)


@pytest.mark.parametrize(("bid", "hand", "announced", "overbid", "own"), [
    (24, False, "nothing", -92, -46),   # 23 below 24: 46 reaches it; JSkat's testOverbid: -46
    (36, True, "nothing", -140, -70),   # null hand 35 below 36: 70
    (60, True, "ouvert", -236, -118),   # null ouvert hand 59 below 60: 118
    (48, False, "ouvert", -184, -92),   # null ouvert 46 below 48: 92
])
def test_a_null_game_below_the_bid_played_is_lost_as_the_table_agreed(bid, hand, announced, overbid, own):
    """Lost even without a trick taken; the lost value doubled (the ISkO since 1999)."""
    assert null(bid, hand=hand, announced=announced, null_below_bid="lost-overbid") == (overbid, 0, 0)
    assert null(bid, hand=hand, announced=announced, null_below_bid="lost-own") == (own, 0, 0)


def test_a_null_game_that_reaches_the_bid_scores_as_before_under_either_rule():
    for rule in ("refused", "lost-overbid", "lost-own"):
        assert null(23, null_below_bid=rule) == (23, 0, 0)
        assert null(23, took_trick=True, null_below_bid=rule) == (-46, 0, 0)
