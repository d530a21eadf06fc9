"""Which box each key is for (scorekeeper.play.typing), headless: the key sequences the table
typed in real games that stored a deal it did not mean now store the deal meant, or stop
before confirming with a question naming the boxes and their readings."""

from __future__ import annotations

from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.layout import Slot
from scorekeeper.play.typing import CONFIRM, Typist, other_readings
from scorekeeper.rules.ruleset import load_ruleset

FOUR = ["Anna", "Ben", "Cara", "Dan"]


def typed(game: Game, keys: str):
    """The typist after ``keys`` (space-separated; enter, backspace), and what the last did."""
    typist = Typist(DealDraft(game))
    done = None
    for key in keys.split():
        done = typist.enter() if key == "enter" else typist.backspace() if key == "backspace" else typist.key(key)
    return typist, done


def deal(typist: Typist) -> dict:
    """The deal the reading shown gives: field -> values in seat order."""
    draft = DealDraft(typist.draft.game)
    for (field, unit), value in typist.typed().items():
        draft.set(field, unit, value)
    return draft.values()


def lupaus_up_down() -> Game:
    return Game(load_ruleset("lupaus"), FOUR, {"schedule": "up-down"})  # deal 1: 1 card, Anna deals


def test_a_filled_in_bid_typed_anyway_is_no_trick_of_ben():
    """Issue 24, item 1: bids Ben 0, Cara 0, Dan 1 leave the dealer Anna only 1 (filled in);
    the 1 typed for her anyway could also be Ben's trick. The keys read two ways, so Enter
    confirms nothing: it says the keys may go on (Anna's filled-in 0 may still be typed: a
    digit then is hers, not the number of a deal), and the next Enter asks, naming Ben's and
    Anna's tricks and the two values."""
    typist, done = typed(lupaus_up_down(), "h 0 0 1 1 0 0 0 enter")
    assert not done.confirm and done.question is not None and done.question.waiting
    done = typist.enter()
    assert not done.confirm and done.question is not None and not done.question.waiting
    assert done.question.text() == ("The keys read 2 ways, so nothing is saved: 1: Ben Tricks 1, Anna Tricks 0; "
                                    "2: Ben Tricks 0, Anna Tricks 1. Type the number of the one meant, or correct a box.")
    assert typist.choose(2) and typist.enter().confirm
    assert deal(typist)["bid"] == (1, 0, 0, 1) and deal(typist)["tricks"] == (1, 0, 0, 0)


def test_the_same_deal_without_the_filled_in_bid_is_confirmed_at_once():
    typist, done = typed(lupaus_up_down(), "h 0 0 1 0 0 0 enter")
    assert done.confirm
    assert deal(typist)["bid"] == (1, 0, 0, 1) and deal(typist)["tricks"] == (1, 0, 0, 0)


def test_once_the_single_trick_is_placed_the_others_zeros_are_filled_in():
    """1 card: Cara took it, so Dan and Anna took 0 (each box alone allows 0 or 1; only the
    trick sum over the row rules 1 out); Enter confirms after Ben's 0 and Cara's 1."""
    typist, done = typed(lupaus_up_down(), "h 0 0 1 0 1")
    view = typist.view(typist.shown)
    assert [(c.who, c.value, c.auto) for c in view.cells.values() if c.field == "tricks"] == [
        ("Ben", 0, False), ("Cara", 1, False), ("Dan", 0, True), ("Anna", 0, True)]
    assert typist.cursor == CONFIRM and typist.enter().confirm


def test_a_one_then_a_nil_in_spades_is_not_read_as_ten_without_a_question():
    """Item 2: Spades bids 1 0 4 5 (meant 1, nil, 4, 5), tricks 3 0 5 5 (Anna's 5 filled in
    and typed anyway): read as 10, 4, 5 ... the keys make a deal too, so Enter asks which."""
    typist, done = typed(Game(load_ruleset("spades"), FOUR), "1 0 4 5 3 0 5 5 enter")
    assert not done.confirm and done.question is not None
    assert "Ben Bid 1, Cara Bid 0, Dan Bid 4, Anna Bid 5" in done.question.text()
    assert "Ben Bid 10, Cara Bid 4, Dan Bid 5, Anna Bid 3" in done.question.text()


def test_a_one_then_a_nil_with_enter_between_is_confirmed():
    typist, done = typed(Game(load_ruleset("spades"), FOUR), "1 enter 0 4 5 3 0 5 enter")
    assert done.confirm and deal(typist)["bid"] == (5, 1, 0, 4) and deal(typist)["tricks"] == (5, 3, 0, 5)


def test_hearts_1_2_3_is_not_twelve_and_a_second_enter_confirms():
    """Hearts, Anna had the queen: a 1 2 3 is Ben 1, Cara 2, Dan 3 (Anna's 7 filled in), or
    Ben 12, Cara 3 with two boxes to go: Enter waits, saying what a second Enter confirms."""
    game = Game(load_ruleset("hearts"), FOUR)
    typist, done = typed(game, "a 1 2 3 enter")
    assert not done.confirm and done.question.waiting
    assert done.question.text() == ("The keys may go on: Enter again confirms Ben Hearts taken 1, Cara Hearts taken 2, "
                                    "Dan Hearts taken 3, Anna Hearts taken 7, or type the rest.")
    assert typist.enter().confirm and deal(typist)["hearts"] == (7, 1, 2, 3)


def test_twelve_typed_in_hearts_is_twelve_when_only_that_reading_adds_up():
    """a 1 2 0 1: Ben 12, Cara 0, Dan 1 (Anna 0); read as 1, 2, 0 Anna would have 10, and
    the last 1 is no value of hers."""
    typist, done = typed(Game(load_ruleset("hearts"), FOUR), "a 1 2 0 1 enter")
    assert done.confirm and deal(typist)["hearts"] == (0, 12, 0, 1)


def test_keys_that_add_up_both_ways_ask():
    """a 1 2 1 0 is 12, 1, 0 (Anna 0) or 1, 2, 10 (Anna 0): both add up to 13."""
    typist, done = typed(Game(load_ruleset("hearts"), FOUR), "a 1 2 1 0 enter")
    assert not done.confirm and done.question is not None


