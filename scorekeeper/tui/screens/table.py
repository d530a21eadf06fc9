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
from ..widgets.key_footer import KeyFooter


class TableScreen(ModalScreen[tuple | None]):
    """The players of the next deal, and a form for a player who joins."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="table.cancel")]

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
            yield Static(f"Players of deal {game.next_deal}", classes="dialog-title", markup=False)
            locked = game.roster_locked()
            if locked:
                yield Static(Text(locked + "."), id="table-locked", markup=False)
            else:
                rules = game.ruleset
                yield Static(Text(f"{rules.name} is played by {rules.min_players} to {rules.max_players} players. "
                                  "Enter on a player: sits out from this deal / plays again."), markup=False)
                yield OptionList(*[
                    Option(Text(f"{names[s - 1]} — {'plays' if s in self.playing else 'sits out'}"), id=f"seat-{s}")
                    for s in self.seating], id="table-players")
                yield Static("Someone joins (they sit at the end of the table unless you name who they sit after):",
                             markup=False)
                yield Input(placeholder="name", id="join-name", max_length=40)
                yield Input(placeholder="starting score the table agrees, e.g. 0", id="join-score", type="integer")
                yield Input(placeholder="sits after (a name; empty: at the end)", id="join-after", max_length=40)
                if self.typed:
                    yield Static("What is typed for this deal is cleared by a change of players.", markup=False)
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
        if not name:
            self._problem("Type the name of the player who joins.")
            return
        try:
            score = int(score_text or "0")
        except ValueError:
            self._problem(f"The starting score is a whole number, not '{score_text}'.")
            return
        after = None
        if after_text:
            found = [i for i, p in enumerate(self.game.players, start=1) if p.casefold() == after_text.casefold()]
            if not found:
                self._problem(f"Nobody called '{after_text}' is at the table; the players are "
                              + ", ".join(self.game.players) + ".")
                return
            after = found[0]
        self.dismiss(("join", name, score, after))

    def _problem(self, message: str) -> None:
        self.query_one("#table-error", Static).update(Text(message))
        self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)
