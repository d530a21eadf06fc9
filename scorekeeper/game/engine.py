"""Evaluating one deal under a ruleset: values, checks, allowed values, scores.

Everything is computed on demand from what the table entered; a value that is
not entered yet raises :class:`Missing`, so a check that needs it simply waits.
No code here knows any game: it only runs the ruleset's formulas.

What this module says (an error, an issue, a trump instruction) is data: a
:class:`~scorekeeper.messages.Message`, worded in the reader's language only where
it is shown (``scorekeeper.i18n.show``); a ruleset's own texts (its check messages,
reminders and trump texts) are already in the ruleset's language and stay text.
"""

from __future__ import annotations

from ..messages import Message, MessageError, Text, render
from ..rules.formula import (
    MAX_NUMBER, NUMBER_LIMIT, EvalError, FastContext, Incomplete, Missing, as_points, number_text,
)
from ..rules.problems import key_path
from ..rules.ruleset import NO_TRUMP, SUITS, FieldSpec, Ruleset
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable, Iterator, Literal, Mapping, Sequence

    from ..rules.cards import Card

# --- errors -----------------------------------------------------------------------------


class GameError(MessageError):
    """Base of the errors a player can act on (``code`` and ``params``: the message's, for a
    caller that acts on them)."""

    deal: int | None = None  # the sheet's or stored game's entry it was raised at (replay_into), if known


class IllegalEntry(GameError):
    """A deal entry that breaks the rules; ``issues`` lists every reason (worded
    one after another, joined by "; ")."""

    def __init__(self, issues: list["Issue"]):
        self.issues = issues
        texts = tuple(i.message for i in issues)
        # A ruleset's own check texts are already words: only messages are worded later.
        joined = texts if any(isinstance(m, Message) for m in texts) else "; ".join(map(str, texts))
        super().__init__(Message("engine.entry.issues", issues=joined))

    def __text__(self, show: Callable[[Any], str]) -> str:
        return "; ".join(show(i.message) for i in self.issues)

    def __str__(self) -> str:
        return self.__text__(render)


class SetupError(GameError):
    """Players, options or first dealer that the ruleset does not allow."""


# The most the engine builds from a ruleset's formulas; each is checked before it is built.
MOST_DEALS = 10_000  # deals in a deal plan
LARGEST_DOMAIN = 10_000  # values listed for a field (its allowed values, each checked)


class LimitError(SetupError):
    """What a ruleset's formulas make passes a limit of the engine (found before it is
    built): ``key`` names the ruleset's key, ``detail`` says what and the limit."""

    def __init__(self, ruleset: Ruleset, key: str, detail: Message):
        self.key = key
        self.detail = detail
        super().__init__(Message("engine.setup.limit", ruleset=ruleset.id, where=key, error=detail))


def domain_limit(ruleset: Ruleset, spec: FieldSpec, domain: Sequence) -> LimitError | None:
    """The error of a field whose values are more than can be listed (LARGEST_DOMAIN), naming
    the key that makes them so; None when they can be."""
    if domain_size(domain) <= LARGEST_DOMAIN:
        return None
    if isinstance(domain, range):
        low, high = domain.start, domain.stop - 1
        bound = spec.min if abs(low) > abs(high) else spec.max  # the bound far from 0 makes them many
        return LimitError(ruleset, bound.key, Message("engine.limit.domain", low=low, high=high, most=LARGEST_DOMAIN))
    return LimitError(ruleset, key_path(key_path("fields", spec.id), "choices"),
                      Message("engine.limit.choices", count=len(domain), most=LARGEST_DOMAIN))


def listed(values: Sequence, most: int = 8) -> str:
    """A field's list of values for the table to read: all of them, or the first ``most``,
    "…" and the last ("18, 20, 22, 23, 24, 27, 30, 33, …, 264")."""
    shown = [str(v) for v in values]
    if len(shown) > most + 1:
        shown = shown[:most] + ["…", shown[-1]]
    return ", ".join(shown)


def domain_size(domain: Sequence) -> int:
    """How many values a domain (a range, or a list of choices) holds, without building it
    (``len`` of a range past the machine's word size raises OverflowError)."""
    if isinstance(domain, range):
        return max(0, domain.stop - domain.start)
    return len(domain)


# --- values -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Issue:
    """One problem with an entry: which field and seat it concerns, and why."""

    level: str  # error or warning
    message: Text  # a Message, or the text of a ruleset's own check (in its language)
    field: str | None = None
    unit: int | None = None  # seat or team number the field belongs to
    check: str | None = None


@dataclass(frozen=True)
class Choice:
    """One value a field may take, whether the rules allow it now, and why not."""

    value: Any
    allowed: bool
    reasons: tuple[Text, ...] = ()  # the texts of the ruleset's checks that refuse it


@dataclass(frozen=True)
class TrumpInstruction:
    kind: str  # none, turn, suit, choose
    text: Text  # what the table is told: a Message, or the ruleset's own 'say' text
    suit: str | None = None  # known trump suit (or 'none'), if known yet
    seat: int | None = None  # who chooses (kind choose)


def suit_text(suit: str | None) -> Text:
    """A trump suit as the table is told it: its sign, or the message for no trump."""
    if suit is None:
        return "?"
    if suit == NO_TRUMP:
        return Message("game.suit.none")
    from ..rules.cards import SUIT_SYMBOL  # (the cards module is imported where a card or suit is met)

    return SUIT_SYMBOL.get(suit, suit)


def message_of(error: Exception) -> Text:
    """What an error of the rules layer says, to pass on as data: its Message (with the
    key path that a formula's error names), else the text it was raised with."""
    message = getattr(error, "message", None)
    if message is None:
        first = error.args[0] if len(error.args) == 1 else None
        return first if isinstance(first, Message) else str(error)
    key = getattr(error, "key", None)
    return message if key is None else Message("engine.key_error", where=key, error=message)


def check_player_count(ruleset: Ruleset, n: int) -> None:
    """SetupError unless the ruleset is played by ``n`` players: what gives the number of
    players (an argument) checks it with this before it makes a seat."""
    low, high = ruleset.min_players, ruleset.max_players
    if not low <= n <= high:
        if low == high:
            raise SetupError(Message("engine.setup.players_exact", game=ruleset.name, players=low, count=n))
        raise SetupError(Message("engine.setup.players_range", game=ruleset.name, low=low, high=high, count=n))


