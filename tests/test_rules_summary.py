"""What `rules list` shows of a ruleset (scorekeeper.rules.summary): for a built-in ruleset, what
the build wrote of it (scorekeeper/_shipped/rulesets.py) while the file has the bytes it was made
from; for any other file, or a built-in file with other bytes, what building it gives."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorekeeper.rules import paths
from scorekeeper.rules import ruleset as ruleset_module
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


def _no_building(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("built")

    monkeypatch.setattr(summaries, "load_ruleset", refuse)


def _builtins_elsewhere(monkeypatch, tmp_path: Path) -> Path:
    """The built-in rulesets' folder moved to a copy in ``tmp_path`` (to change a file in it)."""
    folder = tmp_path / "rulesets"
    shutil.copytree(REPO / "rulesets", folder)
    monkeypatch.setattr(paths, "builtin_rulesets_dir", lambda: str(folder))
    monkeypatch.setattr(ruleset_module, "builtin_rulesets_dir", lambda: str(folder))
    return folder


def test_a_built_in_summary_is_what_the_build_wrote_and_no_ruleset_is_built(monkeypatch):
    """The English texts, the player range and the texts in the language asked for."""
    _no_building(monkeypatch)
    assert summaries.ruleset_summary("lupaus", "fi") == LUPAUS_FI
    polish = summaries.ruleset_summary("lupaus", "pl")
    assert polish["shown"]["description"].startswith("Zadeklaruj dokładnie tyle lew, ile weźmiesz.")
    assert summaries.ruleset_summary("lupaus", "en")["shown"] == {"name": "Lupaus",
                                                                  "description": LUPAUS_FI["description"]}


@pytest.mark.parametrize("ruleset", sorted(p.stem for p in (REPO / "rulesets").glob("*.toml")))
@pytest.mark.parametrize("lang", ["en", "fi", "pl"])
def test_each_built_in_summary_is_what_building_a_copy_of_its_file_gives(ruleset, lang, tmp_path):
    """A copy of the file elsewhere is a user file: built, and its summary the same."""
    copy = tmp_path / f"{ruleset}.toml"
    shutil.copy(REPO / "rulesets" / f"{ruleset}.toml", copy)
    assert summaries.ruleset_summary(ruleset, lang) == summaries.ruleset_summary(str(copy), lang)


def test_a_built_in_file_changed_since_the_build_is_built(monkeypatch, tmp_path):
    folder = _builtins_elsewhere(monkeypatch, tmp_path)
    lupaus = folder / "lupaus.toml"
    lupaus.write_text(lupaus.read_text(encoding="utf-8").replace('name = "Lupaus"', 'name = "Promise"', 1),
                      encoding="utf-8")
    assert summaries.ruleset_summary("lupaus")["name"] == "Promise"


def test_a_built_in_file_copied_anew_with_the_same_bytes_keeps_its_summary(monkeypatch, tmp_path):
    """What the build wrote is keyed by the file's bytes alone (not its place, inode or times): a
    reinstall that writes the same bytes anew finds it."""
    _builtins_elsewhere(monkeypatch, tmp_path)
    _no_building(monkeypatch)
    assert summaries.ruleset_summary("lupaus", "fi") == LUPAUS_FI


def test_a_broken_ruleset_says_its_first_problem(tmp_path):
    path = tmp_path / "broken.toml"
    text = (REPO / "rulesets" / "lupaus.toml").read_text(encoding="utf-8").replace("[players]", "[playerz]", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        summaries.ruleset_summary(str(path))
    assert [(p.file, p.path, p.message.code) for p in caught.value.problems] == [
        (str(path), "playerz", "rules.unknown_key")]


def test_a_ruleset_that_extends_another_is_built(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('extends = "lupaus"\nname = "House Lupaus"\n', encoding="utf-8")
    assert summaries.ruleset_summary(str(path))["name"] == "House Lupaus"


def test_rules_check_builds_a_user_file_once(cache, monkeypatch, tmp_path):
    """The ruleset checked is the one tried against the engine's limits: it is not built again."""
    from scorekeeper.game.limits import check_ruleset
    from scorekeeper.rules import builder

    copy = tmp_path / "lupaus.toml"
    shutil.copy(REPO / "rulesets" / "lupaus.toml", copy)
    built = []
    real = builder.Builder.build
    monkeypatch.setattr(builder.Builder, "build", lambda self: built.append(self.file) or real(self))
    assert check_ruleset(copy) == []
    assert built == [str(copy)]
