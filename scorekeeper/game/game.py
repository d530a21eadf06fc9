"""The game aggregate: seats, an ordered history of entries, and all that follows.

Like python-chess's Board, a :class:`Game` holds only what happened (the history
of actions); totals, the dealer of any deal, the trump instruction, whether the
game is over and who won are derived from it on demand. ``record`` appends,
``undo`` pops, ``redo`` re-applies, and editing a past deal is an action too.
"""

from __future__ import annotations

from operator import add

# collections.abc's Mapping, from the module it re-exports (loaded with os): the collections
# package itself costs a start about 2 ms (bench/README.md, "Private modules").
try:
    from _collections_abc import Mapping
except ImportError:  # an interpreter without that module
    from collections.abc import Mapping

from ..messages import Message, Text
from ..rules.formula import MAX_NUMBER, NUMBER_LIMIT, EvalError, Missing, as_points, number_text
from ..rules.ruleset import Ruleset
from .engine import (
    MOST_DEALS, Choice, DealEval, GameError, IllegalEntry, Issue, Setup, SetupError, TrumpInstruction,
    convert_value, domain_limit, field_label, listed, message_of,
)
from .unset import completions, unset_boxes
from ..values import dataclass, field, fields

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from random import Random
    from typing import Any

__all__ = [
    "Action", "DealInfo", "DealResult", "Game", "GameError", "IllegalEntry", "Issue", "Lineup",
    "SetupError", "Standing", "apply_table_changes", "deals_with_table", "draw_first_dealer", "is_table_only",
    "plan_at", "played_after_end", "replay_into", "split_after_end", "table_changes",
]


@dataclass(frozen=True)
class Action:
    """One thing the table did: recorded deal ``deal``, or changed it (``previous`` set);
    or, before deal ``deal``, a player joined ("join": name, score, after), sat out
    ("out": seat) or came back ("in": seat); or changed the deals not played yet ("plan":
    cards, the deals from ``deal`` on; ``previous``: played, the cards of the deals before);
    or ended the game early, after deal ``deal`` ("end")."""

    kind: str  # "record", "edit", "join", "out", "in", "plan" or "end"
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
    # Who plays the deal. Seat numbers above (dealer, forehand, bidding order, leader)
    # and the deal's per-seat values count in this order, players[0] being seat 1.
    players: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()  # the game's seat of each of them (see Game.players)
    sitting_out: tuple[str, ...] = ()
    joining: tuple[tuple[str, Any], ...] = ()  # (name, starting score) of who joins now
    deal: int = 0  # the deal of the plan (``number`` counts the entries; a deal that did not count is dealt again)
    redealt: bool = False  # the deal before did not count: the same dealer deals again


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
    # The game's seats that played the deal, in seating order: values per seat are
    # in this order. Scores, made and totals are per game seat (Game.players).
    seats: tuple[int, ...] = ()
    # The values carried out of the deal (ruleset [carry]): id -> one per game seat or partnership.
    carried: Mapping[str, tuple] = field(default_factory=dict)
    counts: bool = True  # False: the deal did not count (deals.redeal): it scored nothing, dealt again
    deal: int = 0  # the deal of the plan it was (a deal that did not count is dealt again); 0: ``number``
    # the deal that ended the game: the end bonus per scorer ([end] bonus), added to the totals
    # after it (its ``totals`` are without it); () when there is none
    bonus: tuple = ()

    def seat_value(self, field: str, seat: int):
        """The value of a per-seat field at a game seat (None when the seat sat out)."""
        row = self.values.get(field)
        if row is None:
            return None
        try:
            return row[self.seats.index(seat)] if self.seats else row[seat - 1]
        except (ValueError, IndexError):
            return None

    def played(self, seat: int) -> bool:
        """Whether a game seat played this deal (it had joined and was not sitting out)."""
        return seat in self.seats if self.seats else True


@dataclass(frozen=True)
class Standing:
    rank: int
    scorer: int  # 0-based seat or partnership index
    name: str
    total: Any


@dataclass(frozen=True)
class Lineup:
    """Who plays from deal ``start`` on, until the next change of the table."""

    start: int
    seating: tuple[int, ...]  # every game seat, in seating order (those sitting out too)
    seats: tuple[int, ...]  # the seats that play, in seating order
    setup: Setup  # the game as these players see it: seats 1..n are ``seats``
    # (game seat, starting score, the game seat they sit after or None) of who joins at ``start``
    joining: tuple[tuple[int, Any, int | None], ...] = ()


ROSTER_KINDS = ("join", "out", "in")
MOST_REDEALS = 100  # entries in a row that do not count (deals.redeal), as MOST_DEALS bounds a plan
PLAN, END = "plan", "end"


def draw_first_dealer(players: int, rng: Random) -> int:
    """The seat (1 to ``players``) of the first dealer, drawn by lot from ``rng``
    (a front end injects its random source, so a test can repeat the draw)."""
    return rng.randint(1, max(1, players))


