"""The formula checker and code generator: parsing a formula's text, checking it, and
generating the code of each of its forms (see :mod:`.formula`, which says how).

Imported the first time a formula is parsed, checked or its code generated (through
``formula.compiler``): a command whose ruleset's formulas were all checked and compiled at build
time (a built-in ruleset, :mod:`.shipped`) takes what it needs from the shipped module and runs it
with :mod:`.formula` alone, without importing this module's classes and tables.
"""

from __future__ import annotations

import math
import operator

try:
    from _thread import allocate_lock  # loaded with the interpreter: a lock without importing threading
except ImportError:  # a Python without it: threading's Lock is the same lock
    from threading import Lock as allocate_lock

from ..messages import Message, Text
from .formula_base import (
    ANY, BOOL, CARDS, MAX_DEPTH, MAX_JOINED_TEXT, MAX_LENGTH, MAX_LITERAL, MAX_NUMBER, MAX_POWER, MAX_SEATS,
    MAX_STEP, MAX_TEXT_LITERAL, NUM, SEAT, TEAM, TEXT, FastContext, FormulaError, NameInfo, _CodeType, _not_finite,
    type_word,
)
from .problems import hint

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    import types
    from typing import Any, Callable, Iterator, Mapping


class _Syntax:
    """Stands for the module of the syntax tree's classes until it is first used (see :func:`_syntax`)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_syntax(), name)


ast: Any = _Syntax()  # the C module _ast (the ast module re-exports its classes), once _syntax() ran

# Held while text is made a syntax tree or a tree is compiled. CPython 3.11 counts the depth of
# the tree it converts in one counter for the whole interpreter: two threads converting at once
# (the phone server's and the app's, each loading a ruleset) can fail with "SystemError: AST
# constructor recursion depth mismatch". One conversion at a time cannot.
syntax_lock = allocate_lock()


class NodeTables:
    """The tables keyed by the syntax tree's classes (:data:`NODES`), made by :func:`_syntax` from
    the tables of their names below: empty until then (only code that parses or generates reads
    them, and it calls _syntax() first)."""

    __slots__ = ("refused", "symbols", "helper_ops", "fold", "compare", "generated", "quiet")

    def __init__(self) -> None:
        self.refused: dict[type, Message] = {}  # a node a formula may not hold -> why
        self.symbols: dict[type, str] = {}  # an arithmetic operator -> its symbol
        self.helper_ops: dict[type, str] = {}  # an arithmetic operator -> the run-time helper that checks it
        self.fold: dict[type, Callable[[Any, Any], bool]] = {}  # a comparison -> its function (folding constants)
        self.compare: tuple[type, ...] = ()  # the comparisons a formula may make
        self.generated: tuple[type[ast.AST], ...] = ()  # the nodes generated code may hold (GENERATED_NODES)
        self.quiet: tuple[type, ...] = ()  # the nodes of generated code that cannot raise (_quiet_node)

    def fill(self, syntax: Any) -> None:
        """Make the tables from the classes of the module ``syntax``."""
        def classes(names: tuple[str, ...]) -> tuple[type, ...]:
            return tuple(getattr(syntax, name) for name in names)

        self.refused = {getattr(syntax, name): message for name, message in _REFUSED_NAMES.items()}
        self.symbols = {getattr(syntax, name): symbol for name, (symbol, _) in _OPERATORS.items()}
        self.helper_ops = {getattr(syntax, name): helper for name, (_, helper) in _OPERATORS.items()}
        self.fold = {getattr(syntax, name): compare for name, compare in _FOLD_NAMES.items()}
        self.compare = classes(_COMPARE_NAMES)
        self.generated = classes(_GENERATED_NAMES)
        self.quiet = classes(_QUIET_NAMES)


NODES = NodeTables()


def __getattr__(name: str) -> Any:
    if name == "GENERATED_NODES":  # the nodes generated code may hold (once the classes are imported)
        return NODES.generated
    raise AttributeError(name)  # a name this module does not have (a programming error)


def _syntax() -> Any:
    """The syntax tree's classes, imported when a formula is first parsed or code generated.

    They come from the C module ``_ast`` (the ``ast`` module re-exports them): importing
    ``ast`` itself, with what it imports (``contextlib``, ``enum``), and even making these
    classes cost a start for nothing when every formula of the ruleset it loads was checked
    and compiled at build time (:mod:`.shipped`). The first call binds this module's ``ast``
    to it and makes the tables keyed by its classes (from the tables of their names)."""
    syntax = globals()["ast"]
    if not isinstance(syntax, _Syntax):
        return syntax
    try:
        import _ast as syntax
    except ImportError:  # an interpreter without it: ast has the same classes
        import ast as syntax

    NODES.fill(syntax)
    globals()["ast"] = syntax
    return syntax


# --- functions --------------------------------------------------------------------

# Each function by its name: how it is called (code, the same in every language).
FUNCTIONS = {
    "abs": "abs(x)",
    "min": "min(x)",
    "max": "max(x)",
    "sum": "sum(x)",
    "count": "count(condition)",
    "all": "all(condition)",
    "any": "any(condition)",
    "first_min": "first_min(x)",
    "first_max": "first_max(x)",
    "of": "of(seat, x)",
    "bidder": "bidder(k)",
    "cycle": "cycle(i, a, b, ...)",
    "pick": "pick(i, a, b, ...)",
    "floor": "floor(x)",
    "ceil": "ceil(x)",
    "round": "round(x)",
    "sign": "sign(x)",
    "clamp": "clamp(x, low, high)",
    "rank_count": "rank_count(cards, 'A')",
    "suit_count": "suit_count(cards, 'hearts')",
    "longest_suit": "longest_suit(cards)",
    "card_count": "card_count(cards)",
    "has_card": "has_card(cards, 'SA')",
    "entered": "entered(field)",
    "name": "name(seat)",
    "team_of": "team_of(seat)",
    "team_sum": "team_sum(x)",
    "team_count": "team_count(condition)",
    "team_min": "team_min(x)",
    "team_max": "team_max(x)",
    "team_all": "team_all(condition)",
    "team_any": "team_any(condition)",
    "text": "text(x)",
    "index_of": "index_of(x, 'a', 'b', ...)",
    "between": "between(seat, other, x)",
}

# What each function does: its catalog message (worded where it is shown).
_MEANINGS: dict[str, Message] = {
    "abs": Message("formula.functions.abs"),
    "min": Message("formula.functions.min"),
    "max": Message("formula.functions.max"),
    "sum": Message("formula.functions.sum"),
    "count": Message("formula.functions.count"),
    "all": Message("formula.functions.all"),
    "any": Message("formula.functions.any"),
    "first_min": Message("formula.functions.first_min"),
    "first_max": Message("formula.functions.first_max"),
    "of": Message("formula.functions.of"),
    "bidder": Message("formula.functions.bidder"),
    "cycle": Message("formula.functions.cycle"),
    "pick": Message("formula.functions.pick"),
    "floor": Message("formula.functions.floor"),
    "ceil": Message("formula.functions.ceil"),
    "round": Message("formula.functions.round"),
    "sign": Message("formula.functions.sign"),
    "clamp": Message("formula.functions.clamp"),
    "rank_count": Message("formula.functions.rank_count"),
    "suit_count": Message("formula.functions.suit_count"),
    "longest_suit": Message("formula.functions.longest_suit"),
    "card_count": Message("formula.functions.card_count"),
    "has_card": Message("formula.functions.has_card"),
    "entered": Message("formula.functions.entered"),
    "name": Message("formula.functions.name"),
    "team_of": Message("formula.functions.team_of"),
    "team_sum": Message("formula.functions.team_sum"),
    "team_count": Message("formula.functions.team_count"),
    "team_min": Message("formula.functions.team_min"),
    "team_max": Message("formula.functions.team_max"),
    "team_all": Message("formula.functions.team_all"),
    "team_any": Message("formula.functions.team_any"),
    "text": Message("formula.functions.text"),
    "index_of": Message("formula.functions.index_of"),
    "between": Message("formula.functions.between"),
}


def function_help(name: str) -> Message:
    """How function ``name`` is called and what it does: 'abs(x): the value without its
    sign' once worded."""
    return Message("formula.function_help", signature=FUNCTIONS[name], meaning=_MEANINGS[name])


