"""scorekeeper.rules.files.plain_toml, the reader of the TOML a score sheet is written in, against
tomllib: whatever it reads, tomllib reads too, to the same values of the same types; whatever
else it leaves to tomllib (None)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.game.sheet import dump_sheet, load_sheet
from scorekeeper.rules import files
from scorekeeper.rules.files import parse_toml, plain_toml

REPO = Path(__file__).resolve().parents[1]


def same(a: object, b: object) -> bool:
    """Equal, and of the same types all through (True is not 1)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(map(same, a, b))
    return a == b


def agrees(text: str) -> bool:
    """Whether plain_toml leaves ``text`` to tomllib, or reads what tomllib reads."""
    plain = plain_toml(text)
    if plain is None:
        return True
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    return same(plain, parsed)


def test_every_example_sheet_is_read_without_tomllib_as_tomllib_reads_it():
    sheets = sorted((REPO / "examples").glob("*.toml"))
    read = [p.name for p in sheets if plain_toml(p.read_text(encoding="utf-8")) is not None]
    assert read == [p.name for p in sheets if p.name != "pataviitonen-criteria.toml"]  # (that one is a ruleset)
    for path in sheets:
        assert agrees(path.read_text(encoding="utf-8")), path


def test_every_toml_file_of_the_project_is_read_as_tomllib_reads_it_or_left_to_it():
    paths = [*REPO.glob("rulesets/*.toml"), *REPO.glob("tests/**/*.toml"), *REPO.glob("scorekeeper/**/*.toml")]
    assert len(paths) > 30
    for path in paths:
        assert agrees(path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("name", ["wizard", "lupaus", "skat", "bridge-chicago", "pataviitonen-criteria-sheet"])
def test_a_sheet_the_app_writes_is_read_without_tomllib(name):
    text = dump_sheet(load_sheet(REPO / "examples" / f"{name}.toml"))
    assert plain_toml(text) is not None and same(plain_toml(text), tomllib.loads(text))


@pytest.mark.parametrize(("text", "expected"), [
    ("", {}),
    ("# only a comment\r\n\n", {}),
    ('a = ""\nb = "x # [y]"  # a comment\n', {"a": "", "b": "x # [y]"}),
    ("a = [\n  1, # one\n  -2,\n  +3,\n]\nb = [[\"SK\", \"HA\"], []]\n", {"a": [1, -2, 3], "b": [["SK", "HA"], []]}),
    ("x = true\ny = false\nz = 0\nw = -0\n", {"x": True, "y": False, "z": 0, "w": 0}),
    ('j = [{ name = "Dan", score = 20, after = "Anna" }, {}]\n', {"j": [{"name": "Dan", "score": 20, "after": "Anna"}, {}]}),
    ("t = 1\n[options]\nrounds = 3\n[[deals]]\nbid = 1\n[[deals]]\n\n[[deals]] # c\nbid = 2",
     {"t": 1, "options": {"rounds": 3}, "deals": [{"bid": 1}, {}, {"bid": 2}]}),
    ("1 = \"ä\\t\"\r\n".replace("\\t", "\t"), {"1": "ä\t"}),
])
def test_what_it_reads(text, expected):
    assert same(plain_toml(text), expected) and same(tomllib.loads(text), expected)


@pytest.mark.parametrize("text", [
    'a = "x\\"y"\n', "a = 'x'\n", 'a = """x"""\n', "a = 1.5\n", "a = 1e3\n", "a = 1_000\n", "a = 0x1F\n",
    "a = inf\n", "a = 1979-05-27\n", "a.b = 1\n", '"a" = 1\n', "[ a ]\n", "[a.b]\n", "a = [[[[1]]]]\n",
    "a = " + "9" * 19 + "\n",
    # not TOML: tomllib's own message says why
    "a = 1\na = 2\n", "a = 1\n[a]\n", "[a]\n[a]\n", "a = []\n[[a]]\n", "[[a]]\n[a]\n", "a = {b = 1,}\n",
    "a = {b = 1,\nc = 2}\n", "a = 01\n", "a = [1 2]\n", "a = [,]\n", "a = 1 b = 2\n", "a = \"x\ny\"\n",
    "a = 1\rb = 2\n", "# \x00\n", "a = 1 # \x7f\n", "a = \"\x01\"\n", "a =\n", "a = [1,\n", "a = {b = 1, b = 2}\n",
    "a = truex\n", "a = +\n", "a = --1\n", "[[a]\n", "a = 1\r", "# c\r",
])
def test_what_it_leaves_to_tomllib(text):
    assert plain_toml(text) is None


def test_what_is_not_toml_is_still_tomllibs_to_word():
    """parse_toml gives tomllib's own explanation, as it did before there was a reader of its own."""
    with pytest.raises(files.NotToml) as caught:
        parse_toml("a = 1\na = 2\n")
    assert (caught.value.reason, caught.value.line) == ("Cannot overwrite a value", 2)


# Pieces of TOML and of what is not TOML, put together at random: what plain_toml reads must be
# what tomllib reads.
_KEYS = st.sampled_from(["a", "b", "deals", "options", "1", "a-b", "a.b", '"q"', "", "ä"])
_SCALARS = st.sampled_from(['""', '"x"', '"a b"', '"\\n"', '"ä"', "'x'", "0", "1", "-1", "+2", "01", "1.0", "1_0",
                            "true", "false", "True", "nan", "1979-05-27", '"#"', '"["', '"x', '"\t"', '"\x7f"'])
_GAPS = st.sampled_from(["", " ", "\t", "  ", "\n", "\r\n", "\r", " # c\n", "#\x01\n", ","])


def _values(depth: int) -> st.SearchStrategy[str]:
    if depth == 0:
        return _SCALARS
    inner = _values(depth - 1)
    return st.one_of(
        _SCALARS,
        st.builds(lambda items, gaps, end: "[" + "".join(g + i + "," for i, g in zip(items, gaps)) + end + "]",
                  st.lists(inner, max_size=3), st.lists(_GAPS, min_size=3, max_size=3), st.sampled_from(["", "\n", ",", " "])),
        st.builds(lambda pairs, gap: "{" + (", " + gap).join(f"{k} = {v}" for k, v in pairs) + "}",
                  st.lists(st.tuples(_KEYS, inner), max_size=3), st.sampled_from(["", " ", "\n"])),
    )


_LINES = st.one_of(
    st.builds(lambda k, v, g: f"{k} = {v}{g}", _KEYS, _values(4), _GAPS),
    st.builds(lambda k, g: f"[{k}]{g}", _KEYS, _GAPS),
    st.builds(lambda k, g: f"[[{k}]]{g}", _KEYS, _GAPS),
    _GAPS,
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_LINES, max_size=8), st.sampled_from(["\n", "\r\n", "", "\r"]))
def test_what_it_reads_tomllib_reads_the_same(lines, end):
    assert agrees(end.join(lines))


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(["wizard", "skat", "bridge-chicago", "pataviitonen-criteria-sheet"]), st.data())
def test_a_sheet_changed_at_random_is_read_as_tomllib_reads_it(name, data):
    text = (REPO / "examples" / f"{name}.toml").read_text(encoding="utf-8")
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 3))
        text = text[:at] + data.draw(st.sampled_from(["", "[", "]", "{", "}", ",", "=", '"', "\\", "#", "\n", "\r",
                                                       " ", "0", "1.", "\x00", "x", "'", "[[", "a = 1\n"])) + text[at + cut:]
    assert agrees(text)
