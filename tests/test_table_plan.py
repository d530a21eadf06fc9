"""When the table changes its mind during a game: the deals not played yet changed, the game
ended early, starting scores for everyone; in the game, the store, score sheets and exports."""

from __future__ import annotations

import json
import sqlite3

import pytest

from scorekeeper.game.engine import GameError, SetupError
from scorekeeper.game.game import Game
from scorekeeper.game.sheet import SheetError, dump_sheet, load_sheet, replay_sheet
from scorekeeper.i18n import show, using_language
from scorekeeper.reports.export import export, game_document
from scorekeeper.reports.history import what_if
from scorekeeper.rules.ruleset import builtin_ids, load_ruleset
from scorekeeper.store import db
from scorekeeper.store.db import Store

THREE = ["Anna", "Ben", "Cara"]
D1 = {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}  # 13, 0, 12 in deal 1 of 10 cards
D2 = {"bid": [1, 2, 2], "tricks": [1, 3, 2], "turned": "spades"}  # 11, 0, 12 in a deal of 6 cards


def lupaus(**kw) -> Game:
    return Game(load_ruleset("lupaus"), THREE, **kw)


def after_deal_1(**kw) -> Game:
    game = lupaus(**kw)
    game.record(D1)
    return game


def refused(call) -> str:
    with pytest.raises(GameError) as caught:
        call()
    return show(caught.value.message)


# --- the plan --------------------------------------------------------------------------------


def test_straight_down_from_six_after_the_first_deal():
    """The deals not played yet become 6 ... 1; deal 1 keeps its 10 cards."""
    game = after_deal_1()
    game.change_plan([6, 5, 4, 3, 2, 1])
    assert game.planned_deals == 7
    assert game.info().cards == 6
    assert game.info().of == 7
    game.record(D2)
    assert [r.cards for r in game.results()] == [10, 6]
    assert game.totals() == (24, 0, 24)


def test_a_changed_plan_is_undone_and_redone_like_any_entry():
    game = after_deal_1()
    game.change_plan([3, 2, 1])
    action = game.undo()
    assert (action.kind, action.deal, dict(action.values)) == ("plan", 2, {"cards": [3, 2, 1]})
    assert (game.planned_deals, game.info().cards) == (19, 9)
    game.redo()
    assert (game.planned_deals, game.info().cards) == (4, 3)


def test_the_last_deal_of_a_changed_plan_ends_the_game():
    game = lupaus()
    game.change_plan([2])
    game.record({"bid": [1, 0, 0], "tricks": [1, 1, 0], "turned": "hearts"})
    assert game.is_over
    assert (game.totals(), game.winners) == ((11, 0, 10), ["Anna"])


@pytest.mark.parametrize("cards, message", [
    ([], "the deal plan cannot change: keep at least one deal to play; to stop now, end the game early"),
    ([5, 18], "the deal plan cannot change: deal 3 cannot have 18 cards: the deck deals 3 players 1 to 17 cards "
              "each"),
    ([0], "the deal plan cannot change: deal 2 cannot have 0 cards: the deck deals 3 players 1 to 17 cards each"),
    ([4, "5"], "the deal plan cannot change: deal 3 must be a whole number of cards, not '5'"),
    ([True], "the deal plan cannot change: deal 2 must be a whole number of cards, not True"),
    ([1] * 10_000, "the deal plan cannot change: the deal plan would have more than 10000 deals"),
])
def test_a_refused_plan_says_why_and_changes_nothing(cards, message):
    game = after_deal_1()
    assert refused(lambda: game.change_plan(cards)) == message
    assert [a.kind for a in game.history] == ["record"]
    assert (game.planned_deals, game.info().cards) == (19, 9)


def test_the_rulesets_checks_apply_to_the_new_deals(tmp_path):
    """A check that reads only the cards refuses a deal the table adds."""
    path = tmp_path / "small.toml"
    path.write_text('extends = "lupaus"\nid = "small"\nname = "Small"\n'
                    '[[checks]]\nid = "small"\nrule = "cards <= 8"\nmessage = "at most 8 cards, not {cards}"\n')
    game = Game(load_ruleset(path), THREE, {"schedule": "up-down"})
    game.record({"bid": [1, 0, 1], "tricks": [1, 0, 0], "turned": "hearts"})
    assert refused(lambda: game.change_plan([2, 9])) == (
        "the deal plan cannot change: deal 3 of 9 cards: at most 8 cards, not 9")
    game.change_plan([2, 8])
    assert game.planned_deals == 3


