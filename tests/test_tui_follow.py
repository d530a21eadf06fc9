"""The app follows the store: a deal another writer confirms (a phone through
``scorekeeper serve``, or the app open twice) is shown on the play screen within a second, with
a notice, and the next deal typed here is saved on top of it (the store no longer refuses
it as written on an old state)."""

from __future__ import annotations

import asyncio

from scorekeeper.store.db import Store
from helpers.phone import CODE, phone_client
from helpers.stores import Script
from helpers.tui import enter_deal, flat, play_screen, resumed, run, screen_text, settle

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
