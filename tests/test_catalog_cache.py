"""A catalog file, once parsed and checked, is read from its checked form in the cache folder
(scorekeeper.i18n.catalogs): the same entries, no TOML parsed and no template checked; a changed
file is checked again, and a damaged, foreign or unwritable cache changes nothing but the speed."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from string import Formatter

import pytest

from scorekeeper import tomlcache
from scorekeeper.i18n import catalogs
from scorekeeper.i18n.catalogs import CatalogError, Template, load_catalog

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


def test_the_cache_keeps_texts_and_a_template_is_made_from_its_text_when_asked_for(cache, tmp_path, monkeypatch):
    """What is kept is each template's text (a plural entry's texts by category), not its pieces: a
    start reads plain texts, and parses only those it shows, as the check parsed them."""
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "{{literal}} {name}!"\n[a.c]\none = "{count} trick"\nother = "{count} tricks"\n',
                    encoding="utf-8")
    load_catalog(path, "xx")
    (entry,) = _entries(cache)
    assert tomlcache.read_entry(entry)[1] == {
        "a.b": "{{literal}} {name}!", "a.c": {"one": "{count} trick", "other": "{count} tricks"}}
    _nothing_parsed(monkeypatch)
    made = []
    monkeypatch.setattr(catalogs, "Template", lambda text, *rest: made.append(text) or Template(text, *rest))
    found = load_catalog(path, "xx")
    assert made == []
    entry = found.get("a.b")
    assert made == ["{{literal}} {name}!"]
    assert entry.text.pieces == ("{literal} ", ("name",), "!") and entry.text.names == frozenset({"name"})
    assert entry.text.format("a.b", {"name": "Ann"}, str) == "{literal} Ann!"
    assert found.get("a.c").forms["other"].format("a.c", {"count": 3}, str) == "3 tricks"
    assert made == ["{{literal}} {name}!", "{count} trick", "{count} tricks"]


def test_a_changed_file_is_checked_again(cache, tmp_path):
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "fine"\n', encoding="utf-8")
    assert load_catalog(path, "xx").get("a.b").text.text == "fine"
    path.write_text('[a]\nb = "open {brace"\n', encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog(path, "xx")
    assert str(info.value) == f"{path}: a.b: a '{{' is not closed with '}}' (write '{{{{' for a brace)"


@pytest.mark.parametrize("data", [
    None, [1], {"a.b": 3}, {"a.b": ["Hi {name}", ["Hi ", ["name"]]]}, {"a.b": "Hi {x.__class__}"},
    {"a.b": "Hi {name"}, {"a.b": "Hi }name"}, {3: "x", "a.b": "Hi {name}"}, {"a.b": "Hi {name}", "a.c": {"one": "x"}},
    {"a.b": {"other": "x", "lots": "y"}}, {"a.b": {"other": 3}},
], ids=["null", "a-list", "a-number", "format-1-pieces", "attribute-as-name", "brace-not-closed", "brace-not-opened",
        "a-number-key", "plural-without-other", "unknown-category", "number-in-a-plural"])
def test_a_damaged_or_foreign_form_is_parsed_again_and_replaced(cache, tmp_path, data):
    """A form a check would refuse, whether its shape (when the file is read) or its text or
    category (when its key is asked for), has its file parsed again and kept anew."""
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "Hi {name}"\n', encoding="utf-8")
    load_catalog(path, "xx")
    (entry,) = _entries(cache)
    key = entry.stem
    tomlcache.write_entry(entry, key, data)
    found = load_catalog(path, "xx")
    assert found.get("a.b").text.format("a.b", {"name": "Ann"}, str) == "Hi Ann"
    assert tomlcache.read_entry(entry) == (key, {"a.b": "Hi {name}"})
    assert list(found.entries) == ["a.b"]


def test_a_refused_form_met_by_entries_is_parsed_again(cache, tmp_path):
    """``entries`` makes every key's entry: one refused then has its file parsed again, and a key the
    file does not give is gone."""
    path = tmp_path / "xx.toml"
    path.write_text('[a]\nb = "Hi {name}"\n', encoding="utf-8")
    load_catalog(path, "xx")
    (entry,) = _entries(cache)
    tomlcache.write_entry(entry, entry.stem, {"a.b": "Hi {name}", "a.z": "{z[0]}"})
    assert {key: e.text.text for key, e in load_catalog(path, "xx").entries.items()} == {"a.b": "Hi {name}"}
    assert tomlcache.read_entry(entry)[1] == {"a.b": "Hi {name}"}


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


# --- the parts of a catalog, and the index of the names each gives ----------------------------

def _catalog(folder: Path, files: dict[str, str]):
    """A catalog of ``files`` (name -> text): "en.toml" the main file, the others its parts."""
    (folder / "en").mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder / "en.toml", sorted((folder / "en").glob("*.toml"))


def _reads(monkeypatch) -> list[str]:
    """The names of the catalog files read from now on, in order."""
    read = []
    real = catalogs._read_bytes

    def reading(file):
        read.append(Path(file).name)
        return real(file)

    monkeypatch.setattr(catalogs, "_read_bytes", reading)
    return read


def _no_names_read(monkeypatch) -> None:
    def refuse(text):
        raise AssertionError("a file's names read from its text")

    monkeypatch.setattr(catalogs, "key_names", refuse)


PARTS = {
    "en.toml": '[game]\ndeal = "Deal"\n',
    "en/cli.toml": '[cli]\nseat_name = "Player {number}"\n[cli.help]\nrules = "list rulesets"\n',
    "en/table.toml": '[cli.rules_more]\nheading = "More"\n[tui.board]\ntitle = "Board"\n',
    "en/tui.toml": '[tui.home]\ntitle = "Start"\n',
}


def test_a_start_reads_only_the_files_a_key_needs_and_no_file_to_choose_them(cache, tmp_path, monkeypatch):
    """Once the index is kept, a catalog is found with no part file read, and a key reads the files
    whose names include its first part alone or its first two: "cli.seat_name" cli.toml, not
    table.toml (which gives only cli.rules_more keys) nor tui.toml."""
    main, parts = _catalog(tmp_path, PARTS)
    load_catalog(main, "en", parts).entries  # the index and every file's texts kept
    read = _reads(monkeypatch)
    _no_names_read(monkeypatch)
    _nothing_parsed(monkeypatch)  # (the main file was parsed and kept by the first load)
    found = load_catalog(main, "en", parts)
    assert read == ["en.toml"]
    del read[:]
    assert found.get("cli.seat_name").text.format("cli.seat_name", {"number": 1}, str) == "Player 1"
    assert read == ["cli.toml"]


def test_the_bid_check_s_text_reads_two_of_the_eight_english_files(cache, monkeypatch):
    """check-bid's first text (a made-up seat name) from the shipped catalog: the main file and
    cli.toml read, no other part file, no TOML parsed and no file's names read."""
    main, parts = PACKAGE / "en.toml", sorted((PACKAGE / "en").glob("*.toml"))
    assert len(parts) == 7
    load_catalog(main, "en", parts).entries
    read = _reads(monkeypatch)
    _nothing_parsed(monkeypatch)
    _no_names_read(monkeypatch)
    entry = load_catalog(main, "en", parts).get("cli.seat_name")
    assert entry.text.format("cli.seat_name", {"number": 1}, str) == "Player 1"
    assert read == ["en.toml", "cli.toml"]


@pytest.mark.parametrize(("key", "files", "text"), [
    ("cli.rules_more.heading", ["cli.toml", "table.toml"], "More"), ("tui.board.title", ["table.toml"], "Board"),
    ("tui.home.title", ["tui.toml"], "Start"), ("game.deal", [], "Deal"),
])
def test_each_key_reads_the_files_of_its_names(cache, tmp_path, monkeypatch, key, files, text):
    main, parts = _catalog(tmp_path, PARTS)
    found = load_catalog(main, "en", parts)
    read = _reads(monkeypatch)
    assert found.get(key).text.text == text
    assert read == files


def test_a_key_no_file_is_named_for_is_looked_for_in_every_file_once(cache, tmp_path, monkeypatch):
    main, parts = _catalog(tmp_path, PARTS)
    found = load_catalog(main, "en", parts)
    read = _reads(monkeypatch)
    assert found.get("store.nothing") is None
    assert read == ["cli.toml", "table.toml", "tui.toml"]
    assert found.get("store.other") is None and found.get("cli.nothing") is None
    assert len(read) == 3
    assert sorted(found.entries) == ["cli.help.rules", "cli.rules_more.heading", "cli.seat_name", "game.deal",
                                     "tui.board.title", "tui.home.title"]


def test_a_part_changed_with_its_size_and_time_kept_is_still_read_anew(cache, tmp_path, monkeypatch):
    """The index is kept under the files' sizes and times, so an edit that keeps both is not seen
    by it; the texts are kept under the files' contents, so the edited text is what is shown, and a
    key moved to a file the index does not name for it is found in the files not read yet."""
    main, parts = _catalog(tmp_path, PARTS)
    assert load_catalog(main, "en", parts).get("tui.home.title").text.text == "Start"
    tui = tmp_path / "en" / "tui.toml"
    table = tmp_path / "en" / "table.toml"
    times = {file: file.stat().st_mtime_ns for file in (tui, table)}
    tui.write_text('[tui.home]\ntitle = "Begin"\n', encoding="utf-8")  # same size
    table.write_text('[cli.rules_more]\nheading = "More"\n[tui.lobby]\ntitle = "Board"\n', encoding="utf-8")
    for file, ns in times.items():
        os.utime(file, ns=(ns, ns))
    _no_names_read(monkeypatch)  # the index kept is used, out of date as it is
    found = load_catalog(main, "en", parts)
    assert found.get("tui.home.title").text.text == "Begin"
    assert found.get("tui.lobby.title").text.text == "Board"
    assert found.get("tui.board.title") is None


