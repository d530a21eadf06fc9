"""The TUI's widgets, deal draft, score board and rules summary in Finnish and Polish,
and key descriptions that follow the language (footer, command palette).

Every Binding's description and tooltip is a catalog key (``tui.bindings.*``); the footer
and the command palette show its text in the language in use when they are drawn.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil

import pytest
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

import scorekeeper.tui
from scorekeeper.game.game import Game
from scorekeeper.i18n import catalog, set_language, using_language
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.play.board import BoardMaker, standings_text
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.layout import form_layout
from scorekeeper.play.summary import plan_text, rules_summary
from scorekeeper.play.words import ordinal, show_value
from scorekeeper.tui.widgets.key_footer import KeyFooter, binding_text

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def tui_classes() -> list[type]:
    """Every class defined in scorekeeper.tui (all its modules imported: app, screens, widgets)."""
    found = []
    for info in pkgutil.walk_packages(scorekeeper.tui.__path__, "scorekeeper.tui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, DOMNode):
                found.append(cls)
    return found


def own_bindings(cls: type) -> list[Binding]:
    out = []
    for item in cls.__dict__.get("BINDINGS", ()):
        out.append(item if isinstance(item, Binding) else Binding(*item))
    return out


# --- bindings: catalog keys, shown in the language ------------------------------------------

def test_every_binding_description_and_tooltip_is_an_english_catalog_key():
    """The footer and the palette translate keys; a plain text in a BINDINGS list would stay English."""
    english = catalog("en")
    classes = tui_classes()
    assert any(issubclass(c, Screen) for c in classes) and any(c.__name__ == "ScoreTable" for c in classes)
    bad: dict[str, list[str]] = {}
    for cls in classes:
        for binding in own_bindings(cls):
            for what, text in (("description", binding.description), ("tooltip", binding.tooltip)):
                if text and (" " in text or english.get(text) is None):
                    bad.setdefault(f"{cls.__module__}.{cls.__qualname__}", []).append(
                        f"{binding.key} {what}: {text!r}")
    assert not bad, "Binding texts that are not keys of the English catalog:\n" + "\n".join(
        f"  {name}: " + "; ".join(items) for name, items in sorted(bad.items()))


def test_binding_text_translates_keys_and_leaves_other_texts():
    assert binding_text("tui.bindings.widgets.change_deal") == "Change this deal"
    with using_language("fi"):
        assert binding_text("tui.bindings.widgets.change_deal") == "Muuta tätä jakoa"
        assert binding_text("tui.bindings.app.quit_tip") == "Lopeta; jokainen vahvistettu jako on tallessa"
        assert binding_text("palette") == "palette"  # not a key: as it is
        assert binding_text("Open the menu") == "Open the menu"
        assert binding_text("") == "" and binding_text(None) == ""
    with using_language("pl"):
        assert binding_text("tui.bindings.widgets.next_box") == "Następne pole"


class KeysScreen(Screen):
    """A screen with keys of the widgets' catalog, and the app's own footer."""

    BINDINGS = [
        Binding("f2", "app.bell", "tui.bindings.widgets.change_deal", tooltip="tui.bindings.widgets.clear_box"),
        Binding("f3", "app.focus_next", "tui.bindings.widgets.first_deal"),
    ]

    def compose(self):
        yield KeyFooter()


async def settle(pilot, times: int = 4) -> None:
    for _ in range(times):
        await pilot.pause()


def footer_texts(app) -> dict[str, tuple[str, str]]:
    from textual.widgets._footer import FooterKey

    return {key.key: (key.description, str(key.tooltip or "")) for key in app.screen.query(FooterKey)}


def test_the_footer_and_the_palette_follow_a_switch_of_language(tmp_path):
    asyncio.run(footer_and_palette(tmp_path))


async def footer_and_palette(tmp_path):
    from scorekeeper.tui.app import ScorekeeperApp

    app = ScorekeeperApp(tmp_path / "games.db")
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        await app.push_screen(KeysScreen())
        await settle(pilot)
        shown = footer_texts(app)
        assert shown["f2"] == ("Change this deal", "Clear the box")
        assert shown["ctrl+t"][0] == "Theme"
        assert shown["ctrl+p"] == ("palette", "Open the command palette")
        titles = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert titles["Change this deal (f2)"] == "Clear the box"
        assert titles["Theme (^t)"] == "Switch the theme: dark, light, high contrast (remembered)"
        assert titles["Quit"] == "Quit the application as soon as possible"

        app.change_settings(lang="fi")  # as the settings screen does
        await settle(pilot)
        shown = footer_texts(app)
        assert shown["f2"] == ("Muuta tätä jakoa", "Tyhjennä kenttä")
        assert shown["f3"][0] == "Ensimmäinen jako"
        assert shown["ctrl+t"] == ("Teema", "Vaihda teemaa: tumma, vaalea, suuri kontrasti (muistetaan)")
        assert shown["ctrl+p"] == ("komennot", "Avaa komentovalikko")
        titles = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert titles["Muuta tätä jakoa (f2)"] == "Tyhjennä kenttä"
        assert titles["Ensimmäinen jako (f3)"] == "Ensimmäinen jako"  # no tooltip: the description
        assert titles["Teema (^t)"] == "Vaihda teemaa: tumma, vaalea, suuri kontrasti (muistetaan)"
        assert titles["Lopeta"] == "Lopeta sovellus heti"
        assert titles["Näppäimet"] == "Näytä valitun kohdan ohje ja käytettävissä olevat näppäimet"
        assert not any("Change this deal" in title for title in titles)

        app.action_show_help_panel()  # the palette's "Keys"
        await settle(pilot)
        from scorekeeper.tui.widgets.keys_panel import KeysTable

        table = app.screen.query_one(KeysTable).render_bindings_table()
        rows = [str(cell) for cell in table.columns[1].cells]
        assert "Muuta tätä jakoa Tyhjennä kenttä" in rows
        assert "Teema Vaihda teemaa: tumma, vaalea, suuri kontrasti (muistetaan)" in rows


def test_the_footer_shows_polish_key_descriptions():
    asyncio.run(polish_footer())


async def polish_footer():
    class KeysApp(App):
        def on_mount(self):
            self.push_screen(KeysScreen())

    set_language("pl")
    app = KeysApp()
    async with app.run_test(size=(100, 10)) as pilot:
        await settle(pilot)
        shown = footer_texts(app)
        assert shown["f2"] == ("Zmień to rozdanie", "Wyczyść pole")
        assert shown["f3"][0] == "Pierwsze rozdanie"


# --- the deal being entered --------------------------------------------------------------------

def lupaus(lang: str) -> Game:
    return Game(load_ruleset("lupaus", lang=lang), ["Anna", "Ben", "Cara"])


def bids_entered(game: Game) -> DealDraft:
    draft = DealDraft(game)
    draft.set("bid", 2, 3)
    draft.set("bid", 3, 4)
    return draft


def whole_deal(draft: DealDraft) -> DealDraft:
    draft.set("bid", 1, 2)
    draft.set("tricks", 1, 3)
    draft.set("tricks", 2, 3)
    return draft


def test_the_english_draft_is_as_before():
    draft = bids_entered(lupaus("en"))
    view = draft.view()
    assert [(p.title, p.summary) for p in view.phases] == [
        ("Bidding", ("Bids 7, tricks 10 (1 to enter)",)),
        ("Play", ("Tricks: 0 of 10 · 10 left (3 to enter)",))]
    view = whole_deal(draft).view()
    assert [p.summary for p in view.phases] == [("Bids 9, tricks 10 · 1 under",), ("Tricks: 10 of 10 · all taken",)]
    assert view.phases[1].derived == ("Exact: Ben yes · Cara yes · Anna no",)


@pytest.mark.parametrize("lang, before, after", [
    ("fi",
     [("Lupaukset", ("Lupaus: yhteensä 7, jaossa 10 tikkiä (1 kirjaamatta)",)),
      ("Pelin kulku", ("Tikit: 0/10 · 10 jäljellä (3 kirjaamatta)",))],
     [("Lupaukset", ("Lupaus: yhteensä 9, jaossa 10 tikkiä · 1 alakanttiin",), ()),
      ("Pelin kulku", ("Tikit: 10/10 · kaikki otettu",), ("Onnistui: Ben kyllä · Cara kyllä · Anna ei",))]),
    ("pl",
     [("Licytacja", ("Deklaracja: razem 7, w rozdaniu 10 lew (do wpisania: 1)",)),
      ("Rozgrywka", ("Lewy: 0 z 10 · zostało 10 (do wpisania: 3)",))],
     [("Licytacja", ("Deklaracja: razem 9, w rozdaniu 10 lew · o 1 mniej",), ()),
      ("Rozgrywka", ("Lewy: 10 z 10 · wszystkie wzięte",), ("Ugrana: Ben tak · Cara tak · Anna nie",))]),
])
def test_the_draft_in_finnish_and_polish(lang, before, after):
    """Phase titles and labels from the ruleset's translation; totals against the tricks from the catalog."""
    with using_language(lang):
        game = lupaus(lang)
        assert [p.title for p in form_layout(game)] == [title for title, _ in before]
        draft = bids_entered(game)
        assert [(p.title, p.summary) for p in draft.view().phases] == before
        view = whole_deal(draft).view()
        assert [(p.title, p.summary, p.derived) for p in view.phases] == after


