"""An export's JSON is written without json, exactly as json.dumps(indent=2, ensure_ascii=False) writes it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.game.sheet import load_sheet
from scorekeeper.reports.export import export, game_document
from scorekeeper.reports.jsonwrite import dumps

REPO = Path(__file__).resolve().parents[1]

_SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
            | st.text())
_KEYS = st.text() | st.integers() | st.floats(allow_nan=False) | st.booleans() | st.none()
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                       | st.dictionaries(_KEYS, inner, max_size=4), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(_VALUES)
def test_any_value_an_export_holds_is_written_as_json_writes_it(value):
    assert dumps(value) == json.dumps(value, indent=2, ensure_ascii=False)


@pytest.mark.parametrize("value", [
    {}, [], (), "", {"a": []}, [{}], {"ä\n\"\\\u2028\x00": "ö\t\U0001f0a1"}, {1: 2, 2.5: True, False: None, None: 0.1},
    [float("nan"), float("inf"), -float("inf"), -0.0, 1e300, 10**40], {"nested": {"deeper": [[1, [2, {}]]]}},
], ids=repr)
def test_the_corners_of_json_are_written_as_json_writes_them(value):
    assert dumps(value) == json.dumps(value, indent=2, ensure_ascii=False)


@pytest.mark.parametrize("value, message", [
    ({1, 2}, "Object of type set is not JSON serializable"),
    ({(1, 2): 3}, "keys must be str, int, float, bool or None, not tuple"),
    ([b"bytes"], "Object of type bytes is not JSON serializable"),
], ids=["set", "tuple-key", "bytes"])
def test_a_value_json_cannot_write_is_the_type_error_json_raises(value, message):
    with pytest.raises(TypeError) as raised:
        json.dumps(value, indent=2, ensure_ascii=False)
    assert str(raised.value) == message
    with pytest.raises(TypeError, match=f"^{message}$"):
        dumps(value)


@pytest.mark.parametrize("sheet", sorted(p.name for p in (REPO / "examples").glob("*.toml")
                                         if "ruleset =" in p.read_text(encoding="utf-8")))
def test_every_example_game_exports_the_json_json_writes(sheet):
    game = load_sheet(REPO / "examples" / sheet)
    assert export(game, "json") == json.dumps(game_document(game), indent=2, ensure_ascii=False) + "\n"
