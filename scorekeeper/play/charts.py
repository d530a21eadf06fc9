"""What the charts of a game show, as data: each scorer's running total after each deal."""

from __future__ import annotations

from ..values import dataclass


@dataclass(frozen=True)
class Progression:
    """The running total of each scorer after each deal."""

    names: tuple[str, ...]
    series: tuple[tuple[float, ...], ...]  # per scorer, one value per deal (deal 1 first)
    totals: tuple[float, ...]  # the standing totals (with parts: the match totals)
    ranks: tuple[int, ...]  # per scorer


def progression(game) -> Progression:
    """A game's progression, from its results (nothing stored: derived from the entries)."""
    results = game.results()
    parts = game.setup.parts is not None
    count = len(game.scorer_names)
    series = tuple(tuple((r.match if parts else r.totals)[i] for r in results) for i in range(count))
    ranks = [0] * count
    for s in game.standings():
        ranks[s.scorer] = s.rank
    return Progression(tuple(game.scorer_names), series, tuple(game.totals()), tuple(ranks))
