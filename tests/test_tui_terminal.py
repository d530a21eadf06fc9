"""What reaches a real terminal, update after update, is the screen the app means.

The app runs in a pseudo-terminal and its output goes to an emulated terminal (pyte). A
settled screen must not change when the app draws it again in full (after the terminal
is resized and resized back): anything left over from an earlier frame would show as a
difference. Found at the table: a toast's last line stayed over the footer for good when
a deal was typed and confirmed while the toast ("Drawn by lot: Daniel deals first.") was
up. Textual (7.0 to 8.2) loses the place of a widget removed after a scroll from what it
redraws; ``scorekeeper.tui.control.guard_compositor`` keeps it. A plain Textual app with
a toast and a scroll shows the same (tests/helpers/toast_scroll_app.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.pty_screen import PtyScreen

pytest.importorskip("pyte")

HELPERS = Path(__file__).resolve().parent / "helpers"
NAMES = ["Annabelle", "Benjamin", "Caroline", "Daniel", "Eveliina", "Frederik", "Gustav"]


def test_a_toast_gone_while_a_deal_was_typed_leaves_nothing_on_the_terminal(tmp_path):
    term = PtyScreen(["play", "lupaus"], {"SCOREKEEPER_DB": str(tmp_path / "s.db"),
                                          "SCOREKEEPER_CONFIG": str(tmp_path / "c.toml")}, size=(60, 20))
    try:
        term.wait_for("New game: Lupaus")
        keys = []
        for name in NAMES:
            keys += [name, "tab"]
        term.send(*keys[:-1], "ctrl+s")  # the first dealer is drawn by lot: a toast says who
        term.wait_for("Deal 1 of 13")
        term.read(1.5)
        term.send(*"1201200120121")  # the bids and tricks of deal 1, the last tricks filled in
        term.read(0.8)
        term.send("enter")
        term.wait_for("Deal 2 of 13")
        term.read(5.0)  # the toast's 5 s are over
        shown = term.lines()
        assert "deals first" not in term.text()
        term.resize(61, 20)
        term.read(1.0)
        term.resize(60, 20)
        term.read(1.5)
        assert shown == term.lines()
    finally:
        term.close()


def redrawn(term: PtyScreen, width: int, height: int) -> list[str]:
    """The screen after the app has drawn it again in full (resized away and back)."""
    term.resize(width + 1, height)
    term.read(1.0)
    term.resize(width, height)
    term.read(1.5)
    return term.lines()


def assert_drawn_in_full(term: PtyScreen, width: int, height: int, showing: str) -> None:
    """The terminal shows ``showing``, and what a full redraw shows."""
    shown = term.lines()
    assert showing in term.text()
    assert shown == redrawn(term, width, height)


def test_deals_typed_in_bursts_confirmed_and_undone_reach_the_terminal_as_drawn_in_full(tmp_path):
    """Wizard for 6 at 80x24: deal 1 (one card) typed in one burst and confirmed, deal 2 half
    typed, then ctrl+z (the typing goes first): after each step the terminal shows what a
    full redraw shows (only changed lines are sent while typing)."""
    term = PtyScreen(["play", "wizard"], {"SCOREKEEPER_DB": str(tmp_path / "s.db"),
                                          "SCOREKEEPER_CONFIG": str(tmp_path / "c.toml")}, size=(80, 24))
    try:
        term.wait_for("New game: Wizard")
        term.send("Ann", "tab", "Bob", "tab", "Cid", "tab", "Dan", "tab", "Eve", "tab", "Fay", "ctrl+s")
        term.wait_for("Deal 1 of 10")
        term.read(5.5)  # the toast saying who deals first is gone
        term.send(*"s010000", *"01000", "enter")  # trump ♠, bids 0 1 0 0 0 0, tricks: Cid's 1 filled in
        term.wait_for("Deal 2 of 10")
        term.read(1.0)
        assert_drawn_in_full(term, 80, 24, "Deal 2 of 10")
        term.send(*"h1", "0")  # deal 2: trump ♥, two bids
        term.read(1.0)
        assert_drawn_in_full(term, 80, 24, "Bids 1, tricks 2 (4 to enter)")
        term.send("ctrl+z")  # the last value typed goes first
        term.read(1.0)
        assert_drawn_in_full(term, 80, 24, "Bids 1, tricks 2 (5 to enter)")
    finally:
        term.close()


def test_a_deal_confirmed_under_a_scrolled_score_table_reaches_the_terminal_as_drawn_in_full(tmp_path):
    """Lupaus for 4 at 80x40 with twelve deals played (the form fits, the score table
    scrolls): deal 13 typed and confirmed adds a row without laying the screen out
    (tui/widgets/redraw.py), and the table, its scroll bar, the deal panel and the form are
    what a full redraw shows."""
    from helpers.stores import lupaus_played

    db, cards = lupaus_played(tmp_path / "s.db", 12, seat=2)
    term = PtyScreen([], {"SCOREKEEPER_DB": str(db.path), "SCOREKEEPER_CONFIG": str(tmp_path / "c.toml")},
                     size=(80, 40))
    try:
        term.wait_for("Resume a game")
        term.read(0.5)
        term.send("enter")
        term.wait_for("Deal 13 of 19")
        term.read(1.0)
        term.send(*"0000", *str(cards), "0", "0")  # everyone bids 0, the first in turn takes every trick
        term.read(1.0)
        term.send("enter")
        term.wait_for("Deal 14 of 19")
        term.read(1.5)
        assert_drawn_in_full(term, 80, 40, "▶ 13 ")
    finally:
        term.close()


def test_a_toast_gone_after_a_scroll_leaves_nothing_with_the_guard():
    """The bare Textual app: its toast (2 s) is up when a key scrolls the list; once the
    toast is gone, nothing of it is left on the terminal."""
    term = PtyScreen(["guarded"], {}, size=(60, 20), program=(str(HELPERS / "toast_scroll_app.py"),))
    try:
        term.wait_for("line 0")
        term.wait_for("Daniel deals first.")
        term.send("s")
        term.wait_for("line 59")
        term.read(2.5)
        assert "deals first" not in term.text()
        assert term.lines()[-1].strip().startswith("s Scroll")
    finally:
        term.close()
