"""The deal being entered, worked out again per key with what earlier views knew
(scorekeeper.play.draft): every view is the one a draft computing everything afresh shows.

Each shipped game's example sheet is replayed and its last deals undone; random values are
then typed into the next deal's boxes (values it offers, numbers out of bounds, text that
is no value, cleared boxes), a confirmation is tried, and deals before it are changed and
the changes undone and redone. After each step the view, and the deal's values, equal
those of a draft that asks the engine every question again and keeps nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from scorekeeper.game.engine import GameError
from scorekeeper.game.game import Game
from scorekeeper.game.sheet import load_sheet
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.layout import Slot
from scorekeeper.play.steps import Shown
from scorekeeper.rules.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
SHEETS = ("bridge-chicago", "bridge-rubber", "euchre", "five-hundred", "hearts", "lupaus",
          "pataviitonen-criteria-sheet", "pataviitonen", "romanian-whist", "schafkopf", "skat", "spades",
          "whist-honours", "whist", "wizard", "wysiwyg", "uno", "phase-10", "cribbage", "gin-rummy", "belote", "french-tarot", "tysiac", "jass", "preferans", "doppelkopf", "coinche", "huutopussi")
NOT_VALUES = ("", None, "x", -1, 10 ** 7, 10 ** 13, "SA SA", "SA KD", "Z9", True, "nt")


class Forgetful(dict):
    """A memo that never has the answer: every question is asked of the engine again."""

    def __contains__(self, key) -> bool:
        return False


class Plain(DealDraft):
    """The draft the slow way: nothing kept between views or between the steps of one."""

    def _kept_answers(self) -> dict:
        return Forgetful()

    def _known(self, values) -> list:
        return [None, None, None]

    def _compute(self):
        self._shown = Shown()
        return super()._compute()


def test_the_sheets_cover_every_shipped_game():
    shipped = {p.stem for p in (ROOT / "rulesets").glob("*.toml")}
    covered = {load_sheet(ROOT / "examples" / f"{name}.toml").ruleset.id for name in SHEETS}
    assert shipped <= covered


def test_the_slow_draft_keeps_nothing():
    """Lupaus for 4, deal 1, nothing typed: the reference asks about each of the 9 boxes
    twice at every view (given the others, to fill in; given the boxes before it, for what
    it may take), where a draft asks each question once and nothing again. Both ask the
    phases' two questions once (whether a field adds up to the cards)."""
    g = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara", "Dan"])
    asked = []
    allowed = g.allowed
    g.allowed = lambda *a, **k: asked.append(a[:2]) or allowed(*a, **k)
    for kind, first, again in ((Plain, 20, 18), (DealDraft, 11, 0)):
        asked.clear()
        draft = kind(g)
        draft.view()
        assert len(asked) == first
        draft._view = None
        draft.view()
        assert len(asked) == first + again


def _started(sheet: str, keep: int) -> Game:
    """The sheet's game with only its first ``keep`` deals (the rest undone)."""
    game = load_sheet(ROOT / "examples" / f"{sheet}.toml")
    while len(game.deals) > keep or game.is_over:
        game.undo()
    return game


def _value(data, cell):
    """A value to type in a cell: one it offers, a number about its bounds, a value refused,
    out of bounds or no value of the field's kind at all (for a number: any number)."""
    offered = [c.value for c in cell.choices]
    near = [n for b in (cell.lo, cell.hi) if b is not None for n in (b - 1, b, b + 1)]
    numbers = all(type(v) is int for v in offered) and (offered or near)
    wrong = (-1, 10 ** 7, 10 ** 13, 99) if numbers else NOT_VALUES  # (10 ** 13: more than a formula reads)
    cards = () if offered or near else ("SA KD QH", "2C 3C 4C 5C")
    return data.draw(st.sampled_from(offered + near + list(wrong) + list(cards)))


def _same_as_afresh(draft: DealDraft) -> None:
    plain = Plain(draft.game, draft.number, editing=draft.editing)
    plain.typed = dict(draft.typed)
    plain.tried = draft.tried
    view, fresh = draft.view(), plain.view()
    assert view == fresh
    assert view.panel.shown == fresh.panel.shown  # (not compared by ==)
    assert [c.needed for c in view.cells.values()] == [c.needed for c in fresh.cells.values()]
    assert draft.plain_values() == plain.plain_values()
    assert draft.typed_values() == plain.typed_values()


