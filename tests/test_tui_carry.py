"""Spades and contract bridge through the keyboard on an 80x24 terminal: the values carried
from deal to deal stand above the score table, and a passed-out bridge deal is dealt again."""

from __future__ import annotations

from helpers.stores import Script
from helpers.tui import enter_deal, play_screen, resumed, run, screen_text

SMALL = (80, 24)


def test_spades_deal_shows_the_bags_carried_on(tmp_path):
    """A&C bid 3 + 4 and take 4 + 4: 70 and a bag; B&D bid 4 + 3, take 3 + 2: -70. Anna
    deals, so Ben bids (and is entered) first; Anna's tricks, the last, fill themselves in."""

    async def go():
        script = Script("spades", ["Anna", "Ben", "Cara", "Dan"])
        async with resumed(tmp_path / "g.db", script, size=SMALL) as (app, pilot):
            await enter_deal(pilot, ["4", "4", "3", "3", "3", "4", "2", ""])
            screen = play_screen(app)
            assert screen.game.totals() == (71, -70)
            text = screen_text(app)
            assert "Bags: Anna & Cara 1, Ben & Dan 0" in text
            assert "Anna & Cara" in text and "Ben & Dan" in text

    run(go())


def test_bridge_passed_out_deal_is_dealt_again_by_the_same_dealer(tmp_path):
    """Deal 1 passed out: Nora deals deal 1 again. Then 2H by Sam, 9 tricks: 60 below the line
    and an overtrick, 90 for North-South."""

    async def go():
        script = Script("bridge", ["Nora", "Eric", "Sam", "Wendy"])
        async with resumed(tmp_path / "g.db", script, size=SMALL) as (app, pilot):
            await enter_deal(pilot, ["0"])
            screen = play_screen(app)
            assert [r.counts for r in screen.game.results()] == [False]
            text = screen_text(app)
            assert "The deal before did not count: Nora deals again" in text
            assert "Contract bridge · Deal 1 · 13 cards each" in text and "Dealer Nora" in text
            assert "1 ↺" in text  # the passed-out deal on the board
            await enter_deal(pilot, ["2", "h", "3", "n", "9"])
            assert screen.game.totals() == (90, 0)
            text = screen_text(app)
            assert "Below the line: Nora & Sam 60, Eric & Wendy 0" in text
            assert "Contract bridge · Deal 2 · 13 cards each" in text and "Dealer Eric" in text
            assert "Nora & Sam" in text and "Eric & Wendy" in text

    run(go())
