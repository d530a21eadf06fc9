"""ChartsScreen: a game's score after each deal, and its totals as bars."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ..widgets.chart import ScoreChart, TotalsBars, progression
from ..widgets.key_footer import KeyFooter


class ChartsScreen(Screen[None]):
    """Two charts of one game (read only): the progression, and the totals, the best first."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="charts.back"),
    ]

    def __init__(self, game, heading: str | Text) -> None:
        super().__init__()
        self.game = game
        self.heading = heading

    def compose(self):
        title = Text.assemble(self.heading, " · charts") if isinstance(self.heading, Text) else Text(
            f"{self.heading} · charts")
        yield Static(title, classes="screen-title", markup=False)
        yield Static(id="charts-caption", markup=False)
        yield ScoreChart(id="charts-progression")
        yield Static("Totals", id="charts-totals-title", markup=False)
        yield TotalsBars(id="charts-totals")
        yield KeyFooter()

    def on_mount(self) -> None:
        data = progression(self.game)
        played = len(self.game.deals)
        what = "match points" if self.game.setup.parts is not None else "total"
        self.query_one("#charts-caption", Static).update(
            Text(f"The {what} after each deal ({played} deal{'s' if played != 1 else ''}):"))
        self.query_one(ScoreChart).data = data
        self.query_one(TotalsBars).data = data
