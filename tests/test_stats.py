"""Player statistics across stored games, with every figure worked out by hand.

Lupaus, three players, default options: deal k has 10, 9, ..., 1, ..., 10 cards (19
deals); the first dealer deals deal 1, the next seat deal 2, ...; the dealer bids last
and may not make the bids total the cards.

Game 1, Anna Ben Cara, Anna deals first, 3 deals (in progress):
    D1 10 cards, dealer Anna: bids 3 4 2, tricks 3 5 2. Anna exact, Ben +1, Cara exact.
       Ben and Cara bid 6: Anna may not bid 4 -> restricted; Anna was exact.
    D2  9 cards, dealer Ben:  bids 2 2 2, tricks 2 3 4. Anna exact, Ben +1, Cara +2.
       Ben may not bid 5 -> restricted; Ben missed.
    D3  8 cards, dealer Cara: bids 0 1 1, tricks 0 1 7. Anna exact, Ben exact, Cara +6.
       Cara may not bid 7 -> restricted; Cara missed.
Game 2, Dan anna Ben (typed so), Dan deals first, finished: every deal all bid 0 and Dan
    takes every trick. Dan: 19 deals over, tricks - bid summing to 10+9+...+1+2+...+10 =
    109; anna and Ben exact every deal: 190 each, rank 1 (tied), both win; Dan 0, rank 3.
    Dealers: Dan deals 1, 4, ..., 19 (7 deals), anna 2, 5, ..., 17 (6), Ben 3, ..., 18 (6);
    the dealer may never bid the cards (all others bid 0) -> every deal restricted.
Game 3, Cara Dan Eve, Dan deals first, 1 deal (in progress):
    D1 10 cards, dealer Dan: bids 6 2 5, tricks 4 2 4. Cara -2, Dan exact, Eve -1.
       Eve and Cara bid 11, more than the cards: Dan may bid anything -> not restricted.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from helpers.stores import Script, fixture_text, lupaus_all_to

from scorekeeper.rules.ruleset import builtin_ids, load_ruleset, parse_ruleset_text
from scorekeeper.store.facts import reads_earlier_deals
from scorekeeper.store.db import Store, StoreError
from scorekeeper.reports.stats import (
    FACTS_VERSION, all_facts, compute_facts, is_bidding, player_key, player_stats, stats,
)

GAMES = [
    Script("lupaus", ["Anna", "Ben", "Cara"], [{"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"},
                                               {"bid": [2, 2, 2], "tricks": [2, 3, 4]},
                                               {"bid": [0, 1, 1], "tricks": [0, 1, 7]}]),
    Script("lupaus", ["Dan", "anna", "Ben"], until_over=lupaus_all_to(1)),
    Script("lupaus", ["Cara", "Dan", "Eve"], [{"bid": [6, 2, 5], "tricks": [4, 2, 4]}], first_dealer=2),
]


# cards -> (deals, exact) of a player exact in every deal of game 2
GAME2_EXACT = {10: (2, 2), 9: (2, 2), 8: (2, 2), 7: (2, 2), 6: (2, 2), 5: (2, 2), 4: (2, 2), 3: (2, 2), 2: (2, 2),
               1: (1, 1)}


def by_cards(table: dict) -> list[dict]:
    return [{"cards": c, "deals": d, "exact": e, "exact_rate": e / d} for c, (d, e) in sorted(table.items())]


EXPECTED = {
    "anna": {
        "name": "anna", "games": 1, "unfinished": 1, "wins": 1, "average_rank": 1.0,
        "bidding": {
            "deals": 22, "exact": 22, "over": 0, "under": 0, "exact_rate": 1.0, "mean_tricks_minus_bid": 0.0,
            "by_cards": by_cards({**GAME2_EXACT, 10: (3, 3), 9: (3, 3), 8: (3, 3)}),
            "dealer": {"deals": 7, "restricted": 7, "missed_when_restricted": 0},
        },
    },
    "ben": {
        "name": "Ben", "games": 1, "unfinished": 1, "wins": 1, "average_rank": 1.0,
        "bidding": {
            "deals": 22, "exact": 20, "over": 2, "under": 0, "exact_rate": 20 / 22, "mean_tricks_minus_bid": 2 / 22,
            "by_cards": by_cards({**GAME2_EXACT, 10: (3, 2), 9: (3, 2), 8: (3, 3)}),
            "dealer": {"deals": 7, "restricted": 7, "missed_when_restricted": 1},
        },
    },
    "cara": {
        "name": "Cara", "games": 0, "unfinished": 2, "wins": 0, "average_rank": None,
        "bidding": {
            "deals": 4, "exact": 1, "over": 2, "under": 1, "exact_rate": 0.25, "mean_tricks_minus_bid": 6 / 4,
            "by_cards": by_cards({10: (2, 1), 9: (1, 0), 8: (1, 0)}),
            "dealer": {"deals": 1, "restricted": 1, "missed_when_restricted": 1},
        },
    },
    "dan": {
        "name": "Dan", "games": 1, "unfinished": 1, "wins": 0, "average_rank": 3.0,
        "bidding": {
            "deals": 20, "exact": 1, "over": 19, "under": 0, "exact_rate": 1 / 20, "mean_tricks_minus_bid": 109 / 20,
            "by_cards": by_cards({**{c: (d, 0) for c, (d, _) in GAME2_EXACT.items()}, 10: (3, 1)}),
            "dealer": {"deals": 8, "restricted": 7, "missed_when_restricted": 7},
        },
    },
    "eve": {
        "name": "Eve", "games": 0, "unfinished": 1, "wins": 0, "average_rank": None,
        "bidding": {
            "deals": 1, "exact": 0, "over": 0, "under": 1, "exact_rate": 0.0, "mean_tricks_minus_bid": -1.0,
            "by_cards": by_cards({10: (1, 0)}),
            "dealer": {"deals": 0, "restricted": 0, "missed_when_restricted": 0},
        },
    },
}


@pytest.fixture
def store_path(store_with):
    stored = store_with(*GAMES, name="s.db")
    game2 = stored.games[1].game
    assert len(game2.deals) == 19 and game2.is_over and game2.totals() == (0, 190, 190)
    return stored.path


def test_every_figure_of_every_player(store_path):
    """Games, wins, average rank and the bidding figures, as worked out in the module docstring."""
    with Store(store_path) as store:
        report = stats(store)
    assert report.skipped == []
    assert [p.as_dict() for p in report.players] == [EXPECTED[k] for k in ("anna", "ben", "cara", "dan", "eve")]


@pytest.mark.parametrize("typed", ["anna", "ANNA", "  Anna ", "aNnA"])
def test_one_player_is_matched_by_name_trimmed_and_case_insensitively(store_path, typed):
    with Store(store_path) as store:
        report = stats(store, typed)
    assert [p.as_dict() for p in report.players] == [EXPECTED["anna"]]


def test_an_unknown_player_has_no_figures(store_path):
    with Store(store_path) as store:
        assert stats(store, "Zed").players == []


def test_the_latest_game_gives_the_spelling():
    assert player_key("  ANNA ") == player_key("anna") == "anna"


def _replays(store) -> list[int]:
    """The ids of the games the store is asked to open (replay) from now on."""
    calls: list[int] = []
    original = store.open_game
    store.open_game = lambda gid: calls.append(gid) or original(gid)
    return calls


def _rows(store) -> list[tuple]:
    return store.connection.execute("SELECT game_id, entries, version FROM stats_cache ORDER BY game_id").fetchall()


def test_the_store_writes_each_games_figures_with_its_entries(store_path):
    """Every game's stats_cache row is current as the store wrote it: the first run replays nothing."""
    with Store(store_path) as store:
        assert _rows(store) == [(1, 3, FACTS_VERSION), (2, 19, FACTS_VERSION), (3, 1, FACTS_VERSION)]
        calls = _replays(store)
        assert [p.as_dict() for p in stats(store).players] == [EXPECTED[k] for k in ("anna", "ben", "cara", "dan",
                                                                                      "eve")]
        assert calls == []


