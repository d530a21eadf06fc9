"""What the headless table words for the player (scorekeeper.play.words and the texts around it)."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import using_language


@pytest.mark.parametrize("names, text", [
    (["", "", "", ""], "seats 1 and 3 against seats 2 and 4"),
    (["Anna", "Ben", "Cara", "Dan"], "Anna & Cara (seats 1 and 3) against Ben & Dan (seats 2 and 4)"),
    (["Anna", "Ben", "", ""], "Anna & ? (seats 1 and 3) against Ben & ? (seats 2 and 4)"),
    (["Anna"], "Anna & ? (seats 1 and 3) against seats 2 and 4"),
])
def test_the_new_game_form_says_each_partnership_once(names, text):
    """Not "seat 1 & seat 3 (seats 1 and 3)": a side nobody has named yet is its seats."""
    from scorekeeper.play.words import partnerships_text

    assert partnerships_text(((1, 3), (2, 4)), names) == text
    with using_language("fi"):
        assert partnerships_text(((1, 3), (2, 4)), ["", "", "", ""]) == "paikat 1 ja 3 vastaan paikat 2 ja 4"
