"""``show GAME_ID`` prints a stored game exactly as ``replay`` prints the score sheet it came from:
every example game, finished and in progress (the first half of its deals), in every format
(the table, --plain, --json, whose document adds the game's id) and every language.

The store rebuilds a game from its own copy of the ruleset and its event log, the sheet from
its TOML file: the two reach the same printing by separate ways, and agreeing byte for byte
pins what show prints whatever it reads from the store (or leaves unread)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.game.sheet import dump_sheet, load_sheet

REPO = Path(__file__).resolve().parents[1]
# The example sheets (pataviitonen-criteria.toml is a ruleset that another example plays).
SHEETS = sorted(p.name for p in (REPO / "examples").glob("*.toml") if p.name != "pataviitonen-criteria.toml")
FORMATS = ([], ["--plain"], ["--json"])
LANGS = ("en", "fi", "pl")


def _printed(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _half_played(sheet: Path, folder: Path) -> Path:
    """The sheet of the game as it was after the first half of its deals (the rest undone)."""
    game = load_sheet(sheet)
    for _ in range(len(game.deals) - len(game.deals) // 2):
        game.undo()
    path = folder / f"half-{sheet.name}"
    dump_sheet(game, path)
    return path


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A store of every example game (ids 1, 2, ...) then each one half played (ids after them);
    the sheets in the order of their ids."""
    folder = tmp_path_factory.mktemp("shown")
    db = str(folder / "games.db")
    sheets = [REPO / "examples" / name for name in SHEETS]
    sheets += [_half_played(sheet, folder) for sheet in sheets]
    for sheet in sheets:
        assert main(["import", str(sheet), "--db", db]) == 0
    return db, sheets


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fmt", FORMATS, ids=["table", "plain", "json"])
def test_show_prints_what_replay_prints_of_the_sheet(stored, capsys, fmt, lang):
    db, sheets = stored
    capsys.readouterr()
    for game_id, sheet in enumerate(sheets, start=1):
        shown = _printed(capsys, "--lang", lang, "show", str(game_id), "--db", db, *fmt)
        replayed = _printed(capsys, "--lang", lang, "replay", str(sheet), *fmt)
        if fmt == ["--json"]:
            document = json.loads(shown)
            assert next(iter(document)) == "id" and document.pop("id") == game_id
            assert json.dumps(document, indent=2, ensure_ascii=False) + "\n" == replayed, sheet.name
        else:
            assert shown == replayed, sheet.name


def test_half_of_every_game_is_in_progress(stored, capsys):
    """The games in progress are so (none ended within its first half), and are shown as such."""
    db, sheets = stored
    capsys.readouterr()
    halves = range(len(SHEETS) + 1, len(sheets) + 1)
    over = [json.loads(_printed(capsys, "show", str(i), "--db", db, "--json"))["over"] for i in halves]
    assert over == [False] * len(SHEETS)
