"""What `rules check` says of a ruleset beyond its syntax (issue 28): a name every ruleset has,
read where it has no value, is told with where it is read."""

from __future__ import annotations

import pytest

from scorekeeper.game.limits import check_ruleset
from scorekeeper.i18n import show, using_language

BASE = 'extends = "spades"\nid = "sp-x"\nname = "x"\n'


def problems(tmp_path, text: str) -> list[str]:
    path = tmp_path / "x.toml"
    path.write_text(BASE + text)
    return [show(p).removeprefix(f"{path}: ") for p in check_ruleset(path)]


@pytest.mark.parametrize("text, expected", [
    ('[score]\nvalue = "total"\n',
     "score.value: 'total' cannot be read here: it is read only in end.when, end.wins, a carried value's value "
     "and reset, and parts.end, parts.award and parts.bonus; a deal's own formulas read 'before', the total "
     "before the deal"),
    ('[constants]\nfirst = "dealer"\n',
     "constants.first: 'dealer' cannot be read here: it is read in a formula about a deal (fields, derived "
     "values, checks, the score, carried values' value and reset, the end), not in options, constants, the deck, "
     "the plan or a carried value's start"),
    ('[derived.mine]\nvalue = "score"\n',
     "derived.mine.value: 'score' cannot be read here: it is read only in a carried value's value and reset "
     "(the deal's points of the seat or partnership)"),
    ('[score]\nvalue = "parts_won"\n',
     "score.value: 'parts_won' cannot be read here: it is read only in end.when, end.wins and parts.bonus of a "
     "game played in parts"),
])
def test_a_name_read_where_it_has_no_value_says_where_it_is_read(tmp_path, text, expected):
    assert problems(tmp_path, text) == [expected]


def test_where_a_name_is_read_is_said_in_finnish_too(tmp_path):
    with using_language("fi"):
        assert problems(tmp_path, '[score]\nvalue = "total"\n')[0].startswith(
            "score.value: nimeä 'total' ei voi lukea tässä: se luetaan vain kohdissa end.when")


def test_another_unknown_name_keeps_its_did_you_mean(tmp_path):
    assert problems(tmp_path, '[score]\nvalue = "trick"\n') == [
        "score.value: unknown name 'trick' (did you mean 'tricks'?)"]


# --- a derived value that is a seat goes round the table -------------------------------------

ACROSS = BASE + '''
[derived.across]
scope = "deal"
value = "dealer + 2"
shows = "seat"
label = "Across"

[derived.across_bid]
scope = "deal"
value = "of(across, bid)"
'''


def test_a_seat_past_the_last_seat_goes_round_the_table(tmp_path):
    """Four players: dealer 3 + 2 = 5 is seat 1, dealer 4 + 2 = 6 is seat 2, as in [seats]: of()
    reads that seat (it was refused at play, 'there is no seat 5', after rules check said ok)."""
    from scorekeeper.game.game import Game
    from scorekeeper.reports.export import game_document
    from scorekeeper.rules.ruleset import load_ruleset

    path = tmp_path / "x.toml"
    path.write_text(ACROSS)
    assert check_ruleset(path) == []
    game = Game(load_ruleset(path), ["Anna", "Ben", "Cara", "Dan"])
    bids = [[3, 4, 4, 2], [1, 5, 4, 3], [2, 3, 1, 6], [5, 2, 3, 3]]
    for bid in bids:
        game.record({"bid": bid, "tricks": [3, 3, 4, 3]})
    doc = game_document(game)
    assert [(d["derived"]["across"], d["derived"]["across_bid"]) for d in doc["deals"]] == [
        (3, 4), (4, 3), (5, 2), (6, 2)]


# --- a field a deal may not ask for ----------------------------------------------------------

LEVEL_BONUS = '''extends = "five-hundred"
id = "fh-level"
name = "Five Hundred, level bonus"

[derived.level_bonus]
scope = "deal"
value = "10 * level"

[score]
value = "level_bonus"
'''
MISERE = {"declarer": 4, "strain": "misere", "tricks": 0}


