"""Safe formulas for rulesets.

A formula is untrusted text from a TOML file. It is parsed once with :mod:`ast`
(which only parses, never runs), every node is checked against an allow-list, the
names are resolved against the names the ruleset defines, a small type check
refuses text where numbers are needed, and the tree is turned into a chain of
Python closures. Raw text is never given to ``eval`` or ``exec``.

The language: numbers, 'text' literals, true/false, the names of the ruleset,
``+ - * / // %``, ``**`` with a literal exponent 0..10, comparisons, ``and or not``,
``a if condition else b`` and the functions in :data:`FUNCTIONS`.
"""

from __future__ import annotations

import ast
import difflib
import math
import operator
from dataclasses import dataclass
from typing import Any, Callable, Mapping

MAX_LENGTH = 1000
MAX_DEPTH = 32
MAX_LITERAL = 10**12
MAX_TEXT_LITERAL = 200
MAX_POWER = 10
MAX_BITS = 1024  # results of arithmetic stay below 2**1024 (about 1.8e308)

# Types of values in formulas.
NUM, TEXT, BOOL, CARDS, ANY = "number", "text", "yes/no", "cards", "any"

# Where a name has its value: once per game, once per deal, once per seat or team.
CONST, DEAL, SEAT, TEAM = "game", "deal", "seat", "team"


class FormulaError(ValueError):
    """A formula that cannot be accepted: the message names the key it came from."""

    def __init__(self, key: str, message: str):
        self.key = key
        self.message = message
        super().__init__(f"{key}: {message}")


class Missing(Exception):
    """Raised while evaluating when a value the formula needs is not entered yet."""

    def __init__(self, name: str, seat: int | None = None):
        self.name = name
        self.seat = seat
        super().__init__(name if seat is None else f"{name} of seat {seat}")


class EvalError(ValueError):
    """A formula that failed while running (division by zero, a bad pick index)."""

    def __init__(self, key: str, message: str):
        self.key = key
        self.message = message
        super().__init__(f"{key}: {message}")


@dataclass(frozen=True)
class NameInfo:
    """What the compiler knows of a name: its type and where it has a value."""

    type: str
    scope: str  # CONST, DEAL, SEAT or TEAM
    entered: bool = False  # a field the table enters (entered() may test it)


# --- functions --------------------------------------------------------------------

AGGREGATES = {"sum", "count", "all", "any", "first_min", "first_max"}
# min and max are aggregates with one argument and plain functions with more.

FUNCTIONS = {
    "abs": "abs(x): the value without its sign",
    "min": "min(x): the lowest over the seats; min(a, b, ...): the lowest of the values",
    "max": "max(x): the highest over the seats; max(a, b, ...): the highest of the values",
    "sum": "sum(x): x added up over the seats",
    "count": "count(condition): how many seats meet the condition",
    "all": "all(condition): every seat meets the condition",
    "any": "any(condition): at least one seat meets the condition",
    "first_min": "first_min(x): the first seat in bidding order with the lowest x",
    "first_max": "first_max(x): the first seat in bidding order with the highest x",
    "of": "of(seat, x): x for the given seat",
    "bidder": "bidder(k): the seat that bids k-th this deal",
    "cycle": "cycle(i, a, b, ...): a for i = 1, b for 2, ..., starting again after the last",
    "pick": "pick(i, a, b, ...): a for i = 1, b for 2, ...",
    "floor": "floor(x): x rounded down",
    "ceil": "ceil(x): x rounded up",
    "round": "round(x): x rounded to the nearest whole number",
    "sign": "sign(x): -1, 0 or 1",
    "clamp": "clamp(x, low, high): x kept between low and high",
    "rank_count": "rank_count(cards, 'A'): how many cards of that rank",
    "suit_count": "suit_count(cards, 'hearts'): how many cards of that suit",
    "longest_suit": "longest_suit(cards): the length of the longest suit",
    "card_count": "card_count(cards): how many cards",
    "has_card": "has_card(cards, 'SA'): whether the cards include that card",
    "entered": "entered(field): whether the table has entered that field",
    "name": "name(seat): the player's name",
    "team_of": "team_of(seat): the partnership number of a seat",
}

