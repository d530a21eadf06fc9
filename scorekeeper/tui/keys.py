"""Keys reach the app one at a time, each to the box that has the focus when its turn comes.

Textual hands a key to the focused widget's own queue as soon as the app reads it. Typed
fast (or pasted, or on a busy machine), a whole burst is queued at one box before the
first key is handled: the letters after an Enter or a Tab land in the box being left,
and a digit is judged against what the box showed before the previous digit was taken.

:class:`KeysInOrder` holds the keys back instead. A key is passed on (through Textual's
own handling: priority bindings, then the focused widget) only once the key before it has
been handled by its box and everything it made the box post (a value, an Enter that moves
the focus on) has reached the screen and the app, up the same queues: so the next key goes
to the box that has the focus by then, and is judged against what the box shows by then.

While a key is handled the screen is not drawn (Textual's ``batch_update``): what the key
changes reaches the screen in steps (the box, the deal as the rules make it, the focus
moving on), and each step would be a frame of its own, the last one drawn well after the
key. The screen is drawn once, when the key and all it posted have been handled.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from textual import events

from .textual_version import expect

if TYPE_CHECKING:
    from contextlib import AbstractContextManager
    from typing import Any, Callable

    from textual.app import App
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.timer import Timer

    _App = App[Any]  # what the mixin is mixed into, for the checker
else:
    _App = object


def check_textual() -> None:
    """TextualMismatch unless Textual has what this module reaches into (checked at the
    app's start, with the version: see textual_version.py)."""
    from textual._compositor import Compositor
    from textual.app import App
    from textual.dom import DOMNode
    from textual.screen import Screen
    from textual.message_pump import MessagePump
    from textual.widget import Widget

    expect(App, "batch_update", "on_event", "focused", "screen_stack")
    expect(DOMNode, "ancestors_with_self", "walk_children")
    expect(MessagePump, "call_later", "check_idle", "set_timer")
    expect(Widget, "_check_refresh", "_repaint_required", "_layout_required")
    expect(events.Key, "is_forwarded")
    expect(events.Callback, "callback")
    expect(Screen, "_compositor_refresh", "_compositor")  # (draw_late)
    expect(Compositor, "visible_widgets", "update_widgets")

KEY_WAIT = 5.0
"""The longest a key waits for the one before it (its box may have been closed meanwhile)."""


PASSES = 2
"""How many times a key's wait goes from its box up to the app."""

FRAME_WAIT = 0.5
"""The longest the screen waits for a key to be handled before it is drawn all the same."""


class KeysInOrder(_App):
    """An App mixin: keys and pasted text are handled in the order they came, one at a time.

    Text pasted where the widget with the focus takes it key by key (``paste_keys``) is
    handled as those keys, each in its turn."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._waiting_keys: deque[events.Event] = deque()
        self._key_turn = 0  # counts the keys passed on, so a late "done" is ignored
        self._key_busy = False
        self._key_timers: dict[int, Timer] = {}  # turn -> the timer that lets the next key go anyway
        # (the batch, the screen, its size, the timer that ends it) while a key is handled
        self._frame_held: tuple[AbstractContextManager[None], Screen[Any], Size, Timer] | None = None
        # owner -> what to do once the key is handled (see before_frame)
        self._before_frame: dict[object, Callable[[], object]] = {}

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            self._waiting_keys.append(event)
            if not self._key_busy:
                await self._pass_on_keys()
            return
        await super().on_event(event)

    async def _pass_on_keys(self) -> None:
        if self._key_busy or not self._waiting_keys:
            return
        event = self._waiting_keys.popleft()
        if isinstance(event, events.Paste):
            as_keys = getattr(self.focused, "paste_keys", None)
            keys = as_keys(event.text) if as_keys is not None else None
            if keys is not None:  # typed key by key where the focus is (the deal form's value boxes)
                self._waiting_keys.extendleft(reversed(keys))
                await self._pass_on_keys()
                return
        self._key_busy = True
        self._key_turn += 1
        turn = self._key_turn
        target = self.focused or self.screen
        path = list(target.ancestors_with_self)  # the box, its containers, the screen, the app
        self._hold_frame()
        await super().on_event(event)
        self._key_timers[turn] = self.set_timer(KEY_WAIT, lambda: self._key_done(turn))
        self._after(path, 0, turn)

    def _after(self, path: list, step: int, turn: int) -> None:
        """Wait in each queue from the box up to the app, twice in each (what the box posted
        while it took the key follows the key up, a queue behind), and then the whole way
        once more (a binding runs at the app, and what its action posts starts at the box
        again): only then may the next key go. (One callback for all the steps of a key, posted
        as it is: Textual works out the parameters of each new callable it calls, which took
        as long as the rest of the wait, and ``call_later`` wraps the callable in a new one
        each time.)"""
        stops = 2 * len(path)

        def advance() -> None:
            nonlocal step
            while step < PASSES * stops:
                node = path[(step % stops) // 2]
                if node.post_message(events.Callback(callback=next_step)):  # (as call_later posts it)
                    return
                step += 2 - step % 2  # that queue is closed: on to the next
            self._key_done(turn)

        def next_step() -> None:
            nonlocal step
            step += 1
            advance()

        next_step._param_count = 0  # type: ignore[attr-defined]  # (what Textual would work out: no parameters)
        advance()

    @property
    def key_pending(self) -> bool:
        """Whether a key is being handled or waits for its turn."""
        return self._key_busy or bool(self._waiting_keys)

    def key_handled(self) -> None:
        """Called once a key is handled and its frame asked for, with no key waiting (see
        process.QuietCollector); nothing by default."""

    def _key_done(self, turn: int) -> None:
        timer = self._key_timers.pop(turn, None)
        if timer is not None:
            timer.stop()
        if turn != self._key_turn or not self._key_busy:
            return
        self._key_busy = False
        self._draw_frame()
        if self._waiting_keys:
            self.call_later(self._pass_on_keys)
        else:
            self.key_handled()

    def _hold_frame(self) -> None:
        """No frame until the key being handled is done (or FRAME_WAIT has passed)."""
        if self._frame_held is None:
            batch = self.batch_update()
            batch.__enter__()
            self._frame_held = (batch, self.screen, self.size, self.set_timer(FRAME_WAIT, self._draw_frame))

    def before_frame(self, owner: object, callback: Callable[[], object]) -> None:
        """Call ``callback`` once the key being handled is done and before its frame is
        drawn (now, when no key is being handled); one call an ``owner`` (the last given).
        A box's height is settled so: while a key is handled, what the box shows passes
        through steps (the digit typed, then the value as the rules make it) whose heights
        would each lay the screen out."""
        if self._frame_held is None:
            callback()
        else:
            self._before_frame[owner] = callback

    def _draw_frame(self) -> None:
        """Draw what the key changed, in one frame."""
        if self._frame_held is None:
            return
        waiting, self._before_frame = self._before_frame, {}
        for callback in waiting.values():
            callback()
        batch, screen, size, timer = self._frame_held
        self._frame_held = None
        timer.stop()
        _tell_screen(self.screen)
        batch.__exit__(None, None, None)
        if not self.is_running or not self.screen_stack:
            return
        if self.screen is not screen or self.size != size:
            # a screen shown or a size changed while held was laid out then and not drawn
            self.screen.refresh()
        self.screen.check_idle()  # (the screen draws when it is next idle)


def _tell_screen(screen) -> None:
    """Tell the screen now of every widget the key drew again or laid out, as each widget
    does once it is next idle: a widget outside the key's way (a key of the footer dimmed
    by a confirmed deal, the status line) may be idle only after the screen has drawn the
    key's frame, and the screen then draws a second frame for it."""
    for widget in screen.walk_children(with_self=False):
        if widget._repaint_required or widget._layout_required:
            widget._check_refresh()


def draw_late(screen) -> None:
    """Before ``screen`` draws a frame (its ``_compositor_refresh``): add to it every widget on
    show that asked to be drawn again meanwhile, as each would tell the screen once it is next
    idle, after the frame (a second frame, 20-40 ms after the key's): a layout moves the score
    table's scroll bar (a row added at the game's end, the form and the final standings taking
    turns) during the frame."""
    compositor = screen._compositor
    late = {widget for widget in compositor.visible_widgets
            if widget._repaint_required and not widget._layout_required}
    for widget in late:
        widget._repaint_required = False
    if late:
        compositor.update_widgets(late)
