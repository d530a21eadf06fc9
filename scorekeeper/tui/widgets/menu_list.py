"""MenuList: an OptionList whose Enter shows in the footer."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList


class MenuList(OptionList):
    """A list to choose from with the arrows and Enter (Enter is shown in the footer)."""

    BINDINGS = [Binding("enter", "select", "tui.bindings.widgets.menu_open", id="menu.open")]
