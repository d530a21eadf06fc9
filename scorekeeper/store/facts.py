"""What statistics and session totals need of one stored game (:class:`GameFacts`),
derived through the engine, and cached by the store (kept current with each entry).

The store writes a game's facts into its ``stats_cache`` row in the same transaction as
each entry (and with a new game), keyed by the number of entries they were derived from
and :data:`FACTS_VERSION`; :mod:`scorekeeper.reports.stats` reads them. Deriving them
costs an allowed-values question per deal, so :class:`FactsMemo` keeps each deal's facts
for as long as what they were derived from is unchanged: a new deal costs one question,
not one per deal played. Reading a cached row needs no engine: this module imports it only
where facts are derived (statistics over a current cache start without it).
"""

from __future__ import annotations

from collections import namedtuple

from ..values import dataclass, fields, is_dataclass
from . import jsontext

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

    from ..game.game import DealResult, Game
    from ..rules.ruleset import Ruleset

__all__ = ["FACTS_VERSION", "DealFacts", "FactsMemo", "GameFacts", "SeatBidding", "compute_facts", "is_bidding",
           "seat_bidding"]

FACTS_VERSION = 4  # bump when what compute_facts derives changes: cached rows are then derived again


def is_bidding(ruleset: Ruleset) -> bool:
    """A ruleset with per-player whole-number fields ``bid`` and ``tricks``, scored per player
    (see the module docstring). In a partnership score (Spades) a side makes or misses the bids of
    both its players together, one taking the other's tricks: a player's own bid against their
    own tricks is no exact bid, and is not counted as one."""
    fields = ruleset.fields
    return ruleset.score_scope != "team" and all(
        fid in fields and fields[fid].scope == "seat" and fields[fid].type == "int" for fid in ("bid", "tricks"))


# --- what one game contributes ------------------------------------------------------------------


@dataclass(frozen=True)
class DealFacts:
    """One deal of a bidding game."""

    number: int
    cards: int
    dealer: int  # seat
    bids: tuple[int | None, ...]  # per seat; None when not entered
    tricks: tuple[int | None, ...]
    restricted: bool | None  # the dealer's allowed bids left out a value; None when it cannot be told


@dataclass(frozen=True)
class GameFacts:
    """What statistics and session totals need of one stored game."""

    game_id: int
    ruleset_id: str
    ruleset_name: str
    winner: str  # the ruleset's "highest" or "lowest"
    players: tuple[str, ...]  # seat order, as typed
    finished: bool
    totals: tuple  # per seat: the total of the seat's scorer (a partnership's total for each partner)
    ranks: tuple[int, ...]  # per seat, from the standings (ties share a rank)
    won: tuple[bool, ...]  # per seat; all False until the game is over
    bidding: tuple[SeatBidding, ...] | None  # per seat; None when the game is not a bidding game
    restricted: tuple[bool | None, ...] = ()  # per recorded deal of a bidding game: its DealFacts.restricted
    # the ruleset's [score] digits (None: the default), so that a sum of totals is shown as the
    # game shows its totals without loading the rules
    digits: int | None = None

    def to_json(self) -> str:
        doc = {
            "ruleset_id": self.ruleset_id, "ruleset_name": self.ruleset_name, "winner": self.winner,
            "players": list(self.players), "finished": self.finished, "totals": list(self.totals),
            "ranks": list(self.ranks), "won": list(self.won),
            "bidding": None if self.bidding is None else [list(s) for s in self.bidding],
            "restricted": list(self.restricted), "digits": self.digits,
        }
        return jsontext.dumps(doc, separators=(",", ":"))

    @classmethod
    def from_json(cls, game_id: int, text: str) -> "GameFacts":
        doc = jsontext.loads(text)
        bidding = doc["bidding"]
        return cls(game_id, doc["ruleset_id"], doc["ruleset_name"], doc["winner"], tuple(doc["players"]),
                   bool(doc["finished"]), tuple(doc["totals"]), tuple(doc["ranks"]), tuple(doc["won"]),
                   None if bidding is None else tuple(
                       SeatBidding(n, e, o, u, diff, tuple(map(tuple, cards)), dealt, r, m)
                       for n, e, o, u, diff, cards, dealt, r, m in bidding),
                   tuple(doc["restricted"]), doc.get("digits"))


