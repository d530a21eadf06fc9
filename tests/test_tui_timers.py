"""No timer can freeze the app: Textual spins forever on a timer whose delay is at or
below zero (a toast re-shown on a new screen just as it runs out did that at the table).

Each case runs in a fresh interpreter with a time limit, since a hang blocks the event
loop itself (nothing in the same process could stop it).
"""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LIMIT = 30  # seconds; a guarded run takes well under one

NEGATIVE_TIMER = """
    import asyncio
    from textual.app import App
    {guard}

    class Probe(App):
        fired = []

        def on_mount(self):
            self.set_timer({delay}, lambda: self.fired.append("timer"))
            self.set_interval({delay}, lambda: self.fired.append("interval"))

    async def main():
        app = Probe()
        async with app.run_test() as pilot:
            await pilot.pause(0.3)
        print(sorted(set(app.fired)))

    asyncio.run(main())
"""

EXPIRED_TOAST = """
    import asyncio, time
    from textual.notifications import Notification
    from textual.widgets._toast import Toast
    from scorekeeper.tui.app import ScorekeeperApp

    async def main():
        app = ScorekeeperApp(db_path={db!r})
        async with app.run_test(size=(80, 24)) as pilot:
            # a notification checked as live, then made into a toast a moment after it ran out
            note = Notification("gone", timeout=5, raised_at=time.time() - 5.0001)
            toast = Toast(note)
            await app.screen.mount(toast)
            await pilot.pause(0.3)
            print("toast removed" if not toast.is_attached else "toast still shown")

    asyncio.run(main())
"""


def _run(script: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], cwd=REPO, capture_output=True,
                          text=True, timeout=LIMIT)


@pytest.mark.parametrize("delay", [-0.0000884, -1, 0])
def test_a_timer_due_at_once_or_in_the_past_fires_and_the_app_goes_on(delay):
    guard = "from scorekeeper.tui.timers import guard_timers; guard_timers()"
    result = _run(NEGATIVE_TIMER.format(guard=guard, delay=delay))
    assert result.returncode == 0, result.stderr
    assert result.stdout == "['interval', 'timer']\n"


def test_a_toast_made_just_after_it_ran_out_is_removed_instead_of_freezing_the_app(tmp_path):
    result = _run(EXPIRED_TOAST.format(db=str(tmp_path / "games.db")))
    assert result.returncode == 0, result.stderr
    assert result.stdout == "toast removed\n"


def test_installing_the_guard_twice_wraps_once():
    from textual.message_pump import MessagePump

    from scorekeeper.tui.timers import guard_timers

    guard_timers()
    first = MessagePump.set_timer
    guard_timers()
    assert MessagePump.set_timer is first


def test_without_the_guard_textual_still_hangs_on_a_negative_timer():
    """Why the guard exists; skipped once a Textual release no longer hangs."""
    try:
        result = subprocess.run([sys.executable, "-c", textwrap.dedent(NEGATIVE_TIMER.format(guard="", delay=-0.0001))],
                                cwd=REPO, capture_output=True, text=True, timeout=5)
    except subprocess.TimeoutExpired:
        return  # hangs: the guard is needed
    pytest.skip(f"this Textual does not hang on a negative timer (exit {result.returncode}): the guard may go")
