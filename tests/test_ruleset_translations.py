"""Rulesets in Finnish and Polish: [translations.<lang>] tables, checked like the rest of a ruleset,
giving a model whose texts (and the engine's check messages) are in the language asked for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.samples import write

import scorekeeper.rules.build_base as build_base_module
import scorekeeper.rules.formula as formula_module
from scorekeeper.game.engine import IllegalEntry
from scorekeeper.game.game import Game
from scorekeeper.i18n import LanguageError, using_language
from scorekeeper.rules.formula import compile_template
from scorekeeper.rules.labels import with_names_held
from scorekeeper.rules.ruleset import (
    CONTEXT_NAMES, SUITS, NO_TRUMP, Ruleset, RulesetError, builtin_ids, check_file, load_ruleset,
    parse_ruleset_text, ruleset_from_raw,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FIXTURES = HERE / "fixtures" / "bad_translations"
MINI = FIXTURES / "mini.toml"
EXAMPLE = ROOT / "examples" / "pataviitonen-criteria.toml"
FOUR = ["Anna", "Ben", "Cara", "Dan"]


# --- every built-in text in both languages ---------------------------------------------------------

def visible_texts(rs: Ruleset) -> dict[tuple[str, ...], str]:
    """Every text of the ruleset a player reads, by the path its translation has.

    Choices that are suit names are left out: the app says them in its own words.
    """
    texts: dict[tuple[str, ...], str] = {("name",): rs.name, ("description",): rs.description}
    for phase in rs.phases:
        texts[("phase_labels", phase)] = rs.phase_label(phase)
    for kind, items in (("options", rs.options), ("fields", rs.fields)):
        for item_id, item in items.items():
            texts[(kind, item_id, "label")] = item.label
            if item.help:
                texts[(kind, item_id, "help")] = item.help
            if item.type == "choice":
                for choice in item.choices:
                    if choice not in SUITS + (NO_TRUMP,):
                        texts[(kind, item_id, "labels", choice)] = item.choice_label(choice)
    for cid, c in rs.carry.items():
        texts[("carry", cid, "label")] = c.label
    for did, d in rs.derived.items():
        texts[("derived", did, "label")] = d.label
        for pid, _ in d.parts:
            texts[("derived", did, "labels", pid)] = d.part_label(pid)
    for check in rs.checks:
        texts[("checks", check.id, "message")] = check.id
    for i, reminder in enumerate(rs.reminders):
        assert reminder.id, f"{rs.id}: reminders[{i}] has no id, so it cannot be translated"
        texts[("reminders", reminder.id, "text")] = reminder.id
    for i, rule in enumerate(rs.trump):
        if rule.say is not None:
            assert rule.id, f"{rs.id}: trump[{i}] says something but has no id, so it cannot be translated"
            texts[("trump", rule.id, "say")] = rule.id
    if rs.parts is not None:
        texts[("parts", "name")] = rs.parts.name
    if rs.end_says:
        texts[("end", "says")] = rs.end_says
    if rs.board_label:
        texts[("board", "label")] = rs.board_label
    if rs.board_deal is not None:
        texts[("board", "deal")] = "board"  # a template: compiled, told by what it says (the test below)
    return texts


SHIPPED = [*builtin_ids(), str(EXAMPLE)]


def test_the_builtin_rulesets():
    assert builtin_ids() == ["belote", "bridge", "coinche", "cribbage", "doppelkopf", "euchre", "five-hundred", "french-tarot", "gin-rummy", "hearts", "huutopussi", "jass", "lupaus",
                             "pataviitonen", "phase-10", "preferans", "romanian-whist", "schafkopf", "skat", "spades", "tysiac", "uno",
                             "whist", "wizard", "wysiwyg"]


@pytest.mark.parametrize("lang", ["fi", "pl"])
@pytest.mark.parametrize("ref", SHIPPED, ids=[Path(r).stem for r in SHIPPED])
def test_every_visible_text_is_translated(ref, lang):
    """Completeness: nothing a player reads in a shipped ruleset is left in English."""
    rs = load_ruleset(ref)
    assert rs.languages == ("en", "fi", "pl")
    translated, problems = rs.texts.texts(lang)
    assert problems == []
    missing = sorted(".".join(path) for path in visible_texts(rs) if path not in translated)
    assert missing == []


@pytest.mark.parametrize("lang", ["fi", "pl"])
@pytest.mark.parametrize("ref", SHIPPED, ids=[Path(r).stem for r in SHIPPED])
def test_localized_model_carries_the_translations(ref, lang):
    """The copy in a language shows each translated text where the English one was."""
    rs = load_ruleset(ref)
    local = rs.localized(lang)
    translated, _ = rs.texts.texts(lang)
    assert local.language == lang
    shown = visible_texts(local)
    for path, text in translated.items():
        if path[0] in ("checks", "reminders", "trump") or path in (("aka",), ("board", "deal")):
            continue
        if path[0] == "fields" and path[-1] == "plural":  # over the values of several players
            assert local.fields[path[1]].plural == text, path
            continue
        if path[0] == "fields":  # a label naming the players is shown with its own words (tests/test_label_names.py)
            text = with_names_held(text, {}, rs.teams)[0]
        assert shown[path] == text, path
    # Messages: compiled from the translated text, not the English one.
    for check in local.checks:
        assert check.message is not next(c for c in rs.checks if c.id == check.id).message


@pytest.mark.parametrize("ref", SHIPPED, ids=[Path(r).stem for r in SHIPPED])
def test_shipped_files_check_clean_with_their_translations(ref):
    path = ROOT / "rulesets" / f"{ref}.toml" if not ref.endswith(".toml") else Path(ref)
    assert [str(p) for p in check_file(path)] == []


def test_lupaus_keeps_its_finnish_name_and_words():
    fi = load_ruleset("lupaus", lang="fi")
    assert fi.name == "Lupaus"
    assert (fi.fields["bid"].label, fi.fields["tricks"].label, fi.fields["turned"].label) == ("Lupaus", "Tikit", "Valttimaa")
    assert fi.phase_labels == {"bidding": "Lupaukset", "play": "Pelin kulku"}
    assert fi.options["trump_rule"].choice_label("rotate") == "vuorotellen pata, risti, ruutu, hertta, valtiton"
    pl = load_ruleset("lupaus", lang="pl")
    assert (pl.fields["bid"].label, pl.fields["tricks"].label, pl.options["trump_rule"].label) == ("Deklaracja", "Lewy", "Atu")


def test_choice_and_part_labels():
    wizard = load_ruleset("wizard")
    assert [wizard.fields["turned"].choice_label(c) for c in ("spades", "wizard", "jester")] == ["spades", "Wizard", "Jester"]
    assert [wizard.localized("fi").fields["turned"].choice_label(c) for c in ("wizard", "jester")] == ["Velho", "Narri"]
    assert [wizard.localized("pl").fields["turned"].choice_label(c) for c in ("wizard", "jester")] == ["Czarodziej", "Błazen"]
    hand = load_ruleset("wysiwyg").derived["hand_value"]
    assert [hand.part_label(p) for p, _ in hand.parts] == ["aces", "kings", "queens", "longest suit"]
    hand_fi = load_ruleset("wysiwyg", lang="fi").derived["hand_value"]
    assert [hand_fi.part_label(p) for p, _ in hand_fi.parts] == ["ässät", "kuninkaat", "kuningattaret", "pisin maa"]
    doubling = load_ruleset("wysiwyg", lang="pl").fields["doubling"]
    assert [doubling.choice_label(c) for c in doubling.choices] == ["bez kontry", "kontra", "rekontra"]


def test_whist_parts_are_named_in_the_language():
    whist = load_ruleset("whist")
    assert [whist.parts.name, whist.localized("fi").parts.name, whist.localized("pl").parts.name] == ["game", "peli", "partia"]


# --- the engine speaks the language ----------------------------------------------------------------

def test_finnish_dealer_refusal_from_allowed():
    """The dealer's forbidden bid is struck out with the Finnish message, its placeholders filled."""
    game = Game(load_ruleset("lupaus", lang="fi"), FOUR)  # Anna deals, 10 cards
    choices = game.allowed("bid", 1, {"bid": [None, 3, 2, 4]})
    refused = [c for c in choices if not c.allowed]
    assert [c.value for c in refused] == [1]
    assert refused[0].reasons == ("Jakaja Anna ei saa luvata 1: lupausten summa olisi 10, sama kuin tikkien määrä",)


