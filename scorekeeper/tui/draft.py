"""The deal the table is entering: what was typed, and what the rules make of it.

Pure Python, no Textual: the play screen keeps one :class:`DealDraft`, tells it
each value the table enters and shows the :class:`DraftView` it computes. Nothing
here knows a game: the form is laid out from the ruleset's fields and phases, the
values a field may take come from ``Game.allowed`` (a refused value keeps the
ruleset's message as its reason), problems from ``Game.validate``, and the
instructions from the engine's view of the deal as it stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..game.engine import GameError, convert_value
from ..i18n import format_number, show, t, tn
from ..game.game import Game
from ..rules.cards import SUIT_SYMBOL, Card
from ..rules.formula import EvalError, Missing
from ..rules.ruleset import NO_TRUMP, FieldSpec

# A field whose domain has at most this many values shows them all, refused ones
# struck out; a larger one (e.g. -1000..1000) is typed as a number.
PICK_LIMIT = 40

_EVAL_ERRORS = (Missing, EvalError, GameError, ArithmeticError, TypeError)


@dataclass(frozen=True)
class Slot:
    """A place in the form: a field, and a position (0 for the deal, else the seat's
    place in the bidding order, or the partnership number)."""

    field: str
    pos: int


@dataclass(frozen=True)
class PhaseLayout:
    phase: str
    title: str
    slots: tuple[Slot, ...]


def form_layout(game: Game, number: int | None = None) -> tuple[PhaseLayout, ...]:
    """The form of a game's deal (the next by default), phase by phase: deal fields first,
    then each partnership's, then each seat's (all of one seat's fields together, seats in
    bidding order). Seats are those of the players of that deal."""
    rules = game.ruleset
    setup = game.setup_for(number)
    phases = list(rules.phases)
    for spec in rules.fields.values():
        if spec.phase not in phases:
            phases.append(spec.phase)
    teams = len(setup.teams)
    out = []
    for phase in phases:
        specs = [f for f in rules.fields.values() if f.phase == phase]
        if not specs:
            continue
        slots = [Slot(f.id, 0) for f in specs if f.scope == "deal"]
        slots += [Slot(f.id, t) for t in range(1, teams + 1) for f in specs if f.scope == "team"]
        slots += [Slot(f.id, p) for p in range(1, setup.n + 1) for f in specs if f.scope == "seat"]
        out.append(PhaseLayout(phase, rules.phase_label(phase), tuple(slots)))
    return tuple(out)


@dataclass(frozen=True)
class ChoiceView:
    """One value a field may take, as shown."""

    value: Any
    text: str  # 3, ♠, NT, a player's name, yes
    keys: str  # the keys that pick it (each character is one key)
    allowed: bool = True
    reason: str = ""


@dataclass(frozen=True)
class CellView:
    """One entry box: a field of one seat, partnership or the deal."""

    slot: Slot
    field: str
    unit: int | None  # seat, partnership or None (the deal)
    kind: str  # pick: values shown; number: typed within lo..hi; text: typed cards
    who: str  # player or partnership ("" for the deal)
    label: str
    help: str
    visible: bool
    value: Any  # the value in the deal (typed or filled in), None if not entered
    text: str  # what is shown: the typed text for cards, else the value's text
    auto: bool  # filled in because the rules leave a single value
    computed: str  # the field's fill value while it is empty ("" if none)
    choices: tuple[ChoiceView, ...] = ()
    lo: int | None = None
    hi: int | None = None
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    dealer: bool = False
    optional: bool = False


@dataclass(frozen=True)
class PhaseView:
    phase: str
    title: str
    summary: tuple[str, ...]  # live totals, e.g. "Bids 7, tricks 8"
    derived: tuple[str, ...]  # derived values the entries so far give
    complete: bool


@dataclass(frozen=True)
class DraftView:
    """Everything the play screen shows about the deal being entered."""

    number: int
    of: int | None
    cards: int
    editing: bool
    dealer: str
    bids_first: str | None
    leader: str | None
    trump: str
    reminders: tuple[str, ...]
    phases: tuple[PhaseView, ...]
    cells: Mapping[Slot, CellView]
    errors: tuple[str, ...]  # problems that belong to no one field (or a hidden one)
    warnings: tuple[str, ...]
    error_count: int
    can_confirm: bool
    table: tuple[str, ...] = ()  # who joins at this deal and who sits it out, in words


def suit_name(suit: str) -> str:
    """A suit (or no trump) in words, in the current language: spades, pata, piki."""
    names = {"spades": t("game.suit.spades"), "hearts": t("game.suit.hearts"),
             "diamonds": t("game.suit.diamonds"), "clubs": t("game.suit.clubs"), NO_TRUMP: t("game.suit.none")}
    return names.get(suit, suit)


def yes_no(value: bool) -> str:
    """yes / no inside a sentence or a cell, in the current language."""
    return t("value.yes") if value else t("value.no")


def show_value(value: Any, players: tuple[str, ...] = (), seat: bool = False) -> str:
    """A value as a player reads it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return yes_no(value)
    if seat and isinstance(value, int) and 1 <= value <= len(players):
        return players[value - 1]
    if isinstance(value, float):
        return format_number(float(f"{value:g}"))  # 2.5 / 2,5
    if isinstance(value, (tuple, list)):
        return " ".join(c.code if isinstance(c, Card) else str(c) for c in value)
    if value == NO_TRUMP:
        return suit_name(NO_TRUMP)
    if value in SUIT_SYMBOL:
        return f"{SUIT_SYMBOL[value]} {suit_name(value)}"
    return str(value)


