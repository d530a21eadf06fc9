"""Who deals next as a formula of the deal just played (``[deals] next_dealer``, issue 28 item 6):
Doppelkopf's compulsory solo counts, and the same dealer deals again. The dealer follows from the
history everywhere it is worked out: the table's deal, the results, undo and editing a past deal,
late joins and sitting out, a score sheet's replay and its export, ``rules check``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.game.engine import GameError
from scorekeeper.game.fastpath import record_plan
from scorekeeper.game.game import Game
from scorekeeper.game.limits import check_ruleset
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import load_ruleset

SOLO = Path(__file__).parent / "fixtures" / "games" / "solo-deals.toml"
TEXT = SOLO.read_text(encoding="utf-8")
RULE = 'next_dealer = "dealer if solo else dealer + 1"'
POINTS = [1, 2, 3, 4]


def _game(players=("Anna", "Ben", "Cara", "Dan"), first=1) -> Game:
    return Game(load_ruleset(str(SOLO)), list(players), {}, first)


def _play(game: Game, solos) -> None:
    for solo in solos:
        game.record({"solo": solo, "points": POINTS[:len(game.lineup().seats)]})


def test_a_solo_keeps_the_dealer_and_other_deals_pass_to_the_left():
    """Deals 2, 4 and 5 are solos: their dealers deal again; deal 7 goes to Dan."""
    game = _game()
    _play(game, [False, True, False, True, True, False])
    assert [r.dealer for r in game.results()] == [1, 2, 2, 3, 3, 3]
    assert game.dealer_seat() == 4 and game.info().dealer == 4
    assert [r.number for r in game.results()] == [1, 2, 3, 4, 5, 6]  # every deal counts
    # the dealer's 10 follow the dealers: Anna 1 deal, Ben 2, Cara 3, Dan none
    assert game.totals() == (1 * 6 + 10, 2 * 6 + 20, 3 * 6 + 30, 4 * 6)


def test_without_the_formula_the_deal_passes_to_the_left_as_before(tmp_path):
    path = tmp_path / "left.toml"
    path.write_text(TEXT.replace(RULE + "\n", ""), encoding="utf-8")
    game = Game(load_ruleset(str(path)), ["Anna", "Ben", "Cara", "Dan"], {}, 1)
    _play(game, [False, True, False, True, True, False])
    assert [r.dealer for r in game.results()] == [1, 2, 3, 4, 1, 2]


def test_the_first_dealer_chosen_deals_first():
    game = _game(first=3)
    _play(game, [True, False])
    assert [r.dealer for r in game.results()] == [3, 3] and game.dealer_seat() == 4


def test_editing_a_past_deal_works_out_every_later_dealer_and_score_again():
    """Deal 2 becomes a plain deal: Cara deals 3, Dan 4 to 6; the dealer's 10 move with them."""
    game = _game()
    _play(game, [False, True, False, True, True, False])
    game.edit(2, {"solo": False, "points": POINTS})
    assert [r.dealer for r in game.results()] == [1, 2, 3, 4, 4, 4]
    assert game.dealer_seat() == 1
    assert game.totals() == (6 + 10, 12 + 10, 18 + 10, 24 + 30)
    game.undo()  # the edit taken back: the dealers as they were
    assert [r.dealer for r in game.results()] == [1, 2, 2, 3, 3, 3] and game.dealer_seat() == 4
    game.redo()
    assert [r.dealer for r in game.results()] == [1, 2, 3, 4, 4, 4]


def test_undoing_a_solo_gives_the_deal_back_to_its_dealer():
    game = _game()
    _play(game, [False, True])
    assert game.dealer_seat() == 2
    game.undo()
    assert game.dealer_seat() == 2 and game.info().dealer == 2
    _play(game, [False])
    assert game.dealer_seat() == 3


