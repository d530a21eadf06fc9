"""No text a player reads bypasses the catalogs.

Every string literal in the code that reads as words (two words of letters in a row,
e.g. "the game is over") must be a key given to ``t``/``tn``, a docstring, or sit on a
line marked ``# i18n: not shown`` (SQL, CSS, identifiers, text for developers only).
And every literal key given to ``t``/``tn`` is in the English catalog (whose keys the
Finnish and Polish catalogs have exactly: tests/test_i18n.py).

Run ``python tests/test_i18n_coverage.py`` to list what is left, file by file.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from scorekeeper.i18n import catalog

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
WORDS = re.compile(r"[A-Za-zÀ-ž]{2,}[,:;'’]?[ ]+[A-Za-zÀ-ž]{2,}")  # two words and a space
MARK = "i18n: not shown"
CALLS = {"t", "tn"}
# Parts of the code whose texts are swept into the catalogs (the rest is listed by
# `python tests/test_i18n_coverage.py` until it is swept too).
SWEPT: list[str] = ["."]  # the whole package


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                ids.add(id(body[0].value))
    return ids


def _key_args(tree: ast.AST) -> set[int]:
    """The literal first arguments of t(...) and tn(...) calls."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else None)
            if name in CALLS and node.args and isinstance(node.args[0], ast.Constant):
                ids.add(id(node.args[0]))
    return ids


def used_keys(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else None)
            if name in CALLS and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                out.append((node.lineno, node.args[0].value))
    return out


def bypassing(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every literal in a file that reads as words and is not a key."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = _docstrings(tree) | _key_args(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in skip:
            continue
        if not WORDS.search(node.value):
            continue
        span = range(node.lineno - 1, (node.end_lineno or node.lineno))
        if any(MARK in lines[i] for i in span if i < len(lines)):
            continue
        found.append((node.lineno, node.value))
    return sorted(found)


def _files(parts: list[str]) -> list[Path]:
    out = []
    for part in parts:
        target = PACKAGE / part
        out += sorted(target.rglob("*.py")) if target.is_dir() else [target]
    return out


@pytest.mark.parametrize("path", _files(SWEPT), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_text_bypasses_the_catalogs(path):
    left = bypassing(path)
    assert not left, f"{path.relative_to(PACKAGE)}: texts not in the catalogs:\n" + "\n".join(
        f"  line {n}: {text!r}" for n, text in left[:20])


def test_every_key_used_is_in_the_english_catalog():
    english = catalog("en")
    missing = [f"{path.relative_to(PACKAGE)}:{line}: {key}"
               for path in _files(["."]) for line, key in used_keys(path) if key not in english]
    assert not missing, "keys not in the English catalog:\n" + "\n".join(missing)


def test_the_scanner_finds_a_bare_sentence_and_accepts_keys_and_marks(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Docstrings are for developers."""\n'
        'from scorekeeper.i18n import t\n'
        'a = t("cli.errors.no_game", id=3)\n'
        'b = "the game is over"\n'
        'c = "SELECT id FROM games"  # i18n: not shown\n'
        'd = "#deal-panel"\n', encoding="utf-8")
    assert bypassing(sample) == [(4, "the game is over")]
    assert used_keys(sample) == [(3, "cli.errors.no_game")]


if __name__ == "__main__":
    counts = Counter()
    for path in _files(["."]):
        left = bypassing(path)
        if left:
            counts[str(path.relative_to(PACKAGE))] = len(left)
    for name, count in sorted(counts.items()):
        print(f"{count:5d}  {name}")
    print(f"{sum(counts.values()):5d}  in all")
    sys.exit(0)
