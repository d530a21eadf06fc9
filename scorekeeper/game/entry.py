"""The entry rules of a game: what is wrong with a deal's entry (:meth:`EntryRules.validate`:
each field's value, then the ruleset's checks) and which values a field may take, with the
reason for each refusal (:meth:`EntryRules.allowed`); and, from the ruleset alone, which fields
each answer reads (:class:`FieldReads`), so a front end asks again only when one of them changes.

An :class:`EntryRules` belongs to one :class:`~scorekeeper.game.game.Game` (its owner): a deal
is seen as the game's engine view of it (``Game.deal_eval``), with the totals before it from
the game's timeline.
"""

from __future__ import annotations

from ..messages import Message
from ..rules.formula import EvalError, Missing
from .engine import Choice, DealEval, GameError, Issue, domain_limit, field_label, listed, message_of
from .parts import Part

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from ..messages import Text
    from ..rules.ruleset import Ruleset
    from .engine import Setup
    from .parts import GameState


class EntryRules(Part):
    """The problems of a deal's entry and the values its fields may take (see the module's docstring)."""

    def __init__(self, game: GameState):
        super().__init__(game)
        self.reads = FieldReads(game.ruleset)
        self._plans: dict[Setup, tuple] = {}  # _field_plan

    def validate(self, number: int, values: Mapping[str, Any], levels=("error", "warning")) -> list[Issue]:
        """Every problem with a (normalized) deal entry, in field order then check order."""
        before, state = self.game.timeline.state_before(number)
        return self.deal_issues(number, values, before, levels, state)

    def checked_deal(self, number: int, values: Mapping[str, Any]) -> tuple[list[Issue], DealEval]:
        """Every problem with a (normalized) deal entry, and the deal as the checks saw it."""
        before, state = self.game.timeline.state_before(number)
        d = self.game.deal_eval(number, values, before, state)
        return self.deal_issues(number, values, before, ("error", "warning"), state, d), d

    def deal_issues(self, number: int, values: Mapping[str, Any], before: tuple, levels, state=None,
                  d: DealEval | None = None) -> list[Issue]:
        if d is None:
            d = self.game.deal_eval(number, values, before, state)
        issues: list[Issue] = []
        try:
            self._field_issues(d, issues)
            issues.extend(d.check_issues(levels))
            if not (issues and any(i.level == "error" for i in issues)) and d.counts():
                d.scores()
                d.carried_after()  # a value carried on that cannot be worked out refuses the deal
                d.next_dealer()  # and so does a next dealer that is no seat
        except Missing as exc:
            spec = self.ruleset.fields.get(exc.name)
            label = field_label(spec.label_for(d.setup.players) if spec else exc.name,
                                d.setup.players[exc.seat - 1] if exc.seat else "")
            issues.append(Issue("error", Message("engine.entry.not_scored_yet", label=label), exc.name, exc.seat))
        except EvalError as exc:
            issues.append(Issue("error", Message("engine.entry.cannot_score", error=message_of(exc))))
        return issues

    def _field_issues(self, d: DealEval, issues: list[Issue]) -> None:
        values = d.values
        unit: Any  # (a seat's or partnership's number in a row: the deal's value is not indexed)
        bounds: Any  # (low, high) when a plain value is within them
        for spec, same, quiet in self._field_plan(d.setup):
            entered: Any = values.get(spec.id)
            if entered is None and quiet:
                continue  # an optional field of the deal left empty, whether it is asked or not
            bounds = None
            if same:  # a number field whose bounds are the same for every seat: worked out once
                try:
                    bounds = (d.run_fixed(spec.min, None), d.run_fixed(spec.max, None))
                except Missing:
                    bounds = None
            plain = bounds is not None and spec.when is None  # a value within them is the field's
            if plain:  # the common case, settled without building any message
                low, high = bounds
                if spec.scope == "deal":
                    if type(entered) is int and low <= entered <= high:
                        continue
                elif entered is not None:
                    for value in entered:
                        if type(value) is not int or not low <= value <= high:
                            break
                    else:
                        continue
            for unit in d.units(spec):
                raw = entered if spec.scope == "deal" else entered[unit - 1]
                if plain and type(raw) is int and bounds[0] <= raw <= bounds[1]:
                    continue
                problem = self._unit_problem(d, spec, unit, raw)
                if problem is not None:
                    issues.append(Issue("error", problem, spec.id, unit))

    def _field_plan(self, setup: Setup) -> tuple:
        """Each field, whether it is a number field whose bounds are the same for every seat, and
        whether it is an optional field of the deal that, left empty, needs no question asked."""
        plan = self._plans.get(setup)
        if plan is None:
            plan = self._plans[setup] = tuple(
                (spec, spec.type == "int" and not spec.values and not (
                    spec.min is not None and spec.min.per_seat or spec.max is not None and spec.max.per_seat),
                 spec.scope == "deal" and self._quiet_when_empty(spec, setup))
                for spec in self.ruleset.fields.values())
        return plan

    @staticmethod
    def _quiet_when_empty(spec, setup: Setup) -> bool:
        """Whether the field, left empty, is no problem whatever its question (``when``) says: it is
        optional, and the question can only be answered or missing (Formula.quiet)."""
        return spec.optional and (spec.when is None or spec.when.quiet(setup.fast_context))

    def _unit_problem(self, d: DealEval, spec, unit: int | None, raw) -> Message | None:
        """Why the value ``raw`` of a field for a seat, partnership or the deal is not right
        (not entered though asked, entered though not asked, not one the field takes), or None."""
        if raw is None and self._quiet_when_empty(spec, d.setup):
            return None  # whether it is asked or not (or not known yet), nothing is missing
        seat = d.unit_seat(spec, unit)
        enabled = d.enabled(spec, seat)
        if raw is None:
            if enabled is not True or spec.optional:
                return None
            if spec.fill is not None:
                try:
                    d.value(spec.id, seat)
                    return None
                except Missing:
                    pass
            return Message("engine.entry.not_entered", label=_unit_label(d, spec, unit))
        if enabled is False:
            return Message("engine.entry.not_asked", label=_unit_label(d, spec, unit))
        return self._out_of_domain(d, spec, seat, raw, _unit_label(d, spec, unit))

    def _out_of_domain(self, d: DealEval, spec, seat, value, label: Text) -> Message | None:
        """Why ``value`` is not one the field may take (a message naming ``label``), or None."""
        if spec.type == "cards":
            if spec.count is not None:
                try:
                    count = d.run(spec.count, seat)
                except Missing:
                    return None
                if len(value) != count:
                    return Message.plural("engine.entry.card_count", count, label=label, given=len(value))
            return None
        if spec.type == "int" and spec.values:
            if type(value) is int and value in spec.values:
                return None
            return Message("engine.entry.not_one_of", label=label, values=listed(spec.values), value=_message_value(value))
        if spec.type == "int":
            try:
                lo, hi = d.run(spec.min, seat), d.run(spec.max, seat)
            except Missing:
                return None
            if type(value) is int and lo <= value <= hi:
                return None
            return (Message("engine.entry.out_of_range", label=label, low=lo, high=hi, value=_message_value(value)) if lo <= hi
                    else Message("engine.entry.empty_range", label=label, value=_message_value(value)))
        try:
            domain: Any = d.domain(spec, seat)  # (a choice's, a seat's or a suit's: a list)
        except Missing:
            return None
        if value in domain and type(value) is type(domain[0]):
            return None
        if spec.type == "int":
            return (Message("engine.entry.out_of_range", label=label, low=domain[0], high=domain[-1],
                            value=_message_value(value))
                    if domain else Message("engine.entry.empty_range", label=label, value=_message_value(value)))
        if spec.type == "seat":
            return Message("engine.entry.not_a_seat", label=label, count=d.setup.n, value=_message_value(value))
        return Message("engine.entry.not_one_of", label=label, values=", ".join(map(str, domain)), value=str(value))

    def allowed(self, field_id: str, unit: int | None, values: Mapping[str, Any] | None = None,
                number: int | None = None, reasons: bool = True) -> list[Choice] | None:
        """The values a field may take for a seat (or partnership), with the reason for each refusal.

        ``values`` is what is entered so far (normalized or raw); ``number`` the deal
        (the next deal by default). None when the field has no finite domain (cards)
        or its bounds depend on what is not entered yet. ``reasons`` False: which values
        only, no reasons (a check's message is put together only where it tells whether
        the refusal was there before the value).
        """
        spec = self.ruleset.fields.get(field_id)
        if spec is None:
            raise GameError(Message("engine.entry.no_field", game=self.ruleset.name, field=field_id))
        number = number or self.game.next_deal
        values = dict(self.game.normalize(values or {}, number))
        base = self.game.deal_eval(number, values, *self.game.timeline.state_before(number))
        seat = base.unit_seat(spec, unit) if spec.scope != "deal" else None
        try:
            domain = base.domain(spec, seat)
        except Missing:
            return None
        if domain is None:
            return None
        too_large = domain_limit(self.ruleset, spec, domain)  # each value is checked: count them first
        if too_large is not None:
            raise too_large
        checks = self.reads.checks_reading(field_id)  # only these can change with the value
        already = {(i.check, i.message) for i in base.check_issues(("error",), checks)}
        said = None if reasons else {check for check, _ in already}  # (the messages compared with those before)
        before: dict[str, set] = {}  # what _refused_once_set finds in the deal as it is (once)
        choices = []
        for candidate in domain:
            trial = dict(values)
            if spec.scope == "deal":
                trial[field_id] = candidate
            else:
                assert unit is not None  # (a seat's or partnership's field is asked of one)
                index = unit - 1
                row = list(trial[field_id])
                row[index] = candidate
                trial[field_id] = tuple(row)
            d = DealEval(base.setup, base.number, trial, base.before, base.match, base.dealer, base.carried)
            issues = [i for i in d.check_issues(("error",), checks, said) if (i.check, i.message) not in already]
            if issues:
                issues = self._refused_once_set(field_id, unit, d, base, issues, before)
            choices.append(Choice(candidate, not issues, tuple(i.message for i in issues) if reasons else ()))
        return choices

    def _refused_once_set(self, field_id: str, unit: int | None, d: DealEval, base: DealEval,
                          issues: list[Issue], before: dict[str, set]) -> list[Issue]:
        """Which of the ``issues`` refusing a value in the deal ``d`` stay whatever the boxes not
        set yet that the rules fill in may still become (unset.py): none when some way of setting
        them passes every check reading its field or them; else those of the checks that refuse
        it every way (all of them, when no one check does)."""
        fields, every = self.reads.unset_read(field_id)
        # A check that reads none of the boxes that may be set refuses the value whatever they become.
        others = set(fields) - ({field_id} if unit is None else set())  # (a seat's field: the others' boxes)
        never = [i for i in issues if not self.reads.fills_read(i.check) & others]
        boxes: list[tuple[str, int | None, tuple]] = []
        if others and not never:
            from .unset import completions, unset_boxes  # (only here: a check that no box left to set can change needs none of it)

            boxes = unset_boxes(d, fields, (field_id, unit))
        if boxes:
            settable = {box[0] for box in boxes}
            never = [i for i in issues if not self.reads.fills_read(i.check) & settable]
        if never or not boxes:
            return never or issues
        if "issues" not in before:
            before["issues"] = {(i.check, i.message) for i in base.check_issues(("error",), every)}
        found = before["issues"]
        always = {i.check for i in issues}
        for values in completions(d.values, boxes):
            trial = DealEval(base.setup, base.number, values, base.before, base.match, base.dealer, base.carried)
            failing = {i.check for i in trial.check_issues(("error",), every) if (i.check, i.message) not in found}
            if not failing:
                return []
            always &= failing
        return [i for i in issues if i.check in always] or issues



