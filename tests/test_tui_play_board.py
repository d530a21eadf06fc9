"""The play screen's score board while deals are entered: it shows the latest deal whenever
the boxes have the focus, Esc on it goes back to the boxes, and the bids of the deal being
typed stay in view while the tricks are typed (all at 80x24, the smallest screen)."""

from __future__ import annotations

from scorekeeper.tui.widgets.entry_form import EntryForm
from scorekeeper.tui.widgets.scoreboard import ScoreTable
from helpers.stores import Script
from helpers.tui import enter_deal, play_screen, resumed, run, screen_text, settle

SMALL = (80, 24)
FOUR = ["Anna", "Ben", "Cara", "Dan"]


def _board_lines(app) -> list[str]:
    """The score table's lines on screen, below its heading."""
    lines = screen_text(app).splitlines()
    heading = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Deal "))
    return lines[heading + 1:]


def test_a_deal_confirmed_after_looking_back_is_the_one_the_board_shows(tmp_path):
    """Lupaus for 4, six deals: ctrl+e, Up three times (deal 3), Tab back to the boxes;
    deal 7 typed and confirmed is on the board, marked ▶, and deal 3 no longer is."""
    six = [{"bid": [0, 0, 0, 0], "tricks": [0, cards, 0, 0]} for cards in (10, 9, 8, 7, 6, 5)]
    lupaus = Script("lupaus", FOUR, six)  # Ben takes every trick

    async def go():
        async with resumed(tmp_path / "g.db", lupaus, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("ctrl+e", "up", "up", "up")
            await settle(pilot)
            table = screen.query_one(ScoreTable)
            assert table.highlighted == 3
            await pilot.press("tab")
            await settle(pilot)
            assert isinstance(app.focused, EntryForm)
            assert table.highlighted == 6  # back on the latest deal as soon as the boxes have the focus
            # deal 7 (4 cards; Dan bids first, Cara deals): no trump, bids 0 0 0 1, Dan takes 4 tricks
            await enter_deal(pilot, ["", "0", "0", "0", "1", "4", "0", "0", ""])
            assert len(screen.game.deals) == 7
            assert table.highlighted == 7
            shown = _board_lines(app)
            assert any(line.startswith("▶ 7 ") for line in shown), "\n".join(shown)
            assert not any(line.startswith("▶ 3 ") for line in shown)

    run(go())


def test_the_deal_just_confirmed_is_in_view_at_80_by_24(tmp_path):
    """Chicago bridge at 80x24 (a legend of two lines leaves the table three): deal 3
    confirmed is shown, marked ▶, without ctrl+e (its row was below the board's edge)."""
    contract = {"level": 3, "strain": "notrump", "declarer": 1, "doubled": "doubled", "tricks": 7}
    chicago = Script("bridge", FOUR, [contract, contract], options={"scoring": "chicago"})

    async def go():
        async with resumed(tmp_path / "g.db", chicago, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("3", "n", "a", "n", "9", "enter")  # 3 NT by Anna, not doubled, 9 tricks
            await settle(pilot)
            assert len(screen.game.deals) == 3
            shown = _board_lines(app)
            assert any(line.startswith("▶ 3 ") and "+600" in line for line in shown), "\n".join(shown)

    run(go())


def test_esc_on_the_score_board_goes_back_to_the_boxes(tmp_path):
    """ctrl+e Up Esc: the play screen stays, the boxes have the focus again and the board is
    back on the latest deal; the next key is the deal's (h: hearts are trump), not the start
    screen's. A second Esc leaves the game."""
    two = [{"bid": [0, 0, 0], "tricks": [0, cards, 0]} for cards in (10, 9)]
    lupaus = Script("lupaus", ["Anna", "Ben", "Cara"], two)

    async def go():
        async with resumed(tmp_path / "g.db", lupaus, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("ctrl+e", "up", "escape")
            await settle(pilot)
            assert app.screen is screen
            assert isinstance(app.focused, EntryForm)
            assert screen.query_one(ScoreTable).highlighted == 2
            await pilot.press("h")
            await settle(pilot)
            assert screen.draft.typed == {("turned", None): "hearts"}
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is not screen

    run(go())
