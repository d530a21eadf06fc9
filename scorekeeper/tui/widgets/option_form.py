"""OptionForm: a box for each house rule (option) of a ruleset, as the new-game screen shows them.

A yes/no or choice option is a Select, a number an Input; the ruleset's help is shown
under its row. The form posts :class:`OptionForm.Changed` with every value (parsed)
whenever one changes, or with the problem of a number that is not one.
"""

from __future__ import annotations

from typing import Any, Mapping

from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Input, Select, Static

from ...i18n import t
from ...play.words import choice_text


class OptionForm(Vertical):
    """The options of a ruleset, each set to a value."""

    DEFAULT_CSS = """
    OptionForm { height: auto; }
    OptionForm .option-group { height: auto; }
    OptionForm .option-group.-hidden { display: none; }
    """

    class Changed(Message):
        """An option was changed: every value, or why they cannot be read (a number that is not one)."""

        def __init__(self, form: "OptionForm", values: dict[str, Any], problem: str | None) -> None:
            super().__init__()
            self.form = form
            self.values = values
            self.problem = problem

    def __init__(self, ruleset, values: Mapping[str, Any], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ruleset = ruleset
        self.start = dict(values)

    def compose(self):
        for option in self.ruleset.options.values():
            value = self.start.get(option.id, option.default)
            with Vertical(classes="option-group", id=f"optgroup-{option.id}"):
                yield from self._option_rows(option, value)

    def _option_rows(self, option, value):
        """One option's row (its label and box) and its help."""
        with Horizontal(classes="form-row option"):
            yield Static(Text(option.label), classes="form-label", markup=False)
            if option.type == "bool":
                yield Select([(Text(t("value.yes")), True), (Text(t("value.no")), False)], value=bool(value),
                             allow_blank=False,
                             id=f"opt-{option.id}", classes="option-box", compact=True)
            elif option.type == "choice":
                choices = [(Text(choice_text(option, c)), c) for c in option.choices]
                yield Select(choices, value=value, allow_blank=False, id=f"opt-{option.id}",
                             classes="option-box", compact=True)
            else:
                computed = option.default_formula is not None and value == option.default
                yield Input("" if computed else str(value), type="integer", id=f"opt-{option.id}",
                            classes="option-box", compact=True,
                            placeholder=(t("tui.widgets.option_form.computed", formula=option.default_formula.text)
                                         if option.default_formula is not None else
                                         t("tui.widgets.option_form.range", min=option.min, max=option.max)))
        if option.help:
            yield Static(Text(option.help), classes="form-help", markup=False)
        elif option.type == "int":
            default = option.default_formula.text if option.default_formula is not None else option.default
            yield Static(t("tui.widgets.option_form.number_help", min=option.min, max=option.max,
                           default=default), classes="form-help", markup=False)

    def show_applying(self, unused: frozenset[str]) -> None:
        """Hide the options the other settings leave unused (shown again when they apply)."""
        for option in self.ruleset.options.values():
            self.query_one(f"#optgroup-{option.id}").set_class(option.id in unused, "-hidden")

    def read(self) -> tuple[dict[str, Any], str | None]:
        """Every option's value, and the first problem (a number out of range or not a number)."""
        values: dict[str, Any] = {}
        for option in self.ruleset.options.values():
            if option.type != "int":
                values[option.id] = self.query_one(f"#opt-{option.id}", Select).value
                continue
            box = self.query_one(f"#opt-{option.id}", Input)
            if option.default_formula is not None and not box.value.strip():
                continue  # left to its default, worked out for the players of the game
            try:
                values[option.id] = option.parse(box.value)
            except ValueError:
                return values, t("tui.widgets.option_form.not_a_number", label=option.label, min=option.min,
                                 max=option.max)
        return values, None

    def set_values(self, values: Mapping[str, Any]) -> None:
        """Put every box back to ``values`` (one Changed follows)."""
        for option in self.ruleset.options.values():
            box = self.query_one(f"#opt-{option.id}")
            value = values.get(option.id, option.default)
            with box.prevent(Select.Changed, Input.Changed):
                if isinstance(box, Input):
                    computed = option.default_formula is not None and value == option.default
                    box.value = "" if computed else str(value)
                elif isinstance(box, Select):  # (each box is one or the other)
                    box.value = value
        self._changed()

    def _changed(self) -> None:
        values, problem = self.read()
        self.post_message(self.Changed(self, values, problem))

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._changed()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._changed()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.screen.focus_next()
