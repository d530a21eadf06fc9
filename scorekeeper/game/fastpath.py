"""Recording a deal entered as plain values, without the deal's whole evaluation.

Most deals are entered whole and break no rule: each value a whole number within its
bounds (or one of the values its field takes), each check of the ruleset holding. For
those, ``Game.record`` needs no message and no evaluation of the deal value by value.
A :class:`RecordPlan` keeps, once for every game of a kind (the engine's shared part:
ruleset, constants, plan, first dealer), what each deal number fixes (its cards, dealer
and bidding order, the bounds of each field and whether it is asked) and one generated
function of the deal (every check of the ruleset, then the scores and the made marks),
made from the same checked formulas as everything else (``rules.formula.deal_values``).
A deal it cannot take as it is (a value out of bounds or not plain, a row left empty, a
check that does not hold, a value a formula needs that is not entered, any error) goes
the long way, which says why: this path only ever takes what the long way accepts, and
gives the same values, scores and marks.

What the generated function and the engine raise for such an entry (a value not entered, a
formula failing on these values, a number out of range, a value its field does not take) sends
it the long way. Anything else is a fault of this path: with ``SCOREKEEPER_STRICT_FAST_PATH=1``
(the test suite sets it) it raises :class:`FastPathError` instead of going the long way in silence.
"""

from __future__ import annotations

import os

from ..rules.formula import BOOL, MAX_NUMBER, EvalError, Incomplete, Missing, deal_values
from .engine import _READS_THE_TABLE, DealEval, GameError, Setup, convert_value
from .records import Action, DealResult, builder_of

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable, Literal

    # Plain tuples, unpacked where they are read: one is made or read with every deal recorded.
    # A deal taken: (values as the game keeps them, cards, dealer, scores, made marks, whether
    # it is the last deal of the plan).
    Taken = tuple[dict[str, Any], int, int, tuple, tuple, bool]
    # How a field's entered value is taken at a deal: (ROW, ONE, ROW_OF, ONE_OF or None for the
    # long way; units; low and high bound, or the values taken and their type; whether the field
    # may be left empty).
    FieldRule = tuple["str | None", int, Any, Any, bool]
    # What a deal number fixes: (cards, dealer, bidding order or None, field id -> its FieldRule,
    # (field id, its empty value, whether it may be left empty) in field order, whether it is the
    # plan's last deal).
    DealFacts = tuple[int, int, "tuple[int, ...] | None", dict[str, FieldRule], tuple[tuple[str, Any, bool], ...], bool]

# How a field's entered value is taken at a deal (the first item of a field's rule).
ROW, ROW_OF, ONE, ONE_OF = "row", "row-of", "one", "one-of"  # numbers within bounds, or one of a set
_OPEN = object()  # whether the field is asked depends on what is entered
_MOST_KEPT = 4096  # deal numbers whose facts are kept (a game without a plan can go on), rows of marks kept


STRICT_VARIABLE = "SCOREKEEPER_STRICT_FAST_PATH"  # "1": a fault of this path raises (see the docstring)
# What an entry the long way refuses, or says something of, raises here: not a fault of this path.
DECLINED = (Incomplete, Missing, EvalError, ArithmeticError, GameError)


class FastPathError(RuntimeError):
    """The short way failed in a way no entry explains (see the module's docstring): ``where``
    it failed, and the ``error`` it raised (also its cause)."""

    def __init__(self, where: str, error: Exception):
        self.where = where
        self.error = error
        super().__init__(where, error)

    def __str__(self) -> str:
        return f"the short way of recording a deal failed at {self.where}: {self.error!r}"


def declined(error: Exception, where: str) -> None:
    """Go the long way after ``error`` raised at ``where``; FastPathError instead when it is a
    fault of this path and the strict mode is on."""
    if not isinstance(error, DECLINED) and os.environ.get(STRICT_VARIABLE) == "1":
        raise FastPathError(where, error) from error


