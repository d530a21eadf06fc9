"""Stores of known games for the tests: scripted games written through the store API.

A test names its games as data (:class:`Script`: the ruleset, the players, the options,
the deals) and gets a store file holding them (:func:`store_with`, or the ``store_with``
fixture of tests/conftest.py). The store reads its time from a :class:`Clock`, so every
stored time is known in advance; the TUI tests open the app on the same clock
(``helpers.tui.opened``), so what the app stores follows on from the scripted games.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from scorekeeper.game.game import Game
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

T0 = datetime(2026, 5, 9, 19, 30, tzinfo=timezone.utc)
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


class Clock:
    """A store's clock: it starts at ``start`` and moves ``step`` before each reading.

    With the default step the first reading is 19:31 UTC on 9 May 2026, the next 19:32, ...;
    with ``step=timedelta(0)`` it stands still until the test moves it with :meth:`at`.
    """

    def __init__(self, start: datetime = T0, step: timedelta = timedelta(minutes=1)):
        self.start = self.now = start
        self.step = step

    def __call__(self) -> datetime:
        self.now += self.step
        return self.now

    def at(self, hours: float) -> None:
        """Set the time to ``hours`` after the start."""
        self.now = self.start + timedelta(hours=hours)


def lupaus_all_to(seat: int) -> Callable[[Game], dict[str, Any]]:
    """A legal Lupaus deal for any game: everyone bids 0 and ``seat`` takes every trick."""

    def deal(game: Game) -> dict[str, Any]:
        tricks = [0] * game.setup.n
        tricks[seat - 1] = game.info().cards
        return {"bid": [0] * game.setup.n, "tricks": tricks}

    return deal


@dataclass(frozen=True)
class Script:
    """One game to store: its setup, its deals in order, then (``until_over``) the deal that
    a function of the game gives, again and again until the game is over."""

    ruleset: str
    players: Sequence[str]
    deals: Sequence[Mapping[str, Any]] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    first_dealer: int = 1
    title: str | None = None
    until_over: Callable[[Game], Mapping[str, Any]] | None = None

    def store(self, store: Store):
        """Start the game in ``store`` and record its deals; the StoredGame."""
        stored = store.new_game(load_ruleset(self.ruleset), self.ruleset, list(self.players), dict(self.options),
                                self.first_dealer, self.title)
        for values in self.deals:
            stored.record(values)
        while self.until_over is not None and not stored.game.is_over:
            stored.record(self.until_over(stored.game))
        return stored


@dataclass(frozen=True)
class StoreFile:
    """A store file the scripts were written to, the clock it was written with, and the games
    as they were stored (one StoredGame a script, in order: game i + 1 is ``games[i]``)."""

    path: Path
    clock: Clock
    games: tuple = ()

    def __fspath__(self) -> str:
        return os.fspath(self.path)

    def open(self) -> Store:
        """The store, on the same clock."""
        return Store(self.path, clock=self.clock)


def store_with(path: str | os.PathLike, *scripts: Script, clock: Clock | None = None) -> StoreFile:
    """A store at ``path`` holding the scripted games, stored in order, one after another."""
    clock = clock if clock is not None else Clock()
    with Store(path, clock=clock) as store:
        games = tuple(script.store(store) for script in scripts)
    return StoreFile(Path(path), clock, games)


def lupaus_played(path: str | os.PathLike, deals: int, seat: int = 1) -> tuple[StoreFile, int]:
    """A store holding a Lupaus game for Anna, Ben, Cara and Dan with ``deals`` deals
    played (everyone bids 0, ``seat`` takes every trick), and the cards of the next deal."""
    db = store_with(path, Script("lupaus", ["Anna", "Ben", "Cara", "Dan"]))
    with db.open() as store:
        stored = store.open_game(1)
        for _ in range(deals):
            stored.record(lupaus_all_to(seat)(stored.game))
        return db, stored.game.info().cards


def fixture_text(name: str) -> str:
    """A file of tests/fixtures/ (e.g. a small ruleset), as text."""
    return (FIXTURES / name).read_text(encoding="utf-8")


# Whist to 3 for four, after two deals: the next deal's 7 tricks for Anna & Cara ("s 7") end the
# game (the tests of what the game-ending key and its ctrl+z do in the app).
WHIST_ONE_DEAL_TO_GO = Script("whist", ["Anna", "Ben", "Cara", "Dan"],
                              [{"turned": "hearts", "tricks": 8}, {"turned": "clubs", "tricks": 5}],
                              options={"game_to": 3})
