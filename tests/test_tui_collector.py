"""The garbage collector while the app runs (the QuietCollector of scorekeeper/process.py): no collection in
the middle of a key; the young objects collected once the app is quiet after it; what the game
keeps set aside from later collections; the collector as it was once the app stops."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from helpers.stores import Script, store_with
from helpers.tui import opened, play_screen, run, settle

SMALL = (80, 24)


async def _until(pilot, done, limit: float = 10.0) -> None:
    """Pause until ``done()`` (the app's quiet moments come later on a loaded machine)."""
    for _ in range(int(limit / 0.05)):
        if done():
            return
        await pilot.pause(0.05)


def _lupaus_at_its_last_deal() -> tuple[Script, list[str]]:
    """Lupaus for 7 at deal 13 (bench_keys' case) and the keys of that deal."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from bench_keys import CASES

    case = CASES["lupaus-7-deal-13"]
    keys = ["7", "0", "0", "0", "0", "0", "1", "7", "0", "0", "0", "0", "0"]
    return Script("lupaus", list(case.players), list(case.before), options=dict(case.options)), keys


def _collections_in_keys(app) -> tuple[list, list, object]:
    """The collections started from now on while a key was being handled (before its frame),
    those started while none was, and the callback that notes them (for gc.callbacks.remove)."""
    during: list[int] = []
    outside: list[int] = []

    def seen(phase, info):
        if phase == "start":
            (during if app.key_pending or app._frame_held is not None else outside).append(info["generation"])

    gc.callbacks.append(seen)
    return during, outside, seen


def test_no_collection_runs_in_the_keys_that_end_a_game_and_reopen_it(tmp_path):
    """Lupaus for 7, deal 13 typed, confirmed (the game ends) and taken back, with the app's
    collector running as ``scorekeeper`` runs it: no collection starts while any of these keys
    is handled (the interpreter's own, every 700 new objects, ran four to eight times in each
    of the Enter and the ctrl+z, and now and then one of every object: 40-120 ms), the young
    objects are collected once the app is quiet after a key, and what the game keeps is set
    aside once it is shown (a full collection no longer walks it)."""
    lupaus, keys = _lupaus_at_its_last_deal()
    usual = gc.get_threshold()

    async def go():
        async with opened(store_with(tmp_path / "g.db", lupaus), size=SMALL) as (app, pilot):
            collector = app.collector
            collector.start()
            during, outside, seen = _collections_in_keys(app)
            try:
                await pilot.press("enter")  # the game from the start screen
                await settle(pilot)
                await _until(pilot, lambda: collector.settled)
                screen = play_screen(app)
                assert collector.settled == 1 and gc.get_freeze_count() > 0
                frozen = gc.get_freeze_count()
                assert len(gc.get_objects()) < frozen / 4  # (what a full collection walks now)
                outside.clear()
                for key in keys:
                    await pilot.press(key)
                await settle(pilot)
                await _until(pilot, lambda: collector.quiet_collections)
                quiet = collector.quiet_collections
                # the young objects were collected once the app was quiet (not how many are new
                # since: on a loaded machine the app goes on making them before this line runs)
                assert quiet >= 1 and 1 in outside
                await pilot.press("enter")
                await settle(pilot)
                await _until(pilot, lambda: collector.quiet_collections == quiet + 1)
                assert screen.game.is_over
                await pilot.press("ctrl+z")
                await settle(pilot)
                await _until(pilot, lambda: collector.quiet_collections == quiet + 2)
                assert not screen.game.is_over
                assert collector.quiet_collections == quiet + 2  # (once after each)
                assert during == []
            finally:
                gc.callbacks.remove(seen)
        assert gc.get_threshold() == usual and gc.get_freeze_count() == 0  # put back as it was

    try:
        run(go())
    finally:
        gc.set_threshold(*usual)
        gc.unfreeze()


def test_what_the_timers_make_while_no_key_comes_is_collected_now_and_then(tmp_path):
    """No key for a while, the screen's looks at the store (twice a second) make new objects:
    once there are IDLE_LIMIT, the next idle look collects them (the interpreter would collect
    them by itself only at YOUNG_LIMIT, maybe in the next key); fewer are left alone."""
    from scorekeeper.process import IDLE_LIMIT

    lupaus, _ = _lupaus_at_its_last_deal()
    usual = gc.get_threshold()

    async def go():
        async with opened(store_with(tmp_path / "g.db", lupaus), size=SMALL) as (app, pilot):
            collector = app.collector
            collector.start()
            try:
                await pilot.press("enter")
                await settle(pilot)
                await _until(pilot, lambda: collector.settled)
                play_screen(app)
                quiet = collector.quiet_collections
                gc.collect(1)  # (from none new)
                kept = [[i] for i in range(IDLE_LIMIT // 2)]
                collector._collect_if_grown()
                assert collector.quiet_collections == quiet  # (too few to be worth it)
                kept += [[i] for i in range(IDLE_LIMIT)]
                collector._collect_if_grown()
                assert collector.quiet_collections == quiet + 1 and gc.get_count()[0] < IDLE_LIMIT // 10
                assert len(kept) == IDLE_LIMIT // 2 + IDLE_LIMIT
            finally:
                collector.stop()

    try:
        run(go())
    finally:
        gc.set_threshold(*usual)
        gc.unfreeze()


def test_an_app_not_started_by_the_command_leaves_the_collector_alone(tmp_path):
    """An app made without ``run()`` (as the tests and the benches make it) neither changes the
    thresholds nor sets anything aside: the process is not the app's."""
    lupaus, _ = _lupaus_at_its_last_deal()
    usual = gc.get_threshold()

    async def go():
        async with opened(store_with(tmp_path / "g.db", lupaus), "enter", size=SMALL) as (app, pilot):
            play_screen(app)
            await pilot.pause(0.3)
            assert gc.get_threshold() == usual and gc.get_freeze_count() == 0
            assert app.collector.settled == 0

    run(go())
