"""What the game and reports layers keep for the whole process is held by named objects, each
with the process's one (records.BUILDERS, history.RULESET_NAMES, sheet.ORIGINS): a caller (a
test, a second table in the same process) can pass a fresh one and see what it keeps, the
process's own untouched."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from scorekeeper.game import records, sheet
from scorekeeper.game.game import Game
from scorekeeper.game.records import Standing, ValueBuilders, builder_of, built
from scorekeeper.i18n import using_language
from scorekeeper.reports import history
from scorekeeper.reports.history import RulesetNames, ruleset_name
from scorekeeper.values import dataclass

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@dataclass(frozen=True)
class _Seat:
    number: int
    name: str
    out: bool = False


def test_a_fresh_builders_makes_each_class_s_function_once_and_keeps_it_to_itself():
    fresh = ValueBuilders()
    make = builder_of(_Seat, fresh)
    assert builder_of(_Seat, fresh) is make and fresh.of(_Seat) is make
    assert fresh.made() == (_Seat,)
    assert _Seat not in records.BUILDERS.made()  # the process's never made it
    seat = make(2, "Anna", True)
    assert seat == _Seat(2, "Anna", True) and (seat.number, seat.name, seat.out) == (2, "Anna", True)
    # built() uses the process's: made there now, once
    assert built(Standing, 1, 0, "Anna", 42) == Standing(1, 0, "Anna", 42)
    assert Standing in records.BUILDERS.made() and Standing not in fresh.made()


def test_ruleset_names_are_looked_up_once_per_language_in_the_registry_given():
    fresh = RulesetNames()
    with using_language("fi"):
        assert ruleset_name("whist", "Whist", fresh) == "Visti"
        assert ruleset_name("whist", "Our whist", fresh) == "Our whist"  # the same look-up, kept
        assert ruleset_name("my-game", "My game", fresh) == "My game"
    with using_language("pl"):
        assert ruleset_name("romanian-whist", "Romanian whist", fresh) == "Wist rumuński"
    assert ruleset_name("whist", "Whist", fresh) == "Whist"  # English: nothing looked up
    assert fresh.looked_up() == (("whist", "fi"), ("my-game", "fi"), ("romanian-whist", "pl"))
    assert fresh.names("whist", "fi") == ("Whist", "Visti") and fresh.names("my-game", "fi") is None
    assert isinstance(history.RULESET_NAMES, RulesetNames)


def test_a_sheets_origin_is_kept_while_its_game_lives_and_only_for_it():
    game = sheet.load_sheet(EXAMPLES / "wizard.toml")
    other = Game(game.ruleset, ["A", "B", "C"])
    origin = sheet.ORIGINS.of(game)
    assert origin is not None and (origin.ruleset_ref, origin.title) == ("wizard", "Wizard, three players")
    assert sheet.ORIGINS.of(other) is None and other not in sheet.ORIGINS
    kept, gone = len(sheet.ORIGINS), weakref.ref(game)
    del game, origin
    gc.collect()
    assert gone() is None and len(sheet.ORIGINS) <= kept - 1
