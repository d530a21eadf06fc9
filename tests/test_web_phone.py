"""The phone page's handlers (``scorekeeper serve``), through Starlette's test client: the join
code, the guards against other sites and large bodies, the view (the dealer's forbidden bid
struck out with the TUI's words), confirm, undo and redo through the store, and a stale
writer told plainly that another device was first.

Lupaus, three players Anna, Ben, Cara; Anna deals deal 1 (10 cards), Ben bids first:
    bids Ben 3, Cara 4 -> Anna may not bid 3 (the bids would total 10);
    D1 bids (Anna 2, Ben 3, Cara 4), tricks (2, 3, 5) -> 12 13 0.
"""

from __future__ import annotations

import pytest

from helpers.phone import CODE, ORIGIN, phone_client
from scorekeeper.rules.ruleset import builtin_ids, load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.web.phone_page import PHONE_CSP
from scorekeeper.web.table import Table

D1 = [["bid", 1, 2], ["bid", 2, 3], ["bid", 3, 4], ["tricks", 2, 3], ["tricks", 3, 5]]  # Anna's 2 tricks filled in


@pytest.fixture
def served(tmp_path):
    """The table's own store (another writer, as the TUI is) and a test client of the server."""
    store = Store(tmp_path / "s.db")
    game = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    with phone_client(store.path) as client:
        yield client, store, game
    store.close()


def post(client, path: str, body: dict, code: str | None = CODE, **headers):
    if code is not None:
        headers["X-Join-Code"] = code
    return client.post(path, json=body, headers=headers)


def boxes(view: dict) -> dict[tuple[str, int | None], dict]:
    return {(b["field"], b["unit"]): b for p in view["deal"]["phases"] for b in p["boxes"]}


def seen(view: dict) -> dict:
    return {"game": view["game"]["id"], "seq": view["seq"], "deal": view["deal"]["number"]}


def test_the_page_is_self_contained(served):
    """GET /phone: the page in the table's language, its own script and style only (CSP), nothing
    loaded from elsewhere."""
    client, _, _ = served
    response = client.get("/phone")
    assert response.status_code == 200
    assert response.headers["content-security-policy"] == PHONE_CSP
    page = response.text
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">\n')
    assert '"confirm": "Confirm"' in page
    assert "http://" not in page and "https://" not in page and "src=" not in page


@pytest.mark.parametrize("lang, confirm, refused", [
    ("fi", "Vahvista", "Jakaja Anna ei saa luvata 3: lupausten summa olisi 10, sama kuin tikkien määrä"),
    ("pl", "Zatwierdź", "Anna rozdaje i nie może zadeklarować 3: suma deklaracji wyniosłaby 10, tyle, ile jest lew"),
])
def test_the_page_and_the_view_speak_the_servers_language(served, lang, confirm, refused):
    """Started with --lang fi (or pl): the page's words and the rules' reasons, from the catalogs."""
    from scorekeeper.i18n import set_language

    client, _, _ = served
    set_language(lang)  # (the suite's fixture puts English back)
    page = client.get("/phone").text
    assert f'<html lang="{lang}">' in page and f'"confirm": "{confirm}"' in page
    view = post(client, "/api/view", {"typed": [["bid", 2, 3], ["bid", 3, 4]]}).json()
    reasons = [c["reason"] for c in boxes(view)[("bid", 1)]["choices"] if not c["allowed"]]
    assert reasons == [refused]


def test_without_the_join_code_the_page_reads_and_cannot_write(served):
    """GET /api/view needs no code (the board's facts); every POST without the code, or with a
    wrong one, is refused 403 and the store is as it was."""
    client, store, game = served
    view = client.get("/api/view").json()
    assert (view["deal"]["number"], view["typed"], view["seq"]) == (1, [], 0)
    no_code = ("This page is read-only: changing the score needs the table's join code (shown where scorekeeper "
               "serve runs).")
    for code in (None, "", "table-code-2", CODE + " "):
        for path in ("/api/view", "/api/confirm", "/api/undo", "/api/redo", "/api/join"):
            response = post(client, path, {"seen": seen(view), "typed": D1}, code=code)
            assert (response.status_code, response.json()) == (403, {"problem": no_code})
    assert post(client, "/api/join", {}).status_code == 204
    assert store.open_game(1).entries_saved == 0


