"""The stored-game commands, run in-process through main(): history, show, replay GAME_ID,
stats, sessions, session, export GAME_ID|--session|--all, import.

Lupaus, three players, default options (10 + bid when exact, else 0), Anna deals first:
    D1 10 cards: bids 3 4 2, tricks 3 5 2 -> 13  0 12
    D2  9 cards: bids 2 2 3, tricks 2 4 3 -> 12  0 13
    D3  8 cards: bids 0 5 1, tricks 0 5 3 -> 10 15  0     totals 35 15 25
With tricks-plus-ten: 35 24 28. Whist: seats 1 and 3 taking all 13 tricks win 7 to 0.
Times are shown in local time; the tests run in UTC.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.stores import Clock

from scorekeeper.cli import main
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from helpers.samples import SHEET, SHEET_TABLE, SHEET_WRITTEN

REPO = Path(__file__).resolve().parents[1]
INJECTION = "=cmd|' /C calc'!A0"
D1 = {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}
D2 = {"bid": [2, 2, 3], "tricks": [2, 4, 3], "turned": "spades"}
D3 = {"bid": [0, 5, 1], "tricks": [0, 5, 3]}


SHOW = SHEET_TABLE


@pytest.fixture(autouse=True)
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.delenv("SCOREKEEPER_DB", raising=False)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(in_tmp) -> str:
    """Session 1: game 1 Lupaus "Friday game" (3 deals), game 2 Whist (won by Anna & Cara)."""
    with Store(in_tmp / "s.db", clock=Clock()) as store:
        g = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"], title="Friday game")  # 19:31
        for d in (D1, D2, D3):
            g.record(d)  # 19:32 - 19:34
        w = store.new_game(load_ruleset("whist"), "whist", ["Anna", "Ben", "Cara", "Dan"])  # 19:35
        w.record({"tricks": 13, "turned": "clubs"})  # 19:36
    return "s.db"


def entries(path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT * FROM entries ORDER BY game_id, seq").fetchall()
    finally:
        conn.close()


# --- history and show ---------------------------------------------------------------------------


def test_history_lists_every_game(capsys, db):
    assert run(capsys, "history", "--db", db) == (0, (
        "Games in s.db, the latest played first:\n"
        "  id  started           game                 players               result\n"
        "   2  2026-05-09 19:35  Whist                Anna, Ben, Cara, Dan  winner: Anna & Cara\n"
        "   1  2026-05-09 19:31  Lupaus: Friday game  Anna, Ben, Cara       in progress (3 of 19 deals played)\n"
    ), "")


def test_history_json(capsys, db):
    code, out, err = run(capsys, "--db", db, "history", "--json")  # --db before the command works too
    assert (code, err) == (0, "")
    assert json.loads(out) == [
        {"id": 2, "title": None, "ruleset": "whist", "name": "Whist", "players": ["Anna", "Ben", "Cara", "Dan"],
         "created_at": "2026-05-09T19:35:00+00:00", "updated_at": "2026-05-09T19:36:00+00:00", "deals_played": 1,
         "planned_deals": None, "over": True, "winners": ["Anna & Cara"], "ended_early": None},
        {"id": 1, "title": "Friday game", "ruleset": "lupaus", "name": "Lupaus", "players": ["Anna", "Ben", "Cara"],
         "created_at": "2026-05-09T19:31:00+00:00", "updated_at": "2026-05-09T19:34:00+00:00", "deals_played": 3,
         "planned_deals": 19, "over": False, "winners": [], "ended_early": None},
    ]


def test_history_says_which_games_the_table_ended_early(capsys, db, in_tmp):
    """Lupaus ended after its third deal: the list says so (from the summary, no replay), in
    the text, in JSON and in the terminal app's history, and no longer once the end is undone."""
    from scorekeeper.tui.screens.history import result_text

    with Store(in_tmp / db, clock=Clock()) as store:
        store.open_game(1).end_early()
        (friday,) = [g for g in store.list_games() if g.id == 1]
    assert result_text(friday) == "winner: Anna (ended early after deal 3)"
    code, out, err = run(capsys, "history", "--db", db)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1].endswith("  Anna, Ben, Cara       ended early after deal 3, winner: Anna")
    code, out, err = run(capsys, "history", "--db", db, "--json")
    assert {g["id"]: g["ended_early"] for g in json.loads(out)} == {1: 3, 2: None}
    with Store(in_tmp / db, clock=Clock()) as store:
        store.open_game(1).undo()
    code, out, err = run(capsys, "history", "--db", db, "--json")
    assert {g["id"]: (g["ended_early"], g["over"]) for g in json.loads(out)} == {1: (None, False), 2: (None, True)}


