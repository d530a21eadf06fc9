"""Formulas are bounded in every dimension: numbers, types, chains of values.

The reproducers of the bounds issue (numbers escaping the size limit through named
values, chains of derived values, formulas of the wrong type) as tests with their exact
messages, and a property: whatever passes ``rules check`` never fails at play with
anything but a refused entry that names the key.
"""

from __future__ import annotations

import math
import random
import re
import sys

import pytest

from scorekeeper.game.engine import GameError, IllegalEntry, SetupError
from scorekeeper.game.game import Game
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import RulesetError, parse_ruleset_text, ruleset_from_raw

# A small game: two players bid and take tricks; each test adds its own part.
BASE = """\
id = "bounds"
name = "Bounds"
description = "A ruleset for the bounds tests."
deck = 52
phases = ["bidding", "play"]

[players]
min = 2
max = 3

[[deals.plan]]
cards = 3
repeat = 4

[fields]
bid = { phase = "bidding", type = "int", min = 0, max = "cards" }
tricks = { phase = "play", type = "int", min = 0, max = "cards" }
"""
BID = 'bid = { phase = "bidding", type = "int", min = 0, max = "cards" }'

SCORE = '\n[score]\nvalue = "bid + tricks"\n'


def problems(extra: str, score: str = SCORE) -> list[str]:
    """What rules check says of BASE with ``extra`` (and the score), one line each."""
    _, found = parse_ruleset_text(BASE + extra + score, "bounds.toml")
    return [str(p) for p in found]


def game(extra: str, score: str = SCORE, players=("Anna", "Ben")) -> Game:
    ruleset, found = parse_ruleset_text(BASE + extra + score, "bounds.toml")
    assert found == []
    return Game(ruleset, players)


def refused(g: Game) -> str:
    """What the game says when the usual deal is entered (and it is refused)."""
    with pytest.raises(IllegalEntry) as info:
        g.record({"bid": [1, 2], "tricks": [1, 2]})
    return show(info.value)


def chain(length: int, last: str = "d{i} + 1") -> str:
    """``length`` derived values, each computed from the one before (the first from bid)."""
    parts = ['[derived.d0]\nscope = "seat"\nvalue = "bid + 1"']
    parts += [f'[derived.d{i + 1}]\nscope = "seat"\nvalue = "{last.format(i=i)}"' for i in range(length - 1)]
    return "\n".join(parts) + "\n"


# --- numbers escape the size limit through named values (item 3) ----------------------


def test_chained_constants_past_the_largest_number_are_refused_at_check():
    """Multiplying by a small written number no longer skips the bound: the constant
    that passes 10**12 is named, when the file is checked."""
    extra = '[constants]\na = "1000000"\nb = "a * 1000000"\nc = "b * 1000000"\nd = "c * c"\n'
    assert problems(extra) == [
        "bounds.toml: constants.c: 'b * 1000000' cannot be computed: the result 1e+18 is outside "
        "-10**12..10**12, the range of numbers allowed"]


def test_a_decimal_constant_that_would_reach_infinity_is_refused_at_check():
    extra = '[constants]\na = "1e12 * 1e12 * 1e12 * 1e12 * 1e12 * 1e12 * 1e12 * 1e12 * 1e12"\n'
    assert problems(extra) == [
        "bounds.toml: constants.a: '1e12 * 1e12 * 1e12 * 1e12 * 1e12 * 1e12 * 1e12 * 1e12 * 1e12' cannot be "
        "computed: a step of the computation goes outside -10**100..10**100"]


@pytest.mark.parametrize("value, said", [
    ('"1e400"', "the number ∞ is too large; at most 1000000000000 is allowed"),  # a literal past 1.8e308
    ("1e400", "the number ∞ is too large; at most 1000000000000 is allowed"),  # a TOML number
    ("-inf", "the number -∞ is too large; at most 1000000000000 is allowed"),
    ("nan", "the value nan is not allowed in formulas"),
])
def test_an_infinite_number_is_named_as_one_not_as_an_unknown_name(value, said):
    assert problems(f"[constants]\na = {value}\n") == [f"bounds.toml: constants.a: {said}"]


