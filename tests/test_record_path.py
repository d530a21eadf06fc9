"""Game.record's quick ways through the usual entry say and keep exactly what the long ways do.

A row of whole numbers within bounds is taken as it is, the deal the checks worked out is
the one scored, the end of the game is remembered, and what games of the same kind work
out alike (cards, dealers, bidding orders, the formulas' code) is shared among them. Each
test takes an entry off the quick way and checks the exact outcome.
"""

from __future__ import annotations

import pytest
from helpers.samples import ruleset_game, ruleset_head

from scorekeeper.game.engine import GameError, IllegalEntry, Issue
from scorekeeper.game.game import Game
from scorekeeper.messages import Message
from scorekeeper.rules.ruleset import load_ruleset

THREE = ["Ann", "Ben", "Cid"]


def label_of(label: str, name: str) -> Message:
    return Message("engine.value.label_of", label=label, name=name)


def test_a_refused_record_leaves_the_game_as_it_was():
    """Deal 2's tricks add up to 3 of 2: refused with the ruleset's own text, and the history,
    the results and the totals are those of deal 1; then deal 2 as entered right counts."""
    game = Game(load_ruleset("wizard"), THREE)
    game.record({"bid": [1, 0, 0], "tricks": [1, 0, 0]})
    history, results, totals = list(game.history), game.results(), game.totals()
    with pytest.raises(IllegalEntry) as caught:
        game.record({"bid": [1, 1, 1], "tricks": [1, 1, 1]})
    assert caught.value.issues == [Issue("error", "the tricks taken add up to 3, not 2, the number of tricks played", "tricks", 2,
                                         "tricks-add-up")]
    assert (game.history, game.results(), game.totals(), game.next_deal) == (history, results, totals, 2)
    assert [r is s for r, s in zip(game.results(), results)] == [True]
    result = game.record({"bid": [1, 1, 0], "tricks": [2, 0, 0]})
    assert (result.scores, result.totals, game.totals()) == ((-10, -10, 20), (20, 10, 40), (20, 10, 40))


def test_one_value_out_of_bounds_in_a_row_is_named_with_its_seat():
    """Bids 1, 0, 3 in deal 2 (2 cards): Cid's bid alone is refused, with the bounds."""
    game = Game(load_ruleset("wizard"), THREE)
    game.record({"bid": [0, 0, 0], "tricks": [0, 1, 0]})
    with pytest.raises(IllegalEntry) as caught:
        game.record({"bid": [1, 0, 3], "tricks": [1, 1, 0]})
    assert caught.value.issues == [Issue("error", Message("engine.entry.out_of_range", label=label_of("Bid", "Cid"),
                                                          low=0, high=2, value=3), "bid", 3)]
    assert game.next_deal == 2


def test_values_that_are_not_plain_whole_numbers_still_go_the_long_way():
    """'1' and 1.0 are the bid 1; yes is no bid: refused naming Ben's bid and the value."""
    game = Game(load_ruleset("wizard"), THREE)
    assert game.normalize({"bid": ["1", 1.0, 0], "tricks": [1, 0, 0]})["bid"] == (1, 1, 0)
    with pytest.raises(GameError) as caught:
        game.normalize({"bid": [1, True, 0], "tricks": [1, 0, 0]})
    assert caught.value.message == Message("engine.value.not_int", label=label_of("Bid", "Ben"), value="True")
    with pytest.raises(GameError) as caught:
        game.normalize({"bid": [1, 0], "tricks": [1, 0, 0]})
    assert caught.value.message == Message.plural("engine.entry.count_player", 3, label="Bid", given=2)


SHORT = ruleset_head("short", "Three deals of points", (2, 3), end="deal == 3") + """
[fields]
points = { scope = "seat", phase = "play", type = "int", label = "Points", min = 0, max = 10 }

[score]
value = "points + (1 if is_dealer else 0)"
"""


