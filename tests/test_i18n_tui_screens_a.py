"""The start, settings, new game, play, players, dialog and rules screens in Finnish and Polish.

The language chosen on the settings screen is used at once (every screen is drawn again
in it) and remembered for the next start; a Lupaus game's screens show the ruleset's own
translation of its field labels beside the app's texts.
"""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace

from helpers.stores import Script
from helpers.tui import flat, notes, opened, run, said, screen_text, settle
from scorekeeper.rules.ruleset import builtin_ids

from scorekeeper.i18n import get_language, resolve_language, set_language, using_language
from scorekeeper.settings import load_settings
from scorekeeper.tui.screens.home import game_line
from scorekeeper.play.actions import redone_text, table_changed_text, undone_text


def titles(app) -> list[str]:
    return [str(n.title) for n in app._notifications] + [n.title for n in said(app)]


A_LUPAUS_GAME = Script("lupaus", ["Anna", "Ben", "Cara", "Dan"])
"""Anna, Ben, Cara and Dan start a Lupaus game; Anna deals first."""


# -- the settings screen switches the language at once, and it is remembered


def test_choosing_suomi_shows_every_screen_in_finnish_at_once_and_next_time(tmp_path):
    """Suomi on the settings screen: the settings and the start screen read Finnish
    straight away, and the language resolved at the next start is Finnish."""
    db = tmp_path / "g.db"

    async def first():
        async with opened(db, "c") as (app, pilot):
            assert "● English  (in use)" in screen_text(app)
            await pilot.press("tab", "down", "enter")  # the language list: Suomi
            await settle(pilot, 5)
            assert get_language() == "fi"
            assert load_settings().lang == "fi"
            text = screen_text(app)
            assert text.splitlines()[0].strip() == "Asetukset"
            assert "Teema (ctrl+t vaihtaa sen missä tahansa)" in text
            assert "● Tumma  (käytössä)" in text and "○ Vaalea" in text and "○ Suuri kontrasti" in text
            assert "Kieli" in text and "● Suomi  (käytössä)" in text and "○ English" in text
            assert "Tallennetaan tiedostoon" in flat(text)
            assert "esc Takaisin" in " ".join(text.splitlines()[-2:])
            await pilot.press("escape")
            await settle(pilot)
            text = screen_text(app)
            for line in ("Uusi peli  (n)", "Avaa sääntötiedosto…  (o)", "Pelien säännöt  (r)",
                         "Pelihistoria  (h)", "Pelaajakohtaiset tilastot  (s)", "Tämä pelikerta  (e)",
                         "Asetukset: teema ja kieli  (c)", "Ei keskeneräisiä pelejä."):
                assert line in text, line
            assert "n Uusi peli" in " ".join(text.splitlines()[-2:])

    run(first())
    # the next start: the CLI resolves the language from the settings (no --lang, no env)
    set_language("en")
    set_language(resolve_language(env={}, settings=load_settings().lang))
    assert get_language() == "fi"

    async def second():
        async with opened(db) as (app, pilot):
            text = screen_text(app)
            assert "Uusi peli  (n)" in text and "Asetukset: teema ja kieli  (c)" in text

    run(second())


# -- a Lupaus game in Finnish


def test_a_lupaus_game_in_finnish_shows_the_rulesets_labels_and_the_screens_texts(store_with):
    """The play screen shows Lupaus's Finnish field labels and the keys in Finnish; the
    players screen and a player sitting out are told in Finnish."""
    db = store_with(A_LUPAUS_GAME)
    set_language("fi")

    async def go():
        async with opened(db) as (app, pilot):
            text = screen_text(app)
            assert "Jatka peliä (viimeisin ensin):" in text
            assert "Lupaus: Anna, Ben, Cara, Dan" in text
            assert "0/19 jakoa pelattu · aloitettu " in text, text
            await pilot.press("enter")  # the game played last is highlighted
            await settle(pilot)
            text = screen_text(app)
            assert "Valttimaa" in text  # the ruleset's [translations.fi] labels
            assert "Ben             Lupaus" in text
            assert "Ben             Tikit" in text
            footer = " ".join(text.splitlines()[-2:])  # the keys: one or two lines
            assert "^s Vahvista" in footer and "^z Kumoa" in footer and "^l Tyhjennä" in footer

            await pilot.press("ctrl+o")
            await settle(pilot)
            text = flat(screen_text(app).replace("█", " "))  # the dialog's border cuts the lines
            assert "Jaon 1 pelaajat" in text
            assert ("Lupaus: 3–7 pelaajaa. Enter pelaajan kohdalla: jää pois tästä jaosta / pelaa taas."
                    in text)
            assert "Anna — pelaa" in text and "Cara — pelaa" in text
            assert ("Joku tulee mukaan (hän istuu pöydän päähän, ellet kerro, kenen jälkeen hän istuu):"
                    in text)
            assert "aloituspisteet, joista pöytä sopii, esim. 0" in text
            assert "esc Peruuta" in text
            await pilot.press("down", "enter")  # Ben sits out
            await settle(pilot)
            assert notes(app)[-1] == "Ben jää pois jaosta 1 alkaen."
            assert titles(app)[-1] == "Pelaajat"
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert notes(app)[-1] == "Kumottu: Ben jää pois."
            assert titles(app)[-1] == "Kumottu"

    run(go())


