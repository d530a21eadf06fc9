"""One seat's part in the deal being entered (scorekeeper.play.seats): its boxes, whose turn
it is to bid, and what the seat may fill in now, from the rules alone.

Lupaus, three players Anna, Ben, Cara, Anna deals deal 1 (10 cards): Ben bids first, then
Cara, then Anna (the dealer, who may not make the bids total 10).
"""

from __future__ import annotations

import pytest

from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.seats import seat_view, turn_phase
from scorekeeper.rules.ruleset import load_ruleset

ANNA, BEN, CARA, DAN = 1, 2, 3, 4


def draft(rid, players, typed=(), **options):
    d = DealDraft(Game(load_ruleset(rid), players, options))
    for field, unit, value in typed:
        d.set(field, unit, value)
    return d


def lupaus(*typed):
    return draft("lupaus", ["Anna", "Ben", "Cara"], typed)


def test_in_lupaus_the_bids_go_round_in_bidding_order():
    """Nothing typed: Ben's turn; only Ben may bid, the others wait; nobody's tricks yet."""
    d = lupaus()
    views = {s: seat_view(d, s) for s in (ANNA, BEN, CARA)}
    assert {s: (v.turn, v.turn_box, v.turn_label, v.turns_over) for s, v in views.items()} == {
        s: (BEN, ("bid", BEN), "Bid", False) for s in (ANNA, BEN, CARA)}
    assert views[BEN].now == {("bid", BEN), ("turned", None)}  # the trump turned is the table's
    assert views[CARA].now == views[ANNA].now == {("turned", None)}
    assert ("bid", BEN) in views[BEN].now and ("bid", CARA) not in views[CARA].now
    assert ("bid", ANNA) not in views[ANNA].now and ("tricks", ANNA) not in views[ANNA].now
    assert views[ANNA].mine == {("bid", ANNA), ("tricks", ANNA)}


def test_the_dealer_bids_last_with_the_forbidden_bid_struck_out():
    """Ben 3, Cara 4: Anna's turn; her 3 is refused with the rule's reason, on her box."""
    d = lupaus(("bid", BEN, 3), ("bid", CARA, 4))
    anna = seat_view(d, ANNA)
    assert (anna.turn, anna.turn_box) == (ANNA, ("bid", ANNA))
    assert anna.now >= {("bid", ANNA)} and ("tricks", ANNA) not in anna.now
    cell = next(c for c in d.view().cells.values() if (c.field, c.unit) == ("bid", ANNA))
    assert [(c.value, c.reason) for c in cell.choices if not c.allowed] == [
        (3, "Dealer Anna may not bid 3: the bids would total 10, the number of tricks")]
    # Cara spoke last: she may still change her 4 until Anna bids; Ben may not any more.
    assert ("bid", CARA) in seat_view(d, CARA).now
    assert ("bid", BEN) not in seat_view(d, BEN).now


def test_once_everyone_bid_each_enters_their_own_tricks():
    d = lupaus(("bid", BEN, 3), ("bid", CARA, 4), ("bid", ANNA, 2))
    views = {s: seat_view(d, s) for s in (ANNA, BEN, CARA)}
    assert all(v.turns_over and v.turn is None for v in views.values())
    assert {s: sorted(k for k in v.now if k[0] == "tricks") for s, v in views.items()} == {
        ANNA: [("tricks", ANNA)], BEN: [("tricks", BEN)], CARA: [("tricks", CARA)]}
    # Anna spoke last: she may still change her bid; Ben and Cara may not.
    assert ("bid", ANNA) in views[ANNA].now
    assert ("bid", BEN) not in views[BEN].now and ("bid", CARA) not in views[CARA].now


def test_a_seat_that_sits_the_deal_out_types_nothing():
    v = seat_view(lupaus(), None)
    assert (v.mine, v.now, v.turn) == (frozenset(), frozenset(), BEN)


