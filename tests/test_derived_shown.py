"""A derived value's line is shown only where it means something (``shown_when``), and each
choice box shows its keys before a wrong one is pressed."""

from __future__ import annotations

import pytest

from scorekeeper.game.game import Game
from scorekeeper.messages import Message
from scorekeeper.play.draft import DealDraft
from scorekeeper.rules.ruleset import load_ruleset, parse_ruleset_text

SKAT = ["Anna", "Ben", "Cara"]
BRIDGE = ["Anna", "Ben", "Cara", "Dan"]


def view(rid, players, values, **options):
    draft = DealDraft(Game(load_ruleset(rid), players, options))
    for field, value in values.items():
        draft.set(field, None, value)
    return draft.view()


def lines(rid, players, values, **options) -> list[str]:
    return [line for phase in view(rid, players, values, **options).phases for line in phase.derived]


CLUBS_WON = {"game": "clubs", "declarer": 1, "bid": 18, "tops": "with", "matadors": 1, "card_points": 70}


def test_skat_a_won_suit_game_has_no_value_of_the_lost_game():
    assert lines("skat", SKAT, CLUBS_WON) == [
        "Base value: 12", "Multipliers for announcements: 0", "Schneider: no", "Schwarz: no", "Multiplier: 2",
        "Game value: 24", "Overbid: no", "Won: yes", "Declarer's score: 24"]


def test_skat_an_overbid_game_shows_the_value_it_is_lost_at():
    """Bid 30, worth 24: lost at 3 x 12 = 36, twice: -72."""
    assert lines("skat", SKAT, {**CLUBS_WON, "bid": 30})[-4:] == [
        "Overbid: yes", "Won: no", "Value of the lost game: 36", "Declarer's score: -72"]


def test_skat_a_null_game_has_no_base_value_nor_overbid():
    assert lines("skat", SKAT, {"game": "null", "declarer": 1, "bid": 23, "took_trick": True}) == [
        "Multipliers for announcements: 0", "Game value: 23", "Won: no", "Value of the lost game: 23",
        "Declarer's score: -46"]


def test_skat_a_passed_deal_shows_no_value():
    assert lines("skat", SKAT, {"game": "passed"}) == []


THREE_NT = {"level": 3, "strain": "notrump", "declarer": 1, "doubled": "no", "tricks": 9}


def test_bridge_no_trump_is_told_as_no_trump_and_no_slam_or_honours_line():
    v = view("bridge", BRIDGE, THREE_NT)
    assert v.panel.trump == "No trump this deal"
    shown = [line.split(":")[0] for phase in v.phases for line in phase.derived]
    assert "Slam" not in shown and "Honours" not in shown


def test_bridge_a_slam_shows_its_bonus_and_honours_when_played():
    shown = lines("bridge", BRIDGE, {**THREE_NT, "level": 6, "strain": "spades", "tricks": 12, "honours": "nobody"},
                  play_honours=True)
    assert "Slam: 500" in shown
    assert "Honours: Anna & Cara 0 · Ben & Dan 0" in shown
    assert view("bridge", BRIDGE, {**THREE_NT, "strain": "spades"}).panel.trump == \
        "The contract's strain is trump — trump: ♠"


SHOWN = """
id = "shown"
name = "Shown"
description = "A test."
deck = 52
[players]
min = 2
max = 2
[deals]
cards = "1"
[end]
when = "deal >= 2"
[fields.bid]
type = "int"
min = 0
max = 1
[score]
value = "bid"
[derived.double]
value = "2 * bid"
shown_when = "{when}"
"""


@pytest.mark.parametrize(("when", "path", "code"), [
    ("'yes'", "derived.double.shown_when", "rules.condition_not_bool"),
    ("bids > 0", "derived.double.shown_when", None),
])
def test_a_shown_when_that_is_no_condition_is_a_problem_at_its_key(when, path, code):
    rs, problems = parse_ruleset_text(SHOWN.replace("{when}", when), "shown.toml")
    assert [p.path for p in problems] == [path]
    if code:
        assert isinstance(problems[0].message, Message) and problems[0].message.code == code


def test_any_game_a_seat_value_is_shown_at_the_seats_its_shown_when_holds():
    rs, problems = parse_ruleset_text(SHOWN.replace("{when}", "bid > 0"), "shown.toml")
    assert problems == []
    draft = DealDraft(Game(rs, ["Anna", "Ben"]))
    draft.set("bid", 1, 1)
    draft.set("bid", 2, 0)
    assert [line for p in draft.view().phases for line in p.derived] == ["double: Anna 2"]


def keys_shown(cell) -> list[tuple[str, str]]:
    return [(c.key, c.text) for c in cell.choices]


def test_every_choice_box_shows_a_key_its_text_does_not_start_with():
    """Skat's matadors: "without" is i (w is "with"), so both show their keys; the game's
    suits are letters the symbols do not show; Hand's yes/no start with their keys: none."""
    cells = {c.field: c for c in view("skat", SKAT, {"game": "clubs"}).cells.values()}
    assert [(k, t.split(" (")[0]) for k, t in keys_shown(cells["tops"])] == [("w", "with"), ("i", "without")]
    assert keys_shown(cells["game"])[:4] == [("d", "♦"), ("h", "♥"), ("s", "♠"), ("c", "♣")]
    assert [k for k, _ in keys_shown(cells["hand"])] == ["", ""]
    assert [k for k, _ in keys_shown(cells["contra"])] == ["n", "c", "r"]  # r: "contra and re (x4)"


def wysiwyg_lines(points: int) -> list[str]:
    """Hand values 9 (Anna) and 12 (Ben): bases 7 and 13; Ben declares with a bid of 3, so the
    target is 13 + 3 = 16 points."""
    draft = DealDraft(Game(load_ruleset("wysiwyg"), ["Anna", "Ben"], {}))
    draft.set("value", 1, 9)
    draft.set("value", 2, 12)
    for field, value in {"declarer": 2, "bid": 3, "trump": "hearts", "points": points}.items():
        draft.set(field, None, value)
    return [line for phase in draft.view().phases for line in phase.derived]


def test_wysiwyg_a_made_deal_is_short_of_nothing():
    shown = wysiwyg_lines(20)
    assert "Made: yes" in shown and "Points of the deal: 7" in shown
    assert not any(line.startswith("Points short") for line in shown)


def test_wysiwyg_a_missed_deal_shows_the_points_short():
    """14 points against a target of 16: 2 short, which costs 5 x (2 - 1) = 5."""
    shown = wysiwyg_lines(14)
    assert "Made: no" in shown and "Points short: 2" in shown and "Points of the deal: 5" in shown
