"""The score board as data (scorekeeper.play.board): rows, cells and widths, from the rules alone."""

from __future__ import annotations

from scorekeeper.game.game import Game
from scorekeeper.play.board import BoardMaker, ScoreCell, standings_text
from scorekeeper.play.words import text_width
from scorekeeper.rules.ruleset import load_ruleset


def game(rid, players, **options):
    return Game(load_ruleset(rid), players, options)


def test_the_board_shows_entries_made_or_missed_points_and_totals():
    g = game("lupaus", ["Anna", "Ben", "Cara"])
    g.record({"bid": [2, 3, 4], "tricks": [3, 3, 4], "turned": "hearts"})
    board = BoardMaker(g).view()
    assert board.columns == ("Deal", "Cards", "Dealer", "Anna", "Ben", "Cara")
    row = board.rows[0]
    assert (row.number, row.deal, row.cards, row.dealer, row.trump) == (1, "1", "10 ♥", "Anna", "♥")
    assert row.scores == (ScoreCell("2/3", False, "0", 0), ScoreCell("3/3", True, "+13", 13),
                          ScoreCell("4/4", True, "+14", 14))
    assert row.made == (False, True, True)
    assert row.detail == "Trump suit: ♥ hearts; Bid: Anna 2, Ben 3, Cara 4; Tricks: Anna 3, Ben 3, Cara 4"
    assert board.legend == "Each cell: Bid/Tricks, ✓ made ✗ missed, points, total"
    assert board.sizes == ((3, 4, 5),) * 3 and board.marks
    assert board.widths == (4, 5, 6, 16, 16, 16)
    assert [(s.rank, s.name, s.total) for s in board.standings] == [(1, "Cara", 14), (2, "Ben", 13), (3, "Anna", 0)]
    assert standings_text(board.standings) == "1st Cara 14 · 2nd Ben 13 · 3rd Anna 0"


def test_the_tui_pads_the_cells_to_the_boards_widths():
    from scorekeeper.tui.widgets.scoreboard import row_cells

    g = game("lupaus", ["Anna", "Ben", "Cara"])
    g.record({"bid": [2, 3, 4], "tricks": [3, 3, 4], "turned": "hearts"})
    board = BoardMaker(g).view()
    assert row_cells(board, board.rows[0]) == ("1", "10 ♥", "Anna", "2/3 ✗    0     0", "3/3 ✓  +13    13",
                                               "4/4 ✓  +14    14")


def test_the_board_of_a_partnership_game_shows_the_tricks_each_side_took():
    g = game("whist", ["Anna", "Ben", "Cara", "Dan"])
    g.record({"tricks": 8, "turned": "hearts"})
    board = BoardMaker(g).view()
    assert board.rows[0].scores == (ScoreCell("8", True, "+2", 2), ScoreCell("5", False, "0", 0))
    assert board.columns[3:] == ("Anna & Cara", "Ben & Dan")
    assert board.legend == "Each cell: Tricks taken by the partnership, ✓ made ✗ missed, points, total"


def test_a_deal_with_a_problem_is_marked_and_the_problem_is_worded():
    g = game("lupaus", ["Anna", "Ben", "Cara"])
    g.record({"bid": [2, 3, 4], "tricks": [3, 3, 3], "turned": "hearts"}, check=False)
    board = BoardMaker(g).view()
    row = board.rows[0]
    assert row.deal == "1 ⚠"
    assert row.issues == ("the tricks taken add up to 9, not 10, the number of tricks played",)
    assert board.widths[0] == 4  # "1 ⚠" fits in the heading's width


def test_who_sat_a_deal_out_has_no_points_there():
    g = game("lupaus", ["Anna", "Ben", "Cara", "Dan"])
    g.record({"bid": [1, 2, 3, 1], "tricks": [3, 3, 3, 1], "turned": "hearts"})
    g.sit_out(4)
    g.record({"bid": [1, 2, 3], "tricks": [3, 3, 3], "turned": "spades"})
    board = BoardMaker(g).view()
    dan = board.rows[1].scores[3]
    assert (dan.entries, dan.points, dan.played, dan.made) == ("out", "out", False, None)
    assert board.rows[1].detail.endswith("; not playing: Dan")


