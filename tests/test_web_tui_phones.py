"""The terminal app's phones key (ctrl+n on the play screen, Pilot): it starts the phone server for
the app's own store in the app's process and shows the address, its QR code and the join code; a
phone writing through it reaches the app's screen; the server stops with the app.

Lupaus, three players Anna, Ben, Cara; Anna deals deal 1 (10 cards), Ben bids first.
"""

from __future__ import annotations

import http.client
import json
import random
from functools import partial

import pytest

from helpers.stores import Script, store_with
from helpers.tui import flat, play_screen, run, screen_text, settle
from test_web_announce import multicast  # noqa: F401 (a fixture)

pytest.importorskip("textual")

from scorekeeper.tui.screens.phones import PhonesDialog, qr_text  # noqa: E402
from scorekeeper.web.serving import Serving, serve_in_background  # noqa: E402

SIZE = (80, 24)
DEAL_1 = [["bid", 1, 2], ["bid", 2, 3], ["bid", 3, 4], ["tricks", 2, 3], ["tricks", 3, 5]]


def app_on(path, phones):
    from scorekeeper.tui.app import ScorekeeperApp

    return ScorekeeperApp(path, rng=random.Random(7), phones=phones)


def request(url: str, method: str = "GET", path: str = "/api/view", body=None, code: str | None = None):
    host, port = url.removeprefix("http://").split("/")[0].rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    headers = {"Content-Type": "application/json"}
    if code:
        headers["X-Join-Code"] = code
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = conn.getresponse()
    answer = response.status, json.loads(response.read() or b"null")
    conn.close()
    return answer


async def _until(pilot, holds, tries: int = 100) -> bool:
    import asyncio

    for _ in range(tries):
        if holds():
            return True
        await asyncio.sleep(0.05)
        await pilot.pause()
    return holds()


