"""Rich text the screens share: a translated sentence with styled parts (:func:`slot`,
:func:`styled`), a stored time (:func:`when`) and a stored game's heading
(:func:`game_heading`).

Below the screens: it imports none of them, so a screen that opens another and the one
it opens can both use it without importing each other.
"""

from __future__ import annotations

from rich.text import Text

from ..i18n import format_datetime, get_language, t

__all__ = ["game_heading", "slot", "styled", "when"]

_SLOT = "\x00"


def slot(name: str) -> str:
    """A placeholder's value that :func:`styled` replaces with styled text."""
    return f"{_SLOT}{name}{_SLOT}"


def styled(text: str, **parts: str | Text) -> Text:
    """A translated text whose ``slot(name)`` values become ``parts[name]`` (a Text keeps its
    style): so a name can be bold wherever the language puts it in the sentence."""
    out = Text()
    for i, piece in enumerate(text.split(_SLOT)):
        part = parts[piece] if i % 2 else piece
        if isinstance(part, Text):
            out.append_text(part)
        elif part:
            out.append(part)
    return out


def when(moment) -> str:
    """A stored time in the local time zone, to the minute, as the language writes it."""
    try:
        return format_datetime(moment)
    except (AttributeError, TypeError, ValueError, OSError):
        return str(moment)


def game_heading(stored) -> Text:
    """'Game 12 · Lupaus · Friday': the id, the ruleset's name in the language, the title as typed."""
    name = stored.game.ruleset.localized(get_language()).name
    if stored.title:
        return Text(t("tui.game_sheet.heading_titled", id=stored.id, name=name, title=stored.title))
    return Text(t("tui.game_sheet.heading", id=stored.id, name=name))
