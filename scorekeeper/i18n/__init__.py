"""The app's languages: English, Finnish and Polish messages, plurals, numbers and times.

Stdlib only and free of Textual, so every layer may use it (rules, game, store, cli, tui).

Choosing the language
---------------------
:func:`resolve_language` picks it at start-up, in this order: ``--lang``, the
``SCOREKEEPER_LANG`` environment variable, the value remembered in the settings, the
system locale (the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set:
``fi_FI.UTF-8`` -> fi; ``C`` and ``POSIX`` -> English), else English. A code given
with ``--lang`` that is not one of :data:`LANGUAGES` raises :class:`LanguageError`
(its message names the value and the codes allowed); a value from anywhere else that
is not known is passed over. Then :func:`set_language` makes it current: the CLI is to
do this first, before it imports anything that renders text; the TUI's settings call
``set_language`` again when the player switches, and store the code for next time.
``with using_language(code):`` words a block in another language, for its thread or asyncio
task only (a context variable over the process's language): the web server answers each
phone's request in that phone's language this way, while the process's stays as it was.

Texts
-----
``t("cli.errors.no_game", id=12)`` is the current language's text for a key, its
``{name}`` placeholders filled. ``tn("game.count.tricks", 5)`` chooses the plural form
for 5 by the language's CLDR rules (Polish: 1 lewa, 2 lewy, 5 lew) and fills
``{count}``, written as the language writes numbers. Numbers given as parameters
(``int``, ``float``, ``Decimal``) are written with :func:`format_number`; everything else
with ``str()``, so pass names and already-formatted texts as they should appear.
A key missing from the Finnish or Polish catalog falls back to English at run time
(the tests forbid it); a key missing from English, or a placeholder not given, raises
:class:`TranslationError`: both are programming errors that the tests catch.

The catalogs
------------
``en.toml``, ``fi.toml`` and ``pl.toml`` in this package, each with the files of the folder of
the same name (one per area: cli.toml, core.toml, ...), loaded once each, on first use: from the
modules the build generates from them (see :mod:`.catalogs`; in a checkout, ``python
hatch_build.py`` writes them again after an edit, which is shown before that too, more slowly).
Conventions for adding keys (tests/test_i18n.py holds them):

- The first part of a key says where the text is shown: ``common`` (yes/no, words any
  screen uses), ``game`` (the game vocabulary: deal, dealer, bid, tricks, trump, ...),
  ``language`` (names of the languages), ``cli`` (``cli.<command>.*``, errors in
  ``cli.errors.*``), ``tui`` (``tui.<screen>.*``, ``tui.widgets.<widget>.*``,
  ``tui.bindings.*`` for key descriptions), ``store``, ``engine``, ``rules``. Names are
  lower-case with ``_``.
- One key is one whole sentence or label. Never build a sentence from pieces ("Deal" +
  " 3 of 19"): word order differs between the languages. Give the pieces as
  placeholders of one template instead: ``game.deal_of = "Deal {number} of {total}"``.
- Placeholders are plain names; every language's template of a key has exactly the
  English template's placeholders (a translation may move them, never drop or add one).
- A text with a number that a noun agrees with is a plural entry: a table of the
  language's categories (English and Finnish ``one``/``other``; Polish
  ``one``/``few``/``many``/``other``; the ``other`` form of Polish is for fractions),
  each form holding ``{count}``. Use it with :func:`tn`, never with ``if n == 1``.
- Ordinals: :func:`format_ordinal` (1st / 1. / 1.) from the ``ordinal`` table.
- Write what players say at the table (Finnish tikki, valtti, lupaus, jakaja, etukäsi;
  Polish lewa, atu, rozdający, licytacja), as natural sentences, not word for word.
- Every string a player or user reads goes through :func:`t` or :func:`tn`, or, below
  the front ends (rules/, game/, which never import this package), is a
  :class:`~scorekeeper.messages.Message` worded by :func:`show` where it is shown; code
  keeps only keys, identifiers and formats. Calls use literal keys
  (``t("tui.play.title")``, ``Message("engine.no_seat", ...)``) so a test can check each
  against the English catalog: the key, plural or not, and the placeholders given.
- Text shown in class-level constants (Textual ``BINDINGS``, ``TITLE``) is read when the
  module is imported: import such modules after ``set_language`` (the CLI does), and
  where a text must follow a switch made in the TUI, call ``t`` when it is shown
  (compose, render, ``check_action``) rather than at import.

Ruleset texts (a game's name, labels, check messages) are not in these catalogs: each
ruleset carries its own translations (see docs/rulesets.md and
:meth:`scorekeeper.rules.ruleset.Ruleset.localized`).

For the code that shows text
----------------------------
- Show a game through ``ruleset.localized(get_language())``: its ``name``,
  ``description``, option and field ``label``/``help``, ``choice_label(value)``,
  ``derived[...].label`` and ``part_label(part)``, ``phase_label(phase)``,
  ``parts.name``, and the engine's check messages, reminders and trump texts are then
  in the language. Keep storing ids and the English ruleset (``localized("en")``).
- Suits and no trump: ``t("game.suit.<suit>")`` (``spades`` ... ``none``).
- Numbers: :func:`format_number`, :func:`format_percent`, :func:`format_ordinal`;
  stored times: :func:`format_datetime`; yes/no: ``value.yes``/``value.no`` in text,
  ``common.yes``/``common.no`` as answers. What a player may type for yes and no (in any
  language): :func:`yes_no_words`, also installed as the default of
  :func:`scorekeeper.languages.yes_no_words` for the layers that cannot read catalogs.
"""

