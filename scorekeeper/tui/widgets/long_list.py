"""LongList: a list of many entries of the same height (every stored game), drawn a screen at a time.

Textual's OptionList works out the height of every option when it is filled, by
wrapping each one's text: with ten thousand stored games the history took seconds to
open. Here every entry has the same number of lines, known before any is drawn, and an
entry's text is made only when it comes into view (``make(index)``), so opening the
list and moving in it cost what one screen of it costs, however long it is.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

_KEPT = 512  # the drawn lines kept from frame to frame (a few screens' worth)


class LongList(ScrollView, can_focus=True):
    """Entries of ``height`` lines each; the arrows move the highlight, Enter chooses."""

    COMPONENT_CLASSES = {"long-list--cursor"}

    DEFAULT_CSS = """
    LongList { height: 1fr; }
    LongList > .long-list--cursor {
        background: $block-cursor-blurred-background; color: $block-cursor-blurred-foreground;
    }
    LongList:focus > .long-list--cursor { background: $block-cursor-background; color: $block-cursor-foreground; }
    """

    BINDINGS = [
        Binding("enter", "choose", "tui.bindings.widgets.menu_open", id="menu.open"),
        Binding("up", "move(-1)", "tui.bindings.widgets.up", show=False, id="list.up"),
        Binding("down", "move(1)", "tui.bindings.widgets.down", show=False, id="list.down"),
        Binding("pageup", "page(-1)", "tui.bindings.widgets.page_up", show=False, id="list.page_up"),
        Binding("pagedown", "page(1)", "tui.bindings.widgets.page_down", show=False, id="list.page_down"),
        Binding("home", "move(-1000000000)", "tui.bindings.widgets.first_entry", show=False, id="list.first"),
        Binding("end", "move(1000000000)", "tui.bindings.widgets.last_entry", show=False, id="list.last"),
    ]

    cursor: reactive[int] = reactive(0, init=False)
    """The highlighted entry."""

    class Chosen(Message):
        """Enter (or a double click) on an entry."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, height: int = 1, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entry_height = height
        self.keys: list[str] = []
        self._make: Callable[[int], Text] = lambda index: Text()
        self._lines: dict[tuple[int, int], Strip] = {}  # (entry, line) -> drawn, without the cursor's colour

    def show(self, keys: list[str], make: Callable[[int], Text]) -> None:
        """List one entry per key; ``make(index)`` gives an entry's text when it is drawn."""
        self.keys = list(keys)
        self._make = make
        self._lines.clear()
        self.virtual_size = Size(self.scrollable_content_region.width, len(self.keys) * self.entry_height)
        self.set_reactive(LongList.cursor, 0)
        self.scroll_to(y=0, animate=False)
        self.refresh()

    @property
    def chosen_key(self) -> str | None:
        return self.keys[self.cursor] if 0 <= self.cursor < len(self.keys) else None

    # -- moving
    def validate_cursor(self, value: int) -> int:
        return max(0, min(len(self.keys) - 1, value))

    def watch_cursor(self, old: int, new: int) -> None:
        rows = max(1, self.scrollable_content_region.height)
        top, bottom = new * self.entry_height, (new + 1) * self.entry_height
        if top < self.scroll_y:
            self.scroll_to(y=top, animate=False)
        elif bottom > self.scroll_y + rows:
            self.scroll_to(y=bottom - rows, animate=False)
        self.refresh()

    def action_move(self, delta: int) -> None:
        self.cursor += delta

    def action_page(self, direction: int) -> None:
        self.cursor += direction * max(1, self.scrollable_content_region.height // self.entry_height)

    def action_choose(self) -> None:
        if self.chosen_key:  # (an entry with an empty key is a note, not a choice)
            self.post_message(self.Chosen(self.chosen_key))

    def on_click(self, event) -> None:
        index = (round(self.scroll_y) + event.y) // self.entry_height
        if 0 <= index < len(self.keys):
            self.cursor = index
            if event.chain >= 2:
                self.action_choose()

    def on_resize(self) -> None:
        self._lines.clear()
        self.virtual_size = Size(self.scrollable_content_region.width, len(self.keys) * self.entry_height)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()

    # -- drawing
    def _line(self, index: int, line: int, width: int) -> Strip:
        strip = self._lines.get((index, line))
        if strip is None:
            if len(self._lines) > _KEPT:
                self._lines.clear()
            text = self._make(index)
            for number, part in enumerate(text.split("\n", allow_blank=True)[:self.entry_height]):
                part.no_wrap, part.overflow = True, "ellipsis"
                part.truncate(width - 1, overflow="ellipsis")
                segments = list(Text(" ").append_text(part).render(self.app.console))
                self._lines[(index, number)] = Strip(segments).extend_cell_length(width)
            strip = self._lines.setdefault((index, line), Strip.blank(width))
        return strip

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        row = round(self.scroll_y) + y
        index, line = divmod(row, self.entry_height)
        if not 0 <= index < len(self.keys):
            return Strip.blank(width, self.rich_style)
        strip = self._line(index, line, width)
        if index == self.cursor and self.keys[index]:
            strip = strip.apply_style(self.get_component_rich_style("long-list--cursor", partial=False))
        return strip.apply_style(self.rich_style)
