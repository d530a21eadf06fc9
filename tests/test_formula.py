"""The formula language: what it refuses, what it computes, and that it never runs Python."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper.rules.formula as formula_module
import scorekeeper.rules.formula_base as formula_base
import scorekeeper.rules.formula_compiler as formula_compiler
from scorekeeper.i18n import show
from scorekeeper.rules.cards import parse_hand
from scorekeeper.rules.formula import (
    ANY,
    BOOL,
    CARDS,
    CONST,
    DEAL,
    NUM,
    SEAT,
    TEXT,
    EvalError,
    FormulaError,
    Missing,
    NameInfo,
    compile_formula,
    compile_template,
)

KEY = "score.value"

NAMES: dict[str, NameInfo] = {
    # game level
    "players": NameInfo(NUM, CONST),
    "deck": NameInfo(NUM, CONST),
    "scoring": NameInfo(TEXT, CONST),
    # deal level
    "deal": NameInfo(NUM, DEAL),
    "cards": NameInfo(NUM, DEAL),
    "dealer": NameInfo(NUM, DEAL),
    "trump": NameInfo(TEXT, DEAL),
    "x": NameInfo(NUM, DEAL),
    "zero": NameInfo(NUM, DEAL),
    "big": NameInfo(NUM, DEAL),
    "turned": NameInfo(TEXT, DEAL, entered=True),
    "anything": NameInfo(ANY, DEAL),
    # seat level
    "seat": NameInfo(NUM, SEAT),
    "player": NameInfo(TEXT, SEAT),
    "is_dealer": NameInfo(BOOL, SEAT),
    "bid": NameInfo(NUM, SEAT, entered=True),
    "tricks": NameInfo(NUM, SEAT, entered=True),
    "hand": NameInfo(CARDS, SEAT, entered=True),
}

# The WYSIWYG seed hand: 2 aces, 1 king, 3 queens, 5 hearts.
SEED_HAND = parse_hand("♠K ♠Q ♠7 ♥A ♥Q ♥8 ♥5 ♥2 ♦A ♦9 ♣Q ♣J ♣3")


class FakeEnv:
    """Three seats bidding in the order 2, 3, 1; seat 1 deals."""

    ORDER = (2, 3, 1)
    PLAYER_NAMES = {1: "Anna", 2: "Bo", 3: "Cai"}
    TEAMS = {1: 1, 2: 2, 3: 1}

    def __init__(self, deal_values=None, seat_values=None, seat=None):
        self.deal_values = {
            "players": 3, "deck": 52, "scoring": "ten-plus-bid", "deal": 4, "cards": 3,
            "dealer": 1, "trump": "hearts", "x": 3, "zero": 0, "big": 2**60 + 1,
            "turned": None, "anything": "text",
        } if deal_values is None else deal_values
        self.seat_values = {
            "seat": {1: 1, 2: 2, 3: 3},
            "player": dict(self.PLAYER_NAMES),
            "is_dealer": {1: True, 2: False, 3: False},
            "bid": {1: 2, 2: 0, 3: 0},
            "tricks": {1: 0, 2: 3, 3: 0},
            "hand": {1: SEED_HAND, 2: None, 3: None},
        } if seat_values is None else seat_values
        self.seat = seat

    def _raw(self, name):
        if name in self.seat_values:
            return None if self.seat is None else self.seat_values[name].get(self.seat)
        return self.deal_values.get(name)

    def get(self, name):
        value = self._raw(name)
        if value is None:
            raise Missing(name, self.seat if name in self.seat_values else None)
        return value

    def at(self, seat):
        return FakeEnv(self.deal_values, self.seat_values, int(seat))

    def seat_order(self):
        return self.ORDER

    def is_entered(self, name):
        return self._raw(name) is not None

    def seat_name(self, seat):
        return self.PLAYER_NAMES[int(seat)]

    def team_of(self, seat):
        return self.TEAMS[int(seat)]


def compile_(text, scope=DEAL, names=NAMES):
    return compile_formula(text, key=KEY, names=names, scope=scope)


def ev(text, scope=DEAL, seat=None, env=None):
    env = env or FakeEnv()
    if seat is not None:
        env = env.at(seat)
        scope = SEAT
    return compile_(text, scope)(env)


# --- escapes and resource bombs --------------------------------------------------------

LONG_TEXT = "'" + "a" * 201 + "'"
NESTED_POWERS = "(" * 10 + "9" + "**10)" * 10

REFUSED = [
    # imports and the builtins
    ("__import__('os')", "unknown function '__import__'"),
    ("__import__('os').system('ls')", "only the listed functions may be called; '__import__('os').system' is not one"),
    ("exec('1')", "unknown function 'exec'"),
    ("eval('1')", "unknown function 'eval'"),
    ("compile('1', 'f', 'eval')", "unknown function 'compile'"),
    ("open('/etc/passwd')", "unknown function 'open'"),
    ("getattr(1, 'x')", "unknown function 'getattr'"),
    ("globals()", "unknown function 'globals'"),
    ("locals()", "unknown function 'locals'"),
    ("vars()", "unknown function 'vars'"),
    ("breakpoint()", "unknown function 'breakpoint'"),
    ("print('x')", "unknown function 'print'"),
    ("type(1)", "unknown function 'type'"),
    ("bid()", "unknown function 'bid'"),
    ("import os", "'import os' is not a valid formula"),
    ("__builtins__", "names starting with '_' are not allowed: '__builtins__'"),
    ("_secret", "names starting with '_' are not allowed: '_secret'"),
    ("bid if True else __builtins__", "names starting with '_' are not allowed: '__builtins__'"),
    ("ｅｘｅｃ('1')", "unknown function 'exec'"),  # full-width letters (NFKC): still just a name
    ("＿secret", "is not a valid formula (invalid character '＿' (U+FF3F) at column 1)"),
    # attributes, the class hierarchy, str.format
    ("().__class__.__mro__", "attribute access ('.') is not allowed in formulas"),
    ("().__class__.__bases__[0].__subclasses__()", "only the listed functions may be called"),
    ("bid.__class__", "attribute access ('.') is not allowed in formulas"),
    ("sum.__globals__", "attribute access ('.') is not allowed in formulas"),
    ("'a'.format", "attribute access ('.') is not allowed in formulas"),
    ("'{0.__class__}'.format(1)", "only the listed functions may be called; ''{0.__class__}'.format' is not one"),
    ("bid[0]", "subscripts ('[...]') are not allowed in formulas"),
    ("'abc'[0:1]", "subscripts ('[...]') are not allowed in formulas"),
    # f-strings, lambdas, comprehensions, containers
    ("f'{1}'", "f-strings are not allowed in formulas"),
    ("f\"{'a'*10**9}\"", "f-strings are not allowed in formulas"),
    ("lambda: 1", "lambda is not allowed in formulas"),
    ("[x for x in (1,2)]", "comprehensions are not allowed in formulas"),
    ("{x for x in (1,)}", "comprehensions are not allowed in formulas"),
    ("(x for x in (1,))", "comprehensions are not allowed in formulas"),
    ("{x: 1 for x in (1,)}", "comprehensions are not allowed in formulas"),
    ("sum(x for x in bid)", "comprehensions are not allowed in formulas"),
    ("{1: 2}", "dictionaries are not allowed in formulas"),
    ("{1, 2}", "sets are not allowed in formulas"),
    ("[1, 2]", "lists are not allowed in formulas"),
    ("(1, 2)", "tuples are not allowed in formulas"),
    ("min(*bid)", "'*' unpacking is not allowed in formulas"),
    ("sum(bid, start=1)", "sum() takes no named arguments"),
    ("x := 1", "'x := 1' is not a valid formula"),
    ("(y := 1)", "':=' is not allowed in formulas"),
    ("await x", "await is not allowed in formulas"),
    ("yield 1", "'yield 1' is not a valid formula"),
    ("1; 2", "'1; 2' is not a valid formula"),
    ("1\n+ 2", "a formula must be on one line"),
    ("cards\r", "a formula must be on one line"),
    ("", "the formula is empty"),
    ("   ", "the formula is empty"),
    # values that are not numbers, text or yes/no
    ("\"a\" if 1 else b'x'", "the value b'x' is not allowed in formulas"),
    ("...", "the value Ellipsis is not allowed in formulas"),
    ("None", "the value None is not allowed in formulas"),
    ("1j", "the value 1j is not allowed in formulas"),
    # operators outside the language
    ("~1", "'~' is not allowed in formulas"),
    ("1 @ 2", "the operator in '1 @ 2' is not allowed"),
    ("1 << 2", "the operator in '1 << 2' is not allowed"),
    ("1 >> 2", "the operator in '1 >> 2' is not allowed"),
    ("1 | 2", "the operator in '1 | 2' is not allowed"),
    ("1 & 2", "the operator in '1 & 2' is not allowed"),
    ("1 ^ 2", "the operator in '1 ^ 2' is not allowed"),
    ("1 in x", "'1 in x': 'in' takes a bracketed list of values written out, e.g. strain in ('hearts', 'spades')"),
    ("1 is 1", "'1 is 1': only == != < <= > >= compare values in formulas"),
    ("1 not in (x,)", "'in' takes values written out ('hearts', 3, true), but 'x' is not one"),
    ("1 < 2 in (1, 2)", "'in' takes a bracketed list of values written out"),
    ("'a' in ('a', ().__class__)", "'in' takes values written out"),
    # resource bombs: powers
    ("9**9**9", "'**' is allowed only with a whole-number exponent from 0 to 10 written as a number"),
    ("10**10**10", "'**' is allowed only with a whole-number exponent from 0 to 10"),
    ("2**100", "'**' is allowed only with a whole-number exponent from 0 to 10"),
    ("2**bid", "'**' is allowed only with a whole-number exponent from 0 to 10"),
    ("2**-1", "'**' is allowed only with a whole-number exponent from 0 to 10"),
    ("2**0.5", "'**' is allowed only with a whole-number exponent from 0 to 10"),
    ("2**True", "'**' is allowed only with a whole-number exponent from 0 to 10"),
    ("2**(5)**2", "'**' is allowed only with a whole-number exponent from 0 to 10"),
    # resource bombs: big literals
    ("1" * 40, "a number in a formula may have at most 13 digits (at most 1000000000000)"),
    ("1" * 14, "a number in a formula may have at most 13 digits"),
    ("0x" + "f" * 40, "is too large; at most 1000000000000 is allowed"),
    ("1e999", "the number ∞ is too large; at most 1000000000000 is allowed"),
    ("1e300", "the number 1e+300 is too large; at most 1000000000000 is allowed"),
    ("1.5e12", "the number 1500000000000.0 is too large; at most 1000000000000 is allowed"),
    # resource bombs: text
    ("'a' * 1000", "'*' needs numbers, but \"'a'\" is text"),
    ("1000 * trump", "'*' needs numbers, but 'trump' is text"),
    ("'%999999999s' % 1", "'%' needs numbers, but \"'%999999999s'\" is text"),
    (LONG_TEXT, "text in a formula may be at most 200 characters"),
    # resource bombs: nesting and length
    ("(" * 200 + "1" + ")" * 200, "brackets are nested 200 deep; at most 32 are allowed"),
    ("(" * 33 + "1" + ")" * 33, "brackets are nested 33 deep; at most 32 are allowed"),
    ("-" * 500 + "1", "the formula is nested more than 32 deep"),
    ("not " * 200 + "1", "the formula is nested more than 32 deep"),
    ("+".join(["1"] * 40), "the formula is nested more than 32 deep"),
    ("-" * 1000 + "1", "the formula is 1001 characters long; at most 1000 are allowed"),
    ("1+" * 2499 + "12", "the formula is 5000 characters long; at most 1000 are allowed"),
    # types and scopes
    ("sum(player)", "sum() needs numbers, but 'player' is text"),
    ("abs('a')", "abs() needs number as argument 1, but \"'a'\" is text"),
    ("rank_count(trump, 'A')", "rank_count() needs cards as argument 1, but 'trump' is text"),
    ("'a' < 1", "''a' < 1' compares text with a number"),
    # a value of mixed type is no number, whatever it turns out to be while running
    ("anything * 999999999999", "'*' needs numbers, but 'anything' is a value of mixed type"),
    ("pick(1, 'x', 2) * 999999999999", "'*' needs numbers, but \"pick(1, 'x', 2)\" is a value of mixed type"),
    ("pick(1, '%999999999s', 2) % 1", "'%' needs numbers, but \"pick(1, '%999999999s', 2)\" is a value of mixed type"),
    ("anything + 1", "'+' needs numbers, but 'anything' is a value of mixed type"),
    ("-anything", "'-' needs numbers, but 'anything' is a value of mixed type"),
    ("abs(anything)", "abs() needs number as argument 1, but 'anything' is a value of mixed type"),
    ("anything < 3", "'anything < 3' compares a value of mixed type with number; < <= > >= compare two numbers"
                     " or two texts"),
    ("sum", "'sum' is a function: write sum(x)"),
    ("entered(cards)", "entered() takes the name of a field the table enters, e.g. entered(points)"),
    ("cycle(1)", "wrong number of arguments: cycle(i, a, b, ...)"),
    ("clamp(1, 2)", "wrong number of arguments: clamp(x, low, high)"),
    ("unknown_fn(1)", "unknown function 'unknown_fn'"),
]


def test_the_corpus_is_large():
    assert len(REFUSED) >= 35
    assert len({text for text, _ in REFUSED}) == len(REFUSED)


@pytest.mark.parametrize(("text", "fragment"), REFUSED, ids=[repr(t[:40]) for t, _ in REFUSED])
def test_refused(text, fragment):
    with pytest.raises(FormulaError) as info:
        compile_formula(text, key=KEY, names=NAMES, scope=SEAT)
    exc = info.value
    assert exc.key == KEY
    assert fragment in show(exc.message)
    assert str(exc) == f"{KEY}: {show(exc.message)}"


def test_refused_message_for_unknown_function_lists_the_functions():
    with pytest.raises(FormulaError) as info:
        compile_("exec('1')")
    assert show(info.value.message) == (
        "unknown function 'exec'; the functions are abs, all, any, between, bidder, card_count, ceil, clamp, "
        "count, cycle, entered, first_max, first_min, floor, has_card, index_of, longest_suit, max, min, name, "
        "of, pick, rank_count, round, sign, suit_count, sum, team_all, team_any, team_count, "
        "team_max, team_min, team_of, team_sum, text"
    )


@pytest.mark.parametrize("value", [True, None, [1], {"a": 1}, b"1"])
def test_refused_non_text(value):
    with pytest.raises(FormulaError) as info:
        compile_(value)
    assert info.value.key == KEY
    assert show(info.value.message).startswith("expected a formula (text) or a number, got ")


def test_numbers_from_toml_are_formulas():
    assert compile_(52)(FakeEnv()) == 52
    assert compile_(2.5)(FakeEnv()) == 2.5
    with pytest.raises(FormulaError, match="the number ∞ is too large"):
        compile_(float("inf"))


# Accepted by the compiler, but stopped safely while running.
STEP = "a step of the computation goes outside -10**100..10**100"
RUNTIME_BOMBS = [
    (NESTED_POWERS, STEP),
    ("big * big * big * big * big * big * big * big * big * big * big * big * big * big * big * big * big * big",
     STEP),
    ("999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0"
     " * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0"
     " * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0"
     " * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0 * 999999999999.0"
     " * 999999999999.0 * 999999999999.0 * 999999999999.0", STEP),
    ("1e12 / 1e-300", STEP),
    ("x * 1000000000000", "the result 3000000000000 is outside -10**12..10**12, the range of numbers allowed"),
    ("x * 1000000000000.0 * 1000000", "the result 3e+18 is outside -10**12..10**12, the range of numbers allowed"),
    ("999999999999 + 1 + 1", "the result 1000000000001 is outside -10**12..10**12, the range of numbers allowed"),
    ("pick(x - 1, 'x', 999999999999 * 2)",
     "the result 1999999999998 is outside -10**12..10**12, the range of numbers allowed"),
]


@pytest.mark.parametrize(("text", "fragment"), RUNTIME_BOMBS, ids=[repr(t[:40]) for t, _ in RUNTIME_BOMBS])
def test_runtime_bombs_stopped(text, fragment):
    formula = compile_(text)
    with pytest.raises(EvalError) as info:
        formula(FakeEnv())
    assert info.value.key == KEY
    assert show(info.value.message) == f"'{text}' cannot be computed: {fragment}"


def test_chains_of_values_stay_bounded():
    # A chain of derived values each squaring the last stops instead of growing without end.
    square = compile_("x * x")
    value = 2**10
    with pytest.raises(EvalError, match="the result 1099511627776 is outside -10\\*\\*12..10\\*\\*12"):
        for _ in range(20):
            value = square(FakeEnv({"x": value}))
    assert value == 2**20


def test_largest_power_allowed():
    """A step may reach 10**100 as long as the value the formula ends with is at most 10**12."""
    assert ev("(10 ** 10) ** 10 // (10 ** 10) ** 9") == 10**10
    assert ev("999999999999 ** 8 // 999999999999 ** 7") == 999999999999


# --- no eval, no exec --------------------------------------------------------------------

def _forbidden_calls(tree: ast.AST) -> list[tuple[str, ast.Call]]:
    """The calls of eval, exec, compile and __import__ in a module's tree, by name or attribute."""
    forbidden = {"eval", "exec", "compile", "__import__"}
    calls = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name in forbidden:
                calls.append((name, node))
    return calls


