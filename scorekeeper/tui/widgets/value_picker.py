"""ValuePicker: one entry box whose values are shown, the refused ones struck out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...i18n import t
from ...play.flow import grows, in_reach, keys_of, may_skip, number_grows
from ...play.layout import Slot
from ...play.views import CellView, ChoiceView
from .redraw import placed_size, redraw

WHO_WIDTH = 15  # columns for the player's name
FOCUS_MARK = "▶"  # before the box that has the focus (not shown by its background colour alone)
ARRIVED_MARK = "↳"  # instead, when the focus came by itself from the box before (Backspace goes back)
WARNING_MARK = "⚠"  # before a warning; an error has ✗
LABEL_WIDTH = 14  # columns for what is asked; a longer label goes above the values (with the focus
# mark, its column and the name, the values start where they would at 16 without the mark)


class KeptHeight:
    """A widget of the form that does not shrink while the game is played at one width: a
    line that goes (why the dealer may not bid 3, once the dealer has bid) stays empty,
    ready for the next deal's, as a box that shrinks or grows lays the screen out again."""

    _least = (0, 0)  # (width, height): the most lines the widget had at that width

    def kept_height(self, width: int, height: int) -> int:
        least_width, least = self._least
        if least_width == width and least > height:
            return least
        self._least = (width, height)
        return height


@dataclass(frozen=True)
class Typed:
    """What a key did in a box, for the form to pass on to the screen in one message."""

    changed: bool = False
    """The box's value is now ``value`` (None: emptied)."""
    value: Any = None
    on: bool = False
    """On to the next box: the player pressed Enter, or (``moved``) the value typed is
    whole and the box moves on by itself."""
    moved: bool = False
    carry: str = ""
    """A key typed that belongs to the next box (1 then 5 where 15 is no value: 1 here, 5 there)."""
    back: bool = False
    """Backspace in an empty box: back to the box before (undoing a move on)."""


NOTHING = Typed()  # a key taken that changes nothing the screen keeps (a refusal, a digit that waits)


