"""Safe formulas for rulesets.

A formula is untrusted text from a TOML file. It is parsed once with :mod:`ast`
(which only parses, never runs), every node is checked against an allow-list, the
names are resolved against the names the ruleset defines, and a small type check
refuses text where numbers are needed. Then code is generated: a new syntax tree
built node by node from the checked one (arithmetic, comparisons, conditionals,
calls to the helpers below and reads of the game's values), compiled once into a
Python function whose globals hold those helpers and no builtins. The formula's
text is never given to ``eval``, ``exec`` or ``compile``; only the generated tree
is compiled, and it can contain only the nodes in :data:`.formula_compiler.GENERATED_NODES`.

Two forms are generated from the same checked tree: a generic one that reads
values from an environment object (for tests, game-level values and messages) and
a fast one per game, with the game's options folded in, that reads the entered
values of a deal directly (see :meth:`Formula.fast`).

The language: numbers, 'text' literals, true/false, the names of the ruleset,
``+ - * / // %``, ``**`` with a literal exponent 0..10, comparisons, ``and or not``,
``a if condition else b`` and the functions in :data:`.formula_compiler.FUNCTIONS`.

Numbers are bounded: a step of arithmetic stays within :data:`MAX_STEP` and the value a
formula ends with within :data:`MAX_NUMBER` (so no infinity, NaN or integer too long to
print ever leaves a formula). Where a step's bound follows from its literals and names it
runs as Python's own operator; elsewhere it is checked while running (see ``_bound``).

This module holds what running a formula needs: :class:`Formula` and the helpers its code calls
(a formula of a built-in ruleset is made of what the build found and generated, :mod:`.shipped`).
Parsing, checking and
generating code are in :mod:`.formula_compiler`, imported the first time one of them is done
(see :func:`_compiler`); what both use is in :mod:`.formula_base`. Every name other modules
import from here still is here.

What this module says (a refusal, an error while running, what a function does, a type
of value) is data: a :class:`~scorekeeper.messages.Message`, worded in the reader's
language only where it is shown (``scorekeeper.i18n.show``). This module never imports
``scorekeeper.i18n``.
"""

from __future__ import annotations

import math
import operator

from ..messages import Message, Text, render
from .formula_base import (
    ANY, BOOL, CARDS, CONST, DEAL, MAX_DEPTH, MAX_JOINED_TEXT, MAX_LENGTH, MAX_LITERAL, MAX_NUMBER, MAX_POWER,
    MAX_SEATS, MAX_STEP, MAX_TEXT_LITERAL, NUM, NUMBER_LIMIT, SEAT, STEP_LIMIT, TEAM, TEXT, EvalError, FastContext,
    FormulaError, Incomplete, Missing, NameInfo, _CodeType, _FunctionType, _not_finite, type_word,
)
from .shipped import NOT_FOUND

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    import ast
    import types
    from typing import Any, Callable, Iterable, Mapping

__all__ = [
    "ANY", "BOOL", "CARDS", "CONST", "DEAL", "MAX_DEPTH", "MAX_JOINED_TEXT", "MAX_LENGTH", "MAX_LITERAL", "MAX_NUMBER",
    "MAX_POWER", "MAX_SEATS", "MAX_STEP", "MAX_TEXT_LITERAL", "NUM", "NUMBER_LIMIT", "SEAT", "STEP_LIMIT", "TEAM",
    "TEXT", "EvalError", "FastContext", "Formula", "FormulaError", "Incomplete", "MessageTemplate", "Missing",
    "NameInfo", "as_points", "compile_formula", "compile_template", "deal_values", "names_in", "number_text",
    "type_word", "values_test",
]


class _CompilerModule:
    """Stands for :mod:`.formula_compiler` until it is first used (see :func:`_compiler`)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_compiler(), name)


compiler: Any = _CompilerModule()  # the module .formula_compiler, once _compiler() ran


def _compiler() -> Any:
    """The formula checker and code generator, imported when a formula is first parsed, checked
    or its code generated. A command whose ruleset's formulas were all checked and compiled at
    build time (:mod:`.shipped`) needs none of it: importing it, its classes and its tables,
    would cost that start for nothing. The first call binds this module's ``compiler`` to it."""
    found = globals()["compiler"]
    if not isinstance(found, _CompilerModule):
        return found
    from . import formula_compiler

    globals()["compiler"] = formula_compiler
    return formula_compiler


