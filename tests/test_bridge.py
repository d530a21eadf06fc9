"""Contract bridge (rulesets/bridge.toml): rubber and Chicago scoring, part-scores carried
below the line, and passed-out deals that do not count (deals.redeal).

The example sheets were worked out by hand from the Laws of Contract Bridge (Law 77); their
comments give every deal's points.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.game.game import Game, GameError
from scorekeeper.game.sheet import replay_sheet
from scorekeeper.i18n import show
from scorekeeper.play.board import BoardMaker
from scorekeeper.play.panel import deal_panel
from scorekeeper.play.plain import game_lines
from scorekeeper.reports.export import game_document
from scorekeeper.rules.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Nora", "Eric", "Sam", "Wendy"]  # North, East, South, West


def sheet(name: str, options=None) -> Game:
    game, refused = replay_sheet(ROOT / "examples" / f"{name}.toml", options)
    assert refused == []
    return game


def bridge(**options) -> Game:
    return Game(load_ruleset("bridge"), PLAYERS, options)


def contract(level, strain="spades", declarer=1, doubled="no", tricks=None, **more):
    return {"level": level, "strain": strain, "declarer": declarer, "doubled": doubled,
            "tricks": 6 + level if tricks is None else tricks, **more}


def test_the_rubber_sheet_replays_to_the_points_worked_out_by_hand():
    game = sheet("bridge-rubber")
    assert [r.scores for r in game.results()] == [(90, 0), (0, 0), (0, 100), (0, 300), (80, 0), (340, 0), (0, 1430)]
    assert game.totals() == (510, 1830)
    assert game.winners == ["Eric & Wendy"]


def test_the_rubber_carries_part_scores_below_the_line_until_a_game_clears_them():
    game = sheet("bridge-rubber")
    assert [r.carried["below"] for r in game.results()] == [(60, 0), (60, 0), (0, 0), (0, 0), (40, 0), (0, 0), (0, 0)]
    assert [r.carried["games"] for r in game.results()] == [(0, 0), (0, 0), (0, 1), (0, 1), (0, 1), (1, 1), (1, 2)]


def test_the_chicago_sheet_replays_to_the_points_worked_out_by_hand():
    game = sheet("bridge-chicago")
    assert [r.scores for r in game.results()] == [(420, 0), (0, 0), (0, 60), (0, 500), (0, 560)]
    assert game.totals() == (420, 1120)
    assert game.is_over and game.winners == ["Eric & Wendy"]


def test_a_passed_out_deal_does_not_count_and_the_same_dealer_deals_again():
    game = sheet("bridge-chicago")
    results = game.results()
    assert [r.counts for r in results] == [True, False, True, True, True]
    assert [(r.deal, game.players[r.dealer - 1]) for r in results] == [
        (1, "Nora"), (2, "Eric"), (2, "Eric"), (3, "Sam"), (4, "Wendy")]
    assert results[1].carried == results[0].carried and results[1].totals == (420, 0)


def test_the_table_is_told_the_deal_is_dealt_again():
    game = bridge(scoring="chicago")
    game.record(contract(1, tricks=7))
    game.record({"level": 0})
    info = game.info()
    assert (info.number, info.deal, info.redealt, game.players[info.dealer - 1]) == (3, 2, True, "Eric")
    panel = deal_panel(game)
    assert panel.shown == 2 and panel.number == 3
    assert panel.table == ("The deal before did not count: Eric deals again",)
    assert game.planned_deals == 4


def test_a_passed_out_deal_is_shown_as_such_on_the_board_and_the_sheets():
    game = sheet("bridge-rubber")
    row = BoardMaker(game).view().rows[1]
    assert row.deal == "2 ↺"
    assert row.detail.endswith("did not count: the same dealer deals again")
    assert game_lines(game)[4].startswith("Deal 2, 13 cards, dealer Eric, contract level (0: passed out): 0. ")
    assert game_lines(game)[4].endswith("This deal does not count: Eric deals again.")
    doc = game_document(game)
    assert [d.get("counts", True) for d in doc["deals"]] == [True, False, True, True, True, True, True]


def test_undo_and_edit_move_the_deals_after_a_passed_out_deal():
    """Deal 2 edited from passed out to a contract: the deals after it move one dealer on,
    and Chicago ends a deal earlier; undo puts it back."""
    game = sheet("bridge-chicago")
    game.undo()
    assert (game.info().deal, game.players[game.info().dealer - 1]) == (4, "Wendy")
    game.redo()
    game.edit(2, contract(1, "clubs", 2, tricks=7))
    results = game.results()
    assert [r.deal for r in results] == [1, 2, 3, 4, 5]
    assert [game.players[r.dealer - 1] for r in results] == ["Nora", "Eric", "Sam", "Wendy", "Nora"]
    assert results[3].ends_game and game.is_over
    game.undo()
    assert [r.deal for r in game.results()] == [1, 2, 2, 3, 4]


def test_what_if_the_rubber_had_been_scored_as_chicago():
    """Under Chicago the rubber ends after its fourth counted deal (entry 5)."""
    base = sheet("bridge-rubber")
    game, refused = replay_sheet(ROOT / "examples" / "bridge-rubber.toml", {"scoring": "chicago"})
    assert [n for n, _ in refused] == [6, 7]
    # 1: 2H by Sam, nobody vulnerable: 90. 3: 3NT by Eric, E-W vulnerable: 100 + 500.
    # 4: 4S doubled by Nora two down, N-S vulnerable: 200 + 300 = 500 to E-W.
    # 5: 2D by Nora, both vulnerable (N-S's 60 were cleared by E-W's game): 40 + 40 and the
    #    part-score of the fourth deal 100 = 180.
    assert [r.scores for r in game.results()][:5] == [(90, 0), (0, 0), (0, 600), (0, 500), (180, 0)]
    assert game.totals() == (270, 1100) and base.totals() == (510, 1830)


@pytest.mark.parametrize(("games", "deal", "expected"), [
    # Law 77: undertricks, by vulnerability and double (N-S declare 4S and take `tricks`)
    ((0, 0), contract(4, doubled="no", tricks=7), (0, 150)),  # 3 down, not vulnerable: 50 each
    ((1, 0), contract(4, doubled="no", tricks=7), (0, 300)),  # vulnerable: 100 each
    ((0, 0), contract(4, doubled="doubled", tricks=5), (0, 1100)),  # 5 down: 100 + 200 + 200 + 300 + 300
    ((1, 0), contract(4, doubled="doubled", tricks=7), (0, 800)),  # vulnerable: 200 + 300 + 300
    ((0, 0), contract(4, doubled="redoubled", tricks=8), (0, 600)),  # 2 down: (100 + 200) * 2
    ((1, 0), contract(4, doubled="redoubled", tricks=9), (0, 400)),  # vulnerable, 1 down: 200 * 2
    # overtricks doubled: 100 each (200 vulnerable), and 50 for making it doubled
    ((0, 0), contract(2, "hearts", doubled="doubled", tricks=10), (120 + 200 + 50, 0)),
    # vulnerable, and 120 below the line is the second game: the rubber, E-W without a game, 700
    ((1, 0), contract(2, "hearts", doubled="doubled", tricks=10), (120 + 400 + 50 + 700, 0)),
    # slams: 500/750 small, 1000/1500 grand; no trump 40 + 30 a trick
    ((0, 0), contract(6, "notrump", tricks=12), (190 + 500, 0)),
    ((0, 1), contract(7, "clubs", tricks=13), (140 + 1000, 0)),
])
def test_rubber_scoring_follows_the_table_of_the_laws(games, deal, expected):
    game = bridge()
    setup = [contract(4, "spades", 1, tricks=10), contract(4, "spades", 2, tricks=10)]
    for who, count in zip((0, 1), games):  # N-S (who 0) or E-W (1) won a game first
        for _ in range(count):
            game.record(setup[who])
    game.record(deal)
    assert game.results()[-1].scores == expected


def test_honours_are_scored_to_the_side_that_held_them():
    game = bridge(play_honours=True)
    game.record(contract(2, "hearts", 1, tricks=8, honours="defenders-100"))
    game.record(contract(3, "notrump", 2, tricks=9, honours="declarers-150"))
    assert [r.scores for r in game.results()] == [(60, 100), (0, 100 + 150)]


def test_chicago_scores_a_part_score_on_the_fourth_deal():
    game = bridge(scoring="chicago")
    for deal in (contract(1, "clubs", 1, tricks=7), contract(1, "clubs", 2, tricks=7),
                 contract(1, "clubs", 1, tricks=6), contract(1, "diamonds", 2, tricks=8)):
        game.record(deal)
    # deal 3: 1C by Nora one down, N-S vulnerable: 100 to E-W; deal 4: 1D +1 by Eric, 20 + 20 + 100
    assert [r.scores for r in game.results()] == [(20, 0), (0, 20), (0, 100), (0, 140)]
    assert game.is_over


def test_no_contract_is_entered_after_a_passed_out_deal_ends_nothing():
    game = bridge(scoring="chicago")
    for _ in range(5):
        game.record({"level": 0})
    assert not game.is_over and game.info().deal == 1
    with pytest.raises(GameError) as caught:
        game.record({"level": 1})
    assert "Strain" in show(caught.value.message) and "Declarer" in show(caught.value.message)


def test_the_deals_ahead_are_dealt_round_the_table_and_the_declarers_left_leads():
    game = bridge(scoring="chicago")
    assert [game.info(n).dealer for n in (1, 2, 3, 4)] == [1, 2, 3, 4]  # before any deal (was 1, 1, 1, 1)
    assert game.info(1).bidding_order == (1, 2, 3, 4)  # the dealer calls first
    assert game.info(1, game.normalize(contract(3, declarer=4))).leader == 1  # West declares: North leads
    game.record({"level": 0})  # passed out: deal 1 again, by the same dealer
    assert [game.info(n).dealer for n in (2, 3, 4)] == [1, 2, 3]