def _plural(label: str, language: str) -> str:
    """An English field label made plural (Bid -> Bids); a translated label stays as it is
    (the catalog's sentence is written around the label as given)."""
    if language != "en":
        return label
    return label if label.endswith("s") else label + "s"


class DealDraft:
    """A deal being entered (the next deal) or changed (a recorded deal)."""

    def __init__(self, game: Game, number: int | None = None, values: Mapping[str, Any] | None = None,
                 editing: bool = False):
        self.game = game
        self.number = number or game.next_deal
        self.setup = game.setup_for(self.number)  # who plays this deal
        self.editing = editing
        self.layout = form_layout(game)
        self.typed: dict[tuple[str, int | None], Any] = {}
        self.tried = False  # a confirmation was attempted: show what is missing too
        self._view: DraftView | None = None
        self._full: dict = {}
        self._adds_up: dict[tuple[str, int], bool] = {}
        self._derived_phase = _derived_phases(game, [p.phase for p in self.layout])
        if values:
            self._load(values)

    # -- what the table typed
    def _load(self, values: Mapping[str, Any]) -> None:
        setup = self.setup
        for fid, spec in self.game.ruleset.fields.items():
            value = values.get(fid)
            if value is None:
                continue
            if spec.scope == "deal":
                self.typed[(fid, None)] = self._typed_form(spec, value)
                continue
            for i, v in enumerate(value, start=1):
                if v is not None and i <= (setup.n if spec.scope == "seat" else len(setup.teams)):
                    self.typed[(fid, i)] = self._typed_form(spec, v)

    @staticmethod
    def _typed_form(spec: FieldSpec, value: Any) -> Any:
        if spec.type == "cards":
            return " ".join(c.code if isinstance(c, Card) else str(c) for c in value)
        return value

    def set(self, field: str, unit: int | None, value: Any) -> None:
        """Enter a value (None or '' clears it). Cards are the text typed."""
        key = (field, unit)
        if value is None or value == "":
            self.typed.pop(key, None)
        else:
            self.typed[key] = value
        self._view = None

    def clear(self) -> None:
        self.typed.clear()
        self.tried = False
        self._view = None

    def invalidate(self) -> None:
        """The game changed (an earlier deal, undo, redo): compute the view again."""
        self._view = None

    def mark_tried(self) -> None:
        self.tried = True
        self._view = None

    @property
    def is_empty(self) -> bool:
        return not self.typed

    # -- values for the engine
    def _build(self, entries: Mapping[tuple[str, int | None], Any]) -> dict[str, Any]:
        setup = self.setup
        out: dict[str, Any] = {}
        for fid, spec in self.game.ruleset.fields.items():
            if spec.scope == "deal":
                out[fid] = entries.get((fid, None))
            else:
                units = setup.n if spec.scope == "seat" else len(setup.teams)
                out[fid] = tuple(entries.get((fid, u)) for u in range(1, units + 1))
        return out

    def values(self) -> dict[str, Any]:
        """The deal as the engine takes it: typed values and those filled in."""
        self.view()
        return self._build(self._full)

    def plain_values(self) -> dict[str, Any]:
        """The deal as plain data (lists, card codes, None for not entered), for the store."""
        out = {}
        for fid, value in self.values().items():
            if isinstance(value, tuple):
                out[fid] = [_plain(v) for v in value]
            else:
                out[fid] = _plain(value)
        return out

    # -- the view
    def _unit(self, slot: Slot, order: tuple[int, ...]) -> int | None:
        spec = self.game.ruleset.fields[slot.field]
        if spec.scope == "deal":
            return None
        if spec.scope == "team":
            return slot.pos
        return order[slot.pos - 1]

    def view(self) -> DraftView:
        if self._view is None:
            self._view = self._compute()
        return self._view

    def _compute(self) -> DraftView:
        game, setup, rules = self.game, self.setup, self.game.ruleset
        number = self.number
        players = setup.players

        # Typed values -> field values; a typed card that is not a card is an error at its box.
        user: dict = {}
        bad: dict = {}
        for key, raw in self.typed.items():
            spec = rules.fields.get(key[0])
            if spec is None:
                continue
            if spec.type == "cards":
                try:
                    who = self._who(spec, key[1])
                    value = convert_value(spec, raw, setup, who)
                except GameError as exc:
                    bad[key] = str(exc)
                    continue
                if value is not None:
                    user[key] = value
            else:
                user[key] = raw
        d = game.evaluate(number, self._build(user))
        for key in list(user):
            spec = rules.fields[key[0]]
            if d.enabled(spec, self._seat(spec, key[1])) is False:
                del user[key]  # kept in typed: it comes back if the field is asked again
        d = game.evaluate(number, self._build(user))
        try:
            order = d.order
        except _EVAL_ERRORS:
            order = tuple(range(1, setup.n + 1))

        # Each box: visible or not, and its kind (values to pick, a number, cards).
        slots = [s for phase in self.layout for s in phase.slots]
        info: dict[Slot, dict] = {}
        for slot in slots:
            spec = rules.fields[slot.field]
            unit = self._unit(slot, order)
            seat = self._seat(spec, unit)
            cell = info[slot] = {"spec": spec, "unit": unit, "seat": seat, "choices": None, "lo": None,
                                 "hi": None, "key": (slot.field, unit), "domain": None}
            cell["visible"] = d.enabled(spec, seat) is True
            if spec.type == "cards":
                cell["kind"] = "text"
                continue
            try:
                domain = d.domain(spec, seat)
            except _EVAL_ERRORS:
                domain = None
            if domain is None or len(domain) > PICK_LIMIT:
                cell["kind"] = "number"
                if spec.type == "int" and domain:
                    cell["lo"], cell["hi"] = domain[0], domain[-1]
                continue
            cell["kind"] = "pick"
            cell["domain"] = domain

        asked: dict = {}

        def allowed(c: dict, entries: dict) -> list:
            """Game.allowed for a box, given other entries (each question asked once)."""
            entries = {k: v for k, v in entries.items() if k != c["key"]}
            memo = (c["key"], frozenset(entries.items()))
            if memo in asked:
                return asked[memo]
            try:
                choices = game.allowed(c["key"][0], c["unit"], self._build(entries), number)
            except _EVAL_ERRORS:
                choices = None
            asked[memo] = choices if choices is not None else [_Choice(v) for v in c["domain"]]
            return asked[memo]

        # Fill in the empty boxes that the other entries leave a single value for.
        auto: dict = {}
        pickable = [info[s] for s in slots if info[s]["kind"] == "pick" and info[s]["visible"]]
        for c in pickable:
            c["pickable"] = True
        for _ in range(4):
            full = {**user, **auto}
            found = False
            for c in pickable:
                key = c["key"]
                if key in full or key in bad:
                    continue
                ok = [ch for ch in allowed(c, full) if ch.allowed]
                if len(ok) == 1:
                    auto[key] = ok[0].value
                    found = True
            if not found:
                break
        full = {**user, **auto}
        self._full = full

        # The values each box may take, given the boxes before it: a value is refused
        # (struck out) because of what was entered earlier, e.g. the dealer's bid because
        # of the other bids, the last tricks because of the others; an earlier box can
        # always be changed.
        earlier: dict = {}
        for slot in slots:
            c = info[slot]
            if c.get("pickable"):
                c["choices"] = allowed(c, earlier)
            if c["key"] in full and c["visible"]:
                earlier[c["key"]] = full[c["key"]]
        values = self._build(full)
        d = game.evaluate(number, values)

        # Problems, each at its box when it has one.
        issues = game.validate(number, values)
        at: dict = {}
        general_errors: list[str] = []
        general_warnings: list[str] = []
        error_count = 0
        visible_keys = {(s.field, info[s]["unit"]) for s in slots if info[s]["visible"]}
        for key, message in bad.items():
            at.setdefault(key, ([], []))[0].append(message)
            error_count += 1
        for issue in issues:
            key = (issue.field, issue.unit)
            if issue.field in rules.fields and rules.fields[issue.field].scope == "deal":
                key = (issue.field, None)
            if issue.level == "error":
                error_count += 1
            missing = issue.check is None and key not in full and key not in bad
            if missing and not self.tried:
                continue
            if key in visible_keys:
                at.setdefault(key, ([], []))[0 if issue.level == "error" else 1].append(show(issue.message))
            elif issue.level == "error":
                general_errors.append(show(issue.message))
            else:
                general_warnings.append(show(issue.message))

        cells: dict[Slot, CellView] = {}
        for slot in slots:
            c = info[slot]
            spec, unit, seat = c["spec"], c["unit"], c["seat"]
            key = (slot.field, unit)
            value = full.get(key)
            if spec.type == "cards":
                text = str(self.typed.get(key, ""))
            else:
                text = show_value(value, players, spec.type == "seat")
            computed = ""
            if value is None and spec.fill is not None and c["visible"]:
                try:
                    computed = show_value(d.value(slot.field, seat), players, spec.type == "seat")
                except _EVAL_ERRORS:
                    computed = ""
            choices = tuple(self._choice_view(spec, ch) for ch in c["choices"] or ())
            if c["kind"] == "pick" and not choices:
                choices = ()
            errors, warnings = at.get(key, ((), ()))
            cells[slot] = CellView(
                slot, slot.field, unit, c["kind"], self._who(spec, unit), spec.label, spec.help,
                c["visible"], value, text, key in auto, computed, _keyed(choices), c["lo"], c["hi"],
                tuple(errors), tuple(warnings), spec.scope == "seat" and unit == d.dealer, spec.optional,
            )

        phases = tuple(self._phase_view(p, d, cells, full, order) for p in self.layout)

        dealer = players[d.dealer - 1]
        has_seat_fields = any(f.scope == "seat" for f in rules.fields.values())
        bids_first = players[order[0] - 1] if has_seat_fields and order else None
        try:
            leader_seat = d.value("leader", None)
            leader = players[leader_seat - 1]
        except _EVAL_ERRORS + (IndexError,):
            leader = None
        try:
            trump = show(d.trump().text)
        except _EVAL_ERRORS:
            trump = t("tui.draft.trump_unknown")
        try:
            reminders = tuple(d.reminders())
        except _EVAL_ERRORS:
            reminders = ()
        plan = self.setup.plan
        return DraftView(
            number, len(plan) if plan is not None else None, d.cards, self.editing, dealer, bids_first, leader,
            trump, reminders, phases, cells, tuple(general_errors), tuple(general_warnings), error_count,
            error_count == 0, self._table_lines(),
        )

    def _table_lines(self) -> tuple[str, ...]:
        """Who joins at this deal (with the agreed score) and who sits it out."""
        game = self.game
        if not game.table_changed:
            return ()
        lineup = game.lineup(self.number)
        names = game.players
        lines = []
        if lineup.start == self.number:
            lines += [t("tui.draft.joins_with", name=names[seat - 1], score=score)
                      for seat, score, _ in lineup.joining]
        out = [names[s - 1] for s in lineup.seating if s not in lineup.seats]
        if out:
            lines.append(t("tui.draft.not_playing", names=", ".join(out)))
        return tuple(lines)

    def _seat(self, spec: FieldSpec, unit: int | None) -> int | None:
        if spec.scope == "team":
            return self.setup.teams[unit - 1][0]
        return unit

    def _who(self, spec: FieldSpec, unit: int | None) -> str:
        setup = self.setup
        if spec.scope == "seat":
            return setup.players[unit - 1]
        if spec.scope == "team":
            return " & ".join(setup.players[s - 1] for s in setup.teams[unit - 1])
        return ""

    def _choice_view(self, spec: FieldSpec, choice) -> ChoiceView:
        value = choice.value
        players = self.setup.players
        reason = "; ".join(map(show, choice.reasons))
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
        return ChoiceView(value, str(value), "", choice.allowed, reason)

    # -- phases: live totals and derived values
    def _phase_view(self, layout: PhaseLayout, d, cells, full, order) -> PhaseView:
        rules = self.game.ruleset
        setup = self.setup
        summary = []
        for spec in rules.fields.values():
            if (spec.phase != layout.phase or spec.scope != "seat" or spec.type != "int" or spec.max is None
                    or spec.max.text.strip() != "cards"):
                continue
            if not any(cells[s].visible for s in layout.slots if s.field == spec.id):
                continue
            entered = [full.get((spec.id, s)) for s in range(1, setup.n + 1)]
            known = [v for v in entered if v is not None]
            total = sum(known)
            waiting = len(entered) - len(known)
            cards = d.cards
            # the total, then how it stands against the tricks, " · " between them
            if self._adds_up_field(spec.id, cards):
                parts = [t("tui.draft.summary.taken", label=spec.label, total=total, cards=cards)]
                if total < cards:
                    parts.append(tn("tui.draft.summary.left", cards - total))
                elif total > cards:
                    parts.append(t("tui.draft.summary.too_many", count=total - cards))
                elif not waiting:
                    parts.append(t("tui.draft.summary.all_taken"))
            else:
                parts = [tn("tui.draft.summary.against_tricks", cards, label=_plural(spec.label, rules.language),
                            total=total)]
                if not waiting:
                    parts.append(t("tui.draft.summary.under", count=cards - total) if total < cards else
                                 t("tui.draft.summary.over", count=total - cards) if total > cards else
                                 t("tui.draft.summary.even"))
            text = " · ".join(parts)
            if waiting:
                text = t("tui.draft.summary.waiting", summary=text, count=waiting)
            summary.append(text)
        derived = tuple(self._derived_lines(layout.phase, d, order))
        complete = all(
            cells[s].value is not None or cells[s].optional or cells[s].computed or not cells[s].visible
            for s in layout.slots)
        return PhaseView(layout.phase, layout.title, tuple(summary), derived, complete)

    def _adds_up_field(self, fid: str, cards: int) -> bool:
        """Whether the rules make a per-seat field add up to the cards (tricks taken),
        found by asking what the last seat may enter when all others entered 0."""
        key = (fid, cards)
        if key not in self._adds_up:
            game = self.game
            n = self.setup.n
            row: list[Any] = [0] * n
            row[n - 1] = None
            try:
                choices = game.allowed(fid, n, {fid: row}, self.number)
            except _EVAL_ERRORS:
                choices = None
            allowed = [c.value for c in choices or () if c.allowed]
            self._adds_up[key] = allowed == [cards]
        return self._adds_up[key]

    def _derived_lines(self, phase: str | None, d, order) -> list[str]:
        rules = self.game.ruleset
        players = self.setup.players
        lines = []
        for did, spec in rules.derived.items():
            if self._derived_phase.get(did) != phase:
                continue
            if spec.scope == "deal":
                try:
                    value = d.value(did, None)
                except _EVAL_ERRORS:
                    continue
                if spec.shows == "seat" and isinstance(value, int) and 1 <= value <= len(players):
                    text = players[value - 1]
                else:
                    text = show_value(value)
                if text:
                    lines.append(f"{spec.label}: {text}")
                continue
            parts = []
            texts = []
            for seat in order:
                try:
                    value = d.value(did, seat)
                except _EVAL_ERRORS:
                    continue
                text = show_value(value)
                if not text:
                    continue
                pieces = []
                for pid, formula in spec.parts:
                    try:
                        pieces.append(f"{spec.part_label(pid)} {show_value(d.run(formula, seat))}")
                    except (AttributeError,) + _EVAL_ERRORS:
                        try:
                            pieces.append(f"{spec.part_label(pid)} {show_value(formula(d.env(seat)))}")
                        except _EVAL_ERRORS:
                            pass
                texts.append(text if not pieces else None)
                parts.append(f"{players[seat - 1]} {text}" + (f" ({', '.join(pieces)})" if pieces else ""))
            if len(texts) == len(order) and len(set(texts)) == 1 and texts[0] is not None:
                lines.append(f"{spec.label}: {texts[0]}")  # the same for everybody
            elif parts:
                lines.append(f"{spec.label}: " + " · ".join(parts))
        return lines


