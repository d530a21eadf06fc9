"""The deal being entered (scorekeeper.play.draft): what the form shows, from the rules alone."""

from __future__ import annotations

import pytest

from helpers.samples import GUESSES

from scorekeeper.game.game import Game
from scorekeeper.rules.ruleset import load_ruleset, parse_ruleset_text
from scorekeeper.play.draft import ANSWERS_KEPT, DealDraft
from scorekeeper.play.layout import Slot, form_layout


def game(rid, players, **options):
    return Game(load_ruleset(rid), players, options)


def cell(view, field, who=""):
    found = [c for c in view.cells.values() if c.field == field and c.who == who]
    assert len(found) == 1, (field, who)
    return found[0]


def test_the_form_follows_the_phases_and_the_bidding_order():
    """Deal fields first, then each seat's fields together, seats in bidding order."""
    g = game("pataviitonen", ["Anna", "Ben", "Cara"], rounds=1)
    layout = form_layout(g)
    assert [p.phase for p in layout] == ["bidding", "play", "scoring"]
    assert layout[0].slots == (Slot("bid", 1), Slot("proposal", 1), Slot("bid", 2), Slot("proposal", 2),
                               Slot("bid", 3), Slot("proposal", 3))
    view = DealDraft(g).view()
    assert [view.cells[s].who for s in layout[0].slots[::2]] == ["Ben", "Cara", "Anna"]
    assert view.cells[Slot("a", 1)].kind == "number"  # -1000..1000: typed, not shown
    assert (view.cells[Slot("a", 1)].lo, view.cells[Slot("a", 1)].hi) == (-1000, 1000)


@pytest.mark.parametrize("dealer_restriction, refused", [(True, [(3, "Dealer Anna may not bid 3: the bids would "
                                                                      "total 10, the number of tricks")]),
                                                         (False, [])])
def test_the_dealers_refused_bid_comes_from_the_rulesets_check(dealer_restriction, refused):
    g = game("lupaus", ["Anna", "Ben", "Cara"], dealer_restriction=dealer_restriction)
    draft = DealDraft(g)
    draft.set("bid", 2, 3)
    draft.set("bid", 3, 4)
    anna = cell(draft.view(), "bid", "Anna")
    assert anna.dealer and anna.value is None
    assert [(c.value, c.reason) for c in anna.choices if not c.allowed] == refused
    assert draft.view().phases[0].summary == ("Bids 7, tricks 10 (1 to enter)",)


def test_four_players_the_dealers_bid_that_makes_the_tricks_is_refused_with_the_reason():
    """Lupaus, 4 players, 10 cards: Ben 3, Cara 2, Dan 4; Anna (dealer) may not bid 1."""
    g = game("lupaus", ["Anna", "Ben", "Cara", "Dan"])
    draft = DealDraft(g)
    for unit, bid in ((2, 3), (3, 2), (4, 4)):
        draft.set("bid", unit, bid)
    anna = cell(draft.view(), "bid", "Anna")
    assert anna.dealer and anna.value is None and anna.slot == Slot("bid", 4)
    assert [(c.value, c.reason) for c in anna.choices if not c.allowed] == [
        (1, "Dealer Anna may not bid 1: the bids would total 10, the number of tricks")]
    draft.set("bid", 1, 0)
    assert cell(draft.view(), "bid", "Anna").value == 0


def test_a_value_is_refused_only_because_of_the_boxes_before_it():
    """Ben, who bids first, may change his bid whatever the dealer entered."""
    g = game("lupaus", ["Anna", "Ben", "Cara"])
    draft = DealDraft(g)
    for unit, bid in ((2, 3), (3, 4), (1, 2)):
        draft.set("bid", unit, bid)
    assert all(c.allowed for c in cell(draft.view(), "bid", "Ben").choices)
    assert [c.value for c in cell(draft.view(), "bid", "Anna").choices if not c.allowed] == [3]


def test_the_last_tricks_are_filled_in_and_a_deal_that_does_not_add_up_cannot_be_confirmed():
    g = game("lupaus", ["Anna", "Ben", "Cara"])
    draft = DealDraft(g)
    for unit, bid in ((2, 3), (3, 4), (1, 2)):
        draft.set("bid", unit, bid)
    draft.set("tricks", 2, 3)
    draft.set("tricks", 3, 4)
    view = draft.view()
    anna = cell(view, "tricks", "Anna")
    assert (anna.value, anna.auto) == (3, True)
    assert view.phases[1].summary == ("Tricks: 10 of 10 · all taken",)
    assert view.can_confirm
    assert draft.plain_values() == {"turned": None, "bid": [2, 3, 4], "tricks": [3, 3, 4]}

    draft.set("tricks", 3, 9)  # Ben 3 + Cara 9: too many, nothing left for Anna
    view = draft.view()
    assert cell(view, "tricks", "Anna").value is None
    assert view.phases[1].summary == ("Tricks: 12 of 10 · 2 too many (1 to enter)",)
    assert not view.can_confirm
    draft.set("tricks", 1, 0)
    view = draft.view()
    assert not view.can_confirm
    assert cell(view, "tricks", "Anna").errors == ("the tricks taken add up to 12, not 10, the number of tricks played",)


