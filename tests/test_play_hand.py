"""A hand's value from the cards typed, with its parts (play.hand): what hand-value shows."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import show
from scorekeeper.play.hand import HandValueError, hand_field, hand_value
from scorekeeper.rules.ruleset import load_ruleset

HAND = "SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ C3".split()


def test_the_wysiwyg_hand_value_is_aces_kings_queens_and_the_longest_suit():
    """3 per ace (2), 2 per king (1), 1 per queen (3), and the longest suit (hearts, 5): 16."""
    found = hand_value(load_ruleset("wysiwyg"), HAND, ["A", "B"])
    assert found.value == 16
    assert found.parts == (("aces", 6), ("kings", 2), ("queens", 3), ("longest suit", 5))


def test_the_cards_field_is_found_by_following_the_hand_value_formula():
    assert hand_field(load_ruleset("wysiwyg"), "hand_value") == "hand"


@pytest.mark.parametrize("cards, text", [
    (HAND[:2], "a hand in WYSIWYG has 13 cards; 2 were given"),
    (["SK"] + HAND[:12], "♠K is given twice"),
    (["XX"] + HAND[1:], "'XX' is not a card: write the suit (S H D C or ♠ ♥ ♦ ♣) and the rank (2-10, J, Q, K, A), "
                        "e.g. SK or ♥10"),
])
def test_a_hand_that_will_not_do_is_refused_with_its_reason(cards, text):
    with pytest.raises(HandValueError) as caught:
        hand_value(load_ruleset("wysiwyg"), cards, ["A", "B"])
    assert show(caught.value) == text


def test_a_game_without_a_hand_value_says_so():
    with pytest.raises(HandValueError) as caught:
        hand_value(load_ruleset("lupaus"), HAND, ["A", "B", "C"])
    assert caught.value.message.code == "cli.hand_value.none"
