"""What a confirmed deal and its undo draw from what was drawn before: the form's scroll bar
as it was (at the new deal's top, as at the deal before's; at the undo, as just before the
confirm), and the board's line about the highlighted deal once for its board. Each kept
drawing is what Textual draws afresh, and one for another state is drawn anew."""

from __future__ import annotations

from textual.scrollbar import ScrollBar
from textual.widget import Widget
from textual.widgets import Static

from scorekeeper.tui.widgets import scoreboard
from scorekeeper.tui.widgets.entry_form import EntryForm
from scorekeeper.tui.widgets.redraw import KEPT_BARS, KeptScrollBar
from scorekeeper.tui.widgets.scoreboard import Scoreboard
from helpers.stores import Script, store_with
from helpers.tui import enter_deal, opened, play_screen, resumed, run, settle
from test_tui_form_drawing import DEAL_3, SMALL, _lupaus_for_seven


def _fresh(bar: ScrollBar) -> list:
    """The bar's lines on show as Textual draws them, from nothing kept."""
    return Widget.render_lines(bar, bar.size.region)


def test_the_forms_scroll_bar_at_a_confirm_and_its_undo_is_the_drawing_kept_from_before(tmp_path, monkeypatch):
    """Lupaus for 7 at 80x24, two deals stored; deal 3 typed (the form scrolled to its end) and
    ctrl+s: deal 4's form (26 lines in a window of 11) is at its top, and its scroll bar is drawn
    (deal 3's form was 22 lines when it was opened). ctrl+z puts deal 3 back at its end, as
    before the confirm, and ctrl+s confirms it again, the form at deal 4's top as at the first
    confirm; then ctrl+z again: at each of these Textual draws the form's scroll bar no more
    (before: once a key, 11 lines, a twentieth of the key). Each time the bar on show is what
    Textual draws afresh; scrolled one line (a state not drawn before) it is drawn anew and its
    lines differ; restyled, nothing is kept."""
    drawn: list[int] = []
    render_lines = Widget.render_lines

    def counted(self, crop):
        if isinstance(self, ScrollBar) and isinstance(self.parent, EntryForm):
            drawn.append(crop.height)
        return render_lines(self, crop)

    monkeypatch.setattr(Widget, "render_lines", counted)

    async def go():
        async with opened(_lupaus_for_seven(tmp_path / "g.db", 2), "enter", size=SMALL) as (app, pilot):
            screen = play_screen(app)
            form = screen.query_one(EntryForm)
            bar = form.vertical_scrollbar
            assert isinstance(bar, KeptScrollBar)
            await enter_deal(pilot, DEAL_3, confirm=False)
            await settle(pilot)
            at_end = _fresh(bar)
            drawn.clear()
            await pilot.press("ctrl+s")
            await settle(pilot, 6)
            assert drawn == [11], drawn  # (a form of a length not drawn before)
            at_top = _fresh(bar)
            for key, deals, offset, lines in (("ctrl+z", 2, 15, at_end), ("ctrl+s", 3, 0, at_top),
                                              ("ctrl+z", 2, 15, at_end)):
                drawn.clear()
                await pilot.press(key)
                await settle(pilot, 6)
                assert len(screen.game.deals) == deals
                assert (form.scroll_offset.y, form.virtual_size.height, form.scrollable_content_region.height) == (
                    offset, 26, 11)
                assert drawn == [], (key, drawn)  # ([11] without the drawings kept)
                assert bar.render_lines(bar.size.region) == _fresh(bar) == lines
            assert at_top != at_end
            drawn.clear()
            form.scroll_to(y=1, animate=False)
            await settle(pilot, 4)
            assert drawn == [11], drawn  # (the frame of the scroll)
            moved = bar.render_lines(bar.size.region)
            assert moved == _fresh(bar) and moved not in (at_top, at_end)
            assert 0 < len(bar.__dict__["_kept_lines"]) <= KEPT_BARS
            bar.notify_style_update()
            assert "_kept_lines" not in bar.__dict__

    run(go())


