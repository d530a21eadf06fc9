"""The values a game is made of and gives: what the table did (:class:`Action`), what it is told
before a deal (:class:`DealInfo`), a deal's result (:class:`DealResult`), a place in the standings
(:class:`Standing`) and who plays from a deal on (:class:`Lineup`); all frozen, built through
their class or, where a game makes one with every deal, through :func:`built`."""

from __future__ import annotations

from ..values import dataclass, field, fields
from .engine import DealEval, Issue, Setup, TrumpInstruction

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, Callable, TypeVar

    _V = TypeVar("_V")
    # The end of a game as last worked out: (results, the last of them, the first that ended the
    # game or None). A plain tuple: one is made with every deal recorded.
    EndMemo = tuple[int, "DealResult | None", "int | None"]


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
    # [deals] next_dealer: the game seat the rules name to deal the next deal; 0 without the formula
    # (the deal passes to the left)
    next_dealer: int = 0

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


@dataclass(frozen=True)
class CheckedEntry:
    """An entry just checked before it is recorded: its deal, values, problems (warnings only) and
    the deal as the checks saw it, so working out its result need not check it again."""

    number: int
    values: Mapping[str, Any]
    issues: tuple[Issue, ...]
    deal: DealEval


@dataclass(frozen=True)
class Snapshot:
    """The whole state of a game (Game.snapshot), to put back with Game.restore."""

    history: tuple[Action, ...]
    redo: tuple[Action, ...]
    entered: tuple[Mapping[str, Any], ...]
    results: tuple[DealResult, ...]


AFTER_END_CHECK = "#played-after-end"  # the check of the problem listed with a deal played after the end


def built(cls: type[_V], *values: Any) -> _V:
    """A frozen value class's object from all its fields' values in field order, without its
    __init__ (which sets each field through object.__setattr__): the same object, made several
    times faster, for the results and actions made with every deal recorded."""
    return BUILDERS.of(cls)(*values)


def builder_of(cls: type[_V], builders: ValueBuilders | None = None) -> Callable[..., _V]:
    """The function that builds ``cls`` for :func:`built` (made on first use: a start pays nothing
    for it), for a caller that makes many and calls it directly; from the process's
    :data:`BUILDERS` unless ``builders`` is given."""
    return (BUILDERS if builders is None else builders).of(cls)


class ValueBuilders:
    """The functions that build each frozen value class for :func:`built`, each made the first
    time its class is built, in one place (:data:`BUILDERS`, the process's)."""

    __slots__ = ("_made",)

    def __init__(self) -> None:
        self._made: dict[type, Callable[..., Any]] = {}

    def of(self, cls: type[_V]) -> Callable[..., _V]:
        """The function that builds ``cls``, made now if it was never asked for."""
        maker = self._made.get(cls)
        if maker is None:
            maker = self._made[cls] = _builder(cls)
        return maker

    def made(self) -> tuple[type, ...]:
        """The classes whose function was made, in the order they were first asked for."""
        return tuple(self._made)


def _builder(cls: type) -> Callable[..., Any]:
    """The function ``built`` calls for ``cls``: its fields as arguments, their values put in the
    new object's __dict__ at once (the source made from the class's own field names, as the
    value classes' __init__ is made)."""
    names = tuple(f.name for f in fields(cls))
    entries = ", ".join(f"{name!r}: {name}" for name in names)
    # Its own names start with "__" (a field's name never does, so none is shadowed), bound as
    # defaults: read as the arguments are, faster than globals.
    source = (f"def built({', '.join(names)}, __new=__new, __put=__put, __cls=__cls):\n"
              f"    __made = __new(__cls)\n    __put(__made, '__dict__', {{{entries}}})\n    return __made\n")
    scope: dict[str, Any] = {"__new": object.__new__, "__put": object.__setattr__, "__cls": cls}
    exec(compile(source, f"<built {cls.__name__}>", "exec"), scope)
    return scope["built"]


BUILDERS = ValueBuilders()  # the process's
