"""A recorded deal corrected at the table (scorekeeper.play.typing), headless: chosen on the board
(ctrl+e) or the last one undone (ctrl+z), its boxes come back FILLED. A digit typed in a filled box
replaces its value; a value the rules fill in follows the correction; and since a correction may be
more than one box, the Enter after a corrected value (the habit after a value, or one ending its
digits) does not confirm the deal: Enter again does, and the line says so (issue 24's correction
property, tests/test_correction_property.py)."""

from __future__ import annotations

from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.layout import Slot
from scorekeeper.play.typing import CONFIRM, Typist
from scorekeeper.play.undo import NextDeal
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

FOUR = ["Anna", "Ben", "Cara", "Dan"]


def hearts_typed_wrong() -> Game:
    """Hearts for four, deal 1 recorded with Ben's and Cara's hearts swapped (meant: Ben 3, Cara 5)."""
    game = Game(load_ruleset("hearts"), FOUR, {})
    game.record({"queen": 2, "hearts": [2, 5, 3, 3]})
    return game


def keys(typist: Typist, sequence: str):
    """``sequence`` typed: "enter", "backspace", "up>FIELD@POS" (the table moves the cursor there), or a key."""
    done = None
    for k in sequence.split():
        if k.startswith("up>"):
            field, pos = k[3:].rsplit("@", 1)
            typist.move_to(Slot(field, int(pos)))
        elif k == "enter":
            done = typist.enter()
        elif k == "backspace":
            done = typist.backspace()
        else:
            done = typist.key(k)
    return done


def test_two_boxes_corrected_with_an_enter_after_each_store_both():
    """ctrl+e on deal 1, Up to Ben's hearts, 3 Enter, Up to Cara's, 5 Enter. The first Enter (after
    a value that took the cursor to the Confirm button) stored the deal with Ben's 3 alone, and
    the keys for Cara went into the next deal; now it says Enter again saves, and the second
    value's Enter(s) store both."""
    game = hearts_typed_wrong()
    typist = Typist(DealDraft(game, 1, game.deals[0], editing=True))
    assert typist.cursor == CONFIRM  # (a whole deal came back: the cursor on the Confirm button)
    done = keys(typist, "up>hearts@1 3")
    assert typist.cursor == CONFIRM and typist.typed()[("hearts", 2)] == 3  # (3 replaced 5: not 53)
    assert typist.enters_to_confirm() == 2  # (the line under the boxes: "Enter twice")
    done = keys(typist, "enter")
    assert not done.confirm and done.question is not None and done.question.waiting
    assert done.question.text() == "Corrected: Enter again saves the deal, or go on correcting (Up and Down to a box)."
    done = keys(typist, "up>hearts@2 5 enter")
    assert not done.confirm  # (the habit after the value again)
    assert typist.enters_to_confirm() == 1
    assert keys(typist, "enter").confirm
    assert typist.typed() == {("queen", None): 2, ("hearts", 2): 3, ("hearts", 3): 5, ("hearts", 4): 3}


def test_a_value_ended_with_enter_in_a_corrected_deal_waits_for_a_second_enter():
    """Spades for four, deal 1 undone (ctrl+z): the bids come back. Ben's bid of 1 is waiting for
    more digits (10 to 13 may follow); the Enter that ends it stored the deal at once, before a
    second box could be corrected. Now the cursor goes on to the Confirm button and a second
    Enter stores the deal; the one Enter more is said on the line (Enter twice)."""
    with Store(":memory:") as store:
        stored = store.new_game(load_ruleset("spades"), "spades", FOUR, {})
        stored.record({"bid": [3, 4, 2, 4], "tricks": [3, 4, 2, 4]})
        nd = NextDeal(stored)
        nd.undo()
        typist = Typist(nd.draft)
        assert typist.cursor == CONFIRM
        keys(typist, "up>bid@1 1")
        assert typist.pending == "1" and typist.enters_to_confirm() == 2
        done = keys(typist, "enter")
        assert not done.confirm and typist.cursor == CONFIRM
        done = keys(typist, "up>tricks@1 1 enter")  # (Ben took 1 trick: 5 is 4 + 1 for Anna's side)
        assert not done.confirm
        done = keys(typist, "enter")
        assert done.confirm
        assert typist.typed()[("bid", 2)] == 1 and typist.typed()[("tricks", 2)] == 1


def test_a_new_deal_is_confirmed_by_the_enter_after_its_last_value_as_before():
    """A new deal (empty boxes): the Enter after the last value confirms it (numbers + 1 keys)."""
    game = Game(load_ruleset("hearts"), FOUR, {})
    typist = Typist(DealDraft(game))
    done = keys(typist, "b 3 5 2 enter")
    assert done.confirm and typist.typed() == {("queen", None): 2, ("hearts", 2): 3, ("hearts", 3): 5, ("hearts", 4): 2}



def test_the_last_players_tricks_follow_a_correction_and_typed_anyway_land_in_their_box():
    """Lupaus for four, deal 1 (10 cards) recorded with Ben's 2 tricks typed as 0 (Anna, the last
    to play, got 9 filled in). ctrl+e, Up to Ben's tricks, 2, Enter, Enter: Anna's tricks are
    filled in again as 7 (issue 24 item 8). The same with Anna's 7 typed anyway after Ben's 2
    (Up to her box, 7): it lands in her box, and the same deal is stored."""
    game = Game(load_ruleset("lupaus"), FOUR, {})
    game.record({"turned": None, "bid": (0, 0, 1, 0), "tricks": (9, 0, 0, 1)})
    for sequence in ("up>tricks@1 2 enter", "up>tricks@1 2 enter up>tricks@4 7 enter"):
        typist = Typist(DealDraft(game, 1, game.deals[0], editing=True))
        done = keys(typist, sequence)
        assert not done.confirm and done.question is not None and done.question.waiting
        assert keys(typist, "enter").confirm
        tricks = {c.unit: (c.value, c.auto) for c in typist.view(typist.shown).cells.values() if c.field == "tricks"}
        assert {unit: value for unit, (value, _) in tricks.items()} == {1: 7, 2: 2, 3: 0, 4: 1}, sequence
        assert tricks[1][1] == ("up>tricks@4" not in sequence)  # (filled in, unless typed anyway)
