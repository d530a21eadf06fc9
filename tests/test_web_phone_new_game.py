"""The phone's new-game form beside the TUI's: the session the game goes in, the table's own
ruleset files (the folder ``rulesets`` beside the settings file) beside the built-in games,
and the values carried into the first deal of a game continued from paper. Through the
server's handlers (tests/test_web_phone_browser.py taps the page)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.phone import CODE, ORIGIN, phone_client

from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

HEADERS = {"X-Join-Code": CODE, "Origin": ORIGIN}
SPADES = ["Anna", "Ben", "Cara", "Dan"]


@pytest.fixture
def served(tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    with phone_client(path) as client:
        yield client, path


def own_folder() -> Path:
    folder = Path(os.environ["SCOREKEEPER_CONFIG"]).parent / "rulesets"
    folder.mkdir(exist_ok=True)
    return folder


def test_the_form_offers_the_session_as_the_tui_does(served):
    client, path = served
    form = client.post("/api/new/form", json={"ruleset": "lupaus"}, headers=HEADERS).json()
    assert form["session_label"] == "Session"
    assert form["sessions"] == [[False, "join session 1, 1 game so far"], [True, "start a new session"]]


@pytest.mark.parametrize("new_session, session", [(False, 1), (True, 2)])
def test_a_game_started_from_a_phone_joins_the_session_chosen(served, new_session, session):
    client, path = served
    answer = client.post("/api/new", json={"ruleset": "lupaus", "players": ["A", "B", "C"], "dealer": 1,
                                           "new_session": new_session}, headers=HEADERS)
    assert answer.status_code == 200
    with Store(path) as store:
        current = store.current_session()
        assert current.id == session
        assert 2 in current.game_ids


def test_spades_bags_from_paper_are_started_from_a_phone(served):
    client, path = served
    form = client.post("/api/new/form", json={"ruleset": "spades", "players": SPADES}, headers=HEADERS).json()
    assert form["carries"] is True and form["carried"] == []  # asked for only as on paper
    assert form["carried_choices"] == [[False, "as the rules start them"],
                                       [True, "as on paper (a game continued from paper)"]]
    form = client.post("/api/new/form", json={"ruleset": "spades", "players": SPADES, "carried": {}},
                       headers=HEADERS).json()
    assert form["carried"] == [{"id": "bags", "label": "Bags", "scope": "team", "boxes": [
        {"who": "Anna & Cara", "label": "Bags: Anna & Cara", "start": 0, "typed": ""},
        {"who": "Ben & Dan", "label": "Bags: Ben & Dan", "start": 0, "typed": ""}]}]
    answer = client.post("/api/new", json={"ruleset": "spades", "players": SPADES, "dealer": 1,
                                           "carried": {"bags": ["8", "-"]}}, headers=HEADERS)
    assert answer.status_code == 422
    assert answer.json()["problem"].endswith(
        "Bags of Ben & Dan must be a whole number from -10**12 to 10**12, not '-' (an empty box keeps the rules' start).")
    answer = client.post("/api/new", json={"ruleset": "spades", "players": SPADES, "dealer": 1,
                                           "carried": {"bags": ["8", "2"]}}, headers=HEADERS)
    assert answer.status_code == 200
    with Store(path) as store:
        game = store.open_game(2).game
    assert game.start_carried == {"bags": (8, 2)}
    # bids 3 2 3 2, tricks 4 2 4 3: Anna & Cara's 2 bags make 10, which cost 100
    assert game.record({"bid": [3, 2, 3, 2], "tricks": [4, 2, 4, 3]}).totals == (-38, 41)


MOST = ('extends = "lupaus"\nid = "most"\nname = "Most"\ndescription = "Lupaus to the most cards. Each deal."\n'
        '[options.top_cards]\ntype = "int"\ndefault = "deck // players"\nmin = 1\nmax = 17\n[constants]\ntop = "top_cards"\n')


def test_the_tables_own_ruleset_files_are_offered_beside_the_built_in_games(served):
    client, path = served
    folder = own_folder()
    (folder / "most.toml").write_text(MOST)
    (folder / "broken.toml").write_text('id = "broken"\n')
    games = client.get("/api/games").json()
    assert "most" not in [g["id"] for g in games["games"]]
    assert games["own_title"] == f"The table's own rulesets ({folder})"
    assert [(g["id"], g.get("problem", False)) for g in games["own"]] == [("own:broken", True), ("own:most", False)]
    assert games["own"][1] == {"id": "own:most", "name": "Most", "players": "3–7",
                               "about": "Lupaus to the most cards."}
    refused = client.post("/api/new/form", json={"ruleset": "own:broken"}, headers=HEADERS)
    assert refused.status_code == 400
    assert refused.json()["problem"] == games["own"][0]["about"]
    form = client.post("/api/new/form", json={"ruleset": "own:most"}, headers=HEADERS).json()
    assert form["ruleset"] == "own:most"  # the page is never told the file's path
    answer = client.post("/api/new", json={"ruleset": "own:most", "players": ["A", "B", "C", "D"], "dealer": 1},
                         headers=HEADERS)
    assert answer.status_code == 200
    with Store(path) as store:
        stored = store.open_game(2)
    assert stored.ruleset_ref == os.path.realpath(folder / "most.toml")
    assert stored.game.ruleset.name == "Most" and stored.game.options["top_cards"] == 13
    outside = client.post("/api/new/form", json={"ruleset": "own:../most"}, headers=HEADERS)
    assert outside.status_code == 400
    (folder / "broken.toml").write_text(MOST.replace('"most"', '"mended"').replace('"Most"', '"Mended"'))
    mended = client.get("/api/games").json()["own"][0]  # a file changed is checked again
    assert (mended["id"], mended["name"], mended.get("problem")) == ("own:broken", "Mended", None)


def test_the_phones_starting_scores_example_is_one_per_partnership_in_a_partnership_game(served):
    client, path = served
    form = client.post("/api/new/form", json={"ruleset": "euchre"}, headers=HEADERS).json()
    assert form["scores_placeholder"] == "0 each, or e.g. 20 -10, one per partnership"
