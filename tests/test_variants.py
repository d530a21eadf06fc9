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
