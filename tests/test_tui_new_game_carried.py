"""The TUI's new-game form, for a game continued from paper: the values carried into the
first deal (Spades' bags) asked for only when the table chooses "as on paper", typed per
partnership, refused with one message naming the value and whose it is, then stored and
shown above the board. At 80x24."""

from __future__ import annotations

from helpers.tui import choose, flat, focus, name_players, opened, play_screen, run, screen_text, settle, type_text

SMALL = (80, 24)


def test_spades_bags_from_paper_are_typed_in_the_new_game_form(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", size=SMALL) as (app, pilot):
            await name_players(pilot, "spades", ["Anna", "Ben", "Cara", "Dan"])
            form = app.screen
            assert form.query_one("#new-carried").display is False  # the form stays short
            await choose(pilot, "new-carried-choice", 1)
            assert form.query_one("#new-carried").display is True
            assert form.query_one("#carried-bags").placeholder == "0 0"
            assert str(form.query_one("#carried-bags-order").render()) == (
                "one for each of Anna & Cara, Ben & Dan, in this order")
            await choose(pilot, "new-dealer", 1)  # Anna deals first
            await focus(pilot, "carried-bags")
            await type_text(pilot, "8 x")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is form
            assert str(form.query_one("#new-error").render()) == (
                "✗ Bags of Ben & Dan must be a whole number from -10**12 to 10**12, not 'x' "
                "(an empty box keeps the rules' start).")
            await pilot.press("backspace")
            await type_text(pilot, "2")
            await pilot.press("ctrl+s")
            await settle(pilot)
            screen = play_screen(app)
            assert screen.game.start_carried == {"bags": (8, 2)}
            assert "Bags: Anna & Cara 8, Ben & Dan 2" in flat(screen_text(app))
            # bids 3 2 3 2, tricks 4 2 4 3: Anna & Cara's 2 bags make 10, which cost 100
            assert screen.game.record({"bid": [3, 2, 3, 2], "tricks": [4, 2, 4, 3]}).totals == (-38, 41)

    run(go())


def test_without_paper_the_game_starts_from_the_rules_starts(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", size=SMALL) as (app, pilot):
            await name_players(pilot, "spades", ["Anna", "Ben", "Cara", "Dan"])
            await focus(pilot, "carried-bags")  # hidden: Tab passes it by
    try:
        run(go())
    except AssertionError as exc:
        assert "Tab never reached #carried-bags" in str(exc)
    else:
        raise AssertionError("the hidden box of the bags took the focus")


def test_the_tables_own_ruleset_files_are_listed_beside_the_built_in_games(tmp_path):
    """A file in the folder "rulesets" beside the settings file is offered by its name; chosen,
    it opens the new-game form of that ruleset (as a file opened with o does)."""
    import os
    from pathlib import Path

    from scorekeeper.tui.screens.new_game import NewGameScreen

    folder = Path(os.environ["SCOREKEEPER_CONFIG"]).parent / "rulesets"
    folder.mkdir()
    (folder / "most.toml").write_text('extends = "lupaus"\nid = "most"\nname = "Most"\n')

    async def go():
        async with opened(tmp_path / "g.db", "n", size=SMALL) as (app, pilot):
            await pilot.press("end", "up", "enter")
            await settle(pilot)
            assert isinstance(app.screen, NewGameScreen)
            assert app.screen.shown.name == "Most"
            assert app.screen.ref == os.path.realpath(folder / "most.toml")

    run(go())
