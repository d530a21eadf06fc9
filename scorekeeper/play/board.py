"""The score board as data: deals down, players (or partnerships) across.

:class:`BoardMaker` turns a Game into a :class:`BoardView` that the TUI's score table and
the web board draw. Each scorer's cell holds what was entered for them (e.g. bid/tricks),
made or missed (shown as a sign, ✓ / ✗, never colour alone), the deal's points and the
running total. Nothing here knows a game: the entries shown are the ruleset's per-player
(per-partnership) number fields, and the numbers its ``made`` formula reads. Column widths
are measured in terminal columns (:func:`~.words.text_width`); a front end pads the cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from ..game.carried import carried_columns, carried_now, carried_values
from ..game.game import DealResult, Game
from ..i18n import get_language, show, t
from ..rules.cards import SUIT_SYMBOL
from ..rules.formula import EvalError, Missing
from ..rules.ruleset import NO_TRUMP
from .words import choice_text, ordinal, show_value, text_width
from ..values import dataclass

MADE = {True: "✓", False: "✗", None: " "}
REDEALT = "↺"  # a deal that did not count (dealt again), after its number
DETAIL_FIELDS = 2  # at most this many entries in a cell (e.g. bid/tricks)


@dataclass(frozen=True)
class ScoreCell:
    """One scorer in one deal."""

    entries: str  # what was entered for them, e.g. "3/3" ("" when the board shows no entries)
    made: bool | None  # None: no contract (or not played)
    points: str  # e.g. "+13"; "out" for a player who sat the deal out
    total: Any  # the running total
    played: bool = True


@dataclass(frozen=True)
class BoardRow:
    number: int
    deal: str  # the deal's number, marked ⚠ when the rules report a problem, ◼ when it ends a part
    cards: str  # the cards and the trump sign, e.g. "8 ♥", or what the rules' [board] deal says, "3NT Cara"
    dealer: str
    trump: str  # the trump sign alone
    scores: tuple[ScoreCell, ...]
    issues: tuple[str, ...]  # what the rules report about the deal now
    detail: str  # the deal's entries in words

    @property
    def made(self) -> tuple[bool | None, ...]:
        return tuple(s.made for s in self.scores)

    @cached_property
    def number_widths(self) -> tuple[int, tuple[tuple[int, int], ...]]:
        """How wide the deal's number is, and each scorer's points (0: sat out) and total:
        measured once for the row (a row is kept while its deal's result is, and a new board
        fits the short layouts from every row's numbers)."""
        return text_width(self.deal), tuple((text_width(s.points) if s.played else 0, text_width(str(s.total)))
                                            for s in self.scores)


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    total: Any


@dataclass(frozen=True)
class BoardView:
    columns: tuple[str, ...]  # deal, cards, dealer, then one per scorer
    widths: tuple[int, ...]  # of each column, in terminal columns
    sizes: tuple[tuple[int, int, int], ...]  # per scorer: widths of entries (0: none shown), points, total
    marks: bool  # the cells show made or missed
    legend: str
    rows: Sequence[BoardRow]  # made when read: a long game draws only the rows on screen
    standings: tuple[Standing, ...]
    over: bool
    winners: tuple[str, ...]
    carried: tuple[str, ...] = ()  # the values carried into the next deal, in words, one part a label


class BoardRows(Sequence):
    """The rows of a board, each made the first time it is read."""

    def __init__(self, maker: "BoardMaker", results: list[DealResult]) -> None:
        self._maker = maker
        self._results = results
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
            row = self._made[index] = self._maker.row(self._results[index])
        return row


def sat_out() -> str:
    """What a cell shows for a player who sat the deal out (or had not joined yet)."""
    return t("tui.board.out")


def points_text(score) -> str:
    return f"{score:+}" if isinstance(score, (int, float)) and score else str(score)


def carried_text(game: Game, result: DealResult | None, now: bool = False) -> str:
    """The values carried out of deal ``result`` (``now``: into the next deal) in words, each
    under its label: "Bags: Anna & Cara 3, Ben & Dan 7" ("" when the ruleset carries none)."""
    return "; ".join(carried_parts(game, result, now))


def end_bonus_parts(game: Game) -> tuple[str, ...]:
    """The points the rules add after the last deal ([end] bonus), in words, once the game has
    ended: the totals of the standings hold them, the last deal's row does not."""
    bonus = game.end_bonus()
    if not bonus:
        return ()
    return (t("tui.board.end_bonus", values=", ".join(
        f"{name} {show_value(game.ruleset.shown(points))}" for name, points in zip(game.scorer_names, bonus))),)


def carried_parts(game: Game, result: DealResult | None, now: bool = False) -> tuple[str, ...]:
    """carried_text's parts, one a label (none when the ruleset carries nothing)."""
    if not game.ruleset.carry:
        return ()
    columns = carried_columns(game, game.ruleset.localized(get_language()))
    values = carried_now(game, columns) if now else carried_values(game, result, columns)
    pieces: dict[str, list[str]] = {}
    labels = {}
    for column, value in zip(columns, values):
        labels[column.id] = column.label
        pieces.setdefault(column.id, []).append(f"{column.name} {show_value(value)}".lstrip())
    return tuple(t("tui.board.carry.values", label=labels[cid], values=", ".join(p)) for cid, p in pieces.items())


def standings_text(standings: tuple[Standing, ...]) -> str:
    return " · ".join(t("tui.board.standing", place=ordinal(s.rank), name=s.name, total=s.total) for s in standings)


class BoardMaker:
    """Makes the board of one game; keeps what does not change between refreshes
    (each deal's trump, its entries in words) so that a long game redraws quickly."""

    def __init__(self, game: Game):
        self.game = game
        rules = game.ruleset
        self.scope = "team" if rules.score_scope == "team" else "seat"
        self.candidates = [f.id for f in rules.fields.values() if f.scope == self.scope and f.type == "int"]
        self.detail: list[str] = []
        made_names = rules.made.names if rules.made is not None else ()
        self.made_derived = [d for d in rules.derived.values()
                             if d.id in made_names and d.scope in ("seat", "team") and d.value.type != "yes/no"]
        # deal -> (values, fields shown, trump, each scorer's entries, language, the deal column's text)
        self._cache: dict[int, tuple] = {}
        # deal -> (its result, what else its row reads, the row): a deal confirmed or undone
        # makes only its own row again (the results before it are the same objects)
        self._rows: dict[int, tuple] = {}
        self._sized: dict[int, tuple] = {}  # deal -> (its result, its entries, its part of the sizes: see _row_sizes)

    def _legend(self) -> str:
        legend = self._entries_legend()
        game = self.game
        if any(game.start_scores):  # the scores the table agreed at the start, before deal 1
            scores = ", ".join(t("tui.board.start_score", name=name, score=score)
                               for name, score in zip(game.setup.scorer_names, game.start_scores))
            return t("tui.board.with_start_scores", legend=legend, scores=scores)
        return legend

    def _entries_legend(self) -> str:
        rules = self.game.ruleset
        entries = "/".join([rules.fields[f].label for f in self.detail] + [d.label for d in self.made_derived])
        if rules.made is not None:
            return t("tui.board.legend.entries_made", entries=entries) if entries else t("tui.board.legend.made")
        return t("tui.board.legend.entries", entries=entries) if entries else t("tui.board.legend.points")

    def _shown_fields(self, results: list[DealResult]) -> list[str]:
        """The scorer's number fields entered in some deal (at most DETAIL_FIELDS)."""
        used = [f for f in self.candidates
                if any(v is not None for r in results for v in (r.values.get(f) or ()))]
        return used[:DETAIL_FIELDS]

    def _static(self, result: DealResult) -> tuple[str, tuple[str, ...], str]:
        """The deal's trump sign, each scorer's entries and the deal column's text: they follow
        from its entries alone and are kept while those stay the same object (so only a changed
        deal is redone)."""
        cached = self._cache.get(result.number)
        language = get_language()  # the signs and words in the cells are in the language
        if (cached is not None and cached[0] is result.values and cached[1] == self.detail
                and len(cached[3]) == len(self.game.scorer_names)  # (a player may have joined since)
                and cached[4] == language):
            return cached[2], cached[3], cached[5]
        d = self.game.evaluate(result.number, result.values)
        try:
            suit = d.trump().suit
        except (Missing, EvalError, ValueError):
            suit = None
        trump = t("tui.board.no_trump_short") if suit == NO_TRUMP else SUIT_SYMBOL.get(suit, "") if suit else ""
        entries = tuple(self._entries(result, d))
        shown = self._deal_text(d) or f"{result.cards} {trump}".strip()
        self._cache[result.number] = (result.values, list(self.detail), trump, entries, language, shown)
        return trump, entries, shown

    def _deal_text(self, d) -> str | None:
        """The rules' own text for the deal column (``[board] deal``: a bridge contract and its
        declarer, "3NT Cara"), None where they have none or the deal does not give it yet."""
        template = self.game.ruleset.localized(get_language()).board_deal
        if template is None:
            return None
        try:
            return d.worded(template) or None
        except (EvalError, ValueError):
            return None

    def _entries(self, result: DealResult, d) -> list[str]:
        """Each scorer's entries in the deal, e.g. "3/3"."""
        game = self.game
        entries = []
        changed = game.table_changed  # then scorers are the game's seats, some not in every deal
        for scorer, seat in enumerate(range(1, len(game.players) + 1) if changed else game.setup.scorer_seats):
            index = scorer
            if changed:
                if seat not in result.seats:
                    entries.append(sat_out())
                    continue
                index = result.seats.index(seat)
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
        return entries

    def _words(self, result: DealResult) -> str:
        """The deal's entries in words, and who joined or sat it out."""
        game = self.game
        setup = game.setup_for(result.number)
        pieces = []
        for fid, spec in game.ruleset.fields.items():
            value = result.values.get(fid)
            if value is None:
                continue
            if spec.scope == "deal":
                shown = choice_text(spec, value) if spec.type == "choice" else show_value(
                    value, setup.players, spec.type == "seat")
                pieces.append(f"{spec.label}: {shown}")
                continue
            names = (setup.players if spec.scope == "seat" else
                     tuple(" & ".join(setup.players[s - 1] for s in t) for t in setup.teams))
            each = [f"{names[i]} {show_value(v, setup.players, spec.type == 'seat')}"
                    for i, v in enumerate(value) if v is not None]
            if each:
                pieces.append(f"{spec.label}: " + ", ".join(each))
        if game.table_changed:
            info = game.info(result.number)
            if info.joining:
                pieces.append(t("tui.board.joined", players=", ".join(
                    t("tui.board.joined_with", name=name, score=score) for name, score in info.joining)))
            out = [name for seat, name in enumerate(game.players, start=1) if not result.played(seat)]
            if out:
                pieces.append(t("tui.board.not_playing", names=", ".join(out)))
        if not result.counts:
            pieces.append(t("tui.board.carry.redealt"))
        elif game.ruleset.carry:
            pieces.append(carried_text(game, result))
        return "; ".join(pieces)

    def row(self, result: DealResult) -> BoardRow:
        """One deal's row, made again only when its result is another object (the game works
        out a deal's result again whenever anything before it or in it changed) or the words,
        the fields shown or the players did; never kept once the players changed during the game."""
        game = self.game
        reads = (get_language(), tuple(self.detail), tuple(game.players))
        kept = self._rows.get(result.number)
        if kept is not None and kept[0] is result and kept[1] == reads and not game.table_changed:
            return kept[2]
        row = self._row(result)
        if not game.table_changed:  # (then a row reads who joined and sat out, from the game's history)
            self._rows[result.number] = (result, reads, row)
        return row

    def _row(self, result: DealResult) -> BoardRow:
        trump, entries, shown = self._static(result)
        game = self.game
        scores, shown_number = [], game.ruleset.shown
        for i, score in enumerate(result.scores):
            played = not game.table_changed or result.played(i + 1)
            scores.append(ScoreCell(entries[i], result.made[i], points_text(shown_number(score)) if played else sat_out(),
                                    shown_number(result.totals[i]), played))
        issues = tuple(t("tui.board.warning", message=show(i.message)) if i.level == "warning" else show(i.message)
                       for i in result.issues)
        deal = (f"{result.number}{' ⚠' if result.issues else ''}{' ◼' if result.part_over else ''}"
                f"{'' if result.counts else ' ' + REDEALT}")
        return BoardRow(result.number, deal, shown, game.players[result.dealer - 1],
                        trump, tuple(scores), issues, self._words(result))

    def view(self) -> BoardView:
        """The board now: widths from every deal, rows made only when read."""
        game = self.game
        results = game.results()
        self.detail = self._shown_fields(results)
        static = [self._static(r) for r in results]
        label = game.ruleset.localized(get_language()).board_label
        heads = (t("tui.board.column.deal"), label or t("tui.board.column.cards"), t("tui.board.column.dealer"))
        marks = ((any(r.issues for r in results) * 2) + (any(r.part_over for r in results) * 2)
                 + (any(not r.counts for r in results) * 2))
        widths = [max(4, text_width(heads[0]), len(str(len(results))) + marks),
                  max([5, text_width(heads[1])] + [text_width(shown) for _, _, shown in static]),
                  max([6, text_width(heads[2])] + [text_width(p) for p in game.players])]
        sizes = self._sizes(results, static)
        has_mark = game.ruleset.made is not None
        for (ew, pw, tw), name in zip(sizes, game.scorer_names):
            widths.append(max((ew + 1 if ew else 0) + (2 if has_mark else 0) + pw + 1 + tw, text_width(name)))
        standings = tuple(Standing(s.rank, s.name, game.ruleset.shown(s.total)) for s in game.standings())
        return BoardView(heads + tuple(game.scorer_names), tuple(widths), tuple(sizes), has_mark, self._legend(),
                         BoardRows(self, results), standings, game.is_over, tuple(game.winners),
                         carried_parts(game, None, now=True) + end_bonus_parts(game))

    def _sizes(self, results: list[DealResult], static: list) -> list[tuple[int, int, int]]:
        """Per scorer: the widths of the entries (0 when none are shown), the points, the total.
        Each deal's part is worked out once for its result (kept while the result is the same
        object, as its row is: a confirmed deal or an undo changes only the latest)."""
        game = self.game
        count = len(game.scorer_names)
        rows = [self._row_sizes(r, entries) for r, (_, entries, _) in zip(results, static)]
        shown = game.ruleset.shown
        widths = [max(column) for column in zip(*[r[0] for r in rows])] if rows else [0] * count
        if not (self.detail or self.made_derived):
            widths = [0] * count
        extremes = game.ruleset.digits == 0 or all([r[1] for r in rows])  # (all ints: the longest is the least or most)
        by_scorer = list(zip(*[r.scores for r in results], *[r.totals for r in results])) if results else []
        deals = len(results)
        sizes = []
        for i in range(count):
            scores = by_scorer[i][:deals] if results else ()
            totals = by_scorer[i][deals:] if results else ()
            if extremes and results:
                scores, totals = (max(scores), min(scores)), (max(totals), min(totals))
            pw = max([4, text_width(sat_out()) if game.table_changed else 4] + [len(points_text(shown(x))) for x in scores])
            tw = max([5] + [len(str(shown(x))) for x in totals])
            sizes.append((widths[i], pw, tw))
        return sizes

    def _row_sizes(self, result: DealResult, entries: tuple[str, ...]) -> tuple[tuple[int, ...], bool]:
        """A deal's part of the board's sizes: each scorer's entries' width, and whether its
        points and totals are all whole numbers; kept while its result and entries are the same objects."""
        kept = self._sized.get(result.number)
        if kept is not None and kept[0] is result and kept[1] is entries:
            return kept[2]
        sized = (tuple(text_width(e) for e in entries),
                 all(type(x) is int for x in result.scores) and all(type(x) is int for x in result.totals))
        self._sized[result.number] = (result, entries, sized)
        return sized


# -- what fits in a width ----------------------------------------------------------------

ELLIPSIS = "…"


def shorten(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal columns, ending in … when cut."""
    if text_width(text) <= width:
        return text
    out = ""
    for ch in text:
        if text_width(out + ch) > width - 1:
            break
        out += ch
    return out + ELLIPSIS if width > 0 else ""


@dataclass(frozen=True)
class Fit:
    """The board's columns as they fit a width: which of the deal, cards and dealer columns
    are shown, which parts of a scorer's cell (entries, made or missed; the points and the
    total always), how wide each column is, and the gap between them. Headings are cut to
    their column (the full names are ``names``); what is left out is on the detail line."""

    columns: tuple[str, ...]  # the headings shown, each at most its column's width
    names: tuple[str, ...]  # the full headings
    widths: tuple[int, ...]
    fixed: tuple[int, ...]  # which of the board's first three columns are shown (0 deal, 1 cards, 2 dealer)
    sizes: tuple[tuple[int, int, int], ...]  # per scorer: entries (0: not shown), points, total
    entries: bool
    marks: bool
    gap: int
    lead: int  # cells before the first column (the cursor's mark)
    legend: str  # what a scorer's cell shows

    @property
    def width(self) -> int:
        """A line's width in terminal columns."""
        return self.lead + sum(self.widths) + self.gap * (len(self.widths) - 1)

    @property
    def complete(self) -> bool:
        """Every column and every part of every cell is shown, names in full."""
        return len(self.fixed) == 3 and self.columns == self.names and (self.entries or not any(
            s[0] for s in self.sizes))

    def cells(self, row: BoardRow) -> tuple[str, ...]:
        """A row's cells: the deal columns shown, then each scorer's parts padded to their widths."""
        fixed = (row.deal, row.cards, row.dealer)
        cells = [fixed[i] for i in self.fixed]
        for score, (ew, pw, tw) in zip(row.scores, self.sizes):
            parts = []
            if ew:
                parts.append(" " * (ew - text_width(score.entries)) + score.entries)
            if self.marks:
                parts.append(MADE[score.made])
            parts.append((score.points if score.played or not ew else "").rjust(pw))
            parts.append(str(score.total).rjust(tw))
            cells.append(" ".join(parts))
        return tuple(cells)

    def line(self, cells: Sequence[str], mark: str = "") -> str:
        """The cells as one line (deal columns left, scorers right aligned), for tests and plain text."""
        out = mark.ljust(self.lead)
        for i, (cell, width) in enumerate(zip(cells, self.widths)):
            pad = " " * max(0, width - text_width(cell))
            out += (" " * self.gap if i else "") + (cell + pad if i < len(self.fixed) else pad + cell)
        return out


# the ways to narrow a board, tried in turn: (columns shown, entries, marks, short, gap)
_NARROWER = (
    ((0, 1, 2), True, True, False, 2),
    ((0, 1), True, True, False, 2),
    ((0,), True, True, False, 2),
    ((0,), False, True, False, 2),
    ((0,), False, True, True, 2),
    ((0,), False, False, True, 2),
    ((0,), False, False, True, 1),
)


def fit(board: BoardView, width: int, lead: int = 2) -> Fit:
    """The widest layout of ``board`` whose lines are at most ``width`` columns (the
    narrowest one when none is): a column goes before a player's points or total do."""
    made = None
    numbers: _Numbers | None = None  # (the short layouts', read from the rows once)
    for fixed, entries, marks, short, gap in _NARROWER:
        if short and numbers is None:
            numbers = _numbers(board)
        made = _fit(board, fixed, entries, marks and board.marks, numbers if short else None, gap, lead)
        if made.width <= width:
            return made
    assert made is not None  # (_NARROWER has a layout)
    return made


_Numbers = tuple[int, tuple[tuple[int, int], ...]]


def _numbers(board: BoardView) -> _Numbers:
    """How wide the deal numbers are, and each scorer's points and totals: the columns of the
    short layouts, as wide as their numbers (worked out once for the three of them, every row
    read: each row's widths are measured once, see BoardRow.number_widths)."""
    count = len(board.sizes)
    widths = [row.number_widths for row in board.rows]
    deal = max([1] + [number for number, _ in widths])
    columns = list(zip(*(scores for _, scores in widths)))[:count]  # each scorer's (points, total) of every row
    shown = []
    for column in columns:
        points, totals = zip(*column)
        shown.append((max(1, *points), max(1, *totals)))
    return deal, tuple(shown + [(1, 1)] * (count - len(shown)))


def _fit(board: BoardView, fixed, entries: bool, marks: bool, numbers: _Numbers | None, gap: int, lead: int) -> Fit:
    """The layout of ``board`` so (``numbers``: short, its columns as wide as their numbers)."""
    names = [board.columns[i] for i in fixed] + list(board.columns[3:])
    widths = [board.widths[i] for i in fixed]
    short = numbers is not None
    if numbers is not None:  # the deal column as wide as its numbers, under a short heading
        widths[0] = numbers[0]
    sizes = []
    for i, (ew, pw, tw) in enumerate(board.sizes):
        if numbers is not None:  # as wide as the numbers, not the usual minimum
            pw, tw = numbers[1][i]
        ew = ew if entries else 0
        sizes.append((ew, pw, tw))
        cell = (ew + 1 if ew else 0) + (2 if marks else 0) + pw + 1 + tw
        widths.append(cell if short else max(cell, text_width(board.columns[3 + i])))
    legend = board.legend if (entries or not any(s[0] for s in board.sizes)) and marks == board.marks else (
        t("tui.board.legend.made") if marks else t("tui.board.legend.points"))
    columns = list(names)
    if short:
        deal_short = t("tui.board.column.deal_short")
        if text_width(columns[0]) > widths[0]:
            columns[0] = deal_short if text_width(deal_short) <= widths[0] else shorten(columns[0], widths[0])
        columns[len(fixed):] = [shorten(n, w) for n, w in zip(columns[len(fixed):], widths[len(fixed):])]
    return Fit(tuple(columns), tuple(names), tuple(widths), tuple(fixed), tuple(sizes), entries, marks, gap, lead, legend)


def scorers_text(board: BoardView, row: BoardRow, shown: Fit | None = None) -> str:
    """Each scorer's whole cell in words, named in full (and the dealer): the detail line's
    part for what a narrow board leaves out."""
    pieces = []
    cut = shown is None or (not shown.entries and any(e for e, _, _ in board.sizes)) or shown.marks != board.marks \
        or shown.columns[len(shown.fixed):] != shown.names[len(shown.fixed):]
    for name, score in zip(board.columns[3:], row.scores if cut else ()):
        cell = " ".join(p for p in (score.entries, MADE[score.made].strip() if board.marks else "", score.points) if p)
        pieces.append(t("tui.board.scorer", name=name, cell=cell, total=score.total))
    if shown is not None and 2 not in shown.fixed:
        pieces.append(t("tui.board.dealt_by", name=row.dealer))
    if shown is not None and 1 not in shown.fixed and row.cards:
        pieces.append(t("tui.board.cards_were", cards=row.cards) if board.columns[1] == t("tui.board.column.cards")
                      else t("tui.board.column_was", label=board.columns[1], value=row.cards))
    return " · ".join(pieces)
