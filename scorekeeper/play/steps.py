"""The deal being entered, as staged pure steps; each step returns a frozen value.

    typed boxes -> :func:`read_typed` -> :class:`Typed` (field values; typed cards that are no cards)
                -> :func:`lay_boxes` -> :class:`Box` each (visible or not, values to pick or a number)
                -> :func:`fill` -> :class:`Filled` (a box the others leave one value for is filled in)
                -> :func:`allow` -> :class:`Allowed` (each box's values, refused ones with the rule's reason)
                -> :func:`place_issues` -> :class:`Issues` (each problem at its box, or for the deal)
                -> :func:`make_cells` -> a :class:`~.views.CellView` per slot

Nothing here knows a game: the values a field may take come from ``Game.allowed``,
problems from ``Game.validate``, whether a box is asked from the ruleset's ``when``.
"""

from __future__ import annotations

from itertools import product
from typing import Any, Callable, Mapping

from ..game.engine import Choice, GameError, Issue, Setup, convert_value, domain_size
from ..game.game import Game
from ..i18n import get_language, show, t
from ..rules.cards import SUIT_SYMBOL
from ..rules.ruleset import NO_TRUMP, FieldSpec, Ruleset
from .layout import Key, PhaseLayout, Slot
from .panel import EVAL_ERRORS
from .views import CellView, ChoiceView
from .words import show_value, yes_no
from ..values import dataclass

# A field whose domain has at most this many values shows them all, refused ones
# struck out; a larger one (e.g. -1000..1000) is typed as a number.
PICK_LIMIT = 40


# -- the units of a field ------------------------------------------------------------------------

def seat_of(setup: Setup, spec: FieldSpec, unit: int | None) -> int | None:
    """The seat a box's value is asked of (a partnership's first seat)."""
    if spec.scope == "team":
        assert unit is not None  # (a partnership's box has its number)
        return setup.teams[unit - 1][0]
    return unit


def who_of(setup: Setup, spec: FieldSpec, unit: int | None) -> str:
    """Whose box it is: a player, a partnership ("Anna & Cara") or "" for the deal."""
    if spec.scope == "deal":
        return ""
    assert unit is not None  # (a player's or partnership's box has its number)
    if spec.scope == "seat":
        return setup.players[unit - 1]
    if spec.scope == "team":
        return " & ".join(setup.players[s - 1] for s in setup.teams[unit - 1])
    return ""


def units(setup: Setup, spec: FieldSpec) -> range:
    """The seats or partnerships a field of theirs has a box for (1, 2, ...)."""
    return range(1, (setup.n if spec.scope == "seat" else len(setup.teams)) + 1)


def build(rules: Ruleset, setup: Setup, entries: Mapping[Key, Any]) -> dict[str, Any]:
    """Boxes -> the deal as the engine takes it (per-seat fields as tuples in seat order)."""
    out: dict[str, Any] = {}
    for fid, spec in rules.fields.items():
        if spec.scope == "deal":
            out[fid] = entries.get((fid, None))
        else:
            out[fid] = tuple(entries.get((fid, u)) for u in units(setup, spec))
    return out


def unit_keys(rules: Ruleset, setup: Setup) -> frozenset[Key]:
    """Every box a deal has: each deal field's, and each seat's or partnership's of the others."""
    return frozenset((fid, u) for fid, spec in rules.fields.items()
                     for u in ((None,) if spec.scope == "deal" else units(setup, spec)))


# -- 1. typed -> field values ------------------------------------------------------------------

@dataclass(frozen=True)
class Typed:
    """What the table typed, as field values of the boxes asked this deal."""

    values: Mapping[Key, Any]
    bad: Mapping[Key, str]  # typed cards that are not cards: why, shown at their box


