"""TOML text read through a cache of the data it parses to: the catalogs are read at every
start, and parsing TOML (and importing the parser) costs more than most commands' own work.
(The rulesets use none of this: :mod:`scorekeeper.rules.shipped`, :mod:`scorekeeper.rules.usercache`.)

:func:`loads` gives exactly what ``tomllib.loads(text)`` gives. The data is kept in
:mod:`marshal`'s format (built into the interpreter: reading it imports nothing) in
one file per text in the user's cache folder (``$SCOREKEEPER_CACHE``, else the platform's:
``$XDG_CACHE_HOME/scorekeeper`` or ``~/.cache/scorekeeper``, ``~/Library/Caches/scorekeeper``,
``%LOCALAPPDATA%\\scorekeeper\\Cache``), named by a 256-bit BLAKE2b hash of the text together with
:data:`FORMAT` and the Python version (whose parser made it), and holding that key beside
the data. So a changed file is a new entry, never a stale one, and an entry copied from
another text is not taken for this one.

marshal's format belongs to the Python version that wrote it, so every file starts with a
header naming :data:`FORMAT`, the Python version and marshal's own version; a file with
another header is not read. Then comes a hash of the rest of the file (marshal trusts what it
reads: a file damaged on the disk, or cut short, never reaches it, nor is a changed value in
it taken for the one kept). What this module keeps of a text is data only, used exactly as the
parsed TOML would be and checked as much (a catalog's
templates are checked as they are read). A cache file that is damaged, foreign or not of this
shape is parsed again from the text and written anew; a cache folder that cannot be written is
no error (the text is parsed each time then). A text whose data marshal cannot hold (TOML dates
and times) is not kept.

The same folder keeps other checked data the same way (:func:`cached`, :func:`keep`): the
checked catalogs (:mod:`scorekeeper.i18n.catalogs`), in a subfolder of their own,
each entry named by a key made with :func:`digest` from everything the data depends on and
holding that key beside the data, under the same rules: whole or not written, damaged or
foreign entries made again.

A leaf module: it imports nothing of the package, so every layer may use it.
"""

from __future__ import annotations

import marshal
import os
import sys

TYPE_CHECKING = False  # typing's flag, without importing typing (a start would pay for it)
if TYPE_CHECKING:
    from typing import Any

try:  # hashlib's own BLAKE2b: importing hashlib first loads OpenSSL, which costs a start some ms
    from _blake2 import blake2b
except ImportError:  # an interpreter built without it
    from hashlib import blake2b

__all__ = ["ENV_VAR", "FORMAT", "cache_dir", "cached", "digest", "keep", "loads", "read_entry", "write_entry"]

ENV_VAR = "SCOREKEEPER_CACHE"
FORMAT = 3  # of the cache files: bump when what they hold changes (1: JSON text; 2: no hash)
_APP = "scorekeeper"
_SUFFIX = ".marshal"
# What every cache file starts with: the format, and the Python and marshal versions that wrote it.
_HEADER = b"scorekeeper cache %d python %d.%d marshal %d\n" % (FORMAT, *sys.version_info[:2], marshal.version)


def cache_dir() -> str:
    """``$SCOREKEEPER_CACHE``, else the platform's user cache folder for scorekeeper (a path as str)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return os.path.expanduser(env)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser(r"~\AppData\Local")
        return os.path.join(base, _APP, "Cache")
    if sys.platform == "darwin":
        return os.path.join(os.path.expanduser("~"), "Library", "Caches", _APP)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return os.path.join(xdg if os.path.isabs(xdg) else os.path.expanduser("~/.cache"), _APP)


def digest(*parts: str | bytes) -> str:
    """A key made of ``parts`` (texts and bytes): their 256-bit BLAKE2b hash, each part's length
    hashed before it so that no two different lists of parts give the same bytes to hash."""
    hashed = blake2b(digest_size=32)
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        hashed.update(b"%d:" % len(data))
        hashed.update(data)
    return hashed.hexdigest()


_HASH = 64  # the hex digits of the hash of a file's body, after its header


def _hash(body: bytes | memoryview) -> bytes:
    return blake2b(body, digest_size=32).hexdigest().encode("ascii")


def _key(text: str) -> str:
    """The text's key: its hash (256-bit BLAKE2b) with the cache format and the Python version that parsed it."""
    key = f"{FORMAT}:{sys.version_info[0]}.{sys.version_info[1]}:{text}"
    return blake2b(key.encode("utf-8"), digest_size=32).hexdigest()


def _entry(key: str, folder: str = "toml") -> str:
    return os.path.join(cache_dir(), folder, key + _SUFFIX)


def read_entry(path: str | os.PathLike) -> tuple[str, Any] | None:
    """The key and the data a cache file holds; None when it cannot be read, was written by
    another format, Python or marshal version, or is damaged."""
    try:
        with open(path, "rb") as f:
            blob = f.read()
    except OSError:
        return None
    start = len(_HEADER) + _HASH
    if not blob.startswith(_HEADER) or blob[len(_HEADER):start] != _hash(memoryview(blob)[start:]):
        return None
    try:
        entry = marshal.loads(memoryview(blob)[start:])
    except (EOFError, ValueError, TypeError, MemoryError):  # damaged (a length past what is there, ...)
        return None
    if type(entry) is tuple and len(entry) == 2 and type(entry[0]) is str:
        return entry
    return None


def cached(folder: str, key: str) -> Any:
    """The data kept under ``key`` in the cache's ``folder``; None when there is none, or the
    file is damaged or holds another key's data. The caller still checks the data's shape."""
    entry = read_entry(_entry(key, folder))
    # An entry names the key it was made for: one copied or renamed from another is not used.
    if entry is not None and entry[0] == key:
        return entry[1]
    return None


def keep(folder: str, key: str, data: Any) -> None:
    """Keep ``data`` (TOML's values: tables, arrays, texts, numbers, booleans) under ``key`` in
    the cache's ``folder``; a folder that cannot be written, or data marshal cannot hold, is no
    error (nothing is kept)."""
    write_entry(_entry(key, folder), key, data)


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, from the cache when it holds this text's data; raises
    tomllib.TOMLDecodeError (a ValueError) as tomllib does."""
    data = cached("toml", _key(text))
    if isinstance(data, dict):
        return data
    import tomllib

    data = tomllib.loads(text)
    keep("toml", _key(text), data)
    return data


def write_entry(path: str | os.PathLike, key: str, data: Any) -> None:
    """Write a cache file holding ``key`` and ``data`` (whole or not at all: a temporary file
    renamed); any failure is ignored."""
    try:
        body = marshal.dumps((key, data))
    except ValueError:  # dates and times: marshal holds none
        return
    blob = _HEADER + _hash(body) + body
    path = os.fspath(path)
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temp, "wb") as f:
            f.write(blob)
        os.replace(temp, path)
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass
