"""A deal that came back whole (ctrl+z of the last deal, ctrl+e on a recorded one) typed AGAIN from
its first box over the filled boxes, without clearing them: "let me just type the deal again"
(scorekeeper.play.typing, Typist._from_the_top). The keys after the first value read as the next
boxes' values, as in a new deal (the boxes after the cursor emptied on screen, with a line saying
so), not refused one by one while a later Up and value saved a deal without them; a one-box
correction of the first box (its value, then Enter, Enter) saves as before. A retype that stops
half-way saves nothing at its Enter and says so (issue 24)."""

from __future__ import annotations

from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.typing import CONFIRM, Typist
from scorekeeper.play.undo import NextDeal
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from test_play_typing_corrected import keys

FOUR = ["Anna", "Ben", "Cara", "Dan"]


def retyped(rid: str, recorded: dict, sequence: str, options: dict | None = None,
            players: list[str] = FOUR) -> tuple[dict, list, object]:
    """``recorded`` stored as deal 1 of a new game of ``rid``, taken back with ctrl+z (its values back in
    the boxes), ``sequence`` typed (see test_play_typing_corrected.keys); then what a confirm stores, as
    the app does (the deals in the store after it), and the last key's Done."""
    with Store(":memory:") as store:
        stored, nd, typist = undone(store, rid, players, recorded, options)
        assert typist.whole and typist.cursor == CONFIRM
        done = keys(typist, sequence)
        if done.confirm:
            record_as_typed(stored, nd, typist)
        return typist.typed(), [dict(d) for d in stored.game.deals], done


def undone(store, rid: str, players, recorded: dict, options: dict | None = None):
    """A new game of ``rid`` in ``store`` with the deal ``recorded``, undone (ctrl+z: it comes back
    whole): the stored game, the next deal's state and the typist of the deal put back."""
    stored = store.new_game(load_ruleset(rid), rid, list(players), options or {})
    stored.record(recorded)
    nd = NextDeal(stored)
    nd.undo()
    assert nd.draft is not None
    return stored, nd, Typist(nd.draft)


def record_as_typed(stored, nd, typist) -> None:
    """What a confirm stores, as the app does: the draft set to the typist's boxes, recorded."""
    draft = nd.draft
    for key in list(draft.typed):
        draft.set(key[0], key[1], None)
    for (field, unit), value in typist.typed().items():
        draft.set(field, unit, value)
    stored.record(draft.plain_values())


def test_belote_typed_again_from_trump_stores_the_deal_typed():
    """Belote (declarations scored), deal 1 spades taken by Ben for 104, ctrl+z; the table types it
    again from the trump box: hearts, a space, Dan took (4), 120 points, capot n(obody), a comma over
    belote, 3 in the takers' declarations, then Up to that box and 120 over the 3, a comma, Enter.
    The keys after "h" went into the declarations passed over or were refused ("is for no box: every
    box is typed"), and the Enters saved hearts with Ben's 104 kept. Now they are the deal typed again."""
    typed, deals, done = retyped("belote", {"trump_suit": "spades", "taker": 2, "points": 104},
                                 "up>trump_suit@0 h + 4 1 2 0 n , 3 up>melds@1 1 2 0 , enter enter",
                                 {"declarations": True})
    assert done.confirm
    assert typed == {("trump_suit", None): "hearts", ("taker", None): 4, ("points", None): 120,
                     ("capot", None): "nobody", ("melds", 1): 120}
    assert deals[0]["taker"] == 4 and deals[0]["points"] == 120 and deals[0]["melds"][0] == 120


HEARTS = {"queen": 2, "hearts": (2, 5, 3, 3)}  # (Anna 2, Ben 5, Cara 3, Dan 3; Ben took the queen)
HEARTS_MEANT = {("queen", None): 3, ("hearts", 2): 2, ("hearts", 3): 3, ("hearts", 4): 5}


