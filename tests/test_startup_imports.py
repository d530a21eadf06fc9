"""Each headless command imports what it uses, and nothing that only costs it start-up time.

A fresh interpreter imports the command line as the installed ``scorekeeper`` script does,
runs one command, and lists what it loaded of the modules below. bench/bench_cli.py
measures what that is worth; here only which modules are loaded is checked (no time)."""

from __future__ import annotations

import ast
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main

REPO = Path(__file__).resolve().parents[1]

# Loaded by no headless command: the standard library's value classes and what they import,
# typing, the platform folders' module and what its Unix part imports, OpenSSL's hashes,
# the "did you mean" matcher (only when something is unknown), locale (argparse's headings
# through gettext), copy (a ruleset that extends another), the terminal app, and the TOML
# parser and writer (a built-in ruleset is made by its shipped module, the catalogs are modules
# generated at build time, scorekeeper.i18n.shipped; a score sheet's TOML is read by
# scorekeeper.rules.files.plain_toml), and contextvars (a language of its own for a block: the web server).
NEVER = ("dataclasses", "inspect", "typing", "platformdirs", "tempfile", "shutil", "hashlib", "_hashlib",
         "difflib", "locale", "copy", "textual", "tomli_w", "tomllib", "contextvars")
# What the commands that ask nothing of a store or a sheet leave alone.
NO_STORE = ("sqlite3", "scorekeeper.store", "scorekeeper.reports", "scorekeeper.game.sheet", "scorekeeper.cli.games",
            "scorekeeper.cli.history", "scorekeeper.cli.board", "scorekeeper.web", "csv", "decimal")

# The child reports with repr, read back with ast.literal_eval here: it imports nothing to report
# (json would load re and enum, which some commands are checked not to load).
_SCRIPT = """
import io, sys
from scorekeeper.cli import main
watched = sys.argv[1].split(",")
sys.stdout, real = io.StringIO(), sys.stdout
code = main(sys.argv[2:])
printed, sys.stdout = sys.stdout.getvalue(), real
print(repr((code, sorted(m for m in watched if m in sys.modules), printed)))
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("startup") / "examples.db"
    for sheet in ("examples/wizard.toml", "examples/lupaus.toml"):
        assert main(["import", str(REPO / sheet), "--db", str(path)]) == 0
    return str(path)


def loaded(args: list[str], watched: tuple[str, ...], home: Path) -> tuple[int, list[str]]:
    """Run one command in a fresh interpreter: its exit status and which of ``watched`` it loaded.

    No settings file is named, so the command looks for one in the user's config folder
    (an empty home here), as a player's does. The command runs twice and the second run
    counts: the first fills the caches (the catalogs', a user ruleset file's artefact), as a
    player's first run does."""
    run_once(args, watched, home)
    return run_once(args, watched, home)[:2]


