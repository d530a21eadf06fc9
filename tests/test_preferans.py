"""Preferans, the Sochi pool, as a built-in game (issue 28): the pool, the mountain, whists
each player writes on each other player (a value per pair of seats) and all passes in a row (a
value for the table); each deal scores its settlement in thirds of a whist, shown to 2
decimals. Expected values are worked out by hand in examples/preferans.toml and below, from
Д. Лесной's «Русский преферанс» (Сочинка) and the settlement by the average mountain."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.game.game import Game
from scorekeeper.game.limits import check_ruleset
from scorekeeper.game.sheet import load_sheet
from scorekeeper.rules.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
SHEET = ROOT / "examples" / "preferans.toml"
PLAYERS = ["Anna", "Ben", "Cara"]


def _thirds(values) -> list[Fraction]:
    """Numbers that are thirds of a whist, as exact fractions (the float sums differ in the last bit)."""
    return [Fraction(round(v * 3), 3) for v in values]


def _play(*deals, target: int = 20) -> Game:
    game = Game(load_ruleset("preferans"), PLAYERS, {"target": target})
    for deal in deals:
        game.record(deal)
    return game


def test_the_example_pool_replays_to_its_hand_worked_totals():
    """Totals in thirds: Anna 76/3, Ben 100/3, Cara -176/3; the sheet at the end agrees."""
    assert check_ruleset(ROOT / "rulesets" / "preferans.toml") == []
    game = load_sheet(SHEET)
    totals = [r.totals for r in game.results()]
    assert [_thirds(t) for t in totals] == [
        [Fraction(n, 3) for n in row] for row in
        [(-4, 44, -40), (116, 14, -130), (136, 34, -170), (180, 72, -252), (-20, 172, -152),
         (100, 112, -212), (132, 180, -312), (76, 100, -176)]]
    assert all(abs(t - float(f)) < 1e-9 for t, f in zip(game.totals(), _thirds(game.totals())))
    last = game.results()[-1].carried
    assert (last["pool"], last["mountain"], last["passes"]) == ((7, 6, 8), (16, 10, 20), (0,))
    # Anna on Ben 16, Anna on Cara 16, Ben on Anna 0, Ben on Cara 6, Cara on Anna 0, Cara on Ben 0
    assert last["whists"] == (16, 16, 0, 6, 0, 0)
    assert game.winners == ["Ben"] and game.is_over


def test_the_totals_are_shown_to_two_decimals(capsys):
    assert main(["replay", str(SHEET)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Totals: Anna 25.33, Ben 33.33, Cara -58.67" in out
    assert out[4].split()[:6] == ["1", "10", "Anna", "-1.33", "-1.33", "0"]


@pytest.mark.parametrize(("deal", "pool", "mountain", "whists", "scores"), [
    # 7 by Ben, both whist, Ben takes 5: two short, 4 x 2 = 8 in his mountain; Anna writes
    # 4 x 3 + 8 = 20, Cara 4 x 2 + 8 = 16 on him (consolation besides the tricks); net 0 -8 0,
    # average -8/3: Anna 80/3 + 20 = 140/3, Ben -160/3 - 36 = -268/3, Cara 80/3 + 16 = 128/3
    ({"game": "seven", "declarer": 2, "defence": ["whist", "", "whist"], "tricks": [3, 5, 2]},
     (0, 0, 0), (0, 8, 0), (20, 0, 0, 0, 0, 16), (140, -268, 128)),
    # the same with Cara passing: Anna writes all 5 defenders' tricks, 20 + 8 = 28; Cara only the
    # consolation 8: Anna 80/3 + 28 = 164/3, Ben -160/3 - 36 = -268/3, Cara 80/3 + 8 = 104/3
    ({"game": "seven", "declarer": 2, "defence": ["whist", "", "pass"], "tricks": [3, 5, 2]},
     (0, 0, 0), (0, 8, 0), (28, 0, 0, 0, 0, 8), (164, -268, 104)),
    # 6 by Anna, Ben alone whists and the defenders take 3 of their 4: Anna makes it (2 in the
    # pool), Ben one short of his duty: 2 in his mountain; he writes 2 x 3 = 6 on Anna; net
    # 2 -2 0, average 0: Anna 20 - 6 = 14, Ben -20 + 6 = -14, Cara 0
    ({"game": "six", "declarer": 1, "defence": ["", "whist", "pass"], "tricks": [7, 2, 1]},
     (2, 0, 0), (0, 2, 0), (0, 0, 6, 0, 0, 0), (42, -42, 0)),
    # 8 by Cara, both whist and take nothing: each answers for half of the 1 trick: 6 x 1/2 = 3
    # each in the mountain; Cara's pool 6; net -3 -3 6, average 0: -30, -30, 60
    ({"game": "eight", "declarer": 3, "defence": ["whist", "whist", ""], "tricks": [0, 0, 10]},
     (0, 0, 6), (3, 3, 0), (0, 0, 0, 0, 0, 0), (-90, -90, 180)),
    # misère by Ben, no trick: 10 in his pool; net 0 10 0, average 10/3: -100/3, 200/3, -100/3
    ({"game": "misere", "declarer": 2, "tricks": ["", 0, ""]},
     (0, 10, 0), (0, 0, 0), (0, 0, 0, 0, 0, 0), (-100, 200, -100)),
    # 10 by Anna, nobody whists: made, 10 in the pool: 200/3, -100/3, -100/3
    ({"game": "ten", "declarer": 1, "defence": ["", "pass", "pass"]},
     (10, 0, 0), (0, 0, 0), (0, 0, 0, 0, 0, 0), (200, -100, -100)),
])
def test_one_deal(deal, pool, mountain, whists, scores):
    game = _play(deal)
    result = game.results()[0]
    assert (result.carried["pool"], result.carried["mountain"], result.carried["whists"]) == (pool, mountain, whists)
    assert _thirds(result.scores) == [Fraction(s, 3) for s in scores]
    assert sum(_thirds(result.scores)) == 0


def test_all_passes_in_a_row_cost_1_2_then_3_a_trick():
    """Three all passes and a fourth: 1, 2, 3 and 3 a trick; no trick is the rate in the pool; a
    game played starts the count again."""
    passing = {"game": "all_pass", "tricks": [0, 4, 6]}
    game = _play(passing, passing, passing, passing,
                 {"game": "ten", "declarer": 1, "defence": ["", "pass", "pass"]}, passing)
    results = game.results()
    assert [r.carried["passes"] for r in results] == [(1,), (2,), (3,), (4,), (0,), (1,)]
    assert [r.carried["mountain"] for r in results][:4] == [(0, 4, 6), (0, 12, 18), (0, 24, 36), (0, 36, 54)]
    assert [r.carried["pool"][0] for r in results] == [1, 3, 6, 9, 19, 20]


def test_the_game_ends_when_the_pools_are_closed():
    ten = {"game": "ten", "declarer": 1, "defence": ["", "pass", "pass"]}
    game = _play(ten, ten, target=10)
    assert not game.is_over  # pools 20 0 0: 20 of 30
    game.record({"game": "ten", "declarer": 2, "defence": ["pass", "", "pass"]})
    assert game.is_over


def test_the_tricks_must_add_up_to_ten():
    game = _play()
    with pytest.raises(ValueError, match="the tricks add up to 9, not 10"):
        game.record({"game": "all_pass", "tricks": [3, 3, 3]})
    assert game.results() == []


def test_the_one_trick_of_an_8_or_9_by_the_second_to_whist_as_a_house_rule():
    """D. Parlett (The Penguin Book of Card Games, Preferans): when only one trick is needed
    it is the second to whist who is penalised if it is not made. 8 by Cara, both whist and
    take nothing: Anna whists first (left of Cara), Ben second: 6 in Ben's mountain, Anna
    nothing; Cara's pool 6; net 0 -6 6, average 0: 0, -60, 60 (the default: 3 each, above)."""
    game = Game(load_ruleset("preferans"), PLAYERS, {"one_trick": "second"})
    game.record({"game": "eight", "declarer": 3, "defence": ["whist", "whist", ""], "tricks": [0, 0, 10]})
    result = game.results()[0]
    assert (result.carried["pool"], result.carried["mountain"]) == ((0, 0, 6), (0, 6, 0))
    assert _thirds(result.scores) == [Fraction(0), Fraction(-60), Fraction(60)]
    # 9 by Anna: Ben whists first, Cara second; one trick taken by Ben: no one is short
    game = Game(load_ruleset("preferans"), PLAYERS, {"one_trick": "second"})
    game.record({"game": "nine", "declarer": 1, "defence": ["", "whist", "whist"], "tricks": [9, 1, 0]})
    assert game.results()[0].carried["mountain"] == (0, 0, 0)
    game = Game(load_ruleset("preferans"), PLAYERS, {"one_trick": "second"})
    game.record({"game": "nine", "declarer": 1, "defence": ["", "whist", "whist"], "tricks": [10, 0, 0]})
    assert game.results()[0].carried["mountain"] == (0, 0, 8)
