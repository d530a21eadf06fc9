"""The app follows the store: a deal another writer confirms (a phone through
``scorekeeper serve``, or the app open twice) is shown on the play screen within a second, with
a notice, and the next deal typed here is saved on top of it (the store no longer refuses
it as written on an old state). A game's score sheet and the history follow it the same way."""

from __future__ import annotations

import asyncio

from scorekeeper.store.db import Store
from helpers.phone import CODE, phone_client
from helpers.stores import Script
from helpers.stores import store_with as build_store
from helpers.tui import enter_deal, flat, notes, opened, play_screen, resumed, run, screen_text, settle, table_rows

SMALL = (80, 24)
FOUR = ["Anna", "Ben", "Cara", "Dan"]
DEAL_1 = {"bid": [0, 0, 0, 1], "tricks": [0, 10, 0, 0]}  # 10 cards; Ben takes every trick


async def _until(pilot, holds, seconds: float = 3.0) -> bool:
    for _ in range(int(seconds / 0.05)):
        if holds():
            return True
        await asyncio.sleep(0.05)
        await pilot.pause()
    return holds()


def test_a_deal_confirmed_by_another_writer_is_shown_and_the_next_one_saves(tmp_path):
    db = tmp_path / "g.db"
    lupaus = Script("lupaus", FOUR, [])

    async def go():
        async with resumed(db, lupaus, size=SMALL) as (app, pilot):
            assert len(play_screen(app).game.deals) == 0
            with Store(db) as other:  # the phone's server: another connection, another writer
                other.load(1).record(DEAL_1)
            assert await _until(pilot, lambda: len(play_screen(app).game.deals) == 1)
            await settle(pilot)
            text = flat(screen_text(app))
            assert "Deal 2 of" in text and "deal 2 is next" in text, text
            # the next deal typed here is saved on top of it (9 cards, Ben deals: Cara, Dan, Anna
            # and Ben bid 0; Dan takes all 9 tricks)
            await enter_deal(pilot, ["", "0", "0", "0", "0", "0", "9", "0", "0", ""])
            assert len(play_screen(app).game.deals) == 2
        with Store(db) as store:
            # deal 1: Anna and Cara made 0 (10 each); deal 2: all but Dan made 0 (10 each)
            assert store.load(1).game.totals() == (20, 10, 20, 0)

    run(go())


def test_nothing_changes_on_screen_while_nobody_else_writes(tmp_path):
    """The look at the store costs no redraw and no new screen when nothing changed."""
    db = tmp_path / "g.db"

    async def go():
        async with resumed(db, Script("lupaus", FOUR, [DEAL_1]), size=SMALL) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("h")  # typed here, not confirmed
            await asyncio.sleep(1.2)
            await settle(pilot)
            assert play_screen(app) is screen and screen.draft.typed

    run(go())


def test_a_phone_and_the_app_on_one_game_see_each_others_deals(tmp_path):
    """The issue's two ways, through the real phone server (its handlers, Starlette's test
    client) and the app (Pilot) on one store: a deal tapped on the phone is on the app's screen
    within a second; the next deal confirmed in the app is in the phone's next view."""
    db = tmp_path / "g.db"
    # 3-player Lupaus, deal 1 of 10 cards, Anna deals: bids Ben 2, Cara 3, Anna 4; tricks Ben 2,
    # Cara 3 (Anna's 5 filled in): Ben 12, Cara 13, Anna 0
    tapped = [["bid", 2, 2], ["bid", 3, 3], ["bid", 1, 4], ["tricks", 2, 2], ["tricks", 3, 3]]

    async def go():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"], []), size=SMALL) as (app, pilot):
            with phone_client(db) as phone:
                headers = {"X-Join-Code": CODE}
                view = phone.post("/api/view", json={"typed": tapped}, headers=headers).json()
                seen = {"game": view["game"]["id"], "seq": view["seq"], "deal": view["deal"]["number"]}
                answer = phone.post("/api/confirm", json={"seen": seen, "typed": tapped}, headers=headers)
                assert answer.status_code == 200 and answer.json()["said"] == "Deal 1 saved."
                assert await _until(pilot, lambda: len(play_screen(app).game.deals) == 1)
                assert play_screen(app).game.totals() == (0, 12, 13)
                await settle(pilot)
                # deal 2 in the app (9 cards, Ben deals: Cara, Anna, Ben bid 0; Cara takes all 9)
                await enter_deal(pilot, ["", "0", "0", "0", "9", "0", ""])
                assert len(play_screen(app).game.deals) == 2
                for _ in range(40):
                    view = phone.post("/api/view", json={"typed": []}, headers=headers).json()
                    if view["deal"]["number"] == 3:
                        break
                    await asyncio.sleep(0.05)
                assert view["deal"]["number"] == 3 and view["seq"] == 2

    run(go())


