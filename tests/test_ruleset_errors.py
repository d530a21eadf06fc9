"""Broken ruleset files: every problem is reported with the file, the key path and a clear message."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import (
    TABLES,
    TOP,
    Problem,
    Ruleset,
    RulesetError,
    check_file,
    load_ruleset,
    parse_ruleset_text,
)

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures" / "bad_rulesets"
SHIPPED = sorted((HERE.parent / "rulesets").glob("*.toml"))

# The smallest ruleset that checks clean; the files in fixtures/bad_rulesets/ each break it.
VALID_MINIMAL = """\
id = "mini"
name = "Mini"
description = "A minimal valid ruleset for the tests."
deck = 52
phases = ["bidding", "play"]

[players]
min = 3
max = 5

[options.bonus]
type = "choice"
choices = ["none", "ten"]
default = "none"

[deals]
cards = "deal"

[fields.bid]
phase = "bidding"
type = "int"
min = 0
max = "cards"

[fields.tricks]
phase = "play"
type = "int"
min = 0
max = "cards"

[derived.exact]
value = "bid == tricks"

[score]
value = "(10 + bid if exact else 0) + (10 if bonus == 'ten' and exact else 0)"

[[checks]]
id = "tricks-add-up"
rule = "sum(tricks) == cards"
field = "tricks"
message = "the tricks add up to {sum(tricks)}, not {cards}, the number of tricks played"