def test_a_store_without_figures_derives_each_game_once(store_path):
    """An older store (no stats_cache rows): the first run replays each game and keeps its row."""
    with Store(store_path) as store:
        store.connection.execute("DELETE FROM stats_cache")
        calls = _replays(store)
        first = [p.as_dict() for p in stats(store).players]
        assert calls == [1, 2, 3]
        assert _rows(store) == [(1, 3, FACTS_VERSION), (2, 19, FACTS_VERSION), (3, 1, FACTS_VERSION)]
        assert [p.as_dict() for p in stats(store).players] == first
        assert calls == [1, 2, 3]


def test_a_new_entry_writes_its_games_figures_with_it(store_path):
    """Game 3 gets deal 2 (9 cards, Eve deals; bids 1 1 1, tricks 1 1 7): nothing is replayed.

    Eve: -1 in deal 1, +6 in deal 2 (mean 2.5); as dealer she may not bid 7 (restricted) and missed.
    """
    with Store(store_path) as store:
        store.open_game(3).record({"bid": [1, 1, 1], "tricks": [1, 1, 7]})
        assert _rows(store)[2] == (3, 2, FACTS_VERSION)
        calls = _replays(store)
        eve = stats(store, "eve").players[0].as_dict()["bidding"]
        assert calls == []
    assert (eve["deals"], eve["exact"], eve["over"], eve["under"], eve["mean_tricks_minus_bid"]) == (2, 0, 1, 1, 2.5)
    assert eve["dealer"] == {"deals": 1, "restricted": 1, "missed_when_restricted": 1}


