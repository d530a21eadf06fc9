"""The benchmark scripts in bench/ still run, on a tiny size.

Only that they work and that the engine gives the plain function's totals: no
assertion here is about time.
"""

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"


def load(name):
    spec = importlib.util.spec_from_file_location(f"bench_{name}_under_test", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_bench_scoring_totals_agree():
    bench = load("bench_scoring")
    results = bench.main(n_deals=50, repeats=2, verbose=False)
    assert [r["ruleset"] for r in results] == ["wizard", "lupaus"]
    for r in results:
        assert r["deals"] == 50
        assert r["engine_totals"] == r["totals"]
        assert r["eval_totals"] == r["totals"]
        assert r["record_totals"] == r["totals"]
        assert len(r["totals"]) == 6


def test_bench_scoring_plain_functions():
    bench = load("bench_scoring")
    assert bench.plain_wizard((0, 2, 1), (0, 1, 3)) == [20, -10, -20]
    assert bench.plain_lupaus((0, 2, 1), (0, 1, 3)) == [10, 0, 0]


def test_bench_scoring_catches_a_wrong_engine_score(monkeypatch):
    bench = load("bench_scoring")
    plain, options, restricted = bench.CASES["wizard"]
    wrong = lambda bids, tricks: [s + 1 for s in plain(bids, tricks)]  # noqa: E731
    monkeypatch.setitem(bench.CASES, "wizard", (wrong, options, restricted))
    with pytest.raises(AssertionError):
        bench.main(n_deals=20, repeats=1, rulesets=("wizard",), verbose=False)


def test_bench_scoring_deals_follow_the_rules():
    bench = load("bench_scoring")
    from scorekeeper.game.engine import Setup
    from scorekeeper.rules.ruleset import load_ruleset

    setup = Setup(load_ruleset("lupaus"), [f"P{i}" for i in range(6)], {}, 1)
    for number, bids, tricks in bench.make_deals(setup, 60, 1, dealer_restriction=True):
        cards = setup.cards(number)
        assert sum(tricks) == cards
        assert all(0 <= b <= cards for b in bids)
        assert sum(bids) != cards


def test_bench_cli_runs():
    bench = load("bench_cli")
    try:
        result = bench.main(runs=2, top=3, verbose=False)
    except bench.CLIUnavailable as exc:
        pytest.skip(f"no command line to benchmark: {exc}")
    assert result["runs"] == 2
    assert result["cli_median_s"] > 0 and result["bare_median_s"] > 0
    assert result["cpu_cli_s"] > result["cpu_bare_s"] > 0
    assert result["modules"] > 0 and len(result["imports"]) <= 3


def test_bench_keys_a_deal_costs_one_key_a_character_and_enter():
    """The typist of bench_keys against the app: the keys each deal costs, exactly."""
    bench = load("bench_keys")
    results = bench.main(("lupaus-4-deal-1", "wizard-6-deal-10", "wysiwyg-2-deal-1", "whist-4-deal-1"),
                         verbose=False)
    keys = {name: " ".join(r["key_list"]) for name, r in results.items()}
    # 10 cards: Cara's 1 could be 10; the 4 after it is Dan's (14 is no bid); Anna's tricks fill in
    assert keys["lupaus-4-deal-1"] == "3 2 4 0 3 1 4 enter"
    # 10 cards: each 1 waits, the next digit (not 0) is the next player's
    assert keys["wizard-6-deal-10"] == "2 1 2 1 3 0 2 1 2 1 3 enter"
    # hand values 12 and 16, declarer 2, bid 5, points 15: the optional trick boxes before the
    # points may stay empty, so 1 5 could still grow into tricks 1 and 5 and the last trick's
    # winner (no longer asked which: points come with all three trick boxes or none, the
    # ruleset's tricks-all-or-none); read so, the cursor passed over optional trick boxes, and
    # the second Enter may pass over one of them: the third confirms the points 15
    assert keys["wysiwyg-2-deal-1"] == "1 2 1 6 2 5 1 5 enter enter enter"
    assert keys["whist-4-deal-1"] == "h 8 enter"
    for name, r in results.items():
        if name != "wysiwyg-2-deal-1":
            assert r["keys"] == r["characters"] + 1


def test_bench_enters_counts_the_enters_after_a_deals_last_value():
    """Every built-in game makes a deal; Schieber Jass's three boxes that may stay empty after the
    card points cost an Enter each and one more (bench/README.md), Whist's deal one Enter."""
    results = load("bench_enters").main(verbose=False)
    assert all(r is not None and r["enters"] is not None for r in results.values())
    assert (results["jass"]["after"], results["jass"]["enters"]) == (3, 4)
    assert (results["whist"]["after"], results["whist"]["enters"]) == (0, 1)


def test_bench_ruleset_size_makes_a_good_large_ruleset():
    """Every extra check and its translations pass: the size is all the script measures."""
    result = load("bench_ruleset_size").main(checks=20, derived=30, repeats=1, verbose=False)
    assert (result["checks"], result["derived"], result["problems"]) == (20, 30, 0)
    assert result["checks_bytes"] > 20 * 60 and result["derived_bytes"] > 30 * 40


def test_bench_ruleset_size_scale_runs_both_commands_on_each_size():
    """--scale: rules check and replay of the large file succeed (the script stops otherwise),
    each measured with its peak memory."""
    rows = load("bench_ruleset_size").scale([40], repeats=1, verbose=False)
    assert [row["derived"] for row in rows] == [40]
    assert all(rows[0][command]["kb"] > 1000 and rows[0][command]["s"] > 0 for command in ("check", "replay"))


def test_bench_cli_times_the_headless_commands_on_a_store_of_the_examples(tmp_path, monkeypatch):
    """`show N` exits 0 only when the examples were imported into the store first; each run
    asks for another game, in both forms (the installed script's and python -m)."""
    bench = load("bench_cli")
    monkeypatch.setattr(bench, "HEADLESS", [["show", "1", "--db", bench.STORE]])
    monkeypatch.setattr(bench, "_CACHE_DIR", str(tmp_path))
    rows = bench.headless(1, str(tmp_path / "examples.db"))
    assert [(row["command"], row["form"], row["new"]) for row in rows] == [
        ("show 1 --db {store}", "script", False), ("show 1 --db {store}", "-m", False),
        ("show 1 --db {store}", "script", True), ("show 1 --db {store}", "-m", True)]
    assert all(row[k] > 0 for row in rows for k in ("wall", "bare", "cpu", "cpu_bare"))


def test_bench_cli_times_the_command_a_venv_installed(monkeypatch):
    """--installed: the venv's own scorekeeper command against its own python -c pass (here the
    suite's venv, whose command the development install wrote), a row per question kind."""
    bench = load("bench_cli")
    monkeypatch.setattr(bench, "HEADLESS", [["show", "1", "--db", bench.STORE]])
    venv = Path(sys.prefix)
    if not (venv / "bin" / "scorekeeper").is_file():
        pytest.skip("the suite runs without a venv that installed the scorekeeper command")
    rows = bench.installed([venv], 1, verbose=False)
    assert [(row["command"], row["tree"], row["form"], row["new"]) for row in rows] == [
        ("show 1 --db {store}", str(venv), "script", False), ("show 1 --db {store}", str(venv), "script", True)]
    assert all(row[k] > 0 for row in rows for k in ("wall", "bare", "cpu", "cpu_bare"))


def test_bench_cli_asks_a_new_question_each_run():
    """Other players, deal and bids for check-bid; another ruleset, sheet, format or game for the
    commands that take one; the same for the same run (both forms and both trees get it)."""
    bench = load("bench_cli")
    asked = [bench.new_question(bench.CHECK_BID, run) for run in range(10)]
    assert len({" ".join(q) for q in asked}) == 10
    assert asked[3] == bench.new_question(bench.CHECK_BID, 3)
    for q in asked:
        players = int(q[q.index("--players") + 1])
        assert len(q[q.index("--bids") + 1:]) == players - 1
    assert bench.new_question(["rules", "show", "lupaus"], 0) == ["rules", "show", "belote"]
    assert bench.new_question(["export", bench.SHEET, "--format", "csv"], 1) == [
        "export", "examples/bridge-chicago.toml", "--format", "json"]
    assert "examples/pataviitonen-criteria.toml" not in bench.SHEETS()  # a ruleset, not a sheet
    assert bench.new_question(["stats", "--db", bench.STORE], 5) == ["stats", "--db", bench.STORE]


def test_bench_cli_times_the_command_as_the_installed_script_runs_it():
    bench = load("bench_cli")
    command = bench.cli_command(args=["rules", "list"], form="script")
    # pip's wrapper of the entry point pyproject.toml names (scorekeeper.__main__:main), as pip writes it
    assert command[1] == "-c" and command[2].splitlines()[:3] == ["import re", "import sys",
                                                                   "from scorekeeper.__main__ import main"]
    assert command[3:] == ["rules", "list"]
    assert bench.cli_command(args=["rules", "list"])[1:] == ["-m", "scorekeeper", "rules", "list"]

def test_bench_cli_stops_when_the_two_forms_answer_differently(monkeypatch):
    """Every timed run's output is checked: a form (or a tree) that answers otherwise stops the benchmark."""
    bench = load("bench_cli")
    answers = {"script": "Allowed: 0 1\n", "-m": "Allowed: 0 1 2\n"}
    monkeypatch.setattr(bench, "_run_timed", lambda cmd, key, root=bench.ROOT: answers[key.split("|")[1]])
    with pytest.raises(bench.CLIUnavailable, match="printed something else than"):
        bench._ask(bench.CHECK_BID, 1, True, [bench.ROOT])
    answers["-m"] = answers["script"]
    bench._ask(bench.CHECK_BID, 1, True, [bench.ROOT])  # the same answer: no error
    answers["-m"] = answers["script"] = "\n"
    with pytest.raises(bench.CLIUnavailable, match="printed nothing"):
        bench._ask(bench.CHECK_BID, 1, True, [bench.ROOT])


def test_bench_draft_types_each_deal_as_meant():
    """Lupaus for 7, deal 13: 13 values typed (the last tricks are filled in); Wizard for 6,
    deal 10: 11 (the last tricks too); Skat, a null hand game: 5 (game, declarer, bid, hand,
    the trick not taken); each view equal to one computed afresh."""
    bench = load("bench_draft")
    sys.path.insert(0, str(BENCH))  # (bench_keys, beside it)
    cases = bench._cases()

    counts = {}
    for name in bench.GAMES:
        case = cases[name]
        counts[name] = len(bench._typing(case, bench._game(case)))
    assert counts == {"lupaus-7-deal-13": 13, "wizard-6-deal-10": 11, "skat-3-null-hand": 5}


def test_bench_draft_runs_each_checkout_in_a_process():
    bench = load("bench_draft")
    results = bench.main(rounds=1, turns=1, verbose=False)
    assert sorted(results) == sorted(f"this {name} {line}" for name in bench.GAMES for line in ("draft", "afresh"))
    assert all(s["mean"] <= s["max"] for s in results.values())


def test_bench_catalog_times_the_first_text_in_both_trees_and_stops_when_they_differ(tmp_path, capsys):
    """Against a copy of this checkout: both times given; against one whose text differs, it stops."""
    bench = load("bench_catalog")
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "scorekeeper", copy / "scorekeeper", ignore=shutil.ignore_patterns("__pycache__"))
    medians = bench.main(runs=1, against=copy, first=True)
    assert set(medians) == {"this", "against"} and all(wall > 0 and cpu > 0 for wall, cpu in medians.values())
    assert "(empty cache)" in capsys.readouterr().out
    cli = copy / "scorekeeper" / "i18n" / "en" / "cli.toml"
    cli.write_text(cli.read_text(encoding="utf-8").replace('"Player {number}"', '"Seat {number}"'), encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        bench.main(runs=1, against=copy)
    assert "the trees show different texts" in str(stopped.value)


def test_bench_cli_times_a_wrapper_importing_no_re_when_asked(monkeypatch):
    """--wrapper plain: the installed command as an installer that imports no re writes it."""
    bench = load("bench_cli")
    monkeypatch.setattr(bench, "main", lambda *args, **kwargs: None)
    monkeypatch.setattr(bench, "ENTRY_POINT", bench.ENTRY_POINT)
    assert bench.cli(["--wrapper", "plain"]) == 0
    command = bench.cli_command(args=["rules", "list"], form="script")
    assert command[2].splitlines() == ["import sys", "from scorekeeper.__main__ import main",
                                       "if __name__ == '__main__':", "    sys.exit(main())"]
    assert bench.cli(["--wrapper", "pip"]) == 0
    assert bench.cli_command(args=["rules", "list"], form="script")[2].splitlines()[0] == "import re"


def test_machinery_lines_counts_every_line_and_the_lines_of_code(tmp_path):
    bench = load("machinery_lines")
    path = tmp_path / "m.py"
    path.write_text('"""A docstring\non two lines."""\n\nimport os  # code\n# a comment\n\n\ndef f():\n'
                    '    """One line."""\n    return os.sep\n\n\nSTOP = 1\n', encoding="utf-8")
    assert bench.count(path, None, None) == (13, 4)
    assert bench.count(path, "def f(", "STOP") == (5, 2)
    assert bench.main() == 0


def test_bench_serve_runs_and_every_phone_gets_each_deal():
    """A tiny run: each write reached every other phone's view (else it waits and fails)."""
    pytest.importorskip("uvicorn")
    bench = load("bench_serve")
    result = bench.main(rounds=2, seconds=2.5, verbose=False)
    assert result["load_n"] > 0 and result["bare_load_n"] > 0
    assert result["rss_max"] >= result["rss_start"] > 0


def test_bench_cli_asks_only_about_files_every_tree_timed_has(tmp_path, monkeypatch):
    """An older tree timed with --against may lack a newer ruleset or example: no question names it."""
    bench = load("bench_cli")
    other = tmp_path / "other"
    (other / "rulesets").mkdir(parents=True)
    (other / "rulesets" / "lupaus.toml").write_text("", encoding="utf-8")
    (other / "rulesets" / "no-such-ruleset-here.toml").write_text("", encoding="utf-8")
    monkeypatch.setattr(bench, "_TREES", [bench.ROOT, other])
    assert bench._files("rulesets") == ["rulesets/lupaus.toml"]
    assert bench.new_question(["rules", "show", "lupaus"], 3) == ["rules", "show", "lupaus"]
    monkeypatch.setattr(bench, "_TREES", [bench.ROOT])
    assert len(bench._files("rulesets")) > 10
