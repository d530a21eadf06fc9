"""A value carried for the whole table (``[carry.<id>] scope = "table"``): one value, read by
its name in every formula of a deal, shown once (issue 28: Doppelkopf's Bock rounds, Belote's
points held after a tie, Preferans' all-pass count; before it took a copy per seat)."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.cli import main
from scorekeeper.game.game import Game
from scorekeeper.game.limits import check_ruleset
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import load_ruleset

POT = Path(__file__).parent / "fixtures" / "games" / "pot.toml"
# Three players, 5 cards a deal; an exact bid scores 10 + bid; when nobody is exact the pot
# gains 10, and the next exact bidders share it (pot // how many are exact):
#   deal 1: Cara exact (1): 11; the pot stays 0
#   deal 2: nobody exact: 0 each; the pot becomes 10
#   deal 3: Anna (2) and Ben (1) exact: 10 + 2 + 10 // 2 = 17, 10 + 1 + 5 = 16; the pot is 0 again
DEALS = [{"bid": [1, 1, 1], "tricks": [2, 2, 1]},
         {"bid": [1, 1, 1], "tricks": [2, 3, 0]},
         {"bid": [2, 1, 1], "tricks": [2, 1, 2]}]
SHEET = """ruleset = "{ruleset}"
players = ["Anna", "Ben", "Cara"]
[[deals]]
bid = [1, 1, 1]
tricks = [2, 2, 1]
[[deals]]
bid = [1, 1, 1]
tricks = [2, 3, 0]
[[deals]]
bid = [2, 1, 1]
tricks = [2, 1, 2]
"""


def test_the_table_carries_one_value_read_by_every_seat():
    assert check_ruleset(POT) == []
    game = Game(load_ruleset(POT), ["Anna", "Ben", "Cara"])
    for deal in DEALS:
        game.record(deal)
    assert [r.scores for r in game.results()] == [(0, 0, 11), (0, 0, 0), (17, 16, 0)]
    assert [r.carried["pot"] for r in game.results()] == [(0,), (10,), (0,)]
    assert game.totals() == (17, 16, 11)


def test_the_table_value_is_shown_once(tmp_path, capsys):
    sheet = tmp_path / "pot-game.toml"
    sheet.write_text(SHEET.format(ruleset=POT.as_posix()))
    assert main(["replay", str(sheet)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3:7] == ["deal  cards  dealer  Anna  total  Ben  total  Cara  total  Pot",
                          "   1      5  Anna       0      0    0      0    11     11    0",
                          "   2      5  Ben        0      0    0      0     0     11   10",
                          "   3      5  Cara      17     17   16     16     0     11    0"]
    assert main(["replay", str(sheet), "--plain"]) == 0
    assert ("Deal 2, 5 cards, dealer Ben, pot: 10. Anna bid 1, tricks 2, 0 points, total 0; Ben bid 1, "
            "tricks 3, 0 points, total 0; Cara bid 1, tricks 0, 0 points, total 11.") in capsys.readouterr().out
    assert main(["replay", str(sheet), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["carry"] == [{"id": "pot", "label": "Pot", "scope": "table", "start": [0]}]
    assert [d["carried"] for d in doc["deals"]] == [{"pot": [0]}, {"pot": [10]}, {"pot": [0]}]
    assert main(["export", str(sheet), "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(",Cara tricks,Pot")


def test_the_table_value_is_a_formula_about_the_deal(tmp_path):
    """Its update is worked out once, for the deal: a seat's value is read through an aggregate."""
    path = tmp_path / "pot.toml"
    path.write_text(POT.read_text().replace('value = "0 if any(bid == tricks) else pot + 10"',
                                            'value = "pot + bid"'))
    problems = [show(p) for p in check_ruleset(path)]
    assert len(problems) == 1 and problems[0].startswith(f"{path}: carry.pot.value: ")
    assert "'bid'" in problems[0]


def test_rules_show_says_the_value_is_one_for_the_table(capsys):
    assert main(["rules", "show", str(POT)]) == 0
    assert ("  pot: Pot, one for the whole table: 0 at the start, then 0 if any(bid == tricks) else pot + 10 "
            "after each deal") in capsys.readouterr().out.splitlines()


def test_who_wins_reads_the_values_carried_into_the_last_deal(tmp_path):
    """end.wins is worked out on the deal that ended the game as it was scored: with the values
    carried into it (it read their starts, so a Phase 10 player on phase 10 was on phase 1)."""
    path = tmp_path / "streak.toml"
    path.write_text(POT.read_text().replace("[end]", '''[carry.exact]
label = "Exact bids"
value = "exact + (1 if bid == tricks else 0)"

[end]
wins = "exact >= 1"''').replace('id = "pot"', 'id = "streak"'))
    assert check_ruleset(path) == []
    game = Game(load_ruleset(path), ["Anna", "Ben", "Cara"])
    for deal in DEALS:
        game.record(deal)
    # Into deal 3 only Cara had an exact bid (deal 1): she wins with the fewest points
    assert (game.totals(), game.winners) == ((17, 16, 11), ["Cara"])
