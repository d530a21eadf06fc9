"""The game aggregate: seats, an ordered history of entries, and all that follows.

Like python-chess's Board, a :class:`Game` holds only what happened (the history
of actions); totals, the dealer of any deal, the trump instruction, whether the
game is over and who won are derived from it on demand. ``record`` appends,
``undo`` pops, ``redo`` re-applies, and editing a past deal is an action too.

``Game`` is the facade of three parts, each in a module of its own that reads the
history: the roster (who plays each deal, its dealer, the plan the table changed:
roster.py), the entry rules (what is wrong with an entry, the values a field may
take: entry.py) and the results timeline (scores, totals, the end, standings and
winners: timeline.py).

Three players of Lupaus (a bid made scores 10 + the bid, a bid missed 0; 10 cards in deal 1,
9 in deal 2, the dealer may not bid what makes the bids total the tricks):

>>> from scorekeeper.rules.ruleset import load_ruleset
>>> game = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"])
>>> game.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}).scores
(13, 0, 12)
>>> game.record({"bid": [3, 3, 3], "tricks": [3, 3, 3], "turned": "clubs"})
Traceback (most recent call last):
  ...
scorekeeper.game.engine.IllegalEntry: Dealer Ben may not bid 3: the bids would total 9, the number of tricks
>>> game.undo().kind, game.totals()
('record', (0, 0, 0))
>>> game.redo().deal, game.totals()
(1, (13, 0, 12))

Editing a deal is an action too (undo takes it back); the totals follow:

>>> game.edit(1, {"bid": [3, 4, 2], "tricks": [3, 4, 3], "turned": "hearts"}).scores
(13, 14, 0)
>>> [(s.rank, s.name, s.total) for s in game.standings()]
[(1, 'Ben', 14), (2, 'Anna', 13), (3, 'Cara', 0)]
"""

from __future__ import annotations

from operator import add

from ..messages import Message
from ..rules.formula import MAX_NUMBER, NUMBER_LIMIT, Missing, number_text
from ..rules.ruleset import Ruleset
from .engine import (
    Choice, DealEval, GameError, IllegalEntry, Issue, Setup, SetupError, convert_value, holder_names,
)
from .entry import EntryRules
from .records import (
    AFTER_END_CHECK, END, MOST_REDEALS, PLAN, ROSTER_KINDS, Action, CheckedEntry, DealInfo, DealResult, Lineup,
    Snapshot, Standing, built,
)
from .roster import Roster
from .timeline import Timeline, _counts, _holds, _reads_totals

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence
    from random import Random
    from typing import Any

    from ..messages import Text

__all__ = [
    "Action", "DealInfo", "DealResult", "Game", "GameError", "IllegalEntry", "Issue", "Lineup",
    "SetupError", "Standing", "apply_table_changes", "deals_with_table", "draw_first_dealer", "is_table_only",
    "plan_at", "played_after_end", "replay_into", "split_after_end", "table_changes",
]
# Also read from here: MOST_REDEALS and _reads_totals (timeline.py).


def draw_first_dealer(players: int, rng: Random) -> int:
    """The seat (1 to ``players``) of the first dealer, drawn by lot from ``rng``
    (a front end injects its random source, so a test can repeat the draw)."""
    return rng.randint(1, max(1, players))


