"""The headless commands in their usual forms are read without argparse (scorekeeper.cli.quick):
the same namespace as the parser's; every other form, bad ones among them, is left to the
parser, so what a bad line is told is argparse's own words, as before."""

from __future__ import annotations

import pytest

from scorekeeper.cli import build_parser, main, quick_args
from scorekeeper.cli.common import UsageError

ACCEPTED = [
    "check-bid lupaus --players 4 --deal 1 --bids 3 2 4",
    "check-bid lupaus --players 4 --deal 1 --bids 3",
    "check-bid lupaus --bids 3 2 --deal 2 --players 3",
    "check-bid lupaus --players 4 --cards 7 --bids 3 2 4 --json",
    "check-bid lupaus --json --players 4 --cards 7 --bids 3 2 4",
    "check-bid lupaus --players 5 --deal 3 --bids 1 0 2 --option scoring=tricks-plus-ten --option schedule=up",
    "check-bid rulesets/lupaus.toml --players 04 --deal +1 --bids 1",
    "check-bid lupaus --players 4 --deal 1 --bids x y",
    "check-bid lupaus --players 9223372036854775807 --deal 1 --bids 1",
    "rules list", "rules list --json",
    "rules show lupaus", "rules show wizard --players 4 --option a=b --option c=d --plain", "rules show x.toml --json",
    "rules check rulesets/lupaus.toml", "rules check a.toml b.toml c",
    "replay examples/wizard.toml", "replay 12 --option zero_bid=five --json --db my.db", "replay s.toml --plain",
    "show 1", "show 12 --db my.db --json", "show 007 --plain",
    "history", "history --json", "history --db my.db --plain",
    "stats", "stats --player Anna --json", "stats --db x.db --player Ben --plain",
    "sessions", "sessions --json --db x.db",
    "export examples/wizard.toml --format csv", "export 12 --format md -o out.md --db a.db",
    "export x.toml --output out.html --format html", "hand-value wysiwyg SK SQ S7 HA", "hand-value w.toml SK",
]

DECLINED = [
    "check-bid", "check-bid lupaus", "check-bid --players 4 lupaus --deal 1 --bids 1 2 3",
    "check-bid lupaus --players 4 --bids 1", "check-bid lupaus --deal 1 --bids 1", "check-bid lupaus --players 4 --deal 1",
    "check-bid lupaus --players 4 --deal 1 --cards 2 --bids 1", "check-bid lupaus --players 3 --players 4 --deal 1 --bids 2 2 3",
    "check-bid lupaus --players four --deal 1 --bids 1", "check-bid lupaus --players 4.0 --deal 1 --bids 1",
    "check-bid lupaus --players 9223372036854775808 --deal 1 --bids 1", "check-bid lupaus --players --deal 1 --bids 1",
    "check-bid lupaus --players=4 --deal 1 --bids 1 2 3", "check-bid lupaus --pl 4 --deal 1 --bids 1 2 3",
    "check-bid lupaus --players 4 --deal 1 --bids", "check-bid lupaus --players 4 --deal 1 --bids -1 2 3",
    "check-bid lupaus --players 4 --deal -1 --bids 1", "check-bid lupaus --players 4 --deal 1 --bids 1 2 3 --json --json",
    "check-bid lupaus --players 4 --deal 1 --bids 1 --bids 3 2 3", "check-bid lupaus --players 4 --deal 1 --bids 1 --option",
    "check-bid lupaus --players 4 --deal 1 --bids 1 --option -x", "check-bid lupaus --players 4 --deal 1 --bids 1 -- 2",
    "check-bid lupaus --players 4 --deal 1 --bids 1 --what", "check-bid lupaus --players 4 --deal 1 --bids 1 -h",
    "check-bid lupaus extra --players 4 --deal 1 --bids 1", "check-bid lupaus --players 4 --deal 1 --json 1 --bids 1",
    "hand-value lupaus", "hand-value lupaus --json SA", "export x.toml", "export x.toml --format pdf",
    "export --all --format csv", "export x.toml --format csv -o a --output b", "export x.toml --format csv --session 3",
    "export x.toml --format", "rules", "rules show", "rules show --json lupaus", "rules show lupaus --players x",
    "rules list --plain", "rules list lupaus", "rules check", "rules check a.toml --json", "replay", "replay --json x.toml",
    "replay x.toml --option", "show", "show x", "show 1 2", "show 1 --db", "show -1", "history extra",
    "history --json --json", "history --db a --db b", "history --js", "stats --player", "stats --player -x",
    "sessions --all", "session", "session 3", "import x.toml", "board", "play lupaus",
    "--db x history", "history --db=x",
]


