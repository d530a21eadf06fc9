"""scorekeeper.values makes value classes that behave as the standard library's dataclasses do.

Each test builds the same class with both decorators and compares what they do."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from typing import ClassVar

import pytest

from scorekeeper import values


def _pair(frozen: bool = True):
    """The same class made by dataclasses and by scorekeeper.values."""
    made = []
    for module in (dataclasses, values):
        class Deal:
            """A deal."""

            number: int
            bids: tuple[int, ...] = ()
            notes: dict[str, str] = module.field(default_factory=dict, compare=False)
            when: str = module.field(default="", compare=False)
            secret: object = module.field(default=None, repr=False)

            def total(self) -> int:
                return sum(self.bids)

        made.append(module.dataclass(frozen=frozen)(Deal))
    return made


@pytest.mark.parametrize("frozen", [True, False])
def test_construction_repr_and_equality_match_the_standard_decorator(frozen):
    seen = []
    for cls in _pair(frozen):
        one = cls(1, (2, 3), when="now", secret="x")
        assert repr(one).endswith("Deal(number=1, bids=(2, 3), notes={}, when='now')")
        assert (one.number, one.bids, one.notes, one.when, one.secret) == (1, (2, 3), {}, "now", "x")
        assert one == cls(1, (2, 3), {"a": "b"}, "later", "x")  # notes and when are not compared
        assert one != cls(1, (2, 4), secret="x") and one != cls(1, (2, 3))
        assert (one == object()) is False and one.__eq__(object()) is NotImplemented
        assert cls(1).notes is not cls(1).notes  # a fresh dict each time
        assert one.total() == 5 and cls.__doc__ == "A deal."
        assert cls.__match_args__ == ("number", "bids", "notes", "when", "secret")
        assert cls.bids == () and "notes" not in cls.__dict__
        with pytest.raises(TypeError):
            cls()  # number is required
        with pytest.raises(TypeError):
            cls(1, (), {}, "", None, "one too many")
        seen.append(repr(one))
    assert seen[0] == seen[1]


def test_frozen_values_hash_as_the_standard_decorator_and_refuse_changes():
    standard, ours = _pair(frozen=True)
    a, b = standard(1, (2, 3), when="a"), ours(1, (2, 3), when="b")
    assert hash(a) == hash(b) == hash((1, (2, 3), None))
    for value in (a, b):
        with pytest.raises(AttributeError, match="cannot assign to field 'number'"):
            value.number = 2
        with pytest.raises(AttributeError, match="cannot delete field 'bids'"):
            del value.bids
        with pytest.raises(AttributeError):
            value.other = 1
    assert isinstance(values.FrozenInstanceError("x"), AttributeError)


def test_a_mutable_value_can_change_and_is_unhashable():
    for cls in _pair(frozen=False):
        value = cls(1)
        value.number = 2
        assert value == cls(2)
        assert cls.__hash__ is None
        with pytest.raises(TypeError):
            hash(value)


def test_fields_replace_and_is_dataclass():
    standard, ours = _pair()
    assert [f.name for f in values.fields(ours)] == [f.name for f in dataclasses.fields(standard)]
    assert [f.name for f in values.fields(ours(1))] == ["number", "bids", "notes", "when", "secret"]
    changed = values.replace(ours(1, (2,), when="w"), bids=(4,))
    assert changed == ours(1, (4,)) and changed.when == "w"
    with pytest.raises(TypeError):
        values.replace(ours(1), nothing=1)
    with pytest.raises(TypeError):
        values.fields(object())
    assert values.is_dataclass(ours) and values.is_dataclass(ours(1)) and not values.is_dataclass(standard)


def test_a_method_the_class_defines_is_kept_and_post_init_runs():
    @values.dataclass(frozen=True)
    class Card:
        suit: str
        rank: str

        def __post_init__(self):
            if self.suit not in "SHDC":
                raise ValueError(self.suit)

        def __repr__(self):
            return self.suit + self.rank

        def __eq__(self, other):
            return isinstance(other, Card) and other.rank == self.rank

        __hash__ = object.__hash__

    assert repr(Card("S", "K")) == "SK"
    assert Card("S", "K") == Card("H", "K")
    card = Card("S", "K")
    assert hash(card) == object.__hash__(card)
    with pytest.raises(ValueError):
        Card("X", "K")


def test_a_class_eq_without_hash_gets_the_fields_hash_when_frozen():
    """As the standard decorator: defining __eq__ leaves __hash__ None in the class body,
    which is not a hash of the class's own; a frozen value then hashes its fields."""
    made = []
    for module in (dataclasses, values):
        class Pair:
            a: int
            b: int

            def __eq__(self, other):
                return self.a == other.a

        made.append(module.dataclass(frozen=True)(Pair))
    assert hash(made[0](1, 2)) == hash(made[1](1, 2))


def test_what_the_standard_decorator_refuses_is_refused():
    with pytest.raises(ValueError, match="mutable default"):
        @values.dataclass
        class Bad:
            items: list = []  # noqa: RUF012
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        @values.dataclass
        class Order:
            a: int = 1
            b: int
    with pytest.raises(TypeError, match="cannot overwrite attribute __setattr__"):
        @values.dataclass(frozen=True)
        class Own:
            a: int

            def __setattr__(self, name, value):
                pass
    with pytest.raises(ValueError, match="cannot specify both default and default_factory"):
        values.field(default=1, default_factory=list)


