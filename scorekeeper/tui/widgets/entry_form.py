"""EntryForm: the boxes of one deal, phase by phase, laid out from the ruleset's fields.

The form is built once per game from :func:`~scorekeeper.play.layout.form_layout` (the
same boxes every deal; a box the rules do not ask this deal is hidden). The screen
sets ``view`` after each entry; the form passes each box its part of it.

The form is one widget of lines (Textual's line API): its parts (the headings, each box,
what the rules work out, the problems, the Confirm button) are drawn as lines of text,
kept from key to key. A key draws again the lines of the parts it changed, and no other;
a scroll shifts the lines; nothing lays the screen out (a widget for each box made Textual
arrange and draw them all at every scroll, a frame of 40 ms at a 7-player deal).
"""

from __future__ import annotations

from bisect import bisect_right
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...i18n import t
from ...play.flow import stops_at
from ...play.layout import PhaseLayout, Slot
from ...play.typing import CONFIRM, Done, Typist, other_readings
from ...play.views import CellView, DraftView
from .cards_box import CardsBox
from .redraw import KeptScrollBars, placed_size
from .value_picker import FOCUS_MARK, FormPart, KeptDrawings, KeptHeight, Typed, ValueBox, problem_lines

if TYPE_CHECKING:
    from . import value_picker

SCROLL_CONTEXT = 2  # lines kept on show above a box the form scrolls to (the box before, a phase's title)
FULL_LOOKS = ("current", "button", "button-current")  # drawn with their background (the others lay a colour over)


def slot_id(slot: Slot) -> str:
    return f"{slot.field}-{slot.pos}"


class FormText(KeptDrawings, KeptHeight):
    """Lines of the form's text: a heading, what the rules work out, the problems.

    ``margin``: empty lines above it; ``indent``: columns before each line; ``look``: the
    component class it is drawn in; ``keep``: the part does not shrink (see KeptHeight);
    ``least``: the fewest lines it takes (0: an empty text takes none)."""

    def __init__(self, form: "EntryForm", name: str, *, margin: int = 0, indent: int = 0, look: str = "",
                 keep: bool = False, least: int = 0) -> None:
        self.form = form
        self.id = name
        self.margin = margin
        self.indent = indent
        self.look = look
        self.keep = keep
        self.least = least
        self.text = Text()

    def show_text(self, text: Text, look: str | None = None) -> None:
        look = self.look if look is None else look
        if text != self.text or look != self.look:
            self.text = text
            self.look = look
            self.form.changed(self)

    def lines(self, width: int) -> list[Text]:
        out = self.kept((width, self.text.plain, self.look), self.text, lambda: self._lines(width))
        return out + [Text("")] * ((self.kept_height(width, len(out)) if self.keep else len(out)) - len(out))

    def _lines(self, width: int) -> list[Text]:
        """The text's lines as drawn (before the empty lines of its kept height)."""
        out: list[Text] = []
        if self.text.plain:
            style = self.form.look(self.look) if self.look else None
            room = max(width - self.indent, 8)
            for line in self.text.wrap(self.form.app.console, room, overflow="fold"):
                line.end = ""
                if style is not None:
                    line.stylize_before(style)
                out.append(Text(" " * self.indent, end="") + line if self.indent else line)
        out += [Text("")] * max(self.least - len(out), 0)
        if out:
            out = [Text("")] * self.margin + out
        return out


class ConfirmButton(FormPart):
    """The Confirm button, a line of the form: Enter on it, or a click, confirms the deal
    (the form keeps the focus: Enter presses the button the cursor is on)."""

    id = "confirm"

    def __init__(self, form: "EntryForm") -> None:
        super().__init__(form)
        self.label = t("tui.widgets.entry_form.confirm")

    def set_label(self, label: str) -> None:
        if label != self.label:
            self.label = label
            self.form.changed(self)

    def press(self) -> None:
        self.form.post_message(EntryForm.Confirmed())

    def lines(self, width: int) -> list[Text]:
        look = self.form.look("button-current" if self.current else "button")
        mark = f"{FOCUS_MARK} " if self.current else "  "
        return [Text(""), Text(mark, end="") + Text(f"  {self.label}  ", look, end="")]


Box = ValueBox | CardsBox


