"""The command line's process state is named: whether help texts are worded is one object
(cli.common.HELP_WORDING), a command's usual form one value (cli.quick.Form), and the errors
caught by class name are looked up by one function that leaves unloaded modules alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scorekeeper import cli
from scorekeeper.cli.common import HELP_WORDING, help_text
from scorekeeper.cli.parsing import help_texts
from scorekeeper.cli.quick import FORMS, Form, quick_args
from scorekeeper.rules.problems import RulesetError

REPO = Path(__file__).resolve().parents[1]


def test_help_texts_are_off_while_a_lean_parser_is_built_and_on_again_after():
    assert HELP_WORDING.on and help_text("cli.help.version") == "show the version of scorekeeper and stop"
    with help_texts(False):
        assert not HELP_WORDING.on and help_text("cli.help.version") is None
        with help_texts(True):
            assert help_text("cli.help.version") == "show the version of scorekeeper and stop"
        assert help_text("cli.help.version") is None
    assert HELP_WORDING.on


def test_a_usual_form_names_its_command_function_and_when_it_is_imported():
    show = FORMS[("show",)]
    assert isinstance(show, Form) and (show.module, show.name, show.later) == (".games", "cmd_show", True)
    assert [dest for dest, _ in FORMS[("hand-value",)].positionals] == ["ruleset", "cards"]
    args = quick_args(["rules", "show", "lupaus", "--players", "4", "--json"])
    assert args is not None and (args.command, args.ruleset, args.players, args.json) == ("rules", "lupaus", 4, True)


def test_the_errors_caught_by_name_are_those_of_loaded_modules_only():
    """A fresh interpreter: the command line loads the ruleset files' module, not the sheets'."""
    code = ("import sys\n"
            "from scorekeeper import cli\n"
            "from scorekeeper.rules.files import FileRefused\n"
            "from scorekeeper.rules.problems import RulesetError\n"
            "found = cli._loaded('game.sheet.SheetError', 'rules.files.FileRefused', also=RulesetError)\n"
            "assert 'scorekeeper.game.sheet' not in sys.modules, 'the sheets are loaded'\n"
            "assert found == (RulesetError, FileRefused), found\n"
            "assert cli._loaded('game.sheet.SheetError') == ()\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_loaded_errors_with_the_class_given_first():
    from scorekeeper.game.engine import GameError

    assert cli._loaded("game.engine.GameError", also=RulesetError) == (RulesetError, GameError)
    assert cli._loaded("game.engine.GameError") == (GameError,)


def test_rules_show_json_keeps_each_document_s_keys_in_order(capsys):
    """The typed documents of ``rules show --json`` (OptionDoc, FieldDoc, DerivedDoc) write their
    keys in the order they always had: a field's kind's keys between its label and "optional"."""
    import json

    assert cli.main(["rules", "show", "lupaus", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [list(f) for f in shown["fields"]] == [
        ["id", "phase", "scope", "type", "label", "when", "optional"],
        ["id", "phase", "scope", "type", "label", "min", "max", "optional"],
        ["id", "phase", "scope", "type", "label", "min", "max", "optional"]]
    assert list(shown["options"][1]) == ["id", "type", "label", "default", "help", "choices", "labels"]
    assert shown["derived"][0] == {"id": "exact", "scope": "seat", "label": "Exact", "value": "bid == tricks",
                                   "shows": "value"}
    assert shown["parts"] is None
