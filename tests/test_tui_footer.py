"""The footer shows every key of the screen: at 80 columns the keys that do not fit on one
line go on a second one (Textual's footer would scroll them out of sight)."""

from __future__ import annotations

from helpers.stores import WHIST_ONE_DEAL_TO_GO, Script
from helpers.tui import new_game, opened, play_screen, resumed, run, screen_text, settle

from scorekeeper.tui.widgets.key_footer import KeyFooter, binding_text


def drawn_styles(key) -> list:
    """The styles of the characters a key of the footer draws (its cells, as the screen gets them)."""
    from textual.geometry import Region

    (strip,) = key.render_lines(Region(0, 0, key.size.width, 1))
    return [segment.style for segment in strip if segment.text.strip()]


def colours(key) -> list:
    """The colours a key of the footer draws its characters in (Textual draws a dimmed
    character in a colour nearer the background, not with the terminal's dim attribute)."""
    return [(style.color, style.bgcolor) for style in drawn_styles(key)]


def struck_out(key) -> bool:
    """Whether every character the key draws is struck out."""
    styles = drawn_styles(key)
    return bool(styles) and all(style is not None and style.strike for style in styles)


def shown_keys(screen) -> list[str]:
    return [binding_text(active.binding.description) for active in screen.active_bindings.values()
            if active.binding.show]


