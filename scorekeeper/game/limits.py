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

import math

from ..messages import Message
from ..rules.formula import EvalError, Missing
from ..rules.problems import Problem
from ..rules.ruleset import Ruleset, checked_file
from .engine import DealEval, GameError, LimitError, Setup, domain_limit

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, Iterator

__all__ = ["check_ruleset", "limit_problems"]

_FIRST_DEALS = 100  # a game without a plan: the deals looked at
_MOST_ENTRIES_TRIED = 4096  # deals.redeal: the entries of a deal tried, at most (else it is not looked at)


def check_ruleset(path: str | Path) -> list[Problem]:
    """Every problem of a ruleset file: those of the file, else those of its limits."""
    ruleset, problems = checked_file(path)  # built once: the ruleset load_ruleset would give
    if problems or ruleset is None:
        return problems
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
                errors = list(_deal_problems(setup))
                errors += _redeal_problems(setup)
            except LimitError as exc:
                errors = [(exc.key, exc.detail)]
            except GameError as exc:  # a formula that cannot give these players and options a game
                found.setdefault(str(exc.message), Problem(file, "", exc.message))
                continue
            for key, message in errors:
                found.setdefault(key, Problem(file, key, message))
    return list(found.values())


def _option_sets(ruleset: Ruleset) -> Iterator[dict[str, Any]]:
    """The default options, then each other value of one option (an int option: its bounds),
    but for an option that nothing looked at here reads (:func:`_names_read`): its other values
    set the game up and give its deals exactly as the defaults do, so they find nothing more."""
    read = _names_read(ruleset)
    yield {}
    for oid, option in ruleset.options.items():
        if option.type == "bool":
            values: tuple = (not option.default,)
        elif option.type == "choice":
            values = option.choices
        else:
            values = tuple(v for v in (option.min, option.max) if v is not None)
        tried = read is None or oid in read or option.default_formula is not None  # (given, it is not worked out)
        for value in values:
            if value != option.default and (tried or not _takes(option, value)):
                yield {oid: value}


def _takes(option: Any, value: Any) -> bool:
    """Whether the option takes the value (a value it refuses is a problem the setup finds)."""
    try:
        option.parse(value)
    except ValueError:
        return False
    return True


# The names whose value is worked out from the score (the deal's points, the total after it).
_READ_THE_SCORE = frozenset({"score", "total"})


def _names_read(ruleset: Ruleset) -> set[str] | None:
    """Every name the formulas a setup and its deals work out here may read: the deck, the
    constants, the options' defaults and conditions, the plan, the end's number of deals, the
    parts' condition, the carried values' starts, the cards of a deal, the seat formulas, the
    fields' bounds, and what those read in turn (a field's fill, condition, bounds and count, a
    derived value, a constant, the trump rules). None when one of them reads the score: then
    every option is tried."""
    todo = [ruleset.deck, ruleset.cards, ruleset.first_bidder, ruleset.leader, ruleset.end_deals,
            ruleset.parts.when if ruleset.parts is not None else None, *ruleset.constants.values()]
    for option in ruleset.options.values():
        todo += [option.when, option.default_formula]
    for piece in ruleset.plan:
        todo += [piece.when, piece.start, piece.end, piece.repeat, piece.times, piece.step]
    todo += [carried.start for carried in ruleset.carry.values()]
    for spec in ruleset.fields.values():
        todo += [spec.min, spec.max]
    read: set[str] = set()
    seen: set[int] = set()
    while todo:
        formula = todo.pop()
        if formula is None or id(formula) in seen:
            continue
        seen.add(id(formula))
        for name in formula.names - read:
            read.add(name)
            todo += _formulas_of(ruleset, name)
    return None if read & _READ_THE_SCORE else read


def _formulas_of(ruleset: Ruleset, name: str) -> list:
    """The formulas that working out ``name`` may run (the seat formulas are looked at anyway)."""
    spec = ruleset.fields.get(name)
    if spec is not None:
        return [spec.fill, spec.when, spec.min, spec.max, spec.count]
    derived = ruleset.derived.get(name)
    if derived is not None:
        return [derived.value, *(part for _, part in derived.parts)]
    if name in ruleset.constants:
        return [ruleset.constants[name]]
    if name == "trump":  # the rules' conditions, suits and seats, and the fields they read the suit from
        return [formula for rule in ruleset.trump for formula in (
            rule.when, rule.suit, rule.seat, *(_formulas_of(ruleset, rule.field) if rule.field else ()))]
    return []


def _sample_deals(setup: Setup) -> list[int]:
    """The deals looked at: the first deal of each number of cards and the last, and every
    deal of the first two rounds of dealers (so each seat deals at least once)."""
    deals = len(setup.plan) if setup.plan is not None else min(setup.planned or _FIRST_DEALS, _FIRST_DEALS)
    numbers: dict[int, int] = {}  # cards -> the first deal with them
    for number in range(1, deals + 1):
        numbers.setdefault(setup.cards(number), number)
    return sorted({*numbers.values(), *range(1, min(deals, 2 * setup.n) + 1), deals})