# The names of the compiler that other modules import from here, imported when first asked for
# (looked up again each time: GENERATED_NODES is filled in when the syntax tree's classes are first used).
_LAZY = ("FUNCTIONS", "GENERATED_NODES", "function_help", "used_names")


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(_compiler(), name)
    raise AttributeError(name)  # a name this module does not have (a programming error)


def _kind(value: Any) -> Text:
    if isinstance(value, str):
        return type_word(TEXT)
    return type_word(CARDS) if isinstance(value, tuple) else type(value).__name__


# --- run-time helpers ---------------------------------------------------------------
# The generated code can reach only these (its globals have no builtins). Each name
# starts with '_' so that no formula can name it (names starting with '_' are refused).


def _check_numbers(symbol: str, a: Any, b: Any) -> None:
    if not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
        raise TypeError(Message("formula.eval.needs_numbers", symbol=symbol, left=_kind(a), right=_kind(b)))


def _bounded(result: Any) -> Any:
    """A step's result, unless it is beyond MAX_STEP (the test is also false for NaN)."""
    if not -MAX_STEP <= result <= MAX_STEP:
        raise OverflowError(Message("formula.eval.too_large", max=STEP_LIMIT))
    return result


def number_text(value: Any) -> str:
    """A number as a message shows it: whole, or (when long) in short e-notation (a whole
    number too long for that by its power of ten, about)."""
    if isinstance(value, int) and abs(value) < 10**16:
        return str(value)
    if isinstance(value, int) and value.bit_length() > 1000:
        return f"{'-' if value < 0 else ''}10**{int(value.bit_length() * math.log10(2))}"
    return f"{float(value):.4g}"


def _too_large(value: Any) -> Any:
    raise OverflowError(Message("formula.eval.value_too_large", value=number_text(value), max=NUMBER_LIMIT))


def _value_too_large(key: str, text: str, value: Any) -> Any:
    """A value computed in place of its name is too large: the error names its own key."""
    raise EvalError(key, Message("formula.eval.cannot_compute", text=text, reason=Message(
        "formula.eval.value_too_large", value=number_text(value), max=NUMBER_LIMIT)))


def _missing(name: str, seat: int | None) -> Any:
    raise Missing(name, seat)


def as_points(value: Any) -> Any:
    """A score as the table writes it: yes/no as 1/0, a whole float as an int."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _points_within(value: Any) -> Any:
    return as_points(_within(value))


def _points_result(value: Any) -> Any:
    return as_points(_result(value))


def _incomplete() -> Any:
    raise Incomplete


def _within(value: Any) -> Any:
    """A number a formula ends with, unless it is beyond MAX_NUMBER (the test is also false for NaN)."""
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        _too_large(value)
    return value


def _within_value(key: str, text: str, value: Any) -> Any:
    """A number a derived value computed in place ends with, unless it is beyond MAX_NUMBER."""
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        _value_too_large(key, text, value)
    return value


def _result(value: Any) -> Any:
    """The value a formula of mixed type ends with, unless it is a number beyond MAX_NUMBER."""
    if isinstance(value, (int, float)) and not -MAX_NUMBER <= value <= MAX_NUMBER:
        _too_large(value)
    return value


def _op(symbol: str, func: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def checked(a, b):
        _check_numbers(symbol, a, b)
        try:
            result = func(a, b)
        except OverflowError:  # a decimal power or a quotient of long integers past a float
            raise OverflowError(Message("formula.eval.too_large", max=STEP_LIMIT)) from None
        return _bounded(result)
    checked.__name__ = f"_op_{symbol}"
    return checked


def _divide(a, b):
    if isinstance(a, int) and isinstance(b, int) and b and a % b == 0:
        return a // b  # exact, also beyond float precision
    return a / b


def _first(order, fn, best):
    values = [fn(s) for s in order]
    return order[values.index(best(values))]


def _first_env(env, fn, best):
    order = env.seat_order()
    values = [fn(env.at(s)) for s in order]
    return order[values.index(best(values))]


def _cycle(index, fns):
    return fns[(int(index) - 1) % len(fns)]()


def _pick(key, index, fns):
    i = int(index)
    if not 1 <= i <= len(fns):
        raise EvalError(key, Message.plural("formula.eval.pick_range", len(fns), index=i))
    return fns[i - 1]()


def _bidder(key, order, k):
    k = int(k)
    if not 1 <= k <= len(order):
        raise EvalError(key, Message.plural("formula.eval.bidder_range", len(order), index=k))
    return order[k - 1]


def _longest(cards: Iterable[Any]) -> int:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.suit] = counts.get(card.suit, 0) + 1
    return max(counts.values(), default=0)


def _seats(env):
    return [env.at(s) for s in env.seat_order()]


def _partners(deal, seat):
    """The seats of ``seat``'s partnership, in bidding order (fast form)."""
    team = deal.team_of(seat)
    return [s for s in deal.order if deal.team_of(s) == team]


