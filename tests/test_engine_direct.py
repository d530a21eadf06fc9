"""Scoring a deal straight from the entered values gives what the deal's evaluation gives.

``Setup.deal_scores`` runs the score formula in a form that reads only the entered rows,
walked side by side with the seats (``Formula.every_seat_values``); a value not entered,
or a formula that needs more of the deal, goes the general way through ``DealEval``. The
two must agree on every value, every Missing and every error message.
"""

from __future__ import annotations

import pytest
from helpers.samples import ruleset_game, ruleset_head

from scorekeeper.game.engine import DealEval
from scorekeeper.game.game import Game
from scorekeeper.messages import Message
from scorekeeper.rules.formula import EvalError, Missing
from scorekeeper.rules.ruleset import load_ruleset

WIZARD_TEXT = "20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)"


def _wizard(players=("Ann", "Ben", "Cid")) -> Game:
    return Game(load_ruleset("wizard"), list(players))


def test_wizard_and_lupaus_score_from_the_entered_values_alone():
    """The direct form exists for both, keeps no variable in a cell, and scores exactly."""
    for rid, want in (("wizard", [30, -10, 20]), ("lupaus", [11, 0, 10])):
        game = Game(load_ruleset(rid), ["Ann", "Ben", "Cid"])
        setup = game.setup
        fn = game.ruleset.score.every_seat_values(setup.fast_context, setup.scorer_seats)
        assert fn is not None, rid
        assert fn.__code__.co_cellvars == () and fn.__code__.co_freevars == (), rid
        values = game.normalize({"bid": [1, 2, 0], "tricks": [1, 1, 0]}, 2)
        assert fn(values, 2, setup.cards(2), setup.dealer(2)) == want, rid
        assert setup.deal_scores(2, values) == tuple(want) == DealEval(setup, 2, values).scores(), rid


def test_a_score_that_reads_more_of_the_deal_has_no_direct_form_and_still_scores():
    """Hearts' score reads who shot the moon (an aggregate over the seats): the deal's way."""
    game = Game(load_ruleset("hearts"), ["Ann", "Ben", "Cid", "Dee"])
    setup = game.setup
    assert game.ruleset.score.every_seat_values(setup.fast_context, setup.scorer_seats) is None
    values = game.normalize({"hearts": [13, 0, 0, 0], "queen": 1}, 1)
    assert setup.deal_scores(1, values) == DealEval(setup, 1, values).scores() == (0, 26, 26, 26)


def test_a_value_not_entered_is_missing_for_its_seat_in_both_ways():
    """Ben's bid is not entered: Missing('bid', 2), though Ann's seat was scored before it."""
    game = _wizard()
    values = game.normalize({"bid": [1, None, 0], "tricks": [1, 0, 0]}, 1)
    for score in (lambda: game.setup.deal_scores(1, values), lambda: DealEval(game.setup, 1, values).scores()):
        with pytest.raises(Missing) as caught:
            score()
        assert (caught.value.name, caught.value.seat) == ("bid", 2)


def test_a_missing_value_comes_before_a_later_seats_error():
    """Ben's bid is missing and Cid's tricks would score beyond the limit: Missing, as seat by seat."""
    game = _wizard()
    values = game.normalize({"bid": [1, None, 0], "tricks": [1, 0, 10**12]}, 1)
    with pytest.raises(Missing):
        game.setup.deal_scores(1, values)


def test_a_score_beyond_the_limit_gives_the_same_message_either_way():
    """The error names the score's key and the value, exactly as the deal's evaluation says it."""
    game = _wizard()
    values = game.normalize({"bid": [1, 0, 0], "tricks": [10**12, 0, 0]}, 1)
    want = Message("formula.eval.cannot_compute", text=WIZARD_TEXT, reason=Message(
        "formula.eval.value_too_large", max="10**12", value="-9999999999990"))
    for score in (lambda: game.setup.deal_scores(1, values), lambda: DealEval(game.setup, 1, values).scores()):
        with pytest.raises(EvalError) as caught:
            score()
        assert (caught.value.key, caught.value.message) == ("score.value", want)


