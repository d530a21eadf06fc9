"""A phone per player in a real browser (Debian's chromium driven by Playwright, a phone's viewport
with touch, as tests/test_web_phone_browser.py): three phones of a 3-player Lupaus deal, each
opened as its player, bid in turn, each taps its own tricks, and the stored deal is the one meant.

Anna, Ben, Cara; Anna deals deal 1 (10 cards) and Ben bids first:
    Ben 3, Cara 4 -> Anna's 3 is struck out on her phone; Anna bids 2;
    tricks Ben 3, Cara 5 -> Anna's 2 filled in by the rules; totals 12 13 0.
"""

from __future__ import annotations

import pytest
from helpers.browser import CHROMIUM, FLAGS, needs_chromium
from helpers.phone import phone_server

from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (the test extra)")
pytestmark = needs_chromium("check the phone page in a real browser")

CODE = "join-code-for-tests"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DEADLINE = 20_000  # ms: a generous bound on each wait (never a timed assertion)
ANNA_MAY_NOT = "3: Dealer Anna may not bid 3: the bids would total 10, the number of tricks"


@pytest.fixture
def table(tmp_path):
    store = Store(tmp_path / "s.db")
    stored = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    with phone_server(store.path, code=CODE) as (url, _):
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            yield url, store, stored, browser
            browser.close()
    store.close()


def open_as(browser, url: str, number: int, name: str):
    """A phone of its own (its own storage) with the join code, opened as player ``name``."""
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{url}/phone#join={CODE}")
    page.wait_for_selector("body[data-game='1'] .box", timeout=DEADLINE)
    page.locator("#choose-seat").tap()
    page.locator(f"#me-{number}").tap()
    page.locator("#seat-line", has_text=f"I am {name}").wait_for(timeout=DEADLINE)
    return page


def box(page, field: str, unit: int):
    return page.locator(f".box[data-field='{field}'][data-unit='{unit}']")


def tap(page, field: str, unit: int, value: str) -> None:
    box(page, field, unit).get_by_role("button", name=value, exact=True).tap()
    box(page, field, unit).locator("button.chosen", has_text=value).wait_for(timeout=DEADLINE)


def shows(page, field: str, unit: int, text: str) -> None:
    """Wait for a box to show a value (typed on another phone: pushed, never asked for)."""
    box(page, field, unit).locator(".value", has_text=text).wait_for(timeout=DEADLINE)


def turn(page, text: str) -> None:
    page.locator("#turn", has_text=text).wait_for(timeout=DEADLINE)


def test_three_phones_bid_in_turn_and_each_taps_its_own_tricks(table):
    url, store, stored, browser = table
    anna, ben, cara = (open_as(browser, url, n, name) for n, name in ((1, "Anna"), (2, "Ben"), (3, "Cara")))
    turn(cara, "Waiting for Ben's bid.")
    turn(ben, "Your turn: your bid.")
    assert box(cara, "bid", 3).get_by_role("button", name="4", exact=True).is_disabled()  # not her turn yet
    assert box(cara, "bid", 2).locator("button").count() == 0  # Ben's box: its value only
    tap(ben, "bid", 2, "3")
    shows(cara, "bid", 2, "3")
    turn(cara, "Your turn: your bid.")
    turn(anna, "Waiting for Cara's bid.")
    tap(cara, "bid", 3, "4")
    shows(anna, "bid", 3, "4")
    turn(anna, "Your turn: your bid.")
    refused = box(anna, "bid", 1).locator("button.refused")
    assert refused.all_inner_texts() == ["3"] and refused.is_disabled()
    assert box(anna, "bid", 1).locator(".reasons").inner_text() == ANNA_MAY_NOT
    assert box(ben, "tricks", 2).get_by_role("button", name="3", exact=True).is_disabled()  # once everyone bid
    tap(anna, "bid", 1, "2")
    shows(ben, "bid", 1, "2")
    tap(ben, "tricks", 2, "3")
    shows(cara, "tricks", 2, "3")
    tap(cara, "tricks", 3, "5")
    box(anna, "tricks", 1).get_by_text("2 (filled in by the rules)").wait_for(timeout=DEADLINE)
    assert store.open_game(stored.id).entries_saved == 0  # nothing stored before the confirm
    cara.locator("#confirm").tap()
    cara.locator("#view").get_by_text("Deal 1 saved.").first.wait_for(timeout=DEADLINE)
    for page in (anna, ben, cara):
        page.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
    game = store.open_game(stored.id).game
    assert len(game.deals) == 1
    assert (game.deals[0]["bid"], game.deals[0]["tricks"]) == ((2, 3, 4), (2, 3, 5))
    assert game.totals() == (12, 13, 0)
    turn(anna, "Waiting for Cara's bid.")  # deal 2: Ben deals, Cara bids first


def test_the_shared_phone_shows_the_bids_typed_on_the_players_phones_and_confirms_them(table):
    """The whole table's phone (no player chosen) beside Ben's and Cara's: their bids show on it as
    they are tapped (pushed, never asked for), Anna's 3 struck out there; it taps the rest and
    confirms the deal the players typed."""
    url, store, stored, browser = table
    shared = browser.new_context(**PHONE).new_page()
    shared.goto(f"{url}/phone#join={CODE}")
    shared.wait_for_selector("body[data-game='1'] .box", timeout=DEADLINE)
    ben, cara = open_as(browser, url, 2, "Ben"), open_as(browser, url, 3, "Cara")
    tap(ben, "bid", 2, "3")
    box(shared, "bid", 2).locator("button.chosen", has_text="3").wait_for(timeout=DEADLINE)
    tap(cara, "bid", 3, "4")
    box(shared, "bid", 3).locator("button.chosen", has_text="4").wait_for(timeout=DEADLINE)
    box(shared, "bid", 1).locator(".reasons", has_text=ANNA_MAY_NOT).wait_for(timeout=DEADLINE)
    assert box(shared, "bid", 1).locator("button.refused").all_inner_texts() == ["3"]
    for field, unit, value in (("bid", 1, "2"), ("tricks", 2, "3"), ("tricks", 3, "5")):
        tap(shared, field, unit, value)
    assert store.open_game(stored.id).entries_saved == 0
    shared.locator("#confirm").tap()
    shared.locator("#view").get_by_text("Deal 1 saved.").first.wait_for(timeout=DEADLINE)
    game = store.open_game(stored.id).game
    assert (game.deals[0]["bid"], game.deals[0]["tricks"]) == ((2, 3, 4), (2, 3, 5))
    assert game.totals() == (12, 13, 0)
    cara.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