_ARITY = {
    "abs": (1, 1), "min": (1, 64), "max": (1, 64), "sum": (1, 1), "count": (1, 1),
    "all": (1, 1), "any": (1, 1), "first_min": (1, 1), "first_max": (1, 1),
    "of": (2, 2), "bidder": (1, 1), "cycle": (2, 64), "pick": (2, 64), "floor": (1, 1),
    "ceil": (1, 1), "round": (1, 1), "sign": (1, 1), "clamp": (3, 3),
    "rank_count": (2, 2), "suit_count": (2, 2), "longest_suit": (1, 1),
    "card_count": (1, 1), "has_card": (2, 2), "entered": (1, 1), "name": (1, 1),
    "team_of": (1, 1), "team_sum": (1, 1), "team_count": (1, 1), "team_min": (1, 1), "team_max": (1, 1),
    "team_all": (1, 1), "team_any": (1, 1), "text": (1, 1), "index_of": (2, 64),
    "between": (3, 3),
}
# The aggregates over the seats of one partnership.
_TEAM_AGGREGATES = ("team_sum", "team_count", "team_min", "team_max", "team_all", "team_any")


# Parts of Python that formulas may not use, each with what the refusal says.
_REFUSED_NAMES: dict[str, Message] = {
    "Attribute": Message("formula.refused.attribute"),
    "Subscript": Message("formula.refused.subscript"),
    "Lambda": Message("formula.refused.lambda"),
    "ListComp": Message("formula.refused.comprehension"),
    "SetComp": Message("formula.refused.comprehension"),
    "DictComp": Message("formula.refused.comprehension"),
    "GeneratorExp": Message("formula.refused.comprehension"),
    "JoinedStr": Message("formula.refused.fstring"),
    "FormattedValue": Message("formula.refused.fstring"),
    "NamedExpr": Message("formula.refused.walrus"),
    "Starred": Message("formula.refused.starred"),
    "List": Message("formula.refused.list"),
    "Tuple": Message("formula.refused.tuple"),
    "Dict": Message("formula.refused.dict"),
    "Set": Message("formula.refused.set"),
    "Await": Message("formula.refused.await"),
    "Yield": Message("formula.refused.yield"),
    "YieldFrom": Message("formula.refused.yield"),
    "Slice": Message("formula.refused.slice"),
}

_CONSTANT_NAMES = {"true": True, "false": False, "True": True, "False": False}


def _precheck(text: str) -> Message | None:
    """Refuse what could hurt the parser itself, before it sees the text."""
    if not isinstance(text, str):
        return Message("formula.not_text")
    if len(text) > MAX_LENGTH:
        return Message("formula.too_long", length=len(text), max=MAX_LENGTH)
    if not text.strip():
        return Message("formula.empty")
    if "\n" in text or "\r" in text:
        return Message("formula.one_line")
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
            return Message("formula.too_many_digits", digits=13, max=MAX_LITERAL)
    if deepest > MAX_DEPTH:
        return Message("formula.brackets_too_deep", depth=deepest, max=MAX_DEPTH)
    return None


def _syntax_message(text: str, exc: SyntaxError) -> Message:
    # exc.msg is Python's own words ("invalid syntax"), shown as Python gives them.
    if exc.offset:
        return Message("formula.syntax_at", text=text, detail=exc.msg, column=exc.offset)
    return Message("formula.syntax", text=text, detail=exc.msg)


_OPERATORS = {"Add": ("+", "_add"), "Sub": ("-", "_sub"), "Mult": ("*", "_mul"), "Div": ("/", "_div"),
              "FloorDiv": ("//", "_floordiv"), "Mod": ("%", "_mod"), "Pow": ("**", "_pow")}  # symbol, helper
_COMPARE_NAMES = ("Eq", "NotEq", "Lt", "LtE", "Gt", "GtE")

# Nodes the code generator itself may produce (tests walk generated trees against this).
_GENERATED_NAMES = (
    "Expression", "Lambda", "arguments", "arg", "Name", "Load", "Store",
    "Constant", "BinOp", "UnaryOp", "BoolOp", "Compare", "IfExp", "Call",
    "GeneratorExp", "ListComp", "comprehension", "Tuple", "List", "Attribute", "Subscript",
    "NamedExpr", "Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow",
    "USub", "UAdd", "Not", "And", "Or", "Eq", "NotEq", "Lt", "LtE",
    "Gt", "GtE", "Is", "IsNot", "NotIn", "In",
)


def _load(name: str) -> ast.Name:
    return ast.Name(id=name, ctx=ast.Load())


def _call(func: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=_load(func), args=list(args), keywords=[])


def _method(obj: str, method: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=ast.Attribute(value=_load(obj), attr=method, ctx=ast.Load()), args=list(args), keywords=[])


def _lambda(params: list[str], body: ast.expr) -> ast.Lambda:
    return ast.Lambda(
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], vararg=None,
                           kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
        body=body,
    )


# --- how large a value can be ----------------------------------------------------------
# Every generated node that gives a number carries an upper bound of its size (either
# sign): from its literals and names, through each operation. A step whose bound stays
# within MAX_STEP runs as Python's own operator; any other step runs through a helper
# that checks its result. A formula's value is checked against MAX_NUMBER unless its bound
# already says it is within. The bounds only decide where checks go: a node without one
# is taken as unbounded, so it is checked.


def _bound(node: ast.expr) -> float:
    if isinstance(node, ast.Constant):
        value = node.value
        return abs(value) if isinstance(value, (int, float)) else 0
    return getattr(node, "sk_bound", math.inf)


def _bounded_node(node: ast.expr, bound: float) -> ast.expr:
    if not isinstance(node, ast.Constant):
        setattr(node, "sk_bound", bound)  # (read back by _bound_of)
    return node


def _times(a: float, b: float) -> float:
    return 0 if a == 0 or b == 0 else a * b


def _power(a: float, k: int) -> float:
    try:
        return float(a) ** k
    except OverflowError:
        return math.inf


def _step_bound(op: type, left: ast.expr, right: ast.expr) -> float:
    """How large ``left op right`` can be, from the bounds of its sides."""
    a, b = _bound(left), _bound(right)
    if op in (ast.Add, ast.Sub):
        return a + b
    if op is ast.Mult:
        return _times(a, b)
    if op is ast.Mod:
        return b
    if op is ast.Pow:
        return _power(a, right.value)  # the exponent is a literal (checked before)
    divisor: Any = right.value if isinstance(right, ast.Constant) else None
    if type(divisor) in (int, float) and abs(divisor) >= 1:  # / or // by a written number
        return a + 1
    return math.inf


def _depth(node: ast.AST) -> int:
    """How deep a parsed formula is nested (at least as deep as its checking goes)."""
    return _shape(node, set())


def _shape(node: ast.AST, names: set[str], called: bool = False) -> int:
    """How deep ``node`` is nested, counted over the children ``ast.iter_child_nodes`` gives (the
    contexts and operators too); the names it reads are added to ``names``, not the name of a
    function called (``called``: ``node`` is what a call calls). One pass, without ast.walk's
    and iter_child_nodes' generators: every formula of a ruleset is measured when it loads."""
    if called is False and type(node) is ast.Name:
        names.add(node.id)
    deepest = 0
    call = type(node) is ast.Call
    for field in node._fields:
        try:
            value = getattr(node, field)
        except AttributeError:
            continue
        if isinstance(value, ast.AST):
            depth = _shape(value, names, call and field == "func")
            if depth > deepest:
                deepest = depth
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, ast.AST):
                    depth = _shape(item, names)
                    if depth > deepest:
                        deepest = depth
    return deepest + 1


# Deal-level names the fast code reads straight from the deal's attributes.
_DEAL_ATTRIBUTES = {"deal": "number", "cards": "cards", "dealer": "dealer", "forehand": "forehand"}
# ... and the parameters of the form that reads only the entered values
_DEAL_PARAMETERS = {"deal": "_n", "cards": "_c", "dealer": "_dl"}


