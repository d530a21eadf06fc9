"""Errors carry what they are about beside their message, for a caller that acts on them rather
than showing them: the message's code and parameters, the refused entry's issues, and the deal
of a sheet at which a replay stopped."""

from __future__ import annotations

import pytest

from scorekeeper.game.engine import GameError, IllegalEntry
from scorekeeper.game.game import Game, replay_into
from scorekeeper.messages import MessageError
from scorekeeper.rules.ruleset import load_ruleset


def _lupaus() -> Game:
    return Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"])


def test_an_error_names_its_code_and_parameters():
    with pytest.raises(GameError) as exc:
        _lupaus().join("Anna")
    assert (exc.value.code, dict(exc.value.params)) == ("engine.roster.same_name", {"name": "Anna"})
    assert exc.value.deal is None


def test_a_refused_entry_names_each_issue_with_its_field_and_seat():
    game = _lupaus()
    with pytest.raises(IllegalEntry) as exc:
        game.record({"bid": [3, 4, 11], "tricks": [3, 5, 2], "turned": "hearts"})
    assert exc.value.code == "engine.entry.issues"
    assert [(i.field, i.unit, i.message.code) for i in exc.value.issues] == [("bid", 3, "engine.entry.out_of_range")]
    assert exc.value.issues[0].message.params["value"] == 11


def test_an_error_of_words_has_no_code():
    """A ruleset's own check text is already words: no code, no parameters."""
    error = MessageError("the tricks taken add up to 9")
    assert (error.code, dict(error.params)) == (None, {})


def test_a_replay_that_stops_names_the_deal_of_the_sheet():
    """Deal 2 of the sheet has a value Lupaus does not take: the error says it is deal 2."""
    deals = [{"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"},
             {"bid": [1, 1, "x"], "tricks": [1, 1, 7], "turned": "clubs"}]
    with pytest.raises(GameError) as exc:
        replay_into(_lupaus(), deals)
    assert (exc.value.deal, exc.value.code) == (2, "engine.value.not_int_text")
