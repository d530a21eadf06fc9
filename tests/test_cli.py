"""The command line, run in-process through main() and, for a few, as `python -m scorekeeper`.

Expected values are worked out by hand from rulesets/lupaus.toml: with 3 players deal 1
has 10 cards, seat 1 deals, the bidding order is seat 2, seat 3, then the dealer; the bids
may not total the number of tricks; an exact bid scores 10 + bid.
"""

import csv
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from helpers.samples import SHEET, SHEET_TABLE, SHEET_WRITTEN, write

REPO = Path(__file__).resolve().parents[1]

DEALER_3 = "Dealer Player 1 may not bid 3: the bids would total 10, the number of tricks"
LUPAUS_OPTIONS = ("scoring, miss, zero_bid, schedule, max_cards, trump_rule, fixed_suit, "
                  "no_trump_when_all_dealt, dealer_restriction, simultaneous, forehead")

# Deal 1: 10 cards, Anna deals. Anna 3/3 -> 13, Ben 4/5 -> 0, Cara 2/2 -> 12.
# Deal 2: 9 cards, Ben deals.   Anna 2/2 -> 12, Ben 2/4 -> 0, Cara 3/3 -> 13.
# Deal 3: 8 cards, Cara deals.  Anna 0/0 -> 10, Ben 5/5 -> 15, Cara 1/3 -> 0.

# A two-player game that values a hand like WYSIWYG: 3 per ace, 2 per king, 1 per
# queen, plus the length of the longest suit. No deal plan: it ends by score.
VALUED = """\
id = "valued"
name = "Valued"
description = "Hand value test game."
deck = 52
hand_value = "hand_value"

[players]
min = 2
max = 2

[deals]
cards = "13"

[fields.hand]
type = "cards"
count = 13
optional = true

[fields.points]
type = "int"
min = 0
max = 40

[derived.hand_value.parts]
aces = "3 * rank_count(hand, 'A')"
kings = "2 * rank_count(hand, 'K')"
queens = "rank_count(hand, 'Q')"
longest_suit = "longest_suit(hand)"

[score]
value = "points"

[end]
when = "max(total) >= 50"
"""

# A ruleset file with two mistakes.
BROKEN = """\
id = "broken"
name = "Broken"
description = "Two mistakes."
deck = 52

[players]
min = 3
max = 3

[[deals.plan]]
range = [3, 1]

[fields.tricks]
type = "int"
min = 0
max = "cards"

[score]
value = "trick"
valeu = 1
"""

SEED_HAND = "♠K ♠Q ♠7 ♥A ♥Q ♥8 ♥5 ♥2 ♦A ♦9 ♣Q ♣J ♣3".split()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def check_bid(capsys, *args):
    return run(capsys, "check-bid", "lupaus", "--players", "3", *args)


# --- check-bid -----------------------------------------------------------------------------


def test_check_bid_last_bidder_json(capsys):
    """Bids 3 and 4 of 10 tricks: the dealer may bid anything but 3."""
    code, out, err = check_bid(capsys, "--deal", "1", "--bids", "3", "4", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "legal": None,
        "forbidden": [3],
        "messages": [DEALER_3],
        "allowed": [0, 1, 2, 4, 5, 6, 7, 8, 9, 10],
    }
    assert list(json.loads(out)) == ["legal", "forbidden", "messages", "allowed"]


def test_check_bid_last_bidder_text(capsys):
    assert check_bid(capsys, "--deal", "1", "--bids", "3", "4") == (
        0, f"{DEALER_3}\nAllowed: 0 1 2 4 5 6 7 8 9 10\n", "")


def test_check_bid_forbidden_total_is_illegal(capsys):
    """3 + 4 + 3 = 10, the number of tricks."""
    assert check_bid(capsys, "--deal", "1", "--bids", "3", "4", "3") == (1, f"illegal\n{DEALER_3}\n", "")


def test_check_bid_forbidden_total_json(capsys):
    code, out, _ = check_bid(capsys, "--deal", "1", "--bids", "3", "4", "3", "--json")
    assert code == 1
    assert json.loads(out) == {"legal": False, "forbidden": [3], "messages": [DEALER_3],
                               "allowed": [0, 1, 2, 4, 5, 6, 7, 8, 9, 10]}


def test_check_bid_legal(capsys):
    """3 + 4 + 2 = 9 is not 10."""
    assert check_bid(capsys, "--deal", "1", "--bids", "3", "4", "2") == (0, "legal\n", "")


