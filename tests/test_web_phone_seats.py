"""A phone per player (scorekeeper.web.seats), through Starlette's test client: a phone opened as
a seat sees the whole table, types its own boxes only (the bid in its turn), the phones' typing
combines into one draft on the server, two phones typing the same box are not overwritten, and
any seat confirms the deal they typed.

Lupaus, three players Anna, Ben, Cara; Anna deals deal 1 (10 cards), Ben bids first:
    bids Ben 3, Cara 4 -> Anna may not bid 3 (the bids would total 10);
    bids (Anna 2, Ben 3, Cara 4), tricks (Ben 3, Cara 5; Anna's 2 filled in) -> 12 13 0.
"""

from __future__ import annotations

import http.client

import pytest

from helpers.phone import CODE, phone_client, phone_server
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from test_web_server import read_event

ANNA, BEN, CARA = 1, 2, 3


@pytest.fixture
def served(tmp_path):
    store = Store(tmp_path / "s.db")
    game = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    with phone_client(store.path) as client:
        yield client, store, game
    store.close()


def seat(client, name=None) -> dict:
    response = client.get("/api/seat", params={} if name is None else {"name": name})
    assert response.status_code == 200, response.text
    return response.json()


def seen(view: dict) -> dict:
    return {"game": view["game"]["id"], "seq": view["seq"], "deal": view["deal"]["number"]}


def boxes(view: dict) -> dict:
    return {(b["field"], b["unit"]): b for p in view["deal"]["phases"] for b in p["boxes"]}


def type_box(client, name, field, unit, value, was=None, view=None, code=CODE):
    view = view or seat(client, name)
    headers = {"X-Join-Code": code} if code else {}
    return client.post("/api/seat/type", json={"seen": seen(view), "name": name, "box": [field, unit, value],
                                               "was": was}, headers=headers)


def test_a_phone_chooses_its_player_from_the_games_players(served):
    client, _, _ = served
    view = seat(client)
    assert view["seat"]["players"] == ["Anna", "Ben", "Cara"]
    assert view["seat"]["name"] is None
    response = client.get("/api/seat", params={"name": "Dora"})
    assert (response.status_code, response.json()) == (
        400, {"problem": "There is no player Dora in this game: choose one of Anna, Ben, Cara."})


def test_each_phone_sees_whose_turn_it_is_and_only_its_own_boxes_are_open(served):
    client, _, _ = served
    cara = seat(client, "Cara")
    assert (cara["seat"]["seat"], cara["seat"]["turn"], cara["seat"]["said"]) == (CARA, "Ben", "Waiting for Ben's bid.")
    mine = {k: (b["mine"], b["now"]) for k, b in boxes(cara).items()}
    assert mine[("bid", CARA)] == (True, False) and mine[("tricks", CARA)] == (True, False)
    assert mine[("bid", BEN)] == (False, False) and mine[("turned", None)] == (False, True)
    assert seat(client, "Ben")["seat"]["said"] == "Your turn: your bid."


def test_a_bid_out_of_turn_or_in_anothers_box_is_refused_and_nothing_is_typed(served):
    client, store, _ = served
    early = type_box(client, "Cara", "bid", CARA, 4)
    assert (early.status_code, early.json()["problem"]) == (409, "Not yet: it is Ben's turn.")
    other = type_box(client, "Ben", "bid", CARA, 4)
    assert (other.status_code, other.json()["problem"]) == (409, "Cara · Bid is entered on Cara's phone.")
    tricks = type_box(client, "Ben", "tricks", BEN, 3)
    assert (tricks.status_code, tricks.json()["problem"]) == (409, "Ben · Tricks is entered once the bidding is over.")
    assert seat(client, "Anna")["typed"] == []
    assert store.open_game(1).entries_saved == 0


def test_bids_typed_on_several_phones_are_one_draft_and_the_dealer_sees_the_forbidden_bid(served):
    client, _, _ = served
    assert type_box(client, "Ben", "bid", BEN, 3).status_code == 200
    cara = seat(client, "Cara")
    assert boxes(cara)[("bid", BEN)]["value"] == 3 and cara["seat"]["said"] == "Your turn: your bid."
    assert type_box(client, "Cara", "bid", CARA, 4, view=cara).status_code == 200
    anna = seat(client, "Anna")
    assert sorted(anna["typed"]) == [["bid", BEN, 3], ["bid", CARA, 4]]
    assert [(c["value"], c["reason"]) for c in boxes(anna)[("bid", ANNA)]["choices"] if not c["allowed"]] == [
        (3, "Dealer Anna may not bid 3: the bids would total 10, the number of tricks")]
    assert anna["seat"]["said"] == "Your turn: your bid."
    # Ben may not change his bid now that Cara spoke; Cara may, until Anna bids.
    assert type_box(client, "Ben", "bid", BEN, 2, was=3).json()["problem"].startswith("The next player has spoken")
    assert type_box(client, "Cara", "bid", CARA, 5, was=4).status_code == 200
    assert boxes(seat(client, "Ben"))[("bid", CARA)]["value"] == 5


def test_two_phones_typing_the_same_box_the_later_is_told_and_nothing_is_overwritten(served):
    client, _, _ = served
    both = seat(client, "Ben")  # two phones opened as Ben (or a phone reloaded): both see an empty box
    assert type_box(client, "Ben", "bid", BEN, 3, view=both).status_code == 200
    later = type_box(client, "Ben", "bid", BEN, 5, view=both, was=None)
    assert later.status_code == 409
    assert later.json()["problem"] == ("Ben's phone changed Ben · Bid to 3 first: it is shown here now, not your 5. Nothing was "
                                       "changed here; tap again to change it.")
    assert boxes(later.json())[("bid", BEN)]["value"] == 3


