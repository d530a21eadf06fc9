"""What the rules layer says is data: formula refusals, errors while a formula runs, card
errors and a missing value carry a Message (a catalog code and its parameters), and are
worded only where they are shown, in the language current then. Each worded text here is
what the rules layer said before its messages became data (in English and Finnish)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper.cli as cli
from scorekeeper.i18n import show, using_language
from scorekeeper.messages import Message
from scorekeeper.rules import paths
from scorekeeper.rules.cards import Card, CardError, parse_card, parse_hand, parse_suit
from scorekeeper.rules.formula import (
    ANY, DEAL, NUM, SEAT, TEXT, EvalError, FormulaError, Missing, NameInfo, compile_formula, compile_template,
)

REPO = Path(__file__).resolve().parents[1]
NAMES = {"bid": NameInfo(NUM, SEAT), "tricks": NameInfo(NUM, SEAT), "cards": NameInfo(NUM, DEAL),
         "zero": NameInfo(NUM, DEAL), "anything": NameInfo(ANY, DEAL), "trump": NameInfo(TEXT, DEAL)}
FUNCTION_NAMES = ("abs", "all", "any", "between", "bidder", "card_count", "ceil", "clamp", "count", "cycle", "entered",
                  "first_max", "first_min", "floor", "has_card", "index_of", "longest_suit", "max", "min", "name",
                  "of", "pick", "rank_count", "round", "sign", "suit_count", "sum", "team_all", "team_any",
                  "team_count", "team_max", "team_min", "team_of", "team_sum", "text")


class Env:
    """The least a formula needs to run: a value for each name."""

    def __init__(self, **values):
        self.values = values

    def get(self, name):
        return self.values[name]


def refusal(text: str, scope: str = SEAT) -> FormulaError:
    with pytest.raises(FormulaError) as info:
        compile_formula(text, key="score.value", names=NAMES, scope=scope)
    return info.value


def failure(text: str, env: Env) -> EvalError:
    formula = compile_formula(text, key="derived.x.value", names=NAMES)
    with pytest.raises(EvalError) as info:
        formula(env)
    return info.value


def card_error(call, *args) -> CardError:
    with pytest.raises(CardError) as info:
        call(*args)
    return info.value


def worded(value) -> tuple[str, str]:
    """``value`` shown in English and in Finnish."""
    with using_language("en"):
        english = show(value)
    with using_language("fi"):
        finnish = show(value)
    return english, finnish


# --- formula refusals ------------------------------------------------------------------------

def test_unknown_name_carries_the_name_and_its_suggestion():
    """A typo is the unknown name and a "did you mean" naming the closest known name."""
    exc = refusal("trick")
    assert exc.key == "score.value"
    assert exc.message == Message("formula.unknown_name", name="trick",
                                  hint=Message("rules.did_you_mean", name="tricks"))
    assert worded(exc) == ("score.value: unknown name 'trick' (did you mean 'tricks'?)",
                           "score.value: tuntematon nimi 'trick' (tarkoititko 'tricks'?)")


def test_unknown_name_with_nothing_close_has_an_empty_hint():
    exc = refusal("qqqq")
    assert exc.message == Message("formula.unknown_name", name="qqqq", hint="")
    assert worded(exc.message) == ("unknown name 'qqqq'", "tuntematon nimi 'qqqq'")


def test_unknown_function_lists_the_functions_as_data():
    """The functions are a tuple of names; the list is joined only when the message is shown."""
    exc = refusal("summ(bid)", DEAL)
    assert exc.message == Message("formula.unknown_function", name="summ", functions=FUNCTION_NAMES,
                                  hint=Message("rules.did_you_mean", name="sum"))
    names = ", ".join(FUNCTION_NAMES)
    assert worded(exc) == (
        f"score.value: unknown function 'summ' (did you mean 'sum'?); the functions are {names}",
        f"score.value: tuntematon funktio 'summ' (tarkoititko 'sum'?); funktiot ovat {names}")


@pytest.mark.parametrize(("text", "code", "english", "finnish"), [
    ("bid.real", "formula.refused.attribute", "attribute access ('.') is not allowed in formulas",
     "attribuuttiviittaus ('.') ei ole sallittu kaavoissa"),
    ("[1, 2]", "formula.refused.list", "lists are not allowed in formulas", "listat eivät ole sallittuja kaavoissa"),
])
def test_refused_construct_is_its_code(text, code, english, finnish):
    exc = refusal(text)
    assert (exc.key, exc.message) == ("score.value", Message(code))
    assert worded(exc) == (f"score.value: {english}", f"score.value: {finnish}")


def test_wrong_arity_carries_the_function_help_as_a_message():
    exc = refusal("abs(1, 2)", DEAL)
    assert exc.message == Message("formula.wrong_arity", help=Message(
        "formula.function_help", signature="abs(x)", meaning=Message("formula.functions.abs")))
    assert worded(exc) == ("score.value: wrong number of arguments: abs(x): the value without its sign",
                           "score.value: väärä määrä argumentteja: abs(x): arvo ilman etumerkkiä")


def test_type_errors_name_the_types_as_messages():
    exc = refusal("longest_suit(bid)")
    assert exc.message == Message("formula.argument_type", name="longest_suit", number=1, expr="'bid'",
                                  want=Message("formula.types.cards"), type=Message("formula.types.number"))
    assert worded(exc.message) == ("longest_suit() needs cards as argument 1, but 'bid' is number",
                                   "longest_suit():n 1. argumentin pitää olla kortit, mutta 'bid' on luku")
    exc = refusal("bid + trump")
    assert exc.message == Message("formula.needs_numbers", what="'+'", expr="'trump'",
                                  type=Message("formula.types.text"))
    assert worded(exc.message) == ("'+' needs numbers, but 'trump' is text",
                                   "'+' tarvitsee lukuja, mutta 'trump' on teksti")


def test_syntax_error_keeps_pythons_words_as_a_parameter():
    exc = refusal("1 +", DEAL)
    assert exc.message == Message("formula.syntax", text="1 +", detail="invalid syntax")
    assert worded(exc.message) == ("'1 +' is not a valid formula (invalid syntax)",
                                   "'1 +' ei ole kelvollinen kaava (invalid syntax)")


def test_a_refusal_reads_in_the_language_current_when_it_is_shown():
    """Nothing is worded when the formula is refused: made in English, shown in Finnish."""
    with using_language("en"):
        exc = refusal("sum", DEAL)
    assert exc.message == Message("formula.is_a_function", name="sum", signature="sum(x)")
    with using_language("fi"):
        assert str(exc) == "score.value: 'sum' on funktio: kirjoita sum(x)"
    assert exc.args == ("score.value", exc.message)


# --- errors while a formula runs ---------------------------------------------------------------

def test_division_by_zero_while_running():
    exc = failure("cards / zero", Env(cards=3, zero=0))
    assert exc.key == "derived.x.value"
    assert exc.message == Message("formula.eval.cannot_compute", text="cards / zero",
                                  reason=Message("formula.eval.division_by_zero"))
    assert worded(exc) == ("derived.x.value: 'cards / zero' cannot be computed: division by zero",
                           "derived.x.value: 'cards / zero' ei ole laskettavissa: jako nollalla")
    assert failure("cards % zero", Env(cards=3, zero=0)).message == exc.message.with_params(text="cards % zero")


def test_text_where_a_number_is_needed_while_running():
    """A number that turns out to be text (only a broken environment gives one) is still stopped."""
    exc = failure("cards / 2", Env(cards="x"))
    assert exc.message == Message("formula.eval.cannot_compute", text="cards / 2", reason=Message(
        "formula.eval.needs_numbers", symbol="/", left=Message("formula.types.text"), right="int"))
    assert worded(exc) == (
        "derived.x.value: 'cards / 2' cannot be computed: '/' needs numbers, got text and int",
        "derived.x.value: 'cards / 2' ei ole laskettavissa: '/' tarvitsee lukuja, sai teksti ja int")


def test_a_value_of_mixed_type_is_no_number():
    exc = refusal("anything + 1")
    assert worded(exc) == (
        "score.value: '+' needs numbers, but 'anything' is a value of mixed type",
        "score.value: '+' tarvitsee lukuja, mutta 'anything' on sekatyyppinen arvo")


def test_pick_out_of_range_is_a_plural_message():
    exc = failure("pick(5, 1, 2)", Env())
    assert exc.message == Message.plural("formula.eval.pick_range", 2, index=5)
    assert worded(exc.message) == ("pick() was given 5, but has only 2 values",
                                   "pick() sai arvon 5, mutta sillä on vain 2 arvoa")


def test_missing_value_keeps_its_name_and_seat():
    """Missing is data; its message names the seat only when there is one."""
    exc = Missing("tricks", 2)
    assert (exc.name, exc.seat) == ("tricks", 2)
    assert exc.message == Message("formula.missing_of_seat", name="tricks", seat=2)
    assert worded(exc) == ("tricks of seat 2", "tricks paikalla 2")
    assert Missing("turned").message == "turned"
    assert worded(Missing("turned")) == ("turned", "turned")


def test_template_words_yes_no_and_decimals_in_the_current_language():
    fill = compile_template("half {cards / 2}, exact {zero > 1}", key="k", names=NAMES)
    env = Env(cards=3, zero=0)
    with using_language("en"):
        assert fill(env) == "half 1.5, exact no"
    with using_language("fi"):
        assert fill(env) == "half 1,5, exact ei"


# --- cards -----------------------------------------------------------------------------------

def test_bad_card_is_the_text_as_typed():
    exc = card_error(parse_card, "XX")
    assert exc.message == Message("cards.not_a_card", text="'XX'")
    assert worded(exc) == (
        "'XX' is not a card: write the suit (S H D C or ♠ ♥ ♦ ♣) and the rank (2-10, J, Q, K, A), e.g. SK or ♥10",
        "'XX' ei ole kortti: kirjoita maa (S H D C tai ♠ ♥ ♦ ♣) ja arvo (2-10, J, Q, K, A), esim. SK tai ♥10")


def test_bad_suit_of_a_card_lists_the_suits_as_data():
    exc = card_error(Card, "cups", "K")
    assert exc.message == Message("cards.bad_suit", suit="'cups'", suits=("spades", "hearts", "diamonds", "clubs"))
    assert worded(exc) == ("'cups' is not a suit: use one of spades, hearts, diamonds, clubs",
                           "'cups' ei ole maa: käytä jotakin näistä: spades, hearts, diamonds, clubs")


def test_bad_suit_typed():
    exc = card_error(parse_suit, "Q")
    assert exc.message == Message("cards.not_a_suit", text="'Q'")
    assert worded(exc) == (
        "'Q' is not a suit: write spades, hearts, diamonds or clubs (or S H D C, or ♠ ♥ ♦ ♣)",
        "'Q' ei ole maa: kirjoita spades, hearts, diamonds tai clubs (tai S H D C, tai ♠ ♥ ♦ ♣)")


def test_hand_of_the_wrong_size_agrees_with_both_counts():
    exc = card_error(parse_hand, "SK HA", 3)
    assert exc.message == Message.plural("cards.hand_size", 3, given=Message.plural("cards.given", 2))
    assert worded(exc) == ("a hand here has 3 cards, 2 were given", "käteen kuuluu tässä 3 korttia, annettiin 2")
    assert worded(card_error(parse_hand, "SK HA", 1)) == ("a hand here has 1 card, 2 were given",
                                                          "käteen kuuluu tässä 1 kortti, annettiin 2")


def test_card_given_twice():
    exc = card_error(parse_hand, "SK sk")
    assert exc.message == Message("cards.twice", card="♠K")
    assert worded(exc) == ("♠K is given twice", "♠K on annettu kahdesti")


# --- the built-in rulesets' folder ---------------------------------------------------------------

def test_missing_builtin_rulesets_name_both_places(monkeypatch):
    monkeypatch.setattr(paths.os.path, "isdir", lambda path: False)
    with pytest.raises(FileNotFoundError) as info:
        paths.builtin_rulesets_dir()
    exc = info.value
    here = Path(paths.__file__).resolve()
    installed, checkout = here.parent.parent / "_rulesets", here.parents[2] / "rulesets"
    assert exc.message == Message("rules.paths.missing", installed=str(installed), checkout=str(checkout))
    assert worded(exc) == (
        f"the built-in rulesets were not found: looked for {installed} (installed package) and {checkout} "
        "(source checkout); the installation looks incomplete, reinstall scorekeeper",
        f"valmiita sääntöjä ei löytynyt: etsittiin kohdista {installed} (asennettu paketti) ja {checkout} "
        "(lähdekoodi); asennus näyttää vajaalta, asenna scorekeeper uudelleen")


# --- where they are shown: the command line ----------------------------------------------------

@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "scorekeeper: error: 'XX' is not a card: write the suit (S H D C or ♠ ♥ ♦ ♣) and the rank "
           "(2-10, J, Q, K, A), e.g. SK or ♥10\n"),
    ("fi", "scorekeeper: virhe: 'XX' ei ole kortti: kirjoita maa (S H D C tai ♠ ♥ ♦ ♣) ja arvo "
           "(2-10, J, Q, K, A), esim. SK tai ♥10\n"),
])
def test_cli_words_a_card_error(capsys, lang, expected):
    code = cli.main(["--lang", lang, "hand-value", "wysiwyg", "XX", "SQ"])
    assert (code, capsys.readouterr().err) == (2, expected)


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "scorekeeper: error: a value is missing: tricks of seat 2\n"),
    ("fi", "scorekeeper: virhe: arvo puuttuu: tricks paikalla 2\n"),
])
def test_cli_words_a_missing_value(capsys, monkeypatch, lang, expected):
    def needs_tricks(args):
        raise Missing("tricks", 2)
    monkeypatch.setattr("scorekeeper.cli.rules.cmd_rules_list", needs_tricks)
    code = cli.main(["--lang", lang, "rules", "list"])
    assert (code, capsys.readouterr().err) == (1, expected)


# --- the modules ---------------------------------------------------------------------------------

MODULES = ("formula", "cards", "paths")


def test_the_rules_modules_do_not_load_the_catalogs_package():
    """formula, cards and paths import no i18n, not even through another module."""
    code = ("import sys\n"
            "import scorekeeper.rules.formula, scorekeeper.rules.cards, scorekeeper.rules.paths\n"
            "print([m for m in sys.modules if 'i18n' in m])\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (0, "[]\n"), result.stderr


@pytest.mark.parametrize("module", MODULES)
def test_no_text_is_worded_in_the_rules_modules(module):
    """No t()/tn() call is left: every text is a Message."""
    source = (REPO / "scorekeeper" / "rules" / f"{module}.py").read_text(encoding="utf-8")
    calls = [n.func.id for n in ast.walk(ast.parse(source))
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("t", "tn")]
    assert calls == []
