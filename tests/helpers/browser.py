"""Debian's chromium for the tests that open a page in a real headless browser."""

from __future__ import annotations

import shutil

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# Headless, as root in a container, and quiet: no GPU, no sign-in, no updates, no traffic of its own.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def needs_chromium(to: str):
    """The skip mark of a test module that needs chromium ``to`` do something."""
    return pytest.mark.skipif(
        CHROMIUM is None, reason="chromium is not installed: run `apt-get install -y chromium` (Debian's package) "
                                 f"to {to}")


@pytest.fixture(scope="module", name="browser")
def chromium_browser():
    """Debian's chromium, headless, driven by Playwright (its own browsers never downloaded):
    a test module's ``browser`` fixture once imported (``from helpers.browser import
    chromium_browser``)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (the test extra)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


def wait_until(page, expression: str, timeout: float) -> None:
    """Wait until ``expression`` (a promise's value counts) is true in ``page``, looking every
    50 ms for ``timeout`` ms. Not Playwright's wait_for_function: it runs the expression through
    the page's eval, which the pages' Content-Security-Policy refuses (no 'unsafe-eval'), as it
    should; page.evaluate does not go through the page's eval."""
    import time

    end = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > end:
            raise AssertionError(f"not true after {timeout / 1000:g} s in the page: {expression}")
        page.wait_for_timeout(50)
