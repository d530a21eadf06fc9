"""What the game layer says is data: a catalog code and its parameters, worded only where shown.

Each test takes a real refusal of the engine, checks the Message it carries (code and
parameters), and that it words to exactly the English and Finnish sentences the game
layer produced itself before it became data (the texts below were printed by that code).
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from scorekeeper.game.engine import GameError, IllegalEntry, Issue, SetupError, message_of
from scorekeeper.game.game import Game, draw_first_dealer
from scorekeeper.game.sheet import SheetError, load_sheet
from scorekeeper.i18n import set_language, show
from scorekeeper.messages import Message
from scorekeeper.rules.formula import EvalError
from scorekeeper.rules.ruleset import load_ruleset

FOUR = ["Anna", "Ben", "Cara", "Dan"]
GAME = Path(__file__).resolve().parents[1] / "scorekeeper" / "game"


def lupaus(lang: str = "en", players=FOUR) -> Game:
    return Game(load_ruleset("lupaus", lang=lang), players)


def refusal(game: Game, values: dict) -> IllegalEntry:
    with pytest.raises(IllegalEntry) as caught:
        game.record(values)
    return caught.value


def label_of(label: str, name: str) -> Message:
    return Message("engine.value.label_of", label=label, name=name)


# --- refused entries ------------------------------------------------------------------------


@pytest.mark.parametrize("lang, text", [
    ("en", "Dealer Anna may not bid 1: the bids would total 10, the number of tricks"),
    ("fi", "Jakaja Anna ei saa luvata 1: lupausten summa olisi 10, sama kuin tikkien määrä"),
])
def test_a_bid_the_dealer_may_not_make_is_the_rulesets_own_check_text(lang, text):
    """The dealer's forbidden bid is refused by the ruleset's check: its text is the
    ruleset's, already in its language; the refusal names the check, field and seat."""
    set_language(lang)
    exc = refusal(lupaus(lang), {"bid": [1, 3, 2, 4], "tricks": [1, 3, 2, 4]})
    assert exc.issues == [Issue("error", text, "bid", 1, "bids-not-total")]
    assert exc.message == Message("engine.entry.issues", issues=text)
    assert (show(exc), str(exc)) == (text, text)


@pytest.mark.parametrize("lang, text", [
    ("en", "the tricks taken add up to 9, not 10, the number of tricks played"),
    ("fi", "otettuja tikkejä on yhteensä 9, mutta pelattiin 10"),
])
def test_tricks_that_do_not_add_up(lang, text):
    set_language(lang)
    exc = refusal(lupaus(lang), {"bid": [2, 3, 2, 4], "tricks": [2, 3, 2, 2]})
    assert exc.issues == [Issue("error", text, "tricks", 1, "tricks-add-up")]
    assert show(exc) == text


@pytest.mark.parametrize("lang, label, text", [
    ("en", "Bid", "Bid of Dan must be from 0 to 10, not 12"),
    ("fi", "Lupaus", "Lupaus (Dan): pitää olla 0–10, ei 12"),
])
def test_a_bid_out_of_range_is_a_message_naming_the_field_the_seat_and_the_range(lang, label, text):
    set_language(lang)
    exc = refusal(lupaus(lang), {"bid": [2, 3, 2, 12], "tricks": [2, 3, 2, 3]})
    message = Message("engine.entry.out_of_range", label=label_of(label, "Dan"), low=0, high=10, value=12)
    assert exc.issues == [Issue("error", message, "bid", 4)]
    assert show(exc.issues[0].message) == text
    assert str(exc) == text


def test_values_not_entered_are_one_message_each_joined_when_worded():
    exc = refusal(lupaus(), {"bid": [2, 3, 2, 4]})
    messages = tuple(Message("engine.entry.not_entered", label=label_of("Tricks", name))
                     for name in ("Ben", "Cara", "Dan", "Anna"))
    assert [i.message for i in exc.issues] == list(messages)
    assert exc.message == Message("engine.entry.issues", issues=messages)
    english = "Tricks of Ben is not entered; Tricks of Cara is not entered; Tricks of Dan is not entered; " \
              "Tricks of Anna is not entered"
    assert show(exc) == show(exc.message) == str(exc) == english


