"""GameSheetScreen: one stored game's full score sheet, read only.

From here the table can resume the game (if it is not over), see its charts, try
other house rules on it (what-if) or export it. Everything shown is derived from the
stored entries through the engine; nothing here writes to the store.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ..board import BoardMaker, ordinal
from ..messages import GameChosen
from ..widgets.key_footer import KeyFooter
from ..widgets.score_sheet import ScoreSheet
from ..widgets.scoreboard import ScoreTable
from .history import when


def option_value_text(option, value) -> str:
    """An option's value in the ruleset's words."""
    if option.type == "bool":
        return "yes" if value else "no"
    if option.type == "choice":
        return option.choice_labels.get(value, str(value))
    return str(value)


def options_text(game) -> str:
    """The house rules the game differs from the usual ones by (or that it has none)."""
    defaults = game.ruleset.option_defaults()
    changed = [f"{o.label}: {option_value_text(o, game.options.get(o.id))}"
               for o in game.ruleset.options.values() if game.options.get(o.id) != defaults.get(o.id)]
    return "House rules: " + "; ".join(changed) if changed else "The usual rules (no house rule changed)"


def status_line(game) -> Text:
    """Who won, or how far the game is; then the standings (names as typed)."""
    text = Text()
    winners = game.winners
    played = len(game.deals)
    if winners:
        text.append(("Winner: " if len(winners) == 1 else "Winners (a tie): ") + ", ".join(winners), "bold")
        text.append(f" after {played} deal{'s' if played != 1 else ''}")
    else:
        planned = game.planned_deals
        of = f" of {planned}" if planned else ""
        text.append("In progress", "bold")
        text.append(f": {played}{of} deal{'s' if (planned or played) != 1 else ''} played")
    if played:
        text.append("\nStandings: ")
        for i, s in enumerate(game.standings()):
            if i:
                text.append(" · ")
            text.append(f"{ordinal(s.rank)} ")
            text.append(s.name)
            text.append(f" {s.total}")
    return text


def game_heading(stored) -> Text:
    game = stored.game
    text = Text(f"Game {stored.id} · {game.ruleset.name}")
    if stored.title:
        text.append(f" · {stored.title}")
    return text


class GameSheetScreen(Screen[None]):
    """A stored game: every deal, the totals and the standings (nothing can be changed here)."""

    BINDINGS = [
        Binding("r", "resume", "Resume", id="sheet.resume", tooltip="Go on playing this game"),
        Binding("g", "charts", "Charts", id="sheet.charts", tooltip="The score after each deal, the totals as bars"),
        Binding("w", "what_if", "What if", id="sheet.what_if",
                tooltip="The same deals under other house rules (nothing is saved)"),
        Binding("x", "export", "Export", id="sheet.export", tooltip="Write the game to a file (csv, json, md, toml, html)"),
        Binding("escape", "app.pop_screen", "Back", id="sheet.back"),
    ]

    def __init__(self, stored, summary=None) -> None:
        super().__init__()
        self.stored = stored
        self.game = stored.game
        self.summary = summary  # the history's line for it (its dates), if known

    def compose(self):
        yield Static(game_heading(self.stored), classes="screen-title", markup=False)
        yield Static(id="sheet-info", markup=False)
        yield Static(id="sheet-status", markup=False)
        yield ScoreSheet(id="sheet-board")
        yield KeyFooter()

    def on_mount(self) -> None:
        game = self.game
        info = Text(", ".join(game.players))
        if self.summary is not None:
            info.append(f" · started {when(self.summary.created_at)}")
        info.append("\n" + options_text(game))
        self.query_one("#sheet-info", Static).update(info)
        self.query_one("#sheet-status", Static).update(status_line(game))
        self.query_one(ScoreSheet).board = BoardMaker(game).view()
        self.query_one(ScoreTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return None if self.game.is_over else True
        if action in ("charts", "what_if"):
            return True if self.game.deals else None
        return True

    def action_resume(self) -> None:
        if not self.game.is_over:
            self.app.post_message(GameChosen(self.stored.id))

    def action_charts(self) -> None:
        from .charts import ChartsScreen

        if self.game.deals:
            self.app.push_screen(ChartsScreen(self.game, game_heading(self.stored)))

    def action_what_if(self) -> None:
        from .what_if import WhatIfScreen

        if self.game.deals:
            self.app.push_screen(WhatIfScreen(self.stored))

    def action_export(self) -> None:
        from ...store.export import export
        from .export import ExportDialog

        stored = self.stored

        def make(fmt: str) -> str:
            return export(stored.game, fmt, title=stored.title, ruleset_ref=stored.ruleset_ref)

        def written(path) -> None:
            if path is not None:
                self.notify(f"Game {stored.id} is written to {path}", title="Exported", markup=False)

        self.app.push_screen(ExportDialog(f"game {stored.id}", f"scorekeeper-game-{stored.id}", make), written)
