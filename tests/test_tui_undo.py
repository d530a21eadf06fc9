"""Undo and redo while a deal is half typed, through the keyboard: what the play screen
shows is always what the store holds, so a new app on the same store shows the same."""

from __future__ import annotations

import random

from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from helpers.tui import opened, play_screen, run, settle

PLAYERS = ["Anna", "Ben", "Cara", "Dan"]  # Anna deals first
SEEDS = (1, 4, 12)  # among the first 20, three whose keys showed a screen that a restart did not
LENGTH = 10
KEYS = [*"0123", "h", "enter", "tab", "up", "ctrl+z", "ctrl+y", "ctrl+s", "backspace"]


def stored_game(path, played: int) -> None:
    """Lupaus for four with ``played`` deals (10 cards, 9, ...): everyone bids 0, Anna takes every trick."""
    with Store(path) as store:
        stored = store.new_game(load_ruleset("lupaus"), "lupaus", PLAYERS)
        for number in range(1, played + 1):
            stored.record({"turned": "hearts", "bid": [0, 0, 0, 0], "tricks": [11 - number, 0, 0, 0]})


def shown(app) -> tuple:
    """What the play screen shows: the boxes of the form (value, filled in or typed, the
    text of a card box), the deal in the panel, the score board."""
    from scorekeeper.tui.widgets.cards_box import CardsBox
    from scorekeeper.tui.widgets.deal_panel import DealPanel
    from scorekeeper.tui.widgets.entry_form import EntryForm
    from scorekeeper.tui.widgets.scoreboard import Scoreboard

    screen = play_screen(app)
    boxes = {}
    for box in screen.query_one(EntryForm).boxes():
        if isinstance(box, CardsBox):
            if box.text:
                boxes[box.slot] = box.text
        elif box.cell.value is not None:
            boxes[box.slot] = (box.cell.value, box.cell.auto)
    panel = screen.query_one(DealPanel)
    board = screen.query_one(Scoreboard).board
    return boxes, panel.deal, panel.played, panel.standings, list(board.rows), board.standings


async def resumed(path) -> tuple:
    """A new app on the store: Enter resumes the game; what its play screen shows."""
    async with opened(path, "enter") as (app, pilot):
        return shown(app)


def test_undo_part_way_through_a_deal_takes_back_the_bid_and_a_restart_shows_the_same(tmp_path):
    """The report: five deals confirmed, a bid typed in deal 6, ctrl+z, ctrl+y, quit,
    resume. ctrl+z takes back the bid only (deal 5 stays), ctrl+y puts it back; the
    resumed app shows the same boxes and the same score board."""
    path = tmp_path / "g.db"
    stored_game(path, 5)

    async def first():
        async with opened(path, "enter") as (app, pilot):
            screen = play_screen(app)
            await pilot.press("enter", "2")  # no trump typed; Cara (the first to bid) bids 2
            await settle(pilot)
            typed = shown(app)
            assert screen.draft.number == 6 and screen.draft.typed == {("bid", 3): 2}
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert len(screen.game.deals) == 5 and screen.draft.number == 6 and screen.draft.is_empty
            assert screen.next.stored.draft is None
            await pilot.press("ctrl+y")
            await settle(pilot)
            assert len(screen.game.deals) == 5 and screen.draft.typed == {("bid", 3): 2}
            assert shown(app) == typed
            await pilot.press("ctrl+q")
            return typed

    typed = run(first())
    again = run(resumed(path))
    assert again == typed
    boxes, deal, played, standings, rows, _ = again
    assert {slot.field: value for slot, value in boxes.items()} == {"bid": (2, False)}
    assert played == len(rows) == 5 and [(s.name, s.total) for s in standings] == [
        ("Ben", 50), ("Cara", 50), ("Dan", 50), ("Anna", 0)]


def test_after_any_keys_the_screen_shows_what_a_restart_shows(tmp_path):
    """Seeded random keys (digits, Enter, Tab, undo, redo, confirm, Backspace), ten at a
    time, pressed with no pause into a game of two deals: a new app on the store shows the same boxes,
    deals and totals (a past deal being changed is left with Escape first: a change is
    kept only when it is saved)."""
    for seed in SEEDS:
        path = tmp_path / f"g{seed}.db"
        stored_game(path, 2)
        rng = random.Random(seed)
        keys = [rng.choice(KEYS) for _ in range(LENGTH)]

        async def first():
            async with opened(path, "enter") as (app, pilot):
                await pilot.press(*keys)
                await settle(pilot)
                if play_screen(app).editing is not None:
                    await pilot.press("escape")
                    await settle(pilot)
                return shown(app)

        before = run(first())
        assert run(resumed(path)) == before, (seed, keys)


def test_a_complete_deal_resumed_shows_the_cursor_on_its_confirm_button(tmp_path):
    """Lupaus for 4 at 80x24, three deals played and the fourth typed in full when the app
    was left: resumed, the form's cursor is on the Confirm button (Enter confirms) and the
    form is scrolled so that the button, with its cursor, is on screen, as before leaving."""
    from helpers.stores import lupaus_all_to, lupaus_played
    from helpers.tui import screen_text

    from scorekeeper.tui.widgets.entry_form import ConfirmButton, under_cursor

    db, _ = lupaus_played(tmp_path / "g.db", 3)
    with Store(db.path) as store:
        stored = store.open_game(1)
        stored.save_draft(lupaus_all_to(2)(stored.game))

    async def go():
        async with opened(db, "enter", size=(80, 24)) as (app, pilot):
            await settle(pilot)
            assert isinstance(under_cursor(app.focused), ConfirmButton)
            form_area = screen_text(app).split("Each cell")[0]
            assert "▶   Confirm the deal" in form_area

    run(go())


