"""Messages are data until they are shown: a code and parameters, worded in the language
current when shown (scorekeeper.messages, scorekeeper.i18n.show)."""

import pytest

from scorekeeper.i18n import set_language, show
from scorekeeper.messages import Message


def test_a_message_is_its_code_and_parameters():
    message = Message("engine.setup.same_name", name="Ann")
    assert message.code == "engine.setup.same_name"
    assert message.params == {"name": "Ann"}
    assert message == Message("engine.setup.same_name", name="Ann")
    assert message != Message("engine.setup.same_name", name="Ben")
    assert hash(message) == hash(Message("engine.setup.same_name", name="Ann"))
    with pytest.raises(AttributeError):
        message.code = "other"


def test_a_message_is_worded_in_the_language_current_when_shown():
    message = Message("engine.setup.same_name", name="Ann")
    assert show(message) == "two players are called 'Ann'; every name must differ"
    set_language("fi")
    assert show(message) == "kahden pelaajan nimi on 'Ann'; jokaisella on oltava eri nimi"
    assert str(message) == show(message)


def test_a_plural_message_agrees_with_its_count():
    assert show(Message.plural("engine.no_deal", 1, number="7")) == "the game has 1 deal; there is no deal 7"
    assert show(Message.plural("engine.no_deal", 3, number="7")) == "the game has 3 deals; there is no deal 7"


def test_message_parameters_are_worded_too_and_texts_stay_as_they_are():
    inner = Message("engine.setup.same_name", name="Ann")
    outer = Message("engine.setup.same_name", name=inner)
    assert show(outer) == "two players are called 'two players are called 'Ann'; every name must differ'; every name must differ"
    assert show("Ann [/]") == "Ann [/]"


def test_with_params_makes_a_changed_copy():
    message = Message.plural("engine.no_deal", 3, number="7")
    copy = message.with_params(number="8")
    assert (message.params["number"], copy.params["number"], copy.plural_count) == ("7", "8", 3)


def test_every_error_for_a_person_below_the_front_ends_is_a_message_error():
    """One base: each carries its Message as ``message`` and is worded where shown."""
    from scorekeeper.game.engine import GameError, IllegalEntry, SetupError
    from scorekeeper.game.sheet import OptionError, SheetError
    from scorekeeper.languages import LanguageError
    from scorekeeper.messages import MessageError
    from scorekeeper.rules.cards import CardError, parse_card
    from scorekeeper.rules.problems import OptionValueError

    for cls in (GameError, IllegalEntry, SetupError, OptionError, SheetError, LanguageError, CardError,
                OptionValueError):
        assert issubclass(cls, MessageError), cls
    with pytest.raises(CardError) as caught:
        parse_card("XX")
    assert caught.value.message.code == "cards.not_a_card"
    assert show(caught.value) == str(caught.value) == show(caught.value.message)
    error = LanguageError("xx")
    assert (error.value, error.message.code) == ("xx", "language.unknown")


def test_what_i18n_installs_into_the_leaves_is_held_by_one_named_registry(monkeypatch):
    """The leaves keep the wording i18n installs in ``messages.INSTALLED`` (no module global): a
    test or a front end swaps it there, and render and yes_no_words read it from there."""
    from scorekeeper import languages
    from scorekeeper.messages import INSTALLED, render

    assert INSTALLED.renderer is show
    message = Message("engine.setup.same_name", name="Ann")
    monkeypatch.setattr(INSTALLED, "renderer", lambda value: f"<{value.code}>")
    assert render(message) == "<engine.setup.same_name>" and str(message) == "<engine.setup.same_name>"
    monkeypatch.setattr(INSTALLED, "renderer", None)
    assert render(message) == "Message('engine.setup.same_name', name='Ann')"
    assert languages.yes_no_words().read("kyllä") is True
    monkeypatch.setattr(INSTALLED, "yes_no_words", None)
    assert languages.yes_no_words().read("kyllä") is None


def test_the_leaves_hold_no_global_statement():
    from pathlib import Path

    import scorekeeper
    leaves = [Path(scorekeeper.__file__).with_name(name) for name in ("messages.py", "languages.py")]
    assert [path.name for path in leaves if "global " in path.read_text(encoding="utf-8")] == []