def test_an_edit_and_its_undo_give_the_figures_a_replay_gives(store_path):
    """Deal 1 of game 1 edited so that Ben and Cara bid 11 (then nothing restricts Anna's bid),
    then the edit undone: each time the row written equals a fresh derivation from the entries."""
    with Store(store_path) as store:
        stored = store.open_game(1)
        stored.edit(1, {"bid": [3, 6, 5], "tricks": [3, 5, 2]})
        edited = all_facts(store, [1])[0][1]
        replayed_edit = compute_facts(store.open_game(1).game, 1)
        stored.undo()
        undone = all_facts(store, [1])[0][1]
        replayed_undo = compute_facts(store.open_game(1).game, 1)
    assert edited == replayed_edit and undone == replayed_undo
    # Anna dealt deal 1: restricted (and exact) as played, not restricted once edited. Ben bid 6
    # and took 5 in the edited deal 1: under, not over.
    anna, ben = 0, 1
    assert (edited.bidding[anna].dealer_deals, edited.bidding[anna].restricted) == (1, 0)
    assert (undone.bidding[anna].dealer_deals, undone.bidding[anna].restricted) == (1, 1)
    assert (edited.bidding[ben].over, edited.bidding[ben].under) == (1, 1)
    assert (undone.bidding[ben].over, undone.bidding[ben].under) == (2, 0)


def test_figures_are_not_written_without_their_entry(store_path):
    """Another program holds the write lock: the entry is refused and the game's row is as it was."""
    blocker = sqlite3.connect(store_path, isolation_level=None, timeout=0)
    with Store(store_path, timeout=0.05) as store:
        stored = store.open_game(3)
        before = store.connection.execute("SELECT facts_json FROM stats_cache WHERE game_id = 3").fetchone()
        blocker.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StoreError):
                stored.record({"bid": [1, 1, 1], "tricks": [1, 1, 7]})
        finally:
            blocker.execute("ROLLBACK")
        assert _rows(store)[2] == (3, 1, FACTS_VERSION)
        assert store.connection.execute("SELECT facts_json FROM stats_cache WHERE game_id = 3").fetchone() == before
    blocker.close()


def test_an_undo_is_a_new_entry_too(store_path):
    """Undoing game 2's last deal leaves it unfinished: anna has no finished game, and one deal less."""
    with Store(store_path) as store:
        stats(store)
        store.open_game(2).undo()
        anna = stats(store, "anna").players[0]
    assert (anna.games, anna.unfinished, anna.wins, anna.average_rank) == (0, 2, 0, None)
    assert anna.bidding.deals == 21