# -- the score sheet and the history follow the store too
#
# The store of tests/test_tui_history.py: game 1, Wizard "Monday", Ann, Bob and "[i]Cid", 2 deals
# played, totals Ann 50, Bob 10, [i]Cid 50 (not over, 20 deals); game 2, Whist to 1 point, over,
# played after game 1 (listed first).
WIZARD = Script("wizard", ["Ann", "Bob", "[i]Cid"], [{"bid": [0, 0, 1], "tricks": [0, 0, 1]},
                                                     {"bid": [1, 0, 0], "tricks": [1, 1, 0], "turned": "spades"}],
                title="Monday")
WHIST = Script("whist", ["Ann", "Bob", "Cid", "Dan"], [{"tricks": 8, "turned": "hearts"}], {"game_to": 1})
# Wizard deal 3 (3 cards, [i]Cid deals): everyone bids 0 and takes 1 trick: 10 off each
DEAL_3 = {"bid": [0, 0, 0], "tricks": [1, 1, 1], "turned": "hearts"}


def _sheet(app):
    from scorekeeper.tui.screens.game_sheet import GameSheetScreen

    assert isinstance(app.screen, GameSheetScreen), screen_text(app)
    return app.screen


def _history(app):
    from scorekeeper.tui.screens.history import HistoryScreen

    assert isinstance(app.screen, HistoryScreen), screen_text(app)
    return app.screen


def test_a_score_sheet_shows_a_deal_and_the_end_another_writer_stored(store_with):
    """Game 1's sheet is open; another writer records deal 3 (totals 40, 0, 40), then ends
    the game: each shows within a second, without a key, with the play screen's notice."""
    db = store_with(WIZARD, WHIST)

    async def go():
        async with opened(db, "h", "down enter") as (app, pilot):
            sheet = _sheet(app)
            assert "In progress: 2 of 20 deals played" in flat(screen_text(app))
            with db.open() as other:
                other.load(1).record(DEAL_3)
            assert await _until(pilot, lambda: len(sheet.game.deals) == 3)
            await settle(pilot)
            text = flat(screen_text(app))
            assert "In progress: 3 of 20 deals played" in text, text
            assert "Standings: 1st Ann 40 · 1st [i]Cid 40 · 3rd Bob 0" in text, text
            assert notes(app) == ["The game is shown as it is stored now; deal 4 is next."]
            assert [n.title for n in app._notifications] == ["Changed on another device"]
            assert sheet.check_action("resume", ()) is True
            with db.open() as other:
                other.load(1).end_early()
            assert await _until(pilot, lambda: sheet.game.is_over)
            await settle(pilot)
            assert notes(app)[-1] == "The game is shown as it is stored now: it is over."
            assert sheet.check_action("resume", ()) is None  # an ended game cannot be resumed
            assert _sheet(app) is sheet

    run(go())


