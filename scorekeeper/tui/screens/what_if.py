"""WhatIfScreen: a stored game's deals re-scored under other house rules, beside the real totals.

The deals are replayed into a new game (:func:`scorekeeper.reports.history.what_if`); the
stored game and its entries are never changed, and nothing is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import format_number, format_ordinal, get_language, show, t, tn
from ..text import game_heading, slot, styled
from ..widgets.key_footer import KeyFooter
from ..widgets.option_form import OptionForm

if TYPE_CHECKING:
    from ...game.game import Game


def _ranks(game) -> list[int]:
    ranks = [0] * len(game.scorer_names)
    for s in game.standings():
        ranks[s.scorer] = s.rank
    return ranks


def _signed(value) -> str:
    """A change with its sign: +25, -20, 0 (decimals as the language writes them)."""
    if not value:
        return "0"
    return ("+" if value > 0 else "") + format_number(value)


def _placed(total, rank: int) -> str:
    return f"{format_number(total)} ({format_ordinal(rank)})"


def comparison(base, other) -> Text:
    """Each scorer's total (and rank) as played and under the other options, and the change."""
    names = list(base.scorer_names)
    played, trial = base.totals(), other.totals()
    r1, r2 = _ranks(base), _ranks(other)
    shown = base.ruleset.shown  # as the sheet shows them ([score] digits); the change from the exact totals
    cells = [[_placed(shown(total), r) for total, r in zip(played, r1)],
             [_placed(shown(total), r) for total, r in zip(trial, r2)],
             [_signed(shown(b - a)) for a, b in zip(played, trial)]]
    heads = [t("tui.what_if.as_played"), t("tui.what_if.what_if"), t("tui.what_if.change")]
    name_w = max([6] + [cell_len(n) for n in names])
    widths = [max(cell_len(h), *(cell_len(c) for c in col)) for h, col in zip(heads, cells)]
    text = Text()
    text.append(" " * name_w + "".join("  " + _right(h, w) for h, w in zip(heads, widths)), "bold")
    for i, name in enumerate(names):
        text.append("\n")
        text.append(name + " " * (name_w - cell_len(name)))
        for col, w in zip(cells, widths):
            text.append("  " + _right(col[i], w))
    text.append("\n")
    text.append_text(_winners_line(base, played=True))
    text.append("\n")
    text.append_text(_winners_line(other, played=False))
    return text


def _right(text: str, width: int) -> str:
    return " " * (width - cell_len(text)) + text


def _winners_line(game, played: bool) -> Text:
    """'Winner as played: Ann' (the names bold), or that the game is not over."""
    winners = game.winners
    if not winners:
        return Text(t("tui.what_if.not_over_played") if played else t("tui.what_if.not_over_what_if"))
    names = Text(", ".join(winners), "bold")
    if played:
        return styled(tn("tui.what_if.winners_played", len(winners), names=slot("names")), names=names)
    return styled(tn("tui.what_if.winners_what_if", len(winners), names=slot("names")), names=names)


def changes_text(ruleset, played: dict, chosen: dict) -> str:
    ruleset = ruleset.localized(get_language())
    changed = [o.label for o in ruleset.options.values() if chosen.get(o.id) != played.get(o.id)]
    if not changed:
        return t("tui.what_if.unchanged")
    return t("tui.what_if.changed", changes="; ".join(changed))


class WhatIfScreen(Screen[None]):
    """Choose other options of the game's ruleset; see the totals side by side and the deals
    that would break a rule. Nothing is saved."""

    BINDINGS = [
        Binding("ctrl+r", "reset", "tui.bindings.what_if.reset", id="what_if.reset",
                tooltip="tui.bindings.what_if.reset_tip"),
        Binding("escape", "app.pop_screen", "tui.bindings.what_if.back", id="what_if.back"),
    ]

    def __init__(self, stored) -> None:
        super().__init__()
        self.stored = stored
        self.game = stored.game
        self.other: Game | None = None  # the game re-scored (None until the options are read)
        self.refused: list = []

    def compose(self):
        title = styled(t("tui.what_if.title", heading=slot("heading")), heading=game_heading(self.stored))
        yield Static(title, classes="screen-title", markup=False)
        yield Static(t("tui.what_if.help"), id="what-if-help", markup=False)
        with VerticalScroll(id="what-if-result"):
            yield Static(id="what-if-changes", markup=False)
            yield Static(id="what-if-totals", markup=False)
            yield Static(id="what-if-refused", markup=False)
        with VerticalScroll(id="what-if-form"):
            if self.game.ruleset.options:
                yield OptionForm(self.game.ruleset, self.game.options, id="what-if-options")
            else:
                yield Static(t("tui.what_if.no_options"), markup=False)
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
        from ...reports.history import what_if

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
            text = Text(tn("tui.what_if.refused", len(refused)))
            for number, issues in refused:
                for issue in issues:
                    text.append("\n" + t("tui.what_if.refused_deal", number=number, message=show(issue.message)))
        else:
            text = Text(t("tui.what_if.all_kept"))
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
