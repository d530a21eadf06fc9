"""Five Hundred as data, and who wins by a formula ([end] wins): the example sheet replays to
its hand-computed totals, the bidding side wins when both pass 500, a side at -500 loses,
and the winner so named is the one the what-if, the exports and the statistics give."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.game.game import Game
from scorekeeper.game.sheet import load_sheet, replay_sheet
from scorekeeper.i18n import show, using_language
from scorekeeper.play.board import BoardMaker
from scorekeeper.reports.export import export
from scorekeeper.rules.ruleset import check_file, load_ruleset, parse_ruleset_text
from scorekeeper.store.facts import compute_facts

REPO = Path(__file__).resolve().parents[1]
SHEET = REPO / "examples" / "five-hundred.toml"
PLAYERS = ["Anna", "Ben", "Cara", "Dan"]


def test_the_ruleset_passes_rules_check_with_its_translations():
    assert check_file(REPO / "rulesets" / "five-hundred.toml") == []


def test_the_example_sheet_replays_to_its_hand_computed_totals():
    """The table in the sheet's comment, deal by deal."""
    game = load_sheet(SHEET)
    assert [r.scores for r in game.results()] == [
        (200, 20), (30, -240), (0, 250), (250, 0), (0, 380), (10, 60), (40, 40)]
    assert game.totals() == (530, 510)
    assert game.is_over


def test_the_bidding_side_wins_when_both_pass_500_though_it_has_less():
    game = load_sheet(SHEET)
    assert game.winners == ["Ben & Dan"]
    assert [(s.rank, s.name, s.total) for s in game.standings()] == [(1, "Ben & Dan", 510), (2, "Anna & Cara", 530)]


@pytest.mark.parametrize(("strain", "level", "tricks", "scores"), [
    ("spades", 6, 6, (40, 40)),          # the lowest bid, made exactly; the others take 4
    ("hearts", 10, 10, (500, 0)),        # worth 500 already: no slam
    ("clubs", 7, 10, (250, 0)),          # slam: 160 -> 250
    ("notrump", 8, 7, (-320, 30)),       # missed
    ("misere", None, 0, (250, 0)),       # the others score nothing in a misère
    ("misere", None, 1, (-250, 0)),
    ("open_misere", None, 0, (500, 0)),
])
def test_the_avondale_schedule_slam_and_misere(strain, level, tricks, scores):
    game = Game(load_ruleset("five-hundred"), PLAYERS)
    game.record({"declarer": 3, "strain": strain, "level": level, "tricks": tricks})
    assert game.totals() == scores


def test_without_slam_all_tricks_score_the_bid():
    game = Game(load_ruleset("five-hundred"), PLAYERS, {"slam": False})
    game.record({"declarer": 2, "strain": "clubs", "level": 7, "tricks": 10})
    assert game.totals() == (0, 160)


def test_misere_can_be_switched_off():
    game = Game(load_ruleset("five-hundred"), PLAYERS, {"misere": False})
    assert [c.value for c in game.allowed("strain", None) if not c.allowed] == ["misere", "open_misere"]


def test_a_side_at_minus_500_loses():
    """Anna & Cara bid 10 no trumps (520) and take 9: -520; Ben & Dan win with 10."""
    game = Game(load_ruleset("five-hundred"), PLAYERS)
    game.record({"declarer": 1, "strain": "notrump", "level": 10, "tricks": 9})
    assert game.is_over and game.winners == ["Ben & Dan"]
    assert [(s.rank, s.name, s.total) for s in game.standings()] == [(1, "Ben & Dan", 10), (2, "Anna & Cara", -520)]


def test_what_if_the_game_were_to_450_names_the_other_winner():
    """Under game_to = 450 the game ends after deal 4 (480 to 30): Anna & Cara win."""
    game, refused = replay_sheet(SHEET, {"game_to": 450})
    assert game.winners == ["Anna & Cara"]
    assert [number for number, _ in refused] == [5, 6, 7]


def test_exports_and_statistics_name_the_winner_of_the_formula():
    game = load_sheet(SHEET)
    doc = json.loads(export(game, "json"))
    assert doc["winners"] == ["Ben & Dan"]
    assert [(s["rank"], s["name"]) for s in doc["standings"]] == [(1, "Ben & Dan"), (2, "Anna & Cara")]
    # a value per partnership is listed by partnership: Dan's misère in deal 3
    assert doc["deals"][2]["derived"] == {"misere_bid": True, "bid_value": 250, "contract_made": True,
                                          "bidders": [False, True]}
    facts = compute_facts(game, 1)
    assert facts.won == (False, True, False, True) and facts.ranks == (2, 1, 2, 1)