class _Emitter:
    """How names and seats are reached in generated code.

    The generic form takes one argument, an environment (``env.get(name)``,
    ``env.at(seat)``, ``env.seat_order()``, ...), and serves tests, game-level values
    and messages. The fast form takes the deal evaluation and a seat number and reads
    entered values straight from the deal, with the game's constants folded in.
    """

    def __init__(self, fast: FastContext | None):
        self.fast = fast
        self.temp = 0
        self.inlining: set[str] = set()
        self.hoisted: dict[str, str] | None = None  # field -> local name, in the every-seat form
        self.per_seat_reads: set[str] = set()  # hoisted per-seat fields the code reads
        self.all_entered = False  # every-seat form: read per-seat fields without checking
        # every-seat form over seats 1..k: a per-seat field read at the seat being scored is
        # a variable of the loop over the seats (field -> its name), not a subscript
        self.looped: dict[str, str] | None = None
        # False inside that loop: an assignment expression there would make its variable one
        # of the whole function, a cell that every call creates and every read goes through
        self.walrus = True
        # The form that reads only the entered values (``_v``) and the deal's number, cards and
        # dealer (``_n``, ``_c``, ``_dl``): a value not entered raises Incomplete; a formula that
        # needs more of the deal has no such form (its code names ``_d``).
        self.values_only = False
        # ... with the deal's bidding order given too (``_o``): aggregates over the seats go
        # round it, and sum(field) of a complete row is the row's sum (values_test)
        self.order_given = False
        self.known_entered: frozenset[str] = frozenset()  # per-seat fields entered at every seat (no test)
        self.nested = 0  # inside an aggregate or of(): '_s' is some other seat there

    @property
    def params(self) -> list[str]:
        return ["_d", "_s"] if self.fast else ["_e"]

    def temp_name(self) -> str:
        self.temp += 1
        return f"_t{self.temp}"

    def name(self, name: str, info: NameInfo, depth: int) -> ast.expr:
        """How a name is read, in a formula nested ``depth`` deep at that point."""
        fast = self.fast
        if fast is None:
            return _bounded_node(_method("_e", "get", ast.Constant(name)), info.bound)
        if name in fast.consts and isinstance(fast.consts[name], (int, float, str, bool)):
            return ast.Constant(fast.consts[name])
        if name == "seat":
            return _bounded_node(_load("_s"), MAX_SEATS)
        if name == "is_dealer" and self.values_only and info.scope == SEAT:
            return ast.Compare(left=_load("_s"), ops=[ast.Eq()], comparators=[_load("_dl")])
        if name in _DEAL_ATTRIBUTES and self.values_only:
            players = ast.Constant(fast.consts["players"])
            forehand = ast.BinOp(left=ast.BinOp(left=_load("_dl"), op=ast.Mod(), right=players),
                                 op=ast.Add(), right=ast.Constant(1))
            return _bounded_node(forehand if name == "forehand" else _load(_DEAL_PARAMETERS[name]), info.bound)
        if name in _DEAL_ATTRIBUTES:
            return _bounded_node(ast.Attribute(value=_load("_d"), attr=_DEAL_ATTRIBUTES[name], ctx=ast.Load()),
                                 info.bound)
        derived = fast.inline.get(name)
        # Computed in place while the whole stays within the formulas' depth (a chain of
        # small derived values is inlined as far as that goes, then read from the deal).
        if derived is not None and name not in self.inlining and depth + derived.depth <= MAX_DEPTH:
            self.inlining.add(name)
            try:
                compiler = _Compiler(derived.key, derived._names, derived._scope, self)
                return compiler.value(derived._tree, derived._scope, depth, derived.text)[0]
            finally:
                self.inlining.discard(name)
        scope = fast.fields.get(name)
        seat = _load("_s") if info.scope == SEAT else ast.Constant(None)
        fallback = _method("_d", "value", ast.Constant(name), seat)
        if scope is not None and self.values_only:
            fallback = _call("_incomplete")
        elif scope is not None and fast.filled is not None and name not in fast.filled:
            # a field without a fill formula, not entered: Missing, as the deal would say
            fallback = _call("_missing", ast.Constant(name), _load("_s") if scope != "deal" and info.scope == SEAT
                             else ast.Constant(None))
        if scope is None:
            return _bounded_node(fallback, info.bound)
        return _bounded_node(self.entered(name, scope, fallback), info.bound)

    def entered(self, name: str, scope: str, fallback: ast.expr) -> ast.expr:
        """An entered value, read where it is stored; the deal works out the rest
        (``fallback``: a value not entered yet, from its fill formula, or Missing)."""
        if self.looped is not None and scope == "seat" and not self.nested:
            # at the seat scored: the loop's variable (the loop tests it for None)
            return _load(self.looped.setdefault(name, f"_f{len(self.looped)}"))
        hoisted = self.hoisted

        def raw() -> ast.expr:
            if hoisted is not None:  # read once per deal, before the seats
                row: ast.expr = _load(hoisted.setdefault(name, f"_h{len(hoisted)}"))
            elif self.values_only:
                row = ast.Subscript(value=_load("_v"), slice=ast.Constant(name), ctx=ast.Load())
            else:
                row = ast.Subscript(value=ast.Attribute(value=_load("_d"), attr="values", ctx=ast.Load()),
                                    slice=ast.Constant(name), ctx=ast.Load())
            if scope == "seat":
                return ast.Subscript(value=row, slice=ast.BinOp(left=_load("_s"), op=ast.Sub(), right=ast.Constant(1)),
                                     ctx=ast.Load())
            if scope == "team":
                assert self.fast is not None  # (a form for a game's constants: entered values are read)
                index = ast.Subscript(value=ast.Constant(self.fast.team_index), slice=_load("_s"), ctx=ast.Load())
                return ast.Subscript(value=row, slice=index, ctx=ast.Load())
            return row

        if hoisted is not None and scope != "deal":
            self.per_seat_reads.add(hoisted.setdefault(name, f"_h{len(hoisted)}"))
            if self.all_entered:  # the caller checked that no value of this field is missing
                return raw()
        if not self.walrus or self.nested:  # read twice rather than kept in a variable of the whole function
            return ast.IfExp(test=ast.Compare(left=raw(), ops=[ast.Is()], comparators=[ast.Constant(None)]),
                             body=fallback, orelse=raw())
        temp = self.temp_name()
        test = ast.Compare(left=ast.NamedExpr(target=ast.Name(id=temp, ctx=ast.Store()), value=raw()),
                           ops=[ast.IsNot()], comparators=[ast.Constant(None)])
        return ast.IfExp(test=test, body=_load(temp), orelse=fallback)

    def over_seats(self, element: ast.expr, condition: ast.expr | None = None) -> ast.GeneratorExp:
        """(element for every seat in bidding order [if condition])."""
        if self.fast:
            target, source = "_s", self.order()
        else:
            target, source = "_e", _call("_seats", _load("_e"))
        return ast.GeneratorExp(elt=element, generators=[ast.comprehension(
            target=ast.Name(id=target, ctx=ast.Store()), iter=source,
            ifs=[condition] if condition is not None else [], is_async=0)])

    def sum_of_row(self, name: str, total: ast.expr) -> ast.expr:
        """sum(field) of a per-seat field as the sum of its entered row when none of it is missing
        (whole numbers or yes/no: the same in any order), after the bidding order it goes by is
        worked out as ``total`` would; else ``total``, seat by seat."""
        fast = self.fast
        if self.order_given and fast is not None and fast.fields.get(name) == "seat" and not self.nested:
            if name in self.known_entered:
                return _call("_sum", ast.Subscript(value=_load("_v"), slice=ast.Constant(name), ctx=ast.Load()))
            # a value not entered: Incomplete, as any other read of the values alone
            row = self.temp_name()
            entered = ast.Compare(left=ast.Constant(None), ops=[ast.NotIn()], comparators=[ast.NamedExpr(
                target=_store(row), value=ast.Subscript(value=_load("_v"), slice=ast.Constant(name), ctx=ast.Load()))])
            return ast.IfExp(test=entered, body=_call("_sum", _load(row)), orelse=_call("_incomplete"))
        if (fast is None or fast.fields.get(name) != "seat" or not self.walrus or self.nested
                or self.hoisted is not None or self.values_only):
            return total
        row = self.temp_name()
        values = ast.Attribute(value=_load("_d"), attr="values", ctx=ast.Load())
        entered = ast.Compare(left=ast.Constant(None), ops=[ast.NotIn()], comparators=[ast.NamedExpr(
            target=_store(row), value=ast.Subscript(value=values, slice=ast.Constant(name), ctx=ast.Load()))])
        ordered = ast.Compare(left=self.order(), ops=[ast.IsNot()], comparators=[ast.Constant(None)])
        return ast.IfExp(test=ast.BoolOp(op=ast.And(), values=[ordered, entered]), body=_call("_sum", _load(row)),
                         orelse=total)

    def over_partners(self, element: ast.expr, condition: ast.expr | None = None) -> ast.GeneratorExp:
        """(element for every seat of this seat's partnership, in bidding order [if condition])."""
        if self.fast:
            target, source = "_s", _call("_partners", _load("_d"), _load("_s"))
        else:
            target, source = "_e", _call("_partners_env", _load("_e"))
        return ast.GeneratorExp(elt=element, generators=[ast.comprehension(
            target=ast.Name(id=target, ctx=ast.Store()), iter=source,
            ifs=[condition] if condition is not None else [], is_async=0)])

    def seat_function(self, body: ast.expr) -> ast.Lambda:
        return _lambda(["_s"] if self.fast else ["_e"], body)

    def at_seat(self, seat: ast.expr, body: ast.expr) -> ast.expr:
        """body evaluated for the given seat."""
        if self.fast:
            return ast.Call(func=_lambda(["_s"], body), args=[_method("_d", "seat", seat)], keywords=[])
        return ast.Call(func=_lambda(["_e"], body), args=[_method("_e", "at", seat)], keywords=[])

    def first(self, fn: ast.Lambda, best: str) -> ast.expr:
        if self.fast:
            return _call("_first", self.order(), fn, _load(best))
        return _call("_first_env", _load("_e"), fn, _load(best))

    def order(self) -> ast.expr:
        if self.order_given:
            return _load("_o")
        if self.fast:
            return ast.Attribute(value=_load("_d"), attr="order", ctx=ast.Load())
        return _method("_e", "seat_order")

    def env_call(self, method: str, *args: ast.expr) -> ast.expr:
        """name(seat), team_of(seat), entered('field')."""
        if self.fast:
            seat_arg = [_load("_s")] if method == "is_entered" else []
            return _method("_d", method, *args, *seat_arg)
        return _method("_e", method, *args)