def read_typed(game: Game, number: int, setup: Setup, typed: Mapping[Key, Any],
               evaluate: Callable[[int, Mapping[str, Any]], Any] | None = None) -> Typed:
    """Typed boxes -> field values. A value typed in a box the rules no longer ask (its
    ``when`` turned false) is left out (the caller keeps it: it comes back if asked again).
    ``evaluate`` is ``Game.evaluate`` or one that remembers its deals."""
    rules = game.ruleset
    evaluate = game.evaluate if evaluate is None else evaluate
    values: dict[Key, Any] = {}
    bad: dict[Key, str] = {}
    for key, raw in typed.items():
        spec = rules.fields.get(key[0])
        if spec is None:
            continue
        if spec.type != "cards":
            values[key] = raw
            continue
        try:
            value = convert_value(spec, raw, setup, who_of(setup, spec, key[1]))
        except GameError as exc:
            bad[key] = show(exc)
            continue
        if value is not None:
            values[key] = value
    d = evaluate(number, build(rules, setup, values))
    asked = {key: value for key, value in values.items()
             if _asked(d, rules.fields[key[0]], seat_of(setup, rules.fields[key[0]], key[1])) is not False}
    return Typed(asked, bad)


def _asked(d, spec, seat: int | None) -> bool | None:
    """Whether the field is asked, as ``d.enabled`` says, or None (not known yet) where its
    condition cannot be worked out from what is typed so far (a value typed that the rules
    cannot work with, which its own box names): the form waits; confirming reports it."""
    try:
        return d.enabled(spec, seat)
    except EVAL_ERRORS:
        return None


# -- 2. the boxes ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Box:
    """One box of the form this deal: whose, whether it is asked, and how it is entered."""

    slot: Slot
    spec: FieldSpec
    unit: int | None  # seat, partnership or None (the deal)
    seat: int | None  # the seat the value is asked of
    visible: bool
    kind: str  # pick: values shown; number: typed within lo..hi; text: typed cards
    domain: tuple | None = None
    lo: int | None = None
    hi: int | None = None
    values: tuple = ()  # number: the only values it takes, when the field lists them

    @property
    def key(self) -> Key:
        return (self.slot.field, self.unit)


def bidding_order(d, setup: Setup) -> tuple[int, ...]:
    """The order of the seats' boxes: the deal's bidding order, or round the table from the
    forehand when the first bidder is read from the entries (WYSIWYG: the lower base), so
    that no box changes hands while the deal is typed in."""
    if setup.order_is_fixed:
        try:
            return d.order
        except EVAL_ERRORS:
            pass
    return tuple((d.forehand - 1 + i) % setup.n + 1 for i in range(setup.n))


def lay_boxes(d, layout: tuple[PhaseLayout, ...], setup: Setup, order: tuple[int, ...]) -> tuple[Box, ...]:
    """Each slot of the form as a box of this deal (seats in bidding order)."""
    boxes = []
    for slot in (s for phase in layout for s in phase.slots):
        spec = d.rules.fields[slot.field]
        unit = None if spec.scope == "deal" else slot.pos if spec.scope == "team" else order[slot.pos - 1]
        seat = seat_of(setup, spec, unit)
        visible = _asked(d, spec, seat) is True
        if spec.type == "cards":
            boxes.append(Box(slot, spec, unit, seat, visible, "text"))
            continue
        try:
            domain = d.domain(spec, seat)
        except EVAL_ERRORS:
            domain = None
        if domain is None or domain_size(domain) > PICK_LIMIT:  # typed as a number: never listed
            lo, hi = (domain[0], domain[-1]) if spec.type == "int" and domain else (None, None)
            boxes.append(Box(slot, spec, unit, seat, visible, "number", None, lo, hi, spec.values))
        else:
            boxes.append(Box(slot, spec, unit, seat, visible, "pick", tuple(domain)))
    return tuple(boxes)


Ask = Callable[[Box, Mapping[Key, Any]], tuple[Choice, ...]]


