"""Lines of start-up machinery: the code that exists only to start faster (issue 25's count).

Each part is a whole file, or the lines of a file from one marker (the line starting with it)
up to another (exclusive; none: the end). It prints, per part and in all, every line, and the
lines of code: neither blank, nor a comment, nor part of a docstring.

Run:  python bench/machinery_lines.py
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (file, first marker, last marker): what each part is, and what it saves, is said in bench/README.md
# ("the machinery, part by part").
PARTS = [
    # The shipped data made at build time, and the user files' cache:
    ("hatch_build.py", None, None),  # the build hook that runs the generators and writes their modules
    ("scorekeeper/rules/shipped.py", None, None),  # what a start uses of the rulesets' generated modules
    ("scorekeeper/rules/generate.py", None, None),  # the rulesets' generated modules (and the user cache's)
    ("scorekeeper/play/shipped.py", None, None),  # what the build plays before it writes them
    ("scorekeeper/rules/usercache.py", None, None),  # the cache of user ruleset files
    ("scorekeeper/i18n/shipped.py", None, None),  # the catalogs' generated modules
    ("scorekeeper/i18n/catalogs.py", "def shipped_catalog(", "def check_catalogs("),  # what a start uses of them
    ("scorekeeper/process.py", "# --- the collector", "# The terminal app."),  # fewer collections, gc.freeze() at the end
    # What the standard library does, done without its import (each with a differential test):
    ("scorekeeper/rules/files.py", "class _NotPlain(", None),  # a score sheet's TOML read without tomllib
    ("scorekeeper/game/sheet.py", "def _toml_literal(", "_BARE_KEY = "),  # a sheet's values written without tomli_w
    ("scorekeeper/values.py", None, None),  # value classes without dataclasses
    ("scorekeeper/cli/quick.py", None, None),  # the usual command lines read without argparse
    ("scorekeeper/store/jsontext.py", None, None),  # the store's JSON read without json
    ("scorekeeper/reports/jsonwrite.py", None, None),  # an export's JSON written without json
]


def count(path: Path, first: str | None, last: str | None) -> tuple[int, int]:
    """(every line, lines of code) of ``path`` from the line starting with ``first`` to the one
    starting with ``last``."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first)) if first else 0
    end = next(i for i, line in enumerate(lines) if line.startswith(last)) if last else len(lines)
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body and (
                isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            docstrings.update(range(body[0].lineno - 1, body[0].end_lineno))
    code = [i for i in range(start, end)
            if lines[i].strip() and not lines[i].strip().startswith("#") and i not in docstrings]
    return end - start, len(code)


def main() -> int:
    total = [0, 0]
    for name, first, last in PARTS:
        every, code = count(ROOT / name, first, last)
        total = [total[0] + every, total[1] + code]
        print(f"{every:6d} {code:6d}  {name}" + (f" (from {first!r})" if first else ""))
    print(f"{total[0]:6d} {total[1]:6d}  in all (every line, lines of code)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
