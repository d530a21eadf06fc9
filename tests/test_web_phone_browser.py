"""The phone page in a real browser: Debian's chromium driven by Playwright (its own browsers are
never downloaded: ``executable_path``), a phone's viewport (390 x 844) with touch. Skipped when
chromium or Playwright is missing, like tests/test_web_browser.py.

One server for the module (``scorekeeper serve``'s, in this process); each test starts a new
Lupaus game through the table's own store (another writer, as the TUI is), and the server
follows the table to it. Anna, Ben, Cara; Anna deals deal 1 (10 cards) and Ben bids first:
    bids Ben 3, Cara 4 -> Anna may not bid 3; Anna bids 2;
    tricks Ben 3, Cara 5 -> Anna's 2 filled in by the rules; totals 12 13 0.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
import time

import pytest
from helpers.browser import chromium_browser, needs_chromium, wait_until  # noqa: F401 (the browser fixture)
from helpers.phone import phone_server

from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.web.server import BoardFeed, board_server
from scorekeeper.web.table import Table

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (the test extra)")
pytestmark = needs_chromium("check the phone page in a real browser")

CODE = "join-code-for-tests"
NAMES = ["Anna", "Ben", "Cara"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
ANNA_MAY_NOT = "3: Dealer Anna may not bid 3: the bids would total 10, the number of tricks"
DEADLINE = 20_000  # ms: a generous bound on each wait (never a timed assertion)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The table's store (kept open, as the TUI keeps it) and a server with the phone page."""
    path = tmp_path_factory.mktemp("phone") / "s.db"
    store = Store(path)
    store.new_game(load_ruleset("lupaus"), "lupaus", NAMES)
    with phone_server(path, code=CODE) as (url, feed):
        yield url, store, feed
    store.close()


@pytest.fixture
def game(server):
    """A new game, which the server follows to (its id shows on the pages)."""
    url, store, feed = server
    stored = store.new_game(load_ruleset("lupaus"), "lupaus", NAMES)
    end = time.monotonic() + 20
    while feed.game_id != stored.id:
        assert time.monotonic() < end, "the server did not follow the table to the new game"
        time.sleep(0.05)
    return url, stored


@pytest.fixture
def phone(browser):
    """A new phone (a browser context of its own: its own storage)."""
    contexts = []

    def open_phone(url: str, game_id: int, **more):
        context = browser.new_context(**PHONE, **more)
        contexts.append(context)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(f"body[data-game='{game_id}'] .box", timeout=DEADLINE)
        return page

    yield open_phone
    for context in contexts:
        context.close()


def box(page, field: str, unit: int):
    return page.locator(f".box[data-field='{field}'][data-unit='{unit}']")


def tap(page, field: str, unit: int, value: str) -> None:
    """Tap a value of a box and wait for the server's view that holds it."""
    box(page, field, unit).get_by_role("button", name=value, exact=True).tap()
    box(page, field, unit).locator("button.chosen", has_text=value).wait_for(timeout=DEADLINE)


def standings(page) -> list[list[str]]:
    return page.eval_on_selector_all(".standings tr", "rows => rows.map(r => Array.from(r.cells, c => c.textContent))")


def said(page, text: str) -> None:
    """Wait for a sentence shown on the page (its copy for screen readers aside)."""
    page.locator("#view").get_by_text(text).first.wait_for(timeout=DEADLINE)


def test_a_whole_lupaus_deal_by_taps_with_the_dealers_bid_refused(game, phone):
    """Bids and tricks tapped; Anna's 3 is struck out with the reason before anyone taps it, and
    cannot be tapped; her tricks are filled in; confirm records the deal in the store."""
    url, stored = game
    page = phone(f"{url}/phone#join={CODE}", stored.id)
    assert page.evaluate("location.hash") == ""  # the code is not left in the address bar
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sticks out of the phone
    tap(page, "bid", 2, "3")
    tap(page, "bid", 3, "4")
    assert box(page, "bid", 1).locator("button.refused").all_inner_texts() == ["3"]
    assert box(page, "bid", 1).locator("button.refused").is_disabled()
    assert box(page, "bid", 1).locator(".reasons").inner_text() == ANNA_MAY_NOT
    assert "dealer" in box(page, "bid", 1).locator(".who").inner_text()
    sizes = page.eval_on_selector_all(".box button", "bs => bs.map(b => [b.offsetWidth, b.offsetHeight])")
    assert min(min(w, h) for w, h in sizes) >= 44  # touch targets
    tap(page, "bid", 1, "2")
    focused = page.evaluate("[document.activeElement.textContent, "
                            "document.activeElement.closest('.box').dataset.field]")
    assert focused == ["2", "bid"]  # the view drawn anew keeps the focus on the value tapped
    tap(page, "tricks", 2, "3")
    tap(page, "tricks", 3, "5")
    box(page, "tricks", 1).get_by_text("2 (filled in by the rules)").wait_for(timeout=DEADLINE)
    page.get_by_text("Tricks: 10 of 10 · all taken").wait_for(timeout=DEADLINE)
    page.locator("#confirm").tap()
    said(page, "Deal 1 saved.")
    page.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
    assert page.locator("#news").inner_text() == "Deal 1 saved."  # read out by a screen reader, once
    assert page.get_attribute("#news", "role") == "status"
    assert standings(page) == [["1st", "Ben", "13"], ["2nd", "Anna", "12"], ["3rd", "Cara", "0"]]
    assert stored.store.open_game(stored.id).game.totals() == (12, 13, 0)


