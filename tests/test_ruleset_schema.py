"""The ruleset schema is one statement that both the checker and the builder read; problems,
refusals and option errors are data (a catalog code, its parameters and the key path),
worded only where they are shown; yes/no options take the catalogs' words."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

import scorekeeper.i18n as i18n
import scorekeeper.languages as languages
from scorekeeper.cli import main
from scorekeeper.game.sheet import load_sheet
from scorekeeper.i18n import show, using_language
from scorekeeper.languages import YesNoWords
from scorekeeper.messages import Message
from scorekeeper.rules.formula import Formula
from scorekeeper.rules.problems import OptionValueError, Problem, RulesetError
from scorekeeper.rules.ruleset import check_file, load_ruleset, parse_ruleset_text
from scorekeeper.rules.schema import FIELD_TYPES, TABLES, TOP, Checker
from scorekeeper.values import fields

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BAD = HERE / "fixtures" / "bad_rulesets"
BAD_TRANSLATIONS = HERE / "fixtures" / "bad_translations"


def mean(name: str) -> Message:
    return Message("rules.did_you_mean", name=name)


# --- problems are data ------------------------------------------------------------------------

def test_an_unknown_key_is_a_message_with_its_suggestion():
    """'phase' at the top: the code, the key, the closest key and the keys allowed, at path 'phase'."""
    path = BAD / "unknown_top_key.toml"
    assert check_file(path) == [Problem(str(path), "phase", Message(
        "rules.unknown_key", name="phase", hint=mean("phases"), allowed=", ".join(TOP)))]


def test_an_unknown_key_of_a_field_names_the_field_keys():
    path = BAD / "unknown_field_key.toml"
    [problem] = check_file(path)
    assert (problem.path, problem.message) == ("fields.bid.lable", Message(
        "rules.unknown_key", name="lable", hint=mean("label"), allowed=", ".join(TABLES["field"])))


def test_missing_required_keys_say_what_kind_of_value_is_missing():
    path = BAD / "missing_required.toml"
    assert [(p.path, p.message) for p in check_file(path)] == [
        ("name", Message("rules.missing", kind=Message("rules.kinds.text"))),
        ("score", Message("rules.missing", kind=Message("rules.kinds.table"))),
    ]


def test_values_of_the_wrong_kind_say_what_was_expected_and_what_was_given():
    path = BAD / "wrong_types.toml"
    problems = check_file(path)
    assert [(p.path, p.message) for p in problems[:3]] == [
        ("name", Message("rules.expected", kind=Message("rules.kinds.text"), got=Message("rules.toml.list"))),
        ("players.min", Message("rules.expected", kind=Message("rules.kinds.int"), got=Message("rules.toml.text"))),
        ("fields.tricks.optional", Message("rules.expected", kind=Message("rules.kinds.bool"),
                                           got=Message("rules.toml.text"))),
    ]
    assert problems[3].path == "score.value"  # the formula's own problem, from the formula layer


def test_a_value_not_allowed_lists_the_values_of_the_schema():
    path = BAD / "unknown_field_type.toml"
    assert [(p.path, p.message) for p in check_file(path)] == [("fields.tricks.type", Message(
        "rules.not_allowed", value="integer", hint=mean("int"), allowed=", ".join(FIELD_TYPES)))]


def test_a_bad_option_default_is_the_option_error_message():
    path = BAD / "bad_option_default.toml"
    assert [(p.path, p.message) for p in check_file(path)] == [("options.bonus.default", Message(
        "rules.option.not_a_choice", id="bonus", choices="none, ten", value="tne", hint=mean("ten")))]


def test_partnerships_for_the_wrong_number_of_players_is_a_plural_message():
    path = BAD / "teams_wrong_players.toml"
    assert [(p.path, p.message) for p in check_file(path)] == [
        ("teams.seats", Message.plural("rules.teams.players", 4))]


def test_a_cycle_names_its_loop():
    path = BAD / "derived_cycle.toml"
    assert [(p.path, p.message) for p in check_file(path)] == [
        ("derived.base", Message("rules.depends_on_itself", loop="base -> bonus -> base")),
        ("derived.selfish", Message("rules.depends_on_itself", loop="selfish -> selfish")),
    ]


def test_removals_that_find_nothing_are_each_a_problem_and_loading_stops_at_the_first():
    path = BAD / "remove_several.toml"
    expected = [Problem(str(path), "remove", Message("rules.remove.nothing", path=dotted, base="lupaus"))
                for dotted in ("fields.nonexistent", "options.scorring")]
    assert check_file(path) == expected
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert info.value.problems == expected[:1]


def test_a_toml_syntax_error_keeps_its_line_and_the_parser_own_words():
    path = BAD / "syntax_error.toml"
    assert check_file(path) == [Problem(str(path), "", Message("rules.file.not_toml", reason="Illegal character '\\n'"),
                                        4)]


def test_translated_messages_with_other_placeholders_list_each_difference():
    path = BAD_TRANSLATIONS / "bad_messages.toml"
    problem = check_file(path)[-1]
    assert (problem.path, problem.message) == ("translations.pl.checks.tricks-add-up.message", Message(
        "rules.translation.placeholders", problems=(
            Message("rules.translation.placeholder_missing", part="{cards}"),
            Message("rules.translation.placeholder_extra", part="{deal}"),
        )))


def test_an_unknown_translated_item_suggests_the_closest_id():
    path = BAD_TRANSLATIONS / "unknown_items.toml"
    problem = check_file(path)[0]
    assert (problem.path, problem.message) == ("translations.fi.options.bonsu", Message(
        "rules.translation.unknown_item", what=Message("rules.items.option"), id="bonsu", hint=mean("bonus")))


def test_a_problem_is_worded_in_the_language_current_where_it_is_shown():
    """The same problem, made once, reads in English, Finnish and Polish."""
    path = BAD / "unknown_top_key.toml"
    [problem] = check_file(path)
    allowed = ", ".join(TOP)
    with using_language("fi"):
        assert show(problem) == f"{path}: phase: tuntematon avain 'phase' (tarkoititko 'phases'?); " \
                                f"tässä sallitut avaimet: {allowed}"
    with using_language("pl"):
        assert show(problem).startswith(f"{path}: phase: nieznany klucz 'phase' (czy chodziło o 'phases'?)")
    assert str(problem) == f"{path}: phase: unknown key 'phase' (did you mean 'phases'?); allowed here: {allowed}"


def test_a_ruleset_error_words_every_problem_on_its_own_line():
    path = BAD / "remove_several.toml"
    error = RulesetError(check_file(path))
    assert show(error) == str(error) == (
        f"{path}: remove: there is no 'fields.nonexistent' in lupaus to remove\n"
        f"{path}: remove: there is no 'options.scorring' in lupaus to remove")


# --- one schema for the checker and the builder --------------------------------------------------

# A ruleset that says (nearly) everything a ruleset may say; each value is told apart from the default.
EVERYTHING = """\
id = "every-key"
name = "Every key"
aka = ["All of it"]
description = "A ruleset that gives every key of the schema."
source = "the tests"
deck = 52
phases = ["bidding", "play"]
hand_value = "exact"