def test_missing_entries_are_shown_only_once_confirming_was_tried():
    draft = DealDraft(game("lupaus", ["Anna", "Ben", "Cara"]))
    assert cell(draft.view(), "bid", "Ben").errors == ()
    draft.mark_tried()
    assert cell(draft.view(), "bid", "Ben").errors == ("Bid of Ben is not entered",)


def test_fields_the_rules_do_not_ask_are_hidden_until_they_are():
    """Wizard: the dealer's chosen trump is asked only when a Wizard is turned."""
    g = game("wizard", ["A", "B", "C"])
    g.record({"bid": [0, 0, 0], "tricks": [0, 1, 0], "turned": "hearts"})
    draft = DealDraft(g)
    assert not cell(draft.view(), "chosen").visible
    draft.set("turned", None, "wizard")
    view = draft.view()
    assert cell(view, "chosen").visible
    assert view.panel.trump == "A Wizard was turned: B (dealer) chooses trump"
    draft.set("chosen", None, "clubs")
    assert draft.view().panel.trump.endswith("trump: ♣")
    draft.set("turned", None, "jester")  # the choice is dropped, not sent as an entry
    assert draft.values()["chosen"] is None


def test_typed_cards_give_the_hand_value_and_its_parts():
    g = game("wysiwyg", ["Aino", "Bertta"])
    draft = DealDraft(g)
    draft.set("hand", 1, "SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ C3")
    draft.set("value", 2, 12)
    view = draft.view()
    value = cell(view, "value", "Aino")
    assert (value.value, value.auto) == (16, True)
    derived = view.phases[0].derived
    assert "Hand value from the cards: Aino 16 (aces 6, kings 2, queens 3, longest suit 5)" in derived
    assert "Base points: Bertta 6 · Aino 14" in derived
    assert view.panel.reminders == ("Bertta opens the auction (base 6 against 14)",)


def test_a_typed_card_that_is_not_a_card_is_an_error_at_its_box():
    draft = DealDraft(game("wysiwyg", ["Aino", "Bertta"]))
    draft.set("hand", 1, "SK ZZ")
    (message,) = cell(draft.view(), "hand", "Aino").errors
    assert message.startswith("Cards in hand of Aino: 'ZZ' is not a card")


def test_partnership_fields_and_the_trump_of_a_no_trump_deal():
    g = game("whist", ["Anna", "Ben", "Cara", "Dan"], play_honours=True)
    view = DealDraft(g).view()
    assert [c.who for c in view.cells.values() if c.field == "honours"] == ["Anna & Cara", "Ben & Dan"]
    for tricks in (7, 7, 7, 7):
        g.record({"tricks": tricks, "turned": "hearts", "honours": [2, 2]})
    view = DealDraft(g).view()
    assert view.panel.trump == "Deal 5: every fifth deal is played without trump"
    assert not cell(view, "turned").visible and not cell(view, "honours", "Anna & Cara").visible


def test_an_edit_draft_starts_from_the_recorded_deal():
    g = game("lupaus", ["Anna", "Ben", "Cara"])
    g.record({"bid": [2, 3, 4], "tricks": [3, 3, 4], "turned": "hearts"})
    draft = DealDraft(g, 1, g.deals[0], editing=True)
    assert draft.values() == g.deals[0]
    view = draft.view()
    assert view.editing and view.number == 1 and view.can_confirm
    # the last player's tricks are filled in, not typed: a correction fills them in again
    assert [(c.who, c.value) for c in view.cells.values() if c.auto] == [("Anna", 3)]


def test_a_correction_of_a_recorded_deal_fills_in_the_last_players_tricks_again():
    """Deal 1 recorded (Ben took 3, Cara 4, Anna the dealer 3), then Cara's tricks
    corrected to 3: Anna's are filled in again as 4, and the deal can be saved."""
    g = game("lupaus", ["Anna", "Ben", "Cara"])
    g.record({"bid": [2, 3, 4], "tricks": [3, 3, 4], "turned": "hearts"})
    draft = DealDraft(g, 1, g.deals[0], editing=True)
    draft.set("tricks", 3, 3)
    view = draft.view()
    assert draft.values()["tricks"] == (4, 3, 3) and view.can_confirm


def test_values_are_picked_by_digit_or_letter_and_a_shared_letter_picks_neither():
    g = game("wysiwyg", ["Aino", "Anna"])
    view = DealDraft(g).view()
    assert [(c.text, c.keys) for c in cell(view, "declarer").choices] == [("Aino", "1"), ("Anna", "2")]
    assert [(c.text, c.keys) for c in cell(view, "trump_suit").choices] == [
        ("♠", "s"), ("♥", "h"), ("♦", "d"), ("♣", "c"), ("NT", "n")]
    g = game("wysiwyg", ["Aino", "Bertta"])
    assert [c.keys for c in cell(DealDraft(g).view(), "declarer").choices] == ["1a", "2b"]
    assert [c.keys for c in cell(DealDraft(g).view(), "doubling").choices] == ["n", "d", "r"]


