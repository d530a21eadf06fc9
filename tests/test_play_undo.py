"""What undo takes back next while a deal is half typed (scorekeeper.play.undo), and that the
store's draft always holds what the boxes show."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.play.undo import GAME, TYPING, NextDeal
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

GAMES = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "rulesets").glob("*.toml"))
PLAYERS = ["Anna", "Ben", "Cara", "Dan"]  # Anna deals first: Ben, Cara, Dan, Anna bid in that order


def deal(number: int) -> dict:
    """Deal ``number`` of Lupaus for four (10 cards, then 9, ...): everyone bids 0, Anna takes every trick."""
    cards = 11 - number
    return {"turned": "hearts", "bid": [0, 0, 0, 0], "tricks": [cards, 0, 0, 0]}


def started(store: Store, played: int = 5):
    stored = store.new_game(load_ruleset("lupaus"), "lupaus", PLAYERS)
    for number in range(1, played + 1):
        stored.record(deal(number))
    return stored


def boxes(nd: NextDeal) -> dict:
    """What the form shows: each box's value, and whether the rules filled it in."""
    view = nd.draft.view()
    return {(c.field, c.unit): (c.value, c.auto) for c in view.cells.values() if c.value is not None}


def reopened(path, game_id: int) -> NextDeal:
    with Store(path) as store:
        return NextDeal(store.open_game(game_id))


def test_undo_takes_back_the_typing_box_by_box_then_the_deal_and_redo_puts_back_in_reverse(tmp_path):
    """Deal 6 half typed (Ben bids 2, Cara 1): ctrl+z takes back Cara's bid, then Ben's, then
    deal 5 (its values return to the boxes); ctrl+y puts back deal 5 and then both bids."""
    path = tmp_path / "g.db"
    with Store(path) as store:
        stored = started(store)
        nd = NextDeal(stored)
        nd.change("bid", 2, 2)
        nd.change("bid", 3, 1)
        seen = []
        for _ in range(3):
            seen.append((nd.next_undo(), nd.undo() is not None, len(stored.game.deals), nd.typed, stored.draft))
        # (the last player's tricks are filled in by the rules, not typed: a correction fills them in again)
        five = {("turned", None): "hearts", ("bid", 1): 0, ("bid", 2): 0, ("bid", 3): 0, ("bid", 4): 0,
                ("tricks", 2): 0, ("tricks", 3): 0, ("tricks", 4): 0}
        assert seen == [
            (TYPING, False, 5, {("bid", 2): 2}, {"bid": ["", 2, "", ""]}),
            (TYPING, False, 5, {}, None),
            (GAME, True, 4, five, {**deal(5), "tricks": ["", 0, 0, 0]}),
        ]
        assert nd.next_undo() == GAME  # the boxes hold what the undo put there: no typing
        again = []
        for _ in range(3):
            again.append((nd.next_redo(), nd.redo() is not None, len(stored.game.deals), nd.typed))
        assert again == [(GAME, True, 5, {}), (TYPING, False, 5, {("bid", 2): 2}),
                         (TYPING, False, 5, {("bid", 2): 2, ("bid", 3): 1})]
        assert nd.next_redo() is None
        assert stored.draft == {"bid": ["", 2, 1, ""]}
    assert reopened(path, stored.id).typed == {("bid", 2): 2, ("bid", 3): 1}


def test_changes_of_one_box_in_a_row_are_one_step():
    """Ben's bid typed 1, then 2 (a correction in the same box), then Cara's: two steps."""
    with Store(":memory:") as store:
        nd = NextDeal(started(store, 1))
        for field, unit, value in (("bid", 2, 1), ("bid", 2, 2), ("bid", 3, 1)):
            nd.change(field, unit, value)
        nd.undo()
        assert nd.typed == {("bid", 2): 2}
        nd.undo()
        assert nd.typed == {} and nd.next_undo() == GAME


