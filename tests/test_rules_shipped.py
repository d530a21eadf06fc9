"""The built-in rulesets' shipped modules (scorekeeper.rules.shipped, written by hatch_build.py into
scorekeeper/_shipped/): they are what the sources give, they are used only for exactly the bytes
they were made from, and every example sheet replays to the same totals with and without them."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.cli import main
from scorekeeper.rules import builder, files, paths, shipped, usercache
from scorekeeper.rules import ruleset as ruleset_module
from scorekeeper.rules.ruleset import load_ruleset, ruleset_from_raw

REPO = Path(__file__).resolve().parents[1]
SHIPPED = Path(scorekeeper.__file__).parent / "_shipped"
SHEETS = sorted(str(p.relative_to(REPO)) for p in (REPO / "examples").glob("*.toml")
                if any(line.startswith("ruleset =") for line in p.read_text(encoding="utf-8").splitlines()))


def _no_parsing(monkeypatch) -> None:
    """Parsing a ruleset's TOML, or building a ruleset, fails the test."""
    def refuse(*args, **kwargs):
        raise AssertionError("parsed or built")

    monkeypatch.setattr(files, "parse_toml", refuse)
    monkeypatch.setattr(ruleset_module, "parse_toml", refuse)
    monkeypatch.setattr(builder.Builder, "build", refuse)


def _builtins_elsewhere(monkeypatch, tmp_path: Path) -> Path:
    """The built-in rulesets' folder moved to a copy (new inodes and times, as a reinstall writes them)."""
    folder = tmp_path / "rulesets"
    shutil.copytree(REPO / "rulesets", folder)
    for file in folder.iterdir():
        os.utime(file, (0, 0))
    monkeypatch.setattr(paths, "builtin_rulesets_dir", lambda: str(folder))
    monkeypatch.setattr(ruleset_module, "builtin_rulesets_dir", lambda: str(folder))
    return folder


