"""Hearts, Euchre and Skat played through the app at 80x24, every deal typed in one burst of
keys with no pause between them (as a fast typist's terminal sends them); afterwards every
player's (partnership's) total is on the screen."""

from __future__ import annotations

import tomllib
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from helpers.stores import Script, store_with
from helpers.tui import flat, opened, play_screen, resumed, run, screen_text
from test_tui_board_width import NAMES, shows_points_and_totals, table_lines
from test_tui_typing import burst

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

SMALL = (80, 24)
FOUR = ["Anna", "Ben", "Cara", "Dan"]


@asynccontextmanager
async def played(tmp_path, ruleset_id: str, names: list[str], *deals: list[str]):
    """A game of ``names`` (Anna deals first) resumed at 80x24, then each deal's keys in one
    burst; yields the app and its play screen."""
    async with resumed(tmp_path / "g.db", Script(ruleset_id, names), size=SMALL) as (app, pilot):
        for keys in deals:
            await burst(pilot, *keys)
        yield app, play_screen(app)


def test_hearts_two_deals_with_a_moon_shot(tmp_path):
    """Deal 1: the queen to Dan (4), hearts Ben 4, Cara 6, Dan 0 in the bidding order, Anna's 3
    filled in: 3 4 6 13. Deal 2 (Ben deals): the queen to Ben, hearts Cara 0, Dan 0, Anna 0, and
    Ben's 13 filled in: he shoots the moon, the others score 26: totals 29 4 32 39."""

    async def go():
        async with played(tmp_path, "hearts", FOUR, ["4", "4", "6", "0", "enter"],
                          ["2", "0", "0", "0", "enter"]) as (app, screen):
            assert [dict(d) for d in screen.game.deals] == [{"hearts": (3, 4, 6, 0), "queen": 4},
                                                             {"hearts": (0, 13, 0, 0), "queen": 2}]
            assert screen.game.totals() == (29, 4, 32, 39)
            assert "Standings 1st Ben 4 · 2nd Anna 29 · 3rd Cara 32 · 4th Dan 39" in flat(screen_text(app))
            assert "Deal 3: pass three cards across the table" in screen_text(app)

    run(go())


def test_euchre_a_made_hand_and_a_lone_march(tmp_path):
    """Deal 1: Ben (2) makes hearts and his side takes 3: Ben & Dan 1. Deal 2: Dan (4) makes
    clubs, Up to the optional box and y: alone, then all 5 tricks: a lone march, 4. Totals 0 5."""

    async def go():
        async with played(tmp_path, "euchre", FOUR, ["2", "h", "3", "enter"],
                          ["4", "c", "up", "y", "5", "enter"]) as (app, screen):
            assert [(d["maker"], d["trump_suit"], d["alone"], d["tricks"]) for d in screen.game.deals] == [
                (2, "hearts", None, 3), (4, "clubs", True, 5)]
            assert screen.game.totals() == (0, 5)
            assert "Standings 1st Ben & Dan 5 · 2nd Anna & Cara 0" in flat(screen_text(app))

    run(go())


def test_skat_a_won_clubs_game_and_an_overbid_spades_game(tmp_path):
    """Deal 1: Ben (2) plays clubs after a bid of 36, with 2, 75 card points: (2 + 1) x 12 = 36.
    Deal 2: Cara (3) plays spades after 30, with 1, 70 card points: worth 22, overbid, lost at
    3 x 11 = 33, counted twice: -66. Totals 0 36 -66."""

    async def go():
        async with played(tmp_path, "skat", FOUR[:3], ["c", "2", "3", "6", "w", "2", "7", "5", "enter"],
                          ["s", "3", "3", "0", "w", "1", "7", "0", "enter"]) as (app, screen):
            assert [(d["game"], d["declarer"], d["bid"], d["matadors"], d["card_points"])
                    for d in screen.game.deals] == [("clubs", 2, 36, 2, 75), ("spades", 3, 30, 1, 70)]
            assert screen.game.totals() == (0, 36, -66)
            assert "Standings 1st Ben 36 · 2nd Anna 0 · 3rd Cara -66" in flat(screen_text(app))

    run(go())


def example_deals(name: str, count: int = 3) -> list[dict]:
    return tomllib.loads((EXAMPLES / f"{name}.toml").read_text(encoding="utf-8"))["deals"][:count]


HEARTS_FIVE = [{"hearts": [3, 4, 6, 0, 0], "queen": 4}, {"hearts": [0, 13, 0, 0, 0], "queen": 2},
               {"hearts": [1, 2, 3, 4, 3], "queen": 5}]


@pytest.mark.parametrize(
    ("rid", "count", "deals"),
    [("hearts", 5, HEARTS_FIVE), ("euchre", 4, example_deals("euchre")), ("skat", 4, example_deals("skat"))],
    ids=["hearts-5", "euchre-4", "skat-4"],
)
def test_at_80x24_every_row_shows_every_total(tmp_path, rid, count, deals):
    """The most players each game takes, with long names: every score and total of every row
    fits in 80 columns."""
    db = store_with(tmp_path / "g.db", Script(rid, NAMES[:count], deals))

    async def go():
        async with opened(db, "tab enter", size=SMALL) as (app, pilot):
            board = app.screen.query_one("#scoreboard").board
            lines = table_lines(app)
            assert all(len(line) <= SMALL[0] for line in lines)
            for row, line in zip(board.rows, lines[1:4]):
                assert shows_points_and_totals(line, row.scores), (line, row.scores)

    run(go())