def test_new_typing_forgets_what_could_be_redone_and_a_deal_is_redone_only_over_what_its_undo_left():
    """Ben's bid taken back, then Cara's typed: ctrl+y has nothing to put back. Deal 1
    undone and one of its boxes changed: redoing it would lose that change, so it waits
    until the change is taken back."""
    with Store(":memory:") as store:
        stored = started(store, 1)
        nd = NextDeal(stored)
        nd.change("bid", 2, 2)
        nd.undo()
        assert nd.next_redo() == TYPING
        nd.change("bid", 3, 1)
        assert nd.next_redo() is None and nd.redo() is None and nd.typed == {("bid", 3): 1}
        nd.undo()
        nd.undo()  # deal 1
        assert stored.game.deals == [] and nd.next_redo() == GAME
        nd.change("bid", 2, 3)
        assert nd.next_redo() is None
        nd.undo()
        assert nd.next_redo() == TYPING  # first the change taken back, then deal 1
        nd.redo()
        nd.undo()
        assert nd.redo() is None and nd.typed[("bid", 2)] == 3
        nd.undo()
        assert nd.next_redo() == TYPING
        nd.redo()
        nd.undo()
        assert nd.typed[("bid", 2)] == 0
        nd.redo()  # the change of Ben's bid
        nd.undo()
        assert nd.next_redo() == TYPING
        assert nd.typed == {("turned", None): "hearts", ("bid", 1): 0, ("bid", 2): 0, ("bid", 3): 0, ("bid", 4): 0,
                            ("tricks", 2): 0, ("tricks", 3): 0, ("tricks", 4): 0}
        assert nd.draft.values()["tricks"] == (10, 0, 0, 0)  # the last player's, filled in


def test_after_a_restart_the_draft_is_one_step_and_the_undone_deal_waits_for_redo(tmp_path):
    """Bids typed, the app left: resumed, ctrl+z takes back the whole draft at once (its
    steps were not kept), then deal 5. Resumed again, the boxes hold deal 5 as the undo
    left them: ctrl+z takes back deal 4 and ctrl+y puts it back, deal 5 returning to the boxes."""
    path = tmp_path / "g.db"
    with Store(path) as store:
        stored = started(store)
        nd = NextDeal(stored)
        nd.change("bid", 2, 2)
        nd.change("bid", 3, 1)
    with Store(path) as store:
        nd = NextDeal(store.open_game(stored.id))
        assert nd.next_undo() == TYPING
        nd.undo()
        assert nd.typed == {} and len(nd.game.deals) == 5
        nd.undo()
        assert len(nd.game.deals) == 4
        shown = nd.typed
    with Store(path) as store:
        nd = NextDeal(store.open_game(stored.id))
        assert nd.typed == shown and nd.next_undo() == GAME and nd.next_redo() == GAME
        nd.undo()
        assert len(nd.game.deals) == 3 and nd.typed[("tricks", 1)] == 7
        nd.redo()
        assert len(nd.game.deals) == 4 and nd.typed == shown
    assert reopened(path, stored.id).typed == shown


def test_the_store_keeps_only_what_was_typed_so_a_restart_fills_in_the_same_boxes(tmp_path):
    """Bids and three players' tricks typed: Anna's tricks are filled in by the rules. The
    draft keeps them empty, and the resumed form fills them in again (not as typed)."""
    path = tmp_path / "g.db"
    with Store(path) as store:
        stored = started(store)
        nd = NextDeal(stored)  # deal 6: 5 cards
        for unit, bid in ((2, 1), (3, 1), (4, 1), (1, 1)):
            nd.change("bid", unit, bid)
        for unit, tricks in ((2, 1), (3, 1), (4, 1)):
            nd.change("tricks", unit, tricks)
        before = boxes(nd)
        assert before[("tricks", 1)] == (2, True)
        assert stored.draft == {"bid": [1, 1, 1, 1], "tricks": ["", 1, 1, 1]}
    assert boxes(reopened(path, stored.id)) == before


def test_clearing_the_boxes_is_one_step_of_typing():
    """ctrl+l empties every box; ctrl+z brings them all back."""
    with Store(":memory:") as store:
        stored = started(store, 1)
        nd = NextDeal(stored)
        nd.change("bid", 2, 2)
        nd.change("bid", 3, 1)
        assert nd.clear() and stored.draft is None
        nd.undo()
        assert nd.typed == {("bid", 2): 2, ("bid", 3): 1} and stored.draft == {"bid": ["", 2, 1, ""]}


