"""What is cached of a user's ruleset file: one artefact per file (scorekeeper.rules.usercache), in
one private folder, read only when the user alone owns it, bounded in size, and never able to
give a file another file's rules. The tests of what goes wrong in a cache (a save while a
command loads the file, a pipe or a device where an entry would be, entries others could have
written, a folder that grows for ever, keys that change at every reinstall) use the commands'
own entry points, so they say the same of any cache."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rules import builder
from scorekeeper.rules.ruleset import check_file, load_ruleset

REPO = Path(__file__).resolve().parents[1]
LUPAUS = (REPO / "rulesets" / "lupaus.toml").read_text(encoding="utf-8")
PROMISE = (REPO / "tests" / "fixtures" / "rulesets" / "promise.toml").read_text(encoding="utf-8")
SCORE = 'value = "10 if bid == tricks else 0"'


def _house(name: str, score: str = SCORE) -> bytes:
    """A small ruleset of the user's own (Promise's rules, named ``name``, scored by ``score``)."""
    assert PROMISE.count(SCORE) == 1
    return PROMISE.replace('name = "Promise"', f'name = "{name}"').replace(SCORE, score).encode("utf-8")


def _builds(monkeypatch) -> list[str]:
    """The files the builder builds from now on."""
    built: list[str] = []
    real = builder.Builder.build
    monkeypatch.setattr(builder.Builder, "build", lambda self: built.append(self.file) or real(self))
    return built


def _entries(cache: Path) -> list[Path]:
    """Every file the rulesets' cache wrote (the catalogs' entries are theirs: left out)."""
    return [p for p in cache.rglob("*") if p.is_file() and not {"catalogs", "toml"} & set(p.relative_to(cache).parts)]


def test_a_file_saved_while_it_is_loaded_never_gives_another_files_rules(cache, tmp_path, monkeypatch):
    """A save (os.replace) just after the command opened the file: the ruleset is built from the
    bytes it read, and the next load of the old file gives the old file's rules, not the new one's
    (a cache keyed by one read and built from a second kept the new rules under the old key)."""
    path = tmp_path / "house.toml"
    old, new = _house("House A"), _house("House B", 'value = "20 if bid == tricks else -5"')
    path.write_bytes(old)
    saved = []
    real_open = os.open

    def open_then_save(file, flags, *args, **kwargs):
        fd = real_open(file, flags, *args, **kwargs)
        if os.fspath(file) == str(path) and not saved:
            saved.append(file)
            (tmp_path / "new.toml").write_bytes(new)
            os.replace(tmp_path / "new.toml", path)
        return fd

    monkeypatch.setattr(os, "open", open_then_save)
    first = load_ruleset(str(path))
    monkeypatch.setattr(os, "open", real_open)
    assert saved and (first.name, first.score.text) == ("House A", "10 if bid == tricks else 0")
    path.write_bytes(old)
    again = load_ruleset(str(path))
    assert (again.name, again.score.text) == ("House A", "10 if bid == tricks else 0")
    path.write_bytes(new)
    assert load_ruleset(str(path)).score.text == "20 if bid == tricks else -5"


def test_a_file_used_again_is_made_by_its_artefact_and_only_while_its_bytes_are_the_same(cache, tmp_path, monkeypatch):
    path = tmp_path / "house.toml"
    path.write_bytes(_house("House A"))
    built = _builds(monkeypatch)
    assert load_ruleset(str(path)).name == "House A"
    assert load_ruleset(str(path)).name == "House A"
    path.write_bytes(_house("House B"))
    assert load_ruleset(str(path)).name == "House B"
    assert built == [str(path), str(path)]


def test_the_key_is_the_files_bytes_not_its_place_or_times(cache, tmp_path, monkeypatch):
    """A file copied elsewhere, with other times (as a reinstall or a backup writes it), is the same artefact."""
    first, second = tmp_path / "a" / "house.toml", tmp_path / "b" / "other.toml"
    for path in (first, second):
        path.parent.mkdir()
        path.write_bytes(_house("House A"))
    os.utime(second, (0, 0))
    built = _builds(monkeypatch)
    assert load_ruleset(str(first)).name == load_ruleset(str(second)).name == "House A"
    assert built == [str(first)]


def test_a_house_rule_is_built_again_when_a_file_it_extends_changes(cache, tmp_path, monkeypatch):
    base, house = tmp_path / "base.toml", tmp_path / "house.toml"
    base.write_bytes(_house("Base"))
    house.write_text('extends = "base.toml"\nname = "House"\n', encoding="utf-8")
    built = _builds(monkeypatch)
    assert load_ruleset(str(house)).score.text == "10 if bid == tricks else 0"
    assert load_ruleset(str(house)).score.text == "10 if bid == tricks else 0"
    base.write_bytes(_house("Base", 'value = "5 if bid == tricks else 1"'))
    assert load_ruleset(str(house)).score.text == "5 if bid == tricks else 1"
    assert built == [str(house), str(house)]


def test_rules_check_of_a_file_checked_before_gives_the_same_answer(cache, tmp_path, monkeypatch):
    path = tmp_path / "house.toml"
    path.write_bytes(_house("House A"))
    built = _builds(monkeypatch)
    assert check_file(path) == check_file(path) == []
    bad = tmp_path / "bad.toml"
    bad.write_bytes(_house("Bad", 'value = "10 if bids == tricks else 0"'))
    for _ in range(2):
        assert [(p.path, p.message.code) for p in check_file(bad)] == [("score.value", "formula.unknown_name")]
    assert built == [str(path), str(bad), str(bad)]


def test_the_folder_is_private_and_an_artefact_readable_python(cache, tmp_path):
    path = tmp_path / "house.toml"
    path.write_bytes(_house("House A"))
    load_ruleset(str(path))
    folder = cache / "rulesets"
    (artefact,) = folder.glob("*.py")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700 and stat.S_IMODE(artefact.stat().st_mode) == 0o600
    text = artefact.read_text(encoding="utf-8")
    assert "DATA = {'id': 'promise'," in text and "def load(table, shown):" in text and "marshal" not in text


# --- what no entry of the cache folder may do ---------------------------------------------------

_LOAD = """
import sys
from scorekeeper.rules.ruleset import load_ruleset
print(load_ruleset(sys.argv[1]).name)
"""
# Prints the ruleset's name and each entry of the rulesets' cache opened to read.
_AUDITED = """
import os, sys
opened = []
def reads(mode, flags):
    return ("r" in mode and "+" not in mode) if isinstance(mode, str) else not flags & (os.O_WRONLY | os.O_RDWR)