def test_a_one_waiting_for_more_is_shown_as_waiting():
    """In a deal of 10 cards a 1 waits: the typist says what is waiting at the box."""
    typist, _ = typed(Game(load_ruleset("lupaus"), FOUR), "h 3 1")
    assert typist.pending == "1" and typist.cursor == Slot("bid", 2)


def spades_blind_nil() -> Game:
    """Spades with blind nil, after a deal that left Anna and Cara 159 behind: Cara bids first."""
    game = Game(load_ruleset("spades"), FOUR, {"blind_nil": True})
    game.record({"bid": [6, 1, 7, 1], "tricks": [0, 6, 2, 5]})
    return game


def test_a_letter_for_the_optional_box_just_passed_goes_there():
    """Item 3: Cara's 0 moves on to Dan's bid past her optional Blind box; y is no bid, so it
    is the Blind box's; Dan's 4 then, and Backspace in Anna's empty box takes back Dan's 4
    (not Cara's 0)."""
    typist, done = typed(spades_blind_nil(), "0 y")
    assert not done.note and typist.typed() == {("bid", 3): 0, ("blind", 3): True}
    assert typist.cursor == Slot("bid", 2)  # Dan's
    typist.key("4")  # on to Anna's box by itself
    typist.backspace()  # Anna's box is empty: back to Dan's, emptied
    assert typist.typed() == {("bid", 3): 0, ("blind", 3): True} and typist.cursor == Slot("bid", 2)


def skat() -> Game:
    return Game(load_ruleset("skat"), ["Anna", "Ben", "Cara"])


def test_skat_a_letter_both_the_skipped_optional_box_and_the_next_take_is_read_both_ways():
    """Item 3: null, Anna, 23 (which could still grow to 230): the focus passed over Hand to
    "The declarer took a trick"; y then n is Hand yes and took no trick. Typed as y n Enter
    it is not read as "took a trick: yes" (n is no box's then). Read as Announced "nothing",
    the cursor passed over Contra to the trick: the first Enter may be the habit, the second
    may pass over Contra (the trick still to come), so the third confirms (or ctrl+s)."""
    typist, done = typed(skat(), "n a 2 3 y n enter")
    assert not done.confirm and done.question.waiting  # (or Announced "nothing", the trick to come)
    assert done.question.text() == (
        "The keys may go on: ctrl+s confirms The declarer took a trick no, or Enter 2 times (an Enter may be "
        "passing over a box that may stay empty); or type the rest.")
    assert not typist.enter().confirm and typist.enter().confirm
    assert (deal(typist)["hand"], deal(typist)["took_trick"]) == (True, False)


def test_skat_the_trick_alone_is_confirmed():
    """y is the trick (Hand passed over), or Hand with the trick to come past Announced and
    Contra, each of which an Enter may be passing over: four Enters confirm."""
    typist, done = typed(skat(), "n a 2 3 y enter enter enter")
    assert not done.confirm and typist.enters_to_confirm() == 1
    typist, done = typed(skat(), "n a 2 3 y enter enter enter enter")
    assert done.confirm and deal(typist)["took_trick"] is True and not deal(typist)["hand"]


def test_enter_before_an_optional_box_ends_the_value_and_the_next_key_is_that_boxs():
    """Skat, diamonds, card points 7 (70 could follow) then Enter, then e for the optional
    "every trick taken by" box: Enter did not confirm the deal without it."""
    game = Game(load_ruleset("skat"), ["Anna", "Ben", "Cara"])
    typist, done = typed(game, "d enter 1 enter 1 8 w enter 3 7 enter")
    assert not done.confirm and typist.cursor == CONFIRM
    typist.key("e")
    assert typist.enter().confirm and deal(typist)["schwarz"] == "defenders"


def test_a_refused_value_that_may_grow_waits_and_enter_says_why():
    """Lupaus, 10 cards: the dealer Anna may not bid 1 (the bids would total 10) but may bid
    10: the 1 waits; Enter then refuses it with the rule's reason, and 0 is 0."""
    typist, _ = typed(Game(load_ruleset("lupaus"), FOUR), "h 3 2 4 1")
    assert typist.pending == "1"
    done = typist.enter()
    assert done.note == "Dealer Anna may not bid 1: the bids would total 10, the number of tricks"
    typist.key("0")
    assert typist.typed()[("bid", 1)] == 0 and typist.cursor == Slot("tricks", 1)


def test_the_question_says_how_many_readings_and_only_what_each_fills_in_short():
    """WYSIWYG, the declarer's points typed as 20 where the optional tricks boxes could take
    the keys too: each reading names only the boxes it fills, by their labels without the
    bracketed explanations, and the count of readings is said as it is (not "two")."""
    game = Game(load_ruleset("wysiwyg"), ["Anna", "Ben"])
    typist, done = typed(game, "1 2 enter 9 enter 2 3 h 2 0 enter")
    assert done.question.waiting and done.question.text().startswith(
        "The keys may go on: type the rest, or ctrl+s (or Enter, once no box is left to pass over) asks which of "
        "these deals was meant: Declarer's points 20; Declarer's tricks while the stock lasts 2, ")  # (two deals: Enter asks)
    done = typist.enter()
    assert not done.confirm and done.question is not None
    text = done.question.text()
    readings = text.split(": ", 1)[1].split(". Type")[0].split("; ")
    assert text.startswith(f"The keys read {len(readings)} ways, so nothing is saved: ")
    assert readings == ["1: Declarer's points 20",  # (or all the trick boxes, which give the points: see below)
                        "2: Declarer's tricks while the stock lasts 2, Declarer's tricks after the stock 0, "
                        "Winner of the last trick Anna, Declarer's points 2"]
    assert "(" not in text and "—" not in text
    assert typist.choose(1) and typist.enter().confirm
    assert deal(typist)["points"] == 20