def test_widths_are_terminal_columns():
    assert [text_width(s) for s in ("Anna", "1 ⚠ ◼", "10 ♥", "Łukasz", "李雷", "e\u0301")] == [4, 5, 4, 6, 4, 1]


def test_a_row_is_made_again_only_when_its_deal_or_one_before_it_changed():
    """Lupaus for 3: a deal recorded leaves the rows before it as they were (the same
    objects: nothing of them is worked out again), and each row always equals the row a new
    board makes of the game: after deal 2 is recorded, after deal 1 is changed (deal 2's
    total follows), and after an undo and a language switch."""
    from scorekeeper.i18n import using_language

    g = game("lupaus", ["Anna", "Ben", "Cara"])
    maker = BoardMaker(g)
    g.record({"bid": [2, 3, 4], "tricks": [3, 3, 4]})
    first = maker.view().rows[0]
    g.record({"bid": [1, 2, 3], "tricks": [1, 2, 6]})
    rows = maker.view().rows
    assert rows[0] is first
    assert list(rows) == list(BoardMaker(g).view().rows)
    g.edit(1, {"bid": [1, 3, 4], "tricks": [1, 3, 6]})
    rows = maker.view().rows
    assert rows[0] is not first and rows[0].scores[0] == ScoreCell("1/1", True, "+11", 11)
    assert rows[1].scores[0].total == 22
    assert list(rows) == list(BoardMaker(g).view().rows)
    g.undo()
    assert list(maker.view().rows) == list(BoardMaker(g).view().rows)
    with using_language("fi"):
        assert list(maker.view().rows) == list(BoardMaker(g).view().rows)


def _board_parts(view) -> tuple:
    """Everything a board view holds, its rows as a list (BoardRows compares by identity)."""
    return (view.columns, view.widths, view.sizes, view.marks, view.legend, list(view.rows), view.standings,
            view.over, view.winners, view.carried)


def test_a_kept_board_is_the_board_a_new_maker_makes_after_every_change():
    """Lupaus for 3, played to its end: the board of a maker kept through the game (its rows
    and each deal's part of the columns' widths, kept with the deal's result) is in every part
    the board a new maker makes of the game: after each deal recorded, a past deal changed so
    that its entries are the widest (Anna's 10 tricks: her column widens), an undo,
    a redo, a language switch and the game's end."""
    from scorekeeper.i18n import using_language

    g = game("lupaus", ["Anna", "Ben", "Cara"])
    maker = BoardMaker(g)
    while not g.is_over:
        cards = g.info().cards
        g.record({"bid": [1, 0, 0], "tricks": [1, 0, cards - 1]}, check=False)
        assert _board_parts(maker.view()) == _board_parts(BoardMaker(g).view())
    wide = next(n for n in range(1, len(g.deals) + 1) if g.info(n).cards == 10)
    before = maker.view().sizes
    g.edit(wide, {"bid": [1, 0, 0], "tricks": [10, 0, 0]})
    after = maker.view()
    assert after.sizes[0][0] == before[0][0] + 1  # ("1/10": the widest entries now)
    assert _board_parts(after) == _board_parts(BoardMaker(g).view())
    g.undo()
    assert maker.view().sizes == before and _board_parts(maker.view()) == _board_parts(BoardMaker(g).view())
    g.redo()
    assert _board_parts(maker.view()) == _board_parts(BoardMaker(g).view())
    g.undo()
    g.undo()  # (the last deal: the game goes on)
    assert not g.is_over and _board_parts(maker.view()) == _board_parts(BoardMaker(g).view())
    with using_language("fi"):
        assert _board_parts(maker.view()) == _board_parts(BoardMaker(g).view())
