"""The boxes of a deal not set yet that the rules fill in, and the ways they may still be set.

A field filled in while it is empty (``fill``: Skat's Hand is "no" and its Announced
"nothing" until the table says otherwise) counts as its fill while the deal is worked
out. A check reading it would then refuse a value of another box that only the fill
makes wrong: in a null game bid 59, Hand "yes" is worth 35 while Announced is still
"nothing", and Announced "ouvert" is worth 46 while Hand is still "no", so neither could
be entered first. :meth:`Game.allowed <scorekeeper.game.game.Game.allowed>` refuses a
value only when every way of setting such boxes listed here leaves it refused.
"""

from __future__ import annotations

from ..rules.formula import EvalError, Missing
from .engine import domain_size

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from typing import Any

    from .engine import DealEval

    Box = tuple[str, int | None, tuple]
    """A box not set: its field, its index in the field's row (None: a field of the deal)
    and the values tried in it (None first: left empty)."""

__all__ = ["COMPLETIONS_TRIED", "completions", "unset_boxes"]

COMPLETIONS_TRIED = 256
"""At most this many ways of setting the boxes not set yet are tried for one refused value.
Boxes whose values would make more are left as the rules fill them in (the value stays
refused as their fills leave it; confirming the deal checks it all the same)."""


def unset_boxes(d: DealEval, fields: tuple[str, ...], asked: tuple[str, int | None]) -> list[Box]:
    """The boxes of ``fields`` (fields filled in while empty) not set in the deal ``d``,
    other than the box ``asked`` about (field, seat or partnership), each with its values,
    while the ways of setting them together stay within :data:`COMPLETIONS_TRIED`."""
    boxes: list[Box] = []
    ways = 1
    for fid in fields:
        spec = d.rules.fields[fid]
        entered = d.values.get(fid)
        places: list[tuple[int | None, int | None]]
        if spec.scope == "deal":
            places = [(None, None)] if entered is None and asked != (fid, None) else []
        else:
            places = [(i, d.unit_seat(spec, i + 1)) for i, v in enumerate(entered or ())
                      if v is None and asked != (fid, i + 1)]
        for index, seat in places:
            if d.enabled(spec, seat) is False:
                continue
            try:
                domain = d.domain(spec, seat)
            except (Missing, EvalError):  # the bounds read a box not set either
                continue
            if domain is None or ways * (domain_size(domain) + 1) > COMPLETIONS_TRIED:
                continue
            ways *= domain_size(domain) + 1
            boxes.append((fid, index, (None, *domain)))
    return boxes


def completions(values: Mapping[str, Any], boxes: list[Box]) -> Iterator[dict[str, Any]]:
    """The deal's values with the boxes set in every way but the one leaving them all empty."""
    picks: list[tuple] = [()]
    for _, _, tried in boxes:
        picks = [(*p, v) for p in picks for v in tried]
    for pick in picks[1:]:  # the first leaves every box empty: the deal as it is
        out = dict(values)
        for (fid, index, _), value in zip(boxes, pick):
            if value is None:
                continue
            if index is None:
                out[fid] = value
            else:
                row = list(out[fid])
                row[index] = value
                out[fid] = tuple(row)
        yield out