def test_after_an_undo_the_form_says_how_many_enters_confirm_as_the_keys_read_the_deal_put_back(tmp_path):
    """Lupaus for 4, five deals played (bids 0, Anna all the tricks); ctrl+z puts deal 5 back in
    the boxes. The form's line under them says how many Enters confirm it, counted by the typist
    of the deal put back: one ("Enter confirms"), and one Enter does. (It was counted by the
    typist of the empty deal 6 the undo took away, which said "Enter twice".)"""
    from scorekeeper.tui.widgets.entry_form import EntryForm

    path = tmp_path / "g.db"
    stored_game(path, 5)

    async def go():
        async with opened(path, "enter", size=(80, 24)) as (app, pilot):
            await pilot.press("ctrl+z")
            await settle(pilot)
            form = play_screen(app).query_one(EntryForm)
            assert form.typist.draft.number == 5 and form.typist.enters_to_confirm() == 1
            assert form.problems.text.plain == "Everything adds up: Enter (or ctrl+s) confirms."
            await pilot.press("enter")
            await settle(pilot)
            assert len(play_screen(app).game.deals) == 5 and play_screen(app).draft.number == 6

    run(go())


def test_a_recorded_deal_chosen_to_change_says_how_many_enters_save_it_as_its_keys_read(tmp_path):
    """The same when a recorded deal is chosen to be changed (ctrl+e, Enter on deal 5): its
    form says one Enter saves it, as the typist of that deal counts (it was counted by the
    typist of the empty deal 6, which said "Enter twice")."""
    from scorekeeper.tui.widgets.entry_form import EntryForm

    path = tmp_path / "g.db"
    stored_game(path, 5)

    async def go():
        async with opened(path, "enter", "ctrl+e", "enter", size=(80, 24)) as (app, pilot):
            form = play_screen(app).query_one(EntryForm)
            assert play_screen(app).editing == 5 and form.typist.draft.number == 5
            assert form.typist.enters_to_confirm() == 1
            assert form.problems.text.plain == "Everything adds up: Enter (or ctrl+s) confirms."

    run(go())


def test_a_deal_corrected_in_two_boxes_says_enter_twice_and_saves_both(tmp_path):
    """Hearts for four, deal 1 stored with Ben's and Cara's hearts swapped (5 and 3, meant 3 and 5).
    ctrl+e, Enter on deal 1, Tab to the boxes, Up to Ben's hearts, 3: the line under the boxes says
    Enter twice (another box may still be corrected); Enter says so again above the button and
    saves nothing; Up to Cara's, 5, Enter, Enter saves both (the first Enter stored Ben's 3 alone,
    and the 5 went into the next deal)."""
    from scorekeeper.tui.widgets.entry_form import EntryForm

    path = tmp_path / "g.db"
    with Store(path) as store:
        stored = store.new_game(load_ruleset("hearts"), "hearts", PLAYERS)
        stored.record({"queen": 2, "hearts": [2, 5, 3, 3]})

    async def correct():
        async with opened(path, "enter") as (app, pilot):
            screen = play_screen(app)
            await pilot.press("ctrl+e", "enter", "tab", "up", "up", "up", "up", "3")
            await settle(pilot)
            form = screen.query_one(EntryForm)
            assert screen.editing == 1 and screen.typist.typed()[("hearts", 2)] == 3
            line = form.problems.text.plain
            await pilot.press("enter")
            await settle(pilot)
            asked = form.question.text.plain
            stored_after_one = [dict(d) for d in screen.game.deals]
            await pilot.press("up", "up", "up", "5", "enter", "enter")
            await settle(pilot)
            return line, asked, stored_after_one, screen.editing, [dict(d) for d in screen.game.deals]

    line, asked, after_one, editing, deals = run(correct())
    assert line == "Everything adds up: ctrl+s confirms, or Enter twice (another box may still be corrected first)."
    assert asked == "Corrected: Enter again saves the deal, or go on correcting (Up and Down to a box)."
    assert after_one == [{"queen": 2, "hearts": (2, 5, 3, 3)}]
    assert editing is None and deals == [{"queen": 2, "hearts": (2, 3, 5, 3)}]


def test_a_key_refused_on_the_confirm_button_says_why_above_it(tmp_path):
    """Hearts for four, deal 1 stored; ctrl+z puts it back whole with the cursor on the Confirm
    button. The table types the deal again (`0 2 5 3 3`): each key is for no box, and the screen
    said nothing of it (the reason went to the box under the cursor, and the button has none): the
    line under the boxes still said Enter confirms, and each Enter after it did nothing. Now the
    reason is shown above the button, and Enter confirms nothing while it is."""
    from scorekeeper.tui.widgets.entry_form import EntryForm

    path = tmp_path / "g.db"
    with Store(path) as store:
        stored = store.new_game(load_ruleset("hearts"), "hearts", PLAYERS)
        stored.record({"queen": 2, "hearts": [2, 5, 3, 3]})

    async def go():
        async with opened(path, "enter", size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            await pilot.press("ctrl+z")
            await settle(pilot)
            form = screen.query_one(EntryForm)
            before = form.question.text.plain, form.current is form.confirm
            await pilot.press("0", "2")
            await settle(pilot)
            after = form.question.text.plain, form.problems.text.plain
            await pilot.press("enter")
            await settle(pilot)
            return before, after, form.question.text.plain, len(screen.game.deals), screen.draft.number

    before, after, on_enter, recorded, number = run(go())
    assert before == ("", True)
    assert after[0] == ("2 is for no box: every box is typed (Backspace takes it back, Up goes to a box to correct it,"
                        " ctrl+s confirms the boxes as shown)")
    assert "Enter" not in after[1]
    assert on_enter == after[0] and recorded == 0 and number == 1
