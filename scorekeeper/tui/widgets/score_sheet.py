"""ScoreSheet: the Scoreboard of a stored game, read only (no deal can be chosen to change)."""

from __future__ import annotations

from textual.widgets import Static

from .scoreboard import Scoreboard, ScoreTable


class ReadOnlyScoreTable(ScoreTable):
    """The score table without its "Change this deal" key."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            return False  # hidden: a sheet looked back on is not changed here
        return True

    def action_choose(self) -> None:
        return


class ScoreSheet(Scoreboard):
    """Every deal of a game with its legend; the highlighted deal's entries below."""

    def compose(self):
        yield Static(id="board-legend", markup=False)
        yield ReadOnlyScoreTable(id="board-table")
        yield Static(id="board-detail", markup=False)