def test_the_named_dealer_sitting_out_passes_the_deal_on_to_the_left():
    """Anna's solo: she deals again; Ben, who would deal, sits out: Cara deals; Dan joins after
    Cara and deals after her solo's plain deal."""
    game = _game(players=("Anna", "Ben", "Cara"))
    _play(game, [True, False])  # Anna deals both
    assert [r.dealer for r in game.results()] == [1, 1] and game.dealer_seat() == 2
    game.sit_out(2)
    assert game.dealer_seat() == 3 and game.info().players[game.info().dealer - 1] == "Cara"
    _play(game, [True])  # Cara's solo
    game.join("Dan", 0, after=3)
    assert game.dealer_seat() == 3
    _play(game, [False])
    assert [r.dealer for r in game.results()] == [1, 1, 3, 3] and game.dealer_seat() == 4
    game.edit(1, {"solo": False, "points": [1, 2, 3]})  # Ben deals deal 2, Cara 3 and 4
    assert [r.dealer for r in game.results()] == [1, 2, 3, 3] and game.dealer_seat() == 4


def test_a_deal_that_does_not_count_is_dealt_again_by_its_dealer(tmp_path):
    """With deals.redeal too: a thrown-in deal keeps the dealer whatever next_dealer says."""
    path = tmp_path / "redeal.toml"
    path.write_text(TEXT.replace(RULE, 'next_dealer = "dealer + 2"\nredeal = "sum(points) == 0"'), encoding="utf-8")
    game = Game(load_ruleset(str(path)), ["Anna", "Ben", "Cara", "Dan"], {}, 1)
    game.record({"points": [0, 0, 0, 0]})
    game.record({"points": POINTS})
    assert [r.dealer for r in game.results()] == [1, 1] and game.dealer_seat() == 3


def test_without_the_formula_a_deal_dealt_again_keeps_its_dealer_for_dealer_seat():
    """Bridge's passed-out deal: the same dealer deals again, and Game.dealer_seat says so (it
    counted the entries, and named the next seat)."""
    game = Game(load_ruleset("bridge"), ["Anna", "Ben", "Cara", "Dan"], {}, 1)
    game.record({"level": 0})
    assert game.dealer_seat() == 1 == game.info().dealer


def test_a_next_dealer_that_is_no_seat_refuses_the_deal_with_its_key(tmp_path):
    path = tmp_path / "half.toml"
    path.write_text(TEXT.replace(RULE, 'next_dealer = "dealer + 0.5"'), encoding="utf-8")
    assert check_ruleset(path) == []  # a number: which one is known only at play
    game = Game(load_ruleset(str(path)), ["Anna", "Ben", "Cara", "Dan"], {}, 1)
    with pytest.raises(GameError) as caught:
        game.record({"points": POINTS})
    assert "deals.next_dealer" in show(caught.value.message)
    assert "1.5" in show(caught.value.message)
    assert game.results() == []


@pytest.mark.parametrize("formula, problem", [
    ("dealr + 1", "deals.next_dealer: unknown name 'dealr' (did you mean 'dealer'?)"),
    ("'Anna'", "deals.next_dealer: a seat must be a number"),
    ("__import__('os')", "deals.next_dealer"),
    ("dealer + total", "deals.next_dealer: 'total' cannot be read here"),
])
def test_rules_check_names_the_key_of_a_bad_formula(tmp_path, formula, problem):
    path = tmp_path / "bad.toml"
    path.write_text(TEXT.replace(RULE, f"next_dealer = {formula!r}"), encoding="utf-8")
    problems = [f"{p.path}: {show(p.message)}" for p in check_ruleset(path)]
    assert len(problems) == 1 and problems[0].startswith(problem), problems


def test_rules_check_refuses_reading_a_field_the_deal_may_not_ask(tmp_path):
    path = tmp_path / "unasked.toml"
    text = TEXT.replace(RULE, 'next_dealer = "dealer + partner"').replace("[score]", """[fields.partner]
scope = "deal"
phase = "play"
type = "seat"
when = "not solo"

[score]""")
    path.write_text(text, encoding="utf-8")
    problems = [(p.path, show(p.message)) for p in check_ruleset(path)]
    assert [key for key, _ in problems] == ["deals.next_dealer"]
    assert "'partner' is asked only when not solo" in problems[0][1]