_ARITY = {
    "abs": (1, 1), "min": (1, 64), "max": (1, 64), "sum": (1, 1), "count": (1, 1),
    "all": (1, 1), "any": (1, 1), "first_min": (1, 1), "first_max": (1, 1),
    "of": (2, 2), "bidder": (1, 1), "cycle": (2, 64), "pick": (2, 64), "floor": (1, 1),
    "ceil": (1, 1), "round": (1, 1), "sign": (1, 1), "clamp": (3, 3),
    "rank_count": (2, 2), "suit_count": (2, 2), "longest_suit": (1, 1),
    "card_count": (1, 1), "has_card": (2, 2), "entered": (1, 1), "name": (1, 1),
    "team_of": (1, 1),
}

_BINOPS: dict[type, tuple[str, Callable[[Any, Any], Any]]] = {
    ast.Add: ("+", operator.add),
    ast.Sub: ("-", operator.sub),
    ast.Mult: ("*", operator.mul),
    ast.Div: ("/", operator.truediv),
    ast.FloorDiv: ("//", operator.floordiv),
    ast.Mod: ("%", operator.mod),
    ast.Pow: ("**", operator.pow),
}
_CMPOPS: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt,
    ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
}

_REFUSED = {
    ast.Attribute: "attribute access ('.') is not allowed in formulas",
    ast.Subscript: "subscripts ('[...]') are not allowed in formulas",
    ast.Lambda: "lambda is not allowed in formulas",
    ast.ListComp: "comprehensions are not allowed in formulas",
    ast.SetComp: "comprehensions are not allowed in formulas",
    ast.DictComp: "comprehensions are not allowed in formulas",
    ast.GeneratorExp: "comprehensions are not allowed in formulas",
    ast.JoinedStr: "f-strings are not allowed in formulas",
    ast.FormattedValue: "f-strings are not allowed in formulas",
    ast.NamedExpr: "':=' is not allowed in formulas",
    ast.Starred: "'*' unpacking is not allowed in formulas",
    ast.List: "lists are not allowed in formulas",
    ast.Tuple: "tuples are not allowed in formulas",
    ast.Dict: "dictionaries are not allowed in formulas",
    ast.Set: "sets are not allowed in formulas",
    ast.Await: "await is not allowed in formulas",
    ast.Yield: "yield is not allowed in formulas",
    ast.YieldFrom: "yield is not allowed in formulas",
    ast.Slice: "slices are not allowed in formulas",
}

_CONSTANT_NAMES = {"true": True, "false": False, "True": True, "False": False}


def _precheck(text: str) -> str | None:
    """Refuse what could hurt the parser itself, before it sees the text."""
    if not isinstance(text, str):
        return "a formula must be text"
    if len(text) > MAX_LENGTH:
        return f"the formula is {len(text)} characters long; at most {MAX_LENGTH} are allowed"
    if not text.strip():
        return "the formula is empty"
    if "\n" in text or "\r" in text:
        return "a formula must be on one line"
    depth = deepest = 0
    digits = 0
    quote = None
    for ch in text:
        if quote:
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")]}":
            depth -= 1
        digits = digits + 1 if ch.isdigit() else 0
        if digits > 13:
            return f"a number in a formula may have at most 13 digits (at most {MAX_LITERAL})"
    if deepest > MAX_DEPTH:
        return f"brackets are nested {deepest} deep; at most {MAX_DEPTH} are allowed"
    return None


def _kind(value: Any) -> str:
    return "text" if isinstance(value, str) else "cards" if isinstance(value, tuple) else type(value).__name__


def _syntax_message(text: str, exc: SyntaxError) -> str:
    col = f" at column {exc.offset}" if exc.offset else ""
    return f"'{text}' is not a valid formula ({exc.msg}{col})"