def _partners_env(env):
    """The views of the seats of this view's partnership, in bidding order."""
    team = env.get("team")
    return [env.at(s) for s in env.seat_order() if env.team_of(s) == team]


def _join(a, b):
    """Two texts joined, unless the result is longer than MAX_JOINED_TEXT."""
    joined = a + b
    if len(joined) > MAX_JOINED_TEXT:
        raise OverflowError(Message("formula.eval.text_too_long", max=MAX_JOINED_TEXT))
    return joined


def _text(value):
    """A value as text: yes/no and decimals as the installed renderer words them."""
    if isinstance(value, bool):
        return render(_YES if value else _NO)
    if isinstance(value, float):  # 2.0 -> "2"; 0.5 -> "0.5" or "0,5"
        return render(Message("formula.message_number", value=value))
    if isinstance(value, tuple):  # cards
        return " ".join(str(c) for c in value)
    return str(value)


def _index_of(key, value, values):
    """The place (from 1) of ``value`` among ``values``; EvalError when it is none of them."""
    for i, candidate in enumerate(values, start=1):
        if candidate == value and type(candidate) is type(value):
            return i
    raise EvalError(key, Message("formula.eval.index_of_missing", value=_text(value),
                                 values=", ".join(_text(v) for v in values)))


_HELPERS: dict[str, Any] = {
    "_add": _op("+", operator.add), "_sub": _op("-", operator.sub),
    "_mul": _op("*", operator.mul), "_div": _op("/", _divide),
    "_floordiv": _op("//", operator.floordiv), "_mod": _op("%", operator.mod),
    "_pow": _op("**", operator.pow),
    "_too_large": _too_large, "_value_too_large": _value_too_large, "_result": _result,
    "_within": _within, "_within_value": _within_value, "_incomplete": _incomplete, "_missing": _missing,
    "_int": int, "_points": as_points, "_points_within": _points_within, "_points_result": _points_result,
    "_bool": bool, "_tuple": tuple, "_zip": zip, "_abs": abs, "_sum": sum, "_min": min, "_max": max,
    "_all": all, "_any": any,
    "_floor": math.floor, "_ceil": math.ceil,
    "_round": lambda x: int(math.floor(x + 0.5)),
    "_sign": lambda x: (x > 0) - (x < 0),
    "_clamp": lambda x, lo, hi: max(lo, min(hi, x)),
    "_first": _first, "_first_env": _first_env, "_cycle": _cycle, "_pick": _pick,
    "_bidder": _bidder, "_seats": _seats, "_partners": _partners, "_partners_env": _partners_env,
    "_join": _join, "_text": _text, "_index_of": _index_of,
    "_rank_count": lambda cards, rank: sum(1 for c in cards if c.rank == str(rank).upper()),
    "_suit_count": lambda cards, suit: sum(1 for c in cards if c.suit == suit),
    "_longest_suit": _longest,
    "_card_count": len,
    "_has_card": lambda cards, code: any(c.code == str(code).upper() for c in cards),
}


