"""The cache of user ruleset files: one artefact per file, so that a house rule used again is
neither parsed nor checked again (building one costs a command about as much as Python's own
start-up: bench/README.md, Start-up and the caches).

**One key.** An artefact is named by a digest of the file's bytes as read once (the ruleset is
built from those same bytes), the package version, ``sys.implementation.cache_tag`` and the way
it was built (to play, or to check it, translations and all). A file that extends others names
them in its artefact with the digest of each one's bytes as that build read them; the artefact
is used only while each still has those bytes.

**Readable code, loaded by Python.** An artefact is an ordinary Python module written by
:func:`.generate.module_code` (the ruleset's data as a literal, the constructor calls that make
the ruleset, what checking its formulas found), loaded through Python's import machinery
(``importlib.machinery.SourceFileLoader``), which compiles it and caches the bytecode.

**One private folder.** ``<cache folder>/rulesets``, created 0700. Nothing is used unless the
folder is a folder (not a link) owned by the user and not open to others; an entry is looked at
with ``lstat`` before it is opened and is used only if it is a regular file owned by the user,
so a pipe, a device or a link in the folder is never opened. Whatever is wrong, the slow path
builds the file as if there were no cache; a folder that cannot be written is no error.

**Bounded.** After each write, the least recently used artefacts are deleted until the folder
holds at most :data:`MOST_BYTES` in at most :data:`MOST_FILES` files (a use sets an artefact's
access time; its modification time stays, as Python's bytecode cache checks it).
"""

from __future__ import annotations

import os
import stat
import sys
from time import time_ns

from ..userdirs import user_path
from .shipped import blake2b, source_digest

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

__all__ = ["ENV_VAR", "FORMAT", "MOST_BYTES", "MOST_FILES", "cache_dir", "evict", "find", "folder", "key", "write"]

ENV_VAR = "SCOREKEEPER_CACHE"
FORMAT = 1  # of the artefacts: bump when what they hold changes
MOST_BYTES = 16 * 1024 * 1024
MOST_FILES = 1000
_SUFFIX = ".py"


def cache_dir() -> str:
    """``$SCOREKEEPER_CACHE``, else the user's cache folder for scorekeeper (where platformdirs puts it).
    A relative ``$SCOREKEEPER_CACHE`` is not used, as the XDG rule has it for ``$XDG_CACHE_HOME``:
    it would make a cache folder in every folder the program is started in."""
    env = os.path.expanduser(os.environ.get(ENV_VAR) or "")
    return env if os.path.isabs(env) else user_path("cache")


def folder(create: bool = False) -> str | None:
    """The artefacts' folder, if it is one this user alone owns and may write (``create``: made
    0700 when missing); None when there is none to use."""
    path = os.path.join(cache_dir(), "rulesets")
    if create:
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            os.mkdir(path, 0o700)
        except OSError:
            pass  # there already, or it cannot be made: looked at below
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or not _owned(st, 0o077):
        return None
    return path


def _owned(st: os.stat_result, others: int) -> bool:
    """Whether the user owns what ``st`` describes and no one else may do what the ``others``
    bits of its mode allow. (Windows has neither owners nor modes to compare: the folder is in
    the user's own profile.)"""
    getuid = getattr(os, "getuid", None)
    return getuid is None or (st.st_uid == getuid() and not st.st_mode & others)


def key(source: bytes, how: str) -> str:
    """The artefact's name for a file whose bytes are ``source``, built ``how`` ("load", "check")."""
    from .shipped import build_key

    hashed = blake2b(digest_size=32)
    for part in (f"scorekeeper ruleset {FORMAT}".encode(), build_key().encode(), sys.implementation.cache_tag.encode(),
                 how.encode(), source):
        hashed.update(b"%d:" % len(part))
        hashed.update(part)
    return hashed.hexdigest()


def find(source: bytes, how: str) -> ModuleType | None:
    """The artefact of a file whose bytes are ``source`` built ``how``; None when there is none
    to use (none written, or not owned by the user, not a regular file, of another key or format,
    or a file it extends changed since)."""
    where = folder()
    if where is None:
        return None
    name = key(source, how)
    path = os.path.join(where, name + _SUFFIX)
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode) or not _owned(st, 0o022):
        return None
    from importlib.machinery import SourceFileLoader  # (importlib.util would import contextlib and more: 4 ms)

    try:
        loader = SourceFileLoader(f"scorekeeper._user_ruleset_{name}", path)
        module = type(sys)(loader.name)
        module.__file__, module.__loader__ = path, loader
        loader.exec_module(module)
    except Exception:  # damaged or of another version: built as if there were no cache
        return None
    if getattr(module, "FORMAT", None) != FORMAT or getattr(module, "KEY", None) != name:
        return None
    for parent, digest in module.EXTENDS:
        try:
            with open(parent, "rb") as f:
                if source_digest(f.read()) != digest:
                    return None
        except OSError:
            return None
    try:
        os.utime(path, ns=(time_ns(), st.st_mtime_ns))  # used: the last to be evicted (the bytecode stays valid)
    except OSError:
        pass
    return module


def write(source: bytes, how: str, ruleset: Any, table: Any, shown: str, extends: list[tuple[str, bytes]]) -> None:
    """Write the artefact of a file whose bytes are ``source``, just built ``how`` into ``ruleset``
    with ``table`` recording what checking its formulas found; ``extends``: each file it extends
    (path, bytes as the build read them). Nothing when the folder cannot be used or the ruleset
    holds what cannot be written."""
    from .generate import _literal, module_code

    where = folder(create=True)
    if where is None:
        return
    name = key(source, how)
    try:
        body = module_code({how: (ruleset, table)}, shown, {})
        text = "\n".join([
            f'"""The ruleset file {shown!r} as scorekeeper built it ({how}): made by scorekeeper.rules.usercache."""',
            "",
            f"FORMAT = {FORMAT}",
            f"KEY = {name!r}",
            f"EXTENDS = {_literal([(os.path.abspath(p), source_digest(b)) for p, b in extends])}",
            "INF = float('inf')",
            f"DATA = {_literal(ruleset.raw, 110)}",
            *body]) + "\n"
    except (RuntimeError, RecursionError):  # e.g. a TOML date in the data: built each time
        return
    path = os.path.join(where, name + _SUFFIX)
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, path)
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass
        return
    evict(where)


def evict(where: str, most_bytes: int | None = None, most_files: int | None = None) -> None:
    """Delete the least recently used artefacts (and their bytecode) until ``where`` holds at most
    ``most_bytes`` in at most ``most_files`` artefacts."""
    most_bytes = MOST_BYTES if most_bytes is None else most_bytes
    most_files = MOST_FILES if most_files is None else most_files
    entries = []
    total = 0
    try:
        with os.scandir(where) as found:
            for entry in found:
                if entry.name.endswith(_SUFFIX):
                    st = entry.stat(follow_symlinks=False)
                    entries.append((max(st.st_atime_ns, st.st_mtime_ns), entry.name, st.st_size))
                    total += st.st_size
    except OSError:
        return
    entries.sort()
    while entries and (total > most_bytes or len(entries) > most_files):
        _, name, size = entries.pop(0)
        total -= size
        stem = name[: -len(_SUFFIX)]
        for path in (os.path.join(where, name),
                     os.path.join(where, "__pycache__", f"{stem}.{sys.implementation.cache_tag}.pyc")):
            try:
                os.unlink(path)
            except OSError:
                pass
