"""What checking a ruleset file's formulas found, and the code generated from them, is kept
between runs (scorekeeper.rules.kept): a ruleset loaded again scores exactly as one built
from nothing, none of its formulas parsed, checked or compiled again; a damaged, foreign or
unwritable cache, a file with a problem and a file that extends another change nothing but
the speed."""

from __future__ import annotations

import builtins
import io
import json
import shutil
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import formula_compiler
from scorekeeper.rules import kept as kept_module
from scorekeeper.rules.ruleset import RulesetError, load_ruleset

REPO = Path(__file__).resolve().parents[1]
SHEETS = sorted(p.name for p in (REPO / "examples").glob("*.toml")
                if any(line.startswith("ruleset =") for line in p.read_text(encoding="utf-8").splitlines()))


@pytest.fixture
def fresh(cache, monkeypatch):
    """An empty cache folder, and this process's kept tables forgotten: each run() below is as a
    new process's (its tables read from the folder, written when it ends)."""
    monkeypatch.setattr(kept_module, "_OPEN", {})
    monkeypatch.setattr(kept_module, "_UNSAVED", [])
    return cache


class Counts:
    """How many formula texts were parsed, and how many times compile() made code, in a run."""

    def __init__(self, monkeypatch):
        self.parsed = self.compiled = 0
        parse, compile_ = formula_compiler._parse, builtins.compile

        def parsing(text):
            self.parsed += 1
            return parse(text)

        def compiling(source, filename, mode, *args, **kwargs):
            if str(filename).startswith("<formula"):
                self.compiled += 1
            return compile_(source, filename, mode, *args, **kwargs)

        monkeypatch.setattr(formula_compiler, "_parse", parsing)
        monkeypatch.setattr(builtins, "compile", compiling)


def run(args: list[str]) -> tuple[int, str]:
    """One command as a new process runs it: tables read afresh, what is new written at its end."""
    kept_module._OPEN.clear()
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(args)
    kept_module.save_all()
    return code, out.getvalue()


def _kept_files(folder: Path) -> list[Path]:
    return sorted((folder / "code").glob("*.marshal"))


@pytest.mark.parametrize("sheet", SHEETS)
def test_a_game_replayed_from_what_was_kept_scores_exactly_as_the_first_time(sheet, fresh, monkeypatch):
    """Every example sheet (each shipped game): the second replay reads the kept table, parses
    and compiles no formula, and prints the same totals, deal by deal, as the first."""
    first = run(["replay", str(REPO / "examples" / sheet), "--json"])
    assert first[0] == 0 and json.loads(first[1])["deals"]
    ruleset = _ruleset_file(REPO / "examples" / sheet)
    extends = b"extends" in ruleset.read_bytes()  # a house rule over a built-in game: never kept
    assert len(_kept_files(fresh)) == (0 if extends else 1)
    counts = Counts(monkeypatch)
    again = run(["replay", str(REPO / "examples" / sheet), "--json"])
    assert again == first
    assert (counts.parsed > 0, counts.compiled > 0) if extends else (counts.parsed, counts.compiled) == (0, 0)


def _ruleset_file(sheet: Path) -> Path:
    """The ruleset file a score sheet names (a built-in id, or a file beside the sheet)."""
    ref = next(line.split("=", 1)[1].strip().strip('"') for line in sheet.read_text(encoding="utf-8").splitlines()
               if line.startswith("ruleset ="))
    return sheet.parent / ref if ref.endswith(".toml") else REPO / "rulesets" / f"{ref}.toml"


def test_a_bid_checked_from_what_was_kept_gets_the_same_answer(fresh, monkeypatch):
    args = ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]
    first = run(args)
    assert first == (0, "Dealer Player 1 may not bid 1: the bids would total 10, the number of tricks\n"
                        "Allowed: 0 2 3 4 5 6 7 8 9 10\n")
    counts = Counts(monkeypatch)
    assert run(args) == first
    assert (counts.parsed, counts.compiled) == (0, 0)
    # another question of the same game: the checked facts are kept, the code for five players is new
    other = ["check-bid", "lupaus", "--players", "5", "--deal", "2", "--bids", "1", "0", "0", "0"]
    # deal 2 of five players: 9 cards each, dealt by the second player; 1 + 0 + 0 + 0 bid before
    assert run(other) == (0, "Dealer Player 2 may not bid 8: the bids would total 9, the number of tricks\n"
                             "Allowed: 0 1 2 3 4 5 6 7 9\n")
    assert counts.compiled > 0
    made = counts.compiled
    assert run(other)[0] == 0 and counts.compiled == made


