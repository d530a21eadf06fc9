"""The app's themes: Textual's dark and light ones, and a high-contrast theme of its own.

Settings name a theme by a short key (``dark``, ``light``, ``high-contrast``:
:data:`scorekeeper.settings.THEMES`); :data:`THEME_NAMES` gives the Textual theme of each.
The high-contrast theme is white on pure black with yellow for the focus, the cursor and
the keys, and no grey: muted and disabled text are white too (a disabled key is struck
out instead, see app.tcss), so every piece of text has the strongest contrast.
"""

from __future__ import annotations

from textual.theme import Theme

HIGH_CONTRAST_NAME = "scorekeeper-high-contrast"

THEME_NAMES = {"dark": "textual-dark", "light": "textual-light", "high-contrast": HIGH_CONTRAST_NAME}
"""Settings key -> Textual theme name, in the order ctrl+t goes through them."""

_BLACK, _WHITE, _YELLOW = "#000000", "#FFFFFF", "#FFFF00"

HIGH_CONTRAST = Theme(
    name=HIGH_CONTRAST_NAME,
    primary=_YELLOW,
    secondary="#00FFFF",
    accent=_YELLOW,
    warning="#FFB000",
    error="#FF6B6B",
    success="#00FF00",
    foreground=_WHITE,
    background=_BLACK,
    surface=_BLACK,
    panel=_BLACK,
    dark=True,
    variables={
        "text": _WHITE,
        "text-muted": _WHITE,
        "text-disabled": _WHITE,
        "foreground-muted": _WHITE,
        "foreground-disabled": _WHITE,
        "text-primary": _YELLOW,
        "text-accent": _YELLOW,
        "text-secondary": "#00FFFF",
        "text-warning": "#FFB000",
        "text-error": "#FF6B6B",
        "text-success": "#00FF00",
        "block-cursor-background": _YELLOW,
        "block-cursor-foreground": _BLACK,
        "block-cursor-text-style": "bold",
        "block-cursor-blurred-background": "#00007F",  # navy: white, yellow, green and red all read on it
        "block-cursor-blurred-foreground": _WHITE,
        "block-cursor-blurred-text-style": "bold",
        "block-hover-background": _BLACK,
        "border": _YELLOW,
        "border-blurred": _WHITE,
        "surface-active": _BLACK,
        "footer-background": _BLACK,
        "footer-foreground": _WHITE,
        "footer-key-foreground": _YELLOW,
        "footer-description-foreground": _WHITE,
        "input-cursor-background": _YELLOW,
        "input-cursor-foreground": _BLACK,
        "input-selection-background": _WHITE,
        "input-selection-foreground": _BLACK,
        "scrollbar": _WHITE,
        "scrollbar-hover": _YELLOW,
        "scrollbar-active": _YELLOW,
        "scrollbar-background": _BLACK,
        "scrollbar-background-hover": _BLACK,
        "scrollbar-background-active": _BLACK,
        "scrollbar-corner-color": _BLACK,
        "link-color": "#00FFFF",
        "button-color-foreground": _BLACK,
    },
)


def theme_key(theme_name: str) -> str | None:
    """The settings key of a Textual theme (None for a theme the settings do not name)."""
    for key, name in THEME_NAMES.items():
        if name == theme_name:
            return key
    return None


def next_theme(theme_name: str) -> str:
    """The theme after this one: dark -> light -> high contrast -> dark (any other -> dark)."""
    names = list(THEME_NAMES.values())
    if theme_name not in names:
        return names[0]
    return names[(names.index(theme_name) + 1) % len(names)]