def test_a_part_changed_is_indexed_again(cache, tmp_path, monkeypatch):
    main, parts = _catalog(tmp_path, PARTS)
    load_catalog(main, "en", parts)
    (tmp_path / "en" / "tui.toml").write_text('[tui.home]\ntitle = "Start"\n[store]\nsaved = "Saved"\n',
                                              encoding="utf-8")
    found = load_catalog(main, "en", parts)
    read = _reads(monkeypatch)
    assert found.get("store.saved").text.text == "Saved"
    assert read == ["tui.toml"]


def _index_entry(cache: Path) -> Path:
    """The kept index: the entry whose values are numbers (those of the files' forms are texts)."""
    (found,) = [entry for entry in _entries(cache)
                if {type(v) for v in tomlcache.read_entry(entry)[1].values()} == {int}]
    return found


@pytest.mark.parametrize(("data", "kept"), [
    (None, False), ([1], False), ({"cli": "0"}, False), ({3: 1}, False), ({"cli": 1.5}, False),
    ({"cli": 0, "cli.rules_more": 0}, True), ({"cli": -1, "tui": 1 << 70}, True),
], ids=["null", "a-list", "a-text", "a-number-key", "a-float", "no-file", "every-file-and-none"])
def test_a_damaged_or_foreign_index_gives_the_same_texts(cache, tmp_path, data, kept):
    """An index not of its shape is read again from the files and kept anew; one of its shape that
    names no file, or the wrong ones, for a key costs files read, never a text."""
    main, parts = _catalog(tmp_path, PARTS)
    load_catalog(main, "en", parts)
    entry = _index_entry(cache)
    key, index = tomlcache.read_entry(entry)
    assert index == {"cli": 0b001, "cli.rules_more": 0b010, "tui.board": 0b010, "tui.home": 0b100}
    tomlcache.write_entry(entry, key, data)
    found = load_catalog(main, "en", parts)
    texts = {key: found.get(key).text.text for key in ("cli.seat_name", "cli.rules_more.heading", "tui.board.title",
                                                       "tui.home.title", "game.deal")}
    assert texts == {"cli.seat_name": "Player {number}", "cli.rules_more.heading": "More",
                     "tui.board.title": "Board", "tui.home.title": "Start", "game.deal": "Deal"}
    assert tomlcache.read_entry(entry) == (key, data if kept else index)