def test_finnish_and_polish_illegal_entry():
    for lang, expected in (
        ("fi", "Jakaja Ben ei saa luvata 4: lupausten summa olisi 10, sama kuin tikkien määrä"),
        ("pl", "Ben rozdaje i nie może zadeklarować 4: suma deklaracji wyniosłaby 10, tyle, ile jest lew"),
        ("en", "Dealer Ben may not bid 4: the bids would total 10, the number of tricks"),
    ):
        game = Game(load_ruleset("lupaus", lang=lang), FOUR, first_dealer=2)
        with pytest.raises(IllegalEntry) as info:
            game.record({"turned": "hearts", "bid": [3, 4, 2, 1], "tricks": [3, 3, 2, 2]})
        assert [i.message for i in info.value.issues] == [expected]


def test_polish_tricks_message_and_finnish_trump_instruction():
    game = Game(load_ruleset("lupaus", lang="pl"), FOUR)
    with pytest.raises(IllegalEntry) as info:
        game.record({"turned": "hearts", "bid": [3, 4, 2, 0], "tricks": [3, 3, 2, 1]})
    assert [i.message for i in info.value.issues] == ["wzięte lewy dają razem 9, a rozegrano 10"]
    fi = Game(load_ruleset("lupaus", lang="fi"), FOUR)
    assert fi.info(1).trump.text.startswith("Käännä pakan päällimmäinen kortti valtiksi")


