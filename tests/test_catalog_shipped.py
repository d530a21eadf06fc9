"""The catalogs the package ships are made at build time (scorekeeper.i18n.shipped, called by
hatch_build.py) as ordinary modules, and a start imports them (scorekeeper.i18n.catalogs): the
modules hold what the sources give; one made from other files than those there are now, or
missing, is not used and the files are read instead (the slow path), so a text is never stale;
a catalog with a bad template fails the build, naming the file and key."""

from __future__ import annotations

import importlib.util
import itertools
import os
import runpy
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from string import Formatter

import pytest

from scorekeeper.i18n import LANGUAGES, catalogs
from scorekeeper.i18n.catalogs import CatalogError, catalog_files, load_catalog, shipped_catalog
from scorekeeper.i18n.shipped import module_texts

REPO = Path(__file__).resolve().parents[1]
I18N = REPO / "scorekeeper" / "i18n"
SHIPPED = REPO / "scorekeeper" / "_shipped"
_names = itertools.count()
_spec = importlib.util.spec_from_file_location("hatch_build_under_test", REPO / "hatch_build.py")
hatch_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hatch_build)


def write_shipped(out: str, folder: str = str(I18N)) -> None:
    """Write the catalogs' modules of the catalogs in ``folder`` into ``out`` as the build does
    (with a package's ``__init__.py``)."""
    hatch_build.write_modules(out, {"__init__.py": "", **module_texts(folder)})


def _texts(catalog) -> dict:
    """Every key of a catalog as plain data: its text, or a plural entry's texts by category."""
    return {key: entry.form() for key, entry in catalog.entries.items()}


def _read(folder: Path, lang: str):
    """The catalog of ``lang`` in ``folder`` read from its files (the slow path)."""
    names = catalog_files(lang, str(folder))
    return load_catalog(folder / names[0], lang, [folder / name for name in names[1:]])


def _modules(folder: Path, lang: str) -> dict[str, dict]:
    """What each generated module of a language's catalog in ``folder`` holds (its globals, by file name)."""
    paths = [folder / f"catalog_{lang}.py", *sorted(folder.glob(f"catalog_{lang}_*.py"))]
    return {path.name: runpy.run_path(str(path)) for path in paths}


@pytest.fixture
def sources(tmp_path) -> Path:
    """A copy of the package's catalog files, to change."""
    folder = tmp_path / "i18n"
    folder.mkdir()
    for lang in LANGUAGES:
        shutil.copy(I18N / f"{lang}.toml", folder)
        shutil.copytree(I18N / lang, folder / lang)
    return folder


@pytest.fixture
def generated(tmp_path, monkeypatch):
    """``generated(folder)``: the modules of the catalogs in ``folder`` written into a package of
    a new name on sys.path, which scorekeeper.i18n.catalogs then imports as its generated modules."""
    def make(folder: Path) -> Path:
        name = f"shipped_test_{next(_names)}"
        out = tmp_path / "path" / name
        out.mkdir(parents=True)
        write_shipped(str(out), str(folder))
        monkeypatch.syspath_prepend(str(tmp_path / "path"))
        monkeypatch.setattr(catalogs, "_SHIPPED", name)
        return out
    return make


def _no_toml_read(monkeypatch) -> None:
    def refuse(*args):
        raise AssertionError("a catalog file parsed")

    monkeypatch.setattr(catalogs, "_parse", refuse)


# --- the artefacts are what the sources give ---------------------------------------------------

@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_generated_module_holds_what_the_sources_give(tmp_path, lang):
    write_shipped(str(tmp_path))
    held = _modules(tmp_path, lang)[f"catalog_{lang}.py"]
    names = catalog_files(lang)
    assert len(names) == 8 and held["SOURCES"] == {name: (I18N / name).read_bytes() for name in names}
    assert held["FORMAT"] == catalogs.FORMAT
    assert held["ENTRIES"] == _texts(_read(I18N, lang)) and len(held["ENTRIES"]) > 1000


def test_the_checkout_s_generated_modules_are_those_its_sources_give(tmp_path):
    """scorekeeper/_shipped/ as the build (or the test run's start, see conftest.py) wrote it."""
    write_shipped(str(tmp_path))
    made = {path.relative_to(tmp_path): path.read_bytes() for path in tmp_path.rglob("catalog_*.py")}
    assert made == {path.relative_to(SHIPPED): path.read_bytes() for path in SHIPPED.glob("catalog_*.py")}