def test_formula_modules_never_call_eval_or_exec_and_compile_only_generated_trees():
    """No eval/exec anywhere. compile() is called twice, both in the compiler (the module that
    runs formulas and the one it shares with the compiler call none of these): in _code, on the
    generated tree, and in _parse, which only parses (the flag that makes compile give the syntax
    tree, not code), as a single expression; every formula text is parsed through _parse."""
    for module in (formula_module, formula_base):
        assert _forbidden_calls(ast.parse(Path(module.__file__).read_text(encoding="utf-8"))) == [], module
    source = Path(formula_compiler.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    calls = _forbidden_calls(tree)
    assert [name for name, _ in calls] == ["compile", "compile"]
    owners = {}
    for _, call in calls:
        owner = next(f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and any(n is call for n in ast.walk(f)))
        owners[owner.name] = (owner, call)
    assert sorted(owners) == ["_code", "_parse"]
    # _code's first argument is the parameter holding the generated tree (an ast.Expression),
    # never formula text: it refuses any node the generator may not produce (_ready).
    owner, call = owners["_code"]
    assert isinstance(call.args[0], ast.Name) and call.args[0].id == "generated"
    assert owner.args.args[0].arg == "generated"
    assert any(isinstance(n, ast.Call) and getattr(n.func, "id", None) == "_ready" for n in ast.walk(owner))
    # _parse only parses (PyCF_ONLY_AST), always as a single expression.
    owner, call = owners["_parse"]
    assert isinstance(call.args[2], ast.Constant) and call.args[2].value == "eval"
    assert ast.unparse(call.args[3]) == "_syntax().PyCF_ONLY_AST"
    assert formula_compiler.ast.PyCF_ONLY_AST == ast.PyCF_ONLY_AST
    # and nothing parses another way
    parses = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
              and n.func.attr == "parse"]
    assert parses == []
    assert isinstance(formula_compiler._parse("1 + x"), ast.Expression)