# One seat's bids in one game, added up: what statistics sum per player (so reading the figures
# of thousands of games never goes through their deals one by one). A named tuple made without
# typing.NamedTuple, whose import a start would pay for:
#   deals: int                 deals where the seat's bid and tricks are both entered
#   exact, over, under: int    of those, the bid made, tricks > bid, tricks < bid
#   difference: int            the sum of tricks - bid
#   by_cards: tuple[tuple[int, int, int], ...]   (cards, deals, exact), by cards
#   dealer_deals: int
#   restricted: int            dealt, and the dealer's allowed bids left out a value
#   restricted_missed: int     of those, the dealer's bid was not made
SeatBidding = namedtuple("SeatBidding", ("deals", "exact", "over", "under", "difference", "by_cards",
                                         "dealer_deals", "restricted", "restricted_missed"))
SeatBidding.__doc__ = "One seat's bids in one game, added up: what statistics sum per player."


def seat_bidding(deals: tuple[DealFacts, ...], seat: int) -> SeatBidding:
    """A seat's deals (game seat, 1-based) added up."""
    i = seat - 1
    n = exact = over = under = difference = dealt = restricted = missed = 0
    by_cards: dict[int, list[int]] = {}
    for d in deals:
        if i >= len(d.bids):  # the seat's player joined later
            continue
        bid, tricks = d.bids[i], d.tricks[i]
        if bid is None or tricks is None:
            continue
        diff = tricks - bid
        n += 1
        difference += diff
        exact += diff == 0
        over += diff > 0
        under += diff < 0
        slot = by_cards.setdefault(d.cards, [0, 0])
        slot[0] += 1
        slot[1] += diff == 0
        if d.dealer == seat:
            dealt += 1
            if d.restricted:
                restricted += 1
                missed += diff != 0
    return SeatBidding(n, exact, over, under, difference,
                       tuple((cards, k, e) for cards, (k, e) in sorted(by_cards.items())), dealt, restricted, missed)


def _dealer_restricted(game: Game, number: int, dealer: int, values) -> bool | None:
    """Whether the engine would have refused some bid of the dealer, given what was known then."""
    from ..game.engine import LimitError  # (here: facts read from the stats cache need no engine)

    rs = game.ruleset
    bids = values.get("bid")
    if bids is None or bids[dealer - 1] is None:
        return None
    phases = list(rs.phases)
    bid_phase = phases.index(rs.fields["bid"].phase) if rs.fields["bid"].phase in phases else len(phases)
    known = {}
    for fid, value in values.items():
        phase = rs.fields[fid].phase
        if (phases.index(phase) if phase in phases else len(phases)) <= bid_phase:
            known[fid] = value
    row = list(known["bid"])
    row[dealer - 1] = None
    known["bid"] = tuple(row)
    try:
        choices = game.allowed("bid", dealer, known, number=number, reasons=False)  # (whether one is refused only)
    except LimitError:  # more bids than are ever listed: not known
        return None
    if choices is None:
        return None
    return any(not c.allowed for c in choices)


_TOTALS = frozenset({"before", "total", "parts_won", "match_total"})  # the names that read earlier deals
_NOT_ASKED = ("score", "made", "end_when", "end_wins", "end_bonus", "end_deals", "parts", "reminders")  # Ruleset parts allowed() never runs


