"""What a list of games shows of a ruleset (id, name, players, other names, description).

``rules list`` shows every built-in game: building twelve rulesets would cost several times what
the rest of the command does, so the build writes each built-in ruleset's summary, in every
language, beside its shipped module (:func:`.shipped.summary`); it is used when it was made from
exactly the file's bytes. Any other file (or a built-in one made of other bytes) is built and
checked: the slow path.
"""

from __future__ import annotations

import os

from . import shipped
from .ruleset import _read_source, load_ruleset, ruleset_file

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["ruleset_summary"]


def ruleset_summary(ref: str, lang: str = "en") -> dict[str, Any]:
    """What a list of games shows of the ruleset ``ref`` (a built-in id or a file): ``id``,
    ``name``, ``players`` (``min``, ``max``), ``aka`` and ``description`` in English, and
    ``shown``: its ``name`` and ``description`` in ``lang``. As the build wrote it for a built-in
    ruleset; else the ruleset is built and checked (RulesetError on its first problem)."""
    path = ruleset_file(ref)
    found = None
    if shipped.for_path(path):
        found = shipped.summary(os.path.splitext(os.path.basename(path))[0], _read_source(path, path))
    if found is not None and lang in found["shown"]:
        return {**found, "aka": list(found["aka"]), "players": dict(found["players"]), "shown": dict(found["shown"][lang])}
    rs = load_ruleset(ref)
    shown = rs.localized(lang)
    return {"id": rs.id, "name": rs.name, "players": {"min": rs.min_players, "max": rs.max_players},
            "aka": list(rs.aka), "description": rs.description,
            "shown": {"name": shown.name, "description": shown.description}}