def run_once(args: list[str], watched: tuple[str, ...], home: Path) -> tuple[int, list[str], str]:
    """Run one command once in a fresh interpreter (as :func:`loaded` says): its exit status,
    which of ``watched`` it loaded, and what it printed."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("SCOREKEEPER_CONFIG", "SCOREKEEPER_LANG", "XDG_CONFIG_HOME", "PYTHONPROFILEIMPORTTIME")}
    env.update(HOME=str(home), PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "-c", _SCRIPT, ",".join(watched), *args], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    code, found, printed = ast.literal_eval(result.stdout)
    return code, [m for m in found if m not in bare_modules(env)], printed


_BARE: list[frozenset[str]] = []


def bare_modules(env: dict[str, str]) -> frozenset[str]:
    """The modules a bare interpreter of this Python has loaded when it runs ``pass``: a command
    is not said to load what every start of this Python (its version, its site) loads anyway."""
    if not _BARE:
        result = subprocess.run([sys.executable, "-c", "import sys; print(repr(sorted(sys.modules)))"], cwd=REPO,
                                env=env, capture_output=True, text=True, timeout=60, check=True)
        _BARE.append(frozenset(ast.literal_eval(result.stdout)))
    return _BARE[0]


def test_the_modules_of_a_bare_start_are_not_counted(tmp_path):
    """What a bare start loads (sys, the codecs, os) is left out of what a command is said to load."""
    watched = ("sys", "os", "codecs", "scorekeeper.cli", "argparse")
    assert run_once(["rules", "list"], watched, tmp_path)[1] == ["scorekeeper.cli"]


@pytest.mark.parametrize("args", [
    ["rules", "list"],
    ["rules", "show", "wizard"],
    ["rules", "check", "rulesets/lupaus.toml"],
    ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"],
], ids=lambda args: " ".join(args[:2]))
def test_the_ruleset_commands_load_no_store_sheet_or_heavy_module(args, tmp_path):
    code, found = loaded(args, NEVER + NO_STORE, tmp_path)
    assert (code, found) == (0, [])


NO_BUILDER = ("ast", "_ast", "scorekeeper.rules.builder", "scorekeeper.rules.schema", "scorekeeper.rules.translations",
              "scorekeeper.rules.usercache")
LEAN_ENGINE = NO_BUILDER + ("importlib",)


@pytest.mark.parametrize(("args", "watched"), [
    (["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"],
     LEAN_ENGINE + ("scorekeeper.rules.cards", "scorekeeper.game.fastpath", "collections", "scorekeeper.rules.labels",
                    "scorekeeper.game.unset")),
    (["rules", "show", "wizard"], LEAN_ENGINE),
    (["replay", "examples/wizard.toml"], NO_BUILDER),
    (["export", "examples/lupaus.toml", "--format", "csv"], NO_BUILDER),
], ids=["check-bid", "rules show", "replay", "export"])
def test_a_built_in_ruleset_needs_no_parser(args, watched, tmp_path):
    """A built-in ruleset is made by its shipped module (scorekeeper.rules.shipped) with what the
    build found checking its formulas, and the code generated from them: neither the ast module
    nor even the syntax tree's classes (_ast) are loaded, where parsing the formulas and
    generating code would load them; nor the builder, the schema or the translations' checker;
    nor, for the commands that need nothing else, the types module, importlib (which imports
    types) or operator.py (the C module under it is used), which the engine and the command
    line need none of; a bid check, which records no deal and reads no card, loads neither the
    cards nor the recording plans, nor the collections package (a game asks collections.abc only
    of a table that is not a dict: importing it costs a start about 1.3 ms, bench/README.md, "check-bid's
    time"), nor the labels that name players nor the boxes left to set (each module imported costs
    a start ~0.3 M instructions before its code runs, bench/README.md, "within 2x as installed")."""
    code, found = loaded(args, watched, tmp_path)
    assert (code, found) == (0, [])


# The formula checker and code generator (scorekeeper.rules.formula imports it when a formula is
# first parsed, checked or its code generated).
COMPILER = ("scorekeeper.rules.formula_compiler",)


@pytest.mark.parametrize("args", [
    ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"],
    ["rules", "show", "wizard"],
    ["replay", "examples/wizard.toml"],
    ["export", "examples/lupaus.toml", "--format", "csv"],
], ids=["check-bid", "rules show", "replay", "export"])
def test_a_built_in_rulesets_formulas_run_without_the_compiler_from_the_first_run(args, cache, tmp_path, capsys):
    """In an empty cache folder, the first run already runs a built-in ruleset's formulas from the
    code its shipped module holds (scorekeeper.rules.shipped), with scorekeeper.rules.formula
    alone, and prints what the same command prints in this process."""
    code, found, printed = run_once(args, COMPILER, tmp_path)
    assert (code, found) == (0, [])
    capsys.readouterr()
    assert main(args) == 0
    assert capsys.readouterr().out == printed


_COMPILER_NAMES_SCRIPT = """
import sys
import scorekeeper.rules.formula as formula
from scorekeeper.messages import Message
before = "scorekeeper.rules.formula_compiler" in sys.modules
worded = formula.function_help("abs") == Message("formula.function_help", signature="abs(x)",
                                               meaning=Message("formula.functions.abs"))