def test_a_stale_or_damaged_cache_row_is_derived_again(store_path):
    conn = sqlite3.connect(store_path, isolation_level=None)
    with Store(store_path) as store:
        stats(store)
    conn.execute("UPDATE stats_cache SET facts_json = '{broken' WHERE game_id = 1")
    conn.execute("UPDATE stats_cache SET version = version - 1 WHERE game_id = 2")
    conn.execute("UPDATE stats_cache SET facts_json = ? WHERE game_id = 3",
                 (json.dumps({"ruleset_id": "x"}),))
    conn.close()
    with Store(store_path) as store:
        report = stats(store)
        assert [p.as_dict() for p in report.players] == [EXPECTED[k] for k in ("anna", "ben", "cara", "dan", "eve")]
        assert store.connection.execute("SELECT count(*) FROM stats_cache WHERE version = ?",
                                        (FACTS_VERSION,)).fetchone() == (3,)


def test_a_game_that_cannot_be_rebuilt_is_left_out_and_named(store_path):
    conn = sqlite3.connect(store_path, isolation_level=None)
    conn.execute("UPDATE entries SET values_json = '{\"bid\": [9, 9, 9]}' WHERE game_id = 3 AND seq = 1")
    conn.execute("DELETE FROM stats_cache")  # as an older store: the figures are derived from the entries
    conn.close()
    with Store(store_path) as store:
        report = stats(store)
    assert [gid for gid, _ in report.skipped] == [3]
    assert report.skipped[0][1].startswith(f"{store_path}: game 3 cannot be rebuilt: entry 1 (record of deal 1): ")
    assert [p.name for p in report.players] == ["anna", "Ben", "Cara", "Dan"]  # Eve played only game 3


def test_a_cache_that_cannot_be_written_is_no_error(store_path, monkeypatch):
    """An older store (no rows) and another program holding the write lock: the figures are still
    given, the cache stays empty."""
    blocker = sqlite3.connect(store_path, isolation_level=None, timeout=0)
    with Store(store_path, timeout=0.05) as store:
        store.connection.execute("DELETE FROM stats_cache")
        blocker.execute("BEGIN IMMEDIATE")
        try:
            report = stats(store)
        finally:
            blocker.execute("ROLLBACK")
        assert [p.as_dict() for p in report.players][0] == EXPECTED["anna"]
        assert store.connection.execute("SELECT count(*) FROM stats_cache").fetchone() == (0,)
    blocker.close()


# --- which games are bidding games --------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", builtin_ids())
def test_bidding_games_are_told_by_their_fields(ruleset_id):
    """Per-player whole-number 'bid' and 'tricks', scored per player: Whist's tricks are per deal,
    WYSIWYG has no tricks, Spades scores its bids by partnership (not exact bids of one player)."""
    expected = ruleset_id in ("lupaus", "pataviitonen", "romanian-whist", "wizard")
    assert is_bidding(load_ruleset(ruleset_id)) is expected


def test_a_ruleset_of_any_name_with_bid_and_tricks_is_a_bidding_game(tmp_path):
    """'promise', 2 players, deals of 1 and 2 cards, no dealer rule.

    Deal 1 (A deals): A bids 1 takes 1 (10), B 1/0 (0). Deal 2: A 1/0, B 0/2 (0 each). A 10, B 0.
    """
    (tmp_path / "promise.toml").write_text(fixture_text("rulesets/promise.toml"), encoding="utf-8")
    rs = load_ruleset(tmp_path / "promise.toml")
    with Store(tmp_path / "s.db") as store:
        g = store.new_game(rs, str(tmp_path / "promise.toml"), ["A", "B"])
        g.record({"bid": [1, 1], "tricks": [1, 0]})
        g.record({"bid": [1, 0], "tricks": [0, 2]})
        a, b = stats(store).players
    assert (a.games, a.wins, a.average_rank, b.average_rank) == (1, 1, 1.0, 2.0)
    assert (a.bidding.deals, a.bidding.exact, a.bidding.under, a.bidding.over) == (2, 1, 1, 0)
    assert (b.bidding.deals, b.bidding.exact, b.bidding.under, b.bidding.over) == (2, 0, 1, 1)
    assert a.bidding.dealer_deals == 1 and a.bidding.restricted == 0  # nothing restricts a bid here


# --- partnerships and games without bids ----------------------------------------------------------