def test_reminders_in_the_language():
    pata = load_ruleset("pataviitonen")
    cases = [("en", 3, "1 card left over: lay face up, out of play"),
             ("fi", 3, "1 kortti jää yli: kuvapuoli ylöspäin pöydälle, pois pelistä"),
             ("fi", 5, "2 korttia jää yli: kuvapuoli ylöspäin pöydälle, pois pelistä"),
             ("pl", 3, "Zostaje 1 karta: połóż ją odkrytą na stole, poza grą"),
             ("pl", 5, "Zostają 2 karty: połóż je odkryte na stole, poza grą")]
    for lang, players, expected in cases:
        game = Game(pata.localized(lang), FOUR[:3] + ["Eve"][: players - 3] + ["Finn"][: max(0, players - 4)])
        assert game.info(1).reminders[0] == expected, (lang, players)


def test_yes_and_no_in_messages_follow_the_language():
    render = compile_template("exact: {deal > 1}", key="k", names={"deal": CONTEXT_NAMES["deal"][0]})

    class Env:
        def get(self, name, seat=None):
            return 3

    for lang, expected in (("en", "exact: yes"), ("fi", "exact: kyllä"), ("pl", "exact: tak")):
        with using_language(lang):
            assert render(Env()) == expected


# --- fallback, caching, sharing --------------------------------------------------------------------

UNTRANSLATED = """\
id = "plain"
name = "Plain"
description = "No translations at all."
deck = 52
phases = ["play"]
[players]
min = 3
max = 3
[deals]
cards = "5"
[fields.tricks]
phase = "play"
type = "int"
label = "Tricks"
min = 0
max = "cards"
[score]
value = "tricks"
[[checks]]
id = "sum"
rule = "sum(tricks) == cards"
message = "the tricks add up to {sum(tricks)}, not {cards}"
[end]
when = "deal == 3"
"""


def test_ruleset_without_translations_falls_back_to_english():
    rs, problems = parse_ruleset_text(UNTRANSLATED, "plain.toml")
    assert problems == []
    assert rs.languages == ("en",)
    fi = rs.localized("fi")
    assert fi.language == "fi"
    assert (fi.name, fi.description, fi.fields["tricks"].label, fi.phase_label("play")) == (
        "Plain", "No translations at all.", "Tricks", "Play")
    game = Game(fi, ["A", "B", "C"])
    with pytest.raises(IllegalEntry) as info:
        game.record({"tricks": [1, 1, 1]})
    assert str(info.value) == "the tricks add up to 3, not 5"


def test_partly_translated_ruleset_falls_back_text_by_text():
    mini = load_ruleset(MINI)
    pl = mini.localized("pl")
    assert (pl.fields["bid"].label, pl.fields["tricks"].label, pl.name) == ("Deklaracja", "Tricks", "Mini")
    assert pl.options["bonus"].choice_label("ten") == "10 more for an exact bid"
    assert pl.reminders[0].text is mini.reminders[0].text
    fi = mini.localized("fi")
    assert fi.options["bonus"].choice_label("ten") == "10 lisää onnistuneesta lupauksesta"
    assert fi.phase_label("play") == "Pelin kulku"