# --- exact values ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("10 - 4 - 3", 3),
    ("2 * 3 + 4 * 5", 26),
    ("-2 ** 2", -4),
    ("2 ** 10", 1024),
    ("2 ** 0", 1),
    ("cards ** 2", 9),
    ("-x + +x", 0),
    ("7 // 2", 3),
    ("-7 // 2", -4),
    ("7 % 3", 1),
    ("-7 % 3", 2),
    ("6 / 3", 2),
    ("7 / 2", 3.5),
    ("1 / 4", 0.25),
    ("(999999999999 * 999999999999 + 1) * 3 / 3 - 999999999999 * 999999999999", 1),  # exact, not a decimal
    ("x * 1.5", 4.5),
    ("1_000 + 0x10", 1016),
    ("1 < 2 < 3", True),
    ("1 < 3 < 2", False),
    ("3 >= 3 > 2 != 1", True),
    ("1 == 1.0", True),
    ("2 <= 1", False),
    ("'a' != 'b'", True),
    ("trump == 'hearts'", True),
    ("trump != 'none' and cards > 2", True),
    ("1 and 0", False),
    ("0 or 2", True),
    ("not 0", True),
    ("not cards", False),
    ("true and not false", True),
    ("True or False", True),
    ("x > 5 or x < 4 and x > 2", True),
    ("10 if cards > 2 else 20", 10),
    ("10 if cards > 3 else 20", 20),
    ("'a' if x == 1 else 'b' if x == 3 else 'c'", "b"),
    ("abs(-3)", 3),
    ("abs(2 - 5) + abs(5 - 2)", 6),
    ("min(3, 1, 2)", 1),
    ("max(3, 1, 2)", 3),
    ("max(cards, 10)", 10),
    ("clamp(15, 0, 10)", 10),
    ("clamp(-5, 0, 10)", 0),
    ("clamp(5, 0, 10)", 5),
    ("floor(2.7)", 2),
    ("floor(-2.5)", -3),
    ("floor(7 / 2)", 3),
    ("ceil(2.1)", 3),
    ("ceil(-2.1)", -2),
    ("ceil(7 / 2)", 4),
    ("round(2.5)", 3),
    ("round(2.4)", 2),
    ("round(-2.5)", -2),
    ("round(10 / 4)", 3),
    ("sign(-4)", -1),
    ("sign(0)", 0),
    ("sign(7)", 1),
    ("cycle(7, 'a', 'b', 'c')", "a"),
    ("cycle(1, 'a', 'b', 'c')", "a"),
    ("cycle(2, 'a', 'b', 'c')", "b"),
    ("cycle(6, 'a', 'b', 'c')", "c"),
    ("cycle(deal, 'spades', 'clubs', 'diamonds', 'hearts', 'none')", "hearts"),
    ("pick(1, 10, 20, 30)", 10),
    ("pick(3, 10, 20, 30)", 30),
    ("pick(2, 'x', 'y')", "y"),
    # aggregates: bids {1: 2, 2: 0, 3: 0}, tricks {1: 0, 2: 3, 3: 0}, bidding order 2, 3, 1
    ("sum(bid)", 2),
    ("sum(tricks)", 3),
    ("sum(bid + tricks)", 5),
    ("sum(seat)", 6),
    ("min(bid)", 0),
    ("max(bid)", 2),
    ("max(tricks - bid)", 3),
    ("count(bid == tricks)", 1),
    ("count(bid == 0)", 2),
    ("count(is_dealer)", 1),
    ("all(bid >= 0)", True),
    ("all(bid > 0)", False),
    ("any(bid > 1)", True),
    ("any(bid > 2)", False),
    ("first_min(bid)", 2),
    ("first_min(tricks)", 3),
    ("first_max(tricks)", 2),
    ("first_max(bid)", 1),
    ("first_max(seat)", 3),
    ("of(1, bid)", 2),
    ("of(3, tricks)", 0),
    ("of(dealer, player)", "Anna"),
    ("of(first_max(tricks), player)", "Bo"),
    ("bidder(1)", 2),
    ("bidder(2)", 3),
    ("bidder(3)", 1),
    ("of(bidder(3), bid)", 2),
    ("sum(bid) != cards", True),
    ("name(dealer)", "Anna"),
    ("name(bidder(1))", "Bo"),
    ("team_of(3)", 1),
    ("team_of(2)", 2),
    ("entered(turned)", False),
    ("count(entered(bid))", 3),
    ("count(entered(hand))", 1),
])
def test_values(text, expected):
    value = ev(text)
    assert value == expected
    assert type(value) is type(expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("bid", 2),
    ("bid - tricks", 2),
    ("10 + bid if bid == tricks else 0", 0),
    ("player", "Anna"),
    ("is_dealer", True),
    ("entered(tricks)", True),
    ("3*rank_count(hand,'A') + 2*rank_count(hand,'K') + rank_count(hand,'Q') + longest_suit(hand) == 16", True),
    ("3*rank_count(hand,'A') + 2*rank_count(hand,'K') + rank_count(hand,'Q') + longest_suit(hand)", 16),
    ("rank_count(hand, 'A')", 2),
    ("rank_count(hand, 'q')", 3),
    ("rank_count(hand, '10')", 0),
    ("longest_suit(hand)", 5),
    ("suit_count(hand, 'hearts')", 5),
    ("suit_count(hand, 'spades')", 3),
    ("suit_count(hand, trump)", 5),
    ("card_count(hand)", 13),
    ("has_card(hand, 'HA')", True),
    ("has_card(hand, 'h5')", True),
    ("has_card(hand, 'SA')", False),
])
def test_seat_values(text, expected):
    value = ev(text, seat=1)
    assert value == expected
    assert type(value) is type(expected)


