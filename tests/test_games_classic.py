"""Hearts, Euchre and Skat scored as their standard rules say.

Every expected value is worked out by hand from the rules (the arithmetic is written next
to it): Hearts and Euchre as the usual rules at pagat.com describe them, Skat from the
International Skat Order (ISkO) section 5. None is taken from the engine.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

from scorekeeper.game.engine import IllegalEntry
from scorekeeper.game.game import Game
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import load_ruleset

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
FOUR = ["Anna", "Ben", "Cara", "Dan"]
THREE = FOUR[:3]


@lru_cache(maxsize=None)
def ruleset(ref: str):
    return load_ruleset(ref)


def played(ref: str, players, deals, options=None, first_dealer: int = 1) -> Game:
    game = Game(ruleset(ref), list(players), options or {}, first_dealer)
    for deal in deals:
        game.record(deal)
    return game


def sheet(name: str) -> dict:
    return tomllib.loads((EXAMPLES / f"{name}.toml").read_text(encoding="utf-8"))


def replayed(name: str, options=None) -> Game:
    data = sheet(name)
    return played(data["ruleset"], data["players"], data["deals"], {**data.get("options", {}), **(options or {})},
                  data.get("first_dealer", 1))


def refusals(ref: str, players, deal, options=None) -> list[str]:
    game = Game(ruleset(ref), list(players), options or {})
    with pytest.raises(IllegalEntry) as exc:
        game.record(deal)
    return [show(issue.message) for issue in exc.value.issues]


# =========================================================================================
# Example sheets, under their options
# =========================================================================================

@pytest.mark.parametrize(
    ("name", "options", "totals", "winners"),
    [
        # the comments in each sheet add these up deal by deal
        ("hearts", {}, (78, 41, 93, 100), ["Ben"]),
        # deal 2's moon shot is 0 -26 0 0 instead of 26 0 26 26: nobody reaches 100
        ("hearts", {"moon": "shooter-minus-26"}, (52, 15, 67, 74), []),
        ("euchre", {}, (10, 6), ["Anna & Cara"]),
        ("skat", {}, (6, 202, -30), ["Ben"]),
        # +50 per won game, -50 per lost one, 40 to each opponent of deals 3, 5 and 9
        ("skat", {"tally": "seeger-fabian"}, (86, 472, -40), ["Ben"]),
        # the lost games of deals 3, 5 and 9 count once: -33, -40, -23
        ("skat", {"lost_doubled": False}, (39, 202, 33), ["Ben"]),
    ],
)
def test_example_sheet_replays_to_its_hand_computed_totals(name, options, totals, winners):
    game = replayed(name, options)
    assert game.totals() == totals
    assert game.winners == winners
    assert game.is_over == bool(winners)


# =========================================================================================
# Hearts
# =========================================================================================

MOON = {"hearts": [0, 0, 13, 0], "queen": 3}  # Cara takes all 26 points


@pytest.mark.parametrize(
    ("options", "scores"),
    [({}, (26, 26, 0, 26)), ({"moon": "shooter-minus-26"}, (0, 0, -26, 0))],
)
def test_hearts_moon_shot(options, scores):
    """Taking every heart and the queen of spades: the others +26, or the shooter -26."""
    assert played("hearts", FOUR, [MOON], options).totals() == scores


def test_hearts_thirteen_hearts_without_the_queen_is_no_moon():
    """13 hearts but not the queen of spades: 13 points taken, nobody shot the moon."""
    assert played("hearts", FOUR, [{"hearts": [13, 0, 0, 0], "queen": 2}]).totals() == (13, 13, 0, 0)


def test_hearts_points_must_add_up_to_26():
    """Hearts entered that leave one out are refused with the sum named."""
    assert refusals("hearts", FOUR, {"hearts": [3, 4, 5, 0], "queen": 4}) == [
        "the points taken add up to 25, but every deal has 26 (13 hearts and the queen of spades)"]


def test_hearts_ends_when_a_player_reaches_the_agreed_total():
    """To 30: Ben reaches 30 in deal 2 and the lowest, Dan with 0, wins."""
    game = played("hearts", FOUR, [{"hearts": [0, 13, 0, 0], "queen": 1},   # 13 13 0 0
                                   {"hearts": [4, 4, 5, 0], "queen": 2}],   # 17 30 5 0
                  {"game_to": 30})
    assert game.totals() == (17, 30, 5, 0)
    assert game.is_over and game.winners == ["Dan"]


@pytest.mark.parametrize(
    ("players", "deck", "cards"),
    # 3 players: the two of diamonds out, 17 each; 5: the twos of diamonds and clubs out, 10 each
    [(3, 51, 17), (4, 52, 13), (5, 50, 10)],
)
def test_hearts_deck_for_three_to_five_players(players, deck, cards):
    game = Game(ruleset("hearts"), (FOUR + ["Eve"])[:players], {})
    assert (game.setup.consts["deck"], game.info().cards) == (deck, cards)


def test_hearts_passing_reminder_cycles_left_right_across_keep():
    game = Game(ruleset("hearts"), FOUR, {})
    assert [game.info(n).reminders for n in (1, 2, 3, 4, 5)] == [
        ("Deal 1: pass three cards to the left",), ("Deal 2: pass three cards to the right",),
        ("Deal 3: pass three cards across the table",), ("Deal 4: no passing, everyone keeps their cards",),
        ("Deal 5: pass three cards to the left",)]


def test_hearts_three_players_pass_left_right_keep():
    game = Game(ruleset("hearts"), THREE, {})
    assert [game.info(n).reminders for n in (1, 2, 3, 4)] == [
        ("Take the two of diamonds out of the deck", "Deal 1: pass three cards to the left"),
        ("Take the two of diamonds out of the deck", "Deal 2: pass three cards to the right"),
        ("Take the two of diamonds out of the deck", "Deal 3: no passing, everyone keeps their cards"),
        ("Take the two of diamonds out of the deck", "Deal 4: pass three cards to the left")]


# =========================================================================================
# Euchre
# =========================================================================================

@pytest.mark.parametrize(
    ("deal", "totals"),
    [
        ({"maker": 1, "trump_suit": "spades", "tricks": 3}, (1, 0)),            # 3 tricks: 1
        ({"maker": 3, "trump_suit": "spades", "tricks": 4}, (1, 0)),            # 4 tricks: 1
        ({"maker": 2, "trump_suit": "hearts", "tricks": 5}, (0, 2)),            # march: 2
        ({"maker": 4, "trump_suit": "hearts", "alone": True, "tricks": 5}, (0, 4)),  # lone march: 4
        ({"maker": 4, "trump_suit": "clubs", "alone": True, "tricks": 3}, (0, 1)),   # lone, 3 tricks: 1
        ({"maker": 1, "trump_suit": "clubs", "tricks": 2}, (0, 2)),             # euchred: defenders 2
        ({"maker": 2, "trump_suit": "diamonds", "alone": True, "tricks": 0}, (2, 0)),  # lone hand euchred: 2
    ],
)
def test_euchre_deal_scores(deal, totals):
    assert played("euchre", FOUR, [deal]).totals() == totals


@pytest.mark.parametrize(
    ("defender_alone", "totals"),
    [(True, (0, 4)), (False, (0, 2))],
)
def test_euchre_lone_defender_who_euchres_a_lone_maker_scores_four(defender_alone, totals):
    """House rule: against Anna's lone hand Ben defends alone and euchres her: 4, not 2."""
    deal = {"maker": 1, "trump_suit": "hearts", "alone": True, "defender_alone": defender_alone, "tricks": 2}
    assert played("euchre", FOUR, [deal], {"lone_defence": True}).totals() == totals