[phase_labels]
bidding = "Bids"

[players]
min = 4
max = 4

[teams]
seats = [[1, 3], [2, 4]]

[options.bonus]
type = "choice"
choices = ["none", "ten"]
labels = { ten = "Ten points" }
default = "ten"
label = "Bonus points"
help = "Points for an exact bid."

[options.rounds]
type = "int"
default = 2
min = 1
max = 3
when = "bonus == 'ten'"

[options.strict]
type = "bool"
default = true

[constants]
top = "deck / players"

[[deals.plan]]
when = "rounds > 1"
range = [1, "top"]
repeat = "rounds"
step = 1

[[deals.plan]]
cards = "top"
times = "players"

[deals]
redeal = "all(call == 'pass') and deal < 0"
next_dealer = "dealer if all(call == 'pass') else dealer + 1"

[seats]
first_bidder = "dealer"
leader = "dealer + 1"

[[trump]]
id = "turned"
when = "deal > 1"
kind = "turn"
field = "turned"
say = "the turned card is trump"

[[trump]]
kind = "choose"
seat = "dealer"
suit = "'spades'"
field = "turned"

[fields.turned]
scope = "deal"
phase = "bidding"
type = "suit"
label = "Turned up"
help = "The card turned for trump."
optional = true

[fields.bid]
phase = "bidding"
type = "int"
min = 0
max = "cards"
label = "Bid"
plural = "Bids"
when = "deal > 0"

