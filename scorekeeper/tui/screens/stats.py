"""StatsScreen: per player across every stored game; bidding figures for bidding games.

The figures are :func:`scorekeeper.reports.stats.stats` (derived from the entries through
the engine). A table, one row per player, moved through with the arrows; the row
under the cursor is spelled out below it (exact bids by the number of cards, the
dealer's restricted bids). Typing in the filter keeps the players whose name has it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from ...i18n import format_number, format_percent, t, tn
from ..text import slot, styled
from ..follow import ShowsTheStore
from ..widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from ...reports.stats import PlayerStats
    from ..app_parts import TableApp

# The table's columns (keys). Restricted: as dealer, the deals whose bid the rules restricted
# (of the deals dealt); missed: of those, the deals the dealer then missed.
COLUMNS = ("player", "games", "won", "rank", "deals", "exact", "over", "under", "tendency", "restricted", "missed")


def column_labels() -> list[str]:
    """The columns' headings in the language, in the order of COLUMNS."""
    return [t("tui.stats.column.player"), t("tui.stats.column.games"), t("tui.stats.column.won"),
            t("tui.stats.column.rank"), t("tui.stats.column.deals"), t("tui.stats.column.exact"),
            t("tui.stats.column.over"), t("tui.stats.column.under"), t("tui.stats.column.tendency"),
            t("tui.stats.column.restricted"), t("tui.stats.column.missed")]


# The columns left out, in this order, where the table would not fit the screen (at 80 columns):
# the dealer's figures, then the tendency, which the detail under the table tells for the player
# highlighted.
NARROW_DROPS = ("missed", "restricted", "tendency")
SCROLLBAR = 2  # the cells the table's scroll bar may take


def shown_columns(players, width: int) -> tuple[str, ...]:
    """The columns (of COLUMNS) that fit in ``width`` cells with these players' rows: all of them,
    else without those of NARROW_DROPS (never a heading cut to "Re")."""
    from rich.cells import cell_len

    labels = dict(zip(COLUMNS, column_labels()))
    rows = [dict(zip(COLUMNS, (cell.plain for cell in row_cells(p)))) for p in players]

    def need(columns) -> int:  # each column as wide as its widest text, and a cell of padding each side
        return sum(max([cell_len(labels[c])] + [cell_len(r[c]) for r in rows]) + 2 for c in columns)

    columns = list(COLUMNS)
    for drop in NARROW_DROPS:
        if need(columns) <= width:
            break
        columns.remove(drop)
    return tuple(columns)


def percent(part: int, whole: int) -> str:
    return format_percent(part / whole) if whole else "–"


def tendency(mean: float | None) -> str:
    """The mean of tricks − bid, with a word (never the sign alone)."""
    if mean is None:
        return "–"
    value = format_number(mean, 2)
    if mean > 0:
        return t("tui.stats.tendency.over", value="+" + value)
    if mean < 0:
        return t("tui.stats.tendency.under", value=value)
    return t("tui.stats.tendency.even", value=value)


def row_cells(p) -> list[Text]:
    """A player's row (the name exactly as typed)."""
    b = p.bidding if p.bidding is not None and p.bidding.deals else None
    rank = format_number(p.average_rank, 2) if p.average_rank is not None else "–"
    games = str(p.games) + (f" +{p.unfinished}" if p.unfinished else "")
    cells = [games, str(p.wins), rank]
    if b is None:
        cells += ["–"] * 7
    else:
        cells += [str(b.deals), f"{b.exact} {percent(b.exact, b.deals)}", str(b.over), str(b.under),
                  tendency(b.mean_difference),
                  t("tui.stats.restricted_of", restricted=b.restricted, dealt=b.dealer_deals) if b.dealer_deals else "–",
                  f"{b.restricted_missed} {percent(b.restricted_missed, b.restricted)}" if b.restricted else "–"]
    return [Text(p.name)] + [Text(c, justify="right") for c in cells]


