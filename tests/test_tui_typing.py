"""Typing at any speed: every key of a burst sent at once (Pilot's ``press`` waits for the
app to settle after each key, a fast typist's terminal does not), and pasted text."""

from __future__ import annotations

from textual import events

from helpers.tui import flat, name_players, new_game, opened, play_screen, run, screen_text, settle
from scorekeeper.game.game import Game
from scorekeeper.play.layout import Slot
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.tui.widgets.entry_form import under_cursor

HAND = "SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ C3"  # worth 16: 2 aces 6, a king 2, 3 queens 3, 5 hearts
CHARS = {"space": " ", "enter": "\r", "tab": "\t"}


def keys(text: str) -> list[str]:
    return ["space" if ch == " " else ch for ch in text]


async def burst(pilot, *names: str) -> None:
    """Every key sent to the app at once, with no pause between them; then it settles."""
    app = pilot.app
    for name in names:
        event = events.Key(name, CHARS.get(name, name if len(name) == 1 else None))
        event.set_sender(app)
        app._driver.send_message(event)
    await settle(pilot, 6)
    quiet = 0
    for _ in range(600):  # a loaded machine: until every key of the burst has had its turn
        idle = not app._waiting_keys and not app._key_busy and app._message_queue.empty()
        quiet = quiet + 1 if idle else 0
        if quiet >= 3:  # (keys still on their way from the driver are in the message queue)
            break
        await pilot.pause(0.05)
    await settle(pilot, 2)


async def paste(pilot, text: str) -> None:
    event = events.Paste(text)
    event.set_sender(pilot.app)
    pilot.app._driver.send_message(event)
    await settle(pilot, 6)


async def wysiwyg_at_the_cards(pilot):
    """A WYSIWYG game, Aino deals: the focus starts at Bertta's value (the cards may stay
    empty, and a digit is a card's key too, so the focus does not stop there); 12 moves on
    to Aino's value, and Up to her cards."""
    await new_game(pilot, "wysiwyg", ["Aino", "Bertta"])
    assert under_cursor(pilot.app.focused).slot == Slot("value", 1)
    await burst(pilot, "1", "2", "up")
    assert under_cursor(pilot.app.focused).slot == Slot("hand", 2)


def rung(app) -> list:
    """The bells the app rings from now on, one entry each."""
    bells = []
    app.bell = lambda: bells.append(1)
    return bells


def check_hand(app, box) -> None:
    view = play_screen(app).draft.view()
    assert box.text == HAND
    assert view.cells[Slot("hand", 2)].text == HAND
    assert view.cells[Slot("hand", 2)].errors == ()
    assert view.cells[Slot("value", 2)].value == 16