class _Compiler:
    """Checks a parsed formula and emits the code that computes it.

    Every node of the formula is checked against the allow-list, its names against
    the ruleset, its types against what each operation needs; the code is built from
    fresh nodes, never from the formula's own tree.
    """

    def __init__(self, key: str, names: Mapping[str, NameInfo], scope: str, emit: _Emitter):
        self.key = key
        self.names = names
        self.scope = scope
        self.emit = emit
        self.all_seats: str | None = None  # the aggregate over all seats being compiled (its name)

    def fail(self, message: Message) -> FormulaError:
        return FormulaError(self.key, message)

    def suggest(self, name: str) -> Text:
        """The hint after an unknown name: "did you mean" the closest known name, or ''."""
        return hint(name, list(self.names) + list(FUNCTIONS))

    def value(self, tree: ast.AST, scope: str, depth: int = 0, inlined: str | None = None) -> tuple[ast.expr, str]:
        """The code of a whole formula and its type: its value, checked against MAX_NUMBER
        where it is a number that its bound does not already keep within. ``inlined``: the
        text of a derived value computed in place (its error then names its own key)."""
        code, typ = self.visit(tree, scope, depth)
        return self.within(code, typ, inlined), typ

    def within(self, code: ast.expr, typ: str, inlined: str | None = None) -> ast.expr:
        """``code``, checked against MAX_NUMBER where it is a number its bound does not keep within."""
        if typ in (TEXT, CARDS, BOOL) or _bound(code) <= MAX_NUMBER:
            return code
        if typ == ANY:
            return _bounded_node(_call("_result", code), MAX_NUMBER)
        if isinstance(code, ast.Name):  # a variable: read as often as needed
            value, stored = code, code
        elif self.emit.walrus:
            temp = self.emit.temp_name()
            value, stored = ast.NamedExpr(target=ast.Name(id=temp, ctx=ast.Store()), value=code), _load(temp)
        elif inlined is None:
            return _bounded_node(_call("_within", code), MAX_NUMBER)
        else:
            return _bounded_node(_call("_within_value", ast.Constant(self.key), ast.Constant(inlined), code),
                                 MAX_NUMBER)
        test = ast.Compare(left=ast.Constant(-MAX_NUMBER), ops=[ast.LtE(), ast.LtE()],
                           comparators=[value, ast.Constant(MAX_NUMBER)])
        fail = (_call("_too_large", stored) if inlined is None else
                _call("_value_too_large", ast.Constant(self.key), ast.Constant(inlined), stored))
        return _bounded_node(ast.IfExp(test=test, body=stored, orelse=fail), MAX_NUMBER)

    # Each visit returns (generated node, type).
    def visit(self, node: ast.AST, scope: str, depth: int = 0):
        if depth > MAX_DEPTH:
            raise self.fail(Message("formula.nested_more_than", max=MAX_DEPTH))
        for kind, message in NODES.refused.items():
            if isinstance(node, kind):
                raise self.fail(message)
        method = getattr(self, "v_" + type(node).__name__, None)
        if method is None:
            raise self.fail(Message("formula.node_not_allowed", node=type(node).__name__))
        return method(node, scope, depth + 1)

    def v_Expression(self, node, scope, depth):
        return self.visit(node.body, scope, depth)

    def v_Constant(self, node, scope, depth):
        value = node.value
        if isinstance(value, bool):
            return ast.Constant(value), BOOL
        if isinstance(value, int):
            if abs(value) > MAX_LITERAL:
                raise self.fail(Message("formula.number_too_large", value=str(value), max=MAX_LITERAL))
            return ast.Constant(value), NUM
        if isinstance(value, float):
            if not math.isfinite(value):  # a literal past 1.8e308 is read as infinity
                raise self.fail(_not_finite(value))
            if abs(value) > MAX_LITERAL:
                raise self.fail(Message("formula.number_too_large", value=str(value), max=MAX_LITERAL))
            return ast.Constant(value), NUM
        if isinstance(value, str):
            if len(value) > MAX_TEXT_LITERAL:
                raise self.fail(Message("formula.text_too_long", max=MAX_TEXT_LITERAL))
            return ast.Constant(value), TEXT
        raise self.fail(Message("formula.value_not_allowed", value=repr(value)))

    def v_Name(self, node, scope, depth):
        name = node.id
        if name in _CONSTANT_NAMES:
            return ast.Constant(_CONSTANT_NAMES[name]), BOOL
        if name.startswith("_"):
            raise self.fail(Message("formula.underscore_name", name=name))
        info = self.names.get(name)
        if info is None:
            if name in FUNCTIONS:
                raise self.fail(Message("formula.is_a_function", name=name, signature=FUNCTIONS[name]))
            raise self.fail(Message("formula.unknown_name", name=name, hint=self.suggest(name)))
        if info.refused is not None:
            raise self.fail(info.refused)
        if info.scope == SEAT and scope == TEAM and not info.per_team:
            raise self.fail(Message("formula.per_seat_in_team", name=name))
        if info.scope == SEAT and scope not in (SEAT, TEAM):
            raise self.fail(Message("formula.per_seat_name", name=name))
        if info.scope == TEAM and scope != TEAM:
            raise self.fail(Message("formula.per_team_name", name=name))
        if info.ambiguous_inside and self.all_seats and self.scope in (SEAT, TEAM):
            # 'team' out there is this seat's or partnership's; in here, each player's own
            raise self.fail(Message("formula.team_in_aggregate", function=self.all_seats))
        return self.emit.name(name, info, depth), info.type

    def _num(self, node, scope, depth, what: str):
        code, typ = self.visit(node, scope, depth)
        self._need_number(node, typ, what)
        return code, typ

    def _need_number(self, node, typ: str, what: str) -> None:
        if typ not in (NUM, BOOL):
            raise self.fail(Message("formula.needs_numbers", what=what, expr=repr(_unparse(node)), type=type_word(typ)))

    def _joined(self, node, left: tuple, right: tuple):
        """text + text: the two joined (a number is made text with text(x) first)."""
        for side, (_, typ) in zip((node.left, node.right), (left, right)):
            if typ != TEXT:
                expr = _unparse(side)
                raise self.fail(Message("formula.join_needs_text", expr=repr(expr), type=type_word(typ), text=expr))
        if isinstance(left[0], ast.Constant) and isinstance(right[0], ast.Constant):
            joined = left[0].value + right[0].value
            if len(joined) <= MAX_JOINED_TEXT:
                return ast.Constant(joined), TEXT
        return _call("_join", left[0], right[0]), TEXT

    def v_BinOp(self, node, scope, depth):
        op = type(node.op)
        if op not in NODES.symbols:
            raise self.fail(Message("formula.operator_not_allowed", expr=repr(_unparse(node))))
        symbol = NODES.symbols[op]
        if op is ast.Pow:
            exp = node.right
            if isinstance(exp, ast.UnaryOp) or not (
                isinstance(exp, ast.Constant) and type(exp.value) is int and 0 <= exp.value <= MAX_POWER
            ):
                raise self.fail(Message("formula.power_exponent", max=MAX_POWER))
        if op is ast.Add:
            left, lt = self.visit(node.left, scope, depth)
            right, rt = self.visit(node.right, scope, depth)
            if lt == TEXT:  # text first: joining
                return self._joined(node, (left, lt), (right, rt))
            self._need_number(node.left, lt, "'+'")
            self._need_number(node.right, rt, "'+'")
        else:
            left, _ = self._num(node.left, scope, depth, f"'{symbol}'")
            right, _ = self._num(node.right, scope, depth, f"'{symbol}'")
        bound = _step_bound(op, left, right)
        if bound <= MAX_STEP and op is not ast.Div:
            # Both sides are numbers by their types, and their bounds keep the result
            # within MAX_STEP: Python's own operator.
            return _bounded_node(ast.BinOp(left=left, op=op(), right=right), bound), NUM
        # Checked while running ('/' always, for its exact result of whole numbers).
        return _bounded_node(_call(NODES.helper_ops[op], left, right), min(bound, MAX_STEP)), NUM

    def v_UnaryOp(self, node, scope, depth):
        if isinstance(node.op, ast.Not):
            code, _ = self.visit(node.operand, scope, depth)
            if isinstance(code, ast.Constant):
                return ast.Constant(not code.value), BOOL
            return ast.UnaryOp(op=ast.Not(), operand=code), BOOL
        if isinstance(node.op, (ast.USub, ast.UAdd)):
            minus = isinstance(node.op, ast.USub)
            code, typ = self._num(node.operand, scope, depth, "'-'" if minus else "'+'")
            if isinstance(code, ast.Constant) and type(code.value) in (int, float):
                return ast.Constant(-code.value if minus else code.value), NUM
            return _bounded_node(ast.UnaryOp(op=ast.USub() if minus else ast.UAdd(), operand=code), _bound(code)), NUM
        raise self.fail(Message("formula.tilde"))

    def v_BoolOp(self, node, scope, depth):
        parts = [self.visit(v, scope, depth)[0] for v in node.values]
        is_and = isinstance(node.op, ast.And)
        kept = []
        for part in parts:  # parts an option decides for this game drop out
            if isinstance(part, ast.Constant):
                if bool(part.value) != is_and:  # False in 'and', True in 'or': decided
                    return ast.Constant(not is_and), BOOL
                continue
            kept.append(part)
        if not kept:
            return ast.Constant(is_and), BOOL
        if len(kept) == 1:
            return _call("_bool", kept[0]), BOOL
        return _call("_bool", ast.BoolOp(op=ast.And() if is_and else ast.Or(), values=kept)), BOOL

    def v_Compare(self, node, scope, depth):
        if any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            return self._membership(node, scope, depth)
        left, prev_type = self.visit(node.left, scope, depth)
        comparators, ops = [], []
        for before, op, comparator in zip([node.left, *node.comparators], node.ops, node.comparators):
            if not isinstance(op, NODES.compare):
                raise self.fail(Message("formula.compare_operators", expr=_unparse(node)))
            if isinstance(op, (ast.Eq, ast.NotEq)):
                self._known_value(before, comparator)
                self._known_value(comparator, before)
            code, typ = self.visit(comparator, scope, depth)
            if type(op) not in (ast.Eq, ast.NotEq):
                if TEXT in (prev_type, typ) and {prev_type, typ} <= {TEXT, NUM, BOOL} and prev_type != typ:
                    raise self.fail(Message("formula.compare_text_number", expr=_unparse(node)))
                if not ({prev_type, typ} <= {NUM, BOOL} or prev_type == typ == TEXT):
                    raise self.fail(Message("formula.compare_types", expr=_unparse(node),
                                            left=type_word(prev_type), right=type_word(typ)))
            comparators.append(code)
            ops.append(type(op)())
            prev_type = typ
        folded = _fold_compare(left, ops, comparators)
        if folded is not None:
            return folded, BOOL
        return ast.Compare(left=left, ops=ops, comparators=comparators), BOOL

    def _literals(self, nodes: list, scope: str, depth: int, what: str) -> tuple[list[ast.Constant], set[str]]:
        """Values written as they are (numbers, '...', true/false, -1): their code and types."""
        codes, types = [], set()
        for item in nodes:
            if not isinstance(item, (ast.Constant, ast.UnaryOp)) or (
                    isinstance(item, ast.UnaryOp) and not isinstance(item.operand, ast.Constant)):
                raise self.fail(Message("formula.needs_literals", what=what, expr=repr(_unparse(item))))
            code, typ = self.visit(item, scope, depth)
            codes.append(code)
            types.add(NUM if typ == BOOL else typ)
        return codes, types

    def _match_literals(self, left: ast.AST, typ: str, codes: list, types: set[str], what: str) -> None:
        """The written values fit the value they are compared with: its type, and its values
        when they are a short list (a choice, a suit)."""
        want = NUM if typ == BOOL else typ
        if want != ANY and types - {want}:
            other = next(iter(types - {want}))
            raise self.fail(Message("formula.literal_types", what=what, expr=repr(_unparse(left)),
                                    type=type_word(typ), other=type_word(other)))
        info = self.names.get(left.id) if isinstance(left, ast.Name) else None
        if info is not None and info.choices:
            for code in codes:
                if code.value not in info.choices:
                    raise self.fail(Message("formula.not_a_value", name=left.id, value=str(code.value),
                                            values=", ".join(map(str, info.choices)),
                                            hint=hint(code.value, [str(c) for c in info.choices])))

    def _known_value(self, name: ast.AST, value: ast.AST) -> None:
        """name == 'text': the text is one of the name's values, when they are a short list
        (a choice, a suit): 'strain == 'heart'' would never hold, so it is refused."""
        info = self.names.get(name.id) if isinstance(name, ast.Name) else None
        if info is not None and info.choices and isinstance(value, ast.Constant) and isinstance(value.value, str):
            self._match_literals(name, info.type, [value], {TEXT}, "'=='")

    def _membership(self, node, scope, depth):
        """x in ('a', 'b'): x is one of values written in the formula (not in: none of them)."""
        expr = _unparse(node)
        if len(node.ops) != 1 or not isinstance(node.comparators[0], ast.Tuple):
            raise self.fail(Message("formula.in_needs_tuple", expr=repr(expr)))
        left, typ = self.visit(node.left, scope, depth)
        if typ == CARDS:
            raise self.fail(Message("formula.in_cards", expr=repr(expr)))
        codes, types = self._literals(node.comparators[0].elts, scope, depth, "'in'")
        self._match_literals(node.left, typ, codes, types, "'in'")
        op = type(node.ops[0])()
        if isinstance(left, ast.Constant):  # an option decided it for this game
            found = any(c.value == left.value for c in codes)
            return ast.Constant(found if isinstance(op, ast.In) else not found), BOOL
        return ast.Compare(left=left, ops=[op], comparators=[ast.Tuple(elts=codes, ctx=ast.Load())]), BOOL

    def v_IfExp(self, node, scope, depth):
        test, _ = self.visit(node.test, scope, depth)
        yes, t1 = self.visit(node.body, scope, depth)
        no, t2 = self.visit(node.orelse, scope, depth)
        typ = t1 if t1 == t2 else (NUM if {t1, t2} <= {NUM, BOOL} else ANY)
        if isinstance(test, ast.Constant):  # an option decided it for this game
            return (yes if test.value else no), typ
        return _bounded_node(ast.IfExp(test=test, body=yes, orelse=no), max(_bound(yes), _bound(no))), typ

    def v_Call(self, node, scope, depth):
        if not isinstance(node.func, ast.Name):
            raise self.fail(Message("formula.not_a_function", expr=_unparse(node.func)))
        fname = node.func.id
        if fname not in FUNCTIONS:
            raise self.fail(Message("formula.unknown_function", name=fname, hint=self.suggest(fname),
                                    functions=tuple(sorted(FUNCTIONS))))
        if node.keywords:
            raise self.fail(Message("formula.no_named_arguments", name=fname))
        args = node.args
        low, high = _ARITY[fname]
        if not low <= len(args) <= high:
            raise self.fail(Message("formula.wrong_arity", help=function_help(fname)))
        return getattr(self, "f_" + fname, self._generic)(fname, args, scope, depth)

    # -- aggregates over seats
    def _aggregate(self, fname, args, scope, depth):
        team = fname in _TEAM_AGGREGATES
        if team:
            self._team_aggregate_allowed(fname, scope)
        code, typ = self._per_seat(args[0], depth, None if team else fname)
        fname = fname[len("team_"):] if team else fname
        if fname in ("sum", "min", "max", "first_min", "first_max") and typ not in (NUM, BOOL):
            raise self.fail(Message("formula.needs_numbers", what=f"{fname}()", expr=repr(_unparse(args[0])),
                                    type=type_word(typ)))
        emit = self.emit
        over = emit.over_partners if team else emit.over_seats
        if fname == "count":
            return _bounded_node(_call("_sum", over(ast.Constant(1), code)), MAX_SEATS), NUM
        if fname in ("sum", "min", "max"):
            bound = _bound(code) * (MAX_SEATS if fname == "sum" else 1)
            total = _call("_" + fname, over(code))
            if fname == "sum" and not team and isinstance(args[0], ast.Name):
                total = emit.sum_of_row(args[0].id, total)
            return _bounded_node(total, bound), NUM
        if fname in ("all", "any"):
            return _call("_" + fname, over(_call("_bool", code))), BOOL
        best = "_min" if fname == "first_min" else "_max"
        return _bounded_node(emit.first(emit.seat_function(code), best), MAX_SEATS), NUM

    def _per_seat(self, node, depth, all_seats: str | None):
        """``node`` compiled as a value of each seat (inside an aggregate over every seat,
        ``all_seats`` names it; None: over one partnership, or at one seat)."""
        outer, self.all_seats = self.all_seats, all_seats
        self.emit.nested += 1
        try:
            return self.visit(node, SEAT, depth)
        finally:
            self.all_seats = outer
            self.emit.nested -= 1

    f_sum = f_count = f_all = f_any = f_first_min = f_first_max = _aggregate
    f_team_sum = f_team_count = f_team_min = f_team_max = f_team_all = f_team_any = _aggregate

    def _team_aggregate_allowed(self, fname: str, scope: str) -> None:
        """team_sum() and its kin go over one partnership's seats: the ruleset needs partnerships,
        and the formula a seat or partnership that says which."""
        info = self.names.get("team")
        if info is None or not info.per_team:
            raise self.fail(Message("formula.team_needs_teams", name=fname))
        if scope not in (SEAT, TEAM):
            raise self.fail(Message("formula.team_aggregate_where", name=fname))

    def f_text(self, fname, args, scope, depth):
        code, typ = self.visit(args[0], scope, depth)
        if typ == TEXT:
            return code, TEXT
        if isinstance(code, ast.Constant) and type(code.value) is int:
            return ast.Constant(str(code.value)), TEXT
        return _call("_text", code), TEXT

    def f_index_of(self, fname, args, scope, depth):
        value, typ = self.visit(args[0], scope, depth)
        if typ == CARDS:
            raise self.fail(Message("formula.argument_type", name=fname, want=type_word(TEXT), number=1,
                                    expr=repr(_unparse(args[0])), type=type_word(typ)))
        codes, types = self._literals(args[1:], scope, depth, "index_of()")
        self._match_literals(args[0], typ, codes, types, "index_of()")
        if isinstance(value, ast.Constant):  # an option decided it for this game
            for i, c in enumerate(codes, start=1):
                if c.value == value.value and type(c.value) is type(value.value):
                    return ast.Constant(i), NUM
        return _bounded_node(_call("_index_of", ast.Constant(self.key), value,
                                   ast.Tuple(elts=codes, ctx=ast.Load())), len(codes)), NUM

    def f_min(self, fname, args, scope, depth):
        if len(args) == 1:
            return self._aggregate(fname, args, scope, depth)
        codes = [self._num(a, scope, depth, f"{fname}()")[0] for a in args]
        return _bounded_node(_call("_" + fname, *codes), max(map(_bound, codes))), NUM

    f_max = f_min

    def f_of(self, fname, args, scope, depth):
        seat, _ = self._num(args[0], scope, depth, "of()")
        code, typ = self._per_seat(args[1], depth, None)  # x is the given seat's, whatever surrounds it
        return _bounded_node(self.emit.at_seat(seat, code), _bound(code)), typ

    def f_cycle(self, fname, args, scope, depth):
        index, _ = self._num(args[0], scope, depth, f"{fname}()")
        parts = [self.visit(a, scope, depth) for a in args[1:]]
        types = {p[1] for p in parts}
        typ = types.pop() if len(types) == 1 else (NUM if types <= {NUM, BOOL} else ANY)
        branches = ast.Tuple(elts=[_lambda([], p[0]) for p in parts], ctx=ast.Load())
        bound = max(_bound(p[0]) for p in parts)
        if fname == "cycle":
            return _bounded_node(_call("_cycle", index, branches), bound), typ
        return _bounded_node(_call("_pick", ast.Constant(self.key), index, branches), bound), typ

    f_pick = f_cycle

    def f_entered(self, fname, args, scope, depth):
        arg = args[0]
        if not isinstance(arg, ast.Name) or arg.id not in self.names or not self.names[arg.id].entered:
            raise self.fail(Message("formula.entered_needs_field"))
        info = self.names[arg.id]
        if info.scope == SEAT and scope != SEAT and not (scope == TEAM and info.per_team):
            raise self.fail(Message("formula.entered_per_seat", name=arg.id))
        return self.emit.env_call("is_entered", ast.Constant(arg.id)), BOOL

    def f_between(self, fname, args, scope, depth):
        """between(a, b, x): the value x, carried per pair of seats, that seat a holds on seat b."""
        arg = args[2]
        if not isinstance(arg, ast.Name) or arg.id not in self.names or not self.names[arg.id].pair:
            raise self.fail(Message("formula.between_needs_pair"))
        a, _ = self._num(args[0], scope, depth, "between()")
        b, _ = self._num(args[1], scope, depth, "between()")
        return _bounded_node(self.emit.env_call("between", ast.Constant(arg.id), a, b), MAX_NUMBER), NUM

    def _generic(self, fname, args, scope, depth):
        compiled = [self.visit(a, scope, depth) for a in args]
        codes = [c[0] for c in compiled]
        types = [c[1] for c in compiled]

        def need(i, want):
            if types[i] != want and not (want == NUM and types[i] == BOOL):
                raise self.fail(Message("formula.argument_type", name=fname, want=type_word(want), number=i + 1,
                                        expr=repr(_unparse(args[i])), type=type_word(types[i])))

        if fname in ("abs", "floor", "ceil", "round", "sign", "clamp", "bidder", "name", "team_of"):
            for i in range(len(args)):
                need(i, NUM)
        if fname in ("rank_count", "suit_count", "longest_suit", "card_count", "has_card"):
            need(0, CARDS)
            for i in range(1, len(args)):
                need(i, TEXT)
        if fname == "bidder":
            return _bounded_node(_call("_bidder", ast.Constant(self.key), self.emit.order(), codes[0]), MAX_SEATS), NUM
        if fname == "name":
            return self.emit.env_call("seat_name", codes[0]), TEXT
        if fname == "team_of":
            return _bounded_node(self.emit.env_call("team_of", codes[0]), MAX_SEATS), NUM
        if fname == "has_card":
            return _call("_" + fname, *codes), BOOL
        # Each of these keeps its argument's size (give or take 1), or counts cards.
        if fname in ("abs", "floor", "ceil", "round"):
            bound = _bound(codes[0]) + 1
        else:
            bound = 1 if fname == "sign" else max(map(_bound, codes[1:])) if fname == "clamp" else MAX_NUMBER
        return _bounded_node(_call("_" + fname, *codes), bound), NUM