def test_a_deal_undone_can_be_redone_over_empty_boxes_as_after_a_kill_between_the_undo_and_its_boxes(tmp_path):
    """Deal 5 undone (committed), then the process killed before the boxes it put back were
    saved: resumed, the boxes are empty, and ctrl+y still puts deal 5 back (empty boxes lose
    nothing). Boxes cleared by hand after an undo: the same."""
    path = tmp_path / "g.db"
    with Store(path) as store:
        stored = started(store)
        stored.undo()  # what NextDeal.undo commits first; its boxes were never saved
        assert len(stored.game.deals) == 4 and not stored.draft
    with Store(path) as store:
        nd = NextDeal(store.open_game(stored.id))
        assert nd.typed == {} and nd.next_redo() == GAME
        nd.redo()
        assert len(nd.game.deals) == 5 and nd.game.deals[-1]["tricks"] == (6, 0, 0, 0)
        nd.undo()
        assert ("tricks", 1) not in nd.typed and nd.draft.values()["tricks"] == (6, 0, 0, 0)
        nd.clear()
        assert nd.next_redo() == GAME  # (the clearing itself is typing: ctrl+z would put the boxes back)
        nd.redo()
        assert len(nd.game.deals) == 5
    assert reopened(path, stored.id).typed == {}


def test_a_deal_undone_or_redone_into_the_boxes_builds_its_draft_once(tmp_path, monkeypatch):
    """The draft that works out the boxes of the deal undone (the rules' own values left out)
    is the next deal's draft: one draft a ctrl+z, not one for the boxes and then another.
    Deals 5 and 4 undone, then resumed: ctrl+y puts deal 4 back, deal 5 into the boxes, with
    one draft too. (Deal 5 of 6 cards, Anna deals, Ben bids first: Anna's tricks are filled in;
    deal 4, Dan deals: Dan's are.)"""
    import scorekeeper.play.undo as undo

    built = []

    class Counted(undo.DealDraft):
        def __init__(self, *args, **kwargs):
            built.append(args[1:2])
            super().__init__(*args, **kwargs)

    path = tmp_path / "g.db"
    five = {("turned", None): "hearts", ("bid", 1): 0, ("bid", 2): 0, ("bid", 3): 0, ("bid", 4): 0,
            ("tricks", 2): 0, ("tricks", 3): 0, ("tricks", 4): 0}
    four = {("turned", None): "hearts", ("bid", 1): 0, ("bid", 2): 0, ("bid", 3): 0, ("bid", 4): 0,
            ("tricks", 1): 7, ("tricks", 2): 0, ("tricks", 3): 0}
    with Store(path) as store:
        stored = started(store)
        nd = NextDeal(stored)
        monkeypatch.setattr(undo, "DealDraft", Counted)
        nd.undo()
        assert built == [(5,)] and nd.typed == five and nd.base() == five
        assert stored.draft == {**deal(5), "tricks": ["", 0, 0, 0]}
        nd.undo()
        assert built == [(5,), (4,)] and nd.typed == four and len(stored.game.deals) == 3
    with Store(path) as store:
        nd = NextDeal(store.open_game(stored.id))
        assert nd.next_redo() == GAME  # (the boxes are deal 4's as undone: its draft tells, once)
        built.clear()
        nd.redo()
        assert built == [(5,)] and nd.typed == five and len(nd.game.deals) == 4
        assert nd.next_undo() == GAME and nd.next_redo() == GAME  # the boxes hold deal 5 as undone


def test_the_boxes_an_undo_puts_back_can_be_worked_out_before_the_ctrl_z(tmp_path, monkeypatch):
    """prepare_undo, once a deal is recorded (the app calls it when quiet after the deal's
    frame), works out the boxes its undo puts back and their view; the ctrl+z then shows them
    without working them out again (no DealDraft._unfill nor _compute in it), the same boxes,
    the same draft saved,
    and what redo and undo do next is as without it."""
    from scorekeeper.play.draft import DealDraft

    five = {("turned", None): "hearts", ("bid", 1): 0, ("bid", 2): 0, ("bid", 3): 0, ("bid", 4): 0,
            ("tricks", 2): 0, ("tricks", 3): 0, ("tricks", 4): 0}
    with Store(tmp_path / "g.db") as store:
        stored = started(store, 4)
        nd = NextDeal(stored)
        assert nd.prepare_undo() is True and nd.prepare_undo() is False  # (once)
        stored.record(deal(5))
        nd.changed_game()
        assert nd.prepare_undo() is True
        unfilled = []
        unfill = DealDraft._unfill
        computed = []
        compute = DealDraft._compute

        def counted(draft):
            unfilled.append(draft.number)
            return unfill(draft)

        def counted_view(draft):
            computed.append(draft.number)
            return compute(draft)

        monkeypatch.setattr(DealDraft, "_unfill", counted)
        monkeypatch.setattr(DealDraft, "_compute", counted_view)
        nd.undo()
        assert unfilled == [] and computed == [] and nd.typed == five  # (the view too: worked out before)
        monkeypatch.setattr(DealDraft, "_compute", compute)
        monkeypatch.setattr(DealDraft, "_unfill", unfill)
        waiting = stored.game.to_redo
        assert list(nd.draft.typed) == list(DealDraft(stored.game, 5, waiting.values).typed)  # (the same order)
        monkeypatch.setattr(DealDraft, "_unfill", counted)
        assert boxes(nd)[("tricks", 1)] == (6, True)  # Anna's tricks filled in by the rules, as before
        assert stored.draft == {**deal(5), "tricks": ["", 0, 0, 0]}
        assert nd.next_undo() == GAME and nd.next_redo() == GAME
        nd.redo()
        assert len(stored.game.deals) == 5 and nd.typed == {}
        nd.undo()  # (the same record again: still known)
        assert unfilled == [] and nd.typed == five