def test_the_boards_line_about_a_deal_is_put_together_once_a_board(tmp_path, monkeypatch):
    """Lupaus for 7 at 80x24, two deals stored: the board's line about the highlighted deal (shown
    when the board has the focus) was asked for three times at the confirm of deal 3 and at its
    undo (the new board, its new columns, its cursor), the players' columns left out put into
    words twice each time ([3, 3], then [2, 2]); now once, for the board it is about: after the
    confirm it is deal 3's, after the undo deal 2's again, as before the deal."""
    made: list[int] = []
    scorers = scoreboard.scorers_text

    def counted(board, row, shown):
        made.append(row.number)
        return scorers(board, row, shown)

    monkeypatch.setattr(scoreboard, "scorers_text", counted)

    async def go():
        async with opened(_lupaus_for_seven(tmp_path / "g.db", 2), "enter", size=SMALL) as (app, pilot):
            screen = play_screen(app)
            detail = screen.query_one(Scoreboard).query_one("#board-detail", Static)
            before = str(getattr(detail, "_shown"))
            assert before.startswith("Deal 2")
            await enter_deal(pilot, DEAL_3, confirm=False)
            await settle(pilot)
            made.clear()
            await pilot.press("ctrl+s")
            await settle(pilot, 6)
            assert len(screen.game.deals) == 3
            assert made == [3], made
            assert str(getattr(detail, "_shown")).startswith("Deal 3")
            made.clear()
            await pilot.press("ctrl+z")
            await settle(pilot, 6)
            assert len(screen.game.deals) == 2
            assert made == [2], made
            assert str(getattr(detail, "_shown")) == before

    run(go())


def test_the_boards_line_about_a_deal_follows_a_change_of_that_deal(tmp_path):
    """Whist to 5 at 80x24, three deals stored, the board's cursor on deal 3 (the latest): deal 3
    changed in the store (8 tricks, then 11) and the board shown again, the cursor and the
    columns as they were: the line about deal 3 is the changed deal's each time, not the one put
    together for the board before."""
    whist = Script("whist", ["Anna", "Ben", "Cara", "Dan"],
                   [{"turned": "hearts", "tricks": 8}, {"turned": "clubs", "tricks": 7},
                    {"turned": "spades", "tricks": 6}], options={"game_to": 5})

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            board = screen.query_one(Scoreboard)
            detail = board.query_one("#board-detail", Static)
            await settle(pilot, 4)
            seen = [(board.table.highlighted, str(getattr(detail, "_shown")))]
            for tricks in (8, 11):
                screen.stored.edit(3, {"turned": "spades", "tricks": tricks})
                screen._show_board()
                await settle(pilot, 4)
                seen.append((board.table.highlighted, str(getattr(detail, "_shown"))))
            return seen

    seen = run(go())
    assert [number for number, _ in seen] == [3, 3, 3]
    assert all(text.startswith("Deal 3: Trump suit: ♠ spades; Tricks won by ") for _, text in seen), seen
    assert [text.rpartition(": ")[2] for _, text in seen] == ["6", "8", "11"], seen


def test_the_forms_boxes_at_an_undo_are_the_drawings_kept_from_before_the_confirm(tmp_path, monkeypatch):
    """Lupaus for 7 at 80x24, two deals stored; deal 3 typed and ctrl+s, then ctrl+z: the undo
    puts deal 3 back in the boxes as they were just before the confirm, and the form drew each of
    its 15 boxes anew (some 3k calls, a thirteenth of the key); now each is the drawing kept from
    before, and only the box whose state is not one drawn before (the cursor's) is drawn anew.
    Every part's lines are what it draws afresh; restyled, every box is drawn anew."""
    from scorekeeper.tui.widgets.value_picker import KeptDrawings, ValueBox

    drawn: list[str] = []
    drawn_lines = ValueBox._drawn_lines

    def counted(self, width):
        drawn.append(self.slot.field)
        return drawn_lines(self, width)

    monkeypatch.setattr(ValueBox, "_drawn_lines", counted)

    async def go():
        async with opened(_lupaus_for_seven(tmp_path / "g.db", 2), "enter", size=SMALL) as (app, pilot):
            screen = play_screen(app)
            form = screen.query_one(EntryForm)
            await enter_deal(pilot, DEAL_3, confirm=False)
            await settle(pilot)
            await pilot.press("ctrl+s")
            await settle(pilot, 6)
            assert len(screen.game.deals) == 3
            drawn.clear()
            await pilot.press("ctrl+z")
            await settle(pilot, 6)
            assert len(screen.game.deals) == 2
            undone = list(drawn)
            width = form._width
            kept = {part: part.lines(width) for part in form._parts}
            for part in form._parts:
                if isinstance(part, KeptDrawings):
                    part.forget_drawings()
            assert {part: part.lines(width) for part in form._parts} == kept
            drawn.clear()
            form.notify_style_update()  # (drawn again at once: no key is being handled)
            boxes = [part for part in form._parts if isinstance(part, ValueBox) and part.visible]
            assert len(drawn) == len(boxes) == 15, drawn  # (in the new looks: none kept from the old)
            return undone

    undone = run(go())
    assert len(undone) <= 1, undone  # (15 without the drawings kept)
