"""TableScreen: who plays the next deal — someone sits out or comes back, or a late player joins.

The screen changes nothing itself: it is dismissed with the change the table asked for
(``("out", seat)``, ``("in", seat)`` or ``("join", name, score, after)``) and the play
screen makes it through the store, as it does every entry.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...game.game import Game
from ...i18n import get_language, show, t
from ...play.table_change import read_join
from ..widgets.key_footer import KeyFooter


class TableScreen(ModalScreen[tuple | None]):
    """The players of the next deal, and a form for a player who joins."""

    BINDINGS = [Binding("escape", "cancel", "tui.bindings.table.cancel", id="table.cancel")]

    def __init__(self, game: Game, typed: bool = False) -> None:
        super().__init__()
        self.game = game
        self.typed = typed  # boxes of the next deal are filled in (a change clears them)
        lineup = game.lineup()
        self.seating = lineup.seating
        self.playing = set(lineup.seats)

    def compose(self):
        game = self.game
        names = game.players
        with Vertical(id="dialog"):
            yield Static(t("tui.table.title", number=game.next_deal),
                         classes="dialog-title", markup=False)
            locked = game.roster_locked()
            if locked:
                yield Static(Text(show(locked) + "."), id="table-locked", markup=False)
            else:
                rules = game.ruleset.localized(get_language())
                yield Static(Text(t("tui.table.range", game=rules.name, min=rules.min_players,
                                    max=rules.max_players)), markup=False)
                yield OptionList(*[
                    Option(Text(t("tui.table.plays", name=names[s - 1]) if s in self.playing
                                else t("tui.table.sits_out", name=names[s - 1])), id=f"seat-{s}")
                    for s in self.seating], id="table-players")
                yield Static(t("tui.table.join"), markup=False)
                yield Input(placeholder=t("tui.table.name_placeholder"),
                            id="join-name", max_length=40)
                yield Input(placeholder=t("tui.table.score_placeholder"),
                            id="join-score", type="integer")
                yield Input(placeholder=t("tui.table.after_placeholder"),
                            id="join-after", max_length=40)
                if self.typed:
                    yield Static(t("tui.table.typed"), markup=False)
            yield Static(id="table-error", markup=False)
        yield KeyFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        seat = int(str(event.option.id).removeprefix("seat-"))
        self.dismiss(("out", seat) if seat in self.playing else ("in", seat))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = self.query_one("#join-name", Input).value.strip()
        score_text = self.query_one("#join-score", Input).value.strip()
        after_text = self.query_one("#join-after", Input).value.strip()
        if event.input.id != "join-after" and not (name and score_text):
            self.focus_next()
            return
        change, problem = read_join(self.game, name, score_text, after_text)
        if problem is not None:
            self._problem(problem)
            return
        self.dismiss(change)

    def _problem(self, message: str) -> None:
        self.query_one("#table-error", Static).update(Text(message))
        self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)
