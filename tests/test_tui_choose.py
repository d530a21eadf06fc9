"""The list of games of a new game: a game found by typing the start of its name, as a player
looking for Wizard among 25 games does (Pilot: only the screen shows where the cursor is)."""

from __future__ import annotations

from helpers.tui import flat, opened, run, screen_text, settle

from scorekeeper.tui.screens.choose import ChooseRulesetScreen, GameList, folded
from scorekeeper.tui.screens.dialogs import OpenFileDialog


def _highlighted(app) -> str | None:
    menu = app.screen.query_one(GameList)
    return menu.get_option_at_index(menu.highlighted).id


def test_letters_typed_with_no_pause_find_the_game_and_enter_opens_it(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", "n") as (app, pilot):
            assert isinstance(app.screen, ChooseRulesetScreen)
            assert _highlighted(app) == "belote"
            await pilot.press("w", "i", "z")
            await settle(pilot)
            assert _highlighted(app) == "wizard"
            assert "Found by: wiz" in flat(screen_text(app))
            await pilot.press("enter")
            await settle(pilot)
            assert "New game: Wizard" in screen_text(app)

    run(go())


def test_a_game_is_found_by_any_of_its_names_a_word_of_them_and_without_accents(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", "n") as (app, pilot):
            found = {}
            for typed in ("tys", "1000", "tarot", "fr", "oh", "500", "ROM", "spa", "pata"):
                await pilot.press(*typed.lower())
                await settle(pilot)
                found[typed] = _highlighted(app)
                await pilot.press("escape")  # the typed text starts again (the screen stays)
            assert isinstance(app.screen, ChooseRulesetScreen)
            assert found == {"tys": "tysiac", "1000": "tysiac", "tarot": "french-tarot",
                             "fr": "french-tarot", "oh": "lupaus", "500": "five-hundred",
                             "ROM": "romanian-whist", "spa": "spades", "pata": "pataviitonen"}

    run(go())


def test_a_letter_no_game_goes_on_with_is_said_and_backspace_takes_back_a_letter(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", "n") as (app, pilot):
            await pilot.press("s", "p", "a")
            await settle(pilot)
            assert _highlighted(app) == "spades"
            await pilot.press("q")  # neither "spaq" nor "q" is the start of a name
            await settle(pilot)
            assert 'No game\'s name starts with "spaq".' in screen_text(app)
            assert _highlighted(app) == "spades"
            await pilot.press("backspace", "backspace")  # "s": the first game whose name starts so
            await settle(pilot)
            assert _highlighted(app) == "jass" and "Found by: s " in screen_text(app)  # Schieber Jass
            await pilot.press("k")  # "sk": Skat; then "w", which no name goes on with: a new search
            await pilot.press("w")
            await settle(pilot)
            assert _highlighted(app) == "whist"

    run(go())


def test_o_is_a_letter_here_and_ctrl_o_opens_a_ruleset_file(tmp_path):
    """Typing "coinche" must not open the file dialog at its o."""

    async def go():
        async with opened(tmp_path / "g.db", "n") as (app, pilot):
            await pilot.press(*"coinche")
            await settle(pilot)
            assert isinstance(app.screen, ChooseRulesetScreen) and _highlighted(app) == "coinche"
            await pilot.press("ctrl+o")
            await settle(pilot)
            assert isinstance(app.screen, OpenFileDialog)

    run(go())


def test_names_are_compared_in_lower_case_without_accents():
    assert folded("Tysiąc") == "tysiac"
    assert folded("Schafkopf Bayerischer") == "schafkopf bayerischer"
    assert folded("Ä") == "a"
