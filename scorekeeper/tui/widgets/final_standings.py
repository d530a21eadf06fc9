"""FinalStandings: the winner announced and the final standings."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...i18n import format_number, t, tn
from ...i18n.formats import is_number
from ...play.board import BoardView
from ...play.words import ordinal
from .redraw import KeptRender, PartLooks, placed_size, redraw


class FinalStandings(KeptRender, PartLooks, Widget, can_focus=True):
    """Shown when the game is over, in place of the entry form; it has the focus then (the
    screen's keys apply, as while deals are entered; ctrl+e goes to the score board)."""

    COMPONENT_CLASSES = {"final-standings--winner"}

    DEFAULT_CSS = """
    FinalStandings { height: auto; padding: 1 2; }
    FinalStandings > .final-standings--winner { text-style: bold; color: $text-success; }
    """

    virtual_size = placed_size()
    """(Shown when the game ends, it lays the screen out once, not twice: see placed_size.)"""

    board: reactive[BoardView | None] = reactive(None, always_update=True)
    """The finished game's board (its standings and winners)."""

    def watch_board(self) -> None:
        """Drawn again, laid out again only if its height changes (hidden while the game is
        played: a confirmed deal gives it the board, which laid the screen out)."""
        redraw(self)

    def watch_has_focus(self, has_focus: bool) -> None:
        """Nothing is restyled when the standings get or lose the focus (at the deal that ends
        the game, and at its undo): no rule styles them by their focus. A rule that does
        would need ``self.update_node_styles()`` here."""

    def render(self) -> Text:
        board = self.board
        text = Text()
        if board is None or not board.over:
            return text
        winners = list(board.winners)
        if len(winners) == 1:
            line = t("tui.widgets.final_standings.winner", name=winners[0])
        else:
            line = t("tui.widgets.final_standings.tie", names=", ".join(winners))
        text.append(line, self.part_look("final-standings--winner"))
        text.append("\n\n" + tn("tui.widgets.final_standings.after", len(board.rows)))
        width = max((len(s.name) for s in board.standings), default=0)
        for s in board.standings:
            text.append(f"\n  {ordinal(s.rank):>4}  ")
            text.append(s.name.ljust(width))
            total = format_number(s.total) if is_number(s.total) else str(s.total)
            text.append(f"  {total:>6}")
        text.append("\n\n" + t("tui.widgets.final_standings.still_changed"))
        return text