def test_localized_copies_are_made_once_and_share_the_formulas():
    rs = load_ruleset("lupaus")
    fi = rs.localized("fi")
    assert rs.localized("fi") is fi
    assert fi.localized("en") is rs and rs.localized("en") is rs
    assert fi.localized("pl") is rs.localized("pl")
    assert load_ruleset("lupaus", lang="fi") is not fi  # a new load is a new ruleset
    assert fi.score is rs.score and fi.deck is rs.deck and fi.plan is rs.plan
    assert [c.rule for c in fi.checks] == [c.rule for c in rs.checks]
    assert all(a.rule is b.rule for a, b in zip(fi.checks, rs.checks))
    assert fi.fields["bid"].max is rs.fields["bid"].max
    assert fi.raw is rs.raw


def test_unknown_language_is_refused():
    with pytest.raises(LanguageError) as info:
        load_ruleset("lupaus").localized("sv")
    assert str(info.value) == "unknown language 'sv': choose one of en (English), fi (Suomi), pl (Polski)"


def test_loading_in_english_compiles_no_translated_message(monkeypatch, cache, tmp_path):
    """Loading to play in English costs what it cost before translations: the same templates
    compiled (Lupaus's file copied, so that it is built here: the slow path, no artefact yet)."""
    copy = tmp_path / "lupaus.toml"
    copy.write_bytes((Path(__file__).parent.parent / "rulesets" / "lupaus.toml").read_bytes())
    calls = []
    real = compile_template

    def counting(text, **kw):
        calls.append(kw["key"])
        return real(text, **kw)

    # The English messages are compiled by the build (build_base), the translated ones by the translations.
    monkeypatch.setattr(build_base_module, "compile_template", counting)
    monkeypatch.setattr(formula_module, "compile_template", counting)  # the translations import it when used
    rs = load_ruleset(str(copy))
    assert calls and not [k for k in calls if k.startswith("translations")]
    assert rs.texts.walked is None  # not even looked at
    calls.clear()
    rs.localized("fi")
    assert sorted(calls) == [
        "translations.fi.checks.bids-not-total.message", "translations.fi.checks.tricks-add-up.message",
        "translations.fi.reminders.forehead.text", "translations.fi.trump.all-dealt-no-trump.say",
        "translations.fi.trump.all-dealt-show-last.say", "translations.fi.trump.turn.say",
    ]


def test_a_stored_copy_keeps_the_translations():
    """A stored game keeps its ruleset's TOML data; rebuilt, it speaks the languages too."""
    raw = json.loads(json.dumps(load_ruleset("wizard").raw))
    fi = ruleset_from_raw(raw, "wizard", lang="fi")
    assert fi.fields["chosen"].label == "Jakajan valitsema valtti"


# --- house rules -----------------------------------------------------------------------------------

def test_house_rule_inherits_translations_of_unchanged_texts(tmp_path):
    path = write(tmp_path, "house.toml", 'extends = "lupaus"\nid = "lupaus-house"\n\n[options.scoring]\ndefault = "tricks-plus-ten"\n')
    assert check_file(path) == []
    fi = load_ruleset(path, lang="fi")
    assert (fi.name, fi.options["scoring"].label, fi.fields["bid"].label) == ("Lupaus", "Pisteenlasku", "Lupaus")


def refused_nine_of_ten(ruleset) -> list[str]:
    """What a four-player game refuses in deal 1 (10 cards) when the tricks taken add up to 9."""
    game = Game(ruleset, FOUR)
    with pytest.raises(IllegalEntry) as info:
        game.record({"turned": "hearts", "bid": [3, 4, 2, 0], "tricks": [3, 3, 2, 1]})
    return [i.message for i in info.value.issues]


def test_house_rule_changing_an_english_text_drops_the_stale_translation(tmp_path):
    """A changed name or message is not shown with the base's now wrong translation."""
    path = write(tmp_path, "house.toml", """\
extends = "lupaus"
id = "lupaus-house"
name = "Lupaus at Anna's"

[[checks]]
id = "tricks-add-up"
rule = "sum(tricks) == cards"
field = "tricks"
message = "count again: {sum(tricks)} tricks, {cards} cards"

[fields.bid]
label = "Promise"
""")
    assert check_file(path) == []
    fi = load_ruleset(path, lang="fi")
    assert (fi.name, fi.fields["bid"].label, fi.fields["tricks"].label) == ("Lupaus at Anna's", "Promise", "Tikit")
    assert refused_nine_of_ten(fi) == ["count again: 9 tricks, 10 cards"]


