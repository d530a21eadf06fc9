"""Exports of stored games and sessions: CSV (safe against formula injection), JSON, Markdown, HTML.

Lupaus, ten-per-trick (10 per trick when exact, an exact 0 scores 10; else -10 per trick
over or under), three players:
    D1 10 cards, seat 1 deals: bids 3 4 2, tricks 3 5 2 -> 30 -10 20
    D2  9 cards, seat 2 deals: bids 2 2 2, tricks 2 3 4 -> 20 -10 -20     totals 50 -20 0
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from helpers.stores import Clock

from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.reports.export import FORMATS, export, export_games
from scorekeeper.reports.history import exported
from scorekeeper.reports.sessions import session_report

INJECTION = "=cmd|' /C calc'!A0"
SCRIPT = "<script>alert(1)</script>"
D1 = {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}
D2 = {"bid": [2, 2, 2], "tricks": [2, 3, 4]}


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "s.db", clock=Clock()) as store:
        g = store.new_game(load_ruleset("lupaus"), "lupaus", [INJECTION, "+1", SCRIPT],
                           {"scoring": "ten-per-trick"}, title="@home & <away>")
        g.record(D1)
        g.record(D2)
        w = store.new_game(load_ruleset("whist"), "whist", ["N", "E", "S", "W"])
        w.record({"tricks": 13, "turned": "clubs"})
        yield store


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_csv_of_a_stored_game_is_safe_and_keeps_numbers(store):
    g = store.open_game(1)
    out = rows(export(g.game, "csv", title=g.title))
    safe, plus = "'" + INJECTION, "'+1"
    assert out[0][:9] == ["deal", "cards", "dealer", f"{safe} score", f"{safe} total", f"{plus} score",
                          f"{plus} total", f"{SCRIPT} score", f"{SCRIPT} total"]
    # the values headed by the fields' labels, not their ids; the turned suit in words
    assert out[0][9:] == ["Trump suit", f"{safe} Bid", f"{plus} Bid", f"{SCRIPT} Bid", f"{safe} Tricks",
                          f"{plus} Tricks", f"{SCRIPT} Tricks"]
    assert out[1] == ["1", "10", safe, "30", "30", "-10", "-10", "20", "20", "♥ hearts", "3", "4", "2", "3", "5", "2"]
    assert out[2] == ["2", "9", plus, "20", "50", "-10", "-20", "-20", "0", "", "2", "2", "2", "2", "3", "4"]
    assert out[4:8] == [["rank", "name", "total"], ["1", safe, "50"], ["2", SCRIPT, "0"], ["3", plus, "-20"]]


def test_json_and_markdown_carry_the_stored_title(store):
    g = store.open_game(1)
    doc = json.loads(export(g.game, "json", title=g.title))
    assert (doc["title"], doc["totals"], doc["players"]) == ("@home & <away>", [50, -20, 0], [INJECTION, "+1", SCRIPT])
    md = export(g.game, "md", title=g.title)
    # HTML in names and titles is text in Markdown too, escaped Markdown's way: no tag passes
    # through, and "&" reads as itself, not "&amp;"
    assert md.startswith("# Lupaus (lupaus): @home & \\<away\\>\n\nPlayers: =cmd\\|' /C calc'!A0, +1, "
                         "\\<script\\>alert(1)\\</script\\>\n")
    assert "&amp;" not in md and "&lt;" not in md
    assert [line for line in md.splitlines() if "<" in line and "\\<" not in line] == []


def test_html_names_the_ruleset_and_options_and_escapes_every_text(store):
    g = store.open_game(1)
    page = export(g.game, "html", title=g.title)
    assert page.startswith("<!DOCTYPE html>\n<html lang=\"en\">")
    assert "<script" not in page and "<away>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<h1>Lupaus <span class=\"ruleset-id\">(lupaus)</span>: @home &amp; &lt;away&gt;</h1>" in page
    assert "<li>Scoring: 10 per trick when exact (an exact 0 scores 10), -10 per trick over or under " \
           "otherwise <em>(house rule)</em></li>" in page
    assert "<li>The bids may not add up to the number of tricks: yes</li>" in page
    assert "<li>Deal schedule: from the most cards down to 1 and back up</li>" in page
    assert "ten-per-trick" not in page and "down-up" not in page
    assert "Fixed trump suit" not in page  # the trump is turned: no fixed suit is used
    assert "@media print" in page and "<style>" in page
    assert "<link" not in page and "src=" not in page  # loads nothing
    # deal 2: Ben (+1) dealt; Ben missed (-10, marked), Cara missed (-20, marked); totals 50 -20 0
    assert ('<tr><td class="num">2</td><td class="num">9</td><td>+1</td><td></td>'
            '<td class="num">2</td><td class="num">2</td><td class="num">20</td><td class="total num">50</td>'
            '<td class="num">2</td><td class="num">3</td><td class="num miss">-10 ✗</td>'
            '<td class="total num">-20</td>'
            '<td class="num">2</td><td class="num">4</td><td class="num miss">-20 ✗</td>'
            '<td class="total num">0</td></tr>') in page
    assert '<p class="status">in progress (2 of 19 deals played)</p>' in page


def test_html_of_a_partnership_game(store):
    page = export(store.open_game(2).game, "html")
    assert '<th class="scorer" colspan="3">N &amp; S</th>' in page
    assert '<p class="status">winner: N &amp; S</p>' in page


def test_several_games_with_their_session(store):
    report = session_report(store, 1)
    games = [exported(store.open_game(1)), exported(store.open_game(2))]
    doc = json.loads(export_games(games, "json", report))
    assert doc["session"]["games"] == [1, 2]
    assert doc["session"]["standings"][0] == {"rank": 1, "name": "N", "played": 1, "won": 1, "in_progress": 0,
                                              "points": {"whist": 7}}
    assert [(g["id"], g["title"], g["totals"]) for g in doc["games"]] == [(1, "@home & <away>", [50, -20, 0]),
                                                                         (2, None, [7, 0])]
    out = rows(export_games(games, "csv", report))
    assert out[:4] == [["session", "1", ""], ["started", "2026-05-09T19:31:00+00:00"], [],
                       ["rank", "name", "played", "won", "in progress", "Whist points"]]
    # E and W lost (0 points), the Lupaus players have no finished game: all equal, rank 3; the
    # Lupaus game is in progress, so it has no column of points (which would be empty)
    assert ["3", "'" + INJECTION, "0", "0", "1", ""] in out
    game_rows = [i for i, r in enumerate(out) if r[:1] == ["game"]]
    assert [out[i] for i in game_rows] == [["game", "1", "'@home & <away>"], ["game", "2", ""]]
    assert out[game_rows[0] + 2][:3] == ["1", "10", "'" + INJECTION]
    md = export_games(games, "md", report)
    assert md.startswith("# Session 1\n\nStarted 2026-05-09T19:31+00:00; 2 games\n\n"
                         "| Rank | Name | Played | Won | In progress | Whist points |\n")
    assert "\n---\n\nGame 1\n\n# Lupaus (lupaus): @home & \\<away\\>\n" in md
    page = export_games(games, "html", report)
    assert page.count('<section class="game">') == 2 and page.count('<section class="session">') == 1
    assert "Lupaus points" not in page and "<th>Whist points</th>" in page


def test_all_games_without_a_session(store):
    games = [exported(store.open_game(i)) for i in (1, 2)]
    assert json.loads(export_games(games, "json"))["session"] is None
    assert rows(export_games(games, "csv"))[0] == ["game", "1", "'@home & <away>"]


def test_several_games_are_not_one_toml_sheet(store):
    with pytest.raises(ValueError) as exc:
        export_games([exported(store.open_game(1))], "toml")
    assert str(exc.value) == ("a TOML score sheet holds one game: export the games one by one "
                              "(export GAME_ID --format toml), or choose csv, json, md or html")


def test_an_unknown_format_names_the_formats(store):
    assert FORMATS == ("csv", "json", "md", "toml", "html")
    with pytest.raises(ValueError, match=r"^unknown export format 'pdf'; use one of: csv, json, md, toml, html$"):
        export(store.open_game(1).game, "pdf")


def test_html_lists_only_the_options_that_apply_with_their_labels(tmp_path):
    with Store(tmp_path / "s.db") as store:
        fixed = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"],
                               {"trump_rule": "fixed", "fixed_suit": "hearts", "simultaneous": True})
        page = export(fixed.game, "html")
        assert "<li>Trump: always the fixed suit <em>(house rule)</em></li>" in page
        assert "<li>Fixed trump suit: ♥ hearts <em>(house rule)</em></li>" in page
        assert "<li>Bids are made at the same time (with fingers): yes <em>(house rule)</em></li>" in page
        assert "The bids may not add up" not in page  # nobody bids last
        pata = store.new_game(load_ruleset("pataviitonen"), "pataviitonen", ["Anna", "Ben", "Cara"])
        page = export(pata.game, "html")
        assert "<li>Rounds (each player deals once per round): 2</li>" in page
        assert "Agreed total" not in page


def test_csv_lines_end_with_crlf_as_rfc_4180_says(store):
    g = store.open_game(1)
    several = export_games([exported(g), exported(store.open_game(2))], "csv", session_report(store, 1))
    for text in (export(g.game, "csv", title=g.title), several):
        lines = text.split("\r\n")
        assert len(lines) > 3 and lines[-1] == ""
        assert "\n" not in text.replace("\r\n", "")


# --- exports a table sends to friends -----------------------------------------------------------

EXAMPLES = __import__("pathlib").Path(__file__).resolve().parents[1] / "examples"


def test_markdown_of_a_four_player_lupaus_has_a_cell_per_player():
    """Not 20 columns (a bid, a tricks, a score and a total column per player): a deal × player
    table whose cells say "bid/tricks · points · total", told above it; names as typed ("&" is
    not "&amp;")."""
    from scorekeeper.game.game import Game

    g = Game(load_ruleset("lupaus"), ["Anna & Co", "Ben", "Cara", "Dan"], {})
    g.record({"bid": [3, 4, 2, 0], "tricks": [3, 5, 2, 0], "turned": "hearts"})
    lines = export(g, "md").splitlines()
    assert lines[2] == "Players: Anna & Co, Ben, Cara, Dan"
    assert lines[6:11] == [
        "Cells: Bid/Tricks · points · total for each player.",
        "",
        "| Deal | Cards | Dealer | Trump suit | Anna & Co | Ben | Cara | Dan |",
        "|---|---|---|---|---|---|---|---|",
        "| 1 | 10 | Anna & Co | ♥ hearts | 3/3 · +13 · 13 | 4/5 · 0 · 0 | 2/2 · +12 · 12 | 0/0 · +10 · 10 |",
    ]


def test_markdown_of_bridge_names_the_declarer_and_the_partnerships():
    from scorekeeper.game.sheet import load_sheet

    lines = export(load_sheet(EXAMPLES / "bridge-chicago.toml"), "md").splitlines()
    assert lines[6:11] == [
        "Cells: Contract level (0: passed out)/Strain/Declarer/Doubled/Tricks taken by the declarer/Honours "
        "for the deal; points · total for each partnership.",
        "",
        "| Deal | Cards | Dealer | Entries | Nora & Sam | Eric & Wendy | Below the line (Nora & Sam) | "
        "Below the line (Eric & Wendy) | Games (Nora & Sam) | Games (Eric & Wendy) |",
        "|---|---|---|---|---|---|---|---|---|---|",
        "| 1 | 13 | Nora | 4/♥ hearts/Sam/not doubled/10/- | +420 · 420 | 0 · 0 | 0 | 0 | 1 | 0 |",
    ]


def test_a_seat_value_is_the_players_name_in_csv_markdown_and_html():
    """Hearts' queen of spades went to Dan (seat 4): his name, not 4, under the field's label;
    JSON keeps the seat number."""
    from scorekeeper.game.sheet import load_sheet
    from scorekeeper.i18n import using_language

    game = load_sheet(EXAMPLES / "hearts.toml")
    out = rows(export(game, "csv"))
    assert (out[0][11:], out[1][11:]) == (
        ["Anna Hearts taken", "Ben Hearts taken", "Cara Hearts taken", "Dan Hearts taken", "Took the queen of spades"],
        ["3", "4", "6", "0", "Dan"])
    assert "| 1 | 13 | Anna | Dan | 3 · +3 · 3 | 4 · +4 · 4 | 6 · +6 · 6 | 0 · +13 · 13 |" in export(game, "md")
    page = export(game, "html")
    assert '<th rowspan="2">Took the queen of spades</th>' in page
    assert "<tr><td class=\"num\">1</td><td class=\"num\">13</td><td>Anna</td><td>Dan</td>" in page
    assert json.loads(export(game, "json"))["deals"][0]["values"]["queen"] == 4
    with using_language("fi"):
        out = rows(export(game, "csv"))
    assert out[0][:3] + out[0][-1:] == ["jako", "kortit", "jakaja", "Patarouvan ottaja"]


@pytest.mark.parametrize("text, escaped", [
    ("Anna & Cara", "Anna & Cara"), ("R&D", "R&D"), ("&amp; co", "\\&amp; co"), ("a &#60; b", "a \\&#60; b"),
    ("<b>", "\\<b\\>"), ("*x*", "\\*x\\*"),
])
def test_markdown_escapes_for_markdown_not_html(text, escaped):
    """An entity typed in a name stays its characters; nothing else is written as an entity."""
    from scorekeeper.reports.export import _md_escape

    assert _md_escape(text) == escaped