class _Choice:
    """A domain value when the engine cannot tell what is allowed yet."""

    __slots__ = ("value",)
    allowed = True
    reasons = ()

    def __init__(self, value):
        self.value = value


def _keyed(choices: tuple[ChoiceView, ...]) -> tuple[ChoiceView, ...]:
    """Give letter keys to the values that have none: the first free letter of their name;
    a key two values share (two players called A...) picks neither."""
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
        name = str(c.value).lower()
        letter = next((ch for ch in name if ch.isalpha() and ch not in used), "")
        used.add(letter)
        out.append(ChoiceView(c.value, c.text, letter, c.allowed, c.reason))
    return tuple(out)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [c.code if isinstance(c, Card) else c for c in value]
    return value


def _derived_phases(game: Game, phases: list[str]) -> dict[str, str | None]:
    """For each derived value, the latest phase of the fields it is computed from
    (None when it needs no entry)."""
    rules = game.ruleset
    index = {p: i for i, p in enumerate(phases)}
    memo: dict[str, int] = {}

    def depth(name: str, seen: frozenset) -> int:
        if name in rules.fields:
            return index.get(rules.fields[name].phase, -1)
        if name in memo:
            return memo[name]
        spec = rules.derived.get(name)
        if spec is None or name in seen:
            return -1
        names = set(spec.value.names)
        for _, part in spec.parts:
            names |= set(part.names)
        memo[name] = max((depth(n, seen | {name}) for n in names), default=-1)
        return memo[name]

    return {did: (phases[depth(did, frozenset())] if depth(did, frozenset()) >= 0 else None)
            for did in rules.derived}


def typed_from_sheet(game: Game, values: Mapping[str, Any]) -> dict[tuple[str, int | None], Any]:
    """A saved draft (score-sheet form: lists in seat order, card codes) as typed boxes."""
    typed: dict[tuple[str, int | None], Any] = {}
    for fid, value in values.items():
        spec = game.ruleset.fields.get(fid)
        if spec is None:
            continue
        cells = [(None, value)] if spec.scope == "deal" else list(enumerate(value or [], start=1))
        for unit, v in cells:
            if v is None or v == "" or v == []:
                continue
            typed[(fid, unit)] = " ".join(v) if spec.type == "cards" and isinstance(v, list) else v
    return typed