class ValuePicker(KeptHeight, Widget):
    """The values a field may take; digits or a letter pick one, Enter goes on.

    A value the rules refuse is struck out, and typing it is refused with the rule's
    message. A field with too many values to show (e.g. -1000 to 1000) is typed as a
    number. The box never changes the deal itself: its keys come from the form (which
    holds the focus and the cursor: ``current``), each answered with what it did
    (:class:`Typed`), and the screen sets ``cell`` again from what the rules make of it.
    """

    COMPONENT_CLASSES = {
        "value-picker--chosen",
        "value-picker--refused",
        "value-picker--auto",
        "value-picker--note",
        "value-picker--hint",
        "value-picker--current",
    }

    DEFAULT_CSS = """
    ValuePicker {
        height: auto;
        width: 1fr;
    }
    ValuePicker.-hidden { display: none; }
    ValuePicker > .value-picker--current { background: $primary 30%; }
    ValuePicker > .value-picker--chosen { text-style: bold reverse; }
    ValuePicker > .value-picker--refused { text-style: strike dim; }
    ValuePicker > .value-picker--auto { color: $text-accent; text-style: italic; }
    ValuePicker > .value-picker--note { color: $text-error; }
    ValuePicker > .value-picker--hint { text-style: dim; }
    """

    cell: reactive[CellView | None] = reactive(None, repaint=False)
    """What the box shows: its values, the one entered, which are refused and why."""

    show_who: reactive[bool] = reactive(True, layout=True)
    """Whether the player's name is shown (only on the first box of a player)."""

    virtual_size = placed_size()
    """The box's size (its change needs no second layout: see placed_size)."""

    class Clicked(Message):
        """The player clicked the box (the form's cursor goes there)."""

        def __init__(self, picker: "ValuePicker") -> None:
            super().__init__()
            self.picker = picker

    def __init__(self, slot: Slot, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.slot = slot
        self._typed = ""  # digits typed so far (multi-digit numbers)
        self._note = ""  # why the last value typed was refused
        self.arrived = False  # the cursor came here by itself (the box before moved on)
        self.current = False  # the form's cursor is here (and the form has the focus)
        self._looks: dict[str, object] = {}  # component class -> rich style (until the styles change)

    def _look(self, name: str):
        """A component class's rich style, worked out once (it is slow to compute)."""
        style = self._looks.get(name)
        if style is None:
            # (the cursor's background in full: its colour is laid over the form's, as a style of the box was)
            style = self._looks[name] = self.get_component_rich_style(f"value-picker--{name}",
                                                                      partial=name != "current")
        return style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._looks.clear()

    # -- what the box knows
    @property
    def unit(self) -> int | None:
        return self.cell.unit if self.cell is not None else None

    def watch_cell(self, old: CellView | None, new: CellView | None) -> None:
        if new is None or old is None or new.value != old.value:
            self._note = ""
        self._redraw()

    def _redraw(self) -> None:
        redraw(self)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self))

    def forget_typed(self) -> None:
        """Another deal is shown in this box: the digits typed and the last refusal are gone."""
        self._typed = ""
        self._note = ""

    def reach(self, moved: bool = False) -> None:
        """The cursor is here now; ``moved``: it came by itself, which the box shows."""
        self.current = True
        self.arrived = moved
        self._redraw()

    def leave(self) -> None:
        """The cursor has gone on (or the form lost the focus): what was half typed is gone."""
        self.current = False
        self._typed = ""
        self._note = ""
        self.arrived = False
        self._redraw()

    # -- drawing
    def render(self) -> Text:
        return self._lines(self.content_size.width)

    def get_content_height(self, container, viewport, width: int) -> int:
        """The lines the box shows, or more (see KeptHeight)."""
        return self.kept_height(width, len(self._lines(width).plain.split("\n")) if self.cell is not None else 0)

    def _lines(self, width: int) -> Text:
        """The focus mark, who, what is asked, the values (the chosen one in brackets, refused
        ones ✗ and struck out) and what the rules say about the box, in columns; the values
        and notes wrap in the last one. Laid out here, line by line (a rich table costs a
        key press several milliseconds a box)."""
        cell = self.cell
        if cell is None:
            return Text()
        arrived = self.arrived and self.current and cell.value is None and not self._typed
        state = (width, cell, self.show_who, self.current, arrived, self._typed, self._note)
        cached = getattr(self, "_drawn", None)
        if cached is not None and cached[0] == state:
            return cached[1]
        who = Text("")
        if self.show_who and cell.who:
            who = Text(cell.who)
            if cell.dealer:
                who.append(" " + t("tui.widgets.value_picker.dealer"), "italic")
        who.truncate(WHO_WIDTH, overflow="ellipsis", pad=True)
        label = Text(cell.label, self._look("hint"))
        mark = (ARRIVED_MARK if arrived else FOCUS_MARK) if self.current else " "
        stacked = len(cell.label) > LABEL_WIDTH
        left = 1 + 1 + WHO_WIDTH + 1 + (0 if stacked else LABEL_WIDTH + 1)
        room = max(width - left, 8)
        body = self._values()
        if arrived and not stacked:  # said in words where the line has room (the box keeps its height)
            hint = "  " + t("tui.widgets.value_picker.moved_on")
            if body.cell_len + len(hint) <= room and "\n" not in body.plain:
                body.append(hint, self._look("auto"))
        notes = self._notes()
        right = Text()
        if stacked:
            right.append_text(label)
            right.append("\n")
        right.append_text(body)
        if notes:
            right.append("\n")
            right.append_text(notes)
        console = self.app.console
        wrapped = right.wrap(console, room, overflow="fold")
        out = Text(no_wrap=True, overflow="crop", end="")
        for i, line in enumerate(wrapped):
            if i:
                out.append("\n" + " " * left)
            else:
                out.append(mark + " ")
                out.append_text(who)
                out.append(" ")
                if not stacked:
                    label.truncate(LABEL_WIDTH, pad=True)
                    out.append_text(label)
                    out.append(" ")
            line.rstrip()
            out.append_text(line)
        if self.current:
            out = self._highlighted(out, width)
        self._drawn = (state, out)
        return out

    def _highlighted(self, text: Text, width: int) -> Text:
        """``text`` on the cursor's background, every line to the box's width (drawn, not a
        style of the widget: a style that changes restyles the widget, at every key)."""
        out = Text(no_wrap=True, overflow="crop", end="")
        for i, line in enumerate(text.split("\n")):
            if i:
                out.append("\n")
            line.pad_right(max(width - line.cell_len, 0))
            out.append_text(line)
        out.stylize_before(self._look("current"))
        return out

    def _values(self) -> Text:
        cell = self.cell
        text = Text()
        hint = self._look("hint")
        if cell.kind == "pick":
            chosen = self._look("chosen")
            refused = self._look("refused")
            for i, choice in enumerate(cell.choices):
                if i:
                    text.append(" ")
                label = choice.text
                if choice.value == cell.value and cell.value is not None:
                    text.append(f"[{label}]", chosen)
                elif not choice.allowed:
                    text.append(f"✗{label} ", refused)
                else:
                    text.append(f" {label} ")
        else:
            shown = self._typed or ("" if cell.value is None else str(cell.value))
            if shown:
                text.append(f"[{shown}]", self._look("chosen"))
            else:
                text.append("[ ]")
            if cell.lo is not None:
                text.append(" " + t("tui.widgets.value_picker.number_range", lo=cell.lo, hi=cell.hi), hint)
        if cell.kind == "pick" and self._typed and (cell.value is None or str(cell.value) != self._typed):
            text.append("  " + t("tui.widgets.value_picker.typed", typed=self._typed), hint)
        if cell.auto:
            text.append("  " + t("tui.widgets.value_picker.filled_in"), self._look("auto"))
        elif cell.value is None and cell.computed:
            text.append("  " + t("tui.widgets.value_picker.computed", value=cell.computed), hint)
        elif cell.value is None and cell.optional:
            text.append("  " + t("tui.widgets.value_picker.optional"), hint)
        return text

    def _notes(self) -> Text:
        """Errors and warnings at the box; why values are refused (before one is chosen,
        or while the box has the focus); why the last value typed was refused."""
        cell = self.cell
        note = self._look("note")
        lines = [f"✗ {m}" for m in cell.errors] + [f"{WARNING_MARK} {m}" for m in cell.warnings]
        refused = [c for c in cell.choices if not c.allowed and c.reason]
        if refused and not cell.errors and (cell.value is None or self.current):
            if len(refused) <= 2:
                lines += [f"✗ {c.text}: {c.reason}" for c in refused]
            elif cell.auto:
                lines.append(t("tui.widgets.value_picker.one_value"))
        if self._note:
            lines.append("✗ " + t("tui.widgets.value_picker.not_that", reason=self._note))
        return Text("\n".join(lines), note)

    # -- keys (the form passes them on: each answers what it did, None when it means nothing here)
    def _choose(self, choice: ChoiceView, whole: bool = False) -> Typed:
        """Pick ``choice``; ``whole``: nothing more can be typed to it, so move on."""
        if not choice.allowed:
            return self._refuse(choice.reason or t("tui.widgets.value_picker.not_allowed", value=choice.text))
        self._note = ""
        self.arrived = False
        if whole:
            self._typed = ""
        self._redraw()
        return Typed(changed=True, value=choice.value, on=whole, moved=whole)

    def _refuse(self, reason: str) -> Typed:
        self._note = reason
        self.app.bell()
        self._redraw()
        return NOTHING

    def _waits(self) -> Typed:
        """A key taken that only shows here (the start of a longer number)."""
        self._redraw()
        return NOTHING

    def takes(self, char: str) -> bool:
        """Whether ``char`` is one of this box's keys."""
        keys = keys_of(self.cell) if self.cell is not None else None
        return keys is not None and char.lower() in keys

    def type_char(self, char: str, fresh: bool = False) -> Typed | None:
        """Take one typed character: what it did, None when it means nothing here. ``fresh``:
        it starts a new value (nothing typed before it counts). An empty box that may stay
        empty passes a key it does not take on to the boxes after it."""
        cell = self.cell
        if cell is None:
            return None
        if fresh:
            self._typed = ""
        if may_skip(cell) and not self._typed and not self.takes(char):
            return Typed(on=True, moved=True, carry=char)
        if cell.kind == "number":
            return self._type_number(char)
        if cell.choices and all(type(c.value) is int for c in cell.choices) and char.isdigit():
            return self._type_digit(char)
        return self._type_key(char.lower())

    def _pending_is_value(self) -> bool:
        """The digits typed so far are the box's value (a longer number could still follow)."""
        value = self.cell.value
        return bool(self._typed) and value is not None and str(value) == self._typed and not self._note

    def _type_digit(self, char: str) -> Typed:
        """Digits build a number: 1 then 2 is 12 when 12 is a value. A digit that makes no
        value with those before it belongs to the next box; a whole value moves on."""
        cell = self.cell
        by_number = {c.value: c for c in cell.choices}
        texts = [str(v) for v in by_number]

        def fits(typed: str) -> bool:
            return any(t.startswith(typed) for t in texts)

        typed = self._typed + char if self._typed not in ("", "0") else char
        if not fits(typed):
            if self._pending_is_value():
                self._typed = ""
                return Typed(on=True, moved=True, carry=char)
            typed = char
        if not fits(typed):
            self._typed = ""
            return self._refuse(t("tui.widgets.value_picker.not_a_value", char=char, first=cell.choices[0].text,
                                  last=cell.choices[-1].text))
        self._typed = typed
        choice = by_number.get(int(typed))
        if choice is None:  # the start of a longer number: wait for the next digit
            return self._waits()
        return self._choose(choice, whole=not grows(typed, texts))

    def _type_key(self, char: str) -> Typed | None:
        for choice in self.cell.choices:
            if char in choice.keys:
                self._typed = ""
                return self._choose(choice, whole=True)
        return None

    def _type_number(self, char: str) -> Typed | None:
        cell = self.cell
        if char == "-" and not self._typed and (cell.lo is None or cell.lo < 0):
            self._typed = "-"
            return self._waits()
        if not char.isdigit():
            return None
        typed = self._typed + char
        sign = "-" if typed.startswith("-") else ""
        typed = sign + (typed.lstrip("-").lstrip("0") or "0")
        if not in_reach(typed, cell.lo, cell.hi):
            if self._pending_is_value():
                self._typed = ""
                return Typed(on=True, moved=True, carry=char)
            self._typed = ""
            return self._refuse(t("tui.widgets.value_picker.outside", value=int(typed), lo=cell.lo, hi=cell.hi))
        self._typed = typed
        self._note = ""
        self.arrived = False
        value = int(typed)
        inside = (cell.lo is None or value >= cell.lo) and (cell.hi is None or value <= cell.hi)
        whole = inside and not number_grows(typed, cell.lo, cell.hi)
        if whole:
            self._typed = ""
        self._redraw()
        return Typed(changed=True, value=value if inside else None, on=whole, moved=whole)

    # -- the form's actions on the box
    def submit(self) -> Typed:
        """Enter: on to the next box, unless the value typed last was refused (the box keeps
        the cursor and says why) or the Enter follows a value that moved on by itself."""
        if self._note:
            self._typed = ""  # (the number typed ends here: 1, Enter, 0 is 0, not 10)
            self.app.bell()
            self._redraw()
            return NOTHING
        self._typed = ""
        if self.arrived and self.cell is not None and self.cell.value is None:
            # the Enter typed out of habit after a value that moved on by itself: it is taken
            self.arrived = False
            self._redraw()
            return NOTHING
        return Typed(on=True)

    def clear(self) -> Typed:
        """Backspace: empty the box, or back to the box before when it is empty."""
        if self.cell is not None and self.cell.value is None and not self._typed:
            return Typed(back=True)
        self._typed = ""
        self._note = ""
        self._redraw()
        return Typed(changed=True, value=None)

    def step(self, delta: int) -> Typed:
        """Left/Right: the allowed value before or after the one chosen."""
        cell = self.cell
        if cell is None or cell.kind != "pick":
            return NOTHING
        allowed = [c for c in cell.choices if c.allowed]
        if not allowed:
            return NOTHING
        values = [c.value for c in allowed]
        if cell.value in values:
            index = (values.index(cell.value) + delta) % len(values)
        else:
            index = 0 if delta > 0 else len(values) - 1
        self._typed = ""
        return self._choose(allowed[index])
