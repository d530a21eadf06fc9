"""Importing a TOML score sheet into the store, and the round trip store -> sheet -> store."""

from __future__ import annotations

import pytest
from helpers.samples import DEALS
from helpers.stores import fixture_text

from scorekeeper.game.sheet import SheetError
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.reports.export import export
from scorekeeper.reports.history import import_sheet

# tricks-plus-ten, Ben deals first: deal 1 has 10 cards, deal 2 9, deal 3 8.
SHEET = """\
ruleset = "lupaus"
title = "Kesämökki \\"18\\""
players = ["Anna", "Ben", "Cara"]
first_dealer = 2

[options]
scoring = "tricks-plus-ten"

""" + DEALS


def test_a_sheet_becomes_a_stored_game(tmp_path):
    (tmp_path / "game.toml").write_text(SHEET, encoding="utf-8")
    with Store(tmp_path / "s.db") as store:
        gid = import_sheet(store, tmp_path / "game.toml")
        stored = store.open_game(gid)
        (summary,) = store.list_games()
        assert store.sessions() == []  # an imported game belongs to no session
    game = stored.game
    assert (gid, stored.title, stored.ruleset_ref) == (1, 'Kesämökki "18"', "lupaus")
    assert (game.players, game.setup.first_dealer, game.options["scoring"]) == (("Anna", "Ben", "Cara"), 2,
                                                                                 "tricks-plus-ten")
    assert game.totals() == (35, 24, 28)  # 13+12+10, 5+4+15, 12+13+3
    assert (summary.deals_played, summary.finished, summary.title) == (3, False, 'Kesämökki "18"')


def test_export_then_import_round_trips_exactly(tmp_path):
    """Stored (with an edit and an undo in its history) -> TOML sheet -> stored: the same game, the same sheet."""
    with Store(tmp_path / "s.db") as store:
        g = store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "=cmd|' /C calc'!A0", "+1"],
                           {"scoring": "ten-per-trick", "zero_bid": "five"}, first_dealer=3, title="Round trip")
        g.record({"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"})
        g.record({"bid": [2, 2, 2], "tricks": [2, 3, 4]})
        g.edit(2, {"bid": [2, 3, 2], "tricks": [2, 3, 4]})
        g.record({"bid": [0, 1, 1], "tricks": [0, 1, 7]})
        g.undo()
        g.record({"bid": [0, 1, 1], "tricks": [0, 2, 6], "turned": "clubs"})
        text = export(g.game, "toml", title=g.title, ruleset_ref=g.ruleset_ref)
        (tmp_path / "out.toml").write_text(text, encoding="utf-8")
        copy = store.open_game(import_sheet(store, tmp_path / "out.toml"))
        assert copy.id == 2
        assert copy.game.deals == g.game.deals
        assert (copy.game.options, copy.game.players, copy.game.setup.first_dealer) == (
            g.game.options, g.game.players, 3)
        assert copy.game.totals() == g.game.totals()
        assert [r.scores for r in copy.game.results()] == [r.scores for r in g.game.results()]
        assert copy.title == "Round trip"
        assert export(copy.game, "toml", title=copy.title, ruleset_ref=copy.ruleset_ref) == text


PROMISE = fixture_text("rulesets/promise.toml")


def test_a_sheet_with_its_own_ruleset_file_keeps_its_ruleset(tmp_path):
    """The ruleset path is stored made absolute; the game keeps its copy when the file changes."""
    rules = tmp_path / "rules" / "promise.toml"
    rules.parent.mkdir()
    rules.write_text(PROMISE, encoding="utf-8")
    sheet = tmp_path / "sheets" / "game.toml"
    sheet.parent.mkdir()
    sheet.write_text('ruleset = "../rules/promise.toml"\nplayers = ["A", "B"]\n\n'
                     '[[deals]]\nbid = [1, 0]\ntricks = [1, 0]\n', encoding="utf-8")
    with Store(tmp_path / "s.db") as store:
        gid = import_sheet(store, sheet)
        rules.write_text(PROMISE.replace("10 if", "99 if"), encoding="utf-8")
        stored = store.open_game(gid)
        assert (stored.ruleset_ref, stored.game.ruleset.id, stored.game.totals()) == (
            str(rules.resolve()), "promise", (10, 10))
        text = export(stored.game, "toml", title=stored.title, ruleset_ref=stored.ruleset_ref)
    assert text.splitlines()[0] == f'ruleset = "{rules.resolve()}"'


@pytest.mark.parametrize(("change", "message"), [
    (("tricks = [2, 4, 3]", "tricks = [2, 4, 4]"), "game.toml: deal 2: the tricks taken add up to 10, not 9, the number of tricks played"),
    (("bid = [0, 5, 1]", "bids = [0, 5, 1]"),
     "game.toml: deal 3: Lupaus has no field 'bids' (did you mean 'bid'?); its fields are: turned, bid, tricks"),
    (('scoring = "tricks-plus-ten"', 'scoring = "lots"'),
     "game.toml: options: option scoring is one of ten-plus-bid, tricks-plus-ten, ten-per-trick, not 'lots'"),
])
def test_a_bad_sheet_is_refused_naming_the_deal_and_field(tmp_path, monkeypatch, change, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.toml").write_text(SHEET.replace(*change), encoding="utf-8")
    with Store(tmp_path / "s.db") as store:
        with pytest.raises(SheetError) as exc:
            import_sheet(store, "game.toml")
        assert str(exc.value) == message
        assert store.list_games() == []
