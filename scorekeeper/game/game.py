"""The game aggregate: seats, an ordered history of entries, and all that follows.

Like python-chess's Board, a :class:`Game` holds only what happened (the history
of actions); totals, the dealer of any deal, the trump instruction, whether the
game is over and who won are derived from it on demand. ``record`` appends,
``undo`` pops, ``redo`` re-applies, and editing a past deal is an action too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ..rules.formula import EvalError, Missing
from ..rules.ruleset import Ruleset
from .engine import (
    Choice, DealEval, GameError, IllegalEntry, Issue, Setup, SetupError, TrumpInstruction,
    convert_value,
)

__all__ = [
    "Action", "DealInfo", "DealResult", "Game", "GameError", "IllegalEntry", "Issue",
    "SetupError", "Standing", "replay_into",
]


@dataclass(frozen=True)
class Action:
    """One thing the table did: recorded deal ``deal``, or changed it (``previous`` set)."""

    kind: str  # "record" or "edit"
    deal: int
    values: Mapping[str, Any]
    previous: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class DealInfo:
    """What the table is told before a deal."""

    number: int
    of: int | None  # deals in the plan, None when the game ends by score
    cards: int
    dealer: int
    forehand: int
    bidding_order: tuple[int, ...]
    leader: int | None  # None until the entries decide it
    trump: TrumpInstruction
    reminders: tuple[str, ...]


@dataclass(frozen=True)
class DealResult:
    number: int
    cards: int
    dealer: int
    values: Mapping[str, Any]
    scores: tuple  # per scorer (seat, or partnership)
    made: tuple  # per scorer: True, False or None (not a bidding score)
    totals: tuple  # running totals after this deal (within the current part, with parts)
    issues: tuple[Issue, ...] = ()
    part: int = 1  # with parts: which part (e.g. game of a rubber) the deal belongs to
    part_over: bool = False  # the deal ended its part
    match: tuple = ()  # with parts: match totals after this deal
    parts_won: tuple = ()
    ends_game: bool = False


@dataclass(frozen=True)
class Standing:
    rank: int
    scorer: int  # 0-based seat or partnership index
    name: str
    total: Any


@dataclass
class _Cache:
    results: list = field(default_factory=list)


class Game:
    """A game of one ruleset at one table."""

    def __init__(self, ruleset: Ruleset, players: Iterable[str], options: Mapping[str, Any] | None = None,
                 first_dealer: int = 1):
        self.ruleset = ruleset
        self.setup = Setup(ruleset, players, dict(options or {}), first_dealer)
        self.history: list[Action] = []
        self._redo: list[Action] = []
        self._deals: list[Mapping[str, Any]] = []
        self._results: list[DealResult] = []
        self._checked: tuple | None = None  # (deal, values, issues) of the entry just validated
        self._stale: dict[int, DealResult] = {}  # results to reuse after an earlier change
        self._reads_totals = _reads_totals(ruleset)
        self._reading: dict[str, tuple] = {}  # field -> the checks that can depend on it

    @classmethod
    def by_lot(cls, ruleset: Ruleset, players: Iterable[str], options=None, rng: random.Random | None = None) -> "Game":
        """A game whose first dealer is drawn by lot (inject ``rng`` for repeatable draws)."""
        players = list(players)
        rng = rng or random.Random()
        return cls(ruleset, players, options, first_dealer=rng.randint(1, max(1, len(players))))

    # -- seats and plan
    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.options)

    @property
    def scorer_names(self) -> tuple[str, ...]:
        return self.setup.scorer_names

    @property
    def planned_deals(self) -> int | None:
        return len(self.setup.plan) if self.setup.plan is not None else None

    @property
    def deals(self) -> list[Mapping[str, Any]]:
        """The values of every recorded deal, as they stand after all edits."""
        return list(self._deals)

    @property
    def next_deal(self) -> int:
        return len(self._deals) + 1

    # -- history
    def record(self, values: Mapping[str, Any], *, check: bool = True) -> DealResult:
        """Record the next deal; IllegalEntry (nothing changes) if it breaks a rule.

        ``check=False`` keeps a deal that breaks the checks (its problems stay in
        ``results()[n].issues``): for re-scoring a finished game under other options,
        where a deal must be shown, not dropped (also one played after the game would
        have ended). Values must still be well-formed.
        """
        if check and self.is_over:
            raise GameError(f"the game is over; {self._over_reason()}")
        number = self.next_deal
        clean = self.normalize(values)
        if check:
            self._require_valid(number, clean)
        self._apply(Action("record", number, clean))
        self._redo.clear()
        return self.results()[number - 1]

    def edit(self, number: int, values: Mapping[str, Any]) -> DealResult:
        """Change a recorded deal; later totals and checks follow from the history."""
        if not 1 <= number <= len(self._deals):
            raise GameError(f"there is no recorded deal {number}; deals 1 to {len(self._deals)} are recorded")
        clean = self.normalize(values)
        self._require_valid(number, clean)
        self._apply(Action("edit", number, clean, self._deals[number - 1]))
        self._redo.clear()
        return self.results()[number - 1]

    def undo(self) -> Action:
        if not self.history:
            raise GameError("there is nothing to undo")
        action = self.history.pop()
        if action.kind == "record":
            self._deals.pop()
        else:
            self._deals[action.deal - 1] = action.previous
        self._invalidate(action.deal)
        self._redo.append(action)
        return action

    def redo(self) -> Action:
        if not self._redo:
            raise GameError("there is nothing to redo")
        action = self._redo.pop()
        self._apply(action)
        return action

    def snapshot(self) -> tuple:
        """The whole state of the game, for putting back with restore() (e.g. when a save fails)."""
        return (list(self.history), list(self._redo), list(self._deals), list(self._results))

    def restore(self, snapshot: tuple) -> None:
        """Put the game back exactly as it was at snapshot(), redo stack included."""
        history, redo, deals, results = snapshot
        self.history, self._redo, self._deals, self._results = list(history), list(redo), list(deals), list(results)
        self._checked = None
        self._stale.clear()

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _apply(self, action: Action) -> None:
        if action.kind == "record":
            self._deals.append(action.values)
        else:
            self._deals[action.deal - 1] = action.values
        self.history.append(action)
        self._invalidate(action.deal)

    def _invalidate(self, number: int) -> None:
        # Deals after a changed one keep their own scores and checks when no formula of
        # the ruleset reads the running totals: only the totals and the end are redone.
        if not self._reads_totals:
            for result in self._results[number - 1:]:
                self._stale[result.number] = result
        del self._results[number - 1:]

    # -- entries
    def normalize(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Typed values keyed by field: per-seat and per-partnership fields as tuples."""
        if not isinstance(values, Mapping):
            raise GameError("a deal's entries are a table of field = value")
        rules = self.ruleset
        out: dict[str, Any] = {}
        for key, value in values.items():
            spec = rules.fields.get(key)
            if spec is None:
                import difflib

                close = difflib.get_close_matches(str(key), list(rules.fields), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise GameError(f"{rules.name} has no field '{key}'{hint}; its fields are: {', '.join(rules.fields)}")
            if spec.scope == "deal":
                out[key] = convert_value(spec, value, self.setup)
                continue
            units = self.setup.n if spec.scope == "seat" else len(self.setup.teams)
            names = (self.setup.players if spec.scope == "seat" else self.setup.scorer_names
                     if rules.score_scope == "team" else
                     tuple(" & ".join(self.setup.players[s - 1] for s in t) for t in self.setup.teams))
            if not isinstance(value, (list, tuple)) or (
                spec.type == "cards" and value and not isinstance(value[0], (list, tuple, str, type(None)))
            ):
                raise GameError(f"{spec.label} is given for each {'player' if spec.scope == 'seat' else 'partnership'}: a list of {units} values")
            if spec.type == "cards" and all(isinstance(v, str) for v in value) and len(value) != units:
                raise GameError(f"{spec.label} is given for each player: a list of {units} hands")
            if len(value) != units:
                raise GameError(f"{spec.label} needs {units} values, one for each {'player' if spec.scope == 'seat' else 'partnership'}; {len(value)} were given")
            out[key] = tuple(convert_value(spec, v, self.setup, names[i]) for i, v in enumerate(value))
        for key in rules.fields:
            if key not in out:
                spec = rules.fields[key]
                units = self.setup.n if spec.scope == "seat" else len(self.setup.teams)
                out[key] = None if spec.scope == "deal" else (None,) * units
        return out

    def evaluate(self, number: int, values: Mapping[str, Any] | None = None) -> DealEval:
        """The deal as the engine sees it (values default to what is recorded)."""
        if values is None:
            if number <= len(self._deals):
                values = self._deals[number - 1]
            else:
                values = self.normalize({})
        return DealEval(self.setup, number, values, *self._state(number))

    def _state(self, number: int) -> tuple[tuple, tuple]:
        """(totals before deal ``number``, (parts won, match totals) before it)."""
        if number <= 1:
            return self._state_after(None)
        results = self.results()
        if number - 2 < len(results):
            return self._state_after(results[number - 2])
        return self._state_after(results[-1] if results else None)

    def _before(self, number: int) -> tuple:
        return self._state(number)[0]

    def validate(self, number: int, values: Mapping[str, Any], levels=("error", "warning")) -> list[Issue]:
        """Every problem with a (normalized) deal entry, in field order then check order."""
        before, state = self._state(number)
        return self._validate(number, values, before, levels, state)

    def _validate(self, number: int, values: Mapping[str, Any], before: tuple, levels, state=None,
                  d: DealEval | None = None) -> list[Issue]:
        if d is None:
            d = DealEval(self.setup, number, values, before, state)
        issues: list[Issue] = []
        try:
            self._field_issues(d, issues)
            issues.extend(d.check_issues(levels))
            if not any(i.level == "error" for i in issues):
                for scorer in range(self.setup.scorers):
                    d.score(scorer)
        except Missing as exc:
            spec = self.ruleset.fields.get(exc.name)
            label = spec.label if spec else exc.name
            who = f" of {self.setup.players[exc.seat - 1]}" if exc.seat else ""
            issues.append(Issue("error", f"the deal cannot be scored yet: {label}{who} is not entered", exc.name, exc.seat))
        except EvalError as exc:
            issues.append(Issue("error", f"the ruleset cannot score this deal: {exc}"))
        return issues

    def _field_issues(self, d: DealEval, issues: list[Issue]) -> None:
        values = d.values
        for spec in self.ruleset.fields.values():
            entered = values.get(spec.id)
            bounds = None
            if spec.type == "int" and not (spec.min.per_seat or spec.max.per_seat):
                try:  # the same for every seat: worked out once
                    bounds = (d.run(spec.min, None), d.run(spec.max, None))
                except Missing:
                    bounds = None
            for unit in d.units(spec):
                raw = entered if spec.scope == "deal" else entered[unit - 1]
                seat = d.unit_seat(spec, unit)
                if (raw is not None and bounds is not None and spec.when is None
                        and type(raw) is int and bounds[0] <= raw <= bounds[1]):
                    continue  # the common case, settled without building any message
                enabled = d.enabled(spec, seat)
                who = d.unit_name(spec, unit)
                label = f"{spec.label} of {who}" if who else spec.label
                if raw is None:
                    if enabled is not True or spec.optional:
                        continue
                    if spec.fill is not None:
                        try:
                            d.value(spec.id, seat)
                            continue
                        except Missing:
                            pass
                    issues.append(Issue("error", f"{label} is not entered", spec.id, unit))
                    continue
                if enabled is False:
                    issues.append(Issue("error", f"{label} is not asked in this deal; leave it empty", spec.id, unit))
                    continue
                problem = self._out_of_domain(d, spec, seat, raw)
                if problem:
                    issues.append(Issue("error", f"{label} {problem}", spec.id, unit))

    def _out_of_domain(self, d: DealEval, spec, seat, value) -> str | None:
        if spec.type == "cards":
            if spec.count is not None:
                try:
                    count = d.run(spec.count, seat)
                except Missing:
                    return None
                if len(value) != count:
                    return f"must be {count} cards, not {len(value)}"
            return None
        if spec.type == "int":
            try:
                lo, hi = d.run(spec.min, seat), d.run(spec.max, seat)
            except Missing:
                return None
            if type(value) is int and lo <= value <= hi:
                return None
            return f"must be from {lo} to {hi}, not {value}" if lo <= hi else f"cannot be entered: the allowed range is empty (not {value})"
        try:
            domain = d.domain(spec, seat)
        except Missing:
            return None
        if value in domain and type(value) is type(domain[0]):
            return None
        if spec.type == "int":
            return f"must be from {domain[0]} to {domain[-1]}, not {value}" if domain else f"cannot be entered: the allowed range is empty (not {value})"
        if spec.type == "seat":
            return f"must be a seat from 1 to {self.setup.n}, not {value}"
        return f"must be one of {', '.join(map(str, domain))}, not '{value}'"

    def _require_valid(self, number: int, values: Mapping[str, Any]) -> None:
        issues = self.validate(number, values)
        errors = [i for i in issues if i.level == "error"]
        if errors:
            raise IllegalEntry(errors)
        self._checked = (number, values, issues)  # results() need not check this entry again

    def allowed(self, field_id: str, unit: int | None, values: Mapping[str, Any] | None = None,
                number: int | None = None) -> list[Choice] | None:
        """The values a field may take for a seat (or partnership), with the reason for each refusal.

        ``values`` is what is entered so far (normalized or raw); ``number`` the deal
        (the next deal by default). None when the field has no finite domain (cards)
        or its bounds depend on what is not entered yet.
        """
        spec = self.ruleset.fields.get(field_id)
        if spec is None:
            raise GameError(f"{self.ruleset.name} has no field '{field_id}'")
        number = number or self.next_deal
        values = dict(self.normalize(values or {}))
        base = DealEval(self.setup, number, values, *self._state(number))
        seat = base.unit_seat(spec, unit) if spec.scope != "deal" else None
        try:
            domain = base.domain(spec, seat)
        except Missing:
            return None
        if domain is None:
            return None
        checks = self._checks_reading(field_id)  # only these can change with the value
        already = {(i.check, i.message) for i in base.check_issues(("error",), checks)}
        choices = []
        for candidate in domain:
            trial = dict(values)
            if spec.scope == "deal":
                trial[field_id] = candidate
            else:
                index = unit - 1
                row = list(trial[field_id])
                row[index] = candidate
                trial[field_id] = tuple(row)
            d = DealEval(self.setup, number, trial, base.before, base.match)
            reasons = tuple(i.message for i in d.check_issues(("error",), checks) if (i.check, i.message) not in already)
            choices.append(Choice(candidate, not reasons, reasons))
        return choices

    def _checks_reading(self, field_id: str) -> tuple:
        """The checks whose outcome can depend on a field: they read it, directly or
        through derived values, the trump, the bidding order or the leader."""
        cached = self._reading.get(field_id)
        if cached is None:
            rules = self.ruleset
            reads: dict[str, frozenset] = {d.id: d.value.names for d in rules.derived.values()}
            for spec in rules.fields.values():
                if spec.fill is not None:  # a field left empty is computed from others
                    reads[spec.id] = spec.fill.names
            reads["first_bidder"] = rules.first_bidder.names
            reads["leader"] = rules.leader.names
            reads["trump"] = frozenset().union(*(f.names for r in rules.trump for f in (r.when, r.suit, r.seat) if f),
                                               *({r.field} for r in rules.trump if r.field))
            order_names = reads["first_bidder"]

            def depends(names, seen=()) -> bool:
                for name in names:
                    if name == field_id:
                        return True
                    if name in reads and name not in seen and depends(reads[name], (*seen, name)):
                        return True
                return False

            cached = tuple(
                c for c in rules.checks
                if depends(c.rule.names | (c.when.names if c.when else frozenset()) | getattr(c.message, "names", frozenset()))
                or depends(order_names)  # every aggregate follows the bidding order
            )
            self._reading[field_id] = cached
        return cached

    # -- derived state
    def results(self) -> list[DealResult]:
        """Scores and running totals of every recorded deal (recomputed only after a change)."""
        results = self._results
        if len(results) == len(self._deals):
            return list(results)
        setup = self.setup
        parts = setup.parts
        totals, state = self._state_after(results[-1] if results else None)
        over_at = next((r.number for r in results if r.ends_game), None)
        stale = self._stale
        for number in range(len(results) + 1, len(self._deals) + 1):
            values = self._deals[number - 1]
            d = DealEval(setup, number, values, totals, state)
            checked = self._checked
            kept = stale.pop(number, None)
            if kept is not None and kept.values is values:
                # The same entry under rules that do not read the totals: the same
                # scores and problems (the one about the end is worked out again).
                issues = [i for i in kept.issues if i.check != _AFTER_END]
                scores, made = list(kept.scores), list(kept.made)
                for scorer, score in enumerate(scores):
                    d.cache_score(scorer, score)
            else:
                if checked is not None and checked[0] == number and checked[1] is values:
                    issues = list(checked[2])
                else:
                    issues = self._validate(number, values, totals, ("error", "warning"), state, d)
                scores, made = [], []
                for scorer in range(setup.scorers):
                    try:
                        scores.append(d.score(scorer))
                    except (Missing, EvalError):
                        scores.append(0)
                    made.append(d.made(scorer))
            self._checked = None
            if over_at is not None:
                issues.append(Issue("error", f"deal {number} was played after the game ended at deal {over_at}",
                                    check=_AFTER_END))
            after = tuple(t + s for t, s in zip(totals, scores))
            won, match = state
            part_over = False
            if parts is not None and _holds(parts.end, d):
                part_over = True
                awards = [self._number(parts.award, d, seat) for seat in setup.scorer_seats]
                best = (max if self.ruleset.winner == "highest" else min)(after)
                won = tuple(w + (t == best) for w, t in zip(won, after))
                match = tuple(m + a for m, a in zip(match, awards))
            ends = self._ends(number, values, totals, (won, match), d if not part_over else None)
            if ends and parts is not None and parts.bonus is not None:
                final = DealEval(setup, number, values, totals, (won, match))
                match = tuple(m + self._number(parts.bonus, final, seat)
                              for m, seat in zip(match, setup.scorer_seats))
            part = (results[-1].part + results[-1].part_over) if results else 1
            result = DealResult(number, d.cards, d.dealer, values, tuple(scores), tuple(made), after,
                                tuple(issues), part, part_over, match, won, ends)
            results.append(result)
            if over_at is None and ends:
                over_at = number
            totals, state = self._state_after(result)
        stale.clear()
        return list(results)

    def _state_after(self, result: "DealResult | None") -> tuple[tuple, tuple]:
        """Totals and (parts won, match totals) that the deal after ``result`` starts from."""
        zero = (0,) * self.setup.scorers
        if result is None:
            return zero, (zero, zero)
        return (zero if result.part_over else result.totals), (result.parts_won, result.match)

    def _ends(self, number: int, values, before: tuple, state, d: DealEval | None = None) -> bool:
        """Whether the game ends with this deal (``d``: the deal, if ``state`` is still its own)."""
        plan = self.setup.plan
        if plan is not None and number >= len(plan):
            return True
        when = self.ruleset.end_when
        if when is None:
            return False
        return _holds(when, d if d is not None else DealEval(self.setup, number, values, before, state))

    @staticmethod
    def _number(formula, deal: DealEval, seat: int):
        try:
            value = deal.run(formula, seat)
        except (Missing, EvalError):
            return 0
        return int(value) if isinstance(value, bool) else value

    def _ends_at(self, result: DealResult) -> bool:
        return result.ends_game

    def totals(self) -> tuple:
        """The standing totals: the running totals, or with parts the match totals."""
        results = self.results()
        if not results:
            return (0,) * self.setup.scorers
        return results[-1].match if self.setup.parts is not None else results[-1].totals

    @property
    def is_over(self) -> bool:
        return any(self._ends_at(r) for r in self.results()[-1:]) or self._ended_early() is not None

    def _ended_early(self) -> int | None:
        for r in self.results():
            if self._ends_at(r):
                return r.number
        return None

    def _over_reason(self) -> str:
        at = self._ended_early()
        if self.setup.plan is not None and at == len(self.setup.plan):
            return f"all {at} deals are played"
        return f"it ended after deal {at}"

    def standings(self) -> list[Standing]:
        totals = self.totals()
        names = self.scorer_names
        reverse = self.ruleset.winner == "highest"
        order = sorted(range(len(totals)), key=lambda i: (-totals[i] if reverse else totals[i], i))
        out = []
        for pos, i in enumerate(order):
            rank = pos + 1
            if pos and totals[order[pos - 1]] == totals[i]:
                rank = out[-1].rank
            out.append(Standing(rank, i, names[i], totals[i]))
        return out

    @property
    def winners(self) -> list[str]:
        """The winner (several on a tie) once the game is over, else an empty list."""
        if not self.is_over:
            return []
        return [s.name for s in self.standings() if s.rank == 1]

    def info(self, number: int | None = None) -> DealInfo:
        """What the table is told for a deal (the next one by default)."""
        number = number or self.next_deal
        d = self.evaluate(number)
        try:
            leader = d.value("leader", None)
        except Missing:
            leader = None
        try:
            order = d.order
        except Missing:  # a first bidder that depends on what is not entered yet
            order = ()
        return DealInfo(number, self.planned_deals, d.cards, d.dealer, d.forehand, order, leader,
                        d.trump(), tuple(d.reminders()))


def replay_into(game: Game, deals: Iterable[Mapping[str, Any]]) -> list[tuple[int, list[Issue]]]:
    """Record deals into a fresh game, keeping those that break a rule (for what-if re-scoring).

    Returns the refused deals as (deal number, issues). A refused deal is still
    recorded (``record(check=False)``), so later deals keep their numbers and the
    totals count what the table played; a deal beyond the deal plan cannot be recorded
    at all and is listed and left out. Values that are not well-formed raise GameError
    (with ``deal`` set on it) — they are a broken sheet, not a different rule.
    """
    refused: list[tuple[int, list[Issue]]] = []
    for number, raw in enumerate(deals, start=game.next_deal):
        try:
            clean = game.normalize(raw)
        except GameError as exc:
            exc.deal = number  # type: ignore[attr-defined]
            raise
        plan = game.setup.plan
        if plan is not None and number > len(plan):
            refused.append((number, [Issue("error", f"the game has {len(plan)} deals; there is no deal {number}")]))
            continue
        try:
            game.record(clean)
            continue
        except IllegalEntry as exc:
            issues = list(exc.issues)
        except GameError as exc:  # the game ended earlier under these rules
            issues = [Issue("error", str(exc))]
        refused.append((number, issues))
        game.record(clean, check=False)  # shown, not dropped: its problems are listed
    return refused


_AFTER_END = "#played-after-end"  # the check id of that problem, which the engine itself finds
_TOTAL_NAMES = frozenset({"before", "total", "parts_won", "match_total"})


def _reads_totals(ruleset: Ruleset) -> bool:
    """Whether a deal's scores or problems can depend on the deals before it."""
    formulas = [d.value for d in ruleset.derived.values()]
    formulas += [part for d in ruleset.derived.values() for _, part in d.parts]
    formulas += [ruleset.score, ruleset.made, ruleset.first_bidder, ruleset.leader]
    for check in ruleset.checks:
        formulas += [check.rule, check.when]
        if _TOTAL_NAMES & getattr(check.message, "names", frozenset()):
            return True
    for spec in ruleset.fields.values():
        formulas += [spec.min, spec.max, spec.when, spec.fill, spec.count]
    for rule in ruleset.trump:
        formulas += [rule.when, rule.suit, rule.seat]
    return any(f is not None and _TOTAL_NAMES & f.names for f in formulas)


def _holds(formula, deal: DealEval, seat: int | None = None) -> bool:
    """A yes/no formula; False while what it needs is not entered."""
    try:
        return bool(deal.run(formula, seat))
    except (Missing, EvalError):
        return False
