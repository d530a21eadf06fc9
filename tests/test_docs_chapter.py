"""docs/rulesets.md's chapter "Writing a game step by step" is a ruleset that works: its
TOML pieces put together pass rules check and score the Euchre example sheet deal by deal
as the built-in Euchre does."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.cli import main
from scorekeeper.game.sheet import replay_sheet

ROOT = Path(__file__).resolve().parents[1]


def chapter_ruleset() -> str:
    text = (ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8")
    start = text.index("## Writing a game step by step: Euchre")
    end = text.index("\n# ", start)
    return "\n".join(re.findall(r"```toml\n(.*?)```", text[start:end], re.S))


def test_the_chapters_pieces_make_a_ruleset_that_passes_rules_check(tmp_path, capsys):
    path = tmp_path / "my-euchre.toml"
    path.write_text(chapter_ruleset(), encoding="utf-8")
    assert main(["rules", "check", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: ok\n"


def test_the_chapters_game_scores_the_example_sheet_as_the_built_in_euchre(tmp_path):
    (tmp_path / "my-euchre.toml").write_text(chapter_ruleset(), encoding="utf-8")
    sheet = (ROOT / "examples" / "euchre.toml").read_text(encoding="utf-8")
    (tmp_path / "sheet.toml").write_text(sheet.replace('ruleset = "euchre"', 'ruleset = "my-euchre.toml"'),
                                         encoding="utf-8")
    mine, refused = replay_sheet(tmp_path / "sheet.toml")
    assert refused == []
    built_in, refused = replay_sheet(ROOT / "examples" / "euchre.toml")
    assert refused == []
    assert [r.scores for r in mine.results()] == [r.scores for r in built_in.results()]
    assert mine.totals() == (10, 6)
    assert mine.winners == ["Anna & Cara"]
