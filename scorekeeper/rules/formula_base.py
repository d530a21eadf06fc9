"""What a formula's run (:mod:`.formula`) and its checker and code generator
(:mod:`.formula_compiler`) share: the limits, the types of values and where a name has
its value, the errors, what the compiler knows of a name and of a game.

The rest of the program imports these from :mod:`.formula`. They are a module of their own so
that the compiler, which :mod:`.formula` imports when it is first needed, uses them without
importing :mod:`.formula` back (no import loop).
"""

from __future__ import annotations

import math

from ..messages import Message, Text, render
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable, Mapping


MAX_LENGTH = 1000
MAX_DEPTH = 32
MAX_LITERAL = 10**12
MAX_TEXT_LITERAL = 200
MAX_POWER = 10
# The largest number a formula gives (a constant, a derived value, a score, a bound: any
# value a formula ends with), an option holds or the table enters: at most 10**12 either way.
MAX_NUMBER = 10**12
# The largest result of one step of arithmetic inside a formula (so that 'x * 1000 / 1000'
# works for any value): far below where decimals become infinite or integers too long to print.
MAX_STEP = 10**100
MAX_SEATS = 12  # the most players a ruleset may have
# The longest text a formula may make by joining texts with '+'.
MAX_JOINED_TEXT = 2000
# How the limits are named in messages (code, the same in every language).
NUMBER_LIMIT, STEP_LIMIT = "10**12", "10**100"

# Types of values in formulas.
NUM, TEXT, BOOL, CARDS, ANY = "number", "text", "yes/no", "cards", "any"

# Where a name has its value: once per game, once per deal, once per seat or team.
CONST, DEAL, SEAT, TEAM = "game", "deal", "seat", "team"


class _KeyedError(ValueError):
    """An error about the formula at ``key`` (a key path of the ruleset, e.g. 'score.value');
    ``message`` says what is wrong. Worded as 'key: message' where it is shown."""

    def __init__(self, key: str, message: Text):
        self.key = key
        self.message = message
        super().__init__(key, message)

    def __text__(self, show: Callable[[Any], str]) -> str:
        return f"{self.key}: {show(self.message)}"

    def __str__(self) -> str:
        return self.__text__(render)


class FormulaError(_KeyedError):
    """A formula that cannot be accepted: ``key`` names where it came from, ``message``
    (a Message) what is wrong with it."""


class EvalError(_KeyedError):
    """A formula that failed while running (division by zero, a bad pick index): ``key``
    names the formula, ``message`` (a Message) what went wrong."""


class Incomplete(Exception):
    """Raised by the form of a formula that reads only the entered values (see
    ``Formula.every_seat_values``) when a value it reads is not entered: the caller works
    the deal out the general way instead (a fill formula, or Missing)."""


class Missing(Exception):
    """Raised while evaluating when a value the formula needs is not entered yet: the
    value ``name``, of ``seat`` (None for a value of the deal)."""

    def __init__(self, name: str, seat: int | None = None):
        self.name = name
        self.seat = seat
        super().__init__(name, seat)

    @property
    def message(self) -> Text:
        """What is missing, to show: the name, or a message naming it and the seat.
        Raised often while a deal is being entered, so it is made only when asked for."""
        return self.name if self.seat is None else Message("formula.missing_of_seat", name=self.name, seat=self.seat)

    def __text__(self, show: Callable[[Any], str]) -> str:
        return show(self.message)

    def __str__(self) -> str:
        return self.__text__(render)


@dataclass(frozen=True)
class NameInfo:
    """What the compiler knows of a name: its type and where it has a value."""

    type: str
    scope: str  # CONST, DEAL, SEAT or TEAM
    entered: bool = False  # a field the table enters (entered() may test it)
    bound: float = MAX_NUMBER  # how large (either sign) a number it names can be; inf: no bound known
    # A per-seat name whose value is the same for both partners (a partnership's field or
    # derived value, its total): a partnership formula may read it bare.
    per_team: bool = False
    choices: tuple = ()  # the values it may take, when they are a short list (a choice, a suit)
    # Outside an aggregate over the players, the formula's own seat's or partnership's value;
    # inside one, each player's ('team'): refused there in a formula per seat or partnership.
    ambiguous_inside: bool = False
    refused: Any = None  # a Message: why no formula of this ruleset may read it
    # A value carried per pair of seats (one per seat and other seat): read by between(a, b, x).
    pair: bool = False


# The types of values, each as its catalog message.
_TYPE_WORDS: dict[str, Message] = {
    NUM: Message("formula.types.number"), TEXT: Message("formula.types.text"),
    BOOL: Message("formula.types.bool"), CARDS: Message("formula.types.cards"),
    ANY: Message("formula.types.any"),
}


def type_word(typ: str) -> Text:
    """A type of value (NUM, TEXT, BOOL, CARDS, ANY) as a message that names it."""
    return _TYPE_WORDS.get(typ, typ)


def _not_finite(value: float) -> Message:
    """The problem of a number that is no number (nan) or infinitely large (inf, 1e400)."""
    if math.isnan(value):
        return Message("formula.value_not_allowed", value="nan")
    return Message("formula.number_too_large", value="-∞" if value < 0 else "∞", max=MAX_LITERAL)


class FastContext:
    """What the fast code of one game needs: the game's constants and where fields live.

    ``consts``: values fixed for the game (options, constants, players, deck, deals),
    folded into the code; ``fields``: field id -> scope ('seat', 'team' or 'deal');
    ``team_index``: per seat number, the 0-based partnership index; ``inline``:
    derived values (name -> Formula) small enough to be computed in place rather
    than looked up (they are pure, so the value is the same either way).
    """

    def __init__(self, consts: Mapping[str, Any], fields: Mapping[str, str], team_index: tuple = (),
                 inline: Mapping[str, Any] | None = None, filled: frozenset[str] | None = None):
        self.consts = dict(consts)
        self.fields = dict(fields)
        self.team_index = tuple(team_index)
        self.inline = dict(inline or {})
        # the fields a fill formula computes when they are not entered (None: any may have one)
        self.filled = filled
        self.key = (tuple(sorted((k, type(v).__name__, v) for k, v in self.consts.items()
                                 if isinstance(v, (int, float, str, bool)))),
                    tuple(sorted(self.fields.items())), self.team_index, tuple(sorted(self.inline)),
                    None if filled is None else tuple(sorted(filled)))


# The types of a function and of its code (the types module's FunctionType and CodeType, whose
# import a start would pay for)
_FunctionType: Any = type(lambda: None)
_CodeType = type((lambda: None).__code__)