def test_a_refusal_made_in_english_is_worded_in_finnish_once_the_table_reads_finnish():
    """Nothing is worded in advance: the language current when shown decides."""
    exc = refusal(lupaus("fi"), {"bid": [2, 3, 2, 4]})
    set_language("fi")
    assert show(exc) == "Tikit (Ben) puuttuu; Tikit (Cara) puuttuu; Tikit (Dan) puuttuu; Tikit (Anna) puuttuu"


@pytest.mark.parametrize("lang, label, text", [
    ("en", "Bid", "Bid needs 3 values, one for each player, and got 2"),
    ("fi", "Lupaus", "Lupaus tarvitsee 3 arvoa, yhden kullekin pelaajalle; annettiin 2"),
])
def test_too_few_values_for_a_field_of_each_player(lang, label, text):
    set_language(lang)
    with pytest.raises(GameError) as caught:
        lupaus(lang, FOUR[:3]).record({"bid": [1, 2]})
    assert caught.value.message == Message.plural("engine.entry.count_player", 3, label=label, given=2)
    assert show(caught.value) == text


@pytest.mark.parametrize("lang, label, text", [
    ("en", "Bid", "Bid of Cara is a whole number, not 'x'"),
    ("fi", "Lupaus", "Lupaus (Cara) on kokonaisluku, ei 'x'"),
])
def test_a_value_that_is_not_a_number(lang, label, text):
    set_language(lang)
    with pytest.raises(GameError) as caught:
        lupaus(lang, FOUR[:3]).record({"bid": [1, 2, "x"]})
    assert caught.value.message == Message("engine.value.not_int_text", label=label_of(label, "Cara"), value="x")
    assert show(caught.value) == text


def test_a_game_error_words_in_the_language_current_when_shown():
    game = lupaus()
    with pytest.raises(GameError) as caught:
        game.undo()
    assert caught.value.message == Message("engine.game.nothing_to_undo")
    assert str(caught.value) == "there is nothing to undo"
    set_language("fi")
    assert (show(caught.value), str(caught.value)) == ("ei ole mitään kumottavaa",) * 2


# --- setting up a game ----------------------------------------------------------------------


@pytest.mark.parametrize("players, message, en, fi", [
    (FOUR * 2 + ["Eve"], Message("engine.setup.players_range", game="Lupaus", low=3, high=7, count=9),
     "Lupaus is played by 3 to 7 players, not 9", "Lupaus: pelaajia on oltava 3–7, ei 9"),
    (["Anna", "anna", "Ben"], Message("engine.setup.same_name", name="anna"),
     "two players are called 'anna'; every name must differ", "kahden pelaajan nimi on 'anna'; jokaisella on oltava eri nimi"),
    (["Anna", "B" * 41, "Cara"], Message.plural("engine.setup.long_name", 41, number=2),
     "the name of player 2 is 41 characters long; at most 40 are allowed",
     "pelaajan 2 nimessä on 41 merkkiä; enintään 40 on sallittu"),
])
def test_players_the_ruleset_does_not_allow(players, message, en, fi):
    with pytest.raises(SetupError) as caught:
        lupaus("en", players)
    assert caught.value.message == message
    assert show(caught.value) == en
    set_language("fi")
    assert show(caught.value) == fi


def test_a_first_dealer_that_is_not_a_seat():
    with pytest.raises(SetupError) as caught:
        Game(load_ruleset("lupaus"), FOUR, first_dealer=5)
    assert caught.value.message == Message("engine.setup.first_dealer", count=4, value="5")
    assert str(caught.value) == "the first dealer is a seat from 1 to 4, not 5"


def test_an_error_of_a_formula_keeps_its_key_path_and_message():
    error = EvalError("scoring.exact", "division by zero")
    assert message_of(error) == Message("engine.key_error", where="scoring.exact", error="division by zero")
    assert show(message_of(error)) == str(error) == "scoring.exact: division by zero"
    assert message_of(ValueError("a text as it was raised")) == "a text as it was raised"


# --- what the table is told -----------------------------------------------------------------


@pytest.mark.parametrize("lang, text", [
    ("en", "The dealer's last card is turned for trump — trump: ♥"),
    ("fi", "Jakajan viimeinen kortti käännetään valtiksi — valtti: ♥"),
])
def test_a_turned_trump_is_the_rulesets_text_with_the_suit(lang, text):
    set_language(lang)
    game = Game(load_ruleset("whist", lang=lang), FOUR)
    trump = game.evaluate(1, game.normalize({"turned": "hearts"})).trump()
    say = text.split(" — ")[0]
    assert trump.text == Message("engine.trump.with_suit", text=say, suit="♥")
    assert show(trump.text) == text


