"""What the headless table words for the player (scorekeeper.play.words and the texts around it)."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import using_language


@pytest.mark.parametrize("names, text", [
    (["", "", "", ""], "seats 1 and 3 against seats 2 and 4"),
    (["Anna", "Ben", "Cara", "Dan"], "Anna & Cara (seats 1 and 3) against Ben & Dan (seats 2 and 4)"),
    (["Anna", "Ben", "", ""], "Anna & ? (seats 1 and 3) against Ben & ? (seats 2 and 4)"),
    (["Anna"], "Anna & ? (seats 1 and 3) against seats 2 and 4"),
])
def test_the_new_game_form_says_each_partnership_once(names, text):
    """Not "seat 1 & seat 3 (seats 1 and 3)": a side nobody has named yet is its seats."""
    from scorekeeper.play.words import partnerships_text

    assert partnerships_text(((1, 3), (2, 4)), names) == text
    with using_language("fi"):
        assert partnerships_text(((1, 3), (2, 4)), ["", "", "", ""]) == "paikat 1 ja 3 vastaan paikat 2 ja 4"


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def test_no_ruleset_text_speaks_of_the_seed():
    """'The seed' is the project's word for where a ruleset came from, not the player's: no text a
    built-in ruleset shows (in any language) uses it, nor 'the source' in Finnish and Polish."""
    import re
    import tomllib
    from pathlib import Path

    found = []
    for path in sorted((Path(__file__).resolve().parents[1] / "rulesets").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found += [(path.name, text[:60]) for text in _strings(data)
                  if re.search(r"\bseed\b|\bLähde\b|\bŹródło\b", text, re.IGNORECASE)]
    assert found == []


def test_lupaus_miss_help_is_worded_for_the_table():
    from scorekeeper.rules.ruleset import load_ruleset

    rs = load_ruleset("lupaus")
    assert rs.options["miss"].help == (
        "Most tables take 10 points off per trick over or under. The Finnish rule says a miss \"gets 10 points "
        "per trick over or under\" (\"saa 10 pistettä jokaisesta yli- tai alitikistä\"): some tables play it word "
        "for word and give the 10 points instead.")
    assert rs.localized("fi").options["miss"].help.startswith(
        "Useimmissa pöydissä epäonnistuminen vie 10 pistettä jokaisesta yli- tai alitikistä.")
