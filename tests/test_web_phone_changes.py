"""Starting a game, the score chart and changing the table from a phone, through the server's
handlers (no browser: tests/test_web_phone_browser.py taps them): the TUI's checks and words,
only with the join code, nothing stored when refused."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from helpers.phone import CODE, ORIGIN, phone_client

from scorekeeper.i18n import show, t, tn
from scorekeeper.play.new_game import read_setup
from scorekeeper.play.plan import PlanDraft
from scorekeeper.play.summary import plan_text
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

HEADERS = {"X-Join-Code": CODE, "Origin": ORIGIN}
LUPAUS = load_ruleset("lupaus")


@pytest.fixture
def served(tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        store.new_game(LUPAUS, "lupaus", ["Anna", "Ben", "Cara"])
    with phone_client(path) as client:
        yield client, path


def seen(client) -> dict:
    view = client.get("/api/view").json()
    return {"game": view["game"]["id"], "seq": view["seq"], "deal": view["deal"]["number"]}


def stored(path, game_id: int):
    with Store(path) as store:
        return store.open_game(game_id).game


def test_starting_a_game_needs_the_join_code(served):
    client, path = served
    answer = client.post("/api/new", json={"ruleset": "lupaus", "players": ["A", "B", "C"]}, headers={"Origin": ORIGIN})
    assert answer.status_code == 403
    assert answer.json()["problem"] == t("web.phone.no_code")
    with Store(path) as store:
        assert len(store.list_games()) == 1


def test_the_form_offers_the_rulesets_house_rules_as_the_tui_does(served):
    """Every option of the ruleset, with its choices in words; one the other settings leave unused
    is marked so (the TUI hides it); the plan for the players named."""
    client, _ = served
    form = client.post("/api/new/form", json={"ruleset": "lupaus", "players": ["Anna", "Ben", "Cara", "Dan"]},
                       headers=HEADERS).json()
    assert [o["id"] for o in form["options"]] == list(LUPAUS.options)
    miss = next(o for o in form["options"] if o["id"] == "miss")
    assert miss["unused"] is True and miss["choices"][0] == ["minus-ten", "-10 per trick over or under"]
    assert form["plan"] == tn("tui.new_game.plan", 4, plan=plan_text(LUPAUS, 4, {}))
    assert form["dealers"] == [[0, "Draw by lot"], [1, "Seat 1: Anna"], [2, "Seat 2: Ben"], [3, "Seat 3: Cara"],
                               [4, "Seat 4: Dan"]]
    form = client.post("/api/new/form", json={"ruleset": "lupaus", "players": ["A", "B", "C"],
                                              "options": {"scoring": "ten-per-trick"}}, headers=HEADERS).json()
    assert next(o for o in form["options"] if o["id"] == "miss")["unused"] is False


@pytest.mark.parametrize("setup, problem", [
    ({"players": ["Anna", "", "Cara"]}, t("tui.new_game.seat_empty", seat=2)),
    ({"players": ["Anna", "Ben"]}, tn("tui.new_game.needs_at_least", 2, game="Lupaus", need=3)),
    ({"players": ["A", "B", "C"], "scores": "1 2"}, tn("tui.plan.score_count", 3, names="A, B, C", given=2)),
    ({"players": ["A", "B", "C"], "scores": "1 x 2"}, t("tui.plan.bad_score", text="x")),
    ({"players": ["A", "B", "C"], "options": {"scoring": "nope"}},
     t("play.new_game.not_offered", label="Scoring", value="nope")),
    ({"players": ["A", "B", "C"], "options": {"nope": 1}}, t("play.new_game.no_option", id="nope")),
    ({"players": ["A", "B", "C"], "dealer": 4}, t("play.new_game.no_dealer", seat="4", most=3)),
    ({"players": ["A" * 41, "B", "C"]}, t("play.new_game.name_long", seat=1, most=40)),
])
def test_a_setup_the_tui_refuses_is_refused_in_its_words(served, setup, problem):
    client, path = served
    answer = client.post("/api/new", json={"ruleset": "lupaus", **setup}, headers=HEADERS)
    assert answer.status_code == 422
    assert answer.json()["problem"] == t("web.phone.cannot", title=t("tui.new_game.cannot_start"), reason=problem)
    with Store(path) as store:
        assert len(store.list_games()) == 1


def test_a_number_house_rule_out_of_range_is_refused():
    setup, problem = read_setup(load_ruleset("hearts"), ["A", "B", "C", "D"], {"game_to": "0"}, "")
    assert setup is None
    assert problem == "The game ends when a player reaches: a number from 1 to 1000"


def test_an_unknown_game_is_a_bad_request(served):
    client, _ = served
    answer = client.post("/api/new/form", json={"ruleset": "../etc"}, headers=HEADERS)
    assert answer.status_code == 400
    games = sorted(p.stem for p in (Path(__file__).parent.parent / "rulesets").glob("*.toml"))
    assert "lupaus" in games and "../etc" not in games
    assert answer.json()["problem"] == f"There is no built-in game ../etc; the games are: {', '.join(games)}."


def test_a_game_started_from_a_phone_is_stored_and_shown(served):
    """Names kept as typed, the house rule, the first dealer, starting scores, the title; the
    server goes to the new game (its view is the next to be asked)."""
    client, path = served
    answer = client.post("/api/new", json={
        "ruleset": "lupaus", "players": ["[/]", "Ben", "Cara", ""], "options": {"scoring": "tricks-plus-ten"},
        "scores": "3, −2 0", "dealer": 3, "title": " Friday "}, headers=HEADERS)
    assert answer.status_code == 200
    view = answer.json()
    assert view["said"] == "Game 2 started: Lupaus."
    assert view["game"] == {"id": 2, "title": "Friday", "name": "Lupaus"}
    game = stored(path, 2)
    assert game.players == ("[/]", "Ben", "Cara")
    assert game.options["scoring"] == "tricks-plus-ten"
    assert game.totals() == (3, -2, 0)
    assert game.dealer_seat(1) == 3
    assert client.get("/api/view").json()["game"]["id"] == 2


def test_a_first_dealer_drawn_by_lot_is_said(served):
    client, path = served
    view = client.post("/api/new", json={"ruleset": "lupaus", "players": ["A", "B", "C"]}, headers=HEADERS).json()
    dealer = stored(path, 2).dealer_seat(1)
    assert view["said"] == f"Game 2 started: Lupaus. Drawn by lot: {'ABC'[dealer - 1]} deals first."


def test_the_table_view_lists_who_plays_and_the_plan(served):
    client, _ = served
    table = client.post("/api/table/view", json={}, headers=HEADERS).json()["table"]
    assert [s["text"] for s in table["seats"]] == ["Anna — plays", "Ben — plays", "Cara — plays"]
    assert table["plan"]["cards"] == list(LUPAUS_PLAN)
    assert table["end"] is None  # nothing played: nothing to end after


LUPAUS_PLAN = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


@pytest.mark.parametrize("change, problem", [
    (["out", 2], "cannot let Ben sit out: Lupaus is played by 3 to 7 players, not 2"),
    (["join", "", "0", ""], t("tui.table.no_name")),
    (["join", "Dan", "lots", ""], t("tui.table.bad_score", text="lots")),
    (["join", "Dan", "0", "Eve"], t("tui.table.nobody", name="Eve", players="Anna, Ben, Cara")),
])
def test_a_change_of_players_the_tui_refuses_is_refused_in_its_words(served, change, problem):
    client, path = served
    answer = client.post("/api/table", json={"seen": seen(client), "change": change}, headers=HEADERS)
    assert answer.status_code == 422
    assert answer.json()["problem"] == f"{t('tui.play.players_not_changed')}: {problem}"
    assert list(stored(path, 1).history) == []


def test_players_join_sit_out_and_come_back(served):
    client, path = served
    answer = client.post("/api/table", json={"seen": seen(client), "change": ["join", "Dan", "-5", "ben"]},
                         headers=HEADERS)
    assert (answer.status_code, answer.json()["said"]) == (200, "Dan joins with -5 from deal 1.")
    answer = client.post("/api/table", json={"seen": seen(client), "change": ["out", 1]}, headers=HEADERS)
    assert answer.json()["said"] == "Anna sits out from deal 1."
    assert [s["playing"] for s in answer.json()["table"]["seats"]] == [False, True, True, True]
    answer = client.post("/api/table", json={"seen": seen(client), "change": ["in", 1]}, headers=HEADERS)
    assert answer.json()["said"] == "Anna plays again from deal 1."
    game = stored(path, 1)
    assert game.lineup().seating == (1, 2, 4, 3) and game.totals() == (0, 0, 0, -5)


def test_a_change_from_a_page_that_is_behind_is_not_made(served):
    """Another device changed the game since the page looked: told, nothing written."""
    client, path = served
    old = seen(client)
    with Store(path) as store:
        store.open_game(1).record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
    answer = client.post("/api/table", json={"seen": old, "change": ["join", "Dan", "0", ""]}, headers=HEADERS)
    assert answer.status_code == 409
    assert answer.json()["conflict"] == t("web.phone.other_first", number=1)
    assert stored(path, 1).players == ("Anna", "Ben", "Cara")


def test_the_plan_is_changed_as_the_plan_screen_changes_it(served):
    """Each tap is worked out by the plan's model on the server; saving stores it."""
    client, path = served
    draft = PlanDraft(stored(path, 1))
    draft.choose(2)
    draft.resize(-1)
    draft.insert()
    answer = client.post("/api/plan", json={"cards": list(LUPAUS_PLAN), "chosen": 2, "op": "fewer"}, headers=HEADERS)
    answer = client.post("/api/plan", json={**answer.json(), "op": "insert"}, headers=HEADERS).json()
    assert (answer["cards"], answer["chosen"], answer["rows"], answer["summary"]) == (
        draft.cards, draft.chosen, draft.rows(), draft.summary())
    saved = client.post("/api/table", json={"seen": seen(client), "cards": answer["cards"]}, headers=HEADERS)
    assert saved.status_code == 200
    assert saved.json()["said"] == tn("tui.plan.changed", 20, number=1, rest=", ".join(map(str, draft.cards)))
    assert list(stored(path, 1).setup_for().plan) == draft.cards