@pytest.mark.parametrize("lang, over, even, one_trick, few_left", [
    ("fi", "Lupaus: yhteensä 11, jaossa 10 tikkiä · 1 yläkanttiin", "Lupaus: yhteensä 10, jaossa 10 tikkiä · tasan",
     "jaossa 1 tikki", "Tikit: 8/10 · 2 jäljellä"),
    ("pl", "Deklaracja: razem 11, w rozdaniu 10 lew · o 1 więcej", "Deklaracja: razem 10, w rozdaniu 10 lew · równo",
     "w rozdaniu 1 lewa", "Lewy: 8 z 10 · zostały 2"),
])
def test_over_even_and_the_plural_of_tricks(lang, over, even, one_trick, few_left):
    with using_language(lang):
        game = lupaus(lang)
        draft = DealDraft(game)
        for seat, bid in ((1, 4), (2, 3), (3, 4)):
            draft.set("bid", seat, bid)
        assert draft.view().phases[0].summary == (over,)
        draft.set("tricks", 1, 8)
        assert draft.view().phases[1].summary[0].startswith(few_left)
        free = Game(load_ruleset("lupaus", lang=lang), ["Anna", "Ben", "Cara"], {"dealer_restriction": False})
        draft = DealDraft(free)
        for seat, bid in ((1, 3), (2, 3), (3, 4)):
            draft.set("bid", seat, bid)
        assert draft.view().phases[0].summary == (even,)
        one = Game(load_ruleset("lupaus", lang=lang), ["Anna", "Ben", "Cara"], {"schedule": "up-down"})
        assert one_trick in DealDraft(one).view().phases[0].summary[0]