def test_check_bid_by_cards(capsys):
    """--cards 1 is deal 10 (10, 9, ..., 1), dealt by seat 1 again: after 0 and 0 the dealer may not bid 1."""
    assert check_bid(capsys, "--cards", "1", "--bids", "0", "0") == (
        0, "Dealer Player 1 may not bid 1: the bids would total 1, the number of tricks\nAllowed: 0\n", "")


def test_check_bid_later_deal_has_another_dealer(capsys):
    """Deal 2 (9 cards) is dealt by seat 2; seat 3 and seat 1 bid before it."""
    code, out, _ = check_bid(capsys, "--deal", "2", "--bids", "4", "4")
    assert (code, out) == (0, "Dealer Player 2 may not bid 1: the bids would total 9, the number of tricks\n"
                              "Allowed: 0 2 3 4 5 6 7 8 9\n")


def test_check_bid_without_dealer_restriction(capsys):
    code, out, _ = check_bid(capsys, "--cards", "1", "--bids", "0", "0", "--option", "dealer_restriction=no", "--json")
    assert code == 0
    assert json.loads(out) == {"legal": None, "forbidden": [], "messages": [], "allowed": [0, 1]}
    assert check_bid(capsys, "--deal", "1", "--bids", "3", "4", "3", "--option", "dealer_restriction=no") == (
        0, "legal\n", "")


@pytest.mark.parametrize(("args", "message"), [
    (("--deal", "1", "--bids", "3"),
     "give 2 or 3 bids in bidding order (Player 2, Player 3, Player 1), not 1"),
    (("--deal", "1", "--bids", "1", "2", "3", "4"),
     "give 2 or 3 bids in bidding order (Player 2, Player 3, Player 1), not 4"),
    (("--deal", "1", "--bids", "3", "11"), "Bid of Player 3 must be from 0 to 10, not 11"),
    (("--cards", "1", "--bids", "0", "2", "0"), "Bid of Player 3 must be from 0 to 1, not 2"),
    (("--deal", "1", "--bids", "3", "x"), "a bid is a whole number, not 'x'"),
    (("--deal", "1", "--bids", "3", "4", "--option", "dealer_restrictio=no"),
     f"lupaus has no option 'dealer_restrictio' (did you mean 'dealer_restriction'?); its options are: {LUPAUS_OPTIONS}"),
    (("--deal", "1", "--bids", "3", "4", "--option", "dealer_restriction"),
     "--option takes NAME=VALUE, e.g. --option scoring=ten-plus-bid; got 'dealer_restriction'"),
    (("--deal", "1", "--bids", "3", "4", "--option", "scoring=ten"),
     "option scoring is one of ten-plus-bid, tricks-plus-ten, ten-per-trick, not 'ten'"),
    (("--cards", "11", "--bids", "0", "0"),
     "Lupaus with 3 players has no deal of 11 cards; its deals have 1 2 3 4 5 6 7 8 9 10 cards"),
    (("--deal", "20", "--bids", "0", "0"), "the game has 19 deals; there is no deal 20"),
    (("--deal", "1",), "the following arguments are required: --bids"),
])
def test_check_bid_usage_errors(capsys, args, message):
    """Usage errors: one line on stderr, exit status 2, nothing on stdout."""
    assert check_bid(capsys, *args) == (2, "", f"scorekeeper: error: {message}\n")


def test_check_bid_players_out_of_range(capsys):
    assert run(capsys, "check-bid", "lupaus", "--players", "8", "--deal", "1", "--bids", "1", "1") == (
        2, "", "scorekeeper: error: Lupaus is played by 3 to 7 players, not 8\n")


def test_check_bid_unknown_ruleset(capsys):
    code, out, err = run(capsys, "check-bid", "lupus", "--players", "3", "--deal", "1", "--bids", "1", "1")
    assert (code, out) == (2, "")
    assert err.startswith("scorekeeper: error: no built-in ruleset 'lupus' (did you mean 'lupaus'?); ")
    assert err.count("\n") == 1


