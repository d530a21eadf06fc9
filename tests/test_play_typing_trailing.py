"""Why the boxes that may stay empty after a deal's last value cost an Enter each
(scorekeeper.play.typing), headless. A table that passes over such boxes with Enter, as in
any form, and then types one of them, must get that value: so an Enter there cannot confirm
before the table has had the Enters to reach the last of them. Schieber Jass: after the card
points come Match, Weis and Stöck (all may stay empty), so 1 0 0 is confirmed by its fourth
Enter (or ctrl+s); the second or third confirming would store these deals without their
Stöck or Weis (the keys after it would go to the next deal)."""

from __future__ import annotations

from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.typing import Typist
from scorekeeper.rules.ruleset import load_ruleset


def typed(keys: str):
    typist = Typist(DealDraft(Game(load_ruleset("jass"), ["Anna", "Ben", "Cara", "Dan"])))
    done = None
    for key in keys.split():
        done = typist.enter() if key == "enter" else typist.key(key)
        if done.confirm:  # (as in the app: the keys after it are the next deal's)
            break
    return typist, done


def test_three_enters_over_match_and_weis_then_the_stoeck_of_anna_and_cara():
    """The Enter after 100 (the habit after a value), one over Match, one over Weis: f is Stöck's."""
    typist, done = typed("h 1 0 0 enter enter enter f enter")
    assert done.confirm
    assert typist.typed() == {("game", None): "hearts", ("points", None): 100, ("stoeck", None): "first"}


def test_two_enters_over_match_then_the_weis_of_anna_and_cara():
    typist, done = typed("h 1 0 0 enter enter f 2 0 enter")
    assert not done.confirm and done.question is not None and done.question.follow  # (Stöck may follow)
    assert typist.enter().confirm
    assert typist.typed() == {("game", None): "hearts", ("points", None): 100, ("weis_by", None): "first",
                              ("weis", None): 20}


def test_nothing_more_typed_the_fourth_enter_confirms():
    typist, _ = typed("h 1 0 0")
    assert typist.enters_to_confirm() == 4