def test_euchre_thirty_two_card_deck_still_deals_five():
    game = Game(ruleset("euchre"), FOUR, {"thirty_two": True})
    assert (game.setup.consts["deck"], game.info().cards) == (32, 5)


def test_euchre_game_to_five():
    game = played("euchre", FOUR, [{"maker": 2, "trump_suit": "hearts", "alone": True, "tricks": 5},
                                   {"maker": 4, "trump_suit": "spades", "tricks": 3}], {"game_to": 5})
    assert game.totals() == (0, 5) and game.winners == ["Ben & Dan"]


# =========================================================================================
# Skat
# =========================================================================================

def skat(game: str, declarer: int = 1, bid: int = 18, **rest) -> dict:
    return {"game": game, "declarer": declarer, "bid": bid, **rest}


@pytest.mark.parametrize(
    ("deal", "declarer_score"),
    [
        # clubs with 2, 75: (2 + 1) x 12 = 36
        (skat("clubs", tops="with", matadors=2, card_points=75), 36),
        # spades with 1 bid 30, 70 card points: worth 22, overbid, lost at 3 x 11 = 33, doubled
        (skat("spades", bid=30, tops="with", matadors=1, card_points=70), -66),
        # hearts hand without 2 bid 40, 61 card points: (2 + 1 + 1) x 10 = 40, won
        (skat("hearts", bid=40, hand=True, tops="without", matadors=2, card_points=61), 40),
        # the same with 60 card points: lost, -80
        (skat("hearts", bid=40, hand=True, tops="without", matadors=2, card_points=60), -80),
        # diamonds with 1, the declarer schneidered (30): (1 + 1 + 1) x 9 = 27, lost, -54
        (skat("diamonds", tops="with", matadors=1, card_points=30), -54),
        # clubs hand, schneider announced, 85 card points: (1 + 1 + 1 + 1 + 1) x 12 = 60, lost, -120
        (skat("clubs", hand=True, announced="schneider", tops="with", matadors=1, card_points=85), -120),
        # grand hand ouvert with 4, every trick: (4 + 1 + hand, schneider, announced, schwarz,
        # announced, ouvert 6) x 24 = 264
        (skat("grand", bid=264, hand=True, announced="ouvert", tops="with", matadors=4, card_points=120,
              schwarz="declarer"), 264),
        # null 23, null hand 35, null ouvert 46, null ouvert hand 59; lost: doubled
        (skat("null", bid=23, took_trick=False), 23),
        (skat("null", bid=35, hand=True, took_trick=True), -70),
        (skat("null", bid=46, announced="ouvert", took_trick=False), 46),
        (skat("null", bid=59, hand=True, announced="ouvert", took_trick=True), -118),
        # contra: x 2; re: x 4 (a lost game too)
        (skat("diamonds", tops="with", matadors=1, card_points=61, contra="contra"), 36),
        (skat("grand", bid=48, tops="without", matadors=1, card_points=59, contra="re"), -384),
    ],
)
def test_skat_game_values(deal, declarer_score):
    assert played("skat", THREE, [deal]).totals() == (declarer_score, 0, 0)


