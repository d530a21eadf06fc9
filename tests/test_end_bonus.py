"""A step after the last deal (``[end] bonus``): points each scorer gains once the game has
ended by its rules, worked out from the values after the last deal, and shown as their own
line (issue 28: Gin Rummy's game, box and shutout bonuses; before, parts.bonus was the only
such step and it read the values from before the last deal)."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.cli import main
from scorekeeper.game.game import Game
from scorekeeper.game.limits import check_ruleset
from scorekeeper.game.sheet import load_sheet
from scorekeeper.i18n import show
from scorekeeper.rules.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
SHEET = ROOT / "examples" / "gin-rummy.toml"


def test_gin_rummy_replays_to_its_hand_worked_totals_with_the_end_bonus():
    """Hands: Anna 125 (4 won), Ben 79 (3 won); bonuses Anna 100 + 4 x 25, Ben 3 x 25."""
    assert check_ruleset(ROOT / "rulesets" / "gin-rummy.toml") == []
    game = load_sheet(SHEET)
    assert game.results()[-1].totals == (125, 79)  # the deals' own totals
    assert game.end_bonus() == (200, 75)  # 4 boxes: the one won in the last deal counts
    assert (game.totals(), game.winners) == ((325, 154), ["Anna"])
    assert [s.total for s in game.standings()] == [325, 154]


def test_the_end_bonus_is_its_own_line(capsys):
    assert main(["replay", str(SHEET)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "   8     10  Anna         45    125          4    0     79          3" in out
    assert "             end bonus   200    325              75    154" in out
    assert "Totals: Anna 325, Ben 154" in out
    assert main(["replay", str(SHEET), "--plain"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3:] == ["At the end of the game the rules add: Anna 200, Ben 75.",
                        "Totals: Anna 325 (1st), Ben 154 (2nd).", "Winner: Anna."]
    assert main(["replay", str(SHEET), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["end_bonus"], doc["totals"], doc["deals"][-1]["totals"]) == ([200, 75], [325, 154], [125, 79])
    assert main(["rules", "show", "gin-rummy"]) == 0
    assert ("When the game has ended, each total gains: (game_bonus + (total if min(total) == 0 else 0) if "
            "total >= game_to else 0) + box_bonus * boxes") in capsys.readouterr().out.splitlines()


def test_a_shutout_doubles_the_winners_hand_points():
    """Anna wins both hands, Ben scores nothing: 65 + 55 = 120, then 100 + 120 + 2 x 25."""
    game = Game(load_ruleset("gin-rummy"), ["Anna", "Ben"])
    game.record({"outcome": "gin", "knocker": 1, "deadwood": 40})
    game.record({"outcome": "gin", "knocker": 1, "deadwood": 30})
    assert (game.end_bonus(), game.totals(), game.winners) == ((270, 0), (390, 0), ["Anna"])


def test_no_end_bonus_while_the_game_goes_on_or_when_the_table_ends_it_early():
    game = Game(load_ruleset("gin-rummy"), ["Anna", "Ben"])
    game.record({"outcome": "knock", "knocker": 2, "knocker_deadwood": 2, "deadwood": 30})
    assert (game.end_bonus(), game.totals()) == ((), (0, 28))
    game.end_early()
    assert (game.end_bonus(), game.totals(), game.winners) == ((), (0, 28), ["Ben"])


def test_undoing_the_last_deal_takes_the_bonus_back():
    game = load_sheet(SHEET)
    game.undo()
    assert (game.end_bonus(), game.totals(), game.is_over) == ((), (80, 79), False)


def test_a_game_in_parts_adds_its_bonus_with_parts_bonus(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text('extends = "whist"\nid = "whist-x"\nname = "x"\n[end]\nbonus = "1"\n')
    assert [show(p) for p in check_ruleset(path)] == [
        f"{path}: end.bonus: a game played in parts adds its end bonus with parts.bonus, to the match totals"]


def test_the_csv_and_markdown_exports_show_the_end_bonus_as_its_own_line():
    from scorekeeper.reports.export import export

    game = load_sheet(SHEET)
    rows = export(game, "csv").splitlines()
    assert rows[rows.index("rank,name,total") - 2] == "end bonus,,,200,325,75,154"
    assert "At the end of the game the rules add: Anna 200, Ben 75." in export(game, "md").splitlines()


def test_the_board_tells_the_end_bonus_above_the_deals():
    """The standings hold the bonus and the last deal's row does not: the board says it."""
    from scorekeeper.play.board import BoardMaker

    view = BoardMaker(load_sheet(SHEET)).view()
    assert view.carried == ("Hands won: Anna 4, Ben 3", "End bonus: Anna 200, Ben 75")
    assert [s.total for s in view.standings] == [325, 154]
