"""Tysiąc as data: the example sheet (a game continued from paper) replays to its hand-computed
totals as zagraj.pl's rules score it: the bid won or lost by the declarer, the others' points
rounded to ten, nothing but a bid won above 800, and at four players the musik of the one
sitting out."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.game.game import Game, IllegalEntry
from scorekeeper.game.sheet import load_sheet
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import check_file, load_ruleset

REPO = Path(__file__).resolve().parents[1]
THREE = ["Anna", "Ben", "Cara"]


def test_the_ruleset_passes_rules_check_with_its_translations():
    assert check_file(REPO / "rulesets" / "tysiac.toml") == []


def test_the_example_sheet_replays_to_its_hand_computed_totals():
    game = load_sheet(REPO / "examples" / "tysiac.toml")
    assert [r.scores for r in game.results()] == [(120, 30, 20), (0, -110, 60), (0, 30, -100), (130, 20, 20)]
    assert game.totals() == (1010, 570, 410)
    assert game.is_over and game.winners == ["Anna"]


def one(deal, scores=None, players=THREE, **options):
    game = Game(load_ruleset("tysiac"), players, options, scores=scores)
    return game.record(deal).scores


@pytest.mark.parametrize(("points", "marriage", "score"), [(100, 0, 100), (99, 0, -100), (40, 60, 100), (39, 60, -100)])
def test_the_declarer_scores_the_bid_when_card_points_and_marriages_reach_it(points, marriage, score):
    deal = {"declarer": 1, "bid": 100, "card_points": [points, 120 - points, 0], "marriages": [marriage, 0, 0]}
    assert one(deal)[0] == score


@pytest.mark.parametrize(("points", "counted"), [(34, 30), (35, 40), (36, 40), (0, 0), (5, 10), (4, 0)])
def test_the_others_points_are_rounded_to_ten_a_five_up(points, counted):
    deal = {"declarer": 1, "bid": 100, "card_points": [120 - points, points, 0]}
    assert one(deal)[1] == counted


def test_above_800_only_a_bid_won_scores():
    deal = {"declarer": 1, "bid": 100, "card_points": [50, 40, 30], "marriages": [60, 0, 0]}
    assert one(deal, scores=[0, 810, 800]) == (100, 0, 30)        # Ben above 800 scores nothing; Cara at 800 does
    lost = {"declarer": 2, "bid": 120, "card_points": [50, 40, 30]}
    assert one(lost, scores=[0, 810, 0]) == (50, -120, 30)        # a bid lost still costs
    assert one(deal, scores=[0, 810, 800], limit=0) == (100, 40, 30)   # no limit at this table


def test_at_four_the_dealer_sits_out_and_scores_the_musik():
    players = ["Anna", "Ben", "Cara", "Dan"]
    deal = {"declarer": 2, "bid": 110, "card_points": [None, 70, 30, 20], "marriages": [None, 40, 0, 0], "musik": 90}
    assert one(deal, players=players) == (90, 110, 30, 20)   # Anna deals first: 40 + 50 in the musik


@pytest.mark.parametrize(("deal", "key", "words"), [
    ({"declarer": 1, "bid": 105, "card_points": [60, 30, 30]}, "bid", "not '105'"),
    ({"declarer": 1, "bid": 100, "card_points": [60, 30, 30], "marriages": [50, 0, 0]}, "marriages", "not '50'"),
])
def test_what_cannot_have_happened_is_refused_with_the_reason(deal, key, words):
    game = Game(load_ruleset("tysiac"), THREE)
    with pytest.raises(IllegalEntry) as refused:
        game.record(deal)
    assert words in show(refused.value.issues[0].message) and refused.value.issues[0].field == key


def test_card_points_that_do_not_add_up_to_120_are_refused():
    """The deck holds 120 card points among the three who play: a sum of 110 is a miscount or a
    typo, refused with the sum, and nothing is recorded; the sum of 120 is taken."""
    game = Game(load_ruleset("tysiac"), THREE)
    with pytest.raises(IllegalEntry) as refused:
        game.record({"declarer": 1, "bid": 100, "card_points": [60, 30, 20]})
    assert [(show(i.message), i.level, i.field) for i in refused.value.issues] == [
        ("the card points add up to 110, not 120", "error", "card_points")]
    assert game.deals == []
    assert game.record({"declarer": 1, "bid": 100, "card_points": [60, 30, 30]}).scores == (-100, 30, 30)


def _game(scores=None, **options) -> Game:
    return Game(load_ruleset("tysiac"), THREE, options, scores=scores)


# A deal of Cara's bid of 100 made with 100 card points: Anna and Ben take 10 each (10 points).
CARA_MAKES = {"declarer": 3, "bid": 100, "card_points": [10, 10, 100]}


def test_a_total_reaching_880_is_written_as_880_on_the_barrel():
    """Ben at 860 plays 110 and makes it: 970 is written as 880 (+20); at 1000 or more he wins."""
    game = _game(scores=[0, 860, 0])
    ben = {"declarer": 2, "bid": 110, "card_points": [5, 110, 5]}
    assert game.record(ben).scores == (10, 20, 10)
    assert game.totals()[1] == 880
    assert _game(scores=[0, 890 - 110, 0]).record(ben).scores[1] == 100  # 780 + 110 = 890: written as 880
    assert _game(scores=[0, 860, 0], barrel=0, limit=0).record(ben).scores[1] == 110  # no barrel at this table


def test_three_deals_on_the_barrel_without_the_game_cost_120():
    """Ben on the barrel (880) scores only a bid he wins; after the third deal without it he falls to 760."""
    game = _game(scores=[0, 880, 0])
    for _ in range(2):
        assert game.record(CARA_MAKES).scores == (10, 0, 100)
    assert [r.carried["barrel_deals"][1] for r in game.results()] == [1, 2]
    assert game.record(CARA_MAKES).scores == (10, -120, 100)
    assert game.totals()[1] == 760 and game.results()[-1].carried["barrel_deals"][1] == 0
    # a bid won on the barrel reaches the game: 880 + 120 = 1000
    won = _game(scores=[0, 880, 0])
    for _ in range(2):
        won.record(CARA_MAKES)
    assert won.record({"declarer": 2, "bid": 120, "card_points": [0, 120, 0]}).scores[1] == 120
    assert won.is_over and won.winners == ["Ben"]


def test_a_bid_lost_on_the_barrel_is_subtracted_as_usual_and_leaves_the_barrel():
    """pagat.com, 1000: a declarer on the barrel who fails "has the bid subtracted as usual and is
    no longer on the barrel": Ben at 880 plays 120 and takes 60 in his third deal there: 760,
    not 640 (no 120 for falling off besides), and his count of deals on the barrel is 0."""
    game = _game(scores=[0, 880, 0])
    for _ in range(2):
        game.record(CARA_MAKES)
    assert game.record({"declarer": 2, "bid": 120, "card_points": [30, 60, 30]}).scores == (30, -120, 30)
    assert game.totals()[1] == 760 and game.results()[-1].carried["barrel_deals"][1] == 0


def test_the_third_zero_costs_120():
    """Anna scores nothing in three deals (4 card points round to 0): the third costs 120, the count starts again."""
    game = _game()
    nothing = {"declarer": 3, "bid": 100, "card_points": [4, 16, 100]}
    assert [game.record(nothing).scores[0] for _ in range(3)] == [0, 0, -120]
    assert [r.carried["zeros"][0] for r in game.results()] == [1, 2, 0]
    assert _game(three_zeros=False).record(nothing).scores[0] == 0
    off = _game(three_zeros=False)
    assert [off.record(nothing).scores[0] for _ in range(3)] == [0, 0, 0]