def test_history_of_a_store_not_made_yet_creates_nothing(capsys, in_tmp):
    assert run(capsys, "history", "--db", "new.db") == (0, "No games are stored in new.db yet.\n", "")
    assert run(capsys, "history", "--db", "new.db", "--json") == (0, "[]\n", "")
    assert not (in_tmp / "new.db").exists()


def test_show_prints_the_score_sheet_as_replay_does(capsys, db, in_tmp):
    assert run(capsys, "show", "1", "--db", db) == (0, SHOW, "")
    (in_tmp / "game.toml").write_text(SHEET, encoding="utf-8")
    assert run(capsys, "replay", "game.toml") == (0, SHOW, "")
    assert run(capsys, "replay", "1", "--db", db) == (0, SHOW, "")


def test_show_plain_of_a_game_whose_table_changed(capsys, in_tmp):
    """Hearts, Dan joining at 10 after deal 1 while Ben sits out deal 2, then deals deal 3: each
    player's entries are said beside their own score, the seat that took the queen counts among
    who played the deal (deal 2: Anna, Cara, Dan), and a dealer who joined late is named."""
    with Store(in_tmp / "s.db", clock=Clock()) as store:
        g = store.new_game(load_ruleset("hearts"), "hearts", ["Anna", "Ben", "Cara"])
        g.record({"hearts": [3, 4, 6], "queen": 3})
        g.join("Dan", 10)
        g.sit_out(2)
        g.record({"hearts": [5, 4, 4], "queen": 2})
        g.sit_in(2)
        g.record({"hearts": [1, 2, 3, 7], "queen": 4})
    code, out, err = run(capsys, "show", "1", "--db", "s.db", "--plain")
    assert (code, err) == (0, "")
    assert out.splitlines()[3:6] == [
        "Deal 1, 17 cards, dealer Anna, took the queen of spades: Cara. Anna hearts taken 3, 3 points, total 3; "
        "Ben hearts taken 4, 4 points, total 4; Cara hearts taken 6, 19 points, total 19; Dan 0 points, total 0.",
        "Deal 2, 17 cards, dealer Cara, took the queen of spades: Cara. Anna hearts taken 5, 5 points, total 8; "
        "Ben 0 points, total 4; Cara hearts taken 4, 17 points, total 36; Dan hearts taken 4, 4 points, total 14.",
        "Deal 3, 13 cards, dealer Dan, took the queen of spades: Dan. Anna hearts taken 1, 1 point, total 9; "
        "Ben hearts taken 2, 2 points, total 6; Cara hearts taken 3, 3 points, total 39; "
        "Dan hearts taken 7, 20 points, total 34.",
    ]


def test_show_json(capsys, db):
    code, out, _ = run(capsys, "show", "1", "--json", "--db", db)
    doc = json.loads(out)
    assert (code, doc["id"], doc["title"], doc["totals"], doc["over"]) == (0, 1, "Friday game", [35, 15, 25], False)


@pytest.mark.parametrize("command", [["show", "9"], ["replay", "9"], ["export", "9", "--format", "csv"],
                                     ["replay", "9", "--option", "scoring=tricks-plus-ten"]])