class Game:
    """A game of one ruleset at one table."""

    def __init__(self, ruleset: Ruleset, players: Iterable[str], options: Mapping[str, Any] | None = None,
                 first_dealer: int = 1, scores: Sequence[Any] | None = None,
                 carried: Mapping[str, Any] | None = None):
        """``scores``: the starting score of each player (each partnership in a partnership
        score) that the table agreed, e.g. a game continued from paper; 0 each by default.
        ``carried``: the values carried into the first deal that the table agreed (carried
        value id -> one whole number per seat, partnership or, for the table, one), e.g. the
        bags or part-scores of a game continued from paper; the ruleset's starts by default."""
        self.ruleset = ruleset
        self.setup = Setup(ruleset, players, dict(options or {}), first_dealer)
        self.start_scores: tuple = _start_scores(self.setup, scores)
        # the values carried into the first deal, when the table gave some (None: the ruleset's starts)
        self.start_carried: dict[str, tuple] | None = _start_carried(self.setup, carried)
        self._stopped: int | None = None  # the deal after which the table ended the game early
        self.history: list[Action] = []
        self._redo: list[Action] = []
        self.entered: list[Mapping[str, Any]] = []  # the values of each recorded deal, after all edits
        # The three parts of the game, each reading the history above (see their modules).
        self.roster = Roster(self)
        self.timeline = Timeline(self)
        self.entry_rules = EntryRules(self)

    # -- seats and plan
    @property
    def players(self) -> tuple[str, ...]:
        """Everyone at the table, the first players in seat order then who joined later:
        the game's seats 1..n (scores and totals are per game seat)."""
        return self.roster.players

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.options)

    @property
    def scorer_names(self) -> tuple[str, ...]:
        return self.roster.scorer_names

    @property
    def planned_deals(self) -> int | None:
        """Deals in the plan (for the players of the next deal), or as many as the options fix for
        a game that ends by a formula; None when the game ends by score."""
        return self.roster.setup_for(self.next_deal).planned

    @property
    def deals(self) -> list[Mapping[str, Any]]:
        """The values of every recorded deal, as they stand after all edits."""
        return list(self.entered)

    @property
    def next_deal(self) -> int:
        return len(self.entered) + 1

    # -- history
    def record(self, values: Mapping[str, Any], *, check: bool = True) -> DealResult:
        """Record the next deal; IllegalEntry (nothing changes) if it breaks a rule (examples: the
        module's docstring).

        ``check=False`` keeps a deal that breaks the checks (its problems stay in
        ``results()[n].issues``): for re-scoring a finished game under other options,
        where a deal must be shown, not dropped (also one played after the game would
        have ended). Values must still be well-formed.
        """
        if check and not self.roster.changes:
            result = self._record_plain(values)
            if result is not None:
                return result
        if check and self.timeline.is_over:
            raise GameError(Message("engine.game.over", reason=self.timeline.over_reason()))
        number = self.next_deal
        clean = self.normalize(values)
        if check:
            self._require_valid(number, clean)
        self._require_redeals(number, clean)
        self._apply(built(Action, "record", number, clean, None))
        self._redo.clear()
        return self.timeline.current()[number - 1]

    def _record_plain(self, values: Mapping[str, Any]) -> DealResult | None:
        """record() of a deal entered as plain values that break no rule, in one short step
        (game/fastpath.py): the same entry, result and state as the long way gives; None when
        the deal needs the long way (which then says what is wrong, if anything is)."""
        timeline = self.timeline
        results = timeline.known
        number = len(results) + 1
        if number != len(self.entered) + 1 or self._stopped is not None:
            return None
        if results:  # the game goes on: its end is known for these very results
            memo = timeline.end_memo
            if memo is None or memo[0] != number - 1 or memo[1] is not results[-1] or memo[2] is not None:
                return None
            totals = results[-1].totals
        else:
            totals = self.start_scores  # one per scorer: nobody joined
        setup = self.setup
        plan = setup._shared.record
        if plan is None:  # once for each set-up (its module is imported by the first game that records)
            from .fastpath import record_plan

            plan = record_plan(setup)
        if not plan:
            return None
        taken = plan.deal_if_plain(values, number)
        if taken is None:
            return None
        clean, cards, dealer, scores, made, ends = taken
        after = tuple(map(add, totals, scores))
        if not ends and self.ruleset.end_when is not None:
            d = DealEval(setup, number, clean, totals, setup.no_match)
            for scorer, score in enumerate(scores):
                d.cache_score(scorer, score)
            ends = _holds(self.ruleset.end_when, d)
        self.entered.append(clean)
        self.history.append(plan.make_action("record", number, clean, None))
        self._redo.clear()
        timeline.stale.clear()
        timeline.checked = None
        zero = plan.zero
        result = plan.make_result(number, cards, dealer, clean, scores, made, after, (), 1, False, zero, zero, ends,
                                  plan.seats, plan.carried, True, number, (), 0)
        results.append(result)
        timeline.end_memo = (number, result, number if ends else None)
        return result

    def edit(self, number: int, values: Mapping[str, Any]) -> DealResult:
        """Change a recorded deal; later totals and checks follow from the history."""
        if not 1 <= number <= len(self.entered):
            raise GameError(Message("engine.game.no_recorded_deal", number=str(number), count=len(self.entered)))
        clean = self.normalize(values, number)
        self._require_valid(number, clean)
        self._require_redeals(number, clean)
        self._apply(Action("edit", number, clean, self.entered[number - 1]))
        self._redo.clear()
        return self.timeline.current()[number - 1]

    def _require_redeals(self, number: int, values: Mapping[str, Any]) -> None:
        """GameError when entry ``number`` with ``values`` would not count and make more than
        MOST_REDEALS entries in a row that do not count (deals.redeal): a game must go on."""
        if self.ruleset.redeal is None:
            return
        results = self.timeline.current()
        row = 0
        for k in range(number - 1, 0, -1):  # those before it
            if results[k - 1].counts or row > MOST_REDEALS:
                break
            row += 1
        for k in range(number + 1, len(results) + 1):  # and after it (an edit)
            if results[k - 1].counts or row > MOST_REDEALS:
                break
            row += 1
        if row < MOST_REDEALS:
            return
        d = self.evaluate(number, values)
        if not _counts(d):
            raise GameError(Message("engine.limit.redeals", number=d.number, most=MOST_REDEALS))

    def undo(self) -> Action:
        if not self.history:
            raise GameError(Message("engine.game.nothing_to_undo"))
        action = self.history.pop()
        if action.kind == "record":
            self.entered.pop()
        elif action.kind in ROSTER_KINDS:
            self.roster.changes -= 1
            self.roster.reset()
        elif action.kind == PLAN:
            self.roster.follow_plan()
        elif action.kind == END:
            self._stopped = None
        else:
            assert action.previous is not None  # (an edit keeps the values it changed)
            self.entered[action.deal - 1] = action.previous
        self.timeline.invalidate(action.deal)
        self._redo.append(action)
        return action

    def redo(self) -> Action:
        if not self._redo:
            raise GameError(Message("engine.game.nothing_to_redo"))
        action = self._redo.pop()
        self._apply(action)
        return action

    def snapshot(self) -> Snapshot:
        """The whole state of the game, for putting back with restore() (e.g. when a save fails)."""
        return Snapshot(tuple(self.history), tuple(self._redo), tuple(self.entered), tuple(self.timeline.known))

    def restore(self, snapshot: Snapshot) -> None:
        """Put the game back exactly as it was at snapshot(), redo stack included."""
        results = snapshot.results
        self.history, self._redo, self.entered = list(snapshot.history), list(snapshot.redo), list(snapshot.entered)
        self.timeline.known = list(results)
        self.timeline.checked = None
        self.timeline.stale.clear()
        self.roster.restored()
        self._stopped = next((a.deal for a in self.history if a.kind == END), None)
        if any(a.kind == PLAN for a in self.history) or self.roster.plan is not None:
            self.roster.follow_plan()
            self.timeline.known[:] = results

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def to_redo(self) -> Action | None:
        """What redo() would put back, or None."""
        return self._redo[-1] if self._redo else None

    def _apply(self, action: Action) -> None:
        if action.kind == "record":
            self.entered.append(action.values)
        elif action.kind in ROSTER_KINDS:
            self.roster.changes += 1
            self.history.append(action)
            self.roster.reset()
            self.timeline.invalidate(action.deal)
            return
        elif action.kind in (PLAN, END):
            self.history.append(action)
            if action.kind == PLAN:
                self.roster.follow_plan()
            else:
                self._stopped = action.deal
            return
        else:
            self.entered[action.deal - 1] = action.values
        self.history.append(action)
        self.timeline.invalidate(action.deal)

    def apply_new(self, action: Action) -> None:
        """Apply a new action of the table (the roster's changes): what was undone cannot be redone."""
        self._apply(action)
        self._redo.clear()

    # -- the plan and the end, as the table decides them during the game
    @property
    def stopped_at(self) -> int | None:
        """The deal after which the table ended the game early (end_early), or None."""
        return self._stopped

    @property
    def next_in_plan(self) -> int:
        """The deal of the plan the next entry is (it differs from ``next_deal`` once a deal did
        not count and was dealt again)."""
        return self.timeline.coming(self.next_deal)[0]

    def end_early(self) -> None:
        """The table stops the game after the deal just played: it is over, and the standings so
        far name its winner. GameError when no deal is played yet or the game is over."""
        if not self.entered:
            raise GameError(Message("engine.end.nothing_played"))
        if self.timeline.is_over:
            raise GameError(Message("engine.game.over", reason=self.timeline.over_reason()))
        self._apply(Action(END, len(self.entered), {}))
        self._redo.clear()

    @property
    def plan_changed(self) -> bool:
        """Whether the table changed the deals not played yet (change_plan)."""
        return self.roster.plan is not None

    def change_plan(self, cards: Sequence[int]) -> None:
        """The deals not played yet become ``cards`` (Roster.change_plan)."""
        self.roster.change_plan(cards)

    def plan_problem(self, cards: Sequence[int]) -> Message | None:
        """Why the deals not played yet cannot become ``cards``, or None (Roster.plan_problem)."""
        return self.roster.plan_problem(cards)

    # -- who plays: late joins and sitting out (roster.py)
    def join(self, name: str, score: Any = 0, after: int | None = None) -> int:
        """A player joins before the next deal; their new game seat (Roster.join)."""
        return self.roster.join(name, score, after)

    def sit_out(self, seat: int) -> None:
        """A player sits out from the next deal on (Roster.sit_out)."""
        self.roster.sit_out(seat)

    def sit_in(self, seat: int) -> None:
        """A player who sat out plays again from the next deal (Roster.sit_in)."""
        self.roster.sit_in(seat)

    @property
    def table_changed(self) -> bool:
        """Whether anyone joined late or sat out (then deals may have different players)."""
        return bool(self.roster.changes)

    def full_values(self, result: DealResult) -> Mapping[str, Any]:
        """A deal's values with per-seat fields per game seat (Roster.full_values)."""
        return self.roster.full_values(result)

    def roster_locked(self) -> Text | None:
        """Why players cannot join or sit out in this game (None when they can)."""
        return self.roster.roster_locked()

    def lineup(self, number: int | None = None) -> Lineup:
        """Who plays deal ``number`` (the next deal by default)."""
        return self.roster.lineup(number)

    def setup_for(self, number: int | None = None) -> Setup:
        """The game as the players of deal ``number`` see it (the next deal by default)."""
        return self.roster.setup_for(number)

    def dealer_seat(self, number: int | None = None) -> int:
        """The game seat of the dealer of deal ``number`` (the next deal by default)."""
        return self.roster.dealer_seat(number)

    def deal_eval(self, number: int, values, before: tuple, state: tuple | None = None,
              carried_out: dict[str, tuple] | None = None) -> DealEval:
        """The engine's view of entry ``number``, given the totals per game seat before it
        (``carried_out``: the values carried out of it, read instead of those carried in)."""
        deal, carried = self.timeline.coming(number)
        if carried_out is not None:
            carried = carried_out
        if not self.roster.changes:
            dealer = self.timeline.named_dealer(number) if self.ruleset.next_dealer is not None else None
            return DealEval(self.setup, deal, values, before, state, dealer, carried)
        lineup = self.roster.lineup(number)
        seats = lineup.seats
        before = tuple(before[s - 1] for s in seats)
        if state is not None:
            state = (tuple(state[0][s - 1] for s in seats), tuple(state[1][s - 1] for s in seats))
        if carried is not None:
            carried = {cid: tuple(row[s - 1] for s in seats) if len(row) == len(self.roster.players) else row
                       for cid, row in self.roster.widened(carried).items()}
        return DealEval(self.roster.setup_for(number), deal, values, before, state, seats.index(self.roster.dealer_seat(number)) + 1,
                        carried)



    # -- entries
    def normalize(self, values: Mapping[str, Any], number: int | None = None) -> dict[str, Any]:
        """Typed values keyed by field: per-seat and per-partnership fields as tuples
        (per seat in the seating order of the players of deal ``number``, the next by default)."""
        if not _is_mapping(values):
            raise GameError(Message("engine.entry.not_table"))
        rules = self.ruleset
        setup = self.roster.setup_for(number) if self.roster.changes else self.setup
        out: dict[str, Any] = {}
        low, high = -MAX_NUMBER, MAX_NUMBER
        for key, value in values.items():
            spec = rules.fields.get(key)
            if spec is None:
                raise _unknown_field(rules, key)
            if spec.scope == "deal":
                out[key] = convert_value(spec, value, setup)
                continue
            if (type(value) in (list, tuple) and len(value) == setup.n and spec.scope == "seat"
                    and spec.type == "int"):
                for v in value:  # whole numbers within the limit are what they are (the usual entry),
                    if v is not None and (type(v) is not int or not low <= v <= high):  # None: not entered
                        break
                else:
                    out[key] = tuple(value)
                    continue
            out[key] = _entered_row(rules, spec, value, setup)
        for key, empty in setup.empty.items():
            if key not in out:
                out[key] = empty
        return out

    def evaluate(self, number: int, values: Mapping[str, Any] | None = None) -> DealEval:
        """The deal as the engine sees it (values default to what is recorded)."""
        if values is None:
            if number <= len(self.entered):
                values = self.entered[number - 1]
            else:
                values = self.normalize({}, number)
        return self.deal_eval(number, values, *self.timeline.state_before(number))






    # -- the entry rules (entry.py)
    def validate(self, number: int, values: Mapping[str, Any], levels=("error", "warning")) -> list[Issue]:
        """Every problem with a (normalized) deal entry, in field order then check order."""
        return self.entry_rules.validate(number, values, levels)

    def _checked_deal(self, number: int, values: Mapping[str, Any]) -> tuple[list[Issue], DealEval]:
        return self.entry_rules.checked_deal(number, values)

    def _require_valid(self, number: int, values: Mapping[str, Any]) -> None:
        issues, d = self._checked_deal(number, values)
        errors = [i for i in issues if i.level == "error"] if issues else None
        if errors:
            raise IllegalEntry(errors)
        self.timeline.checked = CheckedEntry(number, values, tuple(issues), d)  # results() need not check it again

    def allowed(self, field_id: str, unit: int | None, values: Mapping[str, Any] | None = None,
                number: int | None = None, reasons: bool = True) -> list[Choice] | None:
        """The values a field may take for a seat (or partnership), with the reason for each
        refusal (``reasons`` False: without); None when the field has no finite domain now
        (EntryRules.allowed)."""
        return self.entry_rules.allowed(field_id, unit, values, number, reasons)

    def allowed_reads(self, field_id: str) -> frozenset[str]:
        """The fields whose entered values can change what :meth:`allowed` says of a field."""
        return self.entry_rules.reads.allowed_reads(field_id)

    def fields_read(self, names) -> frozenset[str]:
        """The fields that the values of ``names`` in a deal are worked out from."""
        return self.entry_rules.reads.fields_read(names)

    def _checks_reading(self, field_id: str) -> tuple:
        return self.entry_rules.reads.checks_reading(field_id)

    # -- the results timeline (timeline.py)
    def results(self) -> list[DealResult]:
        """Scores and running totals of every recorded deal (recomputed only after a change)."""
        return list(self.timeline.current())

    def totals(self) -> tuple:
        """The standing totals: the running totals, or with parts the match totals."""
        return self.timeline.totals()

    def end_bonus(self) -> tuple:
        """The end bonus of each scorer ([end] bonus) once the game has ended by its rules, else ()."""
        return self.timeline.end_bonus()

    @property
    def is_over(self) -> bool:
        return self.timeline.is_over

    def _over_reason(self) -> Message:
        return self.timeline.over_reason()

    def standings(self) -> list[Standing]:
        """The scorers by rank (Timeline.standings)."""
        return self.timeline.standings()

    @property
    def winners(self) -> list[str]:
        """The winner (several on a tie) once the game is over, else an empty list."""
        return self.timeline.winners

    def info(self, number: int | None = None, values: Mapping[str, Any] | None = None) -> DealInfo:
        """What the table is told for a deal (the next one by default), given the (normalized)
        ``values`` entered so far (by default: what is recorded, or nothing)."""
        number = number or self.next_deal
        d = self.evaluate(number, values)
        try:
            leader = d.value("leader", None)
        except Missing:
            leader = None
        try:
            order = d.order
        except Missing:  # a first bidder that depends on what is not entered yet
            order = ()
        planned = d.setup.planned
        lineup = self.roster.lineup(number) if self.roster.changes else None
        redealt = self.ruleset.redeal is not None and 1 < number <= len(self.entered) + 1 and not (
            self.timeline.current()[number - 2].counts)
        if lineup is None:
            return DealInfo(number, planned, d.cards, d.dealer, d.forehand, order,
                            leader, d.trump(), tuple(d.reminders()), d.setup.players, tuple(range(1, d.setup.n + 1)),
                            deal=d.number, redealt=redealt)
        names = self.roster.players
        return DealInfo(number, planned, d.cards, d.dealer, d.forehand, order, leader,
                        d.trump(), tuple(d.reminders()), d.setup.players, lineup.seats,
                        tuple(names[s - 1] for s in lineup.seating if s not in lineup.seats),
                        tuple((names[s - 1], score) for s, score, _ in lineup.joining) if lineup.start == number else (),
                        d.number, redealt)



