"""The statistics screen and the session screen, on games stored through the store API.

The games (all in one session: they are stored within minutes of each other):

- A: Wizard, Ann Bob Cid, the dealer restriction on, Ann deals first, 2 deals, not over:
  deal 1 (1 card, Ann deals): bids 0 0 0 -- Ann could not bid 1 (the bids would total
  1): restricted; tricks 1 0 0: Ann over by 1 (missed), Bob and Cid exact;
  deal 2 (2 cards, Bob deals): bids 1 0 0 -- Bob could not bid 1: restricted; tricks
  1 1 0: Ann exact, Bob over by 1 (missed), Cid exact.
- B, C, D: Whist to 1 point, Ann & Cid (seats 1, 3) against Bob & Dan. Seats 1 and 3 take
  8 tricks in B (2 points to 0: Ann & Cid win), 5 in C (Bob & Dan take 8: 0 to 2, they
  win), 9 in D (3 to 0: Ann & Cid win).

Per player:

- Ann: 3 finished games (+1 in progress), 2 won, ranks 1 2 1: average 1.33; bids: 2
  deals, 1 exact (50%), 1 over, 0 under, tricks - bid (+1 + 0) / 2 = +0.50; exact by cards:
  1 card 0/1, 2 cards 1/1; as dealer 1 deal, restricted in 1, then missed in 1.
- Bob: 3 (+1), 1 won, ranks 2 1 2: 1.67; bids 2, exact 1 (deal 1), over 1: +0.50; as dealer
  1 deal (deal 2), restricted 1, missed 1.
- Cid: 3 (+1), 2 won, 1.33; bids 2, both exact (100%): 0.00 even; never dealt.
- Dan: 3, 1 won, 1.67; no bidding game.

The session's standing (games won, then points; Wizard was played first but has no
finished game, so it adds no points): Ann and Cid 3 played, 2 won, 2 + 0 + 3 = 5 Whist
points: both 1st; Bob and Dan 3 played, 1 won, 0 + 2 + 0 = 2 points: both 3rd.
"""

from __future__ import annotations

import pytest
from helpers.stores import Script
from helpers.tui import flat, name_players, new_game, notes, opened, run, screen_text, settle, table_rows, type_text

GAMES = [
    Script("wizard", ["Ann", "Bob", "Cid"], [{"bid": [0, 0, 0], "tricks": [1, 0, 0]},
                                             {"bid": [1, 0, 0], "tricks": [1, 1, 0], "turned": "spades"}],
           {"dealer_restriction": True}),
    *[Script("whist", ["Ann", "Bob", "Cid", "Dan"], [{"tricks": tricks, "turned": "hearts"}], {"game_to": 1})
      for tricks in (8, 5, 9)],
]


@pytest.fixture
def db(store_with):
    stored = store_with(*GAMES)
    assert [g.game.is_over for g in stored.games] == [False, True, True, True]
    return stored


def test_statistics_per_player_match_the_stored_games(db):
    async def go():
        async with opened(db, "s", size=(120, 30)) as (app, pilot):
            assert table_rows(app, "stats-table") == [
                # Player, Games, Won, Avg rank, Deals bid, Exact, Over, Under, Tendency, Restricted, Then missed
                ["Ann", "3 +1", "2", "1.33", "2", "1 50%", "1", "0", "+0.50 over", "1 of 1", "1 100%"],
                ["Bob", "3 +1", "1", "1.67", "2", "1 50%", "1", "0", "+0.50 over", "1 of 1", "1 100%"],
                ["Cid", "3 +1", "2", "1.33", "2", "2 100%", "0", "0", "0.00 even", "–", "–"],
                ["Dan", "3", "1", "1.67", "–", "–", "–", "–", "–", "–", "–"],
            ]
            text = flat(screen_text(app))
            # shown on screen as in the table, and the highlighted player in words
            assert "Ann 3 +1 2 1.33 2 1 50% 1 0 +0.50 over 1 of 1 1 100%" in text
            assert "Ann: 3 finished games and 1 in progress, 2 won, average rank 1.33" in text
            assert ("Bids: 2 deals, 1 exact (50%), 1 over, 0 under; tricks − bid +0.50 over on average"
                    in text)
            assert "Exact by cards dealt: 1: 0/1 0% · 2: 1/1 100%" in text
            assert "As dealer: 1 deal; the bid was restricted in 1, then missed in 1 (100%)" in text
            await pilot.press("down", "down")
            await settle(pilot)
            text = flat(screen_text(app))
            assert "Cid: 3 finished games and 1 in progress, 2 won, average rank 1.33" in text
            assert "As dealer: no deal dealt in a bidding game yet." in text
            await pilot.press("down")
            await settle(pilot)
            assert "No bidding game (a game with bids and tricks per player) yet." in flat(screen_text(app))

    run(go())


