"""WhatIfScreen: a stored game's deals re-scored under other house rules, beside the real totals.

The deals are replayed into a new game (:func:`scorekeeper.store.history.what_if`); the
stored game and its entries are never changed, and nothing is written.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ..board import ordinal
from ..widgets.key_footer import KeyFooter
from ..widgets.option_form import OptionForm
from .game_sheet import game_heading


def _ranks(game) -> list[int]:
    ranks = [0] * len(game.scorer_names)
    for s in game.standings():
        ranks[s.scorer] = s.rank
    return ranks


def _signed(value) -> str:
    return f"{value:+}" if value else "0"


def comparison(base, other) -> Text:
    """Each scorer's total (and rank) as played and under the other options, and the change."""
    names = list(base.scorer_names)
    played, trial = base.totals(), other.totals()
    r1, r2 = _ranks(base), _ranks(other)
    cells = [[f"{t} ({ordinal(r)})" for t, r in zip(played, r1)],
             [f"{t} ({ordinal(r)})" for t, r in zip(trial, r2)],
             [_signed(b - a) for a, b in zip(played, trial)]]
    heads = ["As played", "What if", "Change"]
    name_w = max([6] + [cell_len(n) for n in names])
    widths = [max(len(h), *(len(c) for c in col)) for h, col in zip(heads, cells)]
    text = Text()
    text.append(" " * name_w + "".join("  " + h.rjust(w) for h, w in zip(heads, widths)), "bold")
    for i, name in enumerate(names):
        text.append("\n")
        text.append(name + " " * (name_w - cell_len(name)))
        for col, w in zip(cells, widths):
            text.append("  " + col[i].rjust(w))
    for label, game in (("as played", base), ("what if", other)):
        winners = game.winners
        if winners:
            text.append(f"\nWinner{'s' if len(winners) > 1 else ''} {label}: ")
            text.append(", ".join(winners), "bold")
        else:
            text.append(f"\n{label.capitalize()}: the game is not over")
    return text


def changes_text(ruleset, played: dict, chosen: dict) -> str:
    changed = [o.label for o in ruleset.options.values() if chosen.get(o.id) != played.get(o.id)]
    if not changed:
        return "These are the rules the game was played with: change one below."
    return "Changed from the rules the game was played with: " + "; ".join(changed)


class WhatIfScreen(Screen[None]):
    """Choose other options of the game's ruleset; see the totals side by side and the deals
    that would break a rule. Nothing is saved."""

    BINDINGS = [
        Binding("ctrl+r", "reset", "Reset", id="what_if.reset", tooltip="Back to the rules the game was played with"),
        Binding("escape", "app.pop_screen", "Back", id="what_if.back"),
    ]

    def __init__(self, stored) -> None:
        super().__init__()
        self.stored = stored
        self.game = stored.game
        self.other = None  # the game re-scored (None until the options are read)
        self.refused: list = []

    def compose(self):
        yield Static(Text.assemble("What if · ", game_heading(self.stored)), classes="screen-title", markup=False)
        yield Static("The same deals under other house rules; nothing is saved, the stored game stays as it is.",
                     id="what-if-help", markup=False)
        with VerticalScroll(id="what-if-result"):
            yield Static(id="what-if-changes", markup=False)
            yield Static(id="what-if-totals", markup=False)
            yield Static(id="what-if-refused", markup=False)
        with VerticalScroll(id="what-if-form"):
            if self.game.ruleset.options:
                yield OptionForm(self.game.ruleset, self.game.options, id="what-if-options")
            else:
                yield Static("This ruleset has no house rules to change.", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show(dict(self.game.options), None)
        boxes = self.query(".option-box")
        if boxes:
            boxes.first().focus()

    def on_option_form_changed(self, event: OptionForm.Changed) -> None:
        event.stop()
        self._show(event.values, event.problem)

    def _show(self, values: dict, problem: str | None) -> None:
        from ...game.sheet import OptionError
        from ...store.history import what_if

        changes = self.query_one("#what-if-changes", Static)
        totals = self.query_one("#what-if-totals", Static)
        refused_box = self.query_one("#what-if-refused", Static)
        if problem is not None:
            self._refuse(problem)
            return
        changes.set_class(False, "-error")
        try:
            other, refused = what_if(self.stored, values)
        except (OptionError, ValueError) as exc:  # GameError: a deal that no longer fits the rules at all
            self._refuse(str(exc))
            return
        self.other, self.refused = other, refused
        changes.update(Text(changes_text(self.game.ruleset, self.game.options, values)))
        totals.update(comparison(self.game, other))
        if refused:
            text = Text(f"{len(refused)} deal{'s' if len(refused) != 1 else ''} "
                        f"break{'s' if len(refused) == 1 else ''} a rule under these options; the totals still count "
                        "what was played (except a deal the deal plan no longer has):")
            for number, issues in refused:
                for issue in issues:
                    text.append(f"\n✗ deal {number}: {issue.message}")
        else:
            text = Text("✓ Every deal keeps the rules under these options.")
        refused_box.update(text)
        refused_box.set_class(bool(refused), "-refused")

    def _refuse(self, problem: str) -> None:
        """Options that cannot be tried: why, and no totals (they would be the last ones tried)."""
        changes = self.query_one("#what-if-changes", Static)
        changes.update(Text(f"✗ {problem}"))
        changes.set_class(True, "-error")
        self.query_one("#what-if-totals", Static).update("")
        self.query_one("#what-if-refused", Static).update("")
        self.other, self.refused = None, []

    def action_reset(self) -> None:
        forms = self.query(OptionForm)
        if forms:
            forms.first().set_values(self.game.options)