def deal_values(parts, score: "Formula", made: "Formula | None", context: FastContext,
                seats: tuple[int, ...], entered: frozenset[str] = frozenset()) -> Callable[..., Any] | None:
    """One function of a whole deal from its entered values alone: (values, deal number, cards,
    dealer, bidding order) -> (the score at each of ``seats``, as the table writes it; the
    value of ``made`` at each, or None without one) when each of ``parts`` holds (see
    values_test), else a false value. What it raises means "ask the deal", as for values_test.
    ``entered``: per-seat fields the caller gives entered at every seat (their rows hold no
    None): read without a test. None when a part, the score or ``made`` needs more of the
    deal, or the seats are not 1..k.
    """
    def make() -> types.CodeType | None:
        generated = compiler._build_deal_values(parts, score, made, context, seats, entered)
        return None if generated is None else compiler._code(generated, "deal")
    entry = ("deal", _parts_ident(parts), _ident(score), _ident(made), seats, tuple(sorted(entered)), context.key)
    code = _shipped_or_made(score._shipped, entry, make, _is_code_or_none)
    return None if code is None else _function_of(code)


def values_test(parts, context: FastContext) -> Callable[..., Any] | None:
    """A function (values, deal number, cards, dealer, bidding order) -> whether each of ``parts``
    holds, from the entered values alone (the game's constants folded in): a part is (rule,
    condition or None, scope), and holds when its condition does not or its rule does, at
    every seat of the bidding order for the scope 'seat'. A value not entered raises
    Incomplete, anything else as the code raises it: any outcome but a true value means
    "ask the deal" (it says why). None when a part needs more of the deal than that.
    """
    def make() -> types.CodeType | None:
        generated = compiler._build_values_test(parts, context)
        return None if generated is None else compiler._code(generated, "checks")
    shipped = next((rule._shipped for rule, _, _ in parts), None)
    code = _shipped_or_made(shipped, ("checks", _parts_ident(parts), context.key), make, _is_code_or_none)
    return None if code is None else _function_of(code)


def _parts_ident(parts) -> tuple:
    """What names the parts of a values test (each rule, condition and scope) in a shipped table."""
    return tuple((_ident(rule), _ident(when), scope) for rule, when, scope in parts)


def _function_of(code: types.CodeType) -> Callable[..., Any]:
    """The function of generated code: its globals the helpers above, no builtins at all."""
    return _FunctionType(code, {"__builtins__": {}, **_HELPERS}, "formula")


def _is_code(value: Any) -> bool:
    return type(value) is _CodeType


def _is_code_or_none(value: Any) -> bool:
    return value is None or type(value) is _CodeType


def _are_texts(value: Any) -> bool:
    return type(value) is tuple and all(type(item) is str for item in value)


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_bool(value: Any) -> bool:
    return type(value) is bool


def _is_decided(value: Any) -> bool:
    """(True, the constant value) or (False, None), as Formula.constant tells it."""
    return type(value) is tuple and len(value) == 2 and type(value[0]) is bool and (value[0] or value[1] is None)


def _shipped_or_made(shipped: Any, entry: tuple, make: Callable[[], Any], valid: Callable[[Any], bool]) -> Any:
    """What ``make()`` gives (generated code, or what it tells of the code), from ``shipped`` (a
    built-in ruleset's :class:`~.shipped.Table`, or None) when it holds a ``valid`` one for
    ``entry``; else made now (and noted in the table, which the build records)."""
    if shipped is None:
        return make()
    found = shipped.code(entry)
    if found is NOT_FOUND or not valid(found):
        found = make()
        shipped.note_code(entry, found)
    return found


def _ident(formula: "Formula | None") -> tuple | None:
    """What names a formula within its ruleset's shipped table: its key, text and scope."""
    return None if formula is None else (formula.key, formula.text, formula._scope)


