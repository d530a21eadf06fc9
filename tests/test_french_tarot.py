"""French Tarot as data: the example sheet replays to its hand-computed totals (the French
federation's scoring: the points needed by the oudlers, 25 + the difference, the contract's
multiplier, petit au bout, poignées, chelem), the boundaries of the contract are where the rules
put them, and every deal adds up to zero at 3, 4 and 5 players."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.game.game import Game
from scorekeeper.game.sheet import load_sheet
from scorekeeper.rules.ruleset import check_file, load_ruleset

REPO = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Ben", "Cara", "Dan", "Eve"]


def test_the_ruleset_passes_rules_check_with_its_translations():
    assert check_file(REPO / "rulesets" / "french-tarot.toml") == []


def test_the_example_sheet_replays_to_its_hand_computed_totals():
    game = load_sheet(REPO / "examples" / "french-tarot.toml")
    assert [r.scores for r in game.results()] == [
        (318, -106, -106, -106), (38, -114, 38, 38), (0, 0, 0, 0), (-100, -100, -100, 300),
        (1062, -354, -354, -354), (-580, 1740, -580, -580), (66, 66, -198, 66), (150, 150, 150, -450)]
    assert game.totals() == (954, 1282, -1150, -1086)
    assert game.is_over and game.winners == ["Ben"]


def one(deal: dict, players: int = 4) -> tuple:
    game = Game(load_ruleset("french-tarot"), PLAYERS[:players])
    return game.record(deal).scores


@pytest.mark.parametrize(("bouts", "points", "unit"), [
    (0, 56, 25), (0, 55, -26),      # no oudler: 56 needed
    (1, 51, 25), (1, 50, -26),      # one: 51
    (2, 41, 25), (2, 40, -26),      # two: 41
    (3, 36, 25), (3, 35, -26),      # three: 36
    (3, 91, 80),                    # 55 over
])
def test_the_points_needed_go_by_the_oudlers(bouts, points, unit):
    assert one({"contract": "petite", "taker": 1, "bouts": bouts, "points": points}) == (3 * unit, -unit, -unit, -unit)


@pytest.mark.parametrize(("contract", "unit"), [("petite", 30), ("garde", 60), ("sans", 120), ("contre", 180)])
def test_the_contract_multiplies_the_deal(contract, unit):
    assert one({"contract": contract, "taker": 2, "bouts": 2, "points": 46}) == (-unit, 3 * unit, -unit, -unit)


def test_the_petit_au_bout_goes_to_the_side_that_won_it_whatever_the_result():
    # a garde lost by 4 with the petit au bout won by the taker's side: (-29 + 10) x 2 = -38
    assert one({"contract": "garde", "taker": 1, "bouts": 1, "points": 47, "petit": "takers"}) == (-114, 38, 38, 38)
    # won by 4 with the petit lost: (29 - 10) x 2 = 38
    assert one({"contract": "garde", "taker": 1, "bouts": 1, "points": 55, "petit": "defenders"}) == (114, -38, -38, -38)


def test_a_poignee_goes_to_the_winning_side_unmultiplied():
    deal = {"contract": "sans", "taker": 1, "bouts": 2, "points": 41}
    assert one({**deal, "poignee": "triple"}) == (3 * 140, -140, -140, -140)          # 100 + 40
    assert one({**deal, "points": 40, "poignee": "double"}) == (3 * -134, 134, 134, 134)  # -104 - 30


def test_a_chelem_made_unannounced_is_200():
    assert one({"contract": "petite", "taker": 1, "bouts": 3, "points": 91, "slam": True}) == (3 * 280, -280, -280, -280)


def test_at_three_players_the_taker_gets_it_twice():
    assert one({"contract": "garde", "taker": 3, "bouts": 2, "points": 51}, players=3) == (-70, -70, 140)


def test_at_five_the_called_partner_gets_it_once_and_the_taker_twice_or_four_times_alone():
    deal = {"contract": "garde", "taker": 1, "bouts": 2, "points": 51}
    assert one({**deal, "partner": 4}, players=5) == (140, -70, -70, 70, -70)
    assert one({**deal, "partner": 1}, players=5) == (280, -70, -70, -70, -70)
    assert one({**deal, "points": 31, "partner": 4}, players=5) == (-140, 70, 70, -70, 70)   # 10 short


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_deal_adds_up_to_zero(players):
    deal = {"contract": "contre", "taker": 2, "bouts": 1, "points": 60, "petit": "defenders",
            "poignee": "double", "chelem": True}
    if players == 5:
        deal["partner"] = 3
    assert sum(one(deal, players)) == 0