def test_undo_takes_back_a_tap_then_the_deal(game, phone):
    """Undo: first the last tap (the page's typing), then, with nothing typed, the deal confirmed
    last, whose entries come back into the boxes."""
    url, stored = game
    stored.record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
    page = phone(f"{url}/phone#join={CODE}", stored.id)
    page.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
    tap(page, "bid", 3, "1")
    page.locator("#undo").tap()
    sync_api.expect(page.locator(".box button.chosen")).to_have_count(0, timeout=DEADLINE)
    assert stored.store.open_game(stored.id).entries_saved == 1
    page.locator("#undo").tap()
    said(page, "Deal 1 is undone; its entries are back in the boxes.")
    page.wait_for_selector("body[data-deal='1']", timeout=DEADLINE)
    assert box(page, "bid", 2).locator("button.chosen").inner_text() == "3"
    assert stored.store.open_game(stored.id).game.totals() == (0, 0, 0)
    page.locator("#redo").tap()
    said(page, "Deal 1 is back.")
    assert stored.store.open_game(stored.id).game.totals() == (12, 13, 0)


def test_undo_on_a_phone_takes_back_its_own_tap_but_never_another_phones(game, phone):
    """Deal 1 recorded; the first phone bids Cara's 1, the second Anna's 2. The second's Undo
    takes back its 2; its Undo again leaves the first phone's 1 (and deal 1) where they are, and
    says who typed which box."""
    url, stored = game
    stored.record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
    first = phone(f"{url}/phone#join={CODE}", stored.id)
    second = phone(f"{url}/phone#join={CODE}", stored.id)
    for page in (first, second):
        page.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
    tap(first, "bid", 3, "1")
    box(second, "bid", 3).locator("button.chosen", has_text="1").wait_for(timeout=DEADLINE)
    tap(second, "bid", 1, "2")
    second.locator("#undo").tap()
    sync_api.expect(box(second, "bid", 1).locator("button.chosen")).to_have_count(0, timeout=DEADLINE)
    second.locator("#undo").tap()
    said(second, "Nothing taken back: the boxes of deal 2 hold what other devices typed (The shared phone: "
                 "Cara · Bid). Undo takes back only this phone's own taps; the last deal is taken back once the "
                 "boxes are empty.")
    assert box(second, "bid", 3).locator("button.chosen").inner_text() == "1"
    assert stored.store.open_game(stored.id).draft == {"bid": ["", "", 1]}
    assert stored.store.open_game(stored.id).entries_saved == 1


def test_a_past_deal_is_corrected_by_taps(game, phone):
    """Deal 1 chosen from the list of deals comes back into the boxes; Ben's and Cara's tricks
    tapped to 4 and 4 (Anna's 2 filled in again); confirm: 12 0 14, and the page is on deal 2."""
    url, stored = game
    stored.record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
    page = phone(f"{url}/phone#join={CODE}", stored.id)
    page.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
    page.get_by_role("button", name="Correct a deal").tap()
    page.locator(".deal-row[data-deal='1']").tap()
    said(page, "Correcting deal 1: change its boxes, then Confirm.")
    page.wait_for_selector("body[data-deal='1']", timeout=DEADLINE)
    assert box(page, "tricks", 3).locator("button.chosen").inner_text() == "5"
    tap(page, "tricks", 2, "4")
    tap(page, "tricks", 3, "4")
    box(page, "tricks", 1).get_by_text("2 (filled in by the rules)").wait_for(timeout=DEADLINE)
    page.locator("#confirm").tap()
    said(page, "Deal 1 changed; the totals after it are recomputed.")
    page.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
    assert standings(page) == [["1st", "Cara", "14"], ["2nd", "Anna", "12"], ["3rd", "Ben", "0"]]
    assert stored.store.open_game(stored.id).game.totals() == (12, 0, 14)