def test_an_unknown_game_is_one_line(capsys, db, command):
    assert run(capsys, *command, "--db", db) == (1, "", "scorekeeper: error: s.db: there is no game 9\n")


def test_a_game_id_in_a_store_not_made_yet(capsys, in_tmp):
    assert run(capsys, "show", "3", "--db", "new.db") == (
        1, "", "scorekeeper: error: new.db: there is no game 3 (no game has been saved there yet)\n")
    assert not (in_tmp / "new.db").exists()


def test_a_game_id_that_is_not_a_number_is_a_usage_error(capsys, db):
    assert run(capsys, "show", "one", "--db", db) == (
        2, "", "scorekeeper: error: argument GAME_ID: 'one' is not a whole number\n")


# --- replay GAME_ID --option --------------------------------------------------------------------


def test_replay_a_stored_game_under_other_options(capsys, db, in_tmp):
    before = entries(in_tmp / "s.db")
    code, out, err = run(capsys, "replay", "1", "--option", "scoring=tricks-plus-ten", "--db", db)
    assert (code, err) == (0, "")
    assert out.startswith("Lupaus (lupaus): Friday game\nOptions: Scoring = 1 per trick taken, +10 when exact\n")
    assert out.endswith("Totals side by side:\n"
                        "        stored options  scoring=tricks-plus-ten\n"
                        "  Anna              35                       35\n"
                        "  Ben               15                       24\n"
                        "  Cara              25                       28\n")
    assert entries(in_tmp / "s.db") == before


def test_replay_lists_stored_deals_that_break_a_rule(capsys, in_tmp):
    """Played without the dealer rule, deal 2's bids 2 4 3 total the 9 cards."""
    with Store(in_tmp / "s.db") as store:
        g = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"], {"dealer_restriction": False})
        for d in (D1, {**D2, "bid": [2, 4, 3]}, D3):
            g.record(d)
    before = entries(in_tmp / "s.db")
    code, out, err = run(capsys, "replay", "1", "--option", "dealer_restriction=yes", "--db", "s.db")
    assert code == 1
    assert "deal 2: Dealer Ben may not bid 4: the bids would total 9, the number of tricks\n" in out
    assert err == ("scorekeeper: with dealer_restriction=yes, 1 deal breaks a rule:\n"
                   "game 1: deal 2: Dealer Ben may not bid 4: the bids would total 9, the number of tricks\n")
    code, out, _ = run(capsys, "replay", "1", "--option", "dealer_restriction=yes", "--json", "--db", "s.db")
    doc = json.loads(out)
    assert code == 1
    assert doc["refused"] == [{"deal": 2, "messages": [
        "Dealer Ben may not bid 4: the bids would total 9, the number of tricks"]}]
    assert doc["stored"]["totals"] == doc["totals"] == [35, 29, 25]
    assert doc["stored"]["options"]["dealer_restriction"] is False
    assert entries(in_tmp / "s.db") == before


@pytest.mark.parametrize(("option", "message"), [
    ("scorin=x", "lupaus has no option 'scorin' (did you mean 'scoring'?); its options are: scoring, miss, zero_bid, "
                 "schedule, max_cards, trump_rule, fixed_suit, no_trump_when_all_dealt, dealer_restriction, "
                 "simultaneous, forehead"),
    ("scoring", "--option takes NAME=VALUE, e.g. --option scoring=ten-plus-bid; got 'scoring'"),
])
def test_replay_a_stored_game_with_a_bad_option(capsys, db, option, message):
    assert run(capsys, "replay", "1", "--option", option, "--db", db) == (2, "", f"scorekeeper: error: {message}\n")


# --- stats --------------------------------------------------------------------------------------