WINS = """\
id = "w"
name = "W"
description = "d"
deck = 52

[players]
min = 2
max = 4

[deals]
cards = "5"

[fields.points]
type = "int"
min = 0
max = 50

[score]
value = "points"
"""


@pytest.mark.parametrize(("wins", "expected"), [
    ("'first'", "w.toml: end.wins: a condition must be yes/no (or a number: 0 is no), but ''first'' is text"),
    ("totl >= 10", "w.toml: end.wins: unknown name 'totl' (did you mean 'total'?)"),
    ("sum(points) > 10 and points", None),
])
def test_the_winner_formula_is_checked_at_rules_check(wins, expected):
    _, problems = parse_ruleset_text(WINS + f'\n[end]\nwhen = "max(total) >= 20"\nwins = "{wins}"\n', "w.toml")
    assert [show(p) for p in problems] == ([expected] if expected else [])


def test_when_the_winner_formula_holds_for_no_one_the_totals_decide():
    rules, problems = parse_ruleset_text(WINS + '\n[end]\nwhen = "max(total) >= 20"\nwins = "total > 100"\n', "w.toml")
    assert problems == []
    game = Game(rules, ["Anna", "Ben"])
    game.record({"points": [20, 5]})
    assert game.winners == ["Anna"]


def test_the_lowest_total_may_win_by_formula_with_the_others_ranked_after():
    rules, _ = parse_ruleset_text(WINS + '\n[end]\nwhen = "deal == 1"\nwins = "total == min(total)"\n', "w.toml")
    game = Game(rules, ["Anna", "Ben", "Cara"])
    game.record({"points": [20, 5, 9]})
    assert [(s.rank, s.name) for s in game.standings()] == [(1, "Ben"), (2, "Anna"), (3, "Cara")]


def test_the_winner_formula_reads_the_parts_won_with_the_last_deal(tmp_path):
    """Whist in rubbers to 1 point, won by a side that has not won two games (a test rule):
    Anna & Cara win both games, so after the last deal only Ben & Dan qualify."""
    odd = tmp_path / "odd.toml"
    odd.write_text('extends = "whist"\nid = "whist-odd"\nname = "Odd whist"\ndescription = "A test rule."\n\n'
                   '[end]\nwins = "parts_won < 2"\n', encoding="utf-8")
    assert check_file(odd) == []
    game = Game(load_ruleset(str(odd)), PLAYERS, {"rubber": True, "game_to": 1})
    game.record({"tricks": 8, "turned": "hearts"})
    game.record({"tricks": 8, "turned": "hearts"})
    assert game.is_over and game.winners == ["Ben & Dan"]


def test_the_board_words_a_deal_with_the_choices_labels():
    game = load_sheet(SHEET)
    maker = BoardMaker(game)
    assert maker.row(game.results()[2]).detail == "Highest bidder: Dan; Trump or misère: misère; Tricks taken by the bidding side: 0"
    with using_language("fi"):
        fi = load_sheet(SHEET, lang="fi")
        assert "Valtti tai nolo: nolo" in BoardMaker(fi).row(fi.results()[2]).detail


def test_the_rules_summary_says_who_wins_by_the_rules():
    from scorekeeper.play.summary import rules_summary

    with using_language("en"):
        text = "".join(p.text for p in rules_summary(load_ruleset("five-hundred")))
    assert ("The winner: as the rules name them when the game ends (a side reaches 500 (both at once: the bidding "
            "side wins), or falls to -500 and loses); where they name no one, the highest total.") in text
    with using_language("pl"):
        text = "".join(p.text for p in rules_summary(load_ruleset("five-hundred", lang="pl")))
    assert "Wygrywa ten, kogo zasady wskażą na końcu gry (strona dochodzi do 500" in text


def test_rules_show_names_the_winner_formula(capsys):
    from scorekeeper.cli import main

    assert main(["rules", "show", "five-hundred"]) == 0
    wins = load_ruleset("five-hundred").end_wins.text
    assert f"Winner: the highest total\n…unless the rules name the winners: those for whom {wins} holds when the " \
           "game ends\n" in capsys.readouterr().out
    assert main(["rules", "show", "five-hundred", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wins"] == wins
