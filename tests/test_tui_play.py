"""The play screen through the keyboard: refusals, corrections, undo/redo, resuming."""

from __future__ import annotations

from scorekeeper.i18n import show
from scorekeeper.tui.widgets.entry_form import under_cursor
from helpers.stores import Script
from helpers.tui import (
    SIZE, check_snapshot, enter_deal, flat, make_app, new_game, notes, opened, play_screen, resumed, run, screen_text,
    settle,
)

LUPAUS_3 = ["Anna", "Ben", "Cara"]  # Anna deals first; Ben bids first
LUPAUS = Script("lupaus", LUPAUS_3)
WHIST_TO_3 = Script("whist", ["Anna", "Ben", "Cara", "Dan"], options={"game_to": 3})


def test_the_dealers_forbidden_bid_is_struck_out_before_and_refused(tmp_path):
    """Lupaus, 10 cards: Ben bids 3, Cara 4; before the dealer (Anna) chooses, 3 is struck
    out with the rule's words; typing 3 is refused and leaves the box empty; 2 is taken."""

    async def go():
        async with resumed(tmp_path / "g.db", LUPAUS) as (app, pilot):
            screen = play_screen(app)
            await enter_deal(pilot, ["h", "3", "4"], confirm=False)
            message = "Dealer Anna may not bid 3: the bids would total 10, the number of tricks"
            dealer_box = under_cursor(app.focused)
            assert dealer_box.cell.who == "Anna" and dealer_box.cell.value is None
            refused = [c for c in dealer_box.cell.choices if not c.allowed]
            assert [(c.value, c.reason) for c in refused] == [(3, message)]
            text = screen_text(app)
            assert f"✗ 3: {message}" in flat(text)
            assert "✗3" in text  # struck out in the row of values
            check_snapshot("bidding_struck_out", text)
            await pilot.press("3")
            await settle(pilot)
            assert screen.draft.view().cells[dealer_box.slot].value is None
            text = flat(screen_text(app))  # the reason once, not again as "✗ not that: ..."
            assert f"✗ 3: {message}" in text and text.count(message) == 1
            await pilot.press("2")
            await settle(pilot)
            assert screen.draft.view().cells[dealer_box.slot].value == 2
            assert "Bids 9, tricks 10 · 1 under" in screen_text(app)

    run(go())


def test_tricks_that_do_not_add_up_cannot_be_confirmed(tmp_path):
    """Ben takes 7 and Cara 5 of 10 tricks: 2 too many, Anna's box cannot be filled in;
    confirming is refused with the reason, nothing is recorded."""

    async def go():
        async with resumed(tmp_path / "g.db", LUPAUS) as (app, pilot):
            screen = play_screen(app)
            await enter_deal(pilot, ["h", "3", "4", "2", "7", "5"], confirm=False)
            assert "Tricks: 12 of 10 · 2 too many" in screen_text(app)
            anna = under_cursor(app.focused)
            assert anna.cell.who == "Anna" and anna.cell.value is None
            assert not any(c.allowed for c in anna.cell.choices)
            await pilot.press("3")  # whatever Anna took, it cannot add up
            await settle(pilot)
            assert anna.cell.value is None
            assert "the tricks taken add up to 15, not 10, the number of tricks played" in flat(screen_text(app))
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert screen.game.deals == []
            assert not screen.draft.view().can_confirm
            assert "Tricks of Anna is not entered" in flat(screen_text(app))

    run(go())


async def play_deals(pilot, count: int = 3) -> None:
    """Lupaus, 3 players: the first deals (10, 9 and 8 cards)."""
    deals = [
        # 10 cards, Anna deals; bids Ben 3, Cara 4, Anna 2; tricks 3, 4, (3): Ben 13, Cara 14, Anna 0
        ["h", "3", "4", "2", "3", "4", ""],  # totals 0 13 14
        # 9 cards, Ben deals; bids Cara 2, Anna 2, Ben 4; tricks 2, 2, (5): Cara 12, Anna 12, Ben 0
        ["s", "2", "2", "4", "2", "2", ""],  # totals 12 13 26
        # 8 cards, Cara deals; bids Anna 1, Ben 1, Cara 5; tricks 1, 1, (6): Anna 11, Ben 11, Cara 0
        ["d", "1", "1", "5", "1", "1", ""],  # totals 23 24 26
    ]
    for entries in deals[:count]:
        await enter_deal(pilot, entries)


