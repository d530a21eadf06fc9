"""No key sequence a player types for the deal they mean confirms a different deal.

For every built-in game and number of players: a deal the rules take is drawn box by box
from the values the form allows, and typed as players type it (play/typing.py, headless):
each value's keys in order, with or without an Enter after it, an optional box only when
set (an empty one passed over with Enter, or not), a value the rules fill in typed anyway or not, a wrong value taken back with
Backspace now and then, all in one burst; then Enter, and Enter again where the form says
the deal is complete but more may follow (an Enter that asks that is no stop: the table
types on, then Enters while the form says the deal may go on). The Enters must confirm the deal meant, or stop with the question which of the
readings was meant, the deal meant among them, or with a line saying what is missing (no reading of
the keys is a deal the rules take: an Enter never does nothing). Deeper:
``pytest tests/test_entry_property.py --hypothesis-profile=long``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from helpers.draws import draw_options
from scorekeeper.game.engine import GameError
from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.layout import Slot
from scorekeeper.play.typing import CONFIRM, Done, Typist, _deal_key
from scorekeeper.rules.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.stem for p in (ROOT / "rulesets").glob("*.toml"))
TABLES = [(rid, n) for rid in GAMES for n in range(load_ruleset(rid).min_players,
                                                      min(load_ruleset(rid).max_players, 7) + 1)]
NAMES = ("Anna", "Ben", "Cara", "Dan", "Eve", "Finn", "Gus")
NUMBER_TRIES = 12
"""Numbers drawn for a box until its checks take one (Phase 10's points are multiples of 5:
drawn once, nearly every deal for 4 players was refused and left out of the run)."""
ENTERS_MORE = 12
"""Enters the table presses after its last key while the form says the deal may go on (a box
that may stay empty may be passed over by each)."""
UP = "up>"
"""A key of the typed sequence that stands for going back to a box with Up (as many as it takes, or
Backspace when the cursor is still on the box): "up>FIELD@POS"."""
BACK = "back>"
"""A key of the typed sequence that stands for Backspace pressed once for each key typed since a
slip, and Up to its box: "back>FIELD@POS#COUNT" (a slip seen after the next value)."""
SLIP_UP = "slip>"
"""A key of the typed sequence that stands for a slip seen at once, the table going back to it as the
screen shows it: Backspace where it is on show at the cursor (digits waiting there), else as UP
("slip>FIELD@POS", the box the table meant it for)."""
RESUME = "resume>"
"""The table, after going back with Up and correcting a box, goes on from where it was: Down to
the box the cursor was on before the Up, where the cursor did not go back there by itself."""
DOWN = "down>"
"""A key of the typed sequence that stands for Down after a value, as a table using the arrows ends it:
"down>FIELD@POS", the box the next value is for (see _down)."""
STATS = {"deals": 0, "confirmed": 0, "asked": 0, "told": 0, "wrong": 0, "tables": set()}


def _keys_of(cell, value) -> str:
    """The keys that type ``value`` in ``cell`` (a choice's first key, or its digits)."""
    if cell.kind == "number":
        return str(value)
    for c in cell.choices:
        if c.value == value:
            if type(value) is int:
                return str(value)
            return c.keys[:1]
    return ""


def _intended(data, game: Game) -> tuple[DealDraft, list] | None:
    """A deal drawn box by box from the values allowed: the draft holding it, and the
    boxes as typed in order: (slot, value, how) where how is 'typed', 'filled' or 'set'."""
    draft = DealDraft(game)
    plan = []
    for _ in range(60):
        view = draft.view()
        empty = [c for c in view.cells.values() if c.visible and c.value is None and c.kind != "text"
                 and (c.field, c.unit) not in {(p[0].field, p[0].unit) for p in plan}]
        if not empty:
            break
        cell = empty[0]
        if cell.optional or cell.computed:
            if not data.draw(st.booleans(), label="set optional"):
                plan.append((cell, None, "skip"))
                continue
        if cell.kind == "number":
            lo = cell.lo if cell.lo is not None else -50
            hi = cell.hi if cell.hi is not None else 200
            for _ in range(NUMBER_TRIES):  # (a number its box's checks refuse is drawn again)
                value = data.draw(st.integers(lo, min(hi, lo + 200)), label="number")
                draft.set(cell.field, cell.unit, value)
                if not draft.view().cells[cell.slot].errors:
                    break
            else:  # the one number the checks take (Tysiac's card points: the sum of 120), if any
                value = next((v for v in range(lo, min(hi, lo + 200) + 1)
                              if not _refused(draft, cell, v)), value)
        else:
            allowed = [c.value for c in cell.choices if c.allowed]
            if not allowed:
                return None
            value = data.draw(st.sampled_from(allowed), label=cell.label)
        if cell.optional and cell.computed and _shown(cell, value) == cell.computed:
            draft.set(cell.field, cell.unit, None)
            plan.append((cell, None, "skip"))  # the value it has when left empty: not typed
            continue
        draft.set(cell.field, cell.unit, value)
        plan.append((cell, value, "typed"))
    view = draft.view()
    if not view.can_confirm or any(c.needed for c in view.cells.values()):
        return None
    return draft, plan


def _played(data, rid: str, deals: tuple[int, int] = (0, 2), to_the_end: bool = False) -> tuple[Game, dict]:
    """The set-up of the property tests that need a game with deals recorded: a game of ``rid``
    for a number of players drawn, its house rules drawn (those it refuses left out), and a few
    deals recorded as drawn by _intended (``deals``: at least and at most how many). A game those
    deals end is left out, or with ``to_the_end`` kept as it ended. The game, and its house rules
    as drawn."""
    n = data.draw(st.sampled_from([m for game, m in TABLES if game == rid]), label="players")
    rules = load_ruleset(rid)
    options = draw_options(data, rules)
    try:
        game = Game(rules, NAMES[:n], options)
    except (GameError, ValueError):
        assume(False)
    for _ in range(data.draw(st.integers(*deals), label="deals before")):
        made = _intended(data, game)
        assume(made is not None)
        game.record(made[0].plain_values())
        if game.is_over:
            assume(to_the_end)
            break
    return game, options


def _refused(draft: DealDraft, cell, value) -> bool:
    draft.set(cell.field, cell.unit, value)
    return bool(draft.view().cells[cell.slot].errors)


def _shown(cell, value) -> str:
    for c in cell.choices:
        if c.value == value:
            return c.text
    return str(value)


def _keystrokes(data, draft: DealDraft, plan) -> list[str]:
    """The keys a player types for the deal: in the order of the form. Each table has its
    habits: an Enter after a value never, sometimes or always (or, written as on paper or in a
    pasted line, a comma, a semicolon, a tab or a space); an optional box left empty passed over
    with that key (as in any form, or as an empty cell of a line) never, sometimes or always,
    when a value is typed after it (or before the last Enter, which then passes over the boxes
    left to the end); letters in lower or upper case; a player picked by seat number, initial
    or whole name; a plus before a number now and then."""
    view = draft.view()
    typed = {(c.field, c.unit): v for c, v, how in plan if how == "typed"}
    after_value = data.draw(st.sampled_from(["never", "sometimes", "always"]), label="enter after a value")
    passes = data.draw(st.sampled_from(["never", "sometimes", "always"]), label="enter over an empty box")
    between = data.draw(st.sampled_from(["enter", "enter", ",", ";", "\t", " ", ", ", DOWN]), label="between values")
    over = "enter" if between == DOWN else between.strip() or "enter"  # (a space passes over no box)
    habits = {"case": data.draw(st.sampled_from(["lower", "upper", "title"]), label="letters"),
              "seat": data.draw(st.sampled_from(["number", "initial", "name"]), label="a player by"),
              "plus": data.draw(st.sampled_from(["never", "sometimes"]), label="plus before a number")}
    keys: list[str] = []
    passed: list[str] = []  # Enters over empty optional boxes since the last value (typed before the next)
    late: list[str] = []  # a slip seen after the next value: the keys that go back and correct it
    since = slipped = 0  # where the keys typed after that slip begin, and where the slip is
    slipped_at = None  # the box of that slip and its key
    skipped: list = []  # optional boxes left empty with no key since the last value (the cursor may be on one)
    for cell in view.cells.values():
        if not cell.visible or cell.kind == "text":
            continue
        key = (cell.field, cell.unit)
        if key in typed:
            value = typed[key]
        elif cell.auto and data.draw(st.booleans(), label="type the filled-in value"):
            value = cell.value
        else:
            if cell.optional and not cell.auto and _habit(data, passes, "pass over"):
                passed.append(over)
            elif cell.optional and not cell.auto:
                skipped.append(cell)
            continue
        if keys and keys[-1] == DOWN and not passed:  # (Down to this box, the one the next value is for)
            keys[-1] = f"{DOWN}{cell.slot.field}@{cell.slot.pos}"
        keys += passed
        slipped_into = [] if passed else skipped  # (a slip key such a box takes is typed there, as the screen shows)
        passed, skipped = [], []
        written = _written(data, cell, value, habits)
        enter = ["enter"] if between == "enter" else [DOWN] if between == DOWN else list(between)
        after = enter if _habit(data, after_value, "enter after") else []
        if key in typed and not late and data.draw(st.integers(0, 9), label="correct") == 0:
            wrong = _slips(cell, value, slipped_into)
            if wrong:
                slip = data.draw(st.sampled_from(wrong), label="wrong")
                seen = data.draw(st.sampled_from(["up", "backspace", "after the next"]), label="slip seen")
                if seen == "after the next" and (_shows_other_boxes(draft, cell, slip)
                                                 or slip.isdigit() and not _no_enter(after)):
                    seen = "up"  # (the next value's keys refused on show, or read as more digits of the slip:
                    # the screen shows it at once, before the table goes back for the slip alone)
                if seen == "up" and slip.isdigit() and keys and keys[-1].isdigit():
                    seen = "backspace"  # (read as more digits of the value before it, the slip is on show in that
                    # box, the cursor still there: Up from it goes to a box before; a Backspace takes the slip back)
                where = f"{cell.slot.field}@{cell.slot.pos}"
                if seen == "up":  # (the slip seen after it moved on)
                    keys += [slip, f"{SLIP_UP}{where}"]
                elif seen == "backspace":
                    keys += [slip, "backspace"]
                    if data.draw(st.booleans(), label="second backspace"):
                        keys = keys[:-2]  # (not a correction after all)
                else:  # typed on to the next value, then gone back: with Up, or Backspace as far as it
                    slipped, slipped_at = len(keys), (cell, slip)
                    keys += [slip] + _no_enter(after)  # (no Enter before the slip is seen: it may confirm)
                    late, since = _late(data, where, written + after), len(keys)
                    continue
        if late and _refused_after_slip(draft, slipped_at, cell, value):  # (seen at once: the box says why)
            late = _by_up_over_enter(late, keys, slipped)
            keys += [f"{late[0]}#{_typed_since(keys, slipped)}" if late[0].startswith(BACK) else late[0]] + late[1:]
            keys += written + after
            late = []
        elif late:  # (after Backspace, the keys it took back typed again; after Up, on from where it was)
            keys += written + _no_enter(after)
            late = _by_up_over_enter(late, keys, slipped)
            if late[0].startswith(BACK):  # (as many as the keys typed since the slip)
                keys += [f"{late[0]}#{_typed_since(keys, slipped)}"] + late[1:] + keys[since:]
            else:
                keys += late + [RESUME]
            late = []
        else:
            keys += written + after
    if late:  # (no value after it: seen at the end, before the Enter that confirms)
        late = _by_up_over_enter(late, keys, slipped)
        keys += [f"{late[0]}#{_typed_since(keys, slipped)}" if late[0].startswith(BACK) else late[0]] + late[1:]
    if passed:  # the boxes left empty to the end passed over with Enter, then the Enter that confirms
        return keys + passed + ["enter"]
    while keys and (keys[-1] in ("enter", ",", ";", "\t", " ") or keys[-1].startswith(DOWN)):
        keys.pop()  # the Enter after the last value is the one that confirms
    return keys + ["enter"]


def _late(data, where: str, right: list[str]) -> list[str]:
    """A slip seen only after the next value was typed: the keys that take the table back to the
    box at ``where`` (Up, or Backspace until the box is empty and the cursor on it), then its
    value ``right`` as meant. After Backspace the value after it is typed again (it was taken
    back too); after Up the table goes on from where it was (``RESUME``)."""
    how = UP if data.draw(st.booleans(), label="late slip back with up") else BACK
    return [f"{how}{where}"] + right


def _slipped(draft: DealDraft, cell, slip: str) -> DealDraft | None:
    """The deal meant with the value ``slip`` picks in ``cell`` (None if it picks none alone)."""
    value = int(slip) if slip.isdigit() and (cell.kind == "number" or all(type(c.value) is int for c in cell.choices)) \
        else next((c.value for c in cell.choices if c.keys[:1] == slip), None)
    if value is None:
        return None
    other = DealDraft(draft.game)
    for (field, unit), typed in draft.typed.items():
        other.set(field, unit, typed)
    other.set(cell.field, cell.unit, value)
    return other


def _shows_other_boxes(draft: DealDraft, cell, slip: str) -> bool:
    """Whether the value ``slip`` picks in ``cell`` puts other boxes on show than the deal meant
    (Belote's trump "passed" leaves no box to type: the next value's keys are refused at once)."""
    other = _slipped(draft, cell, slip)
    return other is not None and {c.slot for c in other.view().cells.values() if c.visible} != \
        {c.slot for c in draft.view().cells.values() if c.visible}


def _refused_after_slip(draft: DealDraft, slipped_at, cell, value) -> bool:
    """Whether the rules refuse ``value`` in ``cell`` with the slip in its box (Schafkopf: Anna
    declares by a slip, and the partner Anna is refused): the box says so at once."""
    other = _slipped(draft, *slipped_at) if slipped_at is not None else None
    there = other.view().cells.get(cell.slot) if other is not None else None
    if there is None:
        return False
    if there.choices:
        return not any(c.value == value and c.allowed for c in there.choices)
    other.set(cell.field, cell.unit, value)
    return bool(other.view().cells[cell.slot].errors)


def _by_up_over_enter(late: list[str], keys: list[str], start: int) -> list[str]:
    """The way back to a slip: by Up where an Enter was typed since it (``start``: where the slip
    is in ``keys``; after an Enter, Backspace empties a box where the table counts keys)."""
    if late[0].startswith(BACK) and any(k == "enter" or k.startswith(DOWN) for k in keys[start:]):
        return [UP + late[0][len(BACK):]] + late[1:]
    return late


def _typed_since(keys: list[str], start: int) -> int:
    """The Backspaces that take back the keys from ``start`` on (none of them an Enter: after an
    Enter, Backspace empties a box, so the table goes back with Up)."""
    return sum(k != "enter" for k in keys[start:])


def _no_enter(keys: list[str]) -> list[str]:
    """The keys after a value without an Enter (a separator never confirms; an Enter may)."""
    return [] if "enter" in keys else keys


def _written(data, cell, value, habits) -> list[str]:
    """The keys of ``value`` as this table writes it: its letter in the case of the table's
    habit, a player by seat number, initial or whole name, a plus before a number now and then."""
    keys = _keys_of(cell, value)
    choice = next((c for c in cell.choices if c.value == value), None)
    if type(value) is int and choice is not None and choice.text in NAMES and habits["seat"] != "number":
        keys = choice.text if habits["seat"] == "name" else choice.text[0]
        keys = keys.lower() if habits["case"] == "lower" else keys.upper() if habits["case"] == "upper" else keys
    elif keys.isalpha():
        keys = keys.upper() if habits["case"] == "upper" else keys
    elif type(value) is int and value >= 0 and habits["plus"] == "sometimes" \
            and data.draw(st.integers(0, 3), label="plus") == 0:
        keys = "+" + keys
    return list(keys)


def _habit(data, how: str, label: str) -> bool:
    return how == "always" or how == "sometimes" and data.draw(st.booleans(), label=label)


def _slips(cell, value, skipped: list) -> list[str]:
    """The slips a table makes typing ``value`` in ``cell``: first keys of its other values (a filled-in
    box takes no other), but none that an optional box left empty with no key before it takes: the
    cursor is on that box, the key is typed there as the screen shows, and the keys are those of a
    deal meaning that value there (WYSIWYG: `0 d c` is doubled, clubs, not a `d` slipped for clubs)."""
    return [w for w in _wrong_keys(cell, value) if not any(w in _wrong_keys(c, None) for c in skipped)]


def _wrong_keys(cell, value) -> list[str]:
    """The first keys of other values the box takes: a slip the table takes back with Backspace
    (a number, a number picked, or a choice by its letter)."""
    if cell.kind == "number":
        lo = cell.lo if cell.lo is not None else 0
        hi = cell.hi if cell.hi is not None else 9
        return [d for d in "123456789" if lo <= int(d) <= hi and d != str(value)[0]
                and (not cell.values or any(str(v).startswith(d) for v in cell.values))]
    first = _keys_of(cell, value)[:1]
    return sorted({k for c in cell.choices if c.allowed and c.value != value
                   for k in [_keys_of(cell, c.value)[:1]] if k and k != first})


def _run(typist: Typist, keys: list[str]):
    """The keys typed in one burst, as the app takes them: a question asked on the way is not
    read before the keys after it (a digit typed while the question which deal was meant is on
    show answers it, as in the app); an Enter that asks whether more is to come (the keys may
    go on, or the deal is complete but boxes that may stay empty follow) is no stop: the table
    types on, and after its last key presses Enter again, as the form says ("or Enter twice").
    It stops at a confirm, or at the question which deal was meant (or to check the boxes: more
    readings than followed) after its last key."""
    done = None
    resume: list[Slot] = []  # where the cursor was before an Up (the table goes back there)
    for k in keys:
        if k == "enter":
            done = _enter(typist)
            if done.confirm:
                return done
        elif k == "backspace":
            done = typist.backspace()
        elif k.startswith(SLIP_UP) and typist.pending:  # (the slip's digits on show at the cursor)
            done = typist.backspace()
        elif k.startswith((UP, SLIP_UP)):
            going, (field, pos) = _where_going(typist), k.split(">", 1)[1].rsplit("@", 1)
            resume.append(None if going == Slot(field, int(pos)) else going)  # (going to that box: nothing to go on to)
            done = _back_to(typist, k.split(">", 1)[1])
        elif k.startswith(BACK):
            done = _erase_to(typist, k[len(BACK):])
        elif k.startswith(DOWN):
            done = _down(typist, k[len(DOWN):])
        elif k == RESUME:
            done = _resume(typist, resume.pop() if resume else None)
        elif typist.question is not None and k.isdigit() and typist.choose(int(k)):
            done = None  # (the app's form: a digit answers the question on show)
        else:
            done = typist.key(k)
    if done is not None and done.question is not None and (not done.question.waiting or done.question.lost):
        return done  # (a question stops the table: which deal, or check the boxes)
    for _ in range(ENTERS_MORE):  # Enter again while the form says the deal may still go on
        quiet = done is not None and not done.confirm and done.question is None and not done.note and not done.told
        if quiet:  # (an Enter taken as the habit after a value, or ending one: nothing saved, Enter again)
            done = _enter(typist)
            continue
        if done is None or done.question is None or not done.question.waiting or done.question.lost:
            break
        done = _enter(typist)
    return done


def _back_to(typist: Typist, where: str) -> Done:
    """The table saw a slip in a box (``where``: FIELD@POS) and goes back to it as the form lets
    it, looking at the screen: Up until the cursor is on the box (the form's Up: the box before,
    every box on show counted), or Backspace when the cursor is still on it (digits waiting)."""
    field, pos = where.rsplit("@", 1)
    slot = Slot(field, int(pos))
    if typist.cursor == slot:  # (no digits waiting: the box is empty or shows a value, the next typed there)
        return typist.backspace() if typist.pending else Done()
    chain = [c.slot for c in typist.view(typist.shown).cells.values() if c.visible] + [CONFIRM]
    if slot not in chain or typist.cursor not in chain:
        return Done()
    for _ in range(chain.index(typist.cursor) - chain.index(slot)):
        i = chain.index(typist.cursor)
        typist.move_to(chain[i - 1])  # (the form's Up: the cursor to the box before, nothing else)
    if typist.cursor != slot:  # (below it: Down, as the form's Down)
        typist.move_to(slot)
    return Done()


def _erase_to(typist: Typist, where: str) -> Done:
    """Backspace once for each key typed since the slip (``where``: FIELD@POS#COUNT; each takes back
    a key, or after an Enter empties a box or goes back one), then Up to the box if the cursor is
    not on it: the value typed again replaces what it shows."""
    where, _, count = where.partition("#")
    done = Done()
    for _ in range(int(count)):
        done = typist.backspace()
    field, pos = where.rsplit("@", 1)
    return _back_to(typist, where) if typist.cursor != Slot(field, int(pos)) else done


def _down(typist: Typist, where: str) -> Done:
    """Down after a value, as a table using the arrows ends it, looking at the screen: while digits
    wait at the cursor, the cursor to the box after it (the form's Down: every box on show
    counted); then, where the cursor is on a box before ``where`` (FIELD@POS: the box the next
    value is for; a box filled in or left empty between), Down again until it is there, but not on
    from a box the rules need shown empty (every such box before it is one the table typed: seeing
    it empty, its keys read another way than meant, the table types on there); where it
    is on a box after it (the value before came whole and the cursor went on by itself past a box
    that may stay empty: Schafkopf's knocks after the declarer), Up until it is there, as Down
    from there goes on away from it."""
    def chain() -> list[Slot]:
        return [c.slot for c in typist.view(typist.shown).cells.values() if c.visible] + [CONFIRM]
    if typist.pending and typist.cursor in chain()[:-1]:
        typist.move_to(chain()[chain().index(typist.cursor) + 1])
    if where:
        field, pos = where.rsplit("@", 1)
        target = Slot(field, int(pos))
        for _ in range(len(chain())):
            slots = chain()
            if typist.cursor not in slots or target not in slots or typist.cursor == target:
                break
            step = 1 if slots.index(typist.cursor) < slots.index(target) else -1
            here = typist.cell(typist.shown, typist.cursor) if typist.cursor != CONFIRM else None
            if step == 1 and here is not None and here.needed:
                break  # (a box it typed, shown empty: its keys were read another way; it types on, as it sees)
            typist.move_to(slots[slots.index(typist.cursor) + step])
    return Done()


def _where_going(typist: Typist) -> Slot:
    """Where the table was going to type next: the cursor, or with digits waiting there (a value
    the table had ended in its mind, the next key for the box after), the box after it."""
    if not typist.pending:
        return typist.cursor
    chain = [c.slot for c in typist.view(typist.shown).cells.values() if c.visible and c.kind != "text"] + [CONFIRM]
    return chain[chain.index(typist.cursor) + 1] if typist.cursor in chain[:-1] else typist.cursor


def _resume(typist: Typist, slot: Slot | None) -> Done:
    """Down to ``slot`` (where the cursor was before the Up), unless the cursor went on there by
    itself or digits still wait at the cursor (the table ends them first: the next key may)."""
    if slot is None or typist.cursor == slot or typist.pending:
        return Done()
    typist.move_to(slot)
    return Done()


def _enter(typist: Typist):
    says = typist.enter_confirms()  # (what the form says the Enter does)
    done = typist.enter()
    assert done.confirm == says, f"the form said Enter {'confirms' if says else 'does not confirm'}"
    return done


@pytest.mark.parametrize("rid", GAMES)
@settings(max_examples=max(settings.default.max_examples // 2, 5), deadline=None,
          suppress_health_check=list(HealthCheck))  # seeds and database: the profile's (fast: fixed)
@given(data=st.data())
def test_typed_keys_confirm_the_deal_meant_or_ask(rid, data):
    game, options = _played(data, rid)
    rules, n = game.ruleset, len(game.players)
    made = _intended(data, game)
    assume(made is not None)
    meant, plan = made
    keys = _keystrokes(data, meant, plan)
    typist = Typist(DealDraft(game))
    done = _run(typist, keys)
    STATS["deals"] += 1
    STATS["tables"].add((rid, n))
    where = f"{rid} {n} {options} after {[dict(d) for d in game.deals]}: {' '.join(keys)}"
    assert done is not None and (done.confirm or done.question is not None or done.note or done.told), where
    if done.note and not done.confirm:  # a key refused after the question to check the boxes: the box says why
        STATS["asked"] += 1
        return
    if done.told:  # no reading is a deal the rules take: the table is told what is missing (or refused)
        STATS["told"] += 1
        assert not typist.enter_confirms() and typist.enters_to_confirm() is None, where
        return
    if done.question is not None:
        STATS["asked"] += 1
        assert done.question.text()  # the question names the boxes and their readings
        if not done.question.waiting and not done.question.lost:  # which deal: the one meant is offered
            offered = {_deal_key(typist.view(r)) for r in typist.readings}
            if _deal_key(meant.view()) not in offered:
                STATS["wrong"] += 1
            assert _deal_key(meant.view()) in offered, f"{where}: asked without the deal meant {meant.typed}"
        return
    STATS["confirmed"] += 1
    got = typist.view(typist.shown)
    if _deal_key(got) != _deal_key(meant.view()):
        STATS["wrong"] += 1
    assert _deal_key(got) == _deal_key(meant.view()), f"{where} -> {typist.typed()} meant {meant.typed}"
    draft = DealDraft(game)
    for (field, unit), value in typist.typed().items():
        draft.set(field, unit, value)
    before = len(game.deals)
    game.record(draft.plain_values())
    assert len(game.deals) == before + 1
    twin = Game(rules, NAMES[:n], options)  # the deal meant, recorded as drawn: the same scores
    for values in game.deals[:-1]:
        twin.record(dict(values))
    twin.record(meant.plain_values())
    assert twin.totals() == game.totals()


def test_the_down_habit_goes_up_to_a_box_the_cursor_went_on_past():
    """Schafkopf for four with knocking, no contra: a wenz of Anna's, one knock, card points 5 and no
    running trumps, the values ended with Down. After Anna (whole at one key) the cursor goes on by
    itself past tout and knocks (boxes that may stay empty) to the card points; Down from there goes
    to schwarz, away from knocks. The model pressed no key for "Down to knocks" there, so the knock's
    1 went into the card points, its Down ended it, the 5 was refused at schwarz and Enter stored
    card points 1 and no knock (the 56 wrong deals of the set-up's new draws); a table looking at
    the screen goes Up to the knocks."""
    game = Game(load_ruleset("schafkopf"), NAMES[:4], {"contra_re": False, "knocking": True})
    meant = DealDraft(game)
    for field, value in {"game": "wenz", "declarer": 1, "knocks": 1, "card_points": 5, "runners": 0}.items():
        meant.set(field, None, value)
    typist = Typist(DealDraft(game))
    typist.key("w")
    typist.key("1")
    assert typist.cursor == Slot("card_points", 0)
    keys = "down>knocks@0 1 down>card_points@0 5 down>runners@0 0 enter".split()
    done = _run(typist, keys)
    assert done.confirm and _deal_key(typist.view(typist.shown)) == _deal_key(meant.view())


def test_the_down_habit_goes_on_from_no_box_it_typed_that_shows_empty():
    """Schafkopf for four, contra and re, no knocking (long profile, seed 61): a call game of
    Cara's with Anna, contra and re, card points 77, 12 running trumps; the declarer and the
    partner by initial, a slip n for the contra taken back at once. "C C A" also reads as Cara
    spelled (C, then "ar"), the reading shown: the partner box shows empty with the cursor on it,
    Anna and re the other reading's. Going Down box by box from there to the card points, the model
    dropped that reading (its cursor already past the contra); 1 2 then read as running trumps 1
    and partner Ben, and the second Enter stored that. A table looking at the screen goes on from no
    box it typed that shows empty: the card points typed there leave Anna and re alone."""
    game = Game(load_ruleset("schafkopf"), NAMES[:4], {"contra_re": True, "knocking": False})
    meant = DealDraft(game)
    for field, value in {"game": "call", "declarer": 3, "partner": 1, "contra": "re", "card_points": 77,
                         "runners": 12}.items():
        meant.set(field, None, value)
    typist = Typist(DealDraft(game))
    done = _run(typist, "C C A n slip>contra@0 R down>card_points@0 7 7 1 2 enter".split())
    assert done.confirm and _deal_key(typist.view(typist.shown)) == _deal_key(meant.view())


def _typed_as_the_model_types(rid: str, options: dict, keys: str, meant: dict):
    """The typist after ``keys`` (property notation, "SP" a space) run as _run runs them, its last
    Done, and the key of the deal ``meant`` ((field, unit) -> value) in a new game of ``rid`` for four."""
    game = Game(load_ruleset(rid), NAMES[:4], options)
    draft = DealDraft(game)
    for (field, unit), value in meant.items():
        draft.set(field, unit, value)
    typist = Typist(DealDraft(game))
    done = _run(typist, [" " if k == "SP" else k for k in keys.split()])
    return typist, done, _deal_key(draft.view())


def test_going_back_to_the_box_the_cursor_is_on_types_there_without_a_backspace():
    """Coinche for four (long profile, seed 20261213): spades, Anna takes, contract 80, points 76;
    a slip 1 for the contract, refused at the comma (no contract under 80), seen after the 76: the
    cursor came back by itself to the empty contract box. The model, going Up to the box with the
    cursor already on it, pressed Backspace as if digits waited there: it took back the 6 and the
    80 went on the points (stored 7, no 76). With nothing waiting the table types the 80 there."""
    typist, done, meant = _typed_as_the_model_types(
        "coinche", {"declarations": False, "litige": False}, "s 1 1 , SP 7 6 up>contract@0 8 0 , SP resume> enter",
        {("trump_suit", None): "spades", ("taker", None): 1, ("contract", None): 80, ("points", None): 76})
    assert done.confirm and _deal_key(typist.view(typist.shown)) == meant


def test_after_correcting_the_box_it_was_going_to_the_table_goes_on_from_there():
    """Coinche for four with declarations (long profile, seed 62): spades, Anna takes, contract 80,
    points 1, Anna & Cara's declarations 190; slips for the taker and the melds seen at once, the
    contract's 1 seen late. The table was going to the contract box (the cursor came back to it)
    when it went Up to it; after the 80 the model went "back where it was", Down to the contract
    again, and the melds' 190 went over the 80 (stored contract 90, no melds). Going on from a box it
    was going to is going on from the box corrected: the 190 is Anna & Cara's or Ben & Dan's (asked)."""
    typist, done, meant = _typed_as_the_model_types(
        "coinche", {"declarations": True, "litige": False},
        "s , 2 slip>taker@0 1 , 1 , 1 , up>contract@0 8 0 , resume> 2 slip>melds@1 1 9 0 enter",
        {("trump_suit", None): "spades", ("taker", None): 1, ("contract", None): 80, ("points", None): 1,
         ("melds", 1): 190})
    assert not done.confirm and done.question is not None and not done.question.waiting
    assert meant in {_deal_key(typist.view(r)) for r in typist.readings}


def test_the_property_covers_every_built_in_game():
    assert {rid for rid, _ in TABLES} == set(GAMES) and len(GAMES) >= 12


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    if STATS["deals"]:
        print(f"\nentry property: {STATS['deals']} deals typed over {len(STATS['tables'])} tables "
              f"({len({t[0] for t in STATS['tables']})} games): {STATS['confirmed']} confirmed, "
              f"{STATS['asked']} asked which, {STATS['told']} told what is missing, {STATS['wrong']} wrong deals")


def test_a_slip_is_no_key_an_optional_box_passed_over_with_no_key_takes():
    """WYSIWYG, Anna declares for 0 with the doubling left empty and clubs named (long profile, seed
    20261213): the model slipped `d` for the trump, seen with Up, and typed `c`. But the cursor was on
    the doubling (left empty with no key), which took the `d` as "double", shown there; the keys
    `0 d c` are a table's meaning doubled, clubs, and the app stored that. Such a key is no slip the
    model draws; typed with the doubling passed over by a key, it is one."""
    game = Game(load_ruleset("wysiwyg"), NAMES[:2])
    view = DealDraft(game).view()
    doubling, trump = (next(c for c in view.cells.values() if c.field == f) for f in ("doubling", "trump_suit"))
    assert "d" in _slips(trump, "clubs", []) and "d" not in _slips(trump, "clubs", [doubling])
    typist = Typist(DealDraft(game))
    done = _run(typist, "4 , 4 , 1 , 0 d c 0 , 0 enter".split())
    assert done.confirm and typist.typed()[("doubling", None)] == "double"
    assert typist.typed()[("trump_suit", None)] == "clubs"