TABLE_KEYS = ("join", "out", "plan")


def plan_at(game: Game, number: int) -> list[int] | None:
    """The deals from ``number`` on as the table made them just before deal ``number``
    (the latest change of the plan made then), or None when the plan was not changed then."""
    for action in reversed(game.history):
        if action.kind == PLAN and action.deal == number:
            return list(action.values["cards"])
    return None


def table_changes(game: Game, number: int) -> dict[str, Any]:
    """Who joins before deal ``number`` and who sits it out, as a score sheet writes them:
    ``join = [{name, score, after}]`` (only at the deal they join) and ``out = [names]``;
    and ``plan = [cards, ...]``, the deals from this one on, when the table changed them
    before it."""
    out: dict[str, Any] = {}
    if game.roster.plan is not None:
        plan = plan_at(game, number)
        if plan is not None:
            out["plan"] = plan
    if not game.roster.changes:
        return out
    lineup = game.lineup(number)
    names = game.players
    if lineup.start == number and lineup.joining:
        joins = []
        for seat, score, after in lineup.joining:
            entry = {"name": names[seat - 1], "score": score}
            if after is not None:
                entry["after"] = names[after - 1]
            joins.append(entry)
        out["join"] = joins
    sitting = [names[s - 1] for s in lineup.seating if s not in lineup.seats]
    if sitting:
        out["out"] = sitting
    return out