from __future__ import annotations

import os
import sys

from ..languages import LANGUAGES, LanguageError, YesNoWords, install_yes_no_words
from ..messages import Message, install_renderer

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from contextvars import ContextVar, Token
    from datetime import date, datetime, tzinfo
    from types import ModuleType
    from typing import Any, Callable, Mapping

    from .catalogs import Catalog, Entry, TranslationError
    from .formats import Numeric

__all__ = [
    "CATEGORIES", "DEFAULT_LANGUAGE", "ENV_VAR", "LANGUAGES", "NBSP", "ORDINAL_CATEGORIES",
    "Catalog", "CatalogError", "Entry", "LanguageError", "LanguageState", "STATE", "Template", "TranslationError",
    "catalog", "check_catalogs", "format_date", "format_datetime", "format_number", "format_ordinal",
    "format_percent", "get_language", "language_code", "load_catalog", "locale_language",
    "plural_category", "resolve_language", "set_language", "show", "t", "tn", "using_language", "yes_no_words",
]

DEFAULT_LANGUAGE = "en"
ENV_VAR = "SCOREKEEPER_LANG"
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


class LanguageState:
    """What the process holds of its languages, in one place (:data:`STATE`): the process's
    language, the variable a block's language is held in, and what was loaded on first use (the
    catalogs, this package's submodules, the yes/no words of every language)."""

    __slots__ = ("process", "block", "_first_block", "catalogs", "modules", "yes_no")

    def __init__(self) -> None:
        self.process = DEFAULT_LANGUAGE  # (set_language)
        # The language of a block (using_language): a ContextVar, so that each request of the web
        # server (a task, or the work it hands a thread) has its own, over the process's. Made on
        # first use (block_variable): a command that never needs one imports nothing for it.
        self.block: ContextVar[str] | None = None
        self._first_block: dict[str, ContextVar[str]] = {}
        self.catalogs: dict[str, Catalog] = {}  # by language code (catalog)
        self.modules: dict[str, ModuleType] = {}  # by name: "catalogs", "plural", "formats" (_module)
        self.yes_no: YesNoWords | None = None  # (yes_no_words)

    def language(self) -> str:
        """The current language: the block's, else the process's."""
        block = self.block
        return self.process if block is None else block.get(self.process)

    def block_variable(self) -> ContextVar[str]:
        """The variable a block's language is held in, made the first time a block asks."""
        block = self.block
        if block is None:
            from contextvars import ContextVar

            # setdefault is atomic: two threads' first blocks at once still share one variable
            block = self.block = self._first_block.setdefault("block", ContextVar("scorekeeper_language"))
        return block


STATE = LanguageState()  # the process's (tests that need a fresh one replace this module's STATE)

# The submodules are imported on first use: the rules layer imports this package, and a
# command that never shows a translated text (check-bid) should not pay for them. The
# catalogs' errors live in .catalogs (which imports nothing of this package back).
_LAZY = {
    "Catalog": "catalogs", "Entry": "catalogs", "Template": "catalogs", "check_catalogs": "catalogs",
    "load_catalog": "catalogs", "CatalogError": "catalogs", "TranslationError": "catalogs",
    "CATEGORIES": "plural", "ORDINAL_CATEGORIES": "plural", "plural_category": "plural",
    "ordinal_category": "plural", "NBSP": "formats",
}