_FOLD_NAMES = {"Eq": operator.eq, "NotEq": operator.ne, "Lt": operator.lt, "LtE": operator.le,
               "Gt": operator.gt, "GtE": operator.ge}


def _fold_compare(left: ast.expr, ops: list, comparators: list) -> ast.Constant | None:
    """A comparison of constants (e.g. an option against a choice) decided now."""
    if not isinstance(left, ast.Constant) or not all(isinstance(c, ast.Constant) for c in comparators):
        return None
    a = left.value
    try:
        for op, c in zip(ops, comparators):
            if not NODES.fold[type(op)](a, c.value):
                return ast.Constant(False)
            a = c.value
    except TypeError:
        return None  # left to fail while running, with the formula's key
    return ast.Constant(True)


def _build(tree: ast.Expression, key: str, names: Mapping[str, NameInfo], scope: str,
           fast: FastContext | None) -> tuple[ast.Expression, str]:
    """The generated code and the formula's type (the check on the way); :func:`_code` makes
    the code ready to compile, so a formula only checked is not."""
    _syntax()
    emit = _Emitter(fast)
    body, typ = _Compiler(key, names, scope, emit).value(tree, scope)
    generated = ast.Expression(body=_lambda(emit.params, body))
    return generated, typ


def _build_every_seat(tree: ast.Expression, key: str, names: Mapping[str, NameInfo],
                      fast: FastContext, seats: tuple[int, ...]) -> ast.Expression:
    """lambda _d: (the seat formula for each of ``seats``), entered values read once."""
    _syntax()
    if seats == tuple(range(1, len(seats) + 1)):
        return _build_looped(tree, key, names, fast, seats)
    emit = _Emitter(fast)
    emit.hoisted = {}
    checked = _Compiler(key, names, SEAT, emit).value(tree, SEAT)[0]
    result: ast.expr = _every(checked, _load("_s"), ast.Constant(tuple(seats)))
    if emit.per_seat_reads:
        # When every per-seat value it reads is entered (the usual case once a deal is
        # complete), a second form reads them without testing each one for None.
        emit.all_entered = True
        direct = _Compiler(key, names, SEAT, emit).value(tree, SEAT)[0]
        tests = [ast.Compare(left=ast.Constant(None), ops=[ast.NotIn()], comparators=[_load(local)])
                 for local in sorted(emit.per_seat_reads)]
        complete = tests[0] if len(tests) == 1 else ast.BoolOp(op=ast.And(), values=tests)
        result = ast.IfExp(test=complete, body=_every(direct, _load("_s"), ast.Constant(tuple(seats))), orelse=result)
    reads = [ast.NamedExpr(target=ast.Name(id=local, ctx=ast.Store()), value=ast.Subscript(
        value=ast.Attribute(value=_load("_d"), attr="values", ctx=ast.Load()),
        slice=ast.Constant(field), ctx=ast.Load())) for field, local in emit.hoisted.items()]
    result = ast.Subscript(value=ast.Tuple(elts=[*reads, result], ctx=ast.Load()),
                           slice=ast.Constant(-1), ctx=ast.Load())
    return ast.Expression(body=_lambda(["_d"], result))


