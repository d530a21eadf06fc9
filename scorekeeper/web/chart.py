"""The score chart of a game as one SVG document, drawn on the server (nothing loaded from elsewhere).

Each scorer's running total after each deal (:func:`scorekeeper.play.charts.progression`) is a
line; colour is never the only cue: each line has its own dash pattern and ends in its name
and total. The document says what it shows (``<title>`` and ``<desc>``: every scorer's total)
for a screen reader; the page has the totals after each deal as a table too.
"""

from __future__ import annotations

from html import escape

from ..i18n import t
from ..play.charts import Progression

__all__ = ["CHART_CSP", "chart_svg"]

CHART_CSP = "default-src 'none'; style-src 'unsafe-inline'"  # the SVG's own attributes only
WIDTH, HEIGHT = 360, 240
LEFT, RIGHT, TOP, BOTTOM = 40, 96, 12, 26  # room for the axis numbers and the names at the ends
COLOURS = ("#0b4f9c", "#b00020", "#0a6b2d", "#8a4b00", "#6a1b9a", "#00695c", "#444444", "#c2185b")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "10 4", "1 4", "4 2 1 2", "12 3 3 3")


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round values from ``lo`` to ``hi`` for the axis (a step of 1, 2 or 5 times a power of ten)."""
    span = max(hi - lo, 1)
    raw = span / count
    power = 10 ** (len(str(int(raw))) - 1) if raw >= 1 else 1
    step = next(s * power for s in (1, 2, 5, 10) if s * power >= raw)
    first = (lo // step) * step
    return [first + i * step for i in range(int((hi - first) // step) + 2) if first + i * step <= hi + step / 2]


def chart_svg(progress: Progression, game_name: str) -> str:
    """The chart (see the module docstring); a game with no deal gets the axes and a line saying so."""
    title = t("web.phone.page.chart") + " · " + game_name
    desc = t("web.phone.new.chart") + " " + "; ".join(
        f"{name}: {_number(total)}" for name, total in zip(progress.names, progress.totals))
    deals = max((len(s) for s in progress.series), default=0)
    values = [v for s in progress.series for v in s] + [0]
    lo, hi = min(values), max(values)
    ticks = _ticks(lo, hi)
    lo, hi = min(lo, ticks[0]), max(hi, ticks[-1])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(deal: int) -> float:
        return LEFT + (plot_w * (deal - 1) / (deals - 1) if deals > 1 else plot_w / 2)

    def y(value: float) -> float:
        return TOP + plot_h * (hi - value) / ((hi - lo) or 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
           f'height="{HEIGHT}" role="img" aria-labelledby="t d" font-family="sans-serif" font-size="11">',
           f'<title id="t">{escape(title)}</title>', f'<desc id="d">{escape(desc)}</desc>',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>']
    for tick in ticks:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                   f'stroke="{"#888" if tick == 0 else "#ddd"}" stroke-width="1"/>')
        out.append(f'<text x="{LEFT - 4}" y="{y(tick) + 4:.1f}" text-anchor="end" fill="#333">{_number(tick)}</text>')
    for deal in sorted({1, deals} | set(range(5, deals, 5))) if deals else ():
        out.append(f'<text x="{x(deal):.1f}" y="{HEIGHT - 8}" text-anchor="middle" fill="#333">{deal}</text>')
    if not deals:
        out.append(f'<text x="{LEFT + plot_w / 2}" y="{TOP + plot_h / 2}" text-anchor="middle" fill="#333">'
                   f'{escape(t("web.phone.page.no_deals"))}</text>')
    ends: list[tuple[float, int]] = []  # (where the line ends, the scorer)
    for i, (name, series) in enumerate(zip(progress.names, progress.series)):
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
        points = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in enumerate(series, start=1))
        if points:
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"{dashed}/>')
            ends.append((y(series[-1]), i))
    ends.sort()
    label_y = -1000.0
    for end_y, i in ends:  # names at the ends of the lines do not overlap
        label_y = max(end_y, label_y + 12)
        out.append(f'<text x="{LEFT + plot_w + 4}" y="{label_y + 4:.1f}" fill="{COLOURS[i % len(COLOURS)]}">'
                   f'{escape(progress.names[i][:12])} {_number(progress.totals[i])}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
