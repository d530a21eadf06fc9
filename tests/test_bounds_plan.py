"""Bounded before built: what a ruleset's formulas, a file or an argument would make the
program build is counted first, and past a limit it is one line naming the file and key.

The reproducers of issue 11 (items 1, 2, 6, 7 and 8), run in-process through main() like
tests/test_cli.py: endless deal plans, fields with more values than can be listed, files
that never end, malformed TOML and arguments that size what is built. Each would run for
minutes or end in a traceback without the limits, so each is fast only because the bound
comes before the work.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.game.engine import LARGEST_DOMAIN, MOST_DEALS, LimitError
from scorekeeper.game.game import Game
from scorekeeper.play import steps
from scorekeeper.play.layout import form_layout
from scorekeeper.rules.files import DEEPEST_NESTING, LARGEST_FILE, FileRefused, nesting, parse_toml, read_text
from scorekeeper.rules.ruleset import load_ruleset, parse_ruleset_text

PLAN_LIMIT = "the deal plan would have more than 10000 deals"
NOT_REGULAR = "is not a regular file (a device, a pipe or a socket); only files are read"
TOO_DEEP = "the TOML is nested more than 50 deep (brackets or inline tables inside each other)"
SHEET = 'ruleset = "{ruleset}"\nplayers = ["Anna", "Ben", "Cara"]\n'

# A game small enough to count by hand: one piece of plan, one number field.
SMALL = """\
id = "small"
name = "Small"
description = "One field."
deck = 52

[players]
min = 2
max = 2

[[deals.plan]]
cards = 1
repeat = "{repeat}"

[fields.points]
type = "int"
min = "{low}"
max = "{top}"