def test_trump_chosen_later_is_a_message():
    game = Game(load_ruleset("wysiwyg"), FOUR[:2])
    assert game.info(1).trump.text == Message("engine.trump.chosen_later")
    assert show(game.info(1).trump.text) == "Trump is chosen during the deal"
    set_language("fi")
    assert show(game.info(1).trump.text) == "Valtti valitaan jaon aikana"


def test_why_nobody_can_join_is_a_message():
    game = Game(load_ruleset("whist"), FOUR)
    assert game.roster_locked() == Message("engine.roster.partnerships", game="Whist")
    assert show(game.roster_locked()) == "Whist is played in fixed partnerships: nobody can join or sit out"
    with pytest.raises(GameError) as caught:
        game.join("Eve")
    assert caught.value.message == game.roster_locked()
    assert lupaus().roster_locked() is None


# --- score sheets ---------------------------------------------------------------------------

BAD_DEAL = ('ruleset = "lupaus"\nplayers = ["Anna", "Ben", "Cara"]\n'
            '[[deals]]\nbid = [3, 4, 2]\ntricks = [3, 5, 2]\nturned = "hearts"\n'
            '[[deals]]\nbid = [1, 2, 12]\ntricks = [3, 3, 3]\n')


@pytest.mark.parametrize("lang, label, text", [
    ("en", "Bid", "{sheet}: deal 2: Bid of Cara must be from 0 to 9, not 12"),
    ("fi", "Lupaus", "{sheet}: jako 2: Lupaus (Cara): pitää olla 0–9, ei 12"),
])
def test_a_sheet_with_a_bad_deal_names_the_file_and_the_deal(tmp_path, lang, label, text):
    sheet = tmp_path / "ilta.toml"
    sheet.write_text(BAD_DEAL, encoding="utf-8")
    with pytest.raises(SheetError) as caught:
        load_sheet(sheet, lang=lang)
    error = Message("engine.entry.out_of_range", label=label_of(label, "Cara"), low=0, high=9, value=12)
    assert caught.value.message == Message("sheet.in_deal", file=str(sheet), number=2,
                                           error=Message("engine.entry.issues", issues=(error,)))
    set_language(lang)
    assert show(caught.value) == str(caught.value) == text.format(sheet=sheet)


def test_a_sheet_whose_tricks_do_not_add_up(tmp_path):
    sheet = tmp_path / "ilta.toml"
    sheet.write_text(BAD_DEAL.replace("tricks = [3, 5, 2]", "tricks = [3, 3, 2]"), encoding="utf-8")
    with pytest.raises(SheetError) as caught:
        load_sheet(sheet, lang="fi")
    set_language("fi")
    assert show(caught.value) == f"{sheet}: jako 1: otettuja tikkejä on yhteensä 8, mutta pelattiin 10"


def test_a_sheet_value_of_the_wrong_kind_is_named_by_a_message(tmp_path):
    sheet = tmp_path / "ilta.toml"
    sheet.write_text('ruleset = "lupaus"\nplayers = "Anna"\n', encoding="utf-8")
    with pytest.raises(SheetError) as caught:
        load_sheet(sheet)
    assert caught.value.message == Message("sheet.bad_players", file=str(sheet), type=Message("sheet.type.text"))
    assert show(caught.value) == f"{sheet}: players: expected a list of names (texts), got text"
    set_language("fi")
    assert show(caught.value) == f"{sheet}: players: odotettiin luetteloa nimistä (tekstejä), saatiin teksti"


# --- the first dealer by lot, and the layer itself ---------------------------------------------


def test_the_first_dealer_is_drawn_from_the_random_source_given():
    draws = [draw_first_dealer(4, random.Random(seed)) for seed in range(40)]
    assert draws == [random.Random(seed).randint(1, 4) for seed in range(40)]
    assert set(draws) == {1, 2, 3, 4}


def test_the_game_layer_imports_nothing_of_i18n():
    """game/ says what it means as Messages; wording is left to where it is shown."""
    found = []
    for path in sorted(GAME.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = ("." * node.level) + (node.module or "")
                if "i18n" in module or any("i18n" in alias.name for alias in node.names):
                    found.append(f"{path.name}:{node.lineno}: {module}")
            elif isinstance(node, ast.Import) and any("i18n" in alias.name for alias in node.names):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []
