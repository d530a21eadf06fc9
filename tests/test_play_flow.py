"""How typing flows through the boxes (scorekeeper/play/flow.py), on the shipped games'
real forms: when a typed value is whole, which boxes a key costs nothing to pass."""

from __future__ import annotations

from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.flow import grows, in_reach, keys_of, may_skip, number_grows, stops_at
from scorekeeper.play.layout import Slot
from scorekeeper.rules.ruleset import load_ruleset


def cells(ruleset: str, players: int, **typed):
    draft = DealDraft(Game(load_ruleset(ruleset), [f"P{i}" for i in range(1, players + 1)]))
    for key, value in typed.items():
        field, _, unit = key.partition("_")
        draft.set(field, int(unit) if unit else None, value)
    return draft.view().cells


def test_a_value_is_whole_when_no_longer_value_starts_with_it():
    ten = [str(v) for v in range(11)]  # a bid in a deal of 10 cards
    nine = [str(v) for v in range(10)]
    assert grows("1", ten) and not grows("1", nine)
    assert not grows("10", ten) and not grows("2", ten) and not grows("0", ten)


def test_a_typed_number_is_whole_when_no_number_in_range_starts_with_it():
    assert number_grows("2", 0, 40) and not number_grows("5", 0, 40)  # 20-29; 50 is too big
    assert number_grows("4", 0, 40) and not number_grows("40", 0, 40)
    assert number_grows("1", 100, 200) and not number_grows("3", 100, 200)
    assert number_grows("-4", -40, 40) and not number_grows("-5", -40, 40)
    assert not number_grows("0", -1000, 1000)  # no number is written 0…
    assert number_grows("-", -10, 10) and number_grows("7", 0, None)  # unbounded above
    assert number_grows("84", -1000, 1000) and not number_grows("841", -1000, 1000)


def test_in_reach_takes_the_start_of_a_number_below_the_lowest():
    assert in_reach("1", 100, 200)  # 1 is below 100, but 100-199 start with it
    assert not in_reach("3", 100, 200)
    assert in_reach("1", 4, 28) and not in_reach("3", 4, 28)  # hand values: 10-19, but 3 and 30+ are out


def test_the_trump_box_before_the_bids_is_a_stop_and_a_digit_goes_on():
    view = cells("lupaus", 4)
    trump, first_bid = view[Slot("turned", 0)], view[Slot("bid", 1)]
    assert may_skip(trump) and not may_skip(first_bid)
    assert keys_of(trump) == frozenset("shdc") and keys_of(first_bid) == frozenset("0123456789")
    assert stops_at(trump, first_bid)
    assert first_bid.needed and not trump.needed


def test_wysiwyg_stops_at_doubling_and_trump_but_not_at_the_optional_trick_counts_before_the_points():
    view = cells("wysiwyg", 2)
    points = view[Slot("points", 0)]
    assert points.needed
    assert stops_at(view[Slot("doubling", 0)], points)  # n d r
    assert stops_at(view[Slot("trump_suit", 0)], points)  # s h d c n
    for field in ("phase1", "phase2", "last_trick"):  # digits, as the points: they would take them
        assert may_skip(view[Slot(field, 0)]) and not stops_at(view[Slot(field, 0)], points)
    hand = view[Slot("hand", 1)]  # cards are typed as text: any key is theirs
    assert keys_of(hand) is None and not stops_at(hand, view[Slot("value", 1)])


def test_a_box_the_rules_fill_in_is_not_needed():
    view = cells("lupaus", 3, bid_2=3, bid_3=4, bid_1=2, tricks_2=3, tricks_3=4)  # seat 1 deals, 10 cards
    last = view[Slot("tricks", 3)]  # the dealer's, typed last
    assert last.unit == 1
    assert last.auto and last.value == 3 and not last.needed