compiler = sys.modules["scorekeeper.rules.formula_compiler"]
print(repr((before, worded, formula.FUNCTIONS is compiler.FUNCTIONS, formula.used_names is compiler.used_names,
            formula.GENERATED_NODES, len(formula.compile_formula("1 + 2", key="k", names={}).names),
            formula.GENERATED_NODES == compiler.GENERATED_NODES != (), hasattr(formula, "_build"))))
"""


def test_the_compiler_is_imported_when_a_name_of_it_is_asked_of_the_formula_module(tmp_path):
    """scorekeeper.rules.formula alone imports no compiler; the compiler's names other modules
    import from it (FUNCTIONS, GENERATED_NODES, function_help, used_names) are the compiler's own,
    GENERATED_NODES filled in once a formula is parsed, and a name neither has is not found."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPROFILEIMPORTTIME"}
    env.update(HOME=str(tmp_path), PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "-c", _COMPILER_NAMES_SCRIPT], cwd=REPO, env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert ast.literal_eval(result.stdout) == (False, True, True, True, (), 0, True, False)


def test_a_user_file_is_checked_and_compiled_and_then_made_by_its_artefact(cache, tmp_path):
    """Lupaus needs no compiler (its shipped module); a copy of it with one formula changed is
    checked anew, through the compiler: a formula with a problem gives the problem it always did,
    a new formula its answer, and the run after that gives the same answer with the ruleset made
    by the file's artefact (scorekeeper.rules.usercache): no builder, no schema, no TOML parser."""
    assert run_once(["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"], COMPILER,
                    tmp_path)[:2] == (0, [])
    source = (REPO / "rulesets" / "lupaus.toml").read_text(encoding="utf-8")
    assert source.count('rule = "sum(bid) != cards"') == 1
    bad, new = tmp_path / "bad.toml", tmp_path / "new.toml"
    bad.write_text(source.replace('rule = "sum(bid) != cards"', 'rule = "sum(bids) != cards"'), encoding="utf-8")
    new.write_text(source.replace('rule = "sum(bid) != cards"', 'rule = "sum(bid) != cards + 1"'), encoding="utf-8")
    assert run_once(["rules", "check", str(bad)], COMPILER, tmp_path) == (
        1, list(COMPILER), f"{bad}: checks.bids-not-total.rule: unknown name 'bids' (did you mean 'bid'?)\n")
    args = ["check-bid", str(new), "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]
    answer = "Dealer Player 1 may not bid 2: the bids would total 10, the number of tricks\nAllowed: 0 1 3 4 5 6 7 8 9 10\n"
    assert run_once(args, COMPILER, tmp_path) == (0, list(COMPILER), answer)
    building = ("scorekeeper.rules.builder", "scorekeeper.rules.schema", "scorekeeper.rules.translations", "tomllib",
                "importlib.util", "contextlib")  # (the artefact is loaded by importlib.machinery's loader alone)
    assert run_once(args, building, tmp_path) == (0, [], answer)  # (the artefact holds no code: generated as needed)


NO_PATHLIB = ("pathlib", "fnmatch", "urllib", "urllib.parse", "ipaddress")


@pytest.mark.parametrize("args", [
    ["rules", "list"], ["rules", "list", "--json"], ["rules", "show", "wizard"],
    ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"],
    ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4", "--json"],
    ["history", "--db", "{store}"], ["history", "--db", "{store}", "--json"], ["stats", "--db", "{store}"],
    ["stats", "--db", "{store}", "--json"], ["sessions", "--db", "{store}"], ["sessions", "--db", "{store}", "--plain"],
    ["--lang", "fi", "history", "--db", "{store}"],
], ids=lambda args: " ".join(a for a in args if a != "{store}"))
def test_the_rulesets_and_the_reports_load_no_pathlib(args, store, tmp_path):
    args = [store if a == "{store}" else a for a in args]
    code, found = loaded(args, NO_PATHLIB, tmp_path)
    assert (code, found) == (0, [])


# json (its decoder imports re) and re (which imports enum): the store's JSON is read with json's
# own scanner (scorekeeper.store.jsontext), the cache of parsed TOML is marshal's, terminal text
# is checked without re. json is imported where JSON is printed.
NO_TEXT_PARSERS = ("json", "re", "enum")


@pytest.mark.parametrize("args", [
    ["rules", "list"], ["--lang", "pl", "rules", "list"], ["history", "--db", "{store}"],
    ["stats", "--db", "{store}"], ["sessions", "--db", "{store}"], ["--lang", "fi", "stats", "--db", "{store}"],
], ids=lambda args: " ".join(a for a in args if a != "{store}"))
def test_the_list_of_games_and_the_reports_over_a_current_store_load_no_json_re_or_enum(args, store, tmp_path):
    args = [store if a == "{store}" else a for a in args]
    code, found = loaded(args, NO_TEXT_PARSERS, tmp_path)
    assert (code, found) == (0, [])


@pytest.mark.parametrize("args", [
    ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"], ["rules", "show", "lupaus"],
], ids=lambda args: args[0])
def test_a_ruleset_read_from_the_cache_loads_no_json_re_or_enum(args, tmp_path):
    """The ruleset's TOML comes from the cache (marshal's format), its ids are checked without re,
    and its formulas' checks are kept (scorekeeper.rules.kept: no ast, which imports enum)."""
    code, found = loaded(args, NO_TEXT_PARSERS + ("json.decoder",), tmp_path)
    assert (code, found) == (0, [])


@pytest.mark.parametrize("args", [
    ["replay", "examples/wizard.toml"], ["show", "1", "--db", "{store}"], ["export", "examples/wizard.toml", "--format", "csv"],
    ["export", "examples/lupaus.toml", "--format", "md"],
], ids=lambda args: " ".join(a for a in args if a != "{store}"))
def test_a_game_replayed_shown_or_exported_other_than_as_json_loads_no_json(args, store, tmp_path):
    args = [store if a == "{store}" else a for a in args]
    code, found = loaded(args, ("json", "json.decoder"), tmp_path)
    assert (code, found) == (0, [])


# What a sheet's replay and export and a stored game's show need none of: pathlib (a sheet's and
# its ruleset's paths are str paths, written as pathlib writes them), json, re and enum (a TOML
# key and Markdown's marks are checked and escaped by their characters, CSV written by the csv
# module's own writer, JSON by scorekeeper.reports.jsonwrite).
NO_PATHLIB_OR_RE = NO_PATHLIB + NO_TEXT_PARSERS


@pytest.mark.parametrize("args", [
    ["replay", "examples/wizard.toml"], ["replay", "examples/lupaus.toml", "--plain"], ["show", "1", "--db", "{store}"],
    ["show", "2", "--db", "{store}"], ["export", "examples/wizard.toml", "--format", "csv"],
    ["export", "examples/lupaus.toml", "--format", "md"], ["export", "1", "--db", "{store}", "--format", "csv"],
    ["--lang", "fi", "replay", "examples/wizard.toml"], ["export", "examples/wizard.toml", "--format", "json"],
    ["export", "2", "--db", "{store}", "--format", "json"],
], ids=lambda args: " ".join(a for a in args if a != "{store}"))
def test_a_game_replayed_shown_or_exported_as_text_loads_no_pathlib_or_re(args, store, tmp_path):
    """(A sheet's TOML is read by scorekeeper.rules.files.plain_toml: no tomllib, nor the re,
    enum and typing under it.)"""
    args = [store if a == "{store}" else a for a in args]
    assert loaded(args, NO_PATHLIB_OR_RE, tmp_path) == (0, [])


@pytest.mark.parametrize("ruleset", ["lupaus", "hearts", "wizard"])
def test_a_built_in_ruleset_is_checked_without_pathlib_re_or_a_parser(ruleset, tmp_path):
    """rules check of a built-in ruleset: its formulas' checks and code are in its shipped
    modules (scorekeeper.rules.shipped: nor is the formula compiler imported), a translation's
    placeholders written as the English ones are the same without parsing them, and the limits
    are worded without pathlib."""
    args = ["rules", "check", f"rulesets/{ruleset}.toml"]
    assert loaded(args, NO_PATHLIB_OR_RE + ("ast", "_ast") + COMPILER, tmp_path) == (0, [])


@pytest.mark.parametrize("args", [["export", "examples/wizard.toml", "--format", "toml"],
                                  ["export", "1", "--db", "{store}", "--format", "toml"]], ids=["sheet", "stored"])
def test_a_sheet_written_is_read_back_without_tomllib(args, store, tmp_path):
    """The sheet an export writes is read back as a replay reads it (scorekeeper.rules.files.plain_toml),
    and written without tomli_w (scorekeeper.game.sheet._toml_literal)."""
    args = [store if a == "{store}" else a for a in args]
    assert loaded(args, ("tomllib", "typing", "tomli_w"), tmp_path) == (0, [])


def test_json_is_loaded_where_json_is_printed(store, tmp_path):
    """A command's --json imports json when it prints (and prints the same as in this process)."""
    code, found, printed = run_once(["history", "--db", store, "--json"], ("json",), tmp_path)
    assert (code, found) == (0, ["json"])
    assert [game["id"] for game in json.loads(printed)] == [2, 1]


# What a list of the games needs none of, each ruleset's summary written by the build (scorekeeper.rules.summary):
# the builder, the formula checker and the parser it uses, the model, the engine, the table's model.
NO_BUILDING = ("scorekeeper.rules.builder", "scorekeeper.rules.formula", "scorekeeper.rules.model", "_ast",
               "scorekeeper.game", "scorekeeper.play")


@pytest.mark.parametrize("args", [["rules", "list"], ["rules", "list", "--json"], ["--lang", "fi", "rules", "list"]],
                         ids=lambda args: " ".join(args))
def test_the_list_of_games_builds_no_ruleset_the_second_time(args, tmp_path):
    code, found = loaded(args, NO_BUILDING, tmp_path)
    assert (code, found) == (0, [])


@pytest.mark.parametrize("args", [
    ["replay", "examples/wizard.toml"],
    ["export", "examples/wizard.toml", "--format", "csv"],
    ["history", "--db", "{store}"],
    ["show", "1", "--db", "{store}"],
    ["stats", "--db", "{store}"],
    ["sessions", "--db", "{store}"],
], ids=lambda args: args[0])
def test_the_sheet_and_store_commands_load_no_heavy_module(args, store, tmp_path):
    args = [store if a == "{store}" else a for a in args]
    code, found = loaded(args, NEVER, tmp_path)
    assert (code, found) == (0, [])


@pytest.mark.parametrize("args", [
    ["replay", "examples/wizard.toml"], ["show", "1", "--db", "{store}"], ["export", "examples/wizard.toml", "--format", "md"],
], ids=lambda args: args[0])
def test_a_game_shown_or_exported_as_text_loads_no_html_or_csv_writer(args, store, tmp_path):
    args = [store if a == "{store}" else a for a in args]
    code, found = loaded(args, ("html", "html.entities", "scorekeeper.reports.html", "csv"), tmp_path)
    assert (code, found) == (0, [])


@pytest.mark.parametrize("args", [["history"], ["stats"], ["sessions"]], ids=lambda args: args[0])
def test_the_reports_over_the_store_load_no_other_command(args, store, tmp_path):
    """A report over the store imports its own command's module only, not show's and import's."""
    code, found = loaded([*args, "--db", store], ("scorekeeper.cli.games", "scorekeeper.game.carried"), tmp_path)
    assert (code, found) == (0, [])


# What a store opened to read needs none of: the statistics' facts, derived and read only where
# an entry is written or statistics are asked for.
NO_STORE_EXTRAS = ("scorekeeper.store.facts",)


@pytest.mark.parametrize(("args", "watched"), [
    (["show", "1", "--db", "{store}"], NO_STORE_EXTRAS), (["show", "2", "--db", "{store}", "--plain"], NO_STORE_EXTRAS),
    (["show", "1", "--db", "{store}", "--json"], NO_STORE_EXTRAS), (["replay", "2", "--db", "{store}"], NO_STORE_EXTRAS),
    (["history", "--db", "{store}"], NO_STORE_EXTRAS), (["history", "--db", "{store}", "--json"], NO_STORE_EXTRAS),
], ids=lambda value: " ".join(a for a in value if a != "{store}") if isinstance(value, list) else "")
def test_a_store_read_loads_none_of_the_facts(args, watched, store, tmp_path):
    code, found = loaded([store if a == "{store}" else a for a in args], watched, tmp_path)
    assert (code, found) == (0, [])


@pytest.mark.parametrize("args", [["show", "1"], ["show", "1", "--plain"], ["replay", "2"]],
                         ids=lambda args: " ".join(args))
def test_a_stored_game_is_shown_without_the_sheets_module_or_the_list_of_games(args, store, tmp_path):
    """show (and replay of a stored game) reads the game from the store: the score sheets' module
    (game.sheet: reading and writing TOML sheets) and reports.history are not imported for it
    (--json is the export's document, whose module imports game.sheet for a sheet's title)."""
    code, found = loaded([*args, "--db", store], ("scorekeeper.game.sheet", "scorekeeper.reports.history"), tmp_path)
    assert (code, found) == (0, [])


# What the reports over a store need none of while it is current (the games' summary columns,
# the stats cache's rows): the engine and the rest of the game package, the model, the builder,
# the formula checker (a stored game's ruleset, once kept, needs no parser either).
NO_ENGINE = ("scorekeeper.game", "scorekeeper.rules.model", "scorekeeper.rules.builder", "scorekeeper.rules.formula")


@pytest.mark.parametrize("args", [["history"], ["history", "--json"], ["stats"], ["stats", "--json"], ["sessions"]],
                         ids=lambda args: " ".join(args))
def test_the_reports_over_a_current_store_load_no_engine(args, store, tmp_path):
    code, found = loaded([*args, "--db", store], NO_ENGINE, tmp_path)
    assert (code, found) == (0, [])


@pytest.mark.parametrize("change", [
    "DELETE FROM stats_cache",
    "UPDATE stats_cache SET version = version - 1",
    "UPDATE stats_cache SET entries = entries - 1 WHERE game_id = 2",
    "UPDATE stats_cache SET facts_json = '{\"players\": []}' WHERE game_id = 1",
], ids=["missing", "older-version", "stale", "damaged"])
def test_stats_from_a_cache_not_current_load_the_engine_and_keep_the_same_figures(change, store, tmp_path):
    """A stats cache row that is missing, of an older derivation, behind its game's entries or
    damaged is derived again through the engine, giving the figures the current cache gives,
    and kept: the next run reads it and loads no engine."""
    current = run_once(["stats", "--db", store, "--json"], NO_ENGINE, tmp_path)
    copy = tmp_path / "copy.db"
    copy.write_bytes(Path(store).read_bytes())
    with sqlite3.connect(copy) as conn:
        conn.execute(change)
    conn.close()
    args = ["stats", "--db", str(copy), "--json"]
    again = run_once(args, NO_ENGINE, tmp_path)
    # the engine derives them (a built-in ruleset's stored copy is made by its shipped module, without the builder)
    assert again[0] == 0 and set(again[1]) >= set(NO_ENGINE) - {"scorekeeper.rules.builder"}
    assert again[2] == current[2]
    assert run_once(args, NO_ENGINE, tmp_path) == current


def test_a_store_of_version_1_is_brought_up_to_date_and_reported_as_before(tmp_path, monkeypatch, capsys):
    """A store written by store version 1 (no stats rows, no stopped_at column) is migrated
    when a report opens it: the list of games needs no engine for that, statistics load it to
    derive the missing rows, and both print what the same report prints in this process."""
    from scorekeeper.reports.history import import_sheet
    from scorekeeper.store import db

    old = tmp_path / "old.db"
    monkeypatch.setattr(db, "MIGRATIONS", db.MIGRATIONS[:1])
    monkeypatch.setattr(db, "_keep_facts", lambda *row: None)  # version 1 had no statistics rows
    with db.Store(old) as written:
        import_sheet(written, REPO / "examples/lupaus.toml")
    monkeypatch.undo()
    capsys.readouterr()
    engine_used = sorted(set(NO_ENGINE) - {"scorekeeper.rules.builder"})  # (Lupaus's shipped module makes the ruleset)
    for args, engine in ((["history", "--json"], []), (["stats", "--json"], engine_used)):
        fresh, here = tmp_path / f"{args[0]}-fresh.db", tmp_path / f"{args[0]}-here.db"
        fresh.write_bytes(old.read_bytes())
        here.write_bytes(old.read_bytes())
        code, found, printed = run_once([*args, "--db", str(fresh)], NO_ENGINE, tmp_path)
        assert main([*args, "--db", str(here)]) == 0
        assert (code, found, printed) == (0, engine, capsys.readouterr().out)


@pytest.mark.parametrize("args", [
    ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"],
    ["check-bid", "lupaus", "--players", "5", "--cards", "7", "--bids", "1", "2", "0", "1", "--option", "scoring=tricks-plus-ten",
     "--json"],
    ["rules", "list"], ["rules", "show", "wizard", "--players", "4"], ["rules", "check", "rulesets/lupaus.toml"],
    ["replay", "examples/wizard.toml"], ["show", "1", "--db", "{store}"], ["history", "--db", "{store}"],
    ["stats", "--db", "{store}", "--json"], ["sessions", "--db", "{store}"],
    ["export", "examples/wizard.toml", "--format", "csv"], ["hand-value", "wysiwyg", *"SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ C3".split()],
], ids=lambda args: " ".join(args[:2]))
def test_a_command_in_its_usual_form_loads_no_argparse(args, store, tmp_path):
    """Read by scorekeeper.cli.quick: argparse, and gettext with it, are not imported."""
    args = [store if a == "{store}" else a for a in args]
    code, found = loaded(args, ("argparse", "gettext", "scorekeeper.cli.parsing"), tmp_path)
    assert (code, found) == (0, [])


def test_a_name_not_found_still_gets_its_suggestion(tmp_path, capsys):
    """difflib is imported when a suggestion is made, and makes it."""
    code, found = loaded(["check-bid", "lupas", "--players", "4", "--deal", "1", "--bids", "1"], ("difflib",),
                         tmp_path)
    assert (code, found) == (2, ["difflib"])
    assert main(["check-bid", "lupas", "--players", "4", "--deal", "1", "--bids", "1"]) == 2
    assert "lupaus" in capsys.readouterr().err


def test_help_is_worded_with_argparse_headings(capsys):
    """The headings argparse words through gettext are there when help is asked for."""
    with pytest.raises(SystemExit):
        from scorekeeper.cli import build_parser

        build_parser(["check-bid", "--help"]).parse_args(["check-bid", "--help"])
    shown = capsys.readouterr().out
    assert "options:" in shown and "-h, --help" in shown and "show this help message and exit" in shown


def _catalog_modules() -> tuple[str, ...]:
    """Every module generated for the catalogs (scorekeeper.i18n.shipped), by its import name."""
    shipped = REPO / "scorekeeper" / "_shipped"
    return tuple(sorted(f"scorekeeper._shipped.{path.stem}" for path in shipped.glob("catalog_*.py")))


@pytest.mark.parametrize(("args", "modules"), [
    (["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"],
     ["catalog_en"]),
    (["--lang", "fi", "rules", "list"], ["catalog_fi"]),
], ids=["check-bid", "rules list in Finnish"])
def test_a_command_imports_the_catalog_module_of_its_language_only(args, modules, cache, tmp_path):
    """In a cache folder of its own, the first run as the next: the catalog is its language's
    generated module, not the other languages'."""
    watched = _catalog_modules()
    assert len(watched) == 3
    want = [f"scorekeeper._shipped.{module}" for module in modules]
    for _ in range(2):
        assert run_once(args, watched, tmp_path)[:2] == (0, want)


@pytest.mark.parametrize("args", [
    ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"],
    ["rules", "list", "--json"],
    ["replay", str(REPO / "examples" / "wizard.toml")],
], ids=lambda args: args[0])
def test_a_command_words_no_help_text(args, monkeypatch, capsys):
    """Help texts are worded only when --help asks for them: a command asks the catalog for none."""
    import scorekeeper.cli.common as common

    asked = []
    worded = common.t
    monkeypatch.setattr(common, "t", lambda key, **params: asked.append(key) or worded(key, **params))
    assert main(args) == 0
    assert [key for key in asked if key.startswith("cli.help.")] == []
    assert main(["check-bid", "--help"]) == 0
    assert "cli.help.check_bid_bids" in asked  # the same catalog when help is asked for


_EXIT_SCRIPT = """
import atexit, gc, sys
atexit.register(lambda: print("at exit:", gc.get_threshold()[0], gc.get_freeze_count() > 1000, file=sys.stderr))
from scorekeeper.__main__ import main
sys.argv[1:] = ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]
sys.exit(main())
"""


@pytest.mark.parametrize(("options", "frozen"), [([], True), (["-X", "dev"], False)], ids=["usual", "dev-mode"])
def test_the_command_collects_less_often_and_hides_its_objects_from_the_last_collection(options, frozen, tmp_path):
    """The ``scorekeeper`` command (scorekeeper.__main__.main) collects the youngest generation
    every FEWER_COLLECTIONS new objects, and freezes what is left at its end, so the interpreter's
    last collection at exit walks none of it; in development mode everything is finalized."""
    from scorekeeper.process import FEWER_COLLECTIONS

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPROFILEIMPORTTIME", "PYTHONDEVMODE")}
    env.update(HOME=str(tmp_path), PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, *options, "-c", _EXIT_SCRIPT], cwd=REPO, env=env, capture_output=True,
                            text=True, timeout=60)
    assert (result.returncode, result.stderr) == (0, f"at exit: {FEWER_COLLECTIONS} {frozen}\n")
    assert result.stdout.startswith("Dealer Player 1 may not bid 1")