def _build_looped(tree: ast.Expression, key: str, names: Mapping[str, NameInfo], fast: FastContext,
                  seats: tuple[int, ...], values_only: bool = False, points: bool = False,
                  entered: frozenset[str] = frozenset(), order: bool = False) -> ast.Expression | None:
    """lambda _d: [the seat formula at seats 1..k], the entered rows walked beside the seats:
    a seat whose values the formula reads there are all entered (the usual case) is worked
    out from the loop's variables, any other seat value by value as the deal has them.

    ``values_only``: lambda _v, _n, _c, _dl: the same from the entered values alone (a seat
    with a value not entered raises Incomplete); None when the formula needs more of the deal.
    ``points``: each value as a score (as_points), a whole number within the limit taken as it is.
    ``entered``: per-seat fields whose rows hold no None (the caller checked): their values
    in the loop are not tested. ``order``: with ``values_only``, the bidding order is ``_o``
    of the function the caller puts the code in (aggregates over the seats go round it).
    """
    _syntax()
    emit = _Emitter(fast)
    emit.walrus = False
    emit.values_only = values_only
    emit.order_given = order
    emit.known_entered = entered
    slow, typ = _Compiler(key, names, SEAT, emit).visit(tree, SEAT)
    if values_only:
        slow = _call("_incomplete")
    emit.looped = {}
    compiler = _Compiler(key, names, SEAT, emit)
    direct, _ = compiler.visit(tree, SEAT)
    value: ast.expr = direct if values_only else slow
    tests = [ast.Compare(left=_load(var), ops=[ast.IsNot()], comparators=[ast.Constant(None)])
             for field, var in emit.looped.items() if field not in entered]
    if tests:
        complete = tests[0] if len(tests) == 1 else ast.BoolOp(op=ast.And(), values=tests)
        value = _bounded_node(ast.IfExp(test=complete, body=direct, orelse=slow), _bound(direct))
    # '_s' goes over the seats beside the rows unless nothing reads it and the rows are as long
    uses_seat = len(seats) != fast.consts.get("players") or any(
        isinstance(node, ast.Name) and node.id == "_s" for node in _walk(value))
    seat_target = ("_s",) if uses_seat else ()
    target: ast.expr = ast.Tuple(elts=[_store(n) for n in (*seat_target, *emit.looped.values())], ctx=ast.Store())
    deal_values = _load("_v") if values_only else ast.Attribute(value=_load("_d"), attr="values", ctx=ast.Load())
    rows = [ast.Subscript(value=deal_values, slice=ast.Constant(field), ctx=ast.Load()) for field in emit.looped]
    walked = [ast.Constant(tuple(seats))] * uses_seat
    source = ast.Constant(tuple(seats)) if not rows else _call("_zip", *walked, *rows)
    if not rows:
        target = _store("_s")
    checked = compiler.within(value, typ)
    if points:
        check = None if checked is value else "_points_result" if typ == ANY else "_points_within"
        checked = _as_points(_load("_r"), check)
        result = _every(checked, target, source, (_store("_r"), ast.List(elts=[value], ctx=ast.Load())))
    elif checked is value:
        result = _every(value, target, source)
    else:  # the value is checked in a variable of the loop: "for _r in [value]" is an assignment
        checked = compiler.within(_bounded_node(_load("_r"), _bound(value)), typ)
        result = _every(checked, target, source, (_store("_r"), ast.List(elts=[value], ctx=ast.Load())))
    if values_only:
        if any(isinstance(node, ast.Name) and node.id == "_d" for node in _walk(result)):
            return None
        return ast.Expression(body=_lambda(["_v", "_n", "_c", "_dl"], result))
    return ast.Expression(body=_lambda(["_d"], result))