def test_a_build_writes_only_what_changed_and_deletes_an_older_build_s_modules(sources, tmp_path):
    """An unchanged module is not written again (its bytecode stays valid); a changed catalog's
    module is written anew, and a module an older build wrote that this one does not (the
    modules per group of keys of an older format) is deleted."""
    write_shipped(str(tmp_path), str(sources))
    head = tmp_path / "catalog_en.py"
    os.utime(head, ns=(1, 1))
    write_shipped(str(tmp_path), str(sources))
    assert head.stat().st_mtime_ns == 1
    (tmp_path / "catalog_en_cli.py").write_text("ENTRIES = {}\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("kept\n", encoding="utf-8")
    with open(sources / "en" / "core.toml", "a", encoding="utf-8") as f:
        f.write('\n[zz_group]\nnew = "New"\n')
    write_shipped(str(tmp_path), str(sources))
    modules = _modules(tmp_path, "en")
    assert list(modules) == ["catalog_en.py"] and modules["catalog_en.py"]["ENTRIES"]["zz_group.new"] == "New"
    assert head.stat().st_mtime_ns != 1
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "__init__.py", "catalog_en.py", "catalog_fi.py", "catalog_pl.py", "i18n", "notes.txt"]  # no temporary file


# --- a start uses them, and never for other files ------------------------------------------------

def test_a_text_is_read_from_the_module_without_parsing_a_file(sources, generated, monkeypatch):
    generated(sources)
    _no_toml_read(monkeypatch)
    found = shipped_catalog("en", str(sources))
    name = catalogs._SHIPPED
    assert found.get("cli.seat_name").text.format("cli.seat_name", {"number": 3}, str) == "Player 3"
    assert found.get("cli.no_such_key") is None and found.get("nosuch.key") is None and "game.deal" in found
    loaded = sorted(m.removeprefix(f"{name}.") for m in sys.modules if m.startswith(f"{name}.catalog_"))
    assert loaded == ["catalog_en"] and found.from_module
    assert found.get("game.count.tricks").forms["other"].format("k", {"count": 2}, str) == "2 tricks"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_key_asked_alone_gives_the_text_its_toml_gives(sources, generated, monkeypatch, lang):
    """Each key asked for on its own from the modules gives the text tomllib reads from the files,
    and a template whose placeholders are those of Python's own format parser (which never
    formats a catalog's text)."""
    expected = {}

    def walk(table, prefix):
        for name, value in table.items():
            dotted = f"{prefix}.{name}" if prefix else name
            if isinstance(value, str) or "other" in value and set(value) <= {"zero", "one", "two", "few", "many",
                                                                             "other"}:
                expected[dotted] = value
            else:
                walk(value, dotted)

    for name in catalog_files(lang, str(sources)):
        walk(tomllib.loads((sources / name).read_text(encoding="utf-8")), "")
    generated(sources)
    _no_toml_read(monkeypatch)
    texts = {}
    for key in expected:
        entry = shipped_catalog(lang, str(sources)).get(key)
        for template in entry.templates():
            names = {field for _, field, _, _ in Formatter().parse(template.text) if field is not None}
            assert template.names == names, (key, template.text)
            params = {name: f"<{name}>" for name in names}
            assert template.format(key, params, str) == template.text.format(**params), (key, template.text)
        texts[key] = entry.form()
    assert texts == expected and len(expected) > 1000


def _set_text(path: Path, old: str, new: str) -> None:
    """Change a text in a catalog file, its size and time of change kept when ``new`` is as long."""
    stat = path.stat()
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


@pytest.mark.parametrize("change", ["main file", "part file", "file added", "file removed"])
def test_a_catalog_changed_after_the_build_gives_its_new_texts(sources, generated, change):
    generated(sources)
    before = _texts(shipped_catalog("en", str(sources)))
    if change == "main file":
        _set_text(sources / "en.toml", 'deal = "Deal"', 'deal = "Jako"')
        want = {**before, "game.deal": "Jako"}
    elif change == "part file":
        _set_text(sources / "en" / "cli.toml", 'seat_name = "Player {number}"', 'seat_name = "Seat #{number}"')
        want = {**before, "cli.seat_name": "Seat #{number}"}
    elif change == "file added":
        (sources / "en" / "zz.toml").write_text('[zz]\nadded = "Added"\n', encoding="utf-8")
        want = {**before, "zz.added": "Added"}
    else:
        removed = _texts(load_catalog(sources / "en" / "table.toml", "en"))
        (sources / "en" / "table.toml").unlink()
        want = {key: text for key, text in before.items() if key not in removed}
    found = shipped_catalog("en", str(sources))
    assert not found.from_module  # the slow path
    assert _texts(found) == want != before


@pytest.mark.parametrize("damage", ["no module", "another format", "no SOURCES", "no ENTRIES", "SOURCES not a dict",
                                    "no generated package at all"])
