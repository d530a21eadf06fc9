"""A deal that came back whole (ctrl+z, ctrl+e) corrected box by box, where the rules' checks
read a box the table has not corrected yet (scorekeeper.play.typing, Typist: _old_only). A check
that refuses a reading of the keys only through such a box, still holding the value the deal
came back with, is no evidence against that reading: the table may be about to correct that box
too. Both readings are kept (the other one said at its boxes while typing), and the later keys
or the question decide which deal is stored (issue 24, the correction property's long profile,
seed 3)."""

from __future__ import annotations

from scorekeeper.play.layout import Slot
from scorekeeper.play.typing import other_readings
from scorekeeper.store.db import Store
from test_play_typing_corrected import keys
from test_play_typing_retyped import record_as_typed, undone

# deal 1: Anna declares for a bid of 0, takes no trick while the stock lasts and 1 after it, the
# last (filled in: her points 3 are 0 + 2 * 1 + 1)
WYSIWYG = {"value": (4, 4), "declarer": 1, "bid": 0, "phase1": 0, "phase2": 1, "last_trick": 1, "points": 3}
TYPED = "up>phase1@0 1 2 up>phase2@0 0 up>points@0 backspace"  # (12 and 0 tricks; her points emptied: filled in)


def test_wysiwyg_tricks_that_the_old_points_refuse_are_kept_and_asked_about():
    """ctrl+z on deal 1; Up to the first phase's tricks, 1 2; Up to the second's, 0; Up to the
    points, Backspace; Enter, Enter. At the 2, "12 tricks" did not add up with the points 3 still
    in their box, while "1, and the 2 Ben for the last trick" did: 12 was dropped, and the Enters
    stored 1 trick and the last trick Ben's (points 1) where 12 (points 12) were meant. Now 12 is
    shown, with 1 and Ben said at their boxes; the points emptied, both readings are deals, and
    the Enters ask which (nothing stored); 1 picks the 12, and Enter stores it."""
    with Store(":memory:") as store:
        stored, nd, typist = undone(store, "wysiwyg", ["Anna", "Ben"], dict(WYSIWYG))
        keys(typist, "up>phase1@0 1 2")
        assert typist.typed()[("phase1", None)] == 12
        assert other_readings(typist) == {Slot("phase1", 0): ("1",), Slot("last_trick", 0): ("Ben",)}
        keys(typist, TYPED.split(" ", 3)[3])
        assert not keys(typist, "enter").confirm
        done = keys(typist, "enter")
        assert not done.confirm and done.question is not None and not done.question.waiting
        assert done.question.text() == (
            "The keys read 2 ways, so nothing is saved: 1: Declarer's tricks while the stock lasts 12, "
            "Declarer's points 12; 2: Declarer's tricks while the stock lasts 1, Declarer's points 1. "
            "Type the number of the one meant, or correct a box.")
        assert stored.game.deals == []  # (nothing stored)
        assert typist.choose(1)
        assert keys(typist, "enter").confirm
        record_as_typed(stored, nd, typist)
        assert [dict(d) for d in stored.game.deals] == [
            {"hand": (None, None), "value": (4, 4), "declarer": 1, "bid": 0, "doubling": None, "trump_suit": None,
             "phase1": 12, "phase2": 0, "last_trick": 2, "points": None}]
        assert stored.game.totals() == (2, 0)  # (Anna: 12 points filled in, her target 10 made by 2)


def test_wysiwyg_eleven_tricks_after_the_stock_are_asked_about_not_read_as_one_and_the_last_trick():
    """The same deal undone; Up to the second phase's tricks, 1 1; Up to the last trick, 1 (Anna's,
    as it was, typed: with the points emptied the rules no longer fill it in); Up to the points,
    Backspace; Enter, Enter (the correction property's long profile, seed 3, once its model typed
    that box). The second 1 made 11, refused only through the old points 3, and was dropped: the
    Enters stored 1 trick after the stock. Now they ask which, 11 first (points 23)."""
    with Store(":memory:") as store:
        stored, nd, typist = undone(store, "wysiwyg", ["Anna", "Ben"], dict(WYSIWYG))
        keys(typist, "up>phase2@0 1 1 up>last_trick@0 1 up>points@0 backspace")
        assert typist.typed()[("phase2", None)] == 11
        assert not keys(typist, "enter").confirm
        done = keys(typist, "enter")
        assert not done.confirm and done.question is not None and not done.question.waiting
        assert done.question.text() == (
            "The keys read 2 ways, so nothing is saved: 1: Declarer's tricks after the stock 11, "
            "Declarer's points 23; 2: Declarer's tricks after the stock 1, Declarer's points 3. "
            "Type the number of the one meant, or correct a box.")
        assert stored.game.deals == []
