"""The command line, --plain, the web board and the settings messages in Finnish and Polish,
and how the language is chosen (--lang, $SCOREKEEPER_LANG, the settings, the locale)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import build_parser, main
from scorekeeper.i18n import get_language, using_language

REPO = Path(__file__).resolve().parents[1]
LUPAUS = str(REPO / "examples" / "lupaus.toml")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_module(*args, env_changes: dict[str, str | None]):
    """``python -m scorekeeper`` with the environment changed (None: the variable removed)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    for name in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(name, None)
    for name, value in env_changes.items():
        if value is not None:
            env[name] = value
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


# --- replay ------------------------------------------------------------------------------------


def test_replay_in_finnish(capsys):
    """Headers, the totals and standings words are Finnish; --lang may stand before the command."""
    code, out, err = run(capsys, "--lang", "fi", "replay", LUPAUS)
    lines = out.splitlines()
    assert (code, err) == (0, "")
    assert get_language() == "fi"
    assert lines[1] == "Valinnat: oletukset"
    assert lines[3].split() == ["jako", "kortit", "jakaja", "Anna", "yht.", "Ben", "yht.", "Cara", "yht."]
    assert lines[-6:-1] == ["Yhteensä: Anna 65, Ben 101, Cara 103", "Tilanne:", "  1. Cara 103", "  2. Ben 101",
                            "  3. Anna 65"]


def test_replay_in_polish_with_lang_after_the_command(capsys):
    code, out, err = run(capsys, "replay", LUPAUS, "--lang", "pl")
    lines = out.splitlines()
    assert (code, err) == (0, "")
    assert lines[1] == "Opcje: domyślne"
    assert lines[3].split() == ["rozdanie", "karty", "rozdający", "Anna", "razem", "Ben", "razem", "Cara", "razem"]
    assert lines[-6:-4] == ["Wyniki: Anna 65, Ben 101, Cara 103", "Klasyfikacja:"]


def test_what_if_in_finnish(capsys):
    code, out, err = run(capsys, "--lang=fi", "replay", LUPAUS, "--option", "scoring=tricks-plus-ten")
    assert (code, err) == (0, "")
    assert out.splitlines()[-5:] == [
        "Yhteispisteet rinnakkain:",
        "        pistelistan valinnat  scoring=tricks-plus-ten",
        "  Anna                    65                       98",
        "  Ben                    101                      119",
        "  Cara                   103                      132",
    ]


def test_plain_in_polish(capsys):
    """--plain in Polish: the players, house rules, a deal (plural forms of cards and points), the totals."""
    code, out, err = run(capsys, "--lang", "pl", "replay", LUPAUS, "--plain")
    lines = out.splitlines()
    assert (code, err) == (0, "")
    assert lines[1:4] == [
        "Gracze: Anna, Ben, Cara.",
        "Zasady domowe: domyślne.",
        "Rozdanie 1, 10 kart, rozdaje Anna, kolor atutowy: pik. Anna deklaracja 1, lewy 2, nieugrane, "
        "0 punktów, razem 0; Ben deklaracja 0, lewy 1, nieugrane, 0 punktów, razem 0; Cara deklaracja 2, "
        "lewy 7, nieugrane, 0 punktów, razem 0.",
    ]
    assert lines[-2] == "Wyniki: Cara 103 (1.), Ben 101 (2.), Anna 65 (3.)."


# --- rules and check-bid ------------------------------------------------------------------------


def test_rules_list_in_polish_and_finnish(capsys):
    code, out, _ = run(capsys, "--lang", "pl", "rules", "list")
    assert code == 0
    lines = out.splitlines()
    at = lines.index("lupaus: Lupaus (3–7 graczy)")  # the games in the order of their ids
    assert lines[at + 1].startswith("  znana też jako: Oh Hell, Valmius")
    assert "  Zadeklaruj dokładnie tyle lew, ile weźmiesz." in out
    code, out, _ = run(capsys, "--lang", "fi", "rules", "list")
    assert "whist: Visti (4 pelaajaa)\n  tunnetaan myös nimillä: Wist, Short whist\n" in out


