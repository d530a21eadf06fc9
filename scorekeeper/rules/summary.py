"""What a list of games shows of a ruleset (id, name, players, other names, description),
kept as plain data once the ruleset has been built and checked.

``rules list`` shows every built-in game; building and checking twelve rulesets (their
formulas parsed and type-checked) costs several times what the rest of the command does.
:func:`ruleset_summary` builds a ruleset once, and keeps what the list shows of it in the
cache folder (:mod:`scorekeeper.tomlcache`), under a key made of the ruleset file's bytes,
the language of the shown texts, the source of the rules layer (the code that accepted it)
and the Python version. A changed file or a changed rules layer is a new key, so an entry
is never stale: it says what building that file with that code gave.

Only a ruleset that builds without a problem is kept: a broken one is built every time, and
its first problem raised (RulesetError) as :func:`~.ruleset.load_ruleset` raises it. A
ruleset that extends another (whose text the key would not cover) is never kept. An entry
that is damaged, foreign or not of this shape is made again; a cache folder that cannot be
written is no error. Nothing in an entry is run: it holds texts and numbers, shown as they are.
"""

from __future__ import annotations

import sys

from .. import tomlcache
from .kept import layer_digest
from .ruleset import load_ruleset, ruleset_file

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FORMAT", "ruleset_summary"]

FORMAT = 1  # of the entries: bump when what they hold changes
_FOLDER = "rulesets"


def _key(text: bytes, lang: str) -> str | None:
    layer = layer_digest()
    if layer is None:
        return None
    return tomlcache.digest(f"summary {FORMAT}", f"{sys.version_info[0]}.{sys.version_info[1]}", layer, lang, text)


def _summary(ref: str, lang: str) -> dict[str, Any]:
    """Build and check the ruleset (RulesetError on its first problem) and say what is shown of it."""
    rs = load_ruleset(ref)
    shown = rs.localized(lang)
    return {"id": rs.id, "name": rs.name, "players": {"min": rs.min_players, "max": rs.max_players},
            "aka": list(rs.aka), "description": rs.description,
            "shown": {"name": shown.name, "description": shown.description}}


def _texts(value: Any, *names: str) -> bool:
    """Whether ``value`` is a table of exactly ``names``, each a text."""
    return isinstance(value, dict) and set(value) == set(names) and all(type(value[n]) is str for n in names)


def _is_summary(data: Any) -> bool:
    """Whether ``data`` has exactly the shape of a summary (what a cache file holds is not trusted)."""
    if not isinstance(data, dict) or set(data) != {"id", "name", "players", "aka", "description", "shown"}:
        return False
    players, aka = data["players"], data["aka"]
    return (all(type(data[n]) is str for n in ("id", "name", "description"))
            and isinstance(players, dict) and set(players) == {"min", "max"}
            and all(type(players[n]) is int for n in ("min", "max"))
            and isinstance(aka, list) and all(type(a) is str for a in aka)
            and _texts(data["shown"], "name", "description"))


def ruleset_summary(ref: str, lang: str = "en") -> dict[str, Any]:
    """What a list of games shows of the ruleset ``ref`` (a built-in id or a file): ``id``,
    ``name``, ``players`` (``min``, ``max``), ``aka`` and ``description`` in English, and
    ``shown``: its ``name`` and ``description`` in ``lang``. From the cache when it holds this
    file's summary; else the ruleset is built and checked (RulesetError on its first problem)."""
    path = ruleset_file(ref)
    try:
        with open(path, "rb") as file:
            text = file.read()
    except OSError:
        text = None  # building it says what is wrong
    key = _key(text, lang) if text is not None and b"extends" not in text else None
    if key is not None:
        found = tomlcache.cached(_FOLDER, key)
        if _is_summary(found):
            return found
    summary = _summary(ref, lang)
    if key is not None:
        tomlcache.keep(_FOLDER, key, summary)
    return summary