def test_modules_missing_or_not_of_one_build_give_the_same_texts_by_the_slow_path(sources, generated, damage):
    out = generated(sources)
    head = out / "catalog_en.py"
    if damage == "no module":
        head.unlink()
    elif damage == "no SOURCES":
        head.write_text(head.read_text(encoding="utf-8").replace("SOURCES = {", "OTHER = {"), encoding="utf-8")
    elif damage == "no ENTRIES":
        head.write_text(head.read_text(encoding="utf-8").replace("ENTRIES = {", "OTHER = {"), encoding="utf-8")
    elif damage == "SOURCES not a dict":
        head.write_text(head.read_text(encoding="utf-8") + "SOURCES = 5\n", encoding="utf-8")
    elif damage == "another format":
        text = head.read_text(encoding="utf-8")
        head.write_text(text.replace(f"FORMAT = {catalogs.FORMAT}\n", "FORMAT = 0\n"), encoding="utf-8")
    else:
        shutil.rmtree(out)
    found = shipped_catalog("en", str(sources))
    assert found.get("cli.seat_name").text.text == "Player {number}"
    assert not found.from_module
    assert _texts(found) == _texts(_read(sources, "en"))


# --- a bad catalog fails the build -----------------------------------------------------------------

@pytest.mark.parametrize(("text", "problem"), [
    ('seat_name = "Player {number"', "a '{' is not closed with '}' (write '{{' for a brace)"),
    ('seat_name = "Player {x.__class__}"', "'{x.__class__}' is not a placeholder: write {name} with a plain name "
                                           "(letters, digits and _), no attributes, indexes or formats"),
])
def test_a_catalog_with_a_bad_template_is_refused_by_the_generator(sources, tmp_path, text, problem):
    path = sources / "fi" / "cli.toml"
    _set_text(path, 'seat_name = "Pelaaja {number}"', text)
    with pytest.raises(CatalogError) as info:
        write_shipped(str(tmp_path / "out"), str(sources))
    assert str(info.value) == f"{path}: cli.seat_name: {problem}"


def test_the_build_fails_naming_the_file_and_key_of_a_bad_template(tmp_path):
    """`python hatch_build.py` in a checkout whose Polish catalog has a template that is not one."""
    checkout = tmp_path / "checkout"
    shutil.copytree(REPO / "scorekeeper", checkout / "scorekeeper",
                    ignore=shutil.ignore_patterns("__pycache__", "_shipped"))
    shutil.copy(REPO / "hatch_build.py", checkout)
    path = checkout / "scorekeeper" / "i18n" / "pl" / "cli.toml"
    _set_text(path, 'seat_name = "Gracz {number}"', 'seat_name = "Gracz {0}"')
    result = subprocess.run([sys.executable, "hatch_build.py"], cwd=checkout, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"scorekeeper.i18n.catalogs.CatalogError: {path}: cli.seat_name: '{{0}}' is not a placeholder: write {{name}} "
        "with a plain name (letters, digits and _), no attributes, indexes or formats")
    assert not (checkout / "scorekeeper" / "_shipped").exists()  # (nothing written: fi's module neither)


# --- in a checkout, as a command starts ------------------------------------------------------------

_SHOW = ("import sys\nimport scorekeeper.i18n as i18n\nprint(i18n.t('cli.seat_name', number=1))\n"
         "print(sorted(m for m in sys.modules if m.startswith('scorekeeper._shipped.') or m == 'tomllib'))\n")


def _show(checkout: Path, pyc: Path) -> tuple[str, list[str]]:
    """check-bid's first text in a fresh interpreter started in ``checkout`` (bytecode cached in
    ``pyc``, an empty cache folder), and the generated modules (and tomllib) it loaded."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(checkout), PYTHONPYCACHEPREFIX=str(pyc), SCOREKEEPER_CACHE=str(pyc / "cache"),
               SCOREKEEPER_LANG="en")
    result = subprocess.run([sys.executable, "-c", _SHOW], cwd=checkout, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    text, modules = result.stdout.splitlines()
    return text, eval(modules)  # a list of names, printed by the child above


def test_a_checkout_shows_its_edited_text_before_the_build_runs_again(tmp_path):
    """The first start reads the generated modules (no TOML parsed, no cache of ours); after an edit
    that keeps the file's size and time of change, with the modules' bytecode cached, the new text
    is shown (from the files), and after the build runs again from the modules once more."""
    checkout = tmp_path / "checkout"
    shutil.copytree(REPO / "scorekeeper", checkout / "scorekeeper", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "hatch_build.py", checkout)
    for data in ("rulesets", "examples"):  # what the rulesets' generator reads
        shutil.copytree(REPO / data, checkout / data)
    pyc = tmp_path / "pyc"
    from_modules = ["scorekeeper._shipped.catalog_en"]
    assert _show(checkout, pyc) == ("Player 1", from_modules)
    _set_text(checkout / "scorekeeper" / "i18n" / "en" / "cli.toml", 'seat_name = "Player {number}"',
              'seat_name = "Joueur {number}"')
    assert _show(checkout, pyc) == ("Joueur 1", ["scorekeeper._shipped.catalog_en", "tomllib"])
    subprocess.run([sys.executable, "hatch_build.py"], cwd=checkout, check=True, capture_output=True, timeout=120)
    assert _show(checkout, pyc) == ("Joueur 1", from_modules)
    shutil.rmtree(checkout / "scorekeeper" / "_shipped")
    assert _show(checkout, pyc) == ("Joueur 1", ["tomllib"])