@pytest.mark.parametrize("lang, trump, yes, keys", [("fi", "♠ pata", "kyllä", "k1"), ("pl", "♠ pik", "tak", "t1")])
def test_values_in_words(lang, trump, yes, keys):
    with using_language(lang):
        assert show_value("spades") == trump
        assert show_value(True) == yes
        assert show_value("none") == ("valtiton" if lang == "fi" else "bez atu")
        assert show_value(2.5) == "2,5"


def test_who_joins_and_who_sits_out_in_finnish():
    with using_language("fi"):
        game = lupaus("fi")
        game.join("Dan", 20)
        game.sit_out(2)
        assert DealDraft(game).view().panel.table == ("Dan tulee mukaan pistein 20", "Sivussa: Ben")


# --- the score board -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang, columns, legend, detail", [
    ("fi", ("Jako", "Kortit", "Jakaja"), "Joka solussa: Lupaus/Tikit, ✓ onnistui ✗ epäonnistui, pisteet, yhteensä",
     "Lupaus: Anna 2, Ben 3, Cara 4; Tikit: Anna 3, Ben 3, Cara 4"),
    ("pl", ("Rozdanie", "Karty", "Rozdaje"), "W każdej komórce: Deklaracja/Lewy, ✓ ugrana ✗ nieugrana, punkty, suma",
     "Deklaracja: Anna 2, Ben 3, Cara 4; Lewy: Anna 3, Ben 3, Cara 4"),
])
def test_the_board_in_finnish_and_polish(lang, columns, legend, detail):
    with using_language(lang):
        game = lupaus(lang)
        game.record(whole_deal(bids_entered(game)).values())
        view = BoardMaker(game).view()
        assert view.columns == columns + ("Anna", "Ben", "Cara")
        assert view.widths[0] == len(columns[0])  # the heading fits
        assert view.legend == legend
        assert view.rows[0].detail == detail
        assert standings_text(view.standings) == "1. Cara 14 · 2. Ben 13 · 3. Anna 0"