def test_rules_show_in_finnish(capsys):
    code, out, _ = run(capsys, "--lang", "fi", "rules", "show", "lupaus", "--players", "4")
    assert code == 0
    assert "Pelaajia: 3–7\n" in out
    assert "  tricks: Tikit (play, pelaajakohtainen, kokonaisluku 0–cards)\n" in out
    assert ("Voittaja: suurin yhteispistemäärä\nJakosuunnitelma 4 pelaajalle: 19 jakoa\n"
            "Kortteja jaossa: 10 9 8 7 6 5 4 3 2 1 2 3 4 5 6 7 8 9 10\n\nPakka: 52 korttia\n") in out


def test_check_bid_refusal_in_finnish(capsys):
    """The dealer's forbidden bid, told in the words of the Lupaus ruleset's Finnish translation."""
    code, out, err = run(capsys, "--lang", "fi", "check-bid", "lupaus", "--players", "3", "--cards", "10",
                         "--bids", "3", "3", "4")
    assert (code, err) == (1, "")
    assert out == ("ei sallittu\n"
                   "Jakaja Pelaaja 1 ei saa luvata 4: lupausten summa olisi 10, sama kuin tikkien määrä\n")
    code, out, _ = run(capsys, "--lang", "fi", "check-bid", "lupaus", "--players", "3", "--cards", "10",
                       "--bids", "3", "3")
    assert out.splitlines()[-1] == "Sallitut: 0 1 2 3 5 6 7 8 9 10"


def test_check_bid_in_polish(capsys):
    code, out, _ = run(capsys, "--lang", "pl", "check-bid", "lupaus", "--players", "3", "--cards", "10",
                       "--bids", "3", "3", "4")
    assert (code, out) == (1, "niedozwolone\nGracz 1 rozdaje i nie może zadeklarować 4: suma deklaracji "
                              "wyniosłaby 10, tyle, ile jest lew\n")


def test_usage_errors_in_finnish_and_polish(capsys):
    assert run(capsys, "--lang", "fi", "check-bid", "lupaus", "--players", "3", "--cards", "10",
               "--bids", "3", "x") == (2, "", "scorekeeper: virhe: lupaus on kokonaisluku, ei 'x'\n")
    assert run(capsys, "--lang", "pl", "hand-value", "lupaus", "SK") == (
        2, "", "scorekeeper: błąd: Lupaus nie ma wartości ręki (jej zasady nie ustalają hand_value)\n")


# --- choosing the language ----------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["--lang", "xx", "rules", "list"], ["rules", "list", "--lang=xx"]])
def test_unknown_lang_is_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err == ("scorekeeper: error: unknown language 'xx': choose one of en (English), fi (Suomi), "
                   "pl (Polski)\n")


def test_lang_without_a_code(capsys):
    assert run(capsys, "rules", "list", "--lang") == (
        2, "", "scorekeeper: error: --lang takes a language code: en, fi, pl\n")


def test_unknown_lang_in_a_subprocess_has_no_traceback():
    done = run_module("--lang", "xx", "rules", "list", env_changes={})
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_scorekeeper_lang_environment_variable():
    done = run_module("replay", "examples/lupaus.toml", env_changes={"SCOREKEEPER_LANG": "fi", "LANG": "pl_PL.UTF-8"})
    assert done.returncode == 0, done.stderr
    assert "Yhteensä: Anna 65, Ben 101, Cara 103\n" in done.stdout


def test_locale_fallback():
    done = run_module("rules", "list", env_changes={"LANG": "pl_PL.UTF-8"})
    assert done.returncode == 0, done.stderr
    assert "\nlupaus: Lupaus (3–7 graczy)\n" in "\n" + done.stdout


def test_lang_option_wins_over_the_environment():
    done = run_module("--lang", "en", "rules", "list", env_changes={"SCOREKEEPER_LANG": "fi"})
    assert "\nlupaus: Lupaus (3-7 players)\n" in "\n" + done.stdout


def test_the_remembered_setting_is_used(capsys, monkeypatch, tmp_path):
    settings = tmp_path / "settings.toml"
    settings.write_text('lang = "pl"\n', encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(settings))
    monkeypatch.delenv("SCOREKEEPER_LANG")
    code, out, _ = run(capsys, "rules", "list")
    assert "\nlupaus: Lupaus (3–7 graczy)\n" in "\n" + out


def test_help_is_translated(capsys):
    code, out, _ = run(capsys, "--lang", "fi", "--help")
    assert code == 0
    assert "Pistelasku tikkipeleihin." in out
    # (argparse's column for the commands' help is wider from Python 3.13: the words, not the spaces)
    assert ["rules", "listaa, näytä tai tarkista sääntötiedostot"] in [line.split(None, 1) for line in out.splitlines()]
    assert "Kieli: --lang KOODI (en, fi, pl; ennen komentoa tai sen jälkeen)" in " ".join(out.split())


