"""The games added as data in issue 28, each replayed from its example sheet to totals worked
out by hand (the arithmetic is in the sheet's comments), and told to the table in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.game.game import Game
from scorekeeper.game.limits import check_ruleset
from scorekeeper.game.sheet import load_sheet
from scorekeeper.rules.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- Uno ---------------------------------------------------------------------------------------


def test_uno_replays_to_its_hand_worked_totals(capsys):
    """examples/uno.toml: Ben passes 500 in the eighth hand (507) and wins."""
    assert check_ruleset(ROOT / "rulesets" / "uno.toml") == []
    game = load_sheet(ROOT / "examples" / "uno.toml")
    assert (game.totals(), game.is_over, game.winners) == ((129, 507, 142), True, ["Ben"])
    code, out, err = run(capsys, "replay", str(ROOT / "examples" / "uno.toml"), "--plain")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[3] == ("Deal 1, 7 cards, dealer Anna, went out: Ben, points left in the other hands: 67. "
                        "Anna 0 points, total 0; Ben 67 points, total 67; Cara 0 points, total 0.")
    assert "Totals: Ben 507 (1st), Cara 142 (2nd), Anna 129 (3rd)." in lines
    assert "Winner: Ben." in lines


def test_uno_is_two_entries_a_hand_and_the_game_to_is_an_option():
    """Who went out and one number: the hand's points go to that player alone."""
    game = Game(load_ruleset("uno"), ["Anna", "Ben"], {"game_to": 100})
    game.record({"went_out": 1, "points": 60})
    assert not game.is_over
    game.record({"went_out": 1, "points": 45})
    assert (game.totals(), game.is_over, game.winners) == ((105, 0), True, ["Anna"])


@pytest.mark.parametrize("lang, name, label", [("fi", "Uno", "Kortit loppuun"),
                                               ("pl", "Uno", "Wyłożył wszystkie karty")])
def test_uno_speaks_finnish_and_polish(lang, name, label):
    rules = load_ruleset("uno", lang=lang)
    assert (rules.name, rules.fields["went_out"].label) == (name, label)