[fields.tricks]
type = "int"
min = 0
max = "cards"
fill = "cards - bid"

[fields.hand]
type = "cards"
count = "cards"

[fields.contract]
scope = "deal"
type = "int"
values = [7, 5, 6, 5]

[fields.call]
type = "choice"
choices = ["pass", "double"]
labels = { double = "Double!" }

[derived.exact]
scope = "seat"
value = "bid == tricks"
label = "Made it"
shows = "value"
shown_when = "bid > 0"

[derived.points]
parts = { base = "10", extra = "tricks" }
labels = { base = "Base points" }

[carry.bags]
scope = "team"
label = "Bags"
start = "1"
value = "bags + tricks"
reset = "bags >= 10"

[score]
scope = "team"
value = "team_sum(points if exact else 0)"
made = "team_all(exact)"
digits = 1

[[checks]]
id = "tricks-add-up"
scope = "deal"
rule = "sum(tricks) == cards"
message = "the tricks add up to {sum(tricks)}, not {cards}"
level = "warning"
when = "deal > 0"
field = "tricks"

[[reminders]]
id = "first"
when = "deal == 1"
text = "Deal {deal}: shuffle well"

[end]
when = "deal == deals"
winner = "lowest"
wins = "total == min(total)"
deals = "3 * players"
says = "after three rounds"

[board]
label = "Played"
deal = "{text(cards) + ' by ' + name(dealer)}"

[parts]
name = "rubber game"
when = "rounds > 1"
end = "max(total) >= 10"
award = "1"
bonus = "parts_won"

