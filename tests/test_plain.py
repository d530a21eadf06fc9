"""``--plain``: the score sheet and the store's reports as sentences for a screen reader.

Each line must make sense read aloud on its own; no table laid out with spaces, no box
drawing (U+2500-U+257F) and no sign a screen reader reads badly (✓ ✗ · │ ─, suit symbols).
The store holds (as in test_cli_store): session 1 with game 1, Lupaus "Friday game", three
deals (totals 35 15 25; with tricks-plus-ten 35 24 28), and game 2, Whist, won 7-0 by Anna & Cara.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.game.sheet import replay_sheet
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.play.plain import game_lines, ordinal

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
BAD_SIGNS = set("✓✗·│─•◼⚠♠♥♦♣") | {chr(c) for c in range(0x2500, 0x2580)}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_speakable(text: str) -> None:
    """No box drawing and no symbol a screen reader reads badly; no run of spaces (table layout)."""
    assert sorted(set(text) & BAD_SIGNS) == []
    assert "  " not in text
    for line in text.splitlines():
        assert line == line.strip() and line


@pytest.fixture
def db(tmp_path, monkeypatch) -> str:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.chdir(tmp_path)
    now = [datetime(2026, 5, 9, 19, 30, tzinfo=timezone.utc)]

    def clock():
        now[0] += timedelta(minutes=1)
        return now[0]

    with Store(tmp_path / "s.db", clock=clock) as store:
        g = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"], title="Friday game")
        g.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})
        g.record({"bid": [2, 2, 3], "tricks": [2, 4, 3], "turned": "spades"})
        g.record({"bid": [0, 5, 1], "tricks": [0, 5, 3]})
        w = store.new_game(load_ruleset("whist"), "whist", ["Anna", "Ben", "Cara", "Dan"])
        w.record({"tricks": 13, "turned": "clubs"})
    yield "s.db"
    monkeypatch.undo()
    time.tzset()


LUPAUS_GAME = (
    "Lupaus: Friday game.\n"
    "Players: Anna, Ben, Cara.\n"
    "House rules: the defaults.\n"
    "Deal 1, 10 cards, dealer Anna, trump suit: hearts. Anna bid 3, tricks 3, made, 13 points, total 13; "
    "Ben bid 4, tricks 5, missed, 0 points, total 0; Cara bid 2, tricks 2, made, 12 points, total 12.\n"
    "Deal 2, 9 cards, dealer Ben, trump suit: spades. Anna bid 2, tricks 2, made, 12 points, total 25; "
    "Ben bid 2, tricks 4, missed, 0 points, total 0; Cara bid 3, tricks 3, made, 13 points, total 25.\n"
    "Deal 3, 8 cards, dealer Cara: Anna bid 0, tricks 0, made, 10 points, total 35; "
    "Ben bid 5, tricks 5, made, 15 points, total 15; Cara bid 1, tricks 3, missed, 0 points, total 25.\n"
    "Totals: Anna 35 (1st), Cara 25 (2nd), Ben 15 (3rd).\n"
    "In progress: 3 of 19 deals played.\n"
)


# --- score sheets ---------------------------------------------------------------------------------


def test_replay_plain_whist_sheet(capsys):
    """Partnerships score; the per-deal entry is said with its label; 10 to 6 as the sheet says."""
    assert run(capsys, "replay", str(EXAMPLES / "whist.toml"), "--plain") == (0, (
        "Whist: Whist to 7.\n"
        "Partnerships: Anna & Cara against Ben & Dan.\n"
        "House rules: the defaults.\n"
        "Deal 1, 13 cards, dealer Dan, trump suit: hearts, tricks won by Anna & Cara: 8. "
        "Anna & Cara made, 2 points, total 2; Ben & Dan missed, 0 points, total 0.\n"
        "Deal 2, 13 cards, dealer Anna, trump suit: clubs, tricks won by Anna & Cara: 5. "
        "Anna & Cara missed, 0 points, total 2; Ben & Dan made, 2 points, total 2.\n"
        "Deal 3, 13 cards, dealer Ben, trump suit: spades, tricks won by Anna & Cara: 6. "
        "Anna & Cara missed, 0 points, total 2; Ben & Dan made, 1 point, total 3.\n"
        "Deal 4, 13 cards, dealer Cara, trump suit: diamonds, tricks won by Anna & Cara: 7. "
        "Anna & Cara made, 1 point, total 3; Ben & Dan missed, 0 points, total 3.\n"
        "Deal 5, 13 cards, dealer Dan, tricks won by Anna & Cara: 4. "
        "Anna & Cara missed, 0 points, total 3; Ben & Dan made, 3 points, total 6.\n"
        "Deal 6, 13 cards, dealer Anna, trump suit: hearts, tricks won by Anna & Cara: 9. "
        "Anna & Cara made, 3 points, total 6; Ben & Dan missed, 0 points, total 6.\n"
        "Deal 7, 13 cards, dealer Ben, trump suit: clubs, tricks won by Anna & Cara: 3. "
        "Anna & Cara missed, 0 points, total 6; Ben & Dan made, 4 points, total 10.\n"
        "Totals: Ben & Dan 10 (1st), Anna & Cara 6 (2nd).\n"
        "Winner: Ben & Dan.\n"), "")


def test_replay_plain_wysiwyg_sheet_says_cards_and_seats_in_words(capsys):
    """Seats are names, no trump is said, a typed hand is grouped by suit with ranks in words; 51 to 9."""
    assert run(capsys, "replay", str(EXAMPLES / "wysiwyg.toml"), "--plain") == (0, (
        "WYSIWYG: WYSIWYG to 50.\n"
        "Players: Aino, Bertta.\n"
        "House rules: the defaults.\n"
        "Deal 1, 13 cards, dealer Aino, declarer: Aino, winning bid (points on top of the declarer's base): 11, "
        "trump named by the declarer: hearts, declarer's tricks while the stock lasts (1 point each): 4, "
        "declarer's tricks after the stock (2 points each): 7, winner of the last trick (1 point more): Aino. "
        "Aino hand value 11, made, 13 points, total 13; Bertta hand value 15, 0 points, total 0.\n"
        "Deal 2, 13 cards, dealer Bertta, declarer: Bertta, winning bid (points on top of the declarer's base): 11, "
        "doubled: doubled, trump named by the declarer: no trump, declarer's points (0-40): 13. "
        "Aino hand value 15, 30 points, total 43; Bertta hand value 11, missed, 0 points, total 0.\n"
        "Deal 3, 13 cards, dealer Aino, declarer: Bertta, winning bid (points on top of the declarer's base): 5, "
        "trump named by the declarer: spades, declarer's tricks while the stock lasts (1 point each): 6, "
        "declarer's tricks after the stock (2 points each): 4, winner of the last trick (1 point more): Bertta. "
        "Aino cards in hand (spades king queen 7, hearts ace queen 8 5 2, diamonds ace 9, clubs queen jack 3), "
        "0 points, total 43; Bertta hand value 12, made, 9 points, total 9.\n"
        "Deal 4, 13 cards, dealer Bertta, declarer: Bertta, winning bid (points on top of the declarer's base): 8, "
        "doubled: redoubled, trump named by the declarer: clubs, declarer's points (0-40): 7. "
        "Aino hand value 20, 8 points, total 51; Bertta hand value 8, missed, 0 points, total 9.\n"
        "Totals: Aino 51 (1st), Bertta 9 (2nd).\n"
        "Winner: Aino.\n"), "")


def test_replay_plain_lupaus_sheet(capsys):
    code, out, err = run(capsys, "replay", str(EXAMPLES / "lupaus.toml"), "--plain")
    lines = out.splitlines()
    assert (code, err, len(lines)) == (0, "", 3 + 19 + 2)
    assert lines[:4] == [
        "Lupaus: Lupaus, three players, 19 deals.",
        "Players: Anna, Ben, Cara.",
        "House rules: the defaults.",
        "Deal 1, 10 cards, dealer Anna, trump suit: spades. Anna bid 1, tricks 2, missed, 0 points, total 0; "
        "Ben bid 0, tricks 1, missed, 0 points, total 0; Cara bid 2, tricks 7, missed, 0 points, total 0.",
    ]
    assert lines[12] == ("Deal 10, 1 card, dealer Anna, trump suit: diamonds. Anna bid 0, tricks 0, made, 10 points, "
                         "total 20; Ben bid 1, tricks 0, missed, 0 points, total 78; Cara bid 1, tricks 1, made, "
                         "11 points, total 33.")
    assert lines[-2:] == ["Totals: Cara 103 (1st), Ben 101 (2nd), Anna 65 (3rd).", "Winner: Cara."]


def test_replay_plain_what_if_of_a_sheet(capsys):
    """The changed house rule is named with its words, and each total is said beside the one played."""
    code, out, err = run(capsys, "replay", str(EXAMPLES / "lupaus.toml"), "--plain", "--option",
                         "scoring=tricks-plus-ten")
    lines = out.splitlines()
    assert (code, err) == (0, "")
    assert lines[2] == "House rule, Scoring: 1 per trick taken, +10 when exact."
    assert lines[-3:] == [
        "Totals: Cara 132 (1st), Ben 119 (2nd), Anna 98 (3rd).",
        "Winner: Cara.",
        "With Scoring set to 1 per trick taken, +10 when exact, the totals are: "
        "Anna 98, was 65; Ben 119, was 101; Cara 132, was 103.",
    ]


@pytest.mark.parametrize("sheet", sorted(p.name for p in EXAMPLES.glob("*.toml") if "criteria.toml" not in p.name))
def test_every_example_sheet_in_plain_text_is_speakable(capsys, sheet):
    code, out, err = run(capsys, "replay", str(EXAMPLES / sheet), "--plain")
    assert (code, err) == (0, "")
    assert_speakable(out)


def test_the_plain_sheet_reads_the_games_own_results():
    """Nothing is scored again: the lines say what game.results() and standings() hold."""
    game, _ = replay_sheet(EXAMPLES / "lupaus.toml")
    lines = game_lines(game)
    for r, line in zip(game.results(), lines[3:]):
        for name, score, total in zip(game.scorer_names, r.scores, r.totals):
            assert f"{name} " in line and f"{score} point" in line and f"total {total}" in line
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


def test_a_tie_and_a_deal_that_breaks_a_rule_are_said_in_words():
    """Shared ranks say 'tied'; what the rules report is its own line, naming the deal and the level."""
    from scorekeeper.game.game import Game

    game = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"], {})
    game.record({"bid": [3, 3, 4], "tricks": [3, 3, 4], "turned": "hearts"}, check=False)  # bids total 10
    lines = game_lines(game)
    assert lines[3:] == [
        "Deal 1, 10 cards, dealer Anna, trump suit: hearts. Anna bid 3, tricks 3, made, 13 points, total 13; "
        "Ben bid 3, tricks 3, made, 13 points, total 13; Cara bid 4, tricks 4, made, 14 points, total 14.",
        "Deal 1, error: Dealer Anna may not bid 3: the bids would total 10, the number of tricks",
        "Totals: Cara 14 (1st), Anna 13 (2nd, tied), Ben 13 (2nd, tied).",
        "In progress: 1 of 19 deals played.",
    ]


def test_plain_and_json_together_are_a_usage_error(capsys):
    assert run(capsys, "replay", str(EXAMPLES / "whist.toml"), "--plain", "--json") == (
        2, "", "scorekeeper: error: --plain and --json cannot be used together: choose one\n")


# --- stored games ---------------------------------------------------------------------------------


def test_show_and_replay_of_a_stored_game_in_plain_text(capsys, db):
    assert run(capsys, "show", "1", "--plain", "--db", db) == (0, LUPAUS_GAME, "")
    assert run(capsys, "replay", "1", "--plain", "--db", db) == (0, LUPAUS_GAME, "")


def test_what_if_of_a_stored_game_in_plain_text(capsys, db):
    code, out, err = run(capsys, "replay", "1", "--option", "scoring=tricks-plus-ten", "--plain", "--db", db)
    assert (code, err) == (0, "")
    assert out.splitlines()[-3:] == [
        "Totals: Anna 35 (1st), Cara 28 (2nd), Ben 24 (3rd).",
        "In progress: 3 of 19 deals played.",
        "With Scoring set to 1 per trick taken, +10 when exact, the totals are: "
        "Anna 35, the same; Ben 24, was 15; Cara 28, was 25.",
    ]


def test_history_in_plain_text(capsys, db):
    assert run(capsys, "history", "--plain", "--db", db) == (0, (
        "Games in s.db, the latest played first: 2.\n"
        "Game 2: Whist, started 2026-05-09 19:35; players Anna, Ben, Cara, Dan; winner: Anna & Cara.\n"
        "Game 1: Lupaus (Friday game), started 2026-05-09 19:31; players Anna, Ben, Cara; "
        "in progress: 3 of 19 deals played.\n"), "")
    assert run(capsys, "history", "--plain", "--db", "none.db") == (0, "No games are stored in none.db yet.\n", "")


def test_stats_in_plain_text(capsys, db):
    assert run(capsys, "stats", "--player", "ben", "--plain", "--db", db) == (0, (
        "Ben: 1 finished game (1 in progress), 0 wins, average rank 2.00.\n"
        "Ben, bids: 3 deals, 1 exact (33 percent), 2 over, 0 under; on average 1.00 tricks more than the bid.\n"
        "Ben, exact bids by cards dealt: 8 cards, 1 of 1; 9 cards, 0 of 1; 10 cards, 0 of 1.\n"
        "Ben as dealer: 1 deal, the bid was restricted in 1, missed 1 of those (100 percent).\n"), "")
    code, out, _ = run(capsys, "stats", "--plain", "--db", db)
    assert code == 0 and out.splitlines()[-1] == "Dan: 1 finished game, 0 wins, average rank 2.00."


def test_sessions_and_a_session_in_plain_text(capsys, db):
    assert run(capsys, "sessions", "--plain", "--db", db) == (0, (
        "Sessions in s.db, the newest first: 1.\n"
        "Session 1: started 2026-05-09 19:31, 2 games; leading Anna and Cara with 1 game won.\n"), "")
    assert run(capsys, "session", "--plain", "--db", db) == (0, (
        "Session 1.\n"
        "Started 2026-05-09 19:31, last active 2026-05-09 19:36; 2 games.\n"
        "Standing, by games won, then points; points add up within one ruleset only:\n"
        "1st Anna: 1 finished game, 1 won, 1 in progress; Whist 7 points.\n"
        "1st Cara: 1 finished game, 1 won, 1 in progress; Whist 7 points.\n"
        "3rd Ben: 1 finished game, 0 won, 1 in progress; Whist 0 points.\n"
        "3rd Dan: 1 finished game, 0 won, 0 in progress; Whist 0 points.\n"
        "Games of the session:\n"
        "Game 1: Lupaus (Friday game), started 2026-05-09 19:31; players Anna, Ben, Cara; "
        "in progress: 3 of 19 deals played.\n"
        "Game 2: Whist, started 2026-05-09 19:35; players Anna, Ben, Cara, Dan; winner: Anna & Cara.\n"), "")


@pytest.mark.parametrize("command", [["history"], ["show", "1"], ["show", "2"], ["replay", "2"], ["stats"],
                                     ["sessions"], ["session"], ["replay", "1", "--option", "zero_bid=five"]])
def test_every_stored_report_in_plain_text_is_speakable(capsys, db, command):
    code, out, err = run(capsys, *command, "--plain", "--db", db)
    assert (code, err) == (0, "")
    assert_speakable(out)
    code, table, _ = run(capsys, *command, "--db", db)
    assert table != out  # the plain form is not the table