def _change_game(data, game: Game, draft: DealDraft, changes: list) -> None:
    """Change an earlier deal (to the values of another), or undo or redo such a change;
    the draft is told, or only its view forgotten (it finds out from the game's history)."""
    what = data.draw(st.sampled_from(("edit", "undo", "redo")))
    if what == "edit" and game.deals:
        number = data.draw(st.integers(1, len(game.deals)))
        other = data.draw(st.integers(1, len(game.deals)))
        try:
            game.edit(number, game.deals[other - 1])
        except GameError:
            return
        changes.append(number)
    elif what == "undo" and changes:
        game.undo()
        changes.pop()
    elif what == "redo" and game.to_redo is not None and game.to_redo.kind == "edit":
        game.redo()
        changes.append(0)
    else:
        return
    if data.draw(st.booleans()):
        draft.invalidate()
    else:  # the view forgotten, the draft not told why: the answers it kept are not used
        draft._view = None


def _step(data, draft: DealDraft, changes: list) -> None:
    step = data.draw(st.sampled_from(("type", "type", "type", "type", "clear", "try", "game")))
    cells = list(draft.view().cells.values())
    if step == "type":
        cell = data.draw(st.sampled_from(cells))
        draft.set(cell.field, cell.unit, _value(data, cell))
    elif step == "clear":
        cell = data.draw(st.sampled_from(cells))
        draft.set(cell.field, cell.unit, None)
    elif step == "try":
        draft.mark_tried()
    else:
        _change_game(data, draft.game, draft, changes)


@pytest.mark.parametrize("sheet", SHEETS)
@given(data=st.data())
def test_every_view_is_the_one_computed_afresh(sheet, data):
    """Random typing, confirmations tried and changes of the game: the same views."""
    game = _started(sheet, data.draw(st.integers(1, 3)))
    editing = data.draw(st.booleans())
    draft = DealDraft(game, len(game.deals), game.deals[-1], editing=True) if editing else DealDraft(game)
    changes: list = []
    _same_as_afresh(draft)
    for _ in range(data.draw(st.integers(1, 14))):
        before = draft.view().cells
        _step(data, draft, changes)
        _same_as_afresh(draft)
        after = draft.view().cells
        assert all(after[s] is before[s] for s in after if s in before and after[s] == before[s])


def test_a_cell_equal_to_the_last_one_shown_is_the_same_object():
    """Lupaus for 4, deal 1 (Ben bids first): Ben's bid typed, Dan's tricks box is the
    object shown before (the tricks read no bid); Ben's bid box is a new one, with his 3."""
    draft = DealDraft(Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara", "Dan"]))
    before = draft.view().cells
    draft.set("bid", 2, 3)
    after = draft.view().cells
    assert (after[Slot("tricks", 3)].who, after[Slot("bid", 1)].who) == ("Dan", "Ben")
    assert after[Slot("tricks", 3)] is before[Slot("tricks", 3)]
    assert after[Slot("bid", 1)] is not before[Slot("bid", 1)] and after[Slot("bid", 1)].value == 3


def test_a_value_no_entry_can_take_counts_against_the_answers_kept():
    """Lupaus for 4, deal 1 (10 cards): Anna, Ben and Cara took 3 tricks each, so Dan's 1
    is filled in. A bid of seat 9 (no seat of this table) changes nothing; once Ben's bid is
    a number larger than any formula reads, the engine answers nothing about the tricks and
    Dan's box waits, as it does in a draft given the same boxes afresh."""
    g = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara", "Dan"])
    draft = DealDraft(g)
    for seat in (1, 2, 3):
        draft.set("tricks", seat, 3)
    draft.set("bid", 9, 10 ** 13)
    dan = Slot("tricks", 3)
    assert (draft.view().cells[dan].who, draft.view().cells[dan].value) == ("Dan", 1)
    draft.set("bid", 9, None)
    draft.set("bid", 2, 10 ** 13)
    assert draft.view().cells[dan].value is None
    _same_as_afresh(draft)

