"""Playing cards as a player types them.

Accepted card forms (case-insensitive, surrounding whitespace ignored):

* suit first: ``SK``, ``HA``, ``D10``, ``C3``, ``♠K``, ``♥10``
* rank first: ``KS``, ``10D``, ``K♠``
* ``T`` may be written for ``10`` (``ST``, ``TD``).

Suits are S H D C or ♠ ♥ ♦ ♣; ranks are 2-10, J, Q, K, A.

A card that cannot be accepted raises :class:`CardError`, whose ``message`` is a
:class:`~scorekeeper.messages.Message`, worded where it is shown.
"""

from __future__ import annotations

from ..messages import Message, MessageError
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Iterable

SUITS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

SUIT_SYMBOL: dict[str, str] = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SUIT_LETTER: dict[str, str] = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}

# Upper-cased token -> canonical suit name / rank.
_SUIT_TOKENS: dict[str, str] = {
    **{letter: suit for suit, letter in SUIT_LETTER.items()},
    **{symbol: suit for suit, symbol in SUIT_SYMBOL.items()},
}
_RANK_TOKENS: dict[str, str] = {**{rank: rank for rank in RANKS}, "T": "10"}
_SUIT_NAMES: dict[str, str] = {
    **{suit.upper(): suit for suit in SUITS},
    **_SUIT_TOKENS,
}


class CardError(MessageError):
    """A card, suit or hand as typed could not be accepted; ``message`` says why."""


@dataclass(frozen=True)
class Card:
    """One playing card; ``suit`` is a name from SUITS, ``rank`` a value from RANKS."""

    suit: str
    rank: str

    def __post_init__(self) -> None:
        if self.suit not in SUITS:
            raise CardError(Message("cards.bad_suit", suit=repr(self.suit), suits=SUITS))
        if self.rank not in RANKS:
            raise CardError(Message("cards.bad_rank", rank=repr(self.rank), ranks=RANKS))

    def __str__(self) -> str:
        return f"{SUIT_SYMBOL[self.suit]}{self.rank}"

    @property
    def code(self) -> str:
        """ASCII form, suit letter then rank: ``SK``, ``D10``."""
        return f"{SUIT_LETTER[self.suit]}{self.rank}"


def parse_card(text: str) -> Card:
    """Parse one card as typed, e.g. ``SK``, ``♥10``, ``10D``, ``K♠``, ``st``."""
    if not isinstance(text, str):
        raise CardError(Message("cards.not_a_card", text=repr(text)))
    token = text.strip().upper()
    if len(token) >= 2:
        # Suit first ("SK", "♥10") ...
        suit, rank = _SUIT_TOKENS.get(token[0]), _RANK_TOKENS.get(token[1:])
        if suit is not None and rank is not None:
            return Card(suit, rank)
        # ... or rank first ("KS", "10♦").
        suit, rank = _SUIT_TOKENS.get(token[-1]), _RANK_TOKENS.get(token[:-1])
        if suit is not None and rank is not None:
            return Card(suit, rank)
    raise CardError(Message("cards.not_a_card", text=repr(text)))


def parse_hand(texts: Iterable[str] | str, count: int | None = None) -> tuple[Card, ...]:
    """Parse a hand of cards, keeping the order given.

    ``texts`` is an iterable of card texts; a single string is split on
    whitespace and commas (``"SK HA, D10"``).  A card given twice is refused,
    and so is a hand of the wrong size when ``count`` is given.
    """
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    cards: list[Card] = []
    seen: set[Card] = set()
    for text in texts:
        card = parse_card(text)
        if card in seen:
            raise CardError(Message("cards.twice", card=str(card)))
        seen.add(card)
        cards.append(card)
    if count is not None and len(cards) != count:
        raise CardError(Message.plural("cards.hand_size", count, given=Message.plural("cards.given", len(cards))))
    return tuple(cards)


def parse_suit(text: str) -> str:
    """Parse a suit typed as a name, letter or symbol; return its name from SUITS."""
    if isinstance(text, str):
        suit = _SUIT_NAMES.get(text.strip().upper())
        if suit is not None:
            return suit
    raise CardError(Message("cards.not_a_suit", text=repr(text)))
