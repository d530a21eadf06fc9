"""Doppelkopf as data: the example sheet replays to its hand-computed totals (the DDV's tournament
rules, "Spielwertung"), the bars of winning move with the announcements where those rules put
them, and a compulsory solo keeps the dealer (``deals.next_dealer``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.game.game import Game, IllegalEntry
from scorekeeper.i18n import show
from scorekeeper.game.sheet import load_sheet
from scorekeeper.rules.ruleset import check_file, load_ruleset

REPO = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Ben", "Cara", "Dan"]
ANNA_CARA = {"re_player": 1, "re_partner": 3}


def test_the_ruleset_passes_rules_check_with_its_translations():
    assert check_file(REPO / "rulesets" / "doppelkopf.toml") == []


def test_the_example_sheet_replays_to_its_hand_computed_totals():
    game = load_sheet(REPO / "examples" / "doppelkopf.toml")
    assert [r.scores for r in game.results()] == [
        (1, -1, 1, -1), (7, -7, 7, -7), (-2, -2, -2, 6), (14, 14, -14, -14), (6, 6, -18, 6)]
    assert [r.dealer for r in game.results()] == [1, 2, 3, 3, 4]  # Cara deals again after Dan's solo
    assert game.totals() == (26, 10, -26, -10)
    assert game.is_over and game.winners == ["Anna"]


def one(deal: dict, **options) -> tuple:
    game = Game(load_ruleset("doppelkopf"), PLAYERS, options)
    game.record({"kind": "normal", **ANNA_CARA, **deal})
    return game.results()[0].scores


@pytest.mark.parametrize(("deal", "scores"), [
    ({"re_points": 121}, (1, -1, 1, -1)),                                   # Re wins with 121
    ({"re_points": 120}, (-2, 2, -2, 2)),                                   # Kontra with 120, +1 against the queens
    ({"re_points": 120, "kontra_said": "kontra"}, (3, -3, 3, -3)),          # only Kontra announced: Re wins with 120
    ({"re_points": 145, "re_said": "ninety"}, (-5, 5, -5, 5)),                # Kontra 95 against no 90: 1 + 2 + 1 + 1
    ({"re_points": 115, "re_said": "ninety"}, (-6, 6, -6, 6)),                # and 120 against no 90: 1 more
    # both fail: neither wins (TSR 7.1.4); Re's 130 reached 120 against Kontra's no 90: 1 to Re
    ({"re_points": 130, "re_said": "ninety", "kontra_said": "ninety"}, (1, -1, 1, -1)),
    # Re 85 and Kontra 155, both fail no 60 (and with it no 90): Re under 90 (1 to Kontra); Kontra
    # reached 120 against Re's no 90 and 90 against its no 60 (2 more); Re 85 reached neither
    # 120 nor 90: Kontra 3, Re 0: Re -3
    ({"re_points": 85, "re_said": "sixty", "kontra_said": "sixty"}, (-3, 3, -3, 3)),
    # a draw with extra points: Re's fox counts besides (1 + 1 = 2 for Re)
    ({"re_points": 130, "re_said": "ninety", "kontra_said": "ninety", "re_foxes": 1}, (2, -2, 2, -2)),
    ({"re_points": 240, "no_trick": "kontra"}, (5, -5, 5, -5)),             # under 90, 60, 30 and black
    ({"re_points": 100, "re_foxes": 2, "karlchen": "re"}, (1, -1, 1, -1)),  # Kontra 2; Re's 3 extra points
])
def test_the_bars_of_winning_and_the_game_points(deal, scores):
    assert one(deal) == scores


def test_a_soloist_scores_three_times_and_no_extra_points_are_asked():
    game = Game(load_ruleset("doppelkopf"), PLAYERS)
    game.record({"kind": "solo", "re_player": 2, "re_points": 121})
    assert game.results()[0].scores == (-1, 3, -1, -1)
    assert "re_foxes" not in {k for k, v in game.deals[0].items() if v is not None}


def test_a_compulsory_solo_keeps_the_dealer_and_a_voluntary_one_passes_the_deal_on():
    game = Game(load_ruleset("doppelkopf"), PLAYERS)
    solo = {"re_player": 3, "re_points": 130}
    game.record({"kind": "compulsory", **solo})
    assert game.dealer_seat() == 1
    game.record({"kind": "solo", **solo})
    assert game.dealer_seat() == 2


def test_bock_doubles_the_next_four_deals_only_under_the_house_rule():
    both = {"re_said": "re", "kontra_said": "kontra", "re_points": 130}
    plain = {"re_points": 130}
    for bock, expected in ((True, [5, 2, 2, 2, 2, 1]), (False, [5, 1, 1, 1, 1, 1])):
        game = Game(load_ruleset("doppelkopf"), PLAYERS, {"bock": bock, "rounds": 2})
        game.record({"kind": "normal", **ANNA_CARA, **both})
        for _ in range(5):
            game.record({"kind": "normal", **ANNA_CARA, **plain})
        assert [r.scores[0] for r in game.results()] == expected


def test_the_game_ends_after_the_rounds_with_compulsory_solos_besides():
    game = Game(load_ruleset("doppelkopf"), PLAYERS, {"rounds": 1})
    solo = {"re_player": 1, "re_points": 130}
    game.record({"kind": "compulsory", **solo})
    for _ in range(3):
        game.record({"kind": "normal", **ANNA_CARA, "re_points": 130})
    assert not game.is_over
    game.record({"kind": "normal", **ANNA_CARA, "re_points": 130})
    assert game.is_over


def test_re_is_two_players_in_a_normal_game():
    game = Game(load_ruleset("doppelkopf"), PLAYERS)
    with pytest.raises(IllegalEntry) as caught:
        game.record({"kind": "normal", "re_player": 2, "re_partner": 2, "re_points": 130})
    assert [show(i.message) for i in caught.value.issues] == [
        "Ben cannot be Re's partner too: Re is two players in a normal game"]


def test_the_deal_panel_says_what_is_trump_not_that_there_is_none():
    """A normal game (and a deal whose game is not entered yet): the ten of hearts, the queens,
    the jacks and the diamonds; a solo, voluntary or compulsory: the soloist names it. It said
    "No trump in this game"."""
    from scorekeeper.play.panel import deal_panel

    game = Game(load_ruleset("doppelkopf"), PLAYERS, {}, 1)
    normal = "Trump: the tens of hearts, the queens, the jacks, then diamonds (ace, ten, king, nine)"
    solo = ("The soloist names the solo: a suit (its cards trump with the queens and jacks), queens only, "
            "jacks only, or no trump")
    assert deal_panel(game, 1, {}).trump == normal
    assert deal_panel(game, 1, {"kind": "normal"}).trump == normal
    assert deal_panel(game, 1, {"kind": "solo"}).trump == solo
    assert deal_panel(game, 1, {"kind": "compulsory"}).trump == solo