def test_a_constant_for_some_number_of_players_only_is_named_at_check():
    """The constants are worked out for every number of players the ruleset allows."""
    extra = '[constants]\nshare = "12 // (3 - players)"\n'
    assert problems(extra) == [
        "bounds.toml: constants.share: '12 // (3 - players)' cannot be computed: division by zero"]


def test_a_score_past_the_largest_number_refuses_the_entry_naming_the_key():
    """What only the entries decide is stopped at play: the entry is refused, the key named,
    the game unchanged."""
    g = game(chain(2, "d{i} * 1000000"), '\n[score]\nvalue = "d1 * 1000000"\n')
    assert refused(g) == (
        "the ruleset cannot score this deal: score.value: 'd1 * 1000000' cannot be computed: the result 2000000000000 "
        "is outside -10**12..10**12, the range of numbers allowed")
    assert g.deals == [] and g.totals() == (0, 0)


def test_a_derived_value_past_the_largest_number_names_its_own_key():
    g = game(chain(3, "d{i} * 999999"), '\n[score]\nvalue = "d2 - d2"\n')
    assert refused(g) == (
        "the ruleset cannot score this deal: derived.d2.value: 'd1 * 999999' cannot be computed: the result "
        "1999996000002 is outside -10**12..10**12, the range of numbers allowed")


def test_no_integer_of_thousands_of_digits_is_built():
    """A power of a power stops at the largest step, long before Python's 4,300-digit limit."""
    g = game("", '\n[score]\nvalue = "((((bid + 9) ** 10) ** 10) ** 10) ** 10 % 7"\n')
    assert refused(g) == (
        "the ruleset cannot score this deal: score.value: '((((bid + 9) ** 10) ** 10) ** 10) ** 10 % 7' cannot be "
        "computed: a step of the computation goes outside -10**100..10**100")


def test_decimals_never_reach_infinity_or_nan():
    """inf - inf would be NaN; the step before it is stopped instead."""
    big = " * ".join(["(bid + 999999999999.0)"] * 9)
    g = game("", f'\n[score]\nvalue = "{big} - {big}"\n')
    assert refused(g).endswith("cannot be computed: a step of the computation goes outside -10**100..10**100")


def test_a_decimal_power_past_what_decimals_hold_is_stopped_at_its_step():
    g = game("", '\n[score]\nvalue = "((bid + 0.5) * 1e12 * 1e12 * 1e12) ** 10 % 7"\n')
    assert refused(g) == (
        "the ruleset cannot score this deal: score.value: '((bid + 0.5) * 1e12 * 1e12 * 1e12) ** 10 % 7' cannot be "
        "computed: a step of the computation goes outside -10**100..10**100")


def test_a_step_beyond_the_largest_number_is_fine_when_the_value_is_within():
    g = game("", '\n[score]\nvalue = "bid * 999999999999 * 1000 // 999999999999 // 1000 + tricks"\n')
    g.record({"bid": [1, 2], "tricks": [1, 0]})
    assert g.totals() == (2, 2)


def test_an_entered_number_past_the_largest_number_is_refused():
    g = game("")
    with pytest.raises(GameError) as info:
        g.record({"bid": [10**15, 0], "tricks": [1, 2]})
    assert show(info.value) == "bid of Anna must be from -10**12 to 10**12, not 1000000000000000"
    with pytest.raises(GameError) as info:
        g.record({"bid": [1, 0], "tricks": [-(10**40), 2]})
    assert show(info.value) == "tricks of Anna must be from -10**12 to 10**12, not -1e+40"


def test_an_option_past_the_largest_number_is_refused():
    extra = '[options.bonus]\ntype = "int"\ndefault = 10\n'
    ruleset, found = parse_ruleset_text(BASE + extra + SCORE, "bounds.toml")
    assert found == []
    with pytest.raises(SetupError) as info:
        Game(ruleset, ["Anna", "Ben"], {"bonus": 10**15})
    assert show(info.value) == "option bonus must be from -10**12 to 10**12, not 1000000000000000"
    assert problems('[options.bonus]\ntype = "int"\ndefault = 9000000000000000000\n') == [
        "bounds.toml: options.bonus.default: option bonus must be from -10**12 to 10**12, not 9e+18"]


