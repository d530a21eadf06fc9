"""Statistics per player across every stored game, derived from the entries through the engine.

Players are matched by name, trimmed and compared case-insensitively ("anna " and
"Anna" are one player); a player is shown with the spelling of their latest game.

Per player:

- ``games``: finished games played; ``unfinished``: games still in progress (they count
  for nothing below but the bidding figures);
- ``wins``: finished games the player (or their partnership) won; a tie for first is a
  win for each;
- ``average_rank``: the mean rank over finished games, ranks as the game's standings
  give them (ties share a rank: 1, 1, 3); in a partnership game, the partnership's rank.

**Bidding games.** A ruleset is a bidding game when it has a per-player whole-number
field named ``bid`` and one named ``tricks`` (``scope = "seat"``, ``type = "int"``, the
default scope), scored per player: in a partnership score (Spades) a side's bids are made or
missed together, so a player's own bid and tricks are no exact bid. Nothing else is assumed: no ruleset id is looked at. For those games,
every recorded deal (finished games or not) where both are entered counts:

- exact, over (tricks > bid) and under (tricks < bid) counts, the exact rate, and the
  tendency: the mean of tricks - bid (positive: the player takes more than they bid);
- the exact rate by the number of cards dealt;
- as dealer: the deals the player dealt; those where the dealer's bid was restricted
  (the engine's allowed values for the dealer's bid, ``Game.allowed("bid", dealer,
  ...)`` given everything entered up to and including the bidding phase except the
  dealer's own bid, left out at least one value); and how often the dealer then missed
  (bid != tricks) in those restricted deals.

Speed: replaying a game costs milliseconds, so the figures each game contributes
(:class:`GameFacts`, :mod:`scorekeeper.store.facts`) are kept in the store's ``stats_cache``
table, keyed by game id and the number of entries they were derived from (and
:data:`FACTS_VERSION`). The store writes a game's row in the same transaction as each
entry, so statistics over games the store wrote only read rows. A row that is missing,
stale (another version) or damaged is derived again here, lazily, and kept
(:meth:`Store.cache_facts`); when it cannot be written (a read-only file, another program
writing) the figures are still computed.
"""

from __future__ import annotations

from ..i18n import t
from ..store.db import Store, StoreError
from ..store.facts import FACTS_VERSION, DealFacts, GameFacts, SeatBidding, compute_facts, is_bidding
from ..values import dataclass, field

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Iterable

__all__ = [
    "FACTS_VERSION", "BiddingStats", "DealFacts", "GameFacts", "PlayerStats", "SeatBidding", "StatsReport", "all_facts",
    "compute_facts", "is_bidding", "player_key", "stats",
]



def player_key(name: str) -> str:
    """How players are matched across games: trimmed, case-insensitive."""
    return name.strip().casefold()


def all_facts(store: Store, game_ids: Iterable[int] | None = None
              ) -> tuple[dict[int, GameFacts], list[tuple[int, str]]]:
    """Facts of every stored game (or of ``game_ids``), from the cache where it is current.

    Returns (game id -> facts, [(game id, why it was left out)]): a game that cannot be
    rebuilt is left out with the store's message, the others still count.
    """
    wanted = None if game_ids is None else set(game_ids)
    rows = store.cached_facts()
    facts: dict[int, GameFacts] = {}
    skipped: list[tuple[int, str]] = []
    fresh: list[tuple[int, int, int, str]] = []
    for gid, entries, cached_entries, version, text in rows:
        if wanted is not None and gid not in wanted:
            continue
        if text is not None and cached_entries == entries and version == FACTS_VERSION:
            try:
                facts[gid] = GameFacts.from_json(gid, text)
                continue
            except (TypeError, ValueError, KeyError):
                pass  # a damaged cache row: derive it again
        try:
            stored = store.open_game(gid)
        except StoreError as exc:
            skipped.append((gid, str(exc)))
            continue
        f = compute_facts(stored.game, gid)
        facts[gid] = f
        fresh.append((gid, stored.entries_saved, FACTS_VERSION, f.to_json()))
    if wanted is not None:
        for gid in sorted(wanted - {r[0] for r in rows}):
            skipped.append((gid, t("store.no_game", path=str(store.path), id=str(gid))))
    if fresh:
        store.cache_facts(fresh)
    return facts, skipped


