"""The app's languages: catalogs with the same keys, plurals, choosing the language, numbers."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import i18n
from scorekeeper.i18n import (
    LANGUAGES, CatalogError, LanguageError, TranslationError, catalog, check_catalogs, format_date,
    format_datetime, format_number, format_ordinal, format_percent, get_language, language_code,
    load_catalog, locale_language, resolve_language, set_language, t, tn, using_language,
)
from scorekeeper.i18n.plural import CATEGORIES, ORDINAL_CATEGORIES, plural_category

PACKAGE = Path(i18n.__file__).resolve().parent
SOURCE = PACKAGE.parent
NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def english_after():
    """Every test leaves the language as it found it (English)."""
    yield
    set_language("en")


def all_catalogs():
    return {code: catalog(code) for code in LANGUAGES}


# --- the catalogs ---------------------------------------------------------------------------

def test_languages():
    assert LANGUAGES == {"en": "English", "fi": "Suomi", "pl": "Polski"}
    assert sorted(p.name for p in PACKAGE.glob("*.toml")) == ["en.toml", "fi.toml", "pl.toml"]


@pytest.mark.parametrize("code", ["fi", "pl"])
def test_catalog_has_exactly_the_english_keys(code):
    """No key is missing from a translation, and none is there that English lacks."""
    english, other = catalog("en"), catalog(code)
    assert set(other.entries) == set(english.entries)
    assert len(english.entries) >= 50


@pytest.mark.parametrize("code", ["en", "fi", "pl"])
def test_plural_entries_have_the_language_categories(code):
    """Each plural entry has exactly the forms its language uses, and is plural where English is."""
    english, other = catalog("en"), catalog(code)
    plural = [key for key, entry in english.entries.items() if entry.plural]
    assert "game.count.tricks" in plural and "ordinal.number" in plural
    for key, entry in other.entries.items():
        assert entry.plural == english.entries[key].plural, key
        if entry.plural:
            table = ORDINAL_CATEGORIES if key.startswith("ordinal.") else CATEGORIES
            assert set(entry.forms) == set(table[code]), key


@pytest.mark.parametrize("code", ["en", "fi", "pl"])
def test_every_form_has_the_english_placeholders(code):
    english, other = catalog("en"), catalog(code)
    for key, entry in other.entries.items():
        want = english.entries[key].templates()[0].names
        for template in entry.templates():
            assert template.names == want, (key, template.text)


def test_check_catalogs_finds_nothing_in_the_shipped_catalogs():
    assert check_catalogs(all_catalogs()) == []


def test_check_catalogs_reports_every_difference(tmp_path):
    """What the key test guards against, reported one line per problem."""
    (tmp_path / "en.toml").write_text(
        '[game]\ndeal = "Deal {number}"\nbid = "Bid"\n[game.tricks]\none = "{count} trick"\nother = "{count} tricks"\n',
        encoding="utf-8")
    (tmp_path / "pl.toml").write_text(
        '[game]\ndeal = "Rozdanie {numer}"\nextra = "x"\n[game.tricks]\none = "{count} lewa"\nother = "{count} lewy"\n',
        encoding="utf-8")
    catalogs = {"en": load_catalog(tmp_path / "en.toml", "en"), "pl": load_catalog(tmp_path / "pl.toml", "pl")}
    assert check_catalogs(catalogs) == [
        "pl.toml: game.bid: missing (the English catalog has it)",
        "pl.toml: game.extra: not in the English catalog",
        "pl.toml: game.deal: placeholders {numer} differ from the English {number} in 'Rozdanie {numer}'",
        "pl.toml: game.tricks: the forms must be one, few, many, other, not one, other",
    ]


# --- plurals --------------------------------------------------------------------------------

@pytest.mark.parametrize(("count", "text"), [
    (1, "1 lewa"), (2, "2 lewy"), (3, "3 lewy"), (4, "4 lewy"), (5, "5 lew"), (0, "0 lew"),
    (11, "11 lew"), (12, "12 lew"), (13, "13 lew"), (14, "14 lew"), (21, "21 lew"), (22, "22 lewy"),
    (24, "24 lewy"), (25, "25 lew"), (102, "102 lewy"), (112, "112 lew"), (-2, "-2 lewy"), (1.5, "1,5 lewy"),
])
def test_polish_tricks(count, text):
    set_language("pl")
    assert tn("game.count.tricks", count) == text


@pytest.mark.parametrize(("count", "text"), [(1, "1 punkt"), (2, "2 punkty"), (5, "5 punktów"), (22, "22 punkty"),
                                             (-1, "-1 punkt"), (-310, "-310 punktów"), (0.5, "0,5 punktu")])
def test_polish_points(count, text):
    set_language("pl")
    assert tn("game.count.points", count) == text


@pytest.mark.parametrize(("count", "text"), [(1, "1 tikki"), (2, "2 tikkiä"), (0, "0 tikkiä"), (11, "11 tikkiä"),
                                             (21, "21 tikkiä"), (1.5, "1,5 tikkiä")])
def test_finnish_tricks(count, text):
    set_language("fi")
    assert tn("game.count.tricks", count) == text


@pytest.mark.parametrize(("count", "text"), [(1, "1 trick"), (0, "0 tricks"), (2, "2 tricks"), (21, "21 tricks"),
                                             (1.0, "1 trick"), (1.5, "1.5 tricks")])
def test_english_tricks(count, text):
    assert tn("game.count.tricks", count) == text


@pytest.mark.parametrize(("lang", "count", "category"), [
    ("pl", 1, "one"), ("pl", 2, "few"), ("pl", 12, "many"), ("pl", 22, "few"), ("pl", 0, "many"),
    ("pl", 1.5, "other"), ("pl", Decimal("3"), "few"), ("pl", Decimal("2.5"), "other"),
    ("fi", 1, "one"), ("fi", 2, "other"), ("en", 1, "one"), ("en", 0, "other"), ("en", 2.0, "other"),
])
def test_plural_categories(lang, count, category):
    assert plural_category(lang, count) == category


def test_plural_with_other_parameters():
    set_language("fi")
    assert tn("game.count.deals_played", 19, played=3) == "19 jaosta pelattu 3"
    set_language("pl")
    assert tn("game.count.deals_played", 1, played=0) == "rozegrano 0 z 1 rozdania"
    assert tn("game.count.deals_played", 19, played=3) == "rozegrano 3 z 19 rozdań"
    assert tn("game.winners", 2, names="Ala, Ola") == "Zwycięzcy: Ala, Ola"
    set_language("en")
    assert tn("game.count.deals_played", 1, played=0) == "0 of 1 deal played"
    assert tn("game.winners", 1, names="Anna") == "Winner: Anna"


@pytest.mark.parametrize(("lang", "numbers", "texts"), [
    ("en", [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111], "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 101st 111th"),
    ("fi", [1, 2, 3, 11], "1. 2. 3. 11."),
    ("pl", [1, 2, 3, 11], "1. 2. 3. 11."),
])
def test_ordinals(lang, numbers, texts):
    set_language(lang)
    assert " ".join(format_ordinal(n) for n in numbers) == texts


# --- texts ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["Deal 3 of 19", "Dealer", "Trump: hearts", "No trump", "Cara deals", "2nd place"]),
    ("fi", ["Jako 3/19", "Jakaja", "Valtti: hertta", "Valtiton", "Cara jakaa", "2. sija"]),
    ("pl", ["Rozdanie 3 z 19", "Rozdający", "Atu: kier", "Bez atu", "Rozdaje Cara", "2. miejsce"]),
])
def test_game_vocabulary(lang, expected):
    set_language(lang)
    assert [
        t("game.deal_of", number=3, total=19), t("game.dealer"), t("game.trump_is", suit=t("game.suit.hearts")),
        t("game.no_trump"), t("game.dealer_is", name="Cara"), t("game.place", ordinal=format_ordinal(2)),
    ] == expected


def test_players_vocabulary_in_finnish_and_polish():
    set_language("fi")
    assert [t("game.trick"), t("game.bid"), t("game.forehand"), t("game.deal")] == ["Tikki", "Lupaus", "Etukäsi", "Jako"]
    set_language("pl")
    assert [t("game.trick"), t("game.trump"), t("game.bidding"), t("game.deal")] == ["Lewa", "Atu", "Licytacja", "Rozdanie"]


def test_numbers_in_parameters_are_written_for_the_language():
    set_language("fi")
    assert t("game.deal_of", number=2.0, total=Decimal("19")) == "Jako 2/19"
    assert t("game.trump_is", suit=0.5) == "Valtti: 0,5"


def test_yes_no_and_language_names():
    assert [t("common.yes"), t("common.no"), t("value.yes")] == ["Yes", "No", "yes"]
    with using_language("fi"):
        assert [t("common.yes"), t("common.no"), t("language.name.pl")] == ["Kyllä", "Ei", "puola"]
    with using_language("pl"):
        assert [t("common.yes"), t("common.no"), t("language.name.fi")] == ["Tak", "Nie", "fiński"]
    assert get_language() == "en"


def test_missing_parameter_is_a_clear_error():
    with pytest.raises(TranslationError) as info:
        t("game.deal_of", number=3)
    assert str(info.value) == "catalog key 'game.deal_of' needs {total}; given: number"


def test_unknown_key_and_wrong_function():
    with pytest.raises(TranslationError) as info:
        t("game.no_such_key")
    assert str(info.value) == "no catalog has the key 'game.no_such_key'"
    with pytest.raises(TranslationError) as info:
        t("game.count.tricks")
    assert str(info.value) == "catalog key 'game.count.tricks' is a plural entry: use tn('game.count.tricks', count, ...)"
    with pytest.raises(TranslationError) as info:
        tn("game.dealer", 2)
    assert str(info.value) == "catalog key 'game.dealer' is one text, not a plural entry: use t('game.dealer', ...)"


def test_missing_translation_falls_back_to_english(monkeypatch):
    """At run time a key the Finnish catalog lacks is shown in English (the tests above forbid it)."""
    set_language("fi")
    finnish = catalog("fi")
    monkeypatch.delitem(finnish.entries, "game.dealer")
    assert t("game.dealer") == "Dealer"
    assert t("game.bid") == "Lupaus"


def test_literal_braces():
    template = i18n.Template("{{not a placeholder}} {name}")
    assert template.names == frozenset({"name"})
    assert template.format("k", {"name": "Ann"}, str) == "{not a placeholder} Ann"


def _regex_pieces(text: str) -> tuple | str:
    """A template's pieces as the regular expression that parsed templates before found them (or
    the start of its refusal): what the parser that needs no ``re`` must give."""
    import re

    if "{" not in text and "}" not in text:
        return (text,)
    pieces, literal, at = [], "", 0
    for match in re.finditer(r"\{\{|\}\}|\{([^{}]*)\}|\{|\}", text):
        literal += text[at:match.start()]
        at = match.end()
        token = match.group()
        if token in ("{{", "}}"):
            literal += token[0]
        elif token == "{":
            return "a '{' is not closed"
        elif token == "}":
            return "a '}' has no '{'"
        elif not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", match.group(1)):
            return f"'{token}' is not a placeholder"
        else:
            pieces += [literal] if literal else []
            pieces.append((match.group(1),))
            literal = ""
    literal += text[at:]
    return tuple(pieces + ([literal] if literal else []))


@settings(max_examples=600)
@given(st.lists(st.sampled_from(["{", "}", "{{", "}}", "a", "_", "1", " ", ".", "é", "{n}", "{x1}"]), max_size=12)
       .map("".join))
def test_templates_are_parsed_as_the_regular_expression_parsed_them(text):
    try:
        found = i18n.Template(text, "f").pieces
    except CatalogError as exc:
        found = str(exc).removeprefix("f: ")
    want = _regex_pieces(text)
    assert found == want if isinstance(want, tuple) else found.startswith(want), (text, found, want)


@pytest.mark.parametrize(("text", "shown"), [
    ("{x.__class__}", "{x.__class__}"), ("{x[0]}", "{x[0]}"), ("{x!r}", "{x!r}"), ("{x:>10}", "{x:>10}"),
    ("{}", "{}"), ("{0}", "{0}"), ("{ x }", "{ x }"),
])
def test_safe_formatter_refuses_anything_but_plain_names(tmp_path, text, shown):
    """A catalog cannot reach into the values it is given: no attributes, indexes, conversions or formats."""
    path = tmp_path / "xx.toml"
    path.write_text(f'[bad]\nkey = "Hello {text}"\n', encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog(path, "xx")
    assert str(info.value) == (f"{path}: bad.key: '{shown}' is not a placeholder: write {{name}} with a plain name "
                               "(letters, digits and _), no attributes, indexes or formats")


def test_catalog_errors_name_file_and_key(tmp_path):
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "open {brace"\n', encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog(path, "xx")
    assert str(info.value) == f"{path}: a.b: a '{{' is not closed with '}}' (write '{{{{' for a brace)"
    path.write_text('[a]\nb = 3\n', encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog(path, "xx")
    assert str(info.value) == f"{path}: a.b: expected text or a table, got int"
    path.write_text('[a.c]\none = "x"\nother = 2\n', encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog(path, "xx")
    assert str(info.value) == f"{path}: a.c.other: expected text, got int"


# --- choosing the language ------------------------------------------------------------------

@pytest.mark.parametrize(("value", "code"), [
    ("fi_FI.UTF-8", "fi"), ("pl_PL", "pl"), ("en_GB.utf8", "en"), ("fi", "fi"), ("PL", "pl"), ("pl-PL", "pl"),
    ("de_DE@euro", "de"), ("C", None), ("C.UTF-8", None), ("POSIX", None), ("", None), (None, None),
])
def test_language_code(value, code):
    assert language_code(value) == code


@pytest.mark.parametrize(("cli", "env", "settings", "expected"), [
    ("pl", {"SCOREKEEPER_LANG": "fi", "LANG": "fi_FI.UTF-8"}, "fi", "pl"),       # --lang first
    (None, {"SCOREKEEPER_LANG": "fi", "LANG": "pl_PL.UTF-8"}, "pl", "fi"),       # then the variable
    (None, {"SCOREKEEPER_LANG": "xx", "LANG": "fi_FI.UTF-8"}, "pl", "pl"),       # unknown: passed over
    (None, {"LANG": "fi_FI.UTF-8"}, "pl", "pl"),                                 # then the settings
    (None, {"LANG": "fi_FI.UTF-8"}, "klingon", "fi"),                            # then the locale
    (None, {"LANG": "fi_FI.UTF-8"}, None, "fi"),
    (None, {"LC_ALL": "pl_PL.UTF-8", "LC_MESSAGES": "fi_FI", "LANG": "en_US"}, None, "pl"),
    (None, {"LC_MESSAGES": "fi_FI", "LANG": "pl_PL"}, None, "fi"),
    (None, {"LC_ALL": "", "LANG": "pl_PL"}, None, "pl"),                         # empty is not set
    (None, {"LC_ALL": "C", "LANG": "fi_FI.UTF-8"}, None, "en"),                  # C decides: untranslated
    (None, {"LANG": "POSIX"}, None, "en"),
    (None, {"LANG": "de_DE.UTF-8"}, None, "en"),
    (None, {}, None, "en"),
    ("FI", {}, None, "fi"),
    ("fi_FI.UTF-8", {}, None, "fi"),
])
def test_resolve_language(cli, env, settings, expected):
    assert resolve_language(cli, env, settings) == expected


def test_resolve_language_reads_the_environment(monkeypatch):
    for var in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert resolve_language() == "pl"
    assert locale_language() == "pl"
    monkeypatch.setenv("SCOREKEEPER_LANG", "fi")
    assert resolve_language() == "fi"


@pytest.mark.parametrize("value", ["de", "english", "C", ""])
def test_unknown_language_on_the_command_line(value):
    with pytest.raises(LanguageError) as info:
        resolve_language(value, {"LANG": "fi_FI.UTF-8"})
    assert isinstance(info.value, ValueError)
    assert info.value.value == value
    assert str(info.value) == f"unknown language '{value}': choose one of en (English), fi (Suomi), pl (Polski)"


def test_set_language():
    assert get_language() == "en"
    set_language("pl")
    assert get_language() == "pl"
    with pytest.raises(LanguageError) as info:
        set_language("sv")
    assert str(info.value) == "nieznany język 'sv': wybierz jeden z: en (English), fi (Suomi), pl (Polski)"
    assert get_language() == "pl"


def test_using_language_restores_after_an_error():
    with pytest.raises(RuntimeError):
        with using_language("fi"):
            assert t("game.trump") == "Valtti"
            raise RuntimeError
    assert get_language() == "en"


# --- numbers and times ----------------------------------------------------------------------

@pytest.mark.parametrize(("value", "en", "fi", "pl"), [
    (-310, "-310", "-310", "-310"),
    (1200, "1200", "1200", "1200"),
    (0.75, "0.75", "0,75", "0,75"),
    (-0.75, "-0.75", "-0,75", "-0,75"),
    (12.5, "12.5", "12,5", "12,5"),
    (2.0, "2", "2", "2"),
    (Decimal("12.50"), "12.5", "12,5", "12,5"),
    (1e-7, "0.0000001", "0,0000001", "0,0000001"),
])
def test_format_number(value, en, fi, pl):
    assert [using(lang, format_number, value) for lang in ("en", "fi", "pl")] == [en, fi, pl]


def using(lang, fn, *args):
    with using_language(lang):
        return fn(*args)


@pytest.mark.parametrize(("value", "digits", "en", "fi"), [
    (2 / 3, 2, "0.67", "0,67"), (12.345, 2, "12.35", "12,35"), (7, 1, "7.0", "7,0"), (-0.001, 2, "0.00", "0,00"),
])
def test_format_number_with_digits(value, digits, en, fi):
    assert using("en", format_number, value, digits) == en
    assert using("fi", format_number, value, digits) == fi


@pytest.mark.parametrize(("value", "digits", "en", "fi", "pl"), [
    (0.75, 0, "75%", f"75{NBSP}%", f"75{NBSP}%"),
    (1, 0, "100%", f"100{NBSP}%", f"100{NBSP}%"),
    (1 / 3, 0, "33%", f"33{NBSP}%", f"33{NBSP}%"),
    (0.125, 1, "12.5%", f"12,5{NBSP}%", f"12,5{NBSP}%"),
    (0.005, 0, "1%", f"1{NBSP}%", f"1{NBSP}%"),
])
def test_format_percent(value, digits, en, fi, pl):
    assert [using(lang, format_percent, value, digits) for lang in ("en", "fi", "pl")] == [en, fi, pl]


def test_format_datetime_and_date():
    moment = datetime(2024, 5, 3, 16, 7, tzinfo=timezone.utc)
    helsinki = timezone(timedelta(hours=3))
    assert [using(lang, format_datetime, moment, helsinki) for lang in ("en", "fi", "pl")] == [
        "2024-05-03 19:07", "3.5.2024 klo 19.07", "03.05.2024, 19:07"]
    assert [using(lang, format_date, date(2024, 11, 9)) for lang in ("en", "fi", "pl")] == [
        "2024-11-09", "9.11.2024", "09.11.2024"]


def test_importing_the_package_reads_no_catalog():
    """The CLI's start-up pays for no catalog and no submodule until a text is shown; a text given
    texts and whole numbers needs only the catalogs (a plural, plural's rules; a fraction, formats)."""
    import subprocess
    import sys
    script = ("import sys, scorekeeper.i18n as i\n"
              "def loaded():\n"
              "    print(sorted(m for m in sys.modules if m.startswith('scorekeeper.i18n.')), sorted(i.STATE.catalogs))\n"
              "print(sorted(m for m in sys.modules if m.startswith('scorekeeper')), sorted(i.STATE.catalogs))\n"
              "assert i.t('game.deal') == 'Deal' and i.t('cli.seat_name', number=3) == 'Player 3'\n"
              "loaded()\n"
              "assert i.tn('game.count.tricks', 2) == '2 tricks'\n"
              "loaded()\n"
              "assert i.t('cli.seat_name', number=2.5) == 'Player 2.5'\n"
              "loaded()\n")
    # The first run as any other: the catalog comes from its generated modules, with no cache of ours.
    result = subprocess.run([sys.executable, "-c", script], cwd=SOURCE.parent, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("['scorekeeper', 'scorekeeper.i18n', 'scorekeeper.languages', 'scorekeeper.messages', "
                             "'scorekeeper.values'] []\n"
                             "['scorekeeper.i18n.catalogs'] ['en']\n"
                             "['scorekeeper.i18n.catalogs', 'scorekeeper.i18n.plural'] ['en']\n"
                             "['scorekeeper.i18n.catalogs', 'scorekeeper.i18n.formats', 'scorekeeper.i18n.plural'] "
                             "['en']\n")


UNDO_WORDS = ("tui.bindings.play.undo", "tui.play.undone", "tui.play.not_undone")
CANCEL_WORDS = ("common.cancel", "tui.bindings.plan.cancel", "tui.play.cancelled")


@pytest.mark.parametrize("code", ["en", "fi", "pl"])
def test_undo_and_cancel_are_different_words(code):
    """ctrl+z (undo the last entry) and Esc (cancel what is open) are never called the same:
    Finnish kumoa / peruuta."""
    with using_language(code):
        undo = {t(key).split()[0].rstrip(":") for key in UNDO_WORDS}
        cancel = {t(key).split()[0].rstrip(":") for key in CANCEL_WORDS}
    assert undo & cancel == set()


def test_finnish_undo_and_cancel_words():
    with using_language("fi"):
        assert [t(key) for key in (*UNDO_WORDS, *CANCEL_WORDS)] == [
            "Kumoa", "Kumottu", "Ei kumottu", "Peruuta", "Peruuta", "Peruttu"]
