"""`rules show` tells the whole ruleset: the deck, partnerships, trump rules, checks and
reminders, who deals and bids first in each deal, under house rules given with --option,
in English, Finnish and Polish, and --plain; and a deal plan's `range` takes a `step`."""

from __future__ import annotations

import json

import pytest

from helpers.samples import MOST
from scorekeeper.cli import main
from scorekeeper.game.engine import SetupError
from scorekeeper.game.game import Game
from scorekeeper.i18n import show
from scorekeeper.game.limits import check_ruleset
from scorekeeper.rules.ruleset import load_ruleset


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rules_show_names_who_deals_and_bids_first_in_each_deal(capsys):
    code, out, _ = run(capsys, "rules", "show", "lupaus", "--players", "3")
    assert code == 0
    lines = out.splitlines()
    start = lines.index("Lupaus with 3 players, 19 deals: who deals and who bids first")
    assert lines[start + 1:start + 4] == [
        "  Deal 1: 10 cards, Player 1 deals, Player 2 bids first",
        "  Deal 2: 9 cards, Player 2 deals, Player 3 bids first",
        "  Deal 3: 8 cards, Player 3 deals, Player 1 bids first",
    ]
    assert lines[start + 19] == "  Deal 19: 10 cards, Player 1 deals, Player 2 bids first"


def test_rules_show_says_when_the_entries_decide_who_bids_first(capsys):
    code, out, _ = run(capsys, "rules", "show", "wysiwyg", "--players", "2")
    assert "  Deal 1: 13 cards, Player 1 deals; who bids first is decided by what the table enters\n" in out


def test_rules_show_tells_the_deck_trump_checks_and_reminders(capsys):
    code, out, _ = run(capsys, "rules", "show", "lupaus")
    assert code == 0
    assert "\nDeck: 52\n" not in out and "\nDeck: 52 cards\n" in out
    assert ("Trump:\n"
            "  when trump_rule == 'fixed': trump is fixed_suit\n") in out
    assert ("  the next card is turned for trump (entered as turned), telling the table \"Turn up the top card of "
            "the stock for trump\"\n") in out
    assert ("Checks (every deal must keep them):\n"
            "  when dealer_restriction and not simultaneous: bids-not-total: sum(bid) != cards — else \"Dealer "
            "{name(dealer)} may not bid {of(dealer, bid)}: the bids would total {cards}, the number of tricks\"\n"
            ) in out
    assert out.endswith("Reminders:\n  when forehead and schedule == 'up-down' and deal == deals: Last deal: hold "
                        "your card to your forehead without looking at it\n")


def test_rules_show_tells_the_partnerships_and_the_deck_formula(capsys):
    code, out, _ = run(capsys, "rules", "show", "whist")
    assert "Partnerships (seats): 1 & 3 against 2 & 4\n" in out
    code, out, _ = run(capsys, "rules", "show", "romanian-whist")
    assert "Deck: 8 * players cards\n" in out
    code, out, _ = run(capsys, "rules", "show", "romanian-whist", "--players", "4")
    assert "Deck: 32 cards\n" in out


def test_rules_show_with_house_rules_given_as_options(capsys):
    code, out, _ = run(capsys, "rules", "show", "lupaus", "--players", "4", "--option", "schedule=up-down",
                       "--option", "max_cards=all")
    assert code == 0
    assert "  schedule (choice, default down-up, here up-down): Deal schedule\n" in out
    assert "  max_cards (choice, default standard, here all): Most cards in a deal\n" in out
    assert "Deal plan for 4 players: 25 deals\nCards per deal: 1 2 3 4 5 6 7 8 9 10 11 12 13 12" in out
    assert "  Deal 13: 13 cards, Player 1 deals, Player 2 bids first\n" in out


def test_rules_show_refuses_an_unknown_option_in_one_line(capsys):
    assert run(capsys, "rules", "show", "lupaus", "--option", "schedul=up-down") == (
        2, "", "scorekeeper: error: lupaus has no option 'schedul' (did you mean 'schedule'?); its options are: "
               "scoring, miss, zero_bid, schedule, max_cards, trump_rule, fixed_suit, no_trump_when_all_dealt, "
               "dealer_restriction, simultaneous, forehead\n")
    assert run(capsys, "rules", "show", "lupaus", "--option", "schedule=sideways")[0] == 2


