"""The three parts behind the Game facade, each asked directly: the roster (roster.py), the entry
rules and what their answers read (entry.py) and the results timeline (timeline.py).

Lupaus, default options (ten-plus-bid: a bid made scores 10 + the bid, a missed bid 0; the
dealer may not bid the number that makes the bids total the tricks; 10 cards a deal for 3 to
5 players)."""

from __future__ import annotations

import pytest

from scorekeeper.game.engine import GameError
from scorekeeper.game.entry import FieldReads
from scorekeeper.game.game import Game
from scorekeeper.game.records import Action, DealResult, built
from scorekeeper.messages import Message
from scorekeeper.rules.ruleset import load_ruleset


def _lupaus(*players: str) -> Game:
    return Game(load_ruleset("lupaus"), list(players))


# --- the roster ---------------------------------------------------------------------------------


def test_the_roster_seats_a_latecomer_after_whom_they_choose_and_the_deal_passes_to_them():
    """Dan joins after Anna before deal 2: he sits between Anna and Ben, and deals deal 2 (Anna
    dealt deal 1, the deal passes to the left); Ben sits deal 3 out, so Cara deals it."""
    game = _lupaus("Anna", "Ben", "Cara")
    roster = game.roster
    game.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})
    assert roster.join("Dan", 5, after=1) == 4
    assert roster.players == ("Anna", "Ben", "Cara", "Dan")
    lineup = roster.lineup(2)
    assert (lineup.start, lineup.seating, lineup.seats, lineup.joining) == (2, (1, 4, 2, 3), (1, 4, 2, 3),
                                                                           ((4, 5, 1),))
    assert [roster.dealer_seat(n) for n in (1, 2)] == [1, 4]
    game.record({"bid": [1, 1, 1, 1], "tricks": [1, 1, 1, 6], "turned": "clubs"})
    roster.sit_out(2)
    assert roster.lineup(3).seats == (1, 4, 3) and roster.dealer_seat(3) == 3
    assert roster.setup_for(3).players == ("Anna", "Dan", "Cara")
    assert roster.changes == 2 and roster.lineup(1).seats == (1, 2, 3)


def test_the_roster_refuses_a_seat_it_does_not_have_and_one_already_out():
    game = _lupaus("Anna", "Ben", "Cara", "Dan")
    with pytest.raises(GameError) as exc:
        game.roster.sit_out(5)
    assert str(exc.value) == "there is no seat 5; the seats are 1 to 4"
    game.roster.sit_out(2)
    with pytest.raises(GameError) as exc:
        game.roster.sit_out(2)
    assert str(exc.value) == "Ben already sits out"
    assert game.roster.lineup().seats == (1, 3, 4)


def test_a_change_of_the_roster_is_an_action_undo_takes_back():
    """The roster's change goes into the game's history: undo takes it back and redo puts it back."""
    game = _lupaus("Anna", "Ben", "Cara")
    game.roster.join("Dan")
    assert game.history[-1] == Action("join", 1, {"name": "Dan", "score": 0, "after": None})
    game.undo()
    assert game.roster.players == ("Anna", "Ben", "Cara") and game.roster.changes == 0
    game.redo()
    assert game.roster.players == ("Anna", "Ben", "Cara", "Dan") and game.roster.lineup().seats == (1, 2, 3, 4)


def test_the_roster_changes_the_plan_and_keeps_the_cards_of_the_deals_played():
    game = _lupaus("Anna", "Ben", "Cara")
    game.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})
    assert str(game.roster.plan_problem([18])) == "deal 2 cannot have 18 cards: the deck deals 3 players 1 to 17 cards each"
    game.roster.change_plan([11, 15])
    assert game.roster.plan == (10, 11, 15) and game.setup_for().plan == (10, 11, 15)
    assert game.info(2).cards == 11


# --- the entry rules ----------------------------------------------------------------------------


def test_the_field_reads_are_worked_out_from_the_ruleset_alone():
    """Lupaus: the bids' check reads the bids, the tricks' check the tricks; an answer about a
    bid's allowed values reads the other bids only, the turned trump's nothing."""
    reads = FieldReads(load_ruleset("lupaus"))
    assert [c.id for c in reads.checks_reading("bid")] == ["bids-not-total"]
    assert [c.id for c in reads.checks_reading("tricks")] == ["tricks-add-up"]
    assert [reads.allowed_reads(f) for f in ("bid", "tricks", "turned")] == [{"bid"}, {"tricks"}, set()]
    assert reads.fields_read({"bid", "tricks"}) == {"bid", "tricks"}


