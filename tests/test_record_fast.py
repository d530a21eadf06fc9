"""Game.record's short way for a plain deal (game/fastpath.py) against the long way.

A deal entered as plain values that breaks no rule is recorded without the deal's whole
evaluation; anything else goes the long way, which says what is wrong. Every game of every
shipped ruleset, with options drawn from its own, is played twice over the same random
entries (many of them wrong: out of bounds, not numbers, checks that do not hold, values
left out): once as the app plays it, once with every entry the long way. Each step must
give the same result or the same refusal (the same messages), and leave the same game.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from scorekeeper.game.engine import GameError, IllegalEntry, SetupError
from scorekeeper.game.fastpath import record_plan
from scorekeeper.game.game import Game
from scorekeeper.messages import Message
from scorekeeper.rules.formula import Incomplete, deal_values, values_test
from scorekeeper.rules.ruleset import load_ruleset

RULESETS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "rulesets").glob("*.toml"))
SUIT_WORDS = ["spades", "hearts", "diamonds", "clubs", "none", "S", "h", " clubs", "wizard", "x"]


class LongWay(Game):
    """A game that records every entry the long way: what the short way must give."""

    def _record_plain(self, values):
        return None


class Counted(Game):
    """A game that counts the entries its short way took."""

    taken = 0

    def _record_plain(self, values):
        result = super()._record_plain(values)
        if result is not None:
            Counted.taken += 1
        return result


# --- drawing games and entries ------------------------------------------------------------------


@st.composite
def tables(draw, ruleset):
    """Options drawn from the ruleset's own, and a number of players it allows."""
    options = {}
    for oid, option in ruleset.options.items():
        if draw(st.integers(0, 2)) == 0:
            continue  # left at its default
        if option.type == "bool":
            options[oid] = draw(st.booleans())
        elif option.type == "choice":
            options[oid] = draw(st.sampled_from(option.choices))
        else:
            low = option.min if option.min is not None else 0
            high = option.max if option.max is not None else low + 50
            options[oid] = draw(st.integers(low, min(high, low + 60)))
    players = draw(st.integers(ruleset.min_players, ruleset.max_players))
    return options, [f"P{i}" for i in range(1, players + 1)]


def _number(draw, cards: int, players: int, kind: str, messy: bool):
    """A value of a number or seat field: one that may be right, or (``messy``) now and then one that is not."""
    how = draw(st.integers(0, 9)) if messy else 0
    if how <= 6:
        return draw(st.integers(1, players) if kind == "seat" else st.integers(0, max(cards, 0)))
    if how <= 8:
        return draw(st.sampled_from([-1, cards + 1, players + 1, 0, 18, 120]))
    return draw(st.sampled_from([None, "2", True, 2.0, 10**13, "P1", "x", ""]))


def _one(draw, spec, cards: int, players: int, messy: bool):
    kind = spec.type
    if kind in ("int", "seat"):
        return _number(draw, cards, players, kind, messy)
    if kind == "choice":
        return draw(st.sampled_from([*spec.choices, None, "nope", " " + spec.choices[0]] if messy else spec.choices))
    if kind in ("suit", "trump"):
        return draw(st.sampled_from([*SUIT_WORDS, None] if messy else SUIT_WORDS[:4 + (kind == "trump")]))
    if kind == "bool":
        return draw(st.sampled_from([True, False, None, "yes", 1] if messy else [True, False]))
    return draw(st.sampled_from([None, [], "AS KH"]))


def _row(draw, spec, cards: int, units: int, players: int, messy: bool):
    """A row of values, one per seat or partnership: often one that adds up to the cards."""
    if spec.type == "int" and draw(st.integers(0, 2)) > 0:
        cuts = sorted(draw(st.lists(st.integers(0, max(cards, 0)), min_size=units - 1, max_size=units - 1)))
        row = [b - a for a, b in zip([0, *cuts], [*cuts, cards])]
    else:
        row = [_one(draw, spec, cards, players, messy) for _ in range(units)]
    if spec.type == "int" and draw(st.integers(0, 4)) == 0:  # one value just past a bound
        row[draw(st.integers(0, units - 1))] = draw(st.sampled_from([-1, cards + 1]))
    if messy and draw(st.integers(0, 9)) == 0:
        row = row[:-1]  # one value too few
    return row if draw(st.booleans()) else tuple(row)