@pytest.mark.parametrize("headers", [{"Origin": "http://evil.example"}, {"Origin": "null"},
                                     {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}])
def test_a_request_from_another_site_is_refused(served, headers):
    client, store, _ = served
    view = client.get("/api/view").json()
    response = post(client, "/api/confirm", {"seen": seen(view), "typed": D1}, **headers)
    assert (response.status_code, response.json()) == (
        403, {"problem": "Refused: the request does not come from this server's own page."})
    assert store.open_game(1).entries_saved == 0


def test_this_servers_own_origin_is_taken(served):
    client, _, _ = served
    response = post(client, "/api/view", {"typed": []}, Origin=ORIGIN, **{"Sec-Fetch-Site": "same-origin"})
    assert response.status_code == 200


def test_a_large_or_non_json_body_is_refused(served):
    client, _, _ = served
    big = client.post("/api/view", content=b"[" + b"0," * 40000 + b"0]",
                      headers={"X-Join-Code": CODE, "Content-Type": "application/json"})
    assert (big.status_code, big.json()) == (413, {"problem": "The request is too large: at most 65536 bytes."})
    form = client.post("/api/view", content=b"typed=1", headers={"X-Join-Code": CODE,
                                                                 "Content-Type": "application/x-www-form-urlencoded"})
    assert (form.status_code, form.json()) == (
        415, {"problem": "The request must be a JSON object (Content-Type: application/json)."})


def test_a_body_sent_in_chunks_is_cut_off_at_the_limit_too(served):
    """No Content-Length (chunked): the body is read up to the limit, and the request refused."""
    client, _, _ = served

    def chunks():
        for _ in range(100):
            yield b" " * 1024

    response = client.post("/api/view", content=chunks(), headers={"X-Join-Code": CODE,
                                                                  "Content-Type": "application/json"})
    assert (response.status_code, response.json()) == (413, {"problem": "The request is too large: at most 65536 bytes."})


def test_a_write_to_another_host_name_is_refused_before_anything_else(served):
    """DNS rebinding: a page of another site whose name points at this computer sends the right
    code even; the Host names another site, and the server answers 421 without reading on."""
    client, store, _ = served
    view = client.get("/api/view").json()
    response = post(client, "/api/confirm", {"seen": seen(view), "typed": D1}, Host="evil.example")
    assert response.status_code == 421
    assert response.text == ("This score board does not answer to the name evil.example: open it by this computer's "
                             "address or name.\n")
    assert store.open_game(1).entries_saved == 0


@pytest.mark.parametrize("typed, problem", [
    ([["bud", 1, 2]], "There is no field bud in this game."),
    ([["bid", 4, 2]], "The field bid has no seat or partnership 4 in this deal."),
    ([["bid", None, 2]], "The field bid has no seat or partnership None in this deal."),
    ([["turned", 1, "spades"]], "The field turned has no seat or partnership 1 in this deal."),
    ([["bid", 1, 2.5]], "The value 2.5 of bid is not a number, yes/no or a short text."),
    ([["bid", 1, [2]]], "The value [2] of bid is not a number, yes/no or a short text."),
    ("bid", "The boxes sent are not a list of [field, seat, value] (at most 400)."),
    ([["bid", 1]], "The boxes sent are not a list of [field, seat, value] (at most 400)."),
])
def test_boxes_that_are_not_the_games_are_refused_with_a_reason(served, typed, problem):
    client, _, _ = served
    response = post(client, "/api/view", {"typed": typed})
    assert (response.status_code, response.json()) == (400, {"problem": problem})


def test_the_dealers_forbidden_bid_is_struck_out_with_the_rules_reason(served):
    """Ben bids 3 and Cara 4: Anna, the dealer, bidding last, may not bid 3; every other bid is open."""
    client, _, _ = served
    view = post(client, "/api/view", {"typed": [["bid", 2, 3], ["bid", 3, 4]]}).json()
    deal = view["deal"]
    assert deal["panel"] == {"heading": "Deal 1 of 19 · 10 cards each",
                             "lines": [["Dealer", "Anna"], ["Bids first", "Ben"], ["Leads", "Ben"]],
                             "trump": "Turn up the top card of the stock for trump", "notes": []}
    assert [b["who"] for b in deal["phases"][0]["boxes"]] == ["", "Ben", "Cara", "Anna"]  # bidding order
    anna = boxes(view)[("bid", 1)]
    assert (anna["dealer"], anna["value"], anna["needed"]) == (True, None, True)
    refused = [(c["value"], c["reason"]) for c in anna["choices"] if not c["allowed"]]
    assert refused == [(3, "Dealer Anna may not bid 3: the bids would total 10, the number of tricks")]
    assert [c["value"] for c in anna["choices"] if c["allowed"]] == [0, 1, 2, 4, 5, 6, 7, 8, 9, 10]
    assert deal["phases"][0]["summary"] == ["Bids 7, tricks 10 (1 to enter)"]
    assert (view["undo"], view["redo"]) == ("typing", None)


