"""Every text a player reads is a catalog entry, used as the catalog states it.

Below the front ends a text is data: rules/ and game/ import no i18n (the import
contract in tests/test_layering.py) and say what they mean as a
:class:`scorekeeper.messages.Message` — a catalog code and its parameters — which the
front end words where it is shown. So instead of scanning literals for words, these
tests read every place in the package that names a catalog entry (``t(...)``,
``tn(...)``, ``Message(...)``, ``Message.plural(...)``) and check it against the
English catalog (whose keys, plural forms and placeholders the Finnish and Polish
catalogs have exactly: tests/test_i18n.py):

- the key exists;
- a plural entry is used through ``tn``/``Message.plural`` and a single text through
  ``t``/``Message``;
- the parameters given by name are exactly the template's placeholders (``count`` of a
  plural entry is its count);
- below the front ends, no error is raised with a sentence of its own: an exception
  raised in rules/, game/ or play/ is given a Message (or a value), never a literal text
  (a programming error, raised for a developer, may say in English what went wrong).

Run ``python tests/test_i18n_coverage.py`` to list every problem, file by file.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from scorekeeper.i18n import catalog

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
TEXT_CALLS = {"t": False, "tn": True, "help_text": False}  # name -> plural (help_text: the CLI's help)
BELOW_FRONT_ENDS = ("rules", "game", "play")
# Raised for a developer, never shown to a player: they may say what went wrong in English.
PROGRAMMING_ERRORS = {"AssertionError", "RuntimeError", "TypeError", "NotImplementedError"}


@dataclass(frozen=True)
class Use:
    """One place that names a catalog entry."""

    file: str
    line: int
    key: str
    plural: bool
    params: frozenset[str] | None  # None: given with **, not known statically

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.key}"


def _call_kind(node: ast.Call) -> bool | None:
    """None when the call names no catalog entry; else whether it is a plural use."""
    func = node.func
    if isinstance(func, ast.Name):
        if func.id in TEXT_CALLS:
            return TEXT_CALLS[func.id]
        if func.id == "Message":
            return False
    if isinstance(func, ast.Attribute):
        if func.attr in TEXT_CALLS and isinstance(func.value, ast.Name) and func.value.id in ("i18n", "self"):
            return TEXT_CALLS[func.attr]
        if func.attr == "plural" and isinstance(func.value, ast.Name) and func.value.id == "Message":
            return True
    return None


def _literal_keys(node: ast.expr) -> list[str]:
    """The keys a first argument names: a literal, or each side of ``"a" if c else "b"``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literal_keys(node.body) + _literal_keys(node.orelse)
    return []


def uses_in(path: Path, source: str | None = None) -> list[Use]:
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    name = str(path.relative_to(PACKAGE)) if path.is_relative_to(PACKAGE) else path.name
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        plural = _call_kind(node)
        if plural is None or not node.args:
            continue
        keys = _literal_keys(node.args[0])
        if any(k.arg is None for k in node.keywords):
            params = None
        else:
            params = frozenset(k.arg for k in node.keywords)
            if plural:
                params |= {"count"}
        found += [Use(name, node.lineno, key, plural, params) for key in keys]
    return found


def _files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _all_uses() -> list[Use]:
    return [use for path in _files() for use in uses_in(path)]


def problems_of(uses: list[Use]) -> list[str]:
    english = catalog("en")
    problems = []
    for use in uses:
        entry = english.get(use.key)
        if entry is None:
            problems.append(f"{use}: not in the English catalog")
            continue
        if entry.plural != use.plural:
            how = "a plural entry: use tn() or Message.plural()" if entry.plural else \
                "a single text: use t() or Message()"
            problems.append(f"{use}: {how}")
            continue
        wanted = entry.templates()[0].names | ({"count"} if entry.plural else set())
        if use.params is not None and use.params != wanted:
            problems.append(f"{use}: given {sorted(use.params)}, the template has {sorted(wanted)}")
    return problems