def test_the_filter_keeps_the_players_whose_name_has_it(db):
    """/ goes to the filter; "AN" keeps Ann and Dan (case does not matter); Enter goes back
    to the table; a name nobody has is said; Esc leaves the filter, then the screen."""

    async def go():
        from textual.widgets import DataTable

        from scorekeeper.tui.screens.stats import StatsScreen

        async with opened(db, "s") as (app, pilot):
            await pilot.press("slash")
            await type_text(pilot, "AN")
            await settle(pilot)
            assert [r[0] for r in table_rows(app, "stats-table")] == ["Ann", "Dan"]
            await pilot.press("enter")
            assert isinstance(app.focused, DataTable)
            await pilot.press("down")
            await settle(pilot)
            assert "Dan: 3 finished games, 1 won, average rank 1.67" in flat(screen_text(app))
            await pilot.press("slash")  # the filter again, its text selected: typing replaces it
            await type_text(pilot, "zz")
            await settle(pilot)
            assert table_rows(app, "stats-table") == []
            assert "No player's name has 'zz'." in screen_text(app)
            await pilot.press("escape")  # out of the filter
            assert isinstance(app.screen, StatsScreen) and isinstance(app.focused, DataTable)
            await pilot.press("escape")  # back to the start screen
            await settle(pilot)
            assert "New game" in screen_text(app)

    run(go())


def test_the_sessions_standing(db):
    async def go():
        async with opened(db, "e") as (app, pilot):
            text = flat(screen_text(app))
            assert "This session · Session 1" in text and "4 games." in text
            assert table_rows(app, "session-table") == [
                # Rank, Player, Played, Won, Playing, Whist (points); Wizard's one game is in progress:
                # it has no points, and no empty column
                ["1", "Ann", "3", "2", "1", "5"],
                ["1", "Cid", "3", "2", "1", "5"],
                ["3", "Bob", "3", "1", "1", "2"],
                ["3", "Dan", "3", "1", "0", "2"],
            ]
            assert "Rank Player Played Won Playing Whist" in text and "Wizard " not in text.split("Games of")[0]
            assert "1 Ann 3 2 1 5" in text
            assert "#4 Whist" in text and "Ann, Bob, Cid, Dan — winner: Ann & Cid" in text

    run(go())


def test_a_new_session_is_started_and_the_next_game_joins_it(db):
    """n on the session screen starts session 2 (empty); the next new game belongs to it."""

    async def go():
        async with opened(db, "e", "n") as (app, pilot):
            text = flat(screen_text(app))
            assert "This session · Session 2" in text
            assert "no game yet: the next new game joins this session" in text
            assert any("Session 2 has started" in note for note in notes(app))
            assert app.screen.check_action("export", ()) is None  # nothing to export yet
            await pilot.press("escape")
            await new_game(pilot, "lupaus", ["Eve", "Fay", "Gus"])
            current = app.store.current_session()
            assert current.id == 2 and len(current.game_ids) == 1
            assert app.store.session(1).game_ids == (1, 2, 3, 4)

    run(go())


def test_the_session_is_exported(db, tmp_path, monkeypatch):
    """x on the session screen, csv: scorekeeper-session-1.csv, the session's standing first
    (as reports.export.export_games writes it), then its games. No TOML: a sheet holds one game."""
    from scorekeeper.reports.export import export_games
    from scorekeeper.reports.history import exported, load_game
    from scorekeeper.reports.sessions import session_report

    monkeypatch.chdir(tmp_path)

    async def go():
        from textual.widgets import OptionList

        async with opened(db, "e", "x") as (app, pilot):
            formats = [o.id for o in app.screen.query_one(OptionList).options]
            assert formats == ["csv", "json", "md", "html"]
            assert app.screen.query_one("#export-path").value == "scorekeeper-session-1.csv"
            await pilot.press("ctrl+s")
            await settle(pilot)
            path = tmp_path / "scorekeeper-session-1.csv"
            assert f"Session 1 is written to {path}" in notes(app)
            report = session_report(app.store, 1)
            return export_games([exported(load_game(app.store, gid)) for gid in (1, 2, 3, 4)], "csv", report)

    expected = run(go())
    content = (tmp_path / "scorekeeper-session-1.csv").read_bytes().decode("utf-8")  # (CRLF as written)
    assert content == expected
    lines = content.splitlines()
    assert lines[3] == "rank,name,played,won,in progress,Whist points"
    assert lines[4] == "1,Ann,3,2,1,5"