class Formula:
    """A checked formula: call it with an environment, or ``fast(context)`` for a game."""

    __slots__ = ("key", "text", "type", "names", "depth", "_parsed", "_names", "_scope", "_generic", "_fast",
                 "_shipped", "_size")

    def __init__(self, key: str, text: str, type_: str, names: frozenset[str], tree: ast.Expression | None,
                 known: Mapping[str, NameInfo], scope: str, depth: int | None = None, shipped: Any = None):
        self.key = key
        self.text = text
        self.type = type_
        self.names = names
        self._parsed = tree  # None: parsed when first needed (a formula of a shipped table, checked at build time)
        # how deep it is nested (a bound of how deep checking goes)
        self.depth = compiler._depth(self._tree) if depth is None else depth
        self._names = known
        self._scope = scope
        self._generic: Callable[..., Any] | None = None
        self._fast: dict = {}  # generated fast forms by the game constants they fold in
        self._shipped = shipped  # the built-in ruleset's shipped table (see .shipped), or None
        self._size: int | None = None  # (size, once worked out: each game set up asks)

    @property
    def _tree(self) -> ast.Expression:
        """The formula's syntax tree; a formula built from what the build found (see
        :func:`compile_formula`) is parsed only when code is to be generated from it."""
        tree = self._parsed
        if tree is None:
            tree = self._parsed = compiler._parse(self.text)
        return tree

    def _shipped_form(self, form: tuple, make: Callable[[], Any], valid: Callable[[Any], bool] = _is_code) -> Any:
        """``make()`` for the ``form`` of this formula, from the shipped table when it holds it (see
        :func:`_shipped_or_made`)."""
        return _shipped_or_made(self._shipped, (*form, self.key, self.text, self._scope), make, valid)

    def __repr__(self) -> str:
        return f"Formula({self.key!r}, {self.text!r})"

    @property
    def calls(self) -> frozenset[str]:
        """The functions the formula calls."""
        return frozenset(self._shipped_form(("calls",), lambda: tuple(sorted({
            n.func.id for n in compiler._walk(self._tree)
            if isinstance(n, compiler.ast.Call) and isinstance(n.func, compiler.ast.Name)})), _are_texts))

    @property
    def per_seat(self) -> bool:
        """Whether the value can differ from seat to seat (it reads a per-seat name)."""
        return any(self._names[n].scope == SEAT for n in self.names if n in self._names)

    @property
    def size(self) -> int:
        """How many syntax nodes the formula has (small ones are worth computing in place)."""
        size = self._size
        if size is None:
            size = self._size = self._shipped_form(("size",), lambda: sum(1 for _ in compiler._walk(self._tree)),
                                                   _is_int)
        return size

    def wrap_error(self, exc: Exception) -> "EvalError":
        return self._wrap(exc)

    def _wrap(self, exc: Exception) -> EvalError:
        if isinstance(exc, RecursionError):
            return EvalError(self.key, Message("formula.eval.refers_to_itself", text=self.text))
        if isinstance(exc, ZeroDivisionError):  # Python says it three ways; players read one
            reason: Text = Message("formula.eval.division_by_zero")
        elif len(exc.args) == 1 and isinstance(exc.args[0], Message):  # raised by a helper above
            reason = exc.args[0]
        else:  # Python's own words, shown as Python gives them
            reason = str(exc)
        return EvalError(self.key, Message("formula.eval.cannot_compute", text=self.text, reason=reason))

    def generic(self) -> Callable[[Any], Any]:
        """The function of the generic form: environment -> value (errors as Python raises them)."""
        fn = self._generic
        if fn is None:
            fn = self._generic = _function_of(self._shipped_form(("generic",), lambda: compiler._code(
                compiler._build(self._tree, self.key, self._names, self._scope, None)[0], self.key)))
        return fn

    def __call__(self, env) -> Any:
        fn = self._generic or self.generic()
        try:
            return fn(env)
        except (ArithmeticError, TypeError, RecursionError) as exc:
            raise self._wrap(exc) from None

    def every_seat(self, context: FastContext, seats: tuple[int, ...]) -> Callable[[Any], list]:
        """A function deal -> [value at each of ``seats``] for a per-seat formula, fast form.

        The same values as calling fast() once per seat; entered values are read once.
        Errors are raised as they are (the caller names the key).
        """
        cache_key = ("every", seats, context.key)
        cached = self._fast.get(cache_key)
        if cached is None:
            cached = _function_of(self._shipped_form(("every", seats, context.key), lambda: compiler._code(
                compiler._build_every_seat(self._tree, self.key, self._names, context, seats), self.key)))
            if len(self._fast) < 64:
                self._fast[cache_key] = cached
        return cached

    def every_seat_values(self, context: FastContext, seats: tuple[int, ...],
                          points: bool = False) -> Callable[..., list] | None:
        """A function (values, deal number, cards, dealer) -> [value at each of ``seats``] for a
        per-seat formula that reads nothing of the deal but its entered values, its number,
        cards and dealer (the game's constants folded in); None for any other formula or
        seats other than 1..k. It raises Incomplete when a value it reads is not entered,
        and other errors as they are (the caller names the key). ``points``: each value as
        the table writes a score (as_points).
        """
        cache_key = ("values", seats, context.key, points)
        if cache_key in self._fast:
            return self._fast[cache_key]
        def make() -> types.CodeType | None:
            generated = (compiler._build_looped(self._tree, self.key, self._names, context, seats, values_only=True,
                                       points=points) if seats == tuple(range(1, len(seats) + 1)) else None)
            return None if generated is None else compiler._code(generated, self.key)
        code = self._shipped_form(("values", seats, context.key, points), make, _is_code_or_none)
        fn = None if code is None else _function_of(code)
        if len(self._fast) < 64:
            self._fast[cache_key] = fn
        return fn

    def constant(self, context: FastContext) -> tuple[bool, Any]:
        """(True, its value) when the game's constants decide the formula for ``context`` (its fast
        form is a constant), else (False, None)."""
        cache_key = ("constant", context.key)
        decided = self._fast.get(cache_key)
        if decided is None:
            def make() -> tuple[bool, Any]:
                body = compiler._build(self._tree, self.key, self._names, self._scope, context)[0].body.body
                return (True, body.value) if isinstance(body, compiler.ast.Constant) else (False, None)
            decided = self._shipped_form(("constant", context.key), make, _is_decided)
            if len(self._fast) < 64:
                self._fast[cache_key] = decided
        return decided

    def quiet(self, context: FastContext) -> bool:
        """Whether the fast form for ``context`` can raise nothing but Missing (with the entered
        values as the game keeps them): it only compares and combines entered values of fields
        without a fill formula, constants and the deal's number, cards and dealer, so working it
        out can be skipped where any value it gives, or Missing, leads to the same."""
        cache_key = ("quiet", context.key)
        quiet = self._fast.get(cache_key)
        if quiet is None:
            def make() -> bool:
                generated = compiler._build(self._tree, self.key, self._names, self._scope, context)[0]
                return context.filled is not None and all(map(compiler._quiet_node, compiler._walk(generated)))
            quiet = self._shipped_form(("quiet", context.key), make, _is_bool)
            if len(self._fast) < 64:
                self._fast[cache_key] = quiet
        return quiet

    def fast(self, context: FastContext) -> Callable[[Any, Any], Any]:
        """A function (deal, seat) -> value for one game, its constants folded in.

        Errors come out as EvalError naming the key, like the generic form.
        """
        cache_key = context.key
        cached = self._fast.get(cache_key)
        if cached is not None:
            return cached
        fn = _function_of(self._shipped_form(("fast", context.key), lambda: compiler._code(
            compiler._build(self._tree, self.key, self._names, self._scope, context)[0], self.key)))

        def run(deal, seat, fn=fn):
            try:
                return fn(deal, seat)
            except (ArithmeticError, TypeError, RecursionError) as exc:
                raise self._wrap(exc) from None
        run.raw = fn  # type: ignore[attr-defined]
        if len(self._fast) < 64:  # games with the same options and table share the code
            self._fast[cache_key] = run
        return run