def hook(event, args, folder=sys.argv[2]):
    if event == "open" and isinstance(args[0], str) and args[0].startswith(folder) and reads(args[1], args[2]):
        parts = args[0][len(folder):].split("/")
        if not {"catalogs", "toml"} & set(parts):
            opened.append(args[0])
sys.addaudithook(hook)
from scorekeeper.rules.ruleset import load_ruleset
name = load_ruleset(sys.argv[1]).name
print(name, sorted(set(opened)))
"""


def _load_in_child(script: str, path: Path, cache: Path, *, memory: int | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, SCOREKEEPER_CACHE=str(cache), PYTHONPATH=str(REPO))

    def limit() -> None:
        if memory is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run([sys.executable, "-c", script, str(path), str(cache)], env=env, capture_output=True,
                          text=True, timeout=60, preexec_fn=limit)


def _filled(cache: Path, tmp_path: Path) -> tuple[Path, list[Path]]:
    """A user file loaded (and checked) once by a command of its own, and the entries that left in
    the cache folder (once the process ended: a cache may write its entries at exit)."""
    path = tmp_path / "house.toml"
    path.write_bytes(_house("House A"))
    for args in (["rules", "show", str(path)], ["rules", "check", str(path)]):
        env = dict(os.environ, SCOREKEEPER_CACHE=str(cache), PYTHONPATH=str(REPO))
        subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, capture_output=True, timeout=60,
                       check=True)
    entries = _entries(cache)
    assert entries
    return path, entries


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_where_an_entry_was_is_never_opened(cache, tmp_path):
    path, entries = _filled(cache, tmp_path)
    for entry in entries:
        entry.unlink()
        os.mkfifo(entry)
    try:
        result = _load_in_child(_LOAD, path, cache)
    except subprocess.TimeoutExpired:
        pytest.fail("the command hung on a named pipe in the cache folder")
    assert (result.returncode, result.stdout, result.stderr) == (0, "House A\n", "")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="a device to link to")
def test_a_link_to_a_device_where_an_entry_was_is_never_read(cache, tmp_path):
    path, entries = _filled(cache, tmp_path)
    for entry in entries:
        entry.unlink()
        entry.symlink_to("/dev/zero")
    try:
        result = _load_in_child(_LOAD, path, cache, memory=1 << 30)
    except subprocess.TimeoutExpired:
        pytest.fail("the command read /dev/zero")
    assert (result.returncode, result.stdout, result.stderr) == (0, "House A\n", "")


def test_entries_others_could_have_written_are_never_opened(cache, tmp_path):
    """A cache folder others may write to (its entries may have been forged: a hash proves
    nothing of who wrote them) is not used at all: the file is built, and no entry opened."""
    path, entries = _filled(cache, tmp_path)
    assert entries
    for folder in {e.parent for e in entries} | {cache}:
        folder.chmod(0o777)
    result = _load_in_child(_AUDITED, path, cache)
    assert (result.returncode, result.stdout, result.stderr) == (0, "House A []\n", "")


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="giving a file to another user")
def test_an_entry_owned_by_another_user_is_never_opened(cache, tmp_path):
    path, entries = _filled(cache, tmp_path)
    for entry in entries:
        os.chown(entry, 12345, -1)
    result = _load_in_child(_AUDITED, path, cache)
    assert (result.returncode, result.stdout, result.stderr) == (0, "House A []\n", "")


def test_a_forged_artefact_in_a_private_folder_of_another_key_is_not_run(cache, tmp_path):
    """An artefact renamed to another file's name (or holding another key) is not taken."""
    first, second = tmp_path / "first.toml", tmp_path / "second.toml"
    first.write_bytes(_house("First"))
    second.write_bytes(_house("Second"))
    load_ruleset(str(first))
    (a,) = (cache / "rulesets").glob("*.py")
    load_ruleset(str(second))
    (b,) = set((cache / "rulesets").glob("*.py")) - {a}
    os.replace(a, b)  # second's name, first's artefact
    assert load_ruleset(str(second)).name == "Second"