def _keys_typing(text: str) -> list[events.Key]:
    """The keys that type ``text``: a line break is Enter, a tab Tab, other characters that
    show are themselves; the rest (control characters) type nothing."""
    from textual.keys import _character_to_key

    keys = []
    for char in text.replace("\r\n", "\n"):
        if char in "\r\n":
            keys.append(events.Key("enter", "\r"))
        elif char == "\t":
            keys.append(events.Key("tab", "\t"))
        elif char.isprintable():
            keys.append(events.Key(_character_to_key(char), char))
    return keys


class EntryForm(KeptScrollBars, ScrollView, can_focus=True):
    """Every box of a deal, grouped by phase, with live totals and a Confirm button.

    The form holds the focus while the deal is typed and moves its own cursor from box to
    box (``current``): a key goes to that box, and only the lines of the box left and the
    box reached are drawn again.
    """

    BINDINGS = [  # the box under the cursor's (a cards box takes its editing keys first: see on_key)
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

    COMPONENT_CLASSES = {f"entry-form--{name}" for name in (
        "chosen", "refused", "auto", "note", "hint", "current", "title", "phase", "derived", "ok", "blocked",
        "error-bar", "label", "placeholder", "button", "button-current")}

    DEFAULT_CSS = """
    EntryForm { height: 1fr; padding: 0 1; }
    EntryForm > .entry-form--chosen { text-style: bold reverse; }
    EntryForm > .entry-form--refused { text-style: strike dim; }
    EntryForm > .entry-form--auto { color: $text-accent; text-style: italic; }
    EntryForm > .entry-form--note { color: $text-error; }
    EntryForm > .entry-form--hint { text-style: dim; }
    EntryForm > .entry-form--current { background: $primary 30%; }
    EntryForm > .entry-form--title { color: $text-warning; text-style: bold; }
    EntryForm > .entry-form--phase { color: $text-accent; }
    EntryForm > .entry-form--derived { color: $text-muted; }
    EntryForm > .entry-form--ok { color: $text-success; }
    EntryForm > .entry-form--blocked { color: $text-error; }
    EntryForm > .entry-form--error-bar { color: $error; }
    EntryForm > .entry-form--label { color: $text-muted; }
    EntryForm > .entry-form--placeholder { color: $text-muted; }
    EntryForm > .entry-form--button { background: $primary; color: $text; text-style: bold; }
    EntryForm > .entry-form--button-current { background: $primary; color: $text; text-style: bold reverse; }
    """

    view: reactive[DraftView | None] = reactive(None, always_update=True, repaint=False)
    """The deal as it stands (set by the screen after every entry; the boxes draw themselves)."""

    virtual_size = placed_size()
    """The lines of every part together (see watch_virtual_size)."""

    class Confirmed(Message):
        """The player asked to confirm the deal (the button)."""

    class Typed(Message):
        """A key typed in a value box: what it did (a value, a move on, a key carried on, back)."""

        def __init__(self, box: Box, typed: Typed) -> None:
            super().__init__()
            self.box = box
            self.typed = typed

    class _CardsMessage(Message):
        """Something done in a cards box (``box``)."""

        def __init__(self, box: CardsBox) -> None:
            super().__init__()
            self.box = box

    class CardsTyped(_CardsMessage):
        """The text of a cards box changed (the screen takes it with ``box.take_text()``)."""

    class Submitted(_CardsMessage):
        """Enter in a cards box: on to the next box."""

    class Back(Message):
        """Backspace on the Confirm button: back to the last box typed."""

    class Keyed(Message):
        """A key read by the typist (``done``: what it did); the screen shows the deal as it reads now."""

        def __init__(self, done) -> None:
            super().__init__()
            self.done = done

    def __init__(self, layout: tuple[PhaseLayout, ...], labels: dict[str, str], text_fields: set[str],
                 *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.labels = labels
        self.text_fields = text_fields
        self._deal: tuple[int, bool] | None = None  # the deal shown: its number, and whether it is an edit
        self.current: Box | ConfirmButton | None = None  # where the cursor is while the form has the focus
        self._arriving = False  # the cursor came by itself to where the focus arrives
        self._looks: dict[str, object] = {}
        self._held = 0
        self._scheduled = False
        self._pending: list[tuple[int, int] | None] = []  # lines drawn anew, not yet on screen (None: all)
        self._resized = False  # drawn at a new width since the cursor was last brought into view
        self.typist = None  # the screen's Typist (play/typing.py): which box each key is for
        self._view_shown: DraftView | None = None  # the deal as last shown (its problems are redrawn by ask)
        self._asking = False  # a question of the keys is on show: Enter confirms nothing until it is answered
        self._readings_shown: object = None  # the typist's readings the boxes last said (see _show_readings)
        self._build(layout)

    def _build(self, layout: tuple[PhaseLayout, ...]) -> None:
        """The parts of the form for ``layout``, in order."""
        self.phases = layout
        self.title = FormText(self, "form-title", look="title")
        parts: list = [self.title]
        self._phase_parts: list[tuple[FormText, FormText]] = []
        self._boxes: list[Box] = []
        self._box_of: dict[Slot, Box] = {}
        for i, phase in enumerate(layout):
            head = FormText(self, f"phase-{i}", margin=1 if i else 0, look="phase")
            parts.append(head)
            for slot in phase.slots:
                if slot.field in self.text_fields:
                    box: Box = CardsBox(self, slot, self.labels[slot.field])
                else:
                    box = ValueBox(self, slot)
                box.id = f"row-{slot_id(slot)}"
                parts.append(box)
                self._boxes.append(box)
                self._box_of[slot] = box
            derived = FormText(self, f"derived-{i}", indent=2, look="derived", keep=True)
            parts.append(derived)
            self._phase_parts.append((head, derived))
        self.problems = FormText(self, "form-problems", margin=1, keep=True, least=1)
        self.question = FormText(self, "form-question", margin=1, look="blocked")
        self.confirm = ConfirmButton(self)
        parts += [self.problems, self.question, self.confirm]
        self._parts = parts
        self._drawn: dict[object, list[Text]] = {}  # part -> its lines as drawn
        self._tops: list[int] = []  # the first line of each part
        self._strips: list[Strip | Text] = []  # every line of the form (a Text: drawn when first on screen)
        self._width = 0  # the width they were drawn at
        self._dirty: set = set(parts)

    # -- looks
    def look(self, name: str):
        """A component class's rich style, worked out once (it is slow to compute)."""
        style = self._looks.get(name)
        if style is None:
            try:
                style = self.get_component_rich_style(f"entry-form--{name}", partial=name not in FULL_LOOKS)
            except KeyError:  # (Textual 7: drawn while its styles are being set up anew; drawn again after)
                return Style()
            self._looks[name] = style
        return style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        _forget_looks(self)
        self._redraw_all()

    def _redraw_all(self) -> None:
        self._dirty.update(self._parts)
        self._width = 0
        self._schedule()

    # -- drawing: the parts that changed are drawn again once the key is handled
    def changed(self, part) -> None:
        """``part`` looks different now: draw it again (once the key being handled is done)."""
        self._dirty.add(part)
        self._schedule()

    @contextmanager
    def _holding(self):
        """Changes made together are drawn together."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            self._schedule()

    def _schedule(self) -> None:
        if self._scheduled or self._held or not (self._dirty or self._pending) or not self.is_mounted:
            return
        self._scheduled = True
        before_frame = getattr(self.app, "before_frame", None)
        if before_frame is None:
            self.call_later(self._settle)
        else:
            before_frame(self, self._settle)

    def _settle(self) -> None:
        """Draw the parts that changed; the lines they cover are drawn on screen again (all of
        the form's on show when a part's height changed or the width did)."""
        self._scheduled = False
        self._update()
        pending, self._pending = self._pending, []
        if None in pending:
            self.refresh()
        else:
            for top, height in _joined(cast("list[tuple[int, int]]", pending)):  # (no None in it)
                self.refresh_lines(top, height)
        if self._resized and self.current is not None:
            # drawn at a new width (the first time, or resized): the cursor is brought into
            # view now, as it could not be before the form had its lines
            self._resized = False
            self._bring_into_view(self.current)

    def _content_width(self) -> int:
        """The width the lines are drawn at: the form's, less its padding and scroll bar
        (from its own size: its region on screen is looked up in the screen's map)."""
        return self.outer_size.width - self.styles.gutter.width - self.scrollbar_size_vertical

    def _update(self) -> None:
        """Draw the parts that changed, and note the lines to draw on screen again (None:
        all of them, a height changed and every line after it moved)."""
        width = self._content_width()
        if width <= 0:
            return
        if width != self._width:
            self._dirty.update(self._parts)
            self._resized = True
        _show_readings(self)
        dirty, self._dirty = self._dirty, set()
        if not dirty:
            return
        drawn = self._drawn
        changed = []
        moved = width != self._width
        for part in dirty:
            lines = part.lines(width)
            old = drawn.get(part)
            if old == lines:
                continue
            drawn[part] = lines
            changed.append(part)
            moved = moved or old is None or len(old) != len(lines)
        self._width = width
        if moved:
            self._lay_out(width)
            self._pending.append(None)
        else:
            for part in changed:
                top, height = self._top_of(part), len(drawn[part])
                self._strips[top:top + height] = drawn[part]  # (each made a strip when drawn on screen)
                self._pending.append((top, height))

    def _lay_out(self, width: int) -> None:
        tops: list[int] = []
        strips: list[Strip | Text] = []  # (each line made a strip when first drawn: most are off screen)
        for part in self._parts:
            tops.append(len(strips))
            strips.extend(self._drawn.get(part, ()))
        self._tops = tops
        self._strips = strips
        self.virtual_size = Size(width, len(strips))

    def _top_of(self, part) -> int:
        """The first line of ``part`` (0 before the form is first drawn)."""
        tops = self._tops
        return tops[self._parts.index(part)] if tops else 0

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        """The scroll bar follows the lines (the form's height is the screen's to give): the
        screen is laid out again only when the scroll bar comes or goes."""
        if self.is_mounted:
            self._scroll_update(new)

    def place(self, part) -> tuple[int, int]:
        """The first line of ``part`` and how many it has, drawn as it is now (the lines drawn
        anew go on screen with the frame)."""
        self._update()
        self._schedule()
        return self._top_of(part), len(self._drawn.get(part, ()))

    def render_line(self, y: int) -> Strip:
        width = self._content_width()
        if self._dirty or self._width != width:
            self._update()
            if self._pending and not self._scheduled:  # (the lines changed off this crop: the next frame)
                self._scheduled = True
                self.call_later(self._settle)
            width = self._content_width()  # (a scroll bar may have come or gone)
        index = self.scroll_offset.y + y
        if not 0 <= index < len(self._strips):
            return Strip.blank(width, self._base())
        strip = self._strips[index]
        if isinstance(strip, Text):  # (made a strip the first time it is on screen, at the width laid out)
            strip = self._strips[index] = self._strip(strip, self.app.console, self._width)
        return strip

    def _base(self):
        """The form's own style (its colours), under every line."""
        base = self._looks.get("")
        if base is None:
            base = self._looks[""] = self.rich_style
        return base

    def _strip(self, line: Text, console, width: int) -> Strip:
        """A line as drawn on screen: to the form's width, on its colours."""
        strip = Strip(list(line.render(console)), line.cell_len)
        return strip.extend_cell_length(width).crop(0, width).apply_style(self._base())

    def on_mount(self) -> None:
        if self.view is not None:
            self.watch_view(self.view)
        self._schedule()

    def on_resize(self) -> None:
        if self._content_width() != self._width:
            self._redraw_all()
        # (the same width: the lines are as drawn, and a new height shows more or fewer of them,
        # which the layout draws; shown again after the final standings, drawing them all anew
        # was a second frame after ctrl+z's)

    async def set_layout(self, layout: tuple[PhaseLayout, ...], view: DraftView | None) -> None:
        """Rebuild the boxes for a deal with another number of players, then show ``view``."""
        if layout != self.phases:
            self.current = None
            self._build(layout)
            self.scroll_home(animate=False)
        self.view = view
        self._schedule()

    # -- showing the deal
    def watch_view(self, view: DraftView | None) -> None:
        if view is None:
            return
        new_deal = (view.number, view.editing) != self._deal
        self._deal = (view.number, view.editing)
        with self._holding():
            self.title.show_text(Text(t("tui.widgets.entry_form.changing", number=view.number) if view.editing else ""))
            for (head, derived), layout, phase in zip(self._phase_parts, self.phases, view.phases):
                heading = Text()
                heading.append(phase.title, style="bold")
                if phase.complete:
                    heading.append(" ✓")
                for line in phase.summary:
                    heading.append(f"   {line}")
                head.show_text(heading)
                derived.show_text(Text("\n".join(phase.derived)))
                self._show_boxes(layout, view, new_deal)
            self._view_shown = view
            self._put_problems()
            self.confirm.set_label(t("tui.widgets.entry_form.save") if view.editing
                                   else t("tui.widgets.entry_form.confirm"))

    def _show_boxes(self, layout: PhaseLayout, view: DraftView, new_deal: bool) -> None:
        previous = None
        for slot in layout.slots:
            cell = view.cells[slot]
            unit_key = (cell.who, slot.pos)
            show_who = bool(cell.who) and unit_key != previous
            if cell.visible:
                previous = unit_key
            box = self._box_of[slot]
            if new_deal and isinstance(box, ValueBox):  # what was typed in the last deal's box is no hint
                box.forget_typed()
            box.show(cell, show_who)

    # -- moving between boxes
    def boxes(self) -> list[Box]:
        """The boxes on show, in order."""
        return [box for box in self._boxes if box.visible]

    def _cell(self, box: Box) -> CellView | None:
        return self.view.cells.get(box.slot) if self.view is not None else None

    def _needed(self, box: Box) -> bool:
        cell = self._cell(box)
        return cell is not None and cell.needed and not (isinstance(box, CardsBox) and box.text)

    def needs_more(self) -> bool:
        """Whether a box on show must still be typed."""
        return any(self._needed(box) for box in self.boxes())

    def stops(self, slot: Slot | None) -> list:
        """Where the cursor may go on from ``slot`` (None: from the top): the boxes that may
        stay empty and whose keys are not the next needed box's, then that box (the first
        needed box round from the top when none is after ``slot``); the Confirm button when
        no box needs typing."""
        boxes = self.boxes()
        at = next((i for i, box in enumerate(boxes) if box.slot == slot), -1)
        after = boxes[at + 1:]
        needed = next((box for box in after if self._needed(box)), None)
        if needed is None:
            needed = next((box for box in boxes[:max(at, 0)] if self._needed(box)), None)
            return [needed] if needed is not None else [self.confirm]
        cell = self._cell(needed)
        assert cell is not None  # (a needed box has its cell)
        ahead = after[:after.index(needed)]
        # (a box on show has its cell in the view)
        return [box for box in ahead
                if isinstance(box, ValueBox) and stops_at(cast(CellView, self._cell(box)), cell)] + [needed]

    def move_cursor(self, target, moved: bool = False) -> None:
        """The cursor to ``target`` (a box or the Confirm button; the form keeps the focus);
        ``moved``: it came by itself, which the box shows."""
        old = self.current
        self.current = target
        typist = self.typist
        if typist is not None:
            slot = CONFIRM if target is self.confirm else target.slot
            if typist.cursor != slot:  # the table moved the cursor itself (a click, Up, Down)
                typist.move_to(slot)
        if old is not None and old is not target:
            old.leave()
        if self.has_focus:
            target.reach(moved)
        else:
            self._arriving = moved
            self.focus()  # (the box shows the cursor when the focus arrives)
        self._bring_into_view(target)

    def _bring_into_view(self, part) -> None:
        """Scroll so that ``part`` is on show, when it is not: to near the top of the form's
        view, so that the boxes after it come into view with it and the next values need no
        scrolling."""
        top, height = self.place(part)
        scrolled = self.scroll_offset.y
        shown = self.scrollable_content_region.height
        if not height or scrolled <= top and top + height <= scrolled + shown:
            return
        self.scroll_to(y=max(top - min(SCROLL_CONTEXT, shown // 3), 0), animate=False)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self._tops:
            return
        line = offset.y + self.scroll_offset.y
        part = self._parts[bisect_right(self._tops, line) - 1]
        if isinstance(part, (ValueBox, CardsBox)) and part.visible:
            self.move_cursor(part)
        elif part is self.confirm and line == self._top_of(part) + 1:
            self.move_cursor(part)
            part.press()

    def on_focus(self) -> None:
        box = self.current
        if box is None or isinstance(box, (ValueBox, CardsBox)) and not box.visible:
            boxes = self.boxes()
            box = self.current = boxes[0] if boxes else self.confirm
        box.reach(self._arriving)
        self._arriving = False

    def on_blur(self) -> None:
        if self.current is not None:
            self.current.leave()

    def watch_has_focus(self, has_focus: bool) -> None:
        """Nothing is restyled when the form gets or loses the focus: no rule styles it by its
        focus (the cursor is drawn by the part it is on, and leaves with the focus: on_blur),
        and restyling it works out each of its looks again (a third of the Enter that ends a
        game, when the focus goes to the score table). A rule that styles the form by its
        focus would need ``self.update_node_styles()`` here."""

    def cursor_slot(self):
        """Where the cursor is (None: the form does not have the focus)."""
        return self.current if self.has_focus else None

    def slot_of(self, field: str, unit: int | None) -> Slot | None:
        """The place of the box (``field``, seat or partnership ``unit``) on show; None: not on show."""
        return next((b.slot for b in self.boxes() if (c := self._cell(b)) and (c.field, c.unit) == (field, unit)), None)

    def focus_first(self, empty: bool = True, at: Slot | None = None) -> None:
        """Put the cursor where typing the deal starts (the Confirm button when it is
        complete), or with ``empty`` False on the first box; on the box at ``at`` when it is on show."""
        boxes = self.boxes()
        if (box := next((b for b in boxes if b.slot == at), None)) is not None:
            self.move_cursor(box)
        elif empty:
            self.move_cursor(self.stops(None)[0])
        else:
            self.move_cursor(boxes[0] if boxes else self.confirm)

    # -- keys: to the box under the cursor, each answered with one message to the screen
    def on_key(self, event: events.Key) -> None:
        box = self.current
        if not self.has_focus:
            return
        if isinstance(box, CardsBox):
            if self._edit_cards(box, event):
                event.stop()
                event.prevent_default()
            return
        char = "\t" if event.key == "tab" else event.character  # (a tab between values ends one, as a space)
        if not isinstance(box, (ValueBox, ConfirmButton)) or char is None or not (char.isprintable() or char == "\t"):
            return
        typist = self.typist
        if typist is None:
            return
        event.stop()
        event.prevent_default()
        if typist.question is not None and char.isdigit() and typist.choose(int(char)):
            self.post_message(self.Keyed(Done()))
            return
        self.post_message(self.Keyed(typist.key(char)))

    def ask(self, question: str) -> None:
        """Show the question the keys raised above the Confirm button, in view ("" takes it away)."""
        self.question.show_text(Text(question))
        self._asking = bool(question)
        self._put_problems()
        if question:
            self._bring_into_view(self.question)

    def _put_problems(self) -> None:
        """The deal's problems; "Enter confirms" only while no question of the keys is waiting
        (Enter then confirms nothing until it is answered)."""
        view = self._view_shown
        if view is None:
            return
        confirms = view.can_confirm and not self._asking
        typist = self.typist
        asks = confirms and typist is not None and typist.ambiguous
        # (1 when Enter confirms now; None: it asks or stops first, said as "Enter twice")
        enters = (typist.enters_to_confirm() or 2) if confirms and not asks and typist is not None else 1
        self.problems.show_text(_problems(view, confirms, enters, asks, typist), "ok" if confirms else "blocked")

    def slot_part(self, slot: Slot):
        """The box of ``slot``, or the Confirm button."""
        return self.confirm if slot == CONFIRM else self._box_of.get(slot)

    def _edit_cards(self, box: CardsBox, event: events.Key) -> bool:
        """The keys that edit a cards box: whether ``event`` was one."""
        key = event.key
        if key == "backspace" and not box.text:
            self._pass_on(box, Typed(back=True))
        elif key in ("backspace", "delete"):
            if box.delete(before=key == "backspace"):
                self.post_message(self.CardsTyped(box))
        elif key in ("ctrl+w", "ctrl+u", "ctrl+k"):  # the card before, all before, all after the cursor
            start, end = {"ctrl+w": (box.word_start(), box.pos), "ctrl+u": (0, box.pos),
                          "ctrl+k": (box.pos, len(box.text))}[key]
            if box.cut(start, end):
                self.post_message(self.CardsTyped(box))
        elif key in ("left", "right", "home", "end", "ctrl+left", "ctrl+right"):
            box.move({"left": box.pos - 1, "right": box.pos + 1, "home": 0, "end": len(box.text),
                      "ctrl+left": box.word_start(), "ctrl+right": box.word_end()}[key])
        elif event.character is not None and event.character.isprintable():
            if box.insert(event.character):
                self.post_message(self.CardsTyped(box))
        else:
            return False
        return True

    def on_paste(self, event: events.Paste) -> None:
        """Text pasted in a cards box (in a value box it comes as keys: see paste_keys)."""
        box = self.current
        if self.has_focus and isinstance(box, CardsBox):
            event.stop()
            if box.insert(event.text):
                self.post_message(self.CardsTyped(box))

    def paste_keys(self, text: str) -> list[events.Key] | None:
        """Text pasted while the cursor is on a value box, as the keys that type it (each
        taken in turn, as typed: a value, moving on, the next box's); None on a cards box."""
        return None if isinstance(self.current, CardsBox) else _keys_typing(text)

    def _pass_on(self, box: Box, typed: value_picker.Typed) -> None:  # (not the message EntryForm.Typed)
        if typed.changed or typed.on or typed.back:
            self.post_message(self.Typed(box, typed))

    def action_submit(self) -> None:
        box = self.current
        if not self.has_focus:
            return
        if isinstance(box, CardsBox):
            self.post_message(self.Submitted(box))
        elif self.typist is not None:
            self.post_message(self.Keyed(self.typist.enter()))
        elif isinstance(box, ConfirmButton):
            box.press()

    def action_step(self, delta: int) -> None:
        box = self.current
        if self.has_focus and isinstance(box, ValueBox) and self.typist is not None:
            typed = box.step(delta)
            if typed.changed:
                self.typist.set((box.slot.field, box.unit), typed.value)
                self.post_message(self.Keyed(Done()))

    def action_clear(self) -> None:
        if self.has_focus and isinstance(self.current, (ValueBox, ConfirmButton)) and self.typist is not None:
            self.post_message(self.Keyed(self.typist.backspace()))

    def action_next_box(self) -> None:
        self._step_box(1)

    def action_previous_box(self) -> None:
        self._step_box(-1)

    def _step_box(self, delta: int) -> None:
        """Down/Up: the cursor to the box after or before the one it is on, past the last
        box to the Confirm button, and on from there as Textual's focus goes."""
        here = self.cursor_slot()
        chain = self.boxes() + [self.confirm]
        if here not in chain:
            return
        i = chain.index(here) + delta
        if 0 <= i < len(chain):
            self.move_cursor(chain[i])
        elif delta > 0:
            self.app.action_focus_next()
        else:
            self.app.action_focus_previous()



def _forget_looks(form: EntryForm) -> None:
    """Restyled: the looks worked out, and what its parts drew in them, are forgotten."""
    form._looks.clear()
    for part in form._parts:
        if isinstance(part, KeptDrawings):
            part.forget_drawings()


def _joined(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Lines to draw again, ``(top, height)``, with those that touch or overlap made one: the
    same lines, asked of the screen once (at a new deal every box's lines change, each part
    asked on its own was a fifth of the form's work for the confirm's frame)."""
    joined: list[list[int]] = []
    for top, height in sorted(ranges):
        if joined and top <= joined[-1][1]:
            joined[-1][1] = max(joined[-1][1], top + height)
        else:
            joined.append([top, top + height])
    return [(top, end - top) for top, end in joined]

def _show_readings(form: EntryForm) -> None:
    """Each box the keys' readings fill differently says what else they give it (once the
    readings changed: each key, a move or a correction sets new ones)."""
    typist = form.typist
    readings = typist.readings if typist is not None else None
    if readings is form._readings_shown:
        return
    form._readings_shown = readings
    also: dict[Slot, tuple[str, ...]] = other_readings(typist) if typist is not None else {}
    for slot, box in form._box_of.items():
        if isinstance(box, ValueBox) and box.also != also.get(slot, ()):
            box.also = also.get(slot, ())
            form._dirty.add(box)


def _problems(view: DraftView, confirms: bool, enters: int = 1, asks: bool = False,
              typist: Typist | None = None) -> Text:
    """The deal's problems, and what confirms it when nothing stops it (``enters``: how many
    Enters confirm it, each before the last ending a value or passing a box that may stay
    empty, or after a value of a deal being corrected (the ``typist``'s came back whole);
    ``asks``: the keys read as more than one deal, so Enter asks which is meant)."""
    lines = problem_lines(view.errors, view.warnings)
    corrected = typist is not None and typist.whole
    if confirms:
        key = "adds_up_asks" if asks else "adds_up_corrected" if enters == 2 and corrected else \
            "adds_up_enter_twice" if enters == 2 else \
            "adds_up_enter_times" if enters > 2 else "adds_up"
        lines.append(t(f"tui.widgets.entry_form.{key}", count=enters))
    return Text("\n".join(lines))


def under_cursor(focused):
    """Where the keys go: the box under the form's cursor when the form has the focus
    (``focused``, the app's), else the widget with the focus itself."""
    return focused.current if isinstance(focused, EntryForm) else focused
