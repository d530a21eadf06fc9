"""Drawing a widget again without laying the whole screen out again, where its size stays.

Textual lays the screen out whenever a widget that may change size changes (a Static's
update, a reactive declared with ``layout=True``, a scrolling widget's virtual size): at the
table that is most of what a key or a confirmed deal costs, though a box, a line or a table
mostly keeps its height from deal to deal. These draw the widget again and lay the screen
out only when its height did change, looked at once the key being handled is done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import messages
from textual.app import App
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widget import Widget
from textual.widgets import Static

from ..textual_version import changed, expect

if TYPE_CHECKING:
    _Widget = Widget  # what the mixin is mixed into, for the checker
else:
    _Widget = object


def check_textual() -> None:
    """TextualMismatch unless Textual has what this module reaches into (checked at the
    app's start, with the version: see textual_version.py): a widget's layout flags and
    arrangement cache, and its ``virtual_size`` as a reactive that lays the screen out."""
    expect(Widget, "_layout_required", "_layout_updates", "_clear_arrangement_cache", "get_content_height",
           "content_size", "refresh", "_render")  # (not BLANK: Textual 7 has none, and Covered is then drawn as usual)
    expect(messages, "Layout")
    expect(Widget, "_vertical_scrollbar", "_horizontal_scrollbar", "_size_updated", "scrollbar_size_vertical",
           "scrollbar_size_horizontal")
    expect(App, "_start_widget")
    size = Widget.__dict__.get("virtual_size")
    if not isinstance(size, Reactive) or not getattr(size, "_layout", False):
        raise changed("textual.widget.Widget.virtual_size (a reactive laying the screen out)")
    if "layout" not in Static.update.__code__.co_varnames:
        raise changed("textual.widgets.Static.update (no layout=)")


def placed_size() -> Reactive[Size]:
    """A widget's ``virtual_size`` that does not lay the screen out again: Textual's does,
    whenever the size a layout gave the widget differs from the one before (a box one line
    taller), though that layout has placed the widget and everything after it already."""
    return Reactive(Size(0, 0), layout=False, repaint=False)


KEPT_BARS = 8  # the scroll bar's drawings kept, the latest first


class KeptScrollBar(ScrollBar):
    """A scroll bar that keeps its last few drawings, each for what it was drawn from, and
    shows one again when the bar is as it was then: its length, window and position (the
    thumb), its colours (from its widget's styles, hover and grab), its size and the part of it
    drawn, the app's theme and filters. Textual draws a bar anew, line by line, whenever it
    moves: at a confirmed deal the form goes back to its top (as it was when the deal before
    was started) and at its undo to the end of the deal put back (as just before the confirm);
    each drawing of the form's bar was ~2.4k calls of the key's ~50k. Forgotten when the bar is
    restyled."""

    def render_lines(self, crop):
        drawn = self.render()
        if not isinstance(drawn, ScrollBarRender):  # (the screen hides the bars' colours: drawn as Textual does)
            return super().render_lines(crop)
        app = self.app
        basis = (crop, self.size, drawn.virtual_size, drawn.window_size, drawn.position, drawn.thickness,
                 drawn.vertical, drawn.style, self.parent.background_colors if self.parent is not None else None,
                 self.opacity, getattr(app, "theme", None), getattr(app, "ansi_color", None),
                 getattr(app, "native_ansi_color", None), tuple(map(id, getattr(app, "_filters", ()))))
        kept = self.__dict__.setdefault("_kept_lines", {})
        lines = kept.pop(basis, None)
        if lines is None:
            lines = super().render_lines(crop)
        kept[basis] = lines  # (the latest last)
        while len(kept) > KEPT_BARS:
            del kept[next(iter(kept))]
        return list(lines)

    def notify_style_update(self) -> None:
        self.__dict__.pop("_kept_lines", None)
        super().notify_style_update()


class PlacedScrollBar(KeptScrollBar):
    """A scroll bar whose new length lays nothing out again: Textual's asks for a second layout
    of the screen whenever a layout gives it another length (its ``virtual_size``), though it
    has nothing in it to place; the frame of that layout, 20-50 ms after the first, made the
    game-ending Enter and its ctrl+z two frames where the board's height changes.

    Nor is it drawn again for a new window (``window_size``) as the layout sets it: the window
    is as long as the bar, so a new window is a new size of the bar, which the layout marks to
    be drawn once it has placed everything. Drawn again there, while the layout placed the
    widgets, the bar asked its place of a map of the screen that a scroll earlier in the key
    had marked out of date, and the whole screen was mapped a second time inside the layout
    (at a game's end, where the final standings shorten the board: 2.5k of the key's calls)."""

    virtual_size = placed_size()
    window_size: Reactive[int] = Reactive(0, repaint=False)


class KeptScrollBars(_Widget):
    """A widget mixin: its scroll bars are :class:`KeptScrollBar` (made as Textual makes its
    own, when first asked for)."""

    BAR: type[ScrollBar] = KeptScrollBar

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        if self._vertical_scrollbar is None:
            self._vertical_scrollbar = self._placed_bar(True)
        return self._vertical_scrollbar

    @property
    def horizontal_scrollbar(self) -> ScrollBar:
        if self._horizontal_scrollbar is None:
            self._horizontal_scrollbar = self._placed_bar(False)
        return self._horizontal_scrollbar

    def _placed_bar(self, vertical: bool) -> ScrollBar:
        bar = self.BAR(vertical=vertical, name="vertical" if vertical else "horizontal",
                       thickness=self.scrollbar_size_vertical if vertical else self.scrollbar_size_horizontal)
        bar.display = False
        self.app._start_widget(self, bar)
        return bar


class PlacedScrollBars(KeptScrollBars):
    """A widget mixin: its scroll bars are :class:`PlacedScrollBar`."""

    BAR = PlacedScrollBar


def redraw(widget: Widget) -> None:
    """Draw ``widget`` again; lay the screen out again only when its height changes (a
    layout of the whole screen is most of what a key costs), looked at once the key being
    handled is done."""
    widget.refresh()  # (forgets the drawing and the height worked out before)
    before_frame = getattr(widget.app, "before_frame", None)
    if before_frame is None:
        settle_height(widget)
    else:
        before_frame(widget, lambda: settle_height(widget))


def settle_height(widget: Widget) -> None:
    """Lay the screen out again if ``widget``'s height is not the one it was given."""
    width = widget.content_size.width
    if not width or not widget.is_attached:  # not laid out yet, or hidden: showing it lays the screen out anyway
        return
    if widget.get_content_height(widget.size, widget.size, width) != widget.content_size.height:
        # laid out as refresh(layout=True) asks, but keeping what was just worked out (the
        # drawing and its height, which Textual keeps until the next refresh): the layout and
        # the frame use them, not a second and a third drawing of the same lines
        widget._layout_updates += 1
        _layout_now(widget)


def _layout_now(widget: Widget) -> None:
    """Ask the screen for the layout ``widget`` needs now, as Textual does once the widget
    is next idle: that may come after the frame of the key is drawn (e.g. with the layout
    of the final standings shown), and the screen is then laid out and drawn a second time."""
    widget._layout_required = False  # (Textual's flag for "tell the screen when idle": told here)
    for ancestor in widget.ancestors:
        if not isinstance(ancestor, Widget):
            break
        ancestor._clear_arrangement_cache()
        ancestor._layout_updates += 1
        if not ancestor.styles.auto_dimensions:
            break
    widget.screen.post_message(messages.Layout(widget))


def update_if_changed(static: Static, content: Text) -> None:
    """Show ``content`` in ``static`` unless it shows it already (an update lays the whole
    screen out again, and most of a form's lines stay as they are from key to key)."""
    if getattr(static, "_shown", None) != content:
        setattr(static, "_shown", content)  # (an attribute of ours on Textual's widget)
        static.update(content, layout=False)
        redraw(static)


class Covered(_Widget):
    """A widget mixin for a container that its children cover whole (each of them of height
    ``1fr``, or stacked one under another to fill it): drawn as blank lines of its background,
    not line by line. Textual draws every widget in the part of the screen a frame changes,
    each of its lines, a container too, though its children are drawn over it: at a layout
    that moves the whole play screen (a game's end and its undo) the body, the form's place
    and the board drew some forty lines nobody sees. Drawn as usual while the container has
    a border or padding of its own (the board beside the form on a wide screen has a line on
    its left). Textual 7 reads no such flag: there the container is drawn as usual, the same
    lines a little slower."""

    @property  # (Textual's class flag, read from the widget at each drawing)
    def BLANK(self) -> bool:  # type: ignore[override, unused-ignore]
        return not self.styles.gutter


class PartLooks(_Widget):
    """A widget mixin: the look of each of its parts (component classes, partial: only what
    the part's own rules set), worked out once until the widget is restyled. Textual works a
    part's look out again after every refresh of the widget, reading the styles of the part,
    the widget and its ancestors: a panel drawn again (and measured for its height first)
    at every confirmed deal did that a dozen times."""

    def part_look(self, part: str) -> Style:
        looks = self.__dict__.setdefault("_part_looks", {})
        look = looks.get(part)
        if look is None:
            look = looks[part] = self.get_component_rich_style(part, partial=True)
        return look

    def prepare_looks(self) -> None:
        """Each part's look worked out now (the app quiet), not when the part is first drawn
        (the final standings' winner, first drawn in the key that ends the game)."""
        for part in sorted(self.COMPONENT_CLASSES):
            self.part_look(part)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.__dict__.pop("_part_looks", None)


class KeptRender(_Widget):
    """A widget mixin, for a widget whose rendering does not read its size: what it rendered is
    kept until it is drawn again (``refresh``: :func:`redraw`, and Textual's own) or restyled.
    Textual forgets a widget's rendering whenever a layout places it, even where and as large
    as it was: at a game's end and at its undo the panel, measured for its height just before
    (see :func:`redraw`), was rendered anew by the layout that followed, its text put together,
    turned into Textual's and wrapped a second time in the key. (Not the status line: its rule
    is as wide as the line, and a layout that gives it another width measures it first.)"""

    def _render(self):  # (Textual's: the widget's render() as Textual draws it, kept until a refresh)
        kept = self.__dict__.get("_kept_render")
        if kept is None:
            kept = self.__dict__["_kept_render"] = super()._render()
        return kept

    def refresh(self, *args, **kwargs):
        self.__dict__.pop("_kept_render", None)
        return super().refresh(*args, **kwargs)

    def notify_style_update(self) -> None:
        self.__dict__.pop("_kept_render", None)
        super().notify_style_update()


def fitting_height(plain: str, width: int, rules: RulesMap | None = None) -> int | None:
    """How many lines ``plain`` takes at ``width``, as Textual's wrapping counts them
    (tests/test_tui_redraw_height.py): one for each line that fits, and what Textual's wrapping
    of that line alone gives for a wider one (drawn with the style ``rules``, a widget's); None
    when it has a tab (then only Textual's wrapping of the whole text tells)."""
    if "\t" in plain:
        return None
    rules = rules if rules is not None else RulesMap()
    height = 0
    for line in plain.split("\n"):
        height += 1 if cell_len(line) <= width else Content(line).get_height(rules, width)
    return height


class FittingHeight(_Widget):
    """A widget mixin, for a widget of text whose lines mostly fit its width (the deal panel):
    its height counted from its lines, each wrapped by Textual only when it is wider than the
    widget. Textual wraps the whole text to measure it (at every :func:`redraw`, to see whether
    the height changed; and again to draw it): at a confirmed deal the panel's measuring was
    ~750 calls."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        styles = self.styles
        if width > 0 and not styles.get_rule("line_pad", 0):
            visual = self._render()
            kept = self.__dict__.get("_fitting")  # (visual, width, height): once until drawn anew, as Textual's
            if kept is not None and kept[0] is visual and kept[1] == width:
                return kept[2]
            if isinstance(visual, Content):
                height = fitting_height(visual.plain, width, cast(RulesMap, styles))  # (read by .get, as Textual's)
                if height is not None:
                    self.__dict__["_fitting"] = (visual, width, height)
                    return height
        return super().get_content_height(container, viewport, width)
