"""The deal the table is entering: what was typed, and what the rules make of it.

The play screen keeps one :class:`DealDraft`, tells it each value the table enters and
shows the :class:`~.views.DraftView` it computes through the steps of :mod:`.steps`.
Nothing here knows a game: the form is laid out from the ruleset's fields and phases.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..game.game import Game
from ..i18n import get_language, show
from ..rules.cards import Card
from .layout import Key, form_layout
from .panel import deal_panel
from .phases import PhaseWords
from .steps import (Filled, Shown, allow, asker, bidding_order, build, fill, lay_boxes, make_cells, place_issues,
                    read_typed)
from .views import DraftView, PhaseView

ANSWERS_KEPT = 4096
"""At most this many of the engine's answers about allowed values are kept per deal."""
DEALS_KEPT = 16
"""At most this many evaluations of the deal (with its problems) are kept."""
PARTS_KEPT = 256
"""At most this many parts of views (boxes, panels, phases) are kept."""


class Worked:
    """What is worked out about one deal of a game as it stands, whatever is typed in its boxes:
    the engine's answers, the deal's evaluations and the parts of its views. Drafts of the same
    deal share it (``DealDraft(like=...)``: the typist's trial draft and the draft shown), so
    that a view one of them worked out is not worked out again by the other; forgotten, for
    both, when the game changes."""

    def __init__(self) -> None:
        self.answers: dict = {}  # the engine's allowed values per box and other entries (see steps.asker)
        self.answered: tuple | None = None  # the game's history when they were given
        self.same: dict = {}  # each answer once: equal answers about a field are one tuple
        self.deals: dict[tuple, list] = {}  # the deal's values -> [its evaluation, problems] as known
        self.parts: dict[tuple, Any] = {}  # boxes, panel, phases by the entries they read (see _part)
        self.reads: dict[str, frozenset] | None = None  # the fields each part of the view reads (at its first view)

    def forget(self) -> None:
        """Forget what was worked out for the game as it was (the fields read stay: the ruleset's)."""
        self.answers.clear()
        self.same.clear()
        self.deals.clear()
        self.parts.clear()