def _check_players(ruleset: Ruleset, players: tuple, first_dealer: Any) -> None:
    """SetupError unless the ruleset allows so many players, each has a name of their own
    (at most 40 characters) and the first dealer is one of their seats."""
    n = len(players)
    check_player_count(ruleset, n)
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise SetupError(Message("engine.setup.no_name", number=i + 1))
        if len(name) > 40:
            raise SetupError(Message.plural("engine.setup.long_name", len(name), number=i + 1))
    folded = [p.strip().casefold() for p in players]
    for i, name in enumerate(folded):
        if name in folded[:i]:
            raise SetupError(Message("engine.setup.same_name", name=players[i].strip()))
    if not (type(first_dealer) is int and 1 <= first_dealer <= n):
        raise SetupError(Message("engine.setup.first_dealer", count=n, value=str(first_dealer)))


class Setup:
    """What is fixed for the whole game: ruleset, players, options, first dealer, plan."""

    def __init__(self, ruleset: Ruleset, players: Iterable[str], options: dict | None = None, first_dealer: int = 1,
                 plan: Sequence[int] | None = None):
        """``plan``: the cards of every deal when the table changed the ruleset's plan (Game.change_plan)."""
        players = tuple(players)
        self.ruleset = ruleset
        n = len(players)
        _check_players(ruleset, players, first_dealer)
        self.players = tuple(p.strip() for p in players)
        self.n = n
        self.first_dealer = first_dealer
        try:
            self.options = ruleset.resolve_options(options)
        except ValueError as exc:
            raise SetupError(message_of(exc)) from None
        self.teams = ruleset.teams
        self.team_of = {s: 0 for s in range(1, n + 1)}
        for team, members in enumerate(self.teams, start=1):
            for s in members:
                self.team_of[s] = team
        consts: dict[str, Any] = {"players": n, **self.options}
        env = _ConstEnv(consts)
        consts["deck"] = self._int(ruleset.deck, env, "deck")
        self._formula_defaults(options or {}, env)
        consts["deals"] = 0
        for cid, formula in ruleset.constants.items():
            consts[cid] = self._setup_value(formula, env)
        self.plan = self._deal_plan(env) if plan is None else tuple(plan)
        if self.plan is not None:
            consts["deals"] = len(self.plan)
        # how many deals the game has: its plan's, or what [end] deals makes of these options
        self.planned = len(self.plan) if self.plan is not None else self._deals_by_end(env)
        # the options these settings leave unused (their ``when`` is false)
        self.unused_options = frozenset(oid for oid, o in ruleset.options.items()
                                        if o.when is not None and not self._setup_value(o.when, env))
        self.consts = consts
        self.fixed_names = frozenset(consts) | frozenset(_DEAL_FACTS)  # see DealEval.run_fixed
        self.scorers = len(self.teams) if ruleset.score_scope == "team" else n
        parts = ruleset.parts
        self.parts = parts if parts is not None and (parts.when is None or self._setup_value(parts.when, env)) else None
        team_index = [0] * (n + 1)
        for seat, team in self.team_of.items():
            team_index[seat] = max(team - 1, 0)
        inline = {d.id: d.value for d in ruleset.derived.values() if d.value.size <= 40}
        self.fast_context = FastContext(consts, {f.id: f.scope for f in ruleset.fields.values()},
                                        tuple(team_index), inline,
                                        frozenset(f.id for f in ruleset.fields.values() if f.fill is not None))
        self._caches(consts)
        self._order_kinds()
        self.no_match = ((0,) * self.scorers,) * 2
        self.seats = tuple(range(1, n + 1))
        self.scorer_seats = (tuple(m[0] for m in self.teams) if ruleset.score_scope == "team"
                             else tuple(range(1, n + 1)))
        # the values carried into the first deal: per carried value, one per seat or partnership
        self.carry_start = {cid: self._carry_start(c, consts) for cid, c in ruleset.carry.items()}

    def _carry_start(self, carried, consts: dict[str, Any]) -> tuple:
        """A carried value's start for each seat, partnership or the table; a start that reads
        ``seat`` (``team``) is worked out for each."""
        width = _carry_width(carried.scope, len(self.teams), self.n)
        unit = "team" if carried.scope == "team" else "seat"
        if unit not in carried.start.names or carried.scope == "table":
            return (_points(self._setup_value(carried.start, _ConstEnv(consts))),) * width
        return tuple(self.carry_start_at(carried, k, consts) for k in range(1, width + 1))

    def carry_start_at(self, carried, number: int, consts: dict[str, Any] | None = None):
        """A carried value's start at seat (partnership) ``number``: a player who joins later starts
        from the start at their own seat."""
        unit = "team" if carried.scope == "team" else "seat"
        return _points(self._setup_value(carried.start, _ConstEnv({**(consts or self.consts), unit: number})))

    def _order_kinds(self) -> None:
        """Whether the bidding order can be kept from deal to deal, and across games."""
        ruleset = self.ruleset
        # The bidding order is the same for every deal with the same dealer and number
        # when the first bidder reads nothing the table enters (the usual "forehand") ...
        first = ruleset.first_bidder
        self.order_is_fixed = not (first.names & (set(ruleset.fields) | set(ruleset.derived)))
        # ... and in every game of the kind (``orders``, shared) when it reads nothing but the
        # game's constants and the deal's facts: no totals, no players' names either.
        self.order_shared = first.names <= self.fixed_names and not first.calls & _READS_THE_TABLE

    def _caches(self, consts: dict[str, Any]) -> None:
        """What is worked out on first use, kept for this game or (``SHARED_BY_KIND``) for every game of
        the same ruleset, constants, plan and first dealer."""
        others = tuple(sorted((k, repr(v)) for k, v in consts.items()
                              if not isinstance(v, (int, float, str, bool))))  # not in the context's key
        key = (self.fast_context.key, others, self.plan, self.first_dealer)
        shared = self._shared = SHARED_BY_KIND.get(self.ruleset, key)
        self._fast: dict = shared.fast  # formula -> its fast code
        self._cards: dict[int, int] = shared.cards  # deal number -> cards, without a plan
        self._facts: dict[int, tuple[int, int]] = shared.facts  # deal number -> (cards, dealer, passed on as usual)
        self.orders: dict[tuple[int, int], tuple[int, ...]] = shared.orders  # (dealer, deal) -> bidding order
        self._empty: dict[str, Any] | None = None
        self._check_plan: tuple | None = None
        # the score at every scorer's seat in one call, made on first use
        self.score_all: Callable[[DealEval], Any] | None = None
        self.made_all: Callable[[DealEval], Any] | None = None  # ... and whether each made their bid
        # both from the entered values alone (False: no such form)
        self.made_values: Callable[..., list] | None | Literal[False] = None
        self.score_values: Callable[..., list] | None | Literal[False] = None

    def _formula_defaults(self, given, env) -> None:
        """The options the table left at a default written as a formula (e.g. "deck // players"),
        worked out for these players and this deck; SetupError when it is not one the option takes."""
        for oid, option in self.ruleset.options.items():
            formula = option.default_formula
            if formula is None or oid in given:
                continue
            value = self._int(formula, env, formula.key)
            low, high = option.min, option.max
            if low is not None and value < low or high is not None and value > high:
                raise SetupError(Message("rules.option.default_value", players=self.n, value=str(value),
                                         low=str(low), high=str(high)))
            self.options[oid] = env.consts[oid] = value

    def _deals_by_end(self, env) -> int | None:
        """The number of deals ``[end] deals`` gives for these options (None: not a fixed number)."""
        formula = self.ruleset.end_deals
        if formula is None:
            return None
        value = self._setup_value(formula, env)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 1:
            return None
        if value > MOST_DEALS:  # shown deal by deal (rules show): as long as a plan at most
            raise LimitError(self.ruleset, formula.key, Message("engine.limit.deals", most=MOST_DEALS))
        return int(value)

    def _deal_plan(self, env) -> tuple[int, ...] | None:
        """The cards of every deal by the ruleset's plan for these options (None: no plan)."""
        ruleset = self.ruleset
        if not ruleset.plan:
            return None
        plan: list[int] = []
        for piece in ruleset.plan:
            if piece.when is not None and not self._setup_value(piece.when, env):
                continue
            start = self._int(piece.start, env, piece.start.key)
            end = self._int(piece.end, env, piece.end.key)
            repeat = self._int(piece.repeat, env, piece.repeat.key) if piece.repeat else 1
            times = self._int(piece.times, env, piece.times.key) if piece.times else 1
            every = self._int(piece.step, env, piece.step.key) if piece.step else 1
            if every < 1:
                assert piece.step is not None  # (every is 1 without a step)
                raise SetupError(Message("engine.setup.step", ruleset=ruleset.id, item=piece.step.key, value=every))
            each = max(repeat, 0) * max(times, 0)  # deals of each number of cards
            if len(plan) + (abs(end - start) // every + 1) * each > MOST_DEALS:  # counted before a deal is built
                where = piece.start.key.rpartition(".")[0]  # deals.plan[i]
                raise LimitError(ruleset, where, Message("engine.limit.plan", most=MOST_DEALS))
            step = every if end >= start else -every
            for c in range(start, end + (1 if step > 0 else -1), step):
                plan.extend([c] * each)
        if not plan:
            raise SetupError(Message("engine.setup.plan_empty", ruleset=ruleset.id))
        return tuple(plan)

    def fast_formula(self, formula):
        """The game's fast form of a formula (generated on first use), a function (deal, seat).

        It raises what the generated code raises; DealEval.run turns arithmetic and
        type errors into EvalError naming the formula's key.
        """
        fast = self._fast.get(formula)
        if fast is None:
            fast = self._fast[formula] = formula.fast(self.fast_context).raw
        return fast

    def _setup_value(self, formula, env):
        """A game-level formula's value (constants, options, plan), its errors as SetupError."""
        try:
            return formula(env)
        except Missing as exc:  # a game-level formula cannot need a deal's entries
            raise SetupError(Message("engine.setup.no_value_before", item=formula.key, name=exc.name)) from None
        except EvalError as exc:
            raise SetupError(message_of(exc)) from None

    def _int(self, formula, env, key) -> int:
        value = self._setup_value(formula, env)
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or isinstance(value, float) and not value.is_integer()):  # inf and nan are not whole
            raise SetupError(Message("engine.setup.not_whole", ruleset=self.ruleset.id, item=key, value=repr(value)))
        return int(value)

    @property
    def scorer_names(self) -> tuple[str, ...]:
        if self.ruleset.score_scope == "team":
            return tuple(" & ".join(self.players[s - 1] for s in members) for members in self.teams)
        return self.players

    def dealer(self, number: int) -> int:
        return (self.first_dealer - 1 + number - 1) % self.n + 1

    def cards(self, number: int) -> int:
        if self.plan is not None:
            if not 1 <= number <= len(self.plan):
                raise GameError(Message.plural("engine.no_deal", len(self.plan), number=str(number)))
            return self.plan[number - 1]
        cards = self._cards.get(number)
        if cards is None:
            env = _ConstEnv({**self.consts, "deal": number})
            cards = self._cards[number] = self._int(self.ruleset.cards, env, "deals.cards")
        return cards

    def deal_scores(self, number: int, values: Mapping[str, Any], before: tuple | None = None,
                    match: tuple[tuple, tuple] | None = None, dealer: int | None = None,
                    carried: dict[str, tuple] | None = None) -> tuple:
        """Every scorer's points for a deal: ``DealEval(self, number, values, ...).scores()``, worked
        out straight from the entered values when the score reads nothing else of the deal
        but its number, cards and dealer and every value it reads is entered."""
        score_from_values = self.score_values
        if score_from_values is None:
            score_from_values = self._score_values()
        if score_from_values:
            facts = self._facts.get(number)
            if facts is None:  # the deal passes to the left every deal
                facts = self._facts[number] = (self.cards(number), (self.first_dealer + number - 2) % self.n + 1)
            try:  # (direct_scores, without a call more: this is the engine's way of scoring a deal)
                scores = score_from_values(values, number, facts[0], facts[1] if dealer is None else dealer)
            except Incomplete:
                scores = None
            except (ArithmeticError, TypeError, RecursionError) as exc:
                raise self.ruleset.score.wrap_error(exc) from None
            if scores is not None:
                return tuple(scores)
        return DealEval(self, number, values, before, match, dealer, carried).scores()

    def _score_values(self) -> Callable[..., list] | Literal[False]:
        """The score at every seat from the entered values alone, made on first use (False: none)."""
        score = self.ruleset.score
        every = score.every_seat_values(self.fast_context, self.scorer_seats, points=True)
        found: Callable[..., list] | Literal[False] = every if every else False
        self.score_values = found
        return found

    def direct_scores(self, values: Mapping[str, Any], number: int, cards: int, dealer: int) -> tuple | None:
        """The scores straight from the entered values (see deal_scores); None when the score
        formula needs more of the deal or a value it reads is not entered."""
        score_from_values = self.score_values
        if score_from_values is None:
            score_from_values = self._score_values()
        if not score_from_values:
            return None
        try:
            scores = score_from_values(values, number, cards, dealer)
        except Incomplete:
            return None
        except (ArithmeticError, TypeError, RecursionError) as exc:
            raise self.ruleset.score.wrap_error(exc) from None
        return tuple(scores)

    def check_plan(self) -> tuple:
        """The ruleset's checks that can apply in this game, each with its condition (None when
        the game's options and table decide it holds): a check whose condition they decide
        does not hold is left out (e.g. the dealer's restriction when the option is off)."""
        plan = self._check_plan
        if plan is None:
            applying = []
            for check in self.ruleset.checks:
                decided, holds = (False, None) if check.when is None else check.when.constant(self.fast_context)
                if not decided:
                    applying.append((check, check.when))
                elif holds:
                    applying.append((check, None))
            plan = self._check_plan = tuple(applying)
        return plan

    def nothing_entered(self) -> dict[str, Any]:
        """A deal's values before anything is entered: None for each field of the deal, a
        tuple of None per seat or partnership for the others."""
        return dict(self.empty)

    @property
    def empty(self) -> dict[str, Any]:
        """nothing_entered(), the same dict each time (for reading only)."""
        empty = self._empty
        if empty is None:
            empty = self._empty = {}
            for key, spec in self.ruleset.fields.items():
                units = self.n if spec.scope == "seat" else len(self.teams)
                empty[key] = None if spec.scope == "deal" else (None,) * units
        return empty

    def scorer_of_seat(self, seat: int) -> int:
        """0-based index of the scorer (seat or partnership) a seat's points go to."""
        return self.team_of[seat] - 1 if self.ruleset.score_scope == "team" else seat - 1


