"""The history, a stored game's sheet, its charts, what-if, the statistics, the session and
the export dialog in Finnish and in Polish.

The store (two Lupaus games, Anna Ben Cara, Anna deals first):

- game 1, played WITHOUT the dealer restriction, 2 deals of the 19 (10 cards, then 9):
  bids 3 4 3, tricks 3 5 2: Anna exact 13, Ben over, Cara under; bids 2 3 3, tricks 2 3 4:
  Anna 12, Ben exact 13, Cara over. Totals 25 13 0; not over.
- game 2, the usual rules, all 19 deals (10 9 ... 2 1 2 ... 10 cards): Anna bids the cards
  and takes them all (exact: 10 + n), Ben bids 0 and takes 0 (exact: 10), Cara bids 1 and
  takes 0 (missed). Totals: Anna 190 + (10+9+...+2+1+2+...+10 = 109) = 299, Ben 190, Cara 0.

The statistics then (both games; ranks from game 2 only, the finished one):

- Anna: 1 finished + 1 in progress, 1 won, rank 1.00; 21 bids, all exact; dealt deals 1, 4,
  ..., 19 of game 2 and deal 1 of game 1: 8; her bid was restricted in the 7 of game 2 (Ben
  0 + Cara 1 leave n - 1 forbidden), never missed.
- Cara: rank 3.00; 21 bids, 0 exact, 1 over (game 1 deal 2), 20 under; tricks - bid
  (-1 + 1 - 19) / 21 = -0.90; dealt deals 3, 6, ..., 18 of game 2: 6, all restricted (Anna n
  + Ben 0 leave 0 forbidden), all missed.
"""

from __future__ import annotations

import pytest
from helpers.stores import Script
from helpers.tui import choose, flat, opened, run, screen_text, settle, table_rows

from scorekeeper.i18n import NBSP, set_language, using_language
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

NAMES = ["Anna", "Ben", "Cara"]


def anna_takes_all_ben_none_cara_misses(game) -> dict:
    cards = game.setup_for().cards(game.next_deal)
    return {"bid": [cards, 0, 1], "tricks": [cards, 0, 0]}


GAMES = [
    Script("lupaus", NAMES, [{"bid": [3, 4, 3], "tricks": [3, 5, 2]}, {"bid": [2, 3, 3], "tricks": [2, 3, 4]}],
           {"dealer_restriction": False}),
    Script("lupaus", NAMES, until_over=anna_takes_all_ben_none_cara_misses),
]


@pytest.fixture
def db(store_with):
    stored = store_with(*GAMES)
    second = stored.games[1]
    assert len(second.game.deals) == 19 and second.game.totals() == (299, 190, 0)
    return stored


def speak(monkeypatch, code: str) -> None:
    """The language for the test and for the app it starts (the conftest puts English back)."""
    monkeypatch.setenv("SCOREKEEPER_LANG", code)
    set_language(code)


def stamp(moment, code: str) -> str:
    """A stored time as the language writes it, worked out here by hand."""
    d = moment.astimezone()
    if code == "fi":
        return f"{d.day}.{d.month}.{d.year} klo {d.hour}.{d.minute:02d}"
    return f"{d.day:02d}.{d.month:02d}.{d.year}, {d.hour:02d}:{d.minute:02d}"


def created(db) -> dict[int, object]:
    from scorekeeper.reports.history import history

    with Store(db) as store:
        return {s.id: s.created_at for s in history(store)}


def option_label(code: str, option: str) -> str:
    """A ruleset's own text (translated in the ruleset file, not in the app's catalogs)."""
    return load_ruleset("lupaus").localized(code).options[option].label


