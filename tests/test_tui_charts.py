"""Charts drawn with Unicode characters: exact glyphs for tiny series, and the screens at 80x24."""

from __future__ import annotations

import pytest
from helpers.stores import Script
from helpers.tui import flat, opened, run, screen_text, settle
from rich.style import Style

from scorekeeper.tui.widgets.chart import bar_chart, line_chart, y_scale


def test_a_flat_line_between_two_deals():
    """One scorer, 0 after deals 1 and 2; 10 x 5 cells: the legend, 2 plot rows, the axis
    and the deal numbers. The scale is 0..1 (0 is always shown; a whole-number step of 1).
    Label width 1, so the plot is 10 - 1 - 1 = 8 cells = 16 dots wide and 2 x 4 = 8 dots
    high. 0 is dot row 7 (the bottom row of the second text row): deal 1 at dot column 0
    (cell 0), deal 2 at dot column 15 (cell 7), both marked ●; the cells between hold the
    bottom two dots of a braille cell (⣀ = dots 7 and 8)."""
    lines = [t.plain for t in line_chart(["A"], [[0, 0]], 10, 5)]
    assert lines == [
        "● A",
        "1┤        ",
        "0┤●⣀⣀⣀⣀⣀⣀●",
        " └┬──────┬",
        "  1      2",
    ]


def test_two_crossing_lines_each_with_its_marker_and_the_overlap_named():
    """Ann 0, 10, 20 and Bob 20, 10, 0 on 20 x 8 cells. Legend: "● Ann  ■ Bob" and, since
    both are at 10 after deal 2, a second line "✱ several". Plot 4 rows (16 dots) high, 0..20
    with ticks 20, 10, 0 in rows 0, 2 (dot row round(7.5) = 8) and 3; 17 cells (34 dots)
    wide, the deals at dot columns 0, 16 and 33: cells 0, 8 and 16.
    Ann: ● at the bottom left and the top right; Bob: ■ at the top left and the bottom right;
    ✱ in cell 8 of the row of 10, where both are. Between them the braille lines."""
    lines = [t.plain for t in line_chart(["Ann", "Bob"], [[0, 10, 20], [20, 10, 0]], 20, 8)]
    assert lines == [
        "● Ann  ■ Bob",
        "✱ several",
        "20┤■⠢⢄⡀         ⣀⠤⠒●",
        "  │   ⠈⠑⠢⢄⡀ ⣀⠤⠒⠉    ",
        "10┤    ⣀⡠⠔⠊✱⠒⠤⢄⡀    ",
        " 0┤●⠤⠒⠉        ⠈⠑⠒⠤■",
        "  └┬───────┬───────┬",
        "   1       2       3",
    ]


def test_each_scorer_has_its_colour_on_its_marker_legend_and_line():
    red, blue = Style(color="red"), Style(color="blue")
    lines = line_chart(["Ann", "Bob"], [[0, 10, 20], [20, 10, 0]], 20, 8, [red, blue])

    def style_at(text, index):
        return [s.style for s in text.spans if s.start <= index < s.end]

    legend, _, top = lines[0], lines[1], lines[2]
    assert style_at(legend, 0) == [red] and style_at(legend, legend.plain.index("■")) == [blue]
    assert style_at(top, top.plain.index("■")) == [blue]  # Bob's deal 1
    assert style_at(top, top.plain.index("●")) == [red]  # Ann's deal 3
    assert style_at(top, top.plain.index("⠢")) == [blue]  # Bob's line going down


def test_negative_totals_and_a_long_game():
    """-130 .. 340 on 15 rows: ticks every 100 from 400 down to -200 (the tightest round
    range); 40 deals on a 60-cell plot: deal 1, deal 40 and every fifth deal numbered."""
    assert y_scale([-130, 340], 15) == (-200, 400, [400, 300, 200, 100, 0, -100, -200])
    series = [[10 * i for i in range(40)], [-5 * i for i in range(40)]]
    lines = [t.plain for t in line_chart(["A", "B"], series, 64, 20)]
    assert len(lines) == 20 and all(len(line) <= 64 for line in lines)
    numbers = lines[-1].split()
    assert numbers[0] == "1" and numbers[-1] == "40" and all(n == "1" or int(n) % 5 == 0 or n == "40" for n in numbers)
    assert lines[-3].lstrip().startswith("-200┤")


def test_the_bars_the_best_first_with_eighths():
    """Width 40: "1st ■ Bob " and " 25" leave 27 cells of bar. Bob 25 fills them (216
    eighths); Ann 13: 27 x 8 x 13 / 25 = 112.3 -> 112 eighths = 14 cells; Cid 3: 25.9 -> 26
    eighths = 3 cells and ▎ (2 eighths)."""
    lines = [t.plain for t in bar_chart(["Ann", "Bob", "Cid"], [13, 25, 3], [2, 1, 3], 40)]
    assert lines == [
        "1st ■ Bob ███████████████████████████ 25",
        "2nd ● Ann ██████████████              13",
        "3rd ▲ Cid ███▎                         3",
    ]