PATA_BURST = ("0 enter s enter 0 enter s enter 0 enter s enter 0 enter 0 enter 1 7 enter - 8 0 0 enter - 8 0 0 enter "
              "- 8 4 5 enter - 8 5 5 enter - 8 0 0 - 8 0 0 - 8 0 0 - 8 0 0 - 8 0 0")


def test_keys_read_more_ways_than_followed_confirm_nothing_and_ask_to_check_the_boxes():
    """Pataviitonen for 3 (found by the entry property's long run): the 17 tricks the rules
    fill in are typed anyway, then nine free points, the last five with no Enter between:
    more readings than the typist follows, and the one meant (17 for the filled-in tricks)
    was among those left out, so the last -800 is for no box in any reading kept. Enter then
    confirms nothing and asks the table to check the boxes (before: it only repeated that
    the key was for no box, and no Enter ever confirmed); ctrl+s confirms what is shown, an
    Enter alone asks again (it may be one of the Enters a burst still holds)."""
    game = Game(load_ruleset("pataviitonen"), ["Anna", "Ben", "Cara"], {"end": "deals"})
    typist, done = typed(game, PATA_BURST)
    assert done.note == "0 is for no box: every box is typed (Backspace takes it back, Up goes to a box to correct it," \
                        " ctrl+s confirms the boxes as shown)"
    assert typist.overflow
    done = typist.enter()
    assert not done.confirm and done.question is not None and done.question.lost
    assert done.question.text() == ("The keys read more ways than can be followed, so nothing is saved: check the "
                                    "boxes, correct what is not meant, then ctrl+s confirms them (Enter does not: "
                                    "it may be one of the keys still coming).")
    assert not typist.choose(1)  # no reading to pick by its number: the boxes shown are the one left
    assert len(typist.readings) == 1 and typist.overflow  # (the one left is to be checked, until ctrl+s)
    shown = deal(typist)
    again = typist.enter()
    assert not again.confirm and again.question is not None and again.question.lost and not typist.enter_confirms()
    assert typist.enter(last=True).confirm  # ctrl+s
    assert deal(typist) == shown


def test_a_correction_after_the_question_to_check_the_boxes_is_no_check_enter_still_asks():
    """Pataviitonen for 3 (the entry property's long run, seed 51): the same kind of burst, with a
    slip (1) taken back at once, the filled-in 17 tricks typed anyway and eight -800s with an Enter
    after each: more readings than followed, the one meant among those left out (the 17 is shown as
    Anna's A points). The last Enter asks to check the boxes; the burst goes on: a 1 for no box, Up
    to the last box, -800 again. That Enter confirmed the boxes shown (A points 17), though the
    question said only ctrl+s confirms them: now it asks again, and ctrl+s confirms what is shown."""
    game = Game(load_ruleset("pataviitonen"), ["Anna", "Ben", "Cara"], {"end": "deals"})
    typist, done = typed(game, "+ 0 enter s enter + 0 enter s enter + 0 enter s enter + 0 enter + 0 enter "
                               "+ 1 7 enter 1 backspace" + " - 8 0 0 enter" * 8)
    assert done.question is not None and done.question.lost
    assert typist.key("1").note == "1 is for no box: every box is typed (Backspace takes it back, Up goes to a box " \
                                   "to correct it, ctrl+s confirms the boxes as shown)"
    typist.move_to(Slot("c", 3))  # Up, to the last box
    for key in "-800":
        typist.key(key)
    shown = deal(typist)
    assert shown["a"] == (-800, 17, -800)
    done = typist.enter()
    assert not done.confirm and done.question is not None and done.question.lost
    assert typist.enter(last=True).confirm  # ctrl+s
    assert deal(typist) == shown


DOPPELKOPF_BURST = "n enter 1 enter 2 enter enter b backspace i enter 1 0 0 enter n enter enter enter enter enter enter enter"


def test_the_enters_of_a_burst_after_the_question_to_check_the_boxes_confirm_nothing():
    """Doppelkopf (the entry property's long run, seed 4): Re is Anna and Ben, an Enter after
    each value, an Enter passing over Re's announcement, a slip (b) taken back, Kontra's
    ninety (i), Re's 100 card points, nobody without a trick (n), and the seven Enters the form
    asked for to pass over the six boxes that may stay empty. The sixth found more readings
    than are followed and asked to check the boxes, showing Re's ninety (the first reading);
    the seventh, still the burst's, confirmed Re's ninety. Now no Enter confirms after that
    question: the boxes are there to be checked, and ctrl+s confirms them."""
    game = Game(load_ruleset("doppelkopf"), FOUR, {"bock": False})
    typist, done = typed(game, DOPPELKOPF_BURST)
    assert not done.confirm and done.question is not None and done.question.lost
    assert not typist.enter().confirm



def test_wysiwyg_points_typed_after_skipped_trick_boxes_read_one_way():
    """WYSIWYG (bench_keys' deal 1): hand values 12 and 16, Bertta declares, bids 5 and makes
    15 points, typed ``1 2 1 6 2 5 1 5``. The tricks boxes before the points may stay empty,
    so ``1 5`` was also 1 trick while the stock lasts (or after it) and 5 points: deals the
    rules took, as the points were checked against the tricks only with all three trick boxes
    given; so Enter asked which. The ruleset's check that points come with all three trick
    boxes or none leaves the one reading: Enter only says the keys may still go on (the tricks
    1 and 5 and who took the last trick are a deal too), and Enter again confirms 15 points."""
    game = Game(load_ruleset("wysiwyg"), ["Aino", "Bertta"])
    typist, done = typed(game, "1 2 1 6 2 5 1 5 enter")
    assert not done.confirm and done.question.waiting
    assert done.question.text() == (
        "The keys may go on: ctrl+s confirms Declarer's points 15, or Enter 2 times (an Enter may be passing over "
        "a box that may stay empty); or type the rest.")  # (the tricks still to come past the boxes before them)
    assert not typist.enter().confirm and typist.enter().confirm
    got = deal(typist)
    assert (list(got["value"]), got["declarer"], got["bid"], got["points"]) == ([16, 12], 2, 5, 15)
    assert (got["phase1"], got["phase2"], got["last_trick"]) == (None, None, None)


