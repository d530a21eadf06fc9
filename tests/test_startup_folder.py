"""The rules a table gets never depend on the folder the program was started in.

A bare name ("lupaus") is always the built-in game, even when the current folder holds a file
or a folder of that name; a ruleset file is named by its path (it ends in ``.toml`` or has a
folder in it: ``./lupaus``). Digits given where a sheet or a stored game may be are always the
game's number; a sheet named so is ``./12``. Lupaus, 3 players, deal 1: 10 cards, the dealer
(Player 1) bids last and may not make the bids total 10.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.rules.ruleset import RulesetError, load_ruleset, ruleset_file
from helpers.samples import SHEET

REPO = Path(__file__).resolve().parents[1]
# A file that, read as the rules of "lupaus", would let the dealer make the bids total the tricks.
IMPOSTOR = ('extends = "lupaus"\nid = "lupaus"\nname = "Impostor"\ndescription = "x"\n'
            '[options.dealer_restriction]\ndefault = false\n')
BUILTINS = {"belote", "bridge", "lupaus", "skat", "whist", "wizard"}


@pytest.fixture
def crowded(tmp_path, monkeypatch):
    """The current folder holds files and folders named like built-in games and game numbers."""
    (tmp_path / "lupaus").write_text(IMPOSTOR, encoding="utf-8")
    (tmp_path / "wizard").write_text("not toml [", encoding="utf-8")
    (tmp_path / "skat").mkdir()
    (tmp_path / "whist.toml").write_text("id = 'x'\n", encoding="utf-8")
    (tmp_path / "1").write_text(SHEET.replace("Anna", "Zed"), encoding="utf-8")
    (tmp_path / "scorekeeper").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREKEEPER_DB", raising=False)
    return tmp_path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    got = capsys.readouterr()
    return code, got.out, got.err


@pytest.mark.parametrize("ref, is_path", [
    ("lupaus", False), ("skat", False), ("lupaus-x", False), ("12", False),
    ("./lupaus", True), ("rules/lupaus", True), ("house.toml", True), ("House.TOML", True),
    ("/abs/lupaus", True), (".", True), ("..", True),
])
def test_a_reference_is_a_path_when_written_as_one(ref, is_path):
    from scorekeeper.rules.paths import names_a_file

    assert names_a_file(ref) is is_path


def test_a_bare_builtin_id_is_the_builtin_whatever_the_folder_holds(crowded):
    builtin = REPO / "rulesets"
    for rid in ("lupaus", "wizard", "skat"):
        assert Path(ruleset_file(rid)).resolve() == (builtin / f"{rid}.toml").resolve()
    assert load_ruleset("lupaus").name == "Lupaus"


def test_rules_list_in_a_folder_holding_a_folder_named_like_a_game(crowded, capsys):
    code, out, err = run(capsys, "rules", "list")
    assert (code, err) == (0, "")
    assert "skat: Skat (3-4 players)" in out and "lupaus: Lupaus (3-7 players)" in out


def test_check_bid_reads_the_builtin_not_a_file_of_the_same_name(crowded, capsys):
    assert run(capsys, "check-bid", "lupaus", "--players", "3", "--deal", "1", "--bids", "1", "0") == (
        0, "Dealer Player 1 may not bid 9: the bids would total 10, the number of tricks\n"
           "Allowed: 0 1 2 3 4 5 6 7 8 10\n", "")


def test_rules_show_and_check_take_the_builtin(crowded, capsys):
    code, out, err = run(capsys, "rules", "show", "wizard")
    assert (code, err, out.splitlines()[0]) == (0, "", "Wizard (wizard)")
    assert run(capsys, "rules", "check", "lupaus", "skat") == (0, "lupaus: ok\nskat: ok\n", "")


def test_a_file_of_the_folder_is_read_when_named_by_its_path(crowded, capsys):
    code, out, err = run(capsys, "rules", "show", "./lupaus")
    assert (code, err, out.splitlines()[0]) == (0, "", "Impostor (lupaus)")
    assert run(capsys, "check-bid", "./lupaus", "--players", "3", "--deal", "1", "--bids", "1", "0") == (
        0, "Allowed: 0 1 2 3 4 5 6 7 8 9 10\n", "")
    assert run(capsys, "rules", "check", "./wizard")[0] == 1
    code, out, err = run(capsys, "rules", "show", "./skat")
    assert (code, out, err) == (1, "", "scorekeeper: error: ./skat: is a folder, not a file\n")


def test_a_bare_name_of_a_file_that_is_no_game_says_how_to_name_the_file(crowded, capsys):
    (crowded / "house").write_text(IMPOSTOR, encoding="utf-8")
    code, out, err = run(capsys, "rules", "check", "house")
    assert (code, out) == (2, "")
    assert err.startswith("scorekeeper: error: no built-in ruleset 'house'; the built-in rulesets are: belote, ")
    assert err.endswith("; a bare name is never read as a file: to use the file 'house' of this folder, "
                        "write it as a path, ./house\n")
    code, out, err = run(capsys, "rules", "show", "nothing-here")
    assert err.endswith("; or give a path to a .toml file\n")


def test_extends_by_path_is_the_files_neighbour_not_the_current_folders(crowded, tmp_path_factory):
    """``extends = "./base"`` names a file beside the house rule, wherever the program started."""
    elsewhere = tmp_path_factory.mktemp("house")
    (elsewhere / "base").write_text('extends = "lupaus"\nid = "base"\nname = "Base"\ndescription = "x"\n',
                                    encoding="utf-8")
    (crowded / "base").write_text(IMPOSTOR, encoding="utf-8")
    house = elsewhere / "house.toml"
    house.write_text('extends = "./base"\nid = "house"\nname = "House"\ndescription = "x"\n', encoding="utf-8")
    rs = load_ruleset(str(house))
    assert rs.name == "House"
    assert rs.fields["bid"].label == "Bid"
    assert rs.options["dealer_restriction"].default is True
    house.write_text('extends = "lupaus"\nid = "house"\nname = "House"\ndescription = "x"\n', encoding="utf-8")
    assert load_ruleset(str(house)).options["dealer_restriction"].default is True  # a bare name: the built-in


def test_digits_are_a_stored_games_number_even_beside_a_file_of_that_name(crowded, capsys):
    db = str(crowded / "games.db")
    assert main(["import", str(REPO / "examples" / "lupaus.toml"), "--db", db]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "replay", "1", "--db", db)
    assert (code, err) == (0, "")
    assert "Zed" not in out
    code, out, err = run(capsys, "replay", "./1", "--db", db)
    assert (code, err) == (0, "")
    assert "Zed 35" in out


def test_the_app_opens_the_builtin_game_beside_a_file_of_its_name(crowded):
    """`scorekeeper play lupaus` beside a file 'lupaus' opens the new game of the built-in Lupaus."""
    from helpers.tui import opened, run

    from scorekeeper.tui.screens.new_game import NewGameScreen

    async def go() -> tuple[str, str, str]:
        async with opened(str(crowded / "games.db"), ruleset="lupaus") as (app, pilot):
            screen = app.screen
            return type(screen).__name__, getattr(screen, "ref", None), getattr(screen, "ruleset", None).name

    assert run(go()) == (NewGameScreen.__name__, "lupaus", "Lupaus")


def test_on_windows_a_backslash_or_a_drive_makes_a_path(monkeypatch):
    """Read with Windows' path rules (ntpath): '.\\lupaus' and 'C:lupaus' are files, 'lupaus' the game."""
    import ntpath
    import types

    from scorekeeper.rules import paths

    monkeypatch.setattr(paths, "os", types.SimpleNamespace(sep="\\", altsep="/", path=ntpath))
    got = {ref: paths.names_a_file(ref) for ref in (".\\lupaus", "C:lupaus", "C:\\games\\house", "rules/x", "lupaus")}
    assert got == {".\\lupaus": True, "C:lupaus": True, "C:\\games\\house": True, "rules/x": True, "lupaus": False}


