"""Deals that do not count (``deals.redeal``: a passed-out bridge deal) are bounded (issue 29,
item 2): a condition that holds for every deal the table can enter is a ``rules check`` problem
at its key, and at most MOST_REDEALS deals in a row may not count, refused with a message at
play, replay and import."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.game.engine import GameError
from scorekeeper.game.game import MOST_REDEALS, Game
from scorekeeper.game.limits import check_ruleset
from scorekeeper.rules.ruleset import load_ruleset

REPO = Path(__file__).resolve().parents[1]
BRIDGE = (REPO / "rulesets" / "bridge.toml").read_text(encoding="utf-8")
ALWAYS = ("the condition holds for every deal the table can enter: no deal would ever count, "
          "and the game could not go on")
PASSED_OUT = {"level": 0}
TWO_HEARTS = {"level": 2, "strain": "hearts", "declarer": 3, "doubled": "no", "tricks": 9}


def _bridge_with(tmp_path: Path, redeal: str) -> Path:
    path = tmp_path / "bridge.toml"
    assert 'redeal = "level == 0"' in BRIDGE
    path.write_text(BRIDGE.replace('redeal = "level == 0"', f"redeal = {redeal!r}"), encoding="utf-8")
    return path


@pytest.mark.parametrize("redeal", [
    "true",  # constant
    "level >= 0",  # every level from 0 to 7
    "level == 0 or tricks >= 0",  # tricks are entered exactly when the level is not 0
])
def test_a_redeal_condition_that_always_holds_is_a_rules_check_problem(tmp_path, redeal):
    path = _bridge_with(tmp_path, redeal)
    assert [(p.path, str(p.message)) for p in check_ruleset(path)] == [("deals.redeal", ALWAYS)]


@pytest.mark.parametrize("redeal", [
    "level == 0", "level < 7", "false", "level == 0 or tricks > 0",
    "level > 0 and doubled == 'redoubled'",  # ('doubled' is asked only at a level above 0: read there)
])
def test_a_redeal_condition_that_can_fail_passes(tmp_path, redeal):
    assert check_ruleset(_bridge_with(tmp_path, redeal)) == []


def test_rules_check_says_it_at_the_key(tmp_path, capsys):
    path = _bridge_with(tmp_path, "true")
    assert main(["rules", "check", str(path)]) == 1
    assert capsys.readouterr().out == f"{path}: deals.redeal: {ALWAYS}\n"


def _passed_out(game: Game, count: int) -> None:
    for _ in range(count):
        game.record(PASSED_OUT)


REFUSED = (f"deal 2 of the plan has been dealt again {MOST_REDEALS} times in a row: at most {MOST_REDEALS} "
           "deals in a row may not count (record one that counts)")


def test_at_most_so_many_deals_in_a_row_may_not_count():
    game = Game(load_ruleset("bridge"), ["N", "E", "S", "W"])
    game.record(TWO_HEARTS)
    _passed_out(game, MOST_REDEALS)
    with pytest.raises(GameError) as exc:
        game.record(PASSED_OUT)
    assert str(exc.value) == REFUSED
    assert len(game.deals) == MOST_REDEALS + 1
    game.record(TWO_HEARTS)  # a deal that counts is taken, and the count starts again
    _passed_out(game, MOST_REDEALS)
    assert game.next_in_plan == 3


def test_an_edit_cannot_make_the_row_longer():
    game = Game(load_ruleset("bridge"), ["N", "E", "S", "W"])
    game.record(TWO_HEARTS)
    _passed_out(game, MOST_REDEALS)
    game.record(TWO_HEARTS)
    with pytest.raises(GameError) as exc:
        game.edit(MOST_REDEALS + 2, PASSED_OUT)
    assert str(exc.value) == REFUSED
    game.edit(1, TWO_HEARTS)  # (an edit that keeps the row as it is)


@pytest.mark.parametrize("command", [["replay"], ["import", "--db", "{db}"]])
def test_a_sheet_with_too_many_deals_in_a_row_that_do_not_count_is_refused(tmp_path, capsys, command):
    sheet = tmp_path / "passed.toml"
    sheet.write_text('ruleset = "bridge"\nplayers = ["N", "E", "S", "W"]\n'
                     + "\n[[deals]]\nlevel = 0\n" * (MOST_REDEALS + 1), encoding="utf-8")
    argv = [a.replace("{db}", str(tmp_path / "games.db")) for a in command]
    assert main([argv[0], str(sheet), *argv[1:]]) == 1
    assert capsys.readouterr().err == (f"scorekeeper: error: {sheet}: deal {MOST_REDEALS + 1}: "
                                       f"{REFUSED.replace('deal 2 of', 'deal 1 of')}\n")