def test_house_rule_adds_and_overrides_translations(tmp_path):
    path = write(tmp_path, "house.toml", """\
extends = "lupaus"
id = "lupaus-house"
name = "Lupaus at Anna's"

[translations.fi]
name = "Lupaus Annan tapaan"
fields.bid.label = "Lupaus (tikkiä)"
checks.tricks-add-up.message = "laske uudestaan: tikkejä {sum(tricks)}, kortteja {cards}"
""")
    assert check_file(path) == []
    fi = load_ruleset(path, lang="fi")
    assert (fi.name, fi.fields["bid"].label, fi.fields["tricks"].label) == ("Lupaus Annan tapaan", "Lupaus (tikkiä)", "Tikit")
    assert refused_nine_of_ten(fi) == ["laske uudestaan: tikkejä 9, kortteja 10"]
    assert load_ruleset(path, lang="pl").name == "Lupaus at Anna's"  # no Polish name: the house's English one


def test_example_house_rule_drops_the_removed_fields_translations():
    """Pataviitonen's Finnish A, B, C field labels go with the fields the example removes."""
    rs = load_ruleset(EXAMPLE)
    assert "a" not in rs.raw["translations"]["fi"]["fields"]
    fi = rs.localized("fi")
    assert fi.derived["b"].label == "B-pisteet: 3, kun ehdotuksesi on valtti"
    assert fi.fields["proposal"].label == "Valttiehdotus"  # inherited from Pataviitonen


# --- the checker -----------------------------------------------------------------------------------

EXPECTED: dict[str, list[str]] = {
    "mini.toml": [],
    "unknown_language.toml": [
        "FILE: translations.de: unknown language 'de'; translations are for: fi, pl",
        "FILE: translations.en: English is the ruleset's own language: write English texts in the ruleset "
        "itself; translations are for: fi, pl",
        "FILE: translations.fin: unknown language 'fin' (did you mean 'fi'?); translations are for: fi, pl",
    ],
    "unknown_items.toml": [
        "FILE: translations.fi.options.bonsu: unknown option 'bonsu' (did you mean 'bonus'?)",
        "FILE: translations.fi.trump.tunr: unknown trump rule 'tunr' (did you mean 'turn'?)",
        "FILE: translations.fi.fields.bidd: unknown field 'bidd' (did you mean 'bid'?)",
        "FILE: translations.fi.fields.zzz: unknown field 'zzz'; the fields are: turned, bid, tricks",
        "FILE: translations.fi.derived.exakt: unknown derived value 'exakt' (did you mean 'exact'?)",
        "FILE: translations.fi.checks.tricks-add-upp: unknown check 'tricks-add-upp' (did you mean 'tricks-add-up'?)",
        "FILE: translations.fi.reminders.folow: unknown reminder 'folow' (did you mean 'follow'?)",
    ],
    "bad_messages.toml": [
        "FILE: translations.fi.checks.tricks-add-up.message: unknown name 'trick' (did you mean 'tricks'?)",
        "FILE: translations.fi.reminders.follow.text: a '{' in the message is not closed with '}' (write '{{' for a brace)",
        "FILE: translations.pl.checks.tricks-add-up.message: the message must have the English message's "
        "placeholders: {cards} is missing; {deal} is not in the English message",
    ],
    "wrong_types.toml": [
        "FILE: translations.fi.name: expected text, got a number",
        "FILE: translations.fi.phase_labels: expected a table, got a list",
        "FILE: translations.fi.options.bonus.labels: expected a table, got text",
        "FILE: translations.fi.fields.bid.label: expected text, got a list",
        "FILE: translations.fi.checks.tricks-add-up: expected a table, got text",
        "FILE: translations.fi.aka: expected a list of texts, got text",
        "FILE: translations.pl: expected a table, got text",
    ],
    "bad_keys.toml": [
        "FILE: translations.fi.phase_labels.biding: 'biding' is not one of the phases: bidding, play (did you mean 'bidding'?)",
        "FILE: translations.fi.options.bonus.labels.tne: 'tne' is not one of the choices: none, ten (did you mean 'ten'?)",
        "FILE: translations.fi.trump.turn.colour: unknown key 'colour'; allowed here: say",
        "FILE: translations.fi.fields.bid.lable: unknown key 'lable' (did you mean 'label'?); allowed here: label, help, labels, plural",
        "FILE: translations.fi.fields.bid.help: there is no English help to translate: give fields.bid.help first",
        "FILE: translations.fi.fields.bid.labels: only a field of type choice has labels",
        "FILE: translations.fi.derived.exact.labels: only a derived value with parts has labels (one for each part)",
        "FILE: translations.fi.colour: unknown key 'colour'; allowed here: name, description, aka, phase_labels, "
        "options, fields, derived, checks, reminders, trump, parts, end, carry, board",
        "FILE: translations.fi.parts: the ruleset has no parts ([parts]) to name",
    ],
}


