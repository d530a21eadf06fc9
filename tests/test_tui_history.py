"""The history of stored games, a game's score sheet, resuming from it, and exporting it.

The games are stored through the store API (as the play screen stores them):

- game 1, Wizard "Monday", Ann, Bob and "[i]Cid" (a name that looks like markup),
  Ann deals first, 2 deals, not over (Wizard with 3 players has 20 deals):
  deal 1 (1 card): bids 0 0 1, tricks 0 0 1: all exact: 20, 20, 20 + 10 = 30;
  deal 2 (2 cards): bids 1 0 0, tricks 1 1 0: Ann 20 + 10 = 30, Bob 1 over: -10, Cid 20.
  Totals: Ann 50, Bob 10, [i]Cid 50: Ann and [i]Cid share 1st place, Bob 3rd.
- game 2, Whist to 1 point, Ann & Cid against Bob & Dan: seats 1 and 3 take 8 tricks,
  2 over six: 2 points to 0, the game is over, Ann & Cid win. Played after game 1, so it
  is listed first.
"""

from __future__ import annotations

import json

import pytest
from helpers.stores import Script
from helpers.tui import flat, notes, opened, play_screen, run, screen_text, settle, type_text

WIZARD_PLAYERS = ["Ann", "Bob", "[i]Cid"]
GAMES = [
    Script("wizard", WIZARD_PLAYERS, [{"bid": [0, 0, 1], "tricks": [0, 0, 1]},
                                      {"bid": [1, 0, 0], "tricks": [1, 1, 0], "turned": "spades"}], title="Monday"),
    Script("whist", ["Ann", "Bob", "Cid", "Dan"], [{"tricks": 8, "turned": "hearts"}], {"game_to": 1}),
]


@pytest.fixture
def db(store_with):
    return store_with(*GAMES)


def sheet(app):
    from scorekeeper.tui.screens.game_sheet import GameSheetScreen

    assert isinstance(app.screen, GameSheetScreen), screen_text(app)
    return app.screen


def test_history_lists_every_game_the_latest_played_first_and_opens_their_sheets(db):
    """Both games are listed (finished and not), game 2 first; Enter opens a read-only sheet
    with the totals and standings worked out in the module docstring."""

    async def go():
        async with opened(db, "h") as (app, pilot):
            text = flat(screen_text(app))
            assert "History: every stored game, the latest played first" in text
            assert "#2 Whist" in text and "Ann, Bob, Cid, Dan — winner: Ann & Cid" in text
            assert "#1 Wizard · Monday" in text
            assert "Ann, Bob, [i]Cid — in progress (2 of 20 deals played)" in text
            assert text.index("#2 Whist") < text.index("#1 Wizard")

            await pilot.press("enter")  # game 2, highlighted first
            await settle(pilot)
            text = flat(screen_text(app))
            assert "Game 2 · Whist" in text
            assert "Winner: Ann & Cid after 1 deal" in text
            assert "Standings: 1st Ann & Cid 2 · 2nd Bob & Dan 0" in text
            assert "House rules: Game to (points): 1" in text
            # a finished game cannot be resumed: the key is dimmed and does nothing
            assert sheet(app).check_action("resume", ()) is None
            await pilot.press("r")
            await settle(pilot)
            sheet(app)

            await pilot.press("escape", "down", "enter")  # back to the list; game 1
            await settle(pilot)
            text = flat(screen_text(app))
            assert "Game 1 · Wizard · Monday" in text
            assert "In progress: 2 of 20 deals played" in text
            assert "Standings: 1st Ann 50 · 1st [i]Cid 50 · 3rd Bob 10" in text
            assert "The usual rules (no house rule changed)" in text
            assert "Change this deal" not in text  # read only
            table = sheet(app).query_one("#board-table")
            assert app.focused is table and table.highlighted == 2
            await pilot.press("enter")  # choosing a deal changes nothing here
            await settle(pilot)
            sheet(app)

    run(go())


def test_an_unfinished_game_is_resumed_from_its_sheet(db):
    """r on game 1's sheet opens the play screen with the 2 deals and totals 50 10 50;
    deal 3 is dealt by seat 3, "[i]Cid" (Ann dealt first), shown as typed."""

    async def go():
        async with opened(db, "h", "down enter", "r") as (app, pilot):
            screen = play_screen(app)
            assert screen.game.players == tuple(WIZARD_PLAYERS)
            assert len(screen.game.deals) == 2 and screen.game.totals() == (50, 10, 50)
            assert "Dealer [i]Cid" in screen_text(app)
            await pilot.press("escape")  # the play screen goes back to the start screen
            await settle(pilot)
            assert "New game" in screen_text(app)

    run(go())