class Game:
    """A game of one ruleset at one table."""

    def __init__(self, ruleset: Ruleset, players: Iterable[str], options: Mapping[str, Any] | None = None,
                 first_dealer: int = 1, scores: Sequence[Any] | None = None):
        """``scores``: the starting score of each player (each partnership in a partnership
        score) that the table agreed, e.g. a game continued from paper; 0 each by default."""
        self.ruleset = ruleset
        self.setup = Setup(ruleset, players, dict(options or {}), first_dealer)
        self._base = self.setup  # the setup by the ruleset's plan (self.setup follows a changed plan)
        self._plan: tuple[int, ...] | None = None  # the plan the table made (None: the ruleset's)
        self._plan_steps: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (first entry, plan) of each change
        self._planned: dict[tuple, Setup] = {}  # (players, plan) -> setup
        self.start_scores: tuple = _start_scores(self.setup, scores)
        self._stopped: int | None = None  # the deal after which the table ended the game early
        self.history: list[Action] = []
        self._redo: list[Action] = []
        self._deals: list[Mapping[str, Any]] = []
        self._results: list[DealResult] = []
        self._wins_memo: tuple[DealResult, frozenset[int] | None] | None = None  # _won_by_formula's last answer
        self._checked: tuple | None = None  # (deal, values, issues, its DealEval) of the entry just validated
        self._end_memo: tuple | None = None  # (results, the last, the first that ended the game): _end_in
        self._plans: dict[Setup, tuple] = {}  # _field_plan
        self._stale: dict[int, DealResult] = {}  # results to reuse after an earlier change
        self._reads_totals = _reads_totals(ruleset)
        self._reading: dict[str, tuple] = {}  # field -> the checks that can depend on it
        self._allowed_reads: dict[str, frozenset] = {}  # field -> the fields its allowed values read
        self._unset_reads: dict = {}  # field -> Game._unset_read; ("#check", id) -> Game._fills_read
        # Changes of the table (late joins, sitting out): none in most games.
        self._changes = 0  # roster actions in the history
        self._lineups: list[Lineup] | None = None
        self._names: tuple[str, ...] = self.setup.players
        self._dealers: list[int] = []  # game seat of each deal's dealer, when the table changed
        self._setups: dict[tuple[str, ...], Setup] = {self.setup.players: self.setup}

    # -- seats and plan
    @property
    def players(self) -> tuple[str, ...]:
        """Everyone at the table, the first players in seat order then who joined later:
        the game's seats 1..n (scores and totals are per game seat)."""
        if self._changes:
            self._lineup_list()
            return self._names
        return self.setup.players

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.options)

    @property
    def scorer_names(self) -> tuple[str, ...]:
        return self.players if self._changes else self.setup.scorer_names

    @property
    def planned_deals(self) -> int | None:
        """Deals in the plan (for the players of the next deal), or as many as the options fix for
        a game that ends by a formula; None when the game ends by score."""
        return self.setup_for(self.next_deal).planned

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
        if check and not self._changes:
            result = self._record_plain(values)
            if result is not None:
                return result
        if check and self.is_over:
            raise GameError(Message("engine.game.over", reason=self._over_reason()))
        number = self.next_deal
        clean = self.normalize(values)
        if check:
            self._require_valid(number, clean)
        self._require_redeals(number, clean)
        self._apply(_made(Action, "record", number, clean, None))
        self._redo.clear()
        return self._current()[number - 1]

    def _record_plain(self, values: Mapping[str, Any]) -> DealResult | None:
        """record() of a deal entered as plain values that break no rule, in one short step
        (game/fastpath.py): the same entry, result and state as the long way gives; None when
        the deal needs the long way (which then says what is wrong, if anything is)."""
        results = self._results
        number = len(results) + 1
        if number != len(self._deals) + 1 or self._stopped is not None:
            return None
        if results:  # the game goes on: its end is known for these very results
            memo = self._end_memo
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
        taken = plan.take(values, number) if plan else None
        if taken is None:
            return None
        clean, cards, dealer, scores, made, ends = taken
        after = tuple(map(add, totals, scores))
        if not ends and self.ruleset.end_when is not None:
            d = DealEval(setup, number, clean, totals, setup.no_match)
            for scorer, score in enumerate(scores):
                d.cache_score(scorer, score)
            ends = _holds(self.ruleset.end_when, d)
        self._deals.append(clean)
        action = _new(Action)
        _set(action, "__dict__", {"kind": "record", "deal": number, "values": clean, "previous": None})
        self.history.append(action)
        self._redo.clear()
        self._stale.clear()
        self._checked = None
        zero = plan.zero
        result = _new(DealResult)
        _set(result, "__dict__", {
            "number": number, "cards": cards, "dealer": dealer, "values": clean, "scores": scores, "made": made,
            "totals": after, "issues": (), "part": 1, "part_over": False, "match": zero, "parts_won": zero,
            "ends_game": ends, "seats": plan.seats, "carried": plan.carried, "counts": True, "deal": number,
            "bonus": ()})
        results.append(result)
        self._end_memo = (number, result, number if ends else None)
        return result

    def edit(self, number: int, values: Mapping[str, Any]) -> DealResult:
        """Change a recorded deal; later totals and checks follow from the history."""
        if not 1 <= number <= len(self._deals):
            raise GameError(Message("engine.game.no_recorded_deal", number=str(number), count=len(self._deals)))
        clean = self.normalize(values, number)
        self._require_valid(number, clean)
        self._require_redeals(number, clean)
        self._apply(Action("edit", number, clean, self._deals[number - 1]))
        self._redo.clear()
        return self._current()[number - 1]

    def _require_redeals(self, number: int, values: Mapping[str, Any]) -> None:
        """GameError when entry ``number`` with ``values`` would not count and make more than
        MOST_REDEALS entries in a row that do not count (deals.redeal): a game must go on."""
        if self.ruleset.redeal is None:
            return
        results = self._current()
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
            self._deals.pop()
        elif action.kind in ROSTER_KINDS:
            self._changes -= 1
            self._table_changed()
        elif action.kind == PLAN:
            self._plan_changed()
        elif action.kind == END:
            self._stopped = None
        else:
            self._deals[action.deal - 1] = action.previous
        self._invalidate(action.deal)
        self._redo.append(action)
        return action

    def redo(self) -> Action:
        if not self._redo:
            raise GameError(Message("engine.game.nothing_to_redo"))
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
        self._changes = sum(a.kind in ROSTER_KINDS for a in self.history)
        self._lineups = None
        self._dealers = []
        self._stopped = next((a.deal for a in self.history if a.kind == END), None)
        if any(a.kind == PLAN for a in self.history) or self._plan is not None:
            self._plan_changed()
            self._results[:] = results

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
            self._deals.append(action.values)
        elif action.kind in ROSTER_KINDS:
            self._changes += 1
            self.history.append(action)
            self._table_changed()
            self._invalidate(action.deal)
            return
        elif action.kind in (PLAN, END):
            self.history.append(action)
            if action.kind == PLAN:
                self._plan_changed()
            else:
                self._stopped = action.deal
            return
        else:
            self._deals[action.deal - 1] = action.values
        self.history.append(action)
        self._invalidate(action.deal)

    # -- the plan and the end, as the table decides them during the game
    @property
    def stopped_at(self) -> int | None:
        """The deal after which the table ended the game early (end_early), or None."""
        return self._stopped

    @property
    def next_in_plan(self) -> int:
        """The deal of the plan the next entry is (it differs from ``next_deal`` once a deal did
        not count and was dealt again)."""
        return self._coming(self.next_deal)[0]

    @property
    def plan_changed(self) -> bool:
        """Whether the table changed the deals not played yet (change_plan)."""
        return self._plan is not None

    def end_early(self) -> None:
        """The table stops the game after the deal just played: it is over, and the standings so
        far name its winner. GameError when no deal is played yet or the game is over."""
        if not self._deals:
            raise GameError(Message("engine.end.nothing_played"))
        if self.is_over:
            raise GameError(Message("engine.game.over", reason=self._over_reason()))
        self._apply(Action(END, len(self._deals), {}))
        self._redo.clear()

    def change_plan(self, cards: Sequence[int]) -> None:
        """The deals not played yet become ``cards`` (the cards of each, from the next deal on);
        the deals played stay as they were. GameError (nothing changes) naming the first problem
        when the ruleset does not allow the new deals (plan_problem)."""
        problem = self.plan_problem(cards)
        if problem is not None:
            raise GameError(Message("engine.plan.refused", reason=problem))
        # the cards the deals of the plan played had (their players' plan then, which a join may
        # have changed since)
        played = [r.cards for r in self._current() if r.counts][:self.next_in_plan - 1]
        self._apply(Action(PLAN, self.next_deal, {"cards": list(cards)}, {"played": played}))
        self._redo.clear()

    def _rest_of_plan_problem(self) -> Message | None:
        """What refuses the deals not played yet of the plan the table made, dealt to the players
        of the next deal (after someone joined, sat out or came back), or None: those deals are
        checked against the deck and the ruleset as a change of the plan is (plan_problem)."""
        if self._plan is None or self.is_over:
            return None
        setup = self.setup_for()
        played = self.next_in_plan - 1
        return self._deals_problem(setup, played, setup.plan[played:])

    def plan_problem(self, cards: Sequence[int]) -> Message | None:
        """Why the deals not played yet cannot become ``cards``, or None when they can: each deal
        is a whole number of cards from 1 to what the deck deals the players of the next deal,
        the plan stays within the engine's limit, and no field's values or check of the ruleset
        refuses a deal of so many cards before anything is entered."""
        if self.is_over:
            return Message("engine.game.over", reason=self._over_reason())
        setup = self.setup_for()
        if setup.plan is None:
            return Message("engine.plan.no_plan", game=self.ruleset.name)
        if not isinstance(cards, (list, tuple)) or not cards:
            return Message("engine.plan.empty")
        played = self.next_in_plan - 1  # the deals of the plan dealt and counted
        if played + len(cards) > MOST_DEALS:
            return Message("engine.limit.plan", most=MOST_DEALS)
        return self._deals_problem(setup, played, cards)

    def _deals_problem(self, setup: Setup, played: int, cards: Sequence[int]) -> Message | None:
        """Why ``cards`` cannot be the deals after the ``played`` first of ``setup``'s plan, or None."""
        most = setup.consts["deck"] // setup.n
        for number, count in enumerate(cards, start=played + 1):
            if type(count) is not int:
                return Message("engine.plan.not_whole", number=number, value=repr(count))
            if not 1 <= count <= most:
                return Message("engine.plan.cards", number=number, value=count, most=most, players=setup.n)
        trial = self._with_plan(setup, tuple(setup.plan[:played]) + tuple(cards))
        first = {}
        for number, count in enumerate(cards, start=played + 1):
            first.setdefault(count, number)
        for count, number in first.items():
            problem = self._new_deal_problem(trial, number)
            if problem is not None:
                return Message("engine.plan.deal", number=number, cards=count, reason=problem)
        return None

    def _new_deal_problem(self, setup: Setup, number: int) -> Text | None:
        """What the ruleset refuses in an empty deal ``number`` of a changed plan, or None."""
        d = DealEval(setup, number, self.normalize({}, self.next_deal))
        try:
            for spec in self.ruleset.fields.values():
                for unit in d.units(spec):
                    try:
                        domain = d.domain(spec, d.unit_seat(spec, unit))
                    except Missing:
                        continue
                    too_large = domain is not None and domain_limit(self.ruleset, spec, domain)
                    if too_large:
                        return too_large.detail
            issues = d.check_issues(("error",))
        except EvalError as exc:
            return message_of(exc)
        return issues[0].message if issues else None

    def _with_plan(self, setup: Setup, plan: tuple[int, ...]) -> Setup:
        """``setup`` with the deal plan the table made."""
        key = (setup.players, plan)
        found = self._planned.get(key)
        if found is None:
            if len(self._planned) >= 16:
                self._planned.clear()
            found = self._planned[key] = Setup(self.ruleset, setup.players, setup.options, setup.first_dealer,
                                               plan=plan)
        return found

    def _plan_changed(self) -> None:
        """Follow the latest plan the table made (after a change, its undo or its redo)."""
        self._plan_steps = tuple((a.deal, tuple(a.previous["played"]) + tuple(a.values["cards"]))
                                 for a in self.history if a.kind == PLAN)
        self._plan = self._plan_steps[-1][1] if self._plan_steps else None
        self.setup = self._base if self._plan is None else self._with_plan(self._base, self._plan)
        self._table_changed()

    # -- who plays: late joins and sitting out
    def join(self, name: str, score: Any = 0, after: int | None = None) -> int:
        """A player joins before the next deal with the starting score the table agreed.

        ``after``: the game seat the newcomer sits after (to their right, so they deal
        after them); by default at the end of the seating order. Returns the new game seat.
        """
        self._may_change()
        if not isinstance(name, str) or not name.strip():
            raise GameError(Message("engine.roster.no_name"))
        name = name.strip()
        if len(name) > 40:
            raise GameError(Message.plural("engine.roster.long_name", len(name)))
        if name.casefold() in (p.casefold() for p in self.players):
            raise GameError(Message("engine.roster.same_name", name=name))
        if isinstance(score, bool) or not isinstance(score, int):
            raise GameError(Message("engine.roster.bad_score", name=name, value=repr(score)))
        if not -MAX_NUMBER <= score <= MAX_NUMBER:  # a total formulas read stays a number they can add to
            raise GameError(Message("engine.value.too_large", label=name, max=NUMBER_LIMIT, value=number_text(score)))
        if after is not None and not (type(after) is int and 1 <= after <= len(self.players)):
            raise GameError(Message("engine.roster.bad_after", name=name, count=len(self.players), value=repr(after)))
        action = Action("join", self.next_deal, {"name": name, "score": score, "after": after})
        self._try_roster(action, name)
        return len(self.players)

    def sit_out(self, seat: int) -> None:
        """A player sits out from the next deal on, until they come back (sit_in)."""
        self._may_change()
        lineup = self.lineup()
        self._seat_at_table(seat)
        if seat not in lineup.seats:
            raise GameError(Message("engine.roster.already_out", name=self.players[seat - 1]))
        self._try_roster(Action("out", self.next_deal, {"seat": seat}), self.players[seat - 1])

    def sit_in(self, seat: int) -> None:
        """A player who sat out plays again from the next deal."""
        self._may_change()
        lineup = self.lineup()
        self._seat_at_table(seat)
        if seat in lineup.seats:
            raise GameError(Message("engine.roster.not_out", name=self.players[seat - 1]))
        self._try_roster(Action("in", self.next_deal, {"seat": seat}), self.players[seat - 1])

    @property
    def table_changed(self) -> bool:
        """Whether anyone joined late or sat out (then deals may have different players)."""
        return bool(self._changes)

    def full_values(self, result: DealResult) -> Mapping[str, Any]:
        """A deal's values with per-seat fields per game seat (None for who did not play)."""
        if not self._changes:
            return result.values
        width = len(self.players)
        out = dict(result.values)
        for fid, spec in self.ruleset.fields.items():
            row = out.get(fid)
            if spec.scope == "seat" and row is not None:
                full = [None] * width
                for i, seat in enumerate(result.seats):
                    full[seat - 1] = row[i]
                out[fid] = tuple(full)
        return out

    def roster_locked(self) -> Text | None:
        """Why players cannot join or sit out in this game (None when they can)."""
        rules = self.ruleset
        if rules.teams or rules.score_scope == "team":
            return Message("engine.roster.partnerships", game=rules.name)
        if self.setup.parts is not None:
            return Message("engine.roster.match", game=rules.name)
        if rules.min_players == rules.max_players:
            return Message("engine.roster.fixed", game=rules.name, count=rules.min_players)
        return None

    def lineup(self, number: int | None = None) -> Lineup:
        """Who plays deal ``number`` (the next deal by default)."""
        number = number or self.next_deal
        lineups = self._lineup_list()
        for lineup in reversed(lineups):
            if lineup.start <= number:
                return lineup
        return lineups[0]

    def setup_for(self, number: int | None = None) -> Setup:
        """The game as the players of deal ``number`` see it (the next deal by default)."""
        if not self._changes:
            return self.setup
        number = number or self.next_deal
        setup = self.lineup(number).setup
        plan = self._plan_of(number)
        return setup if plan is None else self._with_plan(setup, plan)

    def _plan_of(self, number: int) -> tuple[int, ...] | None:
        """The plan entry ``number`` was dealt by: that of the last change made before it, or None
        (the ruleset's for its players). A deal played before a change keeps the cards it had,
        whoever joined or sat out since (their plan can differ from that of the players then)."""
        for start, plan in reversed(self._plan_steps):
            if start <= number:
                return plan
        return None

    def dealer_seat(self, number: int | None = None) -> int:
        """The game seat of the dealer of deal ``number`` (the next deal by default)."""
        number = number or self.next_deal
        if not self._changes:
            return self.setup.dealer(number)
        dealers = self._dealers
        while len(dealers) < number:
            k = len(dealers) + 1
            lineup = self.lineup(k)
            circle, playing = lineup.seating, set(lineup.seats)
            start = circle.index(self.setup.first_dealer if k == 1 else dealers[-1])
            step = 0 if k == 1 else 1  # the first dealer deals if they play; then to the left
            for i in range(len(circle)):
                seat = circle[(start + step + i) % len(circle)]
                if seat in playing:
                    dealers.append(seat)
                    break
        return dealers[number - 1]

    def _may_change(self) -> None:
        locked = self.roster_locked()
        if locked:
            raise GameError(locked)
        if self.is_over:
            raise GameError(Message("engine.game.over", reason=self._over_reason()))

    def _seat_at_table(self, seat) -> None:
        n = len(self.players)
        if not (type(seat) is int and 1 <= seat <= n):
            raise GameError(Message("engine.roster.no_seat", seat=repr(seat), count=n))

    def _try_roster(self, action: Action, name: str) -> None:
        """Apply a change of the table if the ruleset allows the players it leaves
        (``name``: who joins, sits out or comes back)."""
        snapshot = self.snapshot()
        self._apply(action)
        try:
            lineup = self.lineup()
            plan = self.setup_for().plan
            if plan is not None and self.next_deal > len(plan):
                raise GameError(Message.plural("engine.roster.would_end", len(plan), players=len(lineup.seats),
                                   game=self.ruleset.name, played=len(self._deals)))
            problem = self._rest_of_plan_problem()
            if problem is not None:
                raise GameError(problem)
        except GameError as exc:
            self.restore(snapshot)
            if action.kind == "join":
                raise GameError(Message("engine.roster.cannot_join", name=name, reason=exc.message)) from None
            if action.kind == "out":
                raise GameError(Message("engine.roster.cannot_sit_out", name=name, reason=exc.message)) from None
            raise GameError(Message("engine.roster.cannot_come_back", name=name, reason=exc.message)) from None
        self._redo.clear()

    def _table_changed(self) -> None:
        self._lineups = None
        self._dealers = []
        self._results.clear()
        self._stale.clear()
        self._checked = None

    def _lineup_list(self) -> list[Lineup]:
        if self._lineups is not None:
            return self._lineups
        names = list(self.setup.players)
        seating = list(range(1, len(names) + 1))
        out: set[int] = set()
        everyone = tuple(seating)
        lineups = [Lineup(1, everyone, everyone, self._base)]
        for action in self.history:
            if action.kind not in ROSTER_KINDS:
                continue
            joining = lineups[-1].joining if lineups[-1].start == action.deal else ()
            if action.kind == "join":
                names.append(action.values["name"])
                seat = len(names)
                after = action.values.get("after")
                seating.insert(seating.index(after) + 1 if after else len(seating), seat)
                joining = (*joining, (seat, action.values.get("score", 0), after))
            elif action.kind == "out":
                out.add(action.values["seat"])
            else:
                out.discard(action.values["seat"])
            playing = tuple(s for s in seating if s not in out)
            key = tuple(names[s - 1] for s in playing)
            setup = self._setups.get(key)
            if setup is None:  # SetupError when the ruleset does not allow so many or few
                setup = self._setups[key] = Setup(self.ruleset, key, self.setup.options, 1)
            lineup = Lineup(action.deal, tuple(seating), playing, setup, joining)
            if lineups[-1].start == action.deal:
                lineups[-1] = lineup
            else:
                lineups.append(lineup)
        self._names = tuple(names)
        self._lineups = lineups
        return lineups

    def _deal(self, number: int, values, before: tuple, state: tuple | None = None,
              carried_out: dict[str, tuple] | None = None) -> DealEval:
        """The engine's view of entry ``number``, given the totals per game seat before it
        (``carried_out``: the values carried out of it, read instead of those carried in)."""
        deal, carried = self._coming(number)
        if carried_out is not None:
            carried = carried_out
        if not self._changes:
            return DealEval(self.setup, deal, values, before, state, carried=carried)
        lineup = self.lineup(number)
        seats = lineup.seats
        before = tuple(before[s - 1] for s in seats)
        if state is not None:
            state = (tuple(state[0][s - 1] for s in seats), tuple(state[1][s - 1] for s in seats))
        if carried is not None:
            carried = {cid: tuple(row[s - 1] for s in seats) if len(row) == len(self.players) else row
                       for cid, row in self._widened(carried).items()}
        return DealEval(self.setup_for(number), deal, values, before, state, seats.index(self.dealer_seat(number)) + 1,
                        carried)

    def _coming(self, number: int) -> tuple[int, dict[str, tuple] | None]:
        """The deal of the plan that entry ``number`` is, and the values carried into it
        (None: their starts), from the entries before it (a deal that did not count is
        dealt again, and carries nothing on)."""
        rules = self.ruleset
        if number <= 1 or not (rules.carry or rules.redeal is not None):
            return number, None
        results = self._results if len(self._results) >= number - 1 else self._current()
        if not results:  # nothing entered yet: entry n is deal n
            return number, None
        last = results[min(number - 2, len(results) - 1)]
        deal = (last.deal or last.number) + last.counts + max(0, number - 1 - last.number)
        return deal, dict(last.carried) or None

    def _widened(self, carried: Mapping[str, tuple]) -> dict[str, tuple]:
        """Per-seat carried values for every game seat: who joined later starts from the start."""
        width = len(self.players)
        out = {}
        for cid, row in carried.items():
            if self.ruleset.carry[cid].scope == "seat" and len(row) < width:
                row = row + (self.setup.carry_start[cid][0],) * (width - len(row))
            out[cid] = row
        return out

    def _width(self) -> int:
        return len(self.players) if self._changes else self.setup.scorers

    def _with_joiners(self, number: int, totals: tuple) -> tuple:
        """Totals before deal ``number`` with the starting scores of who joins at it."""
        if self._changes:
            lineup = self.lineup(number)
            if lineup.start == number and lineup.joining:
                totals = list(totals)  # (one per game seat, the newcomer's too)
                for seat, score, _ in lineup.joining:
                    totals[seat - 1] += score
                return tuple(totals)
        return totals

    def _invalidate(self, number: int) -> None:
        # Deals after a changed one keep their own scores and checks when no formula of
        # the ruleset reads the running totals: only the totals and the end are redone.
        if not self._reads_totals:
            for result in self._results[number - 1:]:
                self._stale[result.number] = result
        del self._results[number - 1:]

    # -- entries
    def normalize(self, values: Mapping[str, Any], number: int | None = None) -> dict[str, Any]:
        """Typed values keyed by field: per-seat and per-partnership fields as tuples
        (per seat in the seating order of the players of deal ``number``, the next by default)."""
        if type(values) is not dict and not isinstance(values, Mapping):
            raise GameError(Message("engine.entry.not_table"))
        rules = self.ruleset
        setup = self.setup_for(number) if self._changes else self.setup
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
            if number <= len(self._deals):
                values = self._deals[number - 1]
            else:
                values = self.normalize({}, number)
        return self._deal(number, values, *self._state(number))

    def _state(self, number: int) -> tuple[tuple, tuple]:
        """(totals per game seat before deal ``number``, with the starting scores of who
        joins at it; (parts won, match totals) before it)."""
        if number <= 1:
            totals, state = self._state_after(None)
        else:
            results = self._current()
            if number - 2 < len(results):
                totals, state = self._state_after(results[number - 2])
            else:
                totals, state = self._state_after(results[-1] if results else None)
        return (self._with_joiners(number, totals) if self._changes else totals), state

    def validate(self, number: int, values: Mapping[str, Any], levels=("error", "warning")) -> list[Issue]:
        """Every problem with a (normalized) deal entry, in field order then check order."""
        before, state = self._state(number)
        return self._validate(number, values, before, levels, state)

    def _checked_deal(self, number: int, values: Mapping[str, Any]) -> tuple[list[Issue], DealEval]:
        """Every problem with a (normalized) deal entry, and the deal as the checks saw it."""
        before, state = self._state(number)
        d = self._deal(number, values, before, state)
        return self._validate(number, values, before, ("error", "warning"), state, d), d

    def _validate(self, number: int, values: Mapping[str, Any], before: tuple, levels, state=None,
                  d: DealEval | None = None) -> list[Issue]:
        if d is None:
            d = self._deal(number, values, before, state)
        issues: list[Issue] = []
        try:
            self._field_issues(d, issues)
            issues.extend(d.check_issues(levels))
            if not (issues and any(i.level == "error" for i in issues)) and d.counts():
                d.scores()
                d.carried_after()  # a value carried on that cannot be worked out refuses the deal
        except Missing as exc:
            spec = self.ruleset.fields.get(exc.name)
            label = field_label(spec.label if spec else exc.name, d.setup.players[exc.seat - 1] if exc.seat else "")
            issues.append(Issue("error", Message("engine.entry.not_scored_yet", label=label), exc.name, exc.seat))
        except EvalError as exc:
            issues.append(Issue("error", Message("engine.entry.cannot_score", error=message_of(exc))))
        return issues

    def _field_issues(self, d: DealEval, issues: list[Issue]) -> None:
        values = d.values
        for spec, same, quiet in self._field_plan(d.setup):
            entered = values.get(spec.id)
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
                (spec, spec.type == "int" and not spec.values and not (spec.min.per_seat or spec.max.per_seat),
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
            return Message("engine.entry.not_one_of", label=label, values=listed(spec.values), value=_shown(value))
        if spec.type == "int":
            try:
                lo, hi = d.run(spec.min, seat), d.run(spec.max, seat)
            except Missing:
                return None
            if type(value) is int and lo <= value <= hi:
                return None
            return (Message("engine.entry.out_of_range", label=label, low=lo, high=hi, value=_shown(value)) if lo <= hi
                    else Message("engine.entry.empty_range", label=label, value=_shown(value)))
        try:
            domain = d.domain(spec, seat)
        except Missing:
            return None
        if value in domain and type(value) is type(domain[0]):
            return None
        if spec.type == "int":
            return (Message("engine.entry.out_of_range", label=label, low=domain[0], high=domain[-1],
                            value=_shown(value))
                    if domain else Message("engine.entry.empty_range", label=label, value=_shown(value)))
        if spec.type == "seat":
            return Message("engine.entry.not_a_seat", label=label, count=d.setup.n, value=_shown(value))
        return Message("engine.entry.not_one_of", label=label, values=", ".join(map(str, domain)), value=str(value))

    def _require_valid(self, number: int, values: Mapping[str, Any]) -> None:
        issues, d = self._checked_deal(number, values)
        errors = [i for i in issues if i.level == "error"] if issues else None
        if errors:
            raise IllegalEntry(errors)
        self._checked = (number, values, issues, d)  # results() need not check this entry again

    def allowed(self, field_id: str, unit: int | None, values: Mapping[str, Any] | None = None,
                number: int | None = None) -> list[Choice] | None:
        """The values a field may take for a seat (or partnership), with the reason for each refusal.

        ``values`` is what is entered so far (normalized or raw); ``number`` the deal
        (the next deal by default). None when the field has no finite domain (cards)
        or its bounds depend on what is not entered yet.
        """
        spec = self.ruleset.fields.get(field_id)
        if spec is None:
            raise GameError(Message("engine.entry.no_field", game=self.ruleset.name, field=field_id))
        number = number or self.next_deal
        values = dict(self.normalize(values or {}, number))
        base = self._deal(number, values, *self._state(number))
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
        checks = self._checks_reading(field_id)  # only these can change with the value
        already = {(i.check, i.message) for i in base.check_issues(("error",), checks)}
        before: dict[str, set] = {}  # what _refused_once_set finds in the deal as it is (once)
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
            d = DealEval(base.setup, base.number, trial, base.before, base.match, base.dealer, base.carried)
            issues = [i for i in d.check_issues(("error",), checks) if (i.check, i.message) not in already]
            if issues:
                issues = self._refused_once_set(field_id, unit, d, base, issues, before)
            choices.append(Choice(candidate, not issues, tuple(i.message for i in issues)))
        return choices

    def _refused_once_set(self, field_id: str, unit: int | None, d: DealEval, base: DealEval,
                          issues: list[Issue], before: dict[str, set]) -> list[Issue]:
        """Which of the ``issues`` refusing a value in the deal ``d`` stay whatever the boxes not
        set yet that the rules fill in may still become (unset.py): none when some way of setting
        them passes every check reading its field or them; else those of the checks that refuse
        it every way (all of them, when no one check does)."""
        fields, every = self._unset_read(field_id)
        # A check that reads none of the boxes that may be set refuses the value whatever they become.
        others = set(fields) - ({field_id} if unit is None else set())  # (a seat's field: the others' boxes)
        never = [i for i in issues if not self._fills_read(i.check) & others]
        boxes = unset_boxes(d, fields, (field_id, unit)) if others and not never else []
        if boxes:
            settable = {box[0] for box in boxes}
            never = [i for i in issues if not self._fills_read(i.check) & settable]
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

    def _fills_read(self, check_id: str | None) -> frozenset[str]:
        """The fields filled in while empty that a check reads (directly or through derived values)."""
        cached = self._unset_reads.get(("#check", check_id))
        if cached is None:
            rules = self.ruleset
            names = frozenset().union(*(c.rule.names | (c.when.names if c.when else frozenset())
                                        for c in rules.checks if c.id == check_id))
            cached = frozenset(f for f in self.fields_read(names) if rules.fields[f].fill is not None)
            self._unset_reads[("#check", check_id)] = cached
        return cached

    def _unset_read(self, field_id: str) -> tuple[tuple[str, ...], tuple]:
        """The fields filled in while empty that the checks reading a field read (directly or
        through derived values), and the checks reading that field or any of them."""
        cached = self._unset_reads.get(field_id)
        if cached is None:
            rules = self.ruleset
            names = frozenset().union(*(c.rule.names | (c.when.names if c.when else frozenset())
                                        for c in self._checks_reading(field_id)))
            fields = tuple(f for f in rules.fields if f in self.fields_read(names) and rules.fields[f].fill is not None)
            reading = set(self._checks_reading(field_id)).union(*(self._checks_reading(f) for f in fields))
            cached = self._unset_reads[field_id] = (fields, tuple(c for c in rules.checks if c in reading))
        return cached

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
            unset, checks = self._unset_read(field_id)  # and what the boxes not set yet may become
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

    # -- derived state
    def results(self) -> list[DealResult]:
        """Scores and running totals of every recorded deal (recomputed only after a change)."""
        return list(self._current())

    def _current(self) -> list[DealResult]:
        """The list of results itself, brought up to date (for reading here, never changed)."""
        results = self._results
        if len(results) != len(self._deals):
            self._catch_up(results)
        return results

    def _end_in(self, results: list[DealResult]) -> int | None:
        """The first of ``results`` that ended the game (None: none did), remembered for the
        list as long as its length and its last result are the same."""
        last = results[-1] if results else None
        memo = self._end_memo
        if memo is not None and memo[0] == len(results) and memo[1] is last:
            return memo[2]
        at = next((r.number for r in results if r.ends_game), None)
        self._end_memo = (len(results), last, at)
        return at

    def _catch_up(self, results: list[DealResult]) -> None:
        """Work out the results of the deals recorded after the last one in ``results``."""
        setup = self.setup
        parts = setup.parts
        totals, state = self._state_after(results[-1] if results else None)
        over_at = self._end_in(results)
        stale = self._stale
        changes = self._changes
        seats = setup.seats
        carried = dict(results[-1].carried) if results else dict(setup.carry_start)
        for number in range(len(results) + 1, len(self._deals) + 1):
            values = self._deals[number - 1]
            if changes:
                totals = self._with_joiners(number, totals)
                seats = self.lineup(number).seats
            d = self._checked_or_new(number, values, totals, state)
            issues, scores, made = self._scored(number, d, totals, state, stale.pop(number, None))
            if changes:  # per game seat: nothing for who did not play
                width = self._width()
                full_scores, full_made = [0] * width, [None] * width
                for i, seat in enumerate(seats):
                    full_scores[seat - 1], full_made[seat - 1] = scores[i], made[i]
                scores, made = full_scores, full_made
            self._checked = None
            counts = self.ruleset.redeal is None or _counts(d)
            if over_at is not None:  # not part of the game: listed with why, and counted for no one
                issues.append(Issue("error", Message("engine.entry.after_end", number=number, end=over_at),
                                    check=_AFTER_END))
            if over_at is not None or not counts:
                scores, made = [0] * len(scores), [None] * len(made)
            after = tuple(map(add, totals, scores))
            won, match, part_over = self._part_after(d, after, state) if counts and parts else (*state, False)
            ends = counts and self._ends(number, values, totals, (won, match), d if not part_over else None)
            if ends and parts is not None and parts.bonus is not None:
                final = DealEval(setup, d.number, values, totals, (won, match), carried=d.carried)
                match = tuple(m + self._number(parts.bonus, final, seat)
                              for m, seat in zip(match, setup.scorer_seats))
            if counts and carried and over_at is None:  # a deal after the end carries nothing on
                carried = self._carried_out(d, seats, carried)
            bonus = self._end_bonus(number, values, totals, issues, carried) if ends and over_at is None else ()
            part = (results[-1].part + results[-1].part_over) if results else 1
            dealer = seats[d.dealer - 1]
            result = _made(DealResult, number, d.cards, dealer, values, tuple(scores), tuple(made), after,
                           tuple(issues), part, part_over, match, won, ends, seats, carried, counts, d.number, bonus)
            results.append(result)
            if over_at is None and ends:
                over_at = number
            totals, state = (after, (won, match)) if not part_over else self._state_after(result)
        stale.clear()
        self._end_memo = (len(results), results[-1], over_at)

    def _end_bonus(self, number: int, values, before: tuple, issues: list, carried: dict[str, tuple]) -> tuple:
        """The end bonus of each scorer ([end] bonus) after entry ``number``, the deal that ended the
        game: worked out with the totals after it and the values carried out of it (``before``:
        the totals before it). One that cannot be worked out is a problem of the deal, and 0."""
        formula = self.ruleset.end_bonus
        if formula is None:
            return ()
        d = self._deal(number, values, before, None, carried or None)
        if self._changes:
            units = [(seat, game_seat - 1) for seat, game_seat in enumerate(self.lineup(number).seats, start=1)]
        else:
            units = [(seat, i) for i, seat in enumerate(self.setup.scorer_seats)]
        bonus = [0] * self._width()
        for seat, i in units:
            try:
                value = d.run(formula, seat)
            except (Missing, EvalError) as exc:
                issues.append(Issue("error", Message("engine.entry.cannot_score", error=message_of(exc))
                                    if isinstance(exc, EvalError) else Message("engine.end_bonus_missing",
                                                                               name=exc.name)))
                continue
            bonus[i] = as_points(value)
        return tuple(bonus)

    def _checked_or_new(self, number: int, values, totals: tuple, state: tuple) -> DealEval:
        """The deal of entry ``number``: the one its check just worked out when it is the same entry
        with the same totals and state before it (and the table has not changed), else a new one."""
        checked = self._checked
        if (checked is not None and checked[0] == number and checked[1] is values and not self._changes
                and checked[3].before == totals and checked[3].match == state):
            return checked[3]
        return self._deal(number, values, totals, state)

    def _part_after(self, d: DealEval, after: tuple, state: tuple) -> tuple[tuple, tuple, bool]:
        """(parts won, match totals, whether the part is over) after deal ``d``, with parts."""
        won, match = state
        parts = self.setup.parts
        if parts is None or not _holds(parts.end, d):
            return won, match, False
        awards = [self._number(parts.award, d, seat) for seat in self.setup.scorer_seats]
        best = (max if self.ruleset.winner == "highest" else min)(after)
        won = tuple(w + (t == best) for w, t in zip(won, after))
        return won, tuple(m + a for m, a in zip(match, awards)), True

    def _carried_out(self, d: DealEval, seats: tuple[int, ...], carried: dict[str, tuple]) -> dict[str, tuple]:
        """The values carried out of deal ``d`` (per game seat or partnership), from ``carried``
        into it; a deal whose updates cannot be worked out (kept with its problems) changes none."""
        try:
            out = d.carried_after()
        except (Missing, EvalError):
            return carried
        if not self._changes:
            return out
        full = self._widened(carried)
        for cid, row in out.items():
            if self.ruleset.carry[cid].scope == "seat":
                wide = list(full[cid])
                for i, seat in enumerate(seats):
                    wide[seat - 1] = row[i]
                out[cid] = tuple(wide)
        return out

    def _scored(self, number: int, d: DealEval, totals: tuple, state: tuple,
                kept: DealResult | None) -> tuple[list, Sequence, Sequence]:
        """The problems, scores and made marks of entry ``number`` (per player of the deal): those
        of ``kept`` when it holds the same entry, else worked out (the check of the entry just
        recorded is not made twice)."""
        values = d.values
        if kept is not None and kept.values is values and not any(i.check == _AFTER_END for i in kept.issues):
            # The same entry under rules that do not read the totals: the same
            # scores and problems (a deal after the end counted for no one: worked out again).
            issues = list(kept.issues)
            scores, made = list(kept.scores), list(kept.made)
            if self._changes:  # kept per game seat: back to the players of the deal
                scores, made = [scores[s - 1] for s in kept.seats], [made[s - 1] for s in kept.seats]
            for scorer, score in enumerate(scores):
                d.cache_score(scorer, score)
            return issues, scores, made
        checked = self._checked
        if checked is not None and checked[0] == number and checked[1] is values:
            issues = list(checked[2])
        else:
            issues = self._validate(number, values, totals, ("error", "warning"), state, d)
        try:
            scores: Sequence = d.scores()
        except (Missing, EvalError):  # each scorer's own, and 0 where it cannot be worked out
            scores = []
            for scorer in range(d.setup.scorers):
                try:
                    scores.append(d.score(scorer))
                except (Missing, EvalError):
                    scores.append(0)
        return issues, scores, d.made_all()

    def _state_after(self, result: "DealResult | None") -> tuple[tuple, tuple]:
        """Totals and (parts won, match totals) that the deal after ``result`` starts from."""
        if result is not None and not result.part_over:
            return result.totals, (result.parts_won, result.match)
        zero = (0,) * self._width()
        if result is None:
            start = self.start_scores
            return start + zero[len(start):], (zero, zero)
        return zero, (result.parts_won, result.match)

    def _ends(self, number: int, values, before: tuple, state, d: DealEval | None = None) -> bool:
        """Whether the game ends with this deal (``d``: the deal, if ``state`` is still its own)."""
        plan = self.setup_for(number).plan
        if plan is not None and (d.number if d is not None else self._coming(number)[0]) >= len(plan):
            return True
        when = self.ruleset.end_when
        if when is None:
            return False
        return _holds(when, d if d is not None else self._deal(number, values, before, state))

    @staticmethod
    def _number(formula, deal: DealEval, seat: int):
        try:
            value = deal.run(formula, seat)
        except (Missing, EvalError):
            return 0
        return int(value) if isinstance(value, bool) else value

    def totals(self) -> tuple:
        """The standing totals: the running totals, or with parts the match totals."""
        results = self._current()
        if not results:
            return self._with_joiners(1, self._state_after(None)[0])
        if self.setup.parts is not None:
            return results[-1].match
        # who joined for the next deal starts with the agreed score
        totals = self._with_joiners(self.next_deal, results[-1].totals) if self._changes else results[-1].totals
        at = self._end_in(results) if self.ruleset.end_bonus is not None else None
        if at is not None and results[at - 1].bonus:  # the end bonus, after the last deal's totals
            totals = tuple(t + b for t, b in zip(totals, results[at - 1].bonus)) + totals[len(results[at - 1].bonus):]
        return totals

    def end_bonus(self) -> tuple:
        """The end bonus of each scorer ([end] bonus) once the game has ended by its rules, else ()."""
        if self.ruleset.end_bonus is None:
            return ()
        results = self._current()
        at = self._end_in(results)
        return results[at - 1].bonus if at is not None else ()

    @property
    def is_over(self) -> bool:
        return self._end_in(self._current()) is not None or self.stopped_at is not None

    def _ended_early(self) -> int | None:
        return self._end_in(self._current())

    def _over_reason(self) -> Message:
        if self._ended_early() is None and self.stopped_at is not None:
            return Message("engine.end.ended_early", number=self.stopped_at)
        at = self._ended_early()
        plan = self.setup_for(at).plan
        ended = self._current()[at - 1]
        if plan is not None and (ended.deal or at) == len(plan):
            return Message.plural("engine.game.all_played", at)
        return Message("engine.game.ended_after", number=at)

    def standings(self) -> list[Standing]:
        """The scorers by rank: by their totals (``end.winner``); once the game is over under a
        ruleset with ``end.wins``, those it names first, all ranked 1."""
        totals = self.totals()
        names = self.scorer_names
        reverse = self.ruleset.winner == "highest"
        won = self._won_by_formula() or frozenset()
        order = sorted(range(len(totals)), key=lambda i: (i not in won, -totals[i] if reverse else totals[i], i))
        out = []
        for pos, i in enumerate(order):
            rank = pos + 1
            if pos and (i in won or (totals[order[pos - 1]] == totals[i] and order[pos - 1] not in won)):
                rank = out[-1].rank
            out.append(Standing(rank, i, names[i], totals[i]))
        return out

    def _won_by_formula(self) -> frozenset[int] | None:
        """The scorers (0-based) that ``end.wins`` holds for in the deal that ended the game;
        None when the ruleset has no such formula, the game goes on, or it holds for no one
        (then the totals decide, by ``end.winner``)."""
        wins = self.ruleset.end_wins
        at = self._ended_early() if wins is not None else None
        if at is None:
            return None
        results = self._current()
        result = results[at - 1]
        if self._wins_memo is not None and self._wins_memo[0] is result:
            return self._wins_memo[1]
        before, state = self._state_after(results[at - 2] if at > 1 else None)
        if self.setup.parts is not None:  # the parts won and the match totals with this deal's
            state = (result.parts_won, result.match)
        if self._changes:
            d = self._deal(at, result.values, self._with_joiners(at, before), state)
            units = [(seat, game_seat - 1) for seat, game_seat in enumerate(result.seats, start=1)]
        else:  # the deal as it was scored: with the values carried into it (Phase 10's phase)
            d = self._deal(at, result.values, before, state)
            units = [(seat, i) for i, seat in enumerate(self.setup.scorer_seats)]
        won = frozenset(i for seat, i in units if _holds(wins, d, seat)) or None
        self._wins_memo = (result, won)
        return won

    @property
    def winners(self) -> list[str]:
        """The winner (several on a tie) once the game is over, else an empty list."""
        if not self.is_over:
            return []
        return [s.name for s in self.standings() if s.rank == 1]

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
        lineup = self.lineup(number) if self._changes else None
        redealt = self.ruleset.redeal is not None and 1 < number <= len(self._deals) + 1 and not (
            self._current()[number - 2].counts)
        if lineup is None:
            return DealInfo(number, planned, d.cards, d.dealer, d.forehand, order,
                            leader, d.trump(), tuple(d.reminders()), d.setup.players, tuple(range(1, d.setup.n + 1)),
                            deal=d.number, redealt=redealt)
        names = self.players
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
    if game._plan is not None:
        plan = plan_at(game, number)
        if plan is not None:
            out["plan"] = plan
    if not game._changes:
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


def split_after_end(raw: Any) -> tuple[Any, bool]:
    """A sheet's deal without its ``after_end`` key, and whether it says ``after_end = true``: the
    deal was played after the game ended, and counts for no one (a later change of an earlier
    deal ended the game before it). GameError when the value is not true or false."""
    if not isinstance(raw, Mapping) or AFTER_END not in raw:
        return raw, False
    flag = raw[AFTER_END]
    if type(flag) is not bool:
        raise GameError(Message("engine.table.after_end_type", value=repr(flag)))
    return {k: v for k, v in raw.items() if k != AFTER_END}, flag


def played_after_end(result: DealResult) -> bool:
    """Whether a recorded deal was played after the game ended (it counts for no one)."""
    return any(issue.check == _AFTER_END for issue in result.issues)


def is_table_only(raw: Mapping[str, Any]) -> bool:
    """Whether a sheet's entry only changes the table (the plan, who joins, who sits out): the
    changes made after the last deal played."""
    return isinstance(raw, Mapping) and bool(raw) and not set(raw) - set(TABLE_KEYS)


def apply_table_changes(game: Game, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Make the table what a sheet's deal says (its ``join``, ``out`` and ``plan`` keys, see
    table_changes) before recording it; the deal's values without those keys.
    A deal without ``out`` is played by everyone at the table. GameError when the
    keys are malformed or the ruleset does not allow the change."""
    if not isinstance(raw, Mapping):
        raise GameError(Message("engine.entry.not_table"))
    values = {k: v for k, v in raw.items() if k not in TABLE_KEYS}
    if "plan" in raw and not isinstance(raw["plan"], list):
        raise GameError(Message("engine.table.plan_list", value=repr(raw["plan"])))
    # The sheet says how the table was left before the deal, not in which order it changed: the
    # table may have changed the plan before or after the players changed. The changes are made
    # one by one, each checked as the table made it (so the store can make them again), in the
    # first order the rules allow; a refusal names the problem of the sheet's own order.
    snapshot = game.snapshot()
    first = None
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
    raise first


def _change_roster(game: Game, raw: Mapping[str, Any]) -> None:
    """The joins and who sits out that a sheet's deal says (see apply_table_changes). They are
    made in an order that keeps the players within the ruleset's range at each step: who
    joins or comes back while there is room, else who sits out first (a full table where one
    sits out and another joins; a table at its fewest where one joins and another sits out)."""
    joins = raw.get("join", [])
    out = raw.get("out")
    if not joins and out is None and not game._changes:
        return
    if not isinstance(joins, list) or not all(isinstance(j, Mapping) for j in joins):
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
            exc.deal = number if not is_table_only(raw) else number + 1  # type: ignore[attr-defined]
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
            exc.deal = number  # type: ignore[attr-defined]
            raise
    return refused


def _made(cls, *values):
    """A frozen dataclass made from all its fields' values in order, without its __init__ (which
    sets each field through object.__setattr__): the same object, made several times faster,
    for the results and actions made with every deal recorded."""
    made = object.__new__(cls)
    made.__dict__.update(zip(_FIELD_NAMES[cls], values))
    return made


_new = object.__new__  # a frozen dataclass's object, its fields then set at once (_record_plain)
_set = object.__setattr__


def _unit_label(d: DealEval, spec, unit: int | None) -> Text:
    """A field's label naming whose value it is, for a message."""
    return field_label(spec.label, d.unit_name(spec, unit))


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


_AFTER_END = "#played-after-end"
_FIELD_NAMES = {cls: tuple(f.name for f in fields(cls)) for cls in (DealResult, Action)}
_TOTAL_NAMES = frozenset({"before", "total", "parts_won", "match_total"})


def _reads_totals(ruleset: Ruleset) -> bool:
    """Whether a deal's scores or problems can depend on the deals before it."""
    if ruleset.carry or ruleset.redeal is not None:  # values carried on, or deals dealt again
        return True
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


def _shown(value):
    """A value for a message: numbers as the language writes them, anything else as text."""
    return value if type(value) in (int, float) else str(value)


def _counts(deal: DealEval) -> bool:
    """Whether a recorded deal counts (it does while the ruleset's redeal cannot be worked out)."""
    try:
        return deal.counts()
    except (Missing, EvalError):
        return True


def _holds(formula, deal: DealEval, seat: int | None = None) -> bool:
    """A yes/no formula; False while what it needs is not entered."""
    try:
        return bool(deal.run(formula, seat))
    except (Missing, EvalError):
        return False