def test_hearts_typed_again_with_or_without_separators_stores_the_deal_typed():
    """Hearts for four, ctrl+z, Up to the queen box, and the deal typed again as a new one: Cara took
    the queen, Ben 2 hearts, Cara 3, Dan 5 (Anna's 3 filled in), in one burst, with commas, with an
    Enter after each value, with Anna's 3 typed anyway. The first Enter (after the last value) says
    Enter again saves, the second saves."""
    for sequence in ("c 2 3 5", "c , 2 , 3 , 5", "c enter 2 enter 3 enter 5", "c 2 3 5 3"):
        typed, deals, done = retyped("hearts", HEARTS, f"up>queen@0 {sequence} enter")
        assert not done.confirm and done.question is not None, sequence
        assert done.question.text() == "Corrected: Enter again saves the deal, or go on correcting (Up and Down to a box)."
        typed, deals, done = retyped("hearts", HEARTS, f"up>queen@0 {sequence} enter enter")
        assert done.confirm, sequence
        assert {k: v for k, v in typed.items() if k != ("hearts", 1)} == HEARTS_MEANT, sequence
        assert deals == [{"queen": 3, "hearts": (3, 2, 3, 5)}], sequence


def test_a_value_typed_again_equal_to_the_old_one_goes_on_to_the_next_box():
    """Hearts, ctrl+z, Up to the queen box: b (Ben took it, as recorded), then Ben 2, Cara 3, Dan 5
    hearts: the b changed nothing, the keys after it are still the deal typed again."""
    typed, deals, done = retyped("hearts", HEARTS, "up>queen@0 b 2 3 5 enter enter")
    assert done.confirm
    assert deals == [{"queen": 2, "hearts": (3, 2, 3, 5)}]


def test_spades_bids_and_tricks_typed_again_store_the_deal_typed():
    """Spades for four (Anna deals: Ben bids first), deal 1 bids and tricks 4 2 4 3 taken back;
    typed again from Ben's bid: bids 2 3 3 5 and tricks 2 3 3 (Anna's 5 filled in, or typed
    anyway), with and without commas."""
    recorded = {"bid": [3, 4, 2, 4], "tricks": [3, 4, 2, 4]}
    for sequence in ("2 3 3 5 2 3 3", "2 3 3 5 2 3 3 5", "2 , 3 , 3 , 5 , 2 , 3 , 3"):
        typed, deals, done = retyped("spades", recorded, f"up>bid@1 {sequence} enter enter")
        assert done.confirm, sequence
        assert deals[0]["bid"] == (5, 2, 3, 3) and deals[0]["tricks"] == (5, 2, 3, 3), sequence


def test_lupaus_typed_again_from_the_first_bid_stores_the_deal_typed():
    """Lupaus for four, deal 1 (10 cards) bids 0 0 1 0 (Anna, Ben, Cara, Dan), tricks 9 0 0 1; ctrl+e,
    Up to Ben's bid (the first to bid) and the deal typed again: bids 1 0 1 0 (Ben, Cara, Dan, Anna),
    tricks 2 0 1 (Anna's 7 filled in)."""
    game = Game(load_ruleset("lupaus"), FOUR, {})
    game.record({"turned": None, "bid": (0, 0, 1, 0), "tricks": (9, 0, 0, 1)})
    for sequence in ("1 0 1 0 2 0 1", "1 , 0 , 1 , 0 , 2 , 0 , 1"):
        typist = Typist(DealDraft(game, 1, game.deals[0], editing=True))
        assert keys(typist, f"up>bid@1 {sequence} enter enter").confirm, sequence
        view = typist.view(typist.shown)
        assert {c.unit: c.value for c in view.cells.values() if c.field == "bid"} == {1: 0, 2: 1, 3: 0, 4: 1}
        assert {c.unit: c.value for c in view.cells.values() if c.field == "tricks"} == {1: 7, 2: 2, 3: 0, 4: 1}


def test_the_screen_says_the_deal_is_typed_again_and_the_boxes_after_it_empty():
    """The key that goes on past the first value (refused before: "every box is typed") says on the
    line that the deal is being typed again, and the boxes after the cursor show empty."""
    with Store(":memory:") as store:
        stored = store.new_game(load_ruleset("hearts"), "hearts", FOUR, {})
        stored.record(HEARTS)
        nd = NextDeal(stored)
        nd.undo()
        typist = Typist(nd.draft)
        done = keys(typist, "up>queen@0 c")
        assert not done.told and typist.cursor == CONFIRM  # (the queen alone corrected, so far)
        done = keys(typist, "4")  # (not Anna's 2 filled in: that may be typed anyway, in the queen's correction)
        assert done.told == ("Typing the deal again from its first box: the boxes after it are typed anew, "
                             "not kept (Backspace takes the key back).")
        assert typist.typed() == {("queen", None): 3, ("hearts", 2): 4}
        assert typist.backspace() is not None and typist.cursor == CONFIRM  # (the key taken back: the queen alone)
        assert typist.typed() == {("queen", None): 3, ("hearts", 2): 5, ("hearts", 3): 3, ("hearts", 4): 3}