def test_rules_show_json_has_the_details(capsys):
    code, out, _ = run(capsys, "rules", "show", "whist", "--players", "4", "--option", "game_to=5", "--json")
    doc = json.loads(out)
    assert (doc["deck"], doc["partnerships"]) == (52, [[1, 3], [2, 4]])
    assert doc["options_chosen"]["game_to"] == 5
    assert doc["trump"][0] == {"id": "every-fifth", "kind": "none", "when": "deal % 5 == 0", "suit": None, "seat": None,
                               "field": None, "say": doc["trump"][0]["say"]}
    assert doc["deals"][1] == {"deal": 2, "cards": 13, "dealer": "Player 2"}  # no one bids in Whist: no first bidder
    assert [c["id"] for c in doc["checks"]] == ["honours-add-up"]


def test_rules_show_in_finnish_and_polish_and_plain(capsys):
    code, out, _ = run(capsys, "--lang", "fi", "rules", "show", "lupaus", "--players", "3")
    assert "  Jako 1: 10 korttia, Pelaaja 1 jakaa, Pelaaja 2 lupaa ensin\n" in out
    assert "Muistutukset:\n" in out and "Pakka: 52 korttia\n" in out
    assert ("  kun dealer_restriction and not simultaneous: bids-not-total: sum(bid) != cards — muuten \"Jakaja "
            "{name(dealer)} ei saa luvata {of(dealer, bid)}: lupausten summa olisi {cards}, sama kuin tikkien "
            "määrä\"\n") in out
    code, out, _ = run(capsys, "--lang", "pl", "rules", "show", "lupaus", "--players", "3", "--plain")
    assert "\nRozdanie 2: 9 kart, rozdaje Gracz 2, pierwszy licytuje Gracz 3\n" in out
    assert "\nAtu:\n" in out
    assert not [line for line in out.splitlines() if line.startswith(" ")]


# --- a range with a step -------------------------------------------------------------------------

ODD = 'extends = "lupaus"\nid = "odd"\nname = "Odd hands"\n[[deals.plan]]\nrange = [1, "top"]\nstep = 2\n'


