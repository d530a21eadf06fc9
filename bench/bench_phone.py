"""A tap on the phone page to its updated screen, in a real browser (Debian's chromium, Playwright).

``scorekeeper serve``'s server runs in this process on a store holding Lupaus for 7 at deal
12 (6 cards, fixed trump: bench_keys' lupaus-7-deal-12). A phone (390 x 844, touch) opens the
page; round after round the deal's 13 values are tapped, then each is taken back with Undo.
A tap's latency is from the click to the first frame that shows the value chosen (or, for
Undo, no longer chosen): the page sends the boxes, the server works the view out (the
headless table) and the page draws it. The reference, in the same run: the same browser
fetching /version.json (the floor of any answer) and the server's view alone (the view's
request from Python, no browser).

Goal (issue 26): a tap to the updated screen p95 <= 100 ms on this machine.

Run:  python bench/bench_phone.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bench_keys import CASES  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
CODE = "bench"

# Clicks a button and resolves with the milliseconds to the first frame where ``done`` holds.
TIMED_TAP = """([selector, field, unit, value, want]) => new Promise((resolve) => {
  const start = performance.now();
  document.querySelector(selector).click();
  const check = () => {
    const box = document.querySelector(`.box[data-field='${field}'][data-unit='${unit}']`);
    const chosen = box && [...box.querySelectorAll('button.chosen')].some(b => b.textContent === value);
    if (chosen === want) { resolve(performance.now() - start); } else { requestAnimationFrame(check); }
  };
  requestAnimationFrame(check);
})"""
FETCH = """() => { const start = performance.now();
  return fetch('/version.json', {cache: 'no-store'}).then(r => r.json()).then(() => performance.now() - start); }"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main(rounds: int = 5, verbose: bool = True) -> dict:
    from playwright.sync_api import sync_playwright

    from scorekeeper.rules.ruleset import load_ruleset
    from scorekeeper.store.db import Store
    from scorekeeper.web.server import BoardFeed, board_server
    from scorekeeper.web.table import Table

    case = CASES["lupaus-7-deal-12"]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        with Store(db) as store:
            stored = store.new_game(load_ruleset(case.ruleset), case.ruleset, list(case.players), dict(case.options))
            for values in case.before:
                stored.record(values)
        feed = BoardFeed(db, poll=0.5)
        feed.start()
        table = Table(db, feed)
        table.start()
        web = board_server(feed, "127.0.0.1", 0, table=table, join_code=CODE)
        thread = threading.Thread(target=web.serve_forever, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{web.server_address[1]}/phone#join={CODE}"
        taps: list[float] = []
        undos: list[float] = []
        fetches: list[float] = []
        server_only: list[float] = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                           has_touch=True).new_page()
                page.goto(url)
                page.wait_for_selector("body[data-deal='12'] .box", timeout=30_000)
                order = [(b.get_attribute("data-field"), int(b.get_attribute("data-unit")))
                         for b in page.locator(".box[data-unit]:not([data-unit=''])").all()]
                wanted = [(f, u, str(case.values[f][u - 1])) for f, u in order
                          if case.values.get(f) is not None]
                for _ in range(rounds):
                    done = []
                    for field, unit, value in wanted:
                        box = page.locator(f".box[data-field='{field}'][data-unit='{unit}']")
                        if box.locator("button.chosen", has_text=value).count():
                            continue  # filled in by the rules
                        place = [b.inner_text() for b in box.locator("button").all()].index(value) + 1
                        selector = f".box[data-field='{field}'][data-unit='{unit}'] button:nth-child({place})"
                        taps.append(page.evaluate(TIMED_TAP, [selector, field, unit, value, True]))
                        done.append((field, unit, value))
                    for field, unit, value in reversed(done):
                        undos.append(page.evaluate(TIMED_TAP, ["#undo", field, unit, value, False]))
                    for _ in range(len(done)):
                        fetches.append(page.evaluate(FETCH))
                typed = [[f, u, int(v)] for f, u, v in wanted]
                for _ in range(rounds):
                    for i in range(1, len(typed) + 1):
                        start = time.perf_counter()  # in the table's thread, as a request's view is
                        table._executor.submit(table.view, typed[:i]).result()
                        server_only.append((time.perf_counter() - start) * 1000)
                browser.close()
        finally:
            web.shutdown()
            thread.join(timeout=10)
            table.close()
            feed.stop()
    result = {
        "tap_p50": statistics.median(taps), "tap_p95": percentile(taps, 95),
        "undo_p50": statistics.median(undos), "undo_p95": percentile(undos, 95),
        "fetch_p50": statistics.median(fetches), "fetch_p95": percentile(fetches, 95),
        "server_p50": statistics.median(server_only), "server_p95": percentile(server_only, 95),
        "taps": len(taps),
    }
    if verbose:
        print(f"lupaus-7-deal-12, {rounds} rounds, {len(taps)} taps and {len(undos)} undos")
        for name in ("tap", "undo", "fetch", "server"):
            print(f"  {name:7} p50 {result[name + '_p50']:7.1f} ms   p95 {result[name + '_p95']:7.1f} ms")
        print(f"  tap p95 / fetch p95: {result['tap_p95'] / result['fetch_p95']:.1f}x;  "
              f"tap p95 / server p95: {result['tap_p95'] / result['server_p95']:.2f}x;  goal: tap p95 <= 100 ms")
    return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    main(parser.parse_args().rounds)