def test_typed_again_half_way_then_enter_saves_nothing_and_says_why():
    """Hearts, ctrl+z, Up to the queen box, c 2 3 (Dan's hearts not typed again), Enter: nothing is
    saved (Dan's old 3 is not kept silently), and the line says the deal is being typed again and
    Dan's box is empty; Enter again saves nothing either."""
    typed, deals, done = retyped("hearts", HEARTS, "up>queen@0 c 2 3 enter")
    assert not done.confirm and done.question is None and deals == []
    assert done.told == ("The deal is being typed again from its first box. Nothing is saved yet: Dan Hearts taken "
                         "is still empty (a number, 0 to 13), and 1 more box.")
    typed, deals, done = retyped("hearts", HEARTS, "up>queen@0 c 2 3 enter enter")
    assert not done.confirm and done.told and deals == []
    assert typed == {("queen", None): 3, ("hearts", 2): 2, ("hearts", 3): 3}


def test_the_first_box_corrected_alone_saves_as_before():
    """Hearts, ctrl+z, Up to the queen box, c, Enter, Enter: the queen alone corrected (the hearts as
    recorded); the first Enter says Enter again saves."""
    typed, deals, done = retyped("hearts", HEARTS, "up>queen@0 c enter")
    assert not done.confirm and done.question is not None
    assert done.question.text() == "Corrected: Enter again saves the deal, or go on correcting (Up and Down to a box)."
    typed, deals, done = retyped("hearts", HEARTS, "up>queen@0 c enter enter")
    assert done.confirm and deals == [{"queen": 3, "hearts": (2, 5, 3, 3)}]


def test_a_slip_in_the_first_box_gone_back_to_then_the_deal_typed_again():
    """Chicago bridge, deal 1 (1 hearts doubled by Dan, no trick) chosen with ctrl+e; Up to the level:
    3 (a slip), Up box by box back to the level, then the deal typed again: 2, d(iamonds), Anna
    written out, d(oubled), 6 tricks, Up to the tricks and 4 over the 6. Back on the first box after
    its value changed, the keys were no deal typed again: d a n n a d 6 were refused or went
    elsewhere and the Enters saved level 2 and 4 tricks with Dan's hearts kept (the correction
    property, seed 1 of its long profile)."""
    game = Game(load_ruleset("bridge"), FOUR, {"scoring": "chicago", "play_honours": False})
    game.record({"level": 1, "strain": "hearts", "declarer": 4, "doubled": "doubled", "tricks": 0})
    typist = Typist(DealDraft(game, 1, game.deals[0], editing=True))
    walk = "up>tricks@0 up>doubled@0 up>declarer@0 up>strain@0 up>level@0"  # (the form's Up, a box at a time)
    done = keys(typist, f"{walk} 3 {walk} 2 d a n n a d 6 up>tricks@0 4 enter")
    assert not done.confirm and done.question is not None and done.question.waiting
    assert keys(typist, "enter").confirm
    assert typist.typed() == {("level", None): 2, ("strain", None): "diamonds", ("declarer", None): 1,
                              ("doubled", None): "doubled", ("tricks", None): 4}


def test_a_retyped_value_equal_to_the_old_one_then_a_value_the_rules_fill_in():
    """Lupaus for three (simultaneous bids), deal 1 (one card) bids 0 0 1 and tricks 0 1 0 (Anna, Ben,
    Cara) chosen with ctrl+e; typed again from Ben's bid as the entry property types: 0 (as it was), a
    comma, 0 for Cara, a comma, Up to Ben's bid and 1 over the 0, a comma, back to Anna's bid, 0, a
    comma, tricks 0 0 and Anna's 1 typed anyway, Enter. The second 0 was read as Anna's tricks typed
    anyway over the first box corrected alone, which was the reading shown: the Ups went from the
    Confirm button and dropped the deal typed again, and Cara's trick was stored (the correction
    property, seed 2 of its long profile). Now the deal typed again is shown from its second value."""
    from test_entry_property import _run
    options = {"scoring": "tricks-plus-ten", "miss": "plus-ten", "zero_bid": "five-plus-cards",
               "schedule": "up-down", "max_cards": "standard", "trump_rule": "rotate", "fixed_suit": "clubs",
               "no_trump_when_all_dealt": True, "dealer_restriction": False, "simultaneous": True, "forehead": True}
    game = Game(load_ruleset("lupaus"), FOUR[:3], options)
    game.record({"turned": None, "bid": (0, 0, 1), "tricks": (0, 1, 0)})
    typist = Typist(DealDraft(game, 1, game.deals[0], editing=True))
    keys(typist, "up>tricks@3 up>tricks@2 up>tricks@1 up>bid@3 up>bid@2 up>bid@1")  # (the form's Up)
    done = _run(typist, "0 , + 0 , up>bid@1 1 , resume> 0 , 0 0 , 1 enter".split())
    assert done.confirm
    assert typist.typed() == {("bid", 1): 0, ("bid", 2): 1, ("bid", 3): 0, ("tricks", 1): 1, ("tricks", 2): 0,
                              ("tricks", 3): 0}