def test_the_entry_rules_name_each_problem_of_an_entry():
    """Tricks that do not add up to the 10 cards, and a bid out of range: both named."""
    game = _lupaus("Anna", "Ben", "Cara")
    rules = game.entry_rules
    values = game.normalize({"bid": [3, 4, 11], "tricks": [3, 5, 1], "turned": "hearts"})
    bid, tricks = rules.validate(1, values)
    assert (bid.level, bid.field, bid.unit, bid.check) == ("error", "bid", 3, None)
    assert bid.message == Message("engine.entry.out_of_range", label=Message("engine.value.label_of", label="Bid",
                                                                             name="Cara"), low=0, high=10, value=11)
    assert (tricks.level, tricks.check, tricks.message) == (
        "error", "tricks-add-up", "the tricks taken add up to 9, not 10, the number of tricks played")
    assert rules.validate(1, game.normalize({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})) == []


def test_the_entry_rules_strike_out_the_dealers_forbidden_bid():
    """Ben and Cara bid 3 and 4 of 10: Anna, the dealer, may not bid 3."""
    game = _lupaus("Anna", "Ben", "Cara")
    choices = game.entry_rules.allowed("bid", 1, {"bid": [None, 3, 4]})
    assert [c.value for c in choices if not c.allowed] == [3]
    assert [str(r) for r in choices[3].reasons] == ["Dealer Anna may not bid 3: the bids would total 10, the number of tricks"]


# --- the results timeline -----------------------------------------------------------------------


def test_the_timeline_works_out_the_results_totals_and_standings():
    game = _lupaus("Anna", "Ben", "Cara")
    timeline = game.timeline
    game.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})  # 13, 0, 12
    game.record({"bid": [1, 1, 1], "tricks": [1, 1, 7], "turned": "clubs"})  # 11, 11, 0
    assert [r.totals for r in timeline.current()] == [(13, 0, 12), (24, 11, 12)]
    assert timeline.totals() == (24, 11, 12)
    assert [(s.rank, s.name, s.total) for s in timeline.standings()] == [(1, "Anna", 24), (2, "Cara", 12), (3, "Ben", 11)]
    assert not timeline.is_over and timeline.winners == []


def test_the_timeline_works_out_again_what_a_change_dropped():
    """invalidate drops the results from the changed deal on; the next question works them out
    again, from the entries as they are now (deal 1 edited: Ben's 5 tricks become 4 and Cara's 2
    become 3, so Ben makes his bid and Cara misses hers)."""
    game = _lupaus("Anna", "Ben", "Cara")
    game.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})
    game.record({"bid": [1, 1, 1], "tricks": [1, 1, 7], "turned": "clubs"})
    game.entered[0] = game.normalize({"bid": [3, 4, 2], "tricks": [3, 4, 3], "turned": "hearts"})
    game.timeline.invalidate(1)
    assert game.timeline.known == []
    assert [r.totals for r in game.timeline.current()] == [(13, 14, 0), (24, 25, 0)]


def test_a_value_built_whole_is_the_one_its_class_makes():
    """built() makes the same frozen value as the class's own constructor, field by field."""
    made = built(DealResult, 1, 10, 1, {}, (1,), (True,), (1,), (), 1, False, (0,), (0,), False, (1,), {}, True, 1, (), 0)
    assert made == DealResult(1, 10, 1, {}, (1,), (True,), (1,), deal=1, seats=(1,), match=(0,), parts_won=(0,))
    with pytest.raises(AttributeError):
        made.number = 2  # type: ignore[misc]


def test_a_game_dropped_is_freed_at_once_with_its_parts():
    """The parts hold their game weakly: no loop of references keeps a dropped game (and every
    result it worked out) alive until the garbage collector runs."""
    import gc
    import weakref

    game = _lupaus("Anna", "Ben", "Cara")
    game.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})
    assert game.timeline.game is game and game.roster.game is game and game.entry_rules.game is game
    freed = weakref.ref(game)
    enabled = gc.isenabled()
    gc.disable()
    try:
        del game
        assert freed() is None
    finally:
        if enabled:
            gc.enable()