def test_cards_typed_in_one_burst_are_all_kept_in_order(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await wysiwyg_at_the_cards(pilot)
            box = under_cursor(app.focused)
            await burst(pilot, *keys(HAND))
            check_hand(app, box)
            assert HAND in screen_text(app)

    run(go())


def test_cards_typed_after_the_key_that_reaches_their_box(tmp_path):
    """Bertta's value, Up and Aino's cards in one burst: the cards land in Aino's box."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "wysiwyg", ["Aino", "Bertta"])
            await burst(pilot, "1", "2", "up", *keys(HAND))
            check_hand(app, under_cursor(app.focused))
            assert play_screen(app).draft.view().cells[Slot("value", 1)].value == 12

    run(go())


def test_pasted_cards_are_kept(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await wysiwyg_at_the_cards(pilot)
            box = under_cursor(app.focused)
            await paste(pilot, HAND)
            check_hand(app, box)

    run(go())


def test_names_typed_in_one_burst_land_in_their_seats(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await name_players(pilot, "lupaus", [])
            await burst(pilot, *keys("Ben"), "tab", *keys("Cara"), "tab", *keys("Dan"))
            seats = [app.screen.query_one(f"#seat-{n}").value for n in (1, 2, 3, 4)]
            assert seats == ["Ben", "Cara", "Dan", ""]

    run(go())


def test_whole_lupaus_deals_typed_in_one_burst_are_recorded_exactly(tmp_path):
    """4 players, deals 1 and 2 typed in one burst. Deal 1 (Anna deals 10 cards, trump
    turned hearts): bids Ben 3, Cara 2, Dan 4, Anna 0; tricks Ben 3, Cara 1, Dan 4, Anna's 2
    filled in: one key a value (Cara's 1 waits, as 10 could follow; the 4 after it is Dan's)
    and Enter to confirm, 9 keys. Deal 2 (Ben deals 9, spades) typed out of habit, Enter
    after every value: the Enter after a value that moved on by itself is taken, and the
    last confirms. Bids Cara 1, Dan 2, Anna 3, Ben 0; tricks Cara 1, Dan 2, Anna 3, Ben's 3
    filled in."""
    names = ["Anna", "Ben", "Cara", "Dan"]
    expected = Game(load_ruleset("lupaus"), names, {})
    assert [expected.setup.cards(n) for n in (1, 2)] == [10, 9]
    expected.record({"turned": "h", "bid": [0, 3, 2, 4], "tricks": [2, 3, 1, 4]})
    expected.record({"turned": "s", "bid": [3, 0, 1, 2], "tricks": [3, 3, 1, 2]})

    def typed(*values: str) -> list[str]:
        return [key for value in values for key in (*keys(value), "enter")]

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", names)
            screen = play_screen(app)
            await burst(pilot, *"h3240314", "enter", *typed("s", "1", "2", "3", "0", "1", "2", "3"))
            assert len(screen.game.deals) == 2, screen_text(app)
            assert [dict(d) for d in screen.game.deals] == [dict(d) for d in expected.deals]
            assert screen.game.totals() == expected.totals()
            assert expected.totals() == (13, 13, 11, 26)  # exact: 10 + the bid
            assert screen.draft.is_empty and screen.draft.number == 3

    run(go())


def test_a_refused_bid_keeps_the_focus_and_its_reason_until_a_legal_one(tmp_path):
    """Lupaus, 4 players, 10 cards: Ben 3, Cara 2, Dan 4; the dealer Anna's 1 would make 10.
    It waits for a 0 (10 she may bid); Enter on it rings the bell and stays, saying why; 0 is then taken and the focus
    goes on to the tricks by itself."""
    message = "Dealer Anna may not bid 1: the bids would total 10, the number of tricks"

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            screen = play_screen(app)
            bells = rung(app)
            await burst(pilot, "h", "3", "2", "4", "1", "enter", "enter")
            anna = under_cursor(app.focused)
            assert anna.slot == Slot("bid", 4) and anna.cell.who == "Anna"
            assert screen.draft.view().cells[anna.slot].value is None
            text = flat(screen_text(app))  # the reason once, not again as "✗ not that: ..."
            assert text.count(message) == 1
            assert len(bells) == 2  # each Enter on the 1 (typed alone, it waits: 10 is a bid Anna may make)
            await burst(pilot, "0")  # whole: on to the tricks by itself
            assert screen.draft.view().cells[anna.slot].value == 0
            ben = under_cursor(app.focused)
            assert ben.slot == Slot("tricks", 1) and ben.cell.who == "Ben"
            assert "not that" not in screen_text(app)

    run(go())


def test_what_moved_on_by_itself_is_shown_and_backspace_takes_it_back(tmp_path):
    """Lupaus, 4 players, 10 cards. The focus starts at the trump box (it may stay empty):
    3 there is Ben's bid, and the focus moves on by itself to Cara, who is told so. A 1 waits
    (10 could follow), and says so. Backspace right after keys takes them back one by one, each
    leaving the boxes and the cursor as they were before it; a new app on the store shows the
    same boxes."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            screen = play_screen(app)
            assert under_cursor(app.focused).slot == Slot("turned", 0)
            await burst(pilot, "3")
            assert screen.draft.typed == {("bid", 2): 3}
            assert under_cursor(app.focused).cell.who == "Cara"
            cara = next(line for line in screen_text(app).splitlines() if "Cara" in line and "Bid" in line)
            assert cara.lstrip().startswith("↳ Cara") and "moved on · ⌫ back" in cara  # (↳: came by itself)
            await burst(pilot, "1")
            assert under_cursor(app.focused).cell.who == "Cara" and "typed 1…" in screen_text(app)  # 1 is chosen, 10 may follow: shown as waiting
            assert screen.draft.typed == {("bid", 2): 3, ("bid", 3): 1}
            await burst(pilot, "2")  # 12 is no bid: the 2 is Dan's
            assert screen.draft.typed == {("bid", 2): 3, ("bid", 3): 1, ("bid", 4): 2}
            assert under_cursor(app.focused).cell.who == "Anna"
            await burst(pilot, "backspace")  # the 2 taken back: as before it, Cara's 1 waiting (10 could follow)
            assert under_cursor(app.focused).cell.who == "Cara" and screen.draft.typed == {("bid", 2): 3, ("bid", 3): 1}
            assert "typed 1…" in screen_text(app)
            await burst(pilot, "backspace")  # and again, as in a line of text: Cara's 1
            assert under_cursor(app.focused).cell.who == "Cara" and screen.draft.typed == {("bid", 2): 3}
            return screen.draft.typed

    typed = run(go())

    async def again():
        async with opened(tmp_path / "g.db", "enter") as (app, pilot):
            return play_screen(app).draft.typed

    assert run(again()) == typed


def test_enter_on_a_complete_deal_confirms_it_from_any_box(tmp_path):
    """Lupaus, 3 players, 10 cards, every value typed (the last tricks filled in): Up to
    the first bid and Enter confirms the deal; deal 2 starts at the trump box."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara"])
            screen = play_screen(app)
            await burst(pilot, "h", "3", "4", "2", "3", "4")
            assert screen.draft.view().can_confirm and under_cursor(app.focused).id == "confirm"
            await burst(pilot, *["up"] * 6)  # the three tricks boxes, the three bids
            assert under_cursor(app.focused).slot == Slot("bid", 1)
            await burst(pilot, "enter")
            assert len(screen.game.deals) == 1 and screen.game.totals() == (0, 13, 14)
            assert under_cursor(app.focused).slot == Slot("turned", 0) and screen.draft.number == 2

    run(go())


def test_a_click_puts_the_cursor_on_the_box_clicked(tmp_path):
    """Lupaus, 4 players: a click on Cara's tricks box puts the form's cursor there (the
    form keeps the focus) and a 4 typed is her tricks."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            form = app.focused
            top, _ = form.place(next(box for box in form.boxes() if box.id == "row-tricks-2"))
            await pilot.click("#entry-form", offset=(4, top - form.scroll_offset.y))
            await settle(pilot)
            box = under_cursor(app.focused)
            assert app.focused is form and box.slot == Slot("tricks", 2) and box.cell.who == "Cara"
            marked = [line for line in screen_text(app).splitlines() if line.lstrip().startswith("▶")]
            assert [line.split()[:3] for line in marked] == [["▶", "Cara", "Tricks"]]  # drawn with no key
            await burst(pilot, "4")
            assert play_screen(app).draft.view().cells[Slot("tricks", 2)].value == 4

    run(go())


def test_a_deal_pasted_into_the_value_boxes_is_typed_value_by_value(tmp_path):
    """Lupaus, 4 players, deal 1 (10 cards): "h3240314" pasted at the trump box is the trump
    (hearts), the bids 3 2 4 0 and the tricks 3, 1 (which waits: 10 could follow) and 4 (so
    Cara's is 1, Dan's 4); Anna's 2 is filled in. A newline pasted after it confirms the deal."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            screen = play_screen(app)
            await paste(pilot, "h3240314")
            for _ in range(20):  # (each pasted key takes its turn)
                await settle(pilot)
            assert screen.draft.plain_values() == {"turned": "hearts", "bid": [0, 3, 2, 4], "tricks": [2, 3, 1, 4]}
            await paste(pilot, "\n")
            for _ in range(10):
                await settle(pilot)
            assert [dict(d) for d in screen.game.deals] == [{"turned": "hearts", "bid": (0, 3, 2, 4),
                                                             "tricks": (2, 3, 1, 4)}]

    run(go())


def test_a_key_that_is_no_value_of_the_box_is_refused_saying_which_keys_are(tmp_path):
    """Lupaus, 4 players: x at the trump box (it may stay empty, and x is no key of the bids
    after it either) and then x at Ben's bid ring the bell and say what the box takes; the
    cursor stays, and 3 is then Ben's bid."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara", "Dan"])
            screen = play_screen(app)
            bells = rung(app)
            await burst(pilot, "x")
            assert under_cursor(app.focused).slot == Slot("turned", 0)
            assert "✗ not that: x picks nothing here: the keys are s ♠, h ♥, d ♦, c ♣" in flat(screen_text(app))
            await burst(pilot, "h", "x")
            assert under_cursor(app.focused).slot == Slot("bid", 1)  # Ben's, the first bid
            assert "✗ not that: x picks nothing here: the keys are 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10" \
                in flat(screen_text(app))
            assert len(bells) == 2
            await burst(pilot, "3")
            assert screen.draft.view().cells[Slot("bid", 1)].value == 3
            assert "x picks nothing here" not in screen_text(app)

    run(go())


def test_cards_are_edited_where_the_cursor_is(tmp_path):
    """WYSIWYG, Aino's cards: typed with a card too many, Left, Left and two Backspaces take
    out the card before the last (C3 stays, CJ goes), End and the card typed again: the
    box holds the hand and the value follows it."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await wysiwyg_at_the_cards(pilot)
            box = under_cursor(app.focused)
            await burst(pilot, *keys(HAND.replace(" C3", " C2 C3")))
            await burst(pilot, *["left"] * 3, "backspace", "backspace", "backspace", "end")
            assert box.text == HAND and box.pos == len(box.text)
            check_hand(app, box)

    run(go())


def test_cards_are_edited_card_by_card(tmp_path):
    """WYSIWYG, Aino's cards, the hand typed: ctrl+left twice reaches the start of CJ,
    ctrl+w takes out the card before it (CQ) and again the one before that (D9), and both
    are typed again there; ctrl+k at the end takes out nothing, and ctrl+u at the start of
    C3 takes out all before it, which is typed again."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await wysiwyg_at_the_cards(pilot)
            box = under_cursor(app.focused)
            await burst(pilot, *keys("SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ C3"))
            await burst(pilot, "ctrl+left", "ctrl+left", "ctrl+w")
            assert box.text == "SK SQ S7 HA HQ H8 H5 H2 DA D9 CJ C3"
            await burst(pilot, "ctrl+w", *keys("D9 CQ "))
            assert box.text == "SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ C3"
            await burst(pilot, "end", "ctrl+k", "ctrl+left", "ctrl+u")
            assert box.text == "C3" and box.pos == 0
            await burst(pilot, *keys("SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ "), "end")
            check_hand(app, box)

    run(go())


def test_the_line_under_a_complete_deal_says_what_enter_will_do(tmp_path):
    """French Tarot, 5 players: garde, Ben takes and calls Dan, 2 oudlers, 45 card points, typed
    in one burst: the deal adds up, but the cursor came to Confirm by itself past two optional
    boxes (petit au bout, poignées), so the line says Enter 3 times (or ctrl+s), not that Enter
    confirms: the first Enter may be the habit after the value, the second may pass over the
    petit's box; the third confirms: garde won by 4, (25 + 4) x 2 = 58 from each defender."""
    from helpers.stores import Script

    from helpers.tui import resumed

    async def go():
        async with resumed(tmp_path / "g.db", Script("french-tarot", ["Anna", "Ben", "Cara", "Dan", "Eve"], []),
                           size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            await burst(pilot, "g", "b", "d", "2", "4", "5")
            text = flat(screen_text(app))
            assert "Everything adds up: ctrl+s confirms, or Enter 3 times" in text, text
            assert "Enter (or ctrl+s) confirms" not in text
            await burst(pilot, "enter")
            assert len(screen.game.deals) == 0
            assert "The deal is complete: ctrl+s confirms it, or Enter 2 times" in flat(screen_text(app))
            await burst(pilot, "enter")
            assert len(screen.game.deals) == 0
            assert "The deal is complete: Enter again confirms it" in flat(screen_text(app))
            await burst(pilot, "enter")
            assert len(screen.game.deals) == 1 and screen.game.totals() == (-58, 116, -58, 58, -58)

    run(go())


def test_the_line_under_a_deal_the_keys_read_two_ways_says_enter_asks(tmp_path):
    """Doppelkopf, 1 3 0 for Re's card points: the keys also read as 13 and a 0 in a box after
    it, so the line does not say that Enter confirms: it says Enter asks which deal is meant;
    Enter and ctrl+s ask (2 ways), 1 picks 130 and confirms it: Re 130 with Re and Kontra announced
    wins 1 + 2 + 2 = 5 a player."""
    from helpers.stores import Script

    from helpers.tui import resumed

    async def go():
        async with resumed(tmp_path / "g.db", Script("doppelkopf", ["Anna", "Ben", "Cara", "Dan"], []),
                           size=(80, 24)) as (app, pilot):
            screen = play_screen(app)
            await burst(pilot, "n", "a", "c", "r", "k", "1", "3", "0")
            text = flat(screen_text(app))
            assert "Everything adds up, but the keys typed read as more than one deal: Enter (or ctrl+s) asks" in text
            await burst(pilot, "enter", "ctrl+s")  # (a second Enter may be passing over a box: ctrl+s asks now)
            assert len(screen.game.deals) == 0 and "The keys read 2 ways" in flat(screen_text(app))
            await burst(pilot, "1", "enter")
            assert len(screen.game.deals) == 1 and screen.game.totals() == (5, -5, 5, -5)

    run(go())


def test_after_the_question_to_check_the_boxes_the_bursts_last_enter_stores_nothing_and_ctrl_s_the_boxes(tmp_path):
    """Doppelkopf typed in one burst (the entry property's seed 4): the sixth of the seven
    Enters the form asked for finds more readings than are followed and asks to check the
    boxes; the seventh stored the deal shown (Re's ninety where Kontra's was meant). Now it
    stores nothing, and ctrl+s stores the boxes as shown (after the table corrected them)."""
    from helpers.stores import Script
    from helpers.tui import resumed

    from test_play_typing import DOPPELKOPF_BURST

    async def go():
        async with resumed(tmp_path / "g.db", Script("doppelkopf", ["Anna", "Ben", "Cara", "Dan"],
                                                     options={"bock": False})) as (app, pilot):
            screen = play_screen(app)
            await burst(pilot, *DOPPELKOPF_BURST.split())
            assert not screen.game.deals
            assert "check the boxes" in flat(screen_text(app))
            shown = dict(screen.typist.typed())
            await burst(pilot, "ctrl+s")
            assert len(screen.game.deals) == 1
            deal = screen.game.deals[0]
            return shown, deal

    shown, deal = run(go())
    assert shown[("re_said", None)] == "ninety" and deal["re_said"] == "ninety" and deal["re_points"] == 100
