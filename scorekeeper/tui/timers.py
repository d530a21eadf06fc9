"""No timer of the app can start with a delay at or below zero.

Textual (8.2.8) spins forever on a one-shot timer whose delay is negative: ``Timer._run``
computes a negative count for a deadline already past and ``continue``s without awaiting,
so the event loop never runs again (the screen freezes, one core at 100 %). Its own toasts
start such a timer: a notification re-shown on a new screen has ``time_left`` measured
when the toast is made, a moment after it was checked to be positive, and just past zero
when the table changes screen as a toast runs out. A delay of exactly zero fails too (it
divides by the interval).

:func:`guard_timers` makes every timer started through ``set_timer``/``set_interval``
(the app's, its screens' and widgets', and Textual's own toasts) wait at least
:data:`MIN_DELAY`. It is installed once, when the app module is imported.
"""

from __future__ import annotations

from functools import wraps

from textual.message_pump import MessagePump

from .textual_version import changed

MIN_DELAY = 0.01
"""The shortest wait of any timer, in seconds: long enough that Textual's first check
never finds its deadline past (it runs microseconds after the timer starts)."""

FOLLOW_EVERY = 0.5
"""Seconds between two looks at the store by a screen that shows what is stored (the play
screen, a game's score sheet, and the lists of tui/follow.py), for a change another writer
made: a phone through ``scorekeeper serve``, or the app open twice."""

_GUARDED = "_scorekeeper_guarded"  # marks the wrapped methods, so installing twice is harmless


def _at_least(seconds: float) -> float:
    return seconds if seconds >= MIN_DELAY else MIN_DELAY


def guard_timers() -> None:
    """Wrap ``MessagePump.set_timer`` and ``set_interval`` so no delay is below MIN_DELAY."""
    timer, interval = getattr(MessagePump, "set_timer", None), getattr(MessagePump, "set_interval", None)
    if not (callable(timer) and callable(interval)):
        raise changed("textual.message_pump.MessagePump.set_timer/set_interval")
    if getattr(timer, _GUARDED, False):
        return

    @wraps(timer)
    def set_timer(self, delay, *args, **kwargs):
        return timer(self, _at_least(delay), *args, **kwargs)

    @wraps(interval)
    def set_interval(self, every, *args, **kwargs):
        return interval(self, _at_least(every), *args, **kwargs)

    setattr(set_timer, _GUARDED, True)
    setattr(set_interval, _GUARDED, True)
    setattr(MessagePump, "set_timer", set_timer)  # (set as attributes: the checker takes a method for fixed)
    setattr(MessagePump, "set_interval", set_interval)
