"""The app's languages and the words a player may type for yes and no in them.

A leaf module, like :mod:`scorekeeper.messages`: it imports nothing else of the package,
so the rules layer can validate ``[translations.<code>]`` against :data:`LANGUAGES`
without the catalogs, and the i18n package re-exports what is here.

The yes/no words live in the catalogs (``common.yes_words`` and ``common.no_words`` of
each language). Code below the front ends cannot read catalogs, so it is given the
words (a :class:`YesNoWords`) or uses :func:`yes_no_words`: the words the i18n package
installs when it is imported (every front end imports it), those of every language at
once, so ``kyllä``, ``tak`` and ``yes`` are understood whatever language the table reads.
"""

from __future__ import annotations

from .messages import INSTALLED, Message, MessageError
from .values import dataclass

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Callable

__all__ = ["LANGUAGES", "LanguageError", "YesNoWords", "install_yes_no_words", "yes_no_words"]

LANGUAGES: dict[str, str] = {"en": "English", "fi": "Suomi", "pl": "Polski"}
"""The languages, each by its code and its own name for itself."""


class LanguageError(MessageError):
    """A language code that is not one of :data:`LANGUAGES`; ``message`` says so."""

    def __init__(self, value: str):
        self.value = value
        choices = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        super().__init__(Message("language.unknown", value=value, choices=choices))


@dataclass(frozen=True)
class YesNoWords:
    """The words (lower-case) that mean yes and those that mean no."""

    yes: frozenset[str] = frozenset()
    no: frozenset[str] = frozenset()

    @classmethod
    def from_lists(cls, yes: str, no: str) -> "YesNoWords":
        """From catalog lists: 'yes, true, on, 1' and 'no, false, off, 0'."""
        return cls(_words(yes), _words(no))

    def __or__(self, other: "YesNoWords") -> "YesNoWords":
        return YesNoWords(self.yes | other.yes, self.no | other.no)

    def read(self, text: str) -> bool | None:
        """True for a yes word, False for a no word, None for anything else."""
        low = text.strip().lower()
        if low in self.yes:
            return True
        if low in self.no:
            return False
        return None


def _words(listed: str) -> frozenset[str]:
    return frozenset(word.strip().lower() for word in listed.split(",") if word.strip())


def install_yes_no_words(provider: Callable[[], YesNoWords]) -> None:
    """Set the function giving the yes/no words of every language (the i18n package's)."""
    INSTALLED.yes_no_words = provider


def yes_no_words() -> YesNoWords:
    """The installed yes/no words; none (only true and false values) when nothing is installed."""
    provider = INSTALLED.yes_no_words
    return provider() if provider is not None else YesNoWords()