STATS = """\
Anna: 1 finished game (1 in progress), 1 win, average rank 1.00
  bids: 3 deals, 3 exact (100%), 0 over, 0 under; tricks - bid +0.00 on average
  exact by cards: 8: 1/1, 9: 1/1, 10: 1/1
  as dealer: 1 deal, the bid was restricted in 1, missed 0 of those (0%)

Ben: 1 finished game (1 in progress), 0 wins, average rank 2.00
  bids: 3 deals, 1 exact (33%), 2 over, 0 under; tricks - bid +1.00 on average
  exact by cards: 8: 1/1, 9: 0/1, 10: 0/1
  as dealer: 1 deal, the bid was restricted in 1, missed 1 of those (100%)

Cara: 1 finished game (1 in progress), 1 win, average rank 1.00
  bids: 3 deals, 2 exact (67%), 1 over, 0 under; tricks - bid +0.67 on average
  exact by cards: 8: 0/1, 9: 1/1, 10: 1/1
  as dealer: 1 deal, the bid was restricted in 1, missed 1 of those (100%)

Dan: 1 finished game, 0 wins, average rank 2.00
"""


def test_stats_of_every_player(capsys, db):
    """Whist is won by Anna & Cara (rank 1) over Ben & Dan (rank 2); Lupaus is in progress.

    Dealers: Anna deal 1 (others bid 6: 4 forbidden), Ben deal 2 (others 5: 4 forbidden, bid 2 took 4),
    Cara deal 3 (others 5: 3 forbidden, bid 1 took 3).
    """
    assert run(capsys, "stats", "--db", db) == (0, STATS, "")


def test_stats_of_one_player_json(capsys, db):
    code, out, err = run(capsys, "stats", "--player", " cara ", "--json", "--db", db)
    assert (code, err) == (0, "")
    assert json.loads(out) == {"players": [{
        "name": "Cara", "games": 1, "unfinished": 1, "wins": 1, "average_rank": 1.0,
        "bidding": {"deals": 3, "exact": 2, "over": 1, "under": 0, "exact_rate": 2 / 3, "mean_tricks_minus_bid": 2 / 3,
                    "by_cards": [{"cards": 8, "deals": 1, "exact": 0, "exact_rate": 0.0},
                                 {"cards": 9, "deals": 1, "exact": 1, "exact_rate": 1.0},
                                 {"cards": 10, "deals": 1, "exact": 1, "exact_rate": 1.0}],
                    "dealer": {"deals": 1, "restricted": 1, "missed_when_restricted": 1}}}],
        "skipped": []}


def test_stats_of_an_unknown_player(capsys, db):
    assert run(capsys, "stats", "--player", "Cora", "--db", db) == (1, "", (
        "scorekeeper: error: no stored game has a player called 'Cora' (did you mean 'Cara'?); "
        "the players are: Anna, Ben, Cara, Dan\n"))


def test_stats_name_a_game_left_out(capsys, db, in_tmp):
    """A game whose figures must be derived (no current stats row, as in an older store) and
    that cannot be rebuilt is named; the others still count."""
    conn = sqlite3.connect(in_tmp / "s.db", isolation_level=None)
    conn.execute("UPDATE entries SET values_json = '{\"tricks\": 99}' WHERE game_id = 2")
    conn.execute("DELETE FROM stats_cache")
    conn.close()
    code, out, err = run(capsys, "stats", "--db", db)
    assert code == 1
    assert out.startswith("Anna: 0 finished games (1 in progress), 0 wins\n")
    assert err.startswith("scorekeeper: error: game 2 is left out: s.db: game 2 cannot be rebuilt: "
                          "entry 1 (record of deal 1): ")
    assert err.count("\n") == 1


def test_stats_of_an_empty_store(capsys, in_tmp):
    assert run(capsys, "stats", "--db", "none.db") == (0, "No games are stored in none.db yet.\n", "")


# --- sessions -----------------------------------------------------------------------------------


