"""A field's label, or a choice's, names the seats or the partnership it is about with a
placeholder ({team 1|seats 1 and 3}, {seat 2|seat 2}): a game fills in the players' names
("Tricks won by Anna & Cara"), the rules' pages (no names known) show the placeholder's own
words, and `rules check` names the key of a placeholder that names nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.game.game import Game, IllegalEntry
from scorekeeper.game.sheet import load_sheet
from scorekeeper.i18n import show, using_language
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.plain import game_lines
from scorekeeper.rules.ruleset import check_file, load_ruleset

REPO = Path(__file__).resolve().parents[1]
PLAYERS = ("Anna", "Ben", "Cara", "Dan")

RULESET = """
id = "named"
name = "Named"
description = "Two partnerships."
deck = 52
phases = ["play"]

[deals]
cards = "13"

[players]
min = 4
max = 4
{teams}
[fields.tricks]
scope = "deal"
phase = "play"
type = "int"
label = "{label}"
min = 0
max = 13

[fields.first]
scope = "deal"
phase = "play"
type = "choice"
label = "First out"
choices = ["a", "b"]
labels = {{ a = "{choice}", b = "the others" }}

[score]
value = "tricks"

[end]
when = "max(total) >= 10"

[translations.fi]
fields.tricks.label = "{fi}"
"""
TEAMS = '[teams]\nseats = [[1, 3], [2, 4]]\n'


def problems(tmp_path, label="Tricks of {team 1|seats 1 and 3}", choice="{seat 2|seat 2}", fi="Tikit",
             teams=TEAMS) -> list[str]:
    path = tmp_path / "named.toml"
    path.write_text(RULESET.format(teams=teams, label=label, choice=choice, fi=fi), encoding="utf-8")
    return [f"{p.path}: {show(p.message)}" for p in check_file(path)]


def test_good_placeholders_pass_rules_check(tmp_path):
    assert problems(tmp_path) == []


@pytest.mark.parametrize(("kwargs", "said"), [
    ({"label": "Tricks of {team 3|seats 1 and 3}"},
     "fields.tricks.label: '{team 3|seats 1 and 3}' names no partnership: they are 1 to 2"),
    ({"label": "Tricks of {team 1|seats 1 and 3}", "teams": ""},
     "fields.tricks.label: '{team 1|seats 1 and 3}' names a partnership, but the ruleset has none ([teams] seats)"),
    ({"choice": "{seat 5|seat 5}"}, "fields.first.labels.a: '{seat 5|seat 5}' names no seat: they are 1 to 4"),
    ({"label": "Tricks of {team 1}"},
     "fields.tricks.label: '{team 1}' is no placeholder: a label names a seat with {seat N|words} or a partnership "
     "with {team N|words}, the words shown where no names are known (a brace that is no placeholder is not allowed)"),
    ({"label": "Tricks } of {team 1|seats 1 and 3}"},
     "fields.tricks.label: a brace opens or closes no placeholder: a label names a seat with {seat N|words} or a "
     "partnership with {team N|words}"),
    ({"fi": "Tikit: {team 2|paikat}x{seat 0|ei}"},
     "translations.fi.fields.tricks.label: '{seat 0|ei}' names no seat: they are 1 to 4"),
])
def test_rules_check_names_the_key_of_a_placeholder_that_names_nothing(tmp_path, kwargs, said):
    assert problems(tmp_path, **kwargs) == [said]


def test_a_game_fills_in_the_names_and_the_rules_show_the_placeholders_words():
    whist = load_ruleset("whist")
    assert whist.fields["tricks"].label == "Tricks won by seats 1 and 3"   # rules show, new-game form
    assert whist.fields["tricks"].label_for(PLAYERS) == "Tricks won by Anna & Cara"
    fi = whist.localized("fi").fields["tricks"]
    assert (fi.label, fi.label_for(PLAYERS)) == ("Tikit: paikat 1 ja 3", "Tikit: Anna & Cara")
    jass = load_ruleset("jass").localized("pl").fields["match"]
    assert jass.choice_label("second") == "miejsca 2 i 4 (257)"
    assert jass.choice_label_for("second", PLAYERS) == "Ben & Dan (257)"


def test_the_entry_boxes_on_the_screen_and_the_phone_name_the_players():
    """The boxes the TUI and the phone page draw (their CellViews) say whose tricks."""
    draft = DealDraft(Game(load_ruleset("jass"), list(PLAYERS)))
    cells = {c.field: c for c in draft.view().cells.values()}
    assert cells["points"].label == "Card points of Anna & Cara"
    assert [c.text for c in cells["weis_by"].choices] == ["nobody", "Anna & Cara", "Ben & Dan"]
    from scorekeeper.web.phone import _deal  # what the phone page is sent

    boxes = {b["field"]: b for phase in _deal(draft)["phases"] for b in phase["boxes"]}
    assert boxes["points"]["label"] == "Card points of Anna & Cara"
    assert [c["text"] for c in boxes["match"]["choices"]] == ["by neither side", "by Anna & Cara (257)", "by Ben & Dan (257)"]


def game_text(game) -> str:
    return "\n".join(game_lines(game))


def test_plain_replay_names_the_partnership_in_labels_and_choices():
    whist = game_text(load_sheet(REPO / "examples" / "whist.toml"))
    assert "tricks won by Anna & Cara: 8." in whist and "seats 1 and 3" not in whist
    jass = game_text(load_sheet(REPO / "examples" / "jass.toml"))
    assert "every trick taken (Match): by Ben & Dan (257)." in jass
    assert "weis scored by (the side with the best Weis): Anna & Cara, their Weis: 50" in jass
    with using_language("fi"):
        assert "tikit: Anna & Cara: 8." in game_text(load_sheet(REPO / "examples" / "whist.toml"))


def test_a_check_message_names_the_partnership():
    game = Game(load_ruleset("jass"), list(PLAYERS))
    with pytest.raises(IllegalEntry) as refused:
        game.record({"game": "hearts", "points": 150, "match": "first"})
    assert [show(i.message) for i in refused.value.issues] == [
        "Anna & Cara took every trick, so their card points are 157, not 150"]