def asker(game: Game, number: int, setup: Setup, memo: dict | None = None, same: dict | None = None) -> Ask:
    """``Game.allowed`` for a box given the other entries; each question is asked once.
    While the engine cannot tell (bounds not known yet), every value of the domain.

    ``memo`` keeps the answers for the next asker of the same deal: the caller forgets it
    when the game changes (the answers may read the totals before the deal). ``same``
    keeps one of equal answers about a field, given for every question answered alike
    (so that what is shown of them is worked out once)."""
    memo = {} if memo is None else memo
    same = {} if same is None else same
    fields = game.ruleset.fields
    given = unit_keys(game.ruleset, setup)  # the entries the engine is given (build)
    taken: dict[tuple[str, Any], bool] = {}  # (field, value) -> whether the engine takes it

    def converts(key: Key, value: Any) -> bool:
        ok = taken.get((key[0], value))
        if ok is None:
            ok = taken[(key[0], value)] = _converts(fields[key[0]], value, setup)
        return ok

    def ask(box: Box, entries: Mapping[Key, Any]) -> tuple[Choice, ...]:
        key = box.key
        reads = game.allowed_reads(key[0])
        read, taken_all = [], True  # an entry the answer does not read counts only by being a value
        for k, v in entries.items():
            if k == key or k not in given:
                continue
            if k[0] in reads:
                read.append((k, v))
            elif taken_all and not converts(k, v):
                taken_all = False
        question = (key, box.domain, frozenset(read), taken_all)
        if question not in memo:
            others = {k: v for k, v in entries.items() if k != key}
            try:
                choices = game.allowed(box.slot.field, box.unit, build(game.ruleset, setup, others), number)
            except EVAL_ERRORS:
                choices = None
            answer = (tuple(choices) if choices is not None else tuple(Choice(v, True) for v in box.domain or ()))
            memo[question] = same.setdefault((key[0], answer), answer)
        return memo[question]

    return ask


def _converts(spec: FieldSpec, value: Any, setup: Setup) -> bool:
    """Whether the engine takes ``value`` as a value of the field (else it answers nothing)."""
    try:
        convert_value(spec, value, setup)
    except GameError:
        return False
    return True


# -- 3. filled values --------------------------------------------------------------------------

@dataclass(frozen=True)
class Filled:
    """The typed values and those filled in because the rules leave a single value."""

    values: Mapping[Key, Any]
    auto: frozenset  # the keys filled in


def fill(typed: Typed, boxes: tuple[Box, ...], ask: Ask, rounds: int = 4) -> Filled:
    """Fill in the empty boxes that the other entries leave a single value for (a filled
    box may leave one value for another: a few rounds)."""
    pickable = [b for b in boxes if b.kind == "pick" and b.visible]
    auto: dict[Key, Any] = {}
    for _ in range(rounds):
        full = {**typed.values, **auto}
        found = False
        for box in pickable:
            if box.key in full or box.key in typed.bad:
                continue
            ok = [c for c in ask(box, full) if c.allowed]
            if len(ok) == 1:
                auto[box.key] = ok[0].value
                found = True
        if not found:
            found = _complete(typed, pickable, ask, auto)
        if not found:
            break
    return Filled({**typed.values, **auto}, frozenset(auto))


COMPLETIONS = 16  # at most this many ways to fill a field's empty boxes are tried (see _complete)


def _complete(typed: Typed, pickable: list[Box], ask: Ask, auto: dict[Key, Any]) -> bool:
    """Fill in the empty boxes of a field that every way of completing it leaves one value
    for: once the single trick of a 1-card deal is placed, the others took 0 (each box
    alone still allows 0 or 1; only the field's check on the whole row rules 1 out). Tried
    only where the ways are few; True when a box was filled in."""
    full = {**typed.values, **auto}
    groups: dict[str, list[Box]] = {}
    for box in pickable:
        if box.key not in full and box.key not in typed.bad:
            groups.setdefault(box.slot.field, []).append(box)
    found = False
    for group in groups.values():
        ways = 1
        for box in group:
            ways *= len(box.domain or ())
        if len(group) < 2 or not ways or ways > COMPLETIONS:
            continue
        options = [[c.value for c in ask(box, full) if c.allowed] for box in group]
        possible: list[set] = [set() for _ in group]
        last = group[-1]
        for combo in product(*options):
            trial = {**full, **{box.key: v for box, v in zip(group[:-1], combo[:-1])}}
            if any(c.value == combo[-1] and c.allowed for c in ask(last, trial)):
                for seen, v in zip(possible, combo):
                    seen.add(v)
        for box, seen in zip(group, possible):
            if len(seen) == 1:
                auto[box.key] = next(iter(seen))
                found = True
    return found