def test_a_ruleset_given_is_looked_up_once_and_an_unknown_or_missing_one_is_a_usage_error(capsys, monkeypatch,
                                                                                              in_tmp):
    """The built-ins' folder is listed once for the ruleset a command names (0.35 M instructions a
    look-up on 3.11, bench/README.md, "check-bid against its 2x"); what is not found is the same
    usage error as before, and a file that is not a ruleset the same error of the ruleset."""
    from scorekeeper.rules import ruleset as ruleset_module

    listed: list[str] = []
    real = ruleset_module.builtin_ids
    monkeypatch.setattr(ruleset_module, "builtin_ids", lambda: listed.append("listed") or real())
    assert run(capsys, "check-bid", "lupaus", "--players", "4", "--deal", "3", "--bids", "1", "0", "1") == (
        0, "Dealer Player 3 may not bid 6: the bids would total 8, the number of tricks\nAllowed: 0 1 2 3 4 5 7 8\n", "")
    assert listed == ["listed"]
    code, out, err = run(capsys, "check-bid", "lupus", "--players", "3", "--deal", "1", "--bids", "1", "1")
    assert (code, out, err.partition("; ")[0], err.count("\n")) == (
        2, "", "scorekeeper: error: no built-in ruleset 'lupus' (did you mean 'lupaus'?)", 1)
    assert run(capsys, "rules", "show", "nowhere.toml") == (2, "", "scorekeeper: error: nowhere.toml: no such file\n")
    (in_tmp / "folder.toml").mkdir()
    assert run(capsys, "rules", "show", "folder.toml") == (
        1, "", "scorekeeper: error: folder.toml: is a folder, not a file\n")


def test_check_bid_ruleset_without_bid_field(capsys, in_tmp):
    write(in_tmp, "valued.toml", VALUED)
    assert run(capsys, "check-bid", "valued.toml", "--players", "2", "--deal", "1", "--bids", "1") == (
        2, "", "scorekeeper: error: Valued has no bid to check: check-bid needs a per-player whole-number "
               "field named 'bid'; its fields are: hand, points\n")


# --- hand-value ----------------------------------------------------------------------------


def test_hand_value_seed_example(capsys, in_tmp):
    """Two aces 6 + one king 2 + three queens 3 + five hearts 5 = 16."""
    write(in_tmp, "valued.toml", VALUED)
    assert run(capsys, "hand-value", "valued.toml", *SEED_HAND) == (
        0, "16\naces: 6\nkings: 2\nqueens: 3\nlongest_suit: 5\n", "")


def test_hand_value_accepts_every_card_form(capsys, in_tmp):
    write(in_tmp, "valued.toml", VALUED)
    cards = ["SK", "♠Q", "7S", "ha", "HQ", "H8", "H5, H2", "DA", "D9", "CQ", "CJ", "C3"]
    assert run(capsys, "hand-value", "valued.toml", *cards)[:2] == (0, "16\naces: 6\nkings: 2\nqueens: 3\nlongest_suit: 5\n")


@pytest.mark.parametrize(("cards", "message"), [
    (SEED_HAND[:-1], "a hand in Valued has 13 cards; 12 were given"),
    (SEED_HAND[:-1] + ["♠K"], "♠K is given twice"),
    (SEED_HAND[:-1] + ["X3"], "'X3' is not a card: write the suit (S H D C or ♠ ♥ ♦ ♣) and the rank "
                              "(2-10, J, Q, K, A), e.g. SK or ♥10"),
])
def test_hand_value_bad_hands(capsys, in_tmp, cards, message):
    write(in_tmp, "valued.toml", VALUED)
    assert run(capsys, "hand-value", "valued.toml", *cards) == (2, "", f"scorekeeper: error: {message}\n")


def test_hand_value_needs_a_hand_value_in_the_ruleset(capsys):
    assert run(capsys, "hand-value", "lupaus", "SK") == (
        2, "", "scorekeeper: error: Lupaus has no hand value (its ruleset sets no hand_value)\n")


# --- rules ---------------------------------------------------------------------------------


LUPAUS_ENTRY = {
    "id": "lupaus",
    "name": "Lupaus",
    "players": {"min": 3, "max": 7},
    "aka": ["Oh Hell", "Valmius", "Elevator", "Nomination Whist", "Blackout", "Oh Shit", "Bust",
            "Up and Down the River", "Boerenbridge"],
    "description": "Bid the exact number of tricks you will take. The bids may not add up to "
                   "the number of tricks, so someone always fails.",
}


@pytest.fixture
def builtins(tmp_path, monkeypatch):
    """A built-in ruleset folder holding only a copy of lupaus.toml."""
    folder = tmp_path / "builtin"
    folder.mkdir()
    shutil.copy(REPO / "rulesets" / "lupaus.toml", folder / "lupaus.toml")
    monkeypatch.setattr("scorekeeper.rules.ruleset.builtin_rulesets_dir", lambda: folder)
    return folder


