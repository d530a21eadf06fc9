"""What the process holds of its languages is one object, scorekeeper.i18n.STATE: a test (or a
second table in the same process) can give the package a fresh one and see the language, the
catalogs loaded and the yes/no words come from it, the process's own untouched."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper import i18n
from scorekeeper.i18n import (
    LanguageState, TranslationError, catalog, get_language, set_language, t, tn, using_language, yes_no_words,
)
from scorekeeper.i18n.catalogs import Entry, Template
from scorekeeper.i18n.plural import plural_category


def test_a_fresh_state_starts_in_english_and_keeps_what_it_loads_to_itself(monkeypatch):
    before = i18n.STATE
    set_language("pl")
    fresh = LanguageState()
    monkeypatch.setattr(i18n, "STATE", fresh)
    assert get_language() == "en" and t("game.deal") == "Deal"
    set_language("fi")
    assert (fresh.process, get_language(), t("game.deal")) == ("fi", "fi", "Jako")
    assert sorted(fresh.catalogs) == ["en", "fi"] and fresh.catalogs["fi"] is catalog("fi")
    assert "yes" in yes_no_words().yes and fresh.yes_no is yes_no_words()
    monkeypatch.setattr(i18n, "STATE", before)
    assert get_language() == "pl"  # the process's language, as it was


def test_a_block_s_language_lives_in_the_state_s_variable(monkeypatch):
    fresh = LanguageState()
    monkeypatch.setattr(i18n, "STATE", fresh)
    assert fresh.block is None  # made on first use
    with using_language("pl") as code:
        assert (code, get_language(), fresh.language()) == ("pl", "pl", "pl")
        assert fresh.block is not None and fresh.block.get() == "pl"
    assert (get_language(), fresh.process) == ("en", "en")
    variable = fresh.block
    with using_language("fi"):
        assert fresh.block is variable  # one variable for every block


def test_a_plural_entry_has_no_single_text_and_a_text_entry_no_forms():
    assert Entry("a", text=Template("A")).templates()[0].text == "A"
    plural = Entry("b", forms={"one": Template("{count} b"), "other": Template("{count} bs")})
    assert plural.text is None and [f.text for f in plural.templates()] == ["{count} b", "{count} bs"]
    assert plural.form() == {"one": "{count} b", "other": "{count} bs"}
    with pytest.raises(TranslationError, match="plural entry: use tn"):
        t("game.count.tricks")
    with pytest.raises(TranslationError, match="not a plural entry: use t"):
        tn("game.deal", 2)


@pytest.mark.parametrize("count, category", [
    (Decimal("2"), "few"), (Decimal("2.0"), "few"), (Decimal("5"), "many"), (Decimal("1.5"), "other"),
    (Decimal("NaN"), "other"), (2.0, "few"), (2.5, "other"), (float("inf"), "other"), (True, "one"), (22, "few"),
])
def test_a_polish_plural_of_every_kind_of_number(count, category):
    assert plural_category("pl", count) == category
