"""An Enter that confirms nothing says why (scorekeeper.play.typing), headless: when no reading
of the keys is a deal the rules take, the table is told which box is still empty and what it
takes, or what the rules refuse in the deal the keys made whole. An Enter that changed the boxes
and said nothing left the table looking for what went wrong (issue 24's entry property, long
profile, seed 12: Tysiąc's card points typed as 1 3, the marriages 4 0 and 1 1 6, then Enter)."""

from __future__ import annotations

import pytest

from scorekeeper.game.game import Game
from scorekeeper.i18n import set_language
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.layout import Slot
from scorekeeper.play.typing import Typist
from scorekeeper.rules.ruleset import load_ruleset
from test_play_typing import FOUR, typed


def tysiac(**options) -> Game:
    return Game(load_ruleset("tysiac"), FOUR[:3], options)


def test_the_enter_of_the_long_run_seed_12_says_why_nothing_is_saved():
    """Declarer Anna, bid 100 (each first typed wrong and taken back), then Ben 1, Cara 3 and
    her marriage 40, Anna 116: the keys read more ways than are followed, and the readings
    kept are not a deal the rules take (the one meant was among those left out). Enter
    stored nothing and said nothing; now it says what the rules refuse."""
    typist, done = typed(tysiac(three_zeros=False), "2 backspace 1 2 backspace 1 0 0 2 backspace 1 3 4 0 1 1 6 enter")
    assert not done.confirm and done.question is None and not done.note
    assert done.told == "Nothing is saved: the card points add up to 169, not 120."
    assert not typist.enter_confirms() and typist.enters_to_confirm() is None


def test_card_points_one_short_are_said_at_the_enter():
    """Ben 5, Cara 4, Anna 110 (119): the reading with Anna's 110 is refused by the card points'
    sum, and the readings left have her box empty: Enter names the sum, not the empty box."""
    typist, done = typed(tysiac(), "1 1 0 0 5 enter 4 enter 1 1 0 enter")
    assert not done.confirm and done.question is None
    assert done.told == "Nothing is saved: the card points add up to 119, not 120."


def test_an_enter_on_an_empty_box_names_it_and_what_it_takes():
    """The Enter after the trump (the habit after a value that moved on by itself) is a step
    between values: it says nothing (the status line keeps the bids). A second, on the empty box,
    ends nothing: the first box still empty is named, with what it takes."""
    typist, done = typed(Game(load_ruleset("whist"), FOUR), "h enter")
    assert not done.confirm and not done.told
    done = typist.enter()
    assert not done.confirm
    assert done.told == "Nothing is saved yet: Tricks won by Anna & Cara is still empty (a number, 0 to 13)."
    typist, done = typed(Game(load_ruleset("doppelkopf"), FOUR), "n enter enter")
    assert done.told == "Nothing is saved yet: Re is still empty (Anna, Ben, Cara, Dan), and 2 more boxes."


def test_an_enter_between_values_says_nothing_but_one_over_an_empty_box_names_it():
    """Spades: Ben's 1 may be 10 or more, so Enter ends it and the cursor goes on to Cara's bid
    (a step between values: nothing said). An Enter on her empty bid passes over it: named."""
    typist, done = typed(Game(load_ruleset("spades"), FOUR), "1 enter")
    assert not done.confirm and not done.told and done.question is None
    done = typist.enter()
    assert done.told == "Nothing is saved yet: Cara Bid is still empty (a number, 0 to 13), and 6 more boxes."


def test_digits_that_are_no_value_of_the_box_are_refused_at_enter():
    """Skat, diamonds, Anna declares, a bid of 1: no bid is 1 (18, 20, ...). Enter left the bid
    empty and moved on in silence; now the box keeps the cursor and says why."""
    typist, done = typed(Game(load_ruleset("skat"), FOUR[:3]), "d 1 1 enter")
    assert not done.confirm
    assert done.note == "1 is not one of the values (18, 20, 22, 23, 24, 27, 30, 33, …, 264)"
    assert typist.cursor.field == "bid"


def test_an_enter_that_completes_the_deal_tells_nothing():
    typist, done = typed(Game(load_ruleset("whist"), FOUR), "h 8 enter")
    assert done.confirm and not done.told