def test_the_shipped_modules_are_what_the_sources_give(tmp_path):
    """Written again from the sources into another folder, every file is the same, and there is
    one module of each kind for each built-in ruleset. Written by another process with another
    hash seed: nothing in a module may follow the order of a set (a build is reproducible)."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONHASHSEED": "12345" if os.environ.get("PYTHONHASHSEED") != "12345" else "54321"}
    subprocess.run([sys.executable, "-c", "import json, sys; from scorekeeper.play.shipped import module_texts; "
                    "open(sys.argv[1], 'w').write(json.dumps(module_texts()))", str(tmp_path / "made.json")],
                   env=env, check=True, timeout=300)
    made = json.loads((tmp_path / "made.json").read_text())
    # (the rulesets' files: other generators of hatch_build.py write theirs beside them)
    there = {p.name: p.read_text(encoding="utf-8") for p in SHIPPED.glob("ruleset*.py")}
    assert sorted(made) == sorted(there)
    assert made == there
    names = {f"ruleset_{p.stem.replace('-', '_')}{suffix}.py" for p in (REPO / "rulesets").glob("*.toml")
             for suffix in ("", "_stored", "_check")}
    assert set(made) == names | {"rulesets.py"}


def test_a_build_again_leaves_the_modules_it_would_write_the_same_untouched(tmp_path):
    """A module is rewritten only when its text changes, so that Python's compiled form of an
    unchanged one stays valid (each install of a checkout, and each test run, builds again)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("hatch_build_under_test", REPO / "hatch_build.py")
    hatch_build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hatch_build)
    root = tmp_path  # (the generators are this package's: they write into root/scorekeeper/_shipped)
    out = Path(hatch_build.write_all(str(root)))
    files = sorted(out.glob("*.py"))
    assert len(files) > 40
    for path in files:
        os.utime(path, ns=(0, 0))
    changed = out / "ruleset_wizard.py"
    changed.write_text(changed.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    os.utime(changed, ns=(0, 0))
    assert hatch_build.write_all(str(root)) == str(out)
    assert [p.name for p in files if p.stat().st_mtime_ns != 0] == ["ruleset_wizard.py"]
    assert changed.read_text(encoding="utf-8") == (SHIPPED / "ruleset_wizard.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("ruleset", sorted(p.stem for p in (REPO / "rulesets").glob("*.toml")))
def test_each_module_makes_the_ruleset_the_builder_makes(ruleset):
    """Object for object (every field of every model value, formula, message and text, written
    out in full): the ruleset to play and a stored game's copy, as the builder makes them of the
    file's data, and as the modules make them."""
    from scorekeeper.rules.generate import _Writer

    raw = load_ruleset(ruleset).raw
    shown = f"rulesets/{ruleset}.toml"
    source = (REPO / "rulesets" / f"{ruleset}.toml").read_bytes()
    module = shipped.for_file(str(REPO / "rulesets" / f"{ruleset}.toml"), source)
    for how, made in (("load", module.load(shipped.table(module, "load"), shown)),
                      ("stored", ruleset_from_raw(json.loads(json.dumps(raw)), shown, stored=True))):
        built = builder.Builder(json.loads(json.dumps(raw)), shown, stored=how == "stored").build()
        assert made.raw == built.raw == raw
        assert _Writer(made.raw, shown, share=False).write(made) == _Writer(built.raw, shown, share=False).write(built)


def test_a_module_holds_readable_data_and_source_no_pickle_or_marshal():
    text = (SHIPPED / "ruleset_lupaus.py").read_text(encoding="utf-8")
    assert "marshal" not in text and "pickle" not in text
    assert "DATA = {'id': 'lupaus'," in text and "def load(table, shown):" in text
    assert "('generic', 'deck', '60', 'game'): lambda _e: 60," in (SHIPPED / "ruleset_wizard.py").read_text(encoding="utf-8")
    module = shipped.for_file(str(REPO / "rulesets" / "lupaus.toml"), (REPO / "rulesets" / "lupaus.toml").read_bytes())
    assert module is not None and module.SOURCE == shipped.source_digest((REPO / "rulesets" / "lupaus.toml").read_bytes())


@pytest.mark.parametrize("sheet", SHEETS)
def test_every_example_sheet_replays_the_same_with_and_without_the_shipped_modules(sheet, cache, monkeypatch, capsys):
    """What `scorekeeper replay` prints (every deal's scores, the totals, the standings) is the
    same whether the rulesets come from their shipped modules or are parsed and built."""
    assert main(["replay", str(REPO / sheet)]) == 0
    shipped_out = capsys.readouterr().out
    monkeypatch.setattr(shipped, "_module", lambda ruleset_id: None)  # as a checkout where the build never ran
    monkeypatch.setattr(usercache, "find", lambda source, how: None)
    assert main(["replay", str(REPO / sheet)]) == 0
    built_out = capsys.readouterr().out
    assert shipped_out == built_out and "Totals:" in built_out


def test_a_built_in_ruleset_is_made_by_its_module_without_parsing(monkeypatch):
    _no_parsing(monkeypatch)
    rs = load_ruleset("lupaus")
    assert (rs.id, rs.min_players, rs.max_players, rs.score.key) == ("lupaus", 3, 7, "score.value")
    assert rs.localized("fi").fields["bid"].label == "Lupaus"


def test_a_reinstalled_copy_with_the_same_bytes_uses_the_modules(monkeypatch, tmp_path, cache):
    """The module is keyed by the file's bytes alone: new inodes and times change nothing."""
    _builtins_elsewhere(monkeypatch, tmp_path)
    _no_parsing(monkeypatch)
    assert load_ruleset("wizard").name == "Wizard"


def test_a_built_in_file_with_other_bytes_is_parsed_and_built(monkeypatch, tmp_path, cache):
    folder = _builtins_elsewhere(monkeypatch, tmp_path)
    lupaus = folder / "lupaus.toml"
    lupaus.write_text(lupaus.read_text(encoding="utf-8").replace('name = "Lupaus"', 'name = "Promise"', 1),
                      encoding="utf-8")
    assert load_ruleset("lupaus").name == "Promise"
    assert load_ruleset("wizard").name == "Wizard"


def test_a_stored_copy_of_a_built_in_ruleset_is_made_by_its_module(monkeypatch):
    """The copy a stored game keeps (JSON) with the data of a built-in ruleset: its module makes it."""
    raw = json.loads(json.dumps(load_ruleset("bridge").raw))
    _no_parsing(monkeypatch)
    rs = ruleset_from_raw(raw, "bridge", stored=True)
    assert (rs.id, rs.name) == ("bridge", "Contract bridge")


def test_a_stored_copy_with_other_data_is_built(monkeypatch):
    raw = json.loads(json.dumps(load_ruleset("lupaus").raw))
    raw["name"] = "Lupaus as it once was"
    built = []
    real = builder.Builder.build
    monkeypatch.setattr(builder.Builder, "build", lambda self: built.append(self.file) or real(self))
    assert ruleset_from_raw(raw, "lupaus", stored=True).name == "Lupaus as it once was"
    assert built == ["lupaus"]


def test_the_data_digest_is_of_the_data_not_its_order():
    assert shipped.data_digest({"a": 1, "b": [1.0, "x"]}) == shipped.data_digest({"b": [1.0, "x"], "a": 1})
    assert shipped.data_digest({"a": 1}) != shipped.data_digest({"a": 1.0})
    assert shipped.data_digest({"a": 1}) != shipped.data_digest({"a": True})


def test_playing_a_ruleset_leaves_its_modules_data_as_it_was(capsys):
    """The ruleset's data (Ruleset.raw) is the module's DATA, shared: nothing changes it."""
    module = shipped.for_file(str(REPO / "rulesets" / "skat.toml"), (REPO / "rulesets" / "skat.toml").read_bytes())
    assert main(["replay", str(REPO / "examples" / "skat.toml")]) == 0
    assert load_ruleset("skat").raw is module.DATA
    assert shipped.data_digest(module.DATA) == shipped.for_stored(json.loads(json.dumps(module.DATA))).DATA_DIGEST


def test_a_bid_check_resolves_the_packages_folder_once_and_a_link_still_names_the_built_ins(monkeypatch, capsys,
                                                                                           tmp_path):
    """os.path.realpath looks at every folder of a path (~0.18 M instructions each on 3.11; a
    check-bid resolved 7 times, bench/README.md, "within 2x as installed"): the package's folder
    is resolved once a process, and a built-in's path as ruleset_file writes it is the built-ins'
    folder without resolving it. A link to that folder still names a built-in ruleset."""
    monkeypatch.setattr(paths, "_package", None)
    resolved: list[str] = []
    real = os.path.realpath
    monkeypatch.setattr(os.path, "realpath", lambda path, *args, **kwargs: resolved.append(path) or real(path))
    assert main(["check-bid", "lupaus", "--players", "4", "--deal", "3", "--bids", "1", "0", "1"]) == 0
    assert capsys.readouterr().out == ("Dealer Player 3 may not bid 6: the bids would total 8, the number of tricks\n"
                                       "Allowed: 0 1 2 3 4 5 7 8\n")
    assert resolved == [paths.__file__]
    assert main(["check-bid", "lupaus", "--players", "4", "--deal", "3", "--bids", "1", "0", "1"]) == 0
    assert resolved == [paths.__file__]
    link = tmp_path / "link"
    link.symlink_to(paths.builtin_rulesets_dir(), target_is_directory=True)
    assert shipped.for_path(str(link / "lupaus.toml")) and not shipped.for_path(str(tmp_path / "lupaus.toml"))