# -- 4. allowed values -------------------------------------------------------------------------

@dataclass(frozen=True)
class Allowed:
    """The values each box to pick may take, given the boxes before it: a value is refused
    (with the rule's reason) because of what was entered earlier, e.g. the dealer's bid
    because of the other bids; an earlier box can always be changed."""

    choices: Mapping[Key, tuple[Choice, ...]]


def allow(boxes: tuple[Box, ...], filled: Filled, ask: Ask) -> Allowed:
    earlier: dict[Key, Any] = {}
    choices: dict[Key, tuple[Choice, ...]] = {}
    for box in boxes:
        if box.kind == "pick" and box.visible:
            choices[box.key] = ask(box, dict(earlier))
        if box.key in filled.values and box.visible:
            earlier[box.key] = filled.values[box.key]
    return Allowed(choices)


# -- 5. issues ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Issues:
    """The problems with the deal as it stands, each at its box when it has one on show."""

    at: Mapping[Key, tuple[tuple[str, ...], tuple[str, ...]]]  # key -> (errors, warnings)
    errors: tuple[str, ...]  # problems that belong to no one box (or a hidden one)
    warnings: tuple[str, ...]
    error_count: int


def place_issues(rules: Ruleset, found: list[Issue], boxes: tuple[Box, ...], typed: Typed, filled: Filled,
                 tried: bool) -> Issues:
    """Put each issue at its box. A box still empty is reported only once a confirmation
    was tried; it counts as an error all the same (the deal cannot be confirmed)."""
    at: dict[Key, tuple[list[str], list[str]]] = {}
    errors: list[str] = []
    warnings: list[str] = []
    count = 0
    for box_key, message in typed.bad.items():
        at.setdefault(box_key, ([], []))[0].append(message)
        count += 1
    shown = {b.key for b in boxes if b.visible}
    for issue in found:
        key: Any = (issue.field, issue.unit)  # a box's key when the issue names a field
        if issue.field in rules.fields and rules.fields[issue.field].scope == "deal":
            key = (issue.field, None)
        error = issue.level == "error"
        count += error
        if issue.check is None and key not in filled.values and key not in typed.bad and not tried:
            continue
        message = show(issue.message)
        if key in shown:
            at.setdefault(key, ([], []))[0 if error else 1].append(message)
        else:
            (errors if error else warnings).append(message)
    return Issues({k: (tuple(e), tuple(w)) for k, (e, w) in at.items()}, tuple(errors), tuple(warnings), count)


# -- 6. cells ----------------------------------------------------------------------------------

class Shown:
    """What the cells computed before showed, kept for the next view of the same deal: the
    values a box may take as shown (one tuple of the engine's answers, one tuple of views),
    and each slot's last cell, reused when the new one is equal (so a front end comparing
    them finds the same object)."""

    KEPT = 512  # choice views kept at most; then all are forgotten

    def __init__(self) -> None:
        self.choices: dict[tuple, tuple] = {}
        self.cells: dict[Slot, tuple[tuple, CellView]] = {}  # slot -> the last cell and its fields

    def choice_views(self, spec: FieldSpec, choices: tuple[Choice, ...], players: tuple[str, ...]) -> tuple:
        key = (spec.id, id(choices), get_language(), players)
        kept = self.choices.get(key)
        if kept is None or kept[0] is not choices:
            if len(self.choices) >= self.KEPT:
                self.choices.clear()
            kept = self.choices[key] = (choices, keyed(tuple(choice_view(spec, c, players) for c in choices)))
        return kept[1]

    def cell(self, fields: tuple) -> CellView:
        """The cell of these fields (CellView's, in order): the one shown last if it had them."""
        old = self.cells.get(fields[0])
        if old is not None and old[0] == fields:
            return old[1]
        cell = CellView(*fields)
        self.cells[fields[0]] = (fields, cell)
        return cell