def test_a_game_without_a_plan_cannot_change_it():
    game = Game(load_ruleset("whist"), ["N", "E", "S", "W"])
    assert refused(lambda: game.change_plan([13])) == (
        "the deal plan cannot change: Whist has no deal plan: its deals go on until the game ends by score")


@pytest.mark.parametrize("ruleset", sorted(builtin_ids()))
def test_every_builtin_plan_may_be_chosen_again(ruleset):
    """The plan as the ruleset makes it passes the checks for the new deals (no false refusal)."""
    rules = load_ruleset(ruleset)
    players = ["A", "B", "C", "D", "E", "F", "G"][:max(rules.min_players, 4 if rules.max_players >= 4 else 3)]
    game = Game(rules, players[:rules.max_players])
    plan = game.setup.plan
    if plan is None:
        assert game.plan_problem([1]) is not None
        return
    assert game.plan_problem(list(plan)) is None
    game.change_plan(list(plan[1:]) or [plan[0]])


def test_a_changed_plan_with_a_player_joining_later():
    """A player who joins after the plan changed plays the changed plan."""
    game = after_deal_1()
    game.change_plan([5, 4, 3])
    game.join("Dan", 10)
    assert (game.info().cards, game.planned_deals) == (5, 4)
    assert refused(lambda: game.change_plan([14])) == (
        "the deal plan cannot change: deal 2 cannot have 14 cards: the deck deals 4 players 1 to 13 cards each")


# --- ending early ----------------------------------------------------------------------------


def test_ending_early_counts_the_game_finished_with_the_leader_as_winner():
    game = after_deal_1()
    game.end_early()
    assert game.is_over and game.stopped_at == 1
    assert game.winners == ["Anna"]
    assert refused(lambda: game.record(D1)) == "the game is over; the table ended it early after deal 1"
    assert refused(lambda: game.change_plan([3])) == (
        "the deal plan cannot change: the game is over; the table ended it early after deal 1")


def test_ending_early_is_undone_and_redone():
    game = after_deal_1()
    game.end_early()
    assert game.undo().kind == "end"
    assert not game.is_over and game.winners == []
    game.redo()
    assert game.winners == ["Anna"]


def test_a_game_ends_early_only_after_a_deal_and_only_once():
    game = lupaus()
    assert refused(game.end_early) == "no deal is played yet: there is nothing to end"
    game.record(D1)
    game.end_early()
    assert refused(game.end_early) == "the game is over; the table ended it early after deal 1"


def test_a_deal_may_still_be_corrected_after_the_end():
    game = after_deal_1()
    game.end_early()
    game.edit(1, {"bid": [3, 4, 2], "tricks": [2, 6, 2], "turned": "hearts"})
    assert game.winners == ["Cara"]


# --- starting scores -------------------------------------------------------------------------


def test_starting_scores_count_from_the_first_deal():
    game = lupaus(scores=[20, 0, -10])
    assert game.totals() == (20, 0, -10)
    game.record(D1)
    assert game.totals() == (33, 0, 2)
    assert [s.name for s in game.standings()] == ["Anna", "Cara", "Ben"]


def test_partnerships_start_with_a_score_each():
    game = Game(load_ruleset("whist"), ["N", "E", "S", "W"], scores=[3, 1])
    assert game.totals() == (3, 1)


@pytest.mark.parametrize("scores, message", [
    ([1, 2], "the starting scores are 3 whole numbers, one for each of Anna, Ben, Cara, not 2"),
    ("10", "the starting scores are 3 whole numbers, one for each of Anna, Ben, Cara, not '10'"),
    ([1, 2.5, 0], "the starting score of Ben is a whole number, not 2.5"),
    ([1, True, 0], "the starting score of Ben is a whole number, not True"),
    ([10 ** 12 + 1, 0, 0], "Anna must be from -10**12 to 10**12, not 1000000000001"),
])
def test_bad_starting_scores_are_refused(scores, message):
    with pytest.raises(SetupError) as caught:
        lupaus(scores=scores)
    assert show(caught.value.message) == message