def test_a_score_sheet_and_the_history_draw_nothing_again_while_nobody_writes(store_with):
    """Their looks at the store (made here at once, not waited for) change nothing shown."""
    from scorekeeper.tui.widgets.long_list import LongList
    from scorekeeper.tui.widgets.score_sheet import ScoreSheet

    db = store_with(WIZARD, WHIST)

    async def go():
        async with opened(db, "h") as (app, pilot):
            history = _history(app)
            menu = history.query_one(LongList)
            keys, make = menu.keys, menu._make
            for _ in range(3):
                history.follow_store()
            assert menu.keys is keys and menu._make is make
            await pilot.press("down", "enter")
            await settle(pilot)
            sheet = _sheet(app)
            board, stored = sheet.query_one(ScoreSheet).board, sheet.stored
            for _ in range(3):
                sheet._follow_store()
            assert sheet.query_one(ScoreSheet).board is board and sheet.stored is stored
            assert notes(app) == []

    run(go())


def test_the_history_lists_a_game_another_writer_played_or_started(store_with):
    """The history is open on game 2 (highlighted, listed first); another writer records
    Wizard's deal 3, then starts game 3: each is listed within a second, without a key, the
    latest played first, game 2 still highlighted."""
    db = store_with(WIZARD, WHIST)

    async def go():
        async with opened(db, "h") as (app, pilot):
            menu = _history(app).query_one("#history-list")
            assert menu.keys == ["game-2", "game-1"] and menu.chosen_key == "game-2"
            with db.open() as other:
                other.load(1).record(DEAL_3)
            assert await _until(pilot, lambda: menu.keys == ["game-1", "game-2"])
            await settle(pilot)
            text = flat(screen_text(app))
            assert "Ann, Bob, [i]Cid — in progress (3 of 20 deals played)" in text, text
            assert text.index("#1 Wizard") < text.index("#2 Whist")
            assert menu.chosen_key == "game-2"
            build_store(db.path, Script("lupaus", FOUR, [DEAL_1]), clock=db.clock)
            assert await _until(pilot, lambda: menu.keys == ["game-3", "game-1", "game-2"])
            await settle(pilot)
            assert "#3 Lupaus" in flat(screen_text(app)) and menu.chosen_key == "game-2"

    run(go())


# -- the start screen, the statistics and the session's standing follow the store too
#
# The store of tests/test_tui_stats.py (its docstring works the figures out): Wizard in progress
# (game 1), then three Whist games to 1 point, Ann & Cid against Bob & Dan: won by Ann & Cid,
# Bob & Dan, Ann & Cid. Another writer then plays a fourth (game 5): Ann & Cid take 5 tricks,
# Bob & Dan 8: 2 points to Bob & Dan, who win it.
from test_tui_stats import GAMES  # noqa: E402

WHIST_5 = Script("whist", ["Ann", "Bob", "Cid", "Dan"], [{"tricks": 5, "turned": "hearts"}], {"game_to": 1})


def test_the_statistics_show_a_game_another_writer_played(store_with):
    """Bob is highlighted; game 5 is stored by another writer: Bob's line and his words change
    within a second (4 finished games, 2 won, ranks 2 1 2 1: 1.50), still highlighted."""
    db = store_with(*GAMES)

    async def go():
        async with opened(db, "s", size=(120, 30)) as (app, pilot):
            await pilot.press("down")
            await settle(pilot)
            assert "Bob: 3 finished games and 1 in progress, 1 won, average rank 1.67" in flat(screen_text(app))
            build_store(db.path, WHIST_5, clock=db.clock)
            assert await _until(pilot, lambda: table_rows(app, "stats-table")[1][:4] == ["Bob", "4 +1", "2", "1.50"])
            await settle(pilot)
            assert [row[:4] for row in table_rows(app, "stats-table")] == [
                ["Ann", "4 +1", "2", "1.50"], ["Bob", "4 +1", "2", "1.50"],
                ["Cid", "4 +1", "2", "1.50"], ["Dan", "4", "2", "1.50"]]
            assert "Bob: 4 finished games and 1 in progress, 2 won, average rank 1.50" in flat(screen_text(app))

    run(go())