def test_a_phone_set_to_more_contrast_gets_black_on_white_and_outlines(game, phone):
    url, stored = game
    page = phone(f"{url}/phone#join={CODE}", stored.id, contrast="more", color_scheme="light")
    tap(page, "bid", 2, "3")
    colours = page.evaluate("[getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor]")
    assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]
    # Not colour alone: the chosen value has an outline. The page may draw the box again when
    # the server's next view comes (a detached button's computed style is empty), so the style
    # is read from the button on show at each look until it is solid.
    page.wait_for_function(
        "sel => { const b = document.querySelector(sel);"
        " return b !== null && getComputedStyle(b).outlineStyle === 'solid'; }",
        arg=".box[data-field='bid'][data-unit='2'] button.chosen",
        timeout=DEADLINE,
    )


def test_a_number_is_typed_on_the_number_pad(server, phone):
    """WYSIWYG's points are a number too large to list: the box has a pad; 1, 5, then OK."""
    url, store, feed = server
    stored = store.new_game(load_ruleset("wysiwyg"), "wysiwyg", ["Aino", "Bertta"])
    end = time.monotonic() + 20
    while feed.game_id != stored.id:
        assert time.monotonic() < end, "the server did not follow the table to the new game"
        time.sleep(0.05)
    page = phone(f"{url}/phone#join={CODE}", stored.id)
    points = page.locator(".box[data-field='points']")
    for key in ("1", "5", "OK"):
        points.get_by_role("button", name=key, exact=True).tap()
    points.locator(".value").get_by_text("15").wait_for(timeout=DEADLINE)
    assert points.locator("output").inner_text() == ""  # the pad is ready for another number


def test_a_page_without_the_join_code_is_read_only_and_its_writes_are_refused(game, phone):
    url, stored = game
    page = phone(f"{url}/phone", stored.id)
    said(page, "Read-only. To keep the score from this phone")
    assert page.locator("#confirm").is_disabled()
    assert page.eval_on_selector_all(".box button", "bs => bs.every(b => b.disabled)") is True
    answer = page.evaluate("""fetch('/api/confirm', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                  body: JSON.stringify({typed: []})})
                              .then(r => r.json().then(d => [r.status, d.problem]))""")
    assert answer == [403, "This page is read-only: changing the score needs the table's join code (shown where "
                           "scorekeeper serve runs)."]
    page.get_by_label("Join code").fill("not the code")
    page.get_by_role("button", name="Join").tap()
    said(page, "That is not the table's join code.")
    page.get_by_label("Join code").fill(CODE)
    page.get_by_role("button", name="Join").tap()
    sync_api.expect(page.locator("#confirm")).to_be_enabled(timeout=DEADLINE)
    assert stored.store.open_game(stored.id).entries_saved == 0


def test_a_deal_confirmed_by_another_writer_appears_without_a_reload(game, phone):
    """The table (another writer to the store) confirms deal 1: the open page shows deal 2 and the
    new standings by itself, pushed by the server."""
    url, stored = game
    page = phone(f"{url}/phone#join={CODE}", stored.id)
    page.evaluate("window.notReloaded = true")
    stored.record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
    page.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
    assert standings(page) == [["1st", "Ben", "13"], ["2nd", "Anna", "12"], ["3rd", "Cara", "0"]]
    assert page.evaluate("window.notReloaded") is True


