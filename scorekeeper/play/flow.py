"""How typing flows through the boxes of a deal: a deal costs the keys of its numbers.

A paper pad needs one character for a bid of 3; so does the form, when no other value
starts with 3: the box moves on by itself. In a deal of up to 9 tricks every bid is one
digit; with 10 or more, "1" waits for the next key or Enter (a 0 after it is 10, or 1 and
the next box's 0: :mod:`.typing` keeps both readings until the deal rules one out).

The focus moves on to the next box the table must type. A box it may leave empty (an
optional one, or one the rules fill in) costs no key: the focus stops there only when none
of its keys is a key of that next box, and a key it does not take goes on to the boxes
after it (a trump suit letter stops at the trump box, a digit goes on to the bid).
"""

from __future__ import annotations

from typing import Iterable

from .views import CellView

DIGITS = frozenset("0123456789")


def keys_of(cell: CellView) -> frozenset[str] | None:
    """The keys a box takes (None: any key, cards are typed as text)."""
    if cell.kind == "text":
        return None
    if cell.kind == "number":
        return DIGITS | {"-"} if cell.lo is None or cell.lo < 0 else DIGITS
    keys: set[str] = set()
    for choice in cell.choices:
        keys |= set(choice.keys.lower())
        if type(choice.value) is int:
            keys |= set(str(choice.value))
    return frozenset(keys)


def may_skip(cell: CellView) -> bool:
    """A box on show, empty, that may stay empty (optional, or filled in by the rules)."""
    return cell.visible and cell.value is None and (cell.optional or bool(cell.computed))


def stops_at(cell: CellView, needed: CellView) -> bool:
    """Whether the focus stops at ``cell``, a box that may stay empty, on its way to the
    box ``needed``: only when no key of the one is a key of the other."""
    if not may_skip(cell):
        return False
    mine, theirs = keys_of(cell), keys_of(needed)
    return mine is not None and theirs is not None and not (mine & theirs)


def grows(typed: str, values: Iterable[str]) -> bool:
    """Whether a longer value among ``values`` (their texts) starts with ``typed``."""
    return any(len(v) > len(typed) and v.startswith(typed) for v in values)


def number_grows(typed: str, lo: int | None, hi: int | None, values: tuple = ()) -> bool:
    """Whether a longer number from ``lo`` to ``hi`` (or of ``values``, when the field lists
    them) starts with ``typed`` ("-" or digits after an optional minus; no leading zeros).
    Unbounded on a side: it always may."""
    if values:
        return grows(typed, map(str, values))
    negative = typed.startswith("-")
    digits = typed.lstrip("-")
    if not digits:
        return True  # "-" alone: the digits follow
    if digits == "0":
        return False  # no number is written 0…
    if (hi is None and not negative) or (lo is None and negative):
        return True
    start = int(digits)
    # the numbers with one more digit, two more ... while they can still be in range
    limit = len(str(max(abs(lo or 0), abs(hi or 0))))
    for extra in range(1, limit - len(digits) + 1):
        scale = 10 ** extra
        first, last = start * scale, start * scale + scale - 1
        if negative:
            first, last = -last, -first
        if (lo is None or last >= lo) and (hi is None or first <= hi):
            return True
    return False


def in_reach(typed: str, lo: int | None, hi: int | None, values: tuple = ()) -> bool:
    """Whether ``typed`` is a number from ``lo`` to ``hi`` (or of ``values``, when the field
    lists them) or the start of one."""
    if values:
        return any(str(v).startswith(typed) for v in values)
    digits = typed.lstrip("-")
    if not digits:
        return lo is None or lo < 0
    value = int(typed)
    inside = (lo is None or value >= lo) and (hi is None or value <= hi)
    return inside or number_grows(typed, lo, hi)
