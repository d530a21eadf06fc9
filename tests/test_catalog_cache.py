"""A catalog file, once parsed and checked, is read from its checked form in the cache folder
(scorekeeper.i18n.catalogs): the same entries, no TOML parsed and no template checked; a changed
file is checked again, and a damaged, foreign or unwritable cache changes nothing but the speed."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import tomlcache
from scorekeeper.i18n import catalogs
from scorekeeper.i18n.catalogs import CatalogError, load_catalog

PACKAGE = Path(catalogs.__file__).parent
FILES = sorted([*PACKAGE.glob("*.toml"), *PACKAGE.glob("*/*.toml")])


def _entries(folder: Path) -> list[Path]:
    return sorted((folder / "catalogs").glob("*"))


def _shape(catalog) -> dict:
    """Every entry of a catalog as its templates' texts, pieces and names."""
    def template(t):
        return (t.text, t.pieces, t.names)

    return {key: (template(e.text) if e.forms is None else {c: template(t) for c, t in e.forms.items()})
            for key, e in catalog.entries.items()}


def _nothing_parsed(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("parsed or checked again")

    monkeypatch.setattr(tomlcache, "loads", refuse)
    monkeypatch.setattr(catalogs, "_flatten", refuse)


@pytest.mark.parametrize("file", FILES, ids=lambda f: f"{f.parent.name}/{f.name}")
def test_the_checked_form_gives_the_entries_parsing_gives(cache, monkeypatch, file):
    parsed = _shape(load_catalog(file, "xx"))
    assert len(_entries(cache)) == 1 and len(parsed) > 10
    _nothing_parsed(monkeypatch)
    assert _shape(load_catalog(file, "xx")) == parsed


def test_a_template_with_placeholders_and_braces_keeps_its_pieces(cache, tmp_path, monkeypatch):
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "{{literal}} {name}!"\n[a.c]\none = "{count} trick"\nother = "{count} tricks"\n',
                    encoding="utf-8")
    load_catalog(path, "xx")
    (entry,) = _entries(cache)
    assert tomlcache.read_entry(entry)[1] == {
        "a.b": ["{{literal}} {name}!", ["{literal} ", ["name"], "!"]],
        "a.c": {"one": ["{count} trick", [["count"], " trick"]], "other": ["{count} tricks", [["count"], " tricks"]]},
    }
    _nothing_parsed(monkeypatch)
    found = load_catalog(path, "xx")
    assert found.get("a.b").text.format("a.b", {"name": "Ann"}, str) == "{literal} Ann!"
    assert found.get("a.c").forms["other"].format("a.c", {"count": 3}, str) == "3 tricks"
    assert found.get("a.b").text.names == frozenset({"name"})


def test_a_changed_file_is_checked_again(cache, tmp_path):
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "fine"\n', encoding="utf-8")
    assert load_catalog(path, "xx").get("a.b").text.text == "fine"
    path.write_text('[a]\nb = "open {brace"\n', encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog(path, "xx")
    assert str(info.value) == f"{path}: a.b: a '{{' is not closed with '}}' (write '{{{{' for a brace)"


@pytest.mark.parametrize("data", [
    None, [1], {"a.b": 3}, {"a.b": "has {braces}"}, {"a.b": ["text"]}, {"a.b": ["t", [["x.__class__"]]]},
    {"a.b": ["t", [["x", "y"]]]}, {"a.b": ["t", [3]]}, {"a.c": {"one": "x"}}, {"a.c": {"other": "x", "lots": "y"}},
], ids=["null", "a-list", "a-number", "braces-in-plain-text", "no-pieces", "attribute-as-name", "two-names",
        "number-piece", "plural-without-other", "unknown-category"])
def test_a_damaged_or_foreign_form_is_parsed_again_and_replaced(cache, tmp_path, data):
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "Hi {name}"\n', encoding="utf-8")
    load_catalog(path, "xx")
    (entry,) = _entries(cache)
    key = entry.stem
    tomlcache.write_entry(entry, key, data)
    assert load_catalog(path, "xx").get("a.b").text.format("a.b", {"name": "Ann"}, str) == "Hi Ann"
    assert tomlcache.read_entry(entry) == (key, {"a.b": ["Hi {name}", ["Hi ", ["name"]]]})


def test_a_form_kept_under_another_key_is_not_taken(cache, tmp_path):
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "mine"\n', encoding="utf-8")
    load_catalog(path, "xx")
    (entry,) = _entries(cache)
    tomlcache.write_entry(entry, "0" * 64, {"a.b": "another file's"})
    assert load_catalog(path, "xx").get("a.b").text.text == "mine"


def test_a_cache_folder_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder would be", encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CACHE", str(blocker))
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "Hi {name}"\n', encoding="utf-8")
    for _ in range(2):
        assert load_catalog(path, "xx").get("a.b").text.format("a.b", {"name": "Ann"}, str) == "Hi Ann"
    assert blocker.read_text(encoding="utf-8") == "a file where the folder would be"