def _module(name: str) -> Any:
    """The submodule ``name``, imported on first use (its names are looked up as it runs: Any)."""
    modules = STATE.modules
    module = modules.get(name)
    if module is None:
        full = f"{__name__}.{name}"
        __import__(full)  # importlib's import_module, without importlib (it imports types and warnings)
        module = modules[name] = sys.modules[full]
    return module


def _translation_error(text: str) -> TranslationError:
    """A TranslationError (a catalog is read by then, so its module is loaded already)."""
    return _module("catalogs").TranslationError(text)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- choosing the language ----------------------------------------------------------------

def language_code(value: str | None) -> str | None:
    """The language part of a code or locale name, lower-case: 'fi_FI.UTF-8' -> 'fi',
    'pl-PL' -> 'pl', 'EN' -> 'en'; None for '', 'C' and 'POSIX' (no language).
    The result need not be one of :data:`LANGUAGES`."""
    if not value:
        return None
    text = value.strip().split(".", 1)[0].split("@", 1)[0]
    if text in ("", "C", "POSIX"):
        return None
    code = text.replace("-", "_").split("_", 1)[0].lower()
    return code or None


def locale_language(env: Mapping[str, str] | None = None) -> str | None:
    """The language of the system locale if it is one of ours: the first of LC_ALL,
    LC_MESSAGES and LANG that is set decides (as POSIX says); None otherwise."""
    env = os.environ if env is None else env
    for var in LOCALE_VARS:
        value = env.get(var)
        if value:
            code = language_code(value)
            return code if code in LANGUAGES else None
    return None


def resolve_language(cli: str | None = None, env: Mapping[str, str] | None = None,
                     settings: str | None = None) -> str:
    """The language to use: ``--lang`` (``cli``), then $SCOREKEEPER_LANG, then the
    remembered ``settings`` value, then the system locale, else English.

    LanguageError when ``cli`` is not a known code; unknown values from the
    environment, the settings or the locale are passed over.
    """
    if cli is not None:
        code = language_code(cli)
        if code not in LANGUAGES:
            raise LanguageError(cli)
        return code
    env = os.environ if env is None else env
    for value in (env.get(ENV_VAR), settings):
        code = language_code(value)
        if code in LANGUAGES:
            return code
    return locale_language(env) or DEFAULT_LANGUAGE


def set_language(code: str) -> None:
    """Make ``code`` the process's language; LanguageError if it is not one of LANGUAGES.
    A block in :func:`using_language` keeps its own language."""
    if code not in LANGUAGES:
        raise LanguageError(code)
    STATE.process = code


def get_language() -> str:
    """The current language's code: the block's (:func:`using_language`), else the process's
    ('en' until set_language is called)."""
    return STATE.language()


class using_language:
    """``with using_language("fi"):`` -- the language for a block, as it was after it (its code is
    what ``as`` gives); LanguageError if ``code`` is not one of LANGUAGES.

    The block's language is its context's (:mod:`contextvars`): other threads and asyncio tasks
    keep theirs, so each request of the web server can have its own. A thread started in the
    block does not inherit it (an executor's thread neither): give it the code and let it use
    its own block. A class, not contextlib's decorator: importing contextlib costs every
    command's start for this one use."""

    def __init__(self, code: str) -> None:
        if code not in LANGUAGES:
            raise LanguageError(code)
        self.code = code
        self._token: Token[str] | None = None

    def __enter__(self) -> str:
        self._token = STATE.block_variable().set(self.code)
        return self.code

    def __exit__(self, *exc_info: object) -> None:
        token = self._token
        if token is not None:
            token.var.reset(token)


# --- texts --------------------------------------------------------------------------------

def catalog(code: str) -> Catalog:
    """The catalog of one language, loaded on first use (see :func:`.catalogs.shipped_catalog`)."""
    catalogs = STATE.catalogs
    found = catalogs.get(code)
    if found is None:
        if code not in LANGUAGES:
            raise LanguageError(code)
        found = catalogs[code] = _module("catalogs").shipped_catalog(code)
    return found


def _entry(key: str, lang: str) -> Entry:
    entry = catalog(lang).get(key)
    if entry is None and lang != DEFAULT_LANGUAGE:
        entry = catalog(DEFAULT_LANGUAGE).get(key)
    if entry is None:
        raise _translation_error(f"no catalog has the key '{key}'")
    return entry


def _shower(lang: str) -> Callable[[Any], str]:
    def show(value: Any) -> str:
        # A text, or a whole number (written as it is in every language, see formats): most values
        # a text is given, shown without importing formats for them.
        if type(value) is str or type(value) is int:
            return str(value)
        formats = _module("formats")
        if formats.is_number(value):
            return formats.number_text(lang, value)
        return str(value)
    return show