def test_changing_an_early_deal_recomputes_the_later_totals(tmp_path):
    """Deal 1 is chosen in the score board and Anna's tricks become 2 (Ben's 4): Anna now
    makes her bid (+12), Ben misses (-13); the totals after it follow."""

    async def go():
        async with resumed(tmp_path / "g.db", LUPAUS) as (app, pilot):
            screen = play_screen(app)
            await play_deals(pilot)
            assert screen.game.totals() == (23, 24, 26)
            await pilot.press("ctrl+e")  # to the score board
            await pilot.press("home", "enter")  # deal 1
            await settle(pilot)
            assert screen.editing == 1
            assert "Changing deal 1" in screen_text(app)
            # boxes: trump, bids Ben Cara Anna, tricks Ben Cara Anna: Ben 4, Cara 4, Anna 2
            await enter_deal(pilot, ["", "", "", "", "4", "4", "2"])
            assert screen.editing is None
            assert screen.game.deals[0]["tricks"] == (2, 4, 4)
            assert screen.game.totals() == (35, 11, 26)
            assert [r.totals for r in screen.game.results()] == [(12, 0, 14), (24, 0, 26), (35, 11, 26)]
            text = screen_text(app)
            assert "Deal 4 of 19" in text
            # the board shows deal 1 as changed: Anna made it, Ben missed
            assert "2/2 ✓  +12    12" in text and "3/4 ✗    0     0" in text

    run(go())


def test_a_change_that_ends_the_game_earlier_is_reported_at_the_later_deal(tmp_path):
    """Whist to 3: 8, 5, 7 tricks (2-0, 2-2, 3-2: game). Deal 2 changed to 7 makes Anna &
    Cara 3 after deal 2: deal 3 was played after the game ended, and the board says so."""

    async def go():
        async with resumed(tmp_path / "g.db", WHIST_TO_3) as (app, pilot):
            screen = play_screen(app)
            for trump, tricks in (("h", "8"), ("c", "5"), ("s", "7")):
                await enter_deal(pilot, [trump, tricks])
            assert screen.game.is_over
            await pilot.press("ctrl+e", "home", "down", "enter")  # deal 2
            await settle(pilot)
            assert screen.editing == 2
            await enter_deal(pilot, ["", "7"])
            results = screen.game.results()
            assert [r.totals for r in results] == [(2, 0), (3, 0), (3, 0)]  # deal 3 counts for no one now
            assert [show(i.message) for i in results[2].issues] == ["deal 3 was played after the game ended at deal 2"]
            text = screen_text(app)
            assert "3 ⚠" in text
            assert any("deal 3: deal 3 was played after the game ended at deal 2" in n for n in notes(app))

    run(go())


def test_undo_and_redo(tmp_path):
    """ctrl+z takes the last deal back (its entries return to the boxes), ctrl+y puts it
    back; with nothing to undo the key is dimmed and does nothing."""

    async def go():
        async with resumed(tmp_path / "g.db", LUPAUS) as (app, pilot):
            screen = play_screen(app)
            assert screen.check_action("undo", ()) is None
            await play_deals(pilot, 2)
            assert screen.game.totals() == (12, 13, 26)
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert len(screen.game.deals) == 1
            assert screen.game.totals() == (0, 13, 14)
            view = screen.draft.view()
            assert view.number == 2 and screen.draft.values()["bid"] == (2, 4, 2)
            await pilot.press("ctrl+y")
            await settle(pilot)
            assert len(screen.game.deals) == 2 and screen.game.totals() == (12, 13, 26)
            assert screen.draft.number == 3 and screen.draft.is_empty
            await pilot.press("ctrl+z", "ctrl+z")
            await settle(pilot)
            assert screen.game.deals == []
            assert screen.check_action("undo", ()) is None
            await pilot.press("ctrl+z")  # nothing left: nothing happens
            await settle(pilot)
            assert screen.game.can_redo
            await pilot.press("ctrl+y", "ctrl+y")
            await settle(pilot)
            assert screen.game.totals() == (12, 13, 26)

    run(go())


