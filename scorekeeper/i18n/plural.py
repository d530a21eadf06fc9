"""Plural categories by the CLDR rules of each language (cardinal and, for English, ordinal).

CLDR names the forms a word takes with a number: ``one``, ``few``, ``many``, ``other``
(and ``zero``, ``two`` in languages we do not have). Which categories a language uses,
and which number falls in which, is fixed by the language:

- English and Finnish: ``one`` for exactly 1, ``other`` for everything else
  (0 tricks, 2 tricks, 1.5 points);
- Polish: ``one`` for 1; ``few`` for whole numbers ending in 2-4 except 12-14
  (2, 3, 4, 22, 104 lewy); ``many`` for the other whole numbers (0, 5-21, 25 lew);
  ``other`` for fractions (1,5 lewy).

The sign does not matter (-1 punkt, -5 punktów). A float with no fraction counts as
the whole number it shows ("2 points", not "2.0 points").
"""

from __future__ import annotations

TYPE_CHECKING = False  # (docs/startup.md)

if TYPE_CHECKING:  # decimal is not imported at start-up: the CLI does not need it
    from .formats import Numeric

__all__ = ["CATEGORIES", "ORDINAL_CATEGORIES", "plural_category", "ordinal_category"]

CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "fi": ("one", "other"),
    "pl": ("one", "few", "many", "other"),
}
ORDINAL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "two", "few", "other"),
    "fi": ("other",),
    "pl": ("other",),
}
ALL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def _whole(count: Numeric) -> int | None:
    """The count as a whole number, or None when it has a fraction."""
    if isinstance(count, int):  # (a bool too)
        return int(count)
    if isinstance(count, float):
        return int(count) if count.is_integer() else None
    if count.is_finite() and count == count.to_integral_value():  # a Decimal
        return int(count)
    return None


def plural_category(lang: str, count: Numeric) -> str:
    """The cardinal plural category of ``count`` in ``lang`` ('one', 'few', 'many' or 'other')."""
    n = _whole(count)
    if n is None:
        return "other"
    n = abs(n)
    if lang == "pl":
        if n == 1:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def ordinal_category(lang: str, count: int) -> str:
    """The ordinal category of ``count``: English 1st (one), 2nd (two), 3rd (few), 4th (other)."""
    if lang != "en":
        return "other"
    n = abs(int(count))
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if n % 10 == 2 and n % 100 != 12:
        return "two"
    if n % 10 == 3 and n % 100 != 13:
        return "few"
    return "other"