def test_what_the_next_enter_does_is_said_before_it_is_pressed():
    """French Tarot, 5 players: garde, Ben takes, Dan is called, 2 oudlers, 45 card points. The
    deal adds up, but the cursor came to Confirm by itself past two optional boxes (petit au
    bout, poignées): the next Enter may be the habit after the value, the one after it may
    pass over the petit's box as the table counts the boxes (a key then is the poignées'), and
    the third confirms. ``enter_confirms`` says so before each is pressed (the form's line is
    made from it, and ``enters_to_confirm`` counts them)."""
    game = Game(load_ruleset("french-tarot"), ["Anna", "Ben", "Cara", "Dan", "Eve"])
    typist, _ = typed(game, "g b d 2 4 5")
    assert typist.cursor == CONFIRM and typist.view(typist.shown).can_confirm
    assert typist.enter_confirms() is False and typist.enters_to_confirm() == 3
    done = typist.enter()
    assert not done.confirm and done.question is not None and done.question.follow
    assert done.question.text() == (
        "The deal is complete: ctrl+s confirms it, or Enter 2 times (an Enter may be passing over a box that may "
        "stay empty); or type on (The petit in the last trick (petit au bout), Poignées shown).")
    assert typist.enter_confirms() is False and typist.enters_to_confirm() == 2  # as the question on show says
    done = typist.enter()
    assert not done.confirm and done.question.text() == (
        "The deal is complete: Enter again confirms it, or type on (Poignées shown).")
    assert typist.enter_confirms() is True and typist.enters_to_confirm() == 1
    assert typist.enter().confirm and deal(typist)["points"] == 45
    # Lupaus' single-card deal typed to the end: Enter confirms at once, and says so
    typist, _ = typed(lupaus_up_down(), "h 0 0 1 0 0 0")
    assert typist.enter_confirms() is True and typist.enter().confirm


def test_readings_that_store_the_same_deal_are_offered_once():
    """Doppelkopf, a normal game, Anna and Cara are Re, Re and Kontra announced, then 1 3 0 for
    Re's card points (0 to 240). The keys read as 130; as 13 and a 0 in one of four boxes that
    are 0 when left empty (the foxes of each side, the Doppelkopf tricks of each side: the same
    deal four times). (As 1, and 3 and 0 Doppelkopf tricks, they are no deal: 3 tricks of 40
    points or more are more than Re's 1.) The question (ctrl+s) offers the two deals once each,
    and 1 picks 130."""
    game = Game(load_ruleset("doppelkopf"), FOUR, {}, 1)
    typist, done = typed(game, "n a c r k 1 3 0 enter")  # (it may end the value: more keys may follow)
    assert done.question.text() == (
        "The keys may go on: type the rest, or ctrl+s (or Enter, once no box is left to pass over) asks which of "
        "these deals was meant: Card points of Re 130; Card points of Re 13.")
    done = typist.enter(last=True)  # (ctrl+s: no key follows; an Enter may be passing over a box after it)
    assert not done.confirm and done.question is not None
    assert done.question.text() == (
        "The keys read 2 ways, so nothing is saved: 1: Card points of Re 130; 2: Card points of Re 13. "
        "Type the number of the one meant, or correct a box.")
    assert typist.choose(1) and typist.enter().confirm
    assert deal(typist)["re_points"] == 130 and deal(typist)["re_foxes"] in (0, None)


def test_a_fact_of_the_game_decides_how_a_burst_of_digits_is_read():
    """Doppelkopf: 1 0 6 for Re's card points reads as 106, or as 10 and Kontra's 6 Doppelkopf
    tricks (or 1, 0 and 6 of them). Six tricks of 40 points or more are 240, more than the 230
    Kontra has left: only 106 is a deal. Six boxes that may stay empty follow (who took no
    trick, the foxes of each side, Karlchen, the Doppelkopf tricks of each side), each of which
    an Enter may be passing over: the seventh Enter confirms it (or ctrl+s)."""
    game = Game(load_ruleset("doppelkopf"), FOUR, {}, 1)
    typist, done = typed(game, "n a c r k 1 0 6 enter")
    assert done.question is not None and done.question.follow and not done.confirm
    assert typist.enters_to_confirm() == 6
    for _ in range(5):
        assert not typist.enter().confirm
    assert typist.enter().confirm
    got = deal(typist)
    assert got["re_points"] == 106 and got["kontra_doppelkopf"] in (0, None) and got["re_doppelkopf"] in (0, None)
    # the check says why, where the table types such a deal on purpose
    draft = DealDraft(game)
    for field, value in (("kind", "normal"), ("re_player", 1), ("re_partner", 3), ("re_points", 10),
                         ("kontra_doppelkopf", 6)):
        draft.set(field, None, value)
    assert draft.view().cells[Slot("kontra_doppelkopf", 0)].errors == (
        "6 Doppelkopf tricks hold at least 240 card points, more than Kontra's 230",)


def test_every_trick_taken_is_no_reading_of_a_one_after_a_few_points():
    """French Tarot, a garde of Anna with 2 oudlers: 4 1 is 41 points, or 4 and 'every trick
    taken: yes' (1). A side that took every trick has the 1 and the 21 and at least 87 points, so
    41 is the only deal: confirmed with the three Enters that two boxes that may stay empty
    ask for (the habit after the value, one that may pass over the petit's box, the confirm)."""
    game = Game(load_ruleset("french-tarot"), FOUR)
    typist, done = typed(game, "g a 2 4 1 enter")
    assert done.question is not None and done.question.follow and not done.confirm
    assert not typist.enter().confirm and typist.enter().confirm
    assert deal(typist)["points"] == 41 and deal(typist)["slam"] in (False, None)