def test_the_tricks_are_typed_by_each_player_and_any_seat_confirms_the_deal(served):
    client, store, _ = served
    for name, unit, bid in (("Ben", BEN, 3), ("Cara", CARA, 4), ("Anna", ANNA, 2)):
        assert type_box(client, name, "bid", unit, bid).status_code == 200
    assert type_box(client, "Ben", "tricks", BEN, 3).status_code == 200
    view = seat(client, "Anna")
    assert view["deal"]["can_confirm"] is False
    incomplete = client.post("/api/seat/confirm", json={"seen": seen(view), "name": "Anna"},
                             headers={"X-Join-Code": CODE})
    assert incomplete.status_code == 422 and store.open_game(1).entries_saved == 0
    assert type_box(client, "Cara", "tricks", CARA, 5).status_code == 200
    view = seat(client, "Ben")
    assert boxes(view)[("tricks", ANNA)]["value"] == 2 and boxes(view)[("tricks", ANNA)]["auto"] is True
    assert view["deal"]["can_confirm"] is True
    done = client.post("/api/seat/confirm", json={"seen": seen(view), "name": "Ben"}, headers={"X-Join-Code": CODE})
    assert done.status_code == 200, done.text
    assert done.json()["said"] == "Deal 1 saved."
    game = store.open_game(1).game
    assert game.deals[0]["bid"] == (2, 3, 4) and game.deals[0]["tricks"] == (2, 3, 5)
    assert [(s.name, s.total) for s in game.standings()] == [("Ben", 13), ("Anna", 12), ("Cara", 0)]
    after = seat(client, "Cara")
    assert after["deal"]["number"] == 2 and after["typed"] == []


def test_typing_needs_the_join_code(served):
    client, _, _ = served
    response = type_box(client, "Ben", "bid", BEN, 3, code=None)
    assert response.status_code == 403
    assert seat(client, "Ben")["typed"] == []


def test_a_box_typed_for_a_deal_confirmed_meanwhile_is_not_carried_to_the_next(served):
    client, store, game = served
    view = seat(client, "Ben")
    game.record({"bid": [2, 3, 4], "tricks": [2, 3, 5], "turned": None})  # the shared phone (or the TUI) was first
    late = type_box(client, "Ben", "bid", BEN, 3, view=view)
    assert late.status_code == 409
    assert late.json()["conflict"].startswith("The deal was confirmed or changed on another device first")
    assert late.json()["deal"]["number"] == 2 and late.json()["typed"] == []


def test_a_box_typed_on_a_phone_is_pushed_to_every_page(tmp_path):
    """GET /events: a box typed on a player's phone is the next event (``typing``), without asking."""
    store = Store(tmp_path / "s.db")
    store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    with phone_server(store.path) as (address, _):
        host, port = address.removeprefix("http://").split(":")
        events = http.client.HTTPConnection(host, int(port), timeout=20)
        events.request("GET", "/events")
        stream = events.getresponse()
        names = [read_event(stream)[0] for _ in range(3)]
        assert names == ["version", "game", "typing"]
        conn = http.client.HTTPConnection(host, int(port), timeout=20)
        conn.request("GET", "/api/seat?name=Ben", headers={"Host": f"{host}:{port}"})
        view = __import__("json").loads(conn.getresponse().read())
        body = __import__("json").dumps({"seen": seen(view), "name": "Ben", "box": ["bid", BEN, 3], "was": None})
        conn.request("POST", "/api/seat/type", body, {"Content-Type": "application/json", "X-Join-Code": CODE})
        assert conn.getresponse().status == 200
        kind, version = read_event(stream)  # the board shows the draft: a new version, then the typing
        assert kind == "version" and version.startswith('"1-0-')
        assert read_event(stream) == ("typing", '"' + version.strip('"').split("-")[2] + '"')
        conn.close()
        events.close()
    store.close()


@pytest.mark.parametrize("box, problem", [
    (["bid", BEN], "A box is sent as [field, seat, value]."),
    ("bid", "A box is sent as [field, seat, value]."),
    (["bids", BEN, 3], "There is no field bids in this game."),
    (["bid", 4, 3], "The field bid has no seat or partnership 4 in this deal."),
])
def test_a_box_that_is_not_one_is_a_bad_request(served, box, problem):
    client, _, _ = served
    view = seat(client, "Ben")
    response = client.post("/api/seat/type", json={"seen": seen(view), "name": "Ben", "box": box, "was": None},
                           headers={"X-Join-Code": CODE})
    assert (response.status_code, response.json()) == (400, {"problem": problem})
    assert seat(client, "Ben")["typed"] == []


def test_a_finished_game_has_nothing_to_type(tmp_path):
    store = Store(tmp_path / "s.db")
    game = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    game.record({"bid": [2, 3, 4], "tricks": [2, 3, 5], "turned": None})
    game.end_early()
    with phone_client(store.path) as client:
        view = seat(client, "Ben")
        assert view["deal"] is None and view["over"] is True
        response = client.post("/api/seat/type", json={"seen": {"game": 1, "seq": view["seq"], "deal": None},
                                                       "name": "Ben", "box": ["bid", BEN, 3], "was": None},
                               headers={"X-Join-Code": CODE})
        assert (response.status_code, response.json()["problem"]) == (409, "The game is over: there is no deal to confirm.")
    store.close()