_DEAL_FACTS = ("deal", "cards", "dealer", "forehand")
# functions whose value follows more than their arguments: the players' names, the bidding order
_READS_THE_TABLE = frozenset({"name", "bidder", "first_min", "first_max"})


class _Shared:
    """What the games of one ruleset with the same constants, plan and first dealer work out
    alike, kept once for all of them: the fast code of each formula, and per deal number its
    cards, its dealer and its bidding order (a new game then starts where the last one was)."""

    __slots__ = ("ruleset", "fast", "cards", "facts", "orders", "fixed", "fixed_value", "record")

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self.fast: dict = {}
        self.cards: dict[int, int] = {}
        self.facts: dict[int, tuple[int, int]] = {}
        self.orders: dict[tuple[int, int], tuple[int, ...]] = {}
        self.fixed: dict = {}  # formula -> whether it reads only what the deal number and dealer fix
        self.fixed_value: dict = {}  # (formula, deal number, dealer) -> its value
        # how Game.record takes a plain deal (a fastpath.RecordPlan, made on first use; False: it cannot)
        self.record: Any = None


class SharedByKind:
    """The one registry of the games' shared parts (_Shared), by ruleset and by the constants,
    plan and first dealer a key gives: games of ``most`` kinds at once keep theirs; the oldest
    kind is dropped first."""

    __slots__ = ("most", "kinds")

    def __init__(self, most: int = 32) -> None:
        self.most = most
        self.kinds: dict[tuple, _Shared] = {}

    def get(self, ruleset: Ruleset, key: tuple) -> _Shared:
        """The shared part of the games of ``ruleset`` whose constants, plan and first dealer ``key`` gives."""
        kinds = self.kinds
        full = (id(ruleset), key)
        shared = kinds.get(full)
        if shared is None or shared.ruleset is not ruleset:
            if len(kinds) >= self.most:
                del kinds[next(iter(kinds))]
            shared = kinds[full] = _Shared(ruleset)
        return shared