def t(key: str, **params: Any) -> str:
    """The current language's text for ``key`` with its placeholders filled from ``params``."""
    lang = STATE.language()
    text = _entry(key, lang).text
    if text is None:
        raise _translation_error(f"catalog key '{key}' is a plural entry: use tn('{key}', count, ...)")
    return text.format(key, params, _shower(lang))


def show(value: Any) -> str:
    """Any text of a layer below the front ends as a sentence in the current language.

    A :class:`~scorekeeper.messages.Message` is worded from the catalog (its message
    parameters worded first, tuples of them joined with "; ", tuples of plain names or
    values with ", "); an error that carries a
    ``message`` (or ``problems``/``issues``, each worded on its own line / joined with
    "; ") is worded from it; a plain text is returned as it is."""
    if isinstance(value, str):
        return value
    if isinstance(value, Message):
        params = {name: _shown_param(v) for name, v in value.params.items()}
        if value.plural_count is not None:
            return tn(value.code, value.plural_count, **params)
        return t(value.code, **params)
    worded = getattr(value, "__text__", None)
    if worded is not None:
        return worded(show)
    return str(value)


def _shown_param(value: Any) -> Any:
    if isinstance(value, Message):
        return show(value)
    if isinstance(value, tuple) and any(isinstance(v, Message) for v in value):
        return "; ".join(show(v) for v in value)
    if isinstance(value, tuple):  # a list of names or values (suits, functions): "a, b, c"
        return ", ".join(format_number(v) if _module("formats").is_number(v) else str(v) for v in value)
    return value


def tn(key: str, count: Numeric, **params: Any) -> str:
    """The plural form of ``key`` for ``count`` in the current language; ``{count}`` is the
    count written as the language writes numbers."""
    lang = STATE.language()
    forms = _entry(key, lang).forms
    if forms is None:
        raise _translation_error(f"catalog key '{key}' is one text, not a plural entry: use t('{key}', ...)")
    plural = _module("plural")
    if key.startswith("ordinal."):
        category = plural.ordinal_category(lang, int(count))
    else:
        category = plural.plural_category(lang, count)
    template = forms.get(category) or forms["other"]
    return template.format(key, {**params, "count": count}, _shower(lang))


# --- numbers and times --------------------------------------------------------------------

def format_number(value: Numeric, digits: int | None = None) -> str:
    """A number as the current language writes it: -310; 0.75 (en) or 0,75 (fi, pl).
    ``digits`` fixes the decimals (rounded half up): format_number(2/3, 2) -> '0.67'."""
    return _module("formats").number_text(STATE.language(), value, digits)


def format_percent(fraction: Numeric, digits: int = 0) -> str:
    """0.75 -> '75%' (en), '75 %' (fi, pl, with a no-break space)."""
    return _module("formats").percent_text(STATE.language(), fraction, digits)


def format_ordinal(n: int) -> str:
    """A place: 1st, 2nd, 3rd, 11th, 21st (en); 1., 2., 3. (fi, pl)."""
    return tn("ordinal.number", n)


def format_datetime(moment: datetime, tz: tzinfo | None = None) -> str:
    """A stored time, local (or in ``tz``), to the minute: 2024-05-03 18:30 (en),
    3.5.2024 klo 18.30 (fi), 03.05.2024, 18:30 (pl)."""
    return _module("formats").datetime_text(STATE.language(), moment, tz)


def format_date(day: date) -> str:
    """A day: 2024-05-03 (en), 3.5.2024 (fi), 03.05.2024 (pl)."""
    return _module("formats").date_text(STATE.language(), day)


# --- yes and no as typed ------------------------------------------------------------------

def yes_no_words() -> YesNoWords:
    """What a player may type for yes and for no: the ``common.yes_words`` and
    ``common.no_words`` lists of every language together (read once, on first use)."""
    words = STATE.yes_no
    if words is None:
        words = YesNoWords()
        for code in LANGUAGES:
            words |= YesNoWords.from_lists(_text(_entry("common.yes_words", code)), _text(_entry("common.no_words", code)))
        STATE.yes_no = words
    return words


def _text(entry: Entry) -> str:
    """The text of an entry that is one text (TranslationError for a plural entry)."""
    if entry.text is None:
        raise _translation_error(f"catalog key '{entry.key}' is a plural entry, not one text")
    return entry.text.text


install_renderer(show)
install_yes_no_words(yes_no_words)
