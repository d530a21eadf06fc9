"""Fields a deal may not ask for, read by a formula of every deal (what ``rules check`` says).

A field with ``when`` is asked only when its condition holds; in a deal where it does not, it
has no value at all (a ``fill`` says what an empty box means where the field is asked). A formula that
every deal works out (the score, a carried value's update, the end, a deal that does not
count) and reads such a field whatever the deal holds would leave that deal unscorable
("Tout is not entered") although the table entered all it was asked. So a read of a field
with ``when`` must be under a condition: the branches of ``a if c else b``,
what follows the first value of ``and`` / ``or``, a value of ``pick()`` or ``cycle()`` (only
the one picked is read), or ``entered(field)``. Whether the
condition is the field's own is not proved (a formula may say it in other words); a read
under none is certainly made in every deal, and is the problem told.
"""

from __future__ import annotations

from . import formula_compiler as compiler
from .problems import Problem
from ..messages import Message

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Iterator

    from .formula import Formula
    from .model import Ruleset

__all__ = ["unasked_reads"]


def _always_read(tree) -> set[str]:
    """The names a formula reads whatever the deal holds: those outside every branch."""
    ast = compiler._syntax()
    found: set[str] = set()
    todo = [tree.body if isinstance(tree, ast.Expression) else tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.IfExp):
            todo.append(node.test)  # the branches are read only when chosen
        elif isinstance(node, ast.BoolOp):
            todo.append(node.values[0])  # the rest only when the first does not decide
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "entered":
            continue
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("pick", "cycle"):
            todo.extend(node.args[:1])  # of the values after the first, only the one picked is read
        else:
            todo.extend(_children(node))
    return found


def _children(node) -> Iterator:
    for name in node._fields:
        value = getattr(node, name, None)
        if isinstance(value, list):
            yield from (v for v in value if hasattr(v, "_fields"))
        elif hasattr(value, "_fields"):
            yield value


def _every_deal(ruleset: Ruleset) -> Iterator[Formula]:
    """The formulas every deal that counts works out."""
    yield ruleset.score
    for carried in ruleset.carry.values():
        yield carried.value
        if carried.reset is not None:
            yield carried.reset
    for formula in (ruleset.end_when, ruleset.redeal, ruleset.next_dealer):
        if formula is not None:
            yield formula
    if ruleset.parts is not None:
        yield ruleset.parts.end
        yield ruleset.parts.award


def unasked_reads(ruleset: Ruleset, file: str) -> list[Problem]:
    """Each formula of every deal that reads a field a deal may not ask for (it has ``when``)
    outside any condition, itself or through derived values; once per field."""
    unasked = {fid for fid, spec in ruleset.fields.items() if spec.when is not None}
    if not unasked:
        return []
    reads: dict[str, set[str]] = {}

    def always(formula: Formula) -> set[str]:
        if formula.key not in reads:
            reads[formula.key] = set()  # (a loop is refused when the file loads)
            direct = _always_read(formula._tree)
            names = set(direct)
            for name in direct:
                derived = ruleset.derived.get(name)
                if derived is not None:
                    names |= always(derived.value)
            reads[formula.key] = names
        return reads[formula.key]

    problems: dict[str, Problem] = {}
    for formula in _every_deal(ruleset):
        for fid in sorted(always(formula) & unasked):
            spec = ruleset.fields[fid]
            assert spec.when is not None  # (a field not asked in every deal has its question)
            problems.setdefault(fid, Problem(file, formula.key, Message(
                "rules.asked.read_always", name=fid, when=spec.when.text)))
    return list(problems.values())
