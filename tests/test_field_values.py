"""A number field whose values are a list (``values``): Skat's bids are the values a game can
be worth, not every number from 18 to 264."""

from __future__ import annotations

import pytest

from scorekeeper.game.game import Game, IllegalEntry
from scorekeeper.i18n import show
from scorekeeper.messages import Message
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.flow import in_reach, number_grows
from scorekeeper.rules.ruleset import load_ruleset, parse_ruleset_text

SKAT_BIDS = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70, 72, 77,
             80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150,
             153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264)

GAME = """
id = "listed"
name = "Listed"
description = "A test."
deck = 52
[players]
min = 2
max = 2
[deals]
cards = "1"
[end]
when = "deal >= 2"
[score]
value = "0"
[fields.contract]
scope = "deal"
type = "int"
{field}
"""


def problems(field: str) -> list[tuple[str, Message]]:
    rs, found = parse_ruleset_text(GAME.replace("{field}", field), "listed.toml")
    return [(p.path, p.message) for p in found]


def test_skats_bids_are_every_value_a_game_can_be_worth():
    """A suit game its base (9 to 12) times 2 to 18, a grand 24 times 2 to 11, a null game
    23, 35, 46 or 59: 63 bids from 18 to 264."""
    bid = load_ruleset("skat").fields["bid"]
    assert bid.values == SKAT_BIDS
    assert (bid.min.text, bid.max.text) == ("18", "264")


def test_the_list_is_kept_in_order_each_value_once():
    rs, found = parse_ruleset_text(GAME.replace("{field}", "values = [7, 5, 6, 5]"), "listed.toml")
    assert found == [] and rs.fields["contract"].values == (5, 6, 7)
    assert [c.value for c in Game(rs, ["A", "B"]).allowed("contract", None)] == [5, 6, 7]


@pytest.mark.parametrize(("field", "expected"), [
    ("values = [5, 6]\nmin = 1", [("fields.contract.values", Message("rules.field.values_and_bounds"))]),
    ("values = []", [("fields.contract.values", Message("rules.expected", kind=Message("rules.kinds.ints"),
                                                        got=Message("rules.toml.list")))]),
    ("values = [5, 'six']", [("fields.contract.values[1]", Message("rules.expected", kind=Message("rules.kinds.int"),
                                                                   got=Message("rules.toml.text")))]),
    ("min = 0", [("fields.contract", Message("rules.field.int_needs_bounds"))]),
])
def test_a_bad_list_of_values_is_named_with_what_is_wrong(field, expected):
    assert problems(field) == expected


def test_only_a_number_field_has_a_list_of_values():
    rs, found = parse_ruleset_text(GAME.replace('type = "int"', 'type = "bool"').replace("{field}", "values = [1]"),
                                   "listed.toml")
    assert [(p.path, p.message) for p in found] == [
        ("fields.contract.values", Message("rules.field.only_type", type="int", name="values"))]


def test_a_bid_not_in_the_list_is_refused_naming_the_values():
    g = Game(load_ruleset("skat"), ["Anna", "Ben", "Cara"])
    deal = {"game": "clubs", "declarer": 1, "bid": 21, "tops": "with", "matadors": 1, "card_points": 70}
    with pytest.raises(IllegalEntry) as caught:
        g.record(deal)
    assert show(caught.value) == "Bid won must be one of 18, 20, 22, 23, 24, 27, 30, 33, …, 264, not '21'"
    g.record({**deal, "bid": 24})
    assert g.totals() == (24, 0, 0)


@pytest.mark.parametrize(("typed", "reach", "grows"), [
    ("2", True, True), ("22", True, False), ("23", True, False), ("24", True, True), ("27", True, False),
    ("18", True, True), ("20", True, True), ("5", True, True), ("59", True, False), ("26", True, True),
    ("264", True, False), ("25", False, False), ("31", False, False),
])
def test_a_typed_bid_is_whole_as_soon_as_no_longer_bid_starts_with_it(typed, reach, grows):
    """22, 23 and 27 are whole at once (220, 230 and 270 are no bids); 24 waits (240), as do
    18 (180), 20 (204) and 26 (264); 25 and 31 start no bid."""
    assert in_reach(typed, 18, 264, SKAT_BIDS) is reach
    assert number_grows(typed, 18, 264, SKAT_BIDS) is grows


def test_the_bid_box_carries_the_list():
    draft = DealDraft(Game(load_ruleset("skat"), ["Anna", "Ben", "Cara"]))
    draft.set("game", None, "clubs")
    [bid] = [c for c in draft.view().cells.values() if c.field == "bid"]
    assert (bid.kind, bid.lo, bid.hi, bid.values) == ("number", 18, 264, SKAT_BIDS)


def test_rules_show_lists_the_bids(capsys):
    from scorekeeper.cli import main

    assert main(["rules", "show", "skat"]) == 0
    out = capsys.readouterr().out
    assert "bid: Bid won (bidding, per deal, whole number, one of 18, 20, 22, 23, 24, 27, 30," in out
    assert ", 216, 240, 264)" in out
