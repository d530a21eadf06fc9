"""The deal form's drawing at a confirmed deal: the new deal's lines are made into the
screen's strips only when drawn (those on show; the others once scrolled to), and the lines
that changed are asked of the screen together; what the form shows is what it shows drawn
again from scratch."""

from __future__ import annotations

from textual.scroll_view import ScrollView

from scorekeeper.tui.widgets.entry_form import EntryForm, _joined
from helpers.stores import Script, lupaus_all_to, store_with
from helpers.tui import enter_deal, opened, play_screen, run, screen_text, settle

SMALL = (80, 24)
SEVEN = ["Anna", "Ben", "Cara", "Dan", "Eero", "Fia", "Gus"]
# deal 3 (5 cards, Cara deals, Dan bids first): hearts, everyone bids 0, Anna takes the 5 tricks
DEAL_3 = ["h"] + ["0"] * 7 + ["0", "0", "0", "0", "5", "0", ""]


def _lupaus_for_seven(path, deals: int):
    db = store_with(path, Script("lupaus", SEVEN))
    with db.open() as store:
        stored = store.open_game(1)
        for _ in range(deals):
            stored.record(lupaus_all_to(1)(stored.game))
    return db


def _form_lines(app) -> list[str]:
    """The form's lines as the screen shows them."""
    region = app.screen.query_one(EntryForm).region
    lines = screen_text(app).splitlines() + [""] * SMALL[1]
    return [line[region.x:region.right].rstrip() for line in lines[region.y:region.bottom]]


async def _top_and_end(app, pilot) -> tuple[list[str], list[str]]:
    form = app.screen.query_one(EntryForm)
    top = _form_lines(app)
    form.scroll_end(animate=False)
    await settle(pilot, 4)
    end = _form_lines(app)
    form.scroll_home(animate=False)
    await settle(pilot, 4)
    return top, end


def test_lines_that_touch_are_asked_of_the_screen_once():
    assert _joined([(10, 2), (0, 3), (3, 4), (12, 1), (20, 1), (5, 1)]) == [(0, 7), (10, 3), (20, 1)]
    assert _joined([(4, 3), (5, 1)]) == [(4, 3)]
    assert _joined([]) == []


def test_a_confirmed_deal_makes_strips_only_of_the_form_lines_on_show(tmp_path, monkeypatch):
    """Lupaus for 7 at 80x24, two deals stored; deal 3 typed (hearts, every bid 0, Anna takes
    the 5 tricks) and ctrl+s. Deal 4's form has 26 lines in a window of 11: the confirm makes
    strips of the 11 on show (before: of all 26), and asks the screen once for the lines that
    changed (before: once for each part that changed). At its top and scrolled to its end, the
    form shows what it shows drawn again from scratch."""
    made: list[int] = []
    asked: list[tuple[int, int]] = []
    strip, refresh_lines = EntryForm._strip, ScrollView.refresh_lines

    def counted_strip(self, line, console, width):
        made.append(1)
        return strip(self, line, console, width)

    def counted_lines(self, top, height=1):
        if isinstance(self, EntryForm):
            asked.append((top, height))
        return refresh_lines(self, top, height)

    monkeypatch.setattr(EntryForm, "_strip", counted_strip)
    monkeypatch.setattr(ScrollView, "refresh_lines", counted_lines)

    async def confirmed():
        async with opened(_lupaus_for_seven(tmp_path / "g.db", 2), "enter", size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await enter_deal(pilot, DEAL_3, confirm=False)
            await settle(pilot)
            made.clear()
            asked.clear()
            await pilot.press("ctrl+s")
            await settle(pilot, 6)
            assert len(screen.game.deals) == 3
            form = screen.query_one(EntryForm)
            assert (form.virtual_size.height, form.scrollable_content_region.height) == (26, 11)
            assert (len(made), asked) == (11, [(0, 26)])
            top, end = await _top_and_end(app, pilot)
            assert top[1].startswith(" ▶") and "Trump suit" in top[1], top
            assert any(line.startswith("   Dan (dealer)    Tricks") for line in end), end
            form._redraw_all()  # every line drawn anew, made a strip at once
            await settle(pilot, 6)
            assert await _top_and_end(app, pilot) == (top, end)

    run(confirmed())
