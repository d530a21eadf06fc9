"""Messages the screens post to the app, which switches between them.

Past tense: each says what happened, not what to do.
"""

from __future__ import annotations

from typing import Any

from textual.message import Message


class GameCreated(Message):
    """A new game was started and stored: play it (``told``: what its play screen tells
    first, as (title, message), e.g. who was drawn to deal first)."""

    def __init__(self, stored: Any, told: tuple[str, str] | None = None) -> None:
        super().__init__()
        self.stored = stored
        self.told = told


class GameChosen(Message):
    """The player chose a stored game to resume."""

    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class LanguageSwitched(Message):
    """The player switched the language on the settings screen (it is current and saved)."""


class RulesetChosen(Message):
    """The player chose a ruleset (a built-in id or a file) for a new game."""

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref
