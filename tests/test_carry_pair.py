"""A value carried per pair of seats (``[carry.<id>] scope = "pair"``): one value of each
player on each other player, updated by a formula at the seat that holds it with ``other``
the seat it is held on, read elsewhere only through ``between(seat, other, x)`` (issue 28:
Preferans' whists, written by each player on each other; before, nothing could keep them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.game.engine import pair_index, pair_seats
from scorekeeper.game.game import Game
from scorekeeper.game.limits import check_ruleset
from scorekeeper.game.sheet import load_sheet
from scorekeeper.i18n import show
from scorekeeper.rules.formula import EvalError, Missing
from scorekeeper.rules.ruleset import load_ruleset

WHISTS = Path(__file__).parent / "fixtures" / "games" / "whists.toml"
PLAYERS = ["Anna", "Ben", "Cara"]
# Three players, 8 cards; the declarer scores 10 for 6 tricks or more, else -10; each defender
# writes 2 whists on the declarer per trick taken; at the end each player gains what they
# wrote on the others less what the others wrote on them. Pairs in the order kept:
# Anna→Ben, Anna→Cara, Ben→Anna, Ben→Cara, Cara→Anna, Cara→Ben.
#   deal 1: Anna declares, tricks 6 1 1: Anna 10; Ben→Anna 2, Cara→Anna 2
#   deal 2: Ben declares, tricks 3 4 1: Ben -10; Anna→Ben 6, Cara→Ben 2
#   deal 3: Cara declares, tricks 0 2 6: Cara 10; Anna→Cara 0, Ben→Cara 4
#   settled: Anna (6 - 2) + (0 - 2) = 2; Ben (2 - 6) + (4 - 2) = -2; Cara (2 - 0) + (2 - 4) = 0
#   totals: Anna 10 + 2 = 12, Ben -10 - 2 = -12, Cara 10 + 0 = 10
DEALS = [{"declarer": 1, "tricks": [6, 1, 1]},
         {"declarer": 2, "tricks": [3, 4, 1]},
         {"declarer": 3, "tricks": [0, 2, 6]}]
CARRIED = [(0, 0, 2, 0, 2, 0), (6, 0, 2, 0, 2, 2), (6, 0, 2, 4, 2, 2)]
SHEET = """ruleset = "{ruleset}"
players = ["Anna", "Ben", "Cara"]
[[deals]]
declarer = 1
tricks = [6, 1, 1]
[[deals]]
declarer = 2
tricks = [3, 4, 1]
[[deals]]
declarer = 3
tricks = [0, 2, 6]
"""


def _game() -> Game:
    game = Game(load_ruleset(WHISTS), PLAYERS)
    for deal in DEALS:
        game.record(deal)
    return game


def _sheet(tmp_path: Path) -> Path:
    sheet = tmp_path / "whists-game.toml"
    sheet.write_text(SHEET.format(ruleset=WHISTS.as_posix()))
    return sheet


def test_the_pairs_are_each_seat_on_each_other_seat():
    assert pair_seats(3) == [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]
    assert [pair_index(a, b, 4) for a, b in pair_seats(4)] == list(range(12))


def test_each_player_carries_a_value_on_each_other_player():
    assert check_ruleset(WHISTS) == []
    game = _game()
    assert [r.carried["whists"] for r in game.results()] == CARRIED
    assert [r.scores for r in game.results()] == [(10, 0, 0), (0, -10, 0), (0, 0, 10)]
    assert (game.end_bonus(), game.totals(), game.winners) == ((2, -2, 0), (12, -12, 10), ["Anna"])


def test_undo_and_an_edited_deal_work_the_pairs_out_again():
    game = _game()
    game.undo()
    assert game.results()[-1].carried["whists"] == CARRIED[1] and game.end_bonus() == ()
    game.redo()
    assert game.results()[-1].carried["whists"] == CARRIED[2]
    # Deal 1 edited: Cara took 2 tricks against Anna, Ben none: Cara→Anna 4, Ben→Anna 0 from deal 1 on
    game.edit(1, {"declarer": 1, "tricks": [6, 0, 2]})
    assert [r.carried["whists"] for r in game.results()] == [(0, 0, 0, 0, 4, 0), (6, 0, 0, 0, 4, 2),
                                                            (6, 0, 0, 4, 4, 2)]
    # Anna (6 - 0) + (0 - 4) = 2; Ben (0 - 6) + (4 - 2) = -4; Cara (4 - 0) + (2 - 4) = 2
    assert (game.end_bonus(), game.totals()) == ((2, -4, 2), (12, -14, 12))


def test_the_generic_and_fast_forms_of_the_update_agree():
    """The update at each pair, worked out by the deal's fast code and by the generic code."""
    game = _game()
    carry = game.ruleset.carry["whists"]
    compared = 0
    for number, values in enumerate(game.deals, start=1):
        deal = game.evaluate(number, values)
        for seat, other in pair_seats(3):
            deal._pair = (seat, other)
            deal._forget(("other", "whists"))
            assert carry.value(deal.env(seat)) == deal.run(carry.value, seat), (number, seat, other)
            compared += 1
        deal._pair = None
        assert deal.carried_after()["whists"] == CARRIED[number - 1]
    assert compared == 18