def _namespace(args) -> tuple[dict, object]:
    """A namespace's values, and its command: the function, or the module and name of a command
    imported when it runs (scorekeeper.cli.quick.run_later)."""
    values = dict(vars(args))
    run = values.pop("run")
    return values, (tuple(c.cell_contents for c in run.__closure__) if run.__closure__ else run)


@pytest.mark.parametrize("line", ACCEPTED)
def test_the_usual_form_gives_the_parsers_namespace(line):
    argv = line.split()
    assert _namespace(quick_args(argv)) == _namespace(build_parser(argv).parse_args(argv))


def test_an_empty_value_is_left_to_the_parser():
    assert quick_args(["check-bid", "", "--players", "4", "--deal", "1", "--bids", "1"]) is None
    assert quick_args(["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", ""]) is None


@pytest.mark.parametrize("line", DECLINED)
def test_every_other_form_is_left_to_the_parser(line):
    assert quick_args(line.split()) is None


UNUSUAL = [  # (the usual form, a form of the same question only the parser reads)
    ("check-bid lupaus --players 4 --deal 1 --bids 1 2 3", "check-bid --players 4 lupaus --deal 1 --bids 1 2 3"),
    ("check-bid lupaus --players 4 --deal 1 --bids 1 2 3", "check-bid lupaus --pl 4 --deal 1 --bids 1 2 3"),
    ("check-bid lupaus --players 4 --deal 1 --bids 1 2 3", "check-bid lupaus --players=4 --deal 1 --bids 1 2 3"),
    ("check-bid lupaus --players 4 --deal 1 --bids 2 2 3", "check-bid lupaus --players 3 --players 4 --deal 1 --bids 2 2 3"),
    ("check-bid lupaus --players 4 --deal 1 --bids 1 2 3 --json", "check-bid lupaus --players 4 --deal 1 --bids 1 2 3 --json --json"),
    ("check-bid lupaus --players 4 --deal 1 --bids 3 2 3", "check-bid lupaus --players 4 --deal 1 --bids 1 --bids 3 2 3"),
]




def _refused(line: str) -> bool:
    try:
        build_parser(line.split()).parse_args(line.split())
    except (UsageError, SystemExit):
        return True
    return False


@pytest.mark.parametrize("line", [line for line in DECLINED if "-h" not in line.split() and _refused(line)])
def test_a_bad_line_is_told_in_argparses_words(line, capsys):
    argv = line.split()
    with pytest.raises(UsageError) as refused:
        build_parser(argv).parse_args(argv)
    assert main(argv) == 2
    assert capsys.readouterr() == ("", f"scorekeeper: error: {refused.value}\n")


def test_what_argparse_says_of_a_missing_option(capsys):
    """One of those messages, written out: the words are argparse's."""
    assert main(["check-bid", "lupaus", "--players", "4", "--bids", "1"]) == 2
    assert capsys.readouterr().err == "scorekeeper: error: one of the arguments --deal --cards is required\n"


@pytest.mark.parametrize(("usual", "unusual"), UNUSUAL)
def test_an_unusual_but_good_line_is_answered_by_the_parser_as_before(usual, unusual, capsys):
    assert quick_args(unusual.split()) is None
    assert vars(build_parser(unusual.split()).parse_args(unusual.split())) == vars(quick_args(usual.split()))
    answers = [(main(line.split()), capsys.readouterr()) for line in (usual, unusual)]
    assert answers[0] == answers[1] and answers[0][1].out


def test_a_game_id_past_the_largest_number_is_refused_as_before(capsys, tmp_path):
    """A game id given where a sheet may be is read without argparse, refused in the parser's words."""
    assert main(["replay", "99999999999999999999", "--db", str(tmp_path / "games.db")]) == 2
    assert capsys.readouterr().err == ("scorekeeper: error: 99999999999999999999 is too large: "
                                       "a number given here is at most 9223372036854775807\n")
