"""The fuzzer: mutated rulesets, score sheets and command lines, run through the command line
in this process. Every case must end in success or in clean lines (an exit status of 0, 1
or 2, no traceback, never "internal error"), within the profile's deadline (its time bound,
hypothesis' own) and a memory bound (the peak that tracemalloc saw, :data:`MEMORY_LIMIT`).

The shipped rulesets (rulesets/) and the example sheets (examples/) are the seeds. A
mutation picks a value anywhere in the TOML and changes a number, a formula, a text or a
type, renames or drops a key, or nests the value in a list or a table; a command line is
one of the commands with arguments changed the same way. A ruleset that `rules check`
passes is played too: shown, asked about a bid, and replayed with the example sheet of
its game.

The profiles are in tests/conftest.py: "fast" (the normal run, a few seconds, the same
cases every run) and "long" (``--hypothesis-profile=long``, random cases). At the end the
figures are printed (cases run, failures, worst time and worst memory): run with ``-s``.
"""

from __future__ import annotations

import copy
import io
import math
import os
import subprocess
import sys
import time
import tomllib
import tracemalloc
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
import tomli_w
from hypothesis import assume, given, strategies as st

from scorekeeper.cli import main

REPO = Path(__file__).resolve().parents[1]
MEMORY_LIMIT = 256 * 1024 * 1024  # bytes a case may hold at its peak
RULESETS = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted((REPO / "rulesets").glob("*.toml"))}
SHEETS = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted((REPO / "examples").glob("*.toml"))}
SHEETS = {name: doc for name, doc in SHEETS.items() if "players" in doc and "deals" in doc}
SHEET_OF = {doc["ruleset"]: name for name, doc in SHEETS.items() if not doc["ruleset"].endswith(".toml")}

FIGURES = {"cases": 0, "played": 0, "commands": 0, "failures": 0, "worst_time": 0.0, "worst_memory": 0, "worst_case": ""}


# --- running a command --------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str, str]:
    """Run the command line in this process: (exit status, stdout, stderr), checked to be clean."""
    out, err = io.StringIO(), io.StringIO()
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(argv))
    finally:
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    FIGURES["commands"] += 1
    if elapsed > FIGURES["worst_time"]:
        FIGURES["worst_time"], FIGURES["worst_case"] = elapsed, " ".join(argv)[:200]
    FIGURES["worst_memory"] = max(FIGURES["worst_memory"], peak)
    text = out.getvalue() + err.getvalue()
    try:
        assert code in (0, 1, 2), f"exit status {code}: {text[-2000:]}"
        assert "Traceback" not in text and "internal error" not in text, text[-4000:]
        assert peak < MEMORY_LIMIT, f"{peak} bytes at the peak"
        if code:
            assert text.strip(), "a failure that says nothing"
    except AssertionError:
        FIGURES["failures"] += 1
        raise
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module", autouse=True)
def figures():
    yield
    mib = FIGURES["worst_memory"] / (1024 * 1024)
    print(f"\nfuzz figures: {FIGURES['cases']} cases ({FIGURES['played']} mutated rulesets passed rules check and "
          f"were played), {FIGURES['commands']} commands, {FIGURES['failures']} failures, "
          f"worst time {FIGURES['worst_time']:.2f} s ({FIGURES['worst_case']}), worst memory {mib:.1f} MiB")


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    """A folder for the cases' files, and a store with two games in it (store.db)."""
    folder = tmp_path_factory.mktemp("fuzz")
    for name in ("lupaus", "whist"):
        assert run("import", str(REPO / "examples" / f"{name}.toml"), "--db", str(folder / "store.db"))[0] == 0
    return folder


def write_toml(folder: Path, name: str, doc: dict) -> Path:
    try:
        text = tomli_w.dumps(doc)
    except (TypeError, ValueError):
        assume(False)  # not a TOML document (a mutation made, e.g., a list of tables and values)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --- mutations ----------------------------------------------------------------------------------

# Mostly the small numbers games use, and now and then one at or past a limit: the largest
# number (10**12), a 64-bit edge, one of thousands of digits.
numbers = st.one_of(st.integers(-5, 60), st.sampled_from([0, 1, -1, 52, 100, 1000]),
                    st.sampled_from([10**12, 10**12 + 1, -10**13, 2**63, 10**30, -10**100, 10**4200]))
# Text with any character but lone surrogates (TOML cannot hold them): control characters too.
texts = st.text(st.characters(exclude_categories=["Cs"]), max_size=30)
# Floats small or not finite at all (TOML's inf and nan), or past 1.8e308 written as text.
floats = st.one_of(st.floats(-100, 100), st.sampled_from([math.inf, -math.inf, math.nan, 1e300]))

NAMES = ["bid", "tricks", "cards", "players", "deck", "deal", "dealer", "seat", "top", "made", "score",
         "sum(bid)", "sum(tricks)", "of(dealer, bid)", "True", "False", "x", "__import__"]