def test_skat_lost_overbid_under_seeger_fabian():
    """Overbid spades (bid 30, worth 22): -66 - 50 = -116, and 40 to each opponent."""
    deal = skat("spades", declarer=2, bid=30, tops="with", matadors=1, card_points=70)
    assert played("skat", THREE, [deal], {"tally": "seeger-fabian"}).totals() == (40, -116, 40)


def test_skat_four_players_the_dealer_sits_out():
    """With 4 the dealer scores nothing but the Seeger-Fabian 30 the other three get for a lost game."""
    lost = skat("hearts", declarer=2, bid=20, tops="without", matadors=3, card_points=55)  # -80
    assert played("skat", FOUR, [lost]).totals() == (0, -80, 0, 0)
    assert played("skat", FOUR, [lost], {"tally": "seeger-fabian"}).totals() == (30, -130, 30, 30)
    assert refusals("skat", FOUR, skat("clubs", declarer=1, tops="with", matadors=1, card_points=70)) == [
        "Anna deals and sits this deal out, so cannot be the declarer"]


def test_skat_passed_deal_scores_nothing_and_the_deal_moves_on():
    game = played("skat", THREE, [{"game": "passed"}])
    assert game.totals() == (0, 0, 0) and game.info().dealer == 2


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (skat("clubs", bid=19, tops="with", matadors=1, card_points=70),
         "Bid won must be one of 18, 20, 22, 23, 24, 27, 30, 33, …, 264, not '19'"),
        (skat("grand", bid=48, tops="with", matadors=5, card_points=70),
         "How many matadors must be from 1 to 4, not 5"),  # a grand: only the four jacks are trump
        (skat("null", bid=24, took_trick=False),
         "this null game is worth 23, less than the bid of 24: it cannot be announced"),
        (skat("null", bid=23, hand=True, announced="schneider", took_trick=False),
         "a null game is announced open (ouvert) or not at all, never schneider or schwarz"),
        (skat("clubs", tops="with", matadors=1, card_points=110, schwarz="declarer"),
         "the declarer took every trick, so the declarer's card points are 120, not 110"),
        (skat("clubs", tops="with", matadors=1, card_points=30, schwarz="defenders"),
         "the declarer took no trick, so only the skat counts: at most 22 card points, not 30"),
    ],
)
def test_skat_refuses_impossible_deals(deal, message):
    assert refusals("skat", THREE, deal) == [message]


def test_skat_card_points_are_0_to_120():
    """The declarer's card points may be anything from 0 to 120 (the whole pack)."""
    game = Game(ruleset("skat"), THREE, {})
    choices = game.allowed("card_points", None, {"game": "clubs", "declarer": 1, "bid": 18})
    assert [c.value for c in choices] == list(range(121))
    assert all(c.allowed for c in choices)


def test_skat_list_is_twelve_rounds():
    """36 deals with 3 players, 48 with 4."""
    assert Game(ruleset("skat"), THREE, {}).planned_deals == 36
    assert Game(ruleset("skat"), FOUR, {}).planned_deals == 48
