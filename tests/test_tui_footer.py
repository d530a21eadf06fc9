"""The footer shows every key of the screen: at 80 columns the keys that do not fit on one
line go on a second one (Textual's footer would scroll them out of sight)."""

from __future__ import annotations

from helpers.tui import new_game, opened, play_screen, run, screen_text, settle

from scorekeeper.tui.widgets.key_footer import KeyFooter, binding_text


def shown_keys(screen) -> list[str]:
    return [binding_text(active.binding.description) for active in screen.active_bindings.values()
            if active.binding.show]


def test_every_key_is_on_screen_at_80_columns_and_one_line_when_wide(tmp_path):
    async def go():
        async with opened(tmp_path / "g.db", size=(80, 24)) as (app, pilot):
            text = screen_text(app)
            for description in shown_keys(app.screen):
                assert description in text, (description, text.splitlines()[-3:])
            assert app.screen.query_one(KeyFooter).size.height == 2

            await new_game(pilot, "lupaus", ["Anna", "Ben", "Cara"])
            screen = play_screen(app)
            text = screen_text(app)
            for description in shown_keys(screen):
                assert description in text, (description, text.splitlines()[-3:])
            assert "Players" in text and "Charts" in text

            await pilot.resize_terminal(160, 30)
            await settle(pilot, 4)
            assert screen.query_one(KeyFooter).size.height == 1
            last = screen_text(app).rstrip("\n").splitlines()[-1]
            assert "Confirm" in last and "Players" in last

    run(go())