def test_partners_share_their_partnership_rank_and_win(tmp_path):
    """Whist: seats 1 and 3 take all 13 tricks: 7 points, the game (to 7) is won at once."""
    with Store(tmp_path / "s.db") as store:
        g = store.new_game(load_ruleset("whist"), "whist", ["Anna", "Ben", "Cara", "Dan"])
        g.record({"tricks": 13, "turned": "clubs"})
        facts = compute_facts(g.game, g.id)
        players = {p.name: p for p in stats(store).players}
    assert (facts.totals, facts.ranks, facts.won, facts.bidding) == ((7, 0, 7, 0), (1, 2, 1, 2),
                                                                    (True, False, True, False), None)
    assert [(p.games, p.wins, p.average_rank, p.bidding) for p in players.values()] == [
        (1, 1, 1.0, None), (1, 0, 2.0, None), (1, 1, 1.0, None), (1, 0, 2.0, None)]


def test_facts_survive_their_json_form(store_path):
    with Store(store_path) as store:
        facts, skipped = all_facts(store)
        fresh = {gid: compute_facts(store.open_game(gid).game, gid) for gid in (1, 2, 3)}
    assert skipped == [] and facts == fresh
    assert player_stats(fresh.values(), "dan")[0].as_dict() == EXPECTED["dan"]


def test_asking_for_a_missing_game_names_it(store_path):
    with Store(store_path) as store:
        facts, skipped = all_facts(store, [1, 9])
    assert list(facts) == [1]
    assert skipped == [(9, f"{store_path}: there is no game 9")]


def test_the_benchmark_runs_on_a_tiny_store():
    """bench/bench_stats.py on 6 games: its own check (cache == replay) passes; no assertion about time."""
    import importlib.util
    import sys

    path = Path(__file__).resolve().parents[1] / "bench" / "bench_stats.py"
    spec = importlib.util.spec_from_file_location("bench_stats_under_test", path)
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench
    spec.loader.exec_module(bench)
    result = bench.main(games=6, repeats=1, seed=3, verbose=False)
    assert (result["games"], result["entries"] > 6) == (6, True)
    assert result["players"] >= 3 and result["warm_s"] > 0 and result["reference_s"] > 0


def test_a_late_join_and_a_player_sitting_out_give_the_figures_a_replay_gives(tmp_path):
    """Anna Ben Cara play deal 1; Dan joins with 20, Ben sits out, deal 2 (Dan deals, among
    Anna Dan Cara): Ben has one deal of bids, Dan one; the rows written equal a replay."""
    with Store(tmp_path / "s.db") as store:
        stored = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
        stored.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})
        stored.join("Dan", 20, after=1)
        stored.sit_out(2)
        stored.record({"bid": [1, 2, 3], "tricks": [1, 3, 5], "turned": "spades"})
        written = all_facts(store, [1])[0][1]
        replayed = compute_facts(store.open_game(1).game, 1)
    assert written == replayed
    assert written.players == ("Anna", "Ben", "Cara", "Dan")
    assert [s.deals for s in written.bidding] == [2, 1, 2, 1]
    assert (written.bidding[3].dealer_deals, written.bidding[3].over) == (1, 1)  # Dan bid 2, took 3


def _allowed_calls(monkeypatch) -> list[int]:
    """The deal numbers the engine is asked the allowed values for, from now on."""
    from scorekeeper.game.game import Game

    calls: list[int] = []
    original = Game.allowed

    def counted(self, field_id, unit, values=None, number=None, **asked):
        calls.append(number)
        return original(self, field_id, unit, values, number, **asked)

    monkeypatch.setattr(Game, "allowed", counted)
    return calls


def test_a_freshly_opened_game_asks_the_engine_only_about_the_deal_it_changes(store_path, monkeypatch):
    """The current row's restrictions seed the open game: editing deal 3 of game 1 asks about deal 3 only."""
    with Store(store_path) as store:
        stored = store.open_game(1)
        calls = _allowed_calls(monkeypatch)
        stored.edit(3, {"bid": [0, 1, 1], "tricks": [0, 2, 6]})
        assert calls == [3]
        assert all_facts(store, [1])[0][1] == compute_facts(store.open_game(1).game, 1)


