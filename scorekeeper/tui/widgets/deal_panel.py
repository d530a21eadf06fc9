"""DealPanel: what the table is told before and during a deal, and the standings."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..board import Standing, ordinal
from ..draft import DraftView


class DealPanel(Widget):
    """Deal number, cards, dealer, who bids first and leads, trump, reminders, standings."""

    COMPONENT_CLASSES = {"deal-panel--heading", "deal-panel--trump", "deal-panel--label"}

    DEFAULT_CSS = """
    DealPanel { height: auto; }
    DealPanel > .deal-panel--heading { text-style: bold; }
    DealPanel > .deal-panel--trump { text-style: bold; color: $text-accent; }
    DealPanel > .deal-panel--label { text-style: dim; }
    """

    heading: reactive[str] = reactive("", layout=True)
    """The game: its title (if any) and ruleset."""

    view: reactive[DraftView | None] = reactive(None, layout=True, always_update=True)
    """The deal being entered or changed (None when the game is over)."""

    status: reactive[str] = reactive("", layout=True)
    """A line shown instead of the deal (e.g. that the game is over)."""

    standings: reactive[tuple[Standing, ...]] = reactive((), layout=True)
    """Ranks and totals, best first."""

    played: reactive[int] = reactive(0, layout=True)
    """How many deals are recorded (no ranks before the first)."""

    def render(self) -> Text:
        label = self.get_component_rich_style("deal-panel--label", partial=True)
        bold = self.get_component_rich_style("deal-panel--heading", partial=True)
        text = Text()
        text.append(self.heading, bold)
        view = self.view
        if view is not None:
            of = f" of {view.of}" if view.of else ""
            text.append(" · ")
            text.append(("Changing deal" if view.editing else "Deal") + f" {view.number}{of}", bold)
            text.append(f" · {view.cards} card{'s' if view.cards != 1 else ''} each\n")
            text.append("Dealer ", label)
            text.append(view.dealer)
            if view.bids_first:
                text.append(" · Bids first ", label)
                text.append(view.bids_first)
            text.append(" · Leads ", label)
            text.append(view.leader or "decided in the deal")
            text.append("\n")
            text.append(view.trump, self.get_component_rich_style("deal-panel--trump", partial=True))
            for line in view.reminders:
                text.append(f"\n• {line}")
            for line in view.table:
                text.append(f"\n• {line}")
        elif self.status:
            text.append("\n" + self.status)
        if self.standings and not self.played:
            text.append("\n")
            text.append("Totals ", label)
            text.append(" · ".join(f"{s.name} {s.total}" for s in self.standings))
        elif self.standings:
            text.append("\n")
            text.append("Standings ", label)
            for i, s in enumerate(self.standings):
                if i:
                    text.append(" · ")
                text.append(f"{ordinal(s.rank)} ")
                text.append(s.name)
                text.append(f" {s.total}")
        return text
