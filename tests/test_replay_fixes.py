"""Three faults of `replay` and `rules show` found while writing more games (issue 28): a sheet's
entry that only changes the plan is no deal; a plan changed after the game is over is refused, as
export and import refuse it; a default written as a formula is told for the players asked about."""

from __future__ import annotations

import json

from helpers.samples import MOST
from scorekeeper.cli import main
from scorekeeper.game.sheet import SheetError, load_sheet, replay_sheet

import pytest

# Lupaus, 3 players: deal 1 has 10 cards (Anna 3/3 -> 13, Ben 4/5 -> 0, Cara 2/2 -> 12); the
# table then plays one deal more, of 6 cards (Anna 1/1 -> 11, Ben 2/3 -> 0, Cara 2/2 -> 12).
PLAN_BETWEEN = """\
ruleset = "lupaus"
players = ["Anna", "Ben", "Cara"]

[[deals]]
bid = [3, 4, 2]
tricks = [3, 5, 2]
turned = "hearts"

[[deals]]
plan = [6]

[[deals]]
bid = [1, 2, 2]
tricks = [1, 3, 2]
turned = "spades"
"""


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_entry_with_only_a_plan_is_no_deal_in_replay(tmp_path, capsys):
    """The plan [6] after deal 1 makes the game 2 deals; the entry after it is deal 2, not 3."""
    path = tmp_path / "game.toml"
    path.write_text(PLAN_BETWEEN)
    game, refused = replay_sheet(path)
    assert refused == []
    assert ([r.cards for r in game.results()], game.totals(), game.is_over) == ([10, 6], (24, 0, 24), True)
    assert load_sheet(path).totals() == (24, 0, 24)
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    assert "Totals: Anna 24, Ben 0, Cara 24\n" in out


def test_a_refused_deal_after_a_plan_only_entry_is_named_by_its_own_number(tmp_path):
    """Deal 2 bids 2 + 2 + 2 = 6 with 6 cards: the dealer's bid is refused, as deal 2."""
    path = tmp_path / "game.toml"
    path.write_text(PLAN_BETWEEN.replace("bid = [1, 2, 2]", "bid = [2, 2, 2]"))
    with pytest.raises(SheetError) as caught:
        load_sheet(path)
    assert str(caught.value).startswith(f"{path}: deal 2: ")
    _, refused = replay_sheet(path)
    assert [number for number, _ in refused] == [2]


def test_a_plan_changed_after_the_game_is_over_is_refused_by_replay_as_by_export(tmp_path, capsys):
    """The game is over after deal 2 (the plan's last); a plan after it is refused, exit 1."""
    path = tmp_path / "game.toml"
    path.write_text(PLAN_BETWEEN + "\n[[deals]]\nplan = [3, 1]\n")
    with pytest.raises(SheetError) as caught:
        load_sheet(path)
    assert str(caught.value) == (f"{path}: deal 3: the deal plan cannot change: the game is over; "
                                 "all 2 deals are played")
    _, refused = replay_sheet(path)
    assert [(n, [str(i.message) for i in issues]) for n, issues in refused] == [
        (3, ["the deal plan cannot change: the game is over; all 2 deals are played"])]
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert "the deal plan cannot change: the game is over; all 2 deals are played" in err




@pytest.mark.parametrize("players, default", [(3, 17), (4, 13), (7, 7)])
def test_rules_show_json_tells_a_formula_default_for_the_players_asked(tmp_path, capsys, players, default):
    """52 // players next to the plan built with it: 4 players, 13 and a plan from 13."""
    path = tmp_path / "most.toml"
    path.write_text(MOST)
    code, out, _ = run(capsys, "rules", "show", str(path), "--players", str(players), "--json")
    doc = json.loads(out)
    option = next(o for o in doc["options"] if o["id"] == "top_cards")
    assert (code, option["default"], doc["plan"]["cards"][0]) == (0, default, default)
    code, out, _ = run(capsys, "rules", "show", str(path), "--players", str(players), "--option", "top_cards=3",
                       "--json")
    doc = json.loads(out)
    option = next(o for o in doc["options"] if o["id"] == "top_cards")
    assert (option["default"], doc["plan"]["cards"][0], doc["options_chosen"]["top_cards"]) == (default, 3, 3)


def test_rules_show_lists_the_derived_values_the_score_and_the_parts(capsys):
    code, out, _ = run(capsys, "rules", "show", "whist")
    lines = out.splitlines()
    at = lines.index("Scoring:")
    assert (code, lines[at + 1:at + 6]) == (0, [
        "  the deal's points (per partnership): max(0, taken - 6) + honour_points",
        "  made or missed: taken > 6",
        "  played in parts (game): a part ends when max(total) >= game_to; each part awards "
        "(3 if min(total) == 0 else 2 if min(total) <= 2 else 1) if total == max(total) else 0",
        "      only when rubber",
        "      when the game ends, a bonus of 2 if parts_won >= 2 else 0"])
    assert "  taken: Tricks taken by the partnership (per partnership): tricks if team == 1 else cards - tricks" in lines
    code, out, _ = run(capsys, "rules", "show", "whist", "--json")
    doc = json.loads(out)
    assert doc["parts"] == {"name": "game", "when": "rubber", "end": "max(total) >= game_to",
                            "award": "(3 if min(total) == 0 else 2 if min(total) <= 2 else 1) if total == max(total) "
                                     "else 0", "bonus": "2 if parts_won >= 2 else 0"}
    assert doc["scoring"]["made"] == "taken > 6"
    assert doc["derived"][0] == {"id": "taken", "scope": "team", "label": "Tricks taken by the partnership",
                                 "value": "tricks if team == 1 else cards - tricks", "shows": "value"}
    code, out, _ = run(capsys, "rules", "show", "wysiwyg", "--json")
    hand = next(d for d in json.loads(out)["derived"] if "parts" in d)
    assert hand["id"] == "hand_value" and "longest_suit" in hand["parts"]
