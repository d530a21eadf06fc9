"""Reading the TOML files a person gives (rulesets, the files they extend, score sheets)
within bounds: only a regular file is read, at most :data:`LARGEST_FILE` bytes of it,
and its TOML at most as deeply nested as the parser can follow.

A device (``/dev/zero``), a pipe or a folder is refused before a byte is read, and a
file that grows past the limit while it is read is refused too, so no file can hang the
program or exhaust its memory; nesting is counted before the parser follows it. The refusal is a :class:`FileRefused` whose message says
why without naming the file: the reader that knows how the file is shown names it.
"""

from __future__ import annotations

import errno
import os
import stat
import sys

from ..messages import Message, MessageError

__all__ = ["DEEPEST_NESTING", "LARGEST_FILE", "FileRefused", "NotToml", "nesting", "parse_toml", "plain_toml",
           "read_bytes", "read_text", "write_text"]

LARGEST_FILE = 1_000_000  # bytes: a ruleset or score sheet is a few kilobytes; the biggest built-in is 40
DEEPEST_NESTING = 50  # arrays and inline tables inside each other: a ruleset needs 3

# What nesting() reads: strings and comments whole (their brackets do not count), and brackets.
# Compiled when first needed: a built-in ruleset loaded from its shipped module is not parsed,
# so most starts import no ``re``.
_TOKENS = (r'"""(?:\\.|[^\\])*?"""'  # multi-line basic string
           r"|'''.*?'''"  # multi-line literal string
           r'|"(?:\\.|[^"\\\n])*"'  # basic string
           r"|'[^'\n]*'"  # literal string
           r"|#[^\n]*"  # comment
           r"|[\[\]{}]")
_WHERE = r"\(at line (\d+), column (\d+)\)"  # how tomllib says where


class FileRefused(MessageError):
    """A file that is not read, or whose TOML is not parsed: ``message`` says why."""