def _build_values_test(parts, fast: FastContext, entered: frozenset[str] = frozenset()) -> ast.Expression | None:
    """lambda _v, _n, _c, _dl, _o: whether every part holds (see values_test); None when a part
    needs more of the deal than its entered values, number, cards, dealer and bidding order."""
    _syntax()
    tests: list[ast.expr] = []
    for rule, when, scope in parts:
        emit = _Emitter(fast)
        emit.values_only = emit.order_given = True
        emit.known_entered = entered
        emit.nested = 1 if scope == SEAT else 0  # inside the loop over the seats: no variable of the whole function
        test = _Compiler(rule.key, rule._names, rule._scope, emit).value(rule._tree, rule._scope)[0]
        if when is not None:
            asked = _Compiler(when.key, when._names, when._scope, emit).value(when._tree, when._scope)[0]
            test = ast.BoolOp(op=ast.Or(), values=[ast.UnaryOp(op=ast.Not(), operand=asked), test])
        if scope == SEAT:
            test = _call("_all", ast.GeneratorExp(elt=test, generators=[ast.comprehension(
                target=_store("_s"), iter=_load("_o"), ifs=[], is_async=0)]))
        tests.append(test)
    body: ast.expr = (ast.Constant(True) if not tests else tests[0] if len(tests) == 1
                      else ast.BoolOp(op=ast.And(), values=tests))
    generated = ast.Expression(body=_lambda(["_v", "_n", "_c", "_dl", "_o"], body))
    if any(isinstance(node, ast.Name) and node.id == "_d" for node in _walk(generated)):
        return None
    return generated


