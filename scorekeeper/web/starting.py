"""Starting a game from a phone: the built-in games and the table's own ruleset files (the
folder ``rulesets`` beside the settings file, as the TUI lists them), the new-game form as
data, and the start.

The form is the headless one of :mod:`scorekeeper.play.new_game` (the TUI's new-game
screen's checks and words); this module only turns it into the page's JSON and reads what
the page sent. The game is stored through ``Store.new_game``, as the TUI stores it.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..i18n import get_language, show, t
from ..play.new_game import BY_LOT, NewGameForm, new_game_form, read_setup, scores_placeholder, session_choices
from ..rules.ruleset import RulesetError, builtin_ids, load_ruleset
from ..settings import own_rulesets
from .phone import BadRequest

if TYPE_CHECKING:
    from ..play.new_game import Setup
    from ..rules.model import Ruleset

__all__ = ["OWN", "form_data", "game_list", "ruleset_of", "setup_of"]

OWN = "own:"  # the id of a ruleset file of the table's own: "own:" and its name without .toml


@lru_cache(maxsize=None)
def _ruleset(ref: str) -> Ruleset:
    return load_ruleset(ref)


def _own_file(path: str) -> tuple[Ruleset | None, str | None]:
    """A ruleset file of the table's own, checked as the TUI checks one it opens: (the ruleset,
    None) or (None, its first problem); checked again only when the file changed (a form is
    asked for each time a box is left)."""
    try:
        info = os.stat(path)
    except OSError as exc:
        return None, show(exc)
    ruleset, problem = _checked_file(path, info.st_mtime_ns, info.st_size)
    return ruleset, None if problem is None else show(problem)  # in the language of this request


@lru_cache(maxsize=32)
def _checked_file(path: str, mtime: int, size: int) -> tuple[Ruleset | None, Any]:
    from ..game.limits import check_ruleset

    try:
        problems = check_ruleset(path)
        return (None, problems[0]) if problems else (load_ruleset(path), None)
    except (RulesetError, ValueError, OSError) as exc:
        return None, exc


def ruleset_of(data: dict[str, Any]) -> tuple[str, Ruleset]:
    """The ruleset a page named (``"ruleset"``): a built-in id or ``own:name``, a file of the
    table's own: (the reference a game stores: the id or the file's path, the ruleset);
    BadRequest naming the games there are, or the file's problem."""
    ref = data.get("ruleset")
    ids = builtin_ids()
    if isinstance(ref, str) and ref in ids:
        return ref, _ruleset(ref)
    own = dict(own_rulesets())
    if isinstance(ref, str) and ref.startswith(OWN) and ref[len(OWN):] in own:
        path = os.path.realpath(own[ref[len(OWN):]])
        ruleset, problem = _own_file(path)
        if ruleset is None:
            raise BadRequest(problem)
        return path, ruleset
    names = ids + [OWN + name for name in own]
    raise BadRequest(t("web.phone.new.unknown", id=str(ref)[:40], ids=", ".join(names)))


def game_list() -> dict[str, Any]:
    """The built-in games a phone can start, by name in the table's language."""
    games = [_listed(ref, _ruleset(ref)) for ref in builtin_ids()]
    own = []
    for name, path in own_rulesets():
        ruleset, problem = _own_file(path)
        own.append(_listed(OWN + name, ruleset) if ruleset is not None else
                   {"id": OWN + name, "name": name, "players": "", "about": problem, "problem": True})
    return {"games": games, "own": own, "own_title": t("play.new_game.own_rulesets", folder=_folder()) if own else "",
            "title": t("tui.choose.title")}


def _folder() -> str:
    from ..settings import rulesets_folder

    return rulesets_folder()


def _listed(id: str, ruleset: Ruleset) -> dict[str, Any]:
    """A game of the list: its id, name in the table's language, players and first sentence."""
    shown = ruleset.localized(get_language())
    players = (str(shown.min_players) if shown.min_players == shown.max_players
               else f"{shown.min_players}–{shown.max_players}")
    return {"id": id, "name": shown.name, "players": players,
            "about": shown.description.split(". ")[0].rstrip(".") + "."}


def _chosen(data: dict[str, Any]) -> tuple[Any, Any, Any, Any, Any, Any]:
    return (data.get("players", []), data.get("options", {}), data.get("scores", ""),
            data.get("dealer", BY_LOT), data.get("title"), data.get("carried"))


def form_data(data: dict[str, Any], store=None) -> dict[str, Any]:
    """The form of the ruleset the page chose, with what it chose so far; the sessions the game
    can go in are those of ``store``."""
    ref, ruleset = ruleset_of(data)
    form: NewGameForm = new_game_form(ruleset, ref, *_chosen(data))
    sessions = session_choices(store)
    return {
        "ruleset": data["ruleset"], "name": form.name, "description": form.description,
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
        "scores_label": t("tui.new_game.scores_label"), "scores_placeholder": scores_placeholder(ruleset),
        "title_label": t("tui.new_game.title_label"), "title_placeholder": t("tui.new_game.title_placeholder"),
        "session_label": t("tui.new_game.session"), "sessions": [[new, text] for new, text in sessions],
        "carries": form.carries, "carried_choice": t("play.new_game.carried_choice"),
        "carried_choices": [[False, t("play.new_game.carried_rules")], [True, t("play.new_game.carried_paper")]],
        "carried_heading": t("play.new_game.carried_heading") if form.carried else "",
        "carried": [{"id": b.id, "label": b.label, "scope": b.scope,
                     "boxes": [{"who": who, "label": t("play.new_game.carried_who", label=b.label, who=who)
                                if b.scope != "table" else b.label, "start": start, "typed": typed}
                               for who, start, typed in zip(b.holders, b.starts, b.typed)]}
                    for b in form.carried],
        "plan": form.plan, "problem": form.problem, "start": t("tui.new_game.start"),
        "cannot_start": t("tui.new_game.cannot_start"),
    }


def setup_of(data: dict[str, Any]) -> tuple[str, Ruleset, Setup | None, str | None]:
    """(ruleset id, ruleset, the setup) a page asked to start, or (.., .., None, the problem)."""
    ref, ruleset = ruleset_of(data)
    setup, problem = read_setup(ruleset, *_chosen(data))
    return ref, ruleset, setup, problem