def test_a_starting_score_past_the_largest_number_is_refused():
    g = game("")
    with pytest.raises(GameError) as info:
        g.join("Cara", 10**20)
    assert show(info.value) == "Cara must be from -10**12 to 10**12, not 1e+20"


# --- chains of derived values (item 4) ----------------------------------------------------


def test_150_chained_derived_values_are_refused_at_check():
    assert problems(chain(150), '\n[score]\nvalue = "d149"\n') == [
        "bounds.toml: derived.d149: 'd149' is computed from a chain of 151 values, each from the next; "
        "at most 100 are allowed"]


def test_3000_chained_derived_values_are_refused_at_check_without_a_recursion_error():
    assert problems(chain(3000), '\n[score]\nvalue = "d2999"\n') == [
        "bounds.toml: derived.d2999: 'd2999' is computed from a chain of 3001 values, each from the next; "
        "at most 100 are allowed"]


def test_a_loop_longer_than_pythons_stack_is_reported_once():
    text = chain(1200).replace('value = "bid + 1"', 'value = "d1199 + 1"', 1)
    loop = " -> ".join(["d0", *(f"d{i}" for i in range(1199, 0, -1)), "d0"])
    assert problems(text, '\n[score]\nvalue = "d1199"\n') == [
        f"bounds.toml: derived.d0: the value depends on itself: {loop}"]


def test_loading_a_long_chain_stops_at_its_message():
    with pytest.raises(RulesetError) as info:
        ruleset_from_raw(__import__("tomllib").loads(BASE + chain(150) + '\n[score]\nvalue = "d149"\n'),
                         "bounds.toml")
    assert show(info.value.problems[0].message) == (
        "'d149' is computed from a chain of 151 values, each from the next; at most 100 are allowed")


def test_the_longest_chain_allowed_is_computed_with_half_of_pythons_stack():
    """99 derived values read from a field (100 values in all): scored, in the fast form and
    in a message, within 500 frames of stack (Python's default is 1000 in all)."""
    big = " + ".join(["bid * 0"] * 12)  # too big to be computed in place: each one a call
    extra = chain(99, "d{i} + 1 + " + big) + (
        '[[checks]]\nid = "c"\nscope = "seat"\nlevel = "warning"\nrule = "d98 < 0"\nmessage = "{d98}"\n')
    g = game(extra, '\n[score]\nvalue = "d98"\n')
    limit, frame, used = sys.getrecursionlimit(), sys._getframe(), 0
    while frame is not None:  # the frames under this test (the runner's own)
        frame, used = frame.f_back, used + 1
    sys.setrecursionlimit(used + 500)
    try:
        result = g.record({"bid": [1, 2], "tricks": [1, 2]})
    finally:
        sys.setrecursionlimit(limit)
    assert g.totals() == (100, 101)
    assert [show(i.message) for i in result.issues] == ["101", "100"]  # in bidding order


def test_a_chain_of_small_values_is_inlined_only_as_deep_as_a_formula_may_be():
    """60 small derived values: the fast code computes them in place up to the formulas'
    depth and reads the rest from the deal (no RecursionError while generating it)."""
    g = game(chain(60), '\n[score]\nvalue = "d59 * 2"\n')
    g.record({"bid": [1, 2], "tricks": [1, 2]})
    assert g.totals() == (122, 124)


# --- types (item 5) -------------------------------------------------------------------------


def test_a_score_that_may_be_text_is_refused_at_check():
    assert problems("", "\n[score]\nvalue = \"'x' if bid == tricks else 0\"\n") == [
        "bounds.toml: score.value: a score must be a number, but ''x' if bid == tricks else 0' is a value of "
        "mixed type"]


@pytest.mark.parametrize("bound", ["min", "max"])
def test_a_text_bound_is_refused_at_check(bound):
    text = BASE.replace(BID, BID.replace(f'{bound} = {"0" if bound == "min" else chr(34) + "cards" + chr(34)}',
                                         f"{bound} = \"'x'\""))
    _, found = parse_ruleset_text(text + SCORE, "bounds.toml")
    assert [str(p) for p in found] == [f"bounds.toml: fields.bid.{bound}: a bound must be a number, but ''x'' is text"]