def test_two_shared_phones_type_one_deal_and_each_sees_the_others_taps_before_it_is_confirmed(game, phone):
    """Two phones keeping the whole table's score type the same deal: what one taps is the table's
    one draft (in the store), shown on the other before anyone confirms; the second taps the rest
    over it and confirms: deal 1 is the taps of both, and both pages are on deal 2. (Two devices
    confirming the same deal at once: tests/test_web_phone.py, the second is told.)"""
    url, stored = game
    first = phone(f"{url}/phone#join={CODE}", stored.id)
    second = phone(f"{url}/phone#join={CODE}", stored.id)
    tap(first, "bid", 2, "3")
    tap(first, "bid", 3, "4")
    for seat, value in ((2, "3"), (3, "4")):
        box(second, "bid", seat).locator("button.chosen", has_text=value).wait_for(timeout=DEADLINE)
    assert stored.store.open_game(stored.id).draft == {"bid": ["", 3, 4]}
    tap(second, "bid", 1, "2")
    box(first, "bid", 1).locator("button.chosen", has_text="2").wait_for(timeout=DEADLINE)
    tap(second, "tricks", 2, "3")
    tap(second, "tricks", 3, "5")
    second.locator("#confirm").tap()
    said(second, "Deal 1 saved.")
    first.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
    assert standings(first) == [["1st", "Ben", "13"], ["2nd", "Anna", "12"], ["3rd", "Cara", "0"]]
    assert first.eval_on_selector_all(".box button.chosen", "bs => bs.length") == 0  # nothing carried to deal 2
    assert stored.store.open_game(stored.id).game.totals() == (12, 13, 0)


def test_a_page_comes_back_by_itself_after_the_server_restarts(tmp_path, phone):
    """The server stops (the page says it is not connected, and keeps what it shows) and starts
    again on the same port; a deal confirmed at the table meanwhile is on the page by itself."""
    store = Store(tmp_path / "s.db")
    stored = store.new_game(load_ruleset("lupaus"), "lupaus", NAMES)
    feed = BoardFeed(store.path, poll=0.2)
    feed.start()
    table = Table(store.path, feed)
    table.start()

    def start(port: int):
        web = board_server(feed, "127.0.0.1", port, table=table, join_code=CODE)
        thread = threading.Thread(target=web.serve_forever, daemon=True)
        thread.start()
        return web, thread

    web, thread = start(0)
    port = web.server_address[1]
    try:
        page = phone(f"http://127.0.0.1:{port}/phone#join={CODE}", stored.id)
        web.shutdown()
        thread.join(timeout=10)
        page.get_by_text("Not connected to the table: trying again.").wait_for(timeout=DEADLINE)
        assert page.locator("body[data-deal='1'] .box").count() > 0  # what it showed stays
        stored.record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
        web, thread = start(port)
        page.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
        assert standings(page)[0] == ["1st", "Ben", "13"]
        sync_api.expect(page.locator("#line")).to_have_text("", timeout=DEADLINE)
    finally:
        web.shutdown()
        thread.join(timeout=10)
        table.close()
        feed.stop()
        store.close()


def test_a_game_is_started_from_a_phone(game, phone):
    """New game: Lupaus chosen, three seats typed (a name that looks like markup kept as text),
    a house rule, the first dealer and starting scores tapped; too few players refused first in
    the TUI's words. The game is stored as set up and the page goes to it."""
    url, stored = game
    page = phone(f"{url}/phone#join={CODE}", stored.id)
    page.get_by_role("button", name="New game").tap()
    page.locator("button[data-ruleset='lupaus']").tap()
    page.locator("#seat-1").wait_for(timeout=DEADLINE)
    page.locator("#seat-1").fill("[/]")
    page.locator("#seat-2").tap()
    page.locator("#seat-2").fill("<b>Ben</b>")
    page.locator("#start").tap()
    said(page, "The game cannot start yet: Lupaus needs at least 3 players; 2 are named")
    page.locator("#seat-3").fill("Cara")
    page.locator("#new-scores").tap()  # leaving a box asks the server for the form again
    page.locator("#dealer-2").wait_for(timeout=DEADLINE)
    page.locator("#dealer-2").tap()
    sync_api.expect(page.locator("#dealer-2")).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
    page.locator("#new-scores").fill("5 0 -5")
    page.get_by_role("button", name="1 per trick taken, +10 when exact").tap()
    sync_api.expect(page.get_by_role("button", name="1 per trick taken, +10 when exact")).to_have_attribute(
        "aria-pressed", "true", timeout=DEADLINE)
    page.locator("#start").tap()
    page.wait_for_selector(f"body[data-game='{stored.id + 1}'] .box", timeout=DEADLINE)
    said(page, f"Game {stored.id + 1} started: Lupaus.")
    new = stored.store.open_game(stored.id + 1)
    assert new.game.players == ("[/]", "<b>Ben</b>", "Cara")
    assert new.game.options["scoring"] == "tricks-plus-ten"
    assert new.game.totals() == (5, 0, -5)
    assert page.locator(".panel").get_by_text("<b>Ben</b>").count() >= 1  # the dealer, shown as text
    assert standings(page)[0][1:] == ["[/]", "5"]