@pytest.mark.parametrize("lang, told", [
    ("fi", "Mitään ei ole vielä tallennettu: ruutu Re on vielä tyhjä (Anna, Ben, Cara, Dan), samoin 2 muuta ruutua."),
    ("pl", "Nic jeszcze nie zapisano: pole Re jest jeszcze puste (Anna, Ben, Cara, Dan), a także 2 inne pola."),
])
def test_the_line_in_finnish_and_polish(lang, told):
    set_language(lang)
    typist, done = typed(Game(load_ruleset("doppelkopf"), FOUR), "n enter enter")
    assert done.told == told


def test_the_screen_shows_the_line_until_the_next_key(tmp_path):
    """At 80x24 the line takes the status line between the form and the score board (nothing
    scrolls, nothing rings); the next key takes it away."""
    pytest.importorskip("textual")
    from helpers.stores import Script
    from helpers.tui import flat, resumed, run, screen_text, settle

    told = "Confirm the deal Nothing is saved yet: Tricks won by Anna & Cara is still empty (a number, 0 to 13). Each cell"

    async def go():
        async with resumed(tmp_path / "g.db", Script("whist", FOUR), size=(80, 24)) as (app, pilot):
            await pilot.press("h", "enter", "enter")
            await settle(pilot)
            assert told in flat(screen_text(app))  # (on two lines at 80 columns)
            await pilot.press("8")
            await settle(pilot)
            assert "Nothing is saved" not in screen_text(app)

    run(go())


def test_a_key_for_no_box_does_not_say_that_enter_confirms():
    """Whist, hearts and 8 tricks, then a 5 that no box takes: the box said 'Enter confirms', but
    Enter after a refused key only says it again (the 5 may mean the 8 was not meant), so a
    table pressing Enter as told never got on. It says what does: Backspace, or ctrl+s."""
    typist, done = typed(Game(load_ruleset("whist"), FOUR), "h 8 5")
    said = ("5 is for no box: every box is typed (Backspace takes it back, Up goes to a box to correct it, ctrl+s"
            " confirms the boxes as shown)")
    assert done.note == said
    again = typist.enter()
    assert not again.confirm and again.note == said
    assert not typist.ambiguous and typist.typed() == {("turned", None): "hearts", ("tricks", None): 8}  # ctrl+s
    typist, done = typed(Game(load_ruleset("whist"), FOUR), "h 8 5 backspace")
    assert done.note == "" and typist.enter().confirm


def test_an_enter_on_a_deal_no_value_left_can_make_whole_says_why():
    """Hearts for four, Dan took the queen (the entry property, a slip gone back to): Ben 13,
    Cara 0, then Dan's 8 typed, Up to his box and 1. Anna's box is still empty, but no number
    of hearts of hers makes the deal add up (14 are typed): the Enter went on to her box and
    said nothing; now it says what the rules refuse."""
    game = Game(load_ruleset("hearts"), FOUR, {"moon": "others-plus-26", "passing": "no-passing"})
    typist, _ = typed(game, "4 1 3 , 0 8 ,")
    typist.move_to(Slot("hearts", 3))  # (Dan's box: Up from Anna's)
    typist.key("1")
    done = typist.enter()
    assert not done.confirm and done.question is None and not done.note
    assert done.told == ("Nothing is saved: the points taken add up to 27, but every deal has 26 (13 hearts and the "
                         "queen of spades).")
    assert not typist.enter_confirms() and typist.enters_to_confirm() is None


def test_an_enter_where_the_cursor_came_back_to_a_box_left_empty_names_it():
    """WYSIWYG for two: hand values 4 and 13, then Down to the declarer's points and 20. The
    form goes back to the declarer, still empty; the Enter there was taken as the one typed
    after a value out of habit and said nothing. It names the box now."""
    typist, _ = typed(Game(load_ruleset("wysiwyg"), FOUR[:2]), "4 1 3")
    assert typist.cursor == Slot("declarer", 0)
    typist.move_to(Slot("points", 0))
    typist.key("2")
    typist.key("0")
    assert typist.cursor == Slot("declarer", 0)
    done = typist.enter()
    assert not done.confirm and done.question is None and not done.note
    assert done.told == "Nothing is saved yet: Declarer is still empty (Anna, Ben), and 1 more box."


