"""A built ruleset kept whole (scorekeeper.rules.whole): a file loaded before is made again
from its kept table, the same objects with the same values as building it gives, with no
builder run; what the table holds that is not a ruleset kept whole is never used."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.messages import Message
from scorekeeper.rules import builder as builder_module
from scorekeeper.rules import kept as kept_module
from scorekeeper.rules import whole
from scorekeeper.rules.formula import Formula
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.rules.texts import Texts

REPO = Path(__file__).resolve().parents[1]
BUILTINS = sorted(p.stem for p in (REPO / "rulesets").glob("*.toml"))
SHEETS = sorted(p.name for p in (REPO / "examples").glob("*.toml")
                if any(line.startswith("ruleset =") for line in p.read_text(encoding="utf-8").splitlines()))


@pytest.fixture
def fresh(cache, monkeypatch):
    """An empty cache folder, and no kept table of this process remembered."""
    monkeypatch.setattr(kept_module, "_OPEN", {})
    monkeypatch.setattr(kept_module, "_UNSAVED", [])
    return cache


class Builds:
    """How many rulesets the builder built."""

    def __init__(self, monkeypatch):
        self.count = 0
        build = builder_module.Builder.build

        def counting(builder):
            self.count += 1
            return build(builder)
        monkeypatch.setattr(builder_module.Builder, "build", counting)


def _as_new_process(load):
    """``load()`` as a new process does it: the kept tables read from the folder, written at its end."""
    kept_module._OPEN.clear()
    found = load()
    kept_module.save_all()
    return found


def shape(value, numbers=None):
    """Everything a ruleset is made of, as nested plain data: each object as its class and its
    fields (what a formula or the texts make while used left out, and the kept table named as
    such); an object met again as the number it was first met as, so that sharing and cycles are
    compared too. Tables and lists are compared by what they hold (the names each formula was
    checked against are one table made again, a copy each when built)."""
    numbers = {} if numbers is None else numbers
    kind = type(value)
    if kind in (str, int, float, bool, type(None)):
        return value
    if isinstance(value, kept_module.Kept):
        return "<the kept table>"
    if kind is dict:
        return ("dict", [(k, shape(v, numbers)) for k, v in value.items()])
    if kind in (list, tuple):
        return (kind.__name__, [shape(v, numbers) for v in value])
    if kind is frozenset:
        return ("frozenset", sorted(map(repr, value)))
    if id(value) in numbers:
        return ("<again>", numbers[id(value)])
    numbers[id(value)] = len(numbers)
    fields = {name: getattr(value, name) for name in kind.__slots__} if "__slots__" in kind.__dict__ \
        else dict(value.__dict__)
    for name in ("_parsed", "_generic", "_fast", "walked"):
        fields.pop(name, None)
    if kind is Texts:
        fields["cache"] = {"en": value.cache["en"]}
    return (kind.__name__, [(k, shape(v, numbers)) for k, v in fields.items()])


@pytest.mark.parametrize("ruleset", BUILTINS)
def test_every_builtin_ruleset_is_made_again_as_it_was_built(ruleset, fresh, monkeypatch):
    builds = Builds(monkeypatch)
    built = _as_new_process(lambda: load_ruleset(ruleset))
    assert builds.count == 1
    again = _as_new_process(lambda: load_ruleset(ruleset))
    extends = b"extends" in (REPO / "rulesets" / f"{ruleset}.toml").read_bytes()
    assert builds.count == (2 if extends else 1)  # a house rule over another file is never kept
    assert again is not built
    assert shape(again) == shape(built)


def test_what_is_made_again_is_shared_as_it_was(fresh):
    _as_new_process(lambda: load_ruleset("lupaus"))
    again = _as_new_process(lambda: load_ruleset("lupaus"))
    assert again.texts.cache == {"en": again}  # the ruleset and its texts hold each other
    assert again.texts.raw is again.raw  # one table in two places is one table again
    (table,) = kept_module._OPEN.values()
    assert again.deck._kept is table and again.texts.kept is table
    assert again.deck._generic is None and again.deck._fast == {}  # code is made (from the table) when run
    assert again.options["scoring"].parse("ten-per-trick") == "ten-per-trick"  # values work as built ones do
    assert again.resolve_options({"scoring": "ten-per-trick"})["miss"] == "minus-ten"
    assert again.options["scoring"] == load_ruleset("lupaus").options["scoring"]  # compared by value
    info = again.deck._names["players"]
    assert info == load_ruleset("lupaus").deck._names["players"] and hash(info) == hash(info.__class__(**info.__dict__))


@pytest.mark.parametrize("sheet", SHEETS)
def test_every_example_game_scores_the_same_from_a_ruleset_made_again(sheet, fresh, monkeypatch):
    def replay():
        out = io.StringIO()
        with redirect_stdout(out):
            assert main(["replay", str(REPO / "examples" / sheet), "--json"]) == 0
        return out.getvalue()
    first = _as_new_process(replay)
    builds = Builds(monkeypatch)
    assert _as_new_process(replay) == first
    assert json.loads(first)["deals"]
    text = (REPO / "examples" / sheet).read_text(encoding="utf-8")
    ref = next(line.split("=", 1)[1].strip().strip('"') for line in text.splitlines() if line.startswith("ruleset ="))
    source = (REPO / "examples" / ref) if ref.endswith(".toml") else REPO / "rulesets" / f"{ref}.toml"
    assert builds.count == (1 if b"extends" in source.read_bytes() else 0)


def test_a_ruleset_made_again_speaks_its_translations(fresh):
    built = _as_new_process(lambda: load_ruleset("lupaus", "fi"))
    again = _as_new_process(lambda: load_ruleset("lupaus", "fi"))
    assert again.language == "fi" and again.name == built.name
    assert [c.message.pieces[0] for c in again.checks] == [c.message.pieces[0] for c in built.checks]
    assert {k: o.label for k, o in again.options.items()} == {k: o.label for k, o in built.options.items()}
    assert again.options != {k: o for k, o in load_ruleset("lupaus").options.items()}  # really in Finnish


def test_a_stored_game_shown_again_builds_nothing(fresh, tmp_path, monkeypatch):
    store = str(tmp_path / "games.db")

    def run(args):
        out = io.StringIO()
        with redirect_stdout(out):
            code = main(args)
        return code, out.getvalue()
    assert _as_new_process(lambda: run(["import", str(REPO / "examples" / "wizard.toml"), "--db", store]))[0] == 0
    first = _as_new_process(lambda: run(["show", "1", "--db", store]))
    builds = Builds(monkeypatch)
    assert _as_new_process(lambda: run(["show", "1", "--db", store])) == first
    assert builds.count == 0


def _held(monkeypatch, change):
    """Load lupaus once (kept whole), then ``change`` the data the kept table holds for it."""
    _as_new_process(lambda: load_ruleset("lupaus"))
    (table,) = kept_module._OPEN.values()
    table.forms[whole.ENTRY] = change(table.forms[whole.ENTRY])
    table.save()


@pytest.mark.parametrize("change", [
    lambda data: ("not", "a ruleset"),
    lambda data: (data[0][:-1], data[1], data[2]),  # one object fewer than the data says
    lambda data: (("Popen",) + data[0][1:], data[1], data[2]),  # a class that is not among the model's
    lambda data: (data[0], data[1], (..., 10_000)),  # a reference to no object
    lambda data: (data[0], data[1], (..., -7)),  # a reference that is not the kept table either
    lambda data: (data[0], data[1], (..., 1)),  # an object that is not a ruleset
    lambda data: (data[0], (((("id",), ()),) + data[1][1:]), data[2]),  # fields without values
], ids=["other data", "short", "foreign class", "no such object", "no such table", "not a ruleset", "no values"])
def test_what_is_not_a_ruleset_kept_whole_is_built_again(change, fresh, monkeypatch):
    built = load_ruleset("lupaus")
    _held(monkeypatch, change)
    builds = Builds(monkeypatch)
    again = _as_new_process(lambda: load_ruleset("lupaus"))
    assert builds.count == 1
    assert shape(again) == shape(built)


def test_a_ruleset_holding_what_cannot_be_kept_is_built_each_time(fresh, monkeypatch):
    """An object of a class the model does not name (as a later model might add) keeps nothing whole."""
    built = load_ruleset("lupaus")
    table = built.deck._kept
    table.forms.pop(whole.ENTRY)
    odd = built.__class__(**{**built.__dict__, "raw": {"x": object()}})
    whole.keep(odd, table)
    assert whole.ENTRY not in table.forms
    whole.keep(built, table)
    assert whole.ENTRY in table.forms


def test_a_formula_of_another_file_is_not_kept(fresh):
    """A formula holding another file's kept table is no part of this file's ruleset."""
    built = load_ruleset("lupaus")
    table = kept_module.Kept("another", {}, {})
    whole.keep(built, table)  # its formulas hold lupaus's own table, not this one
    assert whole.ENTRY not in table.forms


def test_messages_in_a_ruleset_are_made_again_equal(fresh):
    _as_new_process(lambda: load_ruleset("lupaus"))
    again = _as_new_process(lambda: load_ruleset("lupaus"))
    refused = [info.refused for f in (again.deck, again.score) for info in f._names.values() if info.refused]
    assert all(isinstance(m, Message) for m in refused)
    assert isinstance(again.score, Formula)


def _paths(value, path=()):
    """Every place in kept data (tuples, lists and tables inside each other), as index paths."""
    yield path
    if isinstance(value, (tuple, list)):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))


def _replaced(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, tuple):
        return (*value[:head], _replaced(value[head], rest, new), *value[head + 1:])
    if isinstance(value, list):
        return [*value[:head], _replaced(value[head], rest, new), *value[head + 1:]]
    return {**value, head: _replaced(value[head], rest, new)}


_ANY = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**6) | st.text(max_size=5) | st.just(...)
                    | st.just(-1) | st.just(-2),
                    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=3), inner, max_size=2), max_leaves=6)


@pytest.fixture(scope="module")
def kept_lupaus(tmp_path_factory):
    """What the kept table holds of Lupaus kept whole, made in a cache folder of this module's own."""
    import os

    folder = str(tmp_path_factory.mktemp("whole-cache"))
    before = os.environ.get("SCOREKEEPER_CACHE")
    os.environ["SCOREKEEPER_CACHE"] = folder
    try:
        opened, unsaved = dict(kept_module._OPEN), list(kept_module._UNSAVED)
        kept_module._OPEN.clear()
        built = load_ruleset("lupaus")
        data = built.deck._kept.code(whole.ENTRY)
        kept_module._OPEN.clear()
        kept_module._OPEN.update(opened)
        kept_module._UNSAVED[:] = unsaved
    finally:
        if before is None:
            del os.environ["SCOREKEEPER_CACHE"]
        else:
            os.environ["SCOREKEEPER_CACHE"] = before
    return built, data


@settings(max_examples=60)
@given(choice=st.data())
def test_kept_data_changed_anywhere_is_a_ruleset_or_nothing(kept_lupaus, choice):
    """Whatever is put in any place of the kept data, reading it gives a ruleset or None (then the
    file is built), never an error: the data is never used for more than it says."""
    built, data = kept_lupaus
    paths = list(_paths(data))
    path = choice.draw(st.sampled_from(paths))
    changed = _replaced(data, path, choice.draw(_ANY))
    table = kept_module.Kept("lupaus", {}, {whole.ENTRY: changed})
    found = whole.made_again(table)
    assert found is None or type(found) is type(built)
