"""Charts of a game drawn with Unicode characters: the score after each deal, the totals as bars.

No plotting library: :func:`line_chart` and :func:`bar_chart` are pure functions that
lay a chart out as rows of ``rich`` Text (testable as plain strings), and the two
widgets only give them their size and their colours. Each scorer has a marker symbol
(● ■ ▲ ...) *and* a colour, and the legend names both, so colour is never the only cue;
where several players' points fall on one spot the chart shows ✱ (the legend says so).
The lines between the points are braille dots (2 x 4 dots a cell) in the scorer's colour.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...i18n import format_number, format_ordinal, t
from ...play.charts import Progression

# One symbol per scorer, in seat (or partnership) order.
MARKERS = "●■▲◆★✚▼○"

# Where the points of several scorers fall in one cell.
OVERLAP = "✱"

_BRAILLE = 0x2800
_DOT = {(0, 0): 0x01, (0, 1): 0x02, (0, 2): 0x04, (1, 0): 0x08, (1, 1): 0x10, (1, 2): 0x20,
        (0, 3): 0x40, (1, 3): 0x80}  # (column, row) of a dot in its cell -> its bit
_EIGHTHS = " ▏▎▍▌▋▊▉"


def marker(index: int) -> str:
    return MARKERS[index % len(MARKERS)]


# --- scales ---------------------------------------------------------------------------------------


def _nice(step: float, whole: bool = True) -> float:
    """The smallest of 1, 2, 2.5, 5 x 10^k that is at least ``step`` (a whole number if ``whole``)."""
    if step <= 0:
        return 1
    power = 10 ** math.floor(math.log10(step))
    for m in (1, 2, 2.5, 5, 10):
        nice = m * power
        if nice >= step - 1e-9 and (not whole or float(nice).is_integer()):
            return nice
    return 10 * power


def _number(value: float) -> str:
    """A tick or a total as the language writes it (1.5 / 1,5)."""
    return str(int(value)) if float(value).is_integer() else format_number(float(f"{value:g}"))


def y_scale(values: Sequence[float], rows: int) -> tuple[float, float, list[float]]:
    """(low, high, tick values) for a plot ``rows`` high: round ticks at least two rows apart,
    0 always in range, the range as tight as such ticks allow."""
    lo = min([0, *values])
    hi = max([0, *values])
    if hi == lo:
        hi = lo + 1
    whole = all(float(v).is_integer() for v in values)
    best = None
    for wanted in range(1, max(1, min(6, rows // 2)) + 1):
        step = _nice((hi - lo) / wanted, whole)
        low = math.floor(lo / step) * step
        high = math.ceil(hi / step) * step
        if (high - low) / step > max(1, rows // 2):
            continue  # labels closer than two rows
        if best is None or (high - low, step) < (best[1] - best[0], best[2]):
            best = (low, high, step)
    if best is None:
        step = _nice(hi - lo, whole)
        best = (math.floor(lo / step) * step, math.ceil(hi / step) * step, step)
    low, high, step = best
    ticks = []
    v = high
    while v >= low - 1e-9:
        ticks.append(round(v, 9))
        v -= step
    return low, high, ticks


# --- the line chart -------------------------------------------------------------------------------


def line_chart(names: Sequence[str], series: Sequence[Sequence[float]], width: int, height: int,
               styles: Sequence[Style] | None = None, axis_style: Style | None = None) -> list[Text]:
    """The score after each deal, one line per scorer, as ``height`` rows of ``width`` cells.

    Row 1: the legend (marker and name of each scorer; more rows if the names need them).
    Then the plot with the y axis labelled on the left, the x axis, and the deal numbers
    under it. Deal 1 is at the left edge and the last deal at the right edge.
    """
    styles = list(styles or [])
    axis_style = axis_style or Style()

    def style(i: int) -> Style:
        return styles[i % len(styles)] if styles else Style()

    deals = max((len(s) for s in series), default=0)
    legend = _legend(names, width, style, note=False)
    if deals == 0 or height - len(legend) - 2 < 2:
        out = legend[:height]
        if deals == 0 and height > len(out):
            out.append(Text(t("tui.widgets.chart.no_deals"), no_wrap=True))
        return out + [Text() for _ in range(height - len(out))]
    plot = _plot(series, deals, width, height - len(legend) - 2, style, axis_style)
    if plot is None:  # points of several players share a cell: the legend says what ✱ means
        legend = _legend(names, width, style, note=True)
        plot = _plot(series, deals, width, height - len(legend) - 2, style, axis_style, force=True)
        assert plot is not None  # (forced: never None)
    return legend + plot


def _legend(names: Sequence[str], width: int, style, note: bool) -> list[Text]:
    """The marker and name of each scorer, wrapped to the width (and what ✱ means)."""
    items = [(marker(i), style(i), name) for i, name in enumerate(names)]
    if note:
        items.append((OVERLAP, Style(bold=True), t("tui.widgets.chart.several")))
    legend: list[Text] = [Text(no_wrap=True, overflow="crop")]
    for symbol, look, name in items:
        line = legend[-1]
        if line.cell_len and line.cell_len + 4 + cell_len(name) > width:
            legend.append(line := Text(no_wrap=True, overflow="crop"))
        if line.cell_len:
            line.append("  ")
        line.append(symbol, look)
        line.append(" ")
        line.append(name)
    return legend


@dataclass(frozen=True)
class _Scale:
    """Where a deal and a value fall on the plot, in braille dots (2 x 4 to a cell)."""

    deals: int
    low: float
    high: float
    sub_w: int
    sub_h: int

    def x(self, deal: int) -> int:  # 0-based deal index -> dot column
        return 0 if self.deals == 1 else round(deal * (self.sub_w - 1) / (self.deals - 1))

    def y(self, value: float) -> int:  # value -> dot row (0 at the top)
        return round((self.high - value) * (self.sub_h - 1) / (self.high - self.low))


def _plot(series, deals: int, width: int, rows: int, style, axis_style: Style,
          force: bool = False) -> list[Text] | None:
    """The plot, axes and deal numbers (None when points overlap and ``force`` is not set)."""
    values = [v for s in series for v in s]
    low, high, ticks = y_scale(values, rows)
    labels = {_number(t) for t in ticks}
    label_w = max(cell_len(x) for x in labels)
    plot_w = max(2, width - label_w - 1)
    scale = _Scale(deals, low, high, plot_w * 2, rows * 4)
    bits, owner = _lines(series, scale)
    marks = _marks(series, scale, every=max(1, math.ceil(deals * 3 / plot_w)))
    if not force and -1 in marks.values():
        return None
    tick_rows: dict[int, str] = {}
    for tick in ticks:
        tick_rows.setdefault(scale.y(tick) // 4, _number(tick))
    out = []
    for row in range(rows):
        line = Text(no_wrap=True, overflow="crop")
        label = tick_rows.get(row, "")
        line.append(label.rjust(label_w) + ("┤" if label else "│"), axis_style)
        for col in range(plot_w):
            cell = (col, row)
            if cell in marks:
                who = marks[cell]
                line.append(OVERLAP if who < 0 else marker(who), Style(bold=True) if who < 0 else style(who))
            elif cell in bits:
                line.append(chr(_BRAILLE + bits[cell]), style(owner[cell]))
            else:
                line.append(" ")
        out.append(line)
    return out + _x_axis(scale, label_w, plot_w, axis_style)


def _lines(series, scale: _Scale) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
    """Each series drawn as braille dots: the dots of each cell, and whose line a cell shows."""
    bits: dict[tuple[int, int], int] = {}
    owner: dict[tuple[int, int], int] = {}

    def dot(i: int, x: int, y: int) -> None:
        cell = (x // 2, y // 4)
        bits[cell] = bits.get(cell, 0) | _DOT[(x % 2, y % 4)]
        owner[cell] = i

    for i, s in enumerate(series):
        points = [(scale.x(d), scale.y(v)) for d, v in enumerate(s)]
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            for x, y in _segment(x0, y0, x1, y1):
                dot(i, x, y)
        if len(points) == 1:
            dot(i, *points[0])
    return bits, owner


def _marks(series, scale: _Scale, every: int) -> dict[tuple[int, int], int]:
    """The markers at the deals (every deal when there is room, else every few and the last):
    cell -> the series, or -1 where two series meet."""
    marks: dict[tuple[int, int], int] = {}
    for i, s in enumerate(series):
        for d, v in enumerate(s):
            if d % every and d != len(s) - 1:
                continue
            cell = (scale.x(d) // 2, scale.y(v) // 4)
            marks[cell] = i if marks.get(cell, i) == i else -1
    return marks


def _x_axis(scale: _Scale, label_w: int, plot_w: int, axis_style: Style) -> list[Text]:
    """The x axis, a tick under each labelled deal, and the deal numbers."""
    shown = _deal_labels(scale.deals, plot_w, lambda d: scale.x(d) // 2)
    axis = ["─"] * plot_w
    under = [" "] * plot_w
    for d, col in shown:
        axis[col] = "┬"
        text = str(d + 1)
        start = min(max(0, col - (len(text) - 1) // 2), plot_w - len(text))
        under[start:start + len(text)] = list(text)
    return [Text(" " * label_w + "└" + "".join(axis), axis_style, no_wrap=True, overflow="crop"),
            Text(" " * label_w + " " + "".join(under), axis_style, no_wrap=True, overflow="crop")]


def _deal_labels(deals: int, plot_w: int, column) -> list[tuple[int, int]]:
    """The deals numbered under the x axis: the first, the last and some between, never touching."""
    chosen: list[tuple[int, int]] = []
    last = deals - 1
    candidates = [0, last] + list(range(1, last))
    taken: list[tuple[int, int]] = []  # (start, end) cells of the labels placed
    for d in candidates:
        col = column(d)
        n = len(str(d + 1))
        start = min(max(0, col - (n - 1) // 2), plot_w - n)
        span = (start - 1, start + n)  # one blank cell between labels
        if any(not (span[1] <= a or span[0] >= b) for a, b in taken):
            continue
        if d not in (0, last) and deals > 12 and (d + 1) % 5:
            continue  # a long game: every fifth deal
        taken.append((start, start + n))
        chosen.append((d, col))
    return sorted(chosen)


def _segment(x0: int, y0: int, x1: int, y1: int):
    """The dots of a straight line from (x0, y0) to (x1, y1) (Bresenham)."""
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    step_x = 1 if x0 < x1 else -1
    step_y = 1 if y0 < y1 else -1
    err = dx + dy
    while True:
        yield x0, y0
        if x0 == x1 and y0 == y1:
            return
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += step_x
        if e2 <= dx:
            err += dx
            y0 += step_y


# --- the bar chart --------------------------------------------------------------------------------


def _ordinal(n: int) -> str:
    return format_ordinal(n)


def bar_chart(names: Sequence[str], totals: Sequence[float], ranks: Sequence[int], width: int,
              styles: Sequence[Style] | None = None) -> list[Text]:
    """One bar per scorer, the best first: rank, marker, name, the bar and the total.

    Bars start at 0; with negative totals the zero line (│) stands where 0 is and the
    negative bars go left of it (in whole cells); otherwise the bar ends in eighths of a cell.
    """
    styles = list(styles or [])

    def style(i: int) -> Style:
        return styles[i % len(styles)] if styles else Style()

    order = sorted(range(len(names)), key=lambda i: (ranks[i], i))
    name_w = max((cell_len(n) for n in names), default=0)
    shown = [_number(t) for t in totals]
    total_w = max((len(s) for s in shown), default=1)
    rank_w = max((len(_ordinal(r)) for r in ranks), default=3)
    bar_w = max(1, width - rank_w - 1 - 2 - name_w - 1 - 1 - total_w)
    pos = max([0, *totals])
    neg = -min([0, *totals])
    out = []
    for i in order:
        line = Text(no_wrap=True, overflow="crop")
        line.append(_ordinal(ranks[i]).rjust(rank_w) + " ")
        line.append(marker(i), style(i))
        line.append(" ")
        line.append(names[i] + " " * (name_w - cell_len(names[i])) + " ")
        value = totals[i]
        if neg:
            left = max(1, round((bar_w - 1) * neg / (pos + neg))) if pos else bar_w - 1
            right = bar_w - 1 - left
            if value < 0:
                k = round(left * -value / neg)
                line.append(" " * (left - k))
                line.append("█" * k, style(i))
                line.append("│")
                line.append(" " * right)
            else:
                k = round(right * value / pos) if pos else 0
                line.append(" " * left + "│")
                line.append("█" * k, style(i))
                line.append(" " * (right - k))
        else:
            eighths = round(bar_w * 8 * value / pos) if pos else 0
            full, part = divmod(eighths, 8)
            bar = "█" * full + (_EIGHTHS[part] if part else "")
            line.append(bar, style(i))
            line.append(" " * (bar_w - cell_len(bar)))
        line.append(" " + shown[i].rjust(total_w))
        out.append(line)
    return out


# --- the widgets ----------------------------------------------------------------------------------

# Okabe-Ito-like colours that stay apart for colour-blind eyes, darker on the light theme.
_SERIES_CSS = """
{cls} > .chart--s0 {{ color: #56B4E9; }}
{cls} > .chart--s1 {{ color: #E69F00; }}
{cls} > .chart--s2 {{ color: #3DC49A; }}
{cls} > .chart--s3 {{ color: #F0E442; }}
{cls} > .chart--s4 {{ color: #E38FC0; }}
{cls} > .chart--s5 {{ color: #FF7A45; }}
{cls} > .chart--s6 {{ color: #D0D0D0; }}
{cls} > .chart--s7 {{ color: #9DA8FF; }}
{cls}:light > .chart--s0 {{ color: #005A8F; }}
{cls}:light > .chart--s1 {{ color: #8F5A00; }}
{cls}:light > .chart--s2 {{ color: #006B4F; }}
{cls}:light > .chart--s3 {{ color: #6B6100; }}
{cls}:light > .chart--s4 {{ color: #A3336F; }}
{cls}:light > .chart--s5 {{ color: #B03A00; }}
{cls}:light > .chart--s6 {{ color: #1A1A1A; }}
{cls}:light > .chart--s7 {{ color: #3A3FA8; }}
{cls} > .chart--axis {{ color: $text-muted; }}
"""

_COMPONENTS = {f"chart--s{i}" for i in range(len(MARKERS))} | {"chart--axis"}


class _Chart(Widget):
    """What both charts share: the progression they show, and a colour per scorer."""

    data: reactive[Progression | None] = reactive(None, layout=True)  # the running totals (set by the screen)

    def _styles(self) -> list[Style]:
        return [self.get_component_rich_style(f"chart--s{i}", partial=True) for i in range(len(MARKERS))]


class ScoreChart(_Chart):
    """The score after each deal: one line per player (marker, colour, legend), y axis labelled."""

    COMPONENT_CLASSES = _COMPONENTS
    DEFAULT_CSS = "ScoreChart { height: 1fr; min-height: 8; }" + _SERIES_CSS.format(cls="ScoreChart")

    def render(self) -> Text:
        data = self.data
        width, height = self.content_size
        if data is None or width < 8 or height < 1:
            return Text()
        lines = line_chart(data.names, data.series, width, height, self._styles(),
                           self.get_component_rich_style("chart--axis"))
        return Text("\n").join(lines)


class TotalsBars(_Chart):
    """The totals as bars, the best first, each with its rank, marker and number."""

    COMPONENT_CLASSES = _COMPONENTS
    DEFAULT_CSS = "TotalsBars { height: auto; }" + _SERIES_CSS.format(cls="TotalsBars")

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.data.names) if self.data is not None else 0

    def render(self) -> Text:
        data = self.data
        if data is None:
            return Text()
        width = self.content_size.width
        return Text("\n").join(bar_chart(data.names, data.totals, data.ranks, width, self._styles()))