def _load_counts(path: Path, monkeypatch) -> Counts:
    kept_module._OPEN.clear()
    counts = Counts(monkeypatch)
    load_ruleset(path)
    kept_module.save_all()
    return counts


@pytest.fixture
def lupaus(tmp_path) -> Path:
    path = tmp_path / "lupaus.toml"
    shutil.copy(REPO / "rulesets" / "lupaus.toml", path)
    return path


@pytest.mark.parametrize("damage", ["flip", "truncate", "head", "foreign", "empty"])
def test_a_damaged_or_foreign_kept_file_is_not_used_and_is_written_anew(damage, lupaus, fresh, monkeypatch):
    assert _load_counts(lupaus, monkeypatch).parsed > 0
    (entry,) = _kept_files(fresh)
    whole = entry.read_bytes()
    if damage == "flip":  # one byte of the code changed: the hash no longer matches
        entry.write_bytes(whole[:-40] + bytes([whole[-40] ^ 0x55]) + whole[-39:])
    elif damage == "truncate":
        entry.write_bytes(whole[: len(whole) // 2])
    elif damage == "head":  # the first line names another cache format
        entry.write_bytes(b"something else\n" + whole[whole.index(b"\n") + 1:])
    elif damage == "foreign":  # a whole, valid table of another file, put in this one's place
        other = fresh / "other.toml"
        other.write_text(lupaus.read_text(encoding="utf-8") + "\n# another file\n", encoding="utf-8")
        _load_counts(other, monkeypatch)
        (foreign,) = [p for p in _kept_files(fresh) if p != entry]
        entry.write_bytes(foreign.read_bytes())
    else:
        entry.write_bytes(b"")
    counts = _load_counts(lupaus, monkeypatch)
    assert counts.parsed > 0  # checked again, as the first time
    assert kept_module._read(entry.stem) is not None  # and a whole table written in its place
    assert _load_counts(lupaus, monkeypatch).parsed == 0


def test_a_changed_file_is_another_entry(lupaus, fresh, monkeypatch):
    _load_counts(lupaus, monkeypatch)
    lupaus.write_text(lupaus.read_text(encoding="utf-8").replace('name = "Lupaus"', 'name = "Lupaus 2"', 1),
                      encoding="utf-8")
    counts = _load_counts(lupaus, monkeypatch)
    assert counts.parsed > 0 and load_ruleset(lupaus).name == "Lupaus 2"
    assert len(_kept_files(fresh)) == 2


def test_a_file_with_a_problem_keeps_nothing(lupaus, fresh, monkeypatch):
    text = lupaus.read_text(encoding="utf-8")
    lupaus.write_text(text.replace("[players]", "[players]\nnonsense = 1", 1), encoding="utf-8")
    with pytest.raises(RulesetError):
        load_ruleset(lupaus)
    kept_module.save_all()
    assert _kept_files(fresh) == []


def test_a_file_that_extends_another_is_not_kept(tmp_path, fresh, monkeypatch):
    house = tmp_path / "house.toml"
    house.write_text('extends = "lupaus"\nid = "house"\nname = "House Lupaus"\n', encoding="utf-8")
    assert load_ruleset(house).name == "House Lupaus"
    kept_module.save_all()
    assert [p.stem for p in _kept_files(fresh)] == []
    assert _load_counts(house, monkeypatch).parsed > 0


def test_a_cache_folder_that_cannot_be_written_is_no_error(lupaus, tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder would be", encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CACHE", str(blocked))
    monkeypatch.setattr(kept_module, "_OPEN", {})
    monkeypatch.setattr(kept_module, "_UNSAVED", [])
    assert _load_counts(lupaus, monkeypatch).parsed > 0
    assert _load_counts(lupaus, monkeypatch).parsed > 0
    assert load_ruleset(lupaus).id == "lupaus"


def test_a_changed_rules_layer_is_another_entry(lupaus, fresh, monkeypatch):
    """A table says what the code that checked the file made of it: other code, another key."""
    _load_counts(lupaus, monkeypatch)
    monkeypatch.setattr(kept_module, "_LAYER", ["another rules layer"])
    assert _load_counts(lupaus, monkeypatch).parsed > 0
    assert len(_kept_files(fresh)) == 2


def test_the_layer_key_changes_when_a_module_is_written_even_with_its_size_and_time(tmp_path):
    """The layer's key is read from its files' sizes, inodes and times, not their bytes; a module
    written anew is another key even with the same size and its old modification time put back,
    as an installer that keeps an unpacked package's times leaves it (the change time moves)."""
    import os
    import time

    files = [tmp_path / "formula.py", tmp_path / "model.py"]
    for file in files:
        file.write_text("X = 3\n", encoding="utf-8")
    paths = [str(f) for f in files]
    key = kept_module.files_key(paths)
    assert kept_module.files_key(paths) == key  # the same files: the same key
    before = os.stat(files[0])
    time.sleep(0.01)
    files[0].write_text("X = 4\n", encoding="utf-8")  # same size
    os.utime(files[0], ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(files[0]).st_mtime_ns == before.st_mtime_ns and os.stat(files[0]).st_size == before.st_size
    assert kept_module.files_key(paths) != key
    with pytest.raises(OSError):
        kept_module.files_key([*paths, str(tmp_path / "gone.py")])


def test_the_layer_key_is_none_where_a_module_cannot_be_read(monkeypatch):
    """No key, nothing kept, where the layer's files cannot be read."""
    monkeypatch.setattr(kept_module, "_LAYER", [])

    def unreadable(files):
        raise PermissionError("no")
    monkeypatch.setattr(kept_module, "files_key", unreadable)
    assert kept_module.layer_digest() is None


def test_a_stored_game_shown_again_needs_no_formula_parsed(fresh, tmp_path, monkeypatch):
    """A stored game's copy of its ruleset is kept by the JSON text the store holds."""
    store = str(tmp_path / "games.db")
    assert run(["import", str(REPO / "examples" / "wizard.toml"), "--db", store])[0] == 0
    first = run(["show", "1", "--db", store, "--json"])
    assert first[0] == 0 and json.loads(first[1])["deals"]
    counts = Counts(monkeypatch)
    assert run(["show", "1", "--db", store, "--json"]) == first
    assert (counts.parsed, counts.compiled) == (0, 0)


def test_a_file_checked_again_unchanged_needs_no_formula_parsed(lupaus, fresh, monkeypatch):
    """rules check of a file as it was when last checked: the same words, and its formulas and the
    games its limits are tried with (every number of players, every option) made of kept code."""
    first = run(["rules", "check", str(lupaus)])
    assert first == (0, f"{lupaus}: ok\n")
    counts = Counts(monkeypatch)
    assert run(["rules", "check", str(lupaus)]) == first
    assert (counts.parsed, counts.compiled) == (0, 0)


def test_a_file_with_a_problem_in_a_translation_keeps_nothing_when_checked(lupaus, fresh, monkeypatch):
    text = lupaus.read_text(encoding="utf-8")
    assert "[translations.fi]" in text
    lupaus.write_text(text.replace("[translations.fi]", "[translations.fi]\nnot_a_key = \"x\"", 1), encoding="utf-8")
    code, out = run(["rules", "check", str(lupaus)])
    assert code == 1 and "not_a_key" in out
    assert _kept_files(fresh) == []


def test_checking_a_file_keeps_its_own_table_and_loading_reads_only_its_own(fresh, monkeypatch):
    """rules check tries the ruleset with every number of players and option (hundreds of forms
    of code): they are kept apart from what playing it made, which a start reads."""
    assert run(["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"])[0] == 0
    (played,) = _kept_files(fresh)
    size = played.stat().st_size
    assert run(["rules", "check", str(REPO / "rulesets" / "lupaus.toml")])[0] == 0
    checked = [p for p in _kept_files(fresh) if p != played]
    assert len(checked) == 1 and _forms(checked[0]) > 4 * _forms(played)
    assert played.stat().st_size == size


def _forms(path: Path) -> int:
    """How many forms of code (and other entries) a kept table's file holds."""
    from scorekeeper import tomlcache

    return len(tomlcache.read_entry(path)[1][1])


def test_a_full_table_keeps_no_more_forms(lupaus, fresh, monkeypatch):
    monkeypatch.setattr(kept_module, "MOST_FORMS", 3)
    assert run(["rules", "check", str(lupaus)])[0] == 0
    (entry,) = _kept_files(fresh)
    assert len(kept_module._read(entry.stem).forms) == 3
    assert run(["rules", "check", str(lupaus)]) == (0, f"{lupaus}: ok\n")
