"""The play screen's score board while deals are entered: it shows the latest deal whenever
the boxes have the focus, Esc on it goes back to the boxes, and the bids of the deal being
typed stay in view while the tricks are typed (all at 80x24, the smallest screen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widget import Widget

from scorekeeper.tui.widgets.entry_form import EntryForm
from scorekeeper.tui.widgets.scoreboard import ScoreTable
from helpers.stores import WHIST_ONE_DEAL_TO_GO, Script
from helpers.tui import enter_deal, play_screen, resumed, run, said, screen_text, settle

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


def test_the_bids_stay_in_view_while_the_tricks_are_typed(tmp_path):
    """Lupaus for 7 at 80x24, deal 1 (7 cards): once the bids are in, the form shows the
    tricks and the bid rows are out of sight; the line between the form and the board tells
    the bids, in bidding order."""
    seven = Script("lupaus", ["Anna", "Ben", "Cara", "Dan", "Eve", "Finn", "Gus"])

    async def go():
        async with resumed(tmp_path / "g.db", seven, size=SMALL) as (app, pilot):
            await pilot.press(*"h 1 2 0 1 0 0 1 2".split())  # hearts, the bids of Ben .. Gus, Anna; Ben took 2
            await settle(pilot)
            lines = screen_text(app).splitlines()
            assert not any(line.split()[1:2] == ["Bid"] for line in lines if line.split())  # the bid rows are gone
            told = "─ Bid: Ben 1 · Cara 2 · Dan 0 · Eve 1 · Finn 0 · Gus 0 · Anna 1 "  # on the line above the board
            assert lines[lines.index("Each cell: ✓ made ✗ missed, points, total") - 1] == told + "─" * (80 - len(told))

    run(go())


def test_notices_are_on_a_line_of_their_own_and_go_with_the_screen(tmp_path):
    """Lupaus for 4 at 80x24, two deals: ctrl+z says "Undone" on the line between the form
    and the board (no toast over the board's columns or the keys: every line below it is as
    before, but for the deal taken back); Esc and Enter (the game resumed) show the rule
    again (with the bids of the deal in the boxes), not what was said before the screen was left."""
    two = [{"bid": [0, 0, 0, 0], "tricks": [0, cards, 0, 0]} for cards in (10, 9)]

    async def go():
        async with resumed(tmp_path / "g.db", Script("lupaus", FOUR, two), size=SMALL) as (app, pilot):
            rule = "─" * 80
            before = screen_text(app).splitlines()
            assert rule in before
            keys = before[-2:]
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert len(play_screen(app).game.deals) == 1
            lines = screen_text(app).splitlines()
            legend = lines.index("Each cell: Bid/Tricks, ✓ made ✗ missed, points, total")
            assert lines[legend - 1] == " Undone: Deal 2 is undone; its entries are back in the boxes."
            assert lines[legend + 1:] == [
                "  Deal              Anna                Ben              Cara               Dan",
                "▶ 1     0/0 ✓  +10    10  0/10 ✗    0     0  0/0 ✓  +10    10  0/0 ✓  +10    10",
                "", "", "", *keys]
            assert list(app._notifications) == []
            await pilot.press("escape", "enter")
            await settle(pilot)
            lines = screen_text(app).splitlines()
            told = "─ Bid: Cara 0 · Dan 0 · Anna 0 · Ben 0 "  # (the undone deal's bids are back in the boxes)
            assert lines[lines.index("Each cell: Bid/Tricks, ✓ made ✗ missed, points, total") - 1] == (
                told + "─" * (80 - len(told)))
            assert "Undone" not in screen_text(app)

    run(go())


def test_a_game_ending_deal_and_its_undo_render_the_panel_once(tmp_path, monkeypatch):
    """Whist to 3 at 80x24 (2-2): 7 tricks with spades ends the game, and ctrl+z opens it again.
    The panel changes height each time (a line fewer, then more): it is rendered to measure its
    new height, and the layout and the frame use that rendering (and that height) as it is; it
    was rendered a third time, the layout forgetting what was just measured (so were the status
    line and the final standings when theirs changed), and then a second time: Textual forgets
    a widget's rendering whenever a layout places it (redraw.KeptRender: kept until the panel is
    drawn again). The status line, which keeps its height here and draws a rule as wide as it
    is, is rendered twice as before; the screen shows the same."""
    from scorekeeper.tui.widgets.deal_panel import DealPanel
    from scorekeeper.tui.widgets.status_line import StatusLine

    whist = WHIST_ONE_DEAL_TO_GO
    drawn: list[str] = []
    for cls in (DealPanel, StatusLine):
        def counted(self, render=cls.render, name=cls.__name__):
            drawn.append(name)
            return render(self)

        monkeypatch.setattr(cls, "render", counted)

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("s", "7")
            await settle(pilot)
            heights = (screen._one(DealPanel).size.height, screen._one(StatusLine).size.height)
            drawn.clear()
            await pilot.press("enter")
            await settle(pilot)
            assert screen.game.is_over and "Game over" in screen_text(app)
            ended = (screen._one(DealPanel).size.height, screen._one(StatusLine).size.height)
            assert ended[0] == heights[0] - 1 and ended[1] == heights[1]
            assert sorted(drawn) == ["DealPanel", "StatusLine", "StatusLine"]
            drawn.clear()
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert not screen.game.is_over and "Game over" not in screen_text(app)
            assert (screen._one(DealPanel).size.height, screen._one(StatusLine).size.height) == heights
            assert sorted(drawn) == ["DealPanel", "StatusLine", "StatusLine"]

    run(go())


def test_a_deal_that_ends_the_game_and_its_undo_lay_the_screen_out_once(tmp_path):
    """Whist to 3 at 80x24, 8 and 5 tricks stored (2-2): 7 tricks with spades ends the game.
    The final standings replace the form, the panel and the status line change height: one
    layout (each widget's new size laid the screen out a second time, the footer's keys
    were built anew in a frame and a layout of their own when the board took the focus).
    The footer keeps its keys (the standings have the focus, not the board), the draft's
    view is worked out once; ctrl+z back to the form: one layout again. Neither restyles
    anything (the keys dimmed and lit again, the notice, the focus moving between the form
    and the standings are each drawn, not styled anew)."""
    from textual.widgets._footer import FooterKey
    from test_tui_frames import count_layouts, count_restyles

    from scorekeeper.tui.textual_version import installed
    textual_major = int(installed().split(".")[0])

    from scorekeeper.play.draft import DealDraft
    from scorekeeper.tui.widgets.final_standings import FinalStandings

    whist = WHIST_ONE_DEAL_TO_GO

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            keys = [k.description for k in screen.query(FooterKey)]
            await pilot.press("s", "7")
            await settle(pilot)
            layouts = count_layouts(screen)
            restyled = count_restyles(app)
            computed = []
            compute = DealDraft._compute

            def counted(draft):
                computed.append(draft.number)
                return compute(draft)

            DealDraft._compute = counted
            try:
                await pilot.press("enter")
                await settle(pilot)
                assert screen.game.is_over and isinstance(app.focused, FinalStandings)
                assert len(layouts) == 1
                assert [k.description for k in screen.query(FooterKey)] == keys
                assert "Game over" in screen_text(app)
                # (Textual 7, the lowest we allow, restyles a content switcher's panes when it
                # switches them: slower there, drawn the same; Textual 8 restyles nothing)
                assert restyled == [] or textual_major == 7
                layouts.clear()
                await pilot.press("ctrl+z")
                await settle(pilot)
                assert not screen.game.is_over and isinstance(app.focused, EntryForm)
                assert len(layouts) == 1 and (restyled == [] or textual_major == 7)
                # the undone deal's boxes, none for the game over: the form's view once (which the
                # typist shares); whether the rules fill in a value of the deal waiting to be redone
                # (DealDraft._unfill) takes only the boxes filled in, not a view per value
                assert computed == [3]
            finally:
                DealDraft._compute = compute

    run(go())


def test_who_deals_first_by_lot_is_told_on_the_status_line_until_the_table_types(tmp_path):
    """A new Lupaus game, the first dealer drawn by lot: the play screen says so on the line
    above the board (not in a toast over the board and the keys); the first key typed (h:
    hearts are trump) moves the table on and the line is a rule again."""
    from helpers.tui import new_game, opened

    async def go():
        async with opened(tmp_path / "g.db", size=SMALL) as (app, pilot):
            await new_game(pilot, "lupaus", FOUR, dealer=None)
            await settle(pilot)
            lines = screen_text(app).splitlines()
            legend = lines.index("Each cell: ✓ made ✗ missed, points, total")
            game = play_screen(app).game
            dealer = game.players[game.dealer_seat(1) - 1]
            assert lines[legend - 1] == f" Drawn by lot: {dealer} deals first."
            assert list(app._notifications) == []
            await pilot.press("h")
            await settle(pilot)
            lines = screen_text(app).splitlines()
            assert lines[lines.index("Each cell: ✓ made ✗ missed, points, total") - 1] == "─" * 80

    run(go())


def test_a_deal_confirmed_mid_game_and_its_undo_are_one_frame_each(tmp_path):
    """Whist to 3 at 80x24, 8 tricks stored: spades and 5 tricks confirmed with Enter, then
    ctrl+z. Each is drawn in one frame: a key of the footer dimmed or lit again, the status
    line, the panel and the board are told to the screen before the key's frame (each told
    it once idle, which could be after the frame: a second frame for them)."""
    from test_tui_frames import count_frames

    whist = Script("whist", FOUR, [{"turned": "hearts", "tricks": 8}], options={"game_to": 3})

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("s", "5")
            await settle(pilot)
            frames = count_frames(app)
            await pilot.press("enter")
            await settle(pilot, 6)
            assert len(screen.game.deals) == 2 and not screen.game.is_over
            assert len(frames) == 1
            frames.clear()
            await pilot.press("ctrl+z")
            await settle(pilot, 6)
            assert len(screen.game.deals) == 1 and "Undone: Deal 2 is undone" in screen_text(app)
            assert len(frames) == 1

    run(go())


def test_a_toast_of_another_screen_is_not_laid_over_the_table(tmp_path):
    """A toast on the start screen (e.g. settings that could not be read) is gone once a game
    is resumed: it is not drawn over the board's columns and the keys of the play screen."""
    from helpers.stores import store_with
    from helpers.tui import opened

    async def go():
        async with opened(store_with(tmp_path / "g.db", Script("lupaus", FOUR)), size=SMALL) as (app, pilot):
            app.notify("the start screen's news", timeout=30)
            await settle(pilot)
            assert [n.message for n in app._notifications] == ["the start screen's news"]
            await pilot.press("enter")
            await settle(pilot)
            play_screen(app)
            assert list(app._notifications) == [] and "the start screen's news" not in screen_text(app)

    run(go())