[end]
when = "deal == 10"
"""

# "allowed here" lists the schema's keys; they come from the schema so new keys need no edit here.
TOP_KEYS = ", ".join(TOP)
FIELD_KEYS = ", ".join(TABLES["field"])

# File name -> every problem check_file reports, in order; FILE stands for the path given.
EXPECTED: dict[str, list[str]] = {
    "syntax_error.toml": [
        "FILE:4: not valid TOML: Illegal character '\\n'",
    ],
    "unknown_top_key.toml": [
        f"FILE: phase: unknown key 'phase' (did you mean 'phases'?); allowed here: {TOP_KEYS}",
    ],
    "unknown_field_key.toml": [
        f"FILE: fields.bid.lable: unknown key 'lable' (did you mean 'label'?); allowed here: {FIELD_KEYS}",
    ],
    "unknown_name.toml": [
        "FILE: score.value: unknown name 'trick' (did you mean 'tricks'?)",
    ],
    "check_escape.toml": [
        "FILE: checks.sneaky.rule: only the listed functions may be called; '__import__('os').system' is not one",
        "FILE: checks.sneakier.rule: attribute access ('.') is not allowed in formulas",
    ],
    "missing_required.toml": [
        "FILE: name: is missing: text is required here",
        "FILE: score: is missing: a table is required here",
    ],
    "wrong_types.toml": [
        "FILE: name: expected text, got a list",
        "FILE: players.min: expected a whole number, got text",
        "FILE: fields.tricks.optional: expected true or false, got text",
        "FILE: score.value: '+' needs numbers, but \"'ten'\" is text",
    ],
    "bad_option_default.toml": [
        "FILE: options.bonus.default: option bonus is one of none, ten, not 'tne' (did you mean 'ten'?)",
    ],
    "unknown_field_type.toml": [
        "FILE: fields.tricks.type: 'integer' is not allowed (did you mean 'int'?); "
        "use one of: int, choice, suit, trump, seat, bool, cards",
    ],
    "trump_turn_without_field.toml": [
        "FILE: trump[0]: a trump rule of kind 'turn' needs field = <the field where the table enters it>",
    ],
    "derived_cycle.toml": [
        "FILE: derived.base: the value depends on itself: base -> bonus -> base",
        "FILE: derived.selfish: the value depends on itself: selfish -> selfish",
    ],
    "teams_not_covering.toml": [
        "FILE: teams.seats: every seat from 1 up must be in exactly one partnership",
    ],
    "teams_wrong_players.toml": [
        "FILE: teams.seats: partnerships cover 4 seats, so players.min and players.max must both be 4",
    ],
    "several_problems.toml": [
        "FILE: id: 'Mini Game' is not a valid name: use lower-case letters, digits, '_' or '-', starting with a letter",
        f"FILE: colour: unknown key 'colour'; allowed here: {TOP_KEYS}",
        "FILE: players: min and max must satisfy 1 <= min <= max <= 12 (got 6 and 3)",
        "FILE: deck: '52 +' is not a valid formula (invalid syntax)",
        "FILE: fields.bid: a whole-number field needs min and max (numbers or formulas), or its values as a list",
        "FILE: score.value: unknown name 'bids' (did you mean 'bid'?)",
        "FILE: checks.total.rule: unknown name 'card' (did you mean 'cards'?)",
        "FILE: checks.total.message: a '{' in the message is not closed with '}' (write '{{' for a brace)",
        "FILE: end.winner: 'most' is not allowed (did you mean 'lowest'?); use one of: highest, lowest",
    ],
    "remove_nonexistent.toml": [
        "FILE: remove: there is no 'fields.nonexistent' in lupaus to remove",
    ],
    "remove_several.toml": [
        "FILE: remove: there is no 'fields.nonexistent' in lupaus to remove",
        "FILE: remove: there is no 'options.scorring' in lupaus to remove",
    ],
}


def expected(name: str, shown: str | Path) -> list[str]:
    return [line.replace("FILE", str(shown), 1) for line in EXPECTED[name]]


def test_every_fixture_has_expectations():
    files = {p.name for p in FIXTURES.glob("*.toml")}
    assert files == set(EXPECTED)
    assert len(files) >= 10


def test_valid_minimal_is_clean(tmp_path):
    ruleset, problems = parse_ruleset_text(VALID_MINIMAL, "mini.toml")
    assert problems == []
    assert isinstance(ruleset, Ruleset)
    assert ruleset.id == "mini"
    assert list(ruleset.fields) == ["bid", "tricks"]
    path = tmp_path / "mini.toml"
    path.write_text(VALID_MINIMAL, encoding="utf-8")
    assert check_file(path) == []
    assert load_ruleset(path).name == "Mini"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_file_problems(name):
    path = FIXTURES / name
    problems = check_file(path)
    assert all(isinstance(p, Problem) for p in problems)
    assert [str(p) for p in problems] == expected(name, path)
    # The same with the path given as text.
    assert [str(p) for p in check_file(str(path))] == expected(name, path)


def test_problems_name_the_file_as_given(monkeypatch):
    monkeypatch.chdir(FIXTURES)
    assert [str(p) for p in check_file("unknown_name.toml")] == [
        "unknown_name.toml: score.value: unknown name 'trick' (did you mean 'tricks'?)",
    ]
    problem = check_file("syntax_error.toml")[0]
    assert (problem.file, problem.path, problem.line) == ("syntax_error.toml", "", 4)
    assert str(problem) == "syntax_error.toml:4: not valid TOML: Illegal character '\\n'"


def test_problem_parts():
    """A problem is data: the file, the key path and a message (worded by show where it is shown)."""
    problems = check_file(FIXTURES / "unknown_name.toml")
    assert [(p.file, p.path, show(p.message), p.line) for p in problems] == [
        (str(FIXTURES / "unknown_name.toml"), "score.value", "unknown name 'trick' (did you mean 'tricks'?)", None)]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_load_raises_only_the_first_problem(name):
    path = FIXTURES / name
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    first = expected(name, path)[0]
    assert [str(p) for p in info.value.problems] == [first]
    assert str(info.value) == first


def test_parse_ruleset_text_problems():
    _, problems = parse_ruleset_text(VALID_MINIMAL.replace('"bid == tricks"', '"bid == trick"'), "t.toml")
    assert [str(p) for p in problems] == [
        "t.toml: derived.exact.value: unknown name 'trick' (did you mean 'tricks'?)",
    ]
    ruleset, problems = parse_ruleset_text('id = "x\n', "t.toml")
    assert ruleset is None
    # the parser's reason with the line it names, as the file-loading path says it
    assert [str(p) for p in problems] == ["t.toml:1: not valid TOML: Illegal character '\\n'"]


# --- shipped rulesets --------------------------------------------------------------------

def test_lupaus_is_shipped():
    assert "lupaus.toml" in {p.name for p in SHIPPED}


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_ruleset_checks_clean(path):
    assert [str(p) for p in check_file(path)] == []
    ruleset = load_ruleset(path.stem)
    assert ruleset.id == path.stem


# --- house rules ---------------------------------------------------------------------------

HOUSE = """\
extends = "lupaus"
id = "lupaus-house"
name = "Lupaus (house rules)"