def test_cards_in_deal_scope_through_of():
    assert ev("longest_suit(of(1, hand)) + card_count(of(1, hand))") == 18


def test_formula_records_type_text_and_names():
    f = compile_("  10 + sum(bid) if trump == 'hearts' else max(cards, 1)  ")
    assert f.key == KEY
    assert f.text == "10 + sum(bid) if trump == 'hearts' else max(cards, 1)"
    assert f.type == NUM
    assert f.names == {"bid", "trump", "cards"}
    assert compile_("trump").type == TEXT
    assert compile_("sum(bid) == cards").type == BOOL
    assert compile_("of(1, hand)").type == CARDS
    assert compile_("true").names == frozenset()


# --- compile-time type, scope and name errors ------------------------------------------------

def test_text_plus_number_refused():
    with pytest.raises(FormulaError) as info:
        compile_("bid + trump", SEAT)
    assert info.value.key == KEY
    assert show(info.value.message) == "'+' needs numbers, but 'trump' is text"


def test_sum_of_text_refused():
    with pytest.raises(FormulaError) as info:
        compile_("sum(player)")
    assert show(info.value.message) == "sum() needs numbers, but 'player' is text"


def test_cards_needed():
    with pytest.raises(FormulaError) as info:
        compile_("longest_suit(bid)", SEAT)
    assert show(info.value.message) == "longest_suit() needs cards as argument 1, but 'bid' is number"


