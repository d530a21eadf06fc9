"""The terminal app in a window too small to show a deal's boxes (40×12: one box and none of
its values) says what it needs instead of letting the table type blind; a window large enough
says nothing, and growing the window takes the notice away."""

from __future__ import annotations

from helpers.tui import notes, opened, run, settle

from scorekeeper.tui.app import MIN_SIZE

TOO_SMALL = ("The window is 40×12: a deal needs at least 60×16 to be seen whole. "
             "Make the window larger or the font smaller.")


def test_a_window_of_40_by_12_says_the_size_a_deal_needs(tmp_path):
    async def go():
        async with opened(str(tmp_path / "g.db"), size=(40, 12), ruleset="lupaus") as (app, pilot):
            told = notes(app)
            await pilot.resize_terminal(*MIN_SIZE)
            await settle(pilot)
            return told, notes(app)

    assert MIN_SIZE == (60, 16)
    assert run(go()) == ([TOO_SMALL], [])


def test_a_window_large_enough_says_nothing_and_one_made_small_says_it_once(tmp_path):
    async def go():
        async with opened(str(tmp_path / "g.db"), size=(60, 16)) as (app, pilot):
            before = notes(app)
            await pilot.resize_terminal(40, 12)
            await settle(pilot)
            await pilot.resize_terminal(41, 12)
            await settle(pilot)
            return before, notes(app)

    assert run(go()) == ([], [TOO_SMALL])


def test_a_game_resumed_in_a_small_window_says_it_on_the_play_screens_status_line(tmp_path):
    """`scorekeeper play 1` in a 40x12 window: the play screen, which clears the other screens'
    toasts when it is shown, says it on its own status line."""
    from helpers.stores import Script
    from helpers.tui import resumed, said

    async def go():
        async with resumed(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"]), size=(40, 12)) as (app, pilot):
            await settle(pilot)
            return [notice.message for notice in said(app)]

    assert run(go()) == [TOO_SMALL]


def test_growing_the_window_takes_away_only_the_size_notice(tmp_path, monkeypatch):
    """A settings file that cannot be read gives its warning (20 s) beside the size notice of a
    40x12 window; the window grown to 60x16 takes the size notice away and leaves the warning."""
    config = tmp_path / "settings.toml"
    config.write_bytes(b"\xff\xfe\x00theme")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(config))

    async def go():
        async with opened(str(tmp_path / "g.db"), size=(40, 12)) as (app, pilot):
            told = notes(app)
            await pilot.resize_terminal(*MIN_SIZE)
            await settle(pilot)
            return told, notes(app)

    warning = f"{config}: not a text file; the default settings are used"
    assert run(go()) == ([TOO_SMALL, warning], [warning])
