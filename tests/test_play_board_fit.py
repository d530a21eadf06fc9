"""The score board at a width (scorekeeper.play.board.fit): every player's points and total
stay in each row; columns and the parts of a cell go first, each named on the detail line."""

from __future__ import annotations

import pytest

from scorekeeper.game.game import Game
from scorekeeper.play.board import BoardMaker, fit, scorers_text, shorten
from scorekeeper.play.words import text_width
from scorekeeper.rules.ruleset import load_ruleset

NAMES = ["Annabelle", "Bartholomew", "Cara", "Dan", "Eveliina", "Frederika", "Gustav"]


def played(rid: str, count: int, deals: int = 3) -> Game:
    """A game of ``count`` players: each deal, every other player makes a bid of 1 (the rest 0)."""
    g = Game(load_ruleset(rid), NAMES[:count], {})
    for n in range(deals):
        if rid == "whist":  # two partnerships: two scorers
            g.record({"tricks": 8 - n, "turned": "hearts"}, check=False)
            continue
        bids = [(i + n) % 2 for i in range(count)]
        g.record({"bid": bids, "tricks": bids, "turned": "hearts"}, check=False)
    return g


GAMES = [("whist", 4)] + [("lupaus", n) for n in range(3, 8)] + [("wizard", n) for n in range(3, 7)]


@pytest.mark.parametrize(("rid", "count"), GAMES)
@pytest.mark.parametrize("width", [80, 60])
def test_every_players_points_and_total_fit_the_width(rid, count, width):
    board = BoardMaker(played(rid, count)).view()
    shown = fit(board, width)
    assert shown.width <= width
    assert text_width(shown.line(shown.columns)) <= width
    for row in board.rows:
        cells = shown.cells(row)
        assert text_width(shown.line(cells, "▶")) <= width
        for cell, score in zip(cells[len(shown.fixed):], row.scores):
            points, total = cell.split()[-2:]
            assert (points, total) == (score.points, str(score.total))


def test_four_players_at_80_columns_lose_the_dealer_and_cards_columns_first():
    board = BoardMaker(played("lupaus", 4)).view()
    assert fit(board, 200).width == 98 and fit(board, 200).complete
    shown = fit(board, 80)
    assert (shown.fixed, shown.entries, shown.marks, shown.gap, shown.width) == ((0,), True, True, 2, 78)
    assert shown.columns == ("Deal", "Annabelle", "Bartholomew", "Cara", "Dan")
    assert shown.line(shown.cells(board.rows[0]), "▶") == (
        "▶ 1 ⚠   0/0 ✓  +10    10  1/1 ✓  +11    11  0/0 ✓  +10    10  1/1 ✓  +11    11")
    assert shown.legend == "Each cell: Bid/Tricks, ✓ made ✗ missed, points, total"
    assert scorers_text(board, board.rows[0], shown) == "dealt by Annabelle · cards 10 ♥"  # the cells are whole


def test_seven_players_at_60_columns_show_points_and_totals_under_short_names():
    board = BoardMaker(played("lupaus", 7)).view()
    shown = fit(board, 60)
    assert (shown.fixed, shown.entries, shown.marks, shown.gap, shown.width) == ((0,), False, False, 1, 54)
    assert shown.columns == ("#", "Annab…", "Barth…", "Cara", "Dan", "Eveli…", "Frede…", "Gustav")
    assert shown.names[1:3] == ("Annabelle", "Bartholomew")
    assert shown.line(shown.cells(board.rows[2]), "▶") == "▶ 3 ⚠ +10 31 +11 32 +10 31 +11 32 +10 31 +11 32 +10 31"
    assert shown.legend == "Each cell: points, total"
    assert scorers_text(board, board.rows[0], shown) == (
        "Annabelle 0/0 ✓ +10, total 10 · Bartholomew 1/1 ✓ +11, total 11 · Cara 0/0 ✓ +10, total 10"
        " · Dan 1/1 ✓ +11, total 11 · Eveliina 0/0 ✓ +10, total 10 · Frederika 1/1 ✓ +11, total 11"
        " · Gustav 0/0 ✓ +10, total 10 · dealt by Annabelle · cards 7 ♥")
    at_80 = fit(board, 80)  # the made or missed signs come back first
    assert (at_80.marks, at_80.gap, at_80.width) == (True, 2, 75)
    assert at_80.line(at_80.cells(board.rows[2]), "▶") == (
        "▶ 3 ⚠  ✓ +10 31  ✓ +11 32  ✓ +10 31  ✓ +11 32  ✓ +10 31  ✓ +11 32  ✓ +10 31")


def test_a_name_is_cut_to_its_column_with_an_ellipsis():
    assert shorten("Bartholomew", 7) == "Bartho…"
    assert shorten("Dan", 7) == "Dan"
    assert shorten("Ääkkönen", 4) == "Ääk…"


def test_the_short_layouts_read_each_row_once(monkeypatch):
    """Lupaus for 7 at 40 columns: every layout is tried, the three short ones too, whose
    columns are as wide as the numbers of every row; each row was read twice per player and
    once more for its deal number in each of them (some 0.3 ms of every confirmed deal of a
    long game at 80 columns), now each row once for all three. The same layout as before."""
    from collections import Counter

    from scorekeeper.play.board import BoardRows

    board = BoardMaker(played("lupaus", 7, deals=5)).view()
    read: Counter = Counter()
    getitem = BoardRows.__getitem__

    def counted(rows, index):
        if isinstance(index, int) and 0 <= index < len(rows):
            read[index] += 1
        return getitem(rows, index)

    monkeypatch.setattr(BoardRows, "__getitem__", counted)
    shown = fit(board, 40)
    assert dict(read) == {i: 1 for i in range(5)}
    assert shown.fixed == (0,) and not shown.entries and shown.gap == 1 and shown.width > 40  # (the narrowest)
    assert shown.widths == (3,) + (6,) * 7 and shown.columns[0] == "#"  # ("5 ⚠": these deals were not checked)
    assert shown.sizes == ((0, 3, 2),) * 7 and shown.width == 54
