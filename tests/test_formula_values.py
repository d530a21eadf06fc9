"""Values written out in formulas: 'in' with a bracketed list, text joined with '+',
text(x), and index_of() that turns a choice into a number for pick() (docs/rulesets.md,
Formulas). Each is typed at rules check; the joined text is bounded while running."""

from __future__ import annotations

import pytest

from helpers.samples import ruleset_game, ruleset_head, ruleset_problems

from scorekeeper.game.engine import IllegalEntry
from scorekeeper.game.game import Game
from scorekeeper.i18n import show
from scorekeeper.rules.formula import MAX_JOINED_TEXT

# Two players; one of them declares a contract of a level in a strain, the other defends.
BASE = ruleset_head("contract", "A declarer names a level and a strain.", (2, 2), cards="10", end="deal == 5") + """
[options.colour]
type = "choice"
choices = ["red", "black"]
default = "red"

[fields.declarer]
scope = "deal"
phase = "bidding"
type = "seat"

[fields.strain]
scope = "deal"
phase = "bidding"
type = "choice"
choices = ["spades", "clubs", "diamonds", "hearts", "notrump"]

[fields.level]
scope = "deal"
phase = "bidding"
type = "int"
min = 6
max = 10

[fields.tricks]
scope = "deal"
phase = "play"
type = "int"
min = 0
max = "cards"
"""

SCORE = """
[derived.strain_value]
scope = "deal"
value = "pick(index_of(strain, 'spades', 'clubs', 'diamonds', 'hearts', 'notrump'), 40, 60, 80, 100, 120)"

[derived.contract]
scope = "deal"
value = "strain_value + 100 * (level - 6)"

[score]
value = "(contract if tricks >= level else -contract) if seat == declarer else 0"
"""


def problems(text: str) -> list[str]:
    return ruleset_problems(text, "contract.toml")


def game(text: str) -> Game:
    return ruleset_game(text, "contract.toml", ["Anna", "Ben"])


def test_index_of_turns_a_choice_into_the_number_pick_takes():
    """The Avondale values: 7 hearts made is 100 + 100 = 200; 8 no-trump missed is -(120 + 200)."""
    g = game(BASE + SCORE)
    g.record({"declarer": 1, "strain": "hearts", "level": 7, "tricks": 8})
    g.record({"declarer": 2, "strain": "notrump", "level": 8, "tricks": 7})
    assert g.totals() == (200, -320)


def test_in_tells_a_value_among_values_written_out():
    checks = """
[[checks]]
id = "majors"
when = "strain in ('hearts', 'spades')"
rule = "level >= 7"
message = "a major is bid from 7: {'level ' + text(level) + ' in ' + strain} is too low"

[[checks]]
id = "minors"
when = "strain not in ('hearts', 'spades', 'notrump') and colour in ('red',)"
rule = "level >= 8"
field = "level"
message = "{'a minor, ' + strain + ','} is bid from 8, not {level}"
"""
    g = game(BASE + SCORE + checks)
    with pytest.raises(IllegalEntry) as info:
        g.record({"declarer": 1, "strain": "spades", "level": 6, "tricks": 6})
    assert show(info.value) == "a major is bid from 7: level 6 in spades is too low"
    with pytest.raises(IllegalEntry) as info:
        g.record({"declarer": 1, "strain": "clubs", "level": 7, "tricks": 6})
    assert show(info.value) == "a minor, clubs, is bid from 8, not 7"
    g.record({"declarer": 1, "strain": "notrump", "level": 6, "tricks": 6})
    assert g.totals() == (120, 0)


def test_text_words_yes_no_and_decimals_and_reminders_join_text():
    reminder = """
[[reminders]]
id = "who"
text = "{'Declarer: ' + name(declarer) + ' (' + text(deal > 1) + ', ' + text(deal / 2) + ')'}"
"""
    g = game(BASE + SCORE + reminder)
    assert g.info(1, {"declarer": 2}).reminders == ("Declarer: Ben (no, 0.5)",)


REFUSED = [
    ('strain in (\'heart\', \'spades\')',
     "contract.toml: checks.c.rule: 'heart' is not a value of 'strain' (spades, clubs, diamonds, hearts, "
     "notrump) (did you mean 'hearts'?)"),
    ("strain != 'heart'",
     "contract.toml: checks.c.rule: 'heart' is not a value of 'strain' (spades, clubs, diamonds, hearts, "
     "notrump) (did you mean 'hearts'?)"),
    ("level > 6 and 'nt' == trump",
     "contract.toml: checks.c.rule: 'nt' is not a value of 'trump' (spades, hearts, diamonds, clubs, none)"),
    ("colour in ('blue',)",
     "contract.toml: checks.c.rule: 'blue' is not a value of 'colour' (red, black)"),
    ("level in ('six', 7)",
     "contract.toml: checks.c.rule: 'in': 'level' is number, but a value it is compared with is text"),
    ("strain in (level, 7)",
     "contract.toml: checks.c.rule: 'in' takes values written out ('hearts', 3, true), but 'level' is not one"),
    ("strain in 'hearts'",
     "contract.toml: checks.c.rule: \"strain in 'hearts'\": 'in' takes a bracketed list of values written out, "
     "e.g. strain in ('hearts', 'spades')"),
    ("'level ' + level == 'level 7'",
     "contract.toml: checks.c.rule: '+' joins text only to text, but 'level' is number: write text(level)"),
    ("index_of(strain, 'spades', 3) == 1",
     "contract.toml: checks.c.rule: index_of(): 'strain' is text, but a value it is compared with is number"),
    ("index_of(trump, 'hearts', 'nt') == 1",
     "contract.toml: checks.c.rule: 'nt' is not a value of 'trump' (spades, hearts, diamonds, clubs, none)"),
]


@pytest.mark.parametrize(("rule", "expected"), REFUSED)
def test_values_written_out_are_typed_at_rules_check(rule, expected):
    check = f"\n[[checks]]\nid = 'c'\nrule = '''{rule}'''\nmessage = 'm'\n"
    assert problems(BASE + SCORE + check) == [expected]


def test_index_of_a_value_not_listed_is_refused_with_the_key():
    score = SCORE.replace("'hearts', 'notrump'", "'hearts'").replace(", 120)", ")")
    g = game(BASE + score)
    with pytest.raises(IllegalEntry) as info:
        g.record({"declarer": 1, "strain": "notrump", "level": 7, "tricks": 8})
    assert show(info.value) == ("the ruleset cannot score this deal: derived.strain_value.value: "
                                "notrump is not one of spades, clubs, diamonds, hearts")


def test_joined_text_is_bounded():
    """Past MAX_JOINED_TEXT characters joined text is refused, with the key of its formula."""
    note = "n" * (MAX_JOINED_TEXT // 2 + 1)
    extra = f"""
[fields.note]
scope = "deal"
phase = "bidding"
type = "choice"
choices = ["{note}", "short"]

[[reminders]]
id = "long"
text = "{{note + note}}"
"""
    g = game(BASE + SCORE + extra)
    assert g.evaluate(1, {"note": "short"}).reminders() == ["shortshort"]
    with pytest.raises(Exception) as info:
        g.evaluate(1, {"note": note}).reminders()
    assert show(info.value) == (
        f"reminders[0].text: 'note + note' cannot be computed: the joined text is longer than {MAX_JOINED_TEXT} "
        "characters")