def test_the_end_of_the_game_follows_undo_and_redo():
    """Three deals end the game; undone it goes on, redone it is over and refuses a fourth."""
    game = ruleset_game(SHORT, "short.toml", ["Ann", "Ben"])
    for points in ([1, 2], [3, 4], [5, 6]):
        game.record({"points": points})
    assert game.is_over and game.winners == ["Ben"]
    game.undo()
    assert not game.is_over and game.winners == []
    game.redo()
    assert game.is_over
    with pytest.raises(GameError) as caught:
        game.record({"points": [0, 0]})
    assert caught.value.message.code == "engine.game.over"


def test_games_of_one_kind_keep_their_own_dealers():
    """Two games of the same rules and table but another first dealer: each deal's dealer (who
    scores a point more) is the game's own, though the two share what they work out."""
    first = ruleset_game(SHORT, "short.toml", ["Ann", "Ben"])
    second = Game(first.ruleset, ["Ann", "Ben"], first_dealer=2)
    for game in (first, second, first, second):
        game.record({"points": [1, 1]})
    assert [r.dealer for r in first.results()] == [1, 2] and [r.dealer for r in second.results()] == [2, 1]
    assert [r.scores for r in first.results()] == [(2, 1), (1, 2)]
    assert [r.scores for r in second.results()] == [(1, 2), (2, 1)]


def test_the_bounds_of_a_deal_are_its_own_in_games_of_another_plan():
    """A bid of 4 in deal 1: refused in Wizard's plan (1 card), taken where the table made deal 1
    of 5 cards, and refused again in the first game (the bounds are kept per plan and deal)."""
    ruleset = load_ruleset("wizard")
    first, second = Game(ruleset, THREE), Game(ruleset, THREE)
    second.change_plan([5, 5, 5])
    refused = Issue("error", Message("engine.entry.out_of_range", label=label_of("Bid", "Ann"), low=0, high=1,
                                     value=4), "bid", 1)
    for game, taken in ((first, False), (second, True), (first, False)):
        entry = {"bid": [4, 0, 0], "tricks": [1, 0, 0] if not taken else [4, 1, 0]}
        if taken:
            assert game.record(entry).scores == (60, -10, 20)
        else:
            with pytest.raises(IllegalEntry) as caught:
                game.record(entry)
            assert refused in caught.value.issues


LOUD = ruleset_head("loud", "A question that cannot be worked out", (2, 3), cards="2") + """
[fields]
points = { scope = "seat", phase = "play", type = "int", label = "Points", min = 0, max = 10 }
extra = { scope = "deal", phase = "play", type = "int", label = "Extra", min = 0, max = 5, optional = true, when = "points_cap // (cards - 2) > 0" }

[constants]
points_cap = "10"

[score]
value = "points"
"""


def test_an_empty_field_whose_question_fails_refuses_the_entry_as_before():
    """'Extra' is optional and left empty, but whether it is asked divides by zero: the entry
    cannot be scored, with the formula's own error (only a question that cannot fail is skipped)."""
    game = ruleset_game(LOUD, "loud.toml", ["Ann", "Ben"])
    spec = game.ruleset.fields["extra"]
    assert not spec.when.quiet(game.setup.fast_context)
    with pytest.raises(IllegalEntry) as caught:
        game.record({"points": [3, 4]})
    (issue,) = caught.value.issues
    assert issue.message.code == "engine.entry.cannot_score"
    assert issue.message.params["error"].params["where"] == "fields.extra.when"


def test_a_question_of_equalities_of_entered_values_and_the_deal_is_quiet():
    """Wizard's 'chosen' is asked when "cards * players != deck and turned == 'wizard'": it can
    only be missing, never fail, so an empty 'chosen' is settled without asking it."""
    game = Game(load_ruleset("wizard"), THREE)
    fields = game.ruleset.fields
    assert fields["chosen"].when.quiet(game.setup.fast_context)
    assert not fields["bid"].max.quiet(type(game.setup.fast_context)({}, {}))  # no word on fill formulas: not quiet