def names_in(text: Any, shipped: Any = None) -> frozenset[str]:
    """The names a formula's text reads, found without checking it (none when it cannot be
    parsed: compiling it then says why); with ``shipped`` (see :func:`compile_formula`), as the build
    found them."""
    if shipped is not None and isinstance(text, str):
        return frozenset(_shipped_or_made(shipped, ("names", text), lambda: tuple(sorted(names_in(text))), _are_texts))
    if not isinstance(text, str) or compiler._precheck(text):
        return frozenset()
    try:
        return compiler.used_names(compiler._parse(text.strip()))
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return frozenset()


def compile_formula(
    text: Any, *, key: str, names: Mapping[str, NameInfo], scope: str = DEAL, shipped: Any = None
) -> Formula:
    """Parse and check one formula; raise FormulaError naming ``key``.

    The code is generated on first use (so a command that loads a ruleset stays fast).
    ``shipped``: a built-in ruleset's :class:`.shipped.Table`, which gives what checking the same
    formula found at build time (it is then neither parsed nor checked now) and the code
    generated from it (the build records both in it).
    """
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        raise FormulaError(key, Message("formula.expected_formula", got=type(text).__name__))
    if isinstance(text, float) and not math.isfinite(text):  # TOML's inf, nan, or a literal past 1.8e308
        raise FormulaError(key, _not_finite(text))
    if not isinstance(text, str):
        text = repr(text)
    known = shipped.fact(key, text, scope) if shipped is not None else None
    if known is not None:
        return Formula(key, text.strip(), known[0], known[1], None, _names_of(names, known[1]), scope, known[2], shipped)
    problem = compiler._precheck(text)
    if problem:
        raise FormulaError(key, problem)
    try:
        tree = compiler._parse(text.strip())
    except SyntaxError as exc:
        raise FormulaError(key, compiler._syntax_message(text, exc)) from None
    except (RecursionError, MemoryError, ValueError):
        raise FormulaError(key, Message("formula.too_complex", text=text[:40])) from None
    try:
        _, typ = compiler._build(tree, key, names, scope, None)
    except RecursionError:
        raise FormulaError(key, Message("formula.nested_too_deep")) from None
    used: set[str] = set()
    depth = compiler._shape(tree, used)
    read = frozenset(used - set(compiler._CONSTANT_NAMES))
    if shipped is not None:
        shipped.note_fact(key, text, scope, typ, read, depth)
    return Formula(key, text.strip(), typ, read, tree, _names_of(names, read), scope, depth, shipped)


