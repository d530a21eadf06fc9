"""SessionScreen: the current session's standing, and starting a new session.

A session is the games a table plays in one sitting (:mod:`scorekeeper.store.sessions`):
per player the games played and won, the points per ruleset (points add up within one
ruleset only) and the standing. Starting a new session here makes the next new game
begin it.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ..widgets.key_footer import KeyFooter
from .history import history_line, when as _when


class SessionScreen(Screen[None]):
    """The session a new game would join now: its standing and its games."""

    BINDINGS = [
        Binding("n", "new_session", "New session", id="session.new",
                tooltip="Start a new session: the next new game begins it"),
        Binding("x", "export", "Export", id="session.export", tooltip="Write the session's standing and games to a file"),
        Binding("escape", "app.pop_screen", "Back", id="session.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.report = None  # the current session's report (None: no session is going on)

    def compose(self):
        yield Static("This session", id="session-title", classes="screen-title", markup=False)
        yield Static(id="session-info", markup=False)
        yield DataTable(id="session-table", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="session-games-scroll"):
            yield Static(id="session-games", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        from ...store.sessions import session_report

        info = self.query_one("#session-info", Static)
        table = self.query_one(DataTable)
        games = self.query_one("#session-games", Static)
        table.clear(columns=True)
        games.update("")
        self.report = None
        store = self.app.store
        if store is None:
            info.update("The saved games are still being opened…")
            self.refresh_bindings()
            return
        try:
            current = store.current_session()
            self.report = session_report(store, current.id) if current is not None else None
        except ValueError as exc:  # StoreError
            info.update(Text(f"The session cannot be read: {exc}"))
            self.refresh_bindings()
            return
        self.refresh_bindings()
        if self.report is None:
            info.update("No session is going on: the next new game starts one.")
            table.display = False
            return
        report = self.report
        s = report.session
        title = f"Session {s.id}" + (f": {s.title}" if s.title else "")
        self.query_one("#session-title", Static).update(Text(f"This session · {title}"))
        count = len(report.games)
        if not count:
            info.update(Text(f"Started {_when(s.started_at)}; no game yet: the next new game joins this session."))
            table.display = False
            return
        table.display = True
        info.update(Text(f"Started {_when(s.started_at)}, last active {_when(s.last_active)}; "
                         f"{count} game{'s' if count != 1 else ''}. "
                         "Ranked by games won, then points (points add up within one kind of game only)."))
        table.add_column(Text("Rank", justify="right"), key="rank")
        table.add_column("Player", key="player")
        table.add_column(Text("Played", justify="right"), key="played")
        table.add_column(Text("Won", justify="right"), key="won")
        table.add_column(Text("Playing", justify="right"), key="playing")
        for r in report.rulesets:
            table.add_column(Text(f"{r.name} points", justify="right"), key=f"points-{r.id}")
        for line in report.standings:
            cells = [Text(str(line.rank), justify="right"), Text(line.name),
                     Text(str(line.played), justify="right"), Text(str(line.won), justify="right"),
                     Text(str(line.in_progress), justify="right")]
            cells += [Text(str(line.points.get(r.id, "–")), justify="right") for r in report.rulesets]
            table.add_row(*cells)
        text = Text("Games of the session:", "bold")
        for g in report.games:
            text.append("\n")
            text.append(history_line(g))
        for gid, why in report.skipped:
            text.append(f"\nGame {gid} is left out: {why}")
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
            self.notify(str(exc), title="No new session", severity="error", timeout=10, markup=False)
            return
        self.notify(f"Session {session.id} has started: the next new game begins it.", title="New session",
                    markup=False)
        self.show()

    def action_export(self) -> None:
        from ...store.export import FORMATS, export_games
        from ...store.history import exported, load_game
        from .export import ExportDialog

        report = self.report
        if report is None or not report.games:
            return
        store = self.app.store
        sid = report.session.id

        def make(fmt: str) -> str:
            games = [exported(load_game(store, gid)) for gid in report.session.game_ids]
            return export_games(games, fmt, report)

        def written(path) -> None:
            if path is not None:
                self.notify(f"Session {sid} is written to {path}", title="Exported", markup=False)

        formats = [f for f in FORMATS if f != "toml"]  # a TOML score sheet holds one game
        self.app.push_screen(ExportDialog(f"session {sid} ({len(report.games)} games)", f"scorekeeper-session-{sid}",
                                          make, formats), written)