class DealDraft:
    """A deal being entered (the next deal) or changed (a recorded deal)."""

    def __init__(self, game: Game, number: int | None = None, values: Mapping[str, Any] | None = None,
                 editing: bool = False, like: DealDraft | None = None):
        self.game = game
        self.number = number or game.next_deal
        self.editing = editing
        self.typed: dict[Key, Any] = {}
        self.tried = False  # a confirmation was attempted: show what is missing too
        self._view: DraftView | None = None
        self._full: Mapping[Key, Any] = {}
        self._shown = Shown()  # choice views and cells shown before, reused when equal
        if like is None:
            self.setup = game.setup_for(self.number)  # who plays this deal
            self.layout = form_layout(game, self.number)  # the form of that deal: its players
            self._words = PhaseWords(game, self.number, self.setup, [p.phase for p in self.layout])
            self._worked = Worked()
        else:  # the same deal of the same game: what it worked out holds here too
            assert like.game is game and like.number == self.number and like.editing == editing
            self.setup, self.layout, self._words, self._worked = like.setup, like.layout, like._words, like._worked
        if values:
            self._load(values)
            self._unfill()

    # -- what the table typed
    def _load(self, values: Mapping[str, Any]) -> None:
        """A recorded deal's values (engine form) as typed boxes."""
        n = {"seat": self.setup.n, "team": len(self.setup.teams)}
        for fid, spec in self.game.ruleset.fields.items():
            value = values.get(fid)
            if value is None:
                continue
            if spec.scope == "deal":
                self.typed[(fid, None)] = _typed_form(spec, value)
                continue
            for i, v in enumerate(value, start=1):
                if v is not None and i <= n[spec.scope]:
                    self.typed[(fid, i)] = _typed_form(spec, v)

    def _unfill(self) -> None:
        """Leave out of the typed boxes the values the rules fill in from the others (the
        last player's tricks): a recorded deal changed, or undone back to the boxes, fills
        them in again when another box is corrected. The form's last box first, one at a time."""
        (_, _, boxes, _), _ = self._filled()
        for key in reversed([b.key for b in boxes if b.key in self.typed]):
            value = self.typed.pop(key)
            filled = self._filled()[1]
            if key not in filled.auto or filled.values.get(key) != value:
                self.typed[key] = value
        self._view = None

    def set(self, field: str, unit: int | None, value: Any) -> None:
        """Enter a value (None or '' clears it). Cards are the text typed."""
        key = (field, unit)
        if value is None or value == "":
            self.typed.pop(key, None)
        else:
            self.typed[key] = value
        self._view = None

    def clear(self) -> None:
        self.typed.clear()
        self.tried = False
        self._view = None

    def invalidate(self) -> None:
        """The game changed (an earlier deal, undo, redo): compute the view again."""
        self._view = None
        self._forget()

    def _forget(self) -> None:
        """Forget what was worked out for the game as it was (the totals before the deal may
        differ): in every draft sharing it (``like``), which reads the same game."""
        self._worked.forget()

    def _kept_answers(self) -> dict:
        """The answers kept from the views computed before, while the game is as it was then
        (every change of a game is an action of its history); none when there are too many."""
        history = self.game.history
        last = history[-1] if history else None
        worked = self._worked
        answered = worked.answered
        if answered is None or answered[0] != len(history) or answered[1] is not last \
                or len(worked.answers) > ANSWERS_KEPT:
            worked.forget()
            worked.answered = (len(history), last)
        return worked.answers

    def record_taken_back(self, record) -> None:
        """``record``, the game's latest change when this draft's answers were given, was the
        record of this very deal and is the change just undone (the next to redo, nothing done
        since): what was worked out stays, as of the game now (every answer about a deal reads
        the game as it is before it, which the deal's own record does not change: see
        NextDeal.prepare_undo). Anything else: nothing is kept."""
        game, worked = self.game, self._worked
        history, answered = game.history, worked.answered
        if record.kind == "record" and record.deal == self.number and game.to_redo is record \
                and answered is not None and answered[1] is record and answered[0] == len(history) + 1:
            worked.answered = (len(history), history[-1] if history else None)

    def _known(self, values: Mapping[str, Any]) -> list:
        """What is known of the deal with these (engine form) values, while the game is as
        it was: [its evaluation, its problems], each None until worked out. The few deals
        of the last views are kept (a value typed and taken back again)."""
        return _bounded_cache_get(self._worked.deals, tuple(values.items()), DEALS_KEPT, lambda: [None, None])

    def _fields_read(self) -> dict[str, frozenset]:
        """The fields each part of the view reads, from the ruleset's formulas: the boxes
        (whether asked, their bounds, the bidding order), the panel (bidding order, leader,
        trump, reminders) and each phase's derived values (in bidding order)."""
        rules, game = self.game.ruleset, self.game
        order = rules.first_bidder.names | {"first_bidder"}
        boxes = set(order)
        for spec in rules.fields.values():
            boxes |= {n for f in (spec.when, spec.min, spec.max) if f is not None for n in f.names}
        panel = set(order) | {"leader", "trump"}
        for r in rules.reminders:
            panel |= (r.when.names if r.when is not None else frozenset()) | getattr(r.text, "names", frozenset())
        reads = {"#boxes": game.fields_read(boxes), "#panel": game.fields_read(panel)}
        for layout in self.layout:
            names = set(order)
            for did, phase in self._words.derived_phase.items():
                if phase == layout.phase:
                    derived = rules.derived[did]
                    names |= derived.value.names.union(*(part.names for _, part in derived.parts))
                    names |= derived.shown_when.names if derived.shown_when is not None else frozenset()
            reads[layout.phase] = game.fields_read(names)
        return reads

    def _part(self, kind: str, entries: Mapping[Key, Any], compute, *more):
        """A part of the view, worked out again only when the entries it reads (or ``more``)
        changed, while the game is as it was."""
        worked = self._worked
        if worked.reads is None:
            worked.reads = self._fields_read()
        reads = worked.reads[kind]
        key = (kind, frozenset(kv for kv in entries.items() if kv[0][0] in reads), *more)
        return _bounded_cache_get(worked.parts, key, PARTS_KEPT, compute)

    def _evaluate(self, number: int, values: Mapping[str, Any]):
        known = self._known(values)
        if known[0] is None:
            known[0] = self.game.evaluate(number, values)
        return known[0]

    def mark_tried(self) -> None:
        self.tried = True
        self._view = None

    @property
    def is_empty(self) -> bool:
        return not self.typed

    # -- values for the engine
    def values(self) -> dict[str, Any]:
        """The deal as the engine takes it: typed values and those filled in."""
        self.view()
        return build(self.game.ruleset, self.setup, self._full)

    def plain_values(self) -> dict[str, Any]:
        """The deal as plain data (lists, card codes, None for not entered), for the store."""
        out = {}
        for fid, value in self.values().items():
            out[fid] = [_store_form(v) for v in value] if isinstance(value, tuple) else _store_form(value)
        return out

    def refused_with(self, key: Key, values) -> str:
        """Why the rules' checks that read the box ``key`` refuse the deal as typed with the box at
        each of ``values`` in turn ("" once one is taken): what the first refusal says. The deal is
        checked by the ruleset's checks alone (no view is worked out per value: a box of
        numbers from 0 to 120 is tried in about a ms)."""
        self.view()
        game, full, first = self.game, dict(self._full), ""
        before, state = game.timeline.state_before(self.number)
        checks = game.entry_rules.reads.checks_reading(key[0])  # (those that do not read the box: not its doing)
        for value in values:
            full[key] = value
            d = game.deal_eval(self.number, build(game.ruleset, self.setup, full), before, state)
            if next(d.failing(("error",), checks), None) is None:
                return ""
            if not first:  # (the message written once: what the first value tried is refused for)
                first = next((show(i.message) for i in d.check_issues(("error",), checks)), "")
        return first

    def typed_values(self) -> dict[str, Any]:
        """Only what was typed, as plain data (as :meth:`plain_values`): the store's draft,
        from which a restart shows the same boxes (values the rules fill in stay filled in)."""
        self.view()
        typed = {key: value for key, value in self._full.items() if key in self.typed}
        out = {}
        for fid, value in build(self.game.ruleset, self.setup, typed).items():
            out[fid] = [_store_form(v) for v in value] if isinstance(value, tuple) else _store_form(value)
        return out

    # -- the view
    def view(self) -> DraftView:
        if self._view is None:
            self._view = self._compute()
        return self._view

    def _compute(self) -> DraftView:
        """The steps: typed -> boxes -> filled -> allowed -> issues -> cells, phases, panel."""
        game, number, setup, rules = self.game, self.number, self.setup, self.game.ruleset
        (ask, order, boxes, typed), filled = self._filled()
        allowed = allow(boxes, filled, ask)
        self._full = filled.values
        values = build(rules, setup, filled.values)
        d = self._evaluate(number, values)
        known = self._known(values)
        if known[1] is None:
            known[1] = game.validate(number, values)
        panel = self._part("#panel", filled.values, lambda: deal_panel(game, number, values, self.editing),
                           get_language())
        issues = place_issues(rules, known[1], boxes, typed, filled, self.tried)
        cells = make_cells(d, boxes, setup, self.typed, filled, allowed, issues, self._shown)
        phases = tuple(self._phase(p, d, cells, filled.values, order) for p in self.layout)
        return DraftView(number, self.editing, panel, phases, cells,
                         issues.errors, issues.warnings, issues.error_count, issues.error_count == 0)

    def _filled(self) -> tuple[tuple, Filled]:
        """The first steps of the view: typed -> boxes -> filled (the rest asks the rules about
        every box; whether a value is filled in needs only these)."""
        game, number, setup = self.game, self.number, self.setup
        ask = asker(game, number, setup, self._kept_answers(), self._worked.same)
        typed = read_typed(game, number, setup, self.typed, self._evaluate)
        d = self._evaluate(number, build(game.ruleset, setup, typed.values))
        order, boxes = self._part("#boxes", typed.values, lambda: self._boxes(d))
        return (ask, order, boxes, typed), fill(typed, boxes, ask)

    def _boxes(self, d) -> tuple:
        order = bidding_order(d, self.setup)
        return order, lay_boxes(d, self.layout, self.setup, order)

    def _phase(self, layout, d, cells, full, order) -> PhaseView:
        """A phase's words, worked out again when its cells (the same objects while equal)
        or the entries its derived values read changed. (The part kept holds the cells it
        was worked out for: no other object has their ids while it is kept.)"""
        shown = tuple(cells[s] for s in layout.slots)
        return self._part(layout.phase, full, lambda: (shown, self._words.view(layout, d, cells, full, order)),
                          tuple(map(id, shown)), get_language())[1]


_MISSING = object()


def _bounded_cache_get(cache: dict, key, most: int, make):
    """``cache[key]``, made by ``make()`` when it is not there yet; the oldest entry goes
    first once ``cache`` holds ``most``."""
    value = cache.get(key, _MISSING)
    if value is _MISSING:
        if len(cache) >= most:
            del cache[next(iter(cache))]
        value = cache[key] = make()
    return value


def _typed_form(spec, value: Any) -> Any:
    if spec.type == "cards":
        return " ".join(c.code if isinstance(c, Card) else str(c) for c in value)
    return value


def _store_form(value: Any) -> Any:
    """A value as the store keeps it: a tuple of cards as a list of their codes, else as it is."""
    if isinstance(value, tuple):
        return [c.code if isinstance(c, Card) else c for c in value]
    return value