def test_no_session_going_on(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", "e") as (app, pilot):
            assert "No session is going on: the next new game starts one." in flat(screen_text(app))
            await pilot.press("x")  # nothing to export: nothing happens
            await settle(pilot)
            assert "No session is going on" in screen_text(app)

    run(go())


def _has_session_choice() -> bool:
    from scorekeeper.tui.screens.new_game import NewGameScreen

    return hasattr(NewGameScreen, "_session_choices")


@pytest.mark.skipif(not _has_session_choice(), reason="the new-game screen has no session choice yet")
def test_the_new_game_screen_joins_the_current_session_or_starts_a_new_one(tmp_path, store_with):
    """A first game starts a session (the store starts it: tests/test_sessions.py); the next
    joins it (the default, named with its games); "start a new session" starts session 2
    with the game."""
    from helpers.tui import choose

    async def go():
        async with opened(tmp_path / "empty.db", "n", "enter") as (app, pilot):
            assert "a new session starts with this game" in flat(screen_text(app))
        async with opened(store_with(Script("lupaus", ["Ann", "Bob", "Cid"]))) as (app, pilot):
            assert app.store.session(1).game_ids == (1,)
            await new_game(pilot, "lupaus", ["Dee", "Eve", "Fay"])  # joins session 1 (the default)
            assert app.store.session(1).game_ids == (1, 2)
            await pilot.press("escape")
            await name_players(pilot, "lupaus", [])
            assert "join session 1, 2 games so far" in flat(screen_text(app))
            for name in ("Gus", "Hal", "Ida"):
                await type_text(pilot, name)
                await pilot.press("enter")
            await choose(pilot, "new-session", 1)
            await pilot.press("ctrl+s")
            await settle(pilot)
            current = app.store.current_session()
            assert current.id == 2 and current.game_ids == (3,)

    run(go())


BRIDGE = Script("bridge", ["Ann", "Bob", "Cid", "Dan"],
                [{"level": 3, "strain": "notrump", "declarer": 1, "doubled": "no", "tricks": 10}] * 4,
                {"scoring": "chicago"})


@pytest.mark.parametrize("code", ["en", "pl"])
def test_statistics_fit_80_columns(store_with, code):
    """At 80×24 no heading is cut ("Re"): the columns that do not fit are left out, the dealer's
    first (the detail under the table tells them for the player highlighted)."""
    from scorekeeper.i18n import set_language

    db = store_with(*GAMES)
    set_language(code)

    async def go():
        async with opened(db, "s", size=(80, 24)) as (app, pilot):
            header = screen_text(app).splitlines()[2]
            return header, app.screen.columns

    try:
        header, columns = run(go())
    finally:
        set_language("en")
    assert header.rstrip() == {
        "en": " Player  Games  Won  Avg rank  Deals bid   Exact  Over  Under    Tendency",
        "pl": " Gracz   Gry  Wygrane  Śr. miejsce  Deklaracje  Dokładnie  Ponad  Poniżej",
    }[code]
    assert columns[-1] == {"en": "tendency", "pl": "under"}[code]


def test_the_session_fits_80_columns_in_finnish(store_with):
    """Each game's points are headed by its name alone ("Sopimusbridge", not "Pisteet (Sopimusbrid…")."""
    from scorekeeper.i18n import set_language

    db = store_with(*GAMES, BRIDGE)
    set_language("fi")

    async def go():
        async with opened(db, "e", size=(80, 24)) as (app, pilot):
            return screen_text(app).splitlines()

    try:
        lines = run(go())
    finally:
        set_language("en")
    assert " Sija  Pelaaja  Pelattu  Voitettu  Kesken  Visti  Sopimusbridge" in lines
    assert "    1  Ann            4         3       1      5           2120" in lines


def test_the_sessions_fractional_points_are_written_as_the_language_writes_them(store_with):
    """Two Preferans pools of the example sheet (totals 76/3, 100/3, -176/3 each: the sums
    50.67, 66.67, -117.33 to the ruleset's 2 digits, tests/test_sessions.py) are written with a
    decimal comma in Finnish, as the other screens write numbers."""
    import tomllib
    from pathlib import Path

    from scorekeeper.i18n import set_language

    sheet = tomllib.loads((Path(__file__).resolve().parents[1] / "examples" / "preferans.toml").read_text())
    pool = Script("preferans", ["Anna", "Ben", "Cara"], sheet["deals"], sheet["options"])
    db = store_with(pool, pool)
    set_language("fi")

    async def go():
        async with opened(db, "e", size=(80, 24)) as (app, pilot):
            return table_rows(app, "session-table")

    try:
        rows = run(go())
    finally:
        set_language("en")
    assert [row[1:2] + row[-1:] for row in rows] == [["Ben", "66,67"], ["Anna", "50,67"], ["Cara", "-117,33"]]
