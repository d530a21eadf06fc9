"""The engine, the score sheet and the store speak the current language (Finnish, Polish).

Messages are built when they are raised, so they are in the language current then;
a stored or loaded game shows its ruleset in that language, while what is stored
(the English raw ruleset, its English name, every entry) is the same in any language.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import datetime, timezone

import pytest

from scorekeeper.game.engine import GameError, IllegalEntry, SetupError
from scorekeeper.game.game import Game
from scorekeeper.game.sheet import SheetError, load_sheet
from scorekeeper.i18n import set_language, show, using_language
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store, StoreError
from scorekeeper.reports.common import status_text
from scorekeeper.reports.export import export

THREE = ["Anna", "Ben", "Cara"]
D1 = {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"}


def clock():
    return datetime(2026, 5, 9, 19, 30, tzinfo=timezone.utc)


def lupaus(lang: str) -> Game:
    return Game(load_ruleset("lupaus", lang=lang), THREE)


def after_d1(lang: str) -> Game:
    """A Lupaus game after deal 1, with ``lang`` the language of the ruleset and of the app."""
    set_language(lang)
    game = lupaus(lang)
    game.record(D1)
    return game


def test_an_illegal_finnish_bid_names_the_dealer_rule_from_the_ruleset():
    """The check message comes from the ruleset's Finnish translation; the engine's own in Finnish."""
    set_language("fi")
    game = lupaus("fi")
    with pytest.raises(IllegalEntry) as caught:
        game.record({"bid": [0, 0, 10], "tricks": [0, 0, 10], "turned": "hearts"})
    assert str(caught.value) == "Jakaja Anna ei saa luvata 0: lupausten summa olisi 10, sama kuin tikkien määrä"


def test_a_finnish_bid_out_of_range_and_missing_tricks():
    set_language("fi")
    game = lupaus("fi")
    with pytest.raises(IllegalEntry) as caught:
        game.record({"bid": [0, 12, 0]})
    assert [show(i.message) for i in caught.value.issues] == [
        "Lupaus (Ben): pitää olla 0–10, ei 12",
        "Tikit (Ben) puuttuu", "Tikit (Cara) puuttuu", "Tikit (Anna) puuttuu",
    ]


def test_a_polish_bid_out_of_range():
    set_language("pl")
    game = lupaus("pl")
    with pytest.raises(IllegalEntry) as caught:
        game.record({"bid": [0, 12, 0]})
    assert show(caught.value.issues[0].message) == "Deklaracja (Ben): musi być od 0 do 10, nie 12"
    assert show(caught.value.issues[1].message) == "brak wartości: Lewy (Ben)"


def test_the_english_messages_stay_as_they_were():
    game = lupaus("en")
    with pytest.raises(IllegalEntry) as caught:
        game.record({"bid": [0, 12, 0]})
    assert show(caught.value.issues[0].message) == "Bid of Ben must be from 0 to 10, not 12"


@pytest.mark.parametrize(("lang", "message"), [
    ("fi", "Lupaus: pelaajia on oltava 3–7, ei 2"),
    ("pl", "Lupaus: liczba graczy musi wynosić od 3 do 7, nie 2"),
    ("en", "Lupaus is played by 3 to 7 players, not 2"),
])
def test_setup_errors(lang, message):
    with using_language(lang):
        with pytest.raises(SetupError) as caught:
            Game(load_ruleset("lupaus", lang=lang), ["Anna", "Ben"])
        assert str(caught.value) == message


@pytest.mark.parametrize(("lang", "length", "message"), [
    ("pl", 41, "imię gracza 2 ma 41 znaków; dozwolone jest najwyżej 40"),
    ("pl", 42, "imię gracza 2 ma 42 znaki; dozwolone jest najwyżej 40"),
    ("fi", 41, "pelaajan 2 nimessä on 41 merkkiä; enintään 40 on sallittu"),
])
def test_a_long_name_counts_its_characters_in_the_language(lang, length, message):
    with using_language(lang):
        with pytest.raises(SetupError) as caught:
            Game(load_ruleset("lupaus"), ["Anna", "x" * length, "Cara"])
        assert str(caught.value) == message


def test_late_join_and_sitting_out_refusals_in_finnish():
    set_language("fi")
    game = lupaus("fi")
    with pytest.raises(GameError) as caught:
        game.sit_in(2)
    assert str(caught.value) == "Ben pelaa eikä ole sivussa"
    with pytest.raises(GameError) as caught:
        game.join("ben")
    assert str(caught.value) == "'ben' on jo pöydässä; jokaisella on oltava eri nimi"
    with pytest.raises(GameError) as caught:
        game.sit_out(9)
    assert str(caught.value) == "paikkaa 9 ei ole; paikat ovat 1–3"
    with pytest.raises(GameError) as caught:
        game.undo()
    assert str(caught.value) == "ei ole mitään kumottavaa"


def test_a_fixed_table_refuses_a_late_player_in_polish():
    set_language("pl")
    game = Game(load_ruleset("whist", lang="pl"), ["Anna", "Ben", "Cara", "Dan"])
    with pytest.raises(GameError) as caught:
        game.join("Ewa")
    assert str(caught.value).endswith(": nikt nie może dołączyć ani pauzować")


def test_status_counts_deals_by_the_polish_plural():
    set_language("pl")
    game = lupaus("pl")
    assert status_text(game) == "w toku (rozegrano 0 z 19 rozdań)"
    game.record(D1)
    assert status_text(game) == "w toku (rozegrano 1 z 19 rozdań)"


def test_a_sheet_error_in_finnish_names_the_deal(tmp_path):
    sheet = tmp_path / "ilta.toml"
    sheet.write_text('ruleset = "lupaus"\nplayers = ["Anna", "Ben", "Cara"]\n'
                     '[[deals]]\nbid = [3, 4, 2]\ntricks = [3, 5, 2]\nturned = "hearts"\n'
                     '[[deals]]\nbid = [1, 2, 12]\ntricks = [3, 3, 3]\n', encoding="utf-8")
    set_language("fi")
    with pytest.raises(SheetError) as caught:
        load_sheet(sheet, lang="fi")
    assert str(caught.value) == f"{sheet}: jako 2: Lupaus (Cara): pitää olla 0–9, ei 12"


def test_a_missing_sheet_in_polish(tmp_path):
    set_language("pl")
    with pytest.raises(SheetError) as caught:
        load_sheet(tmp_path / "brak.toml")
    assert str(caught.value) == f"{tmp_path / 'brak.toml'}: nie ma takiego pliku"


def test_a_loaded_sheet_shows_its_ruleset_in_the_language(tmp_path):
    """The caller gives the language of the ruleset's texts (the game layer asks no one)."""
    sheet = tmp_path / "ilta.toml"
    sheet.write_text('ruleset = "lupaus"\nplayers = ["Anna", "Ben", "Cara"]\n', encoding="utf-8")
    game = load_sheet(sheet, lang="pl")
    assert game.ruleset.language == "pl"
    assert game.ruleset.fields["bid"].label == "Deklaracja"
    assert load_sheet(sheet).ruleset.language == "en"


