"""Starting a game from a phone: the built-in games, the new-game form as data, and the start.

The form is the headless one of :mod:`scorekeeper.play.new_game` (the TUI's new-game
screen's checks and words); this module only turns it into the page's JSON and reads what
the page sent. The game is stored through ``Store.new_game``, as the TUI stores it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..i18n import get_language, t
from ..play.new_game import BY_LOT, NewGameForm, new_game_form, read_setup
from ..rules.ruleset import builtin_ids, load_ruleset
from .phone import BadRequest

if TYPE_CHECKING:
    from ..play.new_game import Setup
    from ..rules.model import Ruleset

__all__ = ["form_data", "game_list", "ruleset_of", "setup_of"]


@lru_cache(maxsize=None)
def _ruleset(ref: str) -> Ruleset:
    return load_ruleset(ref)


def ruleset_of(data: dict[str, Any]) -> tuple[str, Ruleset]:
    """The built-in ruleset a page named (``"ruleset"``): (its id, the ruleset); BadRequest if none."""
    ref = data.get("ruleset")
    ids = builtin_ids()
    if not isinstance(ref, str) or ref not in ids:
        raise BadRequest(t("web.phone.new.unknown", id=str(ref)[:40], ids=", ".join(ids)))
    return ref, _ruleset(ref)


def game_list() -> dict[str, Any]:
    """The built-in games a phone can start, by name in the table's language."""
    games = []
    for ref in builtin_ids():
        shown = _ruleset(ref).localized(get_language())
        players = (str(shown.min_players) if shown.min_players == shown.max_players
                   else f"{shown.min_players}–{shown.max_players}")
        games.append({"id": ref, "name": shown.name, "players": players,
                      "about": shown.description.split(". ")[0].rstrip(".") + "."})
    return {"games": games, "title": t("tui.choose.title")}


def _chosen(data: dict[str, Any]) -> tuple[Any, Any, Any, Any, Any]:
    return (data.get("players", []), data.get("options", {}), data.get("scores", ""),
            data.get("dealer", BY_LOT), data.get("title"))


def form_data(data: dict[str, Any]) -> dict[str, Any]:
    """The form of the ruleset the page chose, with what it chose so far."""
    ref, ruleset = ruleset_of(data)
    form: NewGameForm = new_game_form(ruleset, ref, *_chosen(data))
    return {
        "ruleset": form.ruleset, "name": form.name, "description": form.description,
        "heading": t("tui.new_game.title", name=form.name),
        "players": t("tui.new_game.players", count=form.players), "seats": form.seats, "needed": form.needed,
        "seat_labels": [t("tui.new_game.seat", seat=s) for s in range(1, form.seats + 1)],
        "teams": form.teams,
        "house_rules": t("tui.new_game.house_rules") if form.options else "",
        "options": [{"id": o.id, "kind": o.kind, "label": o.label, "help": o.help, "value": o.value,
                     "choices": [[v, text] for v, text in o.choices], "lo": o.lo, "hi": o.hi,
                     "placeholder": o.placeholder, "unused": o.unused} for o in form.options],
        "first_dealer": t("tui.new_game.first_dealer"),
        "dealers": [[seat, text] for seat, text in form.dealers],
        "scores_label": t("tui.new_game.scores_label"), "scores_placeholder": t("tui.new_game.scores_placeholder"),
        "title_label": t("tui.new_game.title_label"), "title_placeholder": t("tui.new_game.title_placeholder"),
        "plan": form.plan, "problem": form.problem, "start": t("tui.new_game.start"),
        "cannot_start": t("tui.new_game.cannot_start"),
    }


def setup_of(data: dict[str, Any]) -> tuple[str, Ruleset, Setup | None, str | None]:
    """(ruleset id, ruleset, the setup) a page asked to start, or (.., .., None, the problem)."""
    ref, ruleset = ruleset_of(data)
    setup, problem = read_setup(ruleset, *_chosen(data))
    return ref, ruleset, setup, problem