class _Compiler:
    def __init__(self, key: str, names: Mapping[str, NameInfo], scope: str):
        self.key = key
        self.names = names
        self.scope = scope

    def fail(self, message: str) -> FormulaError:
        return FormulaError(self.key, message)

    def suggest(self, name: str) -> str:
        close = difflib.get_close_matches(name, list(self.names) + list(FUNCTIONS), n=1)
        return f" (did you mean '{close[0]}'?)" if close else ""

    # Each visit returns (closure, type, used names).
    def visit(self, node: ast.AST, scope: str, depth: int = 0):
        if depth > MAX_DEPTH:
            raise self.fail(f"the formula is nested more than {MAX_DEPTH} deep")
        for kind, message in _REFUSED.items():
            if isinstance(node, kind):
                raise self.fail(message)
        method = getattr(self, "v_" + type(node).__name__, None)
        if method is None:
            raise self.fail(f"'{type(node).__name__}' is not allowed in formulas")
        return method(node, scope, depth + 1)

    def v_Expression(self, node, scope, depth):
        return self.visit(node.body, scope, depth)

    def v_Constant(self, node, scope, depth):
        value = node.value
        if isinstance(value, bool):
            return (lambda env, v=value: v), BOOL
        if isinstance(value, int):
            if abs(value) > MAX_LITERAL:
                raise self.fail(f"the number {value} is too large; at most {MAX_LITERAL} is allowed")
            return (lambda env, v=value: v), NUM
        if isinstance(value, float):
            if not math.isfinite(value) or abs(value) > MAX_LITERAL:
                raise self.fail(f"the number {value} is too large; at most {MAX_LITERAL} is allowed")
            return (lambda env, v=value: v), NUM
        if isinstance(value, str):
            if len(value) > MAX_TEXT_LITERAL:
                raise self.fail(f"text in a formula may be at most {MAX_TEXT_LITERAL} characters")
            return (lambda env, v=value: v), TEXT
        raise self.fail(f"the value {value!r} is not allowed in formulas")

    def v_Name(self, node, scope, depth):
        name = node.id
        if name in _CONSTANT_NAMES:
            value = _CONSTANT_NAMES[name]
            return (lambda env, v=value: v), BOOL
        if name.startswith("_"):
            raise self.fail(f"names starting with '_' are not allowed: '{name}'")
        info = self.names.get(name)
        if info is None:
            if name in FUNCTIONS:
                raise self.fail(f"'{name}' is a function: write {FUNCTIONS[name].split(':')[0]}")
            raise self.fail(f"unknown name '{name}'{self.suggest(name)}")
        if info.scope == SEAT and scope != SEAT:
            raise self.fail(
                f"'{name}' has a value for each seat; use it inside sum(), min(), max(), "
                f"count(), first_min() or of(seat, ...)"
            )
        if info.scope == TEAM and scope != TEAM:
            raise self.fail(f"'{name}' has a value for each partnership; use it in a partnership formula")
        return (lambda env, n=name: env.get(n)), info.type

    def _num(self, node, scope, depth, what: str):
        fn, typ = self.visit(node, scope, depth)
        if typ not in (NUM, BOOL, ANY):
            raise self.fail(f"{what} needs numbers, but {ast.unparse(node)!r} is {typ}")
        return fn

    def v_BinOp(self, node, scope, depth):
        op = type(node.op)
        if op not in _BINOPS:
            raise self.fail(f"the operator in {ast.unparse(node)!r} is not allowed")
        symbol, func = _BINOPS[op]
        if op is ast.Pow:
            exp = node.right
            if isinstance(exp, ast.UnaryOp) or not (
                isinstance(exp, ast.Constant) and type(exp.value) is int and 0 <= exp.value <= MAX_POWER
            ):
                raise self.fail(f"'**' is allowed only with a whole-number exponent from 0 to {MAX_POWER} written as a number")
        left = self._num(node.left, scope, depth, f"'{symbol}'")
        right = self._num(node.right, scope, depth, f"'{symbol}'")
        if op is ast.Div:
            def divide(a, b):
                if isinstance(a, int) and isinstance(b, int) and b and a % b == 0:
                    return a // b  # exact, also beyond float precision
                return a / b
            func = divide

        # Checked while running too: a value of type "any" (a forward reference, a
        # mixed pick()) may turn out to be text or cards, and nested '**' or chains of
        # derived values could otherwise build numbers of millions of digits.
        def arith(env, l=left, r=right, f=func, s=symbol):
            a, b = l(env), r(env)
            if not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
                raise TypeError(f"'{s}' needs numbers, got {_kind(a)} and {_kind(b)}")
            result = f(a, b)
            if isinstance(result, int) and result.bit_length() > MAX_BITS or (
                isinstance(result, float) and not math.isfinite(result)
            ):
                raise OverflowError(f"the result is larger than 2**{MAX_BITS}")
            return result
        return arith, NUM

    def v_UnaryOp(self, node, scope, depth):
        if isinstance(node.op, ast.Not):
            fn, _ = self.visit(node.operand, scope, depth)
            return (lambda env, f=fn: not f(env)), BOOL
        if isinstance(node.op, ast.USub):
            fn = self._num(node.operand, scope, depth, "'-'")
            return (lambda env, f=fn: -f(env)), NUM
        if isinstance(node.op, ast.UAdd):
            fn = self._num(node.operand, scope, depth, "'+'")
            return (lambda env, f=fn: +f(env)), NUM
        raise self.fail("'~' is not allowed in formulas")

    def v_BoolOp(self, node, scope, depth):
        parts = [self.visit(v, scope, depth)[0] for v in node.values]
        if isinstance(node.op, ast.And):
            def all_of(env, ps=parts):
                for p in ps:
                    if not p(env):
                        return False
                return True
            return all_of, BOOL

        def any_of(env, ps=parts):
            for p in ps:
                if p(env):
                    return True
            return False
        return any_of, BOOL

    def v_Compare(self, node, scope, depth):
        first, first_type = self.visit(node.left, scope, depth)
        fns, ops = [first], []
        prev_type = first_type
        for op, comparator in zip(node.ops, node.comparators):
            if type(op) not in _CMPOPS:
                raise self.fail(f"'{ast.unparse(node)}': only == != < <= > >= compare values in formulas")
            fn, typ = self.visit(comparator, scope, depth)
            if type(op) not in (ast.Eq, ast.NotEq) and TEXT in (prev_type, typ) and prev_type != typ:
                raise self.fail(f"'{ast.unparse(node)}' compares text with a number")
            fns.append(fn)
            ops.append(_CMPOPS[type(op)])
            prev_type = typ
        if len(ops) == 1:
            a, b, o = fns[0], fns[1], ops[0]
            return (lambda env: o(a(env), b(env))), BOOL

        def chain(env):
            left = fns[0](env)
            for o, f in zip(ops, fns[1:]):
                right = f(env)
                if not o(left, right):
                    return False
                left = right
            return True
        return chain, BOOL

    def v_IfExp(self, node, scope, depth):
        test, _ = self.visit(node.test, scope, depth)
        yes, t1 = self.visit(node.body, scope, depth)
        no, t2 = self.visit(node.orelse, scope, depth)
        typ = t1 if t1 == t2 else (NUM if {t1, t2} <= {NUM, BOOL} else ANY)
        return (lambda env: yes(env) if test(env) else no(env)), typ

    def v_Call(self, node, scope, depth):
        if not isinstance(node.func, ast.Name):
            raise self.fail(f"only the listed functions may be called; '{ast.unparse(node.func)}' is not one")
        fname = node.func.id
        if fname not in FUNCTIONS:
            raise self.fail(
                f"unknown function '{fname}'{self.suggest(fname)}; the functions are "
                + ", ".join(sorted(FUNCTIONS))
            )
        if node.keywords:
            raise self.fail(f"{fname}() takes no named arguments")
        args = node.args
        low, high = _ARITY[fname]
        if not low <= len(args) <= high:
            raise self.fail(f"wrong number of arguments: {FUNCTIONS[fname]}")
        return getattr(self, "f_" + fname, self._generic)(fname, args, scope, depth)

    # -- aggregates over seats
    def _aggregate(self, fname, args, scope, depth):
        fn, typ = self.visit(args[0], SEAT, depth)
        if fname in ("sum", "min", "max", "first_min", "first_max") and typ not in (NUM, BOOL, ANY):
            raise self.fail(f"{fname}() needs numbers, but {ast.unparse(args[0])!r} is {typ}")
        def values(env):
            return [fn(env.at(s)) for s in env.seat_order()]
        if fname == "sum":
            return (lambda env: sum(values(env))), NUM
        if fname == "min":
            return (lambda env: min(values(env))), NUM
        if fname == "max":
            return (lambda env: max(values(env))), NUM
        if fname == "count":
            return (lambda env: sum(1 for v in values(env) if v)), NUM
        if fname == "all":
            return (lambda env: all(values(env))), BOOL
        if fname == "any":
            return (lambda env: any(values(env))), BOOL
        best = min if fname == "first_min" else max

        def first(env):
            order = env.seat_order()
            vals = [fn(env.at(s)) for s in order]
            target = best(vals)
            return order[vals.index(target)]
        return first, NUM

    f_sum = f_count = f_all = f_any = f_first_min = f_first_max = _aggregate

    def f_min(self, fname, args, scope, depth):
        if len(args) == 1:
            return self._aggregate(fname, args, scope, depth)
        fns = [self._num(a, scope, depth, f"{fname}()") for a in args]
        func = min if fname == "min" else max
        return (lambda env: func(f(env) for f in fns)), NUM

    f_max = f_min

    def f_of(self, fname, args, scope, depth):
        seat = self._num(args[0], scope, depth, "of()")
        fn, typ = self.visit(args[1], SEAT, depth)
        return (lambda env: fn(env.at(seat(env)))), typ

    def f_cycle(self, fname, args, scope, depth):
        index = self._num(args[0], scope, depth, f"{fname}()")
        parts = [self.visit(a, scope, depth) for a in args[1:]]
        fns = [p[0] for p in parts]
        types = {p[1] for p in parts}
        typ = types.pop() if len(types) == 1 else ANY
        n = len(fns)
        if fname == "cycle":
            return (lambda env: fns[(int(index(env)) - 1) % n](env)), typ
        key = self.key

        def pick(env):
            i = int(index(env))
            if not 1 <= i <= n:
                raise EvalError(key, f"pick() was given {i}, but has only {n} values")
            return fns[i - 1](env)
        return pick, typ

    f_pick = f_cycle

    def f_entered(self, fname, args, scope, depth):
        arg = args[0]
        if not isinstance(arg, ast.Name) or arg.id not in self.names or not self.names[arg.id].entered:
            raise self.fail("entered() takes the name of a field the table enters, e.g. entered(points)")
        info = self.names[arg.id]
        if info.scope == SEAT and scope != SEAT:
            raise self.fail(f"'{arg.id}' has a value for each seat; use entered() inside of(seat, ...) or count()")
        name = arg.id
        return (lambda env: env.is_entered(name)), BOOL

    def _generic(self, fname, args, scope, depth):
        compiled = [self.visit(a, scope, depth) for a in args]
        fns = [c[0] for c in compiled]
        types = [c[1] for c in compiled]
        key = self.key

        def need(i, want):
            if types[i] not in (want, ANY) and not (want == NUM and types[i] == BOOL):
                raise self.fail(f"{fname}() needs {want} as argument {i + 1}, but {ast.unparse(args[i])!r} is {types[i]}")

        if fname in ("abs", "floor", "ceil", "round", "sign", "clamp", "bidder", "name", "team_of"):
            for i in range(len(args)):
                need(i, NUM)
        if fname in ("rank_count", "suit_count", "longest_suit", "card_count", "has_card"):
            need(0, CARDS)
            for i in range(1, len(args)):
                need(i, TEXT)
        a = fns[0]
        if fname == "abs":
            return (lambda env: abs(a(env))), NUM
        if fname == "floor":
            return (lambda env: math.floor(a(env))), NUM
        if fname == "ceil":
            return (lambda env: math.ceil(a(env))), NUM
        if fname == "round":
            return (lambda env: int(math.floor(a(env) + 0.5))), NUM
        if fname == "sign":
            return (lambda env: (a(env) > 0) - (a(env) < 0)), NUM
        if fname == "clamp":
            lo, hi = fns[1], fns[2]
            return (lambda env: max(lo(env), min(hi(env), a(env)))), NUM
        if fname == "bidder":
            def bidder(env):
                order = env.seat_order()
                k = int(a(env))
                if not 1 <= k <= len(order):
                    raise EvalError(key, f"bidder() was given {k}; there are {len(order)} bidders")
                return order[k - 1]
            return bidder, NUM
        if fname == "name":
            return (lambda env: env.seat_name(a(env))), TEXT
        if fname == "team_of":
            return (lambda env: env.team_of(a(env))), NUM
        if fname == "card_count":
            return (lambda env: len(a(env))), NUM
        if fname == "longest_suit":
            def longest(env):
                counts: dict[str, int] = {}
                for card in a(env):
                    counts[card.suit] = counts.get(card.suit, 0) + 1
                return max(counts.values(), default=0)
            return longest, NUM
        b = fns[1]
        if fname == "rank_count":
            return (lambda env: sum(1 for c in a(env) if c.rank == str(b(env)).upper())), NUM
        if fname == "suit_count":
            return (lambda env: sum(1 for c in a(env) if c.suit == b(env))), NUM
        if fname == "has_card":
            return (lambda env: any(c.code == str(b(env)).upper() for c in a(env))), BOOL
        raise self.fail(f"'{fname}' cannot be used here")  # pragma: no cover - table is complete


