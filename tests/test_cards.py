import pytest

from scorekeeper.rules.cards import (
    RANKS,
    SUIT_SYMBOL,
    SUITS,
    Card,
    CardError,
    parse_card,
    parse_hand,
    parse_suit,
)

CARD_HELP = "write the suit (S H D C or ♠ ♥ ♦ ♣) and the rank (2-10, J, Q, K, A), e.g. SK or ♥10"
SUIT_HELP = "write spades, hearts, diamonds or clubs (or S H D C, or ♠ ♥ ♦ ♣)"

# A real 13-card hand, as printed on a scoresheet.
HAND = "♠K ♠Q ♠7 ♥A ♥Q ♥8 ♥5 ♥2 ♦A ♦9 ♣Q ♣J ♣3".split()


def test_constants():
    assert SUITS == ("spades", "hearts", "diamonds", "clubs")
    assert RANKS == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    assert SUIT_SYMBOL == {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


@pytest.mark.parametrize(
    ("card", "text", "code"),
    [
        (Card("spades", "K"), "♠K", "SK"),
        (Card("hearts", "A"), "♥A", "HA"),
        (Card("diamonds", "10"), "♦10", "D10"),
        (Card("clubs", "3"), "♣3", "C3"),
    ],
)
def test_card_str_and_code(card, text, code):
    assert str(card) == text
    assert card.code == code


def test_card_is_frozen_and_hashable():
    card = Card("spades", "K")
    with pytest.raises(AttributeError):
        card.rank = "Q"  # type: ignore[misc]
    assert {card, Card("spades", "K")} == {card}


@pytest.mark.parametrize(
    ("suit", "rank", "message"),
    [
        ("swords", "K", "'swords' is not a suit: use one of spades, hearts, diamonds, clubs"),
        ("S", "K", "'S' is not a suit: use one of spades, hearts, diamonds, clubs"),
        ("spades", "1", "'1' is not a rank: use one of 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A"),
        ("spades", "T", "'T' is not a rank: use one of 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A"),
    ],
)
def test_card_constructor_refuses_unknown_values(suit, rank, message):
    with pytest.raises(CardError) as info:
        Card(suit, rank)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # suit first, letters
        ("SK", Card("spades", "K")),
        ("HA", Card("hearts", "A")),
        ("D10", Card("diamonds", "10")),
        ("C3", Card("clubs", "3")),
        ("sk", Card("spades", "K")),
        ("d10", Card("diamonds", "10")),
        ("cJ", Card("clubs", "J")),
        # suit first, symbols
        ("♠K", Card("spades", "K")),
        ("♥10", Card("hearts", "10")),
        ("♠k", Card("spades", "K")),
        ("♦q", Card("diamonds", "Q")),
        ("♣2", Card("clubs", "2")),
        # rank first
        ("KS", Card("spades", "K")),
        ("10D", Card("diamonds", "10")),
        ("K♠", Card("spades", "K")),
        ("ah", Card("hearts", "A")),
        ("10♥", Card("hearts", "10")),
        ("9c", Card("clubs", "9")),
        # T is 10
        ("ST", Card("spades", "10")),
        ("TD", Card("diamonds", "10")),
        ("♣t", Card("clubs", "10")),
        ("t♥", Card("hearts", "10")),
        # surrounding whitespace
        ("  SK ", Card("spades", "K")),
        ("\t10d\n", Card("diamonds", "10")),
    ],
)
def test_parse_card_accepts(text, expected):
    assert parse_card(text) == expected


@pytest.mark.parametrize(
    "text",
    ["X9", "", "   ", "S", "K", "10", "S1", "S11", "S 10", "1D", "SS", "KK", "♠♥", "S10D", "SKS", "spades K", "♤K", "Z", "S0"],
)
def test_parse_card_refuses(text):
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert str(info.value) == f"{text!r} is not a card: {CARD_HELP}"


@pytest.mark.parametrize(("parse", "text", "message"), [
    (parse_card, "X9",
     "'X9' is not a card: write the suit (S H D C or ♠ ♥ ♦ ♣) and the rank (2-10, J, Q, K, A), e.g. SK or ♥10"),
    (parse_suit, "swords",
     "'swords' is not a suit: write spades, hearts, diamonds or clubs (or S H D C, or ♠ ♥ ♦ ♣)"),
], ids=["card", "suit"])
def test_the_refusal_says_how_to_write_it(parse, text, message):
    """The whole message, worded out (the tests above build it from the help text)."""
    with pytest.raises(CardError) as info:
        parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize("value", [None, 13, ("S", "K")])
