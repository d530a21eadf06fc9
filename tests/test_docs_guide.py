"""The player's guide (docs/guide*.md): its pictures exist and are the app's own, its
links lead somewhere, and the house rule it teaches is a ruleset that checks clean."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rules.ruleset import check_file, load_ruleset

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
GUIDES = {"en": DOCS / "guide.md", "fi": DOCS / "guide.fi.md", "pl": DOCS / "guide.pl.md"}
PICTURES = ["start", "new-game", "deal-bids", "deal-complete", "after-deal", "correct"]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _links(lang: str) -> list[str]:
    return LINK.findall(GUIDES[lang].read_text(encoding="utf-8"))


def _svg_lines(svg: str) -> list[str]:
    """The text a picture shows, line by line (the SVG's text runs joined per row)."""
    rows: dict[str, list[str]] = {}
    for y, run in re.findall(r'<text [^>]*?y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(y, []).append(html.unescape(run).replace("\xa0", " "))
    return ["".join(runs).rstrip() for _, runs in sorted(rows.items(), key=lambda item: float(item[0]))]


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_each_guide_shows_every_picture_in_its_own_language(lang):
    pictures = [link for link in _links(lang) if link.endswith(".svg")]
    assert pictures == [f"img/{lang}/{name}.svg" for name in PICTURES]
    for picture in pictures:
        svg = (DOCS / picture).read_text(encoding="utf-8")
        assert svg.startswith("<svg") and "Scorekeeper" in svg, picture


def test_no_picture_is_left_without_a_guide():
    referenced = {link for lang in GUIDES for link in _links(lang) if link.endswith((".svg", ".png"))}
    on_disk = {p.relative_to(DOCS).as_posix() for p in (DOCS / "img").rglob("*") if p.is_file()}
    assert on_disk == referenced


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_every_link_of_a_guide_leads_to_a_file_or_a_web_page(lang):
    links = _links(lang)
    assert "rulesets.md" in links  # the house-rule section points to the full reference
    for link in links:
        if not link.startswith("https://"):
            assert (DOCS / link.split("#")[0]).is_file(), f"{GUIDES[lang].name}: {link}"


@pytest.mark.parametrize("lang, name", [
    ("en", "Lupaus as we play it"),
    ("fi", "Lupaus meidän tapaan"),
    ("pl", "Lupaus po naszemu"),
])
def test_the_house_rule_of_each_guide_checks_clean(lang, name, tmp_path):
    """The guide's TOML example is a valid house rule: zero bids worth 5 + cards, its name in the guide's language."""
    block = re.search(r"```toml\n(.*?)```", GUIDES[lang].read_text(encoding="utf-8"), re.S).group(1)
    path = tmp_path / "house-rule.toml"
    path.write_text(block, encoding="utf-8")
    assert check_file(path) == []
    ruleset = load_ruleset(str(path))
    assert ruleset.options["zero_bid"].default == "five-plus-cards"
    assert ruleset.localized(lang).name == name


def test_the_picture_script_remakes_a_picture_as_committed(tmp_path):
    """`python docs/make_screenshots.py --lang fi --only start --out DIR` writes that one
    picture; it shows what the committed one shows (the start screen in Finnish, with the
    store named "games.db", not the temporary folder it played in)."""
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB", "SCOREKEEPER_LANG")}
    result = subprocess.run(
        [sys.executable, str(DOCS / "make_screenshots.py"), "--lang", "fi", "--only", "start", "--out", str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    made = tmp_path / "fi" / "start.svg"
    assert result.stdout.splitlines() == [str(made)]
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == ["start.svg"]
    lines = _svg_lines(made.read_text(encoding="utf-8"))
    assert lines[:4] == ["Scorekeeper",  # the picture's title, then the screen
                         "Scorekeeper", "Pelit tallennetaan tiedostoon games.db", "Uusi peli  (n)"]
    assert lines == _svg_lines((DOCS / "img" / "fi" / "start.svg").read_text(encoding="utf-8"))


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="chromium is not installed")
def test_the_picture_script_remakes_the_pictures_of_a_phone_per_player_as_committed(tmp_path):
    """`--only phone-seats --only phone-dealer` takes the two pictures of a phone per player from
    the real browser ("Whose phone is this?", and the dealer's own phone at its bid, the bids
    typed on the other players' phones, the forbidden one struck out): byte for byte the ones the
    guide shows."""
    pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (the test extra)")
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB", "SCOREKEEPER_LANG")}
    result = subprocess.run(
        [sys.executable, str(DOCS / "make_screenshots.py"), "--lang", "en", "--only", "phone-seats", "--only",
         "phone-dealer", "--out", str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    made = [tmp_path / "en" / "phone-seats.png", tmp_path / "en" / "phone-dealer.png"]
    assert result.stdout.splitlines() == [str(path) for path in made]
    for path in made:
        assert path.read_bytes() == (DOCS / "img" / "en" / path.name).read_bytes(), path.name