# -- Polish screens


def test_the_new_game_screen_in_polish(tmp_path):
    """Choosing Lupaus in Polish: the list of games and the form read Polish."""
    set_language("pl")

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            assert "Nowa gra  (n)" in screen_text(app)
            await pilot.press("n")
            await settle(pilot, 5)
            text = screen_text(app)
            assert "Nowa gra: wybierz grę" in text
            assert "Lupaus  3–7 graczy" in text
            await pilot.press("end")  # the last line of the list, below the games
            await settle(pilot, 3)
            assert "Otwórz plik z zasadami…  (ctrl+o)" in screen_text(app)
            await pilot.press("home", *["down"] * builtin_ids().index("lupaus"), "enter")
            await settle(pilot, 5)
            text = screen_text(app)
            assert "Nowa gra: Lupaus" in text
            assert "Zadeklaruj dokładnie tyle lew, ile weźmiesz." in flat(text)
            assert ("Gracze w kolejności siedzenia, zgodnie z ruchem wskazówek zegara (od 3 do 7 graczy)"
                    in flat(text))
            assert "Miejsce 1" in text and "imię gracza na miejscu 1" in text
            assert "imię gracza na miejscu 4 (może zostać puste)" in text
            assert "Pierwszy rozdający" in text and "Losowanie" in text
            assert "Tytuł" in text and "opcjonalnie, np. Piątek u Ani" in text
            assert "ta gra zaczyna nowy wieczór" in text
            assert "^s Zacznij grę" in " ".join(text.splitlines()[-2:])
            await pilot.press("ctrl+s")  # no names yet
            await settle(pilot)
            assert notes(app)[-1] == "Lupaus wymaga co najmniej 3 graczy; podano 0 imion"
            assert titles(app)[-1] == "Gry nie można jeszcze zacząć"

    run(go())


def test_a_ruleset_with_problems_is_explained_in_polish_with_the_right_plural(tmp_path):
    """2 problemy, 5 problemów: the count agrees with its noun."""
    from scorekeeper.tui.screens.dialogs import RulesetProblemsScreen

    set_language("pl")

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await app.push_screen(RulesetProblemsScreen("nasz.toml", ["a: zły klucz", "b: zły klucz"]))
            await settle(pilot)
            text = screen_text(app)
            assert "Nie można grać według nasz.toml" in text
            assert "scorekeeper rules check znajduje 2 problemy:" in text
            assert "Popraw plik i otwórz go ponownie." in text
            assert "esc Wstecz" in text.splitlines()[-1]
            await app.push_screen(RulesetProblemsScreen("nasz.toml", [f"{n}: zły klucz" for n in "abcde"]))
            await settle(pilot)
            assert "scorekeeper rules check znajduje 5 problemów:" in screen_text(app)

    run(go())


# -- texts without a running app


def _summary(played: int, planned: int | None):
    moment = datetime(2024, 5, 3, 18, 30).astimezone()
    return SimpleNamespace(ruleset_id="lupaus", ruleset_name="Lupaus", title="Piątek", players=["Anna", "Ben", "Cara"],
                           deals_played=played, planned_deals=planned, updated_at=moment, created_at=moment)


def test_a_game_to_resume_is_listed_in_finnish_and_polish():
    """The resume list: deals played (the plural of each language) and when."""
    with using_language("fi"):
        assert game_line(_summary(3, 19)).plain == ("Lupaus · Piątek: Anna, Ben, Cara\n"
                                                    "  3/19 jakoa pelattu · viimeksi kirjattu 3.5.2024 klo 18.30")
        assert game_line(_summary(1, None)).plain.endswith("  1 jako pelattu · viimeksi kirjattu 3.5.2024 klo 18.30")
    with using_language("pl"):
        assert game_line(_summary(0, 19)).plain.endswith("  rozegrano 0 z 19 rozdań · rozpoczęta 03.05.2024, 18:30")
        assert game_line(_summary(2, None)).plain.endswith("  rozegrano 2 rozdania · ostatni wpis 03.05.2024, 18:30")
        assert game_line(_summary(5, None)).plain.endswith("  rozegrano 5 rozdań · ostatni wpis 03.05.2024, 18:30")
    assert game_line(_summary(1, 19)).plain.endswith("  1 deal played of 19 · last entry 2024-05-03 18:30")


