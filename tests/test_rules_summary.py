"""What `rules list` shows of a ruleset is kept as data once the ruleset is checked
(scorekeeper.rules.summary): the same as building it, from the cache when the file and the
rules layer are unchanged, and a damaged, foreign, stale or unwritable cache changes nothing
but the speed."""

from __future__ import annotations

import json
import marshal
import shutil
from pathlib import Path

import pytest

from scorekeeper import tomlcache
from scorekeeper.rules import kept
from scorekeeper.rules import summary as summaries
from scorekeeper.rules.ruleset import RulesetError

REPO = Path(__file__).resolve().parents[1]

LUPAUS_FI = {
    "id": "lupaus", "name": "Lupaus", "players": {"min": 3, "max": 7},
    "aka": ["Oh Hell", "Valmius", "Elevator", "Nomination Whist", "Blackout", "Oh Shit", "Bust",
            "Up and Down the River", "Boerenbridge"],
    "description": "Bid the exact number of tricks you will take. The bids may not add up to "
                   "the number of tricks, so someone always fails.",
    "shown": {"name": "Lupaus",
              "description": "Lupaa tismalleen niin monta tikkiä kuin aiot ottaa. Lupausten summa ei saa "
                             "olla sama kuin tikkien määrä, joten joku epäonnistuu aina."},
}


@pytest.fixture
def lupaus(tmp_path) -> Path:
    path = tmp_path / "lupaus.toml"
    shutil.copy(REPO / "rulesets" / "lupaus.toml", path)
    return path


def _entries(folder: Path) -> list[Path]:
    return sorted((folder / "rulesets").glob("*"))


def _read(entry: Path) -> dict:
    key, data = tomlcache.read_entry(entry)
    return {"key": key, "data": data}


def _write(entry: Path, content: bytes) -> None:
    """A cache file holding ``content``: a JSON document's key and data as the cache writes them,
    other JSON as the whole entry, anything else as it is."""
    try:
        doc = json.loads(content)
    except ValueError:
        entry.write_bytes(content)
        return
    if isinstance(doc, dict) and "key" in doc:
        tomlcache.write_entry(entry, doc["key"], doc.get("data"))
    else:
        entry.write_bytes(tomlcache._HEADER + marshal.dumps(doc))


