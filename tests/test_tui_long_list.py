"""LongList (the history's list): a list of any length opens and moves at the cost of one
screen of it. Each entry's text is made only when it comes into view, so 100,000 entries
make no more texts than 20 do; the keys and what Enter chooses are those of a list."""

from __future__ import annotations

from helpers.tui import run, screen_text, settle
from rich.text import Text
from textual.app import App

from scorekeeper.tui.widgets.long_list import LongList

COUNT = 100_000


class ListApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.made: list[int] = []
        self.chosen: list[str] = []

    def compose(self):
        yield LongList(2, id="list")

    def on_mount(self) -> None:
        def make(index: int) -> Text:
            self.made.append(index)
            return Text(f"#{COUNT - index} game\n  players of game {COUNT - index}")

        box = self.query_one(LongList)
        box.show([f"game-{COUNT - i}" for i in range(COUNT)], make)
        box.focus()

    def on_long_list_chosen(self, event: LongList.Chosen) -> None:
        self.chosen.append(event.key)


def test_a_list_of_100000_entries_makes_only_the_entries_on_screen():
    async def go():
        app = ListApp()
        async with app.run_test(size=(40, 10)) as pilot:
            await settle(pilot)
            lines = screen_text(app).splitlines()
            assert lines[:4] == [" #100000 game", "   players of game 100000", " #99999 game",
                                 "   players of game 99999"]
            assert sorted(set(app.made)) == [0, 1, 2, 3, 4]  # ten lines: five entries of two lines
            await pilot.press("down", "down", "enter")
            assert app.chosen == ["game-99998"]
            await pilot.press("end")
            await settle(pilot)
            assert screen_text(app).splitlines()[-2:] == [" #1 game", "   players of game 1"]
            assert len(set(app.made)) == 10  # the first screen, and the last
            await pilot.press("enter", "pageup", "enter", "home", "up", "enter")
            assert app.chosen == ["game-99998", "game-1", "game-6", "game-100000"]

    run(go())


def test_a_note_in_the_list_is_not_a_choice():
    """The history's "no games yet" is an entry with no key: Enter on it does nothing."""
    async def go():
        app = ListApp()
        async with app.run_test(size=(40, 10)) as pilot:
            await settle(pilot)
            app.query_one(LongList).show([""], lambda index: Text("No games stored yet."))
            await settle(pilot)
            await pilot.press("enter")
            assert app.chosen == []
            assert screen_text(app).splitlines()[0] == " No games stored yet."

    run(go())
