"""ChartsScreen: a game's score after each deal, and its totals as bars."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import t, tn
from ...play.charts import progression
from ..text import slot, styled
from ..widgets.chart import ScoreChart, TotalsBars
from ..widgets.key_footer import KeyFooter


class ChartsScreen(Screen[None]):
    """Two charts of one game (read only): the progression, and the totals, the best first."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "tui.bindings.charts.back", id="charts.back"),
    ]

    def __init__(self, game, heading: str | Text) -> None:
        super().__init__()
        self.game = game
        self.heading = heading

    def compose(self):
        heading = self.heading if isinstance(self.heading, Text) else Text(self.heading)
        title = styled(t("tui.charts.title", heading=slot("heading")), heading=heading)
        yield Static(title, classes="screen-title", markup=False)
        yield Static(id="charts-caption", markup=False)
        yield ScoreChart(id="charts-progression")
        yield Static(t("tui.charts.totals"), id="charts-totals-title", markup=False)
        yield TotalsBars(id="charts-totals")
        yield KeyFooter()

    def on_mount(self) -> None:
        data = progression(self.game)
        played = len(self.game.deals)
        if self.game.setup.parts is not None:
            caption = tn("tui.charts.caption_match_points", played)
        else:
            caption = tn("tui.charts.caption_total", played)
        self.query_one("#charts-caption", Static).update(Text(caption))
        self.query_one(ScoreChart).data = data
        self.query_one(TotalsBars).data = data
