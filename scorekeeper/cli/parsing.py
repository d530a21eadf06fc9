"""The command line's parser classes, on argparse: ``--version``, the parser whose usage errors
are one line (:class:`UsageError`), its formatter when it only parses, and :func:`help_texts`,
which says whether the help texts are worded while parsers are built. Imported where a parser
is built (:func:`scorekeeper.cli.build_parser`), so that a command read without it does not
load argparse."""

from __future__ import annotations

import argparse
from contextlib import contextmanager

from .common import _HELP_TEXTS, PROG, UsageError, out

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Iterator

__all__ = ["VersionAction", "help_texts"]


class VersionAction(argparse.Action):
    """``--version``: print ``scorekeeper VERSION`` and stop (the version is read only then)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
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
    are still worded through gettext."""
    before, wording = _HELP_TEXTS[0], getattr(argparse, "_", None)
    _HELP_TEXTS[0] = wanted
    if not wanted and wording is not None:
        argparse._ = str  # the heading as argparse writes it
    try:
        yield
    finally:
        _HELP_TEXTS[0] = before
        if wording is not None:
            argparse._ = wording


class _LeanFormatter(argparse.HelpFormatter):
    """The help formatter of a parser built without help texts (:func:`help_texts`), which only
    parses: argparse makes one for each option it adds, and its own asks for the terminal's width
    (importing ``shutil``, and with it ``bz2`` and ``lzma``). No text it formats is shown: a
    usage error is one line (:meth:`_Parser.error`), and help is shown by a parser with its texts."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, 80 if width is None else width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        if not _HELP_TEXTS[0]:
            kwargs.setdefault("formatter_class", _LeanFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # one line, no usage block
        raise UsageError(message)