def test_an_enter_over_the_empty_first_box_of_a_whole_deal_goes_on():
    """Romanian whist for four, deal 1 (one card) chosen with ctrl+e; Up to the first box (the turned
    trump card, empty: it may stay so) and the deal typed again with an Enter after each value and one
    over that box, as in a new deal. The Enter over the empty box saved the deal as it was, at once,
    and the keys after it went to the next deal (the correction property, seeds 1 and 2 of its long
    profile). Now it passes over the box and asks to confirm; the keys then read as the deal typed
    again, and the Enter at their end asks which of the deals they read as was meant, the one meant
    (Ben took the trick) among them."""
    game = Game(load_ruleset("romanian-whist"), FOUR, {"schedule": "standard", "dealer_restriction": True})
    game.record({"turned": None, "bid": (0, 1, 1, 0), "tricks": (0, 1, 0, 0)})
    typist = Typist(DealDraft(game, 1, game.deals[0], editing=True))
    walk = " ".join(f"up>{f}@{p}" for f, p in [("tricks", 4), ("tricks", 3), ("tricks", 2), ("tricks", 1), ("bid", 4),
                                              ("bid", 3), ("bid", 2), ("bid", 1), ("turned", 0)])
    done = keys(typist, f"{walk} enter")
    assert not done.confirm and done.question is not None and done.question.waiting
    done = keys(typist, "0 enter 0 enter 0 enter 0 enter 1 enter")
    assert not done.confirm and done.question is not None
    assert "Ben Tricks 0, Cara Tricks 1; Ben Tricks 1, Cara Tricks 0" in done.question.text()
    done = keys(typist, "enter")
    assert not done.confirm and done.question is not None and not done.question.waiting
    assert done.question.text() == ("The keys read 2 ways, so nothing is saved: 1: Ben Tricks 0, Cara Tricks 1; "
                                    "2: Ben Tricks 1, Cara Tricks 0. Type the number of the one meant, or correct a box.")


CRIBBAGE = {"pegging": (0, 0), "hand": (0, 0), "crib": 0}  # (Anna deals deal 1: Ben's boxes come first)


def test_cribbage_typed_again_with_a_down_after_a_value_waiting_asks_which():
    """Cribbage, deal 1 taken back with ctrl+z, Up to the crib and the deal typed again: crib 9, Ben
    pegged 40 and his hand 2, Anna 20 and 18, in a burst with a Down now and then (the entry property's
    Down habit): 9 4 0 2, Down, 2 0 1 8. After 9 4 0 the cursor is on Ben's hand (40 in his pegging,
    or 4 and a hand of 0, the cursor on Anna's pegging); the 2 waits there ("2…", 20 to 29 may
    follow) and the Down ends it. That Down dropped the reading on show, the deal typed again being
    "typed in order" (a move past the box it is at was no part of it), and the Enters stored Ben's
    pegging 4 and hand 0. A move on from a box with its value is in order: the Enters ask which of
    the two was meant (issue 24; the correction property's 'again' way)."""
    sequence = "up>crib@0 9 4 0 2 up>pegging@2 2 0 1 8 enter enter"
    typed, deals, done = retyped("cribbage", CRIBBAGE, sequence, players=FOUR[:2])
    assert not done.confirm and deals == []
    assert done.question is not None and not done.question.waiting
    assert done.question.text() == ("The keys read 2 ways, so nothing is saved: 1: Ben Pegged 40, Ben Hand 2; "
                                    "2: Ben Pegged 4, Ben Hand 0. Type the number of the one meant, or correct a box.")


