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
default scope). Nothing else is assumed: no ruleset id is looked at. For those games,
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
(:class:`GameFacts`) are kept in the store's ``stats_cache`` table, keyed by game id and
the number of entries they were derived from (and :data:`FACTS_VERSION`); the store
reads and writes it (:meth:`Store.cached_facts`, :meth:`Store.cache_facts`). Entries are
append-only, so a game with a new entry has a new count and is derived again, lazily,
the next time statistics are asked for. The cache is only a cache: when it cannot be
written (a read-only file, another program writing) the figures are still computed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..game.engine import LimitError
from ..game.game import Game
from ..rules.ruleset import Ruleset
from ..i18n import t
from ..store.db import Store, StoreError

__all__ = [
    "FACTS_VERSION", "BiddingStats", "DealFacts", "GameFacts", "PlayerStats", "StatsReport", "all_facts",
    "compute_facts", "is_bidding", "player_key", "stats",
]

FACTS_VERSION = 1  # bump when what compute_facts derives changes: cached rows are then derived again


def player_key(name: str) -> str:
    """How players are matched across games: trimmed, case-insensitive."""
    return name.strip().casefold()


def is_bidding(ruleset: Ruleset) -> bool:
    """A ruleset with per-player whole-number fields ``bid`` and ``tricks`` (see the module docstring)."""
    fields = ruleset.fields
    return all(fid in fields and fields[fid].scope == "seat" and fields[fid].type == "int"
               for fid in ("bid", "tricks"))


# --- what one game contributes ------------------------------------------------------------------


@dataclass(frozen=True)
class DealFacts:
    """One deal of a bidding game."""

    number: int
    cards: int
    dealer: int  # seat
    bids: tuple[int | None, ...]  # per seat; None when not entered
    tricks: tuple[int | None, ...]
    restricted: bool | None  # the dealer's allowed bids left out a value; None when it cannot be told


@dataclass(frozen=True)
class GameFacts:
    """What statistics and session totals need of one stored game."""

    game_id: int
    ruleset_id: str
    ruleset_name: str
    winner: str  # the ruleset's "highest" or "lowest"
    players: tuple[str, ...]  # seat order, as typed
    finished: bool
    totals: tuple  # per seat: the total of the seat's scorer (a partnership's total for each partner)
    ranks: tuple[int, ...]  # per seat, from the standings (ties share a rank)
    won: tuple[bool, ...]  # per seat; all False until the game is over
    deals: tuple[DealFacts, ...] | None  # None when the game is not a bidding game

    def to_json(self) -> str:
        doc = {
            "ruleset_id": self.ruleset_id, "ruleset_name": self.ruleset_name, "winner": self.winner,
            "players": list(self.players), "finished": self.finished, "totals": list(self.totals),
            "ranks": list(self.ranks), "won": list(self.won),
            "deals": None if self.deals is None else [
                [d.number, d.cards, d.dealer, list(d.bids), list(d.tricks), d.restricted] for d in self.deals],
        }
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, game_id: int, text: str) -> "GameFacts":
        doc = json.loads(text)
        deals = doc["deals"]
        return cls(game_id, doc["ruleset_id"], doc["ruleset_name"], doc["winner"], tuple(doc["players"]),
                   bool(doc["finished"]), tuple(doc["totals"]), tuple(doc["ranks"]), tuple(doc["won"]),
                   None if deals is None else tuple(
                       DealFacts(n, c, d, tuple(b), tuple(t), r) for n, c, d, b, t, r in deals))


def _dealer_restricted(game: Game, number: int, dealer: int, values) -> bool | None:
    """Whether the engine would have refused some bid of the dealer, given what was known then."""
    rs = game.ruleset
    bids = values.get("bid")
    if bids is None or bids[dealer - 1] is None:
        return None
    phases = list(rs.phases)
    bid_phase = phases.index(rs.fields["bid"].phase) if rs.fields["bid"].phase in phases else len(phases)
    known = {}
    for fid, value in values.items():
        phase = rs.fields[fid].phase
        if (phases.index(phase) if phase in phases else len(phases)) <= bid_phase:
            known[fid] = value
    row = list(known["bid"])
    row[dealer - 1] = None
    known["bid"] = tuple(row)
    try:
        choices = game.allowed("bid", dealer, known, number=number)
    except LimitError:  # more bids than are ever listed: not known
        return None
    if choices is None:
        return None
    return any(not c.allowed for c in choices)


def compute_facts(game: Game, game_id: int) -> GameFacts:
    """Derive a game's facts through the engine (its standings, and each deal's bids and tricks)."""
    setup = game.setup
    rs = game.ruleset
    over = game.is_over
    rank_of = {s.scorer: s.rank for s in game.standings()}
    totals = game.totals()
    winners = set(game.winners)
    names = game.scorer_names
    scorer = ([setup.scorer_of_seat(seat) for seat in range(1, setup.n + 1)] if not game.table_changed
              else list(range(len(game.players))))
    deals = None
    if is_bidding(rs):
        deals = []
        for r in game.results():
            values = game.full_values(r)  # per player (None for who did not play)
            bids, tricks = values["bid"], values["tricks"]
            dealer = r.seats.index(r.dealer) + 1 if r.seats else r.dealer  # among who played
            deals.append(DealFacts(r.number, r.cards, r.dealer, tuple(bids), tuple(tricks),
                                   _dealer_restricted(game, r.number, dealer, r.values)))
        deals = tuple(deals)
    return GameFacts(
        game_id, rs.id, rs.localized("en").name, rs.winner, tuple(game.players), over,
        tuple(totals[i] for i in scorer), tuple(rank_of[i] for i in scorer),
        tuple(over and names[i] in winners for i in scorer), deals)


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
    if f.deals is None:
        return
    b = p.bidding if p.bidding is not None else BiddingStats()
    p.bidding = b
    for d in f.deals:
        bid, tricks = d.bids[i], d.tricks[i]
        if bid is None or tricks is None:
            continue
        b.deals += 1
        diff = tricks - bid
        b.difference += diff
        b.exact += diff == 0
        b.over += diff > 0
        b.under += diff < 0
        slot = b.by_cards.setdefault(d.cards, [0, 0])
        slot[0] += 1
        slot[1] += diff == 0
        if d.dealer == seat:
            b.dealer_deals += 1
            if d.restricted:
                b.restricted += 1
                b.restricted_missed += diff != 0


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
