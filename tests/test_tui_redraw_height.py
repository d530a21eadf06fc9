"""A text widget's height counted from its lines where they fit (redraw.FittingHeight): the
same height Textual's wrapping gives, and the deal panel measured so at a confirmed deal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.content import Content
from textual.widget import Widget

from scorekeeper.tui.widgets.deal_panel import DealPanel
from scorekeeper.tui.widgets.redraw import fitting_height
from helpers.tui import enter_deal, opened, play_screen, run, settle
from test_tui_form_drawing import DEAL_3, SMALL, _lupaus_for_seven

TEXT = st.text(alphabet=st.sampled_from(list("ab ·♠♥ä•漢\n\t-")), max_size=60)


@settings(max_examples=400, deadline=None)
@given(TEXT, st.integers(min_value=1, max_value=30))
def test_the_lines_of_a_text_that_fit_are_its_height_as_textual_wraps_it(plain, width):
    """Any text of words, spaces, signs, wide letters, empty lines and tabs, at any width, wrapped
    or not, folded or cut: fitting_height gives the height Textual's wrapping gives, or none
    where the text has a tab."""
    for rules in ({}, {"text_wrap": "nowrap"}, {"text_overflow": "ellipsis"}):
        height = fitting_height(plain, width, rules)
        assert (height is None) == ("\t" in plain)
        if height is not None:
            assert height == Content(plain).get_height(rules, width), rules


def test_the_deal_panel_is_measured_without_wrapping_its_text_at_a_confirm(tmp_path, monkeypatch):
    """Lupaus for 7 at 80x24, two deals stored: at the confirm of deal 3 and at its undo the deal
    panel (its deal, standings and deals played changed) was measured for its height by wrapping
    its text (twice: a frame later the layout measured it again); now by its lines, which fit.
    Its height is the one Textual's wrapping gives (5 lines at deal 4 and at deal 3)."""
    wrapped: list[int] = []
    get_height = Content.get_height
    content_height = Widget.get_content_height

    def counted(self, container, viewport, width):
        if isinstance(self, DealPanel):
            wrapped.append(width)
        return content_height(self, container, viewport, width)

    async def go():
        async with opened(_lupaus_for_seven(tmp_path / "g.db", 2), "enter", size=SMALL) as (app, pilot):
            screen = play_screen(app)
            panel = screen.query_one(DealPanel)
            await enter_deal(pilot, DEAL_3, confirm=False)
            await settle(pilot)
            monkeypatch.setattr(Widget, "get_content_height", counted)
            heights = []
            for key in ("ctrl+s", "ctrl+z"):
                await pilot.press(key)
                await settle(pilot, 6)
                width = panel.content_size.width
                visual = panel._render()
                heights.append((panel.content_size.height, panel.get_content_height(panel.size, panel.size, width),
                                get_height(visual, panel.styles, width)))
            return heights

    heights = run(go())
    assert heights == [(5, 5, 5), (5, 5, 5)], heights
    assert wrapped == [], wrapped  # (the confirm and the undo: [78, 78, 78, 78], by wrapping the whole text)