def test_sessions_and_a_session(capsys, db):
    assert run(capsys, "sessions", "--db", db) == (0, (
        "Sessions in s.db, the newest first:\n"
        "  id  started           title  games  leading\n"
        "   1  2026-05-09 19:31             2  Anna, Cara (1 won)\n"), "")
    assert run(capsys, "session", "--db", db) == run(capsys, "session", "1", "--db", db) == (0, (
        "Session 1\n"
        "Started 2026-05-09 19:31, last active 2026-05-09 19:36; 2 games\n"
        "\n"
        "Standing (games won, then points; points add up within one ruleset only):\n"
        "  rank  name  played  won  in progress  Whist\n"  # no Lupaus game finished: no column of points
        "     1  Anna       1    1            1      7\n"
        "     1  Cara       1    1            1      7\n"
        "     3  Ben        1    0            1      0\n"
        "     3  Dan        1    0            0      0\n"
        "\n"
        "Games:\n"
        "  id  started           game                 players               result\n"
        "   1  2026-05-09 19:31  Lupaus: Friday game  Anna, Ben, Cara       in progress (3 of 19 deals played)\n"
        "   2  2026-05-09 19:35  Whist                Anna, Ben, Cara, Dan  winner: Anna & Cara\n"), "")


def test_session_json(capsys, db):
    code, out, _ = run(capsys, "session", "1", "--json", "--db", db)
    doc = json.loads(out)
    assert (code, doc["id"], [g["id"] for g in doc["games"]], doc["rulesets"]) == (
        0, 1, [1, 2], [{"id": "lupaus", "name": "Lupaus"}, {"id": "whist", "name": "Whist"}])
    assert doc["standings"][0] == {"rank": 1, "name": "Anna", "played": 1, "won": 1, "in_progress": 1,
                                   "points": {"whist": 7}}
    code, out, _ = run(capsys, "sessions", "--json", "--db", db)
    assert [s["id"] for s in json.loads(out)] == [1]


def test_an_unknown_session(capsys, db, in_tmp):
    assert run(capsys, "session", "4", "--db", db) == (1, "", "scorekeeper: error: s.db: there is no session 4\n")
    assert run(capsys, "session", "--db", "none.db") == (1, "", (
        "scorekeeper: error: none.db: there are no sessions yet: a session starts with the first game played\n"))
    assert run(capsys, "sessions", "--db", "none.db") == (0, "No sessions are stored in none.db yet.\n", "")


# --- export -------------------------------------------------------------------------------------


def test_export_a_stored_game_csv_is_safe_and_keeps_numbers(capsys, in_tmp):
    """ten-per-trick: deal 1 -> 30 -10 20 (exact 3 tricks, 1 over, exact 2)."""
    with Store(in_tmp / "s.db") as store:
        g = store.new_game(load_ruleset("lupaus"), "lupaus", [INJECTION, "+1", "Cara"], {"scoring": "ten-per-trick"})
        g.record(D1)
    code, out, _ = run(capsys, "export", "1", "--format", "csv", "--db", "s.db")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0
    assert rows[1] == ["1", "10", "'" + INJECTION, "30", "30", "-10", "-10", "20", "20", "♥ hearts", "3", "4", "2",
                       "3", "5", "2"]
    assert rows[4:7] == [["1", "'" + INJECTION, "30"], ["2", "Cara", "20"], ["3", "'+1", "-10"]]


def test_export_a_stored_game_as_html_to_a_file(capsys, db, in_tmp):
    assert run(capsys, "export", "1", "--format", "html", "-o", "sheet.html", "--db", db) == (0, "", "")
    page = (in_tmp / "sheet.html").read_text(encoding="utf-8")
    assert "<h1>Lupaus <span class=\"ruleset-id\">(lupaus)</span>: Friday game</h1>" in page
    assert "@media print" in page