def test_a_field_a_deal_may_not_ask_for_read_in_every_deal_is_found_by_rules_check(tmp_path):
    """Misère asks for no level; a score reading it (through a derived value) in every deal
    could not score a misère: rules check says so (it said ok, and the deal then failed)."""
    path = tmp_path / "x.toml"
    path.write_text(LEVEL_BONUS)
    assert [show(p) for p in check_ruleset(path)] == [
        f"{path}: score.value: 'level' is asked only when strain not in ('misere', 'open_misere'), but this "
        "formula reads it in every deal, and a deal that does not ask for it could not be scored: read it under "
        "a condition (an 'if ... else', 'and', 'or')"]


def test_a_fill_is_no_value_where_the_field_is_not_asked(tmp_path):
    """A fill says what an empty box means where the field is asked (Skat's schwarz: 'nobody');
    where it is not (a null game) the field has no value, so the read is still refused."""
    path = tmp_path / "x.toml"
    path.write_text(LEVEL_BONUS.replace('[score]', '[fields.level]\nfill = "0"\n\n[score]'))
    assert [show(p).split(": ")[1] for p in check_ruleset(path)] == ["score.value"]


@pytest.mark.parametrize("change, totals", [
    (('value = "10 * level"', 'value = "0 if strain in (\'misere\', \'open_misere\') else 10 * level"'), (70, 70)),
    (('value = "10 * level"', 'value = "not misere_bid and 10 * level"'), (1, 1)),
])
def test_a_read_under_a_condition_passes_and_scores_the_deal(tmp_path, change, totals):
    """Under a condition the misère scores its 0: each side 10 x 7 after the first deal (the
    'and' form gives yes/no: 1 each), and so after the misère."""
    from scorekeeper.game.game import Game
    from scorekeeper.rules.ruleset import load_ruleset

    path = tmp_path / "x.toml"
    path.write_text(LEVEL_BONUS.replace(*change))
    assert check_ruleset(path) == []
    game = Game(load_ruleset(path), ["Anna", "Ben", "Cara", "Dan"])
    game.record({"declarer": 1, "strain": "hearts", "level": 7, "tricks": 8})
    game.record(MISERE)
    assert game.totals() == totals


@pytest.mark.parametrize("rid", __import__("scorekeeper.rules.ruleset", fromlist=["x"]).builtin_ids())
def test_no_built_in_game_reads_a_field_a_deal_may_not_ask_for_in_every_deal(rid):
    """(rules check of a built-in game takes its checks from the shipped module: this is its check.)"""
    from scorekeeper.rules.asked import unasked_reads
    from scorekeeper.rules.ruleset import load_ruleset

    assert unasked_reads(load_ruleset(rid), rid) == []


def test_a_field_may_not_take_a_name_a_score_sheet_deal_uses(tmp_path):
    """A field 'out' (Uno's "went out") read back from a sheet as who sits out: refused."""
    from scorekeeper.game.game import TABLE_KEYS
    from scorekeeper.rules.build_names import SHEET_DEAL_KEYS

    assert SHEET_DEAL_KEYS == TABLE_KEYS
    assert problems(tmp_path, '[fields.out]\nscope = "deal"\nphase = "play"\ntype = "bool"\n') == [
        "fields.out: 'out' cannot be a field name: a score sheet's deal uses join, out, plan for who joins, who "
        "sits out and a changed plan; choose another name"]


def test_a_read_in_a_value_of_pick_is_under_a_condition(tmp_path):
    """pick(i, a, b) reads only the value picked: a field read in one is not read in every deal."""
    path = tmp_path / "x.toml"
    path.write_text(LEVEL_BONUS.replace('value = "10 * level"',
                                        'value = "pick(1 + misere_bid, 10 * level, 0)"'))
    assert check_ruleset(path) == []
