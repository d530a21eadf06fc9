"""Schafkopf as data: the example sheet replays to its hand-computed totals (the 10-20-50
tariff of sauspiel.de; winning, schneider and running trumps as internet-schafkopf.de counts
them), each deal adds up to zero, and the boundaries of winning and schneider are where the
rules put them."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.game.game import Game, IllegalEntry
from scorekeeper.i18n import show
from scorekeeper.game.sheet import load_sheet
from scorekeeper.rules.ruleset import check_file, load_ruleset

REPO = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Ben", "Cara", "Dan"]


def test_the_ruleset_passes_rules_check_with_its_translations():
    assert check_file(REPO / "rulesets" / "schafkopf.toml") == []


def test_the_example_sheet_replays_to_its_hand_computed_totals():
    game = load_sheet(REPO / "examples" / "schafkopf.toml")
    assert [r.scores for r in game.results()] == [
        (-20, 20, -20, 20), (-120, 120, -120, 120), (-80, -80, -80, 240), (-270, 90, 90, 90),
        (0, 0, 0, 0), (-200, 600, -200, -200), (280, -280, 280, -280), (100, 100, -300, 100)]
    assert game.totals() == (-310, 570, -350, 90)
    assert game.is_over and game.winners == ["Ben"]


def one(deal: dict, **options) -> tuple:
    game = Game(load_ruleset("schafkopf"), PLAYERS, options)
    game.record(deal)
    return game.totals()


CALL = {"game": "call", "declarer": 1, "partner": 3, "runners": 0}


@pytest.mark.parametrize(("points", "scores"), [
    (61, (20, -20, 20, -20)),      # 61 wins
    (60, (-20, 20, -20, 20)),      # 60 is the defenders'
    (90, (20, -20, 20, -20)),      # the defenders' 30 keeps them out of schneider
    (91, (30, -30, 30, -30)),      # 91: schneider, 10 more
    (31, (-20, 20, -20, 20)),      # 31: out of schneider
    (30, (-30, 30, -30, 30)),      # 30: schneider against the declaring side
])
def test_winning_and_schneider_boundaries(points, scores):
    assert one({**CALL, "card_points": points}) == scores


@pytest.mark.parametrize(("game", "runners", "value"), [
    ("call", 2, 20), ("call", 3, 50), ("wenz", 1, 50), ("wenz", 2, 70), ("solo", 2, 50), ("solo", 8, 130)])
def test_running_trumps_count_from_3_and_in_a_wenz_from_2(game, runners, value):
    deal = {"game": game, "declarer": 2, "card_points": 70, "runners": runners}
    if game == "call":
        deal["partner"] = 4
        assert one(deal) == (-value, value, -value, value)
    else:
        assert one(deal) == (-value, 3 * value, -value, -value)


def test_knocks_and_contra_double_the_value():
    """20, contra x2, two knocks x4: 160."""
    deal = {**CALL, "card_points": 70, "contra": "contra", "knocks": 2}
    assert one(deal, knocking=True) == (160, -160, 160, -160)


def test_without_contra_and_re_a_deal_needs_no_contra():
    assert one({**CALL, "card_points": 70}, contra_re=False) == (20, -20, 20, -20)


def test_the_tariff_is_the_tables():
    """A 10-50 table: a call game 10, a solo 50, 10 each extra."""
    assert one({**CALL, "card_points": 95}, call_tariff=10) == (20, -20, 20, -20)


@pytest.mark.parametrize(("deal", "key", "words"), [
    ({**CALL, "partner": 1, "card_points": 70}, "partner", "the partner is another player than Anna"),
    ({**CALL, "card_points": 10, "schwarz": "defenders"}, "card_points", "its card points are 0, not 10"),
    ({**CALL, "card_points": 119, "schwarz": "declarers"}, "card_points", "its card points are 120, not 119"),
])
def test_what_cannot_have_happened_is_refused_with_the_reason(deal, key, words):
    game = Game(load_ruleset("schafkopf"), PLAYERS)
    with pytest.raises(IllegalEntry) as refused:
        game.record(deal)
    assert words in show(refused.value.issues[0].message) and refused.value.issues[0].field == key
    assert game.results() == []


def test_before_the_game_is_chosen_trump_is_said_to_come_later_not_to_be_none():
    """Every trump rule waits for the game: 'Trump: decided during the deal', not 'No trump in
    this game'; then each game says its own."""
    from scorekeeper.play.draft import DealDraft

    draft = DealDraft(Game(load_ruleset("schafkopf"), PLAYERS))
    assert draft.view().panel.trump == "Trump: decided during the deal"
    draft.set("game", None, "call")
    assert draft.view().panel.trump == "A call game: the Ober, the Unter and the hearts are trump"
    draft.set("game", None, "solo")
    draft.set("declarer", None, 2)
    assert draft.view().panel.trump == "Ben plays a solo: the Ober, the Unter and the suit named are trump"
