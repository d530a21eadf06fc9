"""SessionScreen: the current session's standing, and starting a new session.

A session is the games a table plays in one sitting (:mod:`scorekeeper.reports.sessions`):
per player the games played and won, the points per ruleset (points add up within one
ruleset only) and the standing. Starting a new session here makes the next new game
begin it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...i18n import format_number, t, tn
from ...i18n.formats import is_number
from ..text import when as _when
from ..follow import ShowsTheStore
from ..widgets.key_footer import KeyFooter
from .history import history_line

if TYPE_CHECKING:
    from ...reports.sessions import SessionReport
    from ..app_parts import TableApp


class SessionScreen(ShowsTheStore, Screen[None]):
    """The session a new game would join now: its standing and its games."""

    # the app it runs in, for the checker (mypy before 2 wants an ignore here: Textual's `app` is a descriptor)
    app: TableApp  # type: ignore[assignment, unused-ignore]

    BINDINGS = [
        Binding("n", "new_session", "tui.bindings.session.new", id="session.new",
                tooltip="tui.bindings.session.new_tip"),
        Binding("x", "export", "tui.bindings.session.export", id="session.export",
                tooltip="tui.bindings.session.export_tip"),
        Binding("escape", "app.pop_screen", "tui.bindings.session.back", id="session.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.report: SessionReport | None = None  # the current session's report (None: no session is going on)

    def compose(self):
        yield Static(t("tui.session.title"), id="session-title", classes="screen-title", markup=False)
        yield Static(id="session-info", markup=False)
        yield DataTable(id="session-table", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="session-games-scroll"):
            yield Static(id="session-games", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()
        self.follow_the_store()

    def show_stored(self) -> None:
        self.show()

    def show(self) -> None:
        """The session's standing and games as stored (again when another writer played a deal
        or started a game)."""
        from ...reports.sessions import session_report

        self.seen_now()

        info = self.query_one("#session-info", Static)
        table = self.query_one(DataTable)
        games = self.query_one("#session-games", Static)
        table.clear(columns=True)
        games.update("")
        self.report = None
        store = self.app.store
        if store is None:
            info.update(t("tui.history.opening"))
            self.refresh_bindings()
            return
        try:
            current = store.current_session()
            self.report = session_report(store, current.id) if current is not None else None
        except ValueError as exc:  # StoreError
            info.update(Text(t("tui.session.cannot_read", error=exc)))
            self.refresh_bindings()
            return
        self.refresh_bindings()
        if self.report is None:
            info.update(t("tui.session.none"))
            table.display = False
            return
        report = self.report
        s = report.session
        if s.title:
            title = t("tui.session.title_named", id=s.id, title=s.title)
        else:
            title = t("tui.session.title_numbered", id=s.id)
        self.query_one("#session-title", Static).update(Text(title))
        count = len(report.games)
        if not count:
            info.update(Text(t("tui.session.started_empty", started=_when(s.started_at))))
            table.display = False
            return
        table.display = True
        info.update(Text(tn("tui.session.started", count, started=_when(s.started_at), active=_when(s.last_active))))
        _fill_standing(table, report)
        text = Text(t("tui.session.games"), "bold")
        for g in report.games:
            text.append("\n")
            text.append(history_line(g))
        for gid, why in report.skipped:
            text.append("\n" + t("tui.stats.left_out", id=gid, reason=why))
        games.update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_session":
            return True if self.app.store is not None else None
        if action == "export":
            return True if self.report is not None and self.report.games else None
        return True

    def action_new_session(self) -> None:
        store = self.app.store
        if store is None:
            return
        try:
            session = store.new_session()
        except ValueError as exc:  # StoreError
            self.app.bell()
            self.notify(str(exc), title=t("tui.session.no_new"), severity="error", timeout=10, markup=False)
            return
        self.notify(t("tui.session.new_started", id=session.id), title=t("tui.session.new_title"), markup=False)
        self.show()

    def action_export(self) -> None:
        from ...reports.export import FORMATS, export_games
        from ...reports.history import exported, load_game
        from .export import ExportDialog

        report = self.report
        if report is None or not report.games:
            return
        store = self.app.store
        assert store is not None  # (the report was read from it)
        sid = report.session.id

        def make(fmt: str) -> str:
            games = [exported(load_game(store, gid)) for gid in report.session.game_ids]
            return export_games(games, fmt, report)

        def written(path) -> None:
            if path is not None:
                self.notify(t("tui.session.exported", id=sid, path=path), title=t("tui.game_sheet.exported_title"),
                            markup=False)

        formats = [f for f in FORMATS if f != "toml"]  # a TOML score sheet holds one game
        title = tn("tui.export.title_session", len(report.games), id=sid)
        self.app.push_screen(ExportDialog(title, f"scorekeeper-session-{sid}", make, formats), written)


def _points(value) -> str:
    """A player's points as the language writes a number: 50,67 in Finnish and Polish."""
    return format_number(value) if is_number(value) else str(value)


def _fill_standing(table: DataTable, report) -> None:
    """The session's standing: a row per player (rank, games played, won, in progress) and a
    column of points per game with a finished game."""
    table.add_column(Text(t("tui.session.column.rank"), justify="right"), key="rank")
    table.add_column(t("tui.session.column.player"), key="player")
    table.add_column(Text(t("tui.session.column.played"), justify="right"), key="played")
    table.add_column(Text(t("tui.session.column.won"), justify="right"), key="won")
    table.add_column(Text(t("tui.session.column.playing"), justify="right"), key="playing")
    for r in report.scored:  # the store keeps the English name of each game
        table.add_column(Text(t("tui.session.column.points", name=r.name), justify="right"), key=f"points-{r.id}")
    for line in report.standings:
        cells = [Text(str(line.rank), justify="right"), Text(line.name),
                 Text(str(line.played), justify="right"), Text(str(line.won), justify="right"),
                 Text(str(line.in_progress), justify="right")]
        cells += [Text(_points(line.points.get(r.id, "–")), justify="right") for r in report.scored]
        table.add_row(*cells)