def _names_of(names: Mapping[str, NameInfo], read: frozenset[str]) -> dict[str, NameInfo]:
    """What a formula's code is generated from later: the names it reads as they are now (and
    'team', which the team aggregates ask about), not the whole table: a copy of every name for
    every formula made a ruleset's memory grow with the square of its derived values."""
    kept = {name: names[name] for name in sorted(read) if name in names}  # (in one order: the shipped
    if "team" in names:                                                  # modules are made the same each build)
        kept["team"] = names["team"]
    return kept


def compile_template(
    text: Any, *, key: str, names: Mapping[str, NameInfo], scope: str = DEAL, shipped: Any = None
) -> MessageTemplate:
    """A message with {formula} parts, e.g. 'Dealer {name(dealer)} may not bid {x}'.

    '{{' and '}}' stand for literal braces. Every part is compiled now. The function
    returned fills the parts in from an environment: the text is the ruleset's own (in
    the language the ruleset was localized to), and yes/no values and decimals in it are
    worded by the installed renderer (scorekeeper.i18n's, in the current language).
    """
    if not isinstance(text, str):
        raise FormulaError(key, Message("formula.expected_text", got=type(text).__name__))
    if len(text) > 2000:
        raise FormulaError(key, Message("formula.message_too_long", max=2000))
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
                raise FormulaError(key, Message("formula.message_open_brace"))
            if literal:
                pieces.append("".join(literal))
                literal = []
            pieces.append(compile_formula(text[i + 1:end], key=key, names=names, scope=scope, shipped=shipped))
            i = end + 1
        elif ch == "}":
            raise FormulaError(key, Message("formula.message_close_brace"))
        else:
            literal.append(ch)
            i += 1
    if literal:
        pieces.append("".join(literal))
    return MessageTemplate(tuple(pieces))


class MessageTemplate:
    """A ruleset's message with its {formula} parts compiled (:func:`compile_template`): call it
    with an environment for the text. An object, not a closure, so that a built ruleset is plain
    objects throughout."""

    __slots__ = ("pieces", "names")

    def __init__(self, pieces: tuple):
        self.pieces = pieces  # literal texts and Formulas, in order
        self.names = frozenset().union(*(p.names for p in pieces if not isinstance(p, str)))

    def __repr__(self) -> str:
        return f"MessageTemplate({self.pieces!r})"

    def __call__(self, env) -> str:
        return "".join(p if isinstance(p, str) else _text(p(env)) for p in self.pieces)


_YES, _NO = Message("value.yes"), Message("value.no")