def test_bars_with_a_negative_total_stand_on_a_zero_line():
    """13, -25, 3: 26 cells and the zero line │; 25 / 38 of them (17) left of it for -25,
    9 right of it for 13 (3 -> 9 x 3 / 13 = 2.1 -> 2 cells)."""
    lines = [t.plain for t in bar_chart(["Ann", "Bob", "Cid"], [13, -25, 3], [1, 3, 2], 40)]
    assert lines == [
        "1st ● Ann                 │█████████  13",
        "2nd ▲ Cid                 │██          3",
        "3rd ■ Bob ████████████████│          -25",
    ]


FRIDAY = Script("lupaus", ["Anna", "Ben", "Cara"], [{"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"},
                                                     {"bid": [2, 3, 3], "tricks": [2, 3, 4], "turned": "clubs"},
                                                     {"bid": [1, 1, 1], "tricks": [1, 1, 6], "turned": "spades"}],
                title="Friday")
"""Lupaus, Anna Ben Cara, Anna deals first; 3 deals of 10, 9 and 8 cards:
deal 1: bids 3 4 2, tricks 3 5 2: Anna 13, Ben 0, Cara 12;
deal 2: bids 2 3 3, tricks 2 3 4: Anna 12, Ben 13, Cara 0 -> 25 13 12;
deal 3: bids 1 1 1, tricks 1 1 6: 11, 11, 0 -> 36 24 12."""
SMALL = (80, 24)


@pytest.fixture
def friday(store_with):
    return store_with(FRIDAY)


def _check_fits(text: str) -> None:
    lines = text.splitlines()
    assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
    flat_text = flat(text)
    assert "● Anna ■ Ben ▲ Cara" in flat_text
    assert any(line.strip().split() == ["1", "2", "3"] for line in lines)  # the deal numbers
    assert any(line.strip().startswith("└┬") for line in lines)  # the x axis
    # the bars, the best first, each with its total, and the footer: nothing cut off
    assert "1st ● Anna" in flat_text and flat_text.index("2nd ■ Ben") < flat_text.index("3rd ▲ Cara")
    assert lines[-4].rstrip().endswith("36") and lines[-3].rstrip().endswith("24")
    assert lines[-2].rstrip().endswith("12") and "esc Back" in lines[-1]


def test_charts_from_the_play_screen_fit_80_by_24(friday):
    """ctrl+g on the play screen (in the footer after esc Back, which an 80-column footer
    cuts, and in the command palette): the progression and the bars fit."""

    async def go():
        async with opened(friday, "enter", size=SMALL) as (app, pilot):  # resume the game (highlighted)
            names = [c.title for c in app.get_system_commands(app.screen)]
            assert any(n.startswith("Charts (") for n in names), names
            await pilot.press("ctrl+g")
            await settle(pilot)
            text = screen_text(app)
            assert "Friday · Lupaus · charts" in text
            assert "The total after each deal (3 deals):" in text
            _check_fits(text)
            await pilot.press("escape")
            await settle(pilot)
            from scorekeeper.tui.screens.play import PlayScreen

            assert isinstance(app.screen, PlayScreen)

    run(go())


def test_charts_from_the_game_sheet_in_the_light_theme(friday):
    """g on the history's game sheet; after ctrl+t the colours are the light theme's."""
    from scorekeeper.tui.widgets.chart import ScoreChart

    async def go():
        async with opened(friday, "h", "enter", "g", size=SMALL) as (app, pilot):
            _check_fits(screen_text(app))
            chart = app.screen.query_one(ScoreChart)
            dark = chart.get_component_rich_style("chart--s0", partial=True).color
            await pilot.press("ctrl+t")
            await settle(pilot)
            light = chart.get_component_rich_style("chart--s0", partial=True).color
            assert not app.current_theme.dark and dark != light
            _check_fits(screen_text(app))

    run(go())


def test_no_charts_before_the_first_deal(store_with):
    """ctrl+g is dimmed on a game with no deal yet, and does nothing."""
    db = store_with(Script("lupaus", ["Anna", "Ben", "Cara"]))

    async def go():
        from scorekeeper.tui.screens.play import PlayScreen

        async with opened(db, "enter", size=SMALL) as (app, pilot):
            assert app.screen.check_action("charts", ()) is None
            await pilot.press("ctrl+g")
            await settle(pilot)
            assert isinstance(app.screen, PlayScreen)

    run(go())