def test_the_sessions_standing_shows_a_game_another_writer_played(store_with):
    db = store_with(*GAMES)

    async def go():
        async with opened(db, "e") as (app, pilot):
            assert table_rows(app, "session-table")[2] == ["3", "Bob", "3", "1", "1", "2"]
            build_store(db.path, WHIST_5, clock=db.clock)
            assert await _until(pilot, lambda: len(table_rows(app, "session-table")) == 4
                                and table_rows(app, "session-table")[2][2] == "4")
            await settle(pilot)
            # games won, then points: Ann and Cid 2 won, 5 points; Bob and Dan 2 won, 2 + 2 = 4
            assert table_rows(app, "session-table") == [
                ["1", "Ann", "4", "2", "1", "5"], ["1", "Cid", "4", "2", "1", "5"],
                ["3", "Bob", "4", "2", "1", "4"], ["3", "Dan", "4", "2", "0", "4"]]
            assert "#5 Whist" in flat(screen_text(app))

    run(go())


def test_the_start_screen_lists_a_game_another_writer_started(store_with):
    """The start screen offers Wizard (game 1) to resume, highlighted; looks at the store while
    nobody writes rebuild nothing; another writer starts Lupaus (game 5): it is offered within a
    second, listed first (played last), and game 1 stays highlighted."""
    from textual.widgets import OptionList

    db = store_with(*GAMES)

    async def go():
        async with opened(db) as (app, pilot):
            menu = app.screen.query_one(OptionList)
            chosen = lambda: menu.get_option_at_index(menu.highlighted).id  # noqa: E731
            assert chosen() == "game-1"
            count = menu.option_count
            first = menu.get_option_at_index(0)
            for _ in range(3):
                app.screen.follow_store()
            assert menu.get_option_at_index(0) is first  # not made again
            build_store(db.path, Script("lupaus", FOUR, [DEAL_1]), clock=db.clock)
            assert await _until(pilot, lambda: menu.option_count == count + 1)
            await settle(pilot)
            text = screen_text(app)
            assert text.index("Lupaus: Anna, Ben, Cara, Dan") < text.index("Wizard: Ann, Bob, Cid"), text
            assert chosen() == "game-1"

    run(go())


def test_bids_typed_on_the_players_phones_show_in_the_app_before_the_deal_is_confirmed(tmp_path):
    """A phone per player: Ben's and Cara's phones type their bids (the store's draft); the app
    shows them within a second, its cursor on Anna's bid, the bid she may not make struck out;
    the app types the rest and confirms: Ben 12, Cara 13, Anna 0."""
    db = tmp_path / "g.db"

    async def go():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"], []), size=SMALL) as (app, pilot):
            screen = play_screen(app)
            with phone_client(db) as phone:
                for name, seat, bid in (("Ben", 2, 2), ("Cara", 3, 3)):
                    view = phone.get("/api/seat", params={"name": name}).json()
                    seen = {"game": view["game"]["id"], "seq": view["seq"], "deal": view["deal"]["number"]}
                    answer = phone.post("/api/seat/type", json={"seen": seen, "name": name, "box": ["bid", seat, bid],
                                                                "was": None}, headers={"X-Join-Code": CODE})
                    assert answer.status_code == 200, answer.text
                assert await _until(pilot, lambda: play_screen(app).draft.typed == {("bid", 2): 2, ("bid", 3): 3})
                assert play_screen(app) is screen  # the same screen, not opened again
                await settle(pilot)
                cell = next(c for c in screen.draft.view().cells.values() if (c.field, c.unit) == ("bid", 1))
                assert [(c.value, c.reason) for c in cell.choices if not c.allowed] == [
                    (5, "Dealer Anna may not bid 5: the bids would total 10, the number of tricks")]
                text = screen_text(app)
                assert "Anna (dealer)   Bid             0   1   2   3   4  ✗5   6" in text, text
                assert "✗ 5: Dealer Anna may not bid 5" in flat(text)
                await enter_deal(pilot, ["", "", "", "4", "2", "3"])
                assert len(screen.game.deals) == 1 and screen.game.totals() == (0, 12, 13)

    run(go())
