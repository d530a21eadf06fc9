"""Numbers, percentages and times as each language writes them.

- Whole numbers are written as they are, with the ASCII minus: ``-310`` in every
  language (score columns line up and read the same in a terminal and a CSV file).
- Decimals take a point in English and a comma in Finnish and Polish: ``0.75`` /
  ``0,75``. Without ``digits`` the shortest exact form is used (``12.5``, not
  ``12.500000``); a float with no fraction is written as a whole number.
- Percentages: ``75%`` in English, ``75 %`` (with a no-break space) in Finnish and
  Polish, as their style guides write them.
- Times: ``2024-05-03 18:30`` in English (as the app has always shown them),
  ``3.5.2024 klo 18.30`` in Finnish, ``03.05.2024, 18:30`` in Polish.

The functions take the language explicitly; :mod:`scorekeeper.i18n` wraps them with
the current language.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # (docs/startup.md)

if TYPE_CHECKING:
    from datetime import date, datetime, tzinfo
    from decimal import Decimal

    Numeric = int | float | Decimal  # what is written as a number (a bool is an int: 1 or 0)

__all__ = ["NBSP", "is_number", "number_text", "percent_text", "datetime_text", "date_text"]

NBSP = "\u00a0"
_DECIMAL_COMMA = {"fi", "pl"}


def is_number(value: object) -> bool:
    """Whether a value is written as a number (int, float or Decimal; not a bool)."""
    if isinstance(value, (int, float)):
        return not isinstance(value, bool)
    decimal = sys.modules.get("decimal")  # no Decimal can exist before decimal is imported
    return decimal is not None and isinstance(value, decimal.Decimal)


def _with_point(value: Numeric, digits: int | None) -> str:
    """The number with a point for decimals, never in exponent form."""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int) and digits is None:
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return str(value)
        if digits is None and value.is_integer():
            return str(int(value))
        text = repr(value)
        if digits is None and "e" not in text:
            return text
    from decimal import ROUND_HALF_UP, Decimal

    number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    if digits is not None:
        number = number.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
        text = f"{number:f}"
    else:
        text = f"{number.normalize():f}" if number != number.to_integral_value() else f"{number.to_integral_value():f}"
    if text.startswith("-") and not text.strip("-0.,"):
        text = text[1:]  # no "-0"
    return text


def number_text(lang: str, value: Numeric, digits: int | None = None) -> str:
    """``value`` written for ``lang``; ``digits`` fixes the number of decimals (rounded half up)."""
    text = _with_point(value, digits)
    return text.replace(".", ",") if lang in _DECIMAL_COMMA else text


def percent_text(lang: str, fraction: Numeric, digits: int = 0) -> str:
    """A fraction as a percentage: 0.75 -> '75%' (en), '75 %' (fi, pl; a no-break space)."""
    from decimal import Decimal

    number = Decimal(repr(fraction)) if isinstance(fraction, float) else Decimal(fraction)
    text = number_text(lang, number * 100, digits)
    return f"{text}{NBSP}%" if lang in _DECIMAL_COMMA else f"{text}%"


def datetime_text(lang: str, moment: datetime, tz: tzinfo | None = None) -> str:
    """A stored time to the minute, in the local time zone (or ``tz``)."""
    local = moment.astimezone(tz)
    if lang == "fi":
        return f"{local.day}.{local.month}.{local.year} klo {local.hour}.{local.minute:02d}"
    if lang == "pl":
        return f"{local.day:02d}.{local.month:02d}.{local.year}, {local.hour:02d}:{local.minute:02d}"
    return f"{local.year:04d}-{local.month:02d}-{local.day:02d} {local.hour:02d}:{local.minute:02d}"


def date_text(lang: str, day: date) -> str:
    """A day: '2024-05-03' (en), '3.5.2024' (fi), '03.05.2024' (pl)."""
    if lang == "fi":
        return f"{day.day}.{day.month}.{day.year}"
    if lang == "pl":
        return f"{day.day:02d}.{day.month:02d}.{day.year}"
    return f"{day.year:04d}-{day.month:02d}-{day.day:02d}"