SHARED_BY_KIND = SharedByKind()  # the process's: every Setup takes its shared part here


class _ConstEnv:
    __slots__ = ("consts",)

    def __init__(self, consts):
        self.consts = consts

    def get(self, name):
        try:
            return self.consts[name]
        except KeyError:
            raise Missing(name) from None

    def seat_order(self):
        raise Missing("seats")

    at = is_entered = seat_name = team_of = seat_order


class Env:
    """The view of a deal that formulas get: values at one seat (or at deal level)."""

    __slots__ = ("d", "seat")

    def __init__(self, deal: "DealEval", seat: int | None):
        self.d = deal
        self.seat = seat

    def get(self, name):
        return self.d.value(name, self.seat)

    def at(self, seat):
        return self.d.env(self._seat(seat))

    def seat_order(self):
        return self.d.order

    def is_entered(self, name):
        return self.d.raw(name, self.seat) is not None

    def _seat(self, seat) -> int:
        return self.d.seat(seat)

    def seat_name(self, seat):
        return self.d.setup.players[self._seat(seat) - 1]

    def team_of(self, seat):
        return self.d.setup.team_of[self._seat(seat)]

    def between(self, name, seat, other):
        return self.d.between(name, seat, other)


_SEAT_CONTEXT = {
    "seat": lambda d, s: s,
    "position": lambda d, s: d.order.index(s) + 1,
    "team": lambda d, s: d.setup.team_of[s],
    "player": lambda d, s: d.setup.players[s - 1],
    "is_dealer": lambda d, s: s == d.dealer,
    "before": lambda d, s: d.before[d.setup.scorer_of_seat(s)],
    "total": lambda d, s: d.before[d.setup.scorer_of_seat(s)] + d.score(d.setup.scorer_of_seat(s)),
    "parts_won": lambda d, s: d.match[0][d.setup.scorer_of_seat(s)],
    "match_total": lambda d, s: d.match[1][d.setup.scorer_of_seat(s)],
    "score": lambda d, s: d.score(d.setup.scorer_of_seat(s)),  # the deal's points, in a carried value's update
}


_BUSY = object()  # a value of the deal being worked out (met again: it depends on itself)


