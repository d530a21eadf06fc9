"""DealPanel: what the table is told before and during a deal, and the standings."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...i18n import t, tn
from ...play.board import Standing
from ...play.panel import DealPanelView
from ...play.words import ordinal
from .redraw import FittingHeight, KeptRender, PartLooks, placed_size, redraw


class DealPanel(FittingHeight, KeptRender, PartLooks, Widget):
    """Deal number, cards, dealer, who bids first and leads, trump, reminders, standings."""

    COMPONENT_CLASSES = {"deal-panel--heading", "deal-panel--trump", "deal-panel--label"}

    DEFAULT_CSS = """
    DealPanel { height: auto; }
    DealPanel > .deal-panel--heading { text-style: bold; }
    DealPanel > .deal-panel--trump { text-style: bold; color: $text-accent; }
    DealPanel > .deal-panel--label { text-style: dim; }
    """

    virtual_size = placed_size()
    """(A panel a line taller lays the screen out once, not twice: see placed_size.)"""

    heading: reactive[str] = reactive("")
    """The game: its title (if any) and ruleset."""

    deal: reactive[DealPanelView | None] = reactive(None)
    """What the table is told of the deal being entered or changed (None when the game is over)."""

    status: reactive[str] = reactive("")
    """A line shown instead of the deal (e.g. that the game is over)."""

    standings: reactive[tuple[Standing, ...]] = reactive(())
    """Ranks and totals, best first."""

    played: reactive[int] = reactive(0)
    """How many deals are recorded (no ranks before the first)."""

    def _watch_any(self) -> None:
        """Drawn again, laid out again only if its height changes (a confirmed deal changes
        the deal, the standings and the deals played: each would lay the screen out)."""
        redraw(self)

    watch_heading = watch_deal = watch_status = watch_standings = watch_played = _watch_any

    def render(self) -> Text:
        label = self.part_look("deal-panel--label")
        bold = self.part_look("deal-panel--heading")
        text = Text()
        text.append(self.heading, bold)
        deal = self.deal
        if deal is not None:
            if deal.editing:
                title = (t("tui.widgets.deal_panel.changing_deal_of", number=deal.number, total=deal.of) if deal.of
                         else t("tui.widgets.deal_panel.changing_deal", number=deal.number))
            else:
                shown = deal.shown or deal.number  # a deal dealt again keeps its number
                title = t("game.deal_of", number=shown, total=deal.of) if deal.of else t(
                    "game.deal_number", number=shown)
            text.append(" · ")
            text.append(title, bold)
            text.append(" · " + tn("tui.widgets.deal_panel.cards_each", deal.cards) + "\n")
            text.append(t("game.dealer") + " ", label)
            text.append(deal.dealer)
            if deal.bids_first:
                text.append(" · " + t("game.first_bidder") + " ", label)
                text.append(deal.bids_first)
            if deal.leader_named:
                text.append(" · " + t("game.leader") + " ", label)
                text.append(deal.leader or t("tui.widgets.deal_panel.leader_later"))
            text.append("\n")
            text.append(deal.trump, self.part_look("deal-panel--trump"))
            for line in deal.reminders:
                text.append(f"\n• {line}")
            for line in deal.table:
                text.append(f"\n• {line}")
        elif self.status:
            text.append("\n" + self.status)
        if self.standings and not self.played:
            text.append("\n")
            text.append(t("tui.widgets.deal_panel.totals") + " ", label)
            text.append(" · ".join(t("tui.widgets.deal_panel.total", name=s.name, total=s.total)
                                   for s in self.standings))
        elif self.standings:
            text.append("\n")
            text.append(t("tui.widgets.deal_panel.standings") + " ", label)
            text.append(" · ".join(t("tui.widgets.deal_panel.standing", place=ordinal(s.rank), name=s.name,
                                     total=s.total) for s in self.standings))
        return text
