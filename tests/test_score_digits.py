"""[score] digits: scores and totals shown to a number of decimals (2 unless the ruleset says),
rounded half up for display only; the totals the game keeps stay exact, and a whole score or
total shows whole (12, never 12.0) on the board, in plain words, in replay and every export."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from scorekeeper.game.game import Game
from scorekeeper.i18n import set_language
from scorekeeper.play.board import BoardMaker, ScoreCell
from scorekeeper.rules.model import shown_number
from scorekeeper.rules.ruleset import parse_ruleset_text

THIRDS = """
id = "thirds"
name = "Thirds"
description = "A third of the points taken."
deck = 52

[players]
min = 3
max = 3

[[deals.plan]]
range = [3, 1]

[fields.pts]
type = "int"
min = 0
max = 100

[score]
value = "pts / 3"
"""

# 16/3 = 5.333.., then 10.666..; Ben 3/3 + 5/3 + 1/3 adds to 3.0000000000000004 in floats, Anna to 12
DEALS = ([16, 3, 1], [16, 5, 0], [4, 1, 2])


def ruleset(extra: str = ""):
    rs, problems = parse_ruleset_text(THIRDS + extra, "thirds.toml")
    assert problems == []
    return rs


def played(extra: str = "") -> Game:
    g = Game(ruleset(extra), ["Anna", "Ben", "Cara"], {})
    for pts in DEALS:
        g.record({"pts": pts})
    return g


@pytest.mark.parametrize(("value", "digits", "shown"), [
    (16 / 3, None, 5.33), (32 / 3, None, 10.67), (2.675, 2, 2.68), (2.665, 2, 2.67), (0.125, 2, 0.13),
    (-0.125, 2, -0.12), (-2.5, 0, -2), (-2.51, 0, -3), (-0.004, 2, 0), (12.0, None, 12), (3.0000000000000004, 2, 3), (16 / 3, 0, 5),
    (2.5, 0, 3), (16 / 3, 3, 5.333), (7, 2, 7), (True, 2, True), ("", 2, ""),
])
def test_a_number_is_rounded_half_up_and_a_whole_one_is_an_int(value, digits, shown):
    got = shown_number(value, digits)
    assert got == shown and type(got) is type(shown)


def test_the_totals_kept_are_exact_and_only_what_is_shown_is_rounded():
    g = played()
    assert g.totals() == (12.0, 3.0000000000000004, 1.0)
    assert [g.ruleset.shown(x) for x in g.totals()] == [12, 3, 1]


def test_the_board_shows_two_decimals_by_default_and_whole_totals_whole():
    board = BoardMaker(played()).view()
    assert [c.points for c in board.rows[0].scores] == ["+5.33", "+1", "+0.33"]
    assert board.rows[1].scores[0] == ScoreCell("16", None, "+5.33", 10.67)
    assert [c.total for c in board.rows[2].scores] == [12, 3, 1]
    assert [type(c.total) for c in board.rows[2].scores] == [int, int, int]
    assert [(s.name, s.total) for s in board.standings] == [("Anna", 12), ("Ben", 3), ("Cara", 1)]
    assert board.sizes == ((2, 5, 5), (1, 5, 5), (1, 5, 5))  # "+5.33", "10.67": no 18-character float widens a column


def test_digits_sets_the_decimals_on_the_board():
    board = BoardMaker(played("digits = 1\n")).view()
    assert [(c.points, c.total) for c in board.rows[1].scores] == [("+5.3", 10.7), ("+1.7", 2.7), ("0", 0.3)]
    board = BoardMaker(played("digits = 0\n")).view()
    assert [(c.points, c.total) for c in board.rows[1].scores] == [("+5", 11), ("+2", 3), ("0", 0)]


@pytest.mark.parametrize(("given", "problem"), [
    ("7", "score.digits: [score] digits is how many decimals scores are shown with: a whole number from 0 to 6"),
    ("-1", "score.digits: [score] digits is how many decimals scores are shown with: a whole number from 0 to 6"),
    ('"two"', "score.digits: expected a whole number, got text"),
    ("2.5", "score.digits: expected a whole number, got a number"),
])
def test_rules_check_refuses_a_bad_digits_naming_the_key(tmp_path, capsys, given, problem):
    path = tmp_path / "thirds.toml"
    path.write_text(THIRDS + f"digits = {given}\n", encoding="utf-8")
    assert main(["rules", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert f"thirds.toml: {problem}" in out + err


def test_a_bad_digits_is_told_in_finnish_and_polish():
    from scorekeeper.i18n import show

    rs, problems = parse_ruleset_text(THIRDS + "digits = 9\n", "thirds.toml")
    assert rs is None and [p.path for p in problems] == ["score.digits"]
    try:
        set_language("fi")
        assert show(problems[0].message) == ("[score] digits on desimaalien määrä, jolla pisteet näytetään: "
                                             "kokonaisluku 0–6")
        set_language("pl")
        assert show(problems[0].message) == ("[score] digits to liczba miejsc po przecinku, z jaką pokazuje się "
                                             "punkty: liczba całkowita od 0 do 6")
    finally:
        set_language("en")


@pytest.fixture
def sheet(tmp_path):
    rules = tmp_path / "thirds.toml"
    rules.write_text(THIRDS, encoding="utf-8")
    path = tmp_path / "sheet.toml"
    path.write_text(f'ruleset = "{rules.as_posix()}"\nplayers = ["Anna", "Ben", "Cara"]\nfirst_dealer = 1\n'
                    + "".join(f"\n[[deals]]\npts = {pts}\n" for pts in DEALS), encoding="utf-8")
    return path


def run(capsys, *argv) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_replay_shows_the_same_numbers(capsys, sheet):
    out = run(capsys, "replay", str(sheet))
    assert out.splitlines()[3:7] == [
        "deal  cards  dealer  Anna  total  Ben   total  Cara  total",
        "   1      3  Anna    5.33   5.33     1      1  0.33   0.33",
        "   2      2  Ben     5.33  10.67  1.67   2.67     0   0.33",
        "   3      1  Cara    1.33     12  0.33      3  0.67      1",
    ]
    assert "Totals: Anna 12, Ben 3, Cara 1" in out and "  2. Ben 3\n" in out


def test_plain_shows_the_same_numbers(capsys, sheet):
    out = run(capsys, "replay", str(sheet), "--plain")
    assert ("Deal 2, 2 cards, dealer Ben: Anna pts 16, 5.33 points, total 10.67; Ben pts 5, 1.67 points, "
            "total 2.67; Cara pts 0, 0 points, total 0.33.") in out
    assert "Totals: Anna 12 (1st), Ben 3 (2nd), Cara 1 (3rd)." in out


def test_plain_in_finnish_writes_a_decimal_comma(sheet):
    set_language("fi")
    try:
        from scorekeeper.game.sheet import load_sheet
        from scorekeeper.play.plain import game_lines

        text = "\n".join(game_lines(load_sheet(sheet)))
    finally:
        set_language("en")
    assert "10,67" in text and "5,33" in text and "3,0" not in text


@pytest.mark.parametrize("fmt", ["csv", "json", "md", "html"])
def test_every_export_shows_the_same_numbers(capsys, sheet, fmt):
    out = run(capsys, "export", str(sheet), "--format", fmt)
    assert "5.33" in out and "10.67" in out and "0.33" in out
    assert "5.333" not in out and "3.0000000000000004" not in out and "12.0" not in out


def test_the_json_export_holds_the_shown_numbers(capsys, sheet):
    doc = json.loads(run(capsys, "export", str(sheet), "--format", "json"))
    game = doc["games"][0] if "games" in doc else doc
    assert game["deals"][1]["scores"] == [5.33, 1.67, 0] and game["deals"][1]["totals"] == [10.67, 2.67, 0.33]
    assert game["totals"] == [12, 3, 1]
    assert [s["total"] for s in game["standings"]] == [12, 3, 1]


def test_the_what_if_screen_shows_the_same_numbers():
    from scorekeeper.tui.screens.what_if import comparison

    g = Game(ruleset(), ["Anna", "Ben", "Cara"], {})
    for pts in DEALS[:2]:
        g.record({"pts": pts})
    text = comparison(g, g).plain
    assert "10.67 (1st)" in text and "2.67 (2nd)" in text and "0.33 (3rd)" in text and "10.666" not in text
