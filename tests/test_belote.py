"""Belote as data: the example sheet replays to its hand-computed totals (contree.org's "La
marque": passe, dedans, capot, litige; belote kept by its holder as belotejeu.fr says), and the
boundaries of passing, the tie and capot are where those rules put them."""

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
    assert check_file(REPO / "rulesets" / "belote.toml") == []


def test_the_example_sheet_replays_to_its_hand_computed_totals():
    game = load_sheet(REPO / "examples" / "belote.toml")
    assert [r.scores for r in game.results()] == [
        (92, 70), (92, 110), (0, 232), (91, 20), (0, 0), (341, 0), (420, 0)]
    assert game.totals() == (1036, 432)
    assert game.is_over and game.winners == ["Anna & Cara"]


def one(*deals: dict, **options) -> tuple:
    game = Game(load_ruleset("belote"), PLAYERS, options)
    for deal in deals:
        game.record(deal)
    return game.totals()


TAKE = {"taker": 1, "trump_suit": "hearts"}


@pytest.mark.parametrize(("deal", "totals"), [
    ({"points": 82}, (82, 80)),                                   # 82 against 80: passes
    ({"points": 80}, (0, 162)),                                   # 80 against 82: dedans
    ({"points": 81}, (0, 81)),                                    # 81 each: litige, 81 held
    ({"points": 71, "belote": "takers"}, (20, 91)),               # 91 each with belote: litige
    ({"points": 71, "belote": "defenders"}, (0, 182)),            # dedans; the defenders keep their belote
    ({"points": 75, "belote": "takers"}, (95, 87)),               # 95 against 87 with belote: passes
])
def test_passing_dedans_and_the_tie(deal, totals):
    assert one({**TAKE, **deal}) == totals


def test_a_tie_is_dedans_without_the_litige_house_rule():
    assert one({**TAKE, "points": 81}, litige=False) == (0, 162)


def test_the_held_points_go_to_the_winner_of_the_next_deal_whichever_side():
    tie = {**TAKE, "points": 81}            # Anna's side 0 (81 held), Ben's side 81
    assert one(tie, {"taker": 2, "trump_suit": "clubs", "points": 100}) == (62, 81 + 100 + 81)
    assert one(tie, {"taker": 2, "trump_suit": "clubs", "points": 60}) == (162 + 81, 81)
    # two ties in a row hold both takers' points; a passed deal keeps them held
    assert one(tie, {"taker": 2, "trump_suit": "clubs", "points": 81}, {"trump_suit": "passed"},
               {**TAKE, "points": 90}) == (81 + 90 + 81 + 81, 81 + 72)


def test_declarations_count_toward_passing_and_go_to_the_defenders_of_a_side_inside():
    # 70 + 50 = 120 against 92: passes with the fifty
    assert one({**TAKE, "points": 70, "melds": [50, 0]}) == (120, 92)
    # 70 + 20 = 90 against 92 + 20 = 112: dedans: 162 + both tierces
    assert one({**TAKE, "points": 70, "melds": [20, 20]}) == (0, 202)
    # without declarations at this table they are not asked and not scored
    assert one({**TAKE, "points": 82}, declarations=False) == (82, 80)


def test_capot_is_250():
    assert one({**TAKE, "points": 162, "capot": "takers"}) == (250, 0)
    assert one({**TAKE, "points": 162}) == (162, 0)   # every point but not every trick
    assert one({**TAKE, "points": 0, "capot": "defenders", "belote": "takers"}) == (20, 250)


@pytest.mark.parametrize(("deal", "key", "words"), [
    ({**TAKE, "points": 150, "capot": "takers"}, "points", "its card points are 162, not 150"),
    ({**TAKE, "points": 10, "capot": "defenders"}, "points", "its card points are 0, not 10"),
    ({**TAKE, "points": 90, "melds": [25, 0]}, "melds", "25 is no sum of them"),
])
def test_what_cannot_have_happened_is_refused_with_the_reason(deal, key, words):
    game = Game(load_ruleset("belote"), PLAYERS)
    with pytest.raises(IllegalEntry) as refused:
        game.record(deal)
    assert words in show(refused.value.issues[0].message) and refused.value.issues[0].field == key
    assert game.results() == []
