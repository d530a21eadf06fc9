"""The play screen reads keys as the headless typist does (play/typing.py): the key
sequences of the entry property test, sent to the real screen in one burst, store the deal
the typist confirms, or show its question and store nothing."""

from __future__ import annotations

import pytest

from helpers.tui import flat, new_game, opened, play_screen, run, screen_text
from test_play_typing import typed
from test_tui_typing import burst
from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.rules.ruleset import load_ruleset

FOUR = ["Anna", "Ben", "Cara", "Dan"]

SAMPLES = [  # (game, options, keys): the sequences, and a few with Enter between values
    ("lupaus", {"schedule": "up-down"}, "h 0 0 1 1 0 0 0 enter"),
    ("lupaus", {"schedule": "up-down"}, "h 0 0 1 0 0 0 enter"),
    ("spades", {}, "1 0 4 5 3 0 5 5 enter"),
    ("hearts", {}, "a 1 2 3 enter"),
]


@pytest.mark.parametrize("rid, options, keys", SAMPLES)
def test_the_screen_stores_what_the_typist_reads(tmp_path, rid, options, keys):
    headless, done = typed(Game(load_ruleset(rid), FOUR, options), keys)

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, rid, FOUR, options)
            screen = play_screen(app)
            await burst(pilot, *keys.split())
            text = flat(screen_text(app))
            return [dict(d) for d in screen.game.deals], text

    deals, text = run(go())
    if done.confirm:
        meant = Game(load_ruleset(rid), FOUR, options)
        draft = DealDraft(meant)
        for (field, unit), value in headless.typed().items():
            draft.set(field, unit, value)
        meant.record(draft.plain_values())
        assert deals == [dict(meant.deals[0])]
    else:
        assert deals == [] and done.question is not None
        assert flat(done.question.text())[:60] in text  # the question, on show above Confirm
        assert "Enter (or ctrl+s) confirms." not in text  # (Enter confirms nothing until it is answered)
