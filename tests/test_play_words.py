"""What the headless table words for the player (scorekeeper.play.words and the texts around it)."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import using_language


@pytest.mark.parametrize("names, text", [
    (["", "", "", ""], "seats 1 and 3 against seats 2 and 4"),
    (["Anna", "Ben", "Cara", "Dan"], "Anna & Cara (seats 1 and 3) against Ben & Dan (seats 2 and 4)"),
    (["Anna", "Ben", "", ""], "Anna & ? (seats 1 and 3) against Ben & ? (seats 2 and 4)"),
    (["Anna"], "Anna & ? (seats 1 and 3) against seats 2 and 4"),
])
def test_the_new_game_form_says_each_partnership_once(names, text):
    """Not "seat 1 & seat 3 (seats 1 and 3)": a side nobody has named yet is its seats."""
    from scorekeeper.play.words import partnerships_text

    assert partnerships_text(((1, 3), (2, 4)), names) == text
    with using_language("fi"):
        assert partnerships_text(((1, 3), (2, 4)), ["", "", "", ""]) == "paikat 1 ja 3 vastaan paikat 2 ja 4"


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def test_no_ruleset_text_speaks_of_the_seed():
    """'The seed' is the project's word for where a ruleset came from, not the player's: no text a
    built-in ruleset shows (in any language) uses it, nor 'the source' in Finnish and Polish."""
    import re
    import tomllib
    from pathlib import Path

    found = []
    for path in sorted((Path(__file__).resolve().parents[1] / "rulesets").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found += [(path.name, text[:60]) for text in _strings(data)
                  if re.search(r"\bseed\b|\bLähde\b|\bŹródło\b", text, re.IGNORECASE)]
    assert found == []


def test_lupaus_miss_help_is_worded_for_the_table():
    from scorekeeper.rules.ruleset import load_ruleset

    rs = load_ruleset("lupaus")
    assert rs.options["miss"].help == (
        "Most tables take 10 points off per trick over or under. The Finnish rule says a miss \"gets 10 points "
        "per trick over or under\" (\"saa 10 pistettä jokaisesta yli- tai alitikistä\"): some tables play it word "
        "for word and give the 10 points instead.")
    assert rs.localized("fi").options["miss"].help.startswith(
        "Useimmissa pöydissä epäonnistuminen vie 10 pistettä jokaisesta yli- tai alitikistä.")


EXAMPLES = __import__("pathlib").Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("sheet, lang, heading, cells", [
    ("bridge-chicago", "en", "Contract", ["4♥ Sam", "passed out", "2♠ Eric", "3NTX Nora", "2♣ Wendy"]),
    ("bridge-chicago", "fi", "Sopimus", ["4♥ Sam", "passi", "2♠ Eric", "3SAX Nora", "2♣ Wendy"]),
    ("bridge-chicago", "pl", "Kontrakt", ["4♥ Sam", "pas", "2♠ Eric", "3BAX Nora", "2♣ Wendy"]),
    ("skat", "en", "Game", ["♣ Ben", "grand Cara", "♠ Anna", "null Ben", "♥ Cara"]),
    ("lupaus", "en", "Cards", ["10 ♠", "9 ♥", "8 ♦", "7 ♦", "6 ♣"]),
    ("five-hundred", "en", "Bid", ["7♥ Anna", "8♠ Ben", "misère Dan", "6NT Cara", "9♦ Ben"]),
    ("five-hundred", "fi", "Tarjous", ["7♥ Anna", "8♠ Ben", "nolo Dan", "6SA Cara", "9♦ Ben"]),
    ("euchre", "en", "Trump", ["♥ Ben", "♠ Anna", "♣ Dan", "♦ Cara alone", "♠ Ben alone"]),
    ("euchre", "pl", "Atu", ["♥ Ben", "♠ Anna", "♣ Dan", "♦ Cara solo", "♠ Ben solo"]),
])
def test_the_boards_deal_column_shows_what_the_rules_say(sheet, lang, heading, cells):
    """Bridge shows the contract and declarer, Skat the game and declarer ([board] in their
    rulesets), not "13 ♠" or "10 NT"; a game without [board] its cards and trump."""
    from scorekeeper.game.sheet import load_sheet
    from scorekeeper.play.board import BoardMaker

    game = load_sheet(EXAMPLES / f"{sheet}.toml")
    with using_language(lang):
        board = BoardMaker(game).view()
        assert (board.columns[1], [row.cards for row in list(board.rows)[:5]]) == (heading, cells)


def test_a_deal_being_entered_shows_its_cards_until_the_contract_is_known():
    """The template reads the declarer: before it is entered the cards and trump are shown."""
    from scorekeeper.game.game import Game
    from scorekeeper.play.board import BoardMaker
    from scorekeeper.rules.ruleset import load_ruleset

    game = Game(load_ruleset("bridge"), ["Nora", "Eric", "Sam", "Wendy"], {})
    game.record({"level": 3, "strain": "notrump", "declarer": 2, "doubled": "redoubled", "tricks": 9})
    (row,) = BoardMaker(game).view().rows
    assert row.cards == "3NTXX Eric"


@pytest.mark.parametrize("board, problem", [
    ('deal = "{level + lvl}"', "board.deal: unknown name 'lvl'"),
    ('dael = "x"', "board.dael: unknown key 'dael' (did you mean 'deal'?); allowed here: deal, label"),
    ('deal = "x"\n\n[translations.fi]\nboard.dael = "y"',
     "translations.fi.board.dael: unknown key 'dael' (did you mean 'deal'?); allowed here: deal, label"),
    ('deal = "x"\n\n[translations.fi]\nboard.deal = "{tasot}"', "translations.fi.board.deal: unknown name 'tasot'"),
])
def test_rules_check_names_a_board_problem(tmp_path, board, problem):
    from scorekeeper.rules.ruleset import check_file

    path = tmp_path / "mine.toml"
    path.write_text(f'extends = "bridge"\nid = "mine"\nname = "Mine"\ndescription = "x"\n\n[board]\n{board}\n',
                    encoding="utf-8")
    problems = [str(p) for p in check_file(str(path))]
    assert [p for p in problems if problem in p] != [], problems