FILLED = ruleset_head("filled", "A bid left empty counts as the cards", (3, 4)) + """
[fields]
bid = { scope = "seat", phase = "bidding", type = "int", label = "Bid", min = 0, max = "cards", optional = true, fill = "cards" }
tricks = { scope = "seat", phase = "play", type = "int", label = "Tricks", min = 0, max = "cards" }

[score]
value = "10 * tricks - bid + (100 * deal + 7 if is_dealer else 0) + forehand"
"""


def test_seat_values_the_deal_and_its_dealer_read_straight_and_a_fill_the_deal_s_way():
    """Deal 2 of 13 cards, Ben deals and Cid is forehand: straight from the values; with Ann's bid
    left empty its fill (the cards) is worked out by the deal, the same scores as seat by seat."""
    game = ruleset_game(FILLED, "filled.toml", ["Ann", "Ben", "Cid"])
    setup = game.setup
    assert setup.ruleset.score.every_seat_values(setup.fast_context, setup.scorer_seats) is not None
    full = game.normalize({"bid": [1, 2, 3], "tricks": [4, 5, 4]}, 2)
    assert setup.deal_scores(2, full) == DealEval(setup, 2, full).scores() == (42, 258, 40)
    filled = game.normalize({"bid": [None, 2, 3], "tricks": [4, 5, 4]}, 2)
    assert setup.deal_scores(2, filled) == DealEval(setup, 2, filled).scores() == (30, 258, 40)
    assert setup.deal_scores(2, full, dealer=3) == DealEval(setup, 2, full, dealer=3).scores() == (40, 49, 245)


HALVES = ruleset_head("halves", "Half points and yes/no scores", (3, 4)) + """
[fields]
tricks = { scope = "seat", phase = "play", type = "int", label = "Tricks", min = 0, max = "cards" }

[options.yes_no]
type = "bool"
label = "Score 1 for a trick or more"
default = false

[score]
value = "tricks >= 1 if yes_no else tricks * 1.5"
"""


@pytest.mark.parametrize("options, want", [({}, (3, 1.5, 0)), ({"yes_no": True}, (1, 1, 0))])
def test_scores_are_written_as_the_table_writes_them_either_way(options, want):
    """A whole 3.0 is 3, 1.5 stays 1.5, yes/no is 1/0: straight from the values as seat by seat."""
    game = ruleset_game(HALVES, "halves.toml", ["Ann", "Ben", "Cid"])
    game = Game(game.ruleset, ["Ann", "Ben", "Cid"], options)
    setup = game.setup
    values = game.normalize({"tricks": [2, 1, 0]}, 1)
    assert setup.ruleset.score.every_seat_values(setup.fast_context, setup.scorer_seats, points=True) is not None
    direct, each = setup.deal_scores(1, values), tuple(DealEval(setup, 1, values).score(i) for i in range(3))
    assert direct == each == want
    assert [type(v) for v in direct] == [type(v) for v in want]


def test_a_table_given_as_another_mapping_than_a_dict_is_read_as_the_dict():
    """A game asks collections.abc only of a table that is not a dict (it is imported then): a
    read-only mapping of the same values is normalized, split and checked as the dict is, and
    what is no mapping at all is refused in the same words."""
    from types import MappingProxyType

    from scorekeeper.game.engine import GameError
    from scorekeeper.game.game import is_table_only, split_after_end

    game = _wizard()
    values = {"bid": [1, 2, 0], "tricks": [1, 1, 0]}
    assert game.normalize(MappingProxyType(values), 2) == game.normalize(values, 2) == {
        "bid": (1, 2, 0), "tricks": (1, 1, 0), "chosen": None, "turned": None}
    assert split_after_end(MappingProxyType({**values, "after_end": True})) == ({**values}, True)
    assert is_table_only(MappingProxyType({"out": ["Ben"]})) and not is_table_only(MappingProxyType(values))
    with pytest.raises(GameError) as refused:
        game.normalize([("bid", [1, 2, 0])], 2)
    assert str(refused.value) == str(Message("engine.entry.not_table"))