def test_every_key_is_on_screen_at_80_columns_and_one_line_when_wide(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", size=(80, 24)) as (app, pilot):
            text = screen_text(app)
            for description in shown_keys(app.screen):
                assert description in text, (description, text.splitlines()[-3:])
            assert app.screen.query_one(KeyFooter).size.height == 2

            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara"])
            screen = play_screen(app)
            text = screen_text(app)
            for description in shown_keys(screen):
                assert description in text, (description, text.splitlines()[-3:])
            assert "Players" in text and "Charts" in text

            await pilot.resize_terminal(160, 30)
            await settle(pilot, 4)
            assert screen.query_one(KeyFooter).size.height == 1
            last = screen_text(app).rstrip("\n").splitlines()[-1]
            assert "Confirm" in last and "Players" in last

    run(go())


def test_a_key_that_starts_or_stops_applying_is_marked_without_building_the_footer_anew(tmp_path):
    """Lupaus: Clear does not apply to empty boxes (struck out and dimmed); a bid typed makes
    it apply, ctrl+l strikes it out again; the footer's keys are the same widgets throughout,
    and none is restyled: the key draws its look itself (a restyle works out its styles anew)."""
    from textual.widgets._footer import FooterKey
    from test_tui_frames import count_restyles

    async def go():
        script = Script("lupaus", ["Anna", "Ben", "Cara"])
        async with resumed(tmp_path / "g.db", script, size=(80, 24)) as (app, pilot):
            screen = play_screen(app)

            def clear():
                (key,) = [k for k in screen.query(FooterKey) if k.description == "Clear"]
                return key

            first = clear()
            (quit,) = [k for k in screen.query(FooterKey) if k.description == "Quit"]  # (always applies)
            assert first.dimmed and struck_out(first) and colours(first) != colours(quit)
            restyled = count_restyles(app)
            await pilot.press("3")
            await settle(pilot)
            assert clear() is first and not first.dimmed
            assert not any(s.strike for s in drawn_styles(first)) and colours(first) == colours(quit)
            assert "Clear" in screen_text(app)
            await pilot.press("ctrl+l")
            await settle(pilot)
            assert clear() is first and first.dimmed and struck_out(first)
            assert [w for w in restyled if isinstance(w, FooterKey)] == []

    run(go())


def test_a_key_that_does_not_apply_is_struck_out_but_not_dimmed_in_high_contrast(tmp_path):
    """The high-contrast theme has no grey: a key that does not apply is struck out only;
    back in the dark theme it is dimmed too."""
    from textual.widgets._footer import FooterKey

    async def go():
        async with resumed(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"]), size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            (undo,) = [k for k in screen.query(FooterKey) if k.description == "Undo"]
            (quit,) = [k for k in screen.query(FooterKey) if k.description == "Quit"]  # (always applies)
            app.theme = "scorekeeper-high-contrast"
            await settle(pilot)
            assert undo.dimmed and struck_out(undo) and colours(undo) == colours(quit)
            app.theme = "textual-dark"
            await settle(pilot)
            assert struck_out(undo) and colours(undo) != colours(quit)

    run(go())


def test_the_keys_of_a_footer_built_anew_are_styled_once(tmp_path):
    """The focus on the score table (its Enter changes a deal) builds the footer anew: each
    key is styled as it is mounted and not restyled after (Textual's keys start compact and
    are told they are not once mounted, two restyles a key)."""
    from textual.widgets._footer import FooterKey
    from test_tui_frames import count_restyles

    async def go():
        script = Script("lupaus", ["Anna", "Ben", "Cara"], [{"bid": [0, 0, 0], "tricks": [10, 0, 0]}])
        async with resumed(tmp_path / "g.db", script, size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            before = list(screen.query(FooterKey))
            restyled = count_restyles(app)
            await pilot.press("shift+tab")  # to the score table
            await settle(pilot)
            keys = list(screen.query(FooterKey))
            assert type(app.focused).__name__ == "ScoreTable"
            assert "Change this deal" in [k.description for k in keys] and set(keys).isdisjoint(before)
            # (the command palette's key is compact, as Textual makes it)
            keys = [k for k in keys if not k.has_class("-command-palette")]
            assert [w for w in restyled if w in keys] == []
            assert not any(k.has_class("-compact") for k in keys)

    run(go())


def test_the_keys_a_game_ending_deal_dims_are_drawn_again_not_restyled(tmp_path):
    """Whist to 3, two deals stored: spades and 7 tricks confirmed end the game, which dims
    several keys of the footer (Confirm, Clear, Players, the plan...). Each is struck out and
    drawn again, none restyled (restyling them was a third of the Python time of the ctrl+z
    that takes the deal back); ctrl+z lights them again, the same way."""
    from textual.widgets._footer import FooterKey

    whist = WHIST_ONE_DEAL_TO_GO

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("s", "7")
            await settle(pilot)
            passes = []
            update_nodes = app.stylesheet.update_nodes

            def counted(nodes, animate=False):
                nodes = list(nodes)
                if any(isinstance(n, FooterKey) for n in nodes):
                    passes.append(nodes)
                return update_nodes(nodes, animate)

            app.stylesheet.update_nodes = counted
            lit = {k for k in screen.query(FooterKey) if not k.dimmed}
            await pilot.press("enter")
            await settle(pilot)
            assert screen.game.is_over
            dimmed = {k for k in lit if k.dimmed}
            assert {k.description for k in dimmed} == {"Confirm", "Clear", "Plan"} and all(struck_out(k) for k in dimmed)
            assert passes == []
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert not any(k.dimmed or struck_out(k) for k in dimmed)
            assert passes == []

    run(go())


def test_a_key_works_out_each_look_once(tmp_path, monkeypatch):
    """Clear lit by a bid typed, dimmed by ctrl+l, lit and dimmed again: the key works out
    its lit look and its dimmed look once each (reading the styles of the key, its parts and
    its ancestors costs about a millisecond a key), and draws them again from then on."""
    from textual.widgets._footer import FooterKey

    worked_out = []
    render = FooterKey.render

    def counted(key):
        worked_out.append((key.description, key.dimmed))
        return render(key)

    monkeypatch.setattr(FooterKey, "render", counted)

    async def go():
        async with resumed(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"]), size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            (clear,) = [k for k in screen.query(FooterKey) if k.description == "Clear"]
            for keys in (("3",), ("ctrl+l",), ("3",), ("ctrl+l",)):
                await pilot.press(*keys)
                await settle(pilot)
                assert not struck_out(clear) if keys == ("3",) else struck_out(clear)
            assert [look for look in worked_out if look[0] == "Clear"] == [("Clear", True), ("Clear", False)]

    run(go())


def test_a_key_draws_each_look_once_until_it_is_restyled(tmp_path, monkeypatch):
    """Whist to 3, two deals stored: the deal that ends the game dims Confirm, Clear and the
    plan, its ctrl+z lights them again; done twice, the second time no key of the footer is
    drawn anew (each keeps the line it drew in each look: drawing a key anew was some 0.3 ms,
    a game's end and its undo redrew four or five). The theme changed, or the mouse over a
    key, draws it anew, in the new look."""
    from textual._styles_cache import StylesCache
    from textual.widgets._footer import FooterKey

    whist = WHIST_ONE_DEAL_TO_GO
    drawn: list[str] = []
    render_widget = StylesCache.render_widget

    def counted(self, widget, crop):
        if isinstance(widget, FooterKey):
            drawn.append(widget.description)
        return render_widget(self, widget, crop)

    monkeypatch.setattr(StylesCache, "render_widget", counted)

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            (confirm,) = [k for k in screen.query(FooterKey) if k.description == "Confirm"]
            (quit,) = [k for k in screen.query(FooterKey) if k.description == "Quit"]  # (always applies)
            await pilot.press("s", "7")
            await settle(pilot)
            lit = colours(confirm)
            drawn.clear()
            for key in ("enter", "ctrl+z"):
                await pilot.press(key)
                await settle(pilot)
            assert {"Confirm", "Plan"} <= set(drawn)  # (Clear was struck out before the deal was typed)
            drawn.clear()
            await pilot.press("enter")
            await settle(pilot)
            assert screen.game.is_over and struck_out(confirm) and drawn == []
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert not screen.game.is_over and not struck_out(confirm) and colours(confirm) == lit
            assert drawn == []
            app.theme = "scorekeeper-high-contrast"
            await settle(pilot)
            assert "Confirm" in drawn and colours(confirm) != lit
            app.theme = "textual-dark"
            await settle(pilot)
            assert colours(confirm) == lit
            drawn.clear()
            await pilot.hover(confirm)
            await settle(pilot)
            assert drawn == ["Confirm"] and colours(confirm) != lit and colours(quit) == lit
            await pilot.hover(quit)
            await settle(pilot)
            assert colours(confirm) == lit

    run(go())


def test_a_game_ending_deal_works_out_the_footers_keys_twice_not_three_times(tmp_path, monkeypatch):
    """Whist to 3: the deal that ends the game dims some keys and moves the focus to the
    final standings, and Textual tells the footer of the focus twice: three times the screen's
    keys were worked out (some 0.2 ms each), in one key. Now the first at once and the others
    once, when the key is done: twice for the Enter and twice for its ctrl+z, the keys shown
    as before. A key that gives the footer other keys (ctrl+e: the score table's) builds it
    anew, as before."""
    from textual.screen import Screen
    from textual.widgets._footer import FooterKey

    whist = WHIST_ONE_DEAL_TO_GO
    worked_out = []
    active_bindings = Screen.active_bindings

    def counted(screen):
        worked_out.append(type(screen).__name__)
        return active_bindings.fget(screen)

    monkeypatch.setattr(Screen, "active_bindings", property(counted))

    async def go():
        async with resumed(tmp_path / "g.db", whist, size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("s", "7")
            await settle(pilot)
            worked_out.clear()
            await pilot.press("enter")
            await settle(pilot)
            assert screen.game.is_over and worked_out == ["PlayScreen"] * 2
            dimmed = {k.description for k in screen.query(FooterKey) if k.dimmed}
            assert {"Confirm", "Clear", "Plan"} <= dimmed and "Undo" not in dimmed
            worked_out.clear()
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert not screen.game.is_over and worked_out == ["PlayScreen"] * 2
            assert not any(k.dimmed for k in screen.query(FooterKey) if k.description in ("Confirm", "Plan"))
            await pilot.press("ctrl+e")
            await settle(pilot)
            assert "Change this deal" in [k.description for k in screen.query(FooterKey)]

    run(go())