def test_the_score_chart_and_its_table(game, phone):
    """Two deals: the chart is drawn by the server (an image of this server's own) with every
    total in its text alternative, and the totals after each deal are a table."""
    url, stored = game
    stored.record({"bid": [2, 3, 4], "tricks": [2, 3, 5]})
    stored.record({"bid": [1, 2, 3], "tricks": [1, 3, 5]})
    page = phone(f"{url}/phone", stored.id)  # read-only: the chart is there without the code
    page.get_by_role("button", name="Score chart").tap()
    page.locator(".chart table tbody tr").nth(1).wait_for(timeout=DEADLINE)
    rows = page.eval_on_selector_all(".chart tr", "rows => rows.map(r => Array.from(r.cells, c => c.textContent))")
    assert rows == [["Deal", "Anna", "Ben", "Cara"], ["1", "12", "13", "0"], ["2", "23", "13", "0"]]
    image = page.locator(".chart img")
    image.evaluate("i => i.decode()")  # loaded and drawn: this server's own SVG
    assert image.evaluate("i => i.naturalWidth") == 360
    assert image.get_attribute("alt") == "Score chart: Anna 23, Ben 13, Cara 0"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_players_and_deals_are_changed_from_a_phone(game, phone):
    """A seat that would leave two players is refused in the TUI's words; Dan joins after Anna
    with 5; the next deal is skipped from the plan; every change is in the store."""
    url, stored = game
    page = phone(f"{url}/phone#join={CODE}", stored.id)
    page.get_by_role("button", name="Players and deals").tap()
    page.locator("#seat-2").tap()
    said(page, "Players not changed: cannot let Ben sit out: Lupaus is played by 3 to 7 players, not 2")
    page.locator("#join-0").fill("Dan")
    page.locator("#join-1").fill("5")
    page.locator("#join-2").fill("anna")
    page.locator("#join-player").tap()
    said(page, "Dan joins with 5 from deal 1.")
    assert stored.store.open_game(stored.id).game.players == ("Anna", "Ben", "Cara", "Dan")
    page.get_by_role("button", name="Players and deals").tap()
    sync_api.expect(page.locator("#seat-2")).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
    page.locator("#seat-2").tap()
    said(page, "Ben sits out from deal 1.")
    page.get_by_role("button", name="Players and deals").tap()
    page.locator("#op-skip").tap()
    sync_api.expect(page.locator("#save-plan")).to_be_enabled(timeout=DEADLINE)
    page.locator("#save-plan").tap()
    page.wait_for_selector("body[data-seq='3']", timeout=DEADLINE)
    game_now = stored.store.open_game(stored.id).game
    assert [a.kind for a in game_now.history] == ["join", "out", "plan"]
    assert (game_now.lineup().seating, game_now.lineup().seats) == ((1, 4, 2, 3), (1, 4, 3))
    assert game_now.setup_for().plan == (9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


@contextmanager
def lupaus_form_of_an_empty_store(browser, tmp_path, first_said: str | None = None):
    """A phone with the join code on a store without games, the new-game form of Lupaus open
    (after checking what the page says first, when given)."""
    path = tmp_path / "empty.db"
    Store(path).close()
    with phone_server(path, code=CODE) as (url, _):
        context = browser.new_context(**PHONE)
        try:
            page = context.new_page()
            page.goto(f"{url}/phone#join={CODE}")
            if first_said is not None:
                said(page, first_said)
            page.get_by_role("button", name="New game").tap()
            page.locator("button[data-ruleset='lupaus']").tap()
            yield page
        finally:
            context.close()


def test_the_first_game_of_an_empty_store_is_started_from_a_phone(browser, tmp_path):
    """A store without games: the page says so and offers New game; the game started is shown."""
    with lupaus_form_of_an_empty_store(browser, tmp_path, "No game yet: start one with New game (it needs the "
                                                          "join code), or in the app.") as page:
        for seat, name in enumerate(NAMES, start=1):
            page.locator(f"#seat-{seat}").fill(name)
        page.locator("#dealer-0").tap()  # leaving the last name's box asks for the form again
        page.locator("#dealer-1").tap()
        sync_api.expect(page.locator("#dealer-1")).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
        page.locator("#start").tap()
        page.wait_for_selector("body[data-game='1'] .box", timeout=DEADLINE)
        said(page, "Game 1 started: Lupaus.")


def test_a_name_being_typed_keeps_its_box_when_the_form_is_drawn_again(browser, tmp_path):
    """A store without games, the new-game form: the form the server answers for the name just
    left is drawn while the next name is being typed; the box being typed in keeps the focus, so
    no letter typed after it is lost (it lost the focus, and a slow answer lost a player's name)."""
    with lupaus_form_of_an_empty_store(browser, tmp_path) as page:
        page.locator("#seat-1").fill("Anna")
        with page.expect_response(lambda r: r.url.endswith("/api/new/form")):
            page.locator("#seat-2").focus()  # Anna's box left: the form is asked for again
        wait_until(page, "document.querySelector('#seat-1').value === 'Anna'", DEADLINE)
        assert page.evaluate("document.activeElement && document.activeElement.id") == "seat-2"
        page.keyboard.type("Ben")
        assert page.locator("#seat-2").input_value() == "Ben"


def test_two_phones_each_in_its_own_language(game, phone):
    """A phone set to Finnish opens the page in Finnish (its Accept-Language); another picks Polish
    from the page's list, which it keeps (a page opened again is in Polish); each gets the rules' reasons in its own."""
    url, stored = game
    fi = phone(f"{url}/phone#join={CODE}", stored.id, locale="fi-FI")
    pl = phone(f"{url}/phone#join={CODE}", stored.id, locale="en-US")
    assert fi.locator("#confirm").inner_text() == "Vahvista"
    assert pl.locator("#confirm").inner_text() == "Confirm"
    pl.select_option("#lang", "pl")
    pl.wait_for_selector("html[lang='pl'] body[data-game] .box", timeout=DEADLINE)
    pl.goto(f"{url}/phone")  # the address without the language: the phone remembers it
    pl.wait_for_selector(f"body[data-game='{stored.id}'] .box", timeout=DEADLINE)
    assert pl.evaluate("document.documentElement.lang") == "pl"
    assert pl.locator("#confirm").inner_text() == "Zatwierdź"
    tap(fi, "bid", 2, "3")
    tap(fi, "bid", 3, "4")  # the table's one draft: the Polish phone shows the same bids
    box(pl, "bid", 3).locator("button.chosen", has_text="4").wait_for(timeout=DEADLINE)
    assert box(fi, "bid", 1).locator(".reasons").inner_text() == (
        "3: Jakaja Anna ei saa luvata 3: lupausten summa olisi 10, sama kuin tikkien määrä")
    assert box(pl, "bid", 1).locator(".reasons").inner_text() == (
        "3: Anna rozdaje i nie może zadeklarować 3: suma deklaracji wyniosłaby 10, tyle, ile jest lew")
    assert fi.evaluate("document.documentElement.lang") == "fi"


def test_two_phones_confirm_the_same_deal_and_the_one_that_missed_the_update_is_told(game, phone):
    """The second phone types deal 1 (the first sees its taps: one draft); then it misses the
    server's news (its asks for the game as it is now fail, as on a phone whose Wi-Fi blinked),
    and the first confirms. The second's Confirm is told plainly that the other was first and
    shows what was stored (deal 2 next, the totals), with what it typed listed to check
    against; the deal is recorded once."""
    url, stored = game
    first = phone(f"{url}/phone#join={CODE}", stored.id)
    second = phone(f"{url}/phone#join={CODE}", stored.id)
    for seat, value in zip((2, 3, 1), ("3", "4", "2")):
        tap(second, "bid", seat, value)
    for seat, value in ((2, "3"), (3, "5")):
        tap(second, "tricks", seat, value)
    box(first, "tricks", 3).locator("button.chosen", has_text="5").wait_for(timeout=DEADLINE)
    second.route("**/api/view", lambda route: route.abort())  # the news does not reach it
    first.locator("#confirm").tap()
    said(first, "Deal 1 saved.")
    second.wait_for_timeout(500)  # (the news has come and its ask failed: the page still shows deal 1)
    assert second.locator("body[data-deal='1']").count() == 1
    second.unroute("**/api/view")
    second.locator("#confirm").tap()
    said(second, "Deal 1 was changed on another device first")
    second.wait_for_selector("body[data-deal='2']", timeout=DEADLINE)
    yours = second.locator(".yours").inner_text()
    assert "What you typed" in yours and "Ben · Bid: 3" in yours and "Anna · Bid: 2" in yours
    assert standings(second) == [["1st", "Ben", "13"], ["2nd", "Anna", "12"], ["3rd", "Cara", "0"]]
    reopened = stored.store.open_game(stored.id)
    assert len(reopened.game.deals) == 1 and reopened.game.totals() == (12, 13, 0)
