"""StatsScreen: per player across every stored game; bidding figures for bidding games.

The figures are :func:`scorekeeper.store.stats.stats` (derived from the entries through
the engine). A table, one row per player, moved through with the arrows; the row
under the cursor is spelled out below it (exact bids by the number of cards, the
dealer's restricted bids). Typing in the filter keeps the players whose name has it.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from ..widgets.key_footer import KeyFooter

COLUMNS = ("Player", "Games", "Won", "Avg rank", "Deals bid", "Exact", "Over", "Under", "Tendency",
           "Restricted", "Then missed")
"""Restricted: as dealer, the deals whose bid the rules restricted (of the deals dealt)."""


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "–"


def tendency(mean: float | None) -> str:
    """The mean of tricks − bid, with a word (never the sign alone)."""
    if mean is None:
        return "–"
    word = "over" if mean > 0 else "under" if mean < 0 else "even"
    return f"{mean:+.2f} {word}" if mean else "0.00 even"


def row_cells(p) -> list[Text]:
    """A player's row (the name exactly as typed)."""
    b = p.bidding if p.bidding is not None and p.bidding.deals else None
    rank = f"{p.average_rank:.2f}" if p.average_rank is not None else "–"
    games = str(p.games) + (f" +{p.unfinished}" if p.unfinished else "")
    cells = [games, str(p.wins), rank]
    if b is None:
        cells += ["–"] * 7
    else:
        cells += [str(b.deals), f"{b.exact} {percent(b.exact, b.deals)}", str(b.over), str(b.under),
                  tendency(b.mean_difference),
                  f"{b.restricted} of {b.dealer_deals}" if b.dealer_deals else "–",
                  f"{b.restricted_missed} {percent(b.restricted_missed, b.restricted)}" if b.restricted else "–"]
    return [Text(p.name)] + [Text(c, justify="right") for c in cells]


def detail_text(p) -> Text:
    """The highlighted player in words."""
    text = Text()
    text.append(p.name, "bold")
    games = f"{p.games} finished game{'' if p.games == 1 else 's'}"
    if p.unfinished:
        games += f" and {p.unfinished} in progress"
    text.append(f": {games}, {p.wins} won")
    if p.average_rank is not None:
        text.append(f", average rank {p.average_rank:.2f}")
    b = p.bidding
    if b is None or not b.deals:
        text.append("\nNo bidding game (a game with bids and tricks per player) yet.")
        return text
    text.append(f"\nBids: {b.deals} deal{'' if b.deals == 1 else 's'}, {b.exact} exact "
                f"({percent(b.exact, b.deals)}), {b.over} over, {b.under} under; tricks − bid "
                f"{tendency(b.mean_difference)} on average")
    text.append("\nExact by cards dealt: " + " · ".join(
        f"{c}: {e}/{d} {percent(e, d)}" for c, (d, e) in sorted(b.by_cards.items())))
    if b.dealer_deals:
        text.append(f"\nAs dealer: {b.dealer_deals} deal{'' if b.dealer_deals == 1 else 's'}; the bid was "
                    f"restricted in {b.restricted}, then missed in {b.restricted_missed}"
                    + (f" ({percent(b.restricted_missed, b.restricted)})" if b.restricted else ""))
    else:
        text.append("\nAs dealer: no deal dealt in a bidding game yet.")
    return text


class StatsScreen(Screen[None]):
    """Statistics per player; filter by name."""

    BINDINGS = [
        Binding("slash", "filter", "Filter", id="stats.filter", tooltip="Show only the players whose name has…"),
        Binding("escape", "back", "Back", id="stats.back", tooltip="Leave the filter, or go back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.players = []  # PlayerStats, by name

    def compose(self):
        yield Static("Statistics: every player across the stored games", classes="screen-title", markup=False)
        yield Input(placeholder="filter by name (/)", id="stats-filter", compact=True)
        yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="stats-detail", markup=False)
        yield Static(id="stats-note", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        from ...store.stats import stats

        table = self.query_one(DataTable)
        for label in COLUMNS:
            table.add_column(Text(label, justify="left" if label == "Player" else "right"), key=label)
        note = self.query_one("#stats-note", Static)
        store = self.app.store
        if store is None:
            note.update("The saved games are still being opened…")
            return
        try:
            report = stats(store)
        except ValueError as exc:  # StoreError
            note.update(Text(f"The statistics cannot be worked out: {exc}"))
            return
        self.players = report.players
        lines = ["Games: finished +in progress · Restricted: as dealer, the bid was restricted"]
        lines += [f"Game {gid} is left out: {why}" for gid, why in report.skipped]
        note.update(Text("\n".join(lines)))
        self._fill("")
        table.focus()

    def _fill(self, pattern: str) -> None:
        from ...store.stats import player_key

        table = self.query_one(DataTable)
        table.clear()
        want = player_key(pattern)
        shown = [p for p in self.players if want in player_key(p.name)]
        for p in shown:
            table.add_row(*row_cells(p), key=player_key(p.name))
        detail = self.query_one("#stats-detail", Static)
        if not self.players:
            detail.update("No games are stored yet.")
        elif not shown:
            detail.update(Text(f"No player's name has '{pattern.strip()}'."))
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
        from ...store.stats import player_key

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