def test_a_plan_the_ruleset_refuses_is_not_saved(served):
    client, path = served
    answer = client.post("/api/table", json={"seen": seen(client), "cards": []}, headers=HEADERS)
    assert answer.status_code == 422
    assert answer.json()["problem"] == f"{t('tui.plan.not_changed')}: {show(stored(path, 1).plan_problem([]))}"
    assert list(stored(path, 1).history) == []


@pytest.mark.parametrize("body, problem", [
    ({"cards": [10, 0]}, t("web.phone.change.plan_bad", most=17, count=200)),
    ({"cards": [10], "op": "shuffle"}, t("web.phone.change.op_bad", op="shuffle")),
])
def test_a_plan_that_is_not_one_is_a_bad_request(served, body, problem):
    client, _ = served
    answer = client.post("/api/plan", json=body, headers=HEADERS)
    assert (answer.status_code, answer.json()["problem"]) == (400, problem)


def test_the_game_is_ended_from_a_phone(served):
    client, path = served
    with Store(path) as store:
        store.open_game(1).record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
    answer = client.post("/api/table", json={"seen": seen(client), "end": True}, headers=HEADERS)
    assert answer.status_code == 200 and answer.json()["over"] is True
    assert stored(path, 1).is_over


def test_the_chart_is_an_svg_of_each_scorers_totals(served):
    """One line per scorer through its totals; names are text, never markup; the totals said in
    its description for a screen reader."""
    client, path = served
    with Store(path) as store:
        store.new_game(LUPAUS, "lupaus", ["<b>&", "Ben", "Cara"])
        game = store.open_game(2)
        game.record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
        game.record({"bid": [1, 2, 3], "tricks": [1, 3, 5]})
    deadline = time.monotonic() + 20
    while client.get("/api/view").json()["game"]["id"] != 2:  # the server follows the table
        assert time.monotonic() < deadline
        time.sleep(0.05)
    answer = client.get("/chart.svg")
    assert answer.headers["content-type"] == "image/svg+xml"
    svg = answer.text
    assert "<b>" not in svg and "&lt;b&gt;&amp;" in svg
    assert len(re.findall("<polyline ", svg)) == 3
    assert "&lt;b&gt;&amp;: 23; Ben: 13; Cara: 0</desc>" in svg
    assert "script" not in svg