def test_a_range_with_a_step_plays_odd_hands_only(tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text(ODD)
    assert check_ruleset(path) == []
    assert Game(load_ruleset(path), ["A", "B", "C", "D"]).setup.plan == (1, 3, 5, 7, 9)
    path.write_text(ODD.replace('[1, "top"]', '["top", 1]'))
    assert Game(load_ruleset(path), ["A", "B", "C", "D"]).setup.plan == (10, 8, 6, 4, 2)


def test_a_step_below_one_is_refused_for_the_players_that_make_it(tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text(ODD.replace("step = 2", 'step = "players - 3"'))
    assert [show(p) for p in check_ruleset(path)] == [
        f"{path}: odd: deals.plan[0].step must give a whole number of at least 1, got 0"]
    with pytest.raises(SetupError):
        Game(load_ruleset(path), ["A", "B", "C"])
    assert Game(load_ruleset(path), ["A", "B", "C", "D", "E"]).setup.plan == (1, 3, 5, 7, 9)


def test_a_step_goes_only_with_a_range(tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text(ODD.replace('range = [1, "top"]', "cards = 2"))
    assert [show(p) for p in check_ruleset(path)] == [
        f"{path}: deals.plan[0].step: step goes with range = [from, to] (every step-th number of cards), not with "
        "cards = N"]


# --- an option's default as a formula ------------------------------------------------------------



@pytest.mark.parametrize("players, top, deals", [(3, 17, 33), (4, 13, 25), (5, 10, 19), (7, 7, 13)])
def test_a_default_written_as_a_formula_is_worked_out_for_the_players(tmp_path, players, top, deals):
    """"The most cards one deck deals this many players": 52 // players."""
    path = tmp_path / "most.toml"
    path.write_text(MOST)
    game = Game(load_ruleset(path), [f"P{i}" for i in range(players)])
    assert (game.options["top_cards"], game.setup.plan[0], len(game.setup.plan)) == (top, top, deals)


def test_a_default_formula_gives_way_to_the_value_the_table_chooses(tmp_path):
    path = tmp_path / "most.toml"
    path.write_text(MOST)
    rules = load_ruleset(path)
    assert (rules.options["top_cards"].default, rules.options["top_cards"].default_formula.text) == (
        17, "deck // players")
    assert Game(rules, ["A", "B", "C", "D"], {"top_cards": 3}).setup.plan == (3, 2, 1, 2, 3)


@pytest.mark.parametrize("change, problem", [
    (('default = "deck // players"', 'default = "deck // players + 5"'),
     "options.top_cards.default: with 3 players the default is 22, not a whole number from 1 to 17"),
    (('default = "deck // players"', 'default = "top_cards + 1"'),
     "options.top_cards.default: the default may not read 'top_cards', whose default is a formula too"),
    (('default = "deck // players"', 'default = "dek // players"'),
     "options.top_cards.default: unknown name 'dek' (did you mean 'deck'?)"),
    (('extends = "lupaus"', 'extends = "lupaus"\ndeck = "4 * top_cards"'),
     "deck: the deck may not read 'top_cards', whose default is a formula of the deck"),
])
def test_a_default_formula_is_checked_for_every_number_of_players(tmp_path, change, problem):
    path = tmp_path / "most.toml"
    path.write_text(MOST.replace(*change))
    assert [show(p) for p in check_ruleset(path)] == [f"{path}: {problem}"]


def test_rules_show_names_a_default_formula(capsys, tmp_path):
    path = tmp_path / "most.toml"
    path.write_text(MOST)
    code, out, _ = run(capsys, "rules", "show", str(path), "--players", "4")
    assert "  top_cards (whole number 1 to 17, default deck // players): Most cards in a deal\n" in out
    assert "Cards per deal: 13 12 11 " in out
    code, out, _ = run(capsys, "rules", "show", str(path), "--json")
    option = json.loads(out)["options"][-1]
    assert (option["default"], option["default_formula"]) == (17, "deck // players")


def test_rules_show_tells_the_values_carried_and_the_deals_that_do_not_count(capsys):
    code, out, _ = run(capsys, "rules", "show", "bridge")
    assert code == 0
    lines = out.splitlines()
    assert "A deal does not count (the same dealer deals again) when level == 0" in lines
    at = lines.index("Carried from deal to deal:")
    assert lines[at + 1:at + 3] == [
        "  below: Below the line, per partnership: 0 at the start, then below + below_points after each deal; "
        "back to the start when max(below + below_points) >= 100",
        "  games: Games, per partnership: 0 at the start, then games + (1 if game_won else 0) after each deal"]
    code, out, _ = run(capsys, "--lang", "fi", "rules", "show", "spades", "--json")
    doc = json.loads(out)
    assert doc["carry"] == [{"id": "bags", "scope": "team", "start": "0", "reset": None, "label": "Bags",  # JSON is the English ruleset
                             "value": "(bags + side_bags) % 10 if bag_penalty else bags + side_bags"}]
    assert doc["redeal"] is None
    code, out, _ = run(capsys, "--lang", "pl", "rules", "show", "spades")
    assert "Wartości przenoszone z rozdania na rozdanie:" in out.splitlines()


def test_rules_show_tells_who_bids_first_only_where_someone_bids(capsys):
    from scorekeeper.cli import main
    assert main(["rules", "show", "hearts", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert "Hearts with 4 players, 4 deals: who deals\n  Deal 1: 13 cards, Player 1 deals\n" in out
    assert "bids first" not in out
    assert main(["rules", "show", "lupaus", "--players", "3"]) == 0
    assert "  Deal 1: 10 cards, Player 1 deals, Player 2 bids first\n" in capsys.readouterr().out
