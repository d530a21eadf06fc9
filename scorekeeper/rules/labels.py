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

from ..messages import Message

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["fill_names", "label_problem", "with_names_held"]

# (parsed by hand, not with re: a built-in game's labels are filled at start-up, which loads no re)


def _split(text: str) -> list[tuple[bool, str]] | None:
    """A label -> its pieces, (False, words) and (True, what a pair of braces holds); None when
    a brace opens or closes nothing."""
    out: list[tuple[bool, str]] = []
    i = 0
    while True:
        start, close = text.find("{", i), text.find("}", i)
        if start < 0:
            if close >= 0:
                return None
            out.append((False, text[i:]))
            return out
        end = text.find("}", start + 1)
        if 0 <= close < start or end < 0 or "{" in text[start + 1:end]:
            return None
        out += [(False, text[i:start]), (True, text[start + 1:end])]
        i = end + 1


def _form(inner: str, kinds: tuple[str, ...]) -> tuple[str, list[int], str] | None:
    """"seat 2|seat 2" -> ("seat", [2], "seat 2"); "seats 1 3|..." (as kept) -> ("seats", [1, 3], ...)."""
    head, bar, words = inner.partition("|")
    kind, _, numbers = head.partition(" ")
    parts = numbers.split(" ")
    if not bar or not words or "|" in words or kind not in kinds or not all(
            n.isdigit() and len(n) <= 3 for n in parts) or (kind != "seats" and len(parts) != 1):
        return None
    return kind, [int(n) for n in parts], words


def label_problem(text: str, players: int, teams: int) -> Message | None:
    """What is wrong with the placeholders of a label (None when nothing): a brace that opens
    no placeholder of the form ``{seat N|text}`` or ``{team N|text}``, a seat past ``players``,
    a partnership past ``teams`` (0: the ruleset has none)."""
    pieces = _split(text)
    if pieces is None:
        return Message("rules.label.brace")
    for braced, inner in pieces:
        if not braced:
            continue
        form = _form(inner, ("seat", "team"))
        shown = "{" + inner + "}"
        if form is None:
            return Message("rules.label.placeholder", text=shown)
        kind, (number,), _ = form
        if kind == "team" and not teams:
            return Message("rules.label.no_teams", text=shown)
        if kind == "team" and not 1 <= number <= teams:
            return Message("rules.label.no_team", text=shown, count=teams)
        if kind == "seat" and not 1 <= number <= players:
            return Message("rules.label.no_seat", text=shown, count=players)
    return None


def _kept(text: str, teams: Sequence[Sequence[int]]) -> str:
    """A label as written -> as kept: each partnership as its seats."""
    pieces = _split(text)
    if pieces is None:
        return text
    out = []
    for braced, inner in pieces:
        form = _form(inner, ("seat", "team")) if braced else None
        if form is None:
            out.append("{" + inner + "}" if braced else inner)
            continue
        kind, (number,), words = form
        if kind == "seat":
            out.append(f"{{seats {number}|{words}}}")
        elif 1 <= number <= len(teams):
            out.append("{seats " + " ".join(str(s) for s in teams[number - 1]) + "|" + words + "}")
        else:
            out.append("{" + inner + "}")
    return "".join(out)


def fill_names(text: str, names: Sequence[str] = ()) -> str:
    """A label as kept, with each placeholder filled: the names of its seats joined by " & "
    when ``names`` has them all, else the placeholder's own words."""
    pieces = _split(text)
    if pieces is None:
        return text
    out = []
    for braced, inner in pieces:
        form = _form(inner, ("seats",)) if braced else None
        if form is None:
            out.append("{" + inner + "}" if braced else inner)
            continue
        _, seats, words = form
        if names and all(1 <= s <= len(names) and names[s - 1] for s in seats):
            out.append(" & ".join(names[s - 1] for s in seats))
        else:
            out.append(words)
    return "".join(out)


def with_names_held(label: str, choice_labels: dict[str, str], teams: Sequence[Sequence[int]]
                    ) -> tuple[str, dict[str, str], dict[str, str]]:
    """A field's label and choice labels as written -> (the label and the choice labels as shown
    without names, the texts with placeholders as kept: "" for the label, a choice for its
    label). Texts without a placeholder are kept only once, as they are."""
    named: dict[str, str] = {}
    plain: dict[str, str] = {}
    for key, text in (("", label), *choice_labels.items()):
        if not isinstance(text, str) or "{" not in text:  # (a text that is no text is reported where it is given)
            plain[key] = text
            continue
        kept = _kept(text, teams)
        shown = fill_names(kept)
        if shown != text:
            named[key] = kept
        plain[key] = shown
    return plain.pop(""), plain, named