def _deal_problems(setup: Setup) -> Iterator[tuple[str, Any]]:
    """(key, message) of what fails in the deals looked at, before anything is entered: a
    seat formula (who bids first, who leads) that gives no seat, and a field whose values
    are more than can be listed, at every seat (bounds and seats that read the entries are
    worked out in play)."""
    empty = setup.nothing_entered()
    seat_names = _seats_before_entries(setup.ruleset)
    for number in _sample_deals(setup):
        deal = DealEval(setup, number, empty)
        for name in seat_names:
            try:
                deal.value(name, None)
            except EvalError as exc:
                yield exc.key, exc.message
                seat_names = []  # said once
                break
            except (Missing, ArithmeticError, TypeError, ValueError):
                pass  # it waits for entries, or fails in a way said elsewhere
        for error in _domain_errors(deal):
            yield error.key, error.detail


def _seats_before_entries(ruleset: Ruleset) -> list[str]:
    """The seat formulas that read nothing the table enters (the leader may read the first
    bidder, which may read the entries)."""
    waits = set(ruleset.fields) | set(ruleset.derived)  # what the table enters, and what is made of it
    known = []
    for name in ("first_bidder", "leader"):
        formula = getattr(ruleset, name)
        if formula is None:
            continue
        if formula.names & waits:
            waits.add(name)
        else:
            known.append(name)
    return known


def _domain_errors(deal: DealEval) -> Iterator[LimitError]:
    """The fields whose values in ``deal`` are more than can be listed, once a field."""
    setup = deal.setup
    seats = {"deal": (None,), "seat": range(1, setup.n + 1), "team": tuple(team[0] for team in setup.teams)}
    for spec in setup.ruleset.fields.values():
        for seat in seats[spec.scope]:
            try:
                domain = deal.domain(spec, seat)
            except (Missing, EvalError, ArithmeticError, TypeError, ValueError):
                break  # bounds that wait for entries, or a formula that fails: said elsewhere
            error = domain_limit(setup.ruleset, spec, domain) if domain is not None else None
            if error is not None:
                yield error
                break


def _redeal_problems(setup: Setup) -> list[tuple[str, Any]]:
    """``deals.redeal`` when it holds for every deal the table could enter in the first deal
    of the plan (none would ever count: the game could not go on). The entries tried are every
    combination of the values of the fields it reads (through derived values too), when their
    values are known before anything is entered and at most _MOST_ENTRIES_TRIED combinations:
    a condition that reads more is bounded in play (the deals in a row that do not count)."""
    redeal = setup.ruleset.redeal
    if redeal is None:
        return []
    import itertools

    rules = setup.ruleset
    number = _sample_deals(setup)[0]
    empty = setup.nothing_entered()
    deal = DealEval(setup, number, empty)
    slots: list[tuple[str, int | None]] = []
    domains: list[tuple] = []
    for fid in _fields_read(rules, redeal):
        spec = rules.fields[fid]
        units: Any = (None,) if spec.scope == "deal" else range(1, len(empty[fid]) + 1)
        for unit in units:
            seat = unit if spec.scope == "seat" else None if spec.scope == "deal" else setup.teams[unit - 1][0]
            try:
                domain = deal.domain(spec, seat)
            except (Missing, EvalError, ArithmeticError, TypeError, ValueError):
                return []  # its values wait for entries: not seen here
            if domain is None:
                return []
            if spec.optional or spec.when is not None:
                domain = (*domain, None)
            slots.append((fid, unit))
            domains.append(tuple(domain))
    if math.prod(len(d) for d in domains) > _MOST_ENTRIES_TRIED:
        return []
    for combination in itertools.product(*domains):
        values = dict(empty)
        for (fid, unit), value in zip(slots, combination):
            if unit is None:
                values[fid] = value
            else:
                row = list(values[fid])
                row[unit - 1] = value
                values[fid] = tuple(row)
        entry = DealEval(setup, number, values)
        try:
            if not _can_be_entered(entry, slots, combination):
                continue
            if not entry.run(redeal, None):
                return []
        except (Missing, EvalError, ArithmeticError, TypeError, ValueError):
            return []  # it cannot be told for this entry: not a condition that always holds
    return [("deals.redeal", Message("engine.limit.redeal_always"))]


def _can_be_entered(entry: DealEval, slots: list[tuple[str, int | None]], combination: tuple) -> bool:
    """Whether the values tried can be an entry: a field is left empty exactly when its
    condition (``when``) does not hold, or it is optional."""
    setup = entry.setup
    for (fid, unit), value in zip(slots, combination):
        spec = setup.ruleset.fields[fid]
        if spec.when is None:
            continue
        seat = (unit if spec.scope == "seat" else None if spec.scope == "deal"
                else setup.teams[unit - 1][0])  # type: ignore[operator]  # (a partnership's unit is its number)
        enabled = entry.enabled(spec, seat) is True
        if not enabled and value is not None or enabled and value is None and not spec.optional:
            return False
    return True


def _fields_read(ruleset: Ruleset, formula: Any) -> list[str]:
    """The fields a formula reads, itself or through the derived values it reads."""
    todo, seen, fields = [formula], set(), []
    while todo:
        f = todo.pop()
        if f is None or id(f) in seen:
            continue
        seen.add(id(f))
        for name in sorted(f.names):
            if name in ruleset.fields and name not in fields:
                fields.append(name)
            elif name in ruleset.derived:
                derived = ruleset.derived[name]
                todo += [derived.value, *(part for _, part in derived.parts)]
    return fields