def test_a_deal_is_confirmed_through_the_store(served):
    """The last tricks are filled in by the rules; confirm records the deal: 12 13 0."""
    client, store, _ = served
    view = post(client, "/api/view", {"typed": D1}).json()
    assert boxes(view)[("tricks", 1)]["value"] == 2 and boxes(view)[("tricks", 1)]["auto"] is True
    assert view["deal"]["phases"][1]["summary"] == ["Tricks: 10 of 10 · all taken"]
    assert view["deal"]["can_confirm"] is True
    response = post(client, "/api/confirm", {"seen": seen(view), "typed": D1})
    assert response.status_code == 200
    after = response.json()
    assert after["said"] == "Deal 1 saved."
    assert (after["seq"], after["deal"]["number"], after["typed"]) == (1, 2, [])
    assert after["standings"] == [{"rank": "1st", "name": "Ben", "total": 13},
                                  {"rank": "2nd", "name": "Anna", "total": 12},
                                  {"rank": "3rd", "name": "Cara", "total": 0}]
    assert store.open_game(1).game.totals() == (12, 13, 0)


def test_an_incomplete_deal_is_not_confirmed_and_says_what_is_missing(served):
    client, store, _ = served
    view = client.get("/api/view").json()
    response = post(client, "/api/confirm", {"seen": seen(view), "typed": [["bid", 2, 3]]})
    assert response.status_code == 422
    answer = response.json()
    assert answer["problem"].startswith("The deal cannot be confirmed yet: ")
    assert boxes(answer)[("bid", 3)]["errors"] != []  # the missing boxes are marked now
    assert answer["typed"] == [["bid", 2, 3]]  # kept
    assert store.open_game(1).entries_saved == 0


def test_a_second_writer_is_told_plainly_that_the_other_was_first(served):
    """The table (another writer) records deal 1 after the page saw the game: the page's confirm
    writes nothing and is told so; it gets the game as stored, deal 2 next."""
    client, store, game = served
    view = post(client, "/api/view", {"typed": D1}).json()
    game.record({"bid": [1, 1, 1], "tricks": [1, 1, 8]})  # confirmed at the table first
    response = post(client, "/api/confirm", {"seen": seen(view), "typed": D1})
    assert response.status_code == 409
    answer = response.json()
    assert answer["conflict"] == ("Deal 1 was changed on another device first: this is the game as it is stored "
                                  "now. What you typed is listed below to check against it.")
    assert (answer["seq"], answer["deal"]["number"], answer["typed"]) == (1, 2, [])
    assert store.open_game(1).game.totals() == (11, 11, 0)


def test_boxes_typed_for_a_deal_another_device_confirmed_are_not_carried_over(served):
    """The page asks its view again (the game changed) with boxes typed for deal 1, which the
    table confirmed meanwhile: they are not put into deal 2; the page is told why."""
    client, _, game = served
    view = post(client, "/api/view", {"typed": D1}).json()
    game.record({"bid": [1, 1, 1], "tricks": [1, 1, 8]})
    response = post(client, "/api/view", {"seen": seen(view), "typed": D1})
    assert response.status_code == 409
    answer = response.json()
    assert answer["conflict"].startswith("Deal 1 was changed on another device first: ")
    assert (answer["deal"]["number"], answer["typed"]) == (2, [])
    same = post(client, "/api/view", {"seen": seen(answer), "typed": [["bid", 2, 1]]})
    assert (same.status_code, same.json()["typed"]) == (200, [["bid", 2, 1]])