@pytest.mark.parametrize("text", ["bid + 1", "bid", "10 if tricks == bid else 0", "min(bid, 3)"])
def test_seat_name_in_deal_scope(text):
    with pytest.raises(FormulaError) as info:
        compile_(text, DEAL)
    first = "tricks" if text.startswith("10 if tricks") else "bid"
    assert show(info.value.message) == (
        f"'{first}' has a value for each seat; use it inside sum(), min(), max(), "
        "count(), first_min() or of(seat, ...)"
    )


def test_seat_name_in_game_scope_is_unknown_there():
    names = {k: v for k, v in NAMES.items() if v.scope == CONST}
    with pytest.raises(FormulaError) as info:
        compile_formula("deck // cards", key="constants.top", names=names, scope=CONST)
    assert str(info.value) == "constants.top: unknown name 'cards' (did you mean 'has_card'?)"


def test_entered_of_seat_field_in_deal_scope():
    with pytest.raises(FormulaError) as info:
        compile_("entered(bid)")
    assert show(info.value.message) == "'bid' has a value for each seat; use entered() inside of(seat, ...) or count()"


@pytest.mark.parametrize(("text", "message"), [
    ("trick", "unknown name 'trick' (did you mean 'tricks'?)"),
    ("10 + bids", "unknown name 'bids' (did you mean 'bid'?)"),
    ("sum(trikcs)", "unknown name 'trikcs' (did you mean 'tricks'?)"),
    ("qqqq", "unknown name 'qqqq'"),
])
def test_unknown_name(text, message):
    with pytest.raises(FormulaError) as info:
        compile_(text, SEAT)
    assert show(info.value.message) == message
    assert str(info.value) == f"{KEY}: {message}"