def _no_building(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("built again")

    monkeypatch.setattr(summaries, "load_ruleset", refuse)


def test_a_summary_says_what_the_built_ruleset_says(cache):
    """The English texts, the player range and the texts in the language asked for."""
    assert summaries.ruleset_summary("lupaus", "fi") == LUPAUS_FI


def test_the_second_time_the_ruleset_is_not_built(cache, monkeypatch):
    first = summaries.ruleset_summary("lupaus", "fi")
    assert len(_entries(cache)) == 1
    _no_building(monkeypatch)
    assert summaries.ruleset_summary("lupaus", "fi") == first == LUPAUS_FI


def test_each_language_has_its_own_entry(cache):
    english = summaries.ruleset_summary("lupaus", "en")
    polish = summaries.ruleset_summary("lupaus", "pl")
    assert english["shown"] == {"name": "Lupaus", "description": LUPAUS_FI["description"]}
    assert polish["shown"]["description"].startswith("Zadeklaruj dokładnie tyle lew, ile weźmiesz.")
    assert len(_entries(cache)) == 2


def test_a_changed_file_is_built_again(cache, lupaus, monkeypatch):
    assert summaries.ruleset_summary(str(lupaus))["name"] == "Lupaus"
    lupaus.write_text(lupaus.read_text(encoding="utf-8").replace('name = "Lupaus"', 'name = "Promise"', 1),
                      encoding="utf-8")
    assert summaries.ruleset_summary(str(lupaus))["name"] == "Promise"
    assert len(_entries(cache)) == 2


def test_a_changed_rules_layer_is_a_new_key(cache, monkeypatch):
    """An entry says what the code that checked the file made of it: other code, another key."""
    summaries.ruleset_summary("lupaus")
    monkeypatch.setattr(kept, "_LAYER", ["another rules layer"])
    built = []
    real = summaries.load_ruleset
    monkeypatch.setattr(summaries, "load_ruleset", lambda ref: built.append(ref) or real(ref))
    assert summaries.ruleset_summary("lupaus")["players"] == {"min": 3, "max": 7}
    assert (built, len(_entries(cache))) == (["lupaus"], 2)


@pytest.mark.parametrize("content", [
    b"\x00\xff not json", b"", b"[1, 2]", b'{"data": {"id": "x"}}',
    b'{"key": "%s", "data": {"id": "lupaus"}}',
    b'{"key": "%s", "data": {"id": "lupaus", "name": "Lupaus", "players": {"min": "3", "max": 7}, "aka": [], '
    b'"description": "", "shown": {"name": "", "description": ""}}}',
    b'{"key": "%s", "data": {"id": "lupaus", "name": "Lupaus", "players": {"min": 3, "max": 7}, "aka": [1], '
    b'"description": "", "shown": {"name": "", "description": ""}}}',
    b'{"key": "%s", "data": {"id": "lupaus", "name": "Lupaus", "players": {"min": 3, "max": 7}, "aka": [], '
    b'"description": "", "shown": {"name": ""}}}',
], ids=["garbage", "empty", "a-list", "no-key", "missing-fields", "text-for-a-number", "number-for-a-name",
        "shown-without-description"])
def test_a_damaged_or_foreign_entry_is_made_again(cache, content):
    summaries.ruleset_summary("lupaus", "fi")
    (entry,) = _entries(cache)
    key = entry.stem
    _write(entry, content.replace(b"%s", key.encode()))
    assert summaries.ruleset_summary("lupaus", "fi") == LUPAUS_FI
    assert _read(entry) == {"key": key, "data": LUPAUS_FI}


def test_an_entry_copied_from_another_ruleset_is_not_taken(cache):
    summaries.ruleset_summary("whist")
    summaries.ruleset_summary("lupaus")
    whist, lupaus = (_read(p) for p in _entries(cache))
    if whist["data"]["id"] != "whist":
        whist, lupaus = lupaus, whist
    tomlcache.write_entry(cache / "rulesets" / f"{lupaus['key']}.marshal", lupaus["key"], whist["data"])
    assert summaries.ruleset_summary("lupaus")["id"] == "whist"  # same key: what that file said is trusted
    tomlcache.write_entry(cache / "rulesets" / f"{lupaus['key']}.marshal", whist["key"], whist["data"])
    assert summaries.ruleset_summary("lupaus")["id"] == "lupaus"  # another key: not taken


def test_a_broken_ruleset_is_not_kept_and_says_its_first_problem(cache, tmp_path):
    path = tmp_path / "broken.toml"
    text = (REPO / "rulesets" / "lupaus.toml").read_text(encoding="utf-8").replace("[players]", "[playerz]", 1)
    path.write_text(text, encoding="utf-8")
    for _ in range(2):
        with pytest.raises(RulesetError) as caught:
            summaries.ruleset_summary(str(path))
        assert [(p.file, p.path, p.message.code) for p in caught.value.problems] == [
            (str(path), "playerz", "rules.unknown_key")]
    assert _entries(cache) == []


def test_a_ruleset_that_extends_another_is_not_kept(cache, tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('extends = "lupaus"\nname = "House Lupaus"\n', encoding="utf-8")
    assert summaries.ruleset_summary(str(path))["name"] == "House Lupaus"
    assert _entries(cache) == []


def test_a_cache_folder_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder would be", encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CACHE", str(blocker))
    assert summaries.ruleset_summary("lupaus", "fi") == LUPAUS_FI
    assert blocker.read_text(encoding="utf-8") == "a file where the folder would be"


def test_rules_check_builds_the_ruleset_once(monkeypatch):
    """The ruleset checked is the one tried against the engine's limits: it is not built again."""
    from scorekeeper.game.limits import check_ruleset
    from scorekeeper.rules import builder

    built = []
    real = builder.Builder.build
    monkeypatch.setattr(builder.Builder, "build", lambda self: built.append(self.file) or real(self))
    assert check_ruleset(REPO / "rulesets" / "lupaus.toml") == []
    assert built == [str(REPO / "rulesets" / "lupaus.toml")]