def test_readings_of_one_deal_do_not_ask_to_confirm_an_empty_reading():
    """Belote, `d 2 9 4 n` Enter: the `n` is "nobody" for the capot box or, that box skipped,
    for the belote box; both store the same deal (nobody is what an empty box gives). The
    Enter said "Enter again confirms , or type the rest" (a reading with nothing to say): it
    now says the deal is complete and which boxes may still be typed, each with whose it is,
    and how many Enters confirm it (each Enter before the last may pass over one of them)."""
    game = Game(load_ruleset("belote"), FOUR)
    typist, done = typed(game, "d 2 9 4 n enter")
    assert done.question.text() == (
        "The deal is complete: ctrl+s confirms it, or Enter 3 times (an Enter may be passing over a box that may "
        "stay empty); or type on (Belote-rebelote (king and queen of trump) held by, Anna & Cara Declarations "
        "scored (besides belote), Ben & Dan Declarations scored (besides belote)).")
    typist, done = typed(game, "d 2 9 4 n enter enter enter")
    assert not done.confirm and done.question.text() == (
        "The deal is complete: Enter again confirms it, or type on (Ben & Dan Declarations scored (besides belote)).")
    typist, done = typed(game, "d 2 9 4 n enter enter enter enter")
    assert done.confirm and deal(typist)["points"] == 94 and deal(typist)["capot"] == "nobody"


def huutopussi() -> Game:
    return Game(load_ruleset("huutopussi"), FOUR)


def test_an_enter_passing_over_an_empty_marriages_box_does_not_confirm_without_the_next_one():
    """Found at the table (Huutopussi): Dan declares 120, his side's card points 95, then Enter
    (the habit after a value), Enter to pass over Anna & Cara's empty marriages box, 40 for Ben
    & Dan's. The 95 moves the cursor by itself past both boxes to Confirm; the second Enter
    confirmed the deal without the 40 (-120 for Dan's side) and the 4 0 went into the next
    deal. The second Enter may be passing over Anna & Cara's box, so it confirms nothing, and
    the 40 is Ben & Dan's: 95 + 40 reach 120."""
    typist, done = typed(huutopussi(), "d 1 2 0 9 5 enter")
    assert not done.confirm and typist.enters_to_confirm() == 2
    assert not typist.enter_confirms()
    done = typist.enter()
    assert not done.confirm and done.question.text() == (
        "The deal is complete: Enter again confirms it, or type on (Ben & Dan Marriages declared).")
    for key in "40":
        assert not typist.key(key).confirm
    assert typist.enter_confirms() and typist.enter().confirm
    got = deal(typist)
    assert (got["declarer"], got["contract"], got["points"], got["marriages"]) == (4, 120, 95, (None, 40))
    game = huutopussi()
    game.record(got)
    assert game.totals() == (65, 120)  # (Anna & Cara the rest of the 160; Ben & Dan the contract, reached)


def test_enters_with_no_marriages_confirm_once_no_box_is_left_to_pass_over():
    """The same deal with no marriages: Enter (the habit), Enter (passing over Anna & Cara's
    box, or the confirm), Enter (on Ben & Dan's box, the last: the confirm either way)."""
    typist, done = typed(huutopussi(), "d 1 2 0 9 5 enter enter")
    assert not done.confirm
    typist, done = typed(huutopussi(), "d 1 2 0 9 5 enter enter enter")
    assert done.confirm
    got = deal(typist)
    assert (got["points"], got["marriages"]) == (95, (None, None))
    # ctrl+s confirms the deal shown at any point (the form records the draft, not the keys): the draft
    # the typist keeps after "9 5" is the complete deal
    typist, _ = typed(huutopussi(), "d 1 2 0 9 5")
    assert typist.view(typist.shown).can_confirm


def test_a_value_after_the_habit_enter_alone_still_asks_which_side_it_is_for():
    """95 Enter 40: the Enter is the habit after the value (the 40 is Anna & Cara's) or passes
    over their box (the 40 is Ben & Dan's): two deals, asked, never confirmed either way."""
    typist, done = typed(huutopussi(), "d 1 2 0 9 5 enter 4 0 enter")
    assert not done.confirm and done.question is not None
    done = typist.enter()
    assert not done.confirm and done.question.text() == (
        "The keys read 2 ways, so nothing is saved: 1: Anna & Cara Marriages declared 40, Ben & Dan Marriages "
        "declared 0; 2: Anna & Cara Marriages declared 0, Ben & Dan Marriages declared 40. Type the number of the "
        "one meant, or correct a box.")
    assert typist.choose(2) and typist.enter().confirm and deal(typist)["marriages"] == (None, 40)


def test_the_waiting_question_never_says_an_empty_reading():
    """A reading that differs from the others in no box on show (they differ where it has no
    box) was said as "" in the list of deals Enter again confirms; it is said as the deal shown."""
    from scorekeeper.play.typing import Question

    question = Question(((), (("Ben", "Bid", "12"),)), (False, False), waiting=True)
    text = question.text()
    assert text == ("The keys may go on: type the rest, or ctrl+s (or Enter, once no box is left to pass over) asks "
                    "which of these deals was meant: the deal as shown; Ben Bid 12.")
    assert ": ;" not in text and "; ." not in text and "confirms ," not in text
    assert Question(((),), (False,), waiting=True).text() == (
        "The keys may go on: Enter again confirms the deal as shown, or type the rest.")


def test_an_enter_on_the_box_after_an_optional_one_may_pass_over_that_one():
    """Found by the entry property (Tysiąc for 3, Enter after every value and over each empty
    marriages box): Anna declares 100 (1 then a slip 2 taken back), Ben 0 card points, Enter,
    Enter over his marriages box, Cara 0, Enter, Enter over hers, Anna 120. Each 0 moves the
    cursor by itself past the player's optional marriages box to the next card points; the
    Enter there after the habit one moved the cursor past those card points, so Cara's 0 and
    Anna's 120 went a box too far and the Enters at the end did nothing anyone could see. That
    Enter may be passing over the marriages box (the card points still to come): followed as a
    reading, the deal meant is confirmed."""
    game = Game(load_ruleset("tysiac"), ["Anna", "Ben", "Cara"], {"three_zeros": False})
    typist, done = typed(game, "1 enter 2 backspace 1 0 0 enter 0 enter enter 0 enter enter 1 2 0 enter")
    assert not done.confirm and done.question.waiting
    assert typist.enter().confirm
    got = deal(typist)
    assert (got["declarer"], got["bid"], got["card_points"], got["marriages"]) == (1, 100, (120, 0, 0),
                                                                                   (None, None, None))


