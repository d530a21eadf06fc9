"""The rules layer in Finnish and Polish: what `scorekeeper rules check` reports for a
broken ruleset, the formula refusals (always naming the key), the formula errors while
playing and the card errors, each as a player reads it in that language."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.i18n import show, using_language
from scorekeeper.rules.cards import CardError, parse_card, parse_hand
from scorekeeper.rules.formula import DEAL, NUM, EvalError, FormulaError, NameInfo, compile_formula
from scorekeeper.rules.ruleset import RulesetError, check_file, load_ruleset

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "bad_rulesets"
NAMES = {"bid": NameInfo(NUM, DEAL), "tricks": NameInfo(NUM, DEAL)}


def problems(name: str, lang: str) -> list[str]:
    with using_language(lang):
        return [str(p).replace(str(FIXTURES / name), "FILE", 1) for p in check_file(FIXTURES / name)]


FINNISH = {
    "unknown_name.toml": ["FILE: score.value: tuntematon nimi 'trick' (tarkoititko 'tricks'?)"],
    "check_escape.toml": [
        "FILE: checks.sneaky.rule: vain luetellut funktiot ovat kutsuttavissa; '__import__('os').system' ei ole yksi niistä",
        "FILE: checks.sneakier.rule: attribuuttiviittaus ('.') ei ole sallittu kaavoissa",
    ],
    "missing_required.toml": [
        "FILE: name: puuttuu: tähän tarvitaan teksti",
        "FILE: score: puuttuu: tähän tarvitaan taulukko",
    ],
    "wrong_types.toml": [
        "FILE: name: arvon pitäisi olla teksti, mutta se on lista",
        "FILE: players.min: arvon pitäisi olla kokonaisluku, mutta se on teksti",
        "FILE: fields.tricks.optional: arvon pitäisi olla true tai false, mutta se on teksti",
        "FILE: score.value: '+' tarvitsee lukuja, mutta \"'ten'\" on teksti",
    ],
    "bad_option_default.toml": [
        "FILE: options.bonus.default: valinta bonus on jokin näistä: none, ten, ei 'tne' (tarkoititko 'ten'?)",
    ],
    "trump_turn_without_field.toml": [
        "FILE: trump[0]: valttisääntö tyyppiä 'turn' tarvitsee kohdan field = <kenttä, johon pöytä valtin merkitsee>",
    ],
    "derived_cycle.toml": [
        "FILE: derived.base: arvo riippuu itsestään: base -> bonus -> base",
        "FILE: derived.selfish: arvo riippuu itsestään: selfish -> selfish",
    ],
    "teams_wrong_players.toml": [
        "FILE: teams.seats: parit kattavat 4 paikkaa, joten players.min ja players.max pitää molempien olla 4",
    ],
    "remove_nonexistent.toml": ["FILE: remove: poistettavaa kohtaa 'fields.nonexistent' ei ole säännöissä lupaus"],
}

POLISH = {
    "unknown_name.toml": ["FILE: score.value: nieznana nazwa 'trick' (czy chodziło o 'tricks'?)"],
    "missing_required.toml": [
        "FILE: name: brak: wymagane jest tutaj: tekst",
        "FILE: score: brak: wymagane jest tutaj: tabela",
    ],
    "wrong_types.toml": [
        "FILE: name: oczekiwano: tekst; podano: lista",
        "FILE: players.min: oczekiwano: liczba całkowita; podano: tekst",
        "FILE: fields.tricks.optional: oczekiwano: true lub false; podano: tekst",
        "FILE: score.value: '+' wymaga liczb, a \"'ten'\" to tekst",
    ],
    "unknown_field_type.toml": [
        "FILE: fields.tricks.type: 'integer' jest niedozwolone (czy chodziło o 'int'?); "
        "użyj jednego z: int, choice, suit, trump, seat, bool, cards",
    ],
    "teams_not_covering.toml": [
        "FILE: teams.seats: każde miejsce, od 1 w górę, musi należeć do dokładnie jednej pary",
    ],
    "teams_wrong_players.toml": [
        "FILE: teams.seats: pary obejmują 4 miejsca, więc players.min i players.max muszą oba wynosić 4",
    ],
    "derived_cycle.toml": [
        "FILE: derived.base: wartość zależy od samej siebie: base -> bonus -> base",
        "FILE: derived.selfish: wartość zależy od samej siebie: selfish -> selfish",
    ],
    "remove_several.toml": [
        "FILE: remove: w zasadach lupaus nie ma 'fields.nonexistent' do usunięcia",
        "FILE: remove: w zasadach lupaus nie ma 'options.scorring' do usunięcia",
    ],
}


@pytest.mark.parametrize("name", sorted(FINNISH))
def test_broken_ruleset_in_finnish(name):
    """`rules check` names the file and the key and says what is wrong in Finnish."""
    assert problems(name, "fi") == FINNISH[name]


@pytest.mark.parametrize("name", sorted(POLISH))
def test_broken_ruleset_in_polish(name):
    """`rules check` names the file and the key and says what is wrong in Polish."""
    assert problems(name, "pl") == POLISH[name]


def test_several_problems_in_finnish_keep_the_formulas_and_keys_as_written():
    """Ids, keys and formula text stay as the file writes them; only the sentences change."""
    found = problems("several_problems.toml", "fi")
    assert found[0] == ("FILE: id: 'Mini Game' ei kelpaa nimeksi: käytä pieniä kirjaimia, numeroita, '_' tai '-' "
                        "ja aloita kirjaimella")
    assert "FILE: players: arvojen min ja max pitää täyttää ehto 1 <= min <= max <= 12 (nyt 6 ja 3)" in found
    assert "FILE: deck: '52 +' ei ole kelvollinen kaava (invalid syntax)" in found
    assert "FILE: end.winner: 'most' ei käy (tarkoititko 'lowest'?); valitse jokin näistä: highest, lowest" in found
    assert ("FILE: checks.total.message: viestin '{' jää sulkematta merkillä '}' "
            "(kirjoita '{{', kun tarkoitat aaltosuljetta)") in found


def test_problems_follow_a_language_switch():
    """The same file reads in each language as it is checked (no text is fixed at import)."""
    assert problems("unknown_name.toml", "en") == [
        "FILE: score.value: unknown name 'trick' (did you mean 'tricks'?)"]
    assert problems("unknown_name.toml", "pl") == POLISH["unknown_name.toml"]


def test_formula_refusal_in_finnish_names_the_key():
    with pytest.raises(FormulaError) as info:
        compile_formula("bid.real", key="checks[2].rule", names=NAMES)
    assert info.value.key == "checks[2].rule"
    with using_language("fi"):
        assert str(info.value) == "checks[2].rule: attribuuttiviittaus ('.') ei ole sallittu kaavoissa"


@pytest.mark.parametrize(("text", "message"), [
    ("bids + 1", "score.value: tuntematon nimi 'bids' (tarkoititko 'bid'?)"),
    ("abs(1, 2)", "score.value: väärä määrä argumentteja: abs(x): arvo ilman etumerkkiä"),
    ("round", "score.value: 'round' on funktio: kirjoita round(x)"),
    ("bid ** tricks", "score.value: '**' on sallittu vain, kun eksponentti on numeroin kirjoitettu kokonaisluku 0–10"),
    ("'x' < 3", "score.value: ''x' < 3' vertaa tekstiä lukuun"),
])
def test_formula_refusals_in_finnish(text, message):
    with using_language("fi"):
        with pytest.raises(FormulaError) as info:
            compile_formula(text, key="score.value", names=NAMES)
        assert str(info.value) == message


def test_formula_refusal_in_polish():
    with using_language("pl"):
        with pytest.raises(FormulaError) as info:
            compile_formula("__builtins__ + 1", key="score.value", names=NAMES)
        assert str(info.value) == "score.value: nazwy zaczynające się od '_' są niedozwolone: '__builtins__'"


class Env:
    """The least a formula needs to run: a value for each name."""

    def __init__(self, **values):
        self.values = values

    def get(self, name):
        return self.values[name]


def test_formula_error_while_playing_in_finnish_and_polish():
    formula = compile_formula("tricks / (bid - bid)", key="derived.ratio.value", names=NAMES)
    with using_language("fi"):
        with pytest.raises(EvalError) as info:
            formula(Env(bid=2, tricks=3))
        assert str(info.value) == "derived.ratio.value: 'tricks / (bid - bid)' ei ole laskettavissa: jako nollalla"
    with using_language("pl"):
        with pytest.raises(EvalError) as info:
            formula(Env(bid=2, tricks=3))
        assert str(info.value) == "derived.ratio.value: nie można obliczyć 'tricks / (bid - bid)': dzielenie przez zero"


def test_card_error_in_polish():
    with using_language("pl"):
        with pytest.raises(CardError) as info:
            parse_card("ZZ")
        assert str(info.value) == ("'ZZ' to nie karta: wpisz kolor (S H D C lub ♠ ♥ ♦ ♣) i wartość "
                                   "(2-10, J, Q, K, A), np. SK lub ♥10")


@pytest.mark.parametrize(("count", "message"), [
    (1, "ręka ma tu 1 kartę, a podano 2"),
    (3, "ręka ma tu 3 karty, a podano 2"),
    (5, "ręka ma tu 5 kart, a podano 2"),
])
def test_hand_size_in_polish_agrees_with_the_count(count, message):
    with using_language("pl"):
        with pytest.raises(CardError) as info:
            parse_hand("SK HA", count)
        assert str(info.value) == message


def test_card_given_twice_in_finnish():
    with using_language("fi"):
        with pytest.raises(CardError) as info:
            parse_hand("SK ♥10 sk")
        assert str(info.value) == "♠K on annettu kahdesti"


def test_unknown_builtin_ruleset_and_option_in_finnish():
    """The errors are data, worded in the language current where they are shown."""
    with pytest.raises(RulesetError) as info:
        load_ruleset("lupas")
    with using_language("fi"):
        assert show(info.value).startswith(
            "lupas: valmiita sääntöjä 'lupas' ei ole (tarkoititko 'lupaus'?); valmiit säännöt: ")
        assert str(info.value).endswith("; tai anna .toml-tiedoston polku")
    ruleset = load_ruleset("lupaus")
    with pytest.raises(ValueError) as info:
        ruleset.resolve_options({"nonexistent_option": 1})
    with using_language("fi"):
        assert show(info.value).startswith("säännöissä lupaus ei ole valintaa 'nonexistent_option'")


def test_loading_valid_rulesets_reads_no_catalog():
    """Start-up stays fast: a valid ruleset is loaded without formatting a message, so no
    catalog is read and the catalog module is not even imported."""
    code = (
        "import sys\n"
        "import scorekeeper.i18n as i18n\n"
        "from scorekeeper.rules.ruleset import builtin_ids, load_ruleset\n"
        "for rid in builtin_ids():\n"
        "    load_ruleset(rid)\n"
        "assert not i18n.STATE.catalogs, list(i18n.STATE.catalogs)\n"
        "assert 'scorekeeper.i18n.catalogs' not in sys.modules\n"
    )
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
