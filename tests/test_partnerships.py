"""A partnership's values: derived values per partnership, team_sum() and its kin over the
players of the partnership, and every ambiguous form refused at rules check with its key
and what to write instead (docs/rulesets.md, Partnerships)."""

from __future__ import annotations

import copy
import tomllib

import pytest

from helpers.samples import ruleset_game, ruleset_head, ruleset_problems

from scorekeeper.game.game import Game
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import RulesetError, load_ruleset, ruleset_from_raw
from scorekeeper.store.db import Store

# Four players in two partnerships (1 & 3 against 2 & 4) bid and take tricks one by one.
BASE = ruleset_head("pairs", "Partners add up their bids and their tricks.", (4, 4), teams="[[1, 3], [2, 4]]") + """
[fields]
bid = { phase = "bidding", type = "int", min = 0, max = "cards" }
tricks = { phase = "play", type = "int", min = 0, max = "cards" }
"""

SIDE = """
[derived.side_bid]
scope = "team"
value = "team_sum(bid)"

[derived.side_tricks]
scope = "team"
value = "team_sum(tricks)"
"""

SCORE = """
[score]
scope = "team"
value = "10 * side_bid if side_tricks >= side_bid else -10 * side_bid"
made = "side_tricks >= side_bid"
"""


def problems(text: str) -> list[str]:
    return ruleset_problems(text, "pairs.toml")


def game(text: str) -> Game:
    return ruleset_game(text, "pairs.toml", ["Anna", "Ben", "Cara", "Dan"])


def test_a_partnership_scores_its_summed_bids():
    """Anna & Cara bid 3 + 2 = 5 and take 5 + 1 = 6: +50; Ben & Dan bid 4 + 3 = 7, take 4 + 3: +70."""
    g = game(BASE + SIDE + SCORE)
    g.record({"bid": [3, 4, 2, 3], "tricks": [5, 4, 1, 3]})
    assert g.totals() == (50, 70)
    assert g.results()[0].made == (True, True)
    g.record({"bid": [4, 4, 4, 1], "tricks": [3, 4, 3, 3]})  # 8 bid, 6 taken: -80; 5 bid, 7 taken: +50
    assert g.totals() == (-30, 120)


def test_a_partnership_value_is_the_same_at_both_partners_and_read_by_seat_elsewhere():
    """A per-partnership derived value read by a per-seat check is the seat's partnership's;
    of(seat, x) reads it from a formula about the whole deal."""
    checks = """
[[checks]]
id = "side-bid"
scope = "seat"
rule = "side_bid <= 10"
message = "{player}'s side bid {side_bid} ({team_sum(bid)} by {team_count(true)} players)"

[[checks]]
id = "first-side"
rule = "of(1, side_bid) != of(3, side_bid) + 1"
message = "never"
"""
    g = game(BASE + SIDE + SCORE + checks)
    d = g.evaluate(1, {"bid": (6, 1, 5, 1), "tricks": (6, 1, 5, 1)})
    assert [d.value("side_bid", s) for s in (1, 2, 3, 4)] == [11, 2, 11, 2]
    assert [show(i.message) for i in d.check_issues()] == [  # in bidding order, from Ben
        "Cara's side bid 11 (11 by 2 players)", "Anna's side bid 11 (11 by 2 players)"]


def test_team_aggregates_count_compare_and_test_the_partners():
    """team_min, team_max, team_count, team_all and team_any go over the partners only."""
    score = """
[score]
scope = "team"
value = "1000 * team_min(bid) + 100 * team_max(bid) + 10 * team_count(bid > 2) + (2 if team_all(bid > 0) else 0) + (1 if team_any(bid == 0) else 0)"
"""
    g = game(BASE + score)
    g.record({"bid": [3, 0, 5, 2], "tricks": [3, 3, 3, 4]})
    # Anna & Cara: min 3, max 5, two over 2, both above 0, none at 0; Ben & Dan: 0, 2, none, not all, one at 0
    assert g.totals() == (3000 + 500 + 20 + 2, 0 + 200 + 0 + 0 + 1)


def test_an_explicit_partnership_inside_sum_is_allowed():
    """team_of(seat) == 1 inside sum() names a partnership plainly: it is meaningful and allowed."""
    score = '\n[score]\nscope = "team"\nvalue = "sum(bid if team_of(seat) == 1 else 0)"\n'
    g = game(BASE + score)
    g.record({"bid": [3, 4, 2, 3], "tricks": [5, 4, 1, 3]})
    assert g.totals() == (5, 5)


AMBIGUOUS = [
    # a bare per-seat name in a partnership formula: once silently the first partner's value
    ('value = "10 * bid"',
     "pairs.toml: score.value: 'bid' has a value for each player, but this formula is about a partnership: "
     "say whose, with team_sum(bid) (or team_min, team_max, team_count, ...) for the partnership's players, "
     "or of(seat, bid) for one seat"),
    ('value = "1"\nmade = "seat == 1"',
     "pairs.toml: score.made: 'seat' has a value for each player, but this formula is about a partnership: "
     "say whose, with team_sum(seat) (or team_min, team_max, team_count, ...) for the partnership's players, "
     "or of(seat, seat) for one seat"),
    # team inside sum(): once silently every seat's own partnership, so all four bids
    ('value = "sum(bid if team_of(seat) == team else 0)"',
     "pairs.toml: score.value: inside sum(), 'team' is each player's own partnership, not this formula's "
     "(so team_of(seat) == team always holds there): for this partnership's players write team_sum(x) "
     "(or team_count, team_min, ...); for a given partnership, team_of(seat) == 1"),
    ('value = "count(team == 1)"',
     "pairs.toml: score.value: inside count(), 'team' is each player's own partnership, not this formula's "
     "(so team_of(seat) == team always holds there): for this partnership's players write team_sum(x) "
     "(or team_count, team_min, ...); for a given partnership, team_of(seat) == 1"),
]