def deals_with_table(game: Game) -> list[dict[str, Any]]:
    """Every recorded deal's values with who joined before it and who sat it out, and the plan
    changed before it (the keys of table_changes): what replay_into needs to play the game
    again; a change of the plan after the last deal is an entry of its own (``plan`` only)."""
    deals = [{**table_changes(game, number), **values} for number, values in enumerate(game.deals, start=1)]
    if any(a.deal == game.next_deal and (a.kind == PLAN or a.kind in ROSTER_KINDS) for a in game.history):
        deals.append(table_changes(game, game.next_deal) or {"out": []})  # (everyone came back)
    return deals


AFTER_END = "after_end"  # a sheet's deal played after the game ended (an earlier deal was changed)


def _is_mapping(value: Any) -> bool:
    """Whether ``value`` is a mapping (what a sheet, the store or a caller gives as a table): a dict
    at once; anything else is asked of ``collections.abc.Mapping``, imported only then (it imports
    the whole ``collections`` package, about 2 ms of a command that loads nothing else of it:
    docs/startup.md)."""
    if isinstance(value, dict):
        return True
    from collections.abc import Mapping

    return isinstance(value, Mapping)


def split_after_end(raw: Any) -> tuple[Any, bool]:
    """A sheet's deal without its ``after_end`` key, and whether it says ``after_end = true``: the
    deal was played after the game ended, and counts for no one (a later change of an earlier
    deal ended the game before it). GameError when the value is not true or false."""
    if not _is_mapping(raw) or AFTER_END not in raw:
        return raw, False
    flag = raw[AFTER_END]
    if type(flag) is not bool:
        raise GameError(Message("engine.table.after_end_type", value=repr(flag)))
    return {k: v for k, v in raw.items() if k != AFTER_END}, flag


