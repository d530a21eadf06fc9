"""The new-game form without a screen: the values carried into the first deal of a game
continued from paper (Spades' bags, Phase 10's phases, Preferans' whists per pair), offered
as the ruleset declares them and read with one clear message on bad input."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import using_language
from scorekeeper.play.new_game import carried_boxes, new_game_form, read_carried, read_setup
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

SPADES_TABLE = ["Anna", "Ben", "Cara", "Dan"]
# Anna 4 + Cara 4 tricks on a side bid of 3 + 3: 2 bags; Ben 2 + Dan 3 on 2 + 2: 1 bag
DEAL = {"bid": [3, 2, 3, 2], "tricks": [4, 2, 4, 3]}


def test_a_spades_game_started_with_bags_8_and_2_pays_the_tenth_bag_in_its_first_deal(tmp_path):
    rules = load_ruleset("spades")
    setup, problem = read_setup(rules, SPADES_TABLE, {}, "300 150", 1, None, {"bags": ["8", "2"]})
    assert problem is None
    assert setup.carried == {"bags": [8, 2]}
    with Store(str(tmp_path / "g.db")) as store:
        stored = store.new_game(rules, "spades", list(setup.names), setup.options, 1, None,
                                scores=setup.scores, carried=setup.carried)
        result = stored.record(DEAL)
        # Anna & Cara: 10 * 6 + 2 bags - 100 (8 + 2 = 10 bags) = -38; Ben & Dan: 10 * 4 + 1 = 41
        assert result.totals == (300 - 38, 150 + 41)
        assert result.carried["bags"] == (0, 3)
        again = store.open_game(stored.id).game  # the starting bags are stored with the game
        assert again.totals() == (262, 191)
        assert again.start_carried["bags"] == (8, 2)


def test_without_the_bags_from_paper_the_same_deal_scores_no_penalty(tmp_path):
    rules = load_ruleset("spades")
    setup, problem = read_setup(rules, SPADES_TABLE, {}, "", 1, None, None)
    assert problem is None and setup.carried is None
    with Store(str(tmp_path / "g.db")) as store:
        stored = store.new_game(rules, "spades", list(setup.names), setup.options, 1, None, carried=setup.carried)
        assert stored.record(DEAL).totals == (62, 41)


def test_an_empty_box_keeps_the_rules_start_and_an_empty_value_is_not_given():
    rules = load_ruleset("phase-10")
    names = ["Anna", "Ben", "Cara"]
    assert read_carried(rules, names, {}, {"phase": ["6", "", "3"]}) == ({"phase": [6, 1, 3]}, None)
    assert read_carried(rules, names, {}, {"phase": ["", "", ""]}) == (None, None)
    assert read_carried(rules, names, {}, {"phase": "6 1 3"}) == ({"phase": [6, 1, 3]}, None)


@pytest.mark.parametrize("ref, names, raw, message", [
    ("spades", SPADES_TABLE, {"bags": ["8", "two"]},
     "Bags of Ben & Dan must be a whole number from -10**12 to 10**12, not 'two' (an empty box keeps the rules' start)."),
    ("phase-10", ["Anna", "Ben", "Cara"], {"phase": ["6", "1.5", ""]},
     "Phase of Ben must be a whole number from -10**12 to 10**12, not '1.5' (an empty box keeps the rules' start)."),
    ("phase-10", ["Anna", "Ben", "Cara"], {"phase": ["10000000000000", "", ""]},
     "Phase of Anna must be a whole number from -10**12 to 10**12, not '10000000000000' (an empty box keeps the rules' start)."),
    ("spades", SPADES_TABLE, {"bags": "8"}, "Bags: 2 values, one for each of Anna & Cara, Ben & Dan; you typed 1"),
    ("belote", SPADES_TABLE, {"held": ["lots"]},
     "Points held (litige) must be a whole number from -10**12 to 10**12, not 'lots' (an empty box keeps the rules' start)."),
    ("spades", SPADES_TABLE, {"phase": ["1", "2"]}, "There is no carried value phase in this game; it carries: bags."),
])
def test_bad_starting_carried_values_get_one_message_naming_the_value_and_whose(ref, names, raw, message):
    setup, problem = read_setup(load_ruleset(ref), names, {}, "", 1, None, raw)
    assert setup is None
    assert problem == message


def test_the_message_is_in_the_tables_language():
    with using_language("fi"):
        _, problem = read_carried(load_ruleset("phase-10"), ["Anna", "Ben", "Cara"], {}, {"phase": ["x", "", ""]})
    assert problem == "Vaihe: pelaajan Anna arvo on kokonaisluku väliltä -10**12–10**12, ei 'x' (tyhjä ruutu pitää sääntöjen alkuarvon)."


def test_the_boxes_follow_each_values_scope_with_the_rules_starts():
    """Preferans keeps pool and mountain per player, whists per pair of players, and the
    all-pass count once for the table: the form has a box for each, in the game's order."""
    boxes = carried_boxes(load_ruleset("preferans"), ["Anna", "Ben", "Cara"], {}, {"whists": ["", "4"]})
    assert [(b.id, b.scope, b.holders, b.starts) for b in boxes] == [
        ("pool", "seat", ("Anna", "Ben", "Cara"), (0, 0, 0)),
        ("mountain", "seat", ("Anna", "Ben", "Cara"), (0, 0, 0)),
        ("whists", "pair", ("Anna→Ben", "Anna→Cara", "Ben→Anna", "Ben→Cara", "Cara→Anna", "Cara→Ben"), (0,) * 6),
        ("passes", "table", ("All pass in a row",), (0,)),
    ]
    assert boxes[2].typed == ("", "4", "", "", "", "")
    # seats not named yet are named by their number; Phase 10 starts each player on phase 1
    phases = carried_boxes(load_ruleset("phase-10"), ["Anna"], {}, {})
    assert [(b.holders, b.starts) for b in phases] == [(("Anna", "Seat 2"), (1, 1))]


def test_the_form_stays_short_until_the_table_asks_for_the_carried_values():
    rules = load_ruleset("spades")
    short = new_game_form(rules, "spades", SPADES_TABLE)
    assert short.carries is True and short.carried == ()
    asked = new_game_form(rules, "spades", SPADES_TABLE, carried={})
    assert [(b.label, b.holders, b.starts) for b in asked.carried] == [("Bags", ("Anna & Cara", "Ben & Dan"), (0, 0))]
    hearts = new_game_form(load_ruleset("hearts"), "hearts", SPADES_TABLE, carried={})
    assert hearts.carries is False and hearts.carried == ()
    wrong = new_game_form(rules, "spades", SPADES_TABLE, carried={"bags": ["8", "x"]})
    assert wrong.problem.startswith("Bags of Ben & Dan must be a whole number")


@pytest.mark.parametrize("ref, lang, shown", [
    ("lupaus", "en", "0 each, or e.g. 20 0 -10 in seat order"),
    ("euchre", "en", "0 each, or e.g. 20 -10, one per partnership"),
    ("euchre", "fi", "0 kullekin, tai esim. 20 -10, yksi kullekin parille"),
])
def test_the_starting_scores_example_has_as_many_values_as_the_game_has_scorers(ref, lang, shown):
    """A partnership game takes one starting score per partnership: its example gives two, not
    three values "in seat order" (found at the table: Euchre's form showed 20 0 -10)."""
    from scorekeeper.play.new_game import scores_placeholder

    with using_language(lang):
        assert scores_placeholder(load_ruleset(ref)) == shown