def record_plan(setup: Setup) -> "RecordPlan | None":
    """The plan of the games of ``setup``'s kind (made on first use), or None when their deals
    always go the long way (values carried on, deals dealt again, a dealer the deals name, parts, a score or check
    that reads more of the deal than its entered values, number, cards, dealer and order)."""
    shared = setup._shared
    plan = shared.record
    if plan is None:
        plan = shared.record = RecordPlan.of(setup) or False
    return plan or None


class RecordPlan:
    """What the plain deals of one kind of game need: see the module's docstring."""

    __slots__ = ("setup", "run", "marks", "no_made", "zero", "seats", "carried", "kept", "deals", "make_result",
                 "make_action")

    def __init__(self, setup: Setup, run: Callable[..., Any]):
        self.setup = setup  # the first game of the kind: what a deal number fixes is the same in all
        self.run = run  # (values, number, cards, dealer, order) -> (scores, made or None), or false
        made = setup.ruleset.made
        # made marks as DealEval.made_all gives them: a yes/no formula's values are its marks
        self.marks: Callable[[Any], tuple] = tuple if made is None or made.type == BOOL else _marks
        self.no_made = (None,) * setup.scorers
        self.zero = (0,) * setup.scorers  # parts won and match totals: none without parts
        self.seats = setup.seats
        self.carried: dict = {}  # nothing is carried on (kept by every result, read only, as the long way keeps one)
        # each row of made marks once (one per pattern of yes and no): an object less a deal for the collector
        self.kept: dict[tuple, tuple] = {}
        self.deals: dict[int, DealFacts | Literal[False]] = {}  # deal number -> its facts (False: the long way)
        # what Game.record makes with each deal taken (records.built, without the look-up)
        self.make_result = builder_of(DealResult)
        self.make_action = builder_of(Action)

    @classmethod
    def of(cls, setup: Setup) -> "RecordPlan | None":
        rules = setup.ruleset
        if rules.carry or rules.redeal is not None or rules.next_dealer is not None or setup.parts is not None or rules.end_bonus is not None:
            return None
        parts = [(check.rule, when, check.scope) for check, when in setup.check_plan()]
        every_seat = frozenset(key for key, spec in rules.fields.items() if spec.scope == "seat")  # see _field_rule
        run = deal_values(parts, rules.score, rules.made, setup.fast_context, setup.scorer_seats, every_seat)
        return None if run is None else cls(setup, run)

    def deal_if_plain(self, values: Any, number: int) -> Taken | None:
        """Deal ``number`` entered as ``values`` (see Taken), when it is plain and breaks no rule;
        else None."""
        facts = self.deals.get(number)
        if facts is None:
            facts = self._facts(number)
        if not facts or type(values) is not dict:
            return None
        cards, dealer, order, fields, empty, last = facts
        clean = {}
        for key, value in values.items():
            rule = fields.get(key)
            if rule is None:
                return None
            kind, units, low, high, empty_ok = rule
            if kind is ROW:
                if type(value) not in (list, tuple) or len(value) != units:
                    return None
                for v in value:
                    if type(v) is not int or not low <= v <= high:
                        return None
                value = tuple(value)
            elif value is None:
                if not empty_ok:
                    return None
            elif kind is ONE:
                if type(value) is not int or not low <= value <= high:
                    return None
            elif kind is ONE_OF:
                if type(value) is not high or value not in low:
                    return None
            elif kind is ROW_OF:
                if type(value) not in (list, tuple) or len(value) != units:
                    return None
                for v in value:
                    if type(v) is not high or v not in low:
                        return None
                value = tuple(value)
            else:
                return None
            clean[key] = value
        for key, nothing, empty_ok in empty:
            if key not in clean:
                if not empty_ok:
                    return None
                clean[key] = nothing
        try:
            done = self.run(clean, number, cards, dealer, order)
        except Exception as error:  # the long way says what it is
            declined(error, "the deal's checks and scores")
            return None
        if not done:  # a check does not hold
            return None
        scores, made = done
        made = self.no_made if made is None else self.marks(made)
        made = self.kept.get(made) or self._keep(made)
        return clean, cards, dealer, tuple(scores), made, last

    def _keep(self, made: tuple) -> tuple:
        if len(self.kept) < _MOST_KEPT:
            self.kept[made] = made
        return made

    def _facts(self, number: int) -> DealFacts | Literal[False]:
        """What deal ``number`` fixes (see DealFacts); False when the deal goes the long way."""
        setup = self.setup
        try:
            d = DealEval(setup, number, setup.empty)
            order = None
            if setup.order_shared:
                try:
                    order = d.order
                except Missing:
                    order = None
            fields = {}
            empty = []
            for key, spec in setup.ruleset.fields.items():
                rule = self._field_rule(d, spec)
                fields[key] = rule
                empty.append((key, setup.empty[key], rule[4]))
            last = setup.plan is not None and number >= len(setup.plan)
            facts: DealFacts | Literal[False] = (d.cards, d.dealer, order, fields, tuple(empty), last)
        except Exception as error:  # e.g. a bound that cannot be worked out: the long way says so
            declined(error, f"the facts of deal {number}")
            facts = False
        if len(self.deals) < _MOST_KEPT:
            self.deals[number] = facts
        return facts

    def _field_rule(self, d: DealEval, spec) -> FieldRule:
        """How an entered value of a field is taken at deal ``d`` (see FieldRule), as Game's
        checks of the fields decide it."""
        setup = self.setup
        asked = True if spec.when is None else self._fixed(d, spec.when)
        quiet = spec.optional and (spec.when is None or spec.when.quiet(setup.fast_context))
        # A per-seat field is entered at every seat on the short way: the generated function
        # reads its values without a test for None (a row left empty goes the long way).
        empty_ok = spec.scope != "seat" and (quiet or (asked is not _OPEN and (asked is not True or spec.optional)))
        row = spec.scope != "deal"
        units = setup.n if spec.scope == "seat" else len(setup.teams)
        if asked is False or asked is _OPEN:
            return None, units, None, None, empty_ok
        if spec.type == "seat":
            return ROW if row else ONE, units, 1, setup.n, empty_ok
        if spec.type == "int" and spec.values:
            return ROW_OF if row else ONE_OF, units, frozenset(spec.values), int, empty_ok
        if spec.type == "int":
            low, high = self._fixed(d, spec.min), self._fixed(d, spec.max)
            if low is _OPEN or high is _OPEN or low is None or high is None:
                return None, units, None, None, empty_ok
            return ROW if row else ONE, units, max(low, -MAX_NUMBER), min(high, MAX_NUMBER), empty_ok
        domain = d.domain(spec, None)
        if spec.type == "cards" or not domain:
            return None, units, None, None, empty_ok
        kind = type(domain[0])
        taken = frozenset(v for v in domain if type(v) is kind and _as_entered(spec, v, setup))
        return ROW_OF if row else ONE_OF, units, taken, kind, empty_ok

    @staticmethod
    def _fixed(d: DealEval, formula) -> Any:
        """A formula's value when the game's constants and the deal's number, cards, dealer and
        forehand fix it (None while it cannot be worked out); _OPEN when it reads more."""
        if not (formula.names <= d.setup.fixed_names and not formula.calls & _READS_THE_TABLE):
            return _OPEN
        try:
            return d.run(formula, None)
        except Missing:
            return None


def _as_entered(spec, value: Any, setup: Setup) -> bool:
    """Whether a value of a field is kept as it is when it is entered (a suit by its name, not
    its letter; a choice without spaces around it)."""
    try:
        kept = convert_value(spec, value, setup)
    except Exception as error:
        declined(error, f"a value of {spec.id}")
        return False
    return kept == value and type(kept) is type(value)


def _marks(values: list) -> tuple:
    """Made marks as DealEval.made_all gives them: yes/no, anything else as None."""
    for v in values:
        if type(v) is not bool:
            return tuple(v if isinstance(v, bool) else None for v in values)
    return tuple(values)
