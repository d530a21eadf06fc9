"""A key is drawn in one frame: the screen is not drawn while the key and what it posted
(the value, the focus moving on) are still on their way (scorekeeper.tui.keys)."""

from __future__ import annotations

from pathlib import Path

from helpers.tui import new_game, opened, play_screen, run, screen_text, settle
from scorekeeper.play.layout import Slot


def count_frames(app) -> list:
    """The screens drawn from now on, one entry a frame."""
    drawn = []
    display = app._display

    def counted(screen, renderable):
        if renderable is not None:
            drawn.append(screen)
        return display(screen, renderable)

    app._display = counted
    return drawn


def count_layouts(screen) -> list:
    layouts = []
    refresh_layout = screen._refresh_layout

    def counted(*args, **kwargs):
        layouts.append(args)
        return refresh_layout(*args, **kwargs)

    screen._refresh_layout = counted
    return layouts


def count_restyles(app) -> list:
    """The widgets restyled from now on (a class or pseudo-class changed), one entry each."""
    restyled = []
    update_nodes = app.stylesheet.update_nodes

    def counted(nodes, animate=False):
        nodes = list(nodes)
        restyled.extend(nodes)
        return update_nodes(nodes, animate)

    app.stylesheet.update_nodes = counted
    return restyled


def count_drawn(monkeypatch) -> list:
    """The ids of the widgets whose content is drawn anew from now on (not from their cache)."""
    from textual.widget import Widget

    drawn = []
    render_content = Widget._render_content

    def counted(self):
        drawn.append(self.id or type(self).__name__)
        return render_content(self)

    monkeypatch.setattr(Widget, "_render_content", counted)
    return drawn


async def each_key(pilot, keys: str, drawn: list, layouts: list, lines: list) -> list:
    """Press each key: the widgets it drew anew (sorted, once each), how many layouts it
    made and the form's lines it drew (sorted, once each); the focus stays where it was."""
    focused = pilot.app.focused
    out = []
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
        out.append((sorted(set(drawn)), len(layouts), sorted(set(lines))))
        drawn.clear()
        layouts.clear()
        lines.clear()
        assert pilot.app.focused is focused
    return out


def count_full_redraws(monkeypatch) -> list:
    """The whole screens drawn from now on (rather than the parts that changed)."""
    from textual._compositor import Compositor

    full = []
    render_full_update = Compositor.render_full_update

    def counted(self, *args, **kwargs):
        full.append(self)
        return render_full_update(self, *args, **kwargs)

    monkeypatch.setattr(Compositor, "render_full_update", counted)
    return full


def count_form_lines(monkeypatch) -> list:
    """The lines of the deal form drawn from now on (its line in the form, not on screen)."""
    from scorekeeper.tui.widgets.entry_form import EntryForm

    drawn = []
    render_line = EntryForm.render_line

    def counted(self, y):
        drawn.append(self.scroll_offset.y + y)
        return render_line(self, y)

    monkeypatch.setattr(EntryForm, "render_line", counted)
    return drawn