def test_unknown_function_suggests():
    with pytest.raises(FormulaError) as info:
        compile_("summ(bid)")
    assert show(info.value.message).startswith("unknown function 'summ' (did you mean 'sum'?); the functions are abs, ")


def test_syntax_error_message():
    with pytest.raises(FormulaError) as info:
        compile_("1 +")
    assert show(info.value.message) == "'1 +' is not a valid formula (invalid syntax)"


# --- runtime errors ---------------------------------------------------------------------------

def test_division_by_zero():
    formula = compile_("cards / zero")
    with pytest.raises(EvalError) as info:
        formula(FakeEnv())
    assert info.value.key == KEY
    assert str(info.value) == f"{KEY}: 'cards / zero' cannot be computed: division by zero"


@pytest.mark.parametrize("text", ["cards // zero", "cards % zero"])
def test_integer_division_by_zero(text):
    with pytest.raises(EvalError) as info:
        compile_(text)(FakeEnv())
    assert info.value.key == KEY
    assert "cannot be computed" in show(info.value.message)


def test_pick_out_of_range():
    with pytest.raises(EvalError) as info:
        ev("pick(5, 1, 2)")
    assert info.value.key == KEY
    assert show(info.value.message) == "pick() was given 5, but has only 2 values"
    with pytest.raises(EvalError, match="pick\\(\\) was given 0"):
        ev("pick(0, 1, 2)")


