"""Who plays the next deal, through the keyboard: a late player joins with an agreed score,
a player sits out, the boxes follow, and it all survives a restart.

Lupaus, Anna, Ben, Cara; Anna deals first (Ben bids first):
    D1 10 cards: bids Ben 3, Cara 4, Anna 2; tricks 3, 4, (3)  -> Anna 0, Ben 13, Cara 14
    Dan joins with 20 (at the end of the table: Anna, Ben, Cara, Dan).
    D2  9 cards, dealer Ben; bids Cara 2, Dan 1, Anna 2, Ben 3; tricks 2, 1, 2, (4)
        -> Cara 12, Dan 11, Anna 12, Ben 0; totals Anna 12, Ben 13, Cara 26, Dan 31
    Ben sits out: deal 3 (8 cards) is dealt by Cara, the next player to the left who plays.
"""

from __future__ import annotations

from helpers.stores import Script
from helpers.tui import (
    enter_deal, flat, notes, open_screen, opened, play_screen, resumed, run, screen_text, settle, type_text,
)

from scorekeeper.tui.screens.table import TableScreen


async def open_players(pilot) -> TableScreen:
    return await open_screen(pilot, "ctrl+o", TableScreen)


async def join(players: TableScreen, pilot, name: str, score: str, after: str | None = None) -> None:
    """On the players screen: the name, Enter, the starting score, then (Tab) whom they sit
    after, and Enter."""
    players.query_one("#join-name").focus()
    await type_text(pilot, name)
    await pilot.press("enter")  # on to the score
    await type_text(pilot, score)
    if after is not None:
        await pilot.press("tab")
        await type_text(pilot, after)
    await pilot.press("enter")
    await settle(pilot)


def test_a_late_player_joins_and_a_player_sits_out(tmp_path):
    db = tmp_path / "g.db"

    async def first():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"])) as (app, pilot):
            await enter_deal(pilot, ["h", "3", "4", "2", "3", "4", ""])
            screen = play_screen(app)
            assert screen.game.totals() == (0, 13, 14)

            players = await open_players(pilot)
            assert "Anna — plays" in flat(screen_text(app))
            await join(players, pilot, "Dan", "20")
            screen = play_screen(app)
            assert screen.game.players == ("Anna", "Ben", "Cara", "Dan")
            assert screen.game.totals() == (0, 13, 14, 20)
            text = flat(screen_text(app))
            assert "Dealer Ben · Bids first Cara" in text
            assert "• Dan joins with 20" in text
            assert "1st Dan 20" in text

            # four players now: Cara, Dan, Anna, Ben bid; the last tricks box is filled in
            await enter_deal(pilot, ["s", "2", "1", "2", "3", "2", "1", "2", ""])
            assert screen.game.totals() == (12, 13, 26, 31)
            assert screen.game.results()[-1].scores == (12, 0, 12, 11)

            players = await open_players(pilot)
            players.query_one("#table-players").focus()
            await pilot.press("down", "enter")  # Anna, Ben: Ben sits out
            await settle(pilot)
            text = flat(screen_text(app))
            assert "• Not playing: Ben" in text
            assert "Dealer Cara · Bids first Dan" in text
            assert "Ben sits out from deal 3." in notes(app)
            assert screen.draft.setup.players == ("Anna", "Cara", "Dan")

            await pilot.press("ctrl+z")
            await settle(pilot)
            assert "Ben sits out is undone." in notes(app)
            assert screen.draft.setup.players == ("Anna", "Ben", "Cara", "Dan")
            await pilot.press("ctrl+y")
            await settle(pilot)
            assert screen.draft.setup.players == ("Anna", "Cara", "Dan")
            await pilot.press("ctrl+q")

    async def second():
        async with opened(db) as (app, pilot):
            await pilot.press("enter")
            await settle(pilot)
            screen = play_screen(app)
            assert screen.game.totals() == (12, 13, 26, 31)
            assert "• Not playing: Ben" in flat(screen_text(app))
            assert screen.draft.setup.players == ("Anna", "Cara", "Dan")

    run(first())
    run(second())


def test_a_bad_join_is_refused_at_the_box_and_nothing_changes(tmp_path):
    async def go():
        async with resumed(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"])) as (app, pilot):
            await join(await open_players(pilot), pilot, "anna", "5")
            assert "'anna' is already at the table; every name must differ" in notes(app)
            assert play_screen(app).game.players == ("Anna", "Ben", "Cara")

            await join(await open_players(pilot), pilot, "Eve", "0", after="Zed")
            error = str(app.screen.query_one("#table-error").render())
            assert error == "Nobody called 'Zed' is at the table; the players are Anna, Ben, Cara."
            assert isinstance(app.screen, TableScreen)  # still open: fix the name or Esc

    run(go())


def test_partnership_games_have_no_players_key(tmp_path):
    async def go():
        script = Script("whist", ["Anna", "Ben", "Cara", "Dan"])
        async with resumed(tmp_path / "g.db", script) as (app, pilot):
            screen = play_screen(app)
            assert screen.check_action("players", ()) is None  # dimmed in the footer
            await pilot.press("ctrl+o")
            await settle(pilot)
            assert app.screen is screen

    run(go())
