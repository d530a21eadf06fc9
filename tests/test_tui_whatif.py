"""What-if: a stored game's deals under other house rules, beside the real totals; the store untouched.

The game (Lupaus, Anna Ben Cara, Anna deals first, played WITHOUT the dealer restriction,
scoring "10 + bid when exact"):

- deal 1, 10 cards: bids 3 4 3 (they total 10: allowed without the restriction),
  tricks 3 5 2: Anna exact 13, Ben 0, Cara 0;
- deal 2, 9 cards: bids 2 3 3, tricks 2 3 4: Anna 12, Ben 13, Cara 0.

As played: Anna 25, Ben 13, Cara 0.

What if the scoring were "10 per trick when exact, -10 per trick over or under" and the
bids could not total the tricks:
deal 1: Anna 30, Ben -10, Cara -10; deal 2: Anna 20, Ben 30, Cara -10:
Anna 50 (+25), Ben 20 (+7), Cara -20 (-20); and deal 1 breaks the dealer's rule:
"Dealer Anna may not bid 3: the bids would total 10, the number of tricks".
"""

from __future__ import annotations

import sqlite3

import pytest
from helpers.stores import Script
from helpers.tui import choose, flat, focus, opened, run, screen_text, settle, type_text

# What-if is opened from the history: h, the game's sheet, w.
WHAT_IF = ("h", "enter", "w")


@pytest.fixture
def lupaus(store_with):
    """The Lupaus game of the module docstring."""
    stored = store_with(Script("lupaus", ["Anna", "Ben", "Cara"], [{"bid": [3, 4, 3], "tricks": [3, 5, 2]},
                                                                   {"bid": [2, 3, 3], "tricks": [2, 3, 4]}],
                               {"dealer_restriction": False}))
    assert stored.games[0].game.totals() == (25, 13, 0)
    return stored


def rows(db) -> tuple[list, list, list]:
    conn = sqlite3.connect(db)
    try:
        return (conn.execute("SELECT * FROM entries ORDER BY game_id, seq").fetchall(),
                conn.execute("SELECT * FROM games ORDER BY id").fetchall(),
                conn.execute("SELECT * FROM drafts ORDER BY game_id").fetchall())
    finally:
        conn.close()


def test_other_options_show_the_totals_side_by_side_and_the_deals_that_break_a_rule(lupaus):
    before = rows(lupaus)

    async def go():
        from scorekeeper.tui.screens.what_if import WhatIfScreen

        async with opened(lupaus, *WHAT_IF) as (app, pilot):
            screen = app.screen
            assert isinstance(screen, WhatIfScreen)
            text = flat(screen_text(app))
            assert "These are the rules the game was played with" in text
            assert "Anna 25 (1st) 25 (1st) 0" in text
            assert "✓ Every deal keeps the rules under these options." in text

            await choose(pilot, "opt-scoring", 2)  # ten-plus-bid -> tricks-plus-ten -> ten-per-trick
            await choose(pilot, "opt-dealer_restriction", -1)  # no -> yes
            text = flat(screen_text(app))
            assert ("Changed from the rules the game was played with: Scoring; "
                    "The bids may not add up to the number of tricks") in text
            assert "As played What if Change" in text
            assert "Anna 25 (1st) 50 (1st) +25" in text
            assert "Ben 13 (2nd) 20 (2nd) +7" in text
            assert "Cara 0 (3rd) -20 (3rd) -20" in text
            assert "1 deal breaks a rule under these options" in text
            assert "✗ deal 1: Dealer Anna may not bid 3: the bids would total 10, the number of tricks" in text
            assert screen.other.totals() == (50, 20, -20)
            assert screen.game.totals() == (25, 13, 0)  # the game looked at is not changed

            await pilot.press("ctrl+r")  # back to the rules it was played with
            await settle(pilot)
            text = flat(screen_text(app))
            assert "These are the rules the game was played with" in text
            assert "Anna 25 (1st) 25 (1st) 0" in text

    run(go())
    assert rows(lupaus) == before  # entries, games and drafts: not one row changed


def test_a_number_option_that_is_not_one_is_said(store_with):
    """Whist to 7 points (the usual): 4 deals of 8 tricks for seats 1 and 3 make 2 points
    each: 8, over at the 4th deal. What if the game went to 5? It would have ended after
    deal 3 (6 points): deal 4 breaks a rule and counts for no one. A game to "x" is no number."""
    db = store_with(Script("whist", ["Ann", "Bob", "Cid", "Dan"],
                           [{"tricks": 8, "turned": turned} for turned in ("hearts", "clubs", "spades", "hearts")]))
    (game,) = db.games
    assert game.game.is_over and game.game.totals() == (8, 0)
    before = rows(db)

    async def go():
        async with opened(db, *WHAT_IF) as (app, pilot):
            await focus(pilot, "opt-game_to")
            await pilot.press("home", "ctrl+k")
            await type_text(pilot, "5")
            await settle(pilot)
            text = flat(screen_text(app))
            assert "Ann & Cid 8 (1st) 6 (1st) -2" in text  # deal 4 came after the end: it counts for no one
            assert "Winner as played: Ann & Cid Winner what if: Ann & Cid" in text
            assert "1 deal breaks a rule" in text and "✗ deal 4: the game is over; it ended after deal 3" in text
            await pilot.press("home", "ctrl+k")
            await type_text(pilot, "x")
            await settle(pilot)
            text = flat(screen_text(app))
            assert "✗ Game to (points): a number from 1 to 50" in text
            assert "What if" not in text.replace("What if · Game 1", "")  # no stale totals

    run(go())
    assert rows(db) == before