# --- bounded --------------------------------------------------------------------------------------


def test_thousands_of_distinct_files_leave_the_folder_within_its_bound(cache, tmp_path, monkeypatch):
    """Each distinct file is an artefact, and the least recently used go: the folder never holds
    more than its bound (a cache without one kept an entry per file for ever)."""
    try:
        from scorekeeper.rules import usercache
    except ImportError:  # (a cache without a bound: nothing to lower)
        pass
    else:
        monkeypatch.setattr(usercache, "MOST_FILES", 50)
    house = tmp_path / "house.toml"
    for n in range(1000):
        house.write_bytes(_house(f"House {n}"))
        assert load_ruleset(str(house)).name == f"House {n}"
    assert len(_entries(cache)) <= 50 + 50  # artefacts, and their bytecode where Python writes it beside them
    assert len(list((cache / "rulesets").glob("*.py"))) == 50


def test_eviction_keeps_the_most_recently_used(tmp_path):
    from scorekeeper.rules import usercache

    folder = tmp_path / "rulesets"
    folder.mkdir()
    for n in range(3000):
        entry = folder / f"{n:064x}.py"
        entry.write_text("x = 1\n" * (n % 7 + 1), encoding="utf-8")
        os.utime(entry, ns=(10**18 + n * 10**9, 10**18))
    usercache.evict(str(folder), most_bytes=10**9, most_files=1000)
    assert sorted(int(p.stem, 16) for p in folder.glob("*.py")) == list(range(2000, 3000))
    sizes = {p.name: p.stat().st_size for p in folder.glob("*.py")}
    usercache.evict(str(folder), most_bytes=sum(sizes.values()) // 2, most_files=1000)
    left = sorted(int(p.stem, 16) for p in folder.glob("*.py"))
    assert sum(p.stat().st_size for p in folder.glob("*.py")) <= sum(sizes.values()) // 2
    assert left == list(range(3000 - len(left), 3000))


def test_a_use_makes_an_artefact_the_last_to_go(cache, tmp_path, monkeypatch):
    from scorekeeper.rules import usercache

    monkeypatch.setattr(usercache, "MOST_FILES", 3)
    files = []
    for n in range(3):
        path = tmp_path / f"h{n}.toml"
        path.write_bytes(_house(f"House {n}"))
        load_ruleset(str(path))
        files.append(path)
    built = _builds(monkeypatch)
    load_ruleset(str(files[0]))  # used again: now the most recent
    extra = tmp_path / "h3.toml"
    extra.write_bytes(_house("House 3"))
    load_ruleset(str(extra))  # one too many: the least recently used (House 1) goes
    for path in files[:2]:
        load_ruleset(str(path))
    assert built == [str(extra), str(files[1])]


def test_a_package_with_other_code_under_the_same_version_makes_the_file_again(cache, tmp_path, monkeypatch):
    """The artefact's key holds a digest of the package's code as the build wrote it, not its
    version alone: a reinstall of other code that still says 0.1.0 never runs a module the old
    code generated (it could score by rules the new code would not give)."""
    from scorekeeper.rules import shipped

    path = tmp_path / "house.toml"
    path.write_bytes(_house("House A"))
    built = _builds(monkeypatch)
    load_ruleset(str(path))
    load_ruleset(str(path))
    assert built == [str(path)]  # the second load came from the artefact
    key = shipped.build_key()
    version, code = key.split(" ")
    assert code == shipped.code_digest() and len(code) == 64
    monkeypatch.setattr(shipped, "build_key", lambda: f"{version} {'0' * 64}")
    load_ruleset(str(path))
    assert built == [str(path), str(path)]


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG rule is the Unix one")
def test_without_its_variable_the_cache_is_the_users_cache_folder_where_platformdirs_puts_it(monkeypatch, tmp_path):
    import platformdirs

    from scorekeeper.rules import usercache

    monkeypatch.delenv(usercache.ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert usercache.cache_dir() == str(tmp_path / "xdg" / "scorekeeper")
    assert usercache.cache_dir() == str(platformdirs.user_cache_path("scorekeeper", appauthor=False))