[translations.fi]
name = "Kaikki avaimet"
"""

# Keys not in EVERYTHING: read with the file (extends, remove), not allowed beside a plan (deals.cards),
# or beside parts (end.bonus: a game in parts has parts.bonus; tests/test_end_bonus.py gives it).
NOT_GIVEN = {("", "extends"), ("", "remove"), ("deals", "cards"), ("end", "bonus")}


def everything():
    rs, problems = parse_ruleset_text(EVERYTHING, "every.toml")
    assert problems == []
    return rs, tomllib.loads(EVERYTHING)


def built_items(rs, raw):
    """(table name, raw table, the model object it became) for every table of the file."""
    yield "", raw, rs
    for name in ("players", "teams", "deals", "seats", "score", "end", "board"):
        yield name, raw[name], rs
    yield "parts", raw["parts"], rs.parts
    for oid, table in raw["options"].items():
        yield "option", table, rs.options[oid]
    for fid, table in raw["fields"].items():
        yield "field", table, rs.fields[fid]
    for did, table in raw["derived"].items():
        yield "derived", table, rs.derived[did]
    for cid, table in raw["carry"].items():
        yield "carry", table, rs.carry[cid]
    for schema, section, built in (("piece", raw["deals"]["plan"], rs.plan), ("trump", raw["trump"], rs.trump),
                                   ("check", raw["checks"], rs.checks), ("reminder", raw["reminders"], rs.reminders)):
        for table, item in zip(section, built, strict=True):
            yield schema, table, item


def test_every_key_of_the_schema_names_an_attribute_of_its_model():
    """The schema and the model cannot drift apart: every attribute a key becomes exists."""
    for name, table in [("", TOP), *TABLES.items()]:
        attributes = {f.name for f in fields(table.model)}
        for key, spec in table.items():
            for attr in (spec.attr,) if isinstance(spec.attr, str) else spec.attr or ():
                assert attr in attributes, (name, key, attr)


def test_every_key_of_the_schema_is_accepted_and_lands_in_the_model():
    rs, raw = everything()
    seen = set()
    for name, table, item in built_items(rs, raw):
        schema = TOP if name == "" else TABLES[name]
        for key, given in table.items():
            seen.add((name, key))
            spec = schema[key]
            if spec.attr is None or spec.base in ("table", "tables", "array"):
                continue
            attrs = spec.attr if isinstance(spec.attr, tuple) else (spec.attr,)
            got = tuple(getattr(item, a) for a in attrs) if len(attrs) > 1 else getattr(item, attrs[0])
            assert _lands(spec.base, given, got), (name, key, given, got)
    schema_keys = {(name, key) for name, table in [("", TOP), *TABLES.items()] for key in table}
    assert schema_keys - seen == NOT_GIVEN


def _lands(base: str, given, got) -> bool:
    """Whether a value given in the file is what the model holds for it."""
    if base == "formula":
        return all(isinstance(f, Formula) and f.text == str(given) for f in (got if isinstance(got, tuple) else (got,)))
    if base == "range":
        return [f.text for f in got] == [str(v) for v in given]
    if base == "template":
        return callable(got)
    if base == "formulas":
        pairs = got.items() if isinstance(got, dict) else got
        return {k: f.text for k, f in pairs} == {k: str(v) for k, v in given.items()}
    if base == "list-str":
        return got == tuple(given)
    if base == "ints":  # in order, each once
        return got == tuple(sorted(set(given)))
    if base == "strings":  # phase labels: every phase has one, the given ones among them
        return given.items() <= got.items()
    if base == "teams":
        return got == tuple(tuple(team) for team in given)
    return got == given


def test_left_out_keys_take_the_schema_defaults():
    """The builder fills what a file leaves out from the schema: labels from ids, scopes, levels."""
    rs, _ = everything()
    assert rs.options["strict"].label == "strict" and rs.options["strict"].help == ""
    assert rs.fields["tricks"].label == "tricks" and rs.fields["tricks"].phase == "bidding"
    assert (rs.fields["tricks"].scope, rs.fields["tricks"].optional, rs.fields["tricks"].choice_labels) == (
        "seat", False, {})
    assert (rs.derived["points"].scope, rs.derived["points"].shows, rs.derived["points"].label) == (
        "seat", "value", "points")
    assert rs.trump[1].say is None and rs.trump[1].id is None
    bare, problems = parse_ruleset_text(EVERYTHING.replace('scope = "deal"\nrule', 'rule')
                                        .replace('level = "warning"\n', ""), "every.toml")
    assert problems == []
    assert (bare.checks[0].scope, bare.checks[0].level) == ("deal", "error")


def test_a_table_of_the_schema_checks_each_kind():
    """The checker reads only the schema: a good value of every kind passes, a bad one is named."""
    checker = Checker("f.toml")
    good = {"type": "int", "label": "x", "min": 1, "optional": True, "choices": ["a"], "labels": {"a": "A"}}
    assert checker.table(good, TABLES["field"], "fields.x") == good
    assert checker.problems == []
    checker.table({"type": 3, "optional": "no", "choices": "a", "labels": {"a": 1}}, TABLES["field"], "fields.x")
    assert [(p.path, p.message.code) for p in checker.problems] == [
        ("fields.x.type", "rules.expected"), ("fields.x.optional", "rules.expected"),
        ("fields.x.choices", "rules.expected"), ("fields.x.labels.a", "rules.expected"),
    ]


# --- options: yes and no from the catalogs, errors as data -------------------------------------------

TODAY_YES = ["yes", "true", "on", "1", "kyllä", "tak"]
TODAY_NO = ["no", "false", "off", "0", "ei", "nie"]


def catalog_words(lang: str) -> YesNoWords:
    with using_language(lang):
        return YesNoWords.from_lists(i18n.t("common.yes_words"), i18n.t("common.no_words"))


def strict_option():
    return load_ruleset("lupaus").options["dealer_restriction"]


@pytest.mark.parametrize(("lang", "yes", "no", "foreign"), [
    ("en", "Yes", "off", "kyllä"),
    ("fi", "kyllä", "EI", "tak"),
    ("pl", " tak ", "nie", "yes"),
])
def test_a_yes_no_option_takes_the_words_of_a_language(lang, yes, no, foreign):
    """Given one language's words, an option takes them (any case, spaces around) and no others."""
    option, words = strict_option(), catalog_words(lang)
    assert option.parse(yes, words) is True
    assert option.parse(no, words) is False
    assert option.parse(True, words) is True  # a TOML value needs no word
    with pytest.raises(OptionValueError) as info:
        option.parse(foreign, words)
    assert info.value.message == Message("rules.option.not_bool", id="dealer_restriction", value=foreign)