class DealEval:
    """One deal: the entered values plus everything the ruleset derives from them."""

    __slots__ = ("setup", "rules", "number", "values", "before", "match", "cards", "dealer",
                 "forehand", "_fns", "_cache", "_order", "carried", "_pair")

    def __init__(self, setup: Setup, number: int, values: Mapping[str, Any], before: tuple | None = None,
                 match: tuple[tuple, tuple] | None = None, dealer: int | None = None,
                 carried: dict[str, tuple] | None = None):
        """``number``: the deal of the plan (a deal that did not count is dealt again under
        its number); ``carried``: the values carried into it (by default their starts)."""
        self.setup = setup
        self.carried = carried if carried is not None else setup.carry_start
        self.rules = setup.ruleset
        self.number = number
        self.values = values
        self.before = before if before is not None else (0,) * setup.scorers
        # With parts (the games of a rubber): (parts won, match total) per scorer.
        self.match = match if match is not None else setup.no_match
        plan = setup.plan
        self.cards = plan[number - 1] if plan is not None and 0 < number <= len(plan) else setup.cards(number)
        n = setup.n
        if dealer is None:  # the deal passes to the left every deal
            dealer = (setup.first_dealer + number - 2) % n + 1
        self.dealer = dealer
        self.forehand = dealer % n + 1
        self._fns = setup._fast
        self._cache: dict = {}  # (name, seat) -> value (_BUSY while it is worked out); ("#env", seat) -> Env
        self._order: tuple[int, ...] | None = None
        self._pair: tuple[int, int] | None = None  # (seat, other) while a value per pair is updated

    # -- plumbing
    def run_fixed(self, formula, seat: int | None = None):
        """run(), remembered for every game of the kind when the formula reads nothing but the
        game's constants and the deal's number, cards, dealer and forehand (a bound such as
        "cards", a condition such as "cards * players != deck"): the deal number and its
        dealer then fix its value, at any seat."""
        shared = self.setup._shared
        key = (formula, self.number, self.dealer)
        value = shared.fixed_value.get(key, _BUSY)
        if value is not _BUSY:
            return value
        value = self.run(formula, seat)
        fixed = shared.fixed.get(formula)
        if fixed is None:
            fixed = shared.fixed[formula] = (formula.names <= self.setup.fixed_names
                                             and not formula.calls & _READS_THE_TABLE)
        if fixed:
            shared.fixed_value[key] = value
        return value

    def run(self, formula, seat: int | None = None):
        """A formula's value at a seat (None: for the whole deal), in the game's fast form."""
        fast = self._fns.get(formula)
        if fast is None:
            fast = self.setup.fast_formula(formula)
        try:
            return fast(self, seat)
        except (ArithmeticError, TypeError, RecursionError) as exc:
            raise formula.wrap_error(exc) from None

    def seat(self, seat) -> int:
        """A seat number computed by a formula (of(), name(), team_of()), checked. Seat numbers go
        round the table as in [seats]: with 4 players 5 is seat 1 and 0 is seat 4; a value that
        is not a whole number is no seat."""
        n = self.setup.n
        if isinstance(seat, bool) or not isinstance(seat, (int, float)) or seat != int(seat):
            raise EvalError("seat", Message("engine.no_seat", seat=repr(seat), count=n))
        return (int(seat) - 1) % n + 1

    def is_entered(self, name: str, seat: int | None) -> bool:
        return self.raw(name, seat) is not None

    def seat_name(self, seat) -> str:
        return self.setup.players[self.seat(seat) - 1]

    def team_of(self, seat) -> int:
        return self.setup.team_of[self.seat(seat)]

    def between(self, name: str, seat, other):
        """between(seat, other, x): the value ``name``, carried per pair of seats, that ``seat``
        holds on ``other`` (seats go round the table as in of()); a seat holds 0 on itself."""
        a, b = self.seat(seat), self.seat(other)
        if a == b:
            return 0
        return self.carried[name][pair_index(a, b, self.setup.n)]

    def env(self, seat: int | None = None) -> Env:
        key = ("#env", seat)
        e = self._cache.get(key)
        if e is None:
            if seat is not None and not 1 <= seat <= self.setup.n:
                raise EvalError("seat", Message("engine.no_seat", seat=str(seat), count=self.setup.n))
            e = self._cache[key] = Env(self, seat)
        return e

    @property
    def order(self) -> tuple[int, ...]:
        if self._order is None:
            setup = self.setup
            key = (self.dealer, self.number)
            order = setup.orders.get(key) if setup.order_shared else None
            if order is None:
                n = setup.n
                # While the first bidder is worked out, the seats go round from the forehand:
                # a first bidder read from the entries (the lower base opens) may use sums and
                # first_min() without reading the order it decides.
                self._order = tuple((self.forehand - 1 + i) % n + 1 for i in range(n))
                try:
                    first = self.value("first_bidder", None)
                finally:
                    self._order = None
                order = tuple((first - 1 + i) % n + 1 for i in range(n))
                if setup.order_shared:
                    setup.orders[key] = order
            self._order = order
        return self._order

    def raw(self, name: str, seat: int | None):
        spec = self.rules.fields.get(name)
        if spec is None:
            return None
        value = self.values.get(name)
        if spec.scope == "deal" or value is None:
            return value
        if seat is None:
            return None
        index = self.setup.team_of[seat] - 1 if spec.scope == "team" else seat - 1
        return value[index]

    def value(self, name: str, seat: int | None):
        key = (name, seat)
        cache = self._cache
        result = cache.get(key, _BUSY)
        if result is not _BUSY:
            return result
        if key in cache:
            raise EvalError(name, Message("engine.depends_on_itself", name=name))
        cache[key] = _BUSY
        try:
            result = self._compute(name, seat)
        except BaseException:
            del cache[key]
            raise
        cache[key] = result
        return result

    def _compute(self, name: str, seat: int | None):
        rules = self.rules
        spec = rules.fields.get(name)
        if spec is not None:
            value = self.raw(name, seat)
            if value is not None:
                return value
            if spec.fill is not None and self.enabled(spec, seat) is not False:
                return self.run(spec.fill, seat)
            raise Missing(name, None if spec.scope == "deal" else seat)
        d = rules.derived.get(name)
        if d is not None:
            return self.run(d.value, None if d.scope == "deal" else seat)  # a partnership's: at any of its seats
        if name in self.setup.consts:
            return self.setup.consts[name]
        if name == "deal":
            return self.number
        if name == "cards":
            return self.cards
        if name == "dealer":
            return self.dealer
        if name == "forehand":
            return self.forehand
        if name == "first_bidder":
            return self._seat_formula(rules.first_bidder)
        if name == "leader":
            if rules.leader is None:  # the rules name no seat (formulas cannot read it)
                raise Missing("leader")
            return self._seat_formula(rules.leader)
        if name == "trump":
            suit = self.trump().suit
            if suit is None:
                raise Missing("trump")
            return suit
        carry = rules.carry.get(name)
        if carry is not None and carry.scope == "table":  # one value for the whole table
            return self.carried[name][0]
        if self._pair is not None and (name == "other" or carry is not None and carry.scope == "pair"):
            return self._pair_value(name)
        if seat is not None:
            if carry is not None:
                return self.carried[name][self.setup.team_of[seat] - 1 if carry.scope == "team" else seat - 1]
            if name in _SEAT_CONTEXT:
                return _SEAT_CONTEXT[name](self, seat)
        raise Missing(name, seat)

    def _seat_formula(self, formula, env=None) -> int:
        """The seat a formula gives. Seat numbers go round the table: past the last seat they
        go on from the first (``dealer + 1`` is the player on the dealer's left), and 0, -1, ...
        go back from the last; anything but a whole number is refused with the formula's key."""
        return self._round_table(formula, self.run(formula, None) if env is None else formula(env))

    def _round_table(self, formula, value) -> int:
        """A formula's value as a seat, round the table (see _seat_formula)."""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise EvalError(formula.key, Message("engine.not_a_seat", formula=formula.text, count=self.setup.n,
                                                 value=repr(value)))
        return (value - 1) % self.setup.n + 1

    # -- the deal's instructions
    def trump(self) -> TrumpInstruction:
        env = self.env(None)
        undecided = False  # a rule's condition waits for a value not entered yet
        for rule in self.rules.trump:
            if rule.when is not None:
                try:
                    if not rule.when(env):
                        continue
                except Missing:
                    undecided = True
                    continue
            suit = seat = None
            try:
                if rule.kind == "none":
                    suit = NO_TRUMP
                elif rule.kind == "suit":
                    suit = rule.suit(env)  # type: ignore[misc]  # (a rule of this kind has its suit)
                elif rule.kind == "turn":
                    suit = self.value(rule.field, None)  # type: ignore[arg-type]  # (and its field)
                elif rule.kind == "choose":
                    seat = self._seat_formula(rule.seat, env)
                    suit = self.value(rule.field, None)  # type: ignore[arg-type]
            except Missing:
                pass
            if rule.kind == "choose" and seat is None:
                try:
                    seat = self._seat_formula(rule.seat, env)
                except Missing:
                    pass
            text: Text | None = None
            if rule.say is not None:
                try:
                    text = rule.say(env)
                except Missing:
                    text = None
            if text is None:
                if rule.kind == "none":
                    text = Message("game.no_trump_deal")
                elif rule.kind == "turn":
                    text = Message("engine.trump.turn")
                elif rule.kind == "suit":
                    text = Message("engine.trump.later")
                elif seat:
                    text = Message("engine.trump.chooses", name=self.setup.players[seat - 1])
                else:
                    text = Message("engine.trump.chosen_later")
            if rule.kind == "suit" and suit == NO_TRUMP:
                # a rotation or formula that lands on 'none' is a no-trump deal like any other
                return TrumpInstruction("none", rule.say and text or Message("game.no_trump_deal"), NO_TRUMP)
            if suit is not None and rule.kind != "none":
                text = (Message("engine.trump.with_suit", text=text, suit=suit_text(suit))
                        if rule.kind in ("turn", "choose") or rule.say
                        else Message("game.trump_is", suit=suit_text(suit)))
            return TrumpInstruction(rule.kind, text, suit, seat)
        if undecided:  # (Schafkopf before its game is chosen: not "no trump in this game")
            return TrumpInstruction("suit", Message("engine.trump.later"), None)
        return TrumpInstruction("none", Message("engine.trump.none_in_game"), NO_TRUMP)

    def reminders(self) -> list[str]:
        out = []
        env = self.env(None)
        for r in self.rules.reminders:
            try:
                if r.when is None or r.when(env):
                    out.append(r.text(env))
            except Missing:
                continue
        return out

    def worded(self, template) -> str | None:
        """A template of the rules over this deal (the board's ``[board] deal``, from the ruleset in
        the language shown) as text; None where what it reads is not entered yet."""
        try:
            return template(self.env(None))
        except Missing:
            return None

    # -- fields
    def units(self, spec: FieldSpec) -> list[int | None]:
        """The seats (or partnerships) a field is entered for; [None] for a deal field."""
        if spec.scope == "deal":
            return [None]
        if spec.scope == "team":
            return list(range(1, len(self.setup.teams) + 1))
        return list(self.seats_in_order())

    def seats_in_order(self) -> tuple[int, ...]:
        """The seats in bidding order, or round the table from the forehand while the entries
        cannot tell it yet (a first bidder read from the hand values, before they are in)."""
        try:
            return self.order
        except Missing:
            n = self.setup.n
            return tuple((self.forehand - 1 + i) % n + 1 for i in range(n))

    def unit_seat(self, spec: FieldSpec, unit: int | None) -> int | None:
        """The seat whose view evaluates a field's formulas for a unit."""
        if spec.scope == "team":
            return self.setup.teams[unit - 1][0]  # type: ignore[operator]  # (a partnership's unit is its number)
        return unit

    def unit_name(self, spec: FieldSpec, unit: int | None) -> str:
        if spec.scope == "deal" or unit is None:
            return ""
        if spec.scope == "team":
            return " & ".join(self.setup.players[s - 1] for s in self.setup.teams[unit - 1])
        if spec.scope == "seat":
            return self.setup.players[unit - 1]
        return ""

    def enabled(self, spec: FieldSpec, seat: int | None) -> bool | None:
        """Whether the field is asked (None: not known until other fields are entered)."""
        if spec.when is None:
            return True
        try:
            return bool(self.run_fixed(spec.when, seat))
        except Missing:
            return None

    def domain(self, spec: FieldSpec, seat: int | None) -> Sequence | None:
        """Every value the field may take by its type and bounds (None for cards); numbers
        and seats as a range, built only where they are listed (:func:`domain_size`), or
        the number field's own list of values."""
        if spec.type == "int" and spec.values:
            return spec.values
        if spec.type == "int":
            lo, hi = self.run(spec.min, seat), self.run(spec.max, seat)
            return range(int(lo), int(hi) + 1)
        if spec.type == "choice":
            return list(spec.choices)
        if spec.type == "suit":
            return list(SUITS)
        if spec.type == "trump":
            return list(SUITS) + [NO_TRUMP]
        if spec.type == "seat":
            return range(1, self.setup.n + 1)
        if spec.type == "bool":
            return [False, True]
        return None

    # -- checks and scores
    def failing(self, levels=("error", "warning"), checks=None) -> Iterator[tuple[Any, int | None]]:
        """Each check of ``levels`` (of the ruleset's, or just ``checks``) the deal as entered fails,
        with its seat (None for a check of the deal): no message written (a check that reads a
        value still missing fails nothing)."""
        plan = self.setup.check_plan() if checks is None else [(check, check.when) for check in checks]
        for check, when in plan:
            if check.level not in levels:
                continue
            seats: list[int | None] = list(self.seats_in_order()) if check.scope == "seat" else [None]
            for seat in seats:
                try:
                    if when is not None and not self.run_fixed(when, seat):
                        continue
                    if self.run(check.rule, seat):
                        continue
                except Missing:
                    continue
                yield check, seat

    def check_issues(self, levels=("error", "warning"), checks=None, said=None) -> list[Issue]:
        """The problems the ruleset's checks (or just ``checks``) find in the deal as entered;
        ``said``: the ids of the checks whose messages are wanted (the others' are left empty,
        for a question asking only whether a value is refused), None: every check's."""
        issues = []
        for check, seat in self.failing(levels, checks):
            try:
                message = check.message(self.env(seat)) if said is None or check.id in said else ""
            except Missing:
                continue
            field = check.field
            unit = seat
            if field and unit is None and self.rules.fields[field].scope == "seat":
                unit = self._last_entered_seat(field)
            issues.append(Issue(check.level, message, field, unit, check.id))
        return issues

    def _last_entered_seat(self, field: str) -> int | None:
        for seat in reversed(self.seats_in_order()):
            if self.raw(field, seat) is not None:
                return seat
        return None

    def score(self, scorer: int):
        """The deal's points of a scorer (0-based seat or partnership index)."""
        key = ("#score", scorer)
        if key in self._cache:
            return self._cache[key]
        every = self._cache.get("#scores")
        if every is not None:
            return every[scorer]
        value = _points(self.run(self.rules.score, self.setup.scorer_seats[scorer]))
        self._cache[key] = value
        return value

    def cache_score(self, scorer: int, score) -> None:
        """A score already known (the same entry, scored before under the same rules)."""
        self._cache[("#score", scorer)] = score

    def scores(self) -> tuple:
        """Every scorer's points for the deal, in scorer order (Missing if not all can be scored)."""
        every = self._cache.get("#scores")
        if every is None:
            every = self._cache["#scores"] = self._scores()
        return every

    def _scores(self) -> tuple:
        setup = self.setup
        direct = setup.direct_scores(self.values, self.number, self.cards, self.dealer)
        if direct is not None:
            return direct
        score_every_seat = setup.score_all
        if score_every_seat is None:
            score_every_seat = setup.score_all = self.rules.score.every_seat(setup.fast_context, setup.scorer_seats)
        try:
            values = score_every_seat(self)
        except (ArithmeticError, TypeError, RecursionError) as exc:
            raise self.rules.score.wrap_error(exc) from None
        return _scores(values)

    def counts(self) -> bool:
        """Whether the deal counts: False when the ruleset's ``deals.redeal`` holds for it (a
        passed-out deal, dealt again by the same dealer). Missing while that is not known."""
        redeal = self.rules.redeal
        return redeal is None or not self.run(redeal, None)

    def next_dealer(self) -> int:
        """The seat that deals the next deal when this one counts: the ruleset's
        ``deals.next_dealer`` (round the table), else the seat on the dealer's left. Missing or
        EvalError as the formula raises them."""
        formula = self.rules.next_dealer
        if formula is None:
            return self.forehand
        return self._seat_formula(formula)

    def carried_after(self) -> dict[str, tuple]:
        """The values carried out of this deal: each one's update (or its start again, when its
        reset holds) per seat or partnership. Missing or EvalError as the formulas raise them."""
        setup, out = self.setup, {}
        for cid, c in self.rules.carry.items():
            if c.scope == "pair":
                out[cid] = self._pairs_after(cid, c)
                continue
            units: Sequence[tuple[int | None, ...]]
            if c.scope == "team":
                units = setup.teams
            elif c.scope == "table":
                units = [(None,)]
            else:
                units = [(s,) for s in range(1, setup.n + 1)]
            row = []
            for i, members in enumerate(units):
                seat = members[0]
                if c.reset is not None and self.run(c.reset, seat):
                    row.append(setup.carry_start[cid][i])
                else:
                    row.append(_points(self.run(c.value, seat)))
            out[cid] = tuple(row)
        return out

    def _pair_value(self, name: str):
        """``other`` or the pair's own value, in the update of a value carried per pair of seats."""
        seat, other = self._pair  # type: ignore[misc]  # (only called while a pair is updated)
        if name == "other":
            return other
        return self.carried[name][pair_index(seat, other, self.setup.n)]

    def _pairs_after(self, cid: str, c) -> tuple:
        """A value carried per pair of seats, out of this deal: its update (or its start, where
        its reset holds) worked out at each seat for each other seat, in the order of pair_seats.
        ``other`` and the value's own name differ from pair to pair: what was remembered of them
        for the pair before is forgotten."""
        setup, row = self.setup, []
        start = setup.carry_start[cid]
        try:
            for i, (seat, other) in enumerate(pair_seats(setup.n)):
                self._pair = (seat, other)
                self._forget(("other", cid))
                if c.reset is not None and self.run(c.reset, seat):
                    row.append(start[i])
                else:
                    row.append(_points(self.run(c.value, seat)))
        finally:
            self._pair = None
            self._forget(("other", cid))
        return tuple(row)

    def _forget(self, names: tuple[str, ...]) -> None:
        cache = self._cache
        for key in [k for k in cache if type(k) is tuple and k[0] in names]:
            del cache[key]

    def made_all(self) -> tuple:
        """made() of every scorer, in scorer order."""
        setup = self.setup
        made = self.rules.made
        if made is None:
            return (None,) * setup.scorers
        direct = setup.made_values
        if direct is None:
            direct = setup.made_values = made.every_seat_values(setup.fast_context, setup.scorer_seats) or False
            setup.made_all = made.every_seat(setup.fast_context, setup.scorer_seats)
        try:
            try:
                values = direct(self.values, self.number, self.cards, self.dealer) if direct else None
            except Incomplete:
                values = None
            if values is None:
                every = setup.made_all
                assert every is not None  # (made with made_values above)
                values = every(self)
        except (Missing, ArithmeticError, TypeError, RecursionError):  # seat by seat: as each says it
            return tuple(self.made(i) for i in range(setup.scorers))
        for v in values:
            if type(v) is not bool:
                return tuple(v if isinstance(v, bool) else None for v in values)
        return tuple(values)

    def made(self, scorer: int) -> bool | None:
        if self.rules.made is None:
            return None
        try:
            value = self.run(self.rules.made, self.setup.scorer_seats[scorer])
        except Missing:
            return None
        return value if isinstance(value, bool) else None  # e.g. '' for a seat that did not bid


