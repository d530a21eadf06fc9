"""A slip seen only after the next value (scorekeeper.play.typing), headless: the table types on,
then goes back with Up (or Backspace) and corrects it. The moves answer nothing about the keys
before them, so every reading of those keys is kept; an Enter after them must not confirm a
reading other than the one shown while the one shown is a whole deal too (issue 24's entry
property with the habit, seed 33)."""

from __future__ import annotations

from test_play_typing import FOUR, typed
from scorekeeper.game.game import Game
from scorekeeper.play.layout import Slot
from scorekeeper.play.typing import Typist
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


def coinche() -> Game:
    return Game(load_ruleset("coinche"), FOUR)


def _enters_until_asked(typist):
    """Enter as the table presses it while the line says the keys may go on (an Enter per box
    left to pass over), until a confirm or a question that waits for no key."""
    for _ in range(6):
        done = typist.enter()
        if done.confirm or done.question is None or not done.question.waiting:
            break
    assert not done.confirm and done.question is not None and not done.question.waiting
    return done


def _points_corrected_to_0_asks_and_stores_the_defenders_capot(typist: Typist) -> None:
    """Coinche after `c b 2 5 0 3 ... d`: Up to the taker's points, 0; the Enters ask which deal
    (the defenders' belote or their capot), and the second, chosen, is stored."""
    typist.move_to(Slot("points", 0))  # Up, to the slip
    typist.key("0")
    done = _enters_until_asked(typist)
    assert done.question.text() == (
        "The keys read 2 ways, so nothing is saved: 1: Every trick taken by nobody, Belote-rebelote (king and queen "
        "of trump) held by defenders; 2: Every trick taken by defenders, Belote-rebelote (king and queen of trump) "
        "held by nobody. Type the number of the one meant, or correct a box.")
    assert typist.choose(2) and typist.enter().confirm
    assert typist.typed() == {("trump_suit", None): "clubs", ("taker", None): 2, ("contract", None): 250,
                              ("points", None): 0, ("capot", None): "defenders"}


def test_a_key_the_rules_refused_in_a_box_passed_over_is_read_there_again_after_the_slip_is_corrected():
    """Coinche, clubs, Ben takes at 250; the taker's points slip to 3 (0 meant), and `d` is the
    defenders' capot, which the rules refuse while the taker has 3 points: the key went on to the
    belote box (the defenders' belote). The table goes Up to the points and types 0: the capot
    by the defenders is a deal again, and Enter stored the belote by the defenders. Now the keys
    read two ways after the correction, and Enter asks which."""
    typist, _ = typed(coinche(), "c b 2 5 0 3 , d")
    assert typist.typed()[("belote", None)] == "defenders"
    _points_corrected_to_0_asks_and_stores_the_defenders_capot(typist)


def test_without_the_slip_the_same_keys_ask_which_and_with_the_points_unchanged_the_belote_is_kept():
    """The same `d` after the points typed right (0) asks which at once (as before); gone back to
    and left at 3, the capot stays refused and the belote by the defenders is what Enter confirms."""
    typist, done = typed(coinche(), "c b 2 5 0 0 , d enter")
    assert not done.confirm and done.question is not None and done.question.waiting
    assert _enters_until_asked(typist).question.text().startswith("The keys read 2 ways, so nothing is saved: ")
    typist, _ = typed(coinche(), "c b 2 5 0 3 , d")
    typist.move_to(Slot("points", 0))
    typist.move_to(Slot("belote", 0))
    for _ in range(6):  # an Enter for each box left to pass over (the line says how many)
        done = typist.enter()
        if done.confirm or done.question is None or not done.question.waiting:
            break
    assert done.confirm and typist.typed()[("belote", None)] == "defenders"
    assert ("capot", None) not in typist.typed()


def test_a_key_carried_past_a_box_that_refuses_it_is_read_there_again_after_the_slip_is_corrected():
    """The Coinche slip above with no comma after the points: `3 d` ends the points at 3 and the
    `d` goes on past the capot box (the defenders' capot refused while the taker has 3 points) to
    the defenders' belote. That key kept no doubt (only a key typed after a separator did): Up to
    the points, 0, and the Enters stored the belote by the defenders, though the same keys typed
    with the points right ask which. Now they ask which after the correction too."""
    typist, _ = typed(coinche(), "c b 2 5 0 3 d")
    assert typist.typed()[("belote", None)] == "defenders"
    _points_corrected_to_0_asks_and_stores_the_defenders_capot(typist)


def test_readings_a_move_makes_one_keep_the_doubts_of_each():
    """Two ways of reading the keys that come to the same boxes are one after a move (Up, Down, a
    click); the doubt one of them kept (the `d` refused as the defenders' capot, see above) was
    lost when the first of them had none: the correction then confirmed the belote. The state is
    made by hand (the Coinche keys above, and beside them the same boxes read as the table passing
    over the capot box itself, shown first): no keys found so far read so (the entry property's
    long profile and 9,000 random bursts in Coinche, Belote and Skat)."""
    typist, _ = typed(coinche(), "c b 2 5 0 3 , d")
    doubted = typist.readings[0]
    assert doubted.doubt == ((("capot", None), "defenders", ("belote", None)),)
    typist.readings = [doubted.moved(doubt=(), arrived=False), doubted]
    typist.move_to(Slot("points", 0))
    assert len(typist.readings) == 1 and typist.readings[0].doubt == doubted.doubt
    typist.key("0")
    assert "Every trick taken by defenders" in _enters_until_asked(typist).question.text()
