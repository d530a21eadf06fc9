"""The phone page's offline shell at a LAN address (Debian's chromium, Playwright): plain http
there is no secure context, so no worker; ``serve --cert/--key`` with a certificate the phone
trusts (a self-signed one made here; this browser is started trusting its key,
as a phone the table set up would) is one, and the kept page opens with the server gone.
A module of its own: the browser is started with a flag of this test."""

from __future__ import annotations

import socket

import pytest
from helpers.browser import CHROMIUM, FLAGS, needs_chromium
from helpers.certificates import self_signed, spki_hash
from helpers.phone import ServedTable

from scorekeeper.web.server import board_urls
from test_web_phone_shell_browser import DEADLINE, PHONE, SHELL_SAYS, shell_kept

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (the test extra)")
pytestmark = needs_chromium("check the phone page's offline shell over https in a real browser")


def _lan_address() -> str:
    """This computer's address on its network (skips without one)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # picks a route, sends nothing
            address = s.getsockname()[0]
    except OSError:
        address = ""
    if not address or address.startswith("127."):
        pytest.skip("this computer has no address on a network: a page at a LAN address cannot be opened")
    return address


def test_https_with_a_trusted_certificate_gives_a_lan_address_the_offline_shell_plain_http_does_not(tmp_path):
    """At this computer's LAN address: over plain http the page is no secure context and
    registers no worker; served with ``--cert``/``--key`` (a self-signed certificate made here,
    which this browser trusts as a phone the table set up would), the shell opens with the
    server gone."""
    address = _lan_address()
    cert, key = self_signed(tmp_path, "table", address)
    trusted = spki_hash(cert)
    from scorekeeper.web.tls import tls_context

    plain = ServedTable(tmp_path / "plain.db", host="0.0.0.0")
    secure = ServedTable(tmp_path / "secure.db", host="0.0.0.0", tls=tls_context(cert, key))
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM,
                                              args=FLAGS + [f"--ignore-certificate-errors-spki-list={trusted}"])
        try:
            plain.start()
            url = board_urls(plain.web)[0][0]
            assert url.startswith(f"http://{address}:")
            page = chromium.new_context(**PHONE).new_page()
            page.goto(url + "phone")
            page.wait_for_selector(f"body[data-game='{plain.game.id}']", timeout=DEADLINE)
            assert page.evaluate("window.isSecureContext") is False
            assert page.evaluate("'serviceWorker' in navigator") is False  # (no worker outside a secure context)

            secure.start()
            url = board_urls(secure.web)[0][0]
            assert url.startswith(f"https://{address}:")
            page = chromium.new_context(**PHONE).new_page()
            page.goto(url + "phone")
            page.wait_for_selector(f"body[data-game='{secure.game.id}']", timeout=DEADLINE)
            assert page.evaluate("window.isSecureContext") is True
            shell_kept(page)
            secure.stop()
            page.reload()
            page.locator("#view").get_by_text(SHELL_SAYS).wait_for(timeout=DEADLINE)
        finally:
            chromium.close()
            plain.close()
            secure.close()
