"""Values as a player reads them, in the current language (no Textual, no rich)."""

from __future__ import annotations

import unicodedata
from typing import Any

from ..i18n import format_number, format_ordinal, t
from ..rules.cards import SUIT_SYMBOL, Card
from ..rules.ruleset import NO_TRUMP


def suit_name(suit: str) -> str:
    """A suit (or no trump) in words, in the current language: spades, pata, piki."""
    names = {"spades": t("game.suit.spades"), "hearts": t("game.suit.hearts"),
             "diamonds": t("game.suit.diamonds"), "clubs": t("game.suit.clubs"), NO_TRUMP: t("game.suit.none")}
    return names.get(suit, suit)


def choice_text(option, value: Any) -> str:
    """A choice of an option as a player reads it: the ruleset's label, else a suit in the
    app's words (♠ spades, ♠ pata), else the choice itself."""
    if value in option.choice_labels:
        return option.choice_labels[value]
    return _suit_text(value) or str(value)


def _suit_text(value: Any) -> str | None:
    """A suit (or no trump) in the app's words: ♠ spades, ♠ pata; None for anything else."""
    if value == NO_TRUMP:
        return suit_name(NO_TRUMP)
    if value in SUIT_SYMBOL:
        return f"{SUIT_SYMBOL[value]} {suit_name(value)}"
    return None


def partnerships_text(teams, names) -> str:
    """The partnerships of a game being set up, said once each: "Anna & Cara (seats 1 and 3)
    against Ben & Dan (seats 2 and 4)"; a side whose players have no names yet by its seats alone
    ("seats 1 and 3", not "seat 1 & seat 3 (seats 1 and 3)"), a seat of a side not named yet "?"."""
    def seats(team) -> str:
        numbers = [str(s) for s in team]
        if len(numbers) < 2:
            return ", ".join(numbers)
        return t("tui.new_game.seats_and", first=", ".join(numbers[:-1]), last=numbers[-1])

    def name(seat: int) -> str:
        return names[seat - 1] if seat <= len(names) and names[seat - 1] else "?"

    sides = [t("tui.new_game.team", names=" & ".join(name(s) for s in team), seats=seats(team))
             if any(name(s) != "?" for s in team) else t("tui.new_game.team_seats", seats=seats(team))
             for team in teams]
    text = sides[0]
    for side in sides[1:]:
        text = t("tui.new_game.against", first=text, second=side)
    return text


def yes_no(value: bool) -> str:
    """yes / no inside a sentence or a cell, in the current language."""
    return t("value.yes") if value else t("value.no")


def show_value(value: Any, players: tuple[str, ...] = (), seat: bool = False) -> str:
    """A value as a player reads it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return yes_no(value)
    if seat and isinstance(value, int) and 1 <= value <= len(players):
        return players[value - 1]
    if isinstance(value, float):
        return format_number(float(f"{value:g}"))  # 2.5 / 2,5
    if isinstance(value, (tuple, list)):
        return " ".join(c.code if isinstance(c, Card) else str(c) for c in value)
    return _suit_text(value) or str(value)


def ordinal(n: int) -> str:
    """A place in the current language: 1st, 2nd (en); 1., 2. (fi, pl)."""
    return format_ordinal(n)


def text_width(text: str) -> int:
    """How many terminal columns ``text`` takes: wide (East Asian) characters two, combining
    marks and format characters none, everything else one."""
    if text.isascii():
        return len(text)
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width