def test_the_view_with_nothing_typed_is_worked_out_once_per_entry(served, monkeypatch):
    """After a change every page asks for the same view: the table's thread works it out once,
    and again as soon as the game has another entry (never an old view)."""
    import scorekeeper.web.table as table_module

    client, path = served
    calls = []
    real = table_module.phone_view
    monkeypatch.setattr(table_module, "phone_view", lambda *a, **k: calls.append(1) or real(*a, **k))
    views = [client.post("/api/view", json={"typed": []}, headers=HEADERS).json() for _ in range(3)]
    views.append(client.get("/api/view").json())
    assert len(calls) == 1 and all(v == views[0] for v in views)
    with Store(path) as store:
        store.open_game(1).record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
    view = client.post("/api/view", json={"typed": []}, headers=HEADERS).json()
    assert (len(calls), view["deal"]["number"], view["seq"]) == (2, 2, 1)


def test_the_page_can_be_added_to_a_home_screen(served):
    """A web app manifest and its icon, served by the server itself (nothing from elsewhere),
    which the page names and its policy allows."""
    client, _ = served
    page = client.get("/phone")
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page.text
    assert "manifest-src 'self'" in page.headers["content-security-policy"]
    manifest = client.get("/manifest.webmanifest")
    assert manifest.headers["content-type"] == "application/manifest+json"
    data = manifest.json()
    assert (data["start_url"], data["display"], data["icons"][0]["src"]) == ("/phone", "standalone", "/icon.svg")
    icon = client.get("/icon.svg")
    assert icon.headers["content-type"] == "image/svg+xml" and icon.text.startswith("<svg ")
    assert "http" not in icon.text.replace("http://www.w3.org/2000/svg", "")