HISTORY = {
    "fi": {
        "title": "Historia: kaikki tallennetut pelit, viimeksi pelattu ensin",
        "done": "Anna, Ben, Cara — voittaja: Anna",
        "going": "Anna, Ben, Cara — kesken (19 jaosta pelattu 2)",
        "heading2": "Peli 2 · Lupaus",
        "started": "Anna, Ben, Cara · aloitettu {time}",
        "usual": "Tavalliset säännöt (kotisääntöjä ei ole muutettu)",
        "won": "Voittaja: Anna 19 jaon jälkeen",
        "standings2": "Tilanne: 1. Anna 299 · 2. Ben 190 · 3. Cara 0",
        "charts": "Peli 2 · Lupaus · kaaviot",
        "caption": "Kokonaispisteet jokaisen jaon jälkeen (19 jakoa):",
        "totals": "Kokonaispisteet",
        "heading1": "Peli 1 · Lupaus",
        "house": "Kotisäännöt: {label}: ei",
        "progress": "Kesken: 19 jaosta pelattu 2",
        "standings1": "Tilanne: 1. Anna 25 · 2. Ben 13 · 3. Cara 0",
        "export": ["Vie peli 1", "Muoto (↑ ↓):", "CSV: taulukko taulukkolaskentaan",
                   "TOML-pöytäkirja: toistaa saman pelin",
                   "Tiedosto (kirjoitetaan nykyiseen kansioon, ellei polkua anneta):",
                   "Enter tai ctrl+s kirjoittaa tiedoston; Esc peruuttaa."],
    },
    "pl": {
        "title": "Historia: wszystkie zapisane gry, od ostatnio granej",
        "done": "Anna, Ben, Cara — zwycięzca: Anna",
        "going": "Anna, Ben, Cara — w toku (rozegrano 2 z 19 rozdań)",
        "heading2": "Gra 2 · Lupaus",
        "started": "Anna, Ben, Cara · rozpoczęta {time}",
        "usual": "Zwykłe zasady (żadna zasada domowa nie została zmieniona)",
        "won": "Zwycięzca: Anna po 19 rozdaniach",
        "standings2": "Klasyfikacja: 1. Anna 299 · 2. Ben 190 · 3. Cara 0",
        "charts": "Gra 2 · Lupaus · wykresy",
        "caption": "Suma po każdym rozdaniu (19 rozdań):",
        "totals": "Sumy",
        "heading1": "Gra 1 · Lupaus",
        "house": "Zasady domowe: {label}: nie",
        "progress": "W toku: rozegrano 2 z 19 rozdań",
        "standings1": "Klasyfikacja: 1. Anna 25 · 2. Ben 13 · 3. Cara 0",
        "export": ["Eksportuj grę 1", "Format (↑ ↓):", "CSV: tabela do arkusza kalkulacyjnego",
                   "Arkusz wyników TOML: odtwarza tę samą grę",
                   "Plik (zapisywany w bieżącym folderze, chyba że podasz ścieżkę):",
                   "Enter lub ctrl+s zapisuje plik; Esc anuluje."],
    },
}


@pytest.mark.parametrize("code", ["fi", "pl"])
def test_the_history_a_sheet_its_charts_and_the_export_dialog_in_the_language(db, monkeypatch, code):
    """The list (game 2 first, its time as the language writes it), game 2's sheet (won),
    its charts, then game 1's sheet (in progress, a house rule changed) and its export dialog."""
    times = created(db)
    want = HISTORY[code]
    speak(monkeypatch, code)

    async def go():
        async with opened(db, "h", size=(120, 40)) as (app, pilot):
            lines = [line.strip() for line in screen_text(app).splitlines()]
            assert lines[:5] == [want["title"],
                                 f"#2 Lupaus  {stamp(times[2], code)}", want["done"],
                                 f"#1 Lupaus  {stamp(times[1], code)}", want["going"]]

            await pilot.press("enter")  # game 2
            await settle(pilot)
            lines = [line.strip() for line in screen_text(app).splitlines()]
            assert lines[:5] == [want["heading2"], want["started"].format(time=stamp(times[2], code)),
                                 want["usual"], want["won"], want["standings2"]]

            await pilot.press("g")
            await settle(pilot)
            lines = [line.strip() for line in screen_text(app).splitlines()]
            assert lines[:2] == [want["charts"], want["caption"]]
            assert want["totals"] in lines

            await pilot.press("escape", "escape", "down", "enter")  # game 1
            await settle(pilot)
            lines = [line.strip() for line in screen_text(app).splitlines()]
            assert lines[:5] == [want["heading1"], want["started"].format(time=stamp(times[1], code)),
                                 want["house"].format(label=option_label(code, "dealer_restriction")),
                                 want["progress"], want["standings1"]]

            await pilot.press("x")
            await settle(pilot)
            text = flat(screen_text(app))
            for said in want["export"]:
                assert said in text, text

    run(go())


