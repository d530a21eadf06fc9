"""A stored game's score board as plain data: what ``/state.json`` serves and the page draws.

Nothing is worked out here again. The next deal's instructions are the play screen's
(:class:`~scorekeeper.tui.draft.DealDraft`, given what is typed of the deal so far, so a
turned trump shows as soon as it is entered); the rows of the last deals are the TUI score
board's (:class:`~scorekeeper.tui.board.BoardMaker`); ranks come from ``Game.standings`` and
the status line from the exports. Those two tui modules are plain Python (no Textual).

The document::

    {
      "game": {"id": 1, "title": "Friday", "ruleset": "lupaus", "name": "Lupaus"},
      "players": ["Anna", "Ben", "Cara"],   # seat order
      "scorers": ["Anna", "Ben", "Cara"],   # who scores: players, or partnerships "A & C"
      "played": 2, "planned": 19,           # deals; planned is null when the game ends by score
      "over": false, "winners": [],         # names, once the game is over
      "status": "in progress (2 of 19 deals played)",
      "standings": [{"rank": 1, "name": "Anna", "total": 24}, ...],      # best first
      "deal": {"number": 3, "of": 19, "cards": 8, "dealer": "Cara", "bids_first": "Anna",
               "leader": "Anna", "trump": "Turn up the top card ...", "reminders": []},
                                            # the next deal; null once the game is over
      "legend": "Each cell: Bid/Tricks, ✓ made ✗ missed, points, total",
      "last_deals": [{                      # the last LAST_DEALS deals, in playing order
          "deal": 2, "cards": 9, "trump": "♥", "dealer": "Ben",
          "scores": [{"entries": "1/1", "mark": "✓", "points": "+11", "total": 24}, ...],
                                            # per scorer; mark "" when there is no contract
          "issues": [], "part_over": false}],
      "problem": null                       # set by the server when the store cannot be read
    }
"""

from __future__ import annotations

from typing import Any

from ..i18n import get_language
from ..store.db import StoredGame
from ..store.export import status_text
from ..tui.board import MADE, BoardMaker
from ..tui.draft import DealDraft, typed_from_sheet

__all__ = ["LAST_DEALS", "board_state"]

LAST_DEALS = 5


def _next_deal(stored: StoredGame) -> dict[str, Any] | None:
    """The deal the table plays next, as the play screen tells it (None once the game is over)."""
    game = stored.game
    if game.is_over:
        return None
    draft = DealDraft(game)
    for (field, unit), value in typed_from_sheet(game, stored.draft or {}).items():
        draft.set(field, unit, value)
    view = draft.view()
    return {"number": view.number, "of": view.of, "cards": view.cards, "dealer": view.dealer,
            "bids_first": view.bids_first, "leader": view.leader, "trump": view.trump,
            "reminders": list(view.reminders)}


def board_state(stored: StoredGame, last: int = LAST_DEALS) -> dict[str, Any]:
    """The board of a stored game (see the module docstring); ``last`` deals are listed."""
    game = stored.game
    maker = BoardMaker(game)
    view = maker.view()
    results = game.results()
    rows = []
    for index in range(max(0, len(results) - max(0, last)), len(results)):
        result, row = results[index], view.rows[index]
        trump, entries, points = maker.deal_parts(result)
        rows.append({
            "deal": result.number,
            "cards": result.cards,
            "trump": trump,
            "dealer": game.players[result.dealer - 1],
            "scores": [{"entries": entries[i], "mark": MADE[result.made[i]].strip(), "points": points[i],
                        "total": result.totals[i]} for i in range(len(game.scorer_names))],
            "issues": list(row.issues),
            "part_over": result.part_over,
        })
    return {
        "game": {"id": stored.id, "title": stored.title, "ruleset": game.ruleset.id,
                 "name": game.ruleset.localized(get_language()).name},
        "players": list(game.players),
        "scorers": list(game.scorer_names),
        "played": len(results),
        "planned": game.planned_deals,
        "over": game.is_over,
        "winners": list(game.winners),
        "status": status_text(game),
        "standings": [{"rank": s.rank, "name": s.name, "total": s.total} for s in game.standings()],
        "deal": _next_deal(stored),
        "legend": view.legend,
        "last_deals": rows,
        "problem": None,
    }
