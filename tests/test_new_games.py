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


# --- Phase 10 ----------------------------------------------------------------------------------


def test_phase_10_replays_to_its_hand_worked_totals(capsys):
    """examples/phase-10.toml: Anna completes phase 10 in hand 10 with 55; Ben has 50 but is on
    phase 8, so Anna wins; the phases are carried beside the points."""
    assert check_ruleset(ROOT / "rulesets" / "phase-10.toml") == []
    game = load_sheet(ROOT / "examples" / "phase-10.toml")
    assert (game.totals(), game.is_over, game.winners) == ((55, 50, 240), True, ["Anna"])
    assert [r.carried["phase"] for r in game.results()][-1] == (11, 8, 7)
    code, out, err = run(capsys, "replay", str(ROOT / "examples" / "phase-10.toml"), "--plain")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[3] == ("Deal 1, 10 cards, dealer Anna: Anna completed the phase yes, points left in hand 0, "
                        "0 points, total 0, phase 2; Ben completed the phase yes, points left in hand 10, 10 points, "
                        "total 10, phase 2; Cara completed the phase no, points left in hand 55, 55 points, "
                        "total 55, phase 1.")
    assert "Totals: Anna 55 (1st), Ben 50 (2nd), Cara 240 (3rd)." in lines
    assert "Winner: Anna." in lines


def test_phase_10_checks_the_points_and_warns_when_nobody_went_out():
    from scorekeeper.game.engine import IllegalEntry
    from scorekeeper.i18n import show

    game = Game(load_ruleset("phase-10"), ["Anna", "Ben"])
    with pytest.raises(IllegalEntry) as caught:
        game.record({"made": [True, False], "points": [0, 12]})
    assert [show(i.message) for i in caught.value.issues] == [
        "Ben's points are 12: every card left counts 5, 10, 15 or 25, so the points are a multiple of 5"]
    game.record({"made": [False, True], "points": [5, 10]})  # a warning only: the deal is recorded
    assert game.totals() == (5, 10)
    assert [show(i.message) for i in game.results()[0].issues] == [
        "nobody completed the phase and has 0 points left: a hand ends when someone goes out"]


def test_phase_10_two_finishing_together_the_lower_total_wins():
    """Both complete phase 10 in the same hand: the lower of their totals wins, whoever else
    has fewer points."""
    game = Game(load_ruleset("phase-10"), ["Anna", "Ben", "Cara"])
    for _ in range(9):
        game.record({"made": [True, True, False], "points": [0, 5, 0]})
    game.record({"made": [True, True, False], "points": [10, 0, 0]})
    assert (game.totals(), game.is_over, game.winners) == ((10, 45, 0), True, ["Anna"])
    assert [s.name for s in game.standings()] == ["Anna", "Cara", "Ben"]


@pytest.mark.parametrize("rid, deal, shown", [
    ("uno", {"went_out": 2, "points": 67}, "Ben"),
    ("phase-10", {"made": [False, True, True], "points": [20, 0, 15]}, "Ben"),
])
def test_the_board_names_who_went_out_instead_of_cards_and_trump(rid, deal, shown):
    """Not trick games: the board's deal column says who went out (there is no trump to show),
    and the table is told how a hand starts."""
    rules = load_ruleset(rid)
    game = Game(rules, ["Anna", "Ben", "Cara"])
    game.record(deal)
    assert rules.board_label == "Out"
    assert rules.board_deal(game.evaluate(1, game.normalize(deal)).env()) == shown
    assert str(game.info(2).trump.text).startswith("Turn the top card of the draw pile")


# --- Cribbage ----------------------------------------------------------------------------------


def test_cribbage_replays_to_its_hand_worked_totals(capsys):
    """examples/cribbage.toml: Anna reaches 121 on her hand in deal 6; Ben ends on 59."""
    assert check_ruleset(ROOT / "rulesets" / "cribbage.toml") == []
    game = load_sheet(ROOT / "examples" / "cribbage.toml")
    assert (game.totals(), game.is_over, game.winners) == ((121, 59), True, ["Anna"])
    assert [r.scores for r in game.results()] == [(17, 9), (14, 16), (18, 5), (27, 18), (26, 8), (19, 3)]
    code, out, err = run(capsys, "replay", str(ROOT / "examples" / "cribbage.toml"), "--plain")
    assert (code, err) == (0, "")
    assert "Totals: Anna 121 (1st), Ben 59 (2nd)." in out.splitlines()


@pytest.mark.parametrize("ben_last, award", [(0, 4), (30, 2), (60, 1)])
def test_cribbage_in_a_match_a_skunk_counts_two_games_and_a_double_skunk_four(ben_last, award):
    """The example's game with Ben's last pegging changed: 59 (more than 60 behind: 4 games),
    89 (more than 30 behind: 2), 119 (1)."""
    sheet = load_sheet(ROOT / "examples" / "cribbage.toml")
    game = Game(load_ruleset("cribbage"), ["Anna", "Ben"], {"match_to": 7})
    for values in [r.values for r in sheet.results()][:-1]:
        game.record(dict(values))
    game.record({"pegging": [4, 3 + ben_last], "hand": [15, 0], "crib": 0})
    assert game.results()[-1].match == (award, 0)
    assert not game.is_over


def test_cribbage_a_hand_of_19_cannot_be_entered():
    from scorekeeper.game.engine import GameError

    game = Game(load_ruleset("cribbage"), ["Anna", "Ben"])
    with pytest.raises(GameError):
        game.record({"pegging": [0, 0], "hand": [19, 0], "crib": 0})
