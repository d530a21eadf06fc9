"""The roster of a game: who sits at the table and who plays each deal.

Players join late (with the starting score the table agreed, sitting after whom they
choose), sit out and come back (:meth:`Roster.join`, :meth:`Roster.sit_out`,
:meth:`Roster.sit_in`); the table may change the deals not played yet
(:meth:`Roster.change_plan`). From the game's history of those changes the roster derives the
line-up of every deal (:meth:`Roster.lineup`), its dealer (:meth:`Roster.dealer_seat`) and the
game as its players see it (:meth:`Roster.setup_for`).

A :class:`Roster` belongs to one :class:`~scorekeeper.game.game.Game` (its owner): a change is
an action of the game's history (``Game.apply_new``), so undo and redo take it back and put it
back as any other.
"""

from __future__ import annotations

from ..messages import Message
from ..rules.formula import MAX_NUMBER, NUMBER_LIMIT, EvalError, Missing, number_text
from .engine import MOST_DEALS, DealEval, GameError, Setup, domain_limit, message_of
from .parts import Part
from .records import PLAN, ROSTER_KINDS, Action, Lineup

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from ..messages import Text
    from .parts import GameState
    from .records import DealResult


class Roster(Part):
    """Who sits at the table and who plays each deal (see the module's docstring)."""

    def __init__(self, game: GameState):
        super().__init__(game)
        setup = game.setup
        self._base = setup  # the setup by the ruleset's plan (game.setup follows a changed plan)
        self.plan: tuple[int, ...] | None = None  # the plan the table made (None: the ruleset's)
        self._plan_steps: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (first entry, plan) of each change
        self._planned: dict[tuple, Setup] = {}  # (players, plan) -> setup
        # Changes of the table (late joins, sitting out): none in most games.
        self.changes = 0  # roster actions in the history
        self._lineups: list[Lineup] | None = None
        self._names: tuple[str, ...] = setup.players
        self._dealers: list[int] = []  # game seat of each deal's dealer, when the table changed
        self._setups: dict[tuple[str, ...], Setup] = {setup.players: setup}

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone at the table, the first players in seat order then who joined later:
        the game's seats 1..n (scores and totals are per game seat)."""
        if self.changes:
            self._lineup_list()
            return self._names
        return self.game.setup.players

    @property
    def scorer_names(self) -> tuple[str, ...]:
        return self.players if self.changes else self.game.setup.scorer_names

    def restored(self) -> None:
        """Follow the game's history put back as it was (Game.restore)."""
        self.changes = sum(a.kind in ROSTER_KINDS for a in self.game.history)
        self._lineups = None
        self._dealers = []

    @property
    def plan_changed(self) -> bool:
        """Whether the table changed the deals not played yet (change_plan)."""
        return self.plan is not None

    def change_plan(self, cards: Sequence[int]) -> None:
        """The deals not played yet become ``cards`` (the cards of each, from the next deal on);
        the deals played stay as they were. GameError (nothing changes) naming the first problem
        when the ruleset does not allow the new deals (plan_problem)."""
        problem = self.plan_problem(cards)
        if problem is not None:
            raise GameError(Message("engine.plan.refused", reason=problem))
        # the cards the deals of the plan played had (their players' plan then, which a join may
        # have changed since)
        played = [r.cards for r in self.game.timeline.current() if r.counts][:self.game.next_in_plan - 1]
        self.game.apply_new(Action(PLAN, self.game.next_deal, {"cards": list(cards)}, {"played": played}))

    def _rest_of_plan_problem(self) -> Message | None:
        """What refuses the deals not played yet of the plan the table made, dealt to the players
        of the next deal (after someone joined, sat out or came back), or None: those deals are
        checked against the deck and the ruleset as a change of the plan is (plan_problem)."""
        if self.plan is None or self.game.timeline.is_over:
            return None
        setup = self.setup_for()
        played = self.game.next_in_plan - 1
        assert setup.plan is not None  # (the table made one)
        return self._deals_problem(setup, played, setup.plan[played:])

    def plan_problem(self, cards: Sequence[int]) -> Message | None:
        """Why the deals not played yet cannot become ``cards``, or None when they can: each deal
        is a whole number of cards from 1 to what the deck deals the players of the next deal,
        the plan stays within the engine's limit, and no field's values or check of the ruleset
        refuses a deal of so many cards before anything is entered."""
        if self.game.timeline.is_over:
            return Message("engine.game.over", reason=self.game.timeline.over_reason())
        setup = self.setup_for()
        if setup.plan is None:
            return Message("engine.plan.no_plan", game=self.ruleset.name)
        if not isinstance(cards, (list, tuple)) or not cards:
            return Message("engine.plan.empty")
        played = self.game.next_in_plan - 1  # the deals of the plan dealt and counted
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
        assert setup.plan is not None  # (a game with a plan: see plan_problem)
        trial = self._with_plan(setup, tuple(setup.plan[:played]) + tuple(cards))
        first: dict[int, int] = {}
        for number, count in enumerate(cards, start=played + 1):
            first.setdefault(count, number)
        for count, number in first.items():
            problem = self._new_deal_problem(trial, number)
            if problem is not None:
                return Message("engine.plan.deal", number=number, cards=count, reason=problem)
        return None

    def _new_deal_problem(self, setup: Setup, number: int) -> Text | None:
        """What the ruleset refuses in an empty deal ``number`` of a changed plan, or None."""
        d = DealEval(setup, number, self.game.normalize({}, self.game.next_deal))
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

    def follow_plan(self) -> None:
        """Follow the latest plan the table made (after a change, its undo or its redo)."""
        self._plan_steps = tuple((a.deal, tuple(a.previous["played"]) + tuple(a.values["cards"]))
                                 for a in self.game.history if a.kind == PLAN and a.previous is not None)
        self.plan = self._plan_steps[-1][1] if self._plan_steps else None
        self.game.setup = self._base if self.plan is None else self._with_plan(self._base, self.plan)
        self.reset()

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
        action = Action("join", self.game.next_deal, {"name": name, "score": score, "after": after})
        self._try_roster(action, name)
        return len(self.players)

    def sit_out(self, seat: int) -> None:
        """A player sits out from the next deal on, until they come back (sit_in)."""
        self._may_change()
        lineup = self.lineup()
        self._seat_at_table(seat)
        if seat not in lineup.seats:
            raise GameError(Message("engine.roster.already_out", name=self.players[seat - 1]))
        self._try_roster(Action("out", self.game.next_deal, {"seat": seat}), self.players[seat - 1])

    def sit_in(self, seat: int) -> None:
        """A player who sat out plays again from the next deal."""
        self._may_change()
        lineup = self.lineup()
        self._seat_at_table(seat)
        if seat in lineup.seats:
            raise GameError(Message("engine.roster.not_out", name=self.players[seat - 1]))
        self._try_roster(Action("in", self.game.next_deal, {"seat": seat}), self.players[seat - 1])

    @property
    def table_changed(self) -> bool:
        """Whether anyone joined late or sat out (then deals may have different players)."""
        return bool(self.changes)

    def full_values(self, result: DealResult) -> Mapping[str, Any]:
        """A deal's values with per-seat fields per game seat (None for who did not play)."""
        if not self.changes:
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
        if self.game.setup.parts is not None:
            return Message("engine.roster.match", game=rules.name)
        if rules.min_players == rules.max_players:
            return Message("engine.roster.fixed", game=rules.name, count=rules.min_players)
        pair = next((c for c in rules.carry.values() if c.scope == "pair"), None)
        if pair is not None:  # (who would hold what on a newcomer, and on whom, is for no rule to guess)
            return Message("engine.roster.pairs", game=rules.name, label=pair.label)
        return None

    def lineup(self, number: int | None = None) -> Lineup:
        """Who plays deal ``number`` (the next deal by default)."""
        number = number or self.game.next_deal
        lineups = self._lineup_list()
        for lineup in reversed(lineups):
            if lineup.start <= number:
                return lineup
        return lineups[0]

    def setup_for(self, number: int | None = None) -> Setup:
        """The game as the players of deal ``number`` see it (the next deal by default)."""
        if not self.changes:
            return self.game.setup
        number = number or self.game.next_deal
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
        number = number or self.game.next_deal
        named = self.ruleset.next_dealer is not None
        if not self.changes:
            if named:
                return self.game.timeline.named_dealer(number)
            # (a deal that did not count is dealt again by its dealer: the deal of the plan says who)
            return self.game.setup.dealer(self.game.timeline.coming(number)[0] if self.ruleset.redeal else number)
        # (with deals.next_dealer, the deals before name the dealers: worked out anew each time)
        dealers = [] if named else self._dealers
        results: Sequence = ()
        if named:
            timeline = self.game.timeline
            results = timeline.known
            if len(results) < min(number - 1, len(self.game.entered)):
                results = timeline.current()
        while len(dealers) < number:
            k = len(dealers) + 1
            lineup = self.lineup(k)
            circle, playing = lineup.seating, set(lineup.seats)
            if k == 1 or not k - 1 <= len(results):
                start = circle.index(self.game.setup.first_dealer if k == 1 else dealers[-1])
                step = 0 if k == 1 else 1  # the first dealer deals if they play; then to the left
            else:  # the seat the deal before named deals if they play; else the next on their left
                start, step = circle.index(results[k - 2].next_dealer), 0
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
        if self.game.timeline.is_over:
            raise GameError(Message("engine.game.over", reason=self.game.timeline.over_reason()))

    def _seat_at_table(self, seat) -> None:
        n = len(self.players)
        if not (type(seat) is int and 1 <= seat <= n):
            raise GameError(Message("engine.roster.no_seat", seat=repr(seat), count=n))

    def _try_roster(self, action: Action, name: str) -> None:
        """Apply a change of the table if the ruleset allows the players it leaves
        (``name``: who joins, sits out or comes back)."""
        snapshot = self.game.snapshot()  # (the redo stack too: apply_new clears it)
        self.game.apply_new(action)
        try:
            lineup = self.lineup()
            plan = self.setup_for().plan
            if plan is not None and self.game.next_deal > len(plan):
                raise GameError(Message.plural("engine.roster.would_end", len(plan), players=len(lineup.seats),
                                   game=self.ruleset.name, played=len(self.game.entered)))
            problem = self._rest_of_plan_problem()
            if problem is not None:
                raise GameError(problem)
        except GameError as exc:
            self.game.restore(snapshot)
            if action.kind == "join":
                raise GameError(Message("engine.roster.cannot_join", name=name, reason=exc.message)) from None
            if action.kind == "out":
                raise GameError(Message("engine.roster.cannot_sit_out", name=name, reason=exc.message)) from None
            raise GameError(Message("engine.roster.cannot_come_back", name=name, reason=exc.message)) from None

    def reset(self) -> None:
        self._lineups = None
        self._dealers = []
        self.game.timeline.known.clear()
        self.game.timeline.stale.clear()
        self.game.timeline.checked = None

    def _lineup_list(self) -> list[Lineup]:
        if self._lineups is not None:
            return self._lineups
        names = list(self.game.setup.players)
        seating = list(range(1, len(names) + 1))
        out: set[int] = set()
        everyone = tuple(seating)
        lineups = [Lineup(1, everyone, everyone, self._base)]
        for action in self.game.history:
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
                setup = self._setups[key] = Setup(self.ruleset, key, self.game.setup.options, 1)
            lineup = Lineup(action.deal, tuple(seating), playing, setup, joining)
            if lineups[-1].start == action.deal:
                lineups[-1] = lineup
            else:
                lineups.append(lineup)
        self._names = tuple(names)
        self._lineups = lineups
        return lineups

    def widened(self, carried: Mapping[str, tuple]) -> dict[str, tuple]:
        """Per-seat carried values for every game seat: who joined later starts from the start."""
        width = len(self.players)
        out = {}
        for cid, row in carried.items():
            if self.ruleset.carry[cid].scope == "seat" and len(row) < width:
                spec = self.ruleset.carry[cid]
                row = row + tuple(self.game.setup.carry_start_at(spec, seat) for seat in range(len(row) + 1, width + 1))
            out[cid] = row
        return out

    def width(self) -> int:
        return len(self.players) if self.changes else self.game.setup.scorers

    def with_joiners(self, number: int, totals: tuple) -> tuple:
        """Totals before deal ``number`` with the starting scores of who joins at it."""
        if self.changes:
            lineup = self.lineup(number)
            if lineup.start == number and lineup.joining:
                wider = list(totals)  # (one per game seat, the newcomer's too)
                for seat, score, _ in lineup.joining:
                    wider[seat - 1] += score
                return tuple(wider)
        return totals
