"""Values typed as they are written on paper or pasted from a line of text (scorekeeper.play.typing):
a comma, semicolon or tab between them, a space, a plus before a number, letters in upper case,
a player's whole name. Each sequence here stored another deal than the one meant, asked where
nothing was ambiguous, or sent the keys after it out of the boxes."""

from __future__ import annotations

from helpers.tui import new_game, opened, play_screen, run, settle
from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.typing import Typist
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.tui.widgets.entry_form import EntryForm
from test_tui_typing import burst, paste

FOUR = ["Anna", "Ben", "Cara", "Dan"]
NAMED = {"SPACE": " ", "TAB": "\t"}


def typed(game: Game, keys: str):
    """The typist after ``keys`` (space-separated; enter, backspace, SPACE, TAB), and what each key did."""
    typist = Typist(DealDraft(game))
    dones = []
    for key in keys.split():
        key = NAMED.get(key, key)
        dones.append(typist.enter() if key == "enter" else typist.backspace() if key == "backspace"
                     else typist.key(key))
    return typist, dones


def stored(typist: Typist) -> dict:
    draft = DealDraft(typist.draft.game)
    for (field, unit), value in typist.typed().items():
        draft.set(field, unit, value)
    return draft.plain_values()


def game(rid: str, players=FOUR, **options) -> Game:
    return Game(load_ruleset(rid), list(players), options)


def test_a_name_written_out_is_that_player_not_keys_of_the_boxes_after_it():
    """Five Hundred: the declarer written "Dan", then 8 hearts, 7 tricks taken. The n of Dan is
    also the strain's key for no trumps: it was taken as no trumps, h then refused, and Enter
    stored 8 no trumps. Now the letters after the initial go on writing the name."""
    typist, dones = typed(game("five-hundred"), "d a n h 8 7 enter")
    assert dones[-1].confirm
    assert stored(typist) == {"declarer": 4, "strain": "hearts", "level": 8, "tricks": 7}


def test_a_name_written_in_capitals_is_that_player_too():
    """Bridge: 4♥ by BEN, doubled, 10 tricks; the N of BEN was doubled "no", then the d was
    refused (a trick count is a digit) and the deal was stored undoubled."""
    typist, dones = typed(game("bridge"), "4 H B E N D 1 0 enter")
    assert dones[-1].confirm
    assert stored(typist) == {"level": 4, "strain": "hearts", "declarer": 2, "doubled": "doubled", "tricks": 10,
                              "honours": None}


def test_a_key_after_the_initial_that_goes_on_no_name_is_the_next_boxes():
    """Bridge: Ben's initial and then n for "not doubled": b n is Ben and no, as before."""
    typist, dones = typed(game("bridge"), "4 h b n 1 0 enter")
    assert dones[-1].confirm
    assert stored(typist)["doubled"] == "no" and stored(typist)["declarer"] == 2


def test_commas_between_values_end_each_as_enter_does_and_ask_nothing():
    """Spades: "1,0,4,5" are the bids 1, nil, 4 and 5 (not 10, 4, 5: a 1 then 0 in a 13-card
    deal), the tricks "2,0,1" and Anna's filled in; nothing is asked."""
    typist, dones = typed(game("spades"), "1 , 0 , 4 , 5 , 2 , 0 , 1 enter")
    assert all(d.question is None and not d.note for d in dones)
    assert dones[-1].confirm and not any(d.confirm for d in dones[:-1])
    assert stored(typist) == {"bid": [5, 1, 0, 4], "blind": [None] * 4, "tricks": [10, 2, 0, 1]}


def test_a_space_ends_digits_waiting_and_does_nothing_else():
    """Hearts for four: the queen to Anna, hearts Ben 1, Cara 2, Dan 3 ("a 1 2 3" read Ben's as
    12 or asked); a space more, between or after, moves no box."""
    typist, dones = typed(game("hearts"), "a SPACE 1 SPACE SPACE 2 SPACE 3 SPACE enter")
    assert dones[-1].confirm and all(d.question is None and not d.note for d in dones)
    assert stored(typist)["hearts"] == [7, 1, 2, 3]


