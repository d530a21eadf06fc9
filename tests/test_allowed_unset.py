"""A value is struck out only when the rules refuse it whatever the boxes not set yet may
still become (scorekeeper.game.unset): a box the rules fill in while it is empty counts as
any of its values, not only as its fill."""

from __future__ import annotations

from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.rules.ruleset import load_ruleset, parse_ruleset_text

PLAYERS = ["Anna", "Ben", "Cara"]


def refused(choices) -> dict:
    return {c.value: c.reasons for c in choices if not c.allowed}


def skat_null_bid_59() -> Game:
    return Game(load_ruleset("skat"), PLAYERS)


NULL_59 = {"game": "null", "declarer": 1, "bid": 59}


def test_skat_null_59_hand_and_ouvert_are_open_before_the_other_is_set():
    """Null, Anna, bid 59: a null ouvert hand is worth 59, so Hand 'yes' may be entered while
    Announced is empty (it may still be 'ouvert'), and 'ouvert' while Hand is empty."""
    g = skat_null_bid_59()
    assert refused(g.allowed("hand", None, NULL_59)) == {}
    assert set(refused(g.allowed("announced", None, NULL_59))) == {"schneider", "schwarz"}


def test_skat_a_value_no_way_of_setting_the_others_saves_stays_struck_out():
    """Bid 60: no null game is worth 60, so Hand 'yes' is refused with the check's reason
    (every Announced tried), as is 'ouvert' (every Hand tried)."""
    g = skat_null_bid_59()
    values = {**NULL_59, "bid": 60}
    assert refused(g.allowed("hand", None, values)) == {
        True: ("this null game is worth 35, less than the bid of 60: it cannot be announced",)}
    assert refused(g.allowed("announced", None, values))["ouvert"] == (
        "this null game is worth 46, less than the bid of 60: it cannot be announced",)


def test_skat_a_box_set_counts_as_it_is_set():
    """Hand set to 'no': 'ouvert' is worth 46 < 59 and is struck out (Hand is not tried again)."""
    g = skat_null_bid_59()
    assert "ouvert" in refused(g.allowed("announced", None, {**NULL_59, "hand": False}))
    assert "ouvert" not in refused(g.allowed("announced", None, {**NULL_59, "hand": True}))


def test_skat_null_ouvert_hand_entered_in_order_in_the_form():
    """The deal form, values set in the form's order: no box is filled in behind the table's
    back, the deal is stored as meant and Anna scores the game's 59."""
    g = skat_null_bid_59()
    draft = DealDraft(g)
    for field, value in [("game", "null"), ("declarer", 1), ("bid", 59), ("hand", True), ("announced", "ouvert"),
                         ("took_trick", False)]:
        cells = {c.field: c for c in draft.view().cells.values()}
        assert cells[field].value is None, field
        assert [c.value for c in cells[field].choices if c.value == value and not c.allowed] == [], field
        draft.set(field, None, value)
    assert draft.view().can_confirm
    g.record(draft.values())
    assert dict(g.deals[0]) == {**NULL_59, "hand": True, "announced": "ouvert", "contra": None,
                               "tops": None, "matadors": None, "card_points": None, "schwarz": None,
                               "took_trick": False}
    assert g.totals() == (59, 0, 0)


def test_the_lupaus_dealers_bid_stays_struck_out():
    """The other bids are set: the dealer's forbidden bid is refused as before."""
    g = Game(load_ruleset("lupaus"), PLAYERS)
    choices = g.allowed("bid", 1, {"bid": [None, 3, 4]})
    assert refused(choices) == {3: ("Dealer Anna may not bid 3: the bids would total 10, the number of tricks",)}


TWO_BOXES = """
id = "two-boxes"
name = "Two boxes"
description = "A test: a sum of two boxes, each filled in with 0 while empty, must reach the target."
deck = 52
[players]
min = 2
max = 2
[deals]
cards = "1"
[fields.target]
scope = "deal"
type = "int"
min = 0
max = 6
[fields.a]
scope = "deal"
type = "int"
min = 0
max = 3
optional = true
fill = "0"
[fields.b]
scope = "seat"
type = "int"
min = 0
max = 3
optional = true
fill = "0"
[score]
value = "a + b"
[end]
when = "deal >= 3"
[[checks]]
id = "reach"
rule = "a + sum(b) >= target"
field = "a"
message = "{a} + {sum(b)} is less than {target}"
[[checks]]
id = "odd-b"
scope = "seat"
rule = "b != 1"
field = "b"
message = "b may not be 1"
"""


def test_any_game_a_value_is_open_while_boxes_not_set_can_still_make_it_pass():
    """Any ruleset: a target of 6 can still be reached while a (0 to 3) and each seat's b (0 to
    3, never 1) are empty, though each counts as 0 while it is; with a = 0 and Ben's b = 0 set,
    only Anna's b is left (at most 3): 4, 5 and 6 are refused with the check's reason. Anna's
    b = 1 is refused by its own check whatever the others become."""
    rs, problems = parse_ruleset_text(TWO_BOXES, "two.toml")
    assert problems == []
    g = Game(rs, ["Anna", "Ben"])
    assert refused(g.allowed("target", None, {})) == {}
    assert refused(g.allowed("target", None, {"a": 0, "b": (None, 0)})) == {
        n: (f"0 + 0 is less than {n}",) for n in (4, 5, 6)}
    assert refused(g.allowed("b", 1, {"target": 6})) == {1: ("b may not be 1",)}