def test_class_vars_are_not_fields():
    @values.dataclass(frozen=True)
    class Counted:
        limit: ClassVar[int] = 3  # the text "ClassVar[int]" under `from __future__ import annotations`
        value: int = 0

    assert [f.name for f in values.fields(Counted)] == ["value"]
    assert Counted(5).value == 5 and Counted.limit == 3


def test_importing_values_imports_neither_dataclasses_nor_inspect():
    """What it is for: the command line's value classes without the standard module's import."""
    script = ("import sys\nimport scorekeeper.values\n"
              "print(sorted(m for m in ('dataclasses', 'inspect', 'typing') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "[]\n"


def test_init_is_compiled_once_a_class_has_made_many_values():
    """A class whose values a command makes few of costs it no compiling: its first values are
    made field by field; once it has made COMPILED_FROM, its __init__ is written out and compiled."""
    ours = _pair()[1]
    first = ours(1, (2,))
    for _ in range(values.COMPILED_FROM - 1):
        assert ours.__init__.__code__.co_varnames[:3] == ("self", "args", "kwargs")
        assert ours(1, (2,)) == first
    assert ours(bids=(3,), number=4).bids == (3,)  # the first value of the compiled __init__
    assert ours.__init__.__code__.co_varnames[:6] == ("self", "number", "bids", "notes", "when", "secret")
    assert ours.__init__.__qualname__.endswith("Deal.__init__")
    assert ours(1, (2,)) == first and ours(bids=(3,), number=4).bids == (3,)


@pytest.mark.parametrize("made_before", [0, values.COMPILED_FROM])
@pytest.mark.parametrize("frozen", [True, False])
def test_the_first_values_and_the_compiled_init_bind_arguments_as_the_standard_decorator(made_before, frozen):
    """Field by field or compiled, values are made as the standard decorator's __init__ makes
    them, and the same calls are refused with the same words."""
    standard, ours = _pair(frozen)
    for _ in range(made_before):
        ours(0)
    calls = [((1,), {}), ((1, (2,)), {"secret": 3}), ((), {"number": 5, "when": "w"}), ((1, (), {"a": "b"}), {}),
             ((), {}), ((1, (), {}, "", None, "one too many"), {}), ((1,), {"number": 2}), ((1,), {"colour": 2})]
    three = []
    for module in (dataclasses, values):
        @module.dataclass(frozen=frozen)
        class Seat:
            a: int
            b: int
            c: int
        three.append(Seat)
    for args in ((), (1,), (1, 2, 3, 4)):
        refused = []
        for cls in three:
            with pytest.raises(TypeError) as exc:
                cls(*args)
            refused.append(str(exc.value).split("__init__() ", 1)[-1])
        assert refused[0] == refused[1]
    for args, kwargs in calls:
        results = []
        for cls in (standard, ours):
            try:
                made = cls(*args, **kwargs)
                results.append(("made", repr(made).rsplit(".", 1)[-1], made.notes, made.secret))
            except TypeError as exc:
                results.append(("refused", str(exc).split("__init__() ", 1)[-1]))
        assert results[0] == results[1], (args, kwargs)


def test_a_value_compared_with_itself_reads_no_field():
    """A view kept and shown again is compared with itself by the screen: that costs no
    field read (the standard decorator compares the fields; the answer is the same)."""
    reads = []

    @values.dataclass(frozen=True)
    class Cell:
        value: int
        choices: tuple = ()

        def __getattribute__(self, name):
            if name in ("value", "choices"):
                reads.append(name)
            return object.__getattribute__(self, name)

    cell = Cell(3, (1, 2))
    assert cell == cell and not cell != cell and reads == []
    assert cell == Cell(3, (1, 2)) and reads == ["value", "choices", "value", "choices"]


_MODULE_WITHOUT_FUTURE_IMPORT = '''
from typing import ClassVar

from scorekeeper.values import dataclass, field, fields


@dataclass(frozen=True)
class Seat:
    name: str
    score: int = 0
    marks: list = field(default_factory=list)
    later: "NotDefinedYet | None" = None
    KIND: ClassVar[str] = "seat"
'''


def test_a_value_class_in_a_module_without_the_future_import_gets_its_fields(tmp_path):
    """A module without ``from __future__ import annotations`` (its annotations objects, or from
    Python 3.14 made only when asked, PEP 649/749): the same fields, ClassVar left out, a name not
    defined yet allowed."""
    import importlib.util

    path = tmp_path / "seats_without_future.py"
    path.write_text(_MODULE_WITHOUT_FUTURE_IMPORT, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("seats_without_future", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert [f.name for f in module.fields(module.Seat)] == ["name", "score", "marks", "later"]
    seat = module.Seat("Ann", 3)
    assert (seat.name, seat.score, seat.marks, seat.later, seat.KIND) == ("Ann", 3, [], None, "seat")
    assert seat == module.Seat("Ann", 3) and seat != module.Seat("Ann", 4)
