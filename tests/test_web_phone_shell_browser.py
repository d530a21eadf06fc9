"""The phone page's offline shell in a real browser (Debian's chromium, Playwright): at
127.0.0.1, a secure context, the page registers its service worker; with the server stopped a
reload opens the kept page, which says it is not connected and shows no scores, and comes
back to the current state by itself when the server is back; a new page replaces the kept one.
"""

from __future__ import annotations

import time

import pytest
from helpers.browser import chromium_browser, needs_chromium, wait_until  # noqa: F401 (the browser fixture)
from helpers.phone import CODE, ServedTable


sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (the test extra)")
pytestmark = needs_chromium("check the phone page's offline shell in a real browser")

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DEADLINE = 20_000  # ms: a generous bound on each wait (never a timed assertion)
SHELL_SAYS = "This page was kept on this phone for when the table cannot be reached"
OFFLINE = "Not connected to the table: trying again. Nothing typed is lost."


@pytest.fixture
def table(tmp_path):
    served = ServedTable(tmp_path / "s.db")
    yield served
    served.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE)
    yield context.new_page()
    context.close()


def shell_kept(page) -> list[str]:
    """Wait until the page is controlled by its service worker with its shell kept; the caches' names."""
    wait_until(page, "navigator.serviceWorker.controller !== null", DEADLINE)
    wait_until(page, "caches.keys().then(k => k.length === 1)", DEADLINE)
    return page.evaluate("caches.keys()")


def test_a_reload_with_the_server_gone_opens_the_kept_page_which_comes_back_by_itself(table, phone):
    url = table.start()
    phone.goto(f"{url}#join={CODE}")
    phone.wait_for_selector(f"body[data-game='{table.game.id}'] .box", timeout=DEADLINE)
    assert phone.evaluate("window.isSecureContext") is True
    shell_kept(phone)
    kept = phone.evaluate("(async () => { const c = await caches.open((await caches.keys())[0]);"
                          " return (await c.keys()).map(q => { const u = new URL(q.url); return u.pathname + u.search; }); })()")
    # the page in each language, its icon and manifest; never the table's answers
    assert sorted(kept) == sorted(["/phone", "/phone?lang=en", "/phone?lang=fi", "/phone?lang=pl",
                                   "/icon.svg", "/manifest.webmanifest"])

    table.stop()
    phone.reload()
    phone.locator("#view").get_by_text(SHELL_SAYS).wait_for(timeout=DEADLINE)
    sync_api.expect(phone.locator("#line")).to_have_text(OFFLINE, timeout=DEADLINE)
    # no game, no scores while the table cannot be reached
    assert phone.locator(".standings").count() == 0 and phone.locator(".box").count() == 0
    assert not phone.locator("body").get_attribute("data-game")

    table.game.record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})  # confirmed at the table meanwhile
    table.start()
    phone.wait_for_selector(f"body[data-game='{table.game.id}'][data-deal='2']", timeout=DEADLINE)
    rows = phone.eval_on_selector_all(".standings tr", "rows => rows.map(r => Array.from(r.cells, c => c.textContent))")
    assert rows[0] == ["1st", "Ben", "13"]
    sync_api.expect(phone.locator("#line")).to_have_text("", timeout=DEADLINE)


def test_a_new_page_replaces_the_kept_one(table, phone, monkeypatch):
    url = table.start()
    phone.goto(url)
    phone.wait_for_selector(f"body[data-game='{table.game.id}']", timeout=DEADLINE)
    first = shell_kept(phone)

    from scorekeeper.web import phone_app

    page = phone_app.phone_page
    monkeypatch.setattr(phone_app, "phone_page", lambda: page().replace("<body>", "<body>\n<p id=\"edition\">2</p>", 1))
    phone.reload()  # with the network: the new page, and the new shell installed beside it
    phone.wait_for_selector("#edition", timeout=DEADLINE)
    end = time.monotonic() + DEADLINE / 1000
    while (names := phone.evaluate("caches.keys()")) == first or len(names) != 1:
        assert time.monotonic() < end, f"the new shell did not replace the old one: {names}"
        time.sleep(0.1)

    table.stop()
    phone.reload()
    phone.locator("#view").get_by_text(SHELL_SAYS).wait_for(timeout=DEADLINE)
    assert phone.locator("#edition").text_content() == "2"