STATS = {
    "fi": {
        "rows": [
            ["Anna", "1 +1", "1", "1,00", "21", "21 100 %", "0", "0", "0,00 tasan", "7/8", "0 0 %"],
            ["Ben", "1 +1", "0", "2,00", "21", "20 95 %", "1", "0", "+0,05 yli", "0/7", "–"],
            ["Cara", "1 +1", "0", "3,00", "21", "0 0 %", "1", "20", "-0,90 alle", "6/6", "6 100 %"],
        ],
        "anna": ["Anna: 1 päättynyt peli ja 1 kesken, voittoja 1, keskimääräinen sija 1,00",
                 "Lupaukset: 21 jakoa, 21 tasan (100 %), 0 yli, 0 alle; tikit − lupaus keskimäärin 0,00 tasan",
                 "Lupaus tasan korttimäärän mukaan: 1: 1/1 100 % · 2: 2/2 100 %",
                 "Jakajana: 8 jakoa; rajoitettuja lupauksia 7, niistä pieleen 0 (0 %)"],
        "cara": ["Cara: 1 päättynyt peli ja 1 kesken, voittoja 0, keskimääräinen sija 3,00",
                 "Lupaukset: 21 jakoa, 0 tasan (0 %), 1 yli, 20 alle; tikit − lupaus keskimäärin -0,90 alle",
                 "Jakajana: 6 jakoa; rajoitettuja lupauksia 6, niistä pieleen 6 (100 %)"],
        "legend": "Pelit: päättyneet +kesken · Rajoitettu: jakajana lupausta rajoitettiin",
        "nobody": "Kenenkään pelaajan nimessä ei ole 'zz'.",
        "heads": "Pelaaja Pelit Voitot Sija ka. Lupauksia Tasan Yli Alle Suunta Rajoitettu Meni pieleen",
    },
    "pl": {
        "rows": [
            ["Anna", "1 +1", "1", "1,00", "21", "21 100 %", "0", "0", "0,00 równo", "7 z 8", "0 0 %"],
            ["Ben", "1 +1", "0", "2,00", "21", "20 95 %", "1", "0", "+0,05 ponad", "0 z 7", "–"],
            ["Cara", "1 +1", "0", "3,00", "21", "0 0 %", "1", "20", "-0,90 poniżej", "6 z 6", "6 100 %"],
        ],
        "anna": ["Anna: 1 zakończona gra i 1 w toku, wygrane: 1, średnie miejsce 1,00",
                 "Deklaracje: 21 rozdań, dokładnie 21 (100 %), ponad 0, poniżej 0; "
                 "lewy − deklaracja średnio 0,00 równo",
                 "Dokładnie według liczby kart: 1: 1/1 100 % · 2: 2/2 100 %",
                 "Jako rozdający: 8 rozdań; ograniczona deklaracja: 7, z tego nieugrana: 0 (0 %)"],
        "cara": ["Cara: 1 zakończona gra i 1 w toku, wygrane: 0, średnie miejsce 3,00",
                 "Deklaracje: 21 rozdań, dokładnie 0 (0 %), ponad 1, poniżej 20; "
                 "lewy − deklaracja średnio -0,90 poniżej",
                 "Jako rozdający: 6 rozdań; ograniczona deklaracja: 6, z tego nieugrana: 6 (100 %)"],
        "legend": "Gry: zakończone +w toku · Ograniczone: jako rozdający, deklaracja była ograniczona",
        "nobody": "Żaden gracz nie ma w imieniu 'zz'.",
        "heads": "Gracz Gry Wygrane Śr. miejsce Deklaracje Dokładnie Ponad Poniżej Tendencja Ograniczone "
                 "Potem nieugrane",
    },
}


@pytest.mark.parametrize("code", ["fi", "pl"])
def test_the_statistics_in_the_language(db, monkeypatch, code):
    """The figures worked out in the module docstring, with decimal commas, '100 %' (a
    no-break space), the tendency in words, and the highlighted player spelled out."""
    want = STATS[code]
    speak(monkeypatch, code)

    async def go():
        async with opened(db, "s", size=(130, 30)) as (app, pilot):
            assert table_rows(app, "stats-table") == [
                [cell.replace(" %", NBSP + "%") for cell in row] for row in want["rows"]]
            text = flat(screen_text(app)).replace(NBSP, " ")
            assert want["heads"] in text
            for said in want["anna"] + [want["legend"]]:
                assert said in text, text
            await pilot.press("down", "down")
            await settle(pilot)
            text = flat(screen_text(app)).replace(NBSP, " ")
            for said in want["cara"]:
                assert said in text, text
            await pilot.press("slash", "z", "z")
            await settle(pilot)
            assert want["nobody"] in flat(screen_text(app))

    run(go())


