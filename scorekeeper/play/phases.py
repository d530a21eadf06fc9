"""What each phase of the form shows beside its title: live totals and derived values."""

from __future__ import annotations

from typing import Any, Mapping

from ..game.engine import Setup
from ..game.game import Game
from ..i18n import t, tn
from ..rules.ruleset import FieldSpec, Ruleset
from .layout import Key, PhaseLayout, Slot
from .panel import EVAL_ERRORS
from .views import CellView, PhaseView
from .words import show_value


def counted_against_cards(rules: Ruleset, spec: FieldSpec) -> bool:
    """Whether a per-seat number field is counted against the cards of the deal: a check
    names it as its field and compares it with ``cards`` (``sum(bid) != cards``)."""
    return spec.scope == "seat" and spec.type == "int" and any(
        check.field == spec.id and {spec.id, "cards"} <= set(check.rule.names) for check in rules.checks)


class PhaseWords:
    """Words the phases of one deal's form show (keeps what does not change between entries)."""

    def __init__(self, game: Game, number: int, setup: Setup, phases: list[str]) -> None:
        self.game = game
        self.number = number
        self.setup = setup
        self.derived_phase = derived_phases(game.ruleset, phases)
        self._adds_up: dict[tuple[str, int], bool] = {}

    def view(self, layout: PhaseLayout, d, cells: Mapping[Slot, CellView], full: Mapping[Key, Any],
             order: tuple[int, ...]) -> PhaseView:
        rules = self.game.ruleset
        summary = tuple(self.summary(spec, d.cards, full) for spec in rules.fields.values()
                        if spec.phase == layout.phase and counted_against_cards(rules, spec)
                        and any(cells[s].visible for s in layout.slots if s.field == spec.id))
        complete = all(cells[s].value is not None or cells[s].optional or cells[s].computed or not cells[s].visible
                       for s in layout.slots)
        return PhaseView(layout.phase, layout.title, summary, tuple(self.derived_lines(layout.phase, d, order)),
                         complete)

    def summary(self, spec: FieldSpec, cards: int, full: Mapping[Key, Any]) -> str:
        """The field's total against the cards, e.g. "Bids 7, tricks 10 (1 to enter)"."""
        entered = [full.get((spec.id, s)) for s in range(1, self.setup.n + 1)]
        known = [v for v in entered if v is not None]
        total = sum(known)
        waiting = len(entered) - len(known)
        # the total, then how it stands against the tricks, " · " between them
        if self.adds_up(spec.id, cards):
            parts = [t("tui.draft.summary.taken", label=spec.label, total=total, cards=cards)]
            if total < cards:
                parts.append(tn("tui.draft.summary.left", cards - total))
            elif total > cards:
                parts.append(t("tui.draft.summary.too_many", count=total - cards))
            elif not waiting:
                parts.append(t("tui.draft.summary.all_taken"))
        else:
            parts = [tn("tui.draft.summary.against_tricks", cards, label=spec.plural or spec.label, total=total)]
            if not waiting:
                parts.append(t("tui.draft.summary.under", count=cards - total) if total < cards else
                             t("tui.draft.summary.over", count=total - cards) if total > cards else
                             t("tui.draft.summary.even"))
        text = " · ".join(parts)
        return t("tui.draft.summary.waiting", summary=text, count=waiting) if waiting else text

    def adds_up(self, fid: str, cards: int) -> bool:
        """Whether the rules make a per-seat field add up to the cards (tricks taken),
        found by asking what the last seat may enter when all others entered 0."""
        key = (fid, cards)
        if key not in self._adds_up:
            n = self.setup.n
            row: list[Any] = [0] * n
            row[n - 1] = None
            try:
                choices = self.game.allowed(fid, n, {fid: row}, self.number, reasons=False)  # (which values only)
            except EVAL_ERRORS:
                choices = None
            self._adds_up[key] = [c.value for c in choices or () if c.allowed] == [cards]
        return self._adds_up[key]

    def derived_lines(self, phase: str | None, d, order: tuple[int, ...]) -> list[str]:
        """The derived values the entries of this phase give, e.g. "Exact: Ben yes · Cara no",
        each where its ``shown_when`` holds."""
        lines = []
        for did, spec in self.game.ruleset.derived.items():
            if self.derived_phase.get(did) != phase:
                continue
            if spec.shown_when is not None and spec.scope == "deal" and not _derived_is_shown(spec, d, None):
                continue
            if spec.scope == "deal":
                line = self._deal_line(spec, d)
            elif spec.scope == "team":
                line = self._team_line(spec, d)
            else:
                line = self._seat_line(spec, d, order)
            if line:
                lines.append(line)
        return lines

    def _deal_line(self, spec, d) -> str | None:
        players = self.setup.players
        try:
            value = d.value(spec.id, None)
        except EVAL_ERRORS:
            return None
        if spec.shows == "seat" and isinstance(value, int) and 1 <= value <= len(players):
            text = players[value - 1]
        else:
            text = show_value(value)
        return f"{spec.label}: {text}" if text else None

    def _team_line(self, spec, d) -> str | None:
        """A value per partnership: "Bidding side: Anna & Cara yes · Ben & Dan no"."""
        players = self.setup.players
        parts = []
        for members in self.setup.teams:
            if not _derived_is_shown(spec, d, members[0]):
                continue
            try:
                text = show_value(d.value(spec.id, members[0]))
            except EVAL_ERRORS:
                continue
            if text:
                parts.append(f"{' & '.join(players[s - 1] for s in members)} {text}")
        return f"{spec.label}: " + " · ".join(parts) if parts else None

    def _seat_line(self, spec, d, order: tuple[int, ...]) -> str | None:
        players = self.setup.players
        parts = []
        texts = []
        for seat in order:
            if not _derived_is_shown(spec, d, seat):
                continue
            try:
                text = show_value(d.value(spec.id, seat))
            except EVAL_ERRORS:
                continue
            if not text:
                continue
            pieces = [f"{spec.part_label(pid)} {shown}" for pid, formula in spec.parts
                      if (shown := _part(d, formula, seat)) is not None]
            texts.append(text if not pieces else None)
            parts.append(f"{players[seat - 1]} {text}" + (f" ({', '.join(pieces)})" if pieces else ""))
        if len(texts) == len(order) and len(set(texts)) == 1 and texts[0] is not None:
            return f"{spec.label}: {texts[0]}"  # the same for everybody
        return f"{spec.label}: " + " · ".join(parts) if parts else None


