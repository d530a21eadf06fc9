"""The app's themes: Textual's dark and light ones, and a high-contrast theme of its own.

Settings name a theme by a short key (``dark``, ``light``, ``high-contrast``:
:data:`scorekeeper.settings.THEMES`); :data:`THEME_NAMES` gives the Textual theme of each.
The high-contrast theme is white on pure black with yellow for the focus, the cursor and
the keys, and no grey: muted and disabled text are white too (a disabled key is struck
out instead, see app.tcss), so every piece of text has the strongest contrast.
"""

from __future__ import annotations

from typing import TypedDict

from textual.theme import Theme

HIGH_CONTRAST_NAME = "scorekeeper-high-contrast"

# Settings key -> Textual theme name, in the order ctrl+t goes through them.
THEME_NAMES = {"dark": "textual-dark", "light": "textual-light",
               "high-contrast": HIGH_CONTRAST_NAME}

_BLACK, _WHITE, _YELLOW, _CYAN = "#000000", "#FFFFFF", "#FFFF00", "#00FFFF"


class _Roles(TypedDict):
    """The roles' colours, as Theme's arguments of those names."""

    primary: str
    secondary: str
    accent: str
    warning: str
    error: str
    success: str


# The colour of each role, used for the role itself and for text in it (text-primary, ...).
_ROLES = _Roles(primary=_YELLOW, secondary=_CYAN, accent=_YELLOW, warning="#FFB000",
                error="#FF6B6B", success="#00FF00")

HIGH_CONTRAST = Theme(
    name=HIGH_CONTRAST_NAME,
    **_ROLES,
    foreground=_WHITE,
    background=_BLACK,
    surface=_BLACK,
    panel=_BLACK,
    dark=True,
    # Textual's variable names with '_' for '-' (they are CSS names, not text)
    variables={name.replace("_", "-"): value for name, value in dict(
        text=_WHITE,
        text_muted=_WHITE,
        text_disabled=_WHITE,
        foreground_muted=_WHITE,
        foreground_disabled=_WHITE,
        **{f"text_{role}": str(colour) for role, colour in _ROLES.items()},  # (str: a TypedDict's items are objects)
        block_cursor_background=_YELLOW,
        block_cursor_foreground=_BLACK,
        block_cursor_text_style="bold",
        block_cursor_blurred_background="#00007F",  # navy: white, yellow, green and red all read on it
        block_cursor_blurred_foreground=_WHITE,
        block_cursor_blurred_text_style="bold",
        block_hover_background=_BLACK,
        border=_YELLOW,
        border_blurred=_WHITE,
        surface_active=_BLACK,
        footer_background=_BLACK,
        footer_foreground=_WHITE,
        footer_key_foreground=_YELLOW,
        footer_description_foreground=_WHITE,
        input_cursor_background=_YELLOW,
        input_cursor_foreground=_BLACK,
        input_selection_background=_WHITE,
        input_selection_foreground=_BLACK,
        scrollbar=_WHITE,
        scrollbar_hover=_YELLOW,
        scrollbar_active=_YELLOW,
        scrollbar_background=_BLACK,
        scrollbar_background_hover=_BLACK,
        scrollbar_background_active=_BLACK,
        scrollbar_corner_color=_BLACK,
        link_color=_CYAN,
        button_color_foreground=_BLACK,
    ).items()},
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
