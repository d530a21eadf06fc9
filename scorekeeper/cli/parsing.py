"""The command line's parser classes, on argparse: ``--version``, the parser whose usage errors
are one line (:class:`UsageError`), its formatter when it only parses, and :func:`help_texts`,
which says whether the help texts are worded while parsers are built, and argparse's own texts
(headings, the help of ``-h``, its errors) in the current language (:func:`argparse_text`).
Imported where a parser is built (:func:`scorekeeper.cli.build_parser`), so that a command read
without it does not load argparse."""

from __future__ import annotations

import argparse
from contextlib import contextmanager

from ..i18n import t
from .common import HELP_WORDING, PROG, UsageError, out

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Iterator, NoReturn, Sequence

__all__ = ["ARGPARSE_TEXTS", "VersionAction", "argparse_text", "help_texts"]

# argparse's texts that a user of the command line reads (its headings, the help of -h, the
# errors of a command line it cannot take), as argparse writes them -> our catalog key. argparse
# asks gettext for each (its module's ``_``); :func:`_argparse_words` puts ours in its place while
# a parser is built, formats its help or parses, so argparse's own words are never seen in Finnish
# or Polish. A text not here (a programming error, or one a later Python words differently) stays
# as argparse writes it.
ARGPARSE_TEXTS = {
    "usage: ": "cli.argparse.usage",
    "positional arguments": "cli.argparse.positional",
    "options": "cli.argparse.options",
    "subcommands": "cli.argparse.subcommands",
    "show this help message and exit": "cli.argparse.help",
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid_choice",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "expected one argument": "cli.argparse.expected_one",
    "expected at most one argument": "cli.argparse.expected_at_most_one",
    "expected at least one argument": "cli.argparse.expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "not allowed with argument %s": "cli.argparse.not_allowed_with",
    "one of the arguments %s is required": "cli.argparse.one_required",
    "ignored explicit argument %r": "cli.argparse.ignored_explicit",
    "can't open '%(filename)s': %(error)s": "cli.argparse.cannot_open",
}


def argparse_text(text: str) -> str:
    """argparse's ``text`` in the current language (argparse's own words where we have none)."""
    key = ARGPARSE_TEXTS.get(text)
    return text if key is None else t(key)


@contextmanager
def _argparse_words(wording=argparse_text) -> Iterator[None]:
    """While argparse works: its texts are ``wording``'s (then as they were). argparse reads its
    module's ``_`` (gettext's) at each text; gettext's own way to supply texts is a compiled
    catalog looked up on disk at every call, for a language code we already know."""
    module = vars(argparse)  # (its ``_`` is not in the module's published types)
    before = module["_"]
    module["_"] = wording
    try:
        yield
    finally:
        module["_"] = before


class VersionAction(argparse.Action):
    """``--version``: print ``scorekeeper VERSION`` and stop (the version is read only then)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, default: Any = argparse.SUPPRESS,
                 help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> NoReturn:
        from .. import version

        out(f"{PROG} {version()}")
        parser.exit()


@contextmanager
def help_texts(wanted: bool) -> Iterator[None]:
    """While parsers are built: whether their help texts are worded (a parser that only
    parses needs none; reading the catalog for them costs more than most commands' work).

    Without them, argparse's own headings (``options``, ``positional arguments``, the help
    of ``-h``), which such a parser never shows, are not looked up either: argparse asks
    gettext for each one as it builds a parser, and gettext looks for translation files
    on disk at every call (and imports ``locale`` at the first). Its errors while parsing
    are still worded (:class:`_Parser`)."""
    before = HELP_WORDING.on
    HELP_WORDING.on = wanted
    try:
        with _argparse_words(argparse_text if wanted else str):  # str: the heading as argparse writes it
            yield
    finally:
        HELP_WORDING.on = before


class _LeanFormatter(argparse.HelpFormatter):
    """The help formatter of a parser built without help texts (:func:`help_texts`), which only
    parses: argparse makes one for each option it adds, and its own asks for the terminal's width
    (importing ``shutil``, and with it ``bz2`` and ``lzma``). No text it formats is shown: a
    usage error is one line (:meth:`_Parser.error`), and help is shown by a parser with its texts."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, 80 if width is None else width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if not HELP_WORDING.on:
            kwargs.setdefault("formatter_class", _LeanFormatter)
        super().__init__(*args, **kwargs)

    def parse_args(self, args=None, namespace=None):  # (its error for arguments left over is worded here)
        with _argparse_words():
            return super().parse_args(args, namespace)

    def parse_known_args(self, args=None, namespace=None):  # (a command's parser is called here)
        with _argparse_words():
            return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        with _argparse_words():
            return super().format_usage()

    def format_help(self) -> str:
        with _argparse_words():
            return super().format_help()

    def error(self, message: str) -> NoReturn:  # one line, no usage block
        raise UsageError(message)