def test_export_writes_the_csv_named_after_the_game_and_says_so(db, tmp_path, monkeypatch):
    """x on game 1's sheet: the default is scorekeeper-game-1.csv in the current folder;
    ctrl+s writes exactly what reports.export gives. Its first rows, by hand: the header,
    then deal 1 (scores 20 20 30, totals the same; no card turned or chosen)."""
    from scorekeeper.reports.export import export

    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.chdir(out)

    async def go():
        async with opened(db, "h", "down enter", "x") as (app, pilot):
            assert "Export game 1" in screen_text(app)
            assert app.screen.query_one("#export-path").value == "scorekeeper-game-1.csv"
            await pilot.press("ctrl+s")
            await settle(pilot)
            sheet(app)  # the dialog is closed
            path = out / "scorekeeper-game-1.csv"
            assert f"Game 1 is written to {path}" in notes(app)
            stored = app.store.open_game(1)
            expected = export(stored.game, "csv", title="Monday", ruleset_ref="wizard")
            return path, expected

    path, expected = run(go())
    content = path.read_bytes().decode("utf-8")  # (as written: CSV lines end with CRLF)
    assert content == expected
    lines = content.splitlines()
    assert lines[0] == ("deal,cards,dealer,Ann score,Ann total,Bob score,Bob total,[i]Cid score,[i]Cid total,"
                        "Turned card,Trump chosen by the dealer,Ann Bid,Bob Bid,[i]Cid Bid,Ann Tricks,Bob Tricks,[i]Cid Tricks")
    assert lines[1] == "1,1,Ann,20,20,20,20,30,30,,,0,0,1,0,0,1"
    assert lines[2] == "2,2,Bob,30,50,-10,10,20,50,♠ spades,,1,0,0,1,1,0"


def test_choosing_the_format_changes_the_file_name_and_the_content(db, tmp_path, monkeypatch):
    """Down in the format list picks JSON: the name follows (scorekeeper-game-2.json); the
    file is the JSON document, with whist's totals 2 and 0 and the winners."""
    monkeypatch.chdir(tmp_path)

    async def go():
        async with opened(db, "h", "enter x", "down") as (app, pilot):
            assert app.screen.query_one("#export-path").value == "scorekeeper-game-2.json"
            await pilot.press("enter")  # on to the file name
            await pilot.press("enter")  # write
            await settle(pilot)

    run(go())
    doc = json.loads((tmp_path / "scorekeeper-game-2.json").read_text(encoding="utf-8"))
    assert doc["totals"] == [2, 0] and doc["winners"] == ["Ann & Cid"] and doc["over"] is True


def test_a_bad_path_is_explained_and_the_dialog_stays_open(db, tmp_path, monkeypatch):
    """A missing folder, a file used as a folder, and a folder given as the file: each is
    said in words (no traceback) and nothing is written; an existing file is replaced only
    when asked twice."""
    from scorekeeper.tui.screens.export import ExportDialog

    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    (tmp_path / "old.csv").write_text("old", encoding="utf-8")
    (tmp_path / "folder").mkdir()

    async def go():
        async with opened(db, "h", "enter x") as (app, pilot):
            box = app.screen.query_one("#export-path")
            for typed, said in (("missing/dir/x.csv", "missing/dir/x.csv: the folder missing/dir does not exist"),
                                ("a-file/x.csv", "a-file/x.csv: a part of the path is a file, not a folder"),
                                ("folder", "folder is a folder: add a file name, e.g. folder/scores.csv")):
                box.value = typed
                box.focus()
                await pilot.press("enter")
                await settle(pilot)
                assert isinstance(app.screen, ExportDialog)
                text = flat(screen_text(app))
                assert said in text, text
                assert "Traceback" not in text
            assert not (tmp_path / "missing").exists()

            box.value = "old.csv"
            await pilot.press("enter")
            await settle(pilot)
            assert "old.csv exists already: Enter again replaces it." in flat(screen_text(app))
            assert (tmp_path / "old.csv").read_text(encoding="utf-8") == "old"
            await pilot.press("enter")
            await settle(pilot)
            sheet(app)

    run(go())
    assert (tmp_path / "old.csv").read_text(encoding="utf-8").startswith("deal,cards,dealer,Ann & Cid score")


def test_permission_denied_is_said_in_words(tmp_path, monkeypatch):
    """(The tests may run as root, who may write anywhere: the refusal is simulated.)"""
    from pathlib import Path

    from scorekeeper.tui.screens.export import write_text

    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "write_text", refuse)
    target = tmp_path / "x.csv"
    assert write_text(target, "a,b\n") == f"{target}: permission denied; choose a folder you may write to"
    monkeypatch.undo()
    assert write_text(Path("bad\0name.csv"), "").startswith("bad\0name.csv: not a usable path")


def test_history_keys_are_in_the_footer_and_the_palette(db):

    async def go():
        async with opened(db) as (app, pilot):
            names = [c.title for c in app.get_system_commands(app.screen)]
            for title in ("History (h)", "Stats (s)", "Session (e)"):
                assert title in names, names
            await pilot.press("h")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            names = [c.title for c in app.get_system_commands(app.screen)]
            assert "Charts (g)" in names and "What if (w)" in names and "Export (x)" in names
            assert not any(n.startswith("Resume") for n in names)  # game 2 is over

    run(go())


def test_an_empty_store_says_there_is_no_game(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", "h") as (app, pilot):
            assert "No games are stored yet" in screen_text(app)
            await type_text(pilot, "x")  # nothing to export, nothing happens
            await pilot.press("escape")
            await settle(pilot)
            assert "New game" in screen_text(app)

    run(go())