def test_a_check_the_options_switch_off_is_left_out_and_one_switched_on_refuses():
    """Wizard's dealer rule is an option: off, bids 1, 0, 1 in deal 2 stand; on, Ben (who deals
    deal 2) may not make them total 2, refused in the ruleset's own words."""
    ruleset = load_ruleset("wizard")
    off, on = Game(ruleset, THREE), Game(ruleset, THREE, {"dealer_restriction": True})
    assert [c.id for c, _ in off.setup.check_plan()] == ["tricks-add-up"]
    assert [(c.id, when) for c, when in on.setup.check_plan()] == [("bids-not-total", None), ("tricks-add-up", None)]
    for game in (off, on):
        game.record({"bid": [0, 0, 0], "tricks": [1, 0, 0]})
    entry = {"bid": [1, 0, 1], "tricks": [1, 1, 0]}
    assert off.record(entry).scores == (30, -10, -10)
    with pytest.raises(IllegalEntry) as caught:
        on.record(entry)
    assert caught.value.issues == [Issue("error", "Dealer Ben may not bid 0: the bids would total 2, the number "
                                         "of tricks", "bid", 2, "bids-not-total")]


def test_a_sum_over_a_row_with_a_value_missing_waits_for_it():
    """Lupaus, Cara's bid not entered: the bids' sum cannot be checked yet, so the only problem
    is the missing bid (the sum of the rest, 10, is not taken for the total)."""
    game = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara", "Dan"])
    with pytest.raises(IllegalEntry) as caught:
        game.record({"bid": [4, 3, None, 3], "tricks": [4, 3, 0, 3]})
    assert caught.value.issues == [Issue("error", Message("engine.entry.not_entered", label=label_of("Bid", "Cara")),
                                         "bid", 3)]


NAMED = ruleset_head("named", "Ann's deals score double", (2, 3), end="deal == 4") + """
[fields]
points = { scope = "seat", phase = "play", type = "int", label = "Points", min = 0, max = "10 if name(dealer) == 'Ann' else 5" }

[score]
value = "points"
"""


def test_a_bound_that_reads_a_player_s_name_is_each_game_s_own():
    """Ann deals deal 1 in the first game, Bob in the second: 8 points are allowed (0 to 10) in
    the first and refused (0 to 5) in the second, though both games share the rest."""
    first = ruleset_game(NAMED, "named.toml", ["Ann", "Bob"])
    second = Game(first.ruleset, ["Bob", "Ann"])
    assert first.record({"points": [8, 1]}).scores == (8, 1)
    with pytest.raises(IllegalEntry) as caught:
        second.record({"points": [8, 1]})
    assert caught.value.issues == [Issue("error", Message("engine.entry.out_of_range", label=label_of("Points", "Bob"),
                                                          low=0, high=5, value=8), "points", 1)]


OPENS = ruleset_head("opens", "Ann always opens", (3, 3), end="deal == 4") + """
[seats]
first_bidder = "1 if name(1) == 'Ann' else forehand"

[fields]
bid = { scope = "seat", phase = "bidding", type = "int", label = "Bid", min = 0, max = 5 }

[score]
value = "bid"

[[checks]]
id = "first-not-zero"
rule = "bid != 0 or position != 1"
scope = "seat"
field = "bid"
message = "{name(seat)} opens and may not bid 0"
"""


def test_a_bidding_order_that_reads_a_player_s_name_is_each_game_s_own():
    """Ann (seat 1) opens in the first game; in the second, seat 1 is Bob and the forehand opens:
    a 0 bid is refused from each game's own opener, though the games are of one kind."""
    first = ruleset_game(OPENS, "opens.toml", ["Ann", "Bob", "Cid"])
    second = Game(first.ruleset, ["Bob", "Ann", "Cid"])
    for game, opener in ((first, 1), (second, 2), (first, 1)):
        bids = [3, 3, 3]
        bids[opener - 1] = 0
        with pytest.raises(IllegalEntry) as caught:
            game.record({"bid": bids})
        assert [(i.field, i.unit, i.check) for i in caught.value.issues] == [("bid", opener, "first-not-zero")]