def test_undo_takes_back_the_typing_first_then_the_deal_and_redo_puts_it_back(served):
    """As in the TUI: the boxes typed first (the page takes back its own tap by typing the box
    back as it was: the table's draft of the next deal, back to empty), then the deal confirmed
    last, whose entries return to the boxes (the table's draft: every page and the app show
    them); redo puts the deal back."""
    client, store, _ = served
    view = client.get("/api/view").json()
    view = post(client, "/api/confirm", {"seen": seen(view), "typed": D1}).json()
    tapped = post(client, "/api/seat/type", {"seen": seen(view), "name": None, "box": ["bid", 2, 1], "was": None})
    assert tapped.status_code == 200 and store.open_game(1).draft == {"bid": ["", 1, ""]}
    typing = post(client, "/api/seat/type", {"seen": seen(view), "name": None, "box": ["bid", 2, None], "was": 1}).json()
    assert (typing["typed"], typing["undo"], "said" in typing) == ([], "game", False)
    assert store.open_game(1).entries_saved == 1 and store.open_game(1).draft is None
    undone = post(client, "/api/undo", {"seen": seen(typing), "typed": []}).json()
    assert undone["said"] == "Deal 1 is undone; its entries are back in the boxes."
    assert (undone["deal"]["number"], undone["redo"]) == (1, "game")
    assert sorted(map(tuple, undone["typed"])) == sorted(map(tuple, D1))  # Anna's tricks filled in again
    assert store.open_game(1).game.totals() == (0, 0, 0)
    assert store.open_game(1).draft == {"bid": [2, 3, 4], "tricks": ["", 3, 5]}  # on every page and in the app
    redone = post(client, "/api/redo", {"seen": seen(undone), "typed": undone["typed"]}).json()
    assert redone["said"] == "Deal 1 is back."
    assert store.open_game(1).game.totals() == (12, 13, 0)


def test_undo_on_a_phone_never_erases_what_other_devices_typed_and_says_who_typed_it(served):
    """The boxes of deal 2 hold Ben's bid typed in the app and Cara's typed on her own phone: the
    shared phone's Undo (its own taps all taken back) erases neither and does not take deal 1
    back over them (409, saying who typed which box); Cara's phone's Undo takes back her bid
    only; once the boxes are empty, the shared phone's Undo takes deal 1 back."""
    client, store, game = served
    view = client.get("/api/view").json()
    view = post(client, "/api/confirm", {"seen": seen(view), "typed": D1}).json()
    stored = store.open_game(game.id)
    stored.save_draft({"bid": ["", 2, ""]}, writer="app")  # Ben's bid, typed in the app
    cara = post(client, "/api/seat/type", {"seen": seen(view), "name": "Cara", "box": ["bid", 3, 4], "was": None})
    assert cara.status_code == 200 and store.open_game(1).draft == {"bid": ["", 2, 4]}
    view = client.get("/api/view").json()
    refused = post(client, "/api/undo", {"seen": seen(view), "typed": []})
    assert refused.status_code == 409
    assert refused.json()["problem"] == (
        "Nothing taken back: the boxes of deal 2 hold what other devices typed (The app: Ben · Bid; Cara's phone: "
        "Cara · Bid). Undo takes back only this phone's own taps; the last deal is taken back once the boxes are "
        "empty.")
    assert store.open_game(1).draft == {"bid": ["", 2, 4]} and store.open_game(1).entries_saved == 1
    mine = post(client, "/api/undo", {"seen": seen(view), "typed": [], "name": "Cara"})  # Cara's own phone
    assert mine.status_code == 200 and store.open_game(1).draft == {"bid": ["", 2, ""]}
    again = post(client, "/api/undo", {"seen": seen(mine.json()), "typed": [], "name": "Cara"})
    assert again.status_code == 409 and "(The app: Ben · Bid)" in again.json()["problem"]
    stored.reread_draft()
    stored.clear_draft("app")  # the app empties Ben's box
    view = client.get("/api/view").json()
    undone = post(client, "/api/undo", {"seen": seen(view), "typed": []}).json()
    assert undone["said"] == "Deal 1 is undone; its entries are back in the boxes."


