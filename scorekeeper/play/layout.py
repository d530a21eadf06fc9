"""The form of a deal: its boxes, phase by phase, laid out from the ruleset's fields."""

from __future__ import annotations

from typing import Any, Mapping

from ..game.game import Game
from ..values import dataclass

Key = tuple[str, "int | None"]  # a field, and its seat, partnership or None (the deal)


@dataclass(frozen=True)
class Slot:
    """A place in the form: a field, and a position (0 for the deal, else the seat's
    place in the bidding order, or the partnership number)."""

    field: str
    pos: int


@dataclass(frozen=True)
class PhaseLayout:
    phase: str
    title: str
    slots: tuple[Slot, ...]


def form_layout(game: Game, number: int | None = None) -> tuple[PhaseLayout, ...]:
    """The form of a game's deal (the next by default), phase by phase: deal fields first,
    then each partnership's, then each seat's (all of one seat's fields together, seats in
    bidding order). Seats are those of the players of that deal."""
    rules = game.ruleset
    setup = game.setup_for(number)
    phases = list(rules.phases)
    for spec in rules.fields.values():
        if spec.phase not in phases:
            phases.append(spec.phase)
    teams = len(setup.teams)
    out = []
    for phase in phases:
        specs = [f for f in rules.fields.values() if f.phase == phase]
        if not specs:
            continue
        slots = [Slot(f.id, 0) for f in specs if f.scope == "deal"]
        slots += [Slot(f.id, t) for t in range(1, teams + 1) for f in specs if f.scope == "team"]
        slots += [Slot(f.id, p) for p in range(1, setup.n + 1) for f in specs if f.scope == "seat"]
        out.append(PhaseLayout(phase, rules.phase_label(phase), tuple(slots)))
    return tuple(out)


def typed_from_sheet(game: Game, values: Mapping[str, Any]) -> dict[Key, Any]:
    """A saved draft (score-sheet form: lists in seat order, card codes) as typed boxes."""
    typed: dict[Key, Any] = {}
    for fid, value in values.items():
        spec = game.ruleset.fields.get(fid)
        if spec is None:
            continue
        cells: list[tuple[int | None, Any]] = [(None, value)] if spec.scope == "deal" else list(enumerate(value or [], start=1))
        for unit, v in cells:
            if v is None or v == "" or v == []:
                continue
            typed[(fid, unit)] = " ".join(v) if spec.type == "cards" and isinstance(v, list) else v
    return typed
