"""PlanScreen: the rest of the game — the deals not played yet changed, or the game ended now.

The screen changes nothing itself: it is dismissed with what the table asked for
(``("plan", cards)`` or ``("end",)``) and the play screen makes it through the store, as it
does every entry. Every key works on the deal chosen in the list (the plan's model is
:class:`~scorekeeper.play.plan.PlanDraft`).
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from ...game.game import Game
from ...i18n import t
from ...play.board import BoardMaker, standings_text
from ...play.plan import PlanDraft
from ..widgets.key_footer import KeyFooter


_EDITS = {"insert": PlanDraft.insert, "duplicate": PlanDraft.duplicate, "remove": PlanDraft.remove,
          "skip": PlanDraft.skip, "down": PlanDraft.down_from_chosen, "up": PlanDraft.up_from_chosen}


class PlanScreen(ModalScreen[tuple | None]):
    """The deals from the next one on, each of which the table may change."""

    BINDINGS = [
        Binding("plus,equals_sign,right", "resize(1)", "tui.bindings.plan.more", id="plan.more"),
        Binding("minus,left", "resize(-1)", "tui.bindings.plan.fewer", id="plan.fewer"),
        Binding("i,insert", "edit('insert')", "tui.bindings.plan.insert", id="plan.insert"),
        Binding("c", "edit('duplicate')", "tui.bindings.plan.duplicate", id="plan.duplicate"),
        Binding("x,delete", "edit('remove')", "tui.bindings.plan.remove", id="plan.remove"),
        Binding("s", "edit('skip')", "tui.bindings.plan.skip", id="plan.skip"),
        Binding("d", "edit('down')", "tui.bindings.plan.down", id="plan.down"),
        Binding("u", "edit('up')", "tui.bindings.plan.up", id="plan.up"),
        Binding("ctrl+s", "save", "tui.bindings.plan.save", id="plan.save"),
        Binding("e", "end", "tui.bindings.plan.end", id="plan.end"),
        Binding("escape", "cancel", "tui.bindings.plan.cancel", id="plan.cancel"),
    ]

    def __init__(self, game: Game, typed: bool = False) -> None:
        super().__init__()
        self.game = game
        self.typed = typed  # boxes of the next deal are filled in (a new plan clears them)
        self.draft = PlanDraft(game) if game.setup_for().plan is not None else None

    def compose(self):
        game = self.game
        with Vertical(id="dialog", classes="plan-dialog"):
            yield Static(t("tui.plan.title", number=game.next_deal), classes="dialog-title", markup=False)
            yield Static(Text(standings_text(BoardMaker(game).view().standings)), id="plan-standings",
                         markup=False)
            if self.draft is None:
                yield Static(Text(t("tui.plan.no_plan")), id="plan-none", markup=False)
            else:
                yield OptionList(id="plan-deals")
                yield Static(id="plan-summary", markup=False)
            if self.typed:
                yield Static(t("tui.plan.typed"), markup=False)
            yield Static(id="plan-error", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        draft = self.draft
        if draft is None:
            return
        deals = self.query_one("#plan-deals", OptionList)
        deals.clear_options()
        deals.add_options([Text(row) for row in draft.rows()])
        if draft.cards:
            deals.highlighted = draft.chosen
        deals.focus()
        self.query_one("#plan-summary", Static).update(Text(draft.summary()))
        problem = draft.problem() if draft.changed else None
        self.query_one("#plan-error", Static).update(Text(f"✗ {problem}" if problem else ""))
        self.refresh_bindings()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        draft = self.draft
        if draft is not None and event.option_index is not None and event.option_index != draft.chosen:
            before = draft.chosen
            draft.choose(event.option_index)
            deals = event.option_list
            for index in (before, draft.chosen):  # the mark moves with the choice (not colour alone)
                if index < len(draft.cards):
                    deals.replace_option_prompt_at_index(index, Text(draft.row(index)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_save()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "end":
            return True if self.game.deals else None
        if action in ("save", "cancel"):
            return True
        return True if self.draft is not None else None

    def action_resize(self, step: int) -> None:
        if self.draft is not None:
            self.draft.resize(step)
            self._show()

    def action_edit(self, what: str) -> None:
        """A change of the deals: insert, duplicate, remove, skip, down or up (see PlanDraft)."""
        change = _EDITS.get(what)
        if self.draft is not None and change is not None:
            change(self.draft)
            self._show()

    def action_save(self) -> None:
        draft = self.draft
        if draft is None or not draft.changed:
            self.dismiss(None)
            return
        problem = draft.problem()
        if problem:
            self.query_one("#plan-error", Static).update(Text(f"✗ {problem}"))
            self.app.bell()
            return
        self.dismiss(("plan", list(draft.cards)))

    def action_end(self) -> None:
        if self.game.deals:
            self.dismiss(("end",))

    def action_cancel(self) -> None:
        self.dismiss(None)
