"""What the three parts of a game (roster.py, entry.py, timeline.py) read of the game they belong
to and of each other: stated here as protocols, so each part's module imports none of the others
nor game.py (no import loops), and the type checker holds :class:`~scorekeeper.game.game.Game`
and the parts to them."""

from __future__ import annotations

from weakref import ref

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any, Protocol

    from ..messages import Message
    from ..rules.ruleset import Ruleset
    from .engine import DealEval, Issue, Setup
    from .records import Action, CheckedEntry, DealResult, EndMemo, Lineup, Snapshot

    class RosterPart(Protocol):
        """Who plays each deal (roster.py)."""

        changes: int
        plan: tuple[int, ...] | None

        @property
        def players(self) -> tuple[str, ...]: ...
        @property
        def scorer_names(self) -> tuple[str, ...]: ...
        def lineup(self, number: int | None = None) -> Lineup: ...
        def setup_for(self, number: int | None = None) -> Setup: ...
        def dealer_seat(self, number: int | None = None) -> int: ...
        def width(self) -> int: ...
        def widened(self, carried: Mapping[str, tuple]) -> dict[str, tuple]: ...
        def with_joiners(self, number: int, totals: tuple) -> tuple: ...
        def reset(self) -> None: ...
        def restored(self) -> None: ...
        def follow_plan(self) -> None: ...

    class TimelinePart(Protocol):
        """The results of the deals (timeline.py)."""

        known: list[DealResult]
        stale: dict[int, DealResult]
        checked: CheckedEntry | None
        end_memo: EndMemo | None

        @property
        def is_over(self) -> bool: ...
        def current(self) -> list[DealResult]: ...
        def over_reason(self) -> Message: ...
        def state_before(self, number: int) -> tuple[tuple, tuple]: ...
        def coming(self, number: int) -> tuple[int, dict[str, tuple] | None]: ...
        def named_dealer(self, number: int) -> int: ...
        def invalidate(self, number: int) -> None: ...

    class EntryPart(Protocol):
        """The problems of an entry (entry.py)."""

        def deal_issues(self, number: int, values: Mapping[str, Any], before: tuple, levels: Iterable[str],
                        state: tuple | None = None, d: DealEval | None = None) -> list[Issue]: ...

    class GameState(Protocol):
        """What the parts read of the game they belong to (game.py's Game)."""

        ruleset: Ruleset
        setup: Setup
        start_scores: tuple
        start_carried: dict[str, tuple] | None
        history: list[Action]
        entered: list[Mapping[str, Any]]

        @property
        def roster(self) -> RosterPart: ...
        @property
        def timeline(self) -> TimelinePart: ...
        @property
        def entry_rules(self) -> EntryPart: ...

        @property
        def next_deal(self) -> int: ...
        @property
        def next_in_plan(self) -> int: ...
        @property
        def stopped_at(self) -> int | None: ...
        def apply_new(self, action: Action) -> None: ...
        def snapshot(self) -> Snapshot: ...
        def restore(self, snapshot: Snapshot) -> None: ...
        def normalize(self, values: Mapping[str, Any], number: int | None = None) -> dict[str, Any]: ...
        def deal_eval(self, number: int, values: Mapping[str, Any], before: tuple, state: tuple | None = None,
                      carried_out: dict[str, tuple] | None = None) -> DealEval: ...


class Part:
    """A part of a game (its roster, entry rules or timeline). It holds the game it belongs to
    weakly: the game holds its parts, and a game dropped is freed at once with them, not left
    for the garbage collector as a loop of references would be."""

    def __init__(self, game: GameState):
        self._game = ref(game)
        self.ruleset = game.ruleset

    @property
    def game(self) -> GameState:
        return self._game()  # type: ignore[return-value]  # (a part lives only as long as its game)
