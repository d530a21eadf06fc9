"""TOML text read through a cache of the data it parses to: rulesets and catalogs are read
at every start, and parsing TOML (and importing the parser) costs more than most commands'
own work.

:func:`loads` gives exactly what ``tomllib.loads(text)`` gives. The data is kept as JSON in
one file per text in the user's cache folder (``$SCOREKEEPER_CACHE``, else the platform's:
``$XDG_CACHE_HOME/scorekeeper`` or ``~/.cache/scorekeeper``, ``~/Library/Caches/scorekeeper``,
``%LOCALAPPDATA%\\scorekeeper\\Cache``), named by a 256-bit BLAKE2b hash of the text together with
:data:`FORMAT` and the Python version (whose parser made it), and holding that key beside
the data. So a changed file is a new entry, never a stale one, and an entry copied from
another text is not taken for this one.

The cache holds data only, never code: what is read from it is JSON, used exactly as the
parsed TOML would be (and checked as much: a ruleset is built and checked from it, a
catalog's templates are checked as they are read). A cache file that is damaged, foreign
or not of this shape is parsed again from the text and written anew; a cache folder that
cannot be written is no error (the text is parsed each time then). A text whose data JSON
cannot hold (TOML dates and times) is not kept.

The same folder keeps other checked data as plain JSON (:func:`cached`, :func:`keep`): the
summaries of checked rulesets (:mod:`scorekeeper.rules.summary`) and the checked catalogs
(:mod:`scorekeeper.i18n.catalogs`), each in a subfolder of its own, each entry named by a key
made with :func:`digest` from everything the data depends on and holding that key beside the
data, under the same rules: whole or not written, damaged or foreign entries made again.

A leaf module: it imports nothing of the package, so every layer may use it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

TYPE_CHECKING = False  # typing's flag, without importing typing (a start would pay for it)
if TYPE_CHECKING:
    from typing import Any

try:  # hashlib's own BLAKE2b: importing hashlib first loads OpenSSL, which costs a start some ms
    from _blake2 import blake2b
except ImportError:  # an interpreter built without it
    from hashlib import blake2b

__all__ = ["ENV_VAR", "FORMAT", "cache_dir", "cached", "digest", "keep", "loads"]

ENV_VAR = "SCOREKEEPER_CACHE"
FORMAT = 1  # of the cache files: bump when what they hold changes
_APP = "scorekeeper"


def cache_dir() -> Path:
    """``$SCOREKEEPER_CACHE``, else the platform's user cache folder for scorekeeper."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser(r"~\AppData\Local")
        return Path(base) / _APP / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / _APP
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return Path(xdg if os.path.isabs(xdg) else os.path.expanduser("~/.cache")) / _APP


def digest(*parts: str | bytes) -> str:
    """A key made of ``parts`` (texts and bytes): their 256-bit BLAKE2b hash, each part's length
    hashed before it so that no two different lists of parts give the same bytes to hash."""
    hashed = blake2b(digest_size=32)
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        hashed.update(b"%d:" % len(data))
        hashed.update(data)
    return hashed.hexdigest()


def _key(text: str) -> str:
    """The text's key: its hash (256-bit BLAKE2b) with the cache format and the Python version that parsed it."""
    key = f"{FORMAT}:{sys.version_info[0]}.{sys.version_info[1]}:{text}"
    return blake2b(key.encode("utf-8"), digest_size=32).hexdigest()


def _entry(key: str, folder: str = "toml") -> Path:
    return cache_dir() / folder / f"{key}.json"


def cached(folder: str, key: str) -> Any:
    """The data kept under ``key`` in the cache's ``folder``; None when there is none, or the
    file is damaged or holds another key's data. The caller still checks the data's shape."""
    try:
        entry = json.loads(_entry(key, folder).read_bytes())
    except (OSError, ValueError):
        return None
    # An entry names the key it was made for: one copied or renamed from another is not used.
    if isinstance(entry, dict) and entry.get("key") == key:
        return entry.get("data")
    return None


def keep(folder: str, key: str, data: Any) -> None:
    """Keep ``data`` (JSON's values only) under ``key`` in the cache's ``folder``; a folder that
    cannot be written, or data JSON cannot hold, is no error (nothing is kept)."""
    _keep(_entry(key, folder), key, data)


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, from the cache when it holds this text's data; raises
    tomllib.TOMLDecodeError (a ValueError) as tomllib does."""
    key = _key(text)
    data = cached("toml", key)
    if isinstance(data, dict):
        return data
    import tomllib

    parsed = tomllib.loads(text)
    keep("toml", key, parsed)
    return parsed


def _keep(path: Path, key: str, data: Any) -> None:
    """Write the entry (whole or not at all: a temporary file renamed); any failure is ignored."""
    try:
        blob = json.dumps({"key": key, "data": data}, ensure_ascii=False, allow_nan=True)
    except (TypeError, ValueError):  # dates and times: not JSON
        return
    temp = path.with_name(f"{path.stem}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(blob, encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        try:
            temp.unlink()
        except OSError:
            pass
