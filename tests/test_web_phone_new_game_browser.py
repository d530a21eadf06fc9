"""The phone's new-game page in a real browser (Debian's chromium driven by Playwright, a
phone's viewport with touch; skipped without them, as tests/test_web_phone_browser.py): the
table's own ruleset files listed beside the built-in games, the session chosen, and a Spades
game continued from paper started with its bags, a bad box refused in words first."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers.browser import chromium_browser, needs_chromium  # noqa: F401 (the browser fixture)
from helpers.phone import phone_server

from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (the test extra)")
pytestmark = needs_chromium("check the phone's new-game page in a real browser")

CODE = "join-code-for-tests"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DEADLINE = 20_000  # ms: a generous bound on each wait (never a timed assertion)
MOST = ('extends = "lupaus"\nid = "most"\nname = "Most"\ndescription = "Lupaus to the most cards. Each deal."\n')


@contextmanager
def new_game_page(browser, path):
    """A phone with the join code on the store at ``path``, its list of games open."""
    with phone_server(path, code=CODE) as (url, _):
        context = browser.new_context(**PHONE)
        try:
            page = context.new_page()
            page.goto(f"{url}/phone#join={CODE}")
            page.get_by_role("button", name="New game").tap()
            page.locator("button[data-ruleset='spades']").wait_for(timeout=DEADLINE)
            yield page
        finally:
            context.close()


def said(page, text: str) -> None:
    page.locator("#view").get_by_text(text).first.wait_for(timeout=DEADLINE)


def test_a_spades_game_continued_from_paper_is_started_with_its_bags(browser, tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    with new_game_page(browser, path) as page:
        page.locator("button[data-ruleset='spades']").tap()
        for seat, name in enumerate(["Anna", "Ben", "Cara", "Dan"], start=1):
            page.locator(f"#seat-{seat}").fill(name)
        page.locator("#dealer-0").tap()  # leaving the last name's box asks for the form again
        page.locator("#dealer-1").tap()
        sync_api.expect(page.locator("#dealer-1")).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
        assert page.locator("#carried-bags-0").count() == 0  # the form stays short
        page.locator("#carried-paper").tap()
        page.locator("#carried-bags-1").wait_for(timeout=DEADLINE)
        assert page.get_attribute("#carried-bags-0", "aria-label") == "Bags: Anna & Cara"
        assert page.get_attribute("#carried-bags-1", "placeholder") == "0"
        page.locator("#carried-bags-0").fill("8")
        page.locator("#carried-bags-1").fill("x")
        page.locator("#session-1").tap()  # a new session, not the Lupaus game's
        sync_api.expect(page.locator("#session-1")).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
        page.locator("#start").tap()
        said(page, "Bags of Ben & Dan must be a whole number from -10**12 to 10**12, not 'x'")
        assert page.locator("#carried-bags-0").input_value() == "8"  # nothing typed is lost
        page.locator("#carried-bags-1").fill("2")
        page.locator("#start").tap()
        page.wait_for_selector("body[data-game='2'] .box", timeout=DEADLINE)
        said(page, "Game 2 started: Spades.")
    with Store(path) as store:
        game = store.open_game(2).game
        assert store.current_session().id == 2
    assert game.start_carried == {"bags": (8, 2)}
    assert game.dealer_seat(1) == 1
    # bids 3 2 3 2, tricks 4 2 4 3: Anna & Cara's 2 bags make 10, which cost 100
    assert game.record({"bid": [3, 2, 3, 2], "tricks": [4, 2, 4, 3]}).totals == (-38, 41)


def test_the_tables_own_ruleset_file_is_listed_and_started(browser, tmp_path):
    folder = Path(os.environ["SCOREKEEPER_CONFIG"]).parent / "rulesets"
    folder.mkdir()
    (folder / "most.toml").write_text(MOST)
    path = tmp_path / "s.db"
    Store(path).close()
    with new_game_page(browser, path) as page:
        said(page, f"The table's own rulesets ({folder})")
        page.locator("button[data-ruleset='own:most']").tap()
        for seat, name in enumerate(["Anna", "Ben", "Cara"], start=1):
            page.locator(f"#seat-{seat}").fill(name)
        page.locator("#dealer-0").tap()
        page.locator("#dealer-1").tap()
        sync_api.expect(page.locator("#dealer-1")).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
        page.locator("#start").tap()
        page.wait_for_selector("body[data-game='1'] .box", timeout=DEADLINE)
        said(page, "Game 1 started: Most.")
    with Store(path) as store:
        stored = store.open_game(1)
    assert stored.ruleset_ref == os.path.realpath(folder / "most.toml")