def _scores(values: list) -> tuple:
    """Scores as the table writes them (:func:`_points`), as a tuple."""
    for v in values:
        if type(v) is not int:
            return tuple(_points(v) for v in values)
    return tuple(values)


def _carry_width(scope: str, teams: int, players: int) -> int:
    """How many values a carried value keeps: one per partnership, one for the table, one per
    pair of seats (each seat's on each other seat), or one per seat."""
    if scope == "pair":
        return players * (players - 1)
    return teams if scope == "team" else 1 if scope == "table" else players


def pair_seats(players: int) -> list[tuple[int, int]]:
    """The pairs of seats a value carried per pair of seats is kept for, in the order it is
    kept: (1, 2), (1, 3), ..., (2, 1), (2, 3), ...: each seat on each other seat."""
    return [(a, b) for a in range(1, players + 1) for b in range(1, players + 1) if a != b]


def holder_names(scope: str, players: Sequence[str], teams: Sequence[Sequence[int]], table: str = "") -> tuple[str, ...]:
    """Who holds a value carried with ``scope`` at a table of ``players``, in the order the value
    is kept: each player, each partnership ("Anna & Cara"; a seat not named yet left out), each
    pair of seats ("Anna→Ben", as :func:`pair_seats`), or the table's one value (``table``)."""
    if scope == "team":
        return tuple(" & ".join(players[s - 1] for s in team if s <= len(players)) for team in teams)
    if scope == "table":
        return (table,)
    if scope == "pair":
        return tuple(f"{players[a - 1]}→{players[b - 1]}" for a, b in pair_seats(len(players)))
    return tuple(players)