# -- the engine's answers about allowed values, kept from key to key

LEADER_RULE = GUESSES.format(plural="").replace(
    'rule = "sum(guess) != cards"', 'rule = "max(before) < 5 or sum(guess) != cards"').replace(
    'message = "no"', 'message = "not with a leader"')


def counting(g):
    """``g`` with its ``allowed`` counting the questions asked of it."""
    asked = []
    allowed = g.allowed

    def spy(field_id, unit, values=None, number=None):
        asked.append((field_id, unit))
        return allowed(field_id, unit, values, number)

    g.allowed = spy
    return asked


def test_a_value_typed_asks_the_engine_only_about_the_boxes_still_empty():
    """Lupaus for 4, deal 1, Ben's and Cara's bids typed: the engine is asked only about the
    empty boxes whose answer reads the bids (Anna's and Dan's bids: the bids may not total
    the cards), each given all the others; the trump and the tricks read no bid, and what
    each box before or at a typed one may take (given the boxes before it) was answered
    at an earlier key. The view is the same as one computed afresh."""
    g = game("lupaus", ["Anna", "Ben", "Cara", "Dan"])
    asked = counting(g)
    draft = DealDraft(g)
    draft.view()
    draft.set("bid", 2, 3)
    draft.view()
    asked.clear()
    draft.set("bid", 3, 2)
    view = draft.view()
    assert sorted(asked, key=str) == [("bid", 1), ("bid", 4)]
    fresh = DealDraft(g)
    fresh.set("bid", 2, 3)
    fresh.set("bid", 3, 2)
    assert view == fresh.view()


def test_kept_answers_are_asked_again_once_the_game_changed():
    """Deal 2 of a game whose check reads the totals before the deal (Ben deals, Cara and
    Anna guess 2 each): once deal 1 is changed so that Anna has 5 points, Ben may not
    guess 1 (the guesses would total the 5 cards); undone, he may again."""
    rs, problems = parse_ruleset_text(LEADER_RULE, "leader.toml")
    assert problems == []
    g = Game(rs, ["Anna", "Ben", "Cara"])
    g.record({"guess": [4, 0, 0]})
    draft = DealDraft(g)
    draft.set("guess", 3, 2)
    draft.set("guess", 1, 2)
    ben = Slot("guess", 3)

    def refused():
        return [(c.value, c.reason) for c in draft.view().cells[ben].choices if not c.allowed]

    assert draft.view().cells[ben].who == "Ben" and refused() == []
    g.edit(1, {"guess": [5, 0, 0]})
    draft.invalidate()
    assert refused() == [(1, "not with a leader")]
    g.undo()  # the game as it was before the edit: the answers given since are not used
    draft._view = None  # (the view forgotten, but the draft not told that the game changed)
    assert refused() == []


def test_the_answers_kept_are_bounded():
    g = game("lupaus", ["Anna", "Ben", "Cara", "Dan"])
    draft = DealDraft(g)
    draft.view()
    assert len(draft._worked.answers) == 9  # each box given nothing
    draft._worked.answers.update({("filler", i): () for i in range(ANSWERS_KEPT)})
    draft.set("bid", 2, 3)
    draft.view()  # too many: all forgotten, then this view's answers kept
    assert ("filler", 0) not in draft._worked.answers and len(draft._worked.answers) == 9


CHAIN_RULE = """
id = "chain"
name = "Chain"
description = "A test game."
deck = 52
[players]
min = 3
max = 3
[deals]
cards = 5
[fields.game]
scope = "deal"
type = "choice"
label = "Game"
choices = ["plain", "double"]
[derived.times]
scope = "deal"
value = "pick(index_of(game, 'plain', 'double'), 1, 2)"
label = "Times"
[fields.extra]
scope = "deal"
type = "int"
label = "Extra"
min = 0
max = 9
when = "times > 1"
[fields.tricks]
type = "int"
label = "Tricks"
min = 0
max = 5
[score]
value = "tricks * times + (extra if times > 1 else 0)"
[end]
when = "max(total) >= 50"
"""


def test_a_value_the_rules_cannot_work_with_leaves_the_boxes_it_asks_waiting():
    """A box asked only when a derived value says so ('extra' when the game counts double)
    while the game's box holds a value that is none of its choices (the form keeps what was
    typed to say what is wrong): the box waits as not known, the typed value's own box names
    the fault, and a choice made again shows the box. Before, the form raised the formula's
    error instead of showing anything."""
    rs, problems = parse_ruleset_text(CHAIN_RULE, "chain.toml")
    assert problems == []
    g = Game(rs, ["Anna", "Ben", "Cara"])
    draft = DealDraft(g)
    draft.set("game", None, "x")
    view = draft.view()
    assert not cell(view, "extra").visible
    assert cell(view, "game").errors
    draft.set("game", None, "double")
    assert cell(draft.view(), "extra").visible
    draft.set("game", None, "plain")
    assert not cell(draft.view(), "extra").visible