# --- per player -------------------------------------------------------------------------------


@dataclass
class BiddingStats:
    """A player's bids in bidding games (see the module docstring)."""

    deals: int = 0
    exact: int = 0
    over: int = 0
    under: int = 0
    difference: int = 0  # the sum of tricks - bid
    by_cards: dict[int, list[int]] = field(default_factory=dict)  # cards -> [deals, exact]
    dealer_deals: int = 0
    restricted: int = 0
    restricted_missed: int = 0

    @property
    def exact_rate(self) -> float | None:
        return self.exact / self.deals if self.deals else None

    @property
    def mean_difference(self) -> float | None:
        """The mean of tricks - bid."""
        return self.difference / self.deals if self.deals else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "deals": self.deals, "exact": self.exact, "over": self.over, "under": self.under,
            "exact_rate": self.exact_rate, "mean_tricks_minus_bid": self.mean_difference,
            "by_cards": [{"cards": c, "deals": d, "exact": e, "exact_rate": e / d}
                         for c, (d, e) in sorted(self.by_cards.items())],
            "dealer": {"deals": self.dealer_deals, "restricted": self.restricted,
                       "missed_when_restricted": self.restricted_missed},
        }


@dataclass
class PlayerStats:
    name: str
    games: int = 0  # finished
    unfinished: int = 0
    wins: int = 0
    rank_sum: int = 0
    bidding: BiddingStats | None = None  # None when the player has no bidding game

    @property
    def average_rank(self) -> float | None:
        return self.rank_sum / self.games if self.games else None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "games": self.games, "unfinished": self.unfinished, "wins": self.wins,
                "average_rank": self.average_rank,
                "bidding": self.bidding.as_dict() if self.bidding is not None else None}


@dataclass(frozen=True)
class StatsReport:
    players: list[PlayerStats]  # by name
    skipped: list[tuple[int, str]]  # games left out: (id, why)


def _add(p: PlayerStats, f: GameFacts, seat: int) -> None:
    i = seat - 1
    if f.finished:
        p.games += 1
        p.wins += bool(f.won[i])
        p.rank_sum += f.ranks[i]
    else:
        p.unfinished += 1
    if f.bidding is None:
        return
    b = p.bidding if p.bidding is not None else BiddingStats()
    p.bidding = b
    s = f.bidding[i]
    b.deals += s.deals
    b.exact += s.exact
    b.over += s.over
    b.under += s.under
    b.difference += s.difference
    for cards, deals, exact in s.by_cards:
        slot = b.by_cards.setdefault(cards, [0, 0])
        slot[0] += deals
        slot[1] += exact
    b.dealer_deals += s.dealer_deals
    b.restricted += s.restricted
    b.restricted_missed += s.restricted_missed


def player_stats(facts: Iterable[GameFacts], player: str | None = None) -> list[PlayerStats]:
    """Figures per player (or for the one player named) over the given games, by name."""
    by_key: dict[str, PlayerStats] = {}
    want = player_key(player) if player is not None else None
    for f in sorted(facts, key=lambda f: f.game_id):  # the latest game's spelling wins
        for seat, name in enumerate(f.players, start=1):
            key = player_key(name)
            if want is not None and key != want:
                continue
            p = by_key.get(key)
            if p is None:
                p = by_key[key] = PlayerStats(name.strip())
            p.name = name.strip()
            _add(p, f, seat)
    return sorted(by_key.values(), key=lambda p: (player_key(p.name), p.name))


def stats(store: Store, player: str | None = None) -> StatsReport:
    """Statistics of every player in the store (or of one player, matched by name)."""
    facts, skipped = all_facts(store)
    return StatsReport(player_stats(facts.values(), player), skipped)