def test_a_separator_never_confirms_the_deal():
    """Spades typed with a tab after every value, the last one too: the deal is complete and
    the tab after it confirms nothing; Enter does."""
    typist, dones = typed(game("spades"), "3 TAB 4 TAB 2 TAB 5 TAB 3 TAB 4 TAB 2 TAB")
    assert not any(d.confirm for d in dones)
    assert typist.enter().confirm
    assert stored(typist) == {"bid": [5, 3, 4, 2], "blind": [None] * 4, "tricks": [4, 3, 4, 2]}


def test_two_tabs_in_a_row_pass_over_a_box_left_empty():
    """Huutopussi, a line of cells: Dan declares 120, Anna & Cara 95 points, their marriages
    cell empty (two tabs), Ben & Dan's marriages 40: confirmed with the 40 Ben & Dan's."""
    typist, dones = typed(game("huutopussi"), "d TAB 1 2 0 TAB 9 5 TAB TAB 4 0 enter")
    assert dones[-1].confirm
    assert stored(typist) == {"declarer": 4, "contract": 120, "points": 95, "marriages": [None, 40],
                              "no_trick": None}


def test_a_plus_before_a_number_is_its_sign_not_a_refused_key():
    """Phase 10 for two: Ben made his phase, +45 points; Anna did not, +120. The plus was refused
    each time (the bell, and "+ is not a digit" over the box)."""
    typist, dones = typed(game("phase-10", ["Anna", "Ben"]), "y + 4 5 n + 1 2 0 enter")
    assert dones[-1].confirm and not any(d.note for d in dones)
    assert stored(typist) == {"made": [False, True], "points": [120, 45]}


def test_a_tab_in_a_burst_stays_in_the_boxes_and_a_pasted_line_is_typed_cell_by_cell(tmp_path):
    """Spades at 80x24: "3 Tab 4 Tab 2 Tab 5" typed at once are the four bids (Tab had sent the
    focus to the score board, where the 5 and what followed were lost, and an Enter there opened
    a recorded deal); then the tricks pasted as "3,\\t4, 2\\t" and Enter: the deal meant."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "spades", FOUR)
            screen = play_screen(app)
            await burst(pilot, "3", "tab", "4", "tab", "2", "tab", "5")
            assert isinstance(app.focused, EntryForm)
            assert screen.draft.plain_values()["bid"] == [5, 3, 4, 2]
            await paste(pilot, "3,\t4, 2\t")
            for _ in range(20):  # (each pasted key takes its turn)
                await settle(pilot)
            assert isinstance(app.focused, EntryForm) and not screen.game.deals
            await burst(pilot, "enter")
            assert [dict(d) for d in screen.game.deals] == [{"bid": (5, 3, 4, 2), "blind": (None,) * 4,
                                                             "tricks": (4, 3, 4, 2)}]

    run(go())


def test_a_minus_after_a_free_number_starts_the_next_boxes_negative_number():
    """Pataviitonen for three: Ben's A points 5, then -1 for his B points typed at once ("5-1"):
    the minus was refused and the 1 joined the 5 (51) or went on, so the question offered three
    deals and none the one meant; now 5 and -1, confirmed."""
    keys = "5 s 6 h 4 h 5 7 5 enter 5 - 1 enter 1 enter 7 enter 2 enter 1 enter 1 4 enter 3 enter 2 enter"
    typist, dones = typed(game("pataviitonen", FOUR[:3]), keys)
    assert dones[-1].confirm
    assert stored(typist) == {"bid": [4, 5, 6], "proposal": ["hearts", "spades", "hearts"], "tricks": [5, 5, 7],
                              "a": [14, 5, 7], "b": [3, -1, 2], "c": [2, 1, 1]}