def test_the_answers_worked_out_before_an_undo_serve_the_keys_after_it(tmp_path, monkeypatch):
    """The engine's answers prepare_undo worked out for the boxes an undo puts back are about
    the game as it is before that deal, which the undo does not change: the view the undone
    deal's boxes are shown again in after the ctrl+z (a key, a confirmation tried) asks the
    engine nothing (it asked its 9 questions again: every answer was forgotten with the game's
    history changed by the undo). The record of another deal, or another change, keeps nothing."""
    from scorekeeper.game.game import Game

    asked = []
    allowed = Game.allowed

    def counted(game, *args, **kwargs):
        asked.append(args[:2])
        return allowed(game, *args, **kwargs)

    with Store(tmp_path / "g.db") as store:
        stored = started(store, 4)
        nd = NextDeal(stored)
        stored.record(deal(5))
        nd.changed_game()
        assert nd.prepare_undo() is True
        nd.undo()
        monkeypatch.setattr(Game, "allowed", counted)
        nd.draft.mark_tried()
        nd.draft.view()
        assert asked == []
        nd.redo()
        fresh = nd.draft
        fresh.view()
        asked.clear()
        fresh.record_taken_back(stored.game.history[-2])  # (not the latest change: nothing kept)
        fresh.mark_tried()
        fresh.view()
        assert len(asked) == 0  # (the game is as it was: its answers are still the game's)
        stored.undo()
        fresh.record_taken_back(stored.game.to_redo)  # (a record of deal 5, not of this deal 6)
        fresh.mark_tried()
        asked.clear()
        fresh.view()
        assert len(asked) > 0
        # deal 5 prepared, then deals 5 and 4 undone and 4 recorded anew: the game before deal 5
        # is another one, whatever the length of its history
        stored.redo()
        nd.changed_game()
        assert nd.prepare_undo() is True
        prepared = nd._ready[1]
        last = stored.game.history[-1]
        stored.undo()
        stored.undo()
        stored.record({**deal(4), "tricks": [5, 2, 0, 0]})
        prepared.record_taken_back(last)
        prepared.mark_tried()
        asked.clear()
        prepared.view()
        assert len(asked) > 0


@pytest.mark.parametrize("rid", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_deals_boxes_are_the_same_worked_out_before_or_after_its_undo(rid, data):
    """What prepare_undo relies on, for every built-in game: the boxes a recorded deal gives
    back (DealDraft of its values, the rules' own values left out) are the same, in the same
    order, worked out while the deal is recorded and once it is undone; and so is their view
    (the form, the panel, the checks)."""
    from test_entry_property import _played

    from scorekeeper.play.draft import DealDraft

    game, _ = _played(data, rid, deals=(1, 3), to_the_end=True)
    last = game.history[-1]
    prepared = DealDraft(game, last.deal, last.values)
    before = list(prepared.typed.items())
    view = prepared.view()
    game.undo()
    assert game.to_redo is last
    again = DealDraft(game, last.deal, last.values)
    assert list(again.typed.items()) == before
    assert again.view() == view  # (the view prepare_undo works out is the one the undo shows)
    # the answers behind it serve the draft after the undo too (record_taken_back): a box
    # changed then shows what a draft worked out afresh shows
    prepared.record_taken_back(last)
    if before:
        (field, unit), _ = before[-1]
        prepared.set(field, unit, None)
        again.set(field, unit, None)
        assert prepared.view() == again.view()