def test_a_value_of_mixed_type_is_no_number_anywhere():
    extra = "[derived.label]\nscope = \"seat\"\nvalue = \"'exact' if bid == tricks else 0\"\n"
    assert problems(extra, '\n[score]\nvalue = "label + 1"\n') == [
        "bounds.toml: score.value: '+' needs numbers, but 'label' is a value of mixed type"]
    assert problems(extra, '\n[score]\nvalue = "bid if label > 0 else 0"\n') == [
        "bounds.toml: score.value: 'label > 0' compares a value of mixed type with number; < <= > >= compare "
        "two numbers or two texts"]


def test_a_derived_value_is_typed_before_the_values_that_read_it():
    """A value read before it is defined in the file has its type all the same."""
    extra = "[derived.a]\nscope = \"seat\"\nvalue = \"b + 1\"\n[derived.b]\nscope = \"seat\"\nvalue = \"'x'\"\n"
    assert problems(extra, '\n[score]\nvalue = "bid"\n') == [
        "bounds.toml: derived.a.value: '+' joins text only to text, but '1' is number: write text(1)"]
    later = "[derived.a]\nscope = \"seat\"\nvalue = \"b + 1\"\n[derived.b]\nscope = \"seat\"\nvalue = \"bid * 2\"\n"
    g = game(later, '\n[score]\nvalue = "a"\n')
    g.record({"bid": [1, 2], "tricks": [1, 2]})
    assert g.totals() == (3, 5)


def test_conditions_seats_and_fills_have_their_types():
    assert problems('[[checks]]\nid = "c"\nrule = "\'yes\'"\nmessage = "m"\n') == [
        "bounds.toml: checks.c.rule: a condition must be yes/no (or a number: 0 is no), but ''yes'' is text"]
    assert problems('[seats]\nfirst_bidder = "\'Anna\'"\n') == [
        "bounds.toml: seats.first_bidder: a seat must be a number, but ''Anna'' is text"]
    assert problems('[[trump]]\nkind = "suit"\nsuit = "deal % 4"\n') == [
        "bounds.toml: trump[0].suit: a suit must be text ('hearts', or 'none' for no trump), but 'deal % 4' is number"]
    filled = BASE.replace(BID, BID.replace(" }", ", optional = true, fill = \"'none'\" }"))
    _, found = parse_ruleset_text(filled + SCORE, "bounds.toml")
    assert [str(p) for p in found] == [
        "bounds.toml: fields.bid.fill: a field of type int must be filled with number, but ''none'' is text"]


# --- the property: what passes rules check never fails at play --------------------------------

NUMBERS = ["bid", "tricks", "cards", "players", "deal", "seat", "d1", "0", "1", "7", "1000000", "999999999999",
           "0.5", "true", "before"]
TEXTS = ["'x'", "player", "name(dealer)", "trump_name", "''"]


def _number(r: random.Random, depth: int) -> str:
    if depth <= 0 or r.random() < 0.25:
        return r.choice(NUMBERS)
    a, b = _number(r, depth - 1), _number(r, depth - 1)
    form = r.randrange(12)
    if form < 5:
        return f"({a} {r.choice(['+', '-', '*', '/', '//', '%'])} {b})"
    return [
        f"({a}) ** {r.randrange(11)}", f"abs({a})", f"max({a}, {b})", f"({a} if {_condition(r, depth - 1)} else {b})",
        f"pick(1 + {a} % 2, {a}, {b})", f"round({a})", f"sum({a})",
    ][form - 5]


def _condition(r: random.Random, depth: int) -> str:
    form = r.randrange(4)
    if form == 0 or depth <= 0:
        return f"{_number(r, depth - 1)} {r.choice(['<', '<=', '==', '!=', '>'])} {_number(r, depth - 1)}"
    if form == 1:
        return f"not ({_condition(r, depth - 1)})"
    if form == 2:
        return f"({_condition(r, depth - 1)} and {_anything(r, depth - 1)})"
    return f"{_anything(r, depth - 1)} == {_anything(r, depth - 1)}"


