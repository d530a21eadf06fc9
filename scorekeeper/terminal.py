"""Text made safe for a terminal: what a ruleset, a score sheet or the store says is shown,
never obeyed.

A name or a message may hold any character: a ruleset file is text its author chose, a
sheet's player names are whatever was typed, the store keeps what it was given. A
terminal takes some characters as commands: ESC starts a sequence that can move the
cursor, clear the screen, set the window's title or (on some terminals) answer back as if
typed; CSI (U+009B) does the same in one character; a lone carriage return writes over
the line. :func:`terminal_safe` writes each such character as its escape (``\\u001b``),
so the text is shown as it is and the terminal does nothing with it. The escape is JSON's
own: JSON made safe stays valid JSON with the same strings in it.

A leaf like :mod:`scorekeeper.messages`: it imports nothing, so every front end (the
command line, the terminal app) and the reports may use it.
"""

from __future__ import annotations

__all__ = ["terminal_safe"]

# Every control character (Unicode category Cc: C0, DEL, C1) but the line feed and the tab,
# each with its escape; the carriage return is one too, but for that of a CR LF line end (CSV's):
# those lay text out and command nothing else. (str.translate, not ``re``, which a start would import.)
_CONTROLS = [*range(0x00, 0x09), 0x0B, 0x0C, 0x0D, *range(0x0E, 0x20), *range(0x7F, 0xA0)]
_ESCAPED = {code: f"\\u{code:04x}" for code in _CONTROLS}
_LEFT_OUT = dict.fromkeys(_CONTROLS)


def terminal_safe(text: str, *, escape: bool = True) -> str:
    """``text`` with every character a terminal would act on written as its escape:
    ``'Anna\\x1b[2J'`` -> ``'Anna\\\\u001b[2J'`` (a backslash, then u001b). Lines, tabs and CR LF stay.

    ``escape=False`` leaves those characters out instead: for a screen laid out before it is
    written, where they were measured as taking no room. The same ``text`` object comes back
    when there is nothing to change."""
    if text.isprintable():  # (no control character is printable)
        return text
    table = _ESCAPED if escape else _LEFT_OUT
    # A CR LF's CR is kept: each piece between them is made safe, and they are put back.
    safe = "\r\n".join(piece.translate(table) for piece in text.split("\r\n")) if "\r" in text else text.translate(table)
    return text if safe == text else safe