# --- the store -------------------------------------------------------------------------------


def test_the_store_keeps_the_plan_the_end_and_the_starting_scores(tmp_path):
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(load_ruleset("lupaus"), "lupaus", THREE, scores=[5, 0, 0])
        stored.record(D1)
        stored.change_plan([6, 5, 4])
        stored.record(D2)
        stored.end_early()
        assert [(e.kind, e.deal, e.values) for e in store.entries(stored.id)][1:] == [
            ("plan", 2, {"cards": [6, 5, 4]}), ("record", 2, {**D2, "turned": "spades"}), ("end", 2, {})]
        summary = store.list_games()[0]
        assert (summary.planned_deals, summary.finished, summary.winners) == (4, True, ["Anna"])
    with Store(path) as store:
        game = store.open_game(1).game
        assert (game.totals(), game.winners, game.planned_deals, game.stopped_at) == ((29, 0, 24), ["Anna"], 4, 2)
        stored = store.open_game(1)
        stored.undo()
        stored.undo()
        stored.undo()
    with Store(path) as store:
        game = store.open_game(1).game
        assert (game.totals(), game.planned_deals, game.is_over) == ((18, 0, 12), 19, False)


def test_a_refused_plan_writes_nothing(tmp_path):
    with Store(tmp_path / "s.db") as store:
        stored = store.new_game(load_ruleset("lupaus"), "lupaus", THREE)
        stored.record(D1)
        with pytest.raises(GameError):
            stored.change_plan([40])
        assert [e.kind for e in store.entries(stored.id)] == ["record"]


def test_a_version_3_store_file_is_upgraded_and_its_games_can_change_their_plan(tmp_path, monkeypatch):
    """A store written before version 4 (no 'plan' or 'end' entries, no starting scores) opens,
    keeps its games and takes the new entries."""
    path = tmp_path / "old.db"
    monkeypatch.setattr(db, "MIGRATIONS", db.MIGRATIONS[:3])
    with Store(path) as store:  # what scorekeeper with store version 3 wrote
        store.new_game(load_ruleset("lupaus"), "lupaus", THREE).record(D1)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (3,)
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute("INSERT INTO entries VALUES (1, 2, 'plan', 2, '{}', 'x')")
    conn.close()
    monkeypatch.undo()
    with Store(path) as store:
        assert store.connection.execute("PRAGMA user_version").fetchone() == (6,)
        stored = store.open_game(1)
        assert stored.game.start_scores == (0, 0, 0)
        stored.change_plan([2, 1])
        stored.end_early()
    with Store(path) as store:
        game = store.open_game(1).game
        assert (game.planned_deals, game.stopped_at, game.winners) == (3, 1, ["Anna"])


# --- score sheets ----------------------------------------------------------------------------

SHEET = """ruleset = "lupaus"
players = ["Anna", "Ben", "Cara"]
first_dealer = 1
scores = [20, 0, -10]
ended_early = true

[[deals]]
turned = "hearts"
bid = [3, 4, 2]
tricks = [3, 5, 2]

[[deals]]
plan = [6, 5, 4, 3, 2, 1]
turned = "spades"
bid = [1, 2, 2]
tricks = [1, 3, 2]

[[deals]]
plan = [3, 1]
"""


