"""Starting carried values (issue 28 item 5): a game continued from paper starts with its bags,
part-scores or phases as the table agreed them, in a score sheet (``carried``) and through the
engine; a carried value's ``start`` may read ``seat`` (a partnership's: ``team``). The values
start every later one: undo, edits, the export and the store keep them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.game.engine import SetupError
from scorekeeper.game.game import Game
from scorekeeper.game.limits import check_ruleset
from scorekeeper.game.sheet import dump_sheet, load_sheet
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import load_ruleset

PLAYERS = ["Anna", "Ben", "Cara", "Dan"]
# Spades (pagat.com): A&C bid 7 and take 9: 70 + 2 bags = 72; B&D bid 5 and take 4: -50.
DEAL = {"bid": [4, 3, 3, 2], "tricks": [5, 2, 4, 2]}


def _spades(carried=None, scores=None) -> Game:
    return Game(load_ruleset("spades"), PLAYERS, {}, 1, scores, carried)


def test_a_game_continued_from_paper_starts_with_its_bags():
    """A&C come with 8 bags: their 2 more make 10, which cost 100 in this deal (72 - 100)."""
    game = _spades({"bags": [8, 2]}, [300, 150])
    game.record(DEAL)
    assert game.results()[0].scores == (-28, -50)
    assert game.totals() == (272, 100)
    assert game.results()[0].carried == {"bags": (0, 2)}


def test_without_starting_values_the_rules_starts_hold():
    game = _spades()
    game.record(DEAL)
    assert game.results()[0].scores == (72, -50) and game.results()[0].carried == {"bags": (2, 0)}


def test_an_edit_and_undo_work_out_again_from_the_starting_values():
    game = _spades({"bags": [8, 2]})
    game.record(DEAL)
    game.edit(1, {"bid": [4, 3, 3, 2], "tricks": [4, 3, 4, 2]})  # A&C take 8: 1 bag, 9 in all; B&D make their 5: 50
    assert game.results()[0].scores == (71, 50) and game.results()[0].carried == {"bags": (9, 2)}
    game.undo()
    assert game.results()[0].scores == (-28, -50)


def test_the_values_shown_before_the_first_deal_are_the_starting_ones():
    from scorekeeper.game.carried import carried_columns, carried_now

    game = _spades({"bags": [8, 2]})
    assert carried_now(game, carried_columns(game)) == [8, 2]


@pytest.mark.parametrize("carried, message", [
    ({"bag": [1, 2]}, "'bag' is not a value the rules carry from deal to deal; they carry: bags"),
    ({"bags": [1, 2, 3]}, "the start of Bags (bags) is a list of 2 whole numbers, one for each of "
                          "Anna & Cara, Ben & Dan, not [1, 2, 3]"),
    ({"bags": 3}, "the start of Bags (bags) is a list of 2 whole numbers, one for each of "
                  "Anna & Cara, Ben & Dan, not 3"),
    ({"bags": [1, 2.5]}, "the start of Bags (Ben & Dan) is a whole number, not 2.5"),
    ({"bags": [True, 2]}, "the start of Bags (Anna & Cara) is a whole number, not True"),
    ({"bags": [10 ** 13, 2]}, "Bags (Anna & Cara) must be from -10**12 to 10**12, not 10000000000000"),
    ([1, 2], "the starting carried values are a table of the values the rules carry, such as "
             "{ bags = [3, 7] }, not [1, 2]"),
])
def test_a_bad_starting_value_is_refused_naming_it(carried, message):
    with pytest.raises(SetupError) as caught:
        _spades(carried)
    assert show(caught.value.message) == message


SHEET = """ruleset = "spades"
players = ["Anna", "Ben", "Cara", "Dan"]
scores = [300, 150]
carried = {{ bags = {bags} }}

[[deals]]
bid = [4, 3, 3, 2]
tricks = [5, 2, 4, 2]
"""


def test_a_sheet_gives_them_and_its_export_and_the_store_keep_them(tmp_path, capsys):
    sheet = tmp_path / "paper.toml"
    sheet.write_text(SHEET.format(bags="[8, 2]"), encoding="utf-8")
    game = load_sheet(sheet)
    assert game.totals() == (272, 100)
    text = dump_sheet(game)
    assert "carried = { bags = [8, 2] }" in text.splitlines()
    again = tmp_path / "again.toml"
    again.write_text(text, encoding="utf-8")
    assert load_sheet(again).totals() == (272, 100)
    db = str(tmp_path / "g2.db")
    assert main(["import", str(sheet), "--db", db]) == 0
    capsys.readouterr()
    assert main(["replay", "1", "--db", db, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["totals"] == [272, 100]
    assert document["carry"] == [{"id": "bags", "label": "Bags", "scope": "team", "start": [8, 2]}]
    assert main(["export", "1", "--db", db, "--format", "toml"]) == 0
    assert "carried = { bags = [8, 2] }" in capsys.readouterr().out.splitlines()


def test_a_sheet_with_a_bad_starting_value_names_the_key(tmp_path, capsys):
    sheet = tmp_path / "paper.toml"
    sheet.write_text(SHEET.format(bags="[8]"), encoding="utf-8")
    assert main(["replay", str(sheet)]) != 0
    err = capsys.readouterr().err
    assert "carried" in err and "the start of Bags (bags) is a list of 2 whole numbers" in err


SEATED = """id = "handicap"
name = "Handicap"
description = "Each seat starts with its own handicap."
deck = 52
phases = ["play"]