@dataclass(frozen=True)
class Formula:
    """A checked, compiled formula. Call it with an evaluation environment."""

    key: str
    text: str
    type: str
    names: frozenset[str]
    _fn: Callable[[Any], Any]

    def __call__(self, env) -> Any:
        try:
            return self._fn(env)
        except (ZeroDivisionError, ArithmeticError) as exc:
            raise EvalError(self.key, f"'{self.text}' cannot be computed: {exc}") from None
        except TypeError as exc:
            raise EvalError(self.key, f"'{self.text}' cannot be computed: {exc}") from None
        except RecursionError:
            raise EvalError(self.key, f"'{self.text}' refers to itself") from None


def used_names(tree: ast.AST) -> frozenset[str]:
    """The ruleset names a formula reads (function names are not counted)."""
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return frozenset(n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in called)


def compile_formula(
    text: Any, *, key: str, names: Mapping[str, NameInfo], scope: str = DEAL
) -> Formula:
    """Parse, check and compile one formula; raise FormulaError naming ``key``."""
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        raise FormulaError(key, f"expected a formula (text) or a number, got {type(text).__name__}")
    if not isinstance(text, str):
        text = repr(text)
    problem = _precheck(text)
    if problem:
        raise FormulaError(key, problem)
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise FormulaError(key, _syntax_message(text, exc)) from None
    except (RecursionError, MemoryError, ValueError):
        raise FormulaError(key, f"'{text[:40]}' is too complex to be a formula") from None
    compiler = _Compiler(key, names, scope)
    try:
        fn, typ = compiler.visit(tree, scope)
    except RecursionError:
        raise FormulaError(key, "the formula is nested too deep") from None
    return Formula(key, text.strip(), typ, used_names(tree) - set(_CONSTANT_NAMES), fn)