class FieldReads:
    """What the answers about a deal's entry read, worked out from the ruleset alone (each once):
    the checks whose outcome can depend on a field, and the fields an answer about the allowed
    values of a field reads."""

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self._reading: dict[str, tuple] = {}  # field -> the checks that can depend on it
        self._allowed_reads: dict[str, frozenset] = {}  # field -> the fields its allowed values read
        self._unset_reads: dict = {}  # field -> unset_read; ("#check", id) -> fills_read

    def fills_read(self, check_id: str | None) -> frozenset[str]:
        """The fields filled in while empty that a check reads (directly or through derived values)."""
        cached = self._unset_reads.get(("#check", check_id))
        if cached is None:
            rules = self.ruleset
            names = frozenset().union(*(c.rule.names | (c.when.names if c.when else frozenset())
                                        for c in rules.checks if c.id == check_id))
            cached = frozenset(f for f in self.fields_read(names) if rules.fields[f].fill is not None)
            self._unset_reads[("#check", check_id)] = cached
        return cached

    def unset_read(self, field_id: str) -> tuple[tuple[str, ...], tuple]:
        """The fields filled in while empty that the checks reading a field read (directly or
        through derived values), and the checks reading that field or any of them."""
        cached = self._unset_reads.get(field_id)
        if cached is None:
            rules = self.ruleset
            names = frozenset().union(*(c.rule.names | (c.when.names if c.when else frozenset())
                                        for c in self.checks_reading(field_id)))
            fields = tuple(f for f in rules.fields if f in self.fields_read(names) and rules.fields[f].fill is not None)
            reading = set(self.checks_reading(field_id)).union(*(self.checks_reading(f) for f in fields))
            cached = self._unset_reads[field_id] = (fields, tuple(c for c in rules.checks if c in reading))
        return cached

    def checks_reading(self, field_id: str) -> tuple:
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
            reads["leader"] = rules.leader.names if rules.leader is not None else frozenset()
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

    def allowed_reads(self, field_id: str) -> frozenset[str]:
        """The fields whose entered values can change what :meth:`allowed` says of a field
        (beside the unit asked about, whose value is replaced by each candidate): the
        fields its bounds and the checks reading it read, directly or through derived
        values, values filled in, the bidding order, the leader, the trump and the score;
        and what the boxes not set yet that the rules fill in read (:meth:`_refused_once_set`).
        Any other entry counts only by being a value of its field at all."""
        cached = self._allowed_reads.get(field_id)
        if cached is None:
            rules = self.ruleset
            spec = rules.fields[field_id]
            names = set(rules.first_bidder.names)  # the checks go round in bidding order
            for bound in (spec.min, spec.max):
                names |= bound.names if bound is not None else frozenset()
            unset, checks = self.unset_read(field_id)  # and what the boxes not set yet may become
            for check in checks:
                names |= check.rule.names | (check.when.names if check.when else frozenset())
                names |= getattr(check.message, "names", frozenset()) | ({check.field} if check.field else set())
            for other in unset:
                other_spec = rules.fields[other]
                for formula in (other_spec.min, other_spec.max, other_spec.when):
                    names |= formula.names if formula is not None else frozenset()
            cached = self._allowed_reads[field_id] = self.fields_read(names)
        return cached

    def fields_read(self, names) -> frozenset[str]:
        """The fields that the values of ``names`` in a deal are worked out from (as
        :meth:`DealEval.value` works them out): the fields among them, and those behind
        derived values, values filled in, the bidding order, the leader, the trump and the score."""
        seen: set[str] = set()
        todo = set(names)
        while todo:  # breadth first, each name once
            seen |= todo
            todo = set().union(*(self._names_behind(name) for name in todo)) - seen
        return frozenset(name for name in seen if name in self.ruleset.fields)

    def _names_behind(self, name: str) -> frozenset[str]:
        """The names a name's value is worked out from."""
        rules = self.ruleset
        spec = rules.fields.get(name)
        if spec is not None:  # filled in while empty, if the field is asked
            return (spec.fill.names | (spec.when.names if spec.when is not None else frozenset())
                    if spec.fill is not None else frozenset())
        if name in rules.derived:
            return rules.derived[name].value.names
        if name in ("first_bidder", "position"):
            return rules.first_bidder.names
        if name == "leader" and rules.leader is not None:
            return rules.leader.names
        if name == "trump":
            return frozenset(n for r in rules.trump for f in (r.when, r.suit, r.seat, r.say)
                             for n in getattr(f, "names", ())) | {r.field for r in rules.trump if r.field}
        if name in ("total", "score"):
            return rules.score.names
        return frozenset()


def _unit_label(d: DealEval, spec, unit: int | None) -> Text:
    """A field's label naming whose value it is, for a message."""
    return field_label(spec.label_for(d.setup.players), d.unit_name(spec, unit))



def _message_value(value):
    """A value for a message: numbers as the language writes them, anything else as text."""
    return value if type(value) in (int, float) else str(value)