def pair_index(seat: int, other: int, players: int) -> int:
    """The place of (seat, other) in :func:`pair_seats` (seat != other)."""
    return (seat - 1) * (players - 1) + (other - 1 if other < seat else other - 2)


_points = as_points  # a score as the table writes it: yes/no as 1/0, a whole float as an int


# --- turning what the table typed into values --------------------------------------------


def field_label(label: str, who: str = "") -> Text:
    """A field's label naming whose value it is ("Bid of Ben"); the label alone without ``who``."""
    return Message("engine.value.label_of", label=label, name=who) if who else label


def convert_value(spec: FieldSpec, value: Any, setup: Setup, who: str = "") -> Any:
    """A value from a sheet, the CLI or the TUI -> the field's value; GameError if it is not one."""
    if value is None or value == "":
        return None
    label = field_label(spec.label, who)
    kind = spec.type
    if kind in ("int", "seat"):
        number = _int_value(value, label) if kind == "int" else _seat_value(value, label, setup)
        if not -MAX_NUMBER <= number <= MAX_NUMBER:  # what formulas read is bounded (rules/formula.py)
            raise GameError(Message("engine.value.too_large", label=label, max=NUMBER_LIMIT,
                                    value=number_text(number)))
        return number
    if kind == "bool":
        return _bool_value(value, label)
    if kind in ("suit", "trump"):
        return _suit_value(value, label, kind == "trump")
    if kind == "choice":
        return str(value).strip()
    if kind == "cards":
        return _cards_value(value, label)
    raise RuntimeError(f"{label}: unknown field type {kind}")  # pragma: no cover


