"""The shape the project keeps its code in (issue 27; STYLE.md): no function over 60 lines, no
class over 600, and the Game aggregate under 500, so that a newcomer can read each unit alone.
The modules the build generates from the rulesets and catalogs (scorekeeper/_shipped) are data,
not code anyone reads, and are left out."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
MAX_FUNCTION, MAX_CLASS, MAX_GAME = 60, 600, 500


def _units(package: Path = PACKAGE) -> list[tuple[str, str, int, ast.AST]]:
    """(module, qualified name, lines, node) of every function and class in the package."""
    found = []
    for path in sorted(package.rglob("*.py")):
        if "_shipped" in path.parts:
            continue
        module = path.relative_to(package.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def walk(node: ast.AST, prefix: str) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                    assert child.end_lineno is not None
                    found.append((module, prefix + child.name, child.end_lineno - first + 1, child))
                    walk(child, f"{prefix}{child.name}.")
                else:
                    walk(child, prefix)

        walk(tree, "")
    return found


def test_no_function_is_over_60_lines():
    long = [f"{module} {name}: {lines} lines" for module, name, lines, node in _units()
            if not isinstance(node, ast.ClassDef) and lines > MAX_FUNCTION]
    assert long == []


def test_no_class_is_over_600_lines_and_game_is_under_500():
    units = _units()
    long = [f"{module} {name}: {lines} lines" for module, name, lines, node in units
            if isinstance(node, ast.ClassDef) and lines > MAX_CLASS]
    assert long == []
    (game,) = [lines for module, name, lines, _ in units if (module, name) == ("scorekeeper/game/game.py", "Game")]
    assert game < MAX_GAME


def test_the_shape_check_sees_a_long_function_and_a_long_class(tmp_path):
    """The check itself: a function of 61 lines and a class of 601 are found, a generated
    module is not (not a test that cannot fail because it walks nothing)."""
    package = tmp_path / "scorekeeper"
    (package / "_shipped").mkdir(parents=True)
    body = "".join(f"    x{i} = {i}\n" for i in range(60))
    (package / "long.py").write_text(f"def f():\n{body}\n\nclass C:\n" + "".join(
        f"    y{i} = {i}\n" for i in range(600)))
    (package / "_shipped" / "data.py").write_text(f"def g():\n{body}")
    found = {(module, name): lines for module, name, lines, _ in _units(package)}
    assert found == {("scorekeeper/long.py", "f"): 61, ("scorekeeper/long.py", "C"): 601}
