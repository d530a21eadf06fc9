"""The new-game form without a screen: the house rules a ruleset offers, the seats, the first
dealer and the starting scores, read and checked in the words of the TUI's new-game screen.

A front end with no Textual widgets (the phone page) draws :func:`new_game_form` and sends
back what was chosen; :func:`read_setup` turns it into what ``Store.new_game`` takes, or
the first problem. Nothing here starts a game.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..i18n import get_language, t, tn
from ..values import dataclass
from .plan import parse_scores
from .summary import plan_text, unused_options
from .words import choice_text, partnerships_text

__all__ = ["BY_LOT", "NAME_MOST", "NewGameForm", "OptionBox", "Setup", "new_game_form", "read_setup"]

BY_LOT = 0  # the first dealer "drawn by lot"
NAME_MOST = 40  # characters of a player's name (the TUI's seat boxes take as many)
TITLE_MOST = 80


@dataclass(frozen=True)
class OptionBox:
    """One house rule as the form offers it: its choices (value, text) for a yes/no or a
    choice, or a number from ``lo`` to ``hi`` (``value`` None: worked out for the players)."""

    id: str
    kind: str  # "bool", "choice" or "int"
    label: str
    help: str
    value: Any
    choices: tuple[tuple[Any, str], ...]
    lo: int | None
    hi: int | None
    placeholder: str
    unused: bool  # the other settings leave it unused (the TUI hides it)


@dataclass(frozen=True)
class NewGameForm:
    """What the form shows for a ruleset and what was chosen so far."""

    ruleset: str
    name: str
    description: str
    players: str  # "3 to 7 players"
    seats: int  # boxes for names (the most players)
    needed: int  # names that must be given
    teams: str  # the partnerships the rules fix ("" without)
    options: tuple[OptionBox, ...]
    dealers: tuple[tuple[int, str], ...]  # (BY_LOT, "Draw by lot"), (seat, "Seat 1: Anna"), ...
    plan: str  # "With 3 players: 19 deals ..." ("" when the settings cannot make a game)
    problem: str | None  # the first thing that keeps the game from starting


@dataclass(frozen=True)
class Setup:
    """A game the table can start (what ``Store.new_game`` takes)."""

    names: tuple[str, ...]
    options: dict
    scores: list[int] | None
    dealer: int  # BY_LOT or a seat
    title: str | None


def read_players(raw: Any) -> tuple[list[str], str | None]:
    """The names given, seat by seat (the last seats may stay empty), and the first problem."""
    names = [str(n).strip() if n is not None else "" for n in (raw if isinstance(raw, list) else [])]
    while names and not names[-1]:
        names.pop()
    for seat, name in enumerate(names, start=1):
        if not name:
            return names, t("tui.new_game.seat_empty", seat=seat)
        if len(name) > NAME_MOST:
            return names, t("play.new_game.name_long", seat=seat, most=NAME_MOST)
    return names, None


def read_options(ruleset, raw: Mapping[str, Any]) -> tuple[dict[str, Any], str | None]:
    """Every house rule chosen (an int left empty keeps its default worked out for the
    players), and the first problem: a number out of range, a value the rule does not offer."""
    values: dict[str, Any] = {}
    for option in ruleset.options.values():
        if option.id not in raw:
            continue
        given = raw[option.id]
        if option.type == "int":
            text = "" if given is None else str(given).strip()
            if not text and option.default_formula is not None:
                continue
            try:
                values[option.id] = option.parse(text)
            except ValueError:
                return values, t("tui.widgets.option_form.not_a_number", label=option.label, min=option.min,
                                 max=option.max)
        elif option.type == "bool" and not isinstance(given, bool):
            return values, t("play.new_game.not_offered", label=option.label, value=str(given)[:40])
        elif option.type == "choice" and given not in option.choices:
            return values, t("play.new_game.not_offered", label=option.label, value=str(given)[:40])
        else:
            values[option.id] = given
    for id in raw:
        if id not in ruleset.options:
            return values, t("play.new_game.no_option", id=str(id)[:40])
    return values, None


def _scorers(ruleset, names: Sequence[str]) -> list[str]:
    if ruleset.score_scope == "team":
        return [" & ".join(names[s - 1] for s in team if s <= len(names)) for team in ruleset.teams]
    return list(names)


def read_setup(ruleset, players: Any, options: Any, scores: Any, dealer: Any = BY_LOT,
               title: Any = None) -> tuple[Setup | None, str | None]:
    """What was chosen, checked as the new-game screen checks it: the setup, or the problem."""
    shown = ruleset.localized(get_language())
    names, problem = read_players(players)
    if problem is None and len(names) < ruleset.min_players:
        problem = (tn("tui.new_game.needs", len(names), game=shown.name, need=ruleset.min_players)
                   if ruleset.min_players == ruleset.max_players
                   else tn("tui.new_game.needs_at_least", len(names), game=shown.name, need=ruleset.min_players))
    if problem is None and len(names) > ruleset.max_players:
        problem = t("play.new_game.too_many", game=shown.name, most=ruleset.max_players)
    values, option_problem = read_options(shown, options if isinstance(options, dict) else {})
    problem = problem or option_problem
    scores_text = scores if isinstance(scores, str) else ""
    parsed, scores_problem = parse_scores(scores_text[:200], _scorers(ruleset, names))
    problem = problem or scores_problem
    if problem is None and not (type(dealer) is int and 0 <= dealer <= len(names)):
        problem = t("play.new_game.no_dealer", seat=str(dealer)[:20], most=len(names))
    title_text = title.strip() if isinstance(title, str) else ""
    if problem is None and len(title_text) > TITLE_MOST:
        problem = t("play.new_game.title_long", most=TITLE_MOST)
    if problem is not None:
        return None, problem
    return Setup(tuple(names), values, parsed, dealer, title_text or None), None


def _option_box(option, value: Any, unused: bool) -> OptionBox:
    if option.type == "bool":
        choices: tuple[tuple[Any, str], ...] = ((True, t("value.yes")), (False, t("value.no")))
    elif option.type == "choice":
        choices = tuple((c, choice_text(option, c)) for c in option.choices)
    else:
        choices = ()
    placeholder = ""
    if option.type == "int":
        placeholder = (t("tui.widgets.option_form.computed", formula=option.default_formula.text)
                       if option.default_formula is not None else
                       t("tui.widgets.option_form.range", min=option.min, max=option.max))
        if option.default_formula is not None and value == option.default:
            value = None
    help = option.help
    if not help and option.type == "int":
        default = option.default_formula.text if option.default_formula is not None else option.default
        help = t("tui.widgets.option_form.number_help", min=option.min, max=option.max, default=default)
    return OptionBox(option.id, option.type, option.label, help, value, choices, option.min, option.max,
                     placeholder, unused)


def new_game_form(ruleset, ref: str, players: Any = (), options: Any = None, scores: Any = "",
                  dealer: Any = BY_LOT, title: Any = None) -> NewGameForm:
    """The form of ``ruleset`` (built-in id ``ref``) with what was chosen so far."""
    shown = ruleset.localized(get_language())
    names, _ = read_players(list(players) if isinstance(players, (list, tuple)) else [])
    raw = options if isinstance(options, dict) else {}
    values, _ = read_options(shown, raw)
    n = max(len(names), shown.min_players)
    unused = unused_options(shown, min(n, shown.max_players), values)
    chosen = {**shown.option_defaults(), **values}
    boxes = tuple(_option_box(o, chosen.get(o.id, o.default), o.id in unused) for o in shown.options.values())
    count = (tn("game.count.players", shown.min_players) if shown.min_players == shown.max_players
             else t("tui.new_game.players_range", min=shown.min_players, max=shown.max_players))
    teams = t("tui.new_game.partnerships", sides=partnerships_text(shown.teams, names)) if shown.teams else ""
    dealers = ((BY_LOT, t("tui.new_game.by_lot")),) + tuple(
        (i, t("tui.new_game.dealer_choice", seat=i, name=name)) for i, name in enumerate(names, start=1))
    _, problem = read_setup(ruleset, list(names), raw, scores, dealer, title)
    plan = ""
    if shown.min_players <= n <= shown.max_players and read_options(shown, raw)[1] is None:
        plan = tn("tui.new_game.plan", n, plan=plan_text(shown, n, values))
    return NewGameForm(ref, shown.name, shown.description, count, shown.max_players, shown.min_players, teams,
                       boxes, dealers, plan, problem)