WHAT_IF = {
    "fi": {
        "title": "Entä jos · Peli 1 · Lupaus",
        "help": "Samat jaot muilla kotisäännöillä; mitään ei tallenneta, ja tallennettu peli pysyy ennallaan.",
        "unchanged": "Nämä ovat säännöt, joilla peli pelattiin: muuta jotakin alla.",
        "table": ["Pelattuna  Entä jos  Muutos", "Anna      25 (1.)   25 (1.)       0",
                  "Ben       13 (2.)   13 (2.)       0", "Cara       0 (3.)    0 (3.)       0",
                  "Pelattuna: peli ei ole päättynyt", "Näillä säännöillä: peli ei ole päättynyt"],
        "kept": "✓ Jokainen jako noudattaa sääntöjä näillä valinnoilla.",
        "changed": "Muutettu pelatuista säännöistä: {label}",
        "refused": "1 jako rikkoo sääntöä näillä valinnoilla; pisteisiin lasketaan silti se, mitä pelattiin "
                   "(paitsi jako, jota jakosuunnitelmassa ei enää ole, tai jako, joka pelattiin pelin päätyttyä):",
        "deal": "✗ jako 1: ",
        "winners": ["Voittaja pelattuna: Anna", "Voittaja näillä säännöillä: Anna"],
    },
    "pl": {
        "title": "Co jeśli · Gra 1 · Lupaus",
        "help": "Te same rozdania według innych zasad domowych; nic nie jest zapisywane, zapisana gra "
                "pozostaje bez zmian.",
        "unchanged": "To są zasady, według których rozegrano grę: zmień którąś poniżej.",
        "table": ["Jak rozegrano  Co jeśli  Zmiana", "Anna          25 (1.)   25 (1.)       0",
                  "Ben           13 (2.)   13 (2.)       0", "Cara           0 (3.)    0 (3.)       0",
                  "Jak rozegrano: gra się nie zakończyła", "Według tych zasad: gra się nie zakończyła"],
        "kept": "✓ Każde rozdanie spełnia zasady przy tych ustawieniach.",
        "changed": "Zmienione względem zasad, według których rozegrano grę: {label}",
        "refused": "1 rozdanie łamie zasadę przy tych ustawieniach; sumy nadal liczą to, co rozegrano "
                   "(poza rozdaniem, którego plan rozdań już nie ma, lub rozegranym po końcu gry):",
        "deal": "✗ rozdanie 1: ",
        "winners": ["Zwycięzca w rozegranej grze: Anna", "Zwycięzca według tych zasad: Anna"],
    },
}


@pytest.mark.parametrize("code", ["fi", "pl"])
def test_what_if_in_the_language(db, monkeypatch, code):
    """Game 1 as played, then with the dealer restriction on: deal 1 (bids 3 4 3 of 10)
    breaks it; game 2's winner both ways."""
    want = WHAT_IF[code]
    speak(monkeypatch, code)

    async def go():
        async with opened(db, "h", "down enter", "w", size=(120, 40)) as (app, pilot):
            lines = [line.strip() for line in screen_text(app).splitlines() if line.strip()]
            assert lines[:10] == [want["title"], want["help"], want["unchanged"], *want["table"], want["kept"]]

            await choose(pilot, "opt-dealer_restriction", -1)  # no -> yes
            text = flat(screen_text(app))
            assert want["changed"].format(label=option_label(code, "dealer_restriction")) in text
            assert want["refused"] in text
            assert want["deal"] in text

            await pilot.press("escape", "escape", "up", "enter")  # game 2
            await settle(pilot)
            await pilot.press("w")
            await settle(pilot)
            lines = [line.strip() for line in screen_text(app).splitlines()]
            for said in want["winners"]:
                assert said in lines, lines

    run(go())