def test_backspace_after_a_slip_takes_back_that_key_in_every_reading():
    """Found by the deep property run: WYSIWYG, slips taken back with Backspace in one burst.
    Backspace emptied a whole box in each reading, so in a reading where the slip had joined a
    digit waiting (2 then 5: 25) the 2 went with it, and the readings left stored phase1 6,
    which nobody typed. Backspace right after keys now takes back the last key, every reading
    as it was before it: the keys read as without the slips (two ways, so Enter asks)."""
    game = Game(load_ruleset("wysiwyg"), ["Anna", "Ben"])
    slips, done = typed(game, "1 backspace 4 4 2 backspace 1 1 backspace 0 0 2 5 backspace 6 enter")
    clean, clean_done = typed(game, "4 4 1 0 0 2 6 enter")
    assert not done.confirm and done.question is not None and done.question.text() == clean_done.question.text()
    assert [r.values() for r in slips.readings] == [r.values() for r in clean.readings]


def test_backspace_takes_back_one_digit_of_a_two_digit_value():
    """Spades, 13 cards: 1 2 is Ben's 12 and the cursor moves on; Backspace leaves his 1 waiting
    (10 to 13 could follow), and 1 makes it 11, as on paper: Cara's box is untouched."""
    typist, _ = typed(Game(load_ruleset("spades"), FOUR), "1 2 backspace")
    assert typist.pending == "1" and typist.cell(typist.shown, typist.cursor).who == "Ben"
    typist.key("1")
    assert deal(typist)["bid"][1] == 11 and deal(typist)["bid"][2] is None


def test_a_digit_after_an_enter_passing_over_a_box_is_that_value_not_the_answer_to_a_question():
    """Doppelkopf in one burst: Re 126 card points, Re caught 2 foxes, Enter, an Enter passing
    over Kontra's foxes, 2 Doppelkopf tricks of Re, Enter. The second Enter asked which of 4
    deals was meant (the 2 read as either side's foxes or tricks) while a box passed over could
    still take the next key; in the app the burst's 2 then answered "reading 2", and Enter
    confirmed Kontra's 2 foxes. Now that Enter asks nothing while a key may be for a box it
    passed over: the 2 is typed, and nothing is confirmed until the readings give one deal."""
    game = Game(load_ruleset("doppelkopf"), FOUR, {})
    typist, done = typed(game, "n a c r k 1 2 6 2 enter enter")
    assert done.question is not None and done.question.waiting
    assert not typist.choose(2)  # (a waiting question takes no answer: the app types the 2)
    typist.key("2")
    done = typist.enter()
    assert not done.confirm
    meant = {("re_foxes", None): 2, ("re_doppelkopf", None): 2}
    assert any(meant.items() <= dict(r.typed).items() for r in typist.readings)
    done = typist.enter(last=True)  # (ctrl+s: which of the deals; the one meant is offered)
    assert not done.confirm and done.question is not None and not done.question.waiting
    assert any(meant.items() <= dict(r.typed).items() for r in typist.readings)


def test_a_question_after_more_readings_than_are_followed_offers_no_list_to_pick_from():
    """WYSIWYG for two (the deep run's keys): hand values 14 and 22, Anna declares 3 (a 0 slipped
    and taken back), phase tricks 1 and 11, Ben's last trick typed anyway, 23 points (a 4 taken
    back). "3 1 1 1" read more ways than are followed; Enter asked which of 2 deals, neither the
    one meant (it was among those left out). Now it asks to check the boxes, naming none."""
    game = Game(load_ruleset("wysiwyg"), ["Anna", "Ben"])
    typist, done = typed(game, "1 4 2 2 A 3 0 backspace 1 1 1 B 4 backspace 2 3 enter")
    assert not done.confirm and done.question is not None and done.question.lost
    assert done.question.text().startswith("The keys read more ways than can be followed, so nothing is saved")


def test_an_enter_on_an_optional_box_the_cursor_came_to_may_be_passing_over_it():
    """Doppelkopf, a normal game, Cara and Anna are Re; the cursor comes by itself to Re's
    announcement (a box that may stay empty). The Enter there may be the habit after Anna's a,
    or pass over Re's box: the t after it is Re's thirty or Kontra's. Neither is guessed: with
    125 card points both are deals (each also read as 12 or 1 and values of boxes after it),
    and Enter confirms nothing; ctrl+s offers both, and the table picks Kontra's thirty (the deal found by a deep run of the entry property stored
    Re's thirty there)."""
    game = Game(load_ruleset("doppelkopf"), FOUR, {"bock": False})
    typist, done = typed(game, "n c a enter t enter 1 2 5 enter")
    assert not done.confirm
    done = typist.enter(last=True)  # ctrl+s
    assert not done.confirm and done.question is not None and not done.question.waiting
    said = [(deal(typist_at(typist, r))["re_said"], deal(typist_at(typist, r))["kontra_said"],
             deal(typist_at(typist, r))["re_points"]) for r in typist.readings]
    assert said == [("thirty", None, 125), ("thirty", None, 12), ("thirty", None, 1),
                    (None, "thirty", 125), (None, "thirty", 12), (None, "thirty", 1)]
    assert typist.choose(4) and typist.enter().confirm
    got = deal(typist)
    assert (got["re_player"], got["re_partner"], got["re_said"], got["kontra_said"], got["re_points"]) == (
        3, 1, None, "thirty", 125)


def typist_at(typist: Typist, reading) -> Typist:
    """A typist showing ``reading`` (to read the deal it gives)."""
    other = Typist(typist.draft)
    other.readings = [reading]
    return other