def test_a_recorded_deal_is_corrected_from_the_page(served):
    """Deal 1 chosen from the list of deals, its values in the boxes; Ben's and Cara's tricks
    corrected to 4 and 4 (Anna's 2 filled in again): 12 0 14, and the page is on deal 2 again."""
    client, store, _ = served
    view = client.get("/api/view").json()
    view = post(client, "/api/confirm", {"seen": seen(view), "typed": D1}).json()
    rows = client.get("/api/deals").json()
    assert rows["scorers"] == ["Anna", "Ben", "Cara"]
    assert [(r["deal"], r["cards"], r["dealer"], [s["entries"] for s in r["scores"]]) for r in rows["deals"]] == [
        (1, 10, "Anna", ["2/2", "3/3", "4/5"])]
    editing = post(client, "/api/edit", {"seen": seen(view), "number": 1}).json()
    assert (editing["deal"]["number"], editing["deal"]["editing"], editing["deal"]["title"]) == (
        1, True, "Correcting deal 1: change its boxes, then Confirm.")
    assert sorted(map(tuple, editing["typed"])) == sorted(map(tuple, D1))
    assert (editing["undo"], editing["redo"]) == (None, None)  # only the page's own typing is undone
    changed = [["bid", 1, 2], ["bid", 2, 3], ["bid", 3, 4], ["tricks", 2, 4], ["tricks", 3, 4]]
    shown = post(client, "/api/view", {"seen": seen(view), "typed": changed, "editing": 1}).json()
    assert boxes(shown)[("tricks", 1)]["value"] == 2 and boxes(shown)[("tricks", 1)]["auto"] is True
    response = post(client, "/api/confirm", {"seen": seen(view), "typed": changed, "editing": 1})
    assert response.status_code == 200
    after = response.json()
    assert after["said"] == "Deal 1 changed; the totals after it are recomputed."
    assert (after["deal"]["number"], after["deal"]["editing"], after["typed"]) == (2, False, [])
    assert store.open_game(1).game.totals() == (12, 0, 14)


@pytest.mark.parametrize("number", [0, 2, "1", None])
def test_only_a_recorded_deal_can_be_corrected(served, number):
    client, _, _ = served
    view = client.get("/api/view").json()
    view = post(client, "/api/confirm", {"seen": seen(view), "typed": D1}).json()
    response = post(client, "/api/edit", {"seen": seen(view), "number": number})
    assert (response.status_code, response.json()) == (
        400, {"problem": f"There is no recorded deal {number}: the game has 1."})


def test_a_stale_undo_is_refused_too(served):
    client, store, game = served
    view = client.get("/api/view").json()
    game.record({"bid": [1, 1, 1], "tricks": [1, 1, 8]})
    response = post(client, "/api/undo", {"seen": seen(view), "typed": []})
    assert response.status_code == 409
    assert store.open_game(1).entries_saved == 1  # not undone


def test_a_store_that_cannot_be_used_now_is_said_not_a_bug(served, monkeypatch):
    """The store fails (a disk error, a lock held too long): the page gets the store's sentence, 503."""
    from scorekeeper.store.db import StoreError

    client, store, _ = served

    def failing(self):
        raise StoreError(f"{store.path}: game 1 cannot be read (disk I/O error). Nothing was changed.")

    monkeypatch.setattr(Table, "_current", failing)
    for response in (client.get("/api/view"), post(client, "/api/view", {"typed": []})):
        assert (response.status_code, response.json()) == (
            503, {"problem": f"{store.path}: game 1 cannot be read (disk I/O error). Nothing was changed."})


def test_the_last_deal_confirmed_on_the_page_ends_the_game(tmp_path):
    """Whist, first to 7: N & S take 9 and 4 tricks (stored), then 11 on the page: 8 to 3, the
    game is over: no deal to enter, the winner, the final standings; a confirm says so."""
    store = Store(tmp_path / "s.db")
    game = store.new_game(load_ruleset("whist"), "whist", ["N", "E", "S", "W"])
    game.record({"tricks": 9})
    game.record({"tricks": 4})
    try:
        with phone_client(store.path, poll=3600) as client:
            view = client.get("/api/view").json()
            typed = [["tricks", None, 11]]
            assert boxes(post(client, "/api/view", {"typed": typed}).json())[("tricks", None)]["value"] == 11
            after = post(client, "/api/confirm", {"seen": seen(view), "typed": typed}).json()
            assert (after["over"], after["deal"], after["status"], after["said"]) == (
                True, None, "winner: N & S", "Deal 3 saved.")
            assert after["standings"] == [{"rank": "1st", "name": "N & S", "total": 8},
                                          {"rank": "2nd", "name": "E & W", "total": 3}]
            again = post(client, "/api/confirm", {"seen": {"game": 1, "seq": after["seq"], "deal": None},
                                                  "typed": []})
            assert (again.status_code, again.json()["problem"]) == (
                409, "The game is over: there is no deal to confirm.")
    finally:
        store.close()


