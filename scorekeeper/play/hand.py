"""A hand's value as a ruleset computes it from the cards typed (WYSIWYG's hand value),
with its labelled parts: what ``hand-value`` shows.

The ruleset names the derived value (``hand_value``); the cards field it is computed from
is found by following that value's formula, so no game is named here.
"""

from __future__ import annotations

from ..game.game import Game
from ..messages import Message, MessageError
from ..rules.cards import CardError, parse_hand
from ..rules.formula import Missing
from ..rules.ruleset import Ruleset
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Sequence


class HandValueError(MessageError):
    """The hand's value cannot be computed: the ruleset has none, or the cards do not do."""


@dataclass(frozen=True)
class HandValue:
    value: Any
    parts: tuple[tuple[str, Any], ...]  # (label as the ruleset shows it, value)


def hand_field(rs: Ruleset, derived_id: str) -> str:
    """The one per-player cards field the hand value is computed from (followed through derived values)."""
    seen, todo, found = set(), [derived_id], []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        d = rs.derived.get(name)
        if d is not None:
            todo.extend(d.value.names)
            for _, part in d.parts:
                todo.extend(part.names)
            continue
        f = rs.fields.get(name)
        if f is not None and f.type == "cards" and f.scope == "seat":
            found.append(name)
    if not found:
        raise HandValueError(Message("cli.hand_value.no_cards_field", name=rs.name, value=derived_id))
    if len(found) > 1:
        raise HandValueError(Message("cli.hand_value.several_cards_fields", name=rs.name, value=derived_id,
                                     fields=", ".join(sorted(found))))
    return found[0]


def hand_value(rs: Ruleset, cards: Sequence[str], players: Sequence[str]) -> HandValue:
    """The value of the hand ``cards`` (as typed) held by the first of ``players`` (names for
    the ruleset's smallest table), and its parts. HandValueError says why not."""
    if not rs.hand_value:
        raise HandValueError(Message("cli.hand_value.none", name=rs.name))
    derived = rs.derived[rs.hand_value]
    fid = hand_field(rs, rs.hand_value)
    try:
        hand = parse_hand(cards)
    except CardError as exc:
        raise HandValueError(exc.message) from None
    game = Game(rs, list(players), {})
    seat = 1
    row: list[Any] = [""] * len(players)
    row[seat - 1] = hand
    d = game.evaluate(1, game.normalize({fid: row}))
    spec = rs.fields[fid]
    if spec.count is not None:
        try:
            count = spec.count(d.env(seat))
        except Missing:
            count = None
        if count is not None and len(hand) != count:
            raise HandValueError(Message.plural("cli.hand_value.wrong_count", len(hand), name=rs.name, cards=count))
    try:
        value = d.value(rs.hand_value, seat)
        parts = tuple((derived.part_labels.get(label) or label, formula(d.env(seat)))
                      for label, formula in derived.parts)
    except Missing as exc:
        raise HandValueError(Message("cli.hand_value.needs", value=exc.name)) from None
    return HandValue(value, parts)
