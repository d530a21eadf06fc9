"""Game.record's short way (game/fastpath.py) fails loudly under the tests: a fault of its own
raises FastPathError where it would otherwise go the long way in silence; what an entry the long
way refuses raises there (a formula failing on the values) still goes the long way, which says why."""

from __future__ import annotations

import os

import pytest

from scorekeeper.game.fastpath import STRICT_VARIABLE, FastPathError, record_plan
from scorekeeper.game.game import Game
from scorekeeper.rules.ruleset import load_ruleset

DEAL = {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}  # Lupaus, 10 cards: 13, 0, 12


def _lupaus_with_run(monkeypatch, run) -> Game:
    """A Lupaus game whose short way runs ``run`` for the deal's checks and scores."""
    game = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"])
    plan = record_plan(game.setup)
    assert plan is not None
    monkeypatch.setattr(plan, "run", run)
    return game


def _broken(values, number, cards, dealer, order):
    return values["no such field"]  # a fault of the short way: KeyError


def test_the_suite_runs_the_short_way_strictly():
    assert os.environ.get(STRICT_VARIABLE) == "1"


def test_a_fault_of_the_short_way_fails_loudly_under_the_tests(monkeypatch):
    game = _lupaus_with_run(monkeypatch, _broken)
    with pytest.raises(FastPathError) as exc:
        game.record(DEAL)
    assert str(exc.value) == "the short way of recording a deal failed at the deal's checks and scores: KeyError('no such field')"
    assert exc.value.where == "the deal's checks and scores" and isinstance(exc.value.error, KeyError)
    assert exc.value.__cause__ is exc.value.error
    assert game.entered == [] and game.history == []  # nothing recorded


def test_without_the_strict_mode_the_long_way_records_the_deal(monkeypatch):
    monkeypatch.delenv(STRICT_VARIABLE)
    game = _lupaus_with_run(monkeypatch, _broken)
    assert game.record(DEAL).totals == (13, 0, 12)


def test_a_formula_failing_on_the_values_goes_the_long_way_which_says_why(monkeypatch):
    """A ZeroDivisionError of the generated code is what the long way refuses with a message:
    not a fault of the short way, even under the tests."""
    def divides_by_zero(values, number, cards, dealer, order):
        return 1 // 0

    game = _lupaus_with_run(monkeypatch, divides_by_zero)
    assert game.record(DEAL).scores == (13, 0, 12)  # the long way: the deal breaks no rule