def _int_value(value: Any, label: Text) -> int:
    if isinstance(value, bool):
        raise GameError(Message("engine.value.not_int", label=label, value=str(value)))
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise GameError(Message("engine.value.not_int_text", label=label, value=value)) from None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int):
        raise GameError(Message("engine.value.not_int", label=label, value=repr(value)))
    return value


def _bool_value(value: Any, label: Text) -> bool:
    if isinstance(value, bool):
        return value
    low = str(value).strip().lower()
    # Besides yes/no, the words of the reader's language (as the installed renderer words them).
    if low in ("yes", "true", "y", "1") or low == render(Message("value.yes")).lower():
        return True
    if low in ("no", "false", "n", "0") or low == render(Message("value.no")).lower():
        return False
    raise GameError(Message("engine.value.not_bool", label=label, value=str(value)))


def _seat_value(value: Any, label: Text, setup: Setup) -> int:
    """A seat typed as its number or its player's name."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    if text.isdigit():
        return int(text)
    for i, name in enumerate(setup.players, start=1):
        if name.casefold() == text.casefold():
            return i
    raise GameError(Message("engine.value.not_seat", label=label, count=setup.n, value=str(value)))


def _suit_value(value: Any, label: Text, trump: bool) -> str:
    """A suit by its name, letter or sign; for a trump field, no trump too."""
    from ..rules.cards import CardError, parse_suit

    text = str(value).strip()
    if trump and (text.lower() in ("none", "no trump", "nt", "no-trump", "notrump")
                  or text.casefold() == render(Message("game.suit.none")).casefold()):
        return NO_TRUMP
    try:
        return parse_suit(text)
    except (CardError, ValueError):
        if trump:
            raise GameError(Message("engine.value.not_trump", label=label, value=str(value))) from None
        raise GameError(Message("engine.value.not_suit", label=label, value=str(value))) from None


def _cards_value(value: Any, label: Text) -> tuple[Card, ...] | None:
    """Cards typed as codes (a list, or one text split at spaces and commas), each once."""
    from ..rules.cards import Card, CardError, parse_card

    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if isinstance(value, (list, tuple)) and not value:
        return None  # no cards typed in
    if not isinstance(value, (list, tuple)):
        raise GameError(Message("engine.value.not_cards", label=label))
    cards = []
    for item in value:
        if isinstance(item, Card):
            cards.append(item)
            continue
        try:
            cards.append(parse_card(str(item)))
        except CardError as exc:
            raise GameError(Message("engine.value.bad_card", label=label, error=message_of(exc))) from None
    seen = set()
    for c in cards:
        if c in seen:
            raise GameError(Message("engine.value.card_twice", label=label, card=str(c)))
        seen.add(c)
    return tuple(cards)