def compile_template(
    text: Any, *, key: str, names: Mapping[str, NameInfo], scope: str = DEAL
) -> Callable[[Any], str]:
    """A message with {formula} parts, e.g. 'Dealer {name(dealer)} may not bid {x}'.

    '{{' and '}}' stand for literal braces. Every part is compiled now.
    """
    if not isinstance(text, str):
        raise FormulaError(key, f"expected text, got {type(text).__name__}")
    if len(text) > 2000:
        raise FormulaError(key, "a message may be at most 2000 characters")
    pieces: list[Any] = []
    i, literal = 0, []
    while i < len(text):
        ch = text[i]
        if ch == "{" and text.startswith("{{", i):
            literal.append("{")
            i += 2
        elif ch == "}" and text.startswith("}}", i):
            literal.append("}")
            i += 2
        elif ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise FormulaError(key, "a '{' in the message is not closed with '}' (write '{{' for a brace)")
            if literal:
                pieces.append("".join(literal))
                literal = []
            pieces.append(compile_formula(text[i + 1:end], key=key, names=names, scope=scope))
            i = end + 1
        elif ch == "}":
            raise FormulaError(key, "a '}' in the message has no '{' (write '}}' for a brace)")
        else:
            literal.append(ch)
            i += 1
    if literal:
        pieces.append("".join(literal))

    def render(env) -> str:
        out = []
        for p in pieces:
            if isinstance(p, str):
                out.append(p)
            else:
                value = p(env)
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                if isinstance(value, bool):
                    value = "yes" if value else "no"
                out.append(str(value))
        return "".join(out)

    render.names = frozenset().union(*(p.names for p in pieces if not isinstance(p, str)))  # type: ignore[attr-defined]
    return render
