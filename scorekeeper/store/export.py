"""Exports of a game: CSV, JSON, Markdown and the TOML score sheet.

Every format carries the ruleset, the options, the players, each deal (number,
cards, dealer, the values entered, each scorer's score and running total), the
final totals, the standings and the winner(s), or that the game is in progress.

The JSON document (:func:`game_document`) is::

    {
      "ruleset": "lupaus",                 # ruleset id
      "name": "Lupaus",                    # ruleset name
      "title": "Friday game",              # the score sheet's title, or null
      "options": {"scoring": "ten-plus-bid", ...},   # every option, resolved
      "players": ["Anna", "Ben", "Cara"],  # seat order
      "first_dealer": 1,                   # seat number
      "scorers": ["Anna", "Ben", "Cara"],  # who scores: players, or partnerships "A & C"
      "deals": [{
          "deal": 1, "cards": 10, "dealer": "Anna",
          "values": {"bid": [3, 4, 2], "tricks": [3, 5, 2], "turned": "hearts"},
              # per-seat fields in seat order, per-partnership fields in partnership
              # order, per-deal fields a single value; null = not entered; cards as
              # codes such as "SK"
          "scores": [13, 0, 12],           # this deal, per scorer
          "made": [true, false, true],     # per scorer; null when the game has no contract
          "totals": [13, 0, 12],           # running totals after this deal
          "issues": []                     # warnings (and errors) the rules report
      }],
      "totals": [13, 0, 12],
      "standings": [{"rank": 1, "name": "Anna", "total": 13}, ...],
      "over": false,
      "winners": []                        # names; empty while the game is in progress
    }

CSV cells that are text starting with ``= + - @``, a tab or a carriage return get a
leading apostrophe so that a spreadsheet does not run them as formulas; numbers are
written as numbers.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from ..game.game import Game
from ..game.sheet import dump_sheet, sheet_title
from ..rules.cards import Card

__all__ = ["FORMATS", "export", "game_document", "safe_cell", "status_text"]

FORMATS = ("csv", "json", "md", "toml")

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _plain(value: Any) -> Any:
    """An entered value as JSON holds it."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def game_document(game: Game) -> dict:
    """The game as plain data (the JSON export; see the module docstring)."""
    players = game.players
    deals = []
    for r in game.results():
        deals.append({
            "deal": r.number,
            "cards": r.cards,
            "dealer": players[r.dealer - 1],
            "values": {fid: _plain(r.values.get(fid)) for fid in game.ruleset.fields},
            "scores": list(r.scores),
            "made": list(r.made),
            "totals": list(r.totals),
            "issues": [i.message if i.level == "error" else f"warning: {i.message}" for i in r.issues],
        })
    return {
        "ruleset": game.ruleset.id,
        "name": game.ruleset.name,
        "title": sheet_title(game),
        "options": game.options,
        "players": list(players),
        "first_dealer": game.setup.first_dealer,
        "scorers": list(game.scorer_names),
        "deals": deals,
        "totals": list(game.totals()),
        "standings": [{"rank": s.rank, "name": s.name, "total": s.total} for s in game.standings()],
        "over": game.is_over,
        "winners": list(game.winners),
    }


def status_text(game: Game) -> str:
    """'winner: X', 'winners: X, Y' (a tie) or 'in progress (...)'."""
    winners = game.winners
    if winners:
        return f"winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}"
    played = len(game.deals)
    planned = game.planned_deals
    if planned is not None:
        return f"in progress ({played} of {planned} deals played)"
    return f"in progress ({played} deal{'' if played == 1 else 's'} played)"


