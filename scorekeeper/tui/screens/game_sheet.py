"""GameSheetScreen: one stored game's full score sheet, read only.

From here the table can resume the game (if it is not over), see its charts, try
other house rules on it (what-if) or export it. Everything shown is derived from the
stored entries through the engine; nothing here writes to the store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import format_ordinal, get_language, t, tn
from ...play.board import BoardMaker
from ..messages import GameChosen
from ..text import game_heading, when
from ..timers import FOLLOW_EVERY
from ..widgets.key_footer import KeyFooter
from ..widgets.score_sheet import ScoreSheet
from ..widgets.scoreboard import ScoreTable

if TYPE_CHECKING:
    from ..app_parts import TableApp


def option_value_text(option, value) -> str:
    """An option's value in the ruleset's words (``option`` from the localized ruleset)."""
    if option.type == "bool":
        return t("value.yes") if value else t("value.no")
    if option.type == "choice":
        return option.choice_label(value)
    return str(value)


def options_text(game) -> str:
    """The house rules the game differs from the usual ones by (or that it has none)."""
    ruleset = game.ruleset.localized(get_language())
    defaults = ruleset.option_defaults()
    changed = [t("tui.game_sheet.option", label=o.label, value=option_value_text(o, game.options.get(o.id)))
               for o in ruleset.options.values() if game.options.get(o.id) != defaults.get(o.id)]
    if not changed:
        return t("tui.game_sheet.usual_rules")
    return t("tui.game_sheet.house_rules", rules="; ".join(changed))


def status_line(game) -> Text:
    """Who won, or how far the game is; then the standings (names as typed)."""
    winners = game.winners
    played = len(game.deals)
    if winners and game.stopped_at is not None:
        line = tn("tui.plan.winners_ended_early", len(winners), names=", ".join(winners), number=game.stopped_at)
    elif winners:
        names = ", ".join(winners)
        if len(winners) == 1:
            line = tn("tui.game_sheet.winner_after", played, names=names)
        else:
            line = tn("tui.game_sheet.winners_after", played, names=names)
    elif game.planned_deals:
        line = tn("tui.game_sheet.in_progress_of", game.planned_deals, played=played)
    else:
        line = tn("tui.game_sheet.in_progress", played)
    text = Text(line, "bold")
    if played:
        standings = " · ".join(t("tui.game_sheet.standing", place=format_ordinal(s.rank), name=s.name,
                                       total=game.ruleset.shown(s.total))
                               for s in game.standings())
        text.append("\n" + t("tui.game_sheet.standings", standings=standings))
    return text


class GameSheetScreen(Screen[None]):
    """A stored game: every deal, the totals and the standings (nothing can be changed here)."""

    # the app it runs in, for the checker (mypy before 2 wants an ignore here: Textual's `app` is a descriptor)
    app: TableApp  # type: ignore[assignment, unused-ignore]

    BINDINGS = [
        Binding("r", "resume", "tui.bindings.game_sheet.resume", id="sheet.resume",
                tooltip="tui.bindings.game_sheet.resume_tip"),
        Binding("g", "charts", "tui.bindings.game_sheet.charts", id="sheet.charts",
                tooltip="tui.bindings.game_sheet.charts_tip"),
        Binding("w", "what_if", "tui.bindings.game_sheet.what_if", id="sheet.what_if",
                tooltip="tui.bindings.game_sheet.what_if_tip"),
        Binding("x", "export", "tui.bindings.game_sheet.export", id="sheet.export",
                tooltip="tui.bindings.game_sheet.export_tip"),
        Binding("escape", "app.pop_screen", "tui.bindings.game_sheet.back", id="sheet.back"),
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
        self._show()
        self.query_one(ScoreTable).focus()
        self.set_interval(FOLLOW_EVERY, self._follow_store, name="follow-store")

    def _show(self) -> None:
        game = self.game
        players = ", ".join(game.players)
        if self.summary is not None:
            info = Text(t("tui.game_sheet.players_started", players=players, time=when(self.summary.created_at)))
        else:
            info = Text(players)
        info.append("\n" + options_text(game))
        self.query_one("#sheet-info", Static).update(info)
        self.query_one("#sheet-status", Static).update(status_line(game))
        self.query_one(ScoreSheet).board = BoardMaker(game).view()

    def on_screen_resume(self) -> None:
        self._follow_store()  # (a change while a screen opened from here was on top)

    def _follow_store(self) -> None:
        """Another writer changed this game (a phone through ``scorekeeper serve``, or the app
        open elsewhere): it is read again and shown as stored, with the play screen's notice.
        One indexed query while nothing changed (nothing is drawn again); not while a screen
        opened from here is on top (the next look after it does it)."""
        if self.app.screen is not self:
            return
        from ...reports.history import load_game

        store = self.app.store
        assert store is not None  # (the game shown was read from it)
        try:
            if store.entries_saved(self.stored.id) == self.stored.entries_saved:
                return
            stored = load_game(store, self.stored.id)
        except ValueError:  # StoreError: it stays as shown; the next look tries again
            return
        self.stored, self.game = stored, stored.game
        self._show()
        self.refresh_bindings()  # resume, charts and what-if follow the game
        said = (t("tui.play.followed_over") if self.game.is_over else
                t("tui.play.followed", number=self.game.next_deal))
        self.notify(said, title=t("tui.play.followed_title"), markup=False)

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
        from ...reports.export import export
        from .export import ExportDialog

        stored = self.stored

        def make(fmt: str) -> str:
            return export(stored.game, fmt, title=stored.title, ruleset_ref=stored.ruleset_ref)

        def written(path) -> None:
            if path is not None:
                self.notify(t("tui.game_sheet.exported", id=stored.id, path=path), title=t("tui.game_sheet.exported_title"),
                            markup=False)

        self.app.push_screen(ExportDialog(t("tui.export.title_game", id=stored.id), f"scorekeeper-game-{stored.id}", make),
                             written)
