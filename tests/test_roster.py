"""Late joins and sitting out: who plays a deal can change where the ruleset's player range allows.

Lupaus, ten-plus-bid (made: 10 + bid, missed: 0), Anna, Ben, Cara, Anna deals first:
    D1 10 cards, dealer Anna: bids 3 4 2, tricks 3 5 2        -> Anna 13, Ben 0, Cara 12
    Dan joins with 20, sitting after Anna; Ben sits out.
    D2  9 cards, seating Anna Dan Cara, dealer Dan (left of Anna), Cara bids first:
        bids 1 2 3, tricks 1 3 5                               -> Anna 11, Dan 0, Cara 0
        totals Anna 24, Ben 0, Cara 12, Dan 20
    Ben comes back.
    D3  8 cards, seating Anna Dan Ben Cara, dealer Ben (left of Dan), Cara bids first:
        Ben, the dealer, may not bid 2 when the others bid 2 1 3 (8 in all).
        bids 2 1 0 3, tricks 2 1 0 5                           -> Anna 12, Dan 11, Ben 10, Cara 0
        totals Anna 36, Ben 10, Cara 12, Dan 31
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper.game.game import Game, GameError
from scorekeeper.game.sheet import SheetError, dump_sheet, load_sheet
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.reports.export import export

D1 = {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}
D2 = {"bid": [1, 2, 3], "tricks": [1, 3, 5], "turned": "spades"}
D3 = {"bid": [2, 1, 0, 3], "tricks": [2, 1, 0, 5], "turned": "clubs"}


def lupaus_game() -> Game:
    game = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"])
    game.record(D1)
    assert game.join("Dan", 20, after=1) == 4
    game.sit_out(2)
    return game


def test_a_late_player_starts_with_the_agreed_score_and_the_deal_passes_among_who_plays():
    game = lupaus_game()
    assert game.players == ("Anna", "Ben", "Cara", "Dan")
    assert game.totals() == (13, 0, 12, 20)  # Dan's 20 counts at once
    info = game.info()
    assert info.players == ("Anna", "Dan", "Cara")
    assert info.seats == (1, 4, 3)
    assert info.sitting_out == ("Ben",)
    assert info.joining == (("Dan", 20),)
    assert (info.cards, info.players[info.dealer - 1]) == (9, "Dan")
    assert [info.players[s - 1] for s in info.bidding_order] == ["Cara", "Anna", "Dan"]
    assert game.dealer_seat() == 4

    r2 = game.record(D2)
    assert r2.scores == (11, 0, 0, 0)
    assert r2.made == (True, None, False, False)  # Ben did not play: neither made nor missed
    assert r2.totals == (24, 0, 12, 20)
    assert r2.dealer == 4 and r2.seats == (1, 4, 3)
    assert r2.seat_value("bid", 4) == 2 and r2.seat_value("bid", 2) is None
    assert not r2.played(2) and r2.played(4)

    game.sit_in(2)
    info = game.info()
    assert info.players == ("Anna", "Dan", "Ben", "Cara")
    assert info.players[info.dealer - 1] == "Ben"
    assert [info.players[s - 1] for s in info.bidding_order] == ["Cara", "Anna", "Dan", "Ben"]
    choices = game.allowed("bid", 3, {"bid": [2, 1, None, 3]})
    assert [(c.value, c.allowed) for c in choices[:4]] == [(0, True), (1, True), (2, False), (3, True)]
    assert choices[2].reasons == ("Dealer Ben may not bid 2: the bids would total 8, the number of tricks",)

    r3 = game.record(D3)
    assert r3.scores == (12, 10, 0, 11)
    assert game.totals() == (36, 10, 12, 31)
    assert [(s.rank, s.name, s.total) for s in game.standings()] == [
        (1, "Anna", 36), (2, "Dan", 31), (3, "Cara", 12), (4, "Ben", 10)]


def test_the_deal_plan_follows_the_number_of_players():
    """Wizard deals 60 / players rounds: 20 with three, 15 with four, 12 with five."""
    game = Game(load_ruleset("wizard"), ["A", "B", "C"])
    assert game.planned_deals == 20
    for _ in range(12):
        cards = game.info().cards
        game.record({"bid": [cards, 0, 0], "tricks": [cards, 0, 0]})
    game.join("D", 0)
    assert game.planned_deals == 15
    assert game.info().cards == 13  # the deal number goes on: deal 13 of 15
    with pytest.raises(GameError) as exc:
        game.join("E", 0)
    assert str(exc.value) == ("cannot let E join: with 5 players Wizard has 12 deals and 12 are played: "
                              "it would be over")
    assert game.players == ("A", "B", "C", "D")  # nothing changed


@pytest.mark.parametrize("change, message", [
    (lambda: Game(load_ruleset("whist"), list("ABCD")).join("E"),
     "Whist is played in fixed partnerships: nobody can join or sit out"),
    (lambda: Game(load_ruleset("wysiwyg"), ["A", "B"]).sit_out(1),
     "WYSIWYG is played by exactly 2 players: nobody can join or sit out"),
    (lambda: Game(load_ruleset("lupaus"), list("ABC")).sit_out(1),
     "cannot let A sit out: Lupaus is played by 3 to 7 players, not 2"),
    (lambda: Game(load_ruleset("lupaus"), list("ABCDEFG")).join("H"),
     "cannot let H join: Lupaus is played by 3 to 7 players, not 8"),
    (lambda: lupaus_game().join("anna"), "'anna' is already at the table; every name must differ"),
    (lambda: lupaus_game().join(" "), "the new player has no name; every player needs a name"),
    (lambda: lupaus_game().join("Eve", 1.5), "the starting score of Eve is a whole number, not 1.5"),
    (lambda: lupaus_game().join("Eve", 0, after=9), "Eve sits after a seat from 1 to 4, not 9"),
    (lambda: lupaus_game().sit_out(2), "Ben already sits out"),
    (lambda: lupaus_game().sit_in(1), "Anna is playing, not sitting out"),
    (lambda: lupaus_game().sit_out(9), "there is no seat 9; the seats are 1 to 4"),
])
def test_changes_the_rules_do_not_allow_are_refused_with_the_reason(change, message):
    with pytest.raises(GameError) as exc:
        change()
    assert str(exc.value) == message


def test_a_refused_change_leaves_the_game_as_it_was():
    game = Game(load_ruleset("lupaus"), list("ABC"))
    game.record(D1)
    with pytest.raises(GameError):
        game.sit_out(1)
    assert game.info().players == ("A", "B", "C") and game.can_redo is False
    assert game.totals() == (13, 0, 12)


def test_joining_and_sitting_out_are_undone_and_redone_like_entries():
    game = lupaus_game()
    assert game.undo().kind == "out"
    assert game.info().players == ("Anna", "Dan", "Ben", "Cara")
    assert game.undo().kind == "join"
    assert game.players == ("Anna", "Ben", "Cara") and game.totals() == (13, 0, 12)
    game.redo()
    game.redo()
    assert game.info().sitting_out == ("Ben",) and game.totals() == (13, 0, 12, 20)


def test_editing_an_earlier_deal_keeps_who_played_it():
    game = lupaus_game()
    game.record(D2)
    game.edit(2, {"bid": [1, 3, 3], "tricks": [1, 3, 5], "turned": "spades"})  # Dan made 3
    assert game.totals() == (24, 0, 12, 33)
    with pytest.raises(GameError, match="Bid needs 3 values, one for each player, and got 4"):
        game.edit(2, {"bid": [1, 3, 3, 0], "tricks": [1, 3, 5, 0], "turned": "spades"})


def test_a_sheet_writes_who_joined_and_who_sat_out_and_reads_back(tmp_path):
    game = lupaus_game()
    game.record(D2)
    game.sit_in(2)
    game.record(D3)
    text = dump_sheet(game)
    assert text == (
        'ruleset = "lupaus"\n'
        'players = ["Anna", "Ben", "Cara"]\n'
        "first_dealer = 1\n"
        "\n[[deals]]\nturned = \"hearts\"\nbid = [3, 4, 2]\ntricks = [3, 5, 2]\n"
        '\n[[deals]]\njoin = [{ name = "Dan", score = 20, after = "Anna" }]\nout = ["Ben"]\n'
        'turned = "spades"\nbid = [1, 2, 3]\ntricks = [1, 3, 5]\n'
        '\n[[deals]]\nturned = "clubs"\nbid = [2, 1, 0, 3]\ntricks = [2, 1, 0, 5]\n')
    path = tmp_path / "late.toml"
    path.write_text(text, encoding="utf-8")
    again = load_sheet(path)
    assert again.players == ("Anna", "Ben", "Cara", "Dan")
    assert again.totals() == (36, 10, 12, 31)
    assert [r.dealer for r in again.results()] == [1, 4, 2]


@pytest.mark.parametrize("deal2, message", [
    ('out = ["Bob"]', "deal 2: out: nobody called 'Bob' is at the table; the players are Anna, Ben, Cara"),
    ('out = "Ben"', "deal 2: out: expected a list of the names of who sits this deal out"),
    ('join = [{ name = "Dan", points = 3 }]',
     "deal 2: join: unknown key 'points'; a player joining has name, score and after"),
    ('out = ["Anna", "Ben"]', "deal 2: cannot let Anna sit out: Lupaus is played by 3 to 7 players, not 2"),
])
def test_a_bad_table_change_in_a_sheet_names_the_deal(tmp_path, deal2, message):
    path = tmp_path / "bad.toml"
    path.write_text('ruleset = "lupaus"\nplayers = ["Anna", "Ben", "Cara"]\n'
                    '[[deals]]\nbid = [3, 4, 2]\ntricks = [3, 5, 2]\nturned = "hearts"\n'
                    f'[[deals]]\n{deal2}\nbid = [1, 2, 3]\ntricks = [1, 3, 5]\nturned = "spades"\n',
                    encoding="utf-8")
    with pytest.raises(SheetError) as exc:
        load_sheet(path)
    assert str(exc.value) == f"{path}: {message}"


def test_the_store_keeps_joins_and_sitting_out_across_a_restart(tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
        stored.record(D1)
        assert stored.join("Dan", 20, after=1) == 4
        stored.sit_out(2)
        stored.record(D2)
        stored.sit_in(2)
        kinds = [e.kind for e in store.entries(stored.id)]
    assert kinds == ["record", "join", "out", "record", "in"]
    with Store(path) as store:
        game = store.open_game(1).game
        assert game.players == ("Anna", "Ben", "Cara", "Dan")
        assert game.totals() == (24, 0, 12, 20)
        assert game.info().players == ("Anna", "Dan", "Ben", "Cara")
        store.open_game(1).record(D3)
    with Store(path) as store:
        assert store.open_game(1).game.totals() == (36, 10, 12, 31)
        row = store.connection.execute("SELECT players_json FROM games").fetchone()
        assert json.loads(row[0]) == ["Anna", "Ben", "Cara"]  # who started; joins are entries


def test_a_join_is_durable_when_the_process_is_killed_right_after(tmp_path):
    """The join is committed before join() returns: a SIGKILL straight after loses nothing."""
    path = tmp_path / "s.db"
    script = (
        "import os, signal, sys\n"
        "from scorekeeper.rules.ruleset import load_ruleset\n"
        "from scorekeeper.store.db import Store\n"
        "store = Store(sys.argv[1])\n"
        "g = store.new_game(load_ruleset('lupaus'), 'lupaus', ['Anna', 'Ben', 'Cara'])\n"
        "g.record({'bid': [3, 4, 2], 'tricks': [3, 5, 2], 'turned': 'hearts'})\n"
        "g.join('Dan', 20, after=1)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, timeout=60)
    assert proc.returncode == -9
    with Store(path) as store:
        game = store.open_game(1).game
        assert game.players == ("Anna", "Ben", "Cara", "Dan") and game.totals() == (13, 0, 12, 20)


def test_exports_show_who_did_not_play():
    game = lupaus_game()
    game.record(D2)
    doc = json.loads(export(game, "json"))
    deal2 = doc["deals"][1]
    assert deal2["players"] == ["Anna", "Dan", "Cara"]
    assert deal2["join"] == [{"name": "Dan", "score": 20, "after": "Anna"}]
    assert deal2["out"] == ["Ben"]
    assert deal2["values"]["bid"] == [1, None, 3, 2]  # per player: Anna, Ben, Cara, Dan
    assert deal2["totals"] == [24, 0, 12, 20]
    csv_lines = export(game, "csv").splitlines()
    assert csv_lines[0].startswith("deal,cards,dealer,Anna score,Anna total,Ben score,Ben total,Cara score,"
                                   "Cara total,Dan score,Dan total,Trump suit,Anna Bid,Ben Bid,Cara Bid,Dan Bid")
    assert csv_lines[1].startswith("1,10,Anna,13,13,0,0,12,12,,0,♥ hearts,3,4,2,,")  # Dan not there yet
    assert csv_lines[2].startswith("2,9,Dan,11,24,,0,0,12,0,20,♠ spades,1,,3,2,")  # Ben did not play


def test_what_if_replays_the_table_changes_too():
    """Under "tricks + 10" (made: 10 + tricks, missed: the tricks taken) the same deals, with Dan
    joining and Ben out: D1 Anna 13, Ben 5, Cara 12; D2 Anna 11, Dan 3, Cara 5."""
    from scorekeeper.reports.history import what_if

    game = lupaus_game()
    game.record(D2)
    other, refused = what_if(game, {"scoring": "tricks-plus-ten"})
    assert refused == []
    assert other.players == ("Anna", "Ben", "Cara", "Dan")
    assert [r.seats for r in other.results()] == [(1, 2, 3), (1, 4, 3)]
    assert other.totals() == (24, 5, 17, 23)
    assert game.totals() == (24, 0, 12, 20)  # the stored game is unchanged
