"""A stored game's score board as plain data: what ``/state.json`` serves and the page draws.

Nothing is worked out here again: everything comes from the headless table (:mod:`scorekeeper.play`).
The next deal's instructions are its deal panel (:func:`~scorekeeper.play.panel.sheet_panel`, given what
is typed of the deal so far, so a turned trump shows as soon as it is entered); the rows of the last
deals are its score board (:class:`~scorekeeper.play.board.BoardMaker`); ranks come from
``Game.standings`` and the status line from the exports.

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
               "leader": "Anna", "leader_named": true, "trump": "Turn up the top card ...",
               "reminders": []},
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

from typing import TYPE_CHECKING, Any

from ..i18n import get_language, t
from ..store.db import StoredGame
from ..reports.common import status_text
from ..play.board import MADE, BoardMaker
from ..play.panel import sheet_panel
from ..values import dataclass

if TYPE_CHECKING:  # the document's parts, as the module docstring shows them
    from typing import TypedDict

    class GameShown(TypedDict):
        id: int
        title: str | None
        ruleset: str
        name: str

    class Ranked(TypedDict):
        rank: int
        name: str
        total: int | float

    class DealShown(TypedDict):
        number: int
        of: int | None
        cards: int
        dealer: str
        bids_first: str | None
        leader: str | None
        leader_named: bool
        trump: str
        reminders: list[str]

    class ScoreShown(TypedDict):
        entries: str
        mark: str
        points: str
        total: int | float

    class DealRow(TypedDict):
        deal: int
        cards: int
        trump: str
        dealer: str
        scores: list[ScoreShown]
        issues: list[str]
        part_over: bool

    class BoardState(TypedDict):
        game: GameShown | None
        players: list[str]
        scorers: list[str]
        played: int
        planned: int | None
        over: bool
        winners: list[str]
        status: str
        standings: list[Ranked]
        deal: DealShown | None
        legend: str
        last_deals: list[DealRow]
        problem: str | None

__all__ = ["LAST_DEALS", "Published", "board_state", "empty_state"]

LAST_DEALS = 5


@dataclass(frozen=True)
class Published:
    """One drawing of the board, served as it is to every browser until the game changes (the
    feed of :mod:`scorekeeper.web.server` makes it): its version, the document, the document
    as JSON and the board as HTML (:func:`scorekeeper.web.page.board_fragment`)."""

    version: str
    state: BoardState
    json: bytes
    fragment: str


def _next_deal(stored: StoredGame) -> DealShown | None:
    """The deal the table plays next, as the play screen tells it (None once the game is over)."""
    panel = sheet_panel(stored.game, stored.draft)
    if panel is None:
        return None
    return {"number": panel.shown or panel.number, "of": panel.of, "cards": panel.cards, "dealer": panel.dealer,
            "bids_first": panel.bids_first, "leader": panel.leader, "leader_named": panel.leader_named,
            "trump": panel.trump, "reminders": list(panel.reminders)}


def board_state(stored: StoredGame, last: int = LAST_DEALS) -> BoardState:
    """The board of a stored game (see the module docstring); ``last`` deals are listed."""
    game = stored.game
    maker = BoardMaker(game)
    view = maker.view()
    results = game.results()
    rows: list[DealRow] = []
    for index in range(max(0, len(results) - max(0, last)), len(results)):
        result, row = results[index], view.rows[index]
        rows.append({
            "deal": result.number,
            "cards": result.cards,
            "trump": row.trump,
            "dealer": row.dealer,
            "scores": [{"entries": s.entries, "mark": MADE[s.made].strip(), "points": s.points, "total": s.total}
                       for s in row.scores],
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
        "standings": [{"rank": s.rank, "name": s.name, "total": game.ruleset.shown(s.total)} for s in game.standings()],
        "deal": _next_deal(stored),
        "legend": view.legend,
        "last_deals": rows,
        "problem": None,
    }


def empty_state() -> BoardState:
    """The board of a store with no game yet (``"game": null``), until the table starts one."""
    return {"game": None, "players": [], "scorers": [], "played": 0, "planned": None, "over": False, "winners": [],
            "status": t("web.phone.no_game"), "standings": [], "deal": None, "legend": "", "last_deals": [],
            "problem": None}
