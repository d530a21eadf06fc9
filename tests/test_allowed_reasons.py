"""``Game.allowed(..., reasons=False)``: the same values allowed and refused as with the
reasons, none of the checks' messages put together but those that tell whether a refusal was
there before the value (the phases' "adds up to the cards" question and the store's "was the
dealer's bid restricted" ask only which values)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from scorekeeper.game.engine import GameError
from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.rules.formula import MessageTemplate
from scorekeeper.rules.ruleset import load_ruleset
from test_entry_property import GAMES, NAMES, _intended, _played


def test_the_phases_ask_whether_a_field_adds_up_without_putting_a_reason_together(monkeypatch):
    """Lupaus for 4, deal 1 (10 cards): the form's phases say the tricks add up to the cards and
    the bids do not (the bids may total anything but 10); asking it, the engine tried each value
    of the last seat's tricks and bid, with the others at 0, and put together the message of
    each refused one (tricks 0 to 9: "the tricks taken add up to 0, not 10, the number of tricks
    played", ...; the dealer's bid of 10): 11 messages, now none."""
    made: list[str] = []
    call = MessageTemplate.__call__

    def counted(self, env):
        made.append(call(self, env))
        return made[-1]

    monkeypatch.setattr(MessageTemplate, "__call__", counted)
    game = Game(load_ruleset("lupaus"), list(NAMES[:4]), {})
    words = DealDraft(game)._words
    assert (words.adds_up("tricks", 10), words.adds_up("bid", 10)) == (True, False)
    assert made == []


@pytest.mark.parametrize("rid", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_values_allowed_are_the_same_asked_without_reasons(rid, data):
    """Every built-in game, a few deals recorded, the next deal drawn value by value and some
    of its boxes emptied again: each box's values allowed and refused are the same asked with
    or without the reasons; without, no choice has one."""
    game, _ = _played(data, rid)
    rules, n = game.ruleset, len(game.players)
    made = _intended(data, game)
    assume(made is not None)
    values = dict(made[0].plain_values())
    for fid in data.draw(st.lists(st.sampled_from(sorted(values)), unique=True), label="emptied"):
        row = values[fid]
        values[fid] = tuple(None for _ in row) if isinstance(row, tuple) else None
    for fid, spec in rules.fields.items():
        for unit in ([None] if spec.scope == "deal" else range(1, len(game.scorer_names if spec.scope == "team" else NAMES[:n]) + 1)):
            try:
                said = game.allowed(fid, unit, values)
            except (GameError, ValueError):
                continue
            bare = game.allowed(fid, unit, values, reasons=False)
            if said is None:
                assert bare is None
                continue
            assert [(c.value, c.allowed) for c in bare] == [(c.value, c.allowed) for c in said]
            assert all(c.reasons == () for c in bare)