@pytest.mark.parametrize("lang, argv, lines", [
    ("fi", ["--help"], ["käyttö: scorekeeper [-h] [--version] COMMAND ...", "argumentit:", "valitsimet:",
                        "  -h, --help  näytä tämä ohje ja lopeta"]),
    ("pl", ["--help"], ["użycie: scorekeeper [-h] [--version] COMMAND ...", "argumenty pozycyjne:", "opcje:",
                        "  -h, --help  pokaż tę pomoc i zakończ"]),
    ("fi", ["show", "-h"], ["käyttö: scorekeeper show [-h] [--json] [--db PATH] [--plain] GAME_ID",
                            "argumentit:", "valitsimet:"]),
])
def test_the_help_headings_are_in_the_language(capsys, lang, argv, lines):
    """argparse's own headings and the help of -h are ours, not argparse's English."""
    code, out, _ = run(capsys, "--lang", lang, *argv)
    assert code == 0
    # (the words of each line: argparse's column for the options' help is wider from Python 3.13)
    shown = [line.split() for line in out.splitlines()]
    assert [line for line in lines if line.split() not in shown] == []
    assert "usage:" not in out and "options:" not in out


@pytest.mark.parametrize("lang, argv, err", [
    ("fi", ["history", "--bogus"], "scorekeeper: virhe: tuntemattomat argumentit: --bogus\n"),
    ("fi", ["replay"], "scorekeeper: virhe: nämä argumentit puuttuvat: SHEET|GAME_ID\n"),
    ("pl", ["rules", "foo"], "scorekeeper: błąd: argument ACTION: nieprawidłowy wybór: 'foo' "
                             "(wybierz spośród: 'list', 'show', 'check')\n"),
])
def test_argparse_errors_are_in_the_language(capsys, lang, argv, err):
    assert run(capsys, "--lang", lang, *argv) == (2, "", err)


def test_argparse_wording_is_put_back():
    """argparse's texts are ours only while our parser works: another user of argparse in the
    same process (a test runner) gets its own."""
    import argparse

    from scorekeeper.i18n import set_language

    before = argparse._
    set_language("fi")
    try:
        build_parser().format_help()
        assert argparse._ is before
        assert "usage:" in argparse.ArgumentParser(prog="x").format_help()
    finally:
        set_language("en")


def test_every_argparse_text_has_a_catalog_entry_and_english_is_argparses_own():
    from scorekeeper.cli.parsing import ARGPARSE_TEXTS, argparse_text

    with using_language("en"):
        assert [text for text in ARGPARSE_TEXTS if argparse_text(text) != text] == []
    with using_language("fi"):
        assert argparse_text("usage: ") == "käyttö: "
        assert argparse_text("expected %s argument") == "expected %s argument"  # not ours: argparse's


# --- stored games -------------------------------------------------------------------------------


