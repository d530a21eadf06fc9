"""A player who joins, as the table types it (name, starting score, who they sit after): read
and checked in the players screen's words, for any front end. Nothing here changes the game."""

from __future__ import annotations

from ..game.game import Game
from ..i18n import t

__all__ = ["read_join"]


def read_join(game: Game, name: str, score_text: str, after_text: str) -> tuple[tuple | None, str | None]:
    """(("join", name, score, after seat or None), None), or (None, why not)."""
    name, score_text, after_text = name.strip(), score_text.strip(), after_text.strip()
    if not name:
        return None, t("tui.table.no_name")
    try:
        score = int((score_text or "0").replace("−", "-"))
    except ValueError:
        return None, t("tui.table.bad_score", text=score_text)
    after = None
    if after_text:
        found = [i for i, p in enumerate(game.players, start=1) if p.casefold() == after_text.casefold()]
        if not found:
            return None, t("tui.table.nobody", name=after_text, players=", ".join(game.players))
        after = found[0]
    return ("join", name, score, after), None
