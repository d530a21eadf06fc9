"""Stored games looked back on: the list of games, one game, importing a sheet, and "what if".

Everything is derived from the stored entries through the engine; nothing here writes
except :func:`import_sheet` (one new game). The TUI and the CLI call these:

- :func:`history` -- every stored game, finished or not, the one played most recently first;
- :func:`load_game` -- one stored game, rebuilt from its entries;
- :func:`import_sheet` -- a TOML score sheet into the store as a new game;
- :func:`what_if` -- a game re-scored under other options of its ruleset, with the deals
  that break a rule under them listed (and still counted), never dropped; the stored
  game is not changed;
- :func:`exported` -- a stored game ready for :func:`~scorekeeper.reports.export.export_games`.
"""

from __future__ import annotations

import os

from ..rules.files import parse_toml, read_text
from ..store.db import GameSummary, Store, StoredGame
from ..userdirs import path_text
from .common import Exported

# The engine and the game's modules are imported by what replays a game (what_if, import_sheet):
# listing the stored games reads only their summaries.
TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Mapping

    from ..game.engine import Issue
    from ..game.game import Game

    Refused = list[tuple[int, list[Issue]]]  # (deal number, why), as sheet.replay_sheet gives them

__all__ = ["RULESET_NAMES", "Refused", "RulesetNames", "exported", "history", "import_sheet", "load_game", "ruleset_name",
           "what_if"]

class RulesetNames:
    """The names of the built-in rulesets in each language, each looked up the first time a
    stored game of that ruleset is listed in that language, in one place (:data:`RULESET_NAMES`,
    the process's)."""

    __slots__ = ("_found",)

    def __init__(self) -> None:
        # (id, language) -> (English name, translated name); None: not a built-in ruleset
        self._found: dict[tuple[str, str], tuple[str, str] | None] = {}

    def names(self, ruleset_id: str, lang: str) -> tuple[str, str] | None:
        """A built-in ruleset's (English, translated) names; None if ``ruleset_id`` names none
        that loads."""
        key = (ruleset_id, lang)
        if key not in self._found:
            from ..rules.ruleset import RulesetError, builtin_ids, load_ruleset

            try:
                ruleset = load_ruleset(ruleset_id) if ruleset_id in builtin_ids() else None
                self._found[key] = (ruleset.name, ruleset.localized(lang).name) if ruleset is not None else None
            except (RulesetError, ValueError, OSError):
                self._found[key] = None
        return self._found[key]

    def looked_up(self) -> tuple[tuple[str, str], ...]:
        """The (id, language) pairs looked up so far."""
        return tuple(self._found)


RULESET_NAMES = RulesetNames()  # the process's


def ruleset_name(ruleset_id: str, stored_name: str, names: RulesetNames | None = None) -> str:
    """A stored game's ruleset name in the current language: a built-in game's own
    translation when the stored name is that game's English name, else the name as stored
    (the store keeps the English name, so that listing games loads no ruleset in English);
    the names looked up in :data:`RULESET_NAMES` unless ``names`` is given."""
    from ..i18n import get_language

    lang = get_language()
    if lang == "en":
        return stored_name
    found = (RULESET_NAMES if names is None else names).names(ruleset_id, lang)
    return found[1] if found is not None and found[0] == stored_name else stored_name


def __getattr__(name: str) -> Any:
    if name == "Refused":  # the type, made when it is asked for: it names the engine's Issue
        from ..game.engine import Issue

        return list[tuple[int, list[Issue]]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def history(store: Store) -> list[GameSummary]:
    """Every stored game, finished and unfinished, the one played most recently first."""
    return store.list_games()


def load_game(store: Store, game_id: int) -> StoredGame:
    """One stored game rebuilt from its entries; StoreError if there is none or it cannot be rebuilt."""
    return store.open_game(game_id)


def exported(stored: StoredGame) -> Exported:
    return Exported(stored.id, stored.game, stored.title, stored.ruleset_ref)


def what_if(source: StoredGame | Game, options: Mapping[str, Any]) -> tuple[Game, Refused]:
    """The game's deals re-scored under ``options`` (the others as the game had them).

    Returns a new Game and the deals that break a rule under those options as (deal,
    issues). Such a deal is still recorded (``Game.record(check=False)``), so later
    deals keep their numbers and the totals count what the table played; a deal beyond
    the deal plan under the new options cannot be recorded and is listed and left out.
    Same rules as :func:`scorekeeper.game.sheet.replay_sheet`. The source is not
    changed, and nothing is written. OptionError for an unknown option or a bad value.
    """
    from ..game.engine import SetupError, message_of
    from ..game.game import Game, deals_with_table, replay_into
    from ..game.sheet import OptionError

    game = source.game if isinstance(source, StoredGame) else source
    rs = game.ruleset
    try:
        rs.resolve_options(dict(options))
    except ValueError as exc:
        raise OptionError(message_of(exc)) from None
    try:
        other = Game(rs, game.setup.players, {**game.options, **dict(options)}, game.setup.first_dealer,
                     game.start_scores)
    except SetupError as exc:
        raise OptionError(exc.message) from None
    refused: Refused = replay_into(other, deals_with_table(game))
    if game.stopped_at is not None and not other.is_over:
        other.end_early()  # stopped where the table stopped
    return other, refused


def _ruleset_ref(path: str) -> str:
    """How the sheet names its ruleset: a built-in id, or a path made absolute (relative to the sheet)."""
    ref = parse_toml(read_text(path))["ruleset"]  # the sheet load_sheet has just read
    if ref.endswith(".toml") or "/" in ref or "\\" in ref:
        from pathlib import Path  # (importing a sheet: the sheet's reader imports it anyway)

        return str((Path(path).parent / ref).resolve())
    return ref


def import_sheet(store: Store, path: str | os.PathLike) -> int:
    """Store the game of a TOML score sheet; its id.

    The sheet is replayed through the engine first (SheetError, naming the deal and the
    field, at its first problem: nothing is stored). The game belongs to no session.
    """
    from ..game.sheet import load_sheet, sheet_title
    from ..i18n import get_language

    path = path_text(path)
    game = load_sheet(path, lang=get_language())
    return store.create_game(game, _ruleset_ref(path), sheet_title(game))
