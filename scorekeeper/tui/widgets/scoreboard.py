"""Scoreboard: deals as rows, players (or partnerships) as columns.

``ScoreTable`` draws only the rows on screen (Textual's line API), so a game of a
thousand deals redraws as fast as one of ten. ``Scoreboard`` adds the legend above
and, while the table has the focus, the highlighted deal's entries and any problem
the rules now report below it (a deal with a problem is marked ⚠ in its row). The
highlighted deal is marked ▶ as well as by its background.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from ...i18n import get_language, t
from ...play.board import BoardRow, BoardView, Fit, fit, scorers_text
from .redraw import Covered, PlacedScrollBars, placed_size, update_if_changed

_GAP = "  "
CURSOR_MARK = "▶ "  # before the highlighted deal (not shown by its background colour alone)
_NO_MARK = " " * len(CURSOR_MARK)


def row_cells(board: BoardView, row: BoardRow) -> tuple[str, ...]:
    """A row's cells as drawn on a board wide enough for all of them: deal, cards and trump,
    dealer, then each scorer's entries, made or missed, points and total, padded to their widths."""
    return fit(board, 10**9).cells(row)


class ScoreTable(PlacedScrollBars, ScrollView, can_focus=True):
    """The deals of the game; the column headings stay in view."""

    COMPONENT_CLASSES = {
        "score-table--header",
        "score-table--cursor",
        "score-table--made",
        "score-table--missed",
        "score-table--issue",
    }

    DEFAULT_CSS = """
    ScoreTable { height: 1fr; }  /* (a minimum here could push its last rows out of the board's own height) */
    ScoreTable > .score-table--header { text-style: bold; background: $panel; }
    ScoreTable > .score-table--cursor {
        background: $block-cursor-blurred-background; color: $block-cursor-blurred-foreground;
    }
    ScoreTable:focus > .score-table--cursor { background: $block-cursor-background; color: $block-cursor-foreground; }
    ScoreTable > .score-table--made { color: $text-success; text-style: bold; }
    ScoreTable > .score-table--missed { color: $text-error; text-style: bold; }
    ScoreTable > .score-table--issue { color: $text-warning; }
    """

    BINDINGS = [
        Binding("up", "move(-1)", "tui.bindings.widgets.up", show=False, id="board.up"),
        Binding("down", "move(1)", "tui.bindings.widgets.down", show=False, id="board.down"),
        Binding("pageup", "move(-10)", "tui.bindings.widgets.page_up", show=False, id="board.page_up"),
        Binding("pagedown", "move(10)", "tui.bindings.widgets.page_down", show=False, id="board.page_down"),
        Binding("home", "move(-1000000)", "tui.bindings.widgets.first_deal", show=False, id="board.first"),
        Binding("end", "move(1000000)", "tui.bindings.widgets.last_deal", show=False, id="board.last"),
        Binding("enter", "choose", "tui.bindings.widgets.change_deal", id="board.choose"),
    ]

    board: reactive[BoardView | None] = reactive(None, always_update=True)
    """The rows to draw (set by the Scoreboard)."""

    virtual_size = placed_size()
    """The rows and columns (a deal added needs no layout of the screen: see watch_virtual_size)."""

    cursor: reactive[int] = reactive(-1)
    """Index of the highlighted row (-1: no rows)."""

    follows = False
    """The cursor is on the latest deal whenever the table does not have the focus (the play
    screen's board: a deal chosen to look at is left when the focus goes back to the boxes)."""

    class Highlighted(Message):
        """The cursor moved to a deal."""

        def __init__(self, number: int | None) -> None:
            super().__init__()
            self.number = number

    class Fitted(Message):
        """The columns shown changed (the board or the width did)."""

    class Chosen(Message):
        """The player chose a deal (Enter): to change it."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._widths: list[int] = []
        self._gap = _GAP
        self.fit: Fit | None = None  # the columns as they fit the widget's width
        self._lines: dict[int, tuple[BoardRow, Strip]] = {}  # row index -> the row drawn, its line (see _strip)
        self._shown: dict[int, tuple[tuple, Strip]] = {}  # line on screen -> what it was drawn from, as drawn
        self._looks: dict[tuple[str, bool], Style] = {}  # component class -> rich style

    def _look(self, name: str, partial: bool = True) -> Style:
        """A component class's rich style, worked out once (it is slow to compute)."""
        style = self._looks.get((name, partial))
        if style is None:
            style = self._looks[(name, partial)] = self.get_component_rich_style(f"score-table--{name}",
                                                                                partial=partial)
        return style

    # -- data
    def watch_board(self, old: BoardView | None, board: BoardView | None) -> None:
        """A new board: its rows are drawn as they come on screen (a row the new board has at the
        same place, the same object, keeps its line: the board's rows are made again only for a
        deal that changed, and a confirmed deal or an undo changes the latest one)."""
        was_last = old is None or self.cursor >= len(old.rows) - 1
        if board is None:
            self._widths = []
            self.virtual_size = Size(0, 0)
            self.refresh()
            return
        self._fit_width()
        count = len(board.rows)
        if count == 0:
            self.cursor = -1
        elif was_last or self.cursor >= count or (self.follows and not self.has_focus):
            self.cursor = count - 1  # follow the latest deal
        self.refresh()

    def watch_virtual_size(self) -> None:
        """The scroll bars follow the rows (the table's height is the screen's to give, not
        its rows'): the screen is laid out again only when a scroll bar comes or goes."""
        if self.is_mounted:
            self._scroll_update(self.virtual_size)

    def _fit_width(self) -> None:
        """Choose the columns that fit the widget's width (every scorer's points and total first)."""
        board = self.board
        if board is None:
            return
        width = self.scrollable_content_region.width
        shown = fit(board, max(1, width), len(_NO_MARK))
        changed = shown != self.fit
        if changed:  # (the same fit stays the same object: the header drawn for it is kept)
            self.fit = shown
            self._widths = list(shown.widths)
            self._gap = " " * shown.gap
        self.virtual_size = Size(shown.width + (shown.width > width), len(board.rows) + 1)
        if changed:
            self._lines.clear()
            self.post_message(self.Fitted())

    def watch_cursor(self, old: int, new: int) -> None:
        self._lines.pop(old, None)
        self._lines.pop(new, None)
        self._keep_in_view()
        self.refresh()
        number = self.board.rows[new].number if self.board is not None and 0 <= new < len(self.board.rows) else None
        self.post_message(self.Highlighted(number))

    @property
    def highlighted(self) -> int | None:
        """The number of the highlighted deal."""
        board = self.board
        if board is None or not 0 <= self.cursor < len(board.rows):
            return None
        return board.rows[self.cursor].number

    def _keep_in_view(self, drawn_now: bool = False) -> None:
        """Scroll so that the highlighted deal is shown; ``drawn_now``: in the frame being laid
        out (the table's size has just changed there), not in one scrolled after it."""
        if self.cursor < 0:
            return
        rows_shown = max(1, self.scrollable_content_region.height - 1)
        top = round(self.scroll_y)
        if self.cursor < top:
            y = self.cursor
        elif self.cursor >= top + rows_shown:
            y = self.cursor - rows_shown + 1
        else:
            return
        if not drawn_now:
            self.scroll_to(y=y, animate=False)
            return
        y = max(0, min(y, round(self.max_scroll_y)))  # (as scroll_to's validation has it)
        self.set_reactive(ScoreTable.scroll_y, float(y))
        self.set_reactive(ScoreTable.scroll_target_y, float(y))
        if self.show_vertical_scrollbar:
            self.vertical_scrollbar.position = y

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        """A new size, as the screen is laid out, before its frame is drawn: the columns fitted to
        it and the highlighted deal kept in view in that same frame. (Done on the Resize event,
        which comes once the frame is drawn, the deal was scrolled into view in a second frame
        20-50 ms later: at a game's end and its undo, when the final standings change the
        board's height.)"""
        changed = super()._size_updated(size, virtual_size, container_size, layout)
        if changed and self.board is not None:
            self._fit_width()
            self._keep_in_view(drawn_now=True)
        return changed

    def on_focus(self) -> None:
        self._lines.pop(self.cursor, None)
        self.refresh()

    def on_blur(self) -> None:
        self._lines.pop(self.cursor, None)
        if self.follows and self.board is not None and self.board.rows:
            self.cursor = len(self.board.rows) - 1  # back on the latest deal (see follows)
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()
        self._shown.clear()
        self._looks.clear()

    # -- drawing
    def _row_text(self, cells: tuple[str, ...], numeric_from: int, mark: str = _NO_MARK) -> Text:
        text = Text(mark, no_wrap=True, overflow="crop")
        for i, cell in enumerate(cells):
            if i:
                text.append(self._gap)
            width = self._widths[i] if i < len(self._widths) else cell_len(cell)
            pad = " " * max(0, width - cell_len(cell))
            text.append(pad + cell if i >= numeric_from else cell + pad)
        return text

    def _strip(self, index: int) -> Strip:
        """Row ``index`` as a line, kept while the board has the same row there (the same columns:
        a new fit forgets them all; the cursor's row and a change of focus: see watch_cursor)."""
        board = self.board
        shown = self.fit
        assert board is not None and shown is not None  # (a row is drawn for a board shown, fitted to the width)
        row = board.rows[index]
        kept = self._lines.get(index)
        if kept is not None and kept[0] is row:
            return kept[1]
        text = self._row_text(shown.cells(row), len(shown.fixed), CURSOR_MARK if index == self.cursor else _NO_MARK)
        if index != self.cursor or not self.has_focus:  # on the cursor's colour the signs stay in its colour
            text.highlight_words(["✓"], self._look("made"))
            text.highlight_words(["✗"], self._look("missed"))
        if row.issues:
            text.highlight_words(["⚠"], self._look("issue"))
        segments = list(text.render(self.app.console))
        strip = Strip(segments, text.cell_len)
        self._lines[index] = (row, strip)
        return strip

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        board = self.board
        scroll_x, scroll_y = self.scroll_offset
        base = self._looks.get(("", False))  # the table's own style, worked out once until restyled (as its parts')
        if base is None:
            base = self._looks[("", False)] = self.rich_style
        if board is None:
            return Strip.blank(width, base)
        if y == 0:
            assert self.fit is not None  # (fitted with the board)
            return self._on_screen(-1, (self.fit, width, scroll_x), lambda: self._header(width, scroll_x))
        index = scroll_y + y - 1
        if not 0 <= index < len(board.rows):
            if index == 0 and not board.rows:
                message = Text(_NO_MARK + t("tui.widgets.scoreboard.no_deals"), style=Style(dim=True))
                return Strip(list(message.render(self.app.console))).extend_cell_length(width)
            return Strip.blank(width, base)
        strip = self._strip(index)
        cursor = index == self.cursor
        return self._on_screen(y, (strip, width, scroll_x, cursor, base),
                               lambda: self._row_line(strip, width, scroll_x, cursor, base))

    def _on_screen(self, y: int, drawn_from: tuple, draw) -> Strip:
        """Line ``y`` on screen (-1: the header) as ``draw()`` makes it, kept while it would be
        made from the same things (a frame that draws the table again draws its rows again,
        most of them as they were)."""
        kept = self._shown.get(y)
        if kept is not None and kept[0] == drawn_from:
            return kept[1]
        line = draw()
        self._shown[y] = (drawn_from, line)
        return line

    def _header(self, width: int, scroll_x: int) -> Strip:
        assert self.fit is not None  # (fitted with the board)
        header = self._row_text(self.fit.columns, len(self.fit.fixed))
        strip = Strip(list(header.render(self.app.console)), header.cell_len)
        strip = strip.extend_cell_length(max(width + scroll_x, strip.cell_length)).apply_style(self._look("header", False))
        return strip.crop(scroll_x, scroll_x + width)

    def _row_line(self, strip: Strip, width: int, scroll_x: int, cursor: bool, base: Style) -> Strip:
        full = strip.extend_cell_length(max(width + scroll_x, strip.cell_length))
        if cursor:
            full = full.apply_style(self._look("cursor", False))
        return full.crop(scroll_x, scroll_x + width).apply_style(base)

    # -- keys and mouse
    def action_move(self, delta: int) -> None:
        board = self.board
        if board is None or not board.rows:
            return
        self.cursor = max(0, min(len(board.rows) - 1, self.cursor + delta))

    def action_choose(self) -> None:
        number = self.highlighted
        if number is not None:
            self.post_message(self.Chosen(number))

    def on_click(self, event) -> None:
        board = self.board
        if board is None or event.y < 1:
            return
        index = round(self.scroll_y) + event.y - 1
        if 0 <= index < len(board.rows):
            self.cursor = index
            if event.chain >= 2:
                self.action_choose()


def packed(parts: tuple[str, ...], width: int) -> str:
    """``parts`` joined with "; ", a line broken only between two parts where the next one
    would not fit ``width`` (a part longer than a line is wrapped where the line ends)."""
    lines: list[str] = []
    for part in parts:
        if lines and (width <= 0 or cell_len(lines[-1]) + 2 + cell_len(part) <= width):
            lines[-1] += "; " + part
        else:
            if lines:
                lines[-1] += ";"
            lines.append(part)
    return "\n".join(lines)


class Scoreboard(Covered, Vertical):
    """The score table with its legend and the highlighted deal in words (which cover it whole)."""

    DEFAULT_CSS = """
    Scoreboard { height: 1fr; }
    Scoreboard > #board-legend { color: $text-muted; height: auto; }
    Scoreboard > #board-detail { height: auto; max-height: 4; color: $text-muted; display: none; }
    Scoreboard:focus-within > #board-detail { display: block; }  /* (a class set on focus restyled the board twice) */
    Scoreboard > #board-detail.-issues { color: $text-warning; }
    """

    board: reactive[BoardView | None] = reactive(None, always_update=True)
    """The game's deals and standings (set by the screen)."""

    virtual_size = placed_size()
    """Its parts' size (a new height, e.g. at a game's end, needs no second layout of the
    screen: the layout that gave it has placed the parts in it already)."""

    def __init__(self, *, follows: bool = False, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._follows = follows  # see ScoreTable.follows

    def compose(self):
        yield Static(id="board-legend", markup=False)
        table = ScoreTable(id="board-table")
        table.follows = self._follows
        yield table
        yield Static(id="board-detail", markup=False)

    @property
    def table(self) -> ScoreTable:
        return self._part(ScoreTable)

    def _part(self, cls, selector: str | None = None):
        """One of the board's own widgets (made once, in compose), looked up once rather than
        by a query at each use (several a confirmed deal)."""
        key = selector or cls
        parts = self.__dict__.setdefault("_parts", {})
        widget = parts.get(key)
        if widget is None or not widget.is_attached:
            widget = parts[key] = self.query_one(selector, cls) if selector else self.query_one(cls)
        return widget

    def watch_board(self, board: BoardView | None) -> None:
        if not self.is_mounted:
            return
        self.table.board = board
        self._show_legend()
        self._show_detail(self.table.highlighted)

    def _show_legend(self) -> None:
        shown = self.table.fit
        legend = "" if self.board is None else shown.legend if shown is not None else self.board.legend
        if self.board is not None and self.board.carried:  # what the table keeps from deal to deal
            legend += "\n" + packed(self.board.carried, self.content_size.width)
        update_if_changed(self._part(Static, "#board-legend"), Text(legend))

    def on_resize(self) -> None:
        self._show_legend()

    def on_score_table_fitted(self, event: ScoreTable.Fitted) -> None:
        event.stop()  # (the board's own: no screen handles it, and each container it passed cost a dispatch)
        if self.board is not None:
            self._show_legend()
            self._show_detail(self.table.highlighted)

    def on_mount(self) -> None:
        if self.board is not None:
            self.watch_board(self.board)

    def on_score_table_highlighted(self, event: ScoreTable.Highlighted) -> None:
        event.stop()  # (as Fitted)
        self._show_detail(event.number)

    def _show_detail(self, number: int | None) -> None:
        """The line under the table about deal ``number``: worked out once for the board, the
        deal, the columns shown and the language (a confirmed deal or an undo asked for it three
        times, at the new board, its new columns and its cursor, each the same line)."""
        board = self.board
        shown = self.table.fit
        detail = self._part(Static, "#board-detail")
        basis = ((board, shown, detail), (number, get_language()))  # (the objects by identity, the rest by value)
        drawn = self.__dict__.get("_detail_basis")
        if drawn is not None and all(a is b for a, b in zip(drawn[0], basis[0])) and drawn[1] == basis[1]:
            return
        self.__dict__["_detail_basis"] = basis
        row = None
        if board is not None and number and 1 <= number <= len(board.rows):
            row = board.rows[number - 1]  # deals are numbered from 1, in order
        if row is None:
            update_if_changed(detail, Text(""))
            detail.set_class(False, "-issues")
            return
        left_out = (scorers_text(board, row, shown)
                    if shown is not None and board is not None and not shown.complete else "")
        # what the narrow columns leave out first (each player named in full), then the entries in words
        text = Text(t("tui.widgets.scoreboard.detail", number=row.number, detail=left_out or row.detail))
        if left_out and row.detail:
            text.append("\n" + row.detail)
        for issue in row.issues:
            text.append("\n⚠ " + t("tui.widgets.scoreboard.issue", number=row.number, issue=issue))
        update_if_changed(detail, text)
        detail.set_class(bool(row.issues), "-issues")
