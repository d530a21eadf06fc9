"""The results timeline of a game: each recorded deal's scores, made marks, problems and running
totals, worked out from the history in order; the totals, the end and its reason, the standings
and the winners that follow from them.

A :class:`Timeline` belongs to one :class:`~scorekeeper.game.game.Game` (its owner), whose
entries (``Game.entered``) it reads and whose roster says who played each deal. It works a
deal out once: a change of the history drops the results from the changed deal on
(:meth:`Timeline.invalidate`), and the next question works them out again (:meth:`Timeline.current`).
"""

from __future__ import annotations

from operator import add

from ..messages import Message
from ..rules.formula import EvalError, Missing, as_points
from .engine import DealEval, Issue, message_of
from .parts import Part
from .records import AFTER_END_CHECK, DealResult, Standing, built

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..rules.formula import Formula
    from ..rules.ruleset import Ruleset
    from .parts import GameState
    from .records import CheckedEntry, EndMemo


class Timeline(Part):
    """The results of a game's deals, and all that follows from them (see the module's docstring)."""

    def __init__(self, game: GameState):
        super().__init__(game)
        self.known: list[DealResult] = []  # the results worked out so far, deal by deal
        self._wins_memo: tuple[DealResult, frozenset[int] | None] | None = None  # _won_by_formula's last answer
        self.checked: CheckedEntry | None = None  # the entry just validated, to be recorded
        self.end_memo: EndMemo | None = None  # _end_in
        self.stale: dict[int, DealResult] = {}  # results to reuse after an earlier change
        self._reads_totals = _reads_totals(game.ruleset)

    def coming(self, number: int) -> tuple[int, dict[str, tuple] | None]:
        """The deal of the plan that entry ``number`` is, and the values carried into it
        (None: their starts), from the entries before it (a deal that did not count is
        dealt again, and carries nothing on)."""
        rules = self.ruleset
        start = self.game.start_carried  # (None: the ruleset's starts, which DealEval reads itself)
        if number <= 1 or not (rules.carry or rules.redeal is not None):
            return number, start
        results = self.known if len(self.known) >= number - 1 else self.current()
        if not results:  # nothing entered yet: entry n is deal n
            return number, start
        last = results[min(number - 2, len(results) - 1)]
        deal = (last.deal or last.number) + last.counts + max(0, number - 1 - last.number)
        return deal, dict(last.carried) or None

    def named_dealer(self, number: int) -> int:
        """With ``deals.next_dealer``, when nobody joined or sat out: the seat that deals entry
        ``number``. The first dealer deals entry 1; after it, the seat the deal before named (a
        deal that did not count: its dealer again); past the entries worked out, the deal passes
        to the left."""
        setup = self.game.setup
        results = self.known if len(self.known) >= number - 1 else self.current()
        if number <= 1 or not results:
            start, seat = 1, setup.first_dealer
        else:
            last = results[min(number - 2, len(results) - 1)]
            start, seat = last.number + 1, last.next_dealer
        return (seat - 1 + number - start) % setup.n + 1

    def _next_dealer(self, d: DealEval, seats: tuple[int, ...], counts: bool) -> int:
        """The game seat that deals after deal ``d`` by ``deals.next_dealer`` (``seats``: the game
        seats of its players): its dealer again when it did not count, and the seat on the
        dealer's left when the formula cannot be worked out (the deal is kept with that problem)."""
        seat = d.dealer
        if counts:
            try:
                seat = d.next_dealer()
            except (Missing, EvalError):
                seat = d.forehand
        return seats[seat - 1]

    def invalidate(self, number: int) -> None:
        # Deals after a changed one keep their own scores and checks when no formula of
        # the ruleset reads the running totals: only the totals and the end are redone.
        if not self._reads_totals:
            for result in self.known[number - 1:]:
                self.stale[result.number] = result
        del self.known[number - 1:]

    def state_before(self, number: int) -> tuple[tuple, tuple]:
        """(totals per game seat before deal ``number``, with the starting scores of who
        joins at it; (parts won, match totals) before it)."""
        if number <= 1:
            totals, state = self._state_after(None)
        else:
            results = self.current()
            if number - 2 < len(results):
                totals, state = self._state_after(results[number - 2])
            else:
                totals, state = self._state_after(results[-1] if results else None)
        return (self.game.roster.with_joiners(number, totals) if self.game.roster.changes else totals), state

    # -- derived state
    def results(self) -> list[DealResult]:
        """Scores and running totals of every recorded deal (recomputed only after a change)."""
        return list(self.current())

    def current(self) -> list[DealResult]:
        """The list of results itself, brought up to date (for reading here, never changed)."""
        results = self.known
        if len(results) != len(self.game.entered):
            self._catch_up(results)
        return results

    def _end_in(self, results: list[DealResult]) -> int | None:
        """The first of ``results`` that ended the game (None: none did), remembered for the
        list as long as its length and its last result are the same."""
        last = results[-1] if results else None
        memo = self.end_memo
        if memo is not None and memo[0] == len(results) and memo[1] is last:
            return memo[2]
        at = next((r.number for r in results if r.ends_game), None)
        self.end_memo = (len(results), last, at)
        return at

    def _catch_up(self, results: list[DealResult]) -> None:
        """Work out the results of the deals recorded after the last one in ``results``."""
        setup = self.game.setup
        parts = setup.parts
        totals, state = self._state_after(results[-1] if results else None)
        over_at = self._end_in(results)
        stale = self.stale
        changes = self.game.roster.changes
        seats = setup.seats
        carried = dict(results[-1].carried) if results else dict(self.game.start_carried or setup.carry_start)
        for number in range(len(results) + 1, len(self.game.entered) + 1):
            values = self.game.entered[number - 1]
            if changes:
                totals = self.game.roster.with_joiners(number, totals)
                seats = self.game.roster.lineup(number).seats
            d = self._checked_or_new(number, values, totals, state)
            issues, scores, made = self._scored(number, d, totals, state, stale.pop(number, None))
            if changes:  # per game seat: nothing for who did not play
                width = self.game.roster.width()
                full_scores, full_made = [0] * width, [None] * width
                for i, seat in enumerate(seats):
                    full_scores[seat - 1], full_made[seat - 1] = scores[i], made[i]
                scores, made = full_scores, full_made
            self.checked = None
            counts = self.ruleset.redeal is None or _counts(d)
            if over_at is not None:  # not part of the game: listed with why, and counted for no one
                issues.append(Issue("error", Message("engine.entry.after_end", number=number, end=over_at),
                                    check=AFTER_END_CHECK))
            if over_at is not None or not counts:
                scores, made = [0] * len(scores), [None] * len(made)
            after = tuple(map(add, totals, scores))
            won, match, part_over = self._part_after(d, after, state) if counts and parts else (*state, False)
            ends = counts and self._ends(number, values, totals, (won, match), d if not part_over else None)
            if ends and parts is not None and parts.bonus is not None:
                final = DealEval(setup, d.number, values, totals, (won, match), d.dealer, d.carried)
                match = tuple(m + self._number(parts.bonus, final, seat)
                              for m, seat in zip(match, setup.scorer_seats))
            if counts and carried and over_at is None:  # a deal after the end carries nothing on
                carried = self._carried_out(d, seats, carried)
            bonus = self._end_bonus(number, values, totals, issues, carried) if ends and over_at is None else ()
            part = (results[-1].part + results[-1].part_over) if results else 1
            dealer = seats[d.dealer - 1]
            after_this = self._next_dealer(d, seats, counts) if self.ruleset.next_dealer is not None else 0
            result = built(DealResult, number, d.cards, dealer, values, tuple(scores), tuple(made), after,
                           tuple(issues), part, part_over, match, won, ends, seats, carried, counts, d.number, bonus,
                           after_this)
            results.append(result)
            if over_at is None and ends:
                over_at = number
            totals, state = (after, (won, match)) if not part_over else self._state_after(result)
        stale.clear()
        self.end_memo = (len(results), results[-1], over_at)

    def _end_bonus(self, number: int, values, before: tuple, issues: list, carried: dict[str, tuple]) -> tuple:
        """The end bonus of each scorer ([end] bonus) after entry ``number``, the deal that ended the
        game: worked out with the totals after it and the values carried out of it (``before``:
        the totals before it). One that cannot be worked out is a problem of the deal, and 0."""
        formula = self.ruleset.end_bonus
        if formula is None:
            return ()
        d = self.game.deal_eval(number, values, before, None, carried or None)
        if self.game.roster.changes:
            units = [(seat, game_seat - 1) for seat, game_seat in enumerate(self.game.roster.lineup(number).seats, start=1)]
        else:
            units = [(seat, i) for i, seat in enumerate(self.game.setup.scorer_seats)]
        bonus = [0] * self.game.roster.width()
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
        checked = self.checked
        if (checked is not None and checked.number == number and checked.values is values and not self.game.roster.changes
                and checked.deal.before == totals and checked.deal.match == state):
            return checked.deal
        return self.game.deal_eval(number, values, totals, state)

    def _part_after(self, d: DealEval, after: tuple, state: tuple) -> tuple[tuple, tuple, bool]:
        """(parts won, match totals, whether the part is over) after deal ``d``, with parts."""
        won, match = state
        parts = self.game.setup.parts
        if parts is None or not _holds(parts.end, d):
            return won, match, False
        awards = [self._number(parts.award, d, seat) for seat in self.game.setup.scorer_seats]
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
        if not self.game.roster.changes:
            return out
        full = self.game.roster.widened(carried)
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
        scores: Sequence
        values = d.values
        if kept is not None and kept.values is values and not any(i.check == AFTER_END_CHECK for i in kept.issues):
            # The same entry under rules that do not read the totals: the same
            # scores and problems (a deal after the end counted for no one: worked out again).
            issues = list(kept.issues)
            scores, made = list(kept.scores), list(kept.made)
            if self.game.roster.changes:  # kept per game seat: back to the players of the deal
                scores, made = [scores[s - 1] for s in kept.seats], [made[s - 1] for s in kept.seats]
            for scorer, score in enumerate(scores):
                d.cache_score(scorer, score)
            return issues, scores, made
        checked = self.checked
        if checked is not None and checked.number == number and checked.values is values:
            issues = list(checked.issues)
        else:
            issues = self.game.entry_rules.deal_issues(number, values, totals, ("error", "warning"), state, d)
        try:
            scores = d.scores()
        except (Missing, EvalError):  # each scorer's own, and 0 where it cannot be worked out
            each = []
            for scorer in range(d.setup.scorers):
                try:
                    each.append(d.score(scorer))
                except (Missing, EvalError):
                    each.append(0)
            scores = each
        return issues, scores, d.made_all()

    def _state_after(self, result: "DealResult | None") -> tuple[tuple, tuple]:
        """Totals and (parts won, match totals) that the deal after ``result`` starts from."""
        if result is not None and not result.part_over:
            return result.totals, (result.parts_won, result.match)
        zero = (0,) * self.game.roster.width()
        if result is None:
            start = self.game.start_scores
            return start + zero[len(start):], (zero, zero)
        return zero, (result.parts_won, result.match)

    def _ends(self, number: int, values, before: tuple, state, d: DealEval | None = None) -> bool:
        """Whether the game ends with this deal (``d``: the deal, if ``state`` is still its own)."""
        plan = self.game.roster.setup_for(number).plan
        if plan is not None and (d.number if d is not None else self.coming(number)[0]) >= len(plan):
            return True
        when = self.ruleset.end_when
        if when is None:
            return False
        return _holds(when, d if d is not None else self.game.deal_eval(number, values, before, state))

    @staticmethod
    def _number(formula, deal: DealEval, seat: int):
        try:
            value = deal.run(formula, seat)
        except (Missing, EvalError):
            return 0
        return int(value) if isinstance(value, bool) else value

    def totals(self) -> tuple:
        """The standing totals: the running totals, or with parts the match totals."""
        results = self.current()
        if not results:
            return self.game.roster.with_joiners(1, self._state_after(None)[0])
        if self.game.setup.parts is not None:
            return results[-1].match
        # who joined for the next deal starts with the agreed score
        totals = self.game.roster.with_joiners(self.game.next_deal, results[-1].totals) if self.game.roster.changes else results[-1].totals
        at = self._end_in(results) if self.ruleset.end_bonus is not None else None
        if at is not None and results[at - 1].bonus:  # the end bonus, after the last deal's totals
            totals = tuple(t + b for t, b in zip(totals, results[at - 1].bonus)) + totals[len(results[at - 1].bonus):]
        return totals

    def end_bonus(self) -> tuple:
        """The end bonus of each scorer ([end] bonus) once the game has ended by its rules, else ()."""
        if self.ruleset.end_bonus is None:
            return ()
        results = self.current()
        at = self._end_in(results)
        return results[at - 1].bonus if at is not None else ()

    @property
    def is_over(self) -> bool:
        return self._end_in(self.current()) is not None or self.game.stopped_at is not None

    def _ended_early(self) -> int | None:
        return self._end_in(self.current())

    def over_reason(self) -> Message:
        if self._ended_early() is None and self.game.stopped_at is not None:
            return Message("engine.end.ended_early", number=self.game.stopped_at)
        at = self._ended_early()
        assert at is not None  # (the game is over: by its rules, or the table ended it)
        plan = self.game.roster.setup_for(at).plan
        ended = self.current()[at - 1]
        if plan is not None and (ended.deal or at) == len(plan):
            return Message.plural("engine.game.all_played", at)
        return Message("engine.game.ended_after", number=at)

    def standings(self) -> list[Standing]:
        """The scorers by rank: by their totals (``end.winner``); once the game is over under a
        ruleset with ``end.wins``, those it names first, all ranked 1."""
        totals = self.totals()
        names = self.game.roster.scorer_names
        reverse = self.ruleset.winner == "highest"
        won = self._won_by_formula() or frozenset()
        order = sorted(range(len(totals)), key=lambda i: (i not in won, -totals[i] if reverse else totals[i], i))
        out: list[Standing] = []
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
        results = self.current()
        result = results[at - 1]
        if self._wins_memo is not None and self._wins_memo[0] is result:
            return self._wins_memo[1]
        before, state = self._state_after(results[at - 2] if at > 1 else None)
        if self.game.setup.parts is not None:  # the parts won and the match totals with this deal's
            state = (result.parts_won, result.match)
        if self.game.roster.changes:
            d = self.game.deal_eval(at, result.values, self.game.roster.with_joiners(at, before), state)
            units = [(seat, game_seat - 1) for seat, game_seat in enumerate(result.seats, start=1)]
        else:  # the deal as it was scored: with the values carried into it (Phase 10's phase)
            d = self.game.deal_eval(at, result.values, before, state)
            units = [(seat, i) for i, seat in enumerate(self.game.setup.scorer_seats)]
        won = frozenset(i for seat, i in units if _holds(wins, d, seat)) or None
        self._wins_memo = (result, won)
        return won

    @property
    def winners(self) -> list[str]:
        """The winner (several on a tie) once the game is over, else an empty list."""
        if not self.is_over:
            return []
        return [s.name for s in self.standings() if s.rank == 1]


_TOTAL_NAMES = frozenset({"before", "total", "parts_won", "match_total"})


def _reads_totals(ruleset: Ruleset) -> bool:
    """Whether a deal's scores or problems can depend on the deals before it."""
    if ruleset.carry or ruleset.redeal is not None or ruleset.next_dealer is not None:
        return True  # values carried on, deals dealt again, or a dealer named by the deal before
    formulas: list[Formula | None] = [d.value for d in ruleset.derived.values()]
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
