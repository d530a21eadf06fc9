"""What the command groups share: the usage error, output (``out``, ``_err``, ``_json``,
``_table``), rulesets and ``--option`` values as given on the command line, the
``--db``/``--plain`` options and the store they choose. The parser's own classes (on argparse)
are in :mod:`.parsing`, imported where a parser is built: a command read without argparse
(:func:`scorekeeper.cli.quick_args`) does not load it.

``out``, ``db_option`` and ``store_path`` are public: the ``board`` command (:mod:`.board`)
uses them as the other command groups do, and ``help_text`` for its help texts."""

from __future__ import annotations

import os
import sys

from ..i18n import format_number, get_language, show, t
from ..rules.ruleset import RulesetError, load_ruleset, ruleset_file
from ..terminal import terminal_safe
from ..userdirs import path_text

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from argparse import ArgumentParser
    from typing import Any, Sequence

    from ..rules.model import Ruleset
    from ..store.db import Store


PROG = "scorekeeper"


class UsageError(Exception):
    """The command was given something it cannot use (exit status 2)."""


class HelpWording:
    """Whether :func:`help_text` words its text (:data:`HELP_WORDING`): off while a parser that
    only parses is built (see .parsing.help_texts)."""

    __slots__ = ("on",)

    def __init__(self) -> None:
        self.on = True


HELP_WORDING = HelpWording()


def help_text(key: str, **params: Any) -> str | None:
    """An option's or command's help in the current language; None while help_texts(False)."""
    return t(key, **params) if HELP_WORDING.on else None


# --- small helpers --------------------------------------------------------------------------

LARGEST_NUMBER = 2**63 - 1  # of a number argument: the largest id the store can hold (SQLite's integer)


def whole_or_none(text: str) -> int | None:
    """The value of a number argument, or None where :func:`whole_number` refuses it: digits
    0-9 with an optional sign (spaces around them allowed). Not what else ``int`` reads:
    "1_0" (10), "３" or "٣" are no number a player typed for what they mean."""
    if not is_whole(text):
        return None
    try:
        value = int(text)
    except ValueError:  # text past 4300 digits
        return None
    return value if abs(value) <= LARGEST_NUMBER else None


def is_whole(text: str) -> bool:
    """Whether ``text`` is digits 0-9 with an optional sign and spaces around them."""
    body = text.strip()
    if body[:1] in ("+", "-"):
        body = body[1:]
    return body.isascii() and body.isdigit()


def number_list(texts: list[str]) -> list[str]:
    """Arguments that are a list of numbers, as typed or pasted: "1 0 2", "1,0,2" and
    "1, 0, 2" in one argument are three (a comma or a space never belongs to one number)."""
    return [part for text in texts for part in text.replace(",", " ").split()] if texts else texts


def whole_number(text: str) -> int:
    """A number argument (the parser's type): a whole number of at most LARGEST_NUMBER either
    way, so no count or id given on the command line reaches past what can be stored."""
    value = whole_or_none(text)
    if value is not None:
        return value
    from argparse import ArgumentTypeError  # (a command read without argparse is read again with it)

    raise ArgumentTypeError(_not_a_number(text))


def _not_a_number(text: str) -> str:
    """Why a number argument is refused: not a whole number, or past LARGEST_NUMBER."""
    if not is_whole(text):
        return t("cli.errors.not_whole", text=text[:40])
    return t("cli.errors.too_large", text=text[:40], most=str(LARGEST_NUMBER))


class OutputError(OSError):
    """Standard output refused a write (a full disk, a closed or read-only descriptor): one line
    on standard error and status 1. A closed pipe stays a BrokenPipeError (status 141, nothing said)."""


def out(text: str = "") -> None:
    """A line on stdout; a ruleset's, a sheet's or the store's texts in it are shown, never
    obeyed by the terminal (:func:`~scorekeeper.terminal.terminal_safe`)."""
    try:
        print(terminal_safe(text))
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(exc.errno, exc.strerror) from None


def err_line(text: str) -> None:
    """A line on stderr as it is (made terminal-safe): the lines under an error."""
    if sys.stderr is not None:  # closed: the line has nowhere to go (print would send it to stdout)
        print(terminal_safe(text), file=sys.stderr)


def _err(text: str) -> None:
    err_line(t("cli.errors.line", prog=PROG, text=text))


def typed_text(text: str) -> str:
    """An argument meant as text (a player's name): where the locale could not decode its bytes
    (a C locale with UTF-8 mode off; Python keeps them as surrogates), the UTF-8 the terminal
    most likely typed, "Äijä" rather than "\\udcc3\\udc84ij...". A path stays as Python gives it:
    that is how the file system is asked for it."""
    if text.isascii() or not any("\udc80" <= c <= "\udcff" for c in text):
        return text
    try:
        return os.fsencode(text).decode("utf-8")
    except (UnicodeError, ValueError):
        return text