def test_a_game_opened_to_be_read_derives_no_facts_until_it_changes(store_path, monkeypatch):
    """Opening a game (to show or export it) neither seeds nor derives its deals' facts: the row
    read with it seeds them at the first change, before the change, then the changed deal is
    derived again (and it alone asks the engine)."""
    from scorekeeper.store import facts

    made: list[int] = []
    original = facts._deal_facts
    monkeypatch.setattr(facts, "_deal_facts", lambda game, result, *flag: made.append(result.number)
                        or original(game, result, *flag))
    with Store(store_path) as store:
        stored = store.open_game(1)
        assert [r.number for r in stored.game.results()] == [1, 2, 3] and made == []
        calls = _allowed_calls(monkeypatch)
        stored.edit(3, {"bid": [0, 1, 1], "tricks": [0, 2, 6]})
        assert (made, calls) == ([1, 2, 3, 3], [3])
        assert all_facts(store, [1])[0][1] == compute_facts(store.open_game(1).game, 1)


def test_a_damaged_row_does_not_seed_the_open_game(store_path, monkeypatch):
    with Store(store_path) as store:
        store.connection.execute("UPDATE stats_cache SET facts_json = '{broken' WHERE game_id = 1")
        stored = store.open_game(1)
        calls = _allowed_calls(monkeypatch)
        stored.edit(3, {"bid": [0, 1, 1], "tricks": [0, 2, 6]})
        assert calls == [1, 2, 3]
        assert all_facts(store, [1])[0][1] == compute_facts(store.open_game(1).game, 1)


def test_only_a_ruleset_whose_checks_read_the_totals_ties_a_deals_restriction_to_earlier_deals(tmp_path):
    """'promise' with a check that a dealer who leads (by the totals before the deal) may not bid
    0: A, leading after deal 1, is restricted in deal 2 until deal 1 is edited so that B leads."""
    text = fixture_text("rulesets/promise.toml") + (
        '\n[[checks]]\nid = "leader-bids"\nrule = "of(dealer, bid) > 0 or of(dealer, before) < max(before)"\n'
        'field = "bid"\nmessage = "The leader may not bid 0 as dealer"\n')
    ruleset, problems = parse_ruleset_text(text)
    assert problems == [] and reads_earlier_deals(ruleset)
    # (Jass asks who was out first only when both sides reach the target: it reads the totals)
    # (Tysiąc reads them for its barrel: a player on it scores only a bid won)
    assert [rid for rid in builtin_ids() if reads_earlier_deals(load_ruleset(rid))] == ["jass", "spades", "tysiac", "whist"]
    with Store(tmp_path / "s.db") as store:
        store_ruleset_path = tmp_path / "promise.toml"
        store_ruleset_path.write_text(text, encoding="utf-8")
        g = store.new_game(load_ruleset(store_ruleset_path), str(store_ruleset_path), ["A", "B"], first_dealer=2)
        g.record({"bid": [1, 1], "tricks": [1, 0]})  # B deals, all at 0: B may not bid 0; A 10
        g.record({"bid": [1, 1], "tricks": [1, 1]})  # A deals, leading: A may not bid 0
        assert all_facts(store, [1])[0][1].restricted == (True, True)
        g.edit(1, {"bid": [1, 1], "tricks": [0, 1]})  # now B leads: A, dealing deal 2, may bid 0
        written = all_facts(store, [1])[0][1]
        assert written == compute_facts(store.open_game(1).game, 1)
    assert written.restricted == (True, False)


def test_spades_partnership_bids_are_no_exact_bids_of_a_player(tmp_path):
    """Spades (examples/spades.toml, 8 deals): its bids are made or missed by the side, so they
    count in no player's exact bids, by cards or at all ("13: 2/6" was Anna's own bids)."""
    from scorekeeper.cli import main

    db = tmp_path / "s.db"
    assert main(["import", str(Path(__file__).resolve().parents[1] / "examples" / "spades.toml"),
                 "--db", str(db)]) == 0
    with Store(db) as store:
        anna = [p for p in stats(store).players if p.name == "Anna"][0]
    assert (anna.games, anna.wins, anna.bidding) == (1, 1, None)