def _tap_a_deal(client, typed: list) -> dict:
    """Tap the boxes as a player would: each box still needed, its first value allowed (a number
    pad: its lowest number); then confirm. The confirmed view."""
    for _ in range(80):
        view = post(client, "/api/view", {"typed": typed}).json()
        deal = view["deal"]
        if deal["can_confirm"]:
            response = post(client, "/api/confirm", {"seen": seen(view), "typed": typed})
            assert response.status_code == 200, response.json().get("problem")
            return response.json()
        box = next((b for p in deal["phases"] for b in p["boxes"] if b["needed"]), None)
        assert box is not None, (deal["errors"], [b["errors"] for p in deal["phases"] for b in p["boxes"]])
        if box["kind"] == "pick":
            value = next(c["value"] for c in box["choices"] if c["allowed"])
        elif box["kind"] == "number":
            value = _first_number_taken(client, typed, box)
        else:
            raise AssertionError(f"a box to type text: {box}")
        typed = typed + [[box["field"], box["unit"], value]]
    raise AssertionError("the deal was not complete after 80 taps")


def _first_number_taken(client, typed: list, box: dict):
    """The lowest number of a number pad that its box's checks take with what is typed so far
    (the card points of Tysiac must add up to 120: the last player's is the one that does)."""
    numbers = box["values"] or range(box["lo"] if box["lo"] is not None else 0,
                                     (box["hi"] if box["hi"] is not None else 200) + 1)
    for value in numbers:
        view = post(client, "/api/view", {"typed": typed + [[box["field"], box["unit"], value]]}).json()
        mine = [b for p in view["deal"]["phases"] for b in p["boxes"]
                if (b["field"], b["unit"]) == (box["field"], box["unit"])]
        if not mine[0]["errors"]:
            return value
    raise AssertionError(f"no number its checks take: {box}")


@pytest.mark.parametrize("ruleset", builtin_ids())
def test_every_built_in_game_can_be_entered_by_taps(tmp_path, ruleset):
    """Every built-in game, with its fewest players: a deal entered box by box from the view's
    boxes alone (nothing per game here) is recorded."""
    rules = load_ruleset(ruleset)
    store = Store(tmp_path / "s.db")
    players = ["Anna", "Ben", "Cara", "Dan", "Eve", "Fay", "Gus"][:rules.min_players]
    store.new_game(rules, ruleset, players)
    try:
        with phone_client(store.path, poll=3600) as client:
            after = _tap_a_deal(client, [])
        assert after["seq"] == 1
        assert store.open_game(1).entries_saved == 1
    finally:
        store.close()


def test_bench_taps_a_deal_costs_a_tap_a_value_and_confirm():
    """bench/bench_taps.py against the page's server side: a box of buttons is one tap, a
    number pad the digits and OK; the values the rules fill in cost nothing; one tap confirms."""
    import importlib.util
    import sys
    from pathlib import Path

    bench_dir = Path(__file__).resolve().parents[1] / "bench"
    sys.path.insert(0, str(bench_dir))
    try:
        spec = importlib.util.spec_from_file_location("bench_taps", bench_dir / "bench_taps.py")
        bench = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench)
        results = bench.main(("lupaus-4-deal-1", "wizard-6-deal-3", "whist-4-deal-1", "wysiwyg-2-deal-1"),
                             verbose=False)
    finally:
        sys.path.remove(str(bench_dir))
    taps = {name: (r["values"], r["taps"]) for name, r in results.items()}
    # Lupaus for 4: 4 bids, 3 tricks (Anna's filled in), Confirm
    assert taps["lupaus-4-deal-1"] == (7, 8)
    # Wizard for 6, 3 cards: trump, 6 bids, 4 tricks (the others' zeros filled in), Confirm
    assert taps["wizard-6-deal-3"] == (11, 12)
    assert taps["whist-4-deal-1"] == (2, 3)
    # hand values 16 and 12 and the declarer are buttons; the bid 5 and the points 15 are typed
    # on a number pad (digits and OK); Confirm
    assert taps["wysiwyg-2-deal-1"] == (5, 1 + 1 + 1 + 2 + 3 + 1)
