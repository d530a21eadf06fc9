"""The store's JSON is read without the json package (whose decoder imports re) and gives
exactly what json.loads gives: the same values, and for bad text the same error."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.store import jsontext

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("text", [
    '["Anna", "Bö\\u00f6", "Cara \\"C\\""]', ' {"a": [1, 2.5, -0.0, 1e400, null, true, false], "b": {}} ',
    '"x"', "7", "12345678901234567890123", "[Infinity, -Infinity]", "\t[]\n", '{"a": 1, "a": 2}',
    '{"players":["Anna"],"totals":[10,-5],"bidding":null,"restricted":[true,null]}',
])
def test_a_value_is_what_json_loads_gives(text):
    value = jsontext.loads(text)
    assert value == json.loads(text) and repr(value) == repr(json.loads(text))  # same types and order


def test_nan_is_read_as_json_reads_it():
    assert math.isnan(jsontext.loads("NaN")) and math.isnan(json.loads("NaN"))


@pytest.mark.parametrize("text", ["", " ", "[1,]", "[1] x", '{"a" 1}', "\ufeff[]", "nul", '"\x01"', "[1]]", "{'a': 1}"])
def test_bad_text_raises_what_json_loads_raises(text):
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(json.JSONDecodeError) as caught:
        jsontext.loads(text)
    assert (str(caught.value), caught.value.pos) == (str(expected.value), expected.value.pos)


def test_bytes_are_read_by_json_itself():
    """A damaged row may hold a BLOB: json.loads decides what it is."""
    assert jsontext.loads(b'["a"]') == ["a"]


def test_what_is_written_is_json_with_its_text_as_typed():
    assert jsontext.dumps(["Ölli", 1]) == '["Ölli", 1]'
    assert jsontext.dumps({"a": [1]}, separators=(",", ":")) == '{"a":[1]}'


def test_reading_imports_neither_json_nor_re():
    script = ("import sys\nfrom scorekeeper.store.jsontext import loads\nloads('{\"a\": [1, \"b\"]}')\n"
              "print(sorted(m for m in ('json', 'json.decoder', 're', 'enum') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=60,
                            env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert (result.returncode, result.stdout, result.stderr) == (0, "[]\n", "")


_BAD = ["[1, 2", '{not json', "[1,]", '{"a" 1}', "[1]]", "nul"]


def test_bad_text_read_before_json_is_loaded_raises_what_json_loads_raises():
    """The scanner words a decoding error with json.decoder's JSONDecodeError only once that module
    is loaded: before, it failed with a SystemError (a damaged store row gave a traceback). The first
    bad text a process reads raises json's own error, in json's own words, as every later one does."""
    script = ("import sys\nfrom scorekeeper.store.jsontext import loads\nfound = []\n"
              f"for text in {_BAD!r}:\n"
              "    try:\n        loads(text)\n    except ValueError as exc:\n"
              "        found.append((type(exc).__name__, str(exc), exc.pos))\n"
              "print(repr(found))")
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=60,
                            env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    expected = []
    for text in _BAD:
        with pytest.raises(json.JSONDecodeError) as caught:
            json.loads(text)
        expected.append(("JSONDecodeError", str(caught.value), caught.value.pos))
    assert (result.returncode, result.stdout, result.stderr) == (0, repr(expected) + "\n", "")
