"""The score board in the viewer's language: the browser's Accept-Language (en, fi, pl; else the
server's), or a choice made on the page, which the page keeps; the texts from the catalogs.

Lupaus, four players, as in tests/test_web_board.py (two deals played; deal 3 of 8 cards next).
"""

from __future__ import annotations

import http.client
import json

import pytest
from helpers.browser import CHROMIUM, FLAGS, needs_chromium
from test_web_board import D3, serving, table, until  # noqa: F401 (the fixture)

from scorekeeper.i18n import t, using_language


def get(port: int, path: str, headers: dict | None = None) -> tuple[int, dict, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode("utf-8")
    finally:
        conn.close()


def words(code: str, key: str) -> str:
    with using_language(code):
        return t(key)


@pytest.mark.parametrize("accept, code", [("fi-FI,fi;q=0.9,en;q=0.8", "fi"), ("de-DE,pl;q=0.5", "pl"),
                                          ("de-DE,de", "en"), (None, "en")])
def test_the_board_is_in_the_browsers_language(table, accept, code):
    store, _ = table
    with serving(store.path) as (_, port, _):
        status, _, page = get(port, "/", {"Accept-Language": accept} if accept else {})
        assert status == 200 and page.startswith(f'<!DOCTYPE html>\n<html lang="{code}">\n')
        assert f"<h2>{words(code, 'web.standings.title')}</h2>" in page
        assert f'<option value="{code}" lang="{code}" selected>' in page
        _, _, fragment = get(port, "/board.html", {"Accept-Language": accept} if accept else {})
        assert f"<h2>{words(code, 'web.standings.title')}</h2>" in fragment


def test_the_language_a_page_names_is_the_boards_and_one_not_ours_is_refused(table):
    store, _ = table
    with serving(store.path) as (_, port, _):
        _, _, fragment = get(port, "/board.html?lang=pl", {"Accept-Language": "fi"})
        assert "<h2>Klasyfikacja</h2>" in fragment
        fi, en = (json.loads(get(port, "/state.json", h)[2]) for h in ({"X-Language": "fi"}, {}))
        assert en["legend"].startswith("Each cell: ") and not fi["legend"].startswith("Each cell")
        assert {k: v for k, v in fi.items() if k not in ("legend", "status", "deal", "last_deals")} == {
            k: v for k, v in en.items() if k not in ("legend", "status", "deal", "last_deals")}
        status, _, said = get(port, "/?lang=de")
        assert (status, said) == (400, "unknown language 'de': choose one of en (English), fi (Suomi), pl (Polski)\n")


def test_the_boards_of_two_languages_follow_the_store_alike(table):
    """A deal recorded at the table is on the Finnish and the English board, each in its words."""
    store, game = table
    with serving(store.path) as (_, port, _):
        assert "Tilanne" in get(port, "/board.html", {"Accept-Language": "fi"})[2]
        game.record(D3)
        fi = until(lambda: (lambda h: h if h[1]["x-board-version"] == "1-3" else None)(
            get(port, "/board.html", {"Accept-Language": "fi"})), "the Finnish board after deal 3")
        assert "Tilanne" in fi[2] and "36" in fi[2]
        en = get(port, "/board.html")
        assert en[1]["x-board-version"] == "1-3" and "Standings" in en[2] and "36" in en[2]


@needs_chromium("check the board's language in a real browser")
def test_a_browser_in_finnish_gets_the_board_in_finnish_and_a_choice_of_polish_is_kept(table):
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    store, game = table
    with serving(store.path) as (_, port, _), sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_context(locale="fi-FI").new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        assert page.evaluate("document.documentElement.lang") == "fi"
        page.locator("h2", has_text="Tilanne").wait_for(timeout=20_000)
        page.select_option("#lang", "pl")
        page.wait_for_url("**/?lang=pl", timeout=20_000)
        page.locator("h2", has_text="Klasyfikacja").wait_for(timeout=20_000)
        game.record(D3)  # swapped in without a reload, in Polish
        page.locator(".standings td.total", has_text="36").wait_for(timeout=20_000)
        assert page.locator("h2", has_text="Klasyfikacja").count() == 1
        page.goto(f"http://127.0.0.1:{port}/")  # opened again: the choice is kept
        page.wait_for_url("**/?lang=pl", timeout=20_000)
        assert page.evaluate("document.documentElement.lang") == "pl"
        browser.close()
