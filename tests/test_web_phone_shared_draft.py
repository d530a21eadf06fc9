"""The shared phone's taps are the store's one draft of the next deal, as a player's phone's and
the app's typing are; and two writers typing the same box at once: the box keeps the first
value, the writer that came second is told who changed what first (in its own words) and sees
the stored value.

Lupaus, three players Anna, Ben, Cara; Anna deals deal 1 (10 cards), Ben bids first.
"""

from __future__ import annotations

import threading


from helpers.phone import CODE, phone_client
from helpers.stores import Script
from helpers.tui import notes, play_screen, resumed, run, settle
from scorekeeper.play.seats import overtaken_text
from scorekeeper.play.undo import NextDeal
from scorekeeper.store.db import Overtaken, Store
from test_web_phone_seats import ANNA, BEN, CARA, boxes, seat, seen
from helpers.phone import lupaus_store  # noqa: F401 (the store fixture)


def tap(client, field, unit, value, was=None, view=None, name=None):
    """A box tapped on the phone keeping the whole table's score (name None) or a player's."""
    view = view or client.get("/api/view").json()
    return client.post("/api/seat/type", json={"seen": seen(view), "name": name, "box": [field, unit, value],
                                               "was": was}, headers={"X-Join-Code": CODE})


def bids(view: dict) -> dict:
    return {k[1]: b["value"] for k, b in boxes(view).items() if k[0] == "bid"}


def test_a_tap_on_the_shared_phone_is_in_the_stores_draft_and_on_every_phone(store):
    with phone_client(store.path) as client:
        answer = tap(client, "bid", BEN, 3)
        assert answer.status_code == 200, answer.text
        assert bids(answer.json()) == {ANNA: None, BEN: 3, CARA: None}
        assert store.open_game(1).draft == {"bid": ["", 3, ""]}  # in the store, before anyone confirms
        assert bids(seat(client, "Cara")) == {ANNA: None, BEN: 3, CARA: None}  # a player's phone sees it
        assert bids(client.get("/api/view").json())[BEN] == 3  # and a second shared phone
        assert NextDeal(store.open_game(1)).typed == {("bid", BEN): 3}  # and the app


def test_what_the_shared_phone_tapped_is_there_after_the_server_is_started_again(store):
    with phone_client(store.path) as client:
        assert tap(client, "bid", BEN, 3).status_code == 200
        assert tap(client, "bid", CARA, 4).status_code == 200
    with phone_client(store.path) as client:
        view = client.get("/api/view").json()
        assert bids(view) == {ANNA: None, BEN: 3, CARA: 4}
        assert [c["value"] for c in boxes(view)[("bid", ANNA)]["choices"] if not c["allowed"]] == [3]


def test_the_store_keeps_who_typed_each_box_last(store):
    with phone_client(store.path) as client:
        assert tap(client, "bid", BEN, 3).status_code == 200
        assert tap(client, "bid", CARA, 4, name="Cara").status_code == 200
    app = NextDeal(store.open_game(1))
    app.change("turned", None, "hearts")
    stored = store.open_game(1)
    assert [stored.writer_of(f, u) for f, u in (("bid", BEN), ("bid", CARA), ("turned", None), ("bid", ANNA))] == [
        "shared", "seat:Cara", "app", None]


def test_a_box_both_wrote_keeps_the_first_and_the_later_writer_learns_who_and_what(store):
    mine, other = store.open_game(1), Store(store.path).open_game(1)  # both saw an empty deal
    assert other.save_draft({"bid": [None, 3, None]}, writer="seat:Ben") == []
    lost = mine.save_draft({"bid": [None, 5, 4]})  # Ben's bid: Ben's phone was first; Cara's: nobody else's
    assert lost == [Overtaken("bid", BEN, 3, "seat:Ben")]
    assert store.open_game(1).draft == {"bid": ["", 3, 4]}
    assert mine.save_draft({"bid": [None, 3, 4]}) == []  # the same value as the other: no conflict
    other.store.close()


def test_the_phone_that_comes_second_is_told_which_writer_was_first(store):
    with phone_client(store.path) as client:
        view = client.get("/api/view").json()  # the shared phone shows an empty bid
        assert tap(client, "bid", BEN, 2, name="Ben").status_code == 200  # Ben's phone is first
        late = tap(client, "bid", BEN, 5, view=view)
        assert late.status_code == 409
        assert late.json()["problem"] == ("Ben's phone changed Ben · Bid to 2 first: it is shown here now, not your 5. Nothing "
                                          "was changed here; tap again to change it.")
        assert bids(late.json())[BEN] == 2
        with_fi = client.post("/api/seat/type", json={"seen": seen(view), "name": "Cara", "box": ["bid", BEN, 5],
                                                      "was": None}, headers={"X-Join-Code": CODE, "X-Language": "fi"})
        assert with_fi.status_code == 409  # (Ben's box is not Cara's: refused before anything is compared)
        app = NextDeal(store.open_game(1))
        app.change("bid", CARA, 4)
        app.change("bid", BEN, None)  # the app empties Ben's bid
        emptied = tap(client, "bid", BEN, 6, was=2, view=view)
        assert emptied.json()["problem"] == ("The app emptied Ben · Bid first: it is shown here now, not your 6. Nothing was "
                                             "changed here; tap again to change it.")
        app.change("bid", CARA, 5)
        unseen = tap(client, "bid", CARA, None, was=4, view=view)  # the shared phone empties the 4 it showed
        assert unseen.json()["problem"] == ("The app changed Cara · Bid to 5 first: it is shown here now. Nothing "
                                            "was changed here; tap again to change it.")
    assert store.open_game(1).draft == {"bid": ["", "", 5]}