def test_the_enter_that_ends_a_long_game_and_its_undo_are_one_frame_each(tmp_path):
    """Lupaus for 7 at 80x24, deals 1-12 stored (the board scrolls): deal 13 typed and
    confirmed ends the game, ctrl+z reopens it. Each is drawn in one frame. Before, each was
    two: the layout that shows the final standings (or the form again) moves the board's
    scroll bar, which asked to be drawn only once idle, after the key's frame; and the form,
    shown again after the standings at the width it had, drew all its lines anew."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from bench_keys import CASES
    from test_tui_frames import count_frames

    case = CASES["lupaus-7-deal-13"]
    lupaus = Script("lupaus", list(case.players), list(case.before), options=dict(case.options))

    async def go():
        async with resumed(tmp_path / "g.db", lupaus, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("7", "0", "0", "0", "0", "0", "1", "7", "0", "0", "0", "0", "0")
            await settle(pilot, 6)
            frames = count_frames(app)
            await pilot.press("enter")
            await settle(pilot, 6)
            await pilot.pause(0.3)
            assert screen.game.is_over and len(screen.game.deals) == 13
            assert len(frames) == 1
            frames.clear()
            await pilot.press("ctrl+z")
            await settle(pilot, 6)
            await pilot.pause(0.3)
            assert not screen.game.is_over and len(screen.game.deals) == 12
            assert len(frames) == 1

    run(go())


def test_a_confirmed_deal_and_its_undo_look_up_the_screens_widgets_without_a_query(tmp_path):
    """Whist to 3: a mid-game Enter and its ctrl+z find the play screen's widgets (the form,
    the board, the panel, the status line...) without querying the screen (each query walks
    the widgets and matches their CSS: some twenty a confirmed deal before)."""
    from textual.dom import DOMNode

    whist = Script("whist", FOUR, [{"turned": "hearts", "tricks": 8}], options={"game_to": 3})

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("s", "5")
            await settle(pilot)
            queries = []
            query_one = DOMNode.query_one

            def counted(self, *args, **kwargs):
                if self is screen or screen in self.ancestors:
                    queries.append((type(self).__name__, args))
                return query_one(self, *args, **kwargs)

            DOMNode.query_one = counted
            try:
                await pilot.press("enter")
                await settle(pilot)
                assert len(screen.game.deals) == 2
                await pilot.press("ctrl+z")
                await settle(pilot)
                assert len(screen.game.deals) == 1
            finally:
                DOMNode.query_one = query_one
            assert queries == []

    run(go())


def test_a_notice_is_drawn_in_the_colour_of_its_kind_and_restyles_nothing(tmp_path):
    """Lupaus for 4 at 80x24, two deals: ctrl+z says "Undone" in the theme's success colour,
    taken back by the next value typed; ctrl+l and ctrl+s (nothing to confirm) say why not
    in its error colour, with a ✗. The line draws each in its colour: none of
    it restyles the line (a class toggled for each notice did, at the key that said it and at
    the key that took it back)."""
    from textual.color import Color
    from textual.geometry import Region
    from test_tui_frames import count_restyles

    from scorekeeper.tui.widgets.status_line import StatusLine

    two = [{"bid": [0, 0, 0, 0], "tricks": [0, cards, 0, 0]} for cards in (10, 9)]

    async def go():
        async with resumed(tmp_path / "g.db", Script("lupaus", FOUR, two), size=SMALL) as (app, pilot):
            line = play_screen(app).query_one(StatusLine)
            css = app.get_css_variables()

            def drawn() -> list:
                (strip,) = line.render_lines(Region(0, 0, line.size.width, 1))
                return [(segment.text, segment.style.color) for segment in strip if segment.text.strip()]

            restyled = count_restyles(app)
            await pilot.press("ctrl+z")
            await settle(pilot)
            success = Color.parse(css["text-success"]).rich_color
            assert drawn() == [("Undone", success), (": Deal 2 is undone; its entries are back in the boxes.", success)]
            await pilot.press("0")  # a value typed takes back a notice that only tells
            await settle(pilot)
            assert "".join(text for text, _ in drawn()).startswith("─ Bid: Cara 0")
            await pilot.press("ctrl+l", "ctrl+s")
            await settle(pilot)
            error = Color.parse(css["text-error"]).rich_color
            assert drawn()[0] == (" ✗ ", error) and {colour for _, colour in drawn()} == {error}
            assert "".join(text for text, _ in drawn()) == " ✗ The deal cannot be confirmed yet: Bid of Cara is not entered"
            assert [w for w in restyled if isinstance(w, StatusLine)] == []

    run(go())


def test_the_panel_and_the_status_line_work_out_their_looks_once(tmp_path, monkeypatch):
    """Lupaus for 4 at 80x24: a deal confirmed and undone redraws the deal panel (measured for
    its height, then drawn) and the status line ("Undone"), which look up the looks of their
    parts (bold heading, trump, the notice's colour) as known; a new theme works them out again
    (the trump in the new theme's accent colour)."""
    from textual.color import Color
    from textual.geometry import Region
    from textual.widget import Widget

    from scorekeeper.tui.widgets.deal_panel import DealPanel
    from scorekeeper.tui.widgets.status_line import StatusLine

    asked = []
    look = Widget.get_component_rich_style

    def counted(widget, *names, **kwargs):
        asked.append(type(widget).__name__)
        return look(widget, *names, **kwargs)

    monkeypatch.setattr(Widget, "get_component_rich_style", counted)
    one = [{"bid": [0, 0, 0, 0], "tricks": [0, 10, 0, 0]}]

    async def go():
        async with resumed(tmp_path / "g.db", Script("lupaus", FOUR, one), size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("ctrl+z")  # "Undone" (its look is worked out the first time it is said)
            await settle(pilot)
            await pilot.press("ctrl+y")
            await settle(pilot)
            # the looks the app works out once it is quiet (play.prepare_first_change, a timer) are
            # worked out before the key counted: in a fast run they came during it (a flake of this
            # test, 1 run in 3 under load, at 3081a39 too)
            parts = [screen.query_one(DealPanel), screen.query_one(StatusLine)]
            for _ in range(400):
                if all(len(w.__dict__.get("_part_looks", ())) == len(w.COMPONENT_CLASSES) for w in parts):
                    break
                await pilot.pause(0.05)
            else:
                raise AssertionError("the parts' looks were never worked out while the app was quiet")
            asked.clear()
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert len(screen.game.deals) == 0 and "Undone" in screen_text(app)
            assert [name for name in asked if name in ("DealPanel", "StatusLine")] == []
            panel = screen.query_one(DealPanel)
            for theme in ("textual-light", "textual-dark"):
                app.theme = theme
                await settle(pilot)
                accent = Color.parse(app.get_css_variables()["text-accent"]).rich_color
                lines = panel.render_lines(Region(0, 0, panel.size.width, panel.size.height))
                trump = [s for strip in lines for s in strip if s.text.strip() and s.style and s.style.bold
                         and "trump" in s.text.lower()]
                assert trump and {s.style.color for s in trump} == {accent}, (theme, trump)

    run(go())


def test_the_score_tables_messages_stop_at_its_board(tmp_path, monkeypatch):
    """Lupaus for 4 at 80x24: a confirmed deal moves the score table's cursor to the new row
    (Highlighted) and may fit its columns anew (Fitted); the board shows the row's detail
    and stops the message, which no container, screen or app above it handles (each one it
    went through cost a dispatch)."""
    from textual.message_pump import MessagePump

    from scorekeeper.tui.widgets.scoreboard import Scoreboard

    reached = []
    dispatch = MessagePump._dispatch_message

    async def counted(node, message):
        if isinstance(message, (ScoreTable.Highlighted, ScoreTable.Fitted)):
            reached.append((type(node).__name__, type(message).__name__))
        return await dispatch(node, message)

    monkeypatch.setattr(MessagePump, "_dispatch_message", counted)
    one = [{"bid": [0, 0, 0, 0], "tricks": [0, 10, 0, 0]}]

    async def go():
        async with resumed(tmp_path / "g.db", Script("lupaus", FOUR, one), size=SMALL) as (app, pilot):
            screen = play_screen(app)
            reached.clear()
            await enter_deal(pilot, ["", "0", "0", "0", "0", "0", "9", "0", ""])
            assert len(screen.game.deals) == 2 and screen.query_one(ScoreTable).highlighted == 2
            assert ("ScoreTable", "Highlighted") in reached
            assert {node for node, _ in reached} == {"ScoreTable", "Scoreboard"}
            assert "Deal 2" in str(screen.query_one(Scoreboard).query_one("#board-detail").render())

    run(go())


def test_the_undo_of_a_confirmed_deal_finds_its_boxes_worked_out_while_the_app_was_quiet(tmp_path, monkeypatch):
    """Whist to 3, 8 tricks stored: spades and 5 tricks confirmed. A ctrl+z before the app was
    quiet after the Enter works out the boxes it puts back itself, and their view; one after
    finds both worked out already, while the app was quiet after the Enter's frame (no
    DealDraft._unfill and no DealDraft._compute in the ctrl+z), and shows the same screen."""
    from scorekeeper.play.draft import DealDraft
    from scorekeeper.tui.screens import play

    whist = Script("whist", FOUR, [{"turned": "hearts", "tricks": 8}], options={"game_to": 3})
    unfilled = []
    unfill = DealDraft._unfill
    computed = []
    compute = DealDraft._compute

    def counted(draft):
        unfilled.append(draft.number)
        return unfill(draft)

    def counted_view(draft):
        computed.append(draft.number)
        return compute(draft)

    prepare_after = play.PREPARE_AFTER

    async def go(quiet: bool) -> tuple[str, list, list]:
        monkeypatch.setattr(play, "PREPARE_AFTER", prepare_after if quiet else 600)  # (never, in this test)
        async with resumed(tmp_path / f"g{quiet}.db", whist, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("s", "5")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            for _ in range(100 if quiet else 0):  # (until the app has been quiet: a loaded machine takes its time)
                known = screen.next._base
                if known is not None and known[0] is screen.game.history[-1]:
                    break
                await pilot.pause(0.05)
            unfilled.clear()
            computed.clear()
            monkeypatch.setattr(DealDraft, "_unfill", counted)
            monkeypatch.setattr(DealDraft, "_compute", counted_view)
            await pilot.press("ctrl+z")
            await settle(pilot)
            monkeypatch.setattr(DealDraft, "_unfill", unfill)
            monkeypatch.setattr(DealDraft, "_compute", compute)
            assert len(screen.game.deals) == 1
            assert screen.draft.typed == {("turned", None): "spades", ("tricks", None): 5}
            return screen_text(app), list(unfilled), list(computed)

    at_once, worked_out, viewed = run(go(False))
    later, none, not_viewed = run(go(True))
    assert worked_out == [2] and none == []
    assert viewed == [2] and not_viewed == []
    assert later == at_once


@pytest.mark.skipif(not hasattr(Widget, "BLANK"),
                    reason="Textual 7 draws no widget blank (Widget.BLANK came in Textual 8)")
def test_the_containers_a_game_end_moves_are_drawn_blank_not_line_by_line(tmp_path, monkeypatch):
    """Whist to 3 at 80x24: the deal that ends the game and its ctrl+z move the whole screen
    (the final standings take the form's place, the panel and the status line change height),
    and Textual draws every widget there, the containers too, though what they hold covers
    them whole. The body, the form's place, the board side and the board are drawn as blank
    lines of their background, not line by line (some forty lines a key, never seen); the
    final standings, the form and the score table are drawn as before. At 150 columns the
    board side has a line on its left: drawn line by line, the line shown."""
    from textual._styles_cache import StylesCache

    whist = WHIST_ONE_DEAL_TO_GO
    drawn: list[str] = []
    render_widget = StylesCache.render_widget

    def counted(self, widget, crop):
        drawn.append(widget.id or type(widget).__name__)
        return render_widget(self, widget, crop)

    monkeypatch.setattr(StylesCache, "render_widget", counted)
    containers = {"play-body", "deal-or-final", "board-side", "scoreboard"}

    async def go(size):
        async with resumed(tmp_path / f"g{size[0]}.db", whist, size=size) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("s", "7")
            await settle(pilot)
            drawn.clear()
            await pilot.press("enter")
            await settle(pilot)
            assert screen.game.is_over and "Game over" in screen_text(app)
            ended = set(drawn)
            drawn.clear()
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert not screen.game.is_over
            side = screen.query_one("#board-side").region
            left = {line[side.x:side.x + 1] for line in screen_text(app).splitlines()[side.y:side.bottom]}
            return ended, set(drawn), left

    ended, undone, left = run(go(SMALL))
    assert {"final", "board-table", "deal-panel"} <= ended and "entry-form" in undone
    assert not containers & (ended | undone)
    assert left != {"│"}
    ended, undone, left = run(go((150, 30)))
    assert containers & (ended | undone) == {"board-side"}
    assert left == {"│"}  # (the board side's line on its left, all the way down)


def test_the_deal_that_ends_the_game_works_its_board_out_once(tmp_path, monkeypatch):
    """Whist to 3: the Enter that ends the game works the board out once (the score board and
    the final standings show it, and the notice of the winners tells its standings: that was
    a second board, the same, in the key); the notice says the same as before."""
    from scorekeeper.play.board import BoardMaker

    whist = WHIST_ONE_DEAL_TO_GO
    made = []
    view = BoardMaker.view

    def counted(maker):
        made.append(maker.game.is_over)
        return view(maker)

    monkeypatch.setattr(BoardMaker, "view", counted)

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("s", "7")
            await settle(pilot)
            made.clear()
            await pilot.press("enter")
            await settle(pilot)
            assert screen.game.is_over and made == [True]
            (notice,) = [n for n in said(app) if n.title.startswith("Winner")]
            assert (notice.title, notice.message) == ("Winner: Anna & Cara", "1st Anna & Cara 3 · 2nd Ben & Dan 2")

    run(go())


def test_the_first_deal_confirmed_finds_the_facts_and_the_footers_looks_worked_out(tmp_path, monkeypatch):
    """Whist to 3, one deal from its end, in an app just started: the first deal confirmed
    worked out in its key what nothing had needed before in the process: the store's facts of
    the deals so far (which of the rules' formulas read earlier deals: the whole ruleset
    walked), the dimmed look of each footer key the game's end strikes out and the look of the
    final standings' winner line. Now they are worked out while the app is quiet after showing
    the game: none in the Enter (no part's look worked out at all), the same facts stored, the
    same keys struck out and the same screen as when the Enter works them out itself."""
    from textual.widgets._footer import FooterKey

    from scorekeeper.store import facts
    from scorekeeper.tui.screens import play

    walked: list[str] = []
    looks: list[str] = []
    parts: list[str] = []
    reads_earlier_deals = facts.reads_earlier_deals
    render = FooterKey.render
    part_style = Widget.get_component_rich_style

    def counted_part(widget, *names, **kwargs):
        parts.extend(names)
        return part_style(widget, *names, **kwargs)

    def counted_walk(ruleset):
        walked.append(ruleset.id)
        return reads_earlier_deals(ruleset)

    def counted_look(key):
        looks.append(key.description)
        return render(key)

    monkeypatch.setattr(facts, "reads_earlier_deals", counted_walk)
    monkeypatch.setattr(FooterKey, "render", counted_look)
    monkeypatch.setattr(Widget, "get_component_rich_style", counted_part)
    prepare_after = play.PREPARE_AFTER

    async def go(quiet: bool) -> tuple[list, list, str, list, list]:
        monkeypatch.setattr(play, "PREPARE_AFTER", prepare_after if quiet else 600)  # (never, in this test)
        async with resumed(tmp_path / f"g{quiet}.db", WHIST_ONE_DEAL_TO_GO, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            for _ in range(100 if quiet else 0):  # (until the app has been quiet: a loaded machine takes its time)
                if screen.stored._facts is not None:
                    break
                await pilot.pause(0.05)
            await pilot.press("s", "7")
            await settle(pilot)
            walked.clear()
            looks.clear()
            parts.clear()
            await pilot.press("enter")
            await settle(pilot)
            assert screen.game.is_over
            struck = sorted(k.description for k in screen.query(FooterKey) if k.dimmed)
            stored = app.store.cached_facts()
            return list(walked), list(looks), screen_text(app), struck, stored, list(parts)

    at_once = run(go(False))
    quiet = run(go(True))
    assert at_once[0] == ["whist"] and quiet[0] == []
    assert set(at_once[1]) >= {"Confirm", "Plan"} and quiet[1] == []
    assert "final-standings--winner" in at_once[5]
    if hasattr(Widget, "BLANK"):  # Textual 8 (Textual 7 restyles the form and the final standings as
        assert quiet[5] == []  # the focus moves, and their parts' looks are worked out again in the Enter)
    assert quiet[2] == at_once[2] and quiet[3] == at_once[3] and "Confirm" in quiet[3]
    assert quiet[4] == at_once[4]


def test_a_confirmed_deal_and_its_undo_draw_again_only_the_rows_that_changed(tmp_path, monkeypatch):
    """Whist to 5 at 80x24, three deals stored: hearts and 9 tricks confirmed (deal 4), then
    ctrl+z. The board's columns stay as they were, so the confirm makes a line only of the new
    deal's row and of deal 3's (the cursor leaves it), and the undo only of deal 3's (the
    cursor is back on it); the heading and the rows of deals 1 and 2 are drawn from the lines
    kept. The board shows after the undo exactly what it showed before the deal (before the
    rows were kept: the heading and every row on show made again at each key)."""
    whist = Script("whist", FOUR, [{"turned": "hearts", "tricks": 8}, {"turned": "clubs", "tricks": 7},
                                   {"turned": "spades", "tricks": 6}], options={"game_to": 5})
    made: list[str] = []
    row_text = ScoreTable._row_text

    def counted(self, cells, numeric_from, mark=" "):
        made.append(cells[0])
        return row_text(self, cells, numeric_from, mark)

    monkeypatch.setattr(ScoreTable, "_row_text", counted)

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await settle(pilot, 6)
            before = _board_lines(app)
            await pilot.press("h", "9")
            await settle(pilot)
            made.clear()
            await pilot.press("enter")
            await settle(pilot, 6)
            assert len(screen.game.deals) == 4
            assert any(line.startswith("▶ 4 ") for line in _board_lines(app)), "\n".join(_board_lines(app))
            assert sorted(made) == ["3", "4"], made
            made.clear()
            await pilot.press("ctrl+z")
            await settle(pilot, 6)
            assert len(screen.game.deals) == 3
            assert made == ["3"], made
            assert _board_lines(app) == before

    run(go())