def make_cells(d, boxes: tuple[Box, ...], setup: Setup, raw: Mapping[Key, Any], filled: Filled, allowed: Allowed,
               issues: Issues, shown: Shown | None = None) -> dict[Slot, CellView]:
    """What each box shows; ``d`` is the deal evaluated with the filled values."""
    shown = Shown() if shown is None else shown
    return {box.slot: shown.cell(_cell(d, box, setup, raw, filled, allowed, issues, shown)) for box in boxes}


def _cell(d, box: Box, setup: Setup, raw: Mapping[Key, Any], filled: Filled, allowed: Allowed,
          issues: Issues, shown: Shown) -> tuple:
    """The fields of a box's CellView, in order."""
    spec, key, players = box.spec, box.key, setup.players
    value = filled.values.get(key)
    is_seat = spec.type == "seat"
    text = str(raw.get(key, "")) if spec.type == "cards" else show_value(value, players, is_seat)
    computed = ""
    if value is None and spec.fill is not None and box.visible:
        try:
            computed = show_value(d.value(spec.id, box.seat), players, is_seat)
        except EVAL_ERRORS:
            computed = ""
    choices = shown.choice_views(spec, allowed.choices.get(key, ()), players)
    errors, warnings = issues.at.get(key, ((), ()))
    return (box.slot, spec.id, box.unit, box.kind, who_of(setup, spec, box.unit), spec.label_for(players), spec.help,
            box.visible, value, text, key in filled.auto, computed, choices, box.lo, box.hi, errors,
            warnings, spec.scope == "seat" and box.unit == d.dealer, spec.optional, box.values)


def choice_view(spec: FieldSpec, choice: Choice, players: tuple[str, ...]) -> ChoiceView:
    """One value a box may take, as shown, with the keys that pick it."""
    value = choice.value
    reason = "; ".join(show(r) for r in choice.reasons)
    if spec.type == "int":
        return ChoiceView(value, str(value), str(value), choice.allowed, reason)
    if spec.type == "seat":
        name = players[value - 1]
        letter = name[0].lower() if name[:1].isalpha() else ""
        return ChoiceView(value, name, str(value) + letter, choice.allowed, reason)
    if spec.type == "bool":
        keys = t("tui.draft.keys_yes") if value else t("tui.draft.keys_no")
        return ChoiceView(value, yes_no(value), keys, choice.allowed, reason)
    if value == NO_TRUMP:
        return ChoiceView(value, t("tui.draft.no_trump_short"), "", choice.allowed, reason)
    if value in SUIT_SYMBOL:
        return ChoiceView(value, SUIT_SYMBOL[value], "", choice.allowed, reason)
    return ChoiceView(value, spec.choice_label_for(value, players), "", choice.allowed, reason)


def keyed(choices: tuple[ChoiceView, ...]) -> tuple[ChoiceView, ...]:
    """Give letter keys to the values that have none: the first free letter of their name;
    a key two values share (two players called A...) picks neither. Where a value's text
    does not start with a key that picks it (♠ is s; "without" is i, as "with" is w), every
    value of the box shows its first key before its text, so that no key is a secret until
    a wrong one is pressed."""
    shared = {k for k in set("".join(c.keys for c in choices))
              if k.isalpha() and sum(k in c.keys for c in choices) > 1}
    if shared:
        choices = tuple(ChoiceView(c.value, c.text, "".join(k for k in c.keys if k not in shared), c.allowed,
                                   c.reason) for c in choices)
    used = set("".join(c.keys for c in choices))
    out = []
    for c in choices:
        if c.keys:
            out.append(c)
            continue
        letter = next((ch for ch in str(c.value).lower() if ch.isalpha() and ch not in used), "")
        used.add(letter)
        out.append(ChoiceView(c.value, c.text, letter, c.allowed, c.reason))
    if all(not c.keys or c.text[:1].lower() in c.keys.lower() for c in out):
        return tuple(out)
    return tuple(ChoiceView(c.value, c.text, c.keys, c.allowed, c.reason, c.keys[:1]) for c in out)
