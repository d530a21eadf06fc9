"""rules check sets a ruleset up for each value of each option; an option that nothing it
works out reads is not set up again for its other values, and every limit is still found."""

from __future__ import annotations

from scorekeeper.game.limits import _option_sets, check_ruleset
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.values import replace

WIDE = """extends = "lupaus"
id = "lupaus-wide"
name = "Lupaus, wide bids"

[options.wide]
type = "bool"
label = "Bids up to a million"
default = false

[derived.most]
value = "1000000 if wide else cards"
label = "Most a bid may be"

[fields.bid]
max = "most"
"""


def test_the_options_only_the_score_and_the_checks_read_are_not_set_up_again():
    """Lupaus' scoring, misses, zero bids, fixed suit, no-trump rule, dealer restriction and
    forehead change no deal plan, bound or seat: the defaults' setup stands for theirs."""
    assert list(_option_sets(load_ruleset("lupaus"))) == [
        {}, {"scoring": "tricks-plus-ten"}, {"scoring": "ten-per-trick"}, {"schedule": "up-down"},
        {"max_cards": "all"}, {"trump_rule": "fixed"}, {"trump_rule": "rotate"}, {"simultaneous": True}]


def test_an_option_a_bound_reads_through_a_derived_value_is_set_up_and_its_limit_found(tmp_path):
    path = tmp_path / "wide.toml"
    path.write_text(WIDE, encoding="utf-8")
    assert {"wide": True} in list(_option_sets(load_ruleset(path)))
    assert [show(p) for p in check_ruleset(path)] == [
        f"{path}: fields.bid.max: the values 0 to 1000000 are too many: a field takes at most 10000 values"]


def test_an_option_the_trump_rules_read_is_set_up_when_a_bound_reads_the_trump(tmp_path):
    path = tmp_path / "trumps.toml"
    path.write_text(WIDE.replace('"1000000 if wide else cards"', '"1000000 if trump == \'hearts\' else cards"'),
                    encoding="utf-8")
    sets = list(_option_sets(load_ruleset(path)))
    assert ({"trump_rule": "fixed"}, {"fixed_suit": "hearts"}, {"fixed_suit": "clubs"}) == (
        sets[5], sets[7], sets[9])
    assert [show(p) for p in check_ruleset(path)] == [
        f"{path}: fields.bid.max: the values 0 to 1000000 are too many: a field takes at most 10000 values"]


def test_every_option_is_set_up_when_what_is_worked_out_reads_the_score():
    """A player's total reads every option that changes points: were a seat formula to read it
    (none may now: the end's formula does), each option would be tried again."""
    hearts = load_ruleset("hearts")
    assert list(_option_sets(hearts)) == [{}]
    reads_totals = replace(hearts, leader=hearts.end_when)  # "max(total) >= game_to"
    assert list(_option_sets(reads_totals)) == [
        {}, {"game_to": 1}, {"game_to": 1000}, {"moon": "shooter-minus-26"}, {"passing": "left"},
        {"passing": "no-passing"}]
