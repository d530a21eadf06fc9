"""Helpers for the Pilot tests of the terminal app (the test_tui_* and test_i18n_tui_* files).

Everything here drives the app as a player does: keys only. ``opened`` runs the app on a
store at a size and opens a screen with the keys a player presses; ``screen_text`` reads
what the screen shows, which is what the snapshot files in tests/snapshots/ hold (update
them with SNAPSHOT_UPDATE=1).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from unittest import mock

import pytest

pytest.importorskip("textual")

from scorekeeper.rules.ruleset import builtin_ids, load_ruleset  # noqa: E402

SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots"
SIZE = (100, 30)


def make_app(db, ruleset=None, seed=7):
    from scorekeeper.tui.app import ScorekeeperApp

    return ScorekeeperApp(db, ruleset, rng=random.Random(seed))


@contextmanager
def _store_clock(clock):
    """Every store opened meanwhile reads ``clock`` (the app opens its store itself, on the
    store's default clock): None leaves the real time."""
    if clock is None:
        yield
        return
    with mock.patch("scorekeeper.store.db._utc_now", clock):
        yield


@asynccontextmanager
async def opened(db, *steps: str, size=SIZE, ruleset=None, seed=7, clock=None):
    """Run the app on the store ``db`` at ``size`` and open a screen; yields (app, pilot).

    ``db`` is a path or a ``helpers.stores.StoreFile`` (whose clock the app then reads:
    the times it stores follow on from the stored games'). Once the app has settled, each
    step's keys (space-separated, e.g. ``"down enter"``) are pressed and it settles again.
    """
    clock = clock if clock is not None else getattr(db, "clock", None)
    app = make_app(getattr(db, "path", db), ruleset, seed)
    with _store_clock(clock):
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            for step in steps:
                await pilot.press(*step.split())
                await settle(pilot)
            yield app, pilot


@asynccontextmanager
async def resumed(path, script, size=SIZE, seed=7):
    """Run the app on a new store at ``path`` holding one game, ``script`` (a
    ``helpers.stores.Script``: its deals are stored, none if it has none), and resume that
    game from the start screen with Enter: yields (app, pilot) on its play screen.

    The quick way to a game for the tests of the play screen: the New game form's keys
    (test_tui_app.py and the typing tests go through them) cost several times what the
    game's first deals do."""
    from .stores import store_with

    async with opened(store_with(path, script), "enter", size=size, seed=seed) as (app, pilot):
        play_screen(app)
        yield app, pilot


def run(coro):
    """Run a Pilot coroutine from a plain (sync) test."""
    return asyncio.run(coro)


def screen_text(app) -> str:
    """The screen as text, line by line (trailing spaces dropped)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def flat(text: str) -> str:
    """The screen's text with runs of spaces and line ends as one space (for wrapped lines)."""
    return " ".join(text.split())


def table_rows(app, table_id: str) -> list[list[str]]:
    """The rows of the screen's DataTable with that id, as text."""
    from textual.widgets import DataTable

    table = app.screen.query_one(f"#{table_id}", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def notes(app) -> list[str]:
    """The notifications shown so far, as text: Textual's toasts, then what the screens
    still open said on their status lines (the play screen's notices)."""
    return [str(n.message) for n in app._notifications] + [n.message for n in said(app)]


def said(app) -> list:
    """The notices (``status_line.Notice``) the status lines of the screens open have shown, oldest first."""
    from scorekeeper.tui.widgets.status_line import StatusLine

    return [n for screen in app.screen_stack for line in screen.query(StatusLine) for n in line.said]


async def settle(pilot, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause()


def check_snapshot(name: str, text: str, replace: dict[str, str] | None = None) -> None:
    """Compare with tests/snapshots/NAME.txt (SNAPSHOT_UPDATE=1 writes it)."""
    for old, new in (replace or {}).items():
        text = text.replace(old, new)
    text = text.rstrip() + "\n"
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("SNAPSHOT_UPDATE"):
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"no snapshot {path}: run the tests with SNAPSHOT_UPDATE=1 to write it"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"the screen differs from {path} (SNAPSHOT_UPDATE=1 rewrites it):\n{text}"


async def focus(pilot, widget_id: str, limit: int = 60) -> None:
    """Press Tab until the widget with that id has the focus."""
    for _ in range(limit):
        focused = pilot.app.focused
        if focused is not None and focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached #{widget_id}; the focus is on {pilot.app.focused!r}")


async def type_text(pilot, text: str) -> None:
    await pilot.press(*[("space" if ch == " " else ch) for ch in text])


async def choose(pilot, select_id: str, steps: int) -> None:
    """Open a Select with Enter and move ``steps`` down (negative: up) from its value."""
    await focus(pilot, select_id)
    await pilot.press("enter")
    await settle(pilot, 2)
    key = "down" if steps > 0 else "up"
    await pilot.press(*[key] * abs(steps), "enter")
    await settle(pilot, 2)


async def name_players(pilot, ruleset_id: str, names: list[str]) -> None:
    """From the start screen: n, the game, then each name typed and Enter (the form stays open)."""
    await settle(pilot)
    await pilot.press("n")
    await settle(pilot)
    await pilot.press(*["down"] * builtin_ids().index(ruleset_id), "enter")
    await settle(pilot)
    for name in names:
        await type_text(pilot, name)
        await pilot.press("enter")


async def new_game(pilot, ruleset_id: str, names: list[str], options: dict | None = None,
                   dealer: int | None = 1) -> None:
    """From the start screen: n, the game, the names, the options, the first dealer, start."""
    app = pilot.app
    await name_players(pilot, ruleset_id, names)
    ruleset = load_ruleset(ruleset_id)
    for option_id, value in (options or {}).items():
        option = ruleset.options[option_id]
        if option.type == "int":
            await focus(pilot, f"opt-{option_id}")
            await pilot.press("home", "ctrl+k")
            await type_text(pilot, str(value))
        elif option.type == "bool":
            await choose(pilot, f"opt-{option_id}", (0 if value else 1) - (0 if option.default else 1))
        else:
            await choose(pilot, f"opt-{option_id}",
                         option.choices.index(value) - option.choices.index(option.default))
    if dealer is not None:
        await choose(pilot, "new-dealer", dealer)
    await pilot.press("ctrl+s")
    await settle(pilot)
    from scorekeeper.tui.screens.play import PlayScreen

    assert isinstance(app.screen, PlayScreen), screen_text(app)


async def enter_deal(pilot, entries: list[str], confirm: bool = True) -> None:
    """Type each box's value in the form's order ("" leaves a box as it is), as a player
    does: Up/Down to a box the focus does not reach by itself (an optional one), the
    value's keys, and Enter only where the box waits for more (1 in a deal of 10 or more).
    Then ctrl+s, unless an Enter has confirmed the deal already. The first entry is the
    first box's, or, when part of the deal is typed already, the focused box's."""
    from scorekeeper.tui.widgets.entry_form import EntryForm, under_cursor

    app = pilot.app
    form = app.screen.query_one(EntryForm)
    number = form.view.number
    start = 0
    if not app.screen.draft.is_empty and under_cursor(app.focused) in form.boxes():
        start = form.boxes().index(under_cursor(app.focused))
    for i, entry in enumerate(entries, start=start):
        if not entry:
            continue
        target = form.boxes()[i]
        for _ in range(40):
            if under_cursor(app.focused) is target:
                break
            boxes = form.boxes()
            at = boxes.index(under_cursor(app.focused)) if under_cursor(app.focused) in boxes else len(boxes)
            await pilot.press("down" if at < i else "up")
        assert under_cursor(app.focused) is target, f"the focus never reached box {i} ({target.slot}): {under_cursor(app.focused)!r}"
        await type_text(pilot, entry)
        if under_cursor(app.focused) is target:
            await pilot.press("enter")
    if confirm and form.view is not None and form.view.number == number and form.display:
        await pilot.press("ctrl+s")
        await answer(pilot)
    await settle(pilot, 2)


async def answer(pilot) -> None:
    """The keys read two ways (a 10 typed in a deal of 10 cards is 10, or 1 and 0): answer as
    the player who typed them, looking at the screen: Enter again when the form says a
    second Enter confirms, else the reading shown (1), then Enter."""
    for _ in range(3):
        await settle(pilot, 2)
        typist = getattr(pilot.app.screen, "typist", None)
        if typist is None or typist.question is None:
            return
        if typist.question.waiting:
            await pilot.press("enter")
        else:
            await pilot.press("1", "enter")


async def open_screen(pilot, key: str, kind):
    """Press ``key`` and return the screen it opens, which must be a ``kind``."""
    await pilot.press(key)
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, kind), screen_text(pilot.app)
    return screen


def play_screen(app):
    from scorekeeper.tui.screens.play import PlayScreen

    screen = app.screen
    assert isinstance(screen, PlayScreen), screen_text(app)
    return screen


def normalise(text: str, db) -> str:
    """Drop what changes from run to run (the store's path, times)."""
    text = text.replace(str(db), "<db>")
    return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d", "<time>", text)

