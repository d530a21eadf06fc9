"""The bids of one deal checked for the table (play.bids): what check-bid shows."""

from __future__ import annotations

from scorekeeper.game.game import Game
from scorekeeper.i18n import show
from scorekeeper.messages import Message
from scorekeeper.play.bids import check_bids
from scorekeeper.rules.ruleset import load_ruleset


def _lupaus() -> Game:
    """4 players, Dan deals deal 1 (10 cards each), so Anna bids first and Dan last."""
    return Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara", "Dan"], first_dealer=4)


def test_before_the_dealer_bids_the_value_that_would_total_the_tricks_is_refused_with_its_reason():
    game = _lupaus()
    order = game.info(1).bidding_order
    assert order == (1, 2, 3, 4)
    checked = check_bids(game, 1, order, [3, 2, 4])
    assert (checked.complete, checked.legal, checked.bad_values, checked.errors) == (False, None, (), ())
    assert checked.forbidden == (1,)
    assert checked.allowed == (0, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert [show(r) for r in checked.reasons] == [
        "Dealer Dan may not bid 1: the bids would total 10, the number of tricks"]


def test_a_whole_round_that_totals_the_tricks_is_illegal_and_says_which_rule():
    game = _lupaus()
    checked = check_bids(game, 1, (1, 2, 3, 4), [3, 2, 4, 1])
    assert (checked.complete, checked.legal, checked.reasons) == (True, False, ())
    assert [show(e) for e in checked.errors] == [
        "Dealer Dan may not bid 1: the bids would total 10, the number of tricks"]
    assert check_bids(game, 1, (1, 2, 3, 4), [3, 2, 4, 0]).legal is True


def test_a_bid_that_is_no_bid_at_all_is_a_bad_value_not_a_broken_rule():
    checked = check_bids(_lupaus(), 1, (1, 2, 3, 4), [30, 2, 4])
    assert len(checked.bad_values) == 1 and checked.errors == ()
    assert isinstance(checked.bad_values[0], Message)
    assert show(checked.bad_values[0]) == "Bid of Anna must be from 0 to 10, not 30"