def detail_text(p) -> Text:
    """The highlighted player in words."""
    if p.unfinished:
        games = tn("tui.stats.detail.games_and_playing", p.games, unfinished=p.unfinished)
    else:
        games = tn("tui.stats.detail.games", p.games)
    if p.average_rank is not None:
        line = t("tui.stats.detail.record_rank", name=slot("name"), games=games, wins=p.wins,
                 rank=format_number(p.average_rank, 2))
    else:
        line = t("tui.stats.detail.record", name=slot("name"), games=games, wins=p.wins)
    text = styled(line, name=Text(p.name, "bold"))
    b = p.bidding
    if b is None or not b.deals:
        text.append("\n" + t("tui.stats.detail.no_bidding"))
        return text
    text.append("\n" + tn("tui.stats.detail.bids", b.deals, exact=b.exact, percent=percent(b.exact, b.deals),
                          over=b.over, under=b.under, tendency=tendency(b.mean_difference)))
    text.append("\n" + t("tui.stats.detail.by_cards", list=" · ".join(
        f"{c}: {e}/{d} {percent(e, d)}" for c, (d, e) in sorted(b.by_cards.items()))))
    if b.dealer_deals and b.restricted:
        text.append("\n" + tn("tui.stats.detail.dealer_missed_percent", b.dealer_deals, restricted=b.restricted,
                              missed=b.restricted_missed, percent=percent(b.restricted_missed, b.restricted)))
    elif b.dealer_deals:
        text.append("\n" + tn("tui.stats.detail.dealer", b.dealer_deals, restricted=b.restricted,
                              missed=b.restricted_missed))
    else:
        text.append("\n" + t("tui.stats.detail.never_dealt"))
    return text


class StatsScreen(ShowsTheStore, Screen[None]):
    """Statistics per player; filter by name."""

    # the app it runs in, for the checker (mypy before 2 wants an ignore here: Textual's `app` is a descriptor)
    app: TableApp  # type: ignore[assignment, unused-ignore]

    BINDINGS = [
        Binding("slash", "filter", "tui.bindings.stats.filter", id="stats.filter",
                tooltip="tui.bindings.stats.filter_tip"),
        Binding("escape", "back", "tui.bindings.stats.back", id="stats.back", tooltip="tui.bindings.stats.back_tip"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.players: list[PlayerStats] = []  # by name
        self.columns: tuple[str, ...] = COLUMNS  # those shown (shown_columns)

    def compose(self):
        yield Static(t("tui.stats.title"), classes="screen-title", markup=False)
        yield Input(placeholder=t("tui.stats.filter_placeholder"), id="stats-filter", compact=True)
        yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="stats-detail", markup=False)
        yield Static(id="stats-note", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_stored()
        self.query_one(DataTable).focus()
        self.follow_the_store()

    def show_stored(self) -> None:
        """Work the statistics out from the store (again when another writer played a deal or
        started a game): the filter typed and the player highlighted stay."""
        from ...reports.stats import stats

        table = self.query_one(DataTable)
        note = self.query_one("#stats-note", Static)
        highlighted = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value if table.row_count else None
        table.clear(columns=True)
        note.update("")
        self.seen_now()
        store = self.app.store
        report = None
        if store is None:
            note.update(t("tui.history.opening"))
        else:
            try:
                report = stats(store)
            except ValueError as exc:  # StoreError
                note.update(Text(t("tui.stats.cannot_work_out", error=exc)))
        self.players = report.players if report is not None else []
        self.columns = shown_columns(self.players, self.app.size.width - SCROLLBAR)
        for column, label in zip(COLUMNS, column_labels()):
            if column in self.columns:
                table.add_column(Text(label, justify="left" if column == "player" else "right"), key=column)
        if report is None:
            return
        lines = [t("tui.stats.legend")]
        lines += [t("tui.stats.left_out", id=gid, reason=why) for gid, why in report.skipped]
        note.update(Text("\n".join(lines)))
        self._fill(self.query_one("#stats-filter", Input).value)
        if highlighted is not None and highlighted in table.rows:
            table.move_cursor(row=table.get_row_index(highlighted))

    def _fill(self, pattern: str) -> None:
        from ...reports.stats import player_key

        table = self.query_one(DataTable)
        table.clear()
        want = player_key(pattern)
        shown = [p for p in self.players if want in player_key(p.name)]
        for p in shown:
            table.add_row(*[cell for column, cell in zip(COLUMNS, row_cells(p)) if column in self.columns],
                          key=player_key(p.name))
        detail = self.query_one("#stats-detail", Static)
        if not self.players:
            detail.update(t("tui.stats.no_games"))
        elif not shown:
            detail.update(Text(t("tui.stats.no_match", pattern=pattern.strip())))
        else:
            detail.update(detail_text(shown[0]))

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one(DataTable).focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        from ...reports.stats import player_key

        key = event.row_key.value if event.row_key is not None else None
        for p in self.players:
            if player_key(p.name) == key:
                self.query_one("#stats-detail", Static).update(detail_text(p))
                return

    def action_filter(self) -> None:
        self.query_one("#stats-filter", Input).focus()

    def action_back(self) -> None:
        if self.focused is self.query_one("#stats-filter", Input):
            self.query_one(DataTable).focus()
            return
        self.app.pop_screen()