LITERALS = ["'x'", "''", "'spades'", "2.5", "1e400", "1e12", "10 ** 12", "9" * 40, "-0.0"]
OPERATORS = ["+", "-", "*", "//", "%", "==", "!=", "<", "<=", ">", "and", "or"]


@st.composite
def formulas(draw, depth: int = 0) -> str:
    """A small formula over the names games use, with literals of every type and size."""
    kind = draw(st.integers(0, 5 if depth < 3 else 1))
    if kind == 0:
        return draw(st.one_of(st.integers(-3, 20).map(str), st.sampled_from(LITERALS)))
    if kind == 1:
        return draw(st.sampled_from(NAMES))
    if kind == 2:
        return f"{draw(formulas(depth + 1))} {draw(st.sampled_from(OPERATORS))} {draw(formulas(depth + 1))}"
    if kind == 3:
        return f"{draw(formulas(depth + 1))} if {draw(formulas(depth + 1))} else {draw(formulas(depth + 1))}"
    if kind == 4:
        return f"{draw(st.sampled_from(['min', 'max', 'abs', 'not ']))}({draw(formulas(depth + 1))})"
    return f"({draw(formulas(depth + 1))})"


def values(depth: int = 0):
    """Any TOML value: the type changes of a mutation."""
    leaf = st.one_of(numbers, st.booleans(), texts, floats, formulas())
    if depth >= 2:
        return leaf
    return st.one_of(leaf, st.lists(values(depth + 1), max_size=3),
                     st.dictionaries(st.sampled_from(["id", "min", "max", "when", "x"]), values(depth + 1), max_size=3))


def places(doc: Any, at: tuple = ()) -> list[tuple]:
    """The path of every value in a TOML document (tables and lists included)."""
    found = []
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        found.append(at + (key,))
        found.extend(places(value, at + (key,)))
    return found


def _parent(doc: Any, path: tuple) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


@st.composite
def mutation(draw, doc: dict) -> dict:
    """``doc`` with one value changed: a number, a formula, a text, a type, a key, the nesting."""
    doc = copy.deepcopy(doc)
    path = draw(st.sampled_from(places(doc)))
    parent, key = _parent(doc, path), path[-1]
    value = parent[key]
    # The kinds that fit the value; the ones that keep its type often, so that many mutated
    # files still pass `rules check` and are played.
    kinds = ["drop"] + (["rename"] if isinstance(parent, dict) else [])
    kinds += ["type", "nest"]
    if isinstance(value, int) and not isinstance(value, bool):
        kinds += ["number"] * 6
    elif isinstance(value, str):
        kinds += ["formula"] * 4 + ["edit"] * 4 + ["text"] * 2
    kind = draw(st.sampled_from(kinds))
    if kind == "number":
        parent[key] = draw(numbers)
    elif kind == "formula":
        parent[key] = draw(formulas())
    elif kind == "text":
        parent[key] = draw(texts)
    elif kind == "edit":
        cut = draw(st.integers(0, len(value)))
        parent[key] = value[:cut] + draw(st.sampled_from(["", " ", "(", ")", "'", "+ 1", "*", "x", "{", "}"])) + \
            value[cut + draw(st.integers(0, 2)):]
    elif kind == "rename":
        new = draw(st.sampled_from([str(key) + "s", str(key)[:-1], str(key).upper(), "x", "__class__", ""]))
        parent[new] = parent.pop(key)
    elif kind == "drop":
        del parent[key]
    elif kind == "nest":
        parent[key] = draw(st.sampled_from([[value], {"x": value}]))
    else:
        parent[key] = draw(values())
    return doc


@st.composite
def mutated(draw, docs: dict[str, dict]) -> tuple[str, dict]:
    name = draw(st.sampled_from(sorted(docs)))
    doc = docs[name]
    for _ in range(draw(st.integers(1, 2))):
        doc = draw(mutation(doc))
    return name, doc


# --- the cases -----------------------------------------------------------------------------------


def _bids(players: int) -> list[str]:
    return ["0"] * players


@given(case=mutated(RULESETS))
def test_a_mutated_ruleset_is_checked_shown_and_played_cleanly(work, case):
    name, doc = case
    FIGURES["cases"] += 1
    path = write_toml(work, "ruleset.toml", doc)
    code, out, err = run("rules", "check", str(path))
    if code != 0:
        return
    FIGURES["played"] += 1
    run("rules", "show", str(path))
    run("rules", "show", str(path), "--json")
    players = doc.get("players", {}).get("min", 3) if isinstance(doc.get("players"), dict) else 3
    players = players if isinstance(players, int) and 1 <= players <= 8 else 3
    run("check-bid", str(path), "--players", str(players), "--deal", "1", "--bids", *_bids(players))
    sheet_name = SHEET_OF.get(name)
    if sheet_name is not None:
        sheet = dict(SHEETS[sheet_name], ruleset=str(path))
        run("replay", str(write_toml(work, "sheet.toml", sheet)))


