"""A ruleset tried against the engine's limits before it is played: what ``rules check`` adds
to the checks of the file (:func:`scorekeeper.rules.ruleset.check_file`).

A ruleset's formulas decide how many deals its plan has and how many values a field may
take, and only the players and options of a game give them values. So the ruleset is set
up for every number of players it allows, under its default options and under each
other value of one option at a time (an int option at its bounds), and each field's
values are counted for each number of cards a deal has. Whatever passes a limit of the
engine (:data:`~.engine.MOST_DEALS`, :data:`~.engine.LARGEST_DOMAIN`) is a problem at
its key, and so is a formula that cannot set a game up (a repeat past the largest number);
the engine checks the same limits again in play, before it builds anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from ..rules.formula import EvalError, Missing
from ..rules.problems import Problem
from ..rules.ruleset import Ruleset, RulesetError, check_file, load_ruleset
from .engine import DealEval, GameError, LimitError, Setup, domain_limit

__all__ = ["check_ruleset", "limit_problems"]

_FIRST_DEALS = 100  # a game without a plan: the deals looked at


def check_ruleset(path: str | Path) -> list[Problem]:
    """Every problem of a ruleset file: those of the file, else those of its limits."""
    problems = check_file(path)
    if problems:
        return problems
    try:
        ruleset = load_ruleset(Path(path))
    except RulesetError as exc:  # pragma: no cover - check_file found nothing
        return exc.problems
    return limit_problems(ruleset, str(path))


def limit_problems(ruleset: Ruleset, file: str) -> list[Problem]:
    """The limits the ruleset passes for some number of players and options, each once at its
    key, and the formulas that cannot set a game up for them (each message once)."""
    found: dict[str, Problem] = {}
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        names = [f"P{i}" for i in range(1, players + 1)]
        for options in _option_sets(ruleset):
            try:
                setup = Setup(ruleset, names, options)
                errors = [*_domain_errors(setup), *_seat_errors(setup)]
            except LimitError as exc:
                errors = [exc]
            except GameError as exc:  # a formula that cannot give these players and options a game
                found.setdefault(str(exc.message), Problem(file, "", exc.message))
                continue
            for error in errors:
                found.setdefault(error.key, Problem(file, error.key, getattr(error, "detail", error.message)))  # LimitError: detail; EvalError: message
    return list(found.values())


def _option_sets(ruleset: Ruleset) -> Iterator[dict[str, Any]]:
    """The default options, then each other value of one option (an int option: its bounds)."""
    yield {}
    for oid, option in ruleset.options.items():
        if option.type == "bool":
            values: tuple = (not option.default,)
        elif option.type == "choice":
            values = option.choices
        else:
            values = tuple(v for v in (option.min, option.max) if v is not None)
        for value in values:
            if value != option.default:
                yield {oid: value}


def _sample_deals(setup: Setup) -> list[int]:
    """The deals looked at: the first deal of each number of cards and the last, and every
    deal of the first two rounds of dealers (so each seat deals at least once)."""
    deals = len(setup.plan) if setup.plan is not None else min(setup.planned or _FIRST_DEALS, _FIRST_DEALS)
    numbers: dict[int, int] = {}  # cards -> the first deal with them
    for number in range(1, deals + 1):
        numbers.setdefault(setup.cards(number), number)
    return sorted({*numbers.values(), *range(1, min(deals, 2 * setup.n) + 1), deals})


def _seat_errors(setup: Setup) -> Iterator[EvalError]:
    """The seat formulas (who bids first, who leads) that give no seat in a deal looked at;
    those that read what the table enters are checked in play."""
    ruleset = setup.ruleset
    waits = set(ruleset.fields) | set(ruleset.derived)  # what the table enters, and what is made of it
    known = []
    for name in ("first_bidder", "leader"):  # (the leader may read the first bidder)
        if getattr(ruleset, name).names & waits:
            waits.add(name)
        else:
            known.append(name)
    for number in _sample_deals(setup):
        deal = DealEval(setup, number, setup.nothing_entered())
        for name in known:
            try:
                deal.value(name, None)
            except EvalError as exc:
                yield exc
                return
            except (Missing, ArithmeticError, TypeError, ValueError):
                pass  # it waits for entries, or fails in a way said elsewhere


def _domain_errors(setup: Setup) -> Iterator[LimitError]:
    """The fields whose values at the start of a deal are more than can be listed, at every
    seat, in the first deal of each number of cards and in the last deal (bounds that read
    the entries are counted in play)."""
    ruleset = setup.ruleset
    seats = {"deal": (None,), "seat": range(1, setup.n + 1), "team": tuple(team[0] for team in setup.teams)}
    for number in _sample_deals(setup):
        deal = DealEval(setup, number, setup.nothing_entered())
        for spec in ruleset.fields.values():
            for seat in seats[spec.scope]:
                try:
                    domain = deal.domain(spec, seat)
                except (Missing, EvalError, ArithmeticError, TypeError, ValueError):
                    break  # bounds that wait for entries, or a formula that fails: said elsewhere
                error = domain_limit(ruleset, spec, domain) if domain is not None else None
                if error is not None:
                    yield error
                    break