def _text(value: Any) -> Any:
    """A value as one cell: numbers stay numbers, the rest becomes text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (tuple, list)):
        return " ".join(str(_text(v)) for v in value)
    return str(value)


def safe_cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet will not run as a formula."""
    value = _text(value)
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _value_columns(game: Game) -> list[tuple[str, str, int | None]]:
    """(header, field id, unit index or None) for every entered value."""
    cols = []
    unit_names = {"seat": game.players, "team": tuple(
        " & ".join(game.players[s - 1] for s in team) for team in game.setup.teams)}
    for fid, spec in game.ruleset.fields.items():
        if spec.scope == "deal":
            cols.append((fid, fid, None))
        else:
            for i, name in enumerate(unit_names[spec.scope]):
                cols.append((f"{name} {fid}", fid, i))
    return cols


def _cell_value(values, fid, index):
    value = values.get(fid)
    if index is None or value is None:
        return value
    return value[index]


def _options_text(game: Game) -> str:
    return "; ".join(f"{k}={_text(v)}" for k, v in game.options.items())


def _csv(game: Game) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    row = lambda cells: w.writerow([safe_cell(c) for c in cells])  # noqa: E731
    names = game.scorer_names
    vcols = _value_columns(game)
    header = ["deal", "cards", "dealer"]
    for name in names:
        header += [f"{name} score", f"{name} total"]
    header += [h for h, _, _ in vcols]
    row(header)
    for r in game.results():
        cells = [r.number, r.cards, game.players[r.dealer - 1]]
        for s, t in zip(r.scores, r.totals):
            cells += [s, t]
        cells += [_cell_value(r.values, fid, i) for _, fid, i in vcols]
        row(cells)
    w.writerow([])
    row(["rank", "name", "total"])
    for s in game.standings():
        row([s.rank, s.name, s.total])
    w.writerow([])
    row(["ruleset", game.ruleset.id, game.ruleset.name])
    row(["options", _options_text(game)])
    row(["players"] + list(game.players))
    if game.winners:
        row(["winners"] + list(game.winners))
    else:
        row(["status", "in progress"])
    return out.getvalue()


def _md_escape(text: Any) -> str:
    text = str(_text(text))
    text = text.replace("\\", "\\\\").replace("|", "\\|")
    return " ".join(text.splitlines())


def _md_table(header: list, rows: list[list]) -> list[str]:
    lines = ["| " + " | ".join(_md_escape(h) for h in header) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(_md_escape(c) for c in r) + " |" for r in rows]
    return lines


def _md(game: Game) -> str:
    rs = game.ruleset
    names = game.scorer_names
    title = sheet_title(game)
    lines = [f"# {_md_escape(rs.name)} ({_md_escape(rs.id)})" + (f": {_md_escape(title)}" if title else ""), ""]
    lines.append("Players: " + ", ".join(_md_escape(p) for p in game.players))
    lines.append("")
    lines.append("Options: " + ", ".join(f"{_md_escape(k)} = {_md_escape(v)}" for k, v in game.options.items()))
    lines.append("")
    vcols = _value_columns(game)
    header = ["Deal", "Cards", "Dealer"] + [h for h, _, _ in vcols]
    for name in names:
        header += [f"{name} score", f"{name} total"]
    rows = []
    for r in game.results():
        cells = [r.number, r.cards, game.players[r.dealer - 1]]
        cells += [_cell_value(r.values, fid, i) for _, fid, i in vcols]
        for s, t in zip(r.scores, r.totals):
            cells += [s, t]
        rows.append(cells)
    lines += _md_table(header, rows)
    lines += ["", "## Standings", ""]
    lines += _md_table(["Rank", "Name", "Total"], [[s.rank, s.name, s.total] for s in game.standings()])
    lines += ["", _md_escape(status_text(game))]
    return "\n".join(lines) + "\n"


def export(game: Game, fmt: str) -> str:
    """The game in one of FORMATS (csv, json, md, toml) as text."""
    if fmt == "csv":
        return _csv(game)
    if fmt == "json":
        return json.dumps(game_document(game), indent=2, ensure_ascii=False) + "\n"
    if fmt == "md":
        return _md(game)
    if fmt == "toml":
        return dump_sheet(game)
    raise ValueError(f"unknown export format '{fmt}'; use one of: {', '.join(FORMATS)}")
