"""The language of one phone's request: each phone page may be in its own language.

The page sends the language its player chose (``?lang=`` or the ``X-Language`` header; the
page remembers the choice). A request that names none is in the first language of the
browser's ``Accept-Language`` that is one of ours, else in the server's. Everything answered
to it is worded in that language (:func:`~scorekeeper.i18n.using_language` holds it for the
request's task only, so another phone at the same moment gets its own); a value that is not
one of our languages is refused, its message naming the codes allowed.
"""

from __future__ import annotations

from ..i18n import LANGUAGES, LanguageError, get_language, language_code

__all__ = ["accepted_language", "request_language"]

MAX_HEADER = 400  # characters of Accept-Language looked at (a browser's is well under 100)


def accepted_language(header: str | None) -> str | None:
    """The language of ours a browser's ``Accept-Language`` prefers most (by its weights, then
    its order): 'pl-PL,pl;q=0.9,en;q=0.8' -> 'pl'; None when it names none of ours."""
    best: tuple[float, int, str] | None = None
    for place, part in enumerate((header or "")[:MAX_HEADER].split(",")):
        name, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = language_code(name) if name.strip() != "*" else None
        if code in LANGUAGES and weight > 0 and (best is None or (-weight, place) < (best[0], best[1])):
            best = (-weight, place, code)
    return best[2] if best else None


def request_language(query: str | None, header: str | None, accept: str | None) -> str:
    """The language of a request: the one it names (``query`` first, then the ``header``), else
    the browser's, else the server's. LanguageError when the one it names is not ours."""
    named = query if query is not None else header
    if named is not None:
        if named not in LANGUAGES:
            raise LanguageError(named[:20])
        return named
    return accepted_language(accept) or get_language()