def test_a_store_with_no_game_yet_is_served_and_a_phone_starts_the_first(tmp_path):
    """Served for the phones, a store without games says so (the board, the page's view), and
    the first game is started from a phone; then every page shows it."""
    path = tmp_path / "s.db"
    Store(path).close()
    with phone_client(path, empty_ok=True) as client:
        assert client.get("/state.json").json()["game"] is None
        answer = client.get("/api/view")
        assert (answer.status_code, answer.json()) == (409, {"game": None, "problem": t("web.phone.no_game")})
        assert client.get("/").status_code == 200
        started = client.post("/api/new", json={"ruleset": "lupaus", "players": ["A", "B", "C"], "dealer": 1},
                              headers=HEADERS)
        assert started.json()["said"] == "Game 1 started: Lupaus."
        assert client.get("/api/view").json()["game"]["id"] == 1
        deadline = time.monotonic() + 20
        while client.get("/state.json").json()["game"] is None:  # the board follows to it
            assert time.monotonic() < deadline
            time.sleep(0.05)


def test_a_plan_saved_unchanged_stores_nothing(served):
    """As the plan screen: saving the plan as it was is no change (no entry in the game)."""
    client, path = served
    answer = client.post("/api/table", json={"seen": seen(client), "cards": list(LUPAUS_PLAN)}, headers=HEADERS)
    assert answer.status_code == 200 and "said" not in answer.json()
    assert list(stored(path, 1).history) == []
    answer = client.post("/api/table", json={"seen": seen(client), "nothing": 1}, headers=HEADERS)
    assert (answer.status_code, answer.json()["problem"]) == (400, t("web.phone.change.bad"))
