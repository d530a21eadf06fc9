"""ValueBox: one entry box of the deal form whose values are shown, the refused ones struck out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Protocol

from rich.style import Style
from rich.control import strip_control_codes
from rich.text import Span, Text
from textual.message import Message

from ...game.engine import listed
from ...i18n import get_language, t
from ...play.layout import Slot
from ...play.views import CellView, ChoiceView


class BoxOwner(Protocol):
    """What a box asks of the form it is a part of (the EntryForm)."""

    app: Any  # the console the lines are laid out on, the bell

    def look(self, name: str) -> Style:
        """A component class's style: chosen, refused, auto, note, hint, current, error-bar, ..."""

    def changed(self, part: Any) -> None:
        """``part`` looks different now: draw it again."""

    def post_message(self, message: Message) -> bool:
        """Send ``message`` up to the screen (a Textual widget's)."""

WHO_WIDTH = 15  # columns for the player's name
FOCUS_MARK = "▶"  # before the box that has the focus (not shown by its background colour alone)
ARRIVED_MARK = "↳"  # instead, when the focus came by itself from the box before (Backspace goes back)
KEPT_DRAWINGS = 8  # the drawings a part of the form keeps (see KeptDrawings), the latest last
WARNING_MARK = "⚠"  # before a warning; an error has ✗
ERROR_BAR = "▌"  # before each line of a box whose value the rules refuse (in the error's colour)
LABEL_WIDTH = 14  # columns for what is asked; a longer label goes above the values (with the focus
# mark, its column and the name, the values start where they would at 16 without the mark)


class KeptHeight:
    """A part of the form that does not shrink while the game is played at one width: a
    line that goes (why the dealer may not bid 3, once the dealer has bid) stays empty,
    ready for the next deal's, so that the boxes after it do not jump up and down as the
    deal is typed."""

    _least = (0, 0)  # (width, height): the most lines the widget had at that width

    def kept_height(self, width: int, height: int) -> int:
        least_width, least = self._least
        if least_width == width and least > height:
            return least
        self._least = (width, height)
        return height


class KeptDrawings:
    """A part of the form that keeps its last few drawings, each for all it was drawn from
    (its cell or text, its state, the width, the language; the form's looks: forgotten when
    the form is restyled), and gives one again when the part is as it was then. At an undo
    the boxes show the deal again as they showed it before its confirm, and a box whose cell
    is the same from deal to deal (a contract's level) shows the next deal's empty box as the
    last deal's: each box drawn anew was 200-250 calls, some 3k a key in Lupaus for 7."""

    def kept(self, basis: tuple, source: Any, draw) -> list[Text]:
        """The lines drawn from ``source`` (compared by ``==``: a cell, a text) and ``basis`` (the
        rest, hashable), by ``draw()`` unless kept. The lines are shared: never changed."""
        kept = self.__dict__.setdefault("_kept_drawings", {})
        found = kept.pop(basis, None)
        if found is None or not (found[0] is source or found[0] == source):
            found = (source, draw())
        kept[basis] = found
        while len(kept) > KEPT_DRAWINGS:
            del kept[next(iter(kept))]
        return found[1]

    def forget_drawings(self) -> None:
        """Restyled: what was drawn in the old looks is drawn again."""
        self.__dict__.pop("_kept_drawings", None)


def problem_lines(errors, warnings) -> list[str]:
    """Errors and warnings as lines: an error marked ✗, a warning ⚠ (not by colour alone)."""
    return [f"✗ {m}" for m in errors] + [f"{WARNING_MARK} {m}" for m in warnings]


def with_error_bar(lines: list[Text], style) -> list[Text]:
    """``lines`` of a box whose value the rules refuse, each after the error's bar."""
    return [Text(ERROR_BAR, style) + line for line in lines]


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


class FormPart:
    """A part of the deal form that the form's cursor can be on (a box, the Confirm button)."""

    current = False  # the cursor is here (and the form has the focus)

    def __init__(self, form: BoxOwner) -> None:
        self.form = form

    def reach(self, moved: bool = False) -> None:
        """The cursor is here now; ``moved``: it came by itself."""
        self.current = True
        self.form.changed(self)

    def leave(self) -> None:
        self.current = False
        self.form.changed(self)