def _derived_is_shown(spec, d, seat: int | None) -> bool:
    """Whether a derived value is shown for a seat (None: the deal): its ``shown_when`` holds
    (not while it cannot be worked out)."""
    if spec.shown_when is None:
        return True
    try:
        return bool(d.run(spec.shown_when, seat))
    except EVAL_ERRORS:
        return False


def _part(d, formula, seat: int) -> str | None:
    """A part of a derived value for a seat, as shown (None when it cannot be told)."""
    try:
        return show_value(d.run(formula, seat))
    except (AttributeError,) + EVAL_ERRORS:
        try:
            return show_value(formula(d.env(seat)))
        except EVAL_ERRORS:
            return None


def derived_phases(rules: Ruleset, phases: list[str]) -> dict[str, str | None]:
    """For each derived value, the latest phase of the fields it is computed from
    (None when it needs no entry)."""
    index = {p: i for i, p in enumerate(phases)}
    memo: dict[str, int] = {}

    def depth(name: str, seen: frozenset) -> int:
        if name in rules.fields:
            return index.get(rules.fields[name].phase, -1)
        if name in memo:
            return memo[name]
        spec = rules.derived.get(name)
        if spec is None or name in seen:
            return -1
        names = set(spec.value.names)
        for _, part in spec.parts:
            names |= set(part.names)
        memo[name] = max((depth(n, seen | {name}) for n in names), default=-1)
        return memo[name]

    return {did: (phases[depth(did, frozenset())] if depth(did, frozenset()) >= 0 else None)
            for did in rules.derived}