def _build_deal_values(parts, score: Any, made: Any, fast: FastContext,
                       seats: tuple[int, ...], entered: frozenset[str]) -> ast.Expression | None:
    """lambda _v, _n, _c, _dl, _o: (the scores, the made marks or None) when every part holds,
    else a false value (see deal_values); None when any of it needs more of the deal."""
    if seats != tuple(range(1, len(seats) + 1)):
        return None
    test = _build_values_test(parts, fast, entered)
    scores = _build_looped(score._tree, score.key, score._names, fast, seats, values_only=True, points=True,
                           entered=entered, order=True)
    marks = None if made is None else _build_looped(made._tree, made.key, made._names, fast, seats,
                                                    values_only=True, entered=entered, order=True)
    if test is None or scores is None or (made is not None and marks is None):
        return None
    done = ast.Tuple(elts=[scores.body.body, ast.Constant(None) if marks is None else marks.body.body], ctx=ast.Load())
    checks = test.body.body
    body = (done if isinstance(checks, ast.Constant) and checks.value is True
            else ast.BoolOp(op=ast.And(), values=[checks, done]))
    return ast.Expression(body=_lambda(["_v", "_n", "_c", "_dl", "_o"], body))


def _as_points(value: ast.Name, check: str | None) -> ast.expr:
    """value if it is a whole number (within MAX_NUMBER when it is to be ``check``ed), else
    as_points of it, after the ``check`` helper where one is named."""
    whole: ast.expr = ast.Compare(left=ast.Attribute(value=value, attr="__class__", ctx=ast.Load()),
                                  ops=[ast.Is()], comparators=[_load("_int")])
    if check:
        whole = ast.BoolOp(op=ast.And(), values=[whole, ast.Compare(
            left=ast.Constant(-MAX_NUMBER), ops=[ast.LtE(), ast.LtE()], comparators=[value, ast.Constant(MAX_NUMBER)])])
    return ast.IfExp(test=whole, body=value, orelse=_call(check or "_points", value))


def _store(name: str) -> ast.Name:
    return ast.Name(id=name, ctx=ast.Store())


def _every(body: ast.expr, target: ast.expr, source: ast.expr, *more: tuple[ast.expr, ast.expr]) -> ast.ListComp:
    """[body for target in source (for target in source)...]."""
    if isinstance(target, ast.Name):
        target = _store(target.id)
    return ast.ListComp(elt=body, generators=[
        ast.comprehension(target=t, iter=i, ifs=[], is_async=0) for t, i in ((target, source), *more)])


def _parse(text: str) -> ast.Expression:
    """The syntax tree of an expression, as ``ast.parse(text, mode="eval")`` gives it.

    This module uses the syntax tree's classes as the C module ``_ast`` makes them (the ``ast``
    module re-exports them): importing ``ast`` itself, with what it imports (``contextlib``,
    ``enum``), would cost every start that loads a ruleset whose formulas were checked
    at build time (:mod:`.shipped`) for nothing. What it adds is done here: parsing (:func:`compile`,
    which ``ast.parse`` calls), walking a tree, and writing a node back as text (in a
    message about a formula with a problem: ``ast`` is imported then). One thread at a time
    (:data:`syntax_lock`)."""
    with syntax_lock:
        return compile(text, "<unknown>", "eval", _syntax().PyCF_ONLY_AST, dont_inherit=True)


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    """Every node of the tree, ``node`` first (in no promised order: ``ast.walk`` as a set)."""
    _syntax()
    todo = [node]
    while todo:
        node = todo.pop()
        yield node
        for field in node._fields:
            value = getattr(node, field, None)
            if isinstance(value, ast.AST):
                todo.append(value)
            elif isinstance(value, list):
                todo.extend(item for item in value if isinstance(item, ast.AST))


def _unparse(node: ast.AST) -> str:
    """The node written as formula text, for a message (``ast.unparse``)."""
    import ast as syntax

    return syntax.unparse(node)


# The build (.shipped) writes generated code back as source: while it sets this to a table, each
# generated tree is noted in it by the code compiled from it.
record_trees: dict[types.CodeType, ast.Expression] | None = None


def _code(generated: ast.Expression, key: str) -> types.CodeType:
    """The code of the function a generated tree is (never formula text): the tree was built
    node by node by _Compiler from a checked formula; it is run by :func:`.formula._function_of`."""
    _syntax()
    _ready(generated)
    with syntax_lock:  # the tree is converted back for the compiler (see syntax_lock)
        code = compile(generated, f"<formula {key}>", "eval", dont_inherit=True)
    code = next(c for c in code.co_consts if isinstance(c, _CodeType))
    if record_trees is not None:
        record_trees[code] = generated
    return code


_PLACE = ("lineno", "col_offset", "end_lineno", "end_col_offset")  # a node's place in the text, as compile reads it


def _ready(node: ast.AST, where: tuple[int, ...] = (1, 0, 1, 0)) -> None:
    """Check that each node of a generated tree is of a kind the generator makes (GENERATED_NODES;
    another is a bug in the generator, never user input), and give a node without a place in the
    text its parent's (``where``), as ``ast.fix_missing_locations`` does: one pass, before it is compiled."""
    if not isinstance(node, NODES.generated):
        raise RuntimeError(f"internal error: generated {type(node).__name__}")
    if "lineno" in node._attributes:
        place = []
        for name, inherited in zip(_PLACE, where):
            value = getattr(node, name, None)
            if value is None:
                setattr(node, name, inherited)
                value = inherited
            place.append(value)
        where = tuple(place)
    for field in node._fields:
        value = getattr(node, field, None)
        if isinstance(value, ast.AST):
            _ready(value, where)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, ast.AST):
                    _ready(item, where)


_QUIET_NAMES = ("Expression", "Lambda", "arguments", "arg", "Name", "Load", "Store", "Constant", "BoolOp",
                "And", "Or", "UnaryOp", "Not", "USub", "UAdd", "IfExp", "NamedExpr", "Subscript", "Tuple",
                "BinOp", "Add", "Sub", "Mult", "Eq", "NotEq", "Is", "IsNot", "In", "NotIn")


def _quiet_node(node: ast.AST) -> bool:
    """A node of generated fast code that cannot raise (see Formula.quiet): Python's own +, - and *
    (emitted only where the bounds keep the result small), equality and membership tests, the
    deal's values and facts, and no call but bool() and the helper raising Missing."""
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id in ("_bool", "_missing")
    if isinstance(node, ast.Attribute):
        return isinstance(node.value, ast.Name) and node.value.id == "_d" and node.attr in (
            "values", *_DEAL_ATTRIBUTES.values())
    if isinstance(node, ast.Compare):
        return all(isinstance(op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops)
    return isinstance(node, NODES.quiet)


def used_names(tree: ast.AST) -> frozenset[str]:
    """The ruleset names a formula reads (function names are not counted)."""
    names: set[str] = set()
    _shape(tree, names)
    return frozenset(names)