def test_bidder_out_of_range():
    with pytest.raises(EvalError) as info:
        ev("bidder(4)")
    assert show(info.value.message) == "bidder() was given 4; there are 3 bidders"


def test_missing_deal_value():
    with pytest.raises(Missing) as info:
        ev("entered(turned) or turned == 'hearts'")
    assert info.value.name == "turned"
    assert info.value.seat is None


def test_missing_seat_value():
    env = FakeEnv()
    env.seat_values["tricks"] = {1: 0, 2: None, 3: 0}
    with pytest.raises(Missing) as info:
        compile_("sum(tricks) == cards")(env)
    assert info.value.name == "tricks"
    assert info.value.seat == 2
    assert str(info.value) == "tricks of seat 2"
    # A formula that does not need the missing value still computes.
    assert compile_("sum(bid)")(env) == 2
    assert compile_("count(entered(tricks))")(env) == 2


def test_conditional_only_computes_the_branch_taken():
    assert ev("0 if zero == 0 else cards / zero") == 0
    assert ev("zero == 0 or cards / zero > 1") is True
    assert ev("zero != 0 and cards / zero > 1") is False


# --- templates ----------------------------------------------------------------------------------

def template(text, scope=DEAL):
    return compile_template(text, key="checks[0].message", names=NAMES, scope=scope)


