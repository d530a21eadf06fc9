"""CardsBox: a box of the deal form where the cards of a hand are typed as text (SK HA D10 or ♠K).

Like a value box it is a part of the form, drawn as lines of it: who, what is asked, the
line being typed (with the cursor when the form's cursor is on the box) and what the rules
say about the cards. The box keeps the text typed: the screen takes it at each change, and
a view of the deal written back (undo, a cleared deal) replaces it only when no change of
the box is on its way to the screen, so keys typed fast are never overwritten by an older
view.
"""

from __future__ import annotations

from rich.text import Text

from ...i18n import t
from ...play.layout import Slot
from ...play.views import CellView
from .value_picker import FOCUS_MARK, WHO_WIDTH, BoxOwner, FormBox, problem_lines, with_error_bar

INDENT = 1 + 1 + WHO_WIDTH + 1  # the focus mark, its column, the name and a column: where the typing starts


class CardsBox(FormBox):
    """The cards of a hand, typed; the form passes the keys on (see EntryForm.on_key)."""

    def __init__(self, form: BoxOwner, slot: Slot, label: str) -> None:
        super().__init__(form, slot)
        self.label = label
        self.text = ""
        self.pos = 0  # the cursor's place in the text
        self.sent = False  # a change is on its way to the screen (a view shown meanwhile is older than the text)

    def show(self, cell: CellView, show_who: bool) -> None:
        changed = cell != self.cell or show_who != self.show_who
        if not self.sent and cell.text != self.text:
            self.text = cell.text
            self.pos = len(self.text)
            changed = True
        if changed:
            self.cell = cell
            self.show_who = show_who
            self.form.changed(self)

    def take_text(self) -> str:
        """The text as it is now, for the screen (which shows the deal made from it)."""
        self.sent = False
        return self.text

    # -- typing: each returns whether the text changed
    def insert(self, text: str) -> bool:
        text = " ".join(text.splitlines())
        if not text:
            return False
        self.text = self.text[:self.pos] + text + self.text[self.pos:]
        self.pos += len(text)
        return self._typed()

    def delete(self, before: bool) -> bool:
        """Backspace (``before``) or Delete at the cursor."""
        start = self.pos - 1 if before else self.pos
        if start < 0 or start >= len(self.text):
            return False
        self.text = self.text[:start] + self.text[start + 1:]
        self.pos = start
        return self._typed()

    def cut(self, start: int, end: int) -> bool:
        """Take out the text from ``start`` to ``end`` (ctrl+w, ctrl+u, ctrl+k)."""
        start, end = max(0, start), min(len(self.text), end)
        if start >= end:
            return False
        self.text = self.text[:start] + self.text[end:]
        self.pos = start
        return self._typed()

    def word_start(self) -> int:
        """Where the card (or word) before the cursor starts."""
        head = self.text[:self.pos].rstrip()
        return len(head) - len(head.split(" ")[-1]) if head else 0

    def word_end(self) -> int:
        """Where the card (or word) after the cursor ends."""
        tail = self.text[self.pos:]
        stripped = tail.lstrip()
        return self.pos + len(tail) - len(stripped) + len(stripped.split(" ")[0])

    def move(self, to: int) -> None:
        self.pos = max(0, min(len(self.text), to))
        self.form.changed(self)

    def _typed(self) -> bool:
        self.sent = True
        self.form.changed(self)
        return True

    # -- drawing
    def lines(self, width: int) -> list[Text]:
        cell = self.cell
        if cell is None or not cell.visible:
            return []
        look = self.form.look
        who = Text(cell.who if self.show_who else "")
        who.truncate(WHO_WIDTH, overflow="ellipsis", pad=True)
        head = Text(no_wrap=True, overflow="crop", end="")
        head.append((FOCUS_MARK if self.current else " ") + " ")
        head.append_text(who)
        head.append(" ")
        head.append(self.label, look("label"))
        out = [head, self._typing_line(width)]
        notes = problem_lines(cell.errors, cell.warnings)
        if notes:
            room = max(width - INDENT, 8)
            for line in Text("\n".join(notes), look("note")).wrap(self.form.app.console, room, overflow="fold"):
                out.append(Text(" " * INDENT, end="") + line)
        if cell.errors:
            out = with_error_bar(out, look("error-bar"))
        return out  # (no kept height: a line of what is wrong with the cards typed so far comes and goes)

    def _typing_line(self, width: int) -> Text:
        look = self.form.look
        room = max(width - INDENT, 4)
        line = Text(" " * INDENT, no_wrap=True, overflow="crop", end="")
        if not self.text and not self.current:
            line.append(t("tui.widgets.entry_form.cards_placeholder")[:room], look("placeholder"))
            return line
        text = self.text + " "  # (a column for the cursor after the last character)
        start = max(0, self.pos - room + 1)  # the cursor stays in view
        shown = Text(text[start:start + room])
        if self.current:
            shown.stylize("reverse", self.pos - start, self.pos - start + 1)
            shown.pad_right(room - shown.cell_len)
            shown.stylize_before(look("current"))
        line.append_text(shown)
        return line