[score]
value = "points"
"""


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def house_rule(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    """A house rule of Lupaus: ``text`` after ``extends = "lupaus"``."""
    path = tmp_path / name
    path.write_text(f'extends = "lupaus"\n{text}', encoding="utf-8")
    return path


def sheet(tmp_path: Path, ruleset: str, text: str = "") -> Path:
    path = tmp_path / "sheet.toml"
    path.write_text(SHEET.format(ruleset=ruleset) + text, encoding="utf-8")
    return path


def small(repeat: str = "1", top: str = "10", low: str = "0") -> Game:
    ruleset, problems = parse_ruleset_text(SMALL.format(repeat=repeat, top=top, low=low), "small.toml")
    assert problems == []
    return Game(ruleset, ["Anna", "Ben"], {})


# --- 1. endless deal plans --------------------------------------------------------------------


def test_a_constant_that_makes_the_plan_endless_is_refused_by_rules_check_at_each_piece(capsys, tmp_path):
    """constants.top = 10**12: the down-up schedule fails at its first piece, up-down at its third."""
    path = house_rule(tmp_path, '[constants]\ntop = "1000000000000"\n')
    assert run(capsys, "rules", "check", str(path)) == (
        1, f"{path}: deals.plan[0]: {PLAN_LIMIT}\n{path}: deals.plan[2]: {PLAN_LIMIT}\n", "")


def test_an_endless_plan_stops_check_bid_and_replay_before_a_deal_is_made(capsys, tmp_path):
    path = house_rule(tmp_path, '[constants]\ntop = "1000000000000"\n')
    assert run(capsys, "check-bid", str(path), "--players", "3", "--deal", "1", "--bids", "1", "2") == (
        2, "", f"scorekeeper: error: lupaus: deals.plan[0]: {PLAN_LIMIT}\n")
    played = sheet(tmp_path, path.name, "[[deals]]\nbid = [1, 2, 3]\n")
    assert run(capsys, "replay", str(played)) == (
        1, "", f"scorekeeper: error: {played}: ruleset: lupaus: deals.plan[0]: {PLAN_LIMIT}\n")


def test_a_range_end_far_below_is_refused(capsys, tmp_path):
    path = house_rule(tmp_path, '[[deals.plan]]\nrange = [1, "0 - 1000000000000"]\n')
    assert run(capsys, "rules", "check", str(path)) == (1, f"{path}: deals.plan[0]: {PLAN_LIMIT}\n", "")


def test_a_repeat_far_too_large_is_refused(capsys, tmp_path):
    path = house_rule(tmp_path, '[[deals.plan]]\ncards = 1\nrepeat = "1000000000000"\n')
    assert run(capsys, "rules", "check", str(path)) == (1, f"{path}: deals.plan[0]: {PLAN_LIMIT}\n", "")


def test_a_repeat_whose_product_overflows_is_one_line_naming_the_piece(capsys, tmp_path):
    """10**12 * 10**12 was an OverflowError traceback: now one line at the piece (or its repeat)."""
    path = house_rule(tmp_path, '[[deals.plan]]\ncards = 1\nrepeat = "1000000000000 * 1000000000000"\n')
    code, out, err = run(capsys, "rules", "check", str(path))
    assert (code, err) == (1, "")
    assert out.count("\n") == 1 and out.startswith(f"{path}: deals.plan[0]") and "Traceback" not in out


def test_an_empty_plan_is_refused_by_rules_check(capsys, tmp_path):
    """plan = [] passed and every deal then failed: there is no deal to play."""
    path = house_rule(tmp_path, "[deals]\nplan = []\n")
    assert run(capsys, "rules", "check", str(path)) == (
        1, f"{path}: deals.plan: the plan has no pieces: give at least one (e.g. range = [10, 1]), or cards = N\n",
        "")


def test_the_plan_limit_is_exact():
    """10,000 deals are a plan; one more is refused, at the piece, before any deal is made."""
    assert len(small(repeat=str(MOST_DEALS)).setup.plan) == MOST_DEALS
    with pytest.raises(LimitError) as caught:
        small(repeat=str(MOST_DEALS + 1))
    assert (caught.value.key, str(caught.value)) == ("deals.plan[0]", f"small: deals.plan[0]: {PLAN_LIMIT}")


def test_end_deals_past_the_limit_is_refused_before_rules_show_lists_them(capsys, tmp_path):
    path = tmp_path / "whist-long.toml"
    path.write_text('extends = "whist"\n[end]\ndeals = "1000000000000"\n', encoding="utf-8")
    limit = "the game would have more than 10000 deals"
    assert run(capsys, "rules", "check", str(path)) == (1, f"{path}: end.deals: {limit}\n", "")
    assert run(capsys, "rules", "show", str(path), "--players", "4") == (
        2, "", f"scorekeeper: error: whist: end.deals: {limit}\n")


# --- 2. fields with more values than can be listed ----------------------------------------------


@pytest.mark.parametrize("bound, high, which", [
    ("1000000000000", "1000000000000", ("--deal", "1")),  # a MemoryError traceback in check-bid
    ("cards * 100000", "1000000", ("--cards", "10")),  # 16 s and 250 MB: the first deal's 10 cards pass
])
def test_a_bound_past_the_largest_domain_is_refused_by_rules_check_and_check_bid(capsys, tmp_path, bound, high,
                                                                                  which):
    path = house_rule(tmp_path, f'[fields.bid]\nmax = "{bound}"\n')
    too_many = f"the values 0 to {high} are too many: a field takes at most 10000 values"
    assert run(capsys, "rules", "check", str(path)) == (1, f"{path}: fields.bid.max: {too_many}\n", "")
    assert run(capsys, "check-bid", str(path), "--players", "3", *which, "--bids", "1", "2") == (
        1, "", f"scorekeeper: error: lupaus: fields.bid.max: {too_many}\n")


def test_rules_check_counts_the_values_at_every_seat_and_in_the_last_deal(capsys, tmp_path):
    """Seat 1 and the other deals stay small; the last deal (10 cards) at seat 2 does not."""
    path = house_rule(tmp_path, '[fields.bid]\nmax = "cards + (seat - 1) * (20000 if deal == deals else 0)"\n')
    assert run(capsys, "rules", "check", str(path)) == (
        1, f"{path}: fields.bid.max: the values 0 to 20010 are too many: a field takes at most 10000 values\n", "")


@pytest.mark.parametrize("bound", ["tricks", "bid", "cards - sum(bid)"])
def test_a_bound_that_waits_for_entries_passes_rules_check_and_is_counted_in_play(capsys, tmp_path, bound):
    """Bounds reading what the table enters (another field, the field at other seats) cannot
    be counted before a deal: rules check passes them (it crashed on them) and play counts them."""
    path = house_rule(tmp_path, f'[fields.bid]\nmax = "{bound}"\n')
    assert run(capsys, "rules", "check", str(path)) == (0, f"{path}: ok\n", "")


def test_the_domain_limit_is_exact():
    """0..9999 are 10,000 values, each listed and checked; 0..10000 are refused at the bound."""
    choices = small(top=str(LARGEST_DOMAIN - 1)).allowed("points", 1)
    assert (len(choices), choices[-1].value) == (LARGEST_DOMAIN, LARGEST_DOMAIN - 1)
    with pytest.raises(LimitError) as caught:
        small(top=str(LARGEST_DOMAIN)).allowed("points", 1)
    assert caught.value.key == "fields.points.max"
    with pytest.raises(LimitError) as caught:
        small(low="0 - 20000").allowed("points", 1)  # the bound far from 0 is named
    assert (caught.value.key, str(caught.value)) == (
        "fields.points.min", "small: fields.points.min: the values -20000 to 10 are too many: "
                             "a field takes at most 10000 values")


def test_the_table_types_a_value_of_a_huge_domain_as_a_number_within_its_bounds(tmp_path):
    """The screen's boxes: a bid from 0 to 10**12 is typed (kind number, lo and hi), never
    listed; the tricks, 0 to 10, are still picked from their values."""
    g = Game(load_ruleset(house_rule(tmp_path, '[fields.bid]\nmax = "1000000000000"\n')), ["A", "B", "C"], {})
    number, setup = g.next_deal, g.setup_for(None)
    d = g.evaluate(number, steps.build(g.ruleset, setup, {}))
    boxes = steps.lay_boxes(d, form_layout(g), setup, steps.bidding_order(d, setup))
    assert {(b.slot.field, b.kind, b.lo, b.hi, len(b.domain or ())) for b in boxes if b.unit == 1} == {
        ("bid", "number", 0, 10**12, 0), ("tricks", "pick", None, None, 11)}
    g.record({"bid": [1, 2, 3], "tricks": [1, 2, 7], "turned": "spades"})  # entered and scored as before
    assert g.totals() == (11, 12, 0)  # exact bids of 1 and 2 score 10 + bid


# --- 6. files that never end --------------------------------------------------------------------


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_ruleset_extending_a_device_is_one_line(capsys, tmp_path, device):
    path = tmp_path / "endless.toml"
    path.write_text(f'extends = "{device}"\n', encoding="utf-8")
    assert run(capsys, "rules", "check", str(path)) == (1, f"{device}: {NOT_REGULAR}\n", "")


def test_a_sheet_whose_ruleset_is_a_device_is_one_line(capsys, tmp_path):
    played = sheet(tmp_path, "/dev/zero")
    assert run(capsys, "replay", str(played)) == (
        1, "", f"scorekeeper: error: {played}: ruleset: /dev/zero: {NOT_REGULAR}\n")


def test_a_device_as_the_sheet_itself_is_one_line(capsys):
    assert run(capsys, "replay", "/dev/zero") == (1, "", f"scorekeeper: error: /dev/zero: {NOT_REGULAR}\n")


def test_a_pipe_is_refused_without_waiting_for_a_writer(capsys, tmp_path):
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    assert run(capsys, "rules", "check", str(pipe)) == (1, f"{pipe}: {NOT_REGULAR}\n", "")
    assert run(capsys, "replay", str(pipe)) == (1, "", f"scorekeeper: error: {pipe}: {NOT_REGULAR}\n")


def test_a_folder_is_named_as_one(capsys, tmp_path):
    assert run(capsys, "rules", "check", str(tmp_path)) == (1, f"{tmp_path}: is a folder, not a file\n", "")


def test_the_settings_file_is_read_within_the_same_bounds():
    from scorekeeper.settings import load_settings

    assert load_settings("/dev/zero").warning == (
        f"/dev/zero: cannot be read ({NOT_REGULAR}); the default settings are used")


def test_the_file_size_limit_is_exact(capsys, tmp_path):
    """1,000,000 bytes are read; one more is refused before it is parsed."""
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" + b"x" * (LARGEST_FILE - 2) + b"\n")
    assert len(read_text(path)) == LARGEST_FILE
    path.write_bytes(b"#" + b"x" * (LARGEST_FILE - 1) + b"\n")
    with pytest.raises(FileRefused):
        read_text(path)
    too_large = "the file is larger than 1000 kB, the most a ruleset or score sheet may be"
    assert run(capsys, "rules", "check", str(path)) == (1, f"{path}: {too_large}\n", "")
    assert run(capsys, "replay", str(path)) == (1, "", f"scorekeeper: error: {path}: {too_large}\n")


# --- 7. malformed TOML --------------------------------------------------------------------------


def test_a_choice_that_is_not_text_is_named_by_its_index(capsys, tmp_path):
    path = house_rule(tmp_path, '[options.scoring]\nchoices = ["ten-plus-bid", 3]\n'
                                '[fields.call]\ntype = "choice"\nchoices = ["a", true]\n')
    assert run(capsys, "rules", "check", str(path)) == (
        1, f"{path}: options.scoring.choices[1]: expected text, got a number\n"
           f"{path}: fields.call.choices[1]: expected text, got true/false\n", "")


def test_a_choice_that_is_not_text_is_one_line_where_translations_label_the_choices(capsys, tmp_path):
    """The whole of Lupaus, its Finnish and Polish labels of the trump choices included."""
    text = (Path(__file__).parents[1] / "rulesets" / "lupaus.toml").read_text(encoding="utf-8")
    path = tmp_path / "lupaus.toml"
    path.write_text(text.replace('choices = ["turned", "fixed", "rotate"]', 'choices = ["turned", 3, "rotate"]'),
                    encoding="utf-8")
    assert run(capsys, "rules", "check", str(path)) == (
        1, f"{path}: options.trump_rule.choices[1]: expected text, got a number\n", "")


def test_choices_that_are_not_a_list_are_one_line_each(capsys, tmp_path):
    path = house_rule(tmp_path, '[options.scoring]\nchoices = true\n[fields.call]\ntype = "choice"\nchoices = 3\n')
    assert run(capsys, "rules", "check", str(path)) == (
        1, f"{path}: options.scoring.choices: expected a list of texts, got true/false\n"
           f"{path}: fields.call.choices: expected a list of texts, got a number\n", "")


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "2.5"])
def test_an_int_option_default_that_is_no_whole_number(capsys, tmp_path, value):
    path = house_rule(tmp_path, f'[options.n]\ntype = "int"\ndefault = {value}\nmin = 0\nmax = 5\n')
    assert run(capsys, "rules", "check", str(path)) == (
        1, f"{path}: options.n.default: option n is a whole number, not '{value}'\n", "")


@pytest.mark.parametrize("value", ["inf", "nan"])
def test_an_int_option_of_a_sheet_that_is_no_whole_number(capsys, tmp_path, value):
    played = sheet(tmp_path, "pataviitonen", f'[options]\nend = "target"\ntarget = {value}\n')
    assert run(capsys, "replay", str(played)) == (
        1, "", f"scorekeeper: error: {played}: options: option target is a whole number, not '{value}'\n")


def test_toml_nested_too_deeply_is_one_line_in_a_ruleset_and_a_sheet(capsys, tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 50_000 + "]" * 50_000 + "\n", encoding="utf-8")
    assert run(capsys, "rules", "check", str(path)) == (1, f"{path}: {TOO_DEEP}\n", "")
    assert run(capsys, "replay", str(path)) == (1, "", f"scorekeeper: error: {path}: {TOO_DEEP}\n")
    ruleset, problems = parse_ruleset_text("x = " + "{a = " * 50_000 + "1" + "}" * 50_000, "t.toml")
    assert (ruleset, [str(p) for p in problems]) == (None, [f"t.toml: {TOO_DEEP}"])


def test_the_nesting_limit_is_exact_and_brackets_in_texts_do_not_count():
    deepest = "x = " + "[" * DEEPEST_NESTING + "]" * DEEPEST_NESTING
    assert nesting(deepest) == DEEPEST_NESTING and "x" in parse_toml(deepest)
    with pytest.raises(FileRefused):
        parse_toml("x = [" + deepest[4:] + "]")
    texts = 'a = "[[[{{"  # [[[\nb = \'[[\'\nc = """\n[[\\"""\n]"""\nd = \'\'\'[[\'\'\'\ne = [{f = [1]}]\n'
    assert (nesting(texts), parse_toml(texts)["e"]) == (3, [{"f": [1]}])


def test_a_number_too_long_to_read_is_one_line_in_a_ruleset_and_a_sheet(capsys, tmp_path):
    """tomllib gave Python's own "Exceeds the limit (4300 digits)" with no file named."""
    too_long = "a number in the file has more than 4300 digits"
    path = house_rule(tmp_path, "[fields.bid]\nmax = " + "9" * 5000 + "\n")
    assert run(capsys, "rules", "check", str(path)) == (1, f"{path}: {too_long}\n", "")
    played = sheet(tmp_path, "pataviitonen", '[options]\nend = "target"\ntarget = ' + "9" * 5000 + "\n")
    assert run(capsys, "replay", str(played)) == (1, "", f"scorekeeper: error: {played}: {too_long}\n")


# --- 8. arguments -------------------------------------------------------------------------------


def test_a_number_of_players_is_checked_before_a_seat_is_made(capsys):
    wrong = "scorekeeper: error: Lupaus is played by 3 to 7 players, not 100000000\n"
    assert run(capsys, "check-bid", "lupaus", "--players", "100000000", "--deal", "1", "--bids", "1", "2") == (
        2, "", wrong)
    assert run(capsys, "rules", "show", "lupaus", "--players", "100000000") == (2, "", wrong)
    assert run(capsys, "rules", "show", "lupaus", "--players", "-3") == (
        2, "", "scorekeeper: error: Lupaus is played by 3 to 7 players, not -3\n")


def test_a_number_argument_past_what_can_be_stored_is_one_line(capsys, tmp_path):
    huge = "9" * 30
    too_large = f"{huge} is too large: a number given here is at most 9223372036854775807"
    db = str(tmp_path / "games.db")
    assert run(capsys, "--db", db, "show", huge) == (2, "", f"scorekeeper: error: argument GAME_ID: {too_large}\n")
    assert run(capsys, "--db", db, "replay", huge) == (2, "", f"scorekeeper: error: {too_large}\n")
    assert run(capsys, "check-bid", "lupaus", "--players", "3", "--deal", huge, "--bids", "1") == (
        2, "", f"scorekeeper: error: argument --deal: {too_large}\n")
    assert run(capsys, "check-bid", "lupaus", "--players", "3x", "--deal", "1", "--bids", "1") == (
        2, "", "scorekeeper: error: argument --players: '3x' is not a whole number\n")