class FormBox(FormPart):
    """A box of the form: a field of one seat, partnership or the deal (``slot``)."""

    id = ""  # the form's name for it (row-<slot>), given by the form

    def __init__(self, form: BoxOwner, slot: Slot) -> None:
        super().__init__(form)
        self.slot = slot
        self.cell: CellView | None = None  # what the box shows: its values, the one entered, which are refused and why
        self.show_who = True  # whether the player's name is shown (only on the first box of a player)

    @property
    def visible(self) -> bool:
        return self.cell is not None and self.cell.visible

    @property
    def unit(self) -> int | None:
        return self.cell.unit if self.cell is not None else None


class ValueBox(KeptDrawings, KeptHeight, FormBox):
    """The values a field may take; digits or a letter pick one, Enter goes on.

    A value the rules refuse is struck out, and typing it is refused with the rule's
    message. A field with too many values to show (e.g. -1000 to 1000) is typed as a
    number. The box is a part of the deal form, not a widget of its own: the form draws
    its lines (one widget of lines for every box: a key redraws the lines that changed,
    a scroll shifts them). The box never changes the deal itself: its keys come from the
    form (which holds the focus and the cursor: ``current``), each answered with what it
    did (:class:`Typed`), and the screen sets ``cell`` again from what the rules make of it.
    """

    def __init__(self, form: BoxOwner, slot: Slot) -> None:
        super().__init__(form, slot)
        self._typed = ""  # digits typed so far (multi-digit numbers)
        self._note = ""  # why the last value typed was refused
        self.arrived = False  # the cursor came here by itself (the box before moved on)
        self.also: tuple[str, ...] = ()  # what the keys' other readings give this box (see Typist.also)

    def show(self, cell: CellView, show_who: bool) -> None:
        """What the box shows now (the deal as the rules make it)."""
        old = self.cell
        if old is None or cell.value != old.value:
            self._note = ""
        if cell != old or show_who != self.show_who:
            self.cell = cell
            self.show_who = show_who
            self._redraw()

    # -- what the box knows
    def _redraw(self) -> None:
        self.form.changed(self)

    def _look(self, name: str):
        return self.form.look(name)

    def forget_typed(self) -> None:
        """Another deal is shown in this box: the digits typed and the last refusal are gone."""
        self._typed = ""
        self._note = ""

    def typing(self, pending: str, note: str, arrived: bool) -> None:
        """What the keys left here (the screen's, from the typist): digits a longer number
        may still follow ("1…"), why the last key was refused, whether the cursor came by itself."""
        if (pending, note, arrived) != (self._typed, self._note, self.arrived):
            self._typed, self._note, self.arrived = pending, note, arrived
            self._redraw()

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
    def lines(self, width: int) -> list[Text]:
        """The focus mark, who, what is asked, the values (the chosen one in brackets, refused
        ones ✗ and struck out) and what the rules say about the box, in columns; the values
        and notes wrap in the last one. A box whose value is refused has a bar in the error's
        colour before it. As many lines as the box had most at this width (see KeptHeight)."""
        cell = self.cell
        if cell is None or not cell.visible:
            return []
        basis = (width, cell.text, self.show_who, self.current, self.arrived, self._typed, self._note,
                 self.also, get_language())
        out = self.kept(basis, cell, lambda: self._lines(width))
        height = self.kept_height(width, len(out))
        blank = Text(" " * width, self._look("current")) if self.current else Text("")
        return out + [blank] * (height - len(out))

    def _lines(self, width: int) -> list[Text]:
        """The box's lines as drawn (before the empty lines of its kept height)."""
        error = bool(self.cell is not None and self.cell.errors)
        out = self._drawn_lines(width - 1 if error else width)
        return with_error_bar(out, self._look("error-bar")) if error else out

    def _drawn_lines(self, width: int) -> list[Text]:
        cell = self.cell
        assert cell is not None  # (a box is drawn once it is shown a cell)
        arrived = self.arrived and self.current and cell.value is None and not self._typed
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
        if "\n" not in right.plain and right.cell_len <= room:
            wrapped: Iterable[Text] = [right]  # (one line that fits, most boxes: not laid out by rich: slow)
        else:
            wrapped = right.wrap(self.form.app.console, room, overflow="fold")
        out: list[Text] = []
        for i, line in enumerate(wrapped):
            row = Text(no_wrap=True, overflow="crop", end="")
            if i:
                row.append(" " * left)
            else:
                row.append(mark + " ")
                row.append_text(who)
                row.append(" ")
                if not stacked:
                    label.truncate(LABEL_WIDTH, pad=True)
                    row.append_text(label)
                    row.append(" ")
            line.rstrip()
            row.append_text(line)
            if self.current:  # the cursor's background, to the box's width (drawn: see the form)
                row.pad_right(max(width - row.cell_len, 0))
                row.stylize_before(self._look("current"))
            out.append(row)
        return out

    def _values(self) -> Text:
        cell = self.cell
        assert cell is not None  # (a box is drawn once it is shown a cell)
        hint = self._look("hint")
        if cell.kind == "pick":
            text = self._choices()
        else:
            text = Text()
            shown = self._typed or ("" if cell.value is None else str(cell.value))
            if shown:
                text.append(f"[{shown}]", self._look("chosen"))
            else:
                text.append("[ ]")
            if cell.values:
                text.append(" " + t("tui.widgets.value_picker.number_list", values=listed(cell.values, 6)), hint)
            elif cell.lo is not None:
                text.append(" " + t("tui.widgets.value_picker.number_range", lo=cell.lo, hi=cell.hi), hint)
        if cell.kind == "pick" and self._typed:  # what is waiting for the next key: "typed 1…"
            text.append("  " + t("tui.widgets.value_picker.typed", typed=self._typed), hint)
        if self.also:  # the keys read another way too: "10, or 1?" (Enter asks which before saving)
            other = " / ".join(v or t("tui.widgets.value_picker.left_empty") for v in self.also)
            text.append("  " + t("tui.widgets.value_picker.or_read", values=other), self._look("note"))
        if cell.auto:
            text.append("  " + t("tui.widgets.value_picker.filled_in"), self._look("auto"))
        elif cell.value is None and cell.computed:
            text.append("  " + t("tui.widgets.value_picker.computed", value=cell.computed), hint)
        elif cell.value is None and cell.optional:
            text.append("  " + t("tui.widgets.value_picker.optional"), hint)
        return text

    def _choices(self) -> Text:
        """The pick box's values: the chosen one in brackets, refused ones ✗ and struck out.
        Put together as one string with a span for each styled value, the same text as
        appending value by value (rich's append is a dozen calls: at a new deal every box's
        values are drawn, some 200 of them in Lupaus 7)."""
        cell = self.cell
        assert cell is not None
        chosen, refused = self._look("chosen"), self._look("refused")
        pieces: list[str] = []
        spans: list[Span] = []
        end = 0
        for i, choice in enumerate(cell.choices):
            label = f"{choice.key} {choice.text}" if choice.key else choice.text
            if i:
                pieces.append(" ")
                end += 1
            if choice.value == cell.value and cell.value is not None:
                piece, style = f"[{label}]", chosen
            elif not choice.allowed:
                piece, style = f"✗{label} ", refused
            else:
                piece, style = f" {label} ", None
            piece = strip_control_codes(piece)  # (as Text.append)
            pieces.append(piece)
            if style:  # (as Text.append: no span for no style)
                spans.append(Span(end, end + len(piece), style))
            end += len(piece)
        return Text("".join(pieces), spans=spans)

    def _notes(self) -> Text:
        """Errors and warnings at the box; why values are refused (before one is chosen,
        or while the box has the focus); why the last value typed was refused."""
        cell = self.cell
        assert cell is not None  # (a box is drawn once it is shown a cell)
        note = self._look("note")
        lines = problem_lines(cell.errors, cell.warnings)
        refused = [c for c in cell.choices if not c.allowed and c.reason]
        told = set()  # the reasons already shown: a value typed and refused for one of them is not told twice
        if refused and not cell.errors and (cell.value is None or self.current):
            if len(refused) <= 2:
                lines += [f"✗ {c.text}: {c.reason}" for c in refused]
                told = {c.reason for c in refused}
            elif cell.auto:
                lines.append(t("tui.widgets.value_picker.one_value"))
        if self._note and self._note not in told:
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
        self.form.app.bell()
        self._redraw()
        return NOTHING

    # (the keys typed are read by the screen's Typist, play/typing.py: the box shows what it
    # left here with ``typing``; Left/Right step through the values the box shows)
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
