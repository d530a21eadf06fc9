"""A formula's names and depth, measured in one pass when it loads (rules.formula_compiler._shape), are
what ast.walk and ast.iter_child_nodes give: every built-in ruleset's formulas, and texts with
calls of calls, attributes, comprehensions and deep nesting (parsed only, never checked). The
pass that makes generated code ready to compile (rules.formula_compiler._ready) gives each node the
place ast.fix_missing_locations gives it, and refuses a node the generator never makes."""

from __future__ import annotations

import ast
import copy

import pytest

from scorekeeper.rules import formula, formula_compiler
from scorekeeper.rules.ruleset import builtin_ids, load_ruleset


def _walked_names(tree: ast.AST) -> frozenset[str]:
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return frozenset(n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in called)


def _walked_depth(node: ast.AST) -> int:
    return 1 + max((_walked_depth(c) for c in ast.iter_child_nodes(node)), default=0)


def _formulas(value, seen: set[int]):
    """Every Formula reachable from a ruleset's values."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, formula.Formula):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _formulas(item, seen)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _formulas(item, seen)
    elif hasattr(value, "__dict__"):
        for item in vars(value).values():
            yield from _formulas(item, seen)


TEXTS = [
    "x", "1", "bid", "max(a, b) + min(c)", "f(g)(h)", "f(x)(y)(z)", "a.b(c)", "(a if b else c) * -d",
    "not a and b or c", "x in (1, 2, 3)", "[y for y in z if y]", "lambda q: q + r", "sum(s for s in seats)",
    "x[1]", "'text' + name", "((((((a))))))", "-" * 20 + "x", "f(*args, **kw)", "a < b <= c != d",
]


@pytest.mark.parametrize("text", TEXTS)
def test_names_and_depth_of_any_parsed_text(text):
    tree = ast.parse(text, mode="eval")
    assert formula_compiler.used_names(tree) == _walked_names(tree)
    assert formula_compiler._depth(tree) == _walked_depth(tree)


@pytest.mark.parametrize("ruleset_id", builtin_ids())
def test_names_and_depth_of_every_built_in_formula(ruleset_id):
    found = list(_formulas(load_ruleset(ruleset_id), set()))
    assert len(found) > 3
    for f in found:
        tree = ast.parse(f.text, mode="eval")
        assert f.depth == _walked_depth(tree), f.key
        assert f.names == _walked_names(tree) - set(formula_compiler._CONSTANT_NAMES), f.key


@pytest.mark.parametrize("ruleset_id", ["lupaus", "wizard", "bridge"])
def test_generated_code_gets_the_places_fix_missing_locations_gives(ruleset_id):
    for f in _formulas(load_ruleset(ruleset_id), set()):
        generated, _ = formula_compiler._build(f._tree, f.key, f._names, f._scope, None)
        expected = ast.fix_missing_locations(copy.deepcopy(generated))
        formula_compiler._ready(generated)
        assert ast.dump(generated, include_attributes=True) == ast.dump(expected, include_attributes=True), f.key


def test_a_node_the_generator_never_makes_is_refused():
    tree = ast.Expression(body=ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[],
                                                             defaults=[]),
                                          body=ast.Starred(value=ast.Name(id="x", ctx=ast.Load()), ctx=ast.Load())))
    with pytest.raises(RuntimeError, match="internal error: generated Starred"):
        formula_compiler._code(tree, "test")
