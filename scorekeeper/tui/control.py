"""No text on the app's screen reaches the terminal as a command.

A player's name, a ruleset's label or a check's message may hold ESC, CSI or another
control character (a file is text its author chose; the store keeps what it was given).
Textual measures such a character as taking no room and writes it to the terminal as it
is, where it would act: clear the screen, move the cursor, set the title.

:func:`guard_strips` makes the last step before the terminal, ``Strip.render`` (every
widget's lines pass through it), leave out every control character of the text it writes
(:func:`~scorekeeper.terminal.terminal_safe` with ``escape=False``: the layout was
measured without them, so it stays as drawn). Textual's own cursor and mode sequences are
separate control segments and are not touched. Installed once, when the app module is
imported, like :func:`~scorekeeper.tui.timers.guard_timers`.
"""

from __future__ import annotations

from functools import wraps

from rich.segment import Segment
from textual.strip import Strip

from ..terminal import terminal_safe
from .textual_version import changed

_GUARDED = "_scorekeeper_guarded"  # marks the wrapped method, so installing twice is harmless


def _safe_segment(segment: Segment) -> Segment:
    text, style, control = segment
    if control:
        return segment
    safe = terminal_safe(text, escape=False)
    return segment if safe is text else Segment(safe, style, control)


def _expect(cls: type, where: str, names, wanted: tuple[str, ...]) -> None:
    """TextualMismatch unless each of ``wanted`` is among ``names`` (the attributes ``cls`` sets in ``where``)."""
    missing = [name for name in wanted if name not in names]
    if missing:
        raise changed(f"{cls.__module__}.{cls.__name__} ({where}: no {', '.join(missing)})")


def guard_strips() -> None:
    """Wrap ``Strip.render`` so the text of its segments carries no control character."""
    render = Strip.render
    if getattr(render, _GUARDED, False):
        return
    _expect(Strip, "__slots__", getattr(Strip, "__slots__", ()), ("_segments", "_render_cache"))

    @wraps(render)
    def guarded(self: Strip, console):
        if self._render_cache is None:
            self._segments = [_safe_segment(segment) for segment in self._segments]
        return render(self, console)

    setattr(guarded, _GUARDED, True)
    setattr(Strip, "render", guarded)  # (set as an attribute: the checker takes a method for fixed)


def guard_compositor() -> None:
    """Keep the place of a widget that left the screen in what is drawn next.

    Textual's compositor finds what to redraw by comparing its map of the screen before
    and after a layout. After a scroll it rebuilds that map lazily, the next time the map
    is read, without comparing: a widget removed in between (a toast that ran out) is in
    neither map, so its place is never redrawn and its last picture stays on the terminal
    (Textual 7.0 to 8.2). Here the lazy rebuild compares too, and marks the places of the
    widgets that are gone to be redrawn: where the last layout put each, and where the last
    scroll showed it. (Not the widgets the scroll moved: the scroll drew them where they are,
    and drawing them again sends the whole form to the terminal a second time.)"""
    from textual._compositor import Compositor

    prop = Compositor.__dict__.get("full_map")
    if not isinstance(prop, property):
        raise changed("textual._compositor.Compositor.full_map")
    _expect(Compositor, "__init__", Compositor.__init__.__code__.co_names,
            ("_full_map", "_visible_map", "_dirty_regions", "_full_map_invalidated", "root", "size"))
    build = prop.fget
    if build is None:
        raise changed("textual._compositor.Compositor.full_map")
    if getattr(build, _GUARDED, False):
        return

    @wraps(build)
    def full_map(self):
        if self.root is None or not getattr(self, "_full_map_invalidated", False):
            return build(self)
        before, shown = self._full_map, self._visible_map or {}
        after = build(self)
        dirty = self._dirty_regions
        if self.size.region not in dirty:
            for widget in before.keys() - after.keys():
                for geometry in (before[widget], shown.get(widget)):
                    region = geometry.clip.intersection(geometry.region) if geometry is not None else None
                    if region:
                        dirty.add(region)
        return after

    setattr(full_map, _GUARDED, True)
    setattr(Compositor, "full_map", property(full_map, doc=prop.__doc__))


def guard_scroll_repaint() -> None:
    """A scroll redraws what moved, not the whole screen.

    After a scroll Textual compares the widgets on show with those of the scroll before,
    and marks those that moved to be redrawn. After a layout it has no such list (a layout
    drops it), so the first scroll after one marks every widget, and the whole screen is
    redrawn and sent to the terminal: at the table that is every time the deal form
    scrolls to the next box, 30 ms and more a key on a small machine. Here the scroll
    compares with the map of the whole screen that the layout (or the last rebuild of that
    map) made: the widgets on show are in it, placed as they are on the terminal."""
    from textual._compositor import Compositor

    reflow_visible = getattr(Compositor, "reflow_visible", None)
    if not callable(reflow_visible):
        raise changed("textual._compositor.Compositor.reflow_visible")
    if getattr(reflow_visible, _GUARDED, False):
        return

    @wraps(reflow_visible)
    def guarded(self, parent, size):
        if self._visible_map is None and self._full_map and self.root is parent and self.size == size:
            self._visible_map = self._full_map  # (None only when a layout or a rebuild of the map made it)
        return reflow_visible(self, parent, size)

    setattr(guarded, _GUARDED, True)
    setattr(Compositor, "reflow_visible", guarded)


def guard_reflow() -> None:
    """A layout's map of the screen is the map of the whole screen until something changes.

    A layout (``reflow``) maps every widget, as the map of the whole screen is made, but
    leaves it marked out of date when a scroll came before it in the same key (a scroll marks
    it so): the first place asked for after the layout, a scroll bar's as the layout sizes its
    widget, then built the same map a second time (at a game's end, its form scrolled to the
    top and the final standings laid out: 2k of the key's 47k calls)."""
    from textual._compositor import Compositor

    reflow = getattr(Compositor, "reflow", None)
    if not callable(reflow):
        raise changed("textual._compositor.Compositor.reflow")
    _expect(Compositor, "reflow", reflow.__code__.co_names, ("_full_map", "_arrange_root"))
    if getattr(reflow, _GUARDED, False):
        return

    @wraps(reflow)
    def guarded(self, parent, size):
        result = reflow(self, parent, size)
        self._full_map_invalidated = False  # (the map just made: every widget, visible_only=False)
        return result

    setattr(guarded, _GUARDED, True)
    setattr(Compositor, "reflow", guarded)
