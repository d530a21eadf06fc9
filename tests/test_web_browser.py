"""The live score board in a real headless browser (Debian's chromium): the page shows the game,
and a deal confirmed at the table appears on it without a reload.

Chromium is driven through the DevTools protocol over ``--remote-debugging-pipe``: JSON
messages ending in a NUL byte, read by the browser from fd 3 and written to fd 4 (no extra
package). Skipped when chromium is not installed, like tests/test_html_browser.py.

Lupaus, four players, as in tests/test_web_board.py: totals 24 14 12 23 after two deals;
deal 3 (bids 2 3 1 1, tricks 2 3 2 1 -> 12 13 0 11) makes them 36 27 12 34.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers.browser import CHROMIUM, FLAGS, needs_chromium

from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.web.server import BoardFeed, board_server

pytestmark = needs_chromium("check the live score board in a real browser")
NAMES = ["Anna", "<b>Ben</b>", "[/]", "=cmd|' /C calc'!A0"]
D3 = {"bid": [2, 3, 1, 1], "tricks": [2, 3, 2, 1]}
# Puts the two pipe ends on fds 3 and 4, where chromium looks for them, then becomes chromium.
ON_FDS_3_AND_4 = """
import fcntl, os, sys
given = int(sys.argv[1]), int(sys.argv[2])
read, write = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in given)  # out of the way of 3 and 4 first
for fd in given:
    os.close(fd)
os.dup2(read, 3)
os.dup2(write, 4)
os.close(read)
os.close(write)
os.execv(sys.argv[3], sys.argv[3:])
"""
TOTAL_SIZE = "parseFloat(getComputedStyle(document.querySelector('.standings td.total')).fontSize)"
STANDINGS = """Array.from(document.querySelectorAll('.standings tbody tr'))
                 .map(row => Array.from(row.cells).map(cell => cell.textContent))"""


class Chromium:
    """Headless chromium and one page, over the DevTools pipe; every wait has a deadline."""

    def __init__(self, profile: Path, log: Path):
        to_browser, self._out = os.pipe()
        self._in, from_browser = os.pipe()
        with open(log, "wb") as errors:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", ON_FDS_3_AND_4, str(to_browser), str(from_browser), CHROMIUM, *FLAGS,
                 "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"],
                pass_fds=(to_browser, from_browser), stdin=subprocess.DEVNULL, stdout=errors, stderr=errors)
        os.close(to_browser)
        os.close(from_browser)
        self.log = log
        self._buffer = b""
        self._id = 0
        self.session: str | None = None

    def call(self, method: str, params: dict | None = None, *, page: bool = True, timeout: float = 60) -> dict:
        """Send one command (to the page's session unless ``page`` is off) and return its result."""
        self._id += 1
        message = {"id": self._id, "method": method, "params": params or {}}
        if page and self.session:
            message["sessionId"] = self.session
        data = json.dumps(message).encode("utf-8") + b"\0"
        while data:
            data = data[os.write(self._out, data):]
        deadline = time.monotonic() + timeout
        while True:
            reply = self._next(deadline)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise AssertionError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def _next(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._in], [], [], left)[0]:
                raise AssertionError(f"chromium did not answer in time; its log: {self._log_tail()}")
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise AssertionError(f"chromium closed the pipe; its log: {self._log_tail()}")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def _log_tail(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-2000:]
        except OSError:
            return "(none)"

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", {"url": url}, page=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 page=False)["sessionId"]

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, what: str, deadline: float = 30.0):
        """Evaluate until the value is true; the last value is in the failure message."""
        end = time.monotonic() + deadline
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{what}: not seen within {deadline} s; last value {value!r}")
            time.sleep(0.1)

    def close(self) -> None:
        try:
            self.call("Browser.close", page=False, timeout=10)
        except (AssertionError, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=20)
        os.close(self._out)
        os.close(self._in)


@pytest.fixture
def browser(tmp_path):
    profile = tmp_path / "profile"
    profile.mkdir()
    chromium = Chromium(profile, tmp_path / "chromium.log")
    yield chromium
    chromium.close()