def entry(draw, game: Game) -> dict:
    """What the table enters for the next deal: values that may well be right, or (one entry in
    three) values of any kind, now and then one left out."""
    cards = game.info().cards
    players = len(game.players)
    messy = draw(st.integers(0, 2)) == 0
    values = {}
    for fid, spec in game.ruleset.fields.items():
        if draw(st.integers(0, 7 if messy else 20)) == 0:
            continue
        if spec.scope == "deal":
            values[fid] = _one(draw, spec, cards, players, messy)
        else:
            units = players if spec.scope == "seat" else len(game.setup.teams)
            values[fid] = _row(draw, spec, cards, units, players, messy)
    return values


# --- comparing the two ways ---------------------------------------------------------------------


def outcome(call):
    """What a call gives: its result, or the refusal with its messages."""
    try:
        return "done", call()
    except IllegalEntry as exc:
        return "refused", exc.issues
    except GameError as exc:
        return "error", type(exc).__name__, exc.message


def assert_same_game(short: Game, long: Game) -> None:
    assert short.history == long.history
    assert [list(v) for v in short.deals] == [list(v) for v in long.deals]  # the same keys, in order
    assert short.results() == long.results()
    assert short.totals() == long.totals()
    assert short.is_over == long.is_over
    assert short.standings() == long.standings()
    assert short.next_in_plan == long.next_in_plan


@pytest.mark.parametrize("rid", RULESETS)
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_the_short_way_gives_what_the_long_way_gives(rid, data):
    """Deal after deal (some taken back, a past deal changed, the deals to come changed), the
    same results, refusals and game."""
    ruleset = load_ruleset(rid)
    options, players = data.draw(tables(ruleset))
    try:
        short = Game(ruleset, players, options)
    except SetupError:
        assume(False)
    long = LongWay(ruleset, players, options)
    for _ in range(data.draw(st.integers(1, 14))):
        if short.is_over:
            break
        also = data.draw(st.integers(0, 19))
        if short.history and also <= 1:
            assert short.undo() == long.undo()
        elif short.deals and also == 2:  # a past deal changed to what the first deal holds
            number = data.draw(st.integers(1, len(short.deals)))
            first = dict(short.deals[0])
            assert outcome(lambda: short.edit(number, first)) == outcome(lambda: long.edit(number, first))
        elif short.setup.plan is not None and also == 3:  # the deals to come: as many cards as the first
            cards = [short.info().cards] * data.draw(st.integers(1, 3))
            assert outcome(lambda: short.change_plan(cards)) == outcome(lambda: long.change_plan(cards))
        values = entry(data.draw, short)
        got, want = outcome(lambda: short.record(dict(values))), outcome(lambda: long.record(dict(values)))
        assert got == want, values
        if got[0] == "done":
            assert list(got[1].values) == list(want[1].values)
        assert_same_game(short, long)


# --- the short way is taken -----------------------------------------------------------------------


def _no_long_way(*args, **kwargs):
    raise AssertionError("the entry went the long way")


def test_a_plain_lupaus_deal_that_breaks_no_rule_takes_the_short_way(monkeypatch):
    """Deal 1 of 10 cards for 4: checked, scored and totalled without the long way's steps."""
    game = Game(load_ruleset("lupaus"), ["Ann", "Ben", "Cid", "Dee"])
    monkeypatch.setattr(Game, "_checked_deal", _no_long_way)
    monkeypatch.setattr(Game, "normalize", _no_long_way)
    result = game.record({"bid": [3, 2, 4, 0], "tricks": [3, 2, 4, 1], "turned": "hearts"})
    assert (result.number, result.cards, result.dealer) == (1, 10, 1)
    assert result.values == {"bid": (3, 2, 4, 0), "tricks": (3, 2, 4, 1), "turned": "hearts"}
    assert result.scores == (13, 12, 14, 0)
    assert result.made == (True, True, True, False)
    assert result.totals == (13, 12, 14, 0)
    assert result.issues == ()
    result = game.record({"bid": [0, 0, 0, 0], "tricks": [1, 2, 3, 3]})  # deal 2: 9 cards, Ben deals
    assert result.scores == (0, 0, 0, 0)
    assert result.totals == (13, 12, 14, 0)
    assert game.history[-1].values == {"bid": (0, 0, 0, 0), "tricks": (1, 2, 3, 3), "turned": None}


