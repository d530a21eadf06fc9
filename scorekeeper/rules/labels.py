"""Labels that name the table's players: a field's label, or a choice's, may say whose value it
is with a placeholder that a game fills with the players' names.

``{team 1|seats 1 and 3}`` is partnership 1 ("Anna & Cara" at a table that named them),
``{seat 2|seat 2}`` the player in seat 2 ("Ben"); the text after ``|`` is what is shown where no
names are known (the rules' pages, a new game's form), in the label's own words and grammar.
A ruleset keeps the label with the placeholders filled by that text, so everything that does
not know the table reads it as before, and the label as written (:attr:`FieldSpec.named_texts`)
for what does: ``label_for`` and ``choice_label_for`` of the field.

In the label as kept, a partnership is kept as its seats (``{seats 1 3|...}``): the names a
game gives are the players' in seat order, and the ruleset's partnerships are fixed.
"""

from __future__ import annotations

import re

from ..messages import Message

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["fill_names", "label_problem", "with_names_held"]

_BRACED = re.compile(r"\{([^{}]*)\}")
_WRITTEN = re.compile(r"(seat|team) ([0-9]{1,3})\|([^{}|]+)")  # as a ruleset writes one
_KEPT = re.compile(r"seats ([0-9 ]+)\|([^{}|]+)")              # as a ruleset keeps one


def label_problem(text: str, players: int, teams: int) -> Message | None:
    """What is wrong with the placeholders of a label (None when nothing): a brace that opens
    no placeholder of the form ``{seat N|text}`` or ``{team N|text}``, a seat past ``players``,
    a partnership past ``teams`` (0: the ruleset has none)."""
    for found in _BRACED.finditer(text):
        form = _WRITTEN.fullmatch(found.group(1))
        if form is None:
            return Message("rules.label.placeholder", text=found.group(0))
        number = int(form.group(2))
        if form.group(1) == "team" and not teams:
            return Message("rules.label.no_teams", text=found.group(0))
        if form.group(1) == "team" and not 1 <= number <= teams:
            return Message("rules.label.no_team", text=found.group(0), count=teams)
        if form.group(1) == "seat" and not 1 <= number <= players:
            return Message("rules.label.no_seat", text=found.group(0), count=players)
    rest = _BRACED.sub("", text)
    if "{" in rest or "}" in rest:
        return Message("rules.label.brace")
    return None


def _kept(text: str, teams: Sequence[Sequence[int]]) -> str:
    """A label as written -> as kept: each partnership as its seats."""
    def seats(found: re.Match) -> str:
        form = _WRITTEN.fullmatch(found.group(1))
        if form is None:
            return found.group(0)
        number, words = int(form.group(2)), form.group(3)
        if form.group(1) == "seat":
            return f"{{seats {number}|{words}}}"
        if 1 <= number <= len(teams):
            return "{seats " + " ".join(str(s) for s in teams[number - 1]) + "|" + words + "}"
        return found.group(0)
    return _BRACED.sub(seats, text)


def fill_names(text: str, names: Sequence[str] = ()) -> str:
    """A label as kept, with each placeholder filled: the names of its seats joined by " & "
    when ``names`` has them all, else the placeholder's own words."""
    def filled(found: re.Match) -> str:
        form = _KEPT.fullmatch(found.group(1))
        if form is None:
            return found.group(0)
        seats = [int(s) for s in form.group(1).split()]
        if names and all(1 <= s <= len(names) and names[s - 1] for s in seats):
            return " & ".join(names[s - 1] for s in seats)
        return form.group(2)
    return _BRACED.sub(filled, text)


def with_names_held(label: str, choice_labels: dict[str, str], teams: Sequence[Sequence[int]]
                    ) -> tuple[str, dict[str, str], dict[str, str]]:
    """A field's label and choice labels as written -> (the label and the choice labels as shown
    without names, the texts with placeholders as kept: "" for the label, a choice for its
    label). Texts without a placeholder are kept only once, as they are."""
    named: dict[str, str] = {}
    plain: dict[str, str] = {}
    for key, text in (("", label), *choice_labels.items()):
        if not isinstance(text, str):  # reported where it is given
            plain[key] = text
            continue
        kept = _kept(text, teams)
        shown = fill_names(kept)
        if shown != text:
            named[key] = kept
        plain[key] = shown
    return plain.pop(""), plain, named