def sentences_raised(path: Path, source: str | None = None) -> list[tuple[int, str]]:
    """(line, text) of each exception raised with a literal or f-string text."""
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) \
                and not (isinstance(node.exc.func, ast.Name) and node.exc.func.id in PROGRAMMING_ERRORS):
            for arg in node.exc.args:
                if isinstance(arg, ast.JoinedStr) or (isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                                                      and " " in arg.value):
                    found.append((node.lineno, ast.unparse(arg)))
    return sorted(found)


def test_every_catalog_use_in_the_package_matches_the_english_catalog():
    uses = _all_uses()
    assert len(uses) > 1000  # the scan really found the package's texts
    assert {"value.yes", "value.no", "language.unknown", "ordinal.number"} <= {use.key for use in uses}
    problems = problems_of(uses)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("layer", BELOW_FRONT_ENDS)
def test_no_error_below_the_front_ends_is_raised_with_a_sentence(layer):
    folder = PACKAGE / layer
    if not folder.exists():
        pytest.skip(f"no {layer}/ package")
    left = [f"{path.relative_to(PACKAGE)}:{line}: {text}"
            for path in sorted(folder.rglob("*.py")) for line, text in sentences_raised(path)]
    assert not left, "errors raised with a sentence instead of a Message:\n" + "\n".join(left)


def test_the_scan_finds_each_kind_of_use_and_each_kind_of_problem():
    sample = PACKAGE / "sample.py"  # only its name is used; nothing is written
    source = (
        'from scorekeeper.i18n import t, tn\n'
        'from scorekeeper.messages import Message\n'
        'a = t("engine.setup.no_name", number=3)\n'
        'b = Message("engine.setup.same_name", name="Ann")\n'
        'c = Message.plural("engine.no_deal", 3, number="7")\n'
        'd = Message("engine.no_deal", number="7")\n'
        'e = t("engine.setup.same_name", nam="Ann")\n'
        'f = Message("no.such.key")\n'
        'g = t("cli.errors.no_game", **params)\n'
        'h = t("engine.setup.no_name" if x else "no.other.key", number=1)\n'
    )
    uses = uses_in(sample, source)
    assert [(u.line, u.key, u.plural, u.params) for u in uses] == [
        (3, "engine.setup.no_name", False, frozenset({"number"})),
        (4, "engine.setup.same_name", False, frozenset({"name"})),
        (5, "engine.no_deal", True, frozenset({"number", "count"})),
        (6, "engine.no_deal", False, frozenset({"number"})),
        (7, "engine.setup.same_name", False, frozenset({"nam"})),
        (8, "no.such.key", False, frozenset()),
        (9, "cli.errors.no_game", False, None),
        (10, "engine.setup.no_name", False, frozenset({"number"})),
        (10, "no.other.key", False, frozenset({"number"})),
    ]
    assert problems_of(uses) == [
        "sample.py:6: engine.no_deal: a plural entry: use tn() or Message.plural()",
        "sample.py:7: engine.setup.same_name: given ['nam'], the template has ['name']",
        "sample.py:8: no.such.key: not in the English catalog",
        "sample.py:10: no.other.key: not in the English catalog",
    ]


def test_the_scan_finds_an_error_raised_with_a_sentence():
    source = ('def f(x):\n'
              '    if x:\n'
              '        raise ValueError("the game is over")\n'
              '    raise ValueError(f"no deal {x}")\n'
              'def g():\n'
              '    raise KeyError("deal")\n'
              '    raise RuntimeError(f"internal error: {x}")\n'
              'def h(m):\n'
              '    raise ValueError(Message("engine.no_deal"))\n')
    assert sentences_raised(PACKAGE / "sample.py", source) == [(3, "'the game is over'"), (4, "f'no deal {x}'")]


if __name__ == "__main__":
    for problem in problems_of(_all_uses()):
        print(problem)
    for layer in BELOW_FRONT_ENDS:
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            for line, text in sentences_raised(path):
                print(f"{path.relative_to(PACKAGE)}:{line}: raised with a sentence: {text}")
    sys.exit(0)