def test_the_app_that_comes_second_is_told_in_its_words(store):
    app = NextDeal(store.open_game(1))  # the app looked at an empty deal
    with phone_client(store.path) as client:
        assert tap(client, "bid", BEN, 3).status_code == 200
    mine = app.draft
    app.change("bid", BEN, 5)
    assert app.overtaken == [Overtaken("bid", BEN, 3, "shared")]
    assert app.stored.reread_draft() is True
    stored = NextDeal(app.stored).draft
    assert overtaken_text(mine, stored, app.overtaken) == (
        "The shared phone changed Ben · Bid to 3 first: the form shows it, not your 5. Type it again to change it.")


def _phone_types(db, box, value, name=None, was=None):
    with phone_client(db) as phone:
        view = phone.get("/api/view").json()
        answer = phone.post("/api/seat/type", json={"seen": seen(view), "name": name, "box": [box[0], box[1], value],
                                                    "was": was}, headers={"X-Join-Code": CODE})
        assert answer.status_code == 200, answer.text


async def _until(pilot, holds, seconds: float = 3.0) -> bool:
    for _ in range(int(seconds / 0.05)):
        if holds():
            return True
        await pilot.pause(0.05)
    return holds()


def test_a_tap_on_the_shared_phone_shows_in_the_app_before_the_deal_is_confirmed(tmp_path):
    db = tmp_path / "g.db"

    async def go():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"], [])) as (app, pilot):
            _phone_types(db, ("bid", BEN), 3)
            assert await _until(pilot, lambda: play_screen(app).draft.typed == {("bid", BEN): 3})

    run(go())


def test_the_app_typing_a_box_a_phone_changed_first_is_told_and_shows_the_phones_value(tmp_path):
    """The phone first: the app, which had not looked again yet, types Ben's bid 5 over the empty
    box it showed; the store keeps Ben's phone's 2, the app says so and shows 2."""
    db = tmp_path / "g.db"

    async def go():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"], [])) as (app, pilot):
            screen = play_screen(app)
            screen._follow_draft = lambda: None  # the app has not looked again since (its 0.5 s look)
            _phone_types(db, ("bid", BEN), 2, name="Ben")
            await pilot.press("5")
            await settle(pilot)
            screen = play_screen(app)
            assert screen.draft.typed == {("bid", BEN): 2}
            assert ("Ben's phone changed Ben · Bid to 2 first: the form shows it, not your 5. Type it again to "
                    "change it.") in notes(app)
        assert Store(db).open_game(1).draft == {"bid": ["", 2, ""]}

    run(go())


def test_an_enter_right_after_a_key_another_writer_was_first_for_does_not_confirm(tmp_path):
    """Bids 2 3 4 and Ben's 3 tricks typed; Cara's phone enters her tricks, 6, before the app looked
    again; the app types 5 there and Enter at once: the 5 is not stored (Cara's 6 is, and the app
    says so), and that Enter confirms nothing; the table looks, and Enter again records the deal
    with Cara's 6 (Anna's 1 filled in)."""
    db = tmp_path / "g.db"

    async def go():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"], [])) as (app, pilot):
            with phone_client(db) as phone:
                for box, value in ((("bid", BEN), 3), (("bid", CARA), 4), (("bid", ANNA), 2), (("tricks", BEN), 3)):
                    view = phone.get("/api/view").json()
                    answer = phone.post("/api/seat/type", json={"seen": seen(view), "name": None,
                                                                "box": [*box, value], "was": None},
                                        headers={"X-Join-Code": CODE})
                    assert answer.status_code == 200, answer.text
            assert await _until(pilot, lambda: len(play_screen(app).draft.typed) == 4)
            await settle(pilot)
            screen = play_screen(app)
            screen._follow_draft = lambda: None  # the app has not looked again since
            _phone_types(db, ("tricks", CARA), 6, name="Cara")
            await pilot.press("5", "enter")
            await settle(pilot)
            screen = play_screen(app)
            assert screen.game.deals == [] and screen.draft.typed[("tricks", CARA)] == 6
            assert ("Cara's phone changed Cara · Tricks to 6 first: the form shows it, not your 5. Type it again "
                    "to change it.") in notes(app)
            assert "Another device changed the deal just now: check the boxes, then confirm again." in notes(app)
            await pilot.press("enter")
            await settle(pilot)
            assert len(screen.game.deals) == 1 and screen.game.deals[0]["tricks"] == (1, 3, 6)

    run(go())