def test_a_sheet_with_a_changed_plan_an_early_end_and_starting_scores_round_trips(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(SHEET)
    game = load_sheet(path)
    assert [r.cards for r in game.results()] == [10, 6]
    assert (game.totals(), game.winners, game.planned_deals, game.stopped_at) == ((44, 0, 14), ["Anna"], 4, 2)
    assert dump_sheet(game) == SHEET


@pytest.mark.parametrize("change, message", [
    (("scores = [20, 0, -10]", "scores = [20, 0]"),
     "game.toml: scores: the starting scores are 3 whole numbers, one for each of Anna, Ben, Cara, not 2"),
    (("ended_early = true", "ended_early = 1"), "game.toml: ended_early: expected true or false, got a number"),
    (("plan = [3, 1]", "plan = 3"),
     "game.toml: deal 3: plan: expected a list of the cards of each deal from this one on, such as [6, 5, 4], "
     "not 3"),
    (("plan = [6, 5, 4, 3, 2, 1]", "plan = [6, 50]"),
     "game.toml: deal 2: the deal plan cannot change: deal 3 cannot have 50 cards: the deck deals 3 players 1 to "
     "17 cards each"),
])
def test_bad_sheet_keys_name_the_key(tmp_path, monkeypatch, change, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.toml").write_text(SHEET.replace(*change))
    with pytest.raises(SheetError) as caught:
        load_sheet("game.toml")
    assert str(caught.value) == message


def test_what_if_plays_the_plan_as_played_and_stops_where_the_table_stopped(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(SHEET)
    game = load_sheet(path)
    other, refusals = what_if(game, {"scoring": "tricks-plus-ten"})
    assert refusals == []
    assert [r.cards for r in other.results()] == [10, 6]
    assert (other.totals(), other.planned_deals, other.stopped_at) == ((44, 8, 14), 4, 2)
    replayed, _ = replay_sheet(path, {"scoring": "tricks-plus-ten"})
    assert replayed.totals() == (44, 8, 14) and replayed.is_over


def test_exports_show_the_plan_the_end_and_the_starting_scores(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(SHEET)
    game = load_sheet(path)
    doc = game_document(game)
    assert (doc["starting_scores"], doc["planned_deals"], doc["ended_early"]) == ([20, 0, -10], 4, 2)
    assert [d.get("plan") for d in doc["deals"]] == [None, [6, 5, 4, 3, 2, 1]]
    assert json.loads(export(game, "json"))["over"] is True
    csv_lines = export(game, "csv").splitlines()
    assert csv_lines[1] == "start,,,,20,,0,,-10"
    assert csv_lines[-2:] == ["ended early after deal,2", "winners,Anna"]
    md = export(game, "md")
    assert "starting scores: Anna 20, Ben 0, Cara -10" in md
    assert md.rstrip().endswith("ended early after deal 2, winner: Anna")
    with using_language("fi"):
        assert export(game, "md").rstrip().endswith("päätetty etuajassa jaon 2 jälkeen, voittaja: Anna")


# --- the plan screen's model and the starting scores typed ------------------------------------


def test_the_plan_draft_inserts_duplicates_removes_resizes_and_skips():
    from scorekeeper.play.plan import PlanDraft

    draft = PlanDraft(after_deal_1())
    assert (draft.first, draft.cards[:3], draft.most) == (2, [9, 8, 7], 17)
    draft.choose(1)
    draft.resize(1)
    assert draft.cards[:3] == [9, 9, 7]
    draft.duplicate()
    assert (draft.cards[:4], draft.chosen) == ([9, 9, 9, 7], 2)
    draft.insert()
    assert (draft.cards[:5], draft.chosen) == ([9, 9, 9, 1, 7], 3)
    draft.resize(-1)
    assert draft.cards[3] == 1  # never fewer than 1
    draft.remove()
    draft.skip()
    assert (draft.cards[:3], draft.chosen) == ([9, 9, 7], 2)
    draft.choose(0)
    draft.down_from_chosen()
    assert draft.cards == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    draft.choose(7)
    draft.up_from_chosen()
    assert draft.cards[7:] == list(range(2, 18))
    assert draft.problem() is None
    draft.reset()
    assert not draft.changed


def test_the_plan_draft_words_its_rows_and_what_the_rules_refuse():
    from scorekeeper.play.plan import PlanDraft

    draft = PlanDraft(after_deal_1())
    draft.cards = [6, 1]
    assert draft.rows() == ["▶ Deal 2: 6 cards", "  Deal 3: 1 card"]
    assert draft.summary() == "3 deals in all; cards in the deals played: 10; in the deals to come: 6, 1"
    with using_language("fi"):  # not "pelattu 10", which reads "10 played"
        assert draft.summary() == "Yhteensä 3 jakoa; kortteja pelatuissa jaoissa: 10; tulevissa: 6, 1"
    draft.cards = []
    assert draft.problem() == "keep at least one deal to play; to stop now, end the game early"
    with using_language("pl"):
        draft.cards = [5, 2]
        assert draft.rows() == ["▶ Rozdanie 2: 5 kart", "  Rozdanie 3: 2 karty"]


@pytest.mark.parametrize("text, result", [
    ("", (None, None)),
    ("20 0 -10", ([20, 0, -10], None)),
    ("20, 0, −10", ([20, 0, -10], None)),
    ("20 x 1", (None, "'x' is not a whole number")),
    ("1 2", (None, "3 starting scores, one for each of Anna, Ben, Cara; you typed 2")),
])
def test_starting_scores_typed_in_one_box(text, result):
    from scorekeeper.play.plan import parse_scores

    assert parse_scores(text, THREE) == result


def test_statistics_count_a_game_ended_early_as_finished(tmp_path):
    from scorekeeper.reports.stats import stats

    with Store(tmp_path / "s.db") as store:
        stored = store.new_game(load_ruleset("lupaus"), "lupaus", THREE)
        stored.record(D1)
        stored.end_early()
        figures = {p.name: (p.games, p.unfinished, p.wins, p.average_rank) for p in stats(store).players}
        assert figures == {"Anna": (1, 0, 1, 1.0), "Ben": (1, 0, 0, 3.0), "Cara": (1, 0, 0, 2.0)}
        stored.undo()
        figures = {p.name: (p.games, p.unfinished, p.wins) for p in stats(store).players}
        assert figures == {"Anna": (0, 1, 0), "Ben": (0, 1, 0), "Cara": (0, 1, 0)}


def test_the_plain_sheet_says_the_starting_scores_and_the_early_end(tmp_path):
    from scorekeeper.play.plain import game_lines

    path = tmp_path / "game.toml"
    path.write_text(SHEET)
    lines = game_lines(load_sheet(path))
    assert lines[3] == "Starting scores: Anna 20, Ben 0, Cara -10."
    assert lines[-2:] == ["The table ended the game early after deal 2.", "Winner: Anna."]
    with using_language("fi"):
        assert game_lines(load_sheet(path))[-2] == "Pöytä päätti pelin etuajassa jaon 2 jälkeen."


def test_a_version_3_store_is_read_as_it_is_by_a_reader(tmp_path, monkeypatch):
    """A reader beside the table (the score board) opens an older store without upgrading it:
    its games have no starting scores column, and they start from 0."""
    path = tmp_path / "old.db"
    monkeypatch.setattr(db, "MIGRATIONS", db.MIGRATIONS[:3])
    with Store(path) as store:
        store.new_game(load_ruleset("lupaus"), "lupaus", THREE).record(D1)
    monkeypatch.undo()
    with Store(path, read_only=True) as reader:
        game = reader.open_game(1).game
        assert (game.totals(), game.start_scores) == ((13, 0, 12), (0, 0, 0))
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (3,)
    conn.close()


def test_the_html_sheet_shows_the_starting_scores_and_the_early_end(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(SHEET)
    page = export(load_sheet(path), "html")
    assert '<p class="meta">starting scores: Anna 20, Ben 0, Cara -10</p>' in page
    assert '<p class="status">ended early after deal 2, winner: Anna</p>' in page


def test_a_game_that_ends_by_score_can_end_early_with_partnerships_and_starting_scores():
    """Whist to 7, from 3-1 agreed at the start: Ben & Dan take 8 tricks (2 points) and the
    table stops there, 3-3, a tie for first."""
    game = Game(load_ruleset("whist"), ["Anna", "Ben", "Cara", "Dan"], scores=[3, 1])
    game.record({"tricks": 5, "turned": "clubs"})
    game.end_early()
    assert (game.totals(), game.winners) == ((3, 3), ["Anna & Cara", "Ben & Dan"])


def test_the_game_sheet_screen_says_the_game_was_ended_early():
    from scorekeeper.tui.screens.game_sheet import status_line

    game = after_deal_1()
    game.end_early()
    assert str(status_line(game)).startswith("Winner: Anna; the table ended the game early after deal 1")
