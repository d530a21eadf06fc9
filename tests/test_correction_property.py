"""No key sequence a table types to correct a deal stores another deal than the one meant.

The other half of entry at the table (tests/test_entry_property.py hunts new deals typed into
empty boxes): a deal already recorded comes back into the boxes FILLED, and the table corrects
it. For every built-in game: a few deals are recorded, then one is corrected, a past one chosen
on the board (ctrl+e) or the last one taken back (ctrl+z, its values back in the boxes), the
ways a table does: Up (or Down) to each box that was wrong and its right value typed over the
old one (with or without an Enter after it; a box the corrected deal leaves empty emptied with
Backspace; a value the rules now fill in typed anyway), or the whole deal typed again as players
type a new deal (bursts, slips taken back: the entry property's keys), the boxes cleared first or
typed over from the first box as they came back. Then Enter, as many as the form says.

The Enters must store the deal meant and leave every other deal as it was, the totals those of a
game typed afresh with the corrected deal; or stop with the question which of the readings was
meant (the deal meant among them), or with a line saying why nothing was confirmed. After a
correction of an undone deal, ctrl+y puts nothing back (the old deal is gone). Deeper:
``pytest tests/test_correction_property.py --hypothesis-profile=long``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from scorekeeper.game.engine import GameError
from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.typing import CONFIRM, Reading, Typist, _deal_key, _stops
from scorekeeper.play.undo import NextDeal
from scorekeeper.store.db import Store
from scorekeeper.play.layout import Slot
from test_entry_property import GAMES, UP, _back_to, _enter, _intended, _keystrokes, _played, _run, _written

STATS = {"deals": 0, "confirmed": 0, "asked": 0, "told": 0, "wrong": 0, "tables": set(), "ways": {}}
HOW = ("boxes", "boxes", "cleared", "again")
"""How the table corrects: the wrong boxes only (most often), the boxes cleared first and the deal typed
again, or the deal typed again from its first box over the filled boxes, without clearing them."""


def _boxes_keys(data, before, meant: DealDraft, plan) -> list[str]:
    """Up (or Down) to each box whose value the corrected deal changes, in the order of the form,
    and its value typed over the old one (Backspace where the corrected deal leaves it empty; a
    value the rules fill in typed, where the old deal had another typed there); an Enter after it
    now and then. ``before``: the view of the boxes as they came back."""
    want = meant.view()
    typed = {(c.field, c.unit) for c, _, how in plan if how == "typed"}
    habits = {"case": "lower", "seat": data.draw(st.sampled_from(["number", "initial", "name"]), label="a player by"),
              "plus": "never"}
    enter_after = data.draw(st.sampled_from(["never", "sometimes", "always"]), label="enter after a value")
    keys: list[str] = []
    for cell in want.cells.values():
        if not cell.visible or cell.kind == "text":
            continue
        old = before.cells.get(cell.slot)
        had = old.value if old is not None and old.visible else None
        # a box the rules filled in as it came back that the deal meant has typed: seen empty once the box it was
        # filled in from is corrected (WYSIWYG's last trick, from the points emptied), so typed
        refilled = (cell.field, cell.unit) in typed and old is not None and old.auto
        if had == cell.value and not refilled or (cell.field, cell.unit) not in typed and (old is None or old.auto
                                                                                          or had is None):
            continue  # (right already, or the rules fill it in as they did)
        keys.append(f"{UP}{cell.slot.field}@{cell.slot.pos}")
        if cell.value is None:
            keys.append("backspace")
            continue
        keys += _written(data, cell, cell.value, habits)
        if enter_after == "always" or enter_after == "sometimes" and data.draw(st.booleans(), label="enter"):
            keys.append("enter")
    while keys and keys[-1] == "enter":
        keys.pop()
    return keys + ["enter"]


def _corrected(typist: Typist, keys: list[str]):
    """The keys of a correction as the table types them, looking at the screen: Up or Down to a
    box unless the cursor is on it already (the value typed there replaces the one it shows),
    then the keys; the last Enter and those the form asks for after it as the entry property
    types them (see test_entry_property._run)."""
    for k in keys[:-1]:
        if k.startswith(UP):
            field, pos = k[len(UP):].rsplit("@", 1)
            if typist.cursor != Slot(field, int(pos)):
                _back_to(typist, k[len(UP):])
        elif k == "enter":
            if _enter(typist).confirm:
                return None  # (confirmed before the table was done: a deal the table did not mean)
        elif k == "backspace":
            typist.backspace()
        elif not (typist.question is not None and k.isdigit() and typist.choose(int(k))):
            typist.key(k)
    return _run(typist, keys[-1:])


def _twin(rules, names, options, deals) -> Game:
    twin = Game(rules, names, options)
    for values in deals:
        twin.record(dict(values))
    return twin


@pytest.mark.parametrize("rid", GAMES)
@settings(max_examples=max(settings.default.max_examples // 4, 3), deadline=None,
          suppress_health_check=list(HealthCheck))  # seeds and database: the profile's (fast: fixed)
@given(data=st.data())
def test_a_corrected_deal_is_stored_as_meant_or_asked(rid, data):
    played, options = _played(data, rid, deals=(1, 2))  # (drawn in a game of its own: a store for each draw left out is slow)
    rules, names, n = played.ruleset, played.players, len(played.players)
    drawn = [dict(d) for d in played.deals]
    with Store(":memory:") as store:
        stored = store.new_game(rules, rid, names, options)
        for values in drawn:
            stored.record(values)
        game = stored.game
        old = [dict(d) for d in game.deals]
        way = data.draw(st.sampled_from(["edit", "undo"]), label="ctrl+e or ctrl+z")
        if way == "edit":
            number = data.draw(st.integers(1, len(old)), label="deal corrected")
            draft = DealDraft(game, number, game.deals[number - 1], editing=True)
            made = _intended(data, _twin(rules, names, options, old[:number - 1]))
            nd = None
        else:
            number = len(old)
            nd = NextDeal(stored)
            nd.undo()
            assert nd.draft is not None and len(game.deals) == number - 1
            draft = nd.draft
            made = _intended(data, game)
        assume(made is not None)
        meant, plan = made
        before = draft.view()
        how = data.draw(st.sampled_from(HOW), label="how corrected")
        typist = Typist(draft)
        if how == "boxes":
            keys = _boxes_keys(data, before, meant, plan)
        elif how == "cleared":
            draft.clear()
            typist.reset()
            keys = _keystrokes(data, meant, plan)
        else:  # Up to the box a new deal starts at, and its keys typed over the filled boxes
            first = _stops(typist.view(Reading((), CONFIRM)), None)[0]
            _back_to(typist, f"{first.field}@{first.pos}")
            assume(typist.cursor == first)  # (a box the deal as it came back shows)
            # Typed over, a filled box is emptied by clearing it ("cleared"), not by an Enter, which keeps
            # what it shows (Wizard's turned card left as it was, the card not typed again)
            want = meant.view().cells
            assume(not any(c.visible and c.value is not None and not c.auto and c.slot in want
                           and want[c.slot].value is None for c in before.cells.values()))
            keys = _keystrokes(data, meant, plan)
        done = _corrected(typist, keys) if how == "boxes" else _run(typist, keys)
        where = f"{rid} {n} {options} {way} deal {number} of {old} {how}: {' '.join(keys)}"
        _check(typist, done, meant, where, (rid, n), f"{way} {how}")
        if not done.confirm or done.question is not None:
            assert [dict(d) for d in game.deals] == (old if way == "edit" else old[:-1]), where  # nothing stored
            return
        for (field, unit) in list(draft.typed):
            draft.set(field, unit, None)
        for (field, unit), value in typist.typed().items():
            draft.set(field, unit, value)
        if way == "edit":
            stored.edit(number, draft.plain_values())
        else:
            stored.record(draft.plain_values())
            nd.changed_game()
            assert nd.next_redo() is None, where  # ctrl+y: the old deal is not put back over the correction
        assert [dict(d) for i, d in enumerate(game.deals) if i != number - 1] == \
            [d for i, d in enumerate(old) if i != number - 1], where  # every other deal as it was
        try:  # the game typed afresh with the corrected deal: the same totals
            fresh = _twin(rules, names, options, old[:number - 1] + [meant.plain_values()] + old[number:])
        except GameError:  # (the corrected deal ends the game before the deals after it: changed as the store does)
            fresh = _twin(rules, names, options, old)
            fresh.edit(number, meant.plain_values())
        assert _deal_key(DealDraft(game, number, game.deals[number - 1]).view()) == _deal_key(meant.view()), where
        assert game.totals() == fresh.totals(), where


def _check(typist: Typist, done, meant: DealDraft, where: str, table, way: str) -> None:
    """What the Enters did: the deal meant confirmed, or asked (the deal meant offered), or told why not."""
    STATS["deals"] += 1
    STATS["tables"].add(table)
    STATS["ways"][way] = STATS["ways"].get(way, 0) + 1
    assert done is not None, f"{where}: an Enter typed after a value confirmed the deal before the table was done"
    assert (done.confirm or done.question is not None or done.note or done.told), where
    if done.note and not done.confirm or done.told:  # refused, or nothing whole: the line says why
        STATS["told"] += 1
        assert done.note or not typist.enter_confirms(), where
        return
    if done.question is not None:
        STATS["asked"] += 1
        assert done.question.text(), where
        if not done.question.waiting and not done.question.lost:
            offered = {_deal_key(typist.view(r)) for r in typist.readings}
            STATS["wrong"] += _deal_key(meant.view()) not in offered
            assert _deal_key(meant.view()) in offered, f"{where}: asked without the deal meant {meant.typed}"
        return
    STATS["confirmed"] += 1
    got = _deal_key(typist.view(typist.shown))
    STATS["wrong"] += got != _deal_key(meant.view())
    assert got == _deal_key(meant.view()), f"{where} -> {typist.typed()} meant {meant.typed}"


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    if STATS["deals"]:
        print(f"\ncorrection property: {STATS['deals']} corrections typed over {len(STATS['tables'])} tables "
              f"({len({t[0] for t in STATS['tables']})} games) {dict(sorted(STATS['ways'].items()))}: "
              f"{STATS['confirmed']} confirmed, {STATS['asked']} asked which, {STATS['told']} told why not, "
              f"{STATS['wrong']} wrong deals")