[players]
min = 2
max = 5

[deals]
cards = "5"

[fields.points]
type = "int"
min = 0
max = 50

[carry.handicap]
label = "Handicap"
start = "{start}"
value = "handicap"

[score]
value = "points + handicap"

[end]
when = "max(total) >= 1000"
"""


def _seated(tmp_path: Path, start: str) -> Path:
    path = tmp_path / "handicap.toml"
    path.write_text(SEATED.format(start=start), encoding="utf-8")
    return path


def test_a_start_may_read_the_seat(tmp_path):
    """Seat 1 starts with 10, seat 2 with 20, ...: each seat's score adds its own."""
    path = _seated(tmp_path, "10 * seat")
    assert check_ruleset(path) == []
    game = Game(load_ruleset(str(path)), ["Anna", "Ben", "Cara"], {}, 1)
    game.record({"points": [1, 2, 3]})
    assert game.totals() == (11, 22, 33)
    game.join("Dan")  # game seat 4: starts with 40
    game.record({"points": [1, 2, 3, 4]})
    assert game.results()[-1].scores == (11, 22, 33, 44)


def test_a_start_reading_the_seat_is_refused_for_the_table(tmp_path):
    path = _seated(tmp_path, "10 * seat").read_text(encoding="utf-8").replace(
        'label = "Handicap"', 'label = "Handicap"\nscope = "table"').replace("points + handicap", "points")
    (tmp_path / "table.toml").write_text(path, encoding="utf-8")
    problems = [(p.path, show(p.message)) for p in check_ruleset(tmp_path / "table.toml")]
    assert [key for key, _ in problems] == ["carry.handicap.start"]
    assert "'seat'" in problems[0][1]


def test_a_partnership_s_start_may_read_the_partnership(tmp_path):
    """Spades' bags starting at 3 for Anna & Cara and 6 for Ben & Dan ("3 * team"): two more bags
    each make 5 and 8."""
    text = (Path(__file__).resolve().parents[1] / "rulesets" / "spades.toml").read_text(encoding="utf-8")
    assert '[carry.bags]\nscope = "team"\nlabel = "Bags"\nstart = "0"' in text
    path = tmp_path / "spades.toml"
    path.write_text(text.replace('[carry.bags]\nscope = "team"\nlabel = "Bags"\nstart = "0"',
                                 '[carry.bags]\nscope = "team"\nlabel = "Bags"\nstart = "3 * team"'), encoding="utf-8")
    assert check_ruleset(path) == []
    game = Game(load_ruleset(str(path)), PLAYERS, {}, 1)
    assert game.setup.carry_start == {"bags": (3, 6)}
    game.record({"bid": [4, 1, 3, 1], "tricks": [5, 2, 4, 2]})  # A&C 7 of 9: 2 bags; B&D 2 of 4: 2 bags
    assert game.results()[0].carried == {"bags": (5, 8)}


def test_a_value_per_pair_of_seats_starts_with_one_value_for_each_pair():
    """Preferans keeps the whists of each player on each other player (a value per pair of
    seats): a pool continued from paper gives six, in the order Anna→Ben, Anna→Cara, Ben→Anna,
    Ben→Cara, Cara→Anna, Cara→Ben; three (one per player) are refused, naming the six."""
    players = ["Anna", "Ben", "Cara"]
    game = Game(load_ruleset("preferans"), players, {}, 1, None, {"whists": [6, 0, 2, 4, 0, 10]})
    assert game.start_carried["whists"] == (6, 0, 2, 4, 0, 10)
    with pytest.raises(SetupError) as caught:
        Game(load_ruleset("preferans"), players, {}, 1, None, {"whists": [6, 0, 2]})
    said = show(caught.value)
    assert "Anna→Ben, Anna→Cara, Ben→Anna, Ben→Cara, Cara→Anna, Cara→Ben" in said and "[6, 0, 2]" in said, said
