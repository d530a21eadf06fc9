"""Skat at the table, typed as players type it (80x24)."""

from __future__ import annotations

from helpers.stores import Script
from helpers.tui import flat, resumed, run, screen_text, settle
from test_tui_typing import burst

from scorekeeper.tui.widgets.entry_form import under_cursor

SMALL = (80, 24)


async def to_box(pilot, field: str) -> None:
    """Up (or Down) until the cursor is on ``field``'s box, however the form moved on."""
    app = pilot.app
    order = [slot.field for phase in app.screen.draft.layout for slot in phase.slots]
    for _ in range(len(order)):
        here = under_cursor(app.focused).slot.field
        if here == field:
            return
        await pilot.press("up" if order.index(field) < order.index(here) else "down")
        await settle(pilot)
    raise AssertionError(f"the cursor never reached {field}")


def test_a_null_ouvert_hand_typed_in_the_order_of_the_form(tmp_path):
    """Null, Anna, bid 59, then Hand yes and ouvert (each while the other is still empty),
    no trick taken: stored as meant, worth 59 to Anna (a null ouvert hand)."""

    async def go():
        async with resumed(tmp_path / "g.db", Script("skat", ["Anna", "Ben", "Cara"]), size=SMALL) as (app, pilot):
            await burst(pilot, "n", "a", "5", "9")
            await to_box(pilot, "hand")
            await burst(pilot, "y")
            await to_box(pilot, "announced")
            await burst(pilot, "o")
            await to_box(pilot, "took_trick")
            await burst(pilot, "n", "enter")  # an optional box may still follow: the form asks
            assert "Enter again confirms" in flat(screen_text(app)) and not app.screen.game.deals
            await burst(pilot, "enter")
            game = app.screen.game
            assert [(d["game"], d["declarer"], d["bid"], d["hand"], d["announced"], d["took_trick"])
                    for d in game.deals] == [("null", 1, 59, True, "ouvert", False)]
            assert game.totals() == (59, 0, 0)

    run(go())


def test_a_bid_no_longer_bid_starts_with_is_whole_at_once(tmp_path):
    """Clubs, Anna, bid 22 (no bid starts with 22 but 22: the w after it is With), 1 matador,
    61 card points: worth (1 + 1) x 12 = 24, won. Then spades, Ben, bid 23 at once, with 2,
    70: 3 x 11 = 33. Totals 24 33 0."""

    async def go():
        async with resumed(tmp_path / "g.db", Script("skat", ["Anna", "Ben", "Cara"]), size=SMALL) as (app, pilot):
            await burst(pilot, "c", "a", "2", "2", "w", "1", "6", "1", "enter")
            await burst(pilot, "s", "b", "2", "3", "w", "2", "7", "0", "enter")
            game = app.screen.game
            assert [(d["game"], d["declarer"], d["bid"], d["tops"], d["matadors"], d["card_points"])
                    for d in game.deals] == [("clubs", 1, 22, "with", 1, 61), ("spades", 2, 23, "with", 2, 70)]
            assert game.totals() == (24, 33, 0)

    run(go())


def test_the_keys_of_a_choice_are_on_the_screen_before_a_wrong_one(tmp_path):
    """The game's suits show their letters; Matadors shows w with and i without; then i picks
    without at once."""

    async def go():
        async with resumed(tmp_path / "g.db", Script("skat", ["Anna", "Ben", "Cara"]), size=(100, 40)) as (app, pilot):
            text = flat(screen_text(app))
            assert "d ♦ h ♥ s ♠ c ♣ g grand n null" in text
            await burst(pilot, "c", "a", "2", "2")
            text = flat(screen_text(app))
            assert "w with (the declarer held the jack of clubs) i without (the jack of clubs was against)" in text
            await to_box(pilot, "tops")
            await burst(pilot, "i")
            assert app.screen.draft.values()["tops"] == "without"

    run(go())
