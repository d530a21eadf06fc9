"""The HTML score sheet in a real headless browser (Debian's chromium): it loads, shows the
players and totals as text, and renders a page that is not blank.

Skipped when chromium is not installed; ``.ci/run`` installs it with apt-get where it can.
The PNG is decoded with the standard library only (zlib and the PNG filters).

Lupaus, ten-plus-bid, three players (one named like an HTML tag):
    D1 10 cards: bids 3 4 2, tricks 3 5 2 -> 13 0 12
    D2  9 cards: bids 2 2 2, tricks 2 3 4 -> 12 0 0      totals 25 0 12
"""

from __future__ import annotations

import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from helpers.browser import CHROMIUM, FLAGS, needs_chromium

from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.reports.export import export, export_games
from scorekeeper.reports.history import exported
from scorekeeper.reports.sessions import session_report

pytestmark = needs_chromium("check the HTML export in a real browser")
NAMES = ["Anna", "<b>Ben</b>", "Cara & Co"]


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True,
                          text=True, timeout=180)


@pytest.fixture
def page(tmp_path) -> Path:
    with Store(tmp_path / "s.db") as store:
        g = store.new_game(load_ruleset("lupaus"), "lupaus", NAMES, title="Friday")
        g.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})
        g.record({"bid": [2, 2, 2], "tricks": [2, 3, 4]})
        text = export(g.game, "html", title=g.title)
    path = tmp_path / "sheet.html"
    path.write_text(text, encoding="utf-8")
    return path


def decode_png(path: Path) -> tuple[int, int, list[bytes], int]:
    """(width, height, rows of pixel bytes, bytes per pixel) of an 8-bit RGB or RGBA PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    pos, idat = 8, []
    width = height = bpp = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), f"unexpected PNG kind: depth {depth}, colour type {ctype}"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif kind == 3:
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows, bpp


def test_the_browser_shows_the_players_and_totals_as_text(page, tmp_path):
    result = chromium(tmp_path, "--dump-dom", page.as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    dom = result.stdout
    assert "<title>Lupaus: Friday · scorekeeper</title>" in dom
    assert "&lt;b&gt;Ben&lt;/b&gt;" in dom and "<b>Ben</b>" not in dom  # a name stays text
    assert "Cara &amp; Co" in dom
    assert '<td class="total num">25</td>' in dom and '<td class="total num">12</td>' in dom
    assert "<li>Scoring: 10 + bid when exact, 0 otherwise</li>" in dom
    assert '<p class="status">in progress (2 of 19 deals played)</p>' in dom


def test_the_browser_renders_a_page_that_is_not_blank(page, tmp_path):
    shot = tmp_path / "sheet.png"
    result = chromium(tmp_path, f"--screenshot={shot}", "--window-size=1000,1400", page.as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    assert shot.is_file() and shot.stat().st_size > 1000
    width, height, rows, bpp = decode_png(shot)
    assert (width, height) == (1000, 1400)
    dark = light = 0
    colours = set()
    for row in rows[::4]:
        for x in range(0, width * bpp, bpp * 4):
            r, g, b = row[x], row[x + 1], row[x + 2]
            colours.add((r, g, b))
            level = r + g + b
            dark += level < 200
            light += level > 700
    assert light > dark > 100, (light, dark)  # text on a white page
    assert len(colours) > 10  # not one colour: text, table lines, shaded cells


def test_a_session_page_has_the_standing_and_each_game(tmp_path):
    with Store(tmp_path / "s.db") as store:
        a = store.new_game(load_ruleset("whist"), "whist", ["N", "E", "S", "W"])
        a.record({"tricks": 13})
        b = store.new_game(load_ruleset("whist"), "whist", ["N", "E", "S", "W"])
        b.record({"tricks": 0})
        text = export_games([exported(a), exported(b)], "html", session_report(store, 1))
    path = tmp_path / "session.html"
    path.write_text(text, encoding="utf-8")
    result = chromium(tmp_path, "--dump-dom", path.as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    assert "<h1>Session 1</h1>" in result.stdout
    assert result.stdout.count('<section class="game">') == 2
    assert '<p class="status">winner: N &amp; S</p>' in result.stdout
    assert '<p class="status">winner: E &amp; W</p>' in result.stdout
