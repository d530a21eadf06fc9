"""The score table at 80 and 60 columns: every player's points and total in every row, with
up to seven players; choosing a deal to change leaves rows of the table in view."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.stores import Script, store_with
from helpers.tui import opened, run, screen_text, settle

NAMES = ["Annabelle", "Bartholomew", "Cara", "Dan", "Eveliina", "Frederika", "Gustav"]


def deals(rid: str, count: int, how_many: int = 3) -> list[dict]:
    """Deals in which one player bids and takes every trick and the next bids 1 and takes none."""
    from scorekeeper.game.game import Game
    from scorekeeper.rules.ruleset import load_ruleset

    game = Game(load_ruleset(rid), NAMES[:count], {})
    out = []
    for n in range(how_many):
        cards = game.info().cards
        bids, tricks = [0] * count, [0] * count
        bids[n % count] = tricks[n % count] = cards
        bids[(n + 1) % count] = 1
        values = {"bid": bids, "tricks": tricks, "turned": "hearts"}
        game.record(values)
        out.append(values)
    return out


def table_lines(app) -> list[str]:
    """The score table's lines as drawn (its heading first)."""
    from scorekeeper.tui.widgets.scoreboard import ScoreTable

    table = app.screen.query_one(ScoreTable)
    return [table.render_line(y).text for y in range(table.scrollable_content_region.height)]


def shows_points_and_totals(line: str, scores) -> bool:
    """Each scorer's points then total appear in the line, in the players' order."""
    words = line.split()
    at = 0
    for score in scores:
        while at + 1 < len(words) and (words[at], words[at + 1]) != (score.points, str(score.total)):
            at += 1
        if at + 1 >= len(words):
            return False
        at += 2
    return True


@pytest.mark.parametrize(("rid", "count"), [("lupaus", 4), ("lupaus", 7), ("wizard", 4), ("wizard", 6)])
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
def test_every_row_shows_every_players_points_and_total(tmp_path, rid, count, size):
    db = store_with(tmp_path / "g.db", Script(rid, NAMES[:count], deals(rid, count)))

    async def go():
        async with opened(db, "tab enter", size=size) as (app, pilot):
            board = app.screen.query_one("#scoreboard").board
            lines = table_lines(app)
            assert all(len(line) <= size[0] for line in lines)
            names = lines[0].split()[1:]
            assert len(names) == count, lines[0]  # each name whole or cut short with …
            assert all(n == full or (n.endswith("…") and full.startswith(n[:-1])) for n, full in zip(names, NAMES))
            for row, line in zip(board.rows, lines[1:4]):
                assert shows_points_and_totals(line, row.scores), (line, row.scores)
            await pilot.press("ctrl+e")  # to the table: rows of it stay in view, the chosen one's line below
            await settle(pilot)
            text = screen_text(app)
            assert any(shows_points_and_totals(line, board.rows[2].scores) for line in table_lines(app)[1:]), text
            assert "Deal 3:" in text

    run(go())


def test_at_80_columns_four_players_keep_their_bids_and_tricks(tmp_path):
    db = store_with(tmp_path / "g.db", Script("lupaus", NAMES[:4], deals("lupaus", 4)))

    async def go():
        async with opened(db, "tab enter", size=(80, 24)) as (app, pilot):
            assert table_lines(app)[:4] == [
                "  Deal           Annabelle       Bartholomew              Cara               Dan",
                "  1     10/10 ✓  +20    20  1/0 ✗    0     0  0/0 ✓  +10    10  0/0 ✓  +10    10",
                "  2       0/0 ✓  +10    30  9/9 ✓  +19    19  1/0 ✗    0    10  0/0 ✓  +10    20",
                "▶ 3       0/0 ✓  +10    40  0/0 ✓  +10    29  8/8 ✓  +18    28  1/0 ✗    0    20",
            ]
            await pilot.press("ctrl+e", "home", "enter")  # change deal 1 (10 cards; the next deal has 7)
            await settle(pilot)
            text = screen_text(app)
            assert "Changing deal 1 of 19 · 10 cards each" in text
            assert "Tricks: 10 of 10 · all taken" in text

    run(go())


def test_changing_the_first_deal_counts_its_own_cards_not_the_next_deals(tmp_path):
    db = store_with(tmp_path / "g.db", Script("lupaus", NAMES[:4], deals("lupaus", 4, 1)))

    async def go():
        async with opened(db, "tab enter", "ctrl+e home enter", size=(80, 24)) as (app, pilot):
            text = screen_text(app)
            assert "Changing deal 1 of 19 · 10 cards each" in text  # the next deal, 2, has 9
            assert "Tricks: 10 of 10 · all taken" in text and "too many" not in text

    run(go())


def test_the_game_sheet_shows_seven_players_at_60_columns(tmp_path):
    db = store_with(tmp_path / "g.db", Script("lupaus", NAMES, deals("lupaus", 7)))

    async def go():
        async with opened(db, "h", "enter", size=(60, 20)) as (app, pilot):
            from scorekeeper.tui.screens.game_sheet import GameSheetScreen

            assert isinstance(app.screen, GameSheetScreen), screen_text(app)
            board = app.screen.query_one("#sheet-board").board
            lines = table_lines(app)
            assert lines[0].split() == ["#", "Annab…", "Barth…", "Cara", "Dan", "Eveli…", "Frede…", "Gustav"]
            for row, line in zip(board.rows, lines[1:]):
                assert shows_points_and_totals(line, row.scores), line
            assert "Annabelle" in screen_text(app)  # named in full on the deal's line

    run(go())


def test_what_bridge_carries_breaks_only_between_its_parts(tmp_path):
    """The rubber of examples/bridge-rubber.toml on its game sheet: the values carried (below
    the line, games won) go on one line each at 80 and at 60 columns rather than a lone "2"
    on a line of its own, and on one line where they fit."""
    from scorekeeper.reports.history import import_sheet
    from scorekeeper.store.db import Store
    from scorekeeper.tui.widgets.scoreboard import packed

    with Store(tmp_path / "g.db") as store:
        import_sheet(store, Path(__file__).resolve().parents[1] / "examples" / "bridge-rubber.toml")
    parts = ("Below the line: Nora & Sam 0, Eric & Wendy 0", "Games: Nora & Sam 1, Eric & Wendy 2")
    assert packed(parts, 120) == "; ".join(parts)
    assert packed(parts, 80) == parts[0] + ";\n" + parts[1]
    assert packed(("x" * 90, "y"), 80) == "x" * 90 + ";\ny"  # (the long part is wrapped by the line)

    async def go():
        for size in ((80, 24), (60, 24)):
            async with opened(tmp_path / "g.db", "h", "enter", size=size) as (app, pilot):
                lines = screen_text(app).splitlines()
                assert parts[0] + ";" in lines and parts[1] in lines, "\n".join(lines)

    run(go())
