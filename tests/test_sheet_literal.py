"""A score sheet's values are written as TOML without tomli_w (game/sheet.py ``_toml_literal``: its
import cost ``export --format toml`` about 15 M instructions), exactly as tomli_w writes them,
and read back by tomllib as the same values."""

from __future__ import annotations

import random
import sys
import tomllib

import tomli_w

from scorekeeper.game.sheet import _toml_literal


def _tomli_w(value) -> str:
    return tomli_w.dumps({"v": value})[len("v = "):].rstrip("\n")


def _text(rng: random.Random) -> str:
    pool = ['"', "\\", "\t", "\n", "\r", "\b", "\f", "\x00", "\x1b", "\x7f", "\x80", "\u00ad", "\u2028", "é", "ś",
            "♠", "✓", "😀", "\ufeff", " ", "'", "a", "Z", "0", "{", "#", "=", "["]
    return "".join(rng.choice(pool) if rng.random() < 0.6 else chr(rng.randrange(0, 0x3000))
                   for _ in range(rng.randrange(0, 12)))


def test_every_scalar_is_written_as_tomli_w_writes_it_and_read_back_the_same():
    rng = random.Random(25)
    values = [*(_text(rng) for _ in range(3000)), *(chr(c) for c in range(0x3000)), "", True, False, 0, -1, 7,
              sys.maxsize, -(2 ** 70), 0.5, -2.25, 1e300, float("inf"), float("-inf"), 1e-7, 3.0]
    values += [rng.randint(-10 ** 9, 10 ** 9) for _ in range(500)] + [rng.uniform(-1e6, 1e6) for _ in range(500)]
    for value in values:
        written = _toml_literal(value)
        assert written == _tomli_w(value), repr(value)
        again = tomllib.loads(f"v = {written}")["v"]
        assert again == value and type(again) is type(value), repr(value)


def test_a_list_is_written_as_an_array_of_its_values():
    assert _toml_literal(["Aino", 3, True, ["x\n", -1]]) == '["Aino", 3, true, ["x\\n", -1]]'
    assert tomllib.loads(f"v = {_toml_literal(('a', 'b'))}")["v"] == ["a", "b"]


def test_what_is_no_sheet_value_is_left_to_tomli_w():
    from datetime import date

    assert _toml_literal(date(2026, 12, 6)) == "2026-12-06" == _tomli_w(date(2026, 12, 6))
