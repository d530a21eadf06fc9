"""What the players' phones type is the store's draft of the next deal (scorekeeper.web.seats):
it outlives the server, the terminal app and the shared phone see it, and no writer overwrites
a box another writer typed since it looked.

Lupaus, three players Anna, Ben, Cara; Anna deals deal 1 (10 cards), Ben bids first:
    bids Ben 3, Cara 4 -> Anna may not bid 3 (the bids would total 10);
    bids (Anna 2, Ben 3, Cara 4), tricks (Ben 3, Cara 5; Anna's 2 filled in) -> 12 13 0.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from helpers.phone import CODE, phone_client
from scorekeeper.play.undo import NextDeal
from scorekeeper.store.db import DraftChanged, Store
from test_web_phone_seats import ANNA, BEN, CARA, boxes, seat, seen, type_box
from helpers.phone import lupaus_store  # noqa: F401 (the store fixture)


def forbidden(view: dict) -> list:
    return [c["value"] for c in boxes(view)[("bid", ANNA)]["choices"] if not c["allowed"]]


def test_what_two_phones_typed_is_there_after_the_server_is_started_again(store):
    with phone_client(store.path) as client:
        assert type_box(client, "Ben", "bid", BEN, 3).status_code == 200
        assert type_box(client, "Cara", "bid", CARA, 4).status_code == 200
    assert store.open_game(1).draft == {"bid": ["", 3, 4]}  # in the store, not the server's memory
    with phone_client(store.path) as client:  # a new server over the same store
        anna = seat(client, "Anna")
        assert sorted(anna["typed"]) == [["bid", BEN, 3], ["bid", CARA, 4]]
        assert forbidden(anna) == [3] and anna["seat"]["said"] == "Your turn: your bid."
        assert type_box(client, "Anna", "bid", ANNA, 2, view=anna).status_code == 200
    assert store.open_game(1).draft == {"bid": [2, 3, 4]}


def test_the_app_opens_the_next_deal_with_what_the_phones_typed(store):
    with phone_client(store.path) as client:
        assert type_box(client, "Ben", "bid", BEN, 3).status_code == 200
        assert NextDeal(store.open_game(1)).typed == {("bid", BEN): 3}


def test_a_box_the_app_typed_since_the_phone_looked_is_not_overwritten(store):
    with phone_client(store.path) as client:
        ben = seat(client, "Ben")  # Ben's phone shows an empty bid
        app = NextDeal(store.open_game(1))  # the terminal app, another writer of the same store
        app.change("bid", BEN, 2)
        late = type_box(client, "Ben", "bid", BEN, 5, view=ben, was=None)
        assert late.status_code == 409
        assert late.json()["problem"] == ("The app changed Ben · Bid to 2 first: it is shown here now, not your 5. Nothing was "
                                          "changed here; tap again to change it.")
        assert store.open_game(1).draft == {"bid": ["", 2, ""]}
        assert type_box(client, "Ben", "bid", BEN, 5, was=2).status_code == 200
        assert store.open_game(1).draft == {"bid": ["", 5, ""]}


def test_the_apps_typing_keeps_the_boxes_phones_typed_since_it_looked(store):
    app = NextDeal(store.open_game(1))  # opened before the phones typed
    with phone_client(store.path) as client:
        assert type_box(client, "Ben", "bid", BEN, 3).status_code == 200
        app.change("turned", None, "hearts")  # the app types the trump turned: the bid stays
        assert store.open_game(1).draft == {"turned": "hearts", "bid": ["", 3, ""]}
        app.change("bid", BEN, 6)  # a box typed on Ben's phone since the app looked: Ben's stays
        assert store.open_game(1).draft == {"turned": "hearts", "bid": ["", 3, ""]}
        assert app.stored.reread_draft() is True  # and the app is told to show the stored boxes
        assert NextDeal(app.stored).typed == {("turned", None): "hearts", ("bid", BEN): 3}


def test_a_strict_write_over_a_draft_changed_meanwhile_writes_nothing(store):
    mine, other = store.open_game(1), Store(store.path).open_game(1)
    other.save_draft({"bid": [None, 3, None]})
    with pytest.raises(DraftChanged):
        mine.save_draft({"bid": [None, 5, None]}, strict=True)
    assert store.open_game(1).draft == {"bid": ["", 3, ""]}
    assert mine.reread_draft() is True and mine.draft == {"bid": ["", 3, ""]}
    mine.save_draft({"bid": [None, 5, None]}, strict=True)
    assert store.open_game(1).draft == {"bid": ["", 5, ""]}
    other.store.close()


def test_the_shared_phone_shows_what_the_players_phones_typed(store):
    with phone_client(store.path) as client:
        assert type_box(client, "Ben", "bid", BEN, 3).status_code == 200
        assert type_box(client, "Cara", "bid", CARA, 4).status_code == 200
        shared = client.get("/api/view").json()  # the whole table's phone, read-only
        assert {k: b["value"] for k, b in boxes(shared).items() if k[0] == "bid"} == {
            ("bid", ANNA): None, ("bid", BEN): 3, ("bid", CARA): 4}
        assert forbidden(shared) == [3] and sorted(shared["typed"]) == [["bid", BEN, 3], ["bid", CARA, 4]]
        # with the join code: its own boxes over the draft; a box it empties is empty for it
        mine = client.post("/api/view", json={"seen": seen(shared), "typed": [["bid", ANNA, 2], ["bid", CARA, None]]},
                           headers={"X-Join-Code": CODE}).json()
        assert {k: b["value"] for k, b in boxes(mine).items() if k[0] == "bid"} == {
            ("bid", ANNA): 2, ("bid", BEN): 3, ("bid", CARA): None}
        assert sorted(mine["typed"]) == [["bid", ANNA, 2], ["bid", BEN, 3]]  # every box typed, the page's too


def test_the_shared_phone_confirms_the_deal_the_players_typed_with_its_own_boxes(store):
    with phone_client(store.path) as client:
        for name, unit, bid in (("Ben", BEN, 3), ("Cara", CARA, 4), ("Anna", ANNA, 2)):
            assert type_box(client, name, "bid", unit, bid).status_code == 200
        shared = client.get("/api/view").json()
        typed = [["tricks", BEN, 3], ["tricks", CARA, 5]]
        # Ben changes nothing, but Cara's phone typed again since the shared phone looked: told, nothing recorded
        cara = seat(client, "Cara")
        assert cara["seat"]["turn"] is None
        saw = {**seen(shared), "typing": shared["typing"]}
        assert type_box(client, "Cara", "tricks", CARA, 4, view=cara).status_code == 200
        stale = client.post("/api/confirm", json={"seen": saw, "typed": typed}, headers={"X-Join-Code": CODE})
        assert stale.status_code == 409
        assert stale.json()["conflict"].startswith("The boxes of deal 1 were changed on another phone")
        assert store.open_game(1).entries_saved == 0
        fresh = stale.json()
        assert boxes(fresh)[("tricks", CARA)]["value"] == 5 and boxes(fresh)[("tricks", BEN)]["value"] == 3  # its own kept
        done = client.post("/api/confirm", json={"seen": {**seen(fresh), "typing": fresh["typing"]}, "typed": typed},
                           headers={"X-Join-Code": CODE})
        assert done.status_code == 200, done.text
    game = store.open_game(1)
    assert {s.name: s.total for s in game.game.standings()} == {"Anna": 12, "Ben": 13, "Cara": 0}
    assert game.draft is None


DRIVER = textwrap.dedent("""
    import sys
    from scorekeeper.store.db import Store
    stored = Store(sys.argv[1]).open_game(1)
    for n in range(1, 10_000):
        stored.save_draft({"bid": [None, n % 11, None]}, strict=True)
        print("SAVED", n % 11, flush=True)
""")


def test_a_phone_writer_killed_while_it_writes_leaves_the_last_box_it_said_or_the_next(store, tmp_path):
    """SIGKILL in the middle of a run of draft writes: the store opens, its draft is whole and is
    the last write the writer reported or the one after it (never another, never damaged)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for round_ in range(4):
        process = subprocess.Popen([sys.executable, "-c", DRIVER, str(store.path)], stdout=subprocess.PIPE,
                                   text=True, env=env)
        said = [process.stdout.readline() for _ in range(20 + 15 * round_)]
        process.send_signal(signal.SIGKILL)
        process.wait()
        said += [line for line in process.stdout.read().splitlines(keepends=True) if line.endswith("\n")]
        process.stdout.close()
        last = int(said[-1].split()[1])
        with Store(store.path) as again:
            bid = again.open_game(1).draft["bid"][1]
        assert bid in (last, (last + 1) % 11)