def test_a_damaged_store_is_refused_in_polish(tmp_path):
    path = tmp_path / "zepsuty.db"
    path.write_bytes(b"hello, not a database")
    set_language("pl")
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert str(caught.value) == (
        f"{path} nie jest plikiem zapisu scorekeepera albo jest uszkodzony (plik nie jest bazą danych). "
        "Pozostawiono go bez zmian: przenieś go gdzie indziej albo wybierz inny plik opcją --db PATH.")
    assert path.read_bytes() == b"hello, not a database"


def test_a_missing_game_in_finnish(tmp_path):
    set_language("fi")
    with Store(tmp_path / "s.db", clock=clock) as store:
        with pytest.raises(StoreError) as caught:
            store.open_game(7)
    assert str(caught.value) == f"{tmp_path / 's.db'}: peliä 7 ei ole"


def _rows(path):
    conn = sqlite3.connect(path)
    try:
        return (conn.execute("SELECT * FROM games").fetchall(), conn.execute("SELECT * FROM entries").fetchall())
    finally:
        conn.close()


def test_what_is_stored_is_the_same_in_every_language_and_shown_in_the_current_one(tmp_path):
    stored = {}
    for lang in ("en", "fi", "pl"):
        with using_language(lang):
            with Store(tmp_path / f"{lang}.db", clock=clock) as store:
                game = store.new_game(load_ruleset("lupaus", lang=lang), "lupaus", THREE)
                game.record(D1)
        stored[lang] = _rows(tmp_path / f"{lang}.db")
    assert stored["fi"] == stored["en"] == stored["pl"]
    assert stored["fi"][0][0][6] == "Lupaus"  # ruleset_name: the English name
    set_language("fi")
    with Store(tmp_path / "pl.db", clock=clock) as store:
        game = store.open_game(1)
        assert game.game.ruleset.language == "fi"
        with pytest.raises(IllegalEntry) as caught:
            game.record({"bid": [0, 12, 0]})
        assert show(caught.value.issues[0].message) == "Lupaus (Ben): pitää olla 0–9, ei 12"
    assert _rows(tmp_path / "pl.db") == stored["en"]


def test_the_html_sheet_in_polish(tmp_path):
    page = export(after_d1("pl"), "html")
    assert '<html lang="pl">' in page
    assert '<p class="meta">Gracze: Anna, Ben, Cara · pierwszy rozdający: Anna</p>' in page
    assert "<h2>Klasyfikacja</h2>" in page
    assert re.search(r"<th[^>]*>Rozdający</th>", page)
    assert '<p class="status">w toku (rozegrano 1 z 19 rozdań)</p>' in page


def test_the_html_sheet_in_english_keeps_lang_en():
    game = lupaus("en")
    assert '<html lang="en">' in export(game, "html")


def test_csv_headers_are_translated_and_json_keys_are_not():
    game = after_d1("fi")
    csv_text = export(game, "csv")
    assert csv_text.splitlines()[0].startswith("jako,kortit,jakaja,Anna pisteet,Anna yhteensä,")
    assert "tilanne,kesken" in csv_text
    json_text = export(game, "json")
    assert '"name": "Lupaus"' in json_text and '"standings": [' in json_text and '"over": false' in json_text


def test_markdown_in_finnish():
    text = export(after_d1("fi"), "md")
    assert "\nPelaajat: Anna, Ben, Cara\n" in text
    assert "| Jako | Kortit | Jakaja |" in text
    assert "\n## Tilanne\n" in text
    assert text.endswith("\nkesken (19 jaosta pelattu 1)\n")


def test_a_finnish_yes_is_accepted_for_a_yes_no_field():
    """Besides yes/no, a yes/no value may be typed in the current language."""
    from scorekeeper.game.engine import convert_value

    set_language("fi")
    game = lupaus("fi")
    spec = next(s for s in game.ruleset.options.values() if s.type == "bool")
    assert convert_value(spec, "kyllä", game.setup) is True
    with pytest.raises(GameError) as caught:
        convert_value(spec, "ehkä", game.setup)
    assert str(caught.value).endswith(" on kyllä tai ei, ei 'ehkä'")
