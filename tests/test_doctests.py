"""The examples in the docstrings of the public API a ruleset writer or a front end uses
(load_ruleset; Game's record, undo, redo, edit and standings; Store.new_game) run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(("module", "examples"), [
    ("scorekeeper.rules.ruleset", 4),
    ("scorekeeper.game.game", 8),
    ("scorekeeper.store.db", 5),
])
def test_the_examples_in_the_docstrings_run_as_written(module, examples):
    found = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS, verbose=False)
    assert (found.failed, found.attempted) == (0, examples)