def test_export_a_sheet_still_works_and_a_sheet_named_like_a_number_is_written_as_a_path(capsys, db, in_tmp):
    """Digits are the stored game even beside a file of that name (what is exported must not
    depend on the folder the command is run in); the file is ./1."""
    (in_tmp / "1").write_text(SHEET.replace("Friday game", "From the file"), encoding="utf-8")
    code, out, _ = run(capsys, "export", "1", "--format", "json", "--db", db)
    assert (code, json.loads(out)["title"]) == (0, "Friday game")
    code, out, _ = run(capsys, "export", "./1", "--format", "json", "--db", db)
    assert (code, json.loads(out)["title"]) == (0, "From the file")
    (in_tmp / "game.toml").write_text(SHEET, encoding="utf-8")
    code, out, _ = run(capsys, "export", "game.toml", "--format", "html")
    assert code == 0 and "in progress (3 of 19 deals played)" in out


def test_export_a_session_and_every_game(capsys, db):
    code, out, _ = run(capsys, "export", "--session", "--format", "json", "--db", db)
    doc = json.loads(out)
    assert (code, doc["session"]["id"], [g["id"] for g in doc["games"]]) == (0, 1, [1, 2])
    assert [g["totals"] for g in doc["games"]] == [[35, 15, 25], [7, 0]]
    assert run(capsys, "export", "--session", "1", "--format", "json", "--db", db)[1] == out
    code, out, _ = run(capsys, "export", "--all", "--format", "csv", "--db", db)
    rows = list(csv.reader(io.StringIO(out)))
    assert (code, rows[0], rows[2][:5]) == (0, ["game", "1", "Friday game"], ["1", "10", "Anna", "13", "13"])
    code, out, _ = run(capsys, "export", "--all", "--format", "md", "--db", db)
    assert out.startswith("Game 1\n\n# Lupaus (lupaus): Friday game\n")


@pytest.mark.parametrize(("args", "message"), [
    (["--format", "csv"], "export takes one of: SHEET, GAME_ID, --session [ID] or --all"),
    (["1", "--all", "--format", "csv"], "export takes one of: SHEET, GAME_ID, --session [ID] or --all; "
                                        "got a game and --all"),
    (["--session", "--all", "--format", "csv"], "export takes one of: SHEET, GAME_ID, --session [ID] or --all; "
                                                "got --session and --all"),
    (["--all", "--format", "toml"], "a TOML score sheet holds one game: export the games one by one "
                                    "(export GAME_ID --format toml), or choose csv, json, md or html"),
    (["--session", "x", "--format", "csv"], "argument --session: 'x' is not a whole number"),
])
def test_export_usage_errors(capsys, db, args, message):
    assert run(capsys, "export", *args, "--db", db) == (2, "", f"scorekeeper: error: {message}\n")


def test_export_an_unknown_session(capsys, db):
    assert run(capsys, "export", "--session", "3", "--format", "csv", "--db", db) == (
        1, "", "scorekeeper: error: s.db: there is no session 3\n")


# --- import -------------------------------------------------------------------------------------


def test_import_then_show_and_the_round_trip(capsys, in_tmp):
    (in_tmp / "game.toml").write_text(SHEET, encoding="utf-8")
    assert run(capsys, "import", "game.toml", "--db", "s.db") == (
        0, "game.toml: stored as game 1 in s.db: Lupaus, Anna, Ben, Cara; 3 deals\n", "")
    assert run(capsys, "show", "1", "--db", "s.db") == (0, SHOW, "")
    assert run(capsys, "export", "1", "--format", "toml", "-o", "back.toml", "--db", "s.db") == (0, "", "")
    assert (in_tmp / "back.toml").read_text(encoding="utf-8") == SHEET_WRITTEN
    assert run(capsys, "import", "back.toml", "--db", "s.db")[0] == 0
    assert run(capsys, "show", "2", "--db", "s.db") == (0, SHOW, "")


