"""FinalStandings: the winner announced and the final standings."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..board import BoardView, ordinal


class FinalStandings(Widget):
    """Shown when the game is over, in place of the entry form."""

    COMPONENT_CLASSES = {"final-standings--winner"}

    DEFAULT_CSS = """
    FinalStandings { height: auto; padding: 1 2; }
    FinalStandings > .final-standings--winner { text-style: bold; color: $text-success; }
    """

    board: reactive[BoardView | None] = reactive(None, layout=True, always_update=True)
    """The finished game's board (its standings and winners)."""

    def render(self) -> Text:
        board = self.board
        text = Text()
        if board is None or not board.over:
            return text
        winners = list(board.winners)
        if len(winners) == 1:
            line = f"Game over. The winner: {winners[0]}"
        else:
            line = "Game over. A tie for first place: " + ", ".join(winners)
        text.append(line, self.get_component_rich_style("final-standings--winner", partial=True))
        text.append(f"\n\nFinal standings after {len(board.rows)} deal{'s' if len(board.rows) != 1 else ''}:")
        width = max((len(s.name) for s in board.standings), default=0)
        for s in board.standings:
            text.append(f"\n  {ordinal(s.rank):>4}  ")
            text.append(s.name.ljust(width))
            text.append(f"  {s.total:>6}")
        text.append("\n\nA deal can still be changed: choose it in the score board (ctrl+e), or undo (ctrl+z).")
        return text