@pytest.fixture
def stored(tmp_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    db = str(tmp_path / "games.db")
    assert main(["import", LUPAUS, "--db", db]) == 0
    return db


def test_history_and_stats_in_polish_and_finnish(capsys, stored):
    capsys.readouterr()
    code, out, _ = run(capsys, "--lang", "pl", "history", "--db", stored)
    lines = out.splitlines()
    assert lines[0] == f"Gry w pliku {stored}, od ostatnio rozgrywanej:"
    assert lines[1].split()[:5] == ["nr", "początek", "gra", "gracze", "wynik"]
    assert lines[2].endswith("Anna, Ben, Cara  zwycięzca: Cara")
    code, out, _ = run(capsys, "--lang", "fi", "stats", "--db", stored)
    assert out.splitlines()[:2] == [
        "Anna: 1 päättynyt peli, 0 voittoa, keskimääräinen sija 3,00",
        "  lupaukset: 19 jakoa, 6 osui (32\u00a0%), 9 yli, 4 alle; tikit - lupaus keskimäärin +0,53",
    ]
    code, out, _ = run(capsys, "--lang", "pl", "stats", "--db", stored, "--plain")
    assert out.splitlines()[:2] == [
        "Anna: 1 zakończona gra, 0 wygranych, średnie miejsce 3,00.",
        "Anna, deklaracje: 19 rozdań, trafione 6 (32 procent), za wysokie 9, za niskie 4; "
        "średnio o 0,53 lewy więcej niż deklaracja.",
    ]


def test_show_names_the_house_rules_in_the_language(capsys, tmp_path):
    """Not "Valinnat: blind_nil=kyllä": each option by its name in the player's language."""
    sheet = (REPO / "examples" / "spades.toml").read_text(encoding="utf-8").replace(
        "first_dealer = 1\n", "first_dealer = 1\n\n[options]\nblind_nil = true\ngame_to = 700\n", 1)
    (tmp_path / "spades.toml").write_text(sheet, encoding="utf-8")
    db = str(tmp_path / "games.db")
    assert main(["import", str(tmp_path / "spades.toml"), "--db", db]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "--lang", "fi", "show", "1", "--db", db)
    assert out.splitlines()[1] == (
        "Valinnat: Voittoon tarvittavat pisteet = 700; Sokkonolla: vähintään 100 pistettä jäljessä olevan "
        "parin pelaaja saa luvata nollan katsomatta korttejaan = kyllä")
    code, out, _ = run(capsys, "show", "1", "--db", db)
    assert out.splitlines()[1] == (
        "Options: Game to (points) = 700; Blind nil: a player of a side 100 or more behind may bid nil "
        "before looking at the cards = yes")


def test_stats_unknown_player_in_polish(capsys, stored):
    capsys.readouterr()
    assert run(capsys, "--lang", "pl", "stats", "--db", stored, "--player", "Ana") == (
        1, "", "scorekeeper: błąd: żadna zapisana gra nie ma gracza o imieniu 'Ana' (czy chodziło o 'Anna'?); "
               "gracze to: Anna, Ben, Cara\n")


# --- the web board and the settings file --------------------------------------------------------


STATE = {
    "game": {"id": 3, "title": None, "ruleset": "lupaus", "name": "Lupaus"},
    "players": ["Anna", "Ben", "Cara"], "scorers": ["Anna", "Ben", "Cara"],
    "played": 1, "planned": 19, "over": False, "winners": [], "status": "kesken",
    "standings": [{"rank": 1, "name": "Anna", "total": 13}, {"rank": 2, "name": "Ben", "total": 0},
                  {"rank": 2, "name": "Cara", "total": 0}],
    "deal": {"number": 2, "of": 19, "cards": 9, "dealer": "Ben", "bids_first": "Cara", "leader": None,
             "leader_named": True, "trump": "Käännä valtti", "reminders": []},
    "legend": "L", "last_deals": [{"deal": 1, "cards": 10, "trump": "♥", "dealer": "Anna", "issues": ["x"],
                                   "part_over": False,
                                   "scores": [{"entries": "3/3", "mark": "✓", "points": "+13", "total": 13}] * 3}],
    "problem": None,
}


BOARD_PAGE = {
    "fi": ['<html lang="fi">', "<title>Lupaus · pistetaulu</title>", "<h2>Jako 2/19 · 9 korttia kullekin</h2>",
           '<span class="label">Jakaja</span> Ben', '<span class="label">Aloittaa</span> ratkeaa jaon aikana',
           "<h2>Tilanne</h2>", "<th>Sija</th><th>Nimi</th><th>Yhteensä</th>", "<h2>Viimeisin jako</h2>",
           "Jako 1: x", 'data-offline="Taulu ei vastaa: nämä ovat viimeksi saadut pisteet. Yritetään uudelleen."'],
    "pl": ['<html lang="pl">', "<h2>Rozdanie 2 z 19 · po 9 kart</h2>", '<span class="game-id">gra 3</span>',
           "<h2>Klasyfikacja</h2>"],
}


@pytest.mark.parametrize("code", ["fi", "pl"], ids=["finnish", "polish"])
def test_board_page_in_the_language(code):
    from scorekeeper.web.page import board_page

    with using_language(code):
        page = board_page(STATE, "v1")
    for said in BOARD_PAGE[code]:
        assert said in page


def test_settings_warning_in_finnish(tmp_path):
    from scorekeeper.settings import load_settings, theme_name

    path = tmp_path / "settings.toml"
    path.write_text('theme = "neon"\n', encoding="utf-8")
    with using_language("fi"):
        warning = load_settings(path).warning
        assert theme_name("high-contrast") == "Suuri kontrasti"
    assert warning == (f"{path}: theme pitää olla jokin näistä: dark, light, high-contrast, ei 'neon' "
                       "(käytetään oletusta)")
