"""The score board as rows of text: deals down, players (or partnerships) across.

Pure Python, no Textual: :func:`board_view` turns a Game into a :class:`BoardView`
that the Scoreboard widget draws. Each scorer's cell shows what was entered for
them (e.g. bid/tricks), made or missed as a sign (✓ / ✗, never colour alone), the
deal's points and the running total. Nothing here knows a game: the entries shown
are the ruleset's per-player (per-partnership) number fields, and the numbers its
``made`` formula reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len

from ..game.game import DealResult, Game
from ..i18n import format_ordinal, get_language, show, t
from ..rules.cards import SUIT_SYMBOL
from ..rules.formula import EvalError, Missing
from ..rules.ruleset import NO_TRUMP
from .draft import show_value

MADE = {True: "✓", False: "✗", None: " "}
DETAIL_FIELDS = 2  # at most this many entries in a cell (e.g. bid/tricks)


@dataclass(frozen=True)
class BoardRow:
    number: int
    cells: tuple[str, ...]  # deal, cards and trump, dealer, then one per scorer
    made: tuple[bool | None, ...]  # per scorer
    issues: tuple[str, ...]  # what the rules report about the deal now
    detail: str  # the deal's entries in words


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    total: Any


@dataclass(frozen=True)
class BoardView:
    columns: tuple[str, ...]
    widths: tuple[int, ...]  # of each column, in cells
    legend: str
    rows: Sequence[BoardRow]  # made when read: a long game draws only the rows on screen
    standings: tuple[Standing, ...]
    over: bool
    winners: tuple[str, ...]


class BoardRows(Sequence):
    """The rows of a board, each made the first time it is read."""

    def __init__(self, maker: "BoardMaker", results: list[DealResult], sizes: tuple) -> None:
        self._maker = maker
        self._results = results
        self._sizes = sizes
        self._made: dict[int, BoardRow] = {}

    def __len__(self) -> int:
        return len(self._results)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        row = self._made.get(index)
        if row is None:
            row = self._made[index] = self._maker.row(self._results[index], self._sizes)
        return row


def ordinal(n: int) -> str:
    """A place in the current language: 1st, 2nd (en); 1., 2. (fi, pl)."""
    return format_ordinal(n)


def sat_out() -> str:
    """What a cell shows for a player who sat the deal out (or had not joined yet)."""
    return t("tui.board.out")


class BoardMaker:
    """Makes the board of one game; keeps what does not change between refreshes
    (each deal's trump, its entries in words) so that a long game redraws quickly."""

    def __init__(self, game: Game):
        self.game = game
        rules = game.ruleset
        team = rules.score_scope == "team"
        self.scope = "team" if team else "seat"
        self.candidates = [f.id for f in rules.fields.values() if f.scope == self.scope and f.type == "int"]
        self.detail: list[str] = []
        made_names = rules.made.names if rules.made is not None else ()
        self.made_derived = [d for d in rules.derived.values()
                             if d.id in made_names and d.scope == "seat" and d.value.type != "yes/no"]
        # deal -> (values, fields shown, trump, the entries in words, each scorer's entries)
        self._cache: dict[int, tuple] = {}

    def _legend(self) -> str:
        rules = self.game.ruleset
        labels = [rules.fields[f].label for f in self.detail] + [d.label for d in self.made_derived]
        entries = "/".join(labels)
        if rules.made is not None:
            if entries:
                return t("tui.board.legend.entries_made", entries=entries)
            return t("tui.board.legend.made")
        if entries:
            return t("tui.board.legend.entries", entries=entries)
        return t("tui.board.legend.points")

    def _shown_fields(self, results: list[DealResult]) -> list[str]:
        """The scorer's number fields entered in some deal (at most DETAIL_FIELDS)."""
        used = [f for f in self.candidates
                if any(v is not None for r in results for v in (r.values.get(f) or ()))]
        return used[:DETAIL_FIELDS]

    def _static(self, result: DealResult) -> tuple[str, tuple[str, ...]]:
        """The deal's trump and each scorer's entries: they follow from its entries alone
        and are kept while those stay the same object (so only a changed deal is redone)."""
        cached = self._cache.get(result.number)
        language = get_language()  # the signs and words in the cells are in the language
        if (cached is not None and cached[0] is result.values and cached[1] == self.detail
                and len(cached[3]) == len(self.game.scorer_names)  # (a player may have joined since)
                and cached[4] == language):
            return cached[2], cached[3]
        game = self.game
        d = game.evaluate(result.number, result.values)
        try:
            suit = d.trump().suit
        except (Missing, EvalError, ValueError):
            suit = None
        trump = t("tui.board.no_trump_short") if suit == NO_TRUMP else SUIT_SYMBOL.get(suit, "") if suit else ""
        entries = []
        changed = game.table_changed  # then scorers are the game's seats, some not in every deal
        seats = result.seats
        for scorer, seat in enumerate(range(1, len(game.players) + 1) if changed else game.setup.scorer_seats):
            index = scorer
            if changed:
                if seat not in seats:
                    entries.append(sat_out())
                    continue
                index = seats.index(seat)
                seat = index + 1  # the seat among those who played
            shown = []
            for fid in self.detail:
                value = result.values.get(fid)
                v = value[index] if value is not None else None
                shown.append("-" if v is None else str(v))
            for spec in self.made_derived:
                try:
                    shown.append(show_value(d.value(spec.id, seat)))
                except (Missing, EvalError, ValueError):
                    shown.append("-")
            entries.append("/".join(shown))
        self._cache[result.number] = (result.values, list(self.detail), trump, tuple(entries), language)
        return trump, tuple(entries)

    def _words(self, result: DealResult) -> str:
        game = self.game
        setup = game.setup_for(result.number)
        pieces = []
        for fid, spec in game.ruleset.fields.items():
            value = result.values.get(fid)
            if value is None:
                continue
            if spec.scope == "deal":
                pieces.append(f"{spec.label}: {show_value(value, setup.players, spec.type == 'seat')}")
                continue
            names = (setup.players if spec.scope == "seat" else
                     tuple(" & ".join(setup.players[s - 1] for s in t) for t in setup.teams))
            shown = [f"{names[i]} {show_value(v, setup.players, spec.type == 'seat')}"
                     for i, v in enumerate(value) if v is not None]
            if shown:
                pieces.append(f"{spec.label}: " + ", ".join(shown))
        if game.table_changed:
            info = game.info(result.number)
            if info.joining:
                pieces.append(t("tui.board.joined", players=", ".join(
                    t("tui.board.joined_with", name=name, score=score) for name, score in info.joining)))
            out = [name for seat, name in enumerate(game.players, start=1) if not result.played(seat)]
            if out:
                pieces.append(t("tui.board.not_playing", names=", ".join(out)))
        return "; ".join(pieces)

    @staticmethod
    def _points(score) -> str:
        return f"{score:+}" if isinstance(score, (int, float)) and score else str(score)

    def row(self, result: DealResult, sizes: tuple) -> BoardRow:
        """One deal's row; ``sizes`` are the widths of the parts of a scorer's cell."""
        trump, entries = self._static(result)
        cells = [f"{result.number}{' ⚠' if result.issues else ''}{' ◼' if result.part_over else ''}",
                 f"{result.cards} {trump}".strip(), self.game.players[result.dealer - 1]]
        has_mark = self.game.ruleset.made is not None
        for i, (ew, pw, tw) in enumerate(sizes):
            parts = []
            played = not self.game.table_changed or result.played(i + 1)
            if ew:
                parts.append(" " * (ew - cell_len(entries[i])) + entries[i])
            if has_mark:
                parts.append(MADE[result.made[i]])
            parts.append((self._points(result.scores[i]) if played else sat_out() if not ew else "").rjust(pw))
            parts.append(str(result.totals[i]).rjust(tw))
            cells.append(" ".join(parts))
        issues = tuple(t("tui.board.warning", message=show(i.message)) if i.level == "warning" else show(i.message)
                       for i in result.issues)
        return BoardRow(result.number, tuple(cells), tuple(result.made), issues, self._words(result))

    def deal_parts(self, result: DealResult) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        """A deal's trump sign, each scorer's entries (e.g. "3/3") and points (e.g. "+13") as its
        row shows them, unpadded, for a board drawn elsewhere (the web board). Call view() first:
        it decides which entries are shown."""
        trump, entries = self._static(result)
        changed = self.game.table_changed
        out = sat_out()
        return trump, entries, tuple(out if changed and not result.played(i + 1) else self._points(s)
                                     for i, s in enumerate(result.scores))

    def view(self) -> BoardView:
        """The board now: widths from every deal, rows made only when read."""
        game = self.game
        results = game.results()
        self.detail = self._shown_fields(results)
        static = [self._static(r) for r in results]
        heads = (t("tui.board.column.deal"), t("tui.board.column.cards"), t("tui.board.column.dealer"))
        columns = heads + tuple(game.scorer_names)
        marks = (any(r.issues for r in results) * 2) + (any(r.part_over for r in results) * 2)
        widths = [max(4, cell_len(heads[0]), len(str(len(results))) + marks),
                  max([5, cell_len(heads[1])] + [len(f"{r.cards} {sign}".strip()) for r, (sign, _) in zip(results, static)]),
                  max([6, cell_len(heads[2])] + [cell_len(p) for p in game.players])]
        sizes = []
        has_mark = game.ruleset.made is not None
        for i, name in enumerate(game.scorer_names):
            ew = max((cell_len(e[i]) for _, e in static), default=0) if self.detail or self.made_derived else 0
            scores = [r.scores[i] for r in results]
            totals = [r.totals[i] for r in results]
            pw = max([4, cell_len(sat_out()) if game.table_changed else 4]
                     + ([len(self._points(x)) for x in (max(scores), min(scores))] if scores else []))
            tw = max([5] + [len(str(x)) for x in (max(totals), min(totals))] if totals else [5])
            sizes.append((ew, pw, tw))
            cell = (ew + 1 if ew else 0) + (2 if has_mark else 0) + pw + 1 + tw
            widths.append(max(cell, cell_len(name)))
        standings = tuple(Standing(s.rank, s.name, s.total) for s in game.standings())
        rows = BoardRows(self, results, tuple(sizes))
        return BoardView(columns, tuple(widths), self._legend(), rows, standings, game.is_over,
                         tuple(game.winners))


def standings_text(standings: tuple[Standing, ...]) -> str:
    return " · ".join(t("tui.board.standing", place=ordinal(s.rank), name=s.name, total=s.total) for s in standings)
