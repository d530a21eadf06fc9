"""Accessibility in the terminal app: the themes (high contrast among them), the settings
screen and file, and that no cue is given by colour alone (each has a sign or a word).

Every test here runs with SCOREKEEPER_CONFIG pointing at a tmp file (tests/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

from helpers.stores import Script
from helpers.tui import (
    SIZE, enter_deal, flat, make_app, opened, play_screen, resumed, run, screen_text, settle, type_text,
)

from scorekeeper.settings import Settings, load_settings, save_settings, settings_path

DARK, LIGHT, HIGH = "textual-dark", "textual-light", "scorekeeper-high-contrast"


# --- themes and settings ------------------------------------------------------------------------


def test_ctrl_t_goes_dark_light_high_contrast_and_the_choice_is_remembered(tmp_path):
    seen, saved = [], []

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            seen.append(app.theme)
            for _ in range(3):
                await pilot.press("ctrl+t")
                await settle(pilot)
                seen.append(app.theme)
                saved.append(load_settings().theme)

    run(go())
    assert seen == [DARK, LIGHT, HIGH, DARK]
    assert saved == ["light", "high-contrast", "dark"]

    save_settings(Settings(theme="high-contrast"))

    async def again():
        async with opened(tmp_path / "g.db") as (app, pilot):
            assert app.theme == HIGH

    run(again())


def test_the_high_contrast_theme_is_white_on_black_with_yellow_and_no_grey(tmp_path):
    async def go():
        app = make_app(tmp_path / "g.db")
        async with app.run_test(size=SIZE) as pilot:
            app.theme = HIGH
            await settle(pilot)
            css = app.get_css_variables()
            assert (css["background"], css["foreground"], css["text-accent"]) == ("#000000", "#FFFFFF", "#FFFF00")
            for name in ("text", "text-muted", "text-disabled", "foreground-muted", "footer-description-foreground"):
                assert css[name] == "#FFFFFF", name
            assert (css["block-cursor-background"], css["block-cursor-foreground"]) == ("#FFFF00", "#000000")
            assert css["border"] == css["footer-key-foreground"] == "#FFFF00"

    run(go())


def test_the_settings_screen_saves_the_theme_and_the_language_at_once(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Settings (c)" in titles  # in the command palette too
            assert "c Settings" in " ".join(screen_text(app).splitlines()[-2:])  # and in the footer
            await pilot.press("c")
            await settle(pilot)
            text = screen_text(app)
            assert "● Dark  (in use)" in text and "○ High contrast" in text and "● English  (in use)" in text
            await pilot.press("down", "down", "enter")
            await settle(pilot)
            assert app.theme == HIGH
            assert load_settings() == Settings(theme="high-contrast")
            assert "● High contrast  (in use)" in screen_text(app) and "○ Dark" in screen_text(app)
            await pilot.press("tab", "down", "enter")  # the language list: Suomi (used at once)
            await settle(pilot)
            assert load_settings() == Settings(theme="high-contrast", lang="fi")
            assert "● Suomi  (käytössä)" in screen_text(app)
            await pilot.press("ctrl+t")  # the screen follows a theme chosen with the key
            await settle(pilot)
            assert "● Tumma  (käytössä)" in screen_text(app)
            await pilot.press("escape")
            await settle(pilot)
            assert "Uusi peli" in screen_text(app)

    run(go())
    assert Path(settings_path()).read_text(encoding="utf-8") == 'theme = "dark"\nlang = "fi"\n'


def test_a_broken_settings_file_is_told_once_and_kept_until_a_setting_changes(tmp_path):
    path = Path(settings_path())
    path.write_text("theme = 'blue'\n", encoding="utf-8")

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            warnings = [n.message for n in app._notifications]
            assert warnings == [f"{path}: theme must be one of dark, light, high-contrast, not 'blue' "
                                "(the default is used)"]
            assert app.theme == DARK
            assert path.read_text(encoding="utf-8") == "theme = 'blue'\n"
            await pilot.press("ctrl+t")
            await settle(pilot)
            assert path.read_text(encoding="utf-8") == 'theme = "light"\n'

    run(go())


def test_a_settings_file_that_cannot_be_written_is_told_and_the_theme_still_changes(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(blocker / "settings.toml"))

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await pilot.press("ctrl+t")
            await settle(pilot)
            assert app.theme == LIGHT
            told = [(n.title, n.message) for n in app._notifications]
            assert told[0] == ("Settings not used", f"{blocker / 'settings.toml'}: cannot be read (Not a directory); "
                                                    "the default settings are used")
            assert told[1] == ("The setting is used but could not be saved",
                               f"{blocker / 'settings.toml'} could not be written: File exists")
            assert len(told) == 2

    run(go())


# --- no cue by colour alone -----------------------------------------------------------------------


def test_play_screen_cues_are_signs_and_words(tmp_path):
    """Made and missed (✓ ✗ and the legend), the dealer, the struck-out value (✗3 and why), the
    box with the focus (▶), the highlighted deal in the score board (▶), a key that does not
    apply now (struck out, not only dimmed) and the winner in words."""
    async def go():
        async with resumed(tmp_path / "g.db", Script("lupaus", ["Anna", "Ben", "Cara"])) as (app, pilot):
            from textual.widgets._footer import FooterKey
            from test_tui_footer import struck_out

            undo = [k for k in app.screen.query(FooterKey) if k.description == "Undo"]
            assert len(undo) == 1 and undo[0].dimmed and struck_out(undo[0])
            await pilot.press("h", "enter", "3", "enter", "4", "enter")
            await settle(pilot)
            lines = screen_text(app).splitlines()
            dealer = next(line for line in lines if "Anna (dealer)" in line and "Bid" in line)
            assert dealer.lstrip().startswith("▶ Anna (dealer)")  # the box with the focus
            assert "✗3" in dealer  # the refused bid
            assert "✗ 3: Dealer Anna may not bid 3" in flat(screen_text(app))
            assert sum(line.lstrip().startswith("▶") for line in lines) == 1
            await enter_deal(pilot, ["2", "4", "4", "2"])  # Anna bids 2; tricks: Ben 4 (bid 3), Cara 4, Anna 2
            text = screen_text(app)
            assert "Each cell: Bid/Tricks, ✓ made ✗ missed, points, total" in text
            row = next(line for line in text.splitlines() if line.startswith("▶ 1"))
            assert row.split() == ["▶", "1", "10", "♥", "Anna", "2/2", "✓", "+12", "12", "3/4", "✗", "0", "0",
                                   "4/4", "✓", "+14", "14"]
            assert "Standings 1st Cara 14 · 2nd Anna 12 · 3rd Ben 0" in text

    run(go())


class BareForm:
    """What a box of the deal form asks of the form it is in: a console, styles, a bell."""

    def __init__(self) -> None:
        from textual.app import App

        self.app = App()
        self.bells = []
        self.app.bell = lambda: self.bells.append(1)

    def look(self, name: str):
        from rich.style import Style

        return Style()

    def changed(self, part) -> None:
        pass


def test_warnings_and_errors_have_different_signs(tmp_path):
    """A warning at a box and under the form is marked ⚠, an error ✗ (and colour as well)."""
    ruleset = tmp_path / "warn.toml"
    ruleset.write_text(
        'extends = "lupaus"\nid = "lupaus-bid-warning"\nname = "Lupaus with a bid warning"\n'
        'description = "Lupaus; a warning when the bids add up to more than the cards."\n'
        '[[checks]]\nid = "many-bids"\nrule = "sum(bid) <= cards"\nfield = "bid"\nlevel = "warning"\n'
        'message = "the bids add up to {sum(bid)}, more than the {cards} cards"\n', encoding="utf-8")

    async def go():
        async with opened(tmp_path / "g.db", ruleset=str(ruleset), size=(100, 50)) as (app, pilot):  # tall enough for the problems under the form
            for name in ("Anna", "Ben", "Cara"):
                await type_text(pilot, name)
                await pilot.press("enter")
            await pilot.press("ctrl+s")
            await settle(pilot)
            play_screen(app)
            await pilot.press("h", "enter", "5", "enter", "5", "enter", "5", "enter")
            await settle(pilot)
            text = flat(screen_text(app))
            assert "Ben (dealer) Bid ✗0 1 2 3 4 [5] 6" in text  # 0 would make the bids total 10
            assert "⚠ the bids add up to 15, more than the 10 cards" in text

    run(go())

    from scorekeeper.play.layout import Slot
    from scorekeeper.play.views import CellView, ChoiceView
    from scorekeeper.tui.widgets.value_picker import ValueBox

    box = ValueBox(BareForm(), Slot("bid", 1))
    box.show(CellView(Slot("bid", 1), "bid", 1, "pick", "Anna", "Bid", "", True, 3, "3", False, "",
                      choices=(ChoiceView(2, "2", "2"), ChoiceView(3, "3", "3")),
                      errors=("a rule is broken",), warnings=("a rule is bent",), dealer=True), True)
    box.reach()  # the form's cursor on it
    lines = [line.plain.rstrip() for line in box.lines(78)]
    assert lines == ["▌▶ Anna (dealer)   Bid             2  [3]",
                     "▌                                 ✗ a rule is broken",
                     "▌                                 ⚠ a rule is bent"]


def test_export_dialog_marks_a_warning_and_an_error_with_a_sign(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken.csv").write_text("x\n", encoding="utf-8")

    async def go():
        from scorekeeper.tui.screens.export import ExportDialog

        async with opened(tmp_path / "g.db") as (app, pilot):
            app.push_screen(ExportDialog("game 1", "taken", lambda fmt: "a,b\n"))
            await settle(pilot)
            await pilot.press("tab", "enter")
            await settle(pilot)
            assert "⚠ " + str(Path("taken.csv")) + " exists already: Enter again replaces it." in flat(
                screen_text(app))
            await pilot.press("ctrl+a", "ctrl+k")
            await pilot.press("enter")
            await settle(pilot)
            assert "✗ Type the name of the file to write." in flat(screen_text(app))

    run(go())


def test_a_key_that_is_no_digit_in_a_number_box_is_refused_saying_so():
    """WYSIWYG's points, a number from 0 to 40 (the other boxes typed): x is refused with a
    note that the box shows; 1 and 2 are then 12, and the note is gone."""
    from scorekeeper.game.game import Game
    from scorekeeper.play.draft import DealDraft
    from scorekeeper.play.typing import Typist
    from scorekeeper.rules.ruleset import load_ruleset
    from scorekeeper.tui.widgets.value_picker import ValueBox

    draft = DealDraft(Game(load_ruleset("wysiwyg"), ["Aino", "Bertta"]))
    for field, unit, value in (("value", 1, 16), ("value", 2, 12), ("declarer", None, 2), ("bid", None, 5)):
        draft.set(field, unit, value)
    typist = Typist(draft)
    cell = next(c for c in draft.view().cells.values() if c.field == "points")
    typist.move_to(cell.slot)  # (the cursor stops first at the doubling, whose keys are letters)
    assert cell.kind == "number" and (cell.lo, cell.hi) == (0, 40)
    form = BareForm()
    box = ValueBox(form, cell.slot)
    box.show(cell, False)
    box.reach()
    done = typist.key("x")
    assert done.note == "x is not a digit: this box takes a number"
    box.typing(typist.pending, done.note, False)
    shown = " ".join(" ".join(line.plain.split()) for line in box.lines(78))  # (the note wraps)
    assert "✗ not that: x is not a digit: this box takes a number" in shown
    typist.key("1")
    done = typist.key("2")
    assert typist.typed()[("points", None)] == 12 and not done.note
    box.typing(typist.pending, done.note, False)
    assert not any("not that" in line.plain for line in box.lines(78))