def test_a_plain_wizard_game_takes_the_short_way_to_its_end(monkeypatch):
    """Wizard for 3 (20 deals): every plain deal the short way, the last one ending the game."""
    taken = Counted.taken
    game = Counted(load_ruleset("wizard"), ["Ann", "Ben", "Cid"])
    for number in range(1, 21):
        game.record({"bid": [number, 0, 0], "tricks": [number, 0, 0]})
    assert Counted.taken - taken == 20
    assert game.is_over and game.results()[-1].ends_game
    assert game.totals() == (sum(20 + 10 * k for k in range(1, 21)), 400, 400)
    with pytest.raises(GameError) as refused:
        game.record({"bid": [0, 0, 0], "tricks": [0, 0, 0]})
    assert refused.value.message == Message("engine.game.over", reason=Message.plural("engine.game.all_played", 20))


def test_hearts_takes_the_short_way_to_its_end_as_the_long_way_scores_it():
    """Hearts for 4 (the score reads the highest points of the deal, the end the totals): a moon
    shot and plain deals until someone reaches 100, every one the short way."""
    rules = load_ruleset("hearts")
    names = ["Ann", "Ben", "Cid", "Dee"]
    short, long = Counted(rules, names), LongWay(rules, names)
    taken = Counted.taken
    deals = [([13, 0, 0, 0], 1), ([3, 4, 5, 1], 2), ([0, 6, 7, 0], 4)]
    played = 0
    while not short.is_over:
        hearts, queen = deals[played % 3]
        assert short.record({"hearts": hearts, "queen": queen}) == long.record({"hearts": hearts, "queen": queen})
        played += 1
    assert Counted.taken - taken == played == 7
    assert short.results()[0].scores == (0, 26, 26, 26)  # Ann shot the moon
    assert short.totals() == long.totals() == (6, 124, 102, 106)
    assert short.winners == long.winners == ["Ann"]


def test_a_deal_that_breaks_a_rule_goes_the_long_way_and_is_refused_as_before():
    """The dealer's bid that makes the bids total the cards: the ruleset's own message."""
    taken = Counted.taken
    game = Counted(load_ruleset("lupaus"), ["Ann", "Ben", "Cid", "Dee"])
    with pytest.raises(IllegalEntry) as refused:
        game.record({"bid": [3, 2, 4, 1], "tricks": [3, 2, 4, 1]})
    assert [i.message for i in refused.value.issues] == [
        "Dealer Ann may not bid 3: the bids would total 10, the number of tricks"]
    with pytest.raises(IllegalEntry) as refused:
        game.record({"bid": [3, 2, 11, 0], "tricks": [3, 2, 4, 1]})
    assert [i.message for i in refused.value.issues] == [
        Message("engine.entry.out_of_range", label=Message("engine.value.label_of", label="Bid", name="Cid"),
                low=0, high=10, value=11)]
    assert Counted.taken == taken and game.deals == []


def test_a_row_left_empty_goes_the_long_way_which_names_each_value_missing():
    """The generated function reads per-seat rows without a test for None: an empty row never reaches it."""
    taken = Counted.taken
    game = Counted(load_ruleset("wizard"), ["Ann", "Ben", "Cid"])
    with pytest.raises(IllegalEntry) as refused:
        game.record({"tricks": [1, 0, 0]})
    bid = [Message("engine.value.label_of", label="Bid", name=name) for name in ("Ben", "Cid", "Ann")]
    assert [i.message for i in refused.value.issues] == [Message("engine.entry.not_entered", label=b) for b in bid]
    assert Counted.taken == taken and game.deals == []


