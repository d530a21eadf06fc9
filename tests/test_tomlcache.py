"""TOML read through the cache gives exactly what tomllib gives, and a damaged, foreign or
unwritable cache changes nothing but the speed."""

from __future__ import annotations

import hashlib
import json
import marshal
import sys
import tomllib
from pathlib import Path

import pytest

from scorekeeper import tomlcache
from scorekeeper.cli import main
from scorekeeper.rules.paths import builtin_rulesets_dir

LUPAUS = (Path(builtin_rulesets_dir()) / "lupaus.toml").read_text(encoding="utf-8")


def _entries(folder: Path) -> list[Path]:
    return sorted((folder / "toml").glob("*"))


HEADER = b"scorekeeper cache %d python %d.%d marshal %d\n" % (tomlcache.FORMAT, *sys.version_info[:2], marshal.version)


def _file(body: bytes, header: bytes = HEADER) -> bytes:
    """A cache file of ``body`` as the cache writes one: the header, the body's hash, the body."""
    return header + hashlib.blake2b(body, digest_size=32).hexdigest().encode("ascii") + body


def _no_parser(monkeypatch) -> None:
    def refuse(text):
        raise AssertionError("parsed again")

    monkeypatch.setattr(tomllib, "loads", refuse)


@pytest.mark.parametrize("text", [LUPAUS, 'a = 1.5\nb = [1, "x", true]\n[c.d]\ne = inf\nf = -0.0\n'],
                         ids=["ruleset", "floats"])
def test_the_cached_data_is_what_tomllib_gives(cache, monkeypatch, text):
    expected = tomllib.loads(text)
    assert tomlcache.loads(text) == expected
    assert len(_entries(cache)) == 1
    _no_parser(monkeypatch)
    again = tomlcache.loads(text)
    assert again == expected and json.dumps(again) == json.dumps(expected)  # same order, same types


def test_each_text_has_its_own_entry(cache):
    assert (tomlcache.loads("a = 1\n"), tomlcache.loads("a = 2\n")) == ({"a": 1}, {"a": 2})
    assert len(_entries(cache)) == 2


KEY_OF_A1 = tomlcache._key("a = 1\n")


@pytest.mark.parametrize("content", [
    b"\x00\xff not marshal", _file(b"\x00\xff"), _file(marshal.dumps([1, 2, 3])), _file(marshal.dumps(({"a": 9},))),
    _file(marshal.dumps((tomlcache._key("a = 9\n"), {"a": 9}))), _file(marshal.dumps((KEY_OF_A1, [9]))), b"", HEADER,
    _file(marshal.dumps((KEY_OF_A1, {"a": 1})))[:-3],
    _file(marshal.dumps((KEY_OF_A1, {"a": 1})))[:-5] + marshal.dumps((KEY_OF_A1, {"a": 9}))[-5:],
    HEADER + marshal.dumps((KEY_OF_A1, {"a": 9})),
    b'{"key": "%s", "data": {"a": 9}}' % KEY_OF_A1.encode(),
    _file(marshal.dumps((KEY_OF_A1, {"a": 9})), HEADER.replace(b"python 3.", b"python 2.")),
    _file(marshal.dumps((KEY_OF_A1, {"a": 9})), HEADER.replace(b"marshal %d" % marshal.version, b"marshal 99")),
    _file(marshal.dumps((KEY_OF_A1, {"a": 9})), HEADER.replace(b"cache %d" % tomlcache.FORMAT, b"cache 2")),
], ids=["garbage", "garbage-after-the-header", "a-list", "no-key", "another-texts-entry", "data-not-a-table", "empty",
        "only-the-header", "cut-short", "a-value-changed", "no-hash", "the-json-of-format-1", "another-python",
        "another-marshal", "another-format"])
def test_a_damaged_or_foreign_entry_is_parsed_again_and_replaced(cache, content):
    tomlcache.loads("a = 1\n")
    (entry,) = _entries(cache)
    entry.write_bytes(content)
    assert tomlcache.loads("a = 1\n") == {"a": 1}
    assert entry.read_bytes().startswith(HEADER)
    assert tomlcache.read_entry(entry) == (KEY_OF_A1, {"a": 1})


def test_an_entry_is_the_header_and_marshals_key_and_data(cache, monkeypatch):
    """The file names the cache format and the Python and marshal versions that wrote it, then the
    hash of the rest, then holds the key and the data in marshal's format, which reading imports
    nothing for."""
    tomlcache.loads('a = 1.5\nb = ["x", true]\n')
    (entry,) = _entries(cache)
    assert entry.name == tomlcache._key('a = 1.5\nb = ["x", true]\n') + ".marshal"
    blob = entry.read_bytes()
    assert blob.startswith(b"scorekeeper cache 3 python %d.%d marshal %d\n" % (*sys.version_info[:2], marshal.version))
    body = blob[len(HEADER) + 64:]
    assert blob == _file(body)  # the body's hash between the header and the body
    assert marshal.loads(body) == (entry.stem, {"a": 1.5, "b": ["x", True]})


def test_a_cache_folder_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder would be", encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CACHE", str(blocker))
    assert tomlcache.loads("a = 1\n") == {"a": 1}
    assert blocker.read_text(encoding="utf-8") == "a file where the folder would be"


def test_bad_toml_raises_as_tomllib_does_and_keeps_nothing(cache):
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomlcache.loads("a = = 1\n")
    assert str(caught.value) == "Invalid value (at line 1, column 5)"
    assert _entries(cache) == []


def test_dates_are_parsed_each_time_not_kept(cache):
    assert str(tomlcache.loads("when = 2026-05-09\n")["when"]) == "2026-05-09"
    assert _entries(cache) == []


def test_the_cache_folder_is_the_platforms_unless_chosen(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_CACHE", "~/elsewhere")
    assert tomlcache.cache_dir() == str(Path.home() / "elsewhere")
    if not sys.platform.startswith("linux"):
        return
    monkeypatch.delenv("SCOREKEEPER_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert tomlcache.cache_dir() == str(tmp_path / "scorekeeper")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    assert tomlcache.cache_dir() == str(Path.home() / ".cache" / "scorekeeper")


def test_a_command_gives_the_same_answer_from_a_cold_a_warm_and_a_damaged_cache(cache, capsys):
    argv = ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]
    answers = []
    for step in ("cold", "warm", "damaged"):
        if step == "damaged":
            for entry in _entries(cache):  # each entry now holds another text's data
                tomlcache.write_entry(entry, tomlcache._key("id = 'x'"), {"id": "x"})
        assert main(argv) == 0
        answers.append(capsys.readouterr())
    assert answers[0].out == ("Dealer Player 1 may not bid 1: the bids would total 10, the number of tricks\n"
                              "Allowed: 0 2 3 4 5 6 7 8 9 10\n")
    assert answers[1] == answers[0] == answers[2]
