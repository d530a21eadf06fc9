"""A deal of Five Hundred played through the keyboard on a small terminal (80 x 24)."""

from __future__ import annotations

from helpers.stores import Script
from helpers.tui import enter_deal, flat, play_screen, resumed, run, screen_text


def test_five_hundred_deal_at_80_by_24(tmp_path):
    """Anna bids 7 hearts (200 on the Avondale schedule) and her side takes 8 tricks:
    Anna & Cara +200, Ben & Dan 10 for each of their 2 tricks. Then Ben opens a misère
    and the screen tells the table he plays it alone, and which side bids, by partnership."""

    async def go():
        script = Script("five-hundred", ["Anna", "Ben", "Cara", "Dan"])
        async with resumed(tmp_path / "g.db", script, size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            # bidding: the highest bidder, the trump (h: hearts), the tricks bid; play: the tricks taken
            await enter_deal(pilot, ["1", "h", "7", "8"])
            assert screen.game.totals() == (200, 20)
            assert [r.made for r in screen.game.results()] == [(True, None)]
            text = flat(screen_text(app))
            assert "Anna & Cara" in text and "Ben & Dan" in text
            await enter_deal(pilot, ["2"], confirm=False)
            assert "open misère" in flat(screen_text(app))  # the trump box's choices, by their labels
            await enter_deal(pilot, ["m"], confirm=False)  # no tricks bid in a misère: not asked
            view = screen.draft.view()
            assert "Ben plays misère alone: the partner lays the cards down and sits out" in view.panel.reminders
            assert any("Bidding side: Anna & Cara no · Ben & Dan yes" in line
                       for p in view.phases for line in p.derived), [p.derived for p in view.phases]
            await enter_deal(pilot, ["0"])
            assert screen.game.totals() == (200, 270)

    run(go())
