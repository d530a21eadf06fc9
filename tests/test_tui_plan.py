"""The rest of the game through the keyboard: the plan shortened mid-game ("straight down from
6"), then the game ended early; starting scores typed in the new-game form. All at 80x24.

Lupaus, Anna, Ben, Cara; Anna deals first (Ben bids first):
    D1 10 cards: bids Ben 3, Cara 4, Anna 2; tricks 3, 4, (3)  -> Anna 0, Ben 13, Cara 14
    ctrl+r: deal 2 of 9 cards chosen, 6 cards (three times -), d: 6, 5, 4, 3, 2, 1 from deal 2
    D2 6 cards, dealer Ben: bids Cara 2, Anna 1, Ben 2; tricks 2, 1, (3) -> Anna 11, Ben 0, Cara 12
    ctrl+r, e: the game ends after deal 2: Cara 26, Ben 13, Anna 11.
"""

from __future__ import annotations

from helpers.stores import Script
from helpers.tui import (
    enter_deal, flat, focus, name_players, notes, open_screen, opened, play_screen, resumed, run, screen_text,
    settle, type_text,
)

from scorekeeper.tui.screens.plan import PlanScreen

SMALL = (80, 24)


async def open_plan(pilot) -> PlanScreen:
    return await open_screen(pilot, "ctrl+r", PlanScreen)


def test_the_plan_is_shortened_mid_game_and_the_game_ended_early(tmp_path):
    db = tmp_path / "g.db"

    async def first():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"]), size=SMALL) as (app, pilot):
            await enter_deal(pilot, ["h", "3", "4", "2", "3", "4", ""])
            screen = play_screen(app)
            assert screen.game.totals() == (0, 13, 14)

            plan = await open_plan(pilot)
            text = flat(screen_text(app))
            assert "The rest of the game, from deal 2" in text
            assert "1st Cara 14 · 2nd Ben 13 · 3rd Anna 0" in text  # every player, at 80x24
            assert "Deal 2: 9 cards" in text
            await pilot.press("minus", "minus", "minus", "d")
            await settle(pilot)
            assert plan.draft.cards == [6, 5, 4, 3, 2, 1]
            assert plan.draft.summary() == ("7 deals in all; cards in the deals played: 10; "
                                            "in the deals to come: 6, 5, 4, 3, 2, 1")
            text = screen_text(app)  # on two lines in the dialog
            assert "█  7 deals in all; cards in the deals played: 10; in the deals to    █" in text
            assert "█  come: 6, 5, 4, 3, 2, 1 " in text
            await pilot.press("ctrl+s")
            await settle(pilot)
            screen = play_screen(app)
            assert screen.game.planned_deals == 7
            assert "From deal 2: 6, 5, 4, 3, 2, 1 (7 deals in all)." in notes(app)
            assert "Deal 2 of 7" in flat(screen_text(app))

            await enter_deal(pilot, ["s", "2", "1", "2", "2", "1", ""])
            assert screen.game.totals() == (11, 13, 26)
            assert [r.cards for r in screen.game.results()] == [10, 6]

            await open_plan(pilot)
            await pilot.press("e")
            await settle(pilot)
            screen = play_screen(app)
            assert screen.game.is_over and screen.game.winners == ["Cara"]
            assert "The table ended the game early after deal 2. Winner: Cara" in flat(screen_text(app))

            await pilot.press("ctrl+z")
            await settle(pilot)
            assert "The end after deal 2 is undone: the game goes on." in notes(app)
            assert not screen.game.is_over
            await pilot.press("ctrl+y")
            await settle(pilot)
            assert screen.game.winners == ["Cara"]
            await pilot.press("ctrl+q")

    async def second():
        async with opened(db, size=SMALL) as (app, pilot):
            game = app.store.open_game(1).game
            assert (game.totals(), game.stopped_at, game.planned_deals) == ((11, 13, 26), 2, 7)

    run(first())
    run(second())


def test_a_plan_the_deck_cannot_deal_is_refused_on_the_screen(tmp_path):
    async def go():
        script = Script("lupaus", ["Anna", "Ben", "Cara"])
        async with resumed(tmp_path / "g.db", script, size=SMALL) as (app, pilot):
            plan = await open_plan(pilot)
            await pilot.press(*["plus"] * 8, "u")  # 17 cards, the most the deck deals three
            await settle(pilot)
            assert plan.draft.cards == [17]
            await pilot.press("x", "ctrl+s")
            await settle(pilot)
            assert app.screen is plan  # still open, with the reason
            error = str(plan.query_one("#plan-error").render())
            assert error == "✗ keep at least one deal to play; to stop now, end the game early"
            await pilot.press("escape")
            await settle(pilot)
            assert play_screen(app).game.planned_deals == 19

    run(go())


def test_starting_scores_are_typed_in_the_new_game_form(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", size=SMALL) as (app, pilot):
            await name_players(pilot, "lupaus", ["Anna", "Ben", "Cara"])
            await focus(pilot, "new-scores")
            await type_text(pilot, "20 0 x")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert "✗ 'x' is not a whole number" in flat(screen_text(app))
            await pilot.press("backspace")
            await type_text(pilot, "-10")
            await pilot.press("ctrl+s")
            await settle(pilot)
            screen = play_screen(app)
            assert screen.game.totals() == (20, 0, -10)
            assert "starting scores: Anna 20, Ben 0, Cara -10" in flat(screen_text(app))

    run(go())


def test_an_option_whose_default_is_a_formula_is_worked_out_for_the_players_typed(tmp_path):
    """The new-game form leaves such an option's box empty ("empty: deck // players"), and the
    game works it out for the four players typed: 13 cards."""
    rules = tmp_path / "most.toml"
    rules.write_text('extends = "lupaus"\nid = "most"\nname = "Most"\n[options.top_cards]\ntype = "int"\n'
                     'default = "deck // players"\nmin = 1\nmax = 17\n[constants]\ntop = "top_cards"\n')

    async def go():
        async with opened(tmp_path / "g.db", size=SMALL, ruleset=str(rules)) as (app, pilot):
            box = app.screen.query_one("#opt-top_cards")
            assert (box.value, box.placeholder) == ("", "empty: deck // players")
            for name in ["Anna", "Ben", "Cara", "Dan"]:
                await type_text(pilot, name)
                await pilot.press("enter")
            await pilot.press("ctrl+s")
            await settle(pilot)
            game = play_screen(app).game
            assert (game.options["top_cards"], game.setup.plan[:3]) == (13, (13, 12, 11))

    run(go())