def test_import_refuses_a_bad_sheet_naming_the_deal_and_field(capsys, in_tmp):
    (in_tmp / "game.toml").write_text(SHEET.replace("bid = [0, 5, 1]", "bid = [0, 5, 11]"), encoding="utf-8")
    assert run(capsys, "import", "game.toml", "--db", "s.db") == (
        1, "", "scorekeeper: error: game.toml: deal 3: Bid of Cara must be from 0 to 8, not 11\n")
    assert run(capsys, "history", "--db", "s.db") == (0, "No games are stored in s.db yet.\n", "")


# --- a store that cannot be used ----------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ["history"], ["show", "1"], ["replay", "1"], ["stats"], ["sessions"], ["session"], ["import", "game.toml"],
    ["export", "1", "--format", "csv"], ["export", "--all", "--format", "json"],
])
def test_a_damaged_store_is_one_line(capsys, in_tmp, command):
    (in_tmp / "game.toml").write_text(SHEET, encoding="utf-8")
    (in_tmp / "junk.db").write_text("not a database\n", encoding="utf-8")
    assert run(capsys, *command, "--db", "junk.db") == (1, "", (
        "scorekeeper: error: junk.db is not a scorekeeper store, or it is damaged (file is not a database). "
        "It was left untouched: move it aside, or choose another file with --db PATH.\n"))
    assert (in_tmp / "junk.db").read_text(encoding="utf-8") == "not a database\n"


@pytest.mark.parametrize("command", [["show", "1"], ["history"], ["stats"]])
def test_a_store_whose_schema_is_damaged_is_one_line(capsys, db, in_tmp, command):
    """SQLite quotes the damaged part of a schema with its line breaks: the error is still one line."""
    conn = sqlite3.connect(in_tmp / "s.db", isolation_level=None)
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = replace(sql, 'updated_at  TEXT NOT NULL', ?) WHERE name = 'drafts'",
                 ("updated_at  TEXT NOT NULL, note '",))
    conn.close()
    before = (in_tmp / "s.db").read_bytes()
    assert run(capsys, *command, "--db", "s.db") == (1, "", (
        "scorekeeper: error: s.db is not a scorekeeper store, or it is damaged (malformed database schema (drafts) - "
        "unrecognized token: \"' , writers_json TEXT)\"). It was left untouched: move it aside, or choose another file with --db PATH.\n"))
    assert (in_tmp / "s.db").read_bytes() == before


_REBUILT = "scorekeeper: error: s.db: game 1 cannot be rebuilt: "
_LEFT = ". Its stored entries were left untouched; the other games can still be opened.\n"


def _json_error(text: str) -> str:
    """json's own words for what is wrong with ``text`` (they differ between Python versions)."""
    import json

    try:
        json.loads(text)
    except ValueError as exc:
        return str(exc)
    raise AssertionError(f"{text!r} is valid JSON")


@pytest.mark.parametrize(("change", "args", "message"), [
    ("UPDATE games SET players_json = 'nobody' WHERE id = 1", [],
     "its players and options: " + _json_error("nobody")),
    # JSON cut short or not JSON at all: the first bad text of a process (json not loaded yet) as well
    ("UPDATE games SET ruleset_json = '[1, 2' WHERE id = 1", [],
     "its stored ruleset: " + _json_error("[1, 2")),
    ("UPDATE entries SET values_json = '{not json' WHERE game_id = 1 AND seq = 2", ["--json"],
     "entry 2 (record of deal 2): " + _json_error("{not json")),
    ("UPDATE games SET options_json = '{\"a\": [1,]}' WHERE id = 1", ["--plain"],
     "its players and options: " + _json_error('{"a": [1,]}')),
], ids=["players", "ruleset", "entry", "options"])
def test_a_damaged_game_is_one_line_without_traceback(db, in_tmp, change, args, message):
    conn = sqlite3.connect(in_tmp / "s.db", isolation_level=None)
    conn.execute(change)
    conn.close()
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    result = subprocess.run([sys.executable, "-m", "scorekeeper", "show", "1", "--db", "s.db", *args], cwd=in_tmp,
                            env=env, capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", _REBUILT + message + _LEFT)