def test_cache_files_cut_short_are_made_anew_with_the_same_texts(cache, tmp_path):
    """A kept index or file's texts cut short (a full disk, a crash) fails its hash: read again from
    the files, and kept whole."""
    main, parts = _catalog(tmp_path, PARTS)
    want = {key: entry.text.text for key, entry in load_catalog(main, "en", parts).entries.items()}
    kept = {entry: entry.read_bytes() for entry in _entries(cache)}
    assert len(kept) == 5  # the index, and the texts of the four files
    for entry, blob in kept.items():
        entry.write_bytes(blob[:len(blob) // 2])
    assert {key: entry.text.text for key, entry in load_catalog(main, "en", parts).entries.items()} == want
    assert {entry: entry.read_bytes() for entry in _entries(cache)} == kept


def test_a_key_two_files_give_is_refused_when_both_are_read(cache, tmp_path):
    tui = '[tui.home]\ntitle = "Start"\n[tui.board]\ntitle = "B"\n'
    main, parts = _catalog(tmp_path, {**PARTS, "en/tui.toml": tui})
    with pytest.raises(CatalogError) as info:
        load_catalog(main, "en", parts).get("tui.board.title")
    assert str(info.value) == (f"{tmp_path / 'en' / 'tui.toml'}: tui.board.title: is given in another file of the en "
                               "catalog too")


def test_a_catalog_file_that_is_not_utf8_is_refused_without_a_traceback(cache, tmp_path):
    path = tmp_path / "xx.toml"
    path.write_bytes(b'[a]\nb = "\xff"\n')
    with pytest.raises(CatalogError) as info:
        load_catalog(path, "xx")
    assert str(info.value) == f"{path}: not valid TOML: 'utf-8' codec can't decode byte 0xff in position 9: " \
                              "invalid start byte"


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_a_catalog_file_with_other_line_ends_reads_as_with_newlines(cache, tmp_path, end):
    """A file is read as bytes (hashed as they are), its text with line ends made newlines as
    reading it as text did."""
    path = tmp_path / "xx.toml"
    path.write_bytes(f'[a]{end}b = """x{end}y"""{end}'.encode())
    assert load_catalog(path, "xx").get("a.b").text.text == "x\ny"


def _toml_texts(lang: str) -> dict:
    """Every key of a language's catalog files as tomllib reads them: its text, or a plural
    entry's texts by category."""
    found = {}

    def walk(table, prefix):
        for name, value in table.items():
            dotted = f"{prefix}.{name}" if prefix else name
            if isinstance(value, str):
                found[dotted] = value
            elif "other" in value and set(value) <= {"zero", "one", "two", "few", "many", "other"}:
                found[dotted] = value
            else:
                walk(value, dotted)

    for file in [PACKAGE / f"{lang}.toml", *sorted((PACKAGE / lang).glob("*.toml"))]:
        walk(tomllib.loads(file.read_text(encoding="utf-8")), "")
    return found


@pytest.mark.parametrize("lang", ["en", "fi", "pl"])
def test_every_key_of_every_language_gives_the_text_its_toml_gives(cache, monkeypatch, lang):
    """Each key asked for on its own from the kept texts (the files it needs chosen by the kept
    index) gives the text tomllib reads from the files, and a template whose pieces and names are
    those of Python's own format parser (which never formats a catalog's text)."""
    expected = _toml_texts(lang)
    main, parts = PACKAGE / f"{lang}.toml", sorted((PACKAGE / lang).glob("*.toml"))
    assert len(load_catalog(main, lang, parts).entries) == len(expected) > 900
    _nothing_parsed(monkeypatch)
    _no_names_read(monkeypatch)
    found = load_catalog(main, lang, parts)
    texts = {}
    for key in sorted(expected):
        entry = found.get(key)
        templates = {"": entry.text} if entry.forms is None else entry.forms
        for template in templates.values():
            names = {field for _, field, _, _ in Formatter().parse(template.text) if field is not None}
            assert template.names == names, (key, template.text)
            params = {name: f"<{name}>" for name in names}
            assert template.format(key, params, str) == template.text.format(**params), (key, template.text)
        texts[key] = entry.text.text if entry.forms is None else {c: t.text for c, t in entry.forms.items()}
    assert texts == expected