def test_template_renders():
    render = template("Dealer {name(dealer)} may not bid {x}")
    assert render(FakeEnv()) == "Dealer Anna may not bid 3"
    assert render.names == {"dealer", "x"}


def test_template_values():
    render = template("{sum(bid)} of {cards}; exact: {count(bid == tricks) > 0}; half: {cards / 2}; {6 / 2}")
    assert render(FakeEnv()) == "2 of 3; exact: yes; half: 1.5; 3"
    assert template("{1.0 * 2}")(FakeEnv()) == "2"
    assert template("{zero > 1}")(FakeEnv()) == "no"


def test_template_in_seat_scope():
    assert template("{player} bid {bid}", SEAT)(FakeEnv().at(2)) == "Bo bid 0"


def test_template_brace_escapes():
    assert template("Use {{braces}} for {cards} {{x}}")(FakeEnv()) == "Use {braces} for 3 {x}"
    assert template("no parts at all")(FakeEnv()) == "no parts at all"
    assert template("")(FakeEnv()) == ""


@pytest.mark.parametrize(("text", "message"), [
    ("total {sum(bid)", "a '{' in the message is not closed with '}' (write '{{' for a brace)"),
    ("a } alone", "a '}' in the message has no '{' (write '}}' for a brace)"),
    ("{}", "the formula is empty"),
    ("{bid}", "'bid' has a value for each seat; use it inside sum(), min(), max(), count(), first_min() or of(seat, ...)"),
    ("{__import__('os')}", "unknown function '__import__'"),
    ("{cards.__class__}", "attribute access ('.') is not allowed in formulas"),
    ("x" * 2001, "a message may be at most 2000 characters"),
])
def test_template_refused(text, message):
    with pytest.raises(FormulaError) as info:
        template(text)
    assert info.value.key == "checks[0].message"
    assert show(info.value.message).startswith(message)


def test_template_not_text():
    with pytest.raises(FormulaError) as info:
        template(5)
    assert str(info.value) == "checks[0].message: expected text, got int"


def test_generated_code_has_no_builtins_and_only_allowed_nodes():
    """The generated function sees only the helpers; its tree uses only GENERATED_NODES."""
    formula = compile_("sum(bid) + of(1, tricks) * 2 if x > 0 else pick(1, 2, 3)")
    formula(FakeEnv())  # generates and runs the generic form
    generated, _ = formula_compiler._build(formula._tree, formula.key, formula._names, formula._scope, None)
    assert all(isinstance(n, formula_compiler.GENERATED_NODES) for n in ast.walk(generated))
    assert formula._generic.__globals__["__builtins"  "__"] == {}
    assert not any(k for k in formula._generic.__globals__ if not k.startswith("_"))