def test_a_pair_value_is_shown_as_who_holds_it_on_whom(tmp_path, capsys):
    sheet = _sheet(tmp_path)
    assert main(["replay", str(sheet)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3].endswith("Cara  total  Whists Anna→Ben  Whists Anna→Cara  Whists Ben→Anna  Whists Ben→Cara  "
                             "Whists Cara→Anna  Whists Cara→Ben")
    assert lines[6].split()[-6:] == ["6", "0", "2", "4", "2", "2"]
    assert main(["replay", str(sheet), "--plain"]) == 0
    assert ("Deal 2, 8 cards, dealer Ben, declarer: Ben, whists: Anna→Ben 6, Anna→Cara 0, Ben→Anna 2, "
            "Ben→Cara 0, Cara→Anna 2, Cara→Ben 2.") in capsys.readouterr().out
    assert main(["replay", str(sheet), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["carry"] == [{"id": "whists", "label": "Whists", "scope": "pair", "start": [0] * 6,
                             "pairs": [["Anna", "Ben"], ["Anna", "Cara"], ["Ben", "Anna"], ["Ben", "Cara"],
                                       ["Cara", "Anna"], ["Cara", "Ben"]]}]
    assert [d["carried"]["whists"] for d in doc["deals"]] == [list(c) for c in CARRIED]
    assert (doc["end_bonus"], doc["totals"]) == ([2, -2, 0], [12, -12, 10])
    assert main(["export", str(sheet), "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(",Whists (Cara→Anna),Whists (Cara→Ben)")
    assert main(["rules", "show", str(WHISTS)]) == 0
    assert ("  whists: Whists, of each player on each other player: 0 at the start, then whists + "
            "(2 * tricks if other == declarer else 0) after each deal") in capsys.readouterr().out.splitlines()


def test_export_and_import_keep_the_pairs(tmp_path, capsys):
    sheet = _sheet(tmp_path)
    assert main(["export", str(sheet), "--format", "toml"]) == 0
    exported = tmp_path / "exported.toml"
    exported.write_text(capsys.readouterr().out)
    game = load_sheet(exported)
    assert [r.carried["whists"] for r in game.results()] == CARRIED
    assert game.totals() == (12, -12, 10)


def test_nobody_joins_or_sits_out_a_game_of_pair_values():
    game = _game()
    with pytest.raises(ValueError) as caught:
        game.join("Dan")
    assert show(caught.value).endswith(
        "Whists keeps Whists of each player on each other player: nobody can join or sit out")


@pytest.mark.parametrize(("extra", "problem"), [
    ('[score]\nvalue = "whists"',
     "score.value: 'whists' is carried per pair of seats: say whose on whom, with between(seat, other, whists)"),
    ('[score]\nvalue = "other"',
     "score.value: 'other' cannot be read here: it is read only in the value and reset of a value carried "
     "per pair of seats (the seat it is held on)"),
    ('[derived.d]\nvalue = "between(seat, 2, tricks)"',
     "derived.d.value: between() takes a value carried per pair of seats as its third argument, "
     "e.g. between(seat, other, whists)"),
    ('[derived.d]\nvalue = "between(seat, \'x\', whists)"',
     "derived.d.value: between() needs numbers, but \"'x'\" is text"),
    ('[fields.other]\nphase = "play"\ntype = "int"\nmin = 0\nmax = 3',
     "carry.whists: 'other' in the update of a value carried per pair of seats means the other seat, but the "
     "ruleset has a field, value or option of that name: rename it"),
])
def test_rules_check_names_the_key_of_a_pair_value_read_wrongly(tmp_path, extra, problem):
    path = tmp_path / "bad.toml"
    path.write_text(f'extends = "{WHISTS.as_posix()}"\nid = "bad"\nname = "Bad"\ndescription = "x"\n{extra}\n')
    assert [show(p) for p in check_ruleset(path)] == [f"{path}: {problem}"]


def test_a_pair_update_may_read_its_own_and_other_pairs_through_between(tmp_path):
    """Its own value bare (this pair's) or through between(); another pair value through between()."""
    path = tmp_path / "two.toml"
    path.write_text(WHISTS.read_text() + '\n[carry.owed]\nscope = "pair"\n'
                    'value = "between(seat, other, whists) - between(other, seat, whists) + 0 * owed"\n')
    assert check_ruleset(path) == []
    game = Game(load_ruleset(path), PLAYERS)
    for deal in DEALS:
        game.record(deal)
    # what each holds on the other, net, as it came into the deal: after deal 3, from deal 2's whists
    assert game.results()[-1].carried["owed"] == (4, -2, -4, -2, 2, 2)


def test_between_goes_round_the_table_and_a_seat_holds_nothing_on_itself():
    game = _game()
    deal = game.evaluate(3, game.deals[2])
    assert [deal.between("whists", a, b) for a, b in [(1, 2), (4, 5), (0, 1), (2, 2)]] == [6, 6, 2, 0]
    with pytest.raises(EvalError):
        deal.between("whists", 1.5, 2)
    with pytest.raises(Missing):
        deal.value("other", None)  # only while a pair is updated
