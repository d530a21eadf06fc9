"""The command line builds only what it uses: the named command's group of parsers, and
help texts only when help is asked for; every other line gets the whole parser."""

from __future__ import annotations

import argparse

import pytest

from scorekeeper.i18n import using_language

from scorekeeper.cli import build_parser, main

EVERY_COMMAND = ["rules", "check-bid", "hand-value", "replay", "play", "export", "history", "show", "stats",
                 "sessions", "session", "import", "board", "serve"]
CHECK_BID = ["check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", "3", "2", "4"]


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def _helps(parser: argparse.ArgumentParser) -> list:
    return [a.help for p in (parser, *_commands(parser).values()) for a in p._actions
            if a.help is not argparse.SUPPRESS and not isinstance(a, argparse._HelpAction)]


@pytest.mark.parametrize("argv, commands", [
    (CHECK_BID, ["rules", "check-bid", "hand-value"]),
    (["--db", "stats", "history"], ["history", "show", "stats", "sessions", "session", "import"]),
    (["--db=x.db", "export", "1", "--format", "csv"], ["replay", "play", "export"]),
    (["board", "3"], ["board", "serve"]),
    (["serve", "--lan"], ["board", "serve"]),
])
def test_a_command_line_gets_its_groups_parsers_without_help(argv, commands):
    """--db's value is not taken for the command; no help text is worded."""
    parser = build_parser(argv)
    assert list(_commands(parser)) == commands
    assert parser.description is None and set(_helps(parser)) == {None}


@pytest.mark.parametrize("argv", [None, [*CHECK_BID, "--help"], ["check-bid", "-h"], ["check-bid", "--he"]])
def test_help_gets_the_whole_parser_with_its_texts(argv):
    parser = build_parser(argv)
    assert list(_commands(parser)) == EVERY_COMMAND
    assert parser.description.startswith("Score keeper for trick-taking card games.")
    assert _commands(parser)["check-bid"]._actions[3].help == "the deal number"


@pytest.mark.parametrize("argv", [["frobnicate"], ["--db", "x.db"], []])
def test_an_unknown_command_or_none_gets_every_command_without_help(argv):
    parser = build_parser(argv)
    assert list(_commands(parser)) == EVERY_COMMAND
    assert set(_helps(parser)) == {None}


def test_help_asked_by_an_abbreviation_is_worded(capsys):
    """argparse takes --he for --help: the help shown has its texts."""
    assert main(["check-bid", "--he"]) == 0
    assert "  --deal K              the deal number\n" in capsys.readouterr().out


def test_an_unknown_command_still_lists_every_command(capsys):
    assert main(["frobnicate"]) == 2
    assert capsys.readouterr().err == (
        "scorekeeper: error: argument COMMAND: invalid choice: 'frobnicate' (choose from "
        + ", ".join(f"'{c}'" for c in EVERY_COMMAND) + ")\n")


def test_the_lean_parser_parses_as_the_whole_one():
    lean, whole = build_parser(CHECK_BID).parse_args(CHECK_BID), build_parser().parse_args(CHECK_BID)
    assert vars(lean) == vars(whole)
    assert (lean.players, lean.deal, lean.bids) == (4, 1, ["3", "2", "4"])


def test_every_argument_of_every_command_says_what_it_takes():
    """`scorekeeper play --help` listed ID|FILE|GAME_ID with no word of what it is: with help
    asked for, every argument and option of every command has its text."""
    def missing(name: str, parser: argparse.ArgumentParser) -> list[str]:
        out = []
        for a in parser._actions:
            if isinstance(a, argparse._SubParsersAction):  # its commands each have their text
                out += [m for sub, p in a.choices.items() for m in missing(f"{name} {sub}", p)]
            elif not isinstance(a, argparse._HelpAction) and not a.help:
                out.append(f"{name} {a.dest}")
        return out

    for lang in ("en", "fi", "pl"):
        with using_language(lang):
            assert missing("scorekeeper", build_parser(["--help"])) == [], lang
