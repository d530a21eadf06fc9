"""Schieber Jass as data: the example sheet replays to its hand-computed totals (swisslos.ch's
targets and multipliers, 157 a deal, Match 257, Weis to the best side, Stöck 20), and when both
sides pass the target in one deal the side out first wins (Stöck, Weis, tricks)."""

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
    assert check_file(REPO / "rulesets" / "jass.toml") == []


def test_the_example_sheet_replays_to_its_hand_computed_totals():
    game = load_sheet(REPO / "examples" / "jass.toml")
    assert [r.scores for r in game.results()] == [(160, 67), (180, 291), (0, 257), (300, 171), (260, 134)]
    assert game.totals() == (2500, 2570)
    assert game.is_over and game.winners == ["Anna & Cara"]


def play(*deals, scores=None, **options):
    game = Game(load_ruleset("jass"), PLAYERS, options, scores=scores)
    for deal in deals:
        game.record(deal)
    return game


@pytest.mark.parametrize(("trump", "scores"), [
    ("hearts", (100, 57)), ("diamonds", (100, 57)), ("spades", (200, 114)), ("clubs", (200, 114)),
    ("obenabe", (300, 171)), ("undenufe", (300, 171)),
])
def test_the_multipliers_of_the_game_to_2500(trump, scores):
    assert play({"game": trump, "points": 100}).totals() == scores
    assert play({"game": trump, "points": 100}, multipliers=False).totals() == (100, 57)


def test_a_match_is_257_and_weis_and_stoeck_count_times_the_game():
    assert play({"game": "hearts", "points": 157, "match": "first"}).totals() == (257, 0)
    assert play({"game": "clubs", "points": 0, "match": "second", "weis_by": "second", "weis": 150}).totals() == (0, 2 * 407)
    assert play({"game": "spades", "points": 80, "stoeck": "second"}).totals() == (160, 2 * 97)


def test_the_first_side_to_the_target_wins_and_when_both_pass_it_the_one_out_first():
    assert play({"game": "hearts", "points": 100}, scores=[2400, 0]).winners == ["Anna & Cara"]
    last = {"game": "spades", "points": 110, "stoeck": "first", "weis_by": "second", "weis": 20}
    start = [2240, 2436]
    assert play({**last, "first_out": "first"}, scores=start).winners == ["Anna & Cara"]   # 2500 against 2570
    assert play({**last, "first_out": "second"}, scores=start).winners == ["Ben & Dan"]


@pytest.mark.parametrize(("deal", "key", "words"), [
    ({"game": "hearts", "points": 150, "match": "first"}, "points", "157, not 150"),
    ({"game": "hearts", "points": 80, "weis_by": "first", "weis": 30}, "weis", "30 is no sum of them"),
])
def test_what_cannot_have_happened_is_refused_with_the_reason(deal, key, words):
    game = Game(load_ruleset("jass"), PLAYERS)
    with pytest.raises(IllegalEntry) as refused:
        game.record(deal)
    assert words in show(refused.value.issues[0].message) and refused.value.issues[0].field == key