def test_rules_list_json(capsys, builtins):
    code, out, err = run(capsys, "rules", "list", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == [LUPAUS_ENTRY]


def test_rules_list_text(capsys, builtins):
    code, out, _ = run(capsys, "rules", "list")
    assert code == 0
    assert out == ("lupaus: Lupaus (3-7 players)\n"
                   f"  also known as: {', '.join(LUPAUS_ENTRY['aka'])}\n"
                   f"  {LUPAUS_ENTRY['description']}\n")


def test_rules_list_reports_a_broken_builtin(capsys, builtins):
    write(builtins, "broken.toml", BROKEN)
    code, out, err = run(capsys, "rules", "list", "--json")
    assert code == 1
    assert json.loads(out) == [LUPAUS_ENTRY]
    assert err == ("scorekeeper: error: rulesets/broken.toml: score.valeu: unknown key 'valeu' "
                   "(did you mean 'value'?); allowed here: scope, value, made, digits\n")


def test_rules_check_good_file(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert run(capsys, "rules", "check", "rulesets/lupaus.toml") == (0, "rulesets/lupaus.toml: ok\n", "")


def test_rules_check_lists_every_problem(capsys, in_tmp):
    write(in_tmp, "broken.toml", BROKEN)
    shutil.copy(REPO / "rulesets" / "lupaus.toml", in_tmp / "good.toml")
    assert run(capsys, "rules", "check", "broken.toml", "good.toml") == (1, (
        "broken.toml: score.valeu: unknown key 'valeu' (did you mean 'value'?); allowed here: scope, value, made, digits\n"
        "broken.toml: score.value: unknown name 'trick' (did you mean 'tricks'?)\n"
        "good.toml: ok\n"), "")


def test_rules_show_with_plan(capsys):
    code, out, _ = run(capsys, "rules", "show", "lupaus", "--players", "3")
    assert code == 0
    assert out.startswith("Lupaus (lupaus)\nAlso known as: Oh Hell, ")
    assert "  scoring (choice, default ten-plus-bid): Scoring\n      ten-plus-bid: 10 + bid when exact, 0 otherwise\n" in out
    assert "  dealer_restriction (yes/no, default yes): The bids may not add up to the number of tricks\n" in out
    assert "  bid: Bid (bidding, per player, whole number 0 to cards)\n" in out
    assert "  turned: Trump suit (bidding, per deal, suit, optional)\n" in out
    assert ("Deal plan for 3 players: 19 deals\n"
            "Cards per deal: 10 9 8 7 6 5 4 3 2 1 2 3 4 5 6 7 8 9 10\n\nDeck: 52 cards\n") in out


def test_rules_show_json(capsys):
    code, out, _ = run(capsys, "rules", "show", "lupaus", "--players", "6", "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["plan"] == {"players": 6, "deals": 15, "cards": [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8],
                           "ends_when": None}
    assert doc["options"][0] == {
        "id": "scoring", "type": "choice", "label": "Scoring", "default": "ten-plus-bid",
        "choices": ["ten-plus-bid", "tricks-plus-ten", "ten-per-trick"],
        "labels": {"ten-plus-bid": "10 + bid when exact, 0 otherwise",
                   "tricks-plus-ten": "1 per trick taken, +10 when exact",
                   "ten-per-trick": "10 per trick when exact (an exact 0 scores 10), -10 per trick over or under otherwise"},
    }
    assert doc["fields"][1] == {"id": "bid", "phase": "bidding", "scope": "seat", "type": "int", "label": "Bid",
                                "min": "0", "max": "cards", "optional": False}


def test_rules_show_game_without_plan(capsys, in_tmp):
    write(in_tmp, "valued.toml", VALUED)
    code, out, _ = run(capsys, "rules", "show", "valued.toml", "--players", "2")
    assert code == 0
    assert ("The game ends when: max(total) >= 50\nWinner: the highest total\n"
            "With 2 players there is no fixed number of deals; the game ends by score: max(total) >= 50\n\n"
            "Deck: ") in out


def test_rules_show_bad_player_count(capsys):
    assert run(capsys, "rules", "show", "lupaus", "--players", "2") == (
        2, "", "scorekeeper: error: Lupaus is played by 3 to 7 players, not 2\n")


def test_broken_ruleset_is_exit_1(capsys, in_tmp):
    write(in_tmp, "broken.toml", BROKEN)
    assert run(capsys, "rules", "show", "broken.toml") == (
        1, "", "scorekeeper: error: broken.toml: score.valeu: unknown key 'valeu' (did you mean 'value'?); "
               "allowed here: scope, value, made, digits\n")


# --- replay --------------------------------------------------------------------------------

REPLAY = SHEET_TABLE


def test_replay_table(capsys, in_tmp):
    write(in_tmp, "game.toml", SHEET)
    assert run(capsys, "replay", "game.toml") == (0, REPLAY, "")


def test_replay_json(capsys, in_tmp):
    write(in_tmp, "game.toml", SHEET)
    code, out, _ = run(capsys, "replay", "game.toml", "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["totals"] == [35, 15, 25]
    assert [d["scores"] for d in doc["deals"]] == [[13, 0, 12], [12, 0, 13], [10, 15, 0]]
    assert doc["standings"] == [{"rank": 1, "name": "Anna", "total": 35}, {"rank": 2, "name": "Cara", "total": 25},
                                {"rank": 3, "name": "Ben", "total": 15}]
    assert (doc["over"], doc["winners"], doc["title"]) == (False, [], "Friday game")


def test_replay_what_if_shows_both_totals(capsys, in_tmp):
    """tricks-plus-ten: Anna 13+12+10, Ben 5+4+15, Cara 12+13+3."""
    write(in_tmp, "game.toml", SHEET)
    code, out, err = run(capsys, "replay", "game.toml", "--option", "scoring=tricks-plus-ten")
    assert (code, err) == (0, "")
    assert "Options: Scoring = 1 per trick taken, +10 when exact\n" in out
    assert "   3      8  Cara      10     35   15     24     3     28\n" in out
    assert out.endswith("Totals: Anna 35, Ben 24, Cara 28\n"
                        "Standings:\n  1. Anna 35\n  2. Cara 28\n  3. Ben 24\n"
                        "in progress (3 of 19 deals played)\n\n"
                        "Totals side by side:\n"
                        "        sheet options  scoring=tricks-plus-ten\n"
                        "  Anna             35                       35\n"
                        "  Ben              15                       24\n"
                        "  Cara             25                       28\n")


def test_replay_what_if_lists_deals_that_break_a_rule(capsys, in_tmp):
    """Without the restriction deal 2's bids may total 9; with it deal 2 is listed and the exit is 1."""
    text = SHEET.replace('players = ["Anna", "Ben", "Cara"]\n',
                         'players = ["Anna", "Ben", "Cara"]\n\n[options]\ndealer_restriction = false\n')
    write(in_tmp, "game.toml", text.replace("bid = [2, 2, 3]", "bid = [2, 4, 3]"))
    assert run(capsys, "replay", "game.toml")[0] == 0
    code, out, err = run(capsys, "replay", "game.toml", "--option", "dealer_restriction=yes")
    assert code == 1
    assert "deal 2: Dealer Ben may not bid 4: the bids would total 9, the number of tricks\n" in out
    assert err == ("scorekeeper: with dealer_restriction=yes, 1 deal breaks a rule:\n"
                   "game.toml: deal 2: Dealer Ben may not bid 4: the bids would total 9, the number of tricks\n")
    code, out, _ = run(capsys, "replay", "game.toml", "--option", "dealer_restriction=yes", "--json")
    doc = json.loads(out)
    assert code == 1
    assert doc["refused"] == [{"deal": 2, "messages": [
        "Dealer Ben may not bid 4: the bids would total 9, the number of tricks"]}]
    assert doc["sheet"]["totals"] == doc["totals"] == [35, 29, 25]
    assert doc["sheet"]["options"]["dealer_restriction"] is False


def test_replay_bad_sheet_lists_every_bad_deal(capsys, in_tmp):
    text = SHEET.replace("tricks = [3, 5, 2]", "tricks = [3, 5, 1]").replace("tricks = [0, 5, 3]", "tricks = [0, 5, 4]")
    write(in_tmp, "game.toml", text)
    assert run(capsys, "replay", "game.toml") == (1, "", (
        "scorekeeper: error: game.toml: deal 1: the tricks taken add up to 9, not 10, the number of tricks played\n"
        "scorekeeper: error: game.toml: deal 3: the tricks taken add up to 9, not 8, the number of tricks played\n"))


def test_replay_unknown_option_is_a_usage_error(capsys, in_tmp):
    write(in_tmp, "game.toml", SHEET)
    assert run(capsys, "replay", "game.toml", "--option", "scorin=x") == (2, "", (
        "scorekeeper: error: lupaus has no option 'scorin' (did you mean 'scoring'?); "
        f"its options are: {LUPAUS_OPTIONS}\n"))


def test_replay_missing_file(capsys, in_tmp):
    assert run(capsys, "replay", "nowhere.toml") == (1, "", "scorekeeper: error: nowhere.toml: no such file\n")


# --- export --------------------------------------------------------------------------------

INJECTION = "=cmd|' /C calc'!A0"


def test_export_csv_is_safe_against_formula_injection(capsys, in_tmp):
    """Text cells starting with = + - @ get an apostrophe; scores, even negative ones, stay numbers.

    ten-per-trick: the first player 3 exact -> 30, "+1" 4 for 5 -> -10, Cara 2 exact -> 20.
    """
    write(in_tmp, "game.toml", (
        'ruleset = "lupaus"\n'
        f'players = ["{INJECTION}", "+1", "Cara"]\n\n'
        '[options]\nscoring = "ten-per-trick"\n\n'
        '[[deals]]\nturned = "hearts"\nbid = [3, 4, 2]\ntricks = [3, 5, 2]\n'))
    code, out, _ = run(capsys, "export", "game.toml", "--format", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    safe = "'" + INJECTION
    assert rows[0] == ["deal", "cards", "dealer", f"{safe} score", f"{safe} total", "'+1 score", "'+1 total",
                       "Cara score", "Cara total", "Trump suit", f"{safe} Bid", "'+1 Bid", "Cara Bid",
                       f"{safe} Tricks", "'+1 Tricks", "Cara Tricks"]
    assert rows[1] == ["1", "10", safe, "30", "30", "-10", "-10", "20", "20", "♥ hearts", "3", "4", "2", "3", "5", "2"]
    assert rows[2] == []
    assert rows[3:7] == [["rank", "name", "total"], ["1", safe, "30"], ["2", "Cara", "20"], ["3", "'+1", "-10"]]
    assert rows[8:] == [["ruleset", "lupaus", "Lupaus"],
                        ["options", "Scoring = 10 per trick when exact (an exact 0 scores 10), -10 per trick over or "
                                    "under otherwise; A miss, scoring 10 per trick = -10 per trick over or under; An exact "
                                    "zero bid is worth = what the scoring gives; Deal schedule = from the most cards down "
                                    "to 1 and back up; Most cards in a deal = 10 (3-5 players), 8 (6), 7 (7); Trump = the "
                                    "top card of the stock is turned; Fixed trump suit = spades; No trump when every card "
                                    "is dealt = yes; The bids may not add up to the number of tricks = yes; Bids are made "
                                    "at the same time (with fingers) = no; Last 1-card deal held to the forehead "
                                    "(reminder) = no"],
                        ["players", safe, "'+1", "Cara"], ["status", "in progress"]]
    assert "\n1,10,'=cmd|' /C calc'!A0,30,30,-10,-10,20,20," in out


def test_export_markdown_escapes_bars(capsys, in_tmp):
    write(in_tmp, "game.toml", SHEET.replace('"Anna"', '"An|na"'))
    code, out, _ = run(capsys, "export", "game.toml", "--format", "md")
    assert code == 0
    assert out.startswith("# Lupaus (lupaus): Friday game\n\nPlayers: An\\|na, Ben, Cara\n")
    assert "| Deal | Cards | Dealer | Trump suit | An\\|na | Ben | Cara |\n" in out
    assert "| 1 | 10 | An\\|na | ♥ hearts | 3/3 · +13 · 13 | 4/5 · 0 · 0 | 2/2 · +12 · 12 |\n" in out
    assert "| 3 | 8 | Cara |  | 0/0 · +10 · 35 | 5/5 · +15 · 15 | 1/3 · 0 · 25 |\n" in out
    assert out.endswith("| 1 | An\\|na | 35 |\n| 2 | Cara | 25 |\n| 3 | Ben | 15 |\n\nin progress (3 of 19 deals played)\n")


def test_export_json_structure(capsys, in_tmp):
    write(in_tmp, "game.toml", SHEET)
    code, out, _ = run(capsys, "export", "game.toml", "--format", "json")
    doc = json.loads(out)
    assert code == 0
    assert list(doc) == ["ruleset", "name", "title", "options", "players", "first_dealer", "scorers",
                         "partnerships", "deals", "totals", "standings", "over", "winners", "starting_scores",
                         "planned_deals", "ended_early"]
    assert doc["partnerships"] == []
    assert doc["deals"][0] == {"deal": 1, "cards": 10, "dealer": "Anna",
                               "values": {"turned": "hearts", "bid": [3, 4, 2], "tricks": [3, 5, 2]},
                               "filled": {"turned": "hearts", "bid": [3, 4, 2], "tricks": [3, 5, 2]},
                               "trump": {"kind": "turn", "suit": "hearts"},
                               "derived": {"exact": [True, False, True], "zero_value": [15, 15, 15]},
                               "scores": [13, 0, 12], "made": [True, False, True], "totals": [13, 0, 12],
                               "issues": []}
    assert doc["deals"][2]["values"]["turned"] is None
    assert (doc["totals"], doc["over"], doc["winners"]) == ([35, 15, 25], False, [])


def test_export_toml_to_file_replays_to_the_same_totals(capsys, in_tmp):
    write(in_tmp, "game.toml", SHEET)
    assert run(capsys, "export", "game.toml", "--format", "toml", "-o", "copy.toml") == (0, "", "")
    assert (in_tmp / "copy.toml").read_text(encoding="utf-8") == SHEET_WRITTEN
    assert run(capsys, "replay", "copy.toml") == (0, REPLAY, "")


def test_export_csv_to_file(capsys, in_tmp):
    write(in_tmp, "game.toml", SHEET)
    assert run(capsys, "export", "game.toml", "--format", "csv", "-o", "out.csv") == (0, "", "")
    assert (in_tmp / "out.csv").read_text(encoding="utf-8").splitlines()[3] == "3,8,Cara,10,35,15,15,0,25,,0,5,1,0,5,3"


def test_export_of_a_bad_sheet_is_exit_1(capsys, in_tmp):
    write(in_tmp, "game.toml", SHEET.replace("tricks = [2, 4, 3]", "tricks = [2, 4, 4]"))
    assert run(capsys, "export", "game.toml", "--format", "csv") == (
        1, "", "scorekeeper: error: game.toml: deal 2: the tricks taken add up to 10, not 9, the number of tricks played\n")


# --- no command ----------------------------------------------------------------------------


def test_no_arguments_prints_help_while_there_is_no_tui(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "scorekeeper.tui.app", None)  # importing it fails
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    assert out.startswith("usage: scorekeeper [-h] [--version] COMMAND ...\n")
    for command in ("rules", "check-bid", "hand-value", "replay", "export"):
        assert command in out


def test_no_arguments_starts_the_tui_when_there_is_one(capsys, monkeypatch):
    import types

    calls = []
    fake = types.ModuleType("scorekeeper.tui.app")
    fake.run = lambda phones=None: calls.append("run") or 0
    monkeypatch.setitem(sys.modules, "scorekeeper.tui.app", fake)
    assert run(capsys) == (0, "", "")
    assert calls == ["run"]


# --- as a separate process -----------------------------------------------------------------


def run_module(*args, cwd=REPO):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


def test_module_check_bid_illegal():
    result = run_module("check-bid", "lupaus", "--players", "3", "--deal", "1", "--bids", "3", "4", "3")
    assert (result.returncode, result.stdout, result.stderr) == (1, f"illegal\n{DEALER_3}\n", "")


def test_module_replay(tmp_path):
    write(tmp_path, "game.toml", SHEET)
    result = run_module("replay", "game.toml", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, REPLAY, "")


def test_module_error_is_one_line_without_traceback():
    result = run_module("hand-value", "lupaus", "SK")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "scorekeeper: error: Lupaus has no hand value (its ruleset sets no hand_value)\n"


PATA_ENDS = ("The game ends: after the agreed number of rounds, every player dealing once a round (or, "
             "if the table chooses, when a player reaches the agreed total)")


def test_rules_show_tells_how_pataviitonen_ends_in_words_and_its_deals_for_the_default_rounds(capsys):
    code, out, _ = run(capsys, "rules", "show", "pataviitonen", "--players", "3")
    assert code == 0
    assert out[:out.index("\n\nDeck: ")].splitlines()[-4:] == [
        PATA_ENDS, "Winner: the highest total", "Deal plan for 3 players: 6 deals",
                                     "Cards per deal: 17 17 17 17 17 17"]
    assert "end == 'deals'" not in out and "no fixed number" not in out
    assert ("each player scores A x B x C, three criteria the table agrees before the game "
            "(examples/pataviitonen-criteria.toml shows how to write them as a house rule).") in out


def test_rules_show_tells_how_pataviitonen_ends_in_finnish(capsys):
    code, out, _ = run(capsys, "--lang", "fi", "rules", "show", "pataviitonen", "--players", "4")
    assert code == 0
    assert out[:out.index("\n\nPakka: ")].splitlines()[-4:] == [
        "Peli päättyy: sovitun kierrosmäärän jälkeen, kun jokainen on jakanut kerran kierroksella (tai, jos "
        "pöytä niin valitsee, kun joku saavuttaa sovitun pistemäärän)",
        "Voittaja: suurin yhteispistemäärä", "Jakosuunnitelma 4 pelaajalle: 8 jakoa",
        "Kortteja jaossa: 13 13 13 13 13 13 13 13"]


def test_replay_under_options_that_end_the_game_earlier_counts_no_deal_after_the_end(capsys):
    """The whist example played to 7, replayed to 5: Ben & Dan reach 6 in deal 5, so the game
    ends there; deals 6 and 7 are listed and count for no one (they were counted before)."""
    code, out, err = run(capsys, "replay", str(REPO / "examples" / "whist.toml"), "--option", "game_to=5")
    assert code == 1
    assert "   6     13  Anna              0      3          0      6\n" in out
    assert "   7     13  Ben               0      3          0      6\n" in out
    assert "Totals: Anna & Cara 3, Ben & Dan 6\n" in out and "winner: Ben & Dan\n" in out
    assert "Totals side by side:" in out
    assert "deal 7: the game is over; it ended after deal 5" in err


def test_json_shows_what_the_rules_worked_out_for_each_deal(capsys):
    """WYSIWYG example, deal 1: the points were not typed but filled in from the tricks of each
    phase (4 + 2 x 7 + 1 for the last trick = 19); the declarer named hearts; the bases 6 and
    14 from the hand values 11 and 15, Aino opens, target 6 + 11 = 17. Whist: the partnerships."""
    code, out, _ = run(capsys, "replay", str(REPO / "examples" / "wysiwyg.toml"), "--json")
    deal = json.loads(out)["deals"][0]
    assert code == 0 and deal["values"]["points"] is None and deal["filled"]["points"] == 19
    assert deal["trump"] == {"kind": "choose", "suit": "hearts"}
    assert (deal["derived"]["base"], deal["derived"]["opener"], deal["derived"]["target"]) == ([6, 14], 1, 17)
    code, out, _ = run(capsys, "export", str(REPO / "examples" / "whist.toml"), "--format", "json")
    assert json.loads(out)["partnerships"] == [["Anna", "Cara"], ["Ben", "Dan"]]


def test_a_reader_that_goes_away_stops_the_command_quietly():
    """``scorekeeper rules show lupaus --json | head -1``: the pipe is closed before the
    command writes; it stops with 141 (128 + SIGPIPE, as a shell reports such a stop) and
    says nothing (it said "error: [Errno 32] Broken pipe")."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "rules", "show", "lupaus", "--json"], cwd=REPO,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the first line is written
    stderr = proc.stderr.read()
    assert (proc.wait(timeout=60), stderr) == (141, b"")


def test_check_bid_of_a_built_in_ruleset_imports_no_toml_parser(tmp_path):
    """A built-in ruleset is made by its shipped module (scorekeeper.rules.shipped): check-bid
    imports no tomllib (a tenth of its start-up). (The first run in an empty cache folder does,
    for the catalogs, which it then caches.)"""
    env = dict(os.environ)
    env.update(PYTHONPATH=str(REPO) + os.pathsep + env.get("PYTHONPATH", ""), SCOREKEEPER_CACHE=str(tmp_path / "cache"),
               SCOREKEEPER_CONFIG=str(tmp_path / "settings.toml"))
    code = ("import atexit, runpy, sys; sys.argv = ['scorekeeper', 'check-bid', 'lupaus', '--players', '3', '--deal', "
            "'1', '--bids', '3', '4', '3']\natexit.register(lambda: print('tomllib' in sys.modules, file=sys.stderr))\n"
            "runpy.run_module('scorekeeper', run_name='__main__')")
    seen = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
            for _ in range(2)]
    assert [(r.stdout, r.stderr) for r in seen[1:]] == [(f"illegal\n{DEALER_3}\n", "False\n")]
    assert seen[0].stdout == f"illegal\n{DEALER_3}\n"