@pytest.mark.parametrize(("score", "expected"), AMBIGUOUS)
def test_an_ambiguous_partnership_formula_is_refused_with_its_key_and_a_hint(score, expected):
    assert problems(BASE + f'\n[score]\nscope = "team"\n{score}\n') == [expected]


def test_team_inside_sum_is_refused_in_a_per_seat_formula_and_allowed_about_the_whole_deal():
    """In a per-seat value 'team' is the seat's partnership, inside sum() each player's: refused
    there too; in a check about the whole deal it can only be each player's, and is allowed."""
    mine = '\n[derived.mine]\nvalue = "sum(bid if team_of(seat) == team else 0)"\n'
    assert problems(BASE + SIDE + SCORE + mine) == [
        "pairs.toml: derived.mine.value: inside sum(), 'team' is each player's own partnership, not this "
        "formula's (so team_of(seat) == team always holds there): for this partnership's players write "
        "team_sum(x) (or team_count, team_min, ...); for a given partnership, team_of(seat) == 1"]
    check = '\n[[checks]]\nid = "first"\nrule = "sum(bid if team == 1 else 0) <= 13"\nmessage = "m"\n'
    g = game(BASE + SIDE + SCORE + check)
    assert [show(i.message) for i in g.evaluate(1, {"bid": (7, 0, 7, 0)}).check_issues()] == ["m"]


def test_a_derived_value_per_partnership_reads_no_bare_per_seat_name():
    derived = '\n[derived.side]\nscope = "team"\nvalue = "bid + 1"\n'
    assert problems(BASE + derived + SCORE.replace("side_bid", "side").replace("side_tricks", "side")) == [
        "pairs.toml: derived.side.value: 'bid' has a value for each player, but this formula is about a "
        "partnership: say whose, with team_sum(bid) (or team_min, team_max, team_count, ...) for the "
        "partnership's players, or of(seat, bid) for one seat"]


def test_partnership_values_need_partnerships():
    no_teams = BASE.replace("[teams]\nseats = [[1, 3], [2, 4]]\n", "").replace("max = 4", "max = 5")
    assert "[teams]" not in no_teams
    score = '\n[score]\nvalue = "team_sum(bid)"\n'
    derived = '\n[derived.side]\nscope = "team"\nvalue = "1"\n'
    assert problems(no_teams + derived + score) == [
        "pairs.toml: derived.side.scope: 'team' needs partnerships ([teams]) in the ruleset",
        "pairs.toml: score.value: team_sum() goes over the players of a partnership, but the ruleset has no "
        "partnerships ([teams] seats)"]


def test_a_team_aggregate_needs_a_seat_or_partnership():
    check = '\n[[checks]]\nid = "x"\nrule = "team_sum(bid) < 20"\nmessage = "m"\n'
    assert problems(BASE + SIDE + SCORE + check) == [
        "pairs.toml: checks.x.rule: team_sum() goes over the players of one partnership: use it in a "
        "per-player or partnership formula, or inside of(seat, ...)"]


def test_a_stored_game_keeps_the_meaning_its_partnership_formulas_were_started_under(tmp_path):
    """A whist game stored before partnership formulas were checked keeps its copy of the rules,
    where the score reads the per-seat value 'taken' bare (the first partner's): it opens and
    scores as it did, while the same rules from a file are refused with the key."""
    old = copy.deepcopy(load_ruleset("whist").raw)
    for name in ("taken", "honour_points"):
        del old["derived"][name]["scope"]  # as whist was written before
    with pytest.raises(RulesetError) as info:
        ruleset_from_raw(old, "whist")
    assert show(info.value.problems[0]).startswith(
        "whist: score.value: 'taken' has a value for each player, but this formula is about a partnership")
    path = tmp_path / "s.db"
    with Store(path) as store:
        stored = store.new_game(ruleset_from_raw(old, "whist", stored=True), "whist", ["Anna", "Ben", "Cara", "Dan"])
        stored.record({"tricks": 8, "turned": "hearts"})
        stored.record({"tricks": 4, "turned": "clubs"})
    with Store(path) as store:
        assert store.open_game(stored.id).game.totals() == (2, 3)


def test_a_stored_copy_of_the_rules_keeps_team_inside_sum():
    """Rules saved with a game before 'team' inside sum() was checked are built as they were."""
    raw = tomllib.loads(BASE + '\n[score]\nscope = "team"\nvalue = "count(team == 1)"\n')
    with pytest.raises(RulesetError):
        ruleset_from_raw(raw, "pairs")
    g = Game(ruleset_from_raw(raw, "pairs", stored=True), ["Anna", "Ben", "Cara", "Dan"])
    g.record({"bid": [3, 4, 2, 3], "tricks": [5, 4, 1, 3]})
    assert g.totals() == (2, 2)