def test_the_phones_key_serves_the_apps_store_and_a_phones_deal_reaches_the_screen(tmp_path):
    db = store_with(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"], []))
    started = []

    def phones(path):
        serving = serve_in_background(path, host="127.0.0.1", port=0)  # (this computer only, in a test)
        started.append(serving)
        return serving

    async def whole():
        app = app_on(db.path, phones)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("enter")  # the game, from the start screen
            await settle(pilot)
            await pilot.press("ctrl+n")
            await settle(pilot)
            assert isinstance(app.screen, PhonesDialog) and len(started) == 1
            serving = started[0]
            text = flat(screen_text(app))
            assert f"Join code: {serving.code}" in text
            assert "No network address found" in text and serving.local[0] in text
            import asyncio

            status, view = await asyncio.to_thread(request, serving.local[0])
            assert status == 200 and view["game"]["id"] == 1 and view["deal"]["number"] == 1
            seen = {"game": 1, "seq": view["seq"], "deal": 1}
            status, answer = await asyncio.to_thread(request, serving.local[0], "POST", "/api/confirm",
                                                     {"seen": seen, "typed": DEAL_1}, serving.code)
            assert status == 200, answer
            await pilot.press("escape")  # the dialog closes; the play screen follows the store
            assert await _until(pilot, lambda: len(play_screen(app).game.deals) == 1)
            assert play_screen(app).game.totals() == (12, 13, 0)
            await pilot.press("ctrl+n")  # again: the same server, not a second one
            await settle(pilot)  # (the dialog waits for the play screen's work after the phone's deal)
            assert await _until(pilot, lambda: isinstance(app.screen, PhonesDialog)
                                and serving.local[0] in flat(screen_text(app)))
            assert len(started) == 1
        with pytest.raises(OSError):  # the app closed: so did its server
            request(serving.local[0])

    run(whole())


def test_on_the_network_the_dialog_shows_the_addresss_qr_code(tmp_path):
    """A phone server with an address for other devices: the address and its QR code (segno's
    text blocks, drawn light on dark whatever the theme); the app stops it as it closes."""
    db = store_with(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"], []))
    url = "http://192.0.2.7:8765/phone#join=Abcdefghijkl"
    stopped = []

    def phones(path):
        return Serving((url,), ("http://127.0.0.1:8765/phone#join=Abcdefghijkl",), "Abcdefghijkl", None,
                       partial(stopped.append, path))  # (nothing listens: the dialog is what is checked)

    async def go():
        app = app_on(db.path, phones)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("enter", "ctrl+n")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, PhonesDialog)
            qr = str(dialog.query_one("#phones-qr").render())
            assert qr == qr_text(url)
            lines = qr.splitlines()
            assert len(lines) == 16 and {len(line) for line in lines} == {31}  # 29 modules, a border of 1, 2 a line
            assert set(qr) <= set("█▀▄ \n")
            text = screen_text(app)
            assert "Join code: Abcdefghijkl" in text and "http://192.0.2.7:8765/" in text  # beside the QR code
            assert str(dialog.query_one("#phones-url").render()) == url
            assert all(line in text for line in lines)  # the whole code is on the 80 x 24 screen
            assert stopped == []
        assert [str(p) for p in stopped] == [str(db.path)]  # stopped once, as the app closed

    run(go())


def test_a_server_that_cannot_start_is_said_and_nothing_runs(tmp_path):
    from scorekeeper.web.server import BoardError

    db = store_with(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"], []))

    def phones(path):
        raise BoardError("port 8765 of 0.0.0.0 is in use")

    async def go():
        app = app_on(db.path, phones)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("enter", "ctrl+n")
            await settle(pilot)
            assert "The phone page could not start: port 8765 of 0.0.0.0 is in use" in flat(screen_text(app))
            assert app.serving is None

    run(go())


def test_without_a_way_to_serve_the_key_is_not_offered(tmp_path):
    """Started without one (as the tests' app is), the play screen neither shows nor takes the key."""
    db = store_with(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"], []))

    async def go():
        app = app_on(db.path, None)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("enter", "ctrl+n")
            await settle(pilot)
            assert not isinstance(app.screen, PhonesDialog)
            assert "Phones" not in screen_text(app)

    run(go())


def test_the_command_line_hands_the_app_its_phone_server(monkeypatch):
    """``scorekeeper`` starts the app with the way to serve its store to phones (the app does not
    import the web package: the command line, above both, joins them)."""
    import sys
    import types

    from scorekeeper import cli

    given = []
    fake = types.ModuleType("scorekeeper.tui.app")
    fake.run = lambda db_path=None, ruleset=None, game=None, phones=None: given.append(phones) or 0
    monkeypatch.setitem(sys.modules, "scorekeeper.tui.app", fake)
    assert cli.main(["--db", "/tmp/x.db"]) == 0 and cli.main(["play", "wizard"]) == 0
    assert [p.__module__ + "." + p.__name__ for p in given] == ["scorekeeper.cli._serve_phones"] * 2


def test_the_phone_page_started_from_the_app_is_announced_by_name_and_the_dialog_says_it(tmp_path, multicast,
                                                                                         monkeypatch):
    """ctrl+n with an address on the network: the page is announced by name as ``serve --lan``
    announces it, and the dialog shows the name once the network was asked (a name of this
    test's own: another run of the tests may hold scorekeeper.local on this machine's network)."""
    from scorekeeper.web import announce
    from test_web_announce import own_names

    names = own_names()
    monkeypatch.setattr(announce, "ANNOUNCED_NAMES", names)
    db = store_with(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"], []))
    started = []

    def phones(path):
        serving = serve_in_background(path, port=0)  # every address, as the app serves it
        started.append(serving)
        return serving

    async def go():
        app = app_on(db.path, phones)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("enter", "ctrl+n")
            await settle(pilot)
            serving = started[0]
            if not serving.remote:
                pytest.skip("this computer has no address on a network: nothing is announced")
            port = serving.remote[0].split(":")[2].split("/")[0]
            said = f"By name, on most phones of this network: http://{names[0]}:{port}/phone#join={serving.code}"
            dialog = app.screen
            assert await _until(pilot, lambda: str(dialog.query_one("#phones-name").render()) == said, tries=400)
            shown = dialog.query_one("#phones-name").region  # on the 80 x 24 screen, not scrolled out of it
            assert shown.height >= 2 and shown.bottom <= SIZE[1] and "By name, on most phones" in screen_text(app)
            assert serving.announced.info.server == names[0] + "."

    run(go())