def test_a_new_app_on_the_same_store_resumes_where_the_table_was(tmp_path):
    """Two deals confirmed and deal 3 half typed, the app quits; a new app lists the game,
    Enter resumes it at deal 3 with the same totals, board and half-typed entries (the
    store keeps them as a draft); the undo history survives too: ctrl+z takes back the
    typing first (all of it: its steps were not kept), then deal 2."""
    db = tmp_path / "g.db"

    async def first():
        async with resumed(db, LUPAUS) as (app, pilot):
            await play_deals(pilot, 2)
            await enter_deal(pilot, ["d", "1"], confirm=False)  # typed, not confirmed: kept as a draft
            await pilot.press("ctrl+q")

    async def second():
        app = make_app(db)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            text = screen_text(app)
            assert "Lupaus: Anna, Ben, Cara" in text and "2 deals played of 19" in text
            await pilot.press("enter")  # the highlighted game
            await settle(pilot)
            screen = play_screen(app)
            assert screen.game.totals() == (12, 13, 26)
            assert screen.draft.number == 3
            assert sorted(map(str, screen.draft.typed.values())) == ["1", "diamonds"]
            assert "Deal 3 of 19" in screen_text(app)
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert screen.game.totals() == (12, 13, 26) and screen.draft.is_empty
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert screen.game.totals() == (0, 13, 14)

    run(first())
    run(second())


def test_leaving_and_coming_back_keeps_the_deal_half_entered(tmp_path):
    """Esc goes back to the start screen; resuming the game in the same session finds
    the boxes as they were left."""

    async def go():
        async with resumed(tmp_path / "g.db", LUPAUS) as (app, pilot):
            await enter_deal(pilot, ["h", "3"], confirm=False)
            await pilot.press("escape")
            await settle(pilot)
            assert "Resume a game" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot)
            screen = play_screen(app)
            assert screen.draft.values()["bid"] == (None, 3, None)

    run(go())


def test_names_are_shown_literally(tmp_path):
    """Names that look like markup, and a 40-character one, are shown as typed."""
    long_name = "Bartholomew Fitzgerald-Smythe the Third!"
    assert len(long_name) == 40

    async def go():
        # typed on the New game form, which shows them too (the dealer's choices, the partnerships)
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "whist", ["[/]", "[bold]x", long_name, "Dan"], {"game_to": 1})
            text = flat(screen_text(app))
            assert f"Totals [/] & {long_name} 0 · [bold]x & Dan 0" in text
            assert f"Deal Cards [/] & {long_name} [bold]x & Dan" in text  # (the dealer column makes room)
            await enter_deal(pilot, ["h", "4"])
            text = flat(screen_text(app))
            assert "Game over. The winner: [bold]x & Dan" in text
            assert f"1st [bold]x & Dan 3 2nd [/] & {long_name} 0" in text

    run(go())


def test_final_standings_snapshot(tmp_path):
    async def go():
        async with resumed(tmp_path / "g.db", WHIST_TO_3) as (app, pilot):
            for trump, tricks in (("h", "8"), ("c", "5"), ("s", "7")):
                await enter_deal(pilot, [trump, tricks])
            await settle(pilot)
            check_snapshot("final_standings", screen_text(app))  # (the winners on the line above the board)

    run(go())


def test_the_screen_fits_80_by_24(tmp_path):
    """At 80x24 the deal, the first boxes, the board and the keys are all on screen."""

    async def go():
        async with resumed(tmp_path / "g.db", LUPAUS, size=(80, 24)) as (app, pilot):
            await enter_deal(pilot, ["h", "3", "4", "2", "3", "4", ""])
            lines = screen_text(app).splitlines()
            assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
            text = "\n".join(lines)
            assert "Deal 2 of 19" in text and "Dealer Ben" in text
            assert "Cara" in text and "Bid" in text
            assert "Deal  Cards  Dealer" in text
            assert "^s Confirm" in lines[-2] and "^o Players" in lines[-1]  # every key: two lines at 80

    run(go())


def test_the_digits_typed_in_the_last_deal_are_no_hint_in_the_next(tmp_path):
    """Whist: the fifth deal has no trump box, so the tricks box keeps the focus from deal 4
    to deal 5; the 6 typed in deal 4 is not shown as "typed 6…" in deal 5."""
    async def go():
        script = Script("whist", ["Anna", "Ben", "Cara", "Dan"])
        async with resumed(tmp_path / "g.db", script, size=(100, 40)) as (app, pilot):
            await pilot.press(*["h", "6", "enter"] * 4)  # trump, tricks (the other side's filled in), Enter
            await settle(pilot)
            text = screen_text(app)
            assert "Whist · Deal 5 · 13 cards each" in text
            assert " ▶                 Tricks won by Anna & Cara" in text.splitlines()
            assert "typed" not in text

    run(go())