def test_a_value_typed_draws_only_the_lines_it_changed(tmp_path, monkeypatch):
    """Lupaus for 4 at 100x30, bids 3, 2, 4, 0 and tricks 3, 1, 4 (Anna's filled in), then
    the next deal (trump s, bids 1 2 3 0, tricks 1 2 3). The form keeps the focus (its
    cursor moves, Textual's focus does not), no widget is restyled, nothing lays the screen
    out, and a key draws only the form's lines that changed: the phase's heading (line 0 or
    8), the box left and the box reached, what the rules work out under the tricks. Where a
    box grows (the dealer's with the reason a bid is refused, the tricks with "Exact") or
    the form scrolls (to the Confirm button), the form's lines on show are drawn again, 15
    of them, and its scroll bar (a KeptScrollBar, redraw.py: the second deal's scroll to
    Confirm finds it as the first deal's left it, drawn from the lines kept): never the deal
    panel, the score board or the footer, but
    for the first key of a deal (the trump chosen: the deal panel; ctrl+l applies: its key
    shows the line it drew lit before), and the line above the board once the bids are in
    (it tells them). Boxes keep their height, so the second deal grows nothing."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            await pilot.press("h")
            await settle(pilot)
            form = app.focused
            assert type(form).__name__ == "EntryForm"
            restyled = count_restyles(app)
            drawn = count_drawn(monkeypatch)
            layouts = count_layouts(app.screen)
            lines = count_form_lines(monkeypatch)
            full = count_full_redraws(monkeypatch)
            shown = list(range(15))
            keys = await each_key(pilot, "324031", drawn, layouts, lines)
            assert keys == [
                ([], 0, [0, 2, 3]),
                ([], 0, [0, 3, 4]),
                (["KeptScrollBar"], 0, shown),  # the dealer's box grows
                (["play-status"], 0, [0, 5, 6, 7, 10]),  # the bids are in: told on the line above the board
                (["KeptScrollBar"], 0, shown),  # "Exact" shows under the tricks
                ([], 0, [8, 9, 11, 14]),
            ]
            assert restyled == []
            await pilot.press("4", "enter")  # the last tricks (Anna's filled in), confirmed
            await settle(pilot)
            assert len(play_screen(app).game.deals) == 1 and app.focused is form
            restyled.clear()
            drawn.clear()
            layouts.clear()
            lines.clear()
            keys = await each_key(pilot, "s1230123", drawn, layouts, lines)
            assert keys == [
                (["deal-panel"], 0, [1, 2]),  # Clear applies: its key shows the line it drew lit before
                ([], 0, [0, 2, 3]),
                ([], 0, [0, 3, 4]),
                ([], 0, [0, 4, 5, 6, 7]),  # the dealer's box had its lines for the reason
                (["play-status"], 0, [0, 5, 6, 7, 10]),
                ([], 0, [8, 9, 10, 11, 14]),  # and the tricks' line
                ([], 0, [8, 9, 11, 12, 14]),
                ([], 0, list(range(4, 19))),  # the scroll to Confirm (its scroll bar as at the first deal's: kept)
            ]
            assert full == []  # the screen is never drawn whole
            assert restyled == []  # (nor the key of ctrl+l, which applies now: see DimmableKey)

    run(go())


def test_each_value_typed_is_one_frame(tmp_path):
    """Lupaus for 4 at 100x30: bids 3, 2, 4, 0 and tricks 3, 1, 4 (Anna's 2 filled in), a
    frame a key and no layout, also where a box grows (the dealer's refused bid with its
    reason, the first trick's "Exact" line) or the form scrolls (to the Confirm button,
    reached); none is held back once the keys are handled."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            await pilot.press("h")
            await settle(pilot)
            drawn = count_frames(app)
            layouts = count_layouts(app.screen)
            frames = []
            for key in "3240314":
                await pilot.press(key)
                await settle(pilot)
                frames.append((len(drawn), len(layouts)))
                drawn.clear()
                layouts.clear()
            assert frames == [(1, 0)] * 7
            view = play_screen(app).draft.view()
            assert [view.cells[Slot("tricks", p)].value for p in (1, 2, 3, 4)] == [3, 1, 4, 2]
            assert app._batch_count == 0 and app._frame_held is None

    run(go())


def test_a_screen_shown_by_a_key_is_drawn(tmp_path):
    """Escape leaves the game for the start screen, which is drawn."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            drawn = count_frames(app)
            await pilot.press("escape")
            await settle(pilot)
            assert type(app.screen).__name__ == "HomeScreen"
            assert app.screen in drawn

    run(go())


def test_the_screen_is_drawn_even_if_a_key_is_never_done(tmp_path, monkeypatch):
    """A key whose handling never reports done (its box closed meanwhile, say) holds the
    screen back only for FRAME_WAIT."""
    from scorekeeper.tui import keys

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            monkeypatch.setattr(keys, "FRAME_WAIT", 0.05)
            monkeypatch.setattr(type(app), "_after", lambda self, path, step, turn: None)
            drawn = count_frames(app)
            await pilot.press("h")  # (its KEY_WAIT is 5 s)
            for _ in range(40):
                if app._batch_count == 0:
                    break
                await pilot.pause(0.05)
            await settle(pilot)
            assert app._batch_count == 0 and app._frame_held is None and app.screen in drawn

    run(go())


def test_the_focus_leaving_and_reaching_the_form_restyles_nothing_of_the_form(tmp_path):
    """Lupaus for 4 at 80x24, three deals played: the focus goes to the score table
    (shift+tab, as it does when a game ends) and back to the form (tab, as when ctrl+z
    reopens it). Neither the form nor anything in it is restyled (no rule styles it by its
    focus; restyling it works out each of its looks again), but the cursor leaves with the
    focus and comes back with it, and the score table's cursor follows its focus."""
    from helpers.stores import lupaus_played

    db, _ = lupaus_played(tmp_path / "g.db", 3)

    async def go():
        async with opened(db, "enter", size=(80, 24)) as (app, pilot):
            assert type(app.focused).__name__ == "EntryForm"
            form = app.focused
            box = form.current
            restyled = count_restyles(app)
            for key, focused in (("shift+tab", "ScoreTable"), ("tab", "EntryForm")):
                await pilot.press(key)
                await settle(pilot)
                assert type(app.focused).__name__ == focused
                assert box.current is (focused == "EntryForm")
                above_the_table = screen_text(app).split("Each cell")[0]
                assert ("▶" in above_the_table) is (focused == "EntryForm")  # the form's cursor
                assert "ScoreTable" in {type(w).__name__ for w in restyled}
                assert [w for w in restyled if w is form or form in w.ancestors] == []
                restyled.clear()

    run(go())


def test_a_deal_confirmed_mid_game_lays_nothing_out(tmp_path):
    """Lupaus for 4 at 80x40 (the form fits, the score table scrolls), twelve deals played:
    the thirteenth typed and confirmed. The deal panel, the score table (a row more), its
    legend and the line of the deal chosen take what changed without laying the screen out,
    and the table's scroll bar follows its rows all the same."""
    from helpers.stores import lupaus_played

    from scorekeeper.tui.widgets.scoreboard import ScoreTable

    db, cards = lupaus_played(tmp_path / "g.db", 12)

    async def go():
        async with opened(db, "enter", size=(80, 40)) as (app, pilot):
            screen = play_screen(app)
            table = screen.query_one(ScoreTable)
            assert table.show_vertical_scrollbar and table.vertical_scrollbar.window_virtual_size == 13
            await pilot.press(*"0000", str(cards), *"00")  # everyone bids 0, the first in turn takes every trick
            await settle(pilot)
            layouts = count_layouts(screen)
            await pilot.press("enter")
            await settle(pilot)
            assert len(screen.game.deals) == 13
            assert layouts == []
            assert table.vertical_scrollbar.window_virtual_size == 14  # the heading and 13 deals
            assert table.cursor == 12  # on the deal just confirmed

    run(go())


def test_a_confirmed_deal_is_not_drawn_a_second_time_when_the_button_stops_flashing(tmp_path):
    """Lupaus for 4 at 80x24: a deal typed and confirmed with Enter scrolls the form back to
    its first box. The Confirm button's flash ends 0.2 s later (it is off the screen by then):
    Textual then builds its map of the whole screen anew, which marked every box the scroll
    had moved, and the whole form went to the terminal a second time. Nothing is drawn then
    but what changed (the scroll drew the boxes where they are); a widget gone meanwhile is
    still drawn over (test_tui_terminal.py)."""
    from textual._compositor import Compositor

    from helpers.stores import lupaus_played
    from helpers.tui import enter_deal

    db, cards = lupaus_played(tmp_path / "g.db", 3)

    async def go():
        async with opened(db, "enter", size=(80, 24)) as (app, pilot):
            await pilot.press(*"0000", str(cards), *"00", "enter")
            await settle(pilot)
            assert len(play_screen(app).game.deals) == 4
            updated = []
            render = Compositor.render_partial_update

            def counted(self):
                updated.extend(r.y + i for r in self._dirty_regions for i in range(r.height))
                return render(self)

            Compositor.render_partial_update = counted
            try:
                await pilot.pause(0.4)  # the flash's 0.2 s, and more
            finally:
                Compositor.render_partial_update = render
            form = app.screen.query_one("#entry-form").region
            assert [y for y in updated if form.y <= y < form.bottom] == []

    run(go())


def test_a_keys_wait_through_the_queues_works_out_no_parameters(tmp_path, monkeypatch):
    """Lupaus for 4: each key waits in the queues from its box up to the app, twice (twenty
    steps), before the next may go. Textual works out the parameters of each callable it is
    given to call (inspect.signature), and its call_later wraps the step in a new callable
    each time: twenty signatures a key, a value typed or the confirming Enter. The step is
    posted as it is, its parameters known: none worked out for it."""
    import textual._callback

    worked_out: list[str] = []
    count = textual._callback._count_parameters

    def counted(func):
        worked_out.append(getattr(func, "__qualname__", ""))
        return count(func)

    monkeypatch.setattr(textual._callback, "_count_parameters", counted)

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            worked_out.clear()
            await pilot.press("h", "3", "2", "4", "0", "3", "1", "4", "enter")
            await settle(pilot)
            assert len(play_screen(app).game.deals) == 1
            assert [q for q in worked_out if "_after" in q] == []

    run(go())


def test_the_enter_that_ends_a_game_and_its_undo_are_one_frame_each(tmp_path):
    """Huutopussi (examples/huutopussi.toml) at 80x24, six deals played, the seventh typed: the
    Enter that ends the game shows the final standings, which leave the board fewer rows, and
    the board keeps the deal just confirmed in view in that same frame; ctrl+z puts the form
    back, in one frame too. (The board's and its scroll bar's new heights asked Textual for a
    second layout, drawn 20-50 ms after the first frame in a terminal.)"""
    from helpers.stores import Script
    from helpers.tui import resumed

    from scorekeeper.game.sheet import load_sheet
    from scorekeeper.tui.widgets.scoreboard import ScoreTable

    sheet = load_sheet(Path(__file__).resolve().parent.parent / "examples" / "huutopussi.toml")
    deals = [{k: v for k, v in dict(d).items() if v is not None} for d in sheet.deals]
    script = Script("huutopussi", sheet.players, deals[:6], dict(sheet.options))

    async def go():
        async with resumed(tmp_path / "g.db", script, size=(80, 24)) as (app, pilot):
            await pilot.press(*"3130110", "up", "up", "4", "0", "up", "0")
            await settle(pilot)
            screen = play_screen(app)
            table = screen.query_one(ScoreTable)
            drawn = count_frames(app)
            layouts = count_layouts(screen)
            out = []
            for key in ("enter", "ctrl+z"):
                await pilot.press(key)
                await settle(pilot)
                await pilot.pause(0.2)
                if key == "enter":
                    confirmed = {k: v for k, v in dict(screen.game.deals[-1]).items() if v is not None}
                marked = [line.split("│")[0].rstrip() for line in screen_text(app).splitlines()
                          if line.startswith("▶ ") and line[2].isdigit()]  # (the board's highlighted deal)
                out.append((len(drawn), len(layouts), len(screen.game.deals), round(table.scroll_y), marked))
                drawn.clear()
                layouts.clear()
            return confirmed, out

    confirmed, out = run(go())
    assert confirmed == deals[6] == {"declarer": 3, "contract": 130, "points": 110, "marriages": (40, 0)}
    assert out == [(1, 1, 7, 3, ["▶ 7     130 Cara  Cara     40 ✓ +130   510    0    +50   430"]),
                   (1, 1, 6, 3, ["▶ 6     200 Ben   Ben       0    +30   380  100 ✓ +200   380"])]


def test_huutopussis_game_end_and_its_undo_map_the_screen_once_inside_the_layout(tmp_path, monkeypatch):
    """Huutopussi (examples/huutopussi.toml) at 80x24, six deals played, the seventh typed; Enter
    ends the game, ctrl+z takes it back: the final standings shorten the board and the layout
    gives its scroll bar a shorter window. The bar was drawn again as the layout set that
    window, and asked its place of a map a scroll earlier in the key had marked out of date:
    the whole screen was mapped a second time inside the layout (1 such map at the Enter and 1
    at the ctrl+z; now none, the bar drawn as its new size is drawn once the layout is done,
    and the board shows the deal just confirmed, then the one put back, as before)."""
    from textual._compositor import Compositor

    from helpers.stores import Script
    from helpers.tui import resumed

    from scorekeeper.game.sheet import load_sheet

    sheet = load_sheet(Path(__file__).resolve().parent.parent / "examples" / "huutopussi.toml")
    deals = [{k: v for k, v in dict(d).items() if v is not None} for d in sheet.deals]
    script = Script("huutopussi", sheet.players, deals[:6], dict(sheet.options))
    inside: list[bool] = []
    depth = [0]
    arrange = Compositor._arrange_root

    def counted(self, root, size, visible_only=True):
        inside.append(depth[0] > 0)
        depth[0] += 1
        try:
            return arrange(self, root, size, visible_only)
        finally:
            depth[0] -= 1

    monkeypatch.setattr(Compositor, "_arrange_root", counted)

    async def go():
        async with resumed(tmp_path / "g.db", script, size=(80, 24)) as (app, pilot):
            await pilot.press(*"3130110", "up", "up", "4", "0", "up", "0")
            await settle(pilot)
            screen = play_screen(app)
            out = []
            for key in ("enter", "ctrl+z"):
                inside.clear()
                await pilot.press(key)
                await settle(pilot)
                await pilot.pause(0.2)
                marked = [line.split("│")[0].rstrip() for line in screen_text(app).splitlines()
                          if line.startswith("▶ ") and line[2].isdigit()]
                out.append((len(screen.game.deals), screen.game.is_over, inside.count(True), len(inside) > 0, marked))
            return out

    assert run(go()) == [(7, True, 0, True, ["▶ 7     130 Cara  Cara     40 ✓ +130   510    0    +50   430"]),
                         (6, False, 0, True, ["▶ 6     200 Ben   Ben       0    +30   380  100 ✓ +200   380"])]


def test_the_enter_that_ends_a_game_maps_the_screen_once(tmp_path, monkeypatch):
    """Lupaus for 4 at 80x24, 18 deals played, the last (10 cards) typed: hearts, every bid 0,
    the first to bid takes the 10 tricks; Enter: the form scrolls to its top, the final standings take its place and the screen is
    laid out once, mapping every widget once; ctrl+z, which puts the form back, too. (The
    layout left the map it made marked out of date after the form's scroll, and the first place
    asked for after it, the board's scroll bar's, mapped the whole screen a second time.)"""
    from textual._compositor import Compositor

    from helpers.stores import lupaus_played
    from helpers.tui import enter_deal

    db, cards = lupaus_played(tmp_path / "g.db", 18, seat=2)
    assert cards == 10
    mapped: list[bool] = []
    arrange = Compositor._arrange_root

    def counted(self, root, size, visible_only=True):
        mapped.append(visible_only)
        return arrange(self, root, size, visible_only)

    monkeypatch.setattr(Compositor, "_arrange_root", counted)

    async def go():
        async with opened(db, "enter", size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            await enter_deal(pilot, ["h", "0", "0", "0", "0", "10", "0", "0", ""], confirm=False)
            await settle(pilot)
            out = []
            for key in ("enter", "ctrl+z"):
                mapped.clear()
                await pilot.press(key)
                await settle(pilot)
                await pilot.pause(0.2)
                out.append((len(screen.game.deals), screen.game.is_over, mapped.count(False)))
            return out

    from importlib.metadata import version

    # Textual 7 (the lowest version claimed: ci/constraints-lowest.txt) maps the screen a second
    # time at the ctrl+z elsewhere than after the layout's scroll: 2 there, measured on 7.0.0
    undo_maps = 1 if int(version("textual").split(".")[0]) >= 8 else 2
    assert run(go()) == [(19, True, 1), (18, False, undo_maps)]