def test_cribbage_crib_corrected_to_ten_then_other_boxes_stores_the_correction():
    """Cribbage, deal 1 (every box 0) taken back with ctrl+z; corrected box by box: Up to the crib, 1 0
    (10), then Anna's pegging 1 and her hand 10 (a move to each, as Up or a click), Enter, Enter. "1 0"
    also reads as the deal typed again, crib 1 and Ben's pegging 0; that reading, with two values, was
    put on show (the crib showing 1, the cursor on Ben's hand), and the move to Anna's pegging, on from
    there, dropped the crib's correction (its cursor on the Confirm button, past the box): the Enters
    stored crib 1 and Ben's hand 0 with Anna's 1 and 10 (the correction property's long profile, seeds 62
    and 20261213). While the deal typed again may still be one value in the first box, the box
    corrected alone stays on show (10), and the Enters store the correction."""
    sequence = "up>crib@0 1 0 up>pegging@2 1 up>hand@2 1 0 enter enter"
    typed, deals, done = retyped("cribbage", CRIBBAGE, sequence, players=FOUR[:2])
    assert done.confirm
    assert deals == [{"pegging": (1, 0), "hand": (10, 0), "crib": 10}]
    typed, deals, done = retyped("cribbage", CRIBBAGE, "up>crib@0 1 0", players=FOUR[:2])
    assert typed[("crib", None)] == 10 and len(typed) == 5  # (on show: the crib corrected alone, as typed)


def test_schafkopf_a_call_typed_over_a_wenz_then_the_partner_in_its_box_stores_the_correction():
    """Schafkopf for four (contra and re, knocking), deal 1 a wenz of Anna's chosen with ctrl+e and
    corrected box by box: Up to the game, c (a call game: the partner box comes on show, empty, and the
    cursor goes to it), 2 for Ben there, Up to the card points, 1 3, Down to the running trumps, 1,
    Enter, Enter. The 2 also reads as the deal typed again from its first box (declarer Ben, the
    partner still to come), and that reading was put on show for its two values: the move to the card
    points dropped the correction, and the Enters stored declarer Ben, partner Anna, card points 1 and
    3 running trumps (the correction property, fast profile, after the Cribbage fix changed its draws).
    A key typed with the correction on show and its cursor on a box is that box's."""
    game = Game(load_ruleset("schafkopf"), FOUR, {"contra_re": True, "knocking": True})
    game.record({"game": "wenz", "declarer": 1, "card_points": 0, "runners": 0})
    typist = Typist(DealDraft(game, 1, game.deals[0], editing=True))
    done = keys(typist, "up>game@0 c 2 up>card_points@0 1 3 up>runners@0 1 enter enter")
    assert done.confirm
    assert typist.typed() == {("game", None): "call", ("declarer", None): 1, ("partner", None): 2,
                              ("card_points", None): 13, ("runners", None): 1}


def test_schafkopf_the_partner_written_out_after_a_call_typed_over_a_wenz_stores_the_correction():
    """Schafkopf for four (contra and re, knocking), deal 1 a wenz of Anna's taken back with ctrl+z:
    Up to the game, c (a call: the cursor on the partner box, empty), Cara written out there (c a r a),
    Up to the card points, 8 7, Enter, Enter. The "a" after Cara's c, the next letter of her name, also
    read as the deal typed again (declarer Cara, partner Anna), and that reading was put on show for its
    two values (the correction's cursor on the Confirm button after Cara): the Enters stored declarer
    Cara, partner Anna, card points 8 and 7 running trumps (the correction property's fast profile).
    The next letter of a word written in the box corrected is that box's: the correction stays on show,
    and the Enters ask which of the two was meant, the correction first."""
    recorded = {"game": "wenz", "declarer": 1, "card_points": 0, "runners": 0}
    typed, deals, done = retyped("schafkopf", recorded, "up>game@0 c c a r a up>card_points@0 8 7 enter enter",
                                 {"contra_re": True, "knocking": True})
    assert not done.confirm and deals == [] and done.question is not None
    assert done.question.text() == (
        "The keys read 2 ways, so nothing is saved: 1: Declarer Anna, Partner Cara, Card points of the declaring "
        "side 87, Running trumps 0; 2: Declarer Cara, Partner Anna, Card points of the declaring side 8, Running "
        "trumps 7. Type the number of the one meant, or correct a box.")
    assert typed == {("game", None): "call", ("declarer", None): 1, ("partner", None): 3, ("card_points", None): 87,
                     ("runners", None): 0}