def test_parse_card_refuses_non_text(value):
    with pytest.raises(CardError) as info:
        parse_card(value)  # type: ignore[arg-type]
    assert str(info.value) == f"{value!r} is not a card: {CARD_HELP}"


def test_card_error_is_value_error():
    assert issubclass(CardError, ValueError)


def test_parse_hand_real_hand():
    hand = parse_hand(HAND, count=13)
    assert len(hand) == 13
    assert sum(1 for card in hand if card.suit == "hearts") == 5
    assert [str(card) for card in hand] == HAND
    assert [card.code for card in hand] == [
        "SK", "SQ", "S7", "HA", "HQ", "H8", "H5", "H2", "DA", "D9", "CQ", "CJ", "C3",
    ]


@pytest.mark.parametrize(
    "texts",
    [
        ["SK", "SQ", "S7", "HA", "HQ", "H8", "H5", "H2", "DA", "D9", "CQ", "CJ", "C3"],
        ["ks", "qs", "7s", "ah", "qh", "8h", "5h", "2h", "ad", "9d", "qc", "jc", "3c"],
        ["K♠", "Q♠", "7♠", "A♥", "Q♥", "8♥", "5♥", "2♥", "A♦", "9♦", "Q♣", "J♣", "3♣"],
        "♠K ♠Q ♠7 ♥A ♥Q ♥8 ♥5 ♥2 ♦A ♦9 ♣Q ♣J ♣3",
        "SK, SQ, S7, HA, HQ, H8, H5, H2, DA, D9, CQ, CJ, C3",
        iter(HAND),
    ],
    ids=["letters", "rank-first", "rank-first-symbols", "one-string", "comma-string", "iterator"],
)
def test_parse_hand_input_forms(texts):
    assert parse_hand(texts, count=13) == parse_hand(HAND)


def test_parse_hand_keeps_order_and_allows_no_count():
    assert parse_hand(["D10", "ST", "♣2"]) == (
        Card("diamonds", "10"),
        Card("spades", "10"),
        Card("clubs", "2"),
    )
    assert parse_hand([]) == ()
    assert parse_hand([], count=0) == ()


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        (["SK", "♠K"], "♠K is given twice"),
        (["SK", "KS"], "♠K is given twice"),
        (["HA", "D10", "TD"], "♦10 is given twice"),
        (["C3", "H2", "c3", "C3"], "♣3 is given twice"),
        (HAND + ["♥8"], "♥8 is given twice"),
    ],
)
def test_parse_hand_refuses_duplicates(texts, message):
    with pytest.raises(CardError) as info:
        parse_hand(texts)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("texts", "count", "message"),
    [
        (HAND[:12], 13, "a hand here has 13 cards, 12 were given"),
        (HAND, 12, "a hand here has 12 cards, 13 were given"),
        ([], 13, "a hand here has 13 cards, 0 were given"),
        (["SK"], 13, "a hand here has 13 cards, 1 was given"),
        (["SK", "HA"], 1, "a hand here has 1 card, 2 were given"),
    ],
)
def test_parse_hand_refuses_wrong_count(texts, count, message):
    with pytest.raises(CardError) as info:
        parse_hand(texts, count=count)
    assert str(info.value) == message


def test_parse_hand_reports_bad_card_before_count():
    with pytest.raises(CardError) as info:
        parse_hand(["SK", "X9"], count=13)
    assert str(info.value) == f"'X9' is not a card: {CARD_HELP}"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("spades", "spades"),
        ("Spades", "spades"),
        ("HEARTS", "hearts"),
        (" diamonds ", "diamonds"),
        ("clubs", "clubs"),
        ("S", "spades"),
        ("h", "hearts"),
        ("d", "diamonds"),
        ("C", "clubs"),
        ("♠", "spades"),
        ("♥", "hearts"),
        ("♦", "diamonds"),
        ("♣", "clubs"),
    ],
)
def test_parse_suit_accepts(text, expected):
    assert parse_suit(text) == expected


@pytest.mark.parametrize("text", ["spade", "X", "", "SK", "notrump", "♤", "♠♠", None])
def test_parse_suit_refuses(text):
    with pytest.raises(CardError) as info:
        parse_suit(text)  # type: ignore[arg-type]
    assert str(info.value) == f"{text!r} is not a suit: {SUIT_HELP}"