@pytest.mark.parametrize("code", ["fi", "pl"])
def test_the_session_in_the_language(db, monkeypatch, code):
    """Both games are in session 1: its times, the count of games, the columns, the games."""
    from scorekeeper.reports.sessions import session_report

    with Store(db) as store:
        session = session_report(store, 1).session
    started, active = stamp(session.started_at, code), stamp(session.last_active, code)
    speak(monkeypatch, code)
    want = {
        "fi": ["Tämä pelikerta · Pelikerta 1",
               f"Aloitettu {started}, viimeksi pelattu {active}; 2 peliä. Järjestys voitettujen pelien, sitten "
               "pisteiden mukaan: kunkin pelin sarakkeessa ovat sen pisteet, jotka lasketaan yhteen vain saman "
               "pelin kesken.",
               "Sija Pelaaja Pelattu Voitettu Kesken Lupaus",
               "Pelikerran pelit:", "Anna, Ben, Cara — kesken (19 jaosta pelattu 2)"],
        "pl": ["Ta sesja · Sesja 1",
               f"Rozpoczęta {started}, ostatnio aktywna {active}; 2 gry. Kolejność według wygranych gier, potem "
               "punktów: w kolumnie każdej gry są jej punkty, które sumują się tylko w obrębie tej gry.",
               "Miejsce Gracz Rozegrane Wygrane W toku Lupaus",
               "Gry tej sesji:", "Anna, Ben, Cara — w toku (rozegrano 2 z 19 rozdań)"],
    }[code]

    async def go():
        async with opened(db, "e", size=(120, 30)) as (app, pilot):
            text = flat(screen_text(app))
            for said in want:
                assert said in text, text
            assert table_rows(app, "session-table")[0] == ["1", "Anna", "1", "1", "1", "299"]

    run(go())


# --- without the app: plural forms and the export's messages ------------------------------------

def test_the_history_results_take_the_plural_the_count_needs():
    """Polish has three forms for whole numbers: 1 rozdanie, 2-4 rozdania, 5+ rozdań (also 12-14
    rozdań, 22 rozdania); Finnish two."""
    from types import SimpleNamespace

    from scorekeeper.tui.screens.history import result_text

    def summary(played, planned=None, winners=(), stopped=None):
        return SimpleNamespace(finished=bool(winners), winners=list(winners), deals_played=played,
                               planned_deals=planned, stopped_at=stopped)

    with using_language("pl"):
        assert [result_text(summary(n)) for n in (1, 2, 5, 12, 22)] == [
            "w toku (rozegrano 1 rozdanie)", "w toku (rozegrano 2 rozdania)", "w toku (rozegrano 5 rozdań)",
            "w toku (rozegrano 12 rozdań)", "w toku (rozegrano 22 rozdania)"]
        assert result_text(summary(1, 1)) == "w toku (rozegrano 1 z 1 rozdania)"
        assert result_text(summary(19, 19, ["Ann", "Bob"])) == "zwycięzcy: Ann, Bob"
        assert result_text(summary(3, 19, ["Ann"], stopped=3)) == "zwycięzca: Ann (zakończona przed czasem po rozdaniu 3)"
    with using_language("fi"):
        assert [result_text(summary(n)) for n in (1, 2)] == ["kesken (pelattu 1 jako)", "kesken (pelattu 2 jakoa)"]
        assert result_text(summary(19, 19, ["Ann", "Bob"])) == "voittajat: Ann, Bob"
        assert result_text(summary(3, 19, ["Ann", "Bob"], stopped=3)) == (
            "voittajat: Ann, Bob (päätettiin etuajassa jaon 3 jälkeen)")


def test_the_export_messages_in_the_language(tmp_path, monkeypatch):
    """What write_text says when a file cannot be written, in Finnish and Polish (the path as given)."""
    from pathlib import Path

    from scorekeeper.tui.screens.export import write_text

    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    cases = [Path("missing/dir/x.csv"), Path("a-file/x.csv"), Path("folder")]
    with using_language("fi"):
        assert [write_text(p, "a\n") for p in cases] == [
            "missing/dir/x.csv: kansiota missing/dir ei ole olemassa",
            "a-file/x.csv: osa polusta on tiedosto eikä kansio",
            "folder on kansio: lisää tiedoston nimi, esim. folder/scores.csv"]
    with using_language("pl"):
        assert [write_text(p, "a\n") for p in cases] == [
            "missing/dir/x.csv: folder missing/dir nie istnieje",
            "a-file/x.csv: część ścieżki jest plikiem, a nie folderem",
            "folder to folder: dodaj nazwę pliku, np. folder/scores.csv"]
        assert write_text(Path("bad\0name.csv"), "").startswith("bad\0name.csv: nieprawidłowa ścieżka (")
    assert not (tmp_path / "missing").exists()