def test_a_change_of_players_is_told_in_finnish_and_polish():
    """Joins, sits out, plays again: made, undone and redone, in whole sentences."""
    game = SimpleNamespace(players=["Anna", "Ben", "Cara"])
    join = SimpleNamespace(kind="join", values={"name": "Dan", "score": 20})
    out = SimpleNamespace(kind="out", values={"seat": 2})
    back = SimpleNamespace(kind="in", values={"seat": 2})
    with using_language("fi"):
        assert table_changed_text(game, join, 2) == "Dan tulee mukaan 20 pisteellä jaosta 2 alkaen."
        assert table_changed_text(game, back, 4) == "Ben pelaa taas jaosta 4 alkaen."
        assert undone_text(game, join) == "Kumottu: Dan tulee mukaan 20 pisteellä."
        assert redone_text(game, out) == "Palautettu: Ben jää pois."
    with using_language("pl"):
        assert table_changed_text(game, join, 2) == "Dan dołącza z wynikiem 20 od rozdania 2."
        assert table_changed_text(game, out, 3) == "Ben pauzuje od rozdania 3."
        assert undone_text(game, back) == "Cofnięto: Ben gra znowu."
        assert redone_text(game, join) == "Przywrócono: Dan dołącza z wynikiem 20."
    assert table_changed_text(game, join, 2) == "Dan joins with 20 from deal 2."
    assert undone_text(game, out) == "Ben sits out is undone."
    assert redone_text(game, back) == "Ben plays again is back."


# -- a new game in the language: the form's labels apart from their values, the ruleset's texts


def test_a_new_lupaus_game_in_finnish_reads_finnish_from_the_form_to_the_first_deal(tmp_path, monkeypatch):
    """A long label wraps in its column, apart from its value; the game just started shows
    the ruleset's Finnish texts (not only a game opened again)."""
    from helpers.tui import name_players

    monkeypatch.setenv("SCOREKEEPER_LANG", "fi")
    set_language("fi")

    async def go():
        async with opened(tmp_path / "g.db", size=(100, 60)) as (app, pilot):
            await name_players(pilot, "lupaus", ["Anna", "Ben", "Cara"])
            await settle(pilot)
            lines = screen_text(app).splitlines()
            assert any(line.startswith(" Onnistuneen nollapelin  mitä pisteenlasku antaa") for line in lines)
            assert any(line.startswith(" Korttien enimmäismäärä  10 (3–5 pelaajaa), 8 (6), 7 (7)") for line in lines)
            assert any(line.startswith(" Valtti                  pakan päällimmäinen kortti") for line in lines)
            assert not any("Kiinnitetty valttimaa" in line for line in lines)  # asked when the trump is fixed
            assert " jaossa" in lines and " arvo" in lines  # the rest of the labels, on their own
            await pilot.press("ctrl+s")
            await settle(pilot)
            text = screen_text(app)
            assert "Käännä pakan päällimmäinen kortti valtiksi" in text
            assert "Turn up" not in text and "Bidding" not in text and "Bids" not in text
            assert " Lupaukset   Lupaus: yhteensä 0, jaossa 10 tikkiä (3 kirjaamatta)" in text.splitlines()
            assert "   Cara            Lupaus          0   1   2" in text

    run(go())


def test_a_new_lupaus_game_in_polish_reads_polish_from_the_form_to_the_first_deal(tmp_path, monkeypatch):
    from helpers.tui import name_players

    monkeypatch.setenv("SCOREKEEPER_LANG", "pl")
    set_language("pl")

    async def go():
        async with opened(tmp_path / "g.db", size=(100, 60)) as (app, pilot):
            await name_players(pilot, "lupaus", ["Anna", "Ben", "Cara"])
            await settle(pilot)
            lines = screen_text(app).splitlines()
            assert any(line.startswith(" Ugrana deklaracja zero  tyle, ile daje punktacja") for line in lines)
            assert any(line.startswith(" Najwięcej kart w        10 (3–5 graczy), 8 (6), 7 (7)") for line in lines)
            assert not any("Ustalony kolor atutowy" in line for line in lines)  # asked when the trump is fixed
            await pilot.press("ctrl+s")
            await settle(pilot)
            text = screen_text(app)
            assert "Odkryj wierzchnią kartę talii: jej kolor to atu" in text
            assert "Turn up" not in text and "Bidding" not in text
            assert " Licytacja   Deklaracja: razem 0, w rozdaniu 10 lew (do wpisania: 3)" in text.splitlines()
            assert "   Cara            Deklaracja      0   1   2" in text

    run(go())
