"""A slip seen only after the next value (scorekeeper.play.typing), headless: the table types on,
then goes back with Up (or Backspace) and corrects it. The moves answer nothing about the keys
before them, so every reading of those keys is kept; an Enter after them must not confirm a
reading other than the one shown while the one shown is a whole deal too (issue 24's entry
property with the habit, seed 33)."""

from __future__ import annotations

from test_play_typing import FOUR, typed
from scorekeeper.game.game import Game
from scorekeeper.play.layout import Slot
from scorekeeper.rules.ruleset import load_ruleset


def belote() -> Game:
    return Game(load_ruleset("belote"), FOUR, {"declarations": True})


def test_an_enter_on_the_box_gone_back_to_asks_rather_than_confirm_the_reading_not_shown():
    """Hearts, Anna takes, 94 points; the second comma passes over the capot box, and 8 0 is the
    declarations of Anna & Cara (shown) or, the belote box passed over too, of Ben & Dan. The
    table goes Up and Down to its 80 and presses Enter: the reading shown moves on to Ben & Dan's
    box (a box that may stay empty follows), the other confirms. Enter stored Ben & Dan's 80
    while the screen showed Anna & Cara's; now it asks which."""
    typist, _ = typed(belote(), "h a 9 4 , , 8 0")
    assert typist.typed()[("melds", 1)] == 80 and ("melds", 2) in dict(typist.readings[1].typed)
    typist.move_to(Slot("belote", 0))  # Up
    typist.move_to(Slot("melds", 1))  # Down, back to the 80
    assert not typist.enter_confirms()
    done = typist.enter()
    assert not done.confirm and done.question is not None and not done.question.waiting
    assert done.question.text() == (
        "The keys read 2 ways, so nothing is saved: 1: Anna & Cara Declarations scored 80, Ben & Dan Declarations "
        "scored 0; 2: Anna & Cara Declarations scored 0, Ben & Dan Declarations scored 80. Type the number of the "
        "one meant, or correct a box.")
    assert typist.choose(1)
    assert typist.typed() == {("trump_suit", None): "hearts", ("taker", None): 1, ("points", None): 94,
                              ("melds", 1): 80}
