"""Values carried from deal to deal ([carry.<name>]), and the Spades ruleset that needs them.

The Spades sheet (examples/spades.toml) was worked out by hand from the rules at pagat.com;
its comments give the totals and the bags after every deal.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.game.carried import carried_columns, carried_now
from scorekeeper.game.game import Game, replay_into
from scorekeeper.game.sheet import replay_sheet
from scorekeeper.i18n import show as render
from scorekeeper.reports.export import export, game_document
from scorekeeper.rules.ruleset import load_ruleset, parse_ruleset_text

ROOT = Path(__file__).resolve().parents[1]
SPADES = ROOT / "examples" / "spades.toml"

# (Anna & Cara, Ben & Dan): the points of each deal, and the bags after it, by hand
SPADES_SCORES = [(71, -70), (150, 80), (72, -50), (52, -49), (63, -70), (-57, 60), (81, -50), (160, 70)]
SPADES_BAGS = [(1, 0), (1, 0), (3, 0), (5, 1), (8, 1), (1, 1), (2, 1), (2, 1)]


def spades() -> Game:
    game, refused = replay_sheet(SPADES)
    assert refused == []
    return game


def problems(text: str) -> list[str]:
    return [render(p.message) if not isinstance(p.message, str) else p.message
            for p in parse_ruleset_text(text, "t.toml")[1]]


def test_spades_sheet_replays_to_the_totals_worked_out_by_hand():
    game = spades()
    assert [r.scores for r in game.results()] == SPADES_SCORES
    assert game.totals() == (592, -79)
    assert game.winners == ["Anna & Cara"]


def test_spades_bags_are_carried_and_ten_of_them_cost_a_hundred():
    """Deal 6 takes Anna & Cara from 8 bags to 11: -100, and 1 bag is carried on."""
    game = spades()
    assert [r.carried["bags"] for r in game.results()] == SPADES_BAGS
    columns = carried_columns(game)
    assert [(c.label, c.name, c.scorer) for c in columns] == [("Bags", "Anna & Cara", 0), ("Bags", "Ben & Dan", 1)]
    assert carried_now(game, columns) == [2, 1]


def test_without_the_bag_penalty_bags_only_add_up():
    """What-if: re-scored without the penalty, deal 6 scores 43 (not -57), the bags are not cut
    at 10, and Anna & Cara pass 500 in deal 7 (451 + 81): deal 8 counts for no one."""
    game, refused = replay_sheet(SPADES, {"bag_penalty": "no"})
    assert [number for number, _ in refused] == [8]
    assert [r.carried["bags"][0] for r in game.results()] == [1, 1, 3, 5, 8, 11, 12, 12]
    assert game.results()[5].scores == (43, 60)
    assert game.totals() == (532, -149)
    assert game.winners == ["Anna & Cara"]


def test_editing_an_early_deal_recomputes_the_carried_values_from_the_start():
    """Deal 1 edited so that Anna & Cara take 10 tricks (3 bags, not 1): every later count
    moves up by 2, and deal 5 (8 -> 10 bags) now pays the 100 that deal 6 paid."""
    game = spades()
    game.edit(1, {"bid": [3, 4, 4, 3], "tricks": [5, 2, 5, 1]})
    assert [r.carried["bags"][0] for r in game.results()] == [3, 3, 5, 7, 0, 3, 4, 4]
    assert game.results()[0].scores == (73, -70)
    assert game.results()[4].scores[0] == 63 - 100
    assert game.results()[5].scores[0] == 43
    game.undo()
    assert [r.carried["bags"] for r in game.results()] == SPADES_BAGS


def test_undo_of_the_last_deal_gives_back_the_bags_before_it():
    game = spades()
    game.undo()
    assert carried_now(game, carried_columns(game)) == [2, 1]  # after deal 7
    game.undo()
    game.undo()
    assert carried_now(game, carried_columns(game)) == [8, 1]  # after deal 5


def test_the_next_deal_reads_the_bags_carried_into_it():
    game = spades()
    game.undo()  # deal 8 again: into it Anna & Cara carry 2 bags
    d = game.evaluate(8)
    assert [d.value("bags", seat) for seat in (1, 2, 3, 4)] == [2, 1, 2, 1]


def test_the_exports_hold_the_carried_values():
    game = spades()
    doc = game_document(game)
    assert doc["carry"] == [{"id": "bags", "label": "Bags", "scope": "team", "start": [0, 0]}]
    assert [d["carried"]["bags"] for d in doc["deals"]] == [list(b) for b in SPADES_BAGS]
    assert json.loads(export(game, "json"))["deals"][5]["carried"] == {"bags": [1, 1]}
    lines = export(game, "csv").splitlines()
    assert lines[0].endswith(",Bags (Anna & Cara),Bags (Ben & Dan)")
    assert lines[6].endswith(",1,1")  # deal 6
    html = export(game, "html")
    assert '<th rowspan="2">Bags (Anna &amp; Cara)</th><th rowspan="2">Bags (Ben &amp; Dan)</th></tr>' in html
    deal6 = next(line for line in html.splitlines() if line.startswith('<tr><td class="num">6</td>'))
    assert deal6.endswith('<td class="num">1</td><td class="num">1</td></tr>')


def test_the_spades_checks_refuse_tricks_that_do_not_add_up():
    game = Game(load_ruleset("spades"), ["A", "B", "C", "D"])
    with pytest.raises(Exception) as caught:
        game.record({"bid": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]})
    assert "the tricks add up to 12, not 13, the number of tricks played" in str(caught.value)


def test_blind_nil_is_only_for_a_side_100_behind():
    game = Game(load_ruleset("spades"), ["A", "B", "C", "D"], {"blind_nil": True})
    issues = game.validate(1, game.normalize({"bid": [0, 4, 5, 4], "blind": [True, None, None, None],
                                              "tricks": [0, 4, 5, 4]}))
    assert [render(i.message) for i in issues] == ["A may bid blind nil only when the side is 100 or more behind"]
    game.record({"bid": [3, 4, 4, 3], "tricks": [1, 6, 1, 5]})  # A & C set: -70, B & D 70 + 4 bags = 74
    result = game.record({"bid": [0, 4, 5, 4], "blind": [True, None, None, None], "tricks": [0, 4, 5, 4]})
    assert result.scores == (50 + 200, 80)


BASE = """
id = "t"
name = "T"
description = "d"
deck = 52
phases = ["play"]
[players]
min = 2
max = 2
[options.start_at]
type = "int"
default = 5
min = 0
max = 9
[deals]
cards = "13"
[fields.tricks]
type = "int"
min = 0
max = "cards"
[score]
value = "tricks + pot"
[end]
when = "deal == 3"
"""


def test_a_carried_value_starts_from_its_formula_and_resets_when_its_rule_holds():
    text = BASE + '[carry.pot]\nstart = "start_at"\nvalue = "pot + score"\nreset = "pot + score >= 20"\n'
    rs, found = parse_ruleset_text(text, "t.toml")
    assert found == []
    game = Game(rs, ["A", "B"])
    replay_into(game, [{"tricks": [3, 10]}, {"tricks": [1, 12]}, {"tricks": [0, 13]}])
    # A: 3 + 5 = 8 -> pot 13; 1 + 13 = 14 -> 27 >= 20: 5 again; 0 + 5 = 5 -> 10.
    # B: 10 + 5 = 15 -> 20 >= 20: 5; 12 + 5 = 17 -> 22: 5; 13 + 5 = 18 -> 23: 5.
    assert [r.scores for r in game.results()] == [(8, 15), (14, 17), (5, 18)]
    assert [r.carried["pot"] for r in game.results()] == [(13, 5), (5, 5), (10, 5)]


@pytest.mark.parametrize(("carry", "expected"), [
    ('[carry.pot]\nscope = "team"\nvalue = "pot"\n', "carry.pot.scope: 'team' needs partnerships ([teams]) in the ruleset"),
    ('[carry.Pot]\nvalue = "1"\n', "carry.Pot: 'Pot' is not a valid name for a carried value"),
    ('[carry.tricks]\nvalue = "1"\n', "carry.tricks: 'tricks' cannot be the name of a carried value"),
    ('[carry.pot]\nvalue = "\'x\'"\n', "carry.pot.value: a score must be a number"),
    ('[carry.pot]\nstart = "tricks"\nvalue = "pot"\n', "carry.pot.start:"),
    ('[carry.pot]\nvalue = "pot"\nreset = "\'no\'"\n', "carry.pot.reset:"),
    ('[carry.pot]\nstart = "10 ** 10 * 1000"\nvalue = "pot"\n', "carry.pot.start: '10 ** 10 * 1000' cannot be computed"),
    ('[carry.pot]\nvalue = "pot + bogus"\n', "carry.pot.value: unknown name 'bogus'"),
    ('[carry.pot]\nstart = "0"\n', "carry.pot.value: is missing"),
])
def test_a_carried_value_is_checked_when_the_ruleset_loads(carry, expected):
    found = [str(p) for p in parse_ruleset_text(BASE + carry, "t.toml")[1]]
    assert any(line.startswith(f"t.toml: {expected}") for line in found), found


def test_score_in_a_carried_value_cannot_be_a_field_of_the_ruleset():
    text = BASE.replace("[fields.tricks]", "[fields.score]\ntype = \"int\"\nmin = 0\nmax = 1\n[fields.tricks]")
    found = [str(p) for p in parse_ruleset_text(text + '[carry.pot]\nvalue = "pot + score"\n', "t.toml")[1]]
    assert "t.toml: carry.pot: 'score' in a carried value's update means the deal's points, but the ruleset has " \
           "a field, value or option of that name: rename it" in found


def test_a_carried_value_that_passes_the_largest_number_refuses_the_deal():
    """A value carried on is bounded like every value a formula ends with (docs: Limits)."""
    text = BASE.replace('value = "tricks + pot"', 'value = "tricks"') + '[carry.pot]\nstart = "1"\nvalue = "pot * 1000000"\n'
    rs, found = parse_ruleset_text(text, "t.toml")
    assert found == []
    game = Game(rs, ["A", "B"])
    game.record({"tricks": [1, 12]})
    game.record({"tricks": [1, 12]})
    assert game.results()[-1].carried["pot"] == (10**12, 10**12)
    issues = game.validate(3, game.normalize({"tricks": [1, 12]}))
    assert [render(i.message) for i in issues] == [
        "the ruleset cannot score this deal: carry.pot.value: 'pot * 1000000' cannot be computed: the result 1e+18 is "
        "outside -10**12..10**12, the range of numbers allowed"]


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Bags: Anna & Cara 2, Ben & Dan 1"),
    ("fi", "Säkit: Anna & Cara 2, Ben & Dan 1"),
    ("pl", "Worki: Anna & Cara 2, Ben & Dan 1"),
])
def test_the_board_shows_the_bags_carried_into_the_next_deal_in_the_language(lang, expected):
    from scorekeeper.i18n import using_language
    from scorekeeper.play.board import BoardMaker

    game = spades()
    with using_language(lang):
        view = BoardMaker(game).view()
        assert view.carried == (expected,)
        assert view.rows[5].detail.endswith(expected.replace(" 2,", " 1,"))  # after deal 6: 1 and 1
