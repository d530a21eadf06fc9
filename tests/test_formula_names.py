"""The formula modules' helpers say what each does: the function of generated code
(_function_of), what is taken from a built-in ruleset's shipped table or made now
(_shipped_or_made, Formula._shipped_form), and the compiler's tables keyed by the syntax
tree's classes, one object (formula_compiler.NODES) filled when those classes are first used."""

from __future__ import annotations

import ast

from scorekeeper.rules import formula, formula_compiler
from scorekeeper.rules.formula import compile_formula
from scorekeeper.rules.shipped import Table


def test_the_node_tables_are_one_object_filled_from_the_syntax_classes():
    compile_formula("1 + 2 < 4", key="k", names={})  # parses: the classes are imported, the tables made
    nodes = formula_compiler.NODES
    assert nodes.symbols[ast.Add] == "+" and nodes.helper_ops[ast.Mult] == "_mul"
    assert nodes.fold[ast.Lt](1, 2) is True and ast.Lt in nodes.compare
    assert ast.Lambda in nodes.refused and ast.Call in nodes.generated and ast.Call not in nodes.quiet
    assert formula_compiler.GENERATED_NODES is nodes.generated and formula.GENERATED_NODES is nodes.generated


def test_generated_code_runs_with_the_helpers_and_no_builtins():
    f = compile_formula("2 * 3 + 1", key="k", names={})
    run = f.generic()
    assert run.__globals__["__builtins__"] == {} and run.__globals__["_mul"] is formula._HELPERS["_mul"]
    assert formula._function_of(run.__code__)(None) == 7


def test_a_shipped_table_gives_what_it_holds_and_the_rest_is_made_and_noted():
    made = []

    def make():
        made.append(1)
        return "made"

    def is_text(value):
        return isinstance(value, str)

    assert formula._shipped_or_made(None, ("size", "k"), make, is_text) == "made"
    held = Table({}, {("size", "k"): "held", ("calls", "k"): 3}, recording=True)
    assert formula._shipped_or_made(held, ("size", "k"), make, is_text) == "held" and len(made) == 1
    assert formula._shipped_or_made(held, ("calls", "k"), make, is_text) == "made"  # 3 is not valid: made again
    assert formula._shipped_or_made(held, ("new", "k"), make, is_text) == "made" and len(made) == 3
    assert held.forms[("calls", "k")] == "made" and held.forms[("new", "k")] == "made"  # noted for the build


def test_a_formula_takes_its_forms_from_its_shipped_table():
    f = compile_formula("1 + 2", key="k", names={})
    f._shipped = Table({}, {("size", "k", "1 + 2", f._scope): 99})
    assert f.size == 99  # as the table holds it (the build counted it), not counted again