def write_out(text: str) -> None:
    """A whole export on stdout (made terminal-safe)."""
    try:
        sys.stdout.write(terminal_safe(text))
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(exc.errno, exc.strerror) from None


def _json(data: Any) -> None:
    import json  # only for --json: the other commands' starts need none of it (json imports re)

    out(json.dumps(data, indent=2, ensure_ascii=False))


def _ruleset_path(ref: str) -> str:
    """The file of a built-in id or a ruleset file that exists; UsageError for anything else."""
    try:
        path = ruleset_file(ref)
    except RulesetError as exc:
        raise UsageError(show(exc.problems[0].message)) from None
    if not os.path.exists(path):
        raise UsageError(t("cli.errors.no_such_file", ref=ref))
    return path


def _load_ruleset(ref: str) -> Ruleset:
    """A built-in id or a ruleset file: unknown -> UsageError, broken -> RulesetError. The
    reference is looked up once (the built-ins' folder listed, 0.35 M instructions): a ruleset
    that loads was found; one that does not is looked at again for the usage error."""
    try:
        return load_ruleset(ref)
    except RulesetError:
        _ruleset_path(ref)  # (unknown, or no such file: its usage error)
        raise


def _localized_ruleset(rs: Ruleset) -> Ruleset:
    """The ruleset with its texts in the current language (names, labels, check messages)."""
    return rs.localized(get_language())


def _parse_options(items: Sequence[str] | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(t("cli.errors.option_syntax", item=item))
        options[name.strip()] = value.strip()
    return options


def _resolve_options(ruleset: Ruleset, options: dict) -> None:
    try:
        ruleset.resolve_options(options)
    except ValueError as exc:
        raise UsageError(show(exc)) from None


def _seat_names(ruleset: Ruleset, n: int) -> list[str]:
    """Names for ``n`` seats ("Player 1", ...): the ruleset's player range is checked first
    (UsageError), so a number given on the command line never sizes more than a game."""
    from ..game.engine import SetupError, check_player_count

    try:
        check_player_count(ruleset, n)
    except SetupError as exc:
        raise UsageError(show(exc)) from None
    return [t("cli.seat_name", number=i) for i in range(1, n + 1)]


def _values_text(values) -> str:
    return " ".join(str(v) for v in values)


def _table(rows: list[list[Any]]) -> list[str]:
    """Rows of cells as aligned text; numbers right-aligned, text left-aligned."""
    numeric = [[isinstance(c, (int, float)) and not isinstance(c, bool) for c in row] for row in rows]
    cells = [[format_number(c) if num else str(c) for c, num in zip(row, nums)] for row, nums in zip(rows, numeric)]
    widths = [max(len(row[i]) for row in cells if i < len(row)) for i in range(max(map(len, cells)))]
    lines = []
    for row, nums in zip(cells, numeric):
        parts = [c.rjust(widths[i]) if nums[i] else c.ljust(widths[i]) for i, c in enumerate(row)]
        lines.append("  ".join(parts).rstrip())
    return lines


def _show_value(value: Any) -> str:
    if isinstance(value, bool):
        return t("value.yes") if value else t("value.no")
    if isinstance(value, (int, float)):
        return format_number(value)
    return str(value)


def _plain_option(p: ArgumentParser) -> None:
    p.add_argument("--plain", action="store_true", help=help_text("cli.help.plain"))


def db_option(p: ArgumentParser, help: str | None = None) -> None:
    """--db PATH (the store), its help ``help`` or the usual one."""
    from argparse import SUPPRESS

    p.add_argument("--db", metavar="PATH", default=SUPPRESS, help=help or help_text("cli.help.db"))


# --- stored games ----------------------------------------------------------------------------


def _game_id(text: str | None) -> int | None:
    """A game id given where a sheet may be: digits, even when a file of that name is in the
    current folder (what is read must not depend on the folder the program was started in; a
    sheet named so is written as a path, ./12)."""
    if text is None or not (text.isascii() and text.isdigit()):
        return None
    value = whole_or_none(text)
    if value is None:
        raise UsageError(_not_a_number(text))
    return value


def store_path(args) -> str:
    """The store's path (a str, written as pathlib writes it): --db, else the default."""
    from ..store.db import default_db_path

    db = getattr(args, "db", None)
    return path_text(db, expand=True) if db else default_db_path()


def _open_store(args: Any) -> Store | None:
    """The store (StoreError if it cannot be used); None when there is no file yet."""
    path = store_path(args)
    return _store(path) if os.path.exists(path) else None


def _store(path: str) -> Store:
    """The store at ``path``, made when there is none yet (StoreError if it cannot be used)."""
    from ..store.db import Store

    return Store(path)


def _no_game(args, game_id: int) -> ValueError:
    from ..store.db import StoreError

    return StoreError(t("cli.errors.no_game", path=store_path(args), id=game_id))