def _anything(r: random.Random, depth: int) -> str:
    """A formula of any type: a number, text, a condition, or a mixture of them."""
    form = r.randrange(5)
    if form == 0:
        return r.choice(TEXTS)
    if form == 1:
        return _condition(r, depth)
    if form == 2:
        return f"({r.choice(TEXTS)} if {_condition(r, depth - 1)} else {_number(r, depth - 1)})"
    if form == 3:
        return f"{_anything(r, depth - 1)} {r.choice(['+', '*', '<'])} {_number(r, depth - 1)}"
    return _number(r, depth)


# What a constant cannot read (it is known before the game starts), and what it reads instead.
_PER_DEAL = {"name(dealer)": "'x'", "sum(": "abs(", "player": "'y'", "bid": "3", "tricks": "2", "cards": "5",
             "deal": "players", "seat": "1", "d1": "4", "before": "6"}


def _game_level(text: str) -> str:
    return re.sub("|".join(re.escape(k) + (r"\b" if k[-1].isalnum() else "") for k in _PER_DEAL),
                  lambda m: _PER_DEAL[m.group(0)], text)


def _case(r: random.Random) -> str:
    """A ruleset with generated derived values, bound, check, constant, score and end."""
    def quoted(text: str) -> str:
        return '"' + text.replace('"', "'") + '"'

    any_or_number = [_anything, _number]
    return (BASE.replace(BID, BID.replace('"cards"', quoted(r.choice(any_or_number)(r, 2))))
            + f"[constants]\ntrump_name = {quoted(r.choice(['spades', 'x']).join(chr(39) * 2))}\n"
            + f"k = {quoted(_game_level(r.choice(any_or_number)(r, 2)))}\n"
            + f'[derived.d1]\nscope = "seat"\nvalue = {quoted(r.choice(any_or_number)(r, 3))}\n'
            + f'[derived.d2]\nscope = "seat"\nvalue = {quoted(r.choice(any_or_number)(r, 3))}\n'
            + f'[[checks]]\nid = "c"\nscope = "seat"\nrule = {quoted(r.choice([_condition, _anything])(r, 2))}\n'
            + 'message = "{d2} and {d1}"\nlevel = "warning"\n'
            + f"\n[score]\nvalue = {quoted(r.choice(any_or_number)(r, 3))}\n"
            + f"\n[end]\nwhen = {quoted(f'sum(total * ({_number(r, 1)})) > 100')}\n")


def _play(text: str, r: random.Random) -> None:
    """Play three deals of a ruleset that passed rules check: each entry is taken or refused
    with a message; never anything else."""
    ruleset, found = parse_ruleset_text(text, "case.toml")
    assert found == [] and ruleset is not None
    try:
        g = Game(ruleset, ["Anna", "Ben", "Cara"])
    except SetupError as exc:
        show(exc)
        return
    for _ in range(3):
        values = {"bid": [r.randrange(-1, 5) for _ in range(3)], "tricks": [r.randrange(0, 4) for _ in range(3)]}
        try:
            result = g.record(values)
        except GameError as exc:
            assert show(exc)
            continue
        for issue in result.issues:
            assert show(issue.message)
    for total in g.totals():
        assert type(total) in (int, float) and math.isfinite(total) and abs(total) <= 3 * 10**12
    [show(s.name) for s in g.standings()]


def test_what_passes_rules_check_never_fails_at_play():
    """Generated rulesets (formulas of every type in derived values, a bound, a check, a
    constant, the score and the end): those that pass rules check play without an error other than
    a refused entry; the rest are refused at check with the key named."""
    r = random.Random(20261201)
    passed = refused = 0
    for _ in range(300):
        text = _case(r)
        _, found = parse_ruleset_text(text, "case.toml")
        if found:
            refused += 1
            assert all(str(p).startswith("case.toml: ") for p in found)
            continue
        passed += 1
        _play(text, r)
    assert passed >= 25 and refused >= 25  # both sides of the property are exercised