def test_start_keeps_the_older_generations_thresholds_and_collect_as_usual_puts_them_back(monkeypatch):
    import gc

    from scorekeeper import process

    monkeypatch.setattr(process, "USUAL_COLLECTIONS", 700)
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 11, 12)
        process.start()
        assert gc.get_threshold() == (process.FEWER_COLLECTIONS, 11, 12)
        process.collect_as_usual()
        assert gc.get_threshold() == (700, 11, 12)
    finally:
        gc.set_threshold(*before)


def test_main_called_by_a_program_leaves_the_collector_alone(monkeypatch):
    """Only the command's process collects less often: main() called by a program (a test)
    leaves its thresholds as they are."""
    import gc

    seen = []
    monkeypatch.setattr("scorekeeper.cli.rules.cmd_rules_list", lambda args: seen.append(gc.get_threshold()) or 0)
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 11, 12)
        assert main(["rules", "list"]) == 0
        assert gc.get_threshold() == (700, 11, 12)
    finally:
        gc.set_threshold(*before)
    assert seen == [(700, 11, 12)]


@pytest.mark.parametrize("args", [[], ["--db", "x.db"], ["board"]], ids=["app", "app-with-db", "board"])
def test_the_app_and_the_board_collect_garbage_as_usual(args, monkeypatch):
    """The terminal app and the board run until stopped: they get the thresholds the process
    had before the command set its own (scorekeeper.process.start)."""
    import gc

    from scorekeeper import process

    seen = []
    if args and args[0] == "board":
        monkeypatch.setattr("scorekeeper.cli.board.cmd_board", lambda args: seen.append(gc.get_threshold()) or 0)
    else:
        pytest.importorskip("textual")
        monkeypatch.setattr("scorekeeper.tui.app.run", lambda **kwargs: seen.append(gc.get_threshold()) or 0)
    monkeypatch.setattr(process, "USUAL_COLLECTIONS", 700)
    before = gc.get_threshold()
    try:
        gc.set_threshold(process.FEWER_COLLECTIONS, 11, 12)
        assert main(args) == 0
    finally:
        gc.set_threshold(*before)
    assert seen == [(700, 11, 12)]


def test_the_process_module_alone_decides_about_the_collector():
    """Every decision about the garbage collector, a command's, a server's and the terminal app's,
    is made in scorekeeper/process.py: no other module of the package imports gc."""
    users = []
    for path in sorted((REPO / "scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Import) and any(a.name == "gc" for a in node.names)
                    or isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "gc"):
                users.append(path.relative_to(REPO).as_posix())
    assert users == ["scorekeeper/process.py"]