def test_without_words_given_every_language_is_understood_as_before():
    """The words installed by the i18n package: those of every catalog, exactly the ones taken before."""
    assert i18n.yes_no_words() == YesNoWords(frozenset(TODAY_YES), frozenset(TODAY_NO))
    assert languages.yes_no_words() == i18n.yes_no_words()
    option = strict_option()
    assert [option.parse(w) for w in TODAY_YES] == [True] * 6
    assert [option.parse(w) for w in TODAY_NO] == [False] * 6
    with pytest.raises(OptionValueError):
        option.parse("ehkä")


@pytest.mark.parametrize("word", ["kyllä", "tak", "true", "yes"])
def test_the_command_line_takes_a_yes_in_any_language(capsys, word):
    """replay --option dealer_restriction=<yes word> re-scores as with =yes: the same deal breaks a rule."""
    assert main(["replay", str(ROOT / "examples" / "lupaus.toml"), "--option", f"dealer_restriction={word}",
                 "--json"]) in (0, 1)
    out = capsys.readouterr().out
    assert main(["replay", str(ROOT / "examples" / "lupaus.toml"), "--option", "dealer_restriction=yes",
                 "--json"]) in (0, 1)
    assert capsys.readouterr().out == out
    assert '"dealer_restriction": true' in out


@pytest.mark.parametrize("word", ["nie", "ei", "false"])
def test_the_command_line_takes_a_no_in_any_language(capsys, word):
    code = main(["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "0", "0", "0", "1",
                 "--option", f"dealer_restriction={word}", "--json"])
    assert code == 0, capsys.readouterr()


def test_a_sheet_may_say_yes_in_finnish(tmp_path):
    sheet = tmp_path / "game.toml"
    sheet.write_text('ruleset = "lupaus"\nplayers = ["Anna", "Ben", "Cara"]\n\n[options]\n'
                     'dealer_restriction = "ei"\nsimultaneous = "tak"\n', encoding="utf-8")
    game = load_sheet(sheet)
    assert (game.options["dealer_restriction"], game.options["simultaneous"]) == (False, True)


def test_an_unknown_option_is_an_option_error_with_a_suggestion():
    rs = load_ruleset("lupaus")
    with pytest.raises(OptionValueError) as info:
        rs.resolve_options({"dealer_restrictio": "yes"})
    assert info.value.message == Message("rules.option.unknown", ruleset="lupaus", name="dealer_restrictio",
                                         hint=mean("dealer_restriction"), options=", ".join(rs.options))
    assert isinstance(info.value, ValueError)
    with using_language("fi"):
        assert show(info.value).startswith("säännöissä lupaus ei ole valintaa 'dealer_restrictio'")


def test_a_number_out_of_range_is_an_option_error():
    rounds = load_ruleset("pataviitonen").options["rounds"]
    with pytest.raises(OptionValueError) as info:
        rounds.parse("99")
    assert info.value.message == Message("rules.option.out_of_range", id="rounds", min=str(rounds.min),
                                         max=str(rounds.max), value=99)


# --- the layers -----------------------------------------------------------------------------------

RULES_OWN = ["ruleset", "model", "schema", "builder", "translations", "problems"]


@pytest.mark.parametrize("module", RULES_OWN)
def test_the_ruleset_modules_import_nothing_from_i18n(module):
    tree = ast.parse((ROOT / "scorekeeper" / "rules" / f"{module}.py").read_text(encoding="utf-8"))
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    assert [m for m in imported if "i18n" in m] == []


def test_the_languages_are_one_list():
    assert i18n.LANGUAGES is languages.LANGUAGES
    assert i18n.LanguageError is languages.LanguageError
    error = languages.LanguageError("sv")
    assert error.message == Message("language.unknown", value="sv",
                                    choices="en (English), fi (Suomi), pl (Polski)")
    with using_language("fi"):
        assert show(error).startswith("tuntematon kieli 'sv'")
