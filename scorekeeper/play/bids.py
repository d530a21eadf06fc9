"""The bids of one deal, checked as the dealer's table needs it: which are refused and why,
and, before the last bidder speaks, the values left to them.

``check-bid`` shows this; any front end could (a bid helper on a phone). The bids are
given in bidding order (the forehand first); with one fewer than the players, the last
bidder's allowed values are the answer, else whether the whole round is legal.
"""

from __future__ import annotations

from ..game.game import Game
from ..messages import Text
from ..values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Sequence


@dataclass(frozen=True)
class BidCheck:
    """What the rules say of some bids of one deal."""

    complete: bool  # every player's bid given (else the last bidder's choice is open)
    legal: bool | None  # the whole round; None while the last bid is open and no rule is broken yet
    bad_values: tuple[Text, ...]  # bids that are not bids at all (out of range): the input is wrong
    errors: tuple[Text, ...]  # the rules the bids break
    reasons: tuple[Text, ...]  # while the last bid is open: why values are refused to that bidder
    warnings: tuple[Text, ...]  # what the rules warn of
    allowed: tuple | None  # the last bidder's values the rules allow (None: cannot be known)
    forbidden: tuple  # the last bidder's values the rules refuse


def check_bids(game: Game, number: int, order: Sequence[int], bids: Sequence[int]) -> BidCheck:
    """The bids of deal ``number``, given in bidding ``order`` (seats), checked by the rules."""
    n = game.setup.n
    row: list = [""] * n
    for seat, bid in zip(order, bids):
        row[seat - 1] = bid
    issues = [i for i in game.validate(number, game.normalize({"bid": row})) if i.field == "bid"]
    entered = set(order[:len(bids)])
    bad_values = tuple(i.message for i in issues if i.check is None and i.level == "error" and i.unit in entered)
    rule_errors = [i.message for i in issues if i.check is not None and i.level == "error"]
    warnings = [i.message for i in issues if i.check is not None and i.level == "warning"]

    last = order[-1]
    open_row = list(row)
    open_row[last - 1] = ""
    choices = game.allowed("bid", last, {"bid": open_row}, number=number)
    allowed = tuple(c.value for c in choices if c.allowed) if choices is not None else None
    forbidden = tuple(c.value for c in choices if not c.allowed) if choices is not None else ()

    complete = len(bids) == n
    if complete:
        return BidCheck(True, not rule_errors, bad_values, tuple(rule_errors), (), tuple(warnings), allowed,
                        forbidden)
    reasons: list[Text] = []
    for choice in choices or ():
        reasons += [r for r in choice.reasons if r not in reasons]
    legal = False if rule_errors else None
    return BidCheck(False, legal, bad_values, tuple(rule_errors), tuple(reasons), tuple(warnings), allowed,
                    forbidden)