def test_what_stops_a_deal_is_said_by_one_function_for_every_front_end():
    """The Enter's line, ctrl+s on the play screen and the phone's confirm say the same first
    problem (one function, typing.problems; the screen and the phone each built their own list):
    nothing typed is not complete; Hearts for four with the queen at Ben and 10, 10, 0, 0 hearts
    names the sum; once a confirm was tried, the box still empty."""
    from scorekeeper.play.draft import DealDraft
    from scorekeeper.play.typing import problems
    set_language("en")
    draft = DealDraft(Game(load_ruleset("hearts"), FOUR))
    assert problems(draft.view()) == ["the deal is not complete"]
    for seat, hearts in [(None, 1), (1, 10), (2, 10), (3, 0), (4, 0)]:
        draft.set("queen" if seat is None else "hearts", seat, hearts)
    assert problems(draft.view()) == [
        "the points taken add up to 33, but every deal has 26 (13 hearts and the queen of spades)"]
    draft.set("hearts", 4, None)
    draft.mark_tried()
    assert problems(draft.view()) == ["Hearts taken of Dan is not entered"]


def test_an_enter_on_a_whole_deal_the_rules_refuse_in_every_reading_says_why():
    """Wysiwyg for two, deal 2 (the entry property's long run, seed 52): values 4 and 4, Anna
    declares, bid 0, the phases 9 and 9, the last trick 1, then Up to the points and 27. Every
    reading is a whole deal the rules refuse (the tricks make 28), and the cursor came to the
    Confirm button by itself: Enter after Enter confirmed nothing and said nothing. Now the first
    says why."""
    game = Game(load_ruleset("wysiwyg"), ["Anna", "Ben"])
    game.record({"value": (4, 4), "declarer": 1, "bid": 0, "points": 0})
    typist = Typist(DealDraft(game))
    for key in "4,4,1,0,n,9,9,1,":
        typist.key(key)
    typist.move_to(Slot("points", 0))  # Up, to the points
    typist.key("2")
    typist.key("7")
    done = typist.enter()
    assert not done.confirm and done.told == "Nothing is saved: the declarer's points are 27, but the tricks entered make 28."


def test_an_enter_after_a_key_no_box_took_asks_to_check_the_boxes():
    """Schafkopf for four with knocking: after the wenz and its declarer (whole at one key) the
    cursor passes over tout and knocks to the card points. The table's `1` for a knock lands in the
    card points, its Down ends that value there, the 5 it meant for the card points is refused at
    schwarz ("picks nothing here", which the next keys of the burst clear), Down, 0 runners, Enter
    Enter: that stored card points 1 and no knock. Now the Enter that would confirm asks to check
    the boxes, naming the key refused, and saves nothing; Enter again asks again; ctrl+s saves the
    boxes as shown; a correction then Enter saves the deal corrected; the same keys without the
    refused one confirm as before."""
    options = {"rounds": 6, "call_tariff": 20, "solo_tariff": 50, "extra": 10, "contra_re": False, "knocking": True}

    def burst(refused: bool):
        typist = Typist(DealDraft(Game(load_ruleset("schafkopf"), FOUR, options), 1))
        for k in "w 1 1".split():
            typist.key(k)
        assert typist.cursor == Slot("card_points", 0)
        typist.move_to(Slot("schwarz", 0))
        if refused:
            assert typist.key("5").note.startswith("5 picks nothing here")
        typist.move_to(Slot("runners", 0))
        typist.key("0")
        return typist

    unslipped = burst(refused=False)
    assert unslipped.enters_to_confirm() == 2 and not unslipped.enter().confirm and unslipped.enter().confirm
    typist = burst(refused=True)
    assert typist.enters_to_confirm() is None  # (the line under the boxes counts no Enters)
    assert not typist.enter().confirm  # (the runners' 0 ended, as without the refused key)
    done = typist.enter()
    assert not done.confirm and done.question is not None
    assert done.question.text() == (
        "A key went into no box (5 picks nothing here: the keys are n neither side (no schwarz)), so nothing is saved yet: check the "
        "boxes, correct what is not meant and press Enter, or ctrl+s saves them as shown.")
    again = typist.enter()
    assert not again.confirm and again.question == done.question
    assert typist.enter(last=True).confirm and typist.typed()[("card_points", None)] == 1  # (ctrl+s: as shown)
    typist = burst(refused=True)
    typist.enter(), typist.enter()
    typist.move_to(Slot("card_points", 0))
    typist.key("5")
    while not (done := typist.enter()).confirm:
        assert done.question is None or done.question.waiting
    assert typist.typed()[("card_points", None)] == 5