def test_every_fixture_has_expectations():
    assert {p.name for p in FIXTURES.glob("*.toml")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_translation_problems(name):
    path = FIXTURES / name
    assert [str(p) for p in check_file(path)] == [line.replace("FILE", str(path), 1) for line in EXPECTED[name]]


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if n != "mini.toml"))
def test_loading_stops_at_the_first_problem_of_the_language_asked(name):
    """In English the game can be played (the translations are not read); in a language whose
    translations are broken, loading stops at that language's first problem."""
    path = FIXTURES / name
    assert load_ruleset(path).name == "Mini"
    for lang in ("fi", "pl"):
        wanted = [line.replace("FILE", str(path), 1) for line in EXPECTED[name]
                  if line.startswith(f"FILE: translations.{lang}.") or line.startswith(f"FILE: translations.{lang}:")]
        if wanted:
            with pytest.raises(RulesetError) as info:
                load_ruleset(path, lang=lang)
            assert str(info.value) == wanted[0]
        else:
            assert load_ruleset(path, lang=lang).language == lang


def test_parse_ruleset_text_reports_translation_problems():
    text = UNTRANSLATED + '\n[translations.fi]\nfields.trick.label = "Tikit"\nchecks.sum.message = "{sum(tricks)}"\n'
    rs, problems = parse_ruleset_text(text, "t.toml")
    assert rs is None
    assert [str(p) for p in problems] == [
        "t.toml: translations.fi.fields.trick: unknown field 'trick' (did you mean 'tricks'?)",
        "t.toml: translations.fi.checks.sum.message: the message must have the English message's placeholders: "
        "{cards} is missing",
    ]


def test_words_inside_quotes_may_be_translated():
    """A placeholder's '...' texts are words too: only its formula must match the English one."""
    text = UNTRANSLATED.replace('message = "the tricks add up to {sum(tricks)}, not {cards}"',
                                "message = \"{'too many' if sum(tricks) > cards else 'too few'} tricks\"")
    text += "\n[translations.pl]\nchecks.sum.message = \"{'za dużo' if sum(tricks) > cards else 'za mało'} lew\"\n"
    rs, problems = parse_ruleset_text(text, "t.toml")
    assert problems == []
    game = Game(rs.localized("pl"), ["A", "B", "C"])
    with pytest.raises(IllegalEntry) as info:
        game.record({"tricks": [1, 1, 1]})
    assert str(info.value) == "za mało lew"


def test_new_english_keys_are_checked():
    """The English side of what translations name: ids of reminders and trump rules, labels of
    choices and parts, phase labels."""
    text = UNTRANSLATED.replace('[end]', '''[phase_labels]
play = "Playing"
plya = "x"

[derived.hand]
value = "tricks"
labels = { x = "X" }

[fields.colour]
scope = "deal"
phase = "play"
type = "choice"
choices = ["red", "black"]
labels = { red = "Red", blue = "Blue" }
optional = true

[[reminders]]
id = "r"
text = "one"

[[reminders]]
id = "r"
text = "two"

[end]''')
    _, problems = parse_ruleset_text(text, "t.toml")
    assert [str(p) for p in problems] == [
        "t.toml: phase_labels.plya: 'plya' is not one of the phases: play (did you mean 'play'?)",
        "t.toml: derived.hand.labels.x: only a derived value with parts has labels (one for each part)",
        "t.toml: fields.colour.labels.blue: 'blue' is not one of the choices: red, black",
        "t.toml: reminders[1].id: 'r' is used by another reminder; ids must differ",
    ]


def test_whists_game_to_says_what_the_number_is_for():
    rs = load_ruleset("whist")
    assert rs.options["game_to"].help == (
        "The first partnership to reach this many points wins: usually 7; classic English short whist plays to 5.")
    assert rs.localized("fi").options["game_to"].help.startswith("Ensimmäisenä näin monta pistettä saanut pari voittaa")
    assert rs.localized("pl").options["game_to"].help.startswith("Wygrywa para, która pierwsza zdobędzie tyle punktów")