[options.scoring]
default = "tricks-plus-ten"
"""


def test_house_rules_override_an_option_default(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    assert check_file(path) == []
    house = load_ruleset(path)
    base = load_ruleset("lupaus")
    assert house.id == "lupaus-house"
    assert house.name == "Lupaus (house rules)"
    assert house.options["scoring"].default == "tricks-plus-ten"
    assert house.options["scoring"].choices == base.options["scoring"].choices
    assert {k: v for k, v in house.option_defaults().items() if k != "scoring"} == {
        k: v for k, v in base.option_defaults().items() if k != "scoring"
    }
    assert list(house.fields) == list(base.fields)
    assert house.description == base.description


def test_house_rules_remove_a_check(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('extends = "lupaus"\nremove = ["checks.bids-not-total"]\n', encoding="utf-8")
    assert check_file(path) == []
    assert [c.id for c in load_ruleset(path).checks] == ["tricks-add-up"]


def test_house_rules_with_a_broken_override(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(HOUSE.replace('"tricks-plus-ten"', '"tricks-plus-11"'), encoding="utf-8")
    # The option is dropped, so the formulas that read it are reported too.
    assert [str(p) for p in check_file(path)] == [
        f"{path}: options.scoring.default: option scoring is one of ten-plus-bid, tricks-plus-ten, "
        "ten-per-trick, not 'tricks-plus-11' (did you mean 'tricks-plus-ten'?)",
        f"{path}: options.miss.when: unknown name 'scoring'",
        f"{path}: score.value: unknown name 'scoring'",
    ]


def test_extends_unknown_ruleset(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('extends = "lupaos"\n', encoding="utf-8")
    problems = [str(p) for p in check_file(path)]
    assert len(problems) == 1
    assert problems[0].startswith(f"{path}: extends: no built-in ruleset 'lupaos' (did you mean 'lupaus'?)")


@pytest.mark.parametrize(("addition", "message"), [
    ('[fields.cards]\ntype = "int"\nmin = 0\nmax = 5\n',
     "fields.cards: 'cards' cannot be a field name: it is a built-in name "
     "(cards dealt to each player this deal (the number of tricks)); choose another name"),
    ('[options.speed]\ntype = "int"\ndefault = 1\n[derived.speed]\nvalue = "1"\n',
     "derived.speed: 'speed' cannot be a derived value name: it is already an option or constant; choose another name"),
    ('[constants]\nBig = "1"\n',
     "constants.Big: 'Big' is not a valid constant name: use lower-case letters, digits and '_', starting with a letter"),
])
def test_names_that_are_taken_or_malformed(addition, message):
    """A field, derived value or constant name that is taken says by what."""
    _, problems = parse_ruleset_text(VALID_MINIMAL + addition, "mine.toml")
    assert [str(p) for p in problems] == [f"mine.toml: {message}"]


def test_a_derived_value_shown_as_a_seat_must_be_a_number():
    """shows = "seat" on a text value is refused, naming the key."""
    addition = '[derived.who]\nscope = "deal"\nvalue = "\'north\'"\nshows = "seat"\n'
    _, problems = parse_ruleset_text(VALID_MINIMAL + addition, "mine.toml")
    assert [str(p) for p in problems] == ["mine.toml: derived.who.shows: a seat is a number, but 'north' is text"]


@pytest.mark.parametrize("text", ["lupaus", "a", "house_rules", "oh-hell", "x9", "", "Lupaus", "9x", "_a", "-a", "a b",
                                  "ä", "a\n", "a.b", "lupaus\t"])
def test_an_id_is_what_its_pattern_says(text):
    """The id rules say what their patterns say of a whole text (no re: a start checks ids)."""
    import re

    from scorekeeper.rules.schema import ID_RE, RULESET_ID_RE

    assert ID_RE.match(text) == (re.fullmatch(r"[a-z][a-z0-9_]*", text) is not None)
    assert RULESET_ID_RE.match(text) == (re.fullmatch(r"[a-z][a-z0-9-]*", text) is not None)
    assert (ID_RE.pattern, RULESET_ID_RE.pattern) == ("^[a-z][a-z0-9_]*$", "^[a-z][a-z0-9-]*$")
