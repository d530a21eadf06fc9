"""Coinche as data: the example sheet replays to its hand-computed totals (pagat.com's Coinche;
contree.org's litige), and the contract, coinche and surcoinche, capot and the tie score where
those rules put them."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.game.game import Game
from scorekeeper.game.sheet import load_sheet
from scorekeeper.rules.ruleset import check_file, load_ruleset

REPO = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Ben", "Cara", "Dan"]


def test_the_ruleset_passes_rules_check_with_its_translations():
    assert check_file(REPO / "rulesets" / "coinche.toml") == []


def test_the_example_sheet_replays_to_its_hand_computed_totals():
    game = load_sheet(REPO / "examples" / "coinche.toml")
    assert [r.scores for r in game.results()] == [
        (230, 52), (400, 0), (20, 91), (0, 591), (0, 0), (330, 0), (520, 0)]
    assert game.totals() == (1500, 734)
    assert game.is_over and game.winners == ["Anna & Cara"]


def one(*deals: dict, **options) -> tuple:
    game = Game(load_ruleset("coinche"), PLAYERS, options)
    for deal in deals:
        game.record(deal)
    return game.totals()


BID = {"taker": 1, "trump_suit": "hearts"}


@pytest.mark.parametrize(("deal", "totals"), [
    ({"contract": 90, "points": 90}, (180, 72)),                          # made to the point: 90 + 90
    ({"contract": 90, "points": 89}, (0, 160 + 90)),                      # one short: chute
    ({"contract": 80, "points": 81}, (0, 81)),                            # 81 each: litige, 81 held
    ({"contract": 80, "points": 81, "belote": "takers"}, (80 + 101, 81)),  # 101 against 81 with belote
    ({"contract": 120, "points": 100, "belote": "defenders"}, (0, 160 + 120 + 20)),  # the defenders keep belote
    ({"contract": 100, "points": 120, "doubling": "coinche"}, (160 + 200, 0)),
    ({"contract": 100, "points": 90, "doubling": "surcoinche"}, (0, 160 + 400)),
    ({"contract": 250, "points": 162, "capot": "takers"}, (500, 0)),     # capot bid and made
    ({"contract": 250, "points": 150}, (0, 160 + 250)),                  # capot bid, a trick lost
])
def test_contracts_coinche_and_capot(deal, totals):
    assert one({**BID, **deal}) == totals


def test_a_tie_fails_the_contract_without_the_litige_house_rule():
    assert one({**BID, "contract": 80, "points": 81}, litige=False) == (0, 160 + 80)


def test_the_held_points_go_to_the_winner_of_the_next_deal():
    tie = {**BID, "contract": 80, "points": 81}                  # 81 held
    chute = {"taker": 2, "trump_suit": "clubs", "contract": 100, "points": 90}  # Ben's side fails
    assert one(tie, chute) == (160 + 100 + 81, 81)
