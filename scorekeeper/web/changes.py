"""Changing the table from a phone: who plays the next deal (sits out, comes back, joins) and the
deals not played yet (the plan), as the TUI's players and plan screens allow.

The view is the players screen's and the plan screen's model as data: the seats with who plays,
why the players cannot change now (``Game.roster_locked``), and :class:`~scorekeeper.play.plan.PlanDraft`'s
rows, summary and the ruleset's refusal of a plan. A change of the plan being made on the phone
is worked out here too (the page sends the deals it shows and the change tapped): the page
never decides what a plan is.
"""

from __future__ import annotations

from typing import Any

from ..game.game import Game
from ..i18n import get_language, show, t
from ..play.plan import PlanDraft
from ..play.table_change import read_join
from .phone import BadRequest

__all__ = ["PLAN_OPS", "plan_data", "read_change", "table_data"]

PLAN_OPS = {"insert": PlanDraft.insert, "duplicate": PlanDraft.duplicate, "remove": PlanDraft.remove,
            "skip": PlanDraft.skip, "down": PlanDraft.down_from_chosen, "up": PlanDraft.up_from_chosen,
            "more": lambda d: d.resize(1), "fewer": lambda d: d.resize(-1), "reset": PlanDraft.reset}
_OP_BUTTONS = ("more", "fewer", "insert", "duplicate", "remove", "skip", "down", "up")  # as the plan screen's keys
MAX_DEALS = 200  # deals a page may send as a plan


def table_data(game: Game) -> dict[str, Any]:
    """Who plays the next deal, the join form's words, and the plan (null without one)."""
    lineup = game.lineup()
    locked = game.roster_locked()
    rules = game.ruleset.localized(get_language())
    seats = [{"seat": s, "name": game.players[s - 1], "playing": s in lineup.seats,
              "text": t("tui.table.plays" if s in lineup.seats else "tui.table.sits_out", name=game.players[s - 1])}
             for s in lineup.seating]
    return {
        "title": t("tui.table.title", number=game.next_deal),
        "locked": show(locked) + "." if locked else None,
        "range": t("web.phone.change.range", game=rules.name, min=rules.min_players, max=rules.max_players),
        "seats": seats,
        "join": t("tui.table.join"),
        "join_labels": [t("tui.table.name_placeholder"), t("tui.table.score_placeholder"),
                        t("tui.table.after_placeholder")],
        "typed": t("tui.table.typed"),
        "plan_title": t("tui.plan.title", number=game.next_deal),
        "plan": plan_data(PlanDraft(game)) if game.setup_for().plan is not None else None,
        "no_plan": t("web.phone.change.no_plan"),
        "end": t("tui.bindings.plan.end") if game.deals else None,
        "save": t("tui.bindings.plan.save"),
        "ops": [[op, t(f"tui.bindings.plan.{op}")] for op in _OP_BUTTONS],
    }


def plan_data(draft: PlanDraft) -> dict[str, Any]:
    """The plan being changed: its deals (cards), the chosen one, the rows and summary the plan
    screen shows, and why the ruleset would refuse it (null when it takes it)."""
    return {"cards": list(draft.cards), "chosen": draft.chosen, "rows": draft.rows(), "summary": draft.summary(),
            "changed": draft.changed, "problem": draft.problem() if draft.changed else None}


def planned(game: Game, data: dict) -> PlanDraft:
    """The plan a page shows (``cards``, ``chosen``) with the change it tapped (``op``) made."""
    draft = PlanDraft(game)
    cards, chosen, op = data.get("cards"), data.get("chosen", 0), data.get("op")
    if cards is not None:
        if not (isinstance(cards, list) and len(cards) <= MAX_DEALS
                and all(type(c) is int and 1 <= c <= draft.most for c in cards)):
            raise BadRequest(t("web.phone.change.plan_bad", most=draft.most, count=MAX_DEALS))
        draft.cards = list(cards)
    draft.choose(chosen if type(chosen) is int else 0)
    if op is not None:
        change = PLAN_OPS.get(op) if isinstance(op, str) else None
        if change is None:
            raise BadRequest(t("web.phone.change.op_bad", op=str(op)[:20]))
        change(draft)
    return draft


def read_change(game: Game, change: Any) -> tuple[tuple | None, str | None]:
    """A change of the players a page sent: ``["out", seat]``, ``["in", seat]`` or ``["join",
    name, score, after]`` (texts as typed) -> (the change the store makes, None), or (None, why not)."""
    if isinstance(change, list) and len(change) == 2 and change[0] in ("out", "in") and type(change[1]) is int \
            and 1 <= change[1] <= len(game.players):
        return (change[0], change[1]), None
    if isinstance(change, list) and len(change) == 4 and change[0] == "join" \
            and all(isinstance(x, str) and len(x) <= 40 for x in change[1:]):
        return read_join(game, *change[1:])
    raise BadRequest(t("web.phone.change.bad"))