def test_a_tap_answer_names_the_typing_event_it_makes_so_the_page_does_not_ask_again(store):
    """The page that tapped skips the pushed "typing" event of its own write (it has that view)."""
    with phone_client(store.path) as client:
        echo = tap(client, "bid", BEN, 3).json()["echo"]
        assert len(echo) == 8
        for _ in range(100):
            version = client.get("/state.json").json()["version"]
            if version.split("-")[2:3] == [echo]:
                break
            threading.Event().wait(0.05)
        assert version.split("-")[2] == echo  # the third part of the version: the event's data
        assert tap(client, "bid", CARA, 4).json()["echo"] not in ("", echo)


def test_the_apps_ctrl_z_takes_back_only_what_was_typed_in_the_app_and_says_whose_the_rest_is(tmp_path):
    """Deal 1 recorded (Ben deals deal 2, Cara bids first). The shared phone types Ben's bid 2 and
    the app then Cara's 4: ctrl+z takes back the app's 4 only; ctrl+z again erases nothing and
    does not take deal 1 back over the phone's typing (the status line says who typed which
    box); once the phone empties its box, ctrl+z takes deal 1 back."""
    db = tmp_path / "g.db"
    deal_1 = {"bid": [2, 3, 4], "tricks": [2, 3, 5]}

    async def go():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"], [deal_1])) as (app, pilot):
            _phone_types(db, ("bid", BEN), 2)
            assert await _until(pilot, lambda: play_screen(app).draft.typed == {("bid", BEN): 2})
            await settle(pilot)
            await pilot.press("4")  # Cara's bid, the box the cursor is on (she bids first in deal 2)
            assert await _until(pilot, lambda: play_screen(app).draft.typed == {("bid", BEN): 2, ("bid", CARA): 4})
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert play_screen(app).draft.typed == {("bid", BEN): 2}
            await pilot.press("ctrl+z")
            await settle(pilot)
            screen = play_screen(app)
            assert screen.draft.typed == {("bid", BEN): 2} and len(screen.game.deals) == 1
            assert ("Nothing taken back: the boxes of deal 2 hold what other devices typed (The shared phone: Ben · Bid). "
                    "ctrl+z takes back only what was typed here; the last deal is taken back once the boxes are "
                    "empty (ctrl+l empties them).") in notes(app)
            assert Store(db).open_game(1).draft == {"bid": ["", 2, ""]}
            _phone_types(db, ("bid", BEN), None, was=2)
            assert await _until(pilot, lambda: play_screen(app).draft.typed == {})
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert play_screen(app).game.deals == []  # deal 1 taken back, its values in the boxes

    run(go())


def _cursor(app):
    from scorekeeper.tui.widgets.entry_form import EntryForm

    form = play_screen(app).query_one(EntryForm)
    box = form.cursor_slot()
    cell = form.view.cells.get(box.slot) if box is not None and hasattr(box, "slot") else None
    return (cell.field, cell.unit) if cell is not None else None


def test_the_apps_cursor_stays_where_the_player_was_when_a_phone_types_another_box(tmp_path):
    """The app's cursor moved down to Cara's bid; the shared phone enters Ben's tricks: the form
    shows them and the cursor is still on Cara's bid (not back on the first box)."""
    db = tmp_path / "g.db"

    async def go():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"], [])) as (app, pilot):
            assert _cursor(app) == ("turned", None)  # the trump suit's box first (it may stay empty)
            await pilot.press("down", "down")
            await settle(pilot)
            assert _cursor(app) == ("bid", CARA)
            _phone_types(db, ("tricks", BEN), 3)
            assert await _until(pilot, lambda: play_screen(app).draft.typed.get(("tricks", BEN)) == 3)
            await settle(pilot)
            assert _cursor(app) == ("bid", CARA)
            await pilot.press("4")  # typed where the player was
            await settle(pilot)
            assert play_screen(app).draft.typed == {("tricks", BEN): 3, ("bid", CARA): 4}

    run(go())


def test_after_another_writer_was_first_the_apps_cursor_is_on_the_box_in_question(tmp_path):
    """Ben's phone bids 2 before the app looked again; the app types 5 there (its cursor moving on
    to Cara's bid): the store keeps the 2, and the cursor goes back to Ben's bid, where the table
    may type again (not to the first empty box, Cara's bid)."""
    db = tmp_path / "g.db"

    async def go():
        async with resumed(db, Script("lupaus", ["Anna", "Ben", "Cara"], [])) as (app, pilot):
            play_screen(app)._follow_draft = lambda: None  # the app has not looked again since
            _phone_types(db, ("bid", BEN), 2, name="Ben")
            await pilot.press("5")
            await settle(pilot)
            assert play_screen(app).draft.typed == {("bid", BEN): 2}
            assert _cursor(app) == ("bid", BEN)

    run(go())