@pytest.mark.parametrize("lang, out, not_playing", [("en", "out", "not playing: Ben"),
                                                    ("fi", "sivussa", "sivussa: Ben"),
                                                    ("pl", "pauza", "poza grą: Ben")])
def test_a_player_who_sat_out(lang, out, not_playing):
    with using_language(lang):
        game = Game(load_ruleset("lupaus", lang=lang), ["Anna", "Ben", "Cara", "Dan"])
        game.sit_out(2)
        draft = DealDraft(game)
        for seat, bid in ((1, 2), (2, 3), (3, 4)):
            draft.set("bid", seat, bid)
        draft.set("tricks", 1, 3)
        draft.set("tricks", 2, 3)
        game.record(draft.values())
        maker = BoardMaker(game)
        row = maker.view().rows[0]
        ben = row.scores[1]
        assert (ben.entries, ben.points, ben.played) == (out, out, False)
        assert row.detail.endswith(not_playing)


def test_ordinals_and_the_legend_without_made():
    assert [ordinal(n) for n in (1, 2, 3, 11, 22)] == ["1st", "2nd", "3rd", "11th", "22nd"]
    with using_language("fi"):
        assert ordinal(2) == "2."
    with using_language("pl"):
        assert ordinal(11) == "11."


# --- the rules summary ---------------------------------------------------------------------------

SUMMARY = {  # the plan, then what the summary says (one of the texts of a tuple)
    "fi": ("19 jakoa; kortteja jaoissa: 10 9 8 7 6 5 4 3 2 1 2 3 4 5 6 7 8 9 10",
           [("\nPelaajia: 3–7\n",), ("\nMitä pöydässä kirjataan, vaihe vaiheelta\n  Lupaukset\n",),
            ("    Lupaus: luku väliltä 0–cards, jokaiselle pelaajalle\n",),
            ("Voittaja: suurimman pistemäärän saanut.",), ("  3 pelaajaa: 19 jakoa;",)]),
    "pl": ("19 rozdań; kart w rozdaniach: 10 9 8 7 6 5 4 3 2 1 2 3 4 5 6 7 8 9 10",
           [("\nLiczba graczy: od 3 do 7\n",), ("    Deklaracja: liczba od 0 do cards, dla każdego gracza\n",),
            ("  3 graczy: 19 rozdań;", "  3 gracze: 19 rozdań;")]),
}


@pytest.mark.parametrize("code", ["fi", "pl"])
def test_the_plan_and_the_summary_in_finnish_and_polish(code):
    plan, said = SUMMARY[code]
    with using_language(code):
        rs = load_ruleset("lupaus", lang=code)
        assert plan_text(rs, 4) == plan
        text = "".join(piece.text for piece in rules_summary(rs))
        for texts in said:
            assert any(one in text for one in texts), texts


# --- the deal panel, drawn -----------------------------------------------------------------------

def test_the_deal_panel_in_finnish():
    asyncio.run(deal_panel_in_finnish())


async def deal_panel_in_finnish():
    from scorekeeper.play.board import Standing
    from scorekeeper.tui.widgets.deal_panel import DealPanel

    class PanelApp(App):
        def compose(self):
            yield DealPanel()

    set_language("fi")
    game = lupaus("fi")
    view = bids_entered(game).view()
    app = PanelApp()
    async with app.run_test(size=(100, 12)) as pilot:
        panel = app.query_one(DealPanel)
        panel.heading = "Lupaus"
        panel.deal = view.panel
        panel.standings = (Standing(1, "Cara", 14), Standing(2, "Ben", 13), Standing(3, "Anna", 0))
        panel.played = 1
        await settle(pilot)
        assert panel.render().plain == (
            "Lupaus · Jako 1/19 · 10 korttia kullekin\n"
            "Jakaja Anna · Lupaa ensimmäisenä Ben · Aloittaa Ben\n"
            "Käännä pakan päällimmäinen kortti valtiksi\n"
            "Tilanne 1. Cara 14 · 2. Ben 13 · 3. Anna 0")
        panel.played = 0
        await settle(pilot)
        assert panel.render().plain.endswith("\nPisteet Cara 14 · Ben 13 · Anna 0")
