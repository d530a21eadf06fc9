"""What the table did, told back in words: a deal undone or redone, a change of the table,
and the problems a change to an earlier deal brought to the deals after it."""

from __future__ import annotations

from ..game.game import Action, Game
from ..i18n import show, t, tn


def _who(game: Game, action: Action) -> str:
    if action.kind == "join":
        return action.values["name"]
    seat = action.values["seat"]
    return game.players[seat - 1] if seat <= len(game.players) else "?"


def undone_text(game: Game, action: Action) -> str:
    """"Deal 3 is undone.", "Dan joins with 20 is undone.", "Ben sits out is undone."."""
    return _told_back(game, action, undone=True)


def redone_text(game: Game, action: Action) -> str:
    """"Deal 3 is back.", "Dan joins with 20 is back."."""
    return _told_back(game, action, undone=False)


def _told_back(game: Game, action: Action, undone: bool) -> str:
    if action.kind == "record":
        return t("tui.play.undone_deal" if undone else "tui.play.redone_deal", number=action.deal)
    if action.kind == "plan":
        return t("tui.plan.undone" if undone else "tui.plan.redone", number=action.deal)
    if action.kind == "end":
        return t("tui.plan.end_undone" if undone else "tui.plan.end_redone", number=action.deal)
    if action.kind not in ("join", "out", "in"):
        return t("tui.play.undone_change" if undone else "tui.play.redone_change", number=action.deal)
    name = _who(game, action)
    if action.kind == "join":
        return t("tui.play.undone_table.join" if undone else "tui.play.redone_table.join", name=name,
                 score=action.values.get("score", 0))
    if action.kind == "out":
        return t("tui.play.undone_table.out" if undone else "tui.play.redone_table.out", name=name)
    return t("tui.play.undone_table.in" if undone else "tui.play.redone_table.in", name=name)


def table_changed_text(game: Game, action: Action, number: int) -> str:
    """A change of the table, just made: "Dan joins with 20 from deal 4.", "Ben sits out from deal 4."."""
    name = _who(game, action)
    if action.kind == "join":
        return t("tui.play.table_changed.join", name=name, score=action.values.get("score", 0), number=number)
    return (t("tui.play.table_changed.out", name=name, number=number) if action.kind == "out"
            else t("tui.play.table_changed.in", name=name, number=number))


def plan_changed_text(game: Game) -> str:
    """The plan just made: "From deal 2: 6, 5, 4, 3, 2, 1 (7 deals in all)."."""
    plan = game.setup_for().plan or ()
    number = game.next_in_plan
    return tn("tui.plan.changed", len(plan), number=number, rest=", ".join(map(str, plan[number - 1:])))


def issues_by_deal(game: Game) -> dict[int, tuple]:
    """Each recorded deal's issues now (to compare with after a change)."""
    return {r.number: r.issues for r in game.results()}


def new_issues(game: Game, before: dict[int, tuple], changed: int) -> list[tuple[int, str]]:
    """(deal, problem in words) of each issue that a change to deal ``changed`` brought to
    the other deals."""
    return [(r.number, show(i.message)) for r in game.results() if r.number != changed
            for i in r.issues if i not in before.get(r.number, ())]