def test_a_filled_in_value_typed_after_an_enter_is_that_box_not_the_answer_to_which_deal():
    """Lupaus for four, 13 cards (schedule down-up), an Enter after each value: bids Ben 11,
    Cara 12, Dan 1, Anna 2, tricks Ben 1, Cara 4, Dan 6, and Anna's 2 (filled in) typed anyway.
    "1 1" and "1 2" also read as 1 and 1, 1 and 2: the Enter after Dan's 6 asked which of 3
    deals was meant, and the 2 typed next for Anna answered "reading 2" (as a digit does while
    that question is on show), storing Ben 11, Cara 1, Dan 2, Anna 1 (found by the entry
    property with the Up habit, seed 31). Now that Enter asks nothing yet: the cursor came to
    Confirm by itself past Anna's filled-in tricks, so a key may still be hers; the 2 is typed
    there, and Enter confirms the one deal left."""
    game = Game(load_ruleset("lupaus"), FOUR, {"schedule": "down-up", "max_cards": "all"})
    typist, done = typed(game, "1 1 enter 1 2 enter 1 enter 2 enter 1 enter 4 enter 6 enter")
    assert not done.confirm and done.question is not None and done.question.waiting
    assert not typist.choose(2)  # (the app types the 2)
    typist.key("2")
    assert typist.enter().confirm
    got = deal(typist)
    assert got["bid"] == (2, 11, 12, 1) and got["tricks"] == (2, 1, 4, 6)
    # without the 2, the next Enter asks which of the three deals, the one meant first
    typist, done = typed(game, "1 1 enter 1 2 enter 1 enter 2 enter 1 enter 4 enter 6 enter enter")
    assert not done.confirm and not done.question.waiting and done.question.text().startswith(
        "The keys read 3 ways, so nothing is saved: 1: Ben Bid 11, Cara Bid 12, Dan Bid 1, Anna Bid 2, Ben Tricks 1, "
        "Cara Tricks 4, Dan Tricks 6, Anna Tricks 2; 2: ")


def test_spades_tricks_of_the_last_player_typed_after_an_enter_are_hers():
    """Spades (seed 31 of the entry property): bids 12, 11, 13 and 3, tricks 1, 9, 0 and Anna's
    3 (filled in) typed anyway, an Enter after each value. The Enter after Dan's 0 asked which
    deal, and Anna's 3 answered it: Ben 12, Cara 1, Dan 1, Anna 13 was stored. Now the 3 is hers."""
    game = Game(load_ruleset("spades"), FOUR, {"blind_nil": True, "bag_penalty": False, "nil_tricks": "contract"})
    typist, done = typed(game, "1 2 enter 1 1 enter 1 3 enter 3 enter 1 enter 9 enter 0 enter")
    assert not done.confirm and done.question.waiting and not typist.choose(3)
    typist.key("3")
    assert typist.enter().confirm
    assert deal(typist)["bid"] == (3, 12, 11, 13) and deal(typist)["tricks"] == (3, 1, 9, 0)


def test_going_back_with_up_to_correct_a_slip_keeps_the_other_readings_of_the_keys_before():
    """Cribbage for two (the entry property's Up habit, seed 31): crib 9, Ben pegged 7 and his
    hand 11, Anna pegged 5, then a 1 slipped for her hand. "7 1 1 5 1" also reads as 71 pegged,
    hand 15 and Anna's 1 (the reading shown). The table goes to Anna's hand (the form's Up or
    Down) and types 9: the move kept only the reading shown, and Enter stored Ben's 71 and 15.
    Now the move keeps every reading: Enter asks which, and the deal meant is among them."""
    game = Game(load_ruleset("cribbage"), ["Anna", "Ben"])
    typist, _ = typed(game, "9 7 1 1 5 1")
    typist.move_to(Slot("hand", 2))  # (Anna's hand: the form's Down from her pegged points)
    typist.key("9")
    done = typist.enter()
    assert not done.confirm
    done = typist.enter(last=True)  # ctrl+s: which deal
    assert not done.confirm and done.question is not None and not done.question.waiting
    deals = [deal(typist_at(typist, r)) for r in typist.readings]
    meant = {"crib": 9, "pegging": (5, 7), "hand": (9, 11)}
    assert [(d["crib"], d["pegging"], d["hand"]) for d in deals].count(tuple(meant.values())) == 1
    assert typist.choose(1 + [(d["crib"], d["pegging"], d["hand"]) for d in deals].index(tuple(meant.values())))
    assert typist.enter().confirm
    got = deal(typist)
    assert (got["crib"], got["pegging"], got["hand"]) == (9, (5, 7), (9, 11))


def test_a_value_stepped_to_after_a_move_keeps_the_other_readings_of_the_keys_before():
    """Cribbage for two, as above, but Anna's hand of 9 is stepped to with Right (or typed as
    cards) after the move to her box: a value set another way answers nothing about the keys
    before it either. It kept only the reading shown (Ben's 71 pegged and hand 15) and Enter
    stored it; now Enter asks which, and the deal meant is among the deals offered."""
    game = Game(load_ruleset("cribbage"), ["Anna", "Ben"])
    typist, _ = typed(game, "9 7 1 1 5 1")
    typist.move_to(Slot("hand", 2))  # (Anna's hand)
    typist.set(("hand", 1), 9)  # (her hand's value, stepped to at the cursor)
    done = typist.enter()
    assert not done.confirm and done.question is not None and not done.question.waiting
    assert done.question.text() == (
        "The keys read 6 ways, so nothing is saved: 1: Ben Pegged 71, Ben Hand 15, Anna Pegged 1; 2: Ben Pegged 71, "
        "Ben Hand 1, Anna Pegged 51; 3: Ben Pegged 71, Ben Hand 1, Anna Pegged 5; 4: Ben Pegged 7, Ben Hand 11, Anna "
        "Pegged 51; 5: Ben Pegged 7, Ben Hand 11, Anna Pegged 5; 6: Ben Pegged 7, Ben Hand 1, Anna Pegged 15. Type "
        "the number of the one meant, or correct a box.")
    assert typist.choose(5) and typist.enter().confirm
    got = deal(typist)
    assert (got["crib"], got["pegging"], got["hand"]) == (9, (5, 7), (9, 11))