def played_after_end(result: DealResult) -> bool:
    """Whether a recorded deal was played after the game ended (it counts for no one)."""
    return any(issue.check == AFTER_END_CHECK for issue in result.issues)


def is_table_only(raw: Mapping[str, Any]) -> bool:
    """Whether a sheet's entry only changes the table (the plan, who joins, who sits out): the
    changes made after the last deal played."""
    return _is_mapping(raw) and bool(raw) and not set(raw) - set(TABLE_KEYS)


def apply_table_changes(game: Game, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Make the table what a sheet's deal says (its ``join``, ``out`` and ``plan`` keys, see
    table_changes) before recording it; the deal's values without those keys.
    A deal without ``out`` is played by everyone at the table. GameError when the
    keys are malformed or the ruleset does not allow the change."""
    if not _is_mapping(raw):
        raise GameError(Message("engine.entry.not_table"))
    values = {k: v for k, v in raw.items() if k not in TABLE_KEYS}
    if "plan" in raw and not isinstance(raw["plan"], list):
        raise GameError(Message("engine.table.plan_list", value=repr(raw["plan"])))
    # The sheet says how the table was left before the deal, not in which order it changed: the
    # table may have changed the plan before or after the players changed. The changes are made
    # one by one, each checked as the table made it (so the store can make them again), in the
    # first order the rules allow; a refusal names the problem of the sheet's own order.
    snapshot = game.snapshot()
    first: GameError | None = None
    for plan_first in (False, True):
        try:
            if plan_first and "plan" in raw:
                game.change_plan(raw["plan"])
            _change_roster(game, raw)
            if not plan_first and "plan" in raw:
                game.change_plan(raw["plan"])
            return values
        except GameError as exc:
            game.restore(snapshot)
            first = first or exc
    assert first is not None  # (both orders were refused)
    raise first


def _change_roster(game: Game, raw: Mapping[str, Any]) -> None:
    """The joins and who sits out that a sheet's deal says (see apply_table_changes). They are
    made in an order that keeps the players within the ruleset's range at each step: who
    joins or comes back while there is room, else who sits out first (a full table where one
    sits out and another joins; a table at its fewest where one joins and another sits out)."""
    joins = raw.get("join", [])
    out = raw.get("out")
    if not joins and out is None and not game.roster.changes:
        return
    if not isinstance(joins, list) or not all(_is_mapping(j) for j in joins):
        raise GameError(Message("engine.table.join_list"))

    def seat_of(name, key) -> int:
        if not isinstance(name, str):
            raise GameError(Message("engine.table.not_name", where=key, value=repr(name)))
        for seat, player in enumerate(game.players, start=1):
            if player.casefold() == name.strip().casefold():
                return seat
        raise GameError(Message("engine.table.nobody", where=key, name=name, players=", ".join(game.players)))

    if out is None:
        out = []
    if not isinstance(out, list):
        raise GameError(Message("engine.table.out_list"))
    for entry in joins:
        unknown = set(entry) - {"name", "score", "after"}
        if unknown:
            raise GameError(Message("engine.table.join_key", name=str(sorted(unknown)[0])))
    joining = {str(entry.get("name", "")).strip().casefold() for entry in joins}
    for name in out:  # every name is someone at the table or joining now
        if not (isinstance(name, str) and name.strip().casefold() in joining):
            seat_of(name, "out")
    wanted = {name.strip().casefold() for name in out}
    pending = list(joins)
    most = game.ruleset.max_players
    while True:
        lineup = game.lineup()
        names = game.players
        ins = [s for s in lineup.seating if s not in lineup.seats and names[s - 1].casefold() not in wanted]
        outs = [s for s in lineup.seats if names[s - 1].casefold() in wanted]
        room = len(lineup.seats) < most or not outs
        if pending and room:
            entry = pending.pop(0)
            after = entry.get("after")
            game.join(entry.get("name", ""), entry.get("score", 0),
                      seat_of(after, "join.after") if after is not None else None)
        elif ins and room:
            game.sit_in(ins[0])
        elif outs:
            game.sit_out(outs[0])
        else:
            return


def replay_into(game: Game, deals: Iterable[Mapping[str, Any]]) -> list[tuple[int, list[Issue]]]:
    """Record deals into a fresh game, keeping those that break a rule (for what-if re-scoring).

    Returns the refused deals as (deal number, issues). A refused deal is still
    recorded (``record(check=False)``), so later deals keep their numbers and the
    totals count what the table played; a deal beyond the deal plan cannot be recorded
    at all and is listed and left out. An entry with only ``plan`` is no deal (the next
    deal keeps its number); made after the game is over it is listed, with the number
    of the deal it stands before. Values that are not well-formed raise GameError
    (with ``deal`` set on it) — they are a broken sheet, not a different rule.
    """
    refused: list[tuple[int, list[Issue]]] = []
    number = game.next_deal - 1  # an entry with only a plan is no deal: it does not move the number on
    for raw in deals:
        try:
            raw, after_end = split_after_end(raw)
            if is_table_only(raw):
                if not game.is_over:
                    apply_table_changes(game, raw)
                elif "plan" in raw:  # refused as export and import refuse it, never dropped unsaid
                    refused.append((number + 1, [Issue("error", Message(
                        "engine.plan.refused", reason=game.plan_problem(raw["plan"])))]))
                else:  # a join or sit-out after the end: the same
                    refused.append((number + 1, [Issue("error", Message(
                        "engine.game.over", reason=game._over_reason()))]))
                continue
            number += 1
            if not game.is_over:
                raw = apply_table_changes(game, raw)
            else:
                raw = {k: v for k, v in raw.items() if k not in TABLE_KEYS}
            clean = game.normalize(raw, number)
        except GameError as exc:
            exc.deal = number if not is_table_only(raw) else number + 1
            raise
        plan = game.setup_for(number).plan
        if plan is not None and number > len(plan):
            refused.append((number, [Issue("error", Message.plural("engine.no_deal", len(plan), number=number))]))
            continue
        if after_end and game.is_over and game.stopped_at is None:  # as the sheet says: it counts for no one
            game.record(clean, check=False)
            continue
        try:
            game.record(clean)
            continue
        except IllegalEntry as exc:
            issues = list(exc.issues)
        except GameError as exc:  # the game ended earlier under these rules
            issues = [Issue("error", exc.message)]
        refused.append((number, issues))
        try:
            game.record(clean, check=False)  # shown, not dropped: its problems are listed
        except GameError as exc:  # a bound of the engine (too many deals in a row that do not count)
            exc.deal = number
            raise
    return refused

def _unknown_field(rules: Ruleset, key: Any) -> GameError:
    """The error of a value entered for a field the ruleset does not have (the closest one named)."""
    import difflib

    close = difflib.get_close_matches(str(key), list(rules.fields), n=1)
    if close:
        return GameError(Message("engine.entry.unknown_field_hint", game=rules.name, field=str(key),
                                 hint=close[0], fields=", ".join(rules.fields)))
    return GameError(Message("engine.entry.unknown_field", game=rules.name, field=str(key),
                             fields=", ".join(rules.fields)))


def _entered_row(rules: Ruleset, spec, value: Any, setup: Setup) -> tuple:
    """The values of a per-seat or per-partnership field, one per seat or partnership, as a tuple;
    GameError naming the field (and the player) when they are not such values."""
    units = setup.n if spec.scope == "seat" else len(setup.teams)
    kind = spec.type
    if type(value) in (list, tuple) and len(value) == units and kind in ("int", "seat"):
        for v in value:  # whole numbers within the limit are what they are (the usual entry), None not entered
            if v is not None and (type(v) is not int or not -MAX_NUMBER <= v <= MAX_NUMBER):
                break
        else:
            return tuple(value)
    if not isinstance(value, (list, tuple)) or (
        kind == "cards" and value and not isinstance(value[0], (list, tuple, str, type(None)))
    ):
        if spec.scope == "seat":
            raise GameError(Message.plural("engine.entry.each_player", units, label=spec.label))
        raise GameError(Message.plural("engine.entry.each_partnership", units, label=spec.label))
    if kind == "cards" and all(isinstance(v, str) for v in value) and len(value) != units:
        raise GameError(Message.plural("engine.entry.hands", units, label=spec.label))
    if len(value) != units:
        if spec.scope == "seat":
            raise GameError(Message.plural("engine.entry.count_player", units, label=spec.label, given=len(value)))
        raise GameError(Message.plural("engine.entry.count_partnership", units, label=spec.label,
                                       given=len(value)))
    names = (setup.players if spec.scope == "seat" else setup.scorer_names if rules.score_scope == "team" else
             tuple(" & ".join(setup.players[s - 1] for s in t) for t in setup.teams))
    return tuple(convert_value(spec, v, setup, names[i]) for i, v in enumerate(value))


def _start_scores(setup: Setup, scores: Sequence[Any] | None) -> tuple:
    """The starting scores per scorer (player, or partnership), checked; SetupError names the
    player and the value."""
    count = setup.scorers
    if scores is None:
        return (0,) * count
    names = setup.scorer_names
    if not isinstance(scores, (list, tuple)) or len(scores) != count:
        given = len(scores) if isinstance(scores, (list, tuple)) else repr(scores)
        raise SetupError(Message.plural("engine.start.count", count, names=", ".join(names), given=given))
    for name, score in zip(names, scores):
        if isinstance(score, bool) or not isinstance(score, int):
            raise SetupError(Message("engine.roster.bad_score", name=name, value=repr(score)))
        if not -MAX_NUMBER <= score <= MAX_NUMBER:
            raise SetupError(Message("engine.value.too_large", label=name, max=NUMBER_LIMIT, value=number_text(score)))
    return tuple(scores)


def _start_carried(setup: Setup, carried: Mapping[str, Any] | None) -> dict[str, tuple] | None:
    """The values carried into the first deal with those the table gave in place of the
    ruleset's starts, checked (None when none is given); SetupError names the value and who."""
    if not carried:
        return None
    rules = setup.ruleset
    if not _is_mapping(carried):
        raise SetupError(Message("engine.start.carried.not_table", value=repr(carried)))
    out = dict(setup.carry_start)
    for cid, row in carried.items():
        spec = rules.carry.get(cid)
        if spec is None:
            raise SetupError(Message("engine.start.carried.unknown", name=str(cid),
                                     names=", ".join(rules.carry) or "-"))
        names = holder_names(spec.scope, setup.players, setup.teams, spec.label)
        if not isinstance(row, (list, tuple)) or len(row) != len(names):
            raise SetupError(Message("engine.start.carried.count", label=spec.label, name=cid, count=len(names),
                                     names=", ".join(names), value=repr(row)))
        for who, value in zip(names, row):
            label = f"{spec.label} ({who})" if spec.scope != "table" else spec.label
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(Message("engine.start.carried.not_whole", label=label, value=repr(value)))
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise SetupError(Message("engine.value.too_large", label=label, max=NUMBER_LIMIT,
                                         value=number_text(value)))
        out[cid] = tuple(row)
    return out
