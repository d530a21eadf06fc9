"""KeyFooter: Textual's Footer in the current language, redrawn only when the keys it shows change.

The description and the tooltip of every ``Binding`` in the app are catalog keys
(``"tui.bindings.play.confirm"``, ``"tui.bindings.play.confirm_tip"``): a binding is made
when its module is imported, and the player may switch the language later. The footer,
the command palette (``ScorekeeperApp.get_system_commands``) and the keys panel show
:func:`binding_text` of them, read when they are drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from rich.cells import cell_len
from rich.text import Text

from ...i18n import catalog, get_language, t

if TYPE_CHECKING:
    from textual.screen import Screen


def binding_text(text: str | None) -> str:
    """A binding's description or tooltip as shown: the current language's text of a
    catalog key; anything else (Textual's own bindings, "") as it is."""
    if not text or " " in text or "." not in text or catalog("en").get(text) is None:
        return text or ""
    return t(text)


class DimmableKey(FooterKey):
    """A key of the footer that draws itself struck out (and dimmed) while it does not apply
    now, in the look of its ``footer-key--off`` part (app.tcss: the high-contrast theme does
    not dim it). Textual's key takes a class for that, and a class toggled works the key's
    styles out again (a millisecond or more a key, with its parts and scroll bar colours;
    a deal that ends a game dims five keys at once): this key is only drawn again."""

    COMPONENT_CLASSES = FooterKey.COMPONENT_CLASSES | {"footer-key--off"}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # the key's looks as drawn, lit and dimmed (working one out reads the styles of the
        # key, its parts and its ancestors: about a millisecond): until the key is restyled
        self._looks: dict[tuple, Text] = {}
        # the lines drawn of each look (and where and how they were drawn): until the key is restyled
        self._lines: dict[tuple, tuple[tuple, list[Strip]]] = {}

    @classmethod
    def like(cls, key: FooterKey) -> DimmableKey:
        """This kind of key in place of Textual's ``key`` (made by Footer.compose, not mounted)."""
        made = cls(key.key, key.key_display, key.description, key.action, tooltip=key.tooltip or "",
                   classes=" ".join(sorted(key.classes - {"-disabled"})))
        made._disabled = key._disabled
        return made

    @property
    def dimmed(self) -> bool:
        """Whether the key is shown as not applying now (Textual's FooterKey keeps it as ``_disabled``)."""
        return self._disabled

    @dimmed.setter
    def dimmed(self, dimmed: bool) -> None:
        if dimmed != self._disabled:
            self._disabled = dimmed
            self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._looks.clear()
        self._lines.clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The key's line as drawn last in this look, at this size: a key dimmed by a deal
        that ends the game and lit again by its undo draws it once, not at each (Textual
        draws a widget's lines anew after every refresh: some 0.3 ms a key, for the four or
        five keys such a deal dims or lights). Drawn anew when the key is restyled (the
        theme, the mouse over it) or its size, place or the app's filters change."""
        look = (self._disabled, self.description, self.key_display)
        drawn = (crop, self.region.size, self.mouse_hover, tuple(map(id, self.get_line_filters())))
        kept = self._lines.get(look)
        if kept is not None and kept[0] == drawn:
            return kept[1]
        lines = super().render_lines(crop)
        self._lines[look] = (drawn, lines)
        return lines

    def prepare_looks(self) -> None:
        """Work out now (the app quiet) the look the key does not show, lit or dimmed: the deal
        that first dims it (a game's end) or lights it again (its undo) then only draws it
        (working a look out for the first time reads the styles of the key and its parts:
        about 0.2 ms a key, three to five keys at a game's end)."""
        shown = self._disabled
        for dimmed in (shown, not shown):
            if (dimmed, self.description, self.key_display) not in self._looks:
                self._disabled = dimmed  # (not the setter: nothing is drawn again)
                try:
                    self.render()
                finally:
                    self._disabled = shown

    def render(self) -> Text:
        look = (self._disabled, self.description, self.key_display)
        text = self._looks.get(look)
        if text is None:
            text = self._looks[look] = super().render()
            if self._disabled:
                text.stylize(self.get_component_styles("footer-key--off").text_style)
        return text.copy()


class KeyFooter(Footer):
    """The keys of the screen (dimmed when they do not apply now), in the current language.

    Textual's Footer rebuilds itself whenever the focus moves; at the table the
    focus moves at every Enter, while the keys shown seldom change. This one
    rebuilds only when they do (or the language does), which keeps entry quick on
    a slow machine.
    """

    _shown: tuple | None = None
    _in_key = False  # the keys were worked out during the key being handled (see bindings_changed)
    _later: Screen | None = None  # and asked for again meanwhile, by this screen

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's keys may have changed. While a key is handled they may change several
        times (a deal that ends the game dims some, the focus moves to the final standings,
        and Textual tells of the focus twice): worked out at once the first time (a footer
        built anew is drawn in the key's frame), and once more when the key is done, before
        its frame, if asked again meanwhile."""
        app = screen.app
        before_frame = getattr(app, "before_frame", None)
        if before_frame is None or not getattr(app, "key_pending", False):
            self._show_bindings(screen)
        elif not self._in_key:
            self._in_key = True
            self._show_bindings(screen)
            before_frame((self, "keys"), self._key_done)
        else:
            self._later = screen

    def prepare_looks(self) -> None:
        """Each key's looks, lit and dimmed, worked out now (see DimmableKey.prepare_looks)."""
        for widget in self.walk_children(DimmableKey):
            widget.prepare_looks()

    def _key_done(self) -> None:
        later = self._later
        self._in_key, self._later = False, None
        if later is not None:
            self._show_bindings(later)

    def _show_bindings(self, screen: Screen) -> None:
        active = {key: a for key, a in screen.active_bindings.items() if a.binding.show}
        shown = (get_language(),) + tuple((key, a.binding.description) for key, a in active.items())
        if shown == self._shown and self._bindings_ready:
            # the same keys: only whether each applies now may have changed, which each key
            # draws itself (building the footer anew costs a key press a frame or more)
            for widget in self.walk_children(DimmableKey):  # (not a query: no CSS to match)
                binding = active.get(widget.key)
                if binding is not None:
                    widget.dimmed = not binding.enabled
            return
        self._shown = shown
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            # built anew at once, in the frame of the key that changed them (Textual's Footer
            # waits for the next frame: the keys were drawn in a frame, laid out, of their own)
            self.call_next(self.recompose)

    def compose(self):
        widgets = []
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget = DimmableKey.like(widget)
                if not widget.has_class("-command-palette"):  # (that one stays compact)
                    # compact as the footer is from the start: a key made compact (Textual's
                    # default) and then not, as the footer tells it once mounted, is restyled twice more
                    widget.set_reactive(FooterKey.compact, self.compact)
                    widget.data_bind(compact=Footer.compact)  # (as Textual's footer binds its keys)
                widget.description = binding_text(widget.description)
                tooltip = widget.tooltip
                if isinstance(tooltip, str):
                    widget.tooltip = binding_text(tooltip)
            elif isinstance(widget, FooterLabel):
                widget.update(binding_text(str(widget.content)))
            widgets.append(widget)
        self._fit(widgets)
        yield from widgets

    def _fit(self, widgets) -> None:
        """Keys that do not fit on one line go on a second (or third) one, so that none is
        cut off at 80 columns (Textual's footer scrolls them out of sight instead)."""
        width = self.app.size.width
        self._fitted_width = width
        keys = [w for w in widgets if isinstance(w, FooterKey) and not w.has_class("-command-palette")]
        if not keys or width <= 0 or len(keys) != len(widgets) - sum(w.has_class("-command-palette") for w in widgets):
            return  # (grouped keys: left as Textual lays them out)
        sizes = [cell_len(k.key_display) + cell_len(k.description) + 3 for k in keys]
        palette = sum(cell_len(w.key_display) + cell_len(w.description) + 4
                      for w in widgets if isinstance(w, FooterKey) and w.has_class("-command-palette"))
        room = width - palette
        for rows in (1, 2, 3):
            columns = -(-len(sizes) // rows)
            needed = sum(max(sizes[c::columns]) for c in range(columns))
            if needed <= room:
                break
        if rows == 1:
            self.styles.layout = "horizontal"
            self.styles.height = 1
            return
        self.styles.layout = "grid"
        self.styles.grid_size_columns = columns
        self.styles.grid_columns = "auto"
        self.styles.height = rows

    def on_resize(self, event) -> None:
        if getattr(self, "_fitted_width", None) not in (None, self.app.size.width) and self._bindings_ready:
            self.call_after_refresh(self.recompose)

