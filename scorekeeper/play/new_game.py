"""The new-game form without a screen: the house rules a ruleset offers, the seats, the first
dealer, the starting scores and, for a game continued from paper, the values carried into
its first deal, read and checked in the words of the TUI's new-game screen.

A front end with no Textual widgets (the phone page) draws :func:`new_game_form` and sends
back what was chosen; :func:`read_setup` turns it into what ``Store.new_game`` takes, or
the first problem. Nothing here starts a game.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..game.engine import GameError, holder_names
from ..i18n import get_language, t, tn
from ..rules.formula import MAX_NUMBER, NUMBER_LIMIT
from ..values import dataclass
from .plan import parse_scores
from .summary import plan_text, unused_options
from .words import choice_text, partnerships_text

__all__ = ["BY_LOT", "NAME_MOST", "CarriedBox", "NewGameForm", "OptionBox", "Setup", "carried_boxes", "new_game_form",
           "read_carried", "read_setup", "scorer_names", "scores_placeholder", "session_choices"]

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
class CarriedBox:
    """A value carried from deal to deal as the form offers it for a game continued from paper:
    one box per holder (each seat, partnership or pair of seats, or one for the table, as the
    value's scope says), each with its name and the ruleset's start there (None: the start
    cannot be worked out with the settings chosen), and what was typed in it."""

    id: str
    label: str
    scope: str  # seat, team, pair or table
    holders: tuple[str, ...]  # "Anna", "Anna & Cara", "Anna→Ben", or the label alone for the table
    starts: tuple[int | None, ...]
    typed: tuple[str, ...]


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
    carries: bool = False  # the ruleset carries values from deal to deal (the form offers "as on paper")
    carried: tuple[CarriedBox, ...] = ()  # the boxes of those values, when the table asked for them


@dataclass(frozen=True)
class Setup:
    """A game the table can start (what ``Store.new_game`` takes)."""

    names: tuple[str, ...]
    options: dict
    scores: list[int] | None
    dealer: int  # BY_LOT or a seat
    title: str | None
    carried: dict[str, list[int]] | None = None  # the values carried into the first deal the table gave


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


def scorer_names(ruleset, names: Sequence[str]) -> list[str]:
    """Who scores at a table of ``names``: the players, or in a partnership score each
    partnership as its players' names ("Anna & Cara"; a seat not named yet left out)."""
    if ruleset.score_scope == "team":
        return [" & ".join(names[s - 1] for s in team if s <= len(names)) for team in ruleset.teams]
    return list(names)


def scores_placeholder(ruleset) -> str:
    """The starting scores' example: per player in seat order, or in a partnership score one
    value per partnership (as many as the rules have) in the order the form shows them."""
    if ruleset.score_scope == "team":
        example = " ".join(("20", "-10", "5", "0")[:len(ruleset.teams)])
        return t("tui.new_game.scores_placeholder_teams", example=example)
    return t("tui.new_game.scores_placeholder")


def _holders(ruleset, spec, names: Sequence[str]) -> tuple[str, ...]:
    """Who holds the value ``spec`` at a table of ``names``, in the order a game keeps it."""
    return holder_names(spec.scope, names, ruleset.teams, spec.label)


def _starts(ruleset, names: Sequence[str], options: Mapping[str, Any]) -> dict[str, tuple]:
    """The ruleset's start of each carried value at this table ({} when the settings make no game)."""
    from ..game.game import Game

    try:
        return dict(Game(ruleset, names, options).setup.carry_start)
    except (GameError, ValueError):
        return {}


def _seat_names(ruleset, names: Sequence[str]) -> list[str]:
    """The names given, and "Seat 4" for each seat the rules need that has none yet."""
    n = min(max(len(names), ruleset.min_players), ruleset.max_players)
    return [names[s - 1] if s <= len(names) and names[s - 1] else t("tui.new_game.seat", seat=s)
            for s in range(1, n + 1)]


def _typed_row(given: Any) -> list[str]:
    """What was typed for one carried value: a list of boxes (the phone) or one box of whole
    numbers with spaces or commas between (the TUI)."""
    if isinstance(given, str):
        return given.replace(",", " ").split()
    if isinstance(given, (list, tuple)):
        return ["" if v is None else str(v).strip()[:40] for v in given]
    return [str(given)[:40]]


def carried_boxes(ruleset, names: Sequence[str], options: Mapping[str, Any],
                  raw: Mapping[str, Any]) -> tuple[CarriedBox, ...]:
    """The boxes of every value the ruleset carries from deal to deal, for ``names`` (seats
    not named yet are "Seat N"), with the ruleset's starts and what ``raw`` typed."""
    seats = _seat_names(ruleset, names)
    starts = _starts(ruleset, seats, options)
    boxes = []
    for spec in ruleset.carry.values():
        holders = _holders(ruleset, spec, seats)
        start = starts.get(spec.id)
        typed = _typed_row(raw.get(spec.id, ""))
        boxes.append(CarriedBox(spec.id, spec.label, spec.scope, holders,
                                tuple(start) if start is not None else (None,) * len(holders),
                                tuple((typed + [""] * len(holders))[:len(holders)])))
    return tuple(boxes)


def _whole(text: str) -> int | None:
    try:
        value = int(text.replace("−", "-"))
    except ValueError:
        return None
    return value if -MAX_NUMBER <= value <= MAX_NUMBER else None


def read_carried(ruleset, names: Sequence[str], options: Mapping[str, Any],
                 raw: Any) -> tuple[dict[str, list[int]] | None, str | None]:
    """The values carried into the first deal the table typed (value id -> one whole number per
    holder; a box left empty keeps the ruleset's start there, a value left empty is not given),
    or the first problem, naming the value, whose it is and what is allowed."""
    if not isinstance(raw, Mapping) or not raw:
        return None, None
    shown = ruleset.localized(get_language())
    for cid in raw:
        if cid not in shown.carry:
            return None, t("play.new_game.no_carried", id=str(cid)[:40], ids=", ".join(shown.carry) or "-")
    starts = _starts(ruleset, list(names), options)
    out: dict[str, list[int]] = {}
    for spec in shown.carry.values():
        if spec.id not in raw:
            continue
        typed = _typed_row(raw[spec.id])
        if not any(typed):
            continue
        holders = _holders(shown, spec, names)
        if len(typed) != len(holders):
            return None, tn("play.new_game.carried_count", len(holders), label=spec.label,
                            names=", ".join(holders), given=len(typed))
        start = starts.get(spec.id)
        if start is None:  # the settings make no game: that problem is the one told
            continue
        row = []
        for who, text, first in zip(holders, typed, start):
            value = _whole(text) if text else first
            if value is None:
                key = "play.new_game.carried_bad_table" if spec.scope == "table" else "play.new_game.carried_bad"
                return None, t(key, label=spec.label, who=who, text=text[:40], max=NUMBER_LIMIT)
            row.append(value)
        out[spec.id] = row
    return out or None, None


def read_setup(ruleset, players: Any, options: Any, scores: Any, dealer: Any = BY_LOT,
               title: Any = None, carried: Any = None) -> tuple[Setup | None, str | None]:
    """What was chosen, checked as the new-game screen checks it: the setup, or the problem.
    ``carried``: the values carried into the first deal typed for a game continued from paper
    (see :func:`read_carried`; None: the ruleset's starts)."""
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
    parsed, scores_problem = parse_scores(scores_text[:200], scorer_names(ruleset, names))
    problem = problem or scores_problem
    if problem is None and not (type(dealer) is int and 0 <= dealer <= len(names)):
        problem = t("play.new_game.no_dealer", seat=str(dealer)[:20], most=len(names))
    title_text = title.strip() if isinstance(title, str) else ""
    if problem is None and len(title_text) > TITLE_MOST:
        problem = t("play.new_game.title_long", most=TITLE_MOST)
    start = None
    if problem is None:
        start, problem = read_carried(ruleset, names, values, carried)
    if problem is not None:
        return None, problem
    return Setup(tuple(names), values, parsed, dealer, title_text or None, start), None


def session_choices(store) -> list[tuple[bool, str]]:
    """The sessions a new game can go in, as (start a new session, text): joining the current
    session first (the default), or starting a new one; only the new one when there is none."""
    try:
        current = store.current_session() if store is not None else None
    except ValueError:  # StoreError: the game can still start, and starts a session
        current = None
    if current is None:
        return [(True, t("tui.new_game.session_starts"))]
    name = (t("tui.new_game.session_name_titled", id=str(current.id), title=current.title) if current.title
            else t("tui.new_game.session_name", id=str(current.id)))
    return [(False, tn("tui.new_game.join_session", len(current.game_ids), name=name)),
            (True, t("tui.new_game.start_session"))]


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
                  dealer: Any = BY_LOT, title: Any = None, carried: Any = None) -> NewGameForm:
    """The form of ``ruleset`` (built-in id ``ref``) with what was chosen so far; ``carried``
    a mapping (even empty) when the table asked for the values carried into the first deal
    (a game continued from paper), None to keep the form as short as a new game needs."""
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
    _, problem = read_setup(ruleset, list(names), raw, scores, dealer, title, carried)
    plan = ""
    if shown.min_players <= n <= shown.max_players and read_options(shown, raw)[1] is None:
        plan = tn("tui.new_game.plan", n, plan=plan_text(shown, n, values))
    boxes_carried = (carried_boxes(shown, names, values, carried)
                     if isinstance(carried, Mapping) and shown.carry else ())
    return NewGameForm(ref, shown.name, shown.description, count, shown.max_players, shown.min_players, teams,
                       boxes, dealers, plan, problem, bool(shown.carry), boxes_carried)