@pytest.fixture
def board(tmp_path):
    """The table's store (kept open, as the app keeps it) and a board server on a free port."""
    store = Store(tmp_path / "s.db")
    game = store.new_game(load_ruleset("lupaus"), "lupaus", NAMES, title="Friday")
    game.record({"bid": [3, 2, 2, 2], "tricks": [3, 3, 2, 2], "turned": "hearts"})
    game.record({"bid": [1, 4, 2, 1], "tricks": [1, 4, 3, 1]})
    feed = BoardFeed(store.path)
    feed.start()
    server = board_server(feed, port=0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    yield url, game, server
    server.shutdown()
    server.server_close()
    feed.stop()
    store.close()


def test_a_confirmed_deal_appears_on_the_open_page(board, browser):
    """The page shows the game; deal 3 recorded through the store shows up in it, without a reload."""
    url, game, _ = board
    browser.open(url)
    browser.wait_for("document.readyState === 'complete' && !!document.querySelector('.standings')", "the board")
    assert browser.evaluate("document.documentElement.lang") == "en"
    assert browser.evaluate("document.title") == "Lupaus: Friday · score board"
    assert browser.evaluate(STANDINGS) == [["1st", "Anna", "24"], ["2nd", "=cmd|' /C calc'!A0", "23"],
                                           ["3rd", "<b>Ben</b>", "14"], ["4th", "[/]", "12"]]
    assert browser.evaluate("document.querySelectorAll('#board b, #board i').length") == 0  # names stay text
    text = browser.evaluate("document.body.innerText")
    assert "Deal 3 of 19 · 8 cards each" in text and "Turn up the top card of the stock for trump" in text
    browser.evaluate("window.notReloaded = true")

    game.record(D3)  # confirmed at the table

    browser.wait_for("document.body.innerText.includes('Deal 4 of 19')", "deal 4 on the page")
    assert browser.evaluate(STANDINGS) == [["1st", "Anna", "36"], ["2nd", "=cmd|' /C calc'!A0", "34"],
                                           ["3rd", "<b>Ben</b>", "27"], ["4th", "[/]", "12"]]
    assert browser.evaluate("window.notReloaded") is True  # the script swapped the board in
    last = browser.evaluate("Array.from(document.querySelectorAll('.last tbody tr')).pop().innerText")
    assert last.split("\t") == ["3", "8", "[/]", "2/2 ✓ +12 36", "3/3 ✓ +13 27", "1/2 ✗ 0 12", "1/1 ✓ +11 34"]
    assert browser.evaluate("document.getElementById('link').textContent") == ""


def test_the_page_fits_a_phone_and_reads_from_across_a_room(board, browser):
    """Styles apply (the security policy lets the page's own style run): at 360 px nothing sticks out
    of the page, and on a 1920 px screen the totals are large."""
    url, _, _ = board
    browser.open(url)
    browser.wait_for("document.readyState === 'complete' && !!document.querySelector('.standings')", "the board")
    browser.call("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 2,
                                                        "mobile": True})
    browser.wait_for("window.innerWidth === 360", "the phone's width")
    assert browser.evaluate("document.documentElement.scrollWidth") <= 360
    assert browser.evaluate(TOTAL_SIZE) >= 20
    browser.call("Emulation.setDeviceMetricsOverride", {"width": 1920, "height": 1080, "deviceScaleFactor": 1,
                                                        "mobile": False})
    browser.wait_for("window.innerWidth === 1920", "the TV's width")
    assert browser.evaluate(TOTAL_SIZE) >= 40


def test_the_page_says_when_the_board_stops_answering(board, browser):
    """The server goes away: the last scores stay, and a line says the board is not answering."""
    url, _, server = board
    browser.open(url)
    browser.wait_for("document.readyState === 'complete' && !!document.querySelector('.standings')", "the board")
    server.shutdown()
    server.server_close()
    browser.wait_for("document.getElementById('link').textContent.includes('not answering')", "the message")
    assert browser.evaluate(STANDINGS)[0] == ["1st", "Anna", "24"]