def test_values_the_table_types_otherwise_go_the_long_way_and_are_kept_as_it_keeps_them():
    """A suit by its letter, a bid as text: recorded as before, as the values they stand for."""
    taken = Counted.taken
    game = Counted(load_ruleset("lupaus"), ["Ann", "Ben", "Cid", "Dee"])
    result = game.record({"bid": ["3", 2, 4, 0], "tricks": (3, 2, 4, 1), "turned": "S"})
    assert result.values == {"bid": (3, 2, 4, 0), "tricks": (3, 2, 4, 1), "turned": "spades"}
    assert Counted.taken == taken
    game.record({"bid": [3, 2, 4, 1], "tricks": [3, 2, 3, 1], "turned": "spades"})
    assert Counted.taken == taken + 1


def test_games_whose_deals_read_more_than_their_entries_have_no_short_way():
    """Values carried on, parts of a match, a score read from partnerships: the long way only."""
    plans = {rid: record_plan(Game(load_ruleset(rid), ["A", "B", "C", "D"]).setup) is not None
             for rid in ("lupaus", "wizard", "romanian-whist", "pataviitonen", "hearts", "bridge", "whist", "spades")}
    assert plans == {"lupaus": True, "wizard": True, "romanian-whist": True, "pataviitonen": True, "hearts": True,
                     "bridge": False, "whist": False, "spades": False}


# --- the generated test of the checks ---------------------------------------------------------------


def _lupaus_checks(options=None):
    game = Game(load_ruleset("lupaus"), ["A", "B", "C", "D"], options)
    parts = [(check.rule, when, check.scope) for check, when in game.setup.check_plan()]
    return values_test(parts, game.setup.fast_context)


def test_the_checks_run_from_the_entered_values_alone():
    """sum(bid) != cards and sum(tricks) == cards, with the deal's cards given."""
    test = _lupaus_checks()
    assert test({"bid": (3, 2, 4, 0), "tricks": (3, 2, 4, 1)}, 1, 10, 1, None) is True
    assert test({"bid": (3, 2, 4, 1), "tricks": (3, 2, 4, 1)}, 1, 10, 1, None) is False
    assert test({"bid": (3, 2, 4, 0), "tricks": (3, 2, 4, 2)}, 1, 10, 1, None) is False
    assert _lupaus_checks({"dealer_restriction": False})({"bid": (3, 2, 4, 1), "tricks": (3, 2, 4, 1)},
                                                          1, 10, 1, None) is True
    with pytest.raises(Incomplete):
        test({"bid": (3, None, 4, 0), "tricks": (3, 2, 4, 1)}, 1, 10, 1, None)


def test_one_function_gives_a_deal_s_scores_and_marks_once_its_checks_hold():
    """Lupaus (10 + bid when exact) for 4, deal 1 of 10 cards: scores and marks, or false."""
    game = Game(load_ruleset("lupaus"), ["A", "B", "C", "D"])
    setup, rules = game.setup, game.ruleset
    parts = [(check.rule, when, check.scope) for check, when in setup.check_plan()]
    run = deal_values(parts, rules.score, rules.made, setup.fast_context, setup.scorer_seats)
    assert run({"bid": (3, 2, 4, 0), "tricks": (3, 2, 4, 1)}, 1, 10, 1, None) == (
        [13, 12, 14, 0], [True, True, True, False])
    assert not run({"bid": (3, 2, 4, 1), "tricks": (3, 2, 4, 1)}, 1, 10, 1, None)
    assert deal_values(parts, rules.score, None, setup.fast_context, setup.scorer_seats)(
        {"bid": (3, 2, 4, 0), "tricks": (3, 2, 4, 1)}, 1, 10, 1, None) == ([13, 12, 14, 0], None)
    assert deal_values(parts, rules.score, rules.made, setup.fast_context, (1, 3)) is None  # not seats 1..k


def test_a_check_that_reads_more_than_the_entries_has_no_such_function():
    """A check reading the totals before the deal (Spades' blind nil) needs the deal itself."""
    game = Game(load_ruleset("spades"), ["A", "B", "C", "D"], {"blind_nil": True})
    parts = [(check.rule, when, check.scope) for check, when in game.setup.check_plan()]
    assert len(parts) == 2
    assert values_test(parts[:1], game.setup.fast_context) is not None
    assert values_test(parts, game.setup.fast_context) is None
