"""EntryForm: the boxes of one deal, phase by phase, laid out from the ruleset's fields.

The form is built once per game from :func:`~scorekeeper.play.layout.form_layout` (the
same boxes every deal; a box the rules do not ask this deal is hidden). The screen
sets ``view`` after each entry; the form passes each box its part of it.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from ...i18n import t
from ...play.flow import stops_at
from ...play.layout import PhaseLayout, Slot
from ...play.views import CellView, DraftView
from .redraw import placed_size, put
from .value_picker import FOCUS_MARK, WARNING_MARK, KeptHeight, Typed, ValuePicker

SCROLL_CONTEXT = 2  # lines kept on show above a box the form scrolls to (the box before, a phase's title)


def slot_id(slot: Slot) -> str:
    return f"{slot.field}-{slot.pos}"


class FormText(Static):
    """A line or two of the form's text: a heading, what the rules work out, the problems."""

    virtual_size = placed_size()
    """The text's size (its change needs no second layout: see placed_size)."""

    def get_content_height(self, container, viewport, width: int) -> int:
        """The text's lines at ``width``, worked out once for each text shown (Textual lays
        the text out to count them, and the form asks at every key whether a line changed)."""
        key = (getattr(self, "_shown", None), width)
        cached = getattr(self, "_height", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        height = super().get_content_height(container, viewport, width)
        self._height = (key, height)
        return height


class FormLines(KeptHeight, FormText):
    """Lines of the form that come and go as the deal is typed (what the rules work out, the
    problems): they do not shrink (see KeptHeight). With ``empty`` False no line is kept for
    an empty text (rather than a class that hides it: a class that changes restyles the
    widget)."""

    def __init__(self, *, empty: bool = True, **kwargs) -> None:
        super().__init__(**kwargs)
        self.empty = empty

    def get_content_height(self, container, viewport, width: int) -> int:
        shown = getattr(self, "_shown", None)
        if not self.empty and shown is not None and not shown.plain:
            return self.kept_height(width, 0)
        return self.kept_height(width, super().get_content_height(container, viewport, width))


class CardsInput(Input):
    """The cards of a hand, typed as codes (SK HA D10 or ♠K)."""

    def __init__(self, slot: Slot, **kwargs) -> None:
        super().__init__(placeholder=t("tui.widgets.entry_form.cards_placeholder"), **kwargs)
        self.slot = slot


class CardsRow(Horizontal):
    """A box where cards are typed, with who it is for and what the rules say about it."""

    def __init__(self, slot: Slot, label: str, *, id: str) -> None:
        super().__init__(id=id, classes="cards-row")
        self.slot = slot
        self.label = label
        self._who = ""  # the name shown (only on the first box of a player)

    def compose(self):
        yield Static(classes="who", markup=False)
        with Vertical(classes="entry"):
            yield Static(Text(self.label), classes="label", markup=False)
            yield CardsInput(self.slot, classes="cards-box")
            yield Static(classes="notes", markup=False)

    @property
    def box(self) -> CardsInput:
        return self.query_one(CardsInput)

    def show(self, cell: CellView, show_who: bool) -> None:
        self.set_class(not cell.visible, "-hidden")
        self.set_class(bool(cell.errors), "-error")
        self._who = cell.who if show_who else ""
        self._show_who()
        box = self.box
        if box.value != cell.text:
            with box.prevent(Input.Changed):
                box.value = cell.text
        lines = [f"✗ {m}" for m in cell.errors] + [f"{WARNING_MARK} {m}" for m in cell.warnings]
        notes = self.query_one(".notes", Static)
        put(notes, Text("\n".join(lines)))
        notes.set_class(not lines, "-empty")

    def _show_who(self) -> None:
        """The focus mark (as a value box has it) and the name."""
        mark = FOCUS_MARK if self.box.has_focus else " "
        put(self.query_one(".who", Static), Text(f"{mark} {self._who}"))

    def on_descendant_focus(self) -> None:
        self._show_who()

    def on_descendant_blur(self) -> None:
        self._show_who()


class ConfirmButton(Button):
    """The Confirm button: every Enter on it counts (Textual's Button takes no second press
    for 0.2 s, which drops the Enter of a deal typed right after the one before)."""

    def action_press(self) -> None:
        self.press()

    def reach(self, moved: bool = False) -> None:
        """The form's cursor is here (the form keeps the focus: Enter presses the button)."""
        self.set_class(True, "-current")

    def leave(self) -> None:
        self.set_class(False, "-current")


class EntryForm(VerticalScroll, can_focus=True):
    """Every box of a deal, grouped by phase, with live totals and a Confirm button.

    The form holds the focus while the deal is typed and moves its own cursor from box to
    box (``current``): a key goes to that box, and only the box left and the box reached
    are drawn again (moving Textual's focus would restyle both boxes, send focus events and
    work out the footer's keys again, at every value). A cards box and the Confirm button
    take Textual's focus when the cursor reaches them.
    """

    BINDINGS = [  # (a cards box takes its own keys first): the box under the cursor's
        Binding(keys, action, f"tui.bindings.widgets.{text}", show=False, id=f"box.{name}")
        for keys, action, text, name in (
            ("enter", "submit", "next_box", "submit"),
            ("left", "step(-1)", "previous_value", "previous_value"),
            ("right", "step(1)", "next_value", "next_value"),
            ("backspace,delete", "clear", "clear_box", "clear"),
            ("down", "next_box", "next_box", "next"),
            ("up", "previous_box", "previous_box", "previous"),
        )
    ]

    view: reactive[DraftView | None] = reactive(None, always_update=True, repaint=False)
    """The deal as it stands (set by the screen after every entry; the boxes draw themselves)."""

    virtual_size = placed_size()
    """The height of every box together (laid out again only when the scroll bar comes or goes)."""

    class Confirmed(Message):
        """The player asked to confirm the deal (the button)."""

    class Typed(Message):
        """A key typed in a box: what it did (a value, a move on, a key carried on, back)."""

        def __init__(self, box: ValuePicker, typed: Typed) -> None:
            super().__init__()
            self.box = box
            self.typed = typed

    class Back(Message):
        """Backspace on the Confirm button: back to the last box typed."""

    def __init__(self, layout: tuple[PhaseLayout, ...], labels: dict[str, str], text_fields: set[str],
                 *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.phases = layout
        self.labels = labels
        self.text_fields = text_fields
        self._deal: tuple[int, bool] | None = None  # the deal shown: its number, and whether it is an edit
        self.current: ValuePicker | ConfirmButton | None = None  # where the cursor is while the form has the focus
        self._arriving = False  # the cursor came by itself to where the focus arrives

    def compose(self):
        yield FormText(id="form-title", markup=False)
        for i, phase in enumerate(self.phases):
            yield FormText(classes="phase-title", id=f"phase-{i}", markup=False)
            for slot in phase.slots:
                if slot.field in self.text_fields:
                    yield CardsRow(slot, self.labels[slot.field], id=f"row-{slot_id(slot)}")
                else:
                    yield ValuePicker(slot, id=f"row-{slot_id(slot)}", classes="box")
            yield FormLines(classes="phase-derived", id=f"derived-{i}", markup=False, empty=False)
        yield FormLines(id="form-problems", markup=False)
        yield ConfirmButton(t("tui.widgets.entry_form.confirm"), id="confirm", variant="primary")

    def on_mount(self) -> None:
        if self.view is not None:
            self.watch_view(self.view)

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        """A scroll bar that comes or goes changes the boxes' width: lay them out again."""
        height = self.scrollable_content_region.height
        if (old.height > height) != (new.height > height) or old.width != new.width:
            self.refresh(layout=True)

    async def set_layout(self, layout: tuple[PhaseLayout, ...], view: DraftView | None) -> None:
        """Rebuild the boxes for a deal with another number of players, then show ``view``."""
        if layout != self.phases:
            self.phases = layout
            self.current = None
            await self.recompose()
        self.view = view

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.Confirmed())

    # -- showing the deal
    def watch_view(self, view: DraftView | None) -> None:
        if view is None or not self.is_mounted:
            return
        new_deal = (view.number, view.editing) != self._deal
        self._deal = (view.number, view.editing)
        title = self.query_one("#form-title", Static)
        put(title, Text(t("tui.widgets.entry_form.changing", number=view.number) if view.editing else ""))
        title.set_class(not view.editing, "-empty")
        for i, (layout, phase) in enumerate(zip(self.phases, view.phases)):
            heading = Text()
            heading.append(phase.title, style="bold")
            if phase.complete:
                heading.append(" ✓")
            for line in phase.summary:
                heading.append(f"   {line}")
            put(self.query_one(f"#phase-{i}", Static), heading)
            put(self.query_one(f"#derived-{i}", Static), Text("\n".join(phase.derived)))
            previous = None
            for slot in layout.slots:
                cell = view.cells[slot]
                unit_key = (cell.who, slot.pos)
                show_who = bool(cell.who) and unit_key != previous
                if cell.visible:
                    previous = unit_key
                row = self.query_one(f"#row-{slot_id(slot)}")
                if isinstance(row, CardsRow):
                    row.show(cell, show_who)
                else:
                    row.set_class(not cell.visible, "-hidden")
                    row.set_class(bool(cell.errors), "-error")
                    row.show_who = show_who
                    if new_deal:  # what was typed in the last deal's box is no hint for this one
                        row.forget_typed()
                    row.cell = cell
        problems = Text()
        for message in view.errors:
            problems.append(("\n" if problems else "") + f"✗ {message}")
        for message in view.warnings:
            problems.append(("\n" if problems else "") + f"{WARNING_MARK} {message}")
        if view.can_confirm:
            problems.append(("\n" if problems else "") + t("tui.widgets.entry_form.adds_up"))
        panel = self.query_one("#form-problems", Static)
        put(panel, problems)
        panel.set_class(not view.can_confirm, "-blocked")
        button = self.query_one("#confirm", Button)
        button.label = t("tui.widgets.entry_form.save") if view.editing else t("tui.widgets.entry_form.confirm")

    # -- moving between boxes
    def boxes(self) -> list[Widget]:
        """The boxes on show, in order."""
        out = []
        for row in self.query(".box, .cards-row"):
            if row.has_class("-hidden"):
                continue
            out.append(row.box if isinstance(row, CardsRow) else row)
        return out

    def _cell(self, box: Widget) -> CellView | None:
        return self.view.cells.get(box.slot) if self.view is not None else None

    def _needed(self, box: Widget) -> bool:
        cell = self._cell(box)
        return cell is not None and cell.needed and not (isinstance(box, Input) and box.value)

    def needs_more(self) -> bool:
        """Whether a box on show must still be typed."""
        return any(self._needed(box) for box in self.boxes())

    def stops(self, slot: Slot | None) -> list[Widget]:
        """Where the focus may go on from ``slot`` (None: from the top): the boxes that may
        stay empty and whose keys are not the next needed box's, then that box (the first
        needed box round from the top when none is after ``slot``); the Confirm button when
        no box needs typing."""
        boxes = self.boxes()
        at = next((i for i, box in enumerate(boxes) if box.slot == slot), -1)
        after = boxes[at + 1:]
        needed = next((box for box in after if self._needed(box)), None)
        if needed is None:
            needed = next((box for box in boxes[:max(at, 0)] if self._needed(box)), None)
            return [needed] if needed is not None else [self.query_one("#confirm", Button)]
        cell = self._cell(needed)
        ahead = after[:after.index(needed)]
        return [box for box in ahead if isinstance(box, ValuePicker) and stops_at(self._cell(box), cell)] + [needed]

    def go(self, target: Widget, moved: bool = False) -> None:
        """The cursor to ``target`` (a value box or the Confirm button: the form keeps the
        focus; a cards box: the focus goes there); ``moved``: it came by itself, which the
        box shows."""
        old = self.current
        if isinstance(target, (ValuePicker, ConfirmButton)):
            self.current = target
            if old is not None and old is not target:
                old.leave()
            if self.has_focus:
                target.reach(moved)
            else:
                self._arriving = moved
                self.focus()  # (the box shows the cursor when the focus arrives)
            self._bring_into_view(target)
            return
        if old is not None:
            old.leave()
        self.current = None
        target.focus()

    def _bring_into_view(self, box: Widget) -> None:
        """Scroll so that ``box`` is on show, when it is not: to near the top of the form's
        view, so that the boxes after it come into view with it and the next values need no
        scrolling (every scroll lays the form out again)."""
        region = box.virtual_region
        top = self.scroll_offset.y
        height = self.scrollable_content_region.height
        if not region or top <= region.y and region.bottom <= top + height:
            return
        self.scroll_to(y=max(region.y - min(SCROLL_CONTEXT, height // 3), 0), animate=False)

    def on_value_picker_clicked(self, event: ValuePicker.Clicked) -> None:
        event.stop()
        self.go(event.picker)

    def on_focus(self) -> None:
        box = self.current
        if box is None or not box.is_attached or box.has_class("-hidden"):
            boxes = [b for b in self.boxes() if isinstance(b, ValuePicker)]
            box = self.current = boxes[0] if boxes else None
        if box is not None:
            box.reach(self._arriving)
        self._arriving = False

    def on_blur(self) -> None:
        if self.current is not None:
            self.current.leave()

    def watch_has_focus(self, has_focus: bool) -> None:
        """Restyle the form itself when it gets or loses the focus, not every box in it
        (Textual restyles a widget with all it holds: some forty widgets, a third of what
        the Enter that ends a game cost). Nothing in the form looks different for the
        form's focus: the cursor is drawn by the box it is on."""
        self.app.stylesheet.update_nodes([self], animate=True)

    def at(self) -> Widget | None:
        """Where the cursor is: the value box, the cards box or the Confirm button with the focus."""
        if self.has_focus:
            return self.current
        focused = self.screen.focused
        return focused if focused is not None and self in focused.ancestors else None

    def focus_first(self, empty: bool = True) -> None:
        """Put the cursor where typing the deal starts (the Confirm button when it is
        complete), or with ``empty`` False on the first box."""
        boxes = self.boxes()
        if empty:
            self.go(self.stops(None)[0])
        else:
            self.go(boxes[0] if boxes else self.query_one("#confirm", Button))

    def move_on(self, slot: Slot, moved: bool = False, key: str = "") -> Widget | None:
        """Move the cursor where it goes on from ``slot`` and return the box; with ``key``,
        the first stop that takes that key (None, and the cursor stays, when none does)."""
        stops = self.stops(slot)
        if key:
            stops = [box for box in stops if isinstance(box, ValuePicker) and box.takes(key)]
            if not stops:
                return None
        self.go(stops[0], moved)
        return stops[0]

    def back_from(self, slot: Slot, include: bool = False) -> Widget | None:
        """The box before ``slot`` (or ``slot`` itself, with ``include``) that the table
        typed (not filled in), with the cursor on it; None if there is none."""
        boxes = self.boxes()
        at = next((i for i, box in enumerate(boxes) if box.slot == slot), len(boxes)) + include
        view = self.view
        for box in reversed(boxes[:at]):
            cell = view.cells.get(box.slot) if view is not None else None
            if cell is not None and cell.value is not None and not cell.auto and isinstance(box, ValuePicker):
                self.go(box)
                return box
        return None

    # -- keys: to the box under the cursor, each answered with one message to the screen
    def on_key(self, event) -> None:
        box = self.current
        char = event.character
        if not self.has_focus or not isinstance(box, ValuePicker) or char is None or not char.isprintable() \
                or event.key == "space":
            return
        typed = box.type_char(char)
        if typed is not None:
            event.stop()
            event.prevent_default()
            self._pass_on(box, typed)

    def _pass_on(self, box: ValuePicker, typed: Typed) -> None:
        if typed.changed or typed.on or typed.back:
            self.post_message(self.Typed(box, typed))

    def _box_action(self, act) -> None:
        box = self.current
        if self.has_focus and isinstance(box, ValuePicker):
            self._pass_on(box, act(box))

    def action_submit(self) -> None:
        if self.has_focus and isinstance(self.current, ConfirmButton):
            self.current.press()
        else:
            self._box_action(ValuePicker.submit)

    def action_step(self, delta: int) -> None:
        self._box_action(lambda box: box.step(delta))

    def action_clear(self) -> None:
        if isinstance(self.at(), ConfirmButton):
            self.post_message(self.Back())
        else:
            self._box_action(ValuePicker.clear)

    def action_next_box(self) -> None:
        self._step_box(1)

    def action_previous_box(self) -> None:
        self._step_box(-1)

    def _step_box(self, delta: int) -> None:
        """Down/Up: the cursor to the box after or before the one it is on, past the last
        box to the Confirm button, and on from there as Textual's focus goes."""
        here = self.at()
        chain = self.boxes() + [self.query_one("#confirm", Button)]
        if here not in chain:
            return
        i = chain.index(here) + delta
        if 0 <= i < len(chain):
            self.go(chain[i])
        elif delta > 0:
            self.app.action_focus_next()
        else:
            self.app.action_focus_previous()


def under_cursor(focused: Widget | None) -> Widget | None:
    """Where the keys go: the box under the form's cursor when the form has the focus
    (``focused``, the app's), else the widget with the focus itself."""
    return focused.current if isinstance(focused, EntryForm) else focused
