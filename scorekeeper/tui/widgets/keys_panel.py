"""KeysHelpPanel: Textual's keys and help panel (the palette's "Keys"), in the current language.

The bindings' descriptions and tooltips are catalog keys: this panel shows them through
:func:`~scorekeeper.tui.widgets.key_footer.binding_text`, as the footer does. Imported
only when the panel is opened (it brings in Textual's Markdown).
"""

from __future__ import annotations

from itertools import groupby
from operator import itemgetter

from rich import box
from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.widgets import HelpPanel, KeyPanel, Markdown
from textual.widgets._key_panel import BindingsTable

from .key_footer import binding_text


class KeysTable(BindingsTable):
    """Textual's table of the keys (the keys panel), with the texts of :func:`binding_text`."""

    def render_bindings_table(self) -> Table:
        key_style = self.get_component_rich_style("bindings-table--key")
        divider_transparent = self.get_component_styles("bindings-table--divider").color.a == 0
        table = Table(padding=(0, 0), show_header=False,
                      box=box.SIMPLE if divider_transparent else box.HORIZONTALS,
                      border_style=self.get_component_rich_style("bindings-table--divider"))
        table.add_column("", justify="right")
        header_style = self.get_component_rich_style("bindings-table--header")
        description_style = self.get_component_rich_style("bindings-table--description")
        previous_namespace: object = None
        for namespace, group in groupby(self.screen.active_bindings.values(), key=itemgetter(0)):
            by_action: dict[str, list[Binding]] = {}
            for _, binding, _enabled, _tooltip in group:
                if not binding.system:
                    by_action.setdefault(binding.action, []).append(binding)
            if not by_action:
                continue
            if namespace.BINDING_GROUP_TITLE:
                table.add_row("", Text(namespace.BINDING_GROUP_TITLE, end="", style=header_style))
            for bindings in by_action.values():
                binding = bindings[0]
                keys = " ".join(dict.fromkeys(self.app.get_key_display(b) for b in bindings))
                description = Text(binding_text(binding.description), end="", style=description_style)
                tooltip = binding_text(binding.tooltip)
                if tooltip:
                    if binding.description:
                        description.append(" ")
                    description.append(tooltip, "dim")
                table.add_row(Text(keys, style=key_style), description)
            if namespace != previous_namespace:
                table.add_section()
            previous_namespace = namespace
        return table


class KeysPanel(KeyPanel):
    """Textual's keys panel, in the current language."""

    def compose(self):
        yield KeysTable(shrink=True, expand=False)


class KeysHelpPanel(HelpPanel):
    """Textual's help panel (the palette's "Keys"), its keys in the current language."""

    def compose(self):
        yield Markdown(id="widget-help")
        yield KeysPanel(id="keys-help")
