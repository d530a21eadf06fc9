"""Make the pictures of the player's guide: ``python docs/make_screenshots.py``.

The app plays the guide's first deal by itself, headless at 80 x 24, pressing the keys a
player presses, and saves what the screen shows as SVG files: ``docs/img/LANG/NAME.svg``
for each language the app speaks; the phone page is taken in the real browser (Debian's
chromium, Playwright) as ``docs/img/LANG/phone.png``, and a phone per player as ``phone-seats.png``
(whose phone is this?) and ``phone-dealer.png`` (the dealer's phone at its bid). It plays on a store and settings in a temporary folder
that is removed afterwards; the user's own games and settings are never read or written.

    python docs/make_screenshots.py                      # every picture, every language
    python docs/make_screenshots.py --lang fi --only start --out /tmp/pictures

Run it again whenever a screen changes, and commit the pictures it writes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))  # the checkout's scorekeeper, installed or not

SIZE = (80, 24)
LANGUAGES = ("en", "fi", "pl")
GAME = "lupaus"
SEED = 7  # the first dealer drawn by lot: the third player
PLAYERS = {  # four players at each language's table
    "en": ("Anna", "Ben", "Cara", "Dan"),
    "fi": ("Aino", "Eero", "Liisa", "Matti"),
    "pl": ("Ania", "Bartek", "Kasia", "Marek"),
}


@dataclass(frozen=True)
class Step:
    """Keys pressed (space-separated; a name is typed letter by letter), then the picture taken."""

    picture: str
    keys: tuple[str, ...]


def steps(names: Sequence[str], ruleset_index: int) -> list[Step]:
    """The guide's pictures in the order the table sees them.

    Lupaus with four players, ten cards in the first deal; the third player deals and the
    fourth bids first. Trump hearts (h), bids 3, 2, 4, and the dealer's 1 is struck out;
    the dealer bids 0, the first three take 3, 3 and 4 tricks (the dealer's 0 is filled in),
    Enter confirms; then ctrl+e chooses the deal and Enter opens it to be changed.
    """
    typed: list[str] = []
    for name in names:
        typed += [*name, "enter"]
    return [
        Step("start", ()),
        Step("new-game", ("n", *["down"] * ruleset_index, "enter", *typed)),
        Step("deal-bids", ("ctrl+s", "h", "3", "2", "4")),
        Step("deal-complete", ("0", "3", "3", "4")),
        Step("after-deal", ("enter",)),
        Step("correct", ("ctrl+e", "enter")),
    ]


PHONE = "phone"  # the phone page, from the real browser (docs/img/LANG/phone.png)
SEATS = "phone-seats"  # a phone asking "Whose phone is this?"
DEALER = "phone-dealer"  # the dealer's own phone at its bid turn, the bid it may not make struck out
BROWSER = (PHONE, SEATS, DEALER)  # the pictures from the real browser, taken together
PICTURES = tuple(step.picture for step in steps(("",), 0)) + BROWSER
"""Every picture's name, in the order they are taken."""


def _phone(lang: str, out: Path, folder: Path, wanted: set[str]) -> list[Path]:
    """The phone page as a phone shows it (390 x 844), in Debian's chromium driven by Playwright:
    the guide's game after its first deal, three bids of the second tapped and the dealer's
    forbidden bid struck out (``phone``); a phone per player: another phone asking whose it is
    (``phone-seats``), and the dealer's own phone once the three others bid on theirs, at its
    turn (``phone-dealer``). Nothing when chromium or Playwright is missing (said on stderr)."""
    import shutil

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        chromium = None
    if chromium is None:
        print("the phone picture needs chromium and Playwright for Python (the test extra)", file=sys.stderr)
        return []
    from scorekeeper.rules.ruleset import load_ruleset
    from scorekeeper.store.db import Store
    from scorekeeper.web.serving import serve_in_background

    db = folder / f"phone-{lang}.db"
    with Store(db) as store:
        stored = store.new_game(load_ruleset(GAME), GAME, list(PLAYERS[lang]), {}, 3)
        stored.record({"bid": [3, 2, 4, 0], "tricks": [3, 3, 4, 0], "turned": "hearts"})
    serving = serve_in_background(db, host="127.0.0.1", port=0, code="guide-picture")
    (out / lang).mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox",
                                                                                 "--disable-gpu", "--no-first-run"])

            def phone(height: int = 844):
                page = browser.new_context(viewport={"width": 390, "height": height}, is_mobile=True, has_touch=True,
                                           color_scheme="light", locale=lang).new_page()
                page.goto(serving.local[0])  # (the phone page, with the join code)
                page.wait_for_selector("body[data-deal='2'] .box", timeout=30_000)
                return page

            def bid(page, unit: int, value: str) -> None:
                box = page.locator(f".box[data-field='bid'][data-unit='{unit}']")
                box.get_by_role("button", name=value, exact=True).tap()
                box.locator("button.chosen", has_text=value).wait_for(timeout=30_000)

            def picture(page, name: str) -> None:
                target = out / lang / f"{name}.png"
                page.screenshot(path=str(target))
                written.append(target)

            if PHONE in wanted:
                page = phone()
                for unit, value in ((1, "2"), (2, "3"), (3, "3")):  # the fourth player deals deal 2
                    bid(page, unit, value)
                page.locator(".box[data-field='bid'][data-unit='4'] button.refused").wait_for(timeout=30_000)
                page.evaluate("document.querySelector(\".box[data-field='bid'][data-unit='1']\").scrollIntoView()")
                page.evaluate("window.scrollBy(0, -40)")  # the phase's totals above the first bid
                picture(page, PHONE)
                # the shared phone's taps are the table's draft: taken back, so that each player bids on their own phone
                for unit in (3, 2, 1):
                    page.locator("#undo").tap()
                    page.locator(f".box[data-field='bid'][data-unit='{unit}'] button.chosen").wait_for(
                        state="detached", timeout=30_000)
                page.context.close()
            if wanted & {SEATS, DEALER}:
                dealer = phone(915)  # (a longer phone: the turn, the bids and the reason in one picture)
                dealer.locator("#choose-seat").tap()
                dealer.locator("#me-4").wait_for(timeout=30_000)
                if SEATS in wanted:
                    picture(dealer, SEATS)
                dealer.locator("#me-4").tap()  # the dealer's phone; the others bid on theirs
                players = []
                for unit, value in ((1, "2"), (2, "3"), (3, "3")):
                    player = phone()
                    player.locator("#choose-seat").tap()
                    player.locator(f"#me-{unit}").tap()
                    player.locator(f".box[data-field='bid'][data-unit='{unit}'] button:not([disabled])").first.wait_for(
                        timeout=30_000)
                    bid(player, unit, value)
                    players.append(player)
                dealer.locator(".box[data-field='bid'][data-unit='4'] button.refused").wait_for(timeout=30_000)
                dealer.locator(".box[data-field='bid'][data-unit='3'] .value", has_text="3").wait_for(timeout=30_000)
                if DEALER in wanted:
                    dealer.evaluate("document.getElementById('seat-line').scrollIntoView()")  # "I am Dan. Your turn: your bid."
                    dealer.evaluate("window.scrollBy(0, -8)")
                    picture(dealer, DEALER)
            browser.close()
    finally:
        serving.stop()
    return written