def test_the_fixture_passes_rules_check():
    assert check_ruleset(SOLO) == []


SHEET = """ruleset = "{ruleset}"
players = ["Anna", "Ben", "Cara", "Dan"]
first_dealer = 2
[[deals]]
solo = true
points = [1, 2, 3, 4]
[[deals]]
points = [1, 2, 3, 4]
[[deals]]
solo = true
points = [1, 2, 3, 4]
"""


def test_a_sheet_replays_exports_and_imports_with_the_dealers_its_deals_name(tmp_path, capsys):
    """Ben's solo, then his plain deal, then Cara's solo: Ben, Ben, Cara; Cara deals next."""
    sheet = tmp_path / "game.toml"
    sheet.write_text(SHEET.format(ruleset=SOLO.as_posix()), encoding="utf-8")
    assert main(["replay", str(sheet), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [d["dealer"] for d in document["deals"]] == ["Ben", "Ben", "Cara"]
    assert document["totals"] == [3, 26, 19, 12]  # Ben's 10 twice as dealer, Cara's once
    db = tmp_path / "g.db"
    assert main(["import", str(sheet), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["export", "1", "--format", "toml", "--db", str(db)]) == 0
    exported = tmp_path / "again.toml"
    exported.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["replay", str(exported), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert [d["dealer"] for d in again["deals"]] == ["Ben", "Ben", "Cara"]
    assert main(["replay", str(sheet), "--plain"]) == 0
    plain = capsys.readouterr().out.splitlines()
    assert [line.split(",")[2].split(":")[0] for line in plain if line.startswith("Deal ")] == [
        " dealer Ben", " dealer Ben", " dealer Cara"]


def test_rules_show_says_who_deals_next(capsys):
    assert main(["rules", "show", str(SOLO)]) == 0
    assert ("Who deals after a deal that counts: the seat given by dealer if solo else dealer + 1"
            in capsys.readouterr().out)


def test_a_game_whose_deals_name_the_dealer_has_no_short_way(tmp_path):
    """The short way of recording fixes each deal number's dealer: a ruleset with next_dealer
    goes the long way (the same game without it has a short way)."""
    path = tmp_path / "left.toml"
    path.write_text(TEXT.replace(RULE + "\n", ""), encoding="utf-8")
    assert record_plan(_game().setup) is None
    assert record_plan(Game(load_ruleset(str(path)), ["Anna", "Ben", "Cara", "Dan"], {}, 1).setup) is not None


def test_the_deal_panel_and_the_web_board_show_the_dealer_the_deals_name(tmp_path):
    """What the table's screen and the phone and TV pages read (play/panel, web/board): Ben
    deals again after his solo, and Cara once an edit makes that solo a plain deal."""
    from scorekeeper.play.panel import deal_panel
    from scorekeeper.store.db import Store
    from scorekeeper.web.board import board_state

    with Store(tmp_path / "g.db") as store:
        stored = store.new_game(load_ruleset(str(SOLO)), str(SOLO), ["Anna", "Ben", "Cara", "Dan"], first_dealer=1)
        stored.record({"solo": False, "points": POINTS})
        stored.record({"solo": True, "points": POINTS})
        assert deal_panel(stored.game).dealer == "Ben"
        state = board_state(stored)
        assert state["deal"]["dealer"] == "Ben"
        assert [row["dealer"] for row in state["last_deals"]] == ["Anna", "Ben"]
        stored.edit(2, {"solo": False, "points": POINTS})
        assert deal_panel(stored.game).dealer == "Cara"
        assert board_state(stored)["deal"]["dealer"] == "Cara"
        again = store.open_game(stored.id)  # the store replays the history: the same dealers
        assert [r.dealer for r in again.game.results()] == [1, 2] and again.game.dealer_seat() == 3
