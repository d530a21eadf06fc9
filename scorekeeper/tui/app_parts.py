"""What the screens ask of the app they run in, for the type checker.

The screens reach the app's store, settings and a few of its methods through ``self.app``,
which Textual types as any App. They cannot name :class:`~scorekeeper.tui.app.ScorekeeperApp`
(the app imports the screens: naming it back, even for the checker, is an import loop), so
they name :class:`TableApp`, declared here for the checker only: Textual's App with
:class:`AppParts`. ``ScorekeeperApp`` is checked to have every part (app.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import random

    from textual.app import App

    from ..settings import Settings
    from ..store.db import Store

__all__ = ["AppParts", "TableApp"]


class AppParts(Protocol):
    """The app's own attributes and methods that screens use."""

    store: Store | None  # None until the app has opened it
    settings: Settings
    rng: random.Random  # first dealer by lot

    def change_settings(self, **changes: Any) -> None: ...

    def follow_game(self, game_id: int) -> None: ...

    def show_phones(self) -> None: ...

    def clear_toasts(self) -> None: ...


if TYPE_CHECKING:
    # (never made: mypy before 2 finds the metaclasses of App and Protocol in conflict)
    class TableApp(App[None], AppParts):  # type: ignore[misc, unused-ignore]
        """The app a screen runs in, as the checker sees it."""
