"""While the keys read as more than one deal, each box they fill differently says what else
they give it ("10, or 1?"), so the table sees it as it types, not only at the Enter that
asks which deal was meant (issue 24, item 2: "the screen must show plainly what is waiting")."""

from __future__ import annotations

from helpers.tui import flat, new_game, opened, run, screen_text
from test_play_typing import FOUR, typed
from test_tui_typing import burst
from scorekeeper.game.game import Game
from scorekeeper.play.layout import Slot
from scorekeeper.play.typing import other_readings
from scorekeeper.rules.ruleset import load_ruleset


def spades() -> Game:
    return Game(load_ruleset("spades"), FOUR)  # Anna deals: Ben bids first


def test_a_one_then_a_zero_in_a_13_card_deal_says_both_readings_at_the_boxes():
    typist, _ = typed(spades(), "1 0")
    assert typist.typed() == {("bid", 2): 10}  # shown: Ben (seat 2) 10, the first reading
    assert other_readings(typist) == {Slot("bid", 1): ("1",), Slot("bid", 2): ("0",)}


def test_every_box_the_readings_fill_differently_says_what_else():
    typist, _ = typed(spades(), "1 0 4 5")
    assert typist.typed() == {("bid", 2): 10, ("bid", 3): 4, ("bid", 4): 5}
    assert other_readings(typist) == {Slot("bid", 1): ("1",), Slot("bid", 2): ("0",), Slot("bid", 3): ("4",),
                             Slot("bid", 4): ("5",)}  # Dan's box: empty as shown, 5 in the other reading


def test_keys_that_read_one_way_say_nothing_more():
    typist, _ = typed(spades(), "1 enter 0 4 5")
    assert other_readings(typist) == {}
    typist, _ = typed(spades(), "5 0")  # no 50 bid in a 13-card deal: one reading
    assert other_readings(typist) == {}


def test_a_choice_of_the_other_reading_leaves_one_reading_and_no_hint():
    typist, done = typed(spades(), "1 0 4 5 3 0 5 5 enter enter")  # (the first: the keys may go on)
    assert done.question is not None and not done.question.waiting and other_readings(typist)
    assert typist.choose(2)
    assert other_readings(typist) == {}


def test_the_boxes_on_screen_say_the_other_reading_and_lose_it_once_one_is_left(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "spades", FOUR)
            await burst(pilot, "1", "0")
            lines = screen_text(app).splitlines()
            ben = next(i for i, line in enumerate(lines) if line.lstrip(" ▶↳").startswith("Ben "))
            cara = next(i for i, line in enumerate(lines) if line.lstrip(" ▶↳").startswith("Cara "))
            assert "[10] 11 12 13 or 1?" in flat("\n".join(lines[ben:cara]))  # Ben's box: 10, or 1?
            assert flat("\n".join(lines[cara:cara + 2])).endswith("11 12 13 or 0?")  # Cara's: empty, or 0?
            await burst(pilot, "backspace")  # the 0 taken back: Ben's 1 waits, one reading
            assert "or 1?" not in screen_text(app) and "or 0?" not in screen_text(app)
    run(go())