@given(case=mutated(SHEETS), fmt=st.sampled_from(["md", "json", "csv", "toml", "html"]))
def test_a_mutated_sheet_is_replayed_exported_and_imported_cleanly(work, case, fmt):
    name, doc = case
    FIGURES["cases"] += 1
    if isinstance(doc.get("ruleset"), str) and doc["ruleset"].endswith(".toml"):
        doc = dict(doc, ruleset=str(REPO / "examples" / doc["ruleset"]))
    path = write_toml(work, "sheet.toml", doc)
    code, _, _ = run("replay", str(path))
    run("export", str(path), "--format", fmt)
    if code == 0:
        run("import", str(path), "--db", str(work / "store.db"))


COMMANDS = [
    ["rules", "list"], ["rules", "list", "--json"], ["rules", "show", "lupaus"], ["rules", "show", "whist", "--players", "4"],
    ["rules", "check", "{ruleset}"], ["check-bid", "lupaus", "--players", "4", "--deal", "3", "--bids", "1", "2", "0", "3"],
    ["check-bid", "wizard", "--players", "3", "--cards", "5", "--bids", "1", "2", "1", "--json"],
    ["hand-value", "wysiwyg", "SA", "SK", "SQ", "H2", "H3", "H4", "H5", "H6", "D2", "D3", "C2", "C3", "C4"],
    ["replay", "{sheet}"], ["replay", "{sheet}", "--option", "scoring=ten-per-trick"], ["replay", "1", "--db", "{db}"],
    ["export", "{sheet}", "--format", "md"], ["export", "1", "--format", "json", "--db", "{db}"],
    ["export", "--all", "--format", "csv", "--db", "{db}"], ["history", "--db", "{db}"], ["show", "2", "--db", "{db}"],
    ["show", "1", "--plain", "--db", "{db}"], ["stats", "--db", "{db}"], ["stats", "--player", "Anna", "--db", "{db}"],
    ["sessions", "--db", "{db}"], ["session", "--db", "{db}"], ["history", "--json", "--db", "{db}"],
]
# Seat counts stay small: --players 100000000 is issue 11 item 8 (arguments), made elsewhere.
ARGUMENTS = st.one_of(texts, numbers.map(str), st.sampled_from(
    ["--json", "--plain", "--lang", "fi", "--lang=pl", "--db", "--option", "x=1", "--players", "-1", "0", "999",
     "--deal", "--cards", "--bids", "--format", "--all", "--session", "--", "-h", "lupaus", "whist", "{sheet}", "{db}",
     "{ruleset}", "/dev/null", ".", "nonexistent.toml", "%s%n", "\x1b[2J"]))


@st.composite
def command_lines(draw) -> list[str]:
    """One of the commands, its arguments changed: one replaced, dropped, or one added."""
    argv = list(draw(st.sampled_from(COMMANDS)))
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["replace", "drop", "add"]))
        at = draw(st.integers(0, len(argv)))
        if kind == "replace" and at < len(argv):
            argv[at] = draw(ARGUMENTS)
        elif kind == "drop" and at < len(argv):
            del argv[at]
        else:
            argv.insert(at, draw(ARGUMENTS))
    return argv


@given(argv=command_lines())
def test_a_mutated_command_line_ends_cleanly(work, argv):
    FIGURES["cases"] += 1
    fill = {"{sheet}": str(REPO / "examples" / "lupaus.toml"), "{db}": str(work / "store.db"),
            "{ruleset}": str(REPO / "rulesets" / "wizard.toml")}
    argv = [fill.get(a, a) for a in argv]
    assume("play" not in argv and "board" not in argv)  # the app and the board run until stopped
    with patch("scorekeeper.cli._run_tui", lambda *args, **kwargs: 0):  # a line with no command starts the app
        run(*argv)


# --- a hard memory bound ---------------------------------------------------------------------------

HARD_LIMIT = 1024 * 1024 * 1024  # bytes of address space a command may map, C allocations included


def _limited() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (HARD_LIMIT, HARD_LIMIT))


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS bounds the address space on Linux")
@pytest.mark.parametrize("argv", [
    ["rules", "check", *[str(p) for p in sorted((REPO / "rulesets").glob("*.toml"))]],
    ["replay", str(REPO / "examples" / "wizard.toml")],
    ["check-bid", "lupaus", "--players", "7", "--deal", "1", "--bids", "0", "0", "0", "0", "0", "0", "1"],
])
def test_commands_end_within_a_hard_memory_limit(argv, tmp_path):
    """The same commands in a process whose address space is capped (1 GiB): what tracemalloc
    does not see (C allocations, the interpreter) is bounded too."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-m", "scorekeeper", *argv], preexec_fn=_limited, capture_output=True,
                          text=True, encoding="utf-8", cwd=tmp_path, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr and "MemoryError" not in done.stderr
    assert done.stdout.strip()
