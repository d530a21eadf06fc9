"""What the form of a deal shows: frozen values the front ends render."""

from __future__ import annotations

from typing import Any, Mapping

from .layout import Slot
from .panel import DealPanelView
from ..values import dataclass


@dataclass(frozen=True)
class ChoiceView:
    """One value a field may take, as shown."""

    value: Any
    text: str  # 3, ♠, NT, a player's name, yes
    keys: str  # the keys that pick it (each character is one key)
    allowed: bool = True
    reason: str = ""
    key: str = ""  # the key shown before the text: in a box where some text does not start with its key


@dataclass(frozen=True)
class CellView:
    """One entry box: a field of one seat, partnership or the deal."""

    slot: Slot
    field: str
    unit: int | None  # seat, partnership or None (the deal)
    kind: str  # pick: values shown; number: typed within lo..hi; text: typed cards
    who: str  # player or partnership ("" for the deal)
    label: str
    help: str
    visible: bool
    value: Any  # the value in the deal (typed or filled in), None if not entered
    text: str  # what is shown: the typed text for cards, else the value's text
    auto: bool  # filled in because the rules leave a single value
    computed: str  # the field's fill value while it is empty ("" if none)
    choices: tuple[ChoiceView, ...] = ()
    lo: int | None = None
    hi: int | None = None
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    dealer: bool = False
    optional: bool = False
    values: tuple = ()  # number: the only values it takes (Skat's bids), when the field lists them

    @property
    def needed(self) -> bool:
        """Whether the table must still type this box (an optional box, or one the rules
        fill in when left empty, costs no key)."""
        return self.visible and self.value is None and not self.optional and not self.computed


@dataclass(frozen=True)
class PhaseView:
    phase: str
    title: str
    summary: tuple[str, ...]  # live totals, e.g. "Bids 7, tricks 8"
    derived: tuple[str, ...]  # derived values the entries so far give
    complete: bool


@dataclass(frozen=True)
class DraftView:
    """Everything the play screen shows about the deal being entered."""

    number: int
    editing: bool
    panel: DealPanelView  # what the table is told: dealer, leader, trump ...
    phases: tuple[PhaseView, ...]
    cells: Mapping[Slot, CellView]
    errors: tuple[str, ...]  # problems that belong to no one field (or a hidden one)
    warnings: tuple[str, ...]
    error_count: int
    can_confirm: bool