def test_a_move_on_with_down_keeps_a_reading_whose_cursor_came_by_itself_past_the_box():
    """WYSIWYG for two (entry property, long profile, seed 62): values 4 and 4, Anna declares (written
    out), bid 0, not doubled (the optional box left empty), no trump (n), then Down box by box to the
    declarer's points (the tricks and the last trick left empty), 0, Enter. The n picks "not doubled"
    at the cursor, or no trump in the box after it (the cursor then came by itself past the empty trick
    boxes to the points); the first Down, from the trump box, dropped the second reading as if its keys
    had gone past the box (its cursor was past it), and Enter stored "not doubled" with no trump. No key
    of it went past: it stays, and Enter asks which was meant."""
    game = Game(load_ruleset("wysiwyg"), ["Anna", "Ben"], {})
    game.record({"value": (4, 4), "declarer": 1, "bid": 0, "doubling": "no", "phase1": 0, "phase2": 7,
                 "last_trick": 2, "points": 14})
    typist, done = typed(game, "+ 4 + 4 a n n a + 0 n")
    assert typist.cursor == Slot("trump_suit", 0)
    for field in ("phase1", "phase2", "last_trick", "points"):  # (the form's Down, a box at a time)
        typist.move_to(Slot(field, 0))
    typist.key("0")
    done = typist.enter()
    assert not done.confirm and done.question is not None and not done.question.waiting
    assert done.question.text() == ("The keys read 2 ways, so nothing is saved: 1: Doubled no; 2: Trump named by "
                                    "the declarer no trump. Type the number of the one meant, or correct a box.")


def test_a_move_on_with_down_keeps_no_reading_whose_keys_went_past_the_box():
    """WYSIWYG for two, deal 2 (tests/test_tui_games.py::test_wysiwyg_game_to_ten): values 11
    and 15, Aino declares, bids 11; the cursor is on the optional doubling and the table goes
    Down to the trump suit. "1 1 1" also reads as bid 1 and a 1 in a box after the trump suit
    (points, or a trick box): there the keys went past the box the table goes on to, as the
    screen did not show, so those readings are dropped. Kept, they grew past the readings
    followed with "h 1 9" and no Enter confirmed the game's last deal."""
    game = Game(load_ruleset("wysiwyg"), ["Aino", "Bertta"], {"game_to": 10})
    game.record({"value": (None, 12), "hand": ("SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ C3", None), "declarer": 2,
                 "bid": 5, "trump_suit": "spades", "phase1": 6, "phase2": 4, "last_trick": 2})
    typist, _ = typed(game, "1 1 1 5 1 1 1")
    assert typist.cursor == Slot("doubling", 0) and len(typist.readings) == 5
    typist.move_to(Slot("trump_suit", 0))
    assert len(typist.readings) == 1 and deal(typist)["bid"] == 11
    for key in "h 1 9".split():
        typist.key(key)
    assert [typist.enter().confirm for _ in range(3)] == [False, False, True]
    got = deal(typist)
    assert (got["value"], got["declarer"], got["bid"], got["trump_suit"], got["points"]) == ((11, 15), 1, 11, "hearts", 19)


def test_the_reading_shown_is_one_the_rules_can_still_take():
    """Hearts for four, Anna took the queen: "a 1 2 1 0" reads as Ben 12, Cara 10 (two boxes
    still to type), as Ben 12, Cara 1, Dan 0, or as Ben 1, Cara 2, Dan 10. The first was shown,
    though 12 + 10 hearts is more than the 13 of a deal whatever Dan and Anna took: now the
    boxes show the first reading the rules can still take, the others as "or" beside them."""
    typist, _ = typed(Game(load_ruleset("hearts"), FOUR), "a 1 2 1 0")
    assert deal(typist) == {"queen": 1, "hearts": (0, 12, 1, 0)}
    assert other_readings(typist) == {Slot("hearts", 1): ("1",), Slot("hearts", 2): ("10", "2"),
                                      Slot("hearts", 3): ("", "10"), Slot("hearts", 4): ("",)}


def test_the_reading_shown_leaves_a_number_box_still_to_type_a_value_the_rules_take():
    """Tysiąc for three, Anna plays 100: "1 0 0 1 0 0 4 0" reads as Ben 100, Cara 40 with
    Anna's card points still to type, and other ways. 100 + 40 leaves Anna -20 (the card points
    add up to 120): no value of her box (0 to 120) makes it a deal, but the boxes showed it, as
    only a box of choices was seen to have no value left. Now the reading shown is Ben 100, Cara
    4 (her marriages 0), with 40 as "or" beside it; Anna's 16 then makes the deal whole."""
    typist, _ = typed(Game(load_ruleset("tysiac"), ["Anna", "Ben", "Cara"]), "a 1 0 0 1 0 0 4 0")
    assert deal(typist)["card_points"] == (None, 100, 4) and deal(typist)["marriages"] == (None, None, 0)
    assert "40" in other_readings(typist)[Slot("card_points", 2)]
    typist.key("1")
    typist.key("6")
    assert deal(typist)["card_points"] == (16, 100, 4)


def test_ctrl_s_confirms_the_boxes_as_shown_when_the_keys_read_more_ways_than_followed():
    """Pataviitonen's burst above: the last key is refused with "ctrl+s confirms the boxes as
    shown". ctrl+s then asked the table to check the boxes (one more ctrl+s confirmed them);
    now it confirms the boxes as shown at once, as the line said. Enter still confirms nothing."""
    game = Game(load_ruleset("pataviitonen"), ["Anna", "Ben", "Cara"], {"end": "deals"})
    typist, done = typed(game, PATA_BURST)
    assert done.note.endswith("(Backspace takes it back, Up goes to a box to correct it, ctrl+s confirms the boxes as"
                              " shown)") and typist.overflow
    shown = deal(typist)
    assert not typist.enter_confirms()
    assert typist.enter(last=True).confirm
    assert deal(typist) == shown
