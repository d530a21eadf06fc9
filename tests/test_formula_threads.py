"""Formulas parsed and compiled in two threads at once (the phone server's and the app's, each
loading a ruleset): CPython 3.11 counts the depth of a syntax tree being converted in one counter
for the whole interpreter, and two conversions at once fail with "SystemError: AST constructor
recursion depth mismatch" (seen in the suite on 3.11.7). One conversion runs at a time."""

from __future__ import annotations

import threading
import time

import pytest

import scorekeeper.rules.formula_compiler as formula_compiler
from scorekeeper.rules.formula import DEAL, NUM, NameInfo, compile_formula
from scorekeeper.rules.translations import _form

DEAL_NAMES = {"tricks": NameInfo(NUM, DEAL, entered=True), "bid": NameInfo(NUM, DEAL, entered=True)}


def _overlaps(monkeypatch, first, second) -> int:
    """How many threads were inside ``compile`` at once at most, while ``first`` runs in one
    thread and ``second`` starts in another once the first is inside (and waits there a while)."""
    inside, most = [0], [0]
    second_started = threading.Event()
    count = threading.Lock()

    def watched(*args, **kwargs):
        with count:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        try:
            if threading.current_thread() is not main:
                return builtin_compile(*args, **kwargs)
            if not second_started.is_set():
                starter.start()
                second_started.wait(5)
                time.sleep(0.2)  # time for the other thread to come in, were it let in
            return builtin_compile(*args, **kwargs)
        finally:
            with count:
                inside[0] -= 1

    builtin_compile = compile
    main = threading.current_thread()
    monkeypatch.setattr(formula_compiler, "compile", watched, raising=False)

    def run_second():
        second_started.set()
        second()

    starter = threading.Thread(target=run_second)
    first()
    starter.join(10)
    return most[0]


@pytest.mark.parametrize("second", ["parse", "formula", "translation"])
def test_text_made_a_tree_in_one_thread_waits_for_a_tree_being_made_in_another(monkeypatch, second):
    done = {}
    seconds = {
        "parse": lambda: done.setdefault("tree", formula_compiler._parse("tricks * 10 + bid")),
        "formula": lambda: done.setdefault("formula", compile_formula("tricks + 1", key="k", names=DEAL_NAMES)),
        "translation": lambda: done.setdefault("form", _form("'{x}' + str(bid)")),
    }
    most = _overlaps(monkeypatch, lambda: formula_compiler._parse("(tricks + 2) * (bid - 1)"), seconds[second])
    assert most == 1
    assert list(done) == [{"parse": "tree", "formula": "formula", "translation": "form"}[second]]


def test_a_formula_compiled_in_one_thread_waits_for_one_compiled_in_another(monkeypatch):
    done = []
    most = _overlaps(monkeypatch, lambda: compile_formula("tricks * 2 + 5", key="a", names=DEAL_NAMES),
                     lambda: done.append(compile_formula("bid - tricks", key="b", names=DEAL_NAMES)))
    assert most == 1 and len(done) == 1
