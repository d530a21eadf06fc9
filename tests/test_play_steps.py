"""The staged steps of the deal being entered (scorekeeper.play.steps), each on its own, with real games."""

from __future__ import annotations

from helpers.samples import GUESSES
from scorekeeper.game.engine import Choice
from scorekeeper.game.game import Game
from scorekeeper.play import steps
from scorekeeper.play.layout import Slot, form_layout
from scorekeeper.play.phases import counted_against_cards
from scorekeeper.rules.ruleset import load_ruleset, parse_ruleset_text

REFUSED = "Dealer Anna may not bid 1: the bids would total 10, the number of tricks"


def game(rid, players, **options):
    return Game(load_ruleset(rid), players, options)


def run_to_allowed(g: Game, typed: dict):
    """typed -> boxes -> filled -> allowed for the next deal, as DealDraft runs them."""
    number, setup, rules = g.next_deal, g.setup_for(None), g.ruleset
    typed_value = steps.read_typed(g, number, setup, typed)
    d = g.evaluate(number, steps.build(rules, setup, typed_value.values))
    boxes = steps.lay_boxes(d, form_layout(g), setup, steps.bidding_order(d, setup))
    ask = steps.asker(g, number, setup)
    filled = steps.fill(typed_value, boxes, ask)
    return typed_value, boxes, filled, steps.allow(boxes, filled, ask)


def test_four_players_of_lupaus_the_dealers_forbidden_bid_with_its_reason():
    """Ben, Cara and Dan bid 3, 2 and 4 of 10: the dealer (Anna, last) may not bid 1."""
    g = game("lupaus", ["Anna", "Ben", "Cara", "Dan"])
    typed, boxes, filled, allowed = run_to_allowed(g, {("bid", 2): 3, ("bid", 3): 2, ("bid", 4): 4})
    assert [b.key for b in boxes if b.slot.field == "bid"] == [("bid", 2), ("bid", 3), ("bid", 4), ("bid", 1)]
    anna = allowed.choices[("bid", 1)]
    assert [(c.value, c.reasons) for c in anna if not c.allowed] == [(1, (REFUSED,))]
    assert len(anna) == 11 and filled.auto == frozenset()
    # Ben bids first: no value of his is refused because of the boxes after his
    assert all(c.allowed for c in allowed.choices[("bid", 2)])


def test_the_tricks_of_the_last_player_are_filled_in():
    g = game("lupaus", ["Anna", "Ben", "Cara", "Dan"])
    bids = {("bid", 2): 3, ("bid", 3): 2, ("bid", 4): 4, ("bid", 1): 0}
    tricks = {("tricks", 2): 3, ("tricks", 3): 2, ("tricks", 4): 4}
    typed, _, filled, allowed = run_to_allowed(g, {**bids, **tricks})
    assert filled.auto == frozenset({("tricks", 1)})
    assert filled.values[("tricks", 1)] == 1
    assert [c.value for c in allowed.choices[("tricks", 1)] if c.allowed] == [1]
    assert typed.values == {**bids, **tricks}  # typed values stay as typed


def test_whist_the_second_partnerships_honours_are_filled_in_from_the_firsts():
    g = game("whist", ["Anna", "Ben", "Cara", "Dan"], play_honours=True)
    typed, boxes, filled, allowed = run_to_allowed(g, {("tricks", None): 8, ("turned", None): "hearts",
                                                       ("honours", 1): 3})
    assert [(b.key, b.kind, b.visible) for b in boxes] == [
        (("turned", None), "pick", True), (("tricks", None), "pick", True),
        (("honours", 1), "pick", True), (("honours", 2), "pick", True)]
    assert filled.values[("honours", 2)] == 1 and filled.auto == frozenset({("honours", 2)})
    message = "the honours of the two partnerships must add up to 4 (A K Q J), not 5"
    assert allowed.choices[("honours", 2)][2] == Choice(2, False, (message,))


def test_wysiwyg_typed_cards_give_the_hand_value_and_a_bad_card_stays_at_its_box():
    g = game("wysiwyg", ["Aino", "Bertta"])
    typed, _, filled, _ = run_to_allowed(g, {("hand", 1): "SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ C3",
                                             ("hand", 2): "SK ZZ"})
    assert len(typed.values[("hand", 1)]) == 13
    assert ("hand", 2) not in typed.values
    assert typed.bad[("hand", 2)].startswith("Cards in hand of Bertta: 'ZZ' is not a card")
    assert filled.values[("value", 1)] == 16 and ("value", 1) in filled.auto


def test_issues_are_placed_at_their_box_and_missing_ones_only_once_tried():
    g = game("lupaus", ["Anna", "Ben", "Cara"])
    typed_in = {("bid", 2): 3, ("bid", 3): 4, ("bid", 1): 2, ("tricks", 2): 3, ("tricks", 3): 9}
    typed, boxes, filled, _ = run_to_allowed(g, typed_in)
    found = g.validate(1, steps.build(g.ruleset, g.setup, filled.values))
    quiet = steps.place_issues(g.ruleset, found, boxes, typed, filled, tried=False)
    assert (quiet.at, quiet.errors, quiet.error_count) == ({}, (), 1)  # Anna's tricks: missing, not yet told
    loud = steps.place_issues(g.ruleset, found, boxes, typed, filled, tried=True)
    assert loud.at == {("tricks", 1): (("Tricks of Anna is not entered",), ())}

    typed, boxes, filled, _ = run_to_allowed(g, {**typed_in, ("tricks", 1): 0})
    found = g.validate(1, steps.build(g.ruleset, g.setup, filled.values))
    placed = steps.place_issues(g.ruleset, found, boxes, typed, filled, tried=False)
    assert placed.at == {("tricks", 1): (("the tricks taken add up to 12, not 10, the number of tricks played",), ())}
    assert placed.error_count == 1


def test_the_fields_counted_against_the_cards_come_from_the_checks():
    """A per-player number that a check compares with the cards: bid and tricks; not Wysiwyg's value."""
    counted = {rid: [f for f, spec in load_ruleset(rid).fields.items()
                     if counted_against_cards(load_ruleset(rid), spec)]
               for rid in ("lupaus", "whist", "wysiwyg", "wizard")}
    assert counted == {"lupaus": ["bid", "tricks"], "whist": [], "wysiwyg": [], "wizard": ["bid", "tricks"]}




def test_a_field_with_max_5_counted_by_a_check_has_a_running_total_named_by_its_plural():
    from scorekeeper.play.draft import DealDraft

    for plural, shown in (('plural = "Guesses"', "Guesses 3, tricks 5 (2 to enter)"),
                          ("", "Guess 3, tricks 5 (2 to enter)")):
        rs, problems = parse_ruleset_text(GUESSES.format(plural=plural), "mini.toml")
        assert problems == []
        draft = DealDraft(Game(rs, ["A", "B", "C"]))
        draft.set("guess", 2, 3)
        assert draft.view().phases[0].summary == (shown,)
        assert draft.view().cells[Slot("guess", 1)].kind == "pick"


def test_the_plural_label_is_translated_or_falls_back_to_the_translated_label():
    text = GUESSES.format(plural='plural = "Guesses"') + '''
[translations.fi]
fields.guess.label = "Arvaus"

[translations.pl]
fields.guess.label = "Typ"
fields.guess.plural = "Typy"
'''
    rs, problems = parse_ruleset_text(text, "mini.toml")
    assert problems == []
    assert [rs.localized(lang).fields["guess"].plural or rs.localized(lang).fields["guess"].label
            for lang in ("en", "fi", "pl")] == ["Guesses", "Arvaus", "Typy"]