def _formula_names(value, found: set) -> None:
    """The names every formula in ``value`` (a model object, or tuples and dicts of them) reads."""
    names = getattr(value, "names", None)
    if isinstance(names, frozenset):
        found |= names
    elif isinstance(value, (tuple, list)):
        for item in value:
            _formula_names(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _formula_names(item, found)
    elif is_dataclass(value):
        for spec in fields(value):
            _formula_names(getattr(value, spec.name), found)


def reads_earlier_deals(ruleset: Ruleset) -> bool:
    """Whether the allowed bids of a deal can depend on the deals before it: some formula the
    engine runs to tell them (checks, fields, derived values, trump, order) reads the totals."""
    found: set[str] = set()
    for spec in fields(ruleset):
        if spec.name not in _NOT_ASKED:
            _formula_names(getattr(ruleset, spec.name), found)
    return not found.isdisjoint(_TOTALS)


class FactsMemo:
    """Each deal's facts by what they were derived from: the deal's number, cards, dealer,
    seats, part and its entered values (the very values object the game holds), and the
    totals before it when the ruleset's checks may read them (:func:`reads_earlier_deals`).
    A store keeps one per open game, so a new entry derives only the deals it changed."""

    def __init__(self) -> None:
        self._deals: dict[tuple, tuple[Any, DealFacts]] = {}
        self._earlier: tuple[Ruleset, bool] | None = None

    def deals(self, game: Game) -> tuple[DealFacts, ...]:
        """Every recorded deal's facts; only those of the deals used this time are kept."""
        kept: dict[tuple, tuple[Any, DealFacts]] = {}
        for key, result in self._keyed(game):
            found = self._deals.get(key)
            if found is None or not (found[0] is result.values or found[0] == result.values):
                found = (result.values, _deal_facts(game, result))
            kept[key] = found
        self._deals = kept
        return tuple(facts for _, facts in kept.values())

    def seed(self, game: Game, restricted: tuple[bool | None, ...]) -> None:
        """Take each deal's restriction from a stats row that is current with the game as it
        was opened: the first change after opening a long game then derives only what it changes."""
        keyed = list(self._keyed(game))
        if len(keyed) == len(restricted):
            self._deals = {key: (result.values, _deal_facts(game, result, flag))
                           for (key, result), flag in zip(keyed, restricted)}

    def _keyed(self, game: Game):
        """(key, result) of every recorded deal (see the class docstring)."""
        if self._earlier is None or self._earlier[0] is not game.ruleset:
            self._earlier = (game.ruleset, reads_earlier_deals(game.ruleset))
        earlier = self._earlier[1]
        before: tuple = ()
        for result in game.results():
            yield (result.number, result.cards, result.dealer, result.seats, result.part, before), result
            if earlier:
                before = (result.totals, result.match)


_ASK = object()  # _deal_facts: work the restriction out


def _deal_facts(game: Game, result: DealResult, restricted: Any = _ASK) -> DealFacts:
    full = game.full_values(result)  # per player (None for who did not play)
    if restricted is _ASK:
        dealer = result.seats.index(result.dealer) + 1 if result.seats else result.dealer  # among who played
        restricted = _dealer_restricted(game, result.number, dealer, result.values)
    return DealFacts(result.number, result.cards, result.dealer, tuple(full["bid"]), tuple(full["tricks"]), restricted)


def compute_facts(game: Game, game_id: int, memo: FactsMemo | None = None) -> GameFacts:
    """Derive a game's facts through the engine (its standings, and each deal's bids and tricks)."""
    setup = game.setup
    rs = game.ruleset
    over = game.is_over
    rank_of = {s.scorer: s.rank for s in game.standings()}
    totals = game.totals()
    winners = set(game.winners)
    names = game.scorer_names
    scorer = ([setup.scorer_of_seat(seat) for seat in range(1, setup.n + 1)] if not game.table_changed
              else list(range(len(game.players))))
    bidding = None
    restricted: tuple[bool | None, ...] = ()
    if is_bidding(rs):
        deals = (memo or FactsMemo()).deals(game)
        bidding = tuple(seat_bidding(deals, seat) for seat in range(1, len(game.players) + 1))
        restricted = tuple(d.restricted for d in deals)
    return GameFacts(
        game_id, rs.id, rs.localized("en").name, rs.winner, tuple(game.players), over,
        tuple(totals[i] for i in scorer), tuple(rank_of[i] for i in scorer),
        tuple(over and names[i] in winners for i in scorer), bidding, restricted, rs.digits)
