"""Huutopussi as data: the example sheet replays to its hand-computed totals (pagat.com's
"Huutopussi", Tuomas Korppi's Helsinki version: the declarer's side scores its contract, never
more, or loses it; the other side scores what it took; a side with no trick goes to Porvoo), and
the variations the sources list are house rules that change the totals where they say."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.game.game import Game, IllegalEntry
from scorekeeper.game.sheet import load_sheet
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import check_file, load_ruleset

REPO = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Ben", "Cara", "Dan"]


def test_the_ruleset_passes_rules_check_with_its_translations():
    assert check_file(REPO / "rulesets" / "huutopussi.toml") == []


def test_the_example_sheet_replays_to_its_hand_computed_totals():
    game = load_sheet(REPO / "examples" / "huutopussi.toml")
    assert [r.scores for r in game.results()] == [
        (70, 75), (70, 120), (-150, 185), (260, -100), (100, -100), (30, 200), (130, 50)]
    assert game.totals() == (510, 430)
    assert game.is_over and game.winners == ["Anna & Cara"]


def one(*deals: dict, **options) -> tuple:
    game = Game(load_ruleset("huutopussi"), PLAYERS, options)
    for deal in deals:
        game.record(deal)
    return game.totals()


ANNA = {"declarer": 1, "contract": 100}


@pytest.mark.parametrize(("deal", "totals"), [
    ({"points": 100}, (100, 60)),                              # exactly the contract: made
    ({"points": 95}, (-100, 65)),                              # five short: lost
    ({"points": 60, "marriages": [40, 0]}, (100, 100)),        # 60 + spades 40: made, never more
    ({"points": 155, "marriages": [100, 0]}, (100, 5)),        # 255 scores the contract, 100
    ({"points": 90, "marriages": [0, 180]}, (-100, 250)),      # the defenders' marriages are theirs
])
def test_the_contract_is_scored_made_or_lost_and_the_defenders_score_what_they_took(deal, totals):
    assert one({**ANNA, **deal}) == totals


def test_a_side_with_no_trick_goes_to_porvoo():
    assert one({**ANNA, "points": 160, "no_trick": True}) == (100, -100)
    assert one({**ANNA, "points": 0, "no_trick": True}) == (-200, 160)      # failed and Porvoo
    assert one({**ANNA, "points": 160}) == (100, 0)          # 0 points from tricks of small cards
    assert one({**ANNA, "points": 160}, porvoo=False) == (100, 0)     # without Porvoo it is not asked
    with pytest.raises(IllegalEntry, match="not asked in this deal"):
        one({**ANNA, "points": 160, "no_trick": True}, porvoo=False)


def test_the_variations_are_house_rules():
    # a failed contract above 130 is lost double; 130 itself is not
    assert one({"declarer": 2, "contract": 135, "points": 60}, double_above=130) == (100, -270)
    assert one({"declarer": 2, "contract": 130, "points": 60}, double_above=130) == (100, -130)
    # the Finnish count: 130 in the pack, any number of points
    assert one({**ANNA, "points": 87}, counting="finnish") == (-100, 43)
    # to 300: the game is over as the side passes it
    game = Game(load_ruleset("huutopussi"), PLAYERS, {"game_to": 300})
    game.record({"declarer": 1, "contract": 300, "points": 160, "marriages": [180, 0]})
    assert game.is_over and game.winners == ["Anna & Cara"]


def test_no_trick_is_asked_only_of_a_side_with_no_card_points():
    with pytest.raises(IllegalEntry):
        one({**ANNA, "points": 80, "no_trick": True})


@pytest.mark.parametrize(("deal", "options", "key", "words"), [
    ({**ANNA, "contract": 102, "points": 80}, {}, "contract", "a multiple of five, not 102"),
    ({**ANNA, "points": 87}, {}, "points", "87 is no side's card points"),
    ({**ANNA, "points": 90, "marriages": [180, 140]}, {}, "marriages", "add up to 320, more than 280"),
    ({**ANNA, "points": 140}, {"counting": "finnish"}, "points", "130"),
])
def test_what_cannot_have_happened_is_refused_with_the_reason(deal, options, key, words):
    game = Game(load_ruleset("huutopussi"), PLAYERS, options)
    with pytest.raises(IllegalEntry) as refused:
        game.record(deal)
    assert words in show(refused.value.issues[0].message) and refused.value.issues[0].field == key
    assert game.results() == []