class NotToml(ValueError):
    """Text that is not TOML: ``reason`` is the parser's own explanation and ``line`` the
    line it names (None when it names none); str() is the parser's whole message."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        import re

        where = re.search(_WHERE, message)
        self.reason = message[: where.start()].strip() if where else message
        self.line = int(where.group(1)) if where else None


def read_text(path: str | os.PathLike) -> str:
    """The UTF-8 text of a regular file of at most LARGEST_FILE bytes; FileRefused if it is
    not one (IsADirectoryError, FileNotFoundError and other OSErrors pass through for the
    caller to word)."""
    return read_bytes(path).decode("utf-8")


def read_bytes(path: str | os.PathLike) -> bytes:
    """The bytes of a regular file of at most LARGEST_FILE bytes, refused as :func:`read_text` refuses them."""
    if os.path.isdir(path):  # opened, a folder reads as nothing: the caller says it is a folder
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)  # a pipe with no writer must not block the open
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileRefused(Message("rules.file.not_regular"))
        data = f.read(LARGEST_FILE + 1)
    if len(data) > LARGEST_FILE:
        raise FileRefused(Message("rules.file.too_large", most=LARGEST_FILE // 1000))
    return data


def parse_toml(text: str) -> dict:
    """The TOML ``text``: read by :func:`plain_toml` when it is a sheet's plain TOML, else by
    ``tomllib.loads``, with arrays and inline tables nested more than DEEPEST_NESTING deep
    refused as FileRefused before it is parsed (tomllib's own TOMLDecodeError becomes NotToml)."""
    plain = plain_toml(text)
    if plain is not None:
        return plain
    if nesting(text) > DEEPEST_NESTING:
        raise FileRefused(Message("rules.file.too_deep", most=DEEPEST_NESTING))
    import tomllib  # (only here: a built-in ruleset loaded from its shipped module is not parsed)

    try:
        return tomllib.loads(text)
    except ValueError as exc:
        if isinstance(exc, tomllib.TOMLDecodeError):
            raise NotToml(str(exc)) from None
        # an integer Python will not read (past sys.get_int_max_str_digits())
        raise FileRefused(Message("rules.file.number_too_long", most=sys.get_int_max_str_digits())) from None
    except RecursionError:  # the parser called from deep down already: the same answer
        raise FileRefused(Message("rules.file.too_deep", most=DEEPEST_NESTING)) from None


def nesting(text: str) -> int:
    """How deep arrays and inline tables are nested in TOML text (brackets in strings and
    comments do not count)."""
    import re

    depth = deepest = 0
    for token in re.finditer(_TOKENS, text, re.DOTALL):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif bracket in "]}":
            depth = max(depth - 1, 0)
    return deepest


def write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` (UTF-8, newlines as they are) to the file ``path``, whole or not at all.

    The text goes to a temporary file beside it, is flushed to the disk and then renamed over
    ``path``: a write that fails (a full disk, the file size limit) leaves what was there as it
    was and no temporary file. A device or pipe (``/dev/stdout``) cannot be replaced and is
    written directly. The OSError of a failure names ``path``, never the temporary file. A
    file that exists keeps its permissions; a new one gets those ``open`` would give it.
    """
    target = os.path.realpath(path)  # a link: the file it points to is replaced, not the link
    data = text.encode("utf-8")
    try:
        existing = os.stat(target)
    except FileNotFoundError:
        existing = None
    except OSError as exc:
        raise _naming(exc, path) from None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        _write_into(path, data)
        return
    if existing is not None and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    import tempfile  # (only for writing a file: the commands that read need none of it)

    folder, name = os.path.split(target)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder or ".")
    except OSError as exc:
        raise _naming(exc, path) from None
    try:
        if existing is not None:
            mode = stat.S_IMODE(existing.st_mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        # by the open file where Python can (no other path can be put in between); Windows has
        # os.fchmod only from Python 3.13, and there chmod only sets or clears read-only
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:
            os.chmod(temp, mode)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _naming(exc, path) from None
        raise


def _write_into(path: str | os.PathLike, data: bytes) -> None:
    try:
        with open(path, "wb") as out:
            out.write(data)
    except OSError as exc:
        raise _naming(exc, path) from None


def _naming(exc: OSError, path: str | os.PathLike) -> OSError:
    """The same error, naming ``path``: the system's words (strerror), one line."""
    return type(exc)(exc.errno, exc.strerror or str(exc), str(path))


class _NotPlain(Exception):
    """TOML (or not) that :func:`plain_toml` leaves to tomllib."""


_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")  # a bare key's
_WORD = _BARE | frozenset("+.:")  # what a number, a date, true or false is written with
_CONTROL = frozenset(map(chr, [*range(9), *range(10, 32), 127]))  # in no TOML string or comment
_DEEPEST_PLAIN = 3  # a sheet's cards field: a list of hands, each a list of cards


def plain_toml(text: str) -> dict | None:
    """The TOML a score sheet is written in, read without tomllib (whose import, with re, typing
    and datetime under it, costs a replay as much as Python's own start: bench/README.md,
    "startup3"): tables and arrays of tables named by bare keys, bare keys, strings with no
    escape, whole numbers, true and false, arrays and inline tables of them, comments. None for
    anything else, which tomllib then reads or refuses; what it reads, it reads as tomllib does
    (tests/test_plain_toml.py compares the two)."""
    try:
        return _Plain(text).document()
    except (_NotPlain, IndexError):  # (IndexError: the text ends where more must come)
        return None


class _Plain:
    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0

    def document(self) -> dict:
        text = self.text
        root: dict = {}
        table, arrays = root, set()  # arrays: the keys of root made by [[key]]
        while self._blank(True) < len(text):
            if text[self.at] != "[":
                self._pair(table, 0)
            else:
                double = text.startswith("[[", self.at)
                self.at += 1 + double
                key = self._key()
                self._expect("]]" if double else "]")
                if double and (key in arrays or key not in root):
                    arrays.add(key)
                    table = {}
                    root.setdefault(key, []).append(table)
                elif double or key in root:
                    raise _NotPlain
                else:
                    table = root[key] = {}
            if self._blank(False) < len(text):
                self._expect("\n")
        return root

    def _blank(self, lines: bool) -> int:
        """Past spaces and tabs, a comment, and (``lines``) line ends; where that is."""
        text, at = self.text, self.at
        while at < len(text):
            char = text[at]
            if char == " " or char == "\t" or (lines and char == "\n"):
                at += 1
            elif lines and char == "\r" and text.startswith("\r\n", at):
                at += 2
            elif char == "#":
                end = text.find("\n", at)
                if end < 0:
                    end = len(text)
                elif text[end - 1] == "\r":
                    end -= 1
                if not _CONTROL.isdisjoint(text[at:end]):
                    raise _NotPlain
                at = end
            else:
                break
        self.at = at
        return at

    def _expect(self, what: str) -> None:
        if what == "\n" and self.text.startswith("\r\n", self.at):
            what = "\r\n"
        if not self.text.startswith(what, self.at):
            raise _NotPlain
        self.at += len(what)

    def _key(self) -> str:
        text, start = self.text, self.at
        at = start
        while text[at] in _BARE:
            at += 1
        if at == start:
            raise _NotPlain
        self.at = at
        return text[start:at]

    def _pair(self, table: dict, depth: int) -> None:
        key = self._key()
        self._blank(False)
        self._expect("=")
        self._blank(False)
        value = self._value(depth)
        if key in table:
            raise _NotPlain
        table[key] = value

    def _value(self, depth: int) -> object:
        text, start = self.text, self.at
        if text[start] == '"':
            end = text.find('"', start + 1)
            found = text[start + 1:end]
            if end < 0 or text.startswith('"""', start) or "\\" in found or not _CONTROL.isdisjoint(found):
                raise _NotPlain
            self.at = end + 1
            return found
        if text[start] in "[{":
            if depth == _DEEPEST_PLAIN:
                raise _NotPlain
            self.at += 1
            return self._array(depth + 1) if text[start] == "[" else self._table(depth + 1)
        at = start
        while at < len(text) and text[at] in _WORD:
            at += 1
        self.at = at
        word = text[start:at]
        if word in ("true", "false"):
            return word == "true"
        digits = word[1:] if word[:1] in ("+", "-") else word
        if not digits.isdigit() or len(digits) > 18 or (digits[0] == "0" and digits != "0"):
            raise _NotPlain  # a float, a date, an integer written otherwise (0x, 1_000), or no value
        return int(word)

    def _array(self, depth: int) -> list:
        found = []
        self._blank(True)
        while self.text[self.at] != "]":
            found.append(self._value(depth))
            self._blank(True)
            if self.text[self.at] != ",":
                break
            self.at += 1
            self._blank(True)
        self._expect("]")
        return found

    def _table(self, depth: int) -> dict:
        found: dict = {}
        self._blank(False)
        while self.text[self.at] != "}":
            self._pair(found, depth)
            self._blank(False)
            if self.text[self.at] == "}":
                break
            self._expect(",")
            self._blank(False)
            if self.text[self.at] == "}":
                raise _NotPlain  # TOML 1.0 has no comma after an inline table's last pair
        self.at += 1
        return found