def test_wizard_bids_in_turn_and_the_turned_card_is_the_tables():
    """Wizard, four players, deal 1 (1 card): Ben bids first; the turned card (a deal box) may be
    entered from any seat's phone."""
    d = draft("wizard", ["Anna", "Ben", "Cara", "Dan"], [("bid", BEN, 1)])
    assert turn_phase(d) == "bidding"
    cara = seat_view(d, CARA)
    assert (cara.turn, cara.turn_box) == (CARA, ("bid", CARA))
    assert ("turned", None) in cara.now and ("turned", None) in seat_view(d, DAN).now
    assert ("turned", None) not in cara.mine
    assert ("bid", DAN) not in seat_view(d, DAN).now


def test_wizard_a_dealers_bid_the_rules_leave_one_value_for_is_filled_in_and_ends_the_turns():
    """Wizard deal 1 (1 card) with the dealer rule: Ben 0, Cara 1, Dan 0 leave Anna only 1 (0 would
    make the bids total 1): it is filled in, the turns are over, and there is nothing for her to say."""
    d = draft("wizard", ["Anna", "Ben", "Cara", "Dan"], [("bid", BEN, 0), ("bid", CARA, 1), ("bid", DAN, 0)],
              dealer_restriction=True)
    anna = seat_view(d, ANNA)
    cell = next(c for c in d.view().cells.values() if (c.field, c.unit) == ("bid", ANNA))
    assert (cell.value, cell.auto) == (1, True)
    assert (anna.turn, anna.turns_over) == (None, True)
    assert ("bid", ANNA) not in anna.now and ("tricks", ANNA) in anna.now
    assert ("bid", DAN) in seat_view(d, DAN).now  # Dan spoke last: he may still change his 0


def test_wizard_without_the_dealer_rule_the_dealer_has_the_turn_and_both_values():
    d = draft("wizard", ["Anna", "Ben", "Cara", "Dan"], [("bid", BEN, 0), ("bid", CARA, 1), ("bid", DAN, 0)],
              dealer_restriction=False)
    anna = seat_view(d, ANNA)
    assert (anna.turn, anna.turn_box) == (ANNA, ("bid", ANNA)) and ("bid", ANNA) in anna.now
    cell = next(c for c in d.view().cells.values() if (c.field, c.unit) == ("bid", ANNA))
    assert [(c.value, c.allowed) for c in cell.choices] == [(0, True), (1, True)]


def test_spades_each_partner_bids_in_turn_and_blind_nil_does_not_hold_up_the_turn():
    """Spades with blind nil: Ben bids 0; his blind-nil box shows (optional; no side is 100 behind,
    so the rules fill in "no"): Cara has the turn; Ben may still change his bid until Cara bids.
    Boxes are each player's own: partners' boxes are not each other's."""
    d = draft("spades", ["Anna", "Ben", "Cara", "Dan"], [("bid", BEN, 0)], blind_nil=True)
    ben, cara, dan = seat_view(d, BEN), seat_view(d, CARA), seat_view(d, DAN)
    assert cara.turn == CARA and ("bid", CARA) in cara.now
    assert ("bid", BEN) in ben.now and ("blind", BEN) not in ben.now
    assert ben.mine == {("bid", BEN), ("blind", BEN), ("tricks", BEN)}
    assert ("bid", BEN) not in dan.mine and ("bid", BEN) not in dan.now  # Dan is Ben's partner
    d.set("bid", CARA, 4)
    assert ("bid", BEN) not in seat_view(d, BEN).now and seat_view(d, DAN).turn == DAN


def test_hearts_has_no_turns_each_enters_their_own_hearts_and_anyone_the_queen():
    d = draft("hearts", ["Anna", "Ben", "Cara", "Dan"])
    assert turn_phase(d) is None
    views = {s: seat_view(d, s) for s in (ANNA, BEN, CARA, DAN)}
    assert all(v.turns_over and v.turn is None for v in views.values())
    for s, v in views.items():
        assert v.mine == {("hearts", s)}
        assert v.now == {("hearts", s), ("queen", None)}