async def _settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def _take(lang: str, out: Path, wanted: set[str]) -> list[Path]:
    from scorekeeper.rules.ruleset import builtin_ids
    from scorekeeper.tui.app import ScorekeeperApp

    written: list[Path] = []
    # A relative store path: the start screen shows "games.db", not the temporary folder.
    app = ScorekeeperApp("games.db", rng=random.Random(SEED))
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        for step in steps(PLAYERS[lang], builtin_ids().index(GAME)):
            if not wanted:
                break
            for key in step.keys:
                await pilot.press(key)
            await _settle(pilot)
            if step.picture in wanted:
                wanted.discard(step.picture)
                target = out / lang / f"{step.picture}.svg"
                target.parent.mkdir(parents=True, exist_ok=True)
                app.save_screenshot(filename=target.name, path=str(target.parent))
                written.append(target)
    return written


def make(langs: Sequence[str] = LANGUAGES, pictures: Sequence[str] = PICTURES,
         out: Path = DOCS / "img") -> list[Path]:
    """Take the pictures named in each language; return the files written."""
    from scorekeeper.i18n import set_language

    out = Path(out).resolve()
    written: list[Path] = []
    here = Path.cwd()
    saved = {name: os.environ.get(name) for name in ("SCOREKEEPER_CONFIG", "SCOREKEEPER_LANG")}
    with tempfile.TemporaryDirectory() as tmp:
        try:
            os.chdir(tmp)  # the store "games.db" is made here
            os.environ["SCOREKEEPER_CONFIG"] = str(Path(tmp) / "settings.toml")
            for lang in langs:
                for old in Path(tmp).glob("games.db*"):
                    old.unlink()  # each language starts on an empty store
                os.environ["SCOREKEEPER_LANG"] = lang
                set_language(lang)
                written += asyncio.run(_take(lang, out, set(pictures) - set(BROWSER)))
                if set(pictures) & set(BROWSER):
                    written += _phone(lang, out, Path(tmp), set(pictures) & set(BROWSER))
        finally:
            os.chdir(here)
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the pictures of the player's guide (docs/img/LANG/NAME.svg, "
                                                 "phone*.png).")
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="only this language (repeatable)")
    parser.add_argument("--only", action="append", choices=PICTURES, metavar="NAME",
                        help=f"only this picture (repeatable): {', '.join(PICTURES)}")
    parser.add_argument("--out", type=Path, default=DOCS / "img", help="the folder to write in (default: docs/img)")
    args = parser.parse_args(argv)
    for path in make(args.lang or LANGUAGES, args.only or PICTURES, args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