def test_on_a_case_blind_disk_a_name_in_other_letters_is_no_builtin(crowded, monkeypatch):
    """macOS and Windows find rulesets/LUPAUS.toml when asked for it: the id must still match exactly."""
    import os

    real = os.path.exists

    def case_blind(path):
        folder, name = os.path.split(os.fspath(path))
        try:
            return any(entry.lower() == name.lower() for entry in os.listdir(folder or "."))
        except OSError:
            return real(path)

    monkeypatch.setattr(os.path, "exists", case_blind)
    monkeypatch.setattr(os.path, "lexists", case_blind)
    with pytest.raises(RulesetError) as caught:
        ruleset_file("LUPAUS")
    problem = caught.value.problems[0]
    assert (problem.file, problem.message.code) == ("LUPAUS", "rules.no_builtin_file")  # ('lupaus' is in the folder)


def test_a_sheet_written_again_names_a_house_file_by_a_path_not_as_a_bare_name(tmp_path):
    """A sheet whose ruleset is ./lupaus (a house file with no .toml) is written back with
    ./lupaus: "lupaus" alone would be read again as the built-in game."""
    from scorekeeper.game.sheet import dump_sheet, load_sheet

    (tmp_path / "lupaus").write_text(IMPOSTOR, encoding="utf-8")
    sheet = tmp_path / "friday.toml"
    sheet.write_text(SHEET.replace('ruleset = "lupaus"', 'ruleset = "./lupaus"'), encoding="utf-8")
    game = load_sheet(sheet)
    assert game.ruleset.name == "Impostor"
    text = dump_sheet(game, tmp_path / "again.toml")
    assert text.splitlines()[0] == 'ruleset = "./lupaus"'
    assert load_sheet(tmp_path / "again.toml").ruleset.name == "Impostor"


def test_a_sheet_written_on_another_drive_names_its_ruleset_by_its_full_path(tmp_path, monkeypatch):
    """Windows' relpath fails across drives (ValueError): the ruleset keeps its full path."""
    import os

    from scorekeeper.game.sheet import dump_sheet, load_sheet

    house = tmp_path / "house.toml"
    house.write_text(IMPOSTOR.replace('id = "lupaus"', 'id = "house"'), encoding="utf-8")
    sheet = tmp_path / "friday.toml"
    sheet.write_text(SHEET.replace('ruleset = "lupaus"', 'ruleset = "house.toml"'), encoding="utf-8")
    game = load_sheet(sheet)

    def other_drive(path, start=None):
        raise ValueError("path is on mount 'D:', start on mount 'C:'")

    (tmp_path / "out").mkdir()
    monkeypatch.setattr(os.path, "relpath", other_drive)
    assert dump_sheet(game, tmp_path / "out" / "again.toml").splitlines()[0] == f'ruleset = "{house.as_posix()}"'


def test_a_path_object_is_a_file_even_with_a_bare_name(crowded):
    assert load_ruleset(Path("lupaus")).name == "Impostor"
    assert load_ruleset("lupaus").name == "Lupaus"
