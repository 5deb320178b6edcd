"""Charts as server-rendered SVG (no JavaScript, no CDN), each with a text alternative that
carries its figures: a line per player of a game's standings over its rounds, and the hand
categories a player showed beside what a random deal gives."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from engine.bidi import isolate
from engine.ranking import CATEGORY_NAMES

# Distinct on light and dark backgrounds, and apart for the common colour blindnesses.
COLOURS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9", "#f0e442", "#999999"]
WIDTH, HEIGHT, PAD = 640, 260, 40
LABELS = 90  # room on the right for the players' names, at least
LABEL_DX = 13  # from a line's end to its name
LABEL_EM = 16  # the widest a name's letter is at 22 units, bold, on average: its room is its length
PLOT = 320  # the least width the lines get, beside long names (the chart widens instead)
LABEL_GAP = 28  # between the names at the lines' ends: their 22-unit text, and air
DODGE = 3  # lines on the same figures are drawn this far apart, side by side (their stroke's width)
DODGE_SPAN = 12  # and all of them within this, so a line stays near its figure
X_TICKS = 8  # at most, so round numbers stay apart on a phone
ROUND_STEPS = (1, 2, 5)  # x steps are these times a power of ten


@dataclass(frozen=True)
class Line:
    name: str
    colour: str
    points: str  # SVG polyline points
    last_x: float
    last_y: float
    final: int
    label_y: float  # the name, moved off last_y where other lines end close by
    out: tuple[float, float, int] | None = None  # where the player went out: x, y, round


@dataclass(frozen=True)
class Chart:
    title: str
    description: str
    lines: list[Line]
    y_ticks: list[tuple[float, int]]
    x_ticks: list[tuple[float, int]]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = PAD
    right: int = WIDTH - LABELS
    top: int = PAD // 2
    bottom: int = HEIGHT - PAD


def standings_chart(
    title: str,
    players: list[str],
    start: dict[str, int],
    rounds: list[dict[str, int]],
    unit: str,
    out_in: Mapping[str, int] | None = None,
) -> Chart:
    """``start`` is each player's figure before round 1, ``rounds`` the figures after each;
    ``out_in`` the round each player who went out went out in, marked on their line."""
    out_in = out_in or {}
    series = [start, *rounds]
    # the names at the lines' ends need LABEL_GAP each: a long table makes a taller chart
    height = max(HEIGHT, PAD // 2 + PAD + LABEL_GAP * (len(players) - 1))
    values = [series_point[name] for series_point in series for name in players] or [0]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    span_x = max(1, len(series) - 1)
    labels = label_room(players)
    width = PAD + max(WIDTH - PAD - labels, PLOT) + labels

    def x(i: int) -> float:
        return PAD + (width - PAD - labels) * i / span_x

    def y(value: int) -> float:
        return height - PAD - (height - 1.5 * PAD) * (value - low) / (high - low)

    step = min(DODGE, DODGE_SPAN / max(1, len(players) - 1))

    def dodge(n: int) -> float:
        """Player n's line, moved a little off the figure: equal lines lie side by side."""
        return (n - (len(players) - 1) / 2) * step

    ends = [y(series[-1][name]) + dodge(n) for n, name in enumerate(players)]
    label_ys = spread_apart(ends, LABEL_GAP, PAD // 2, height - PAD)
    lines = []
    for n, name in enumerate(players):
        coords = [(x(i), y(point[name]) + dodge(n)) for i, point in enumerate(series)]
        went_out = out_in.get(name)
        lines.append(
            Line(
                name,
                COLOURS[n % len(COLOURS)],
                " ".join(f"{a:.1f},{b:.1f}" for a, b in coords),
                coords[-1][0],
                coords[-1][1],
                series[-1][name],
                label_ys[n],
                (*coords[went_out], went_out) if went_out is not None and went_out < len(coords) else None,
            )
        )
    ticks = sorted({low, high, 0} if low < 0 < high else {low, high})
    description = (
        f"{unit.capitalize()} after each round. "
        + "; ".join(f"{isolate(name)}: " + ", ".join(str(point[name]) for point in series) for name in players)
        + "."
        + "".join(f" {isolate(name)} went out in round {out_in[name]}." for name in players if name in out_in)
    )
    return Chart(
        title,
        description,
        lines,
        [(y(value), value) for value in ticks],
        [(x(i), i) for i in round_ticks(len(series) - 1)],
        width=width,
        height=height,
        right=width - labels,
        bottom=height - PAD,
    )


def label_room(players: list[str]) -> int:
    """The room on the right for the names at the lines' ends: the longest one whole."""
    return max([LABELS, *(LABEL_DX + LABEL_EM * len(name) + 4 for name in players)])


def round_ticks(rounds: int) -> list[int]:
    """Round numbers for the x axis, from 0 (the start) by a step of 1, 2 or 5 times a power
    of ten: no more than X_TICKS of them."""
    scale = 1
    while True:
        for step in ROUND_STEPS:
            if rounds // (step * scale) + 1 <= X_TICKS:
                return list(range(0, rounds + 1, step * scale))
        scale *= 10


def spread_apart(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near as can be to ``wanted``, in the same order, at least ``gap`` apart,
    kept above ``high`` where there is room (names of lines ending on one figure stack up)."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed: list[float] = []
    for i in order:
        placed.append(max(wanted[i], placed[-1] + gap) if placed else max(wanted[i], low))
    if placed and placed[-1] > high:
        placed[-1] = high
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    result = [0.0] * len(wanted)
    for i, position in zip(order, placed):
        result[i] = position
    return result


# --- Hand categories against a random deal ----------------------------------------------------

BAR_WIDTH, ROW, BAR, NAME_WIDTH, VALUE_WIDTH = 510, 60, 20, 200, 96  # "Running flush" whole in NAME_WIDTH


@dataclass(frozen=True)
class Bar:
    y: float
    width: float
    text: str  # the figure, at the bar's end
    text_x: float


@dataclass(frozen=True)
class CategoryRow:
    name: str
    y: float  # of the name, centred on the row
    shown: Bar
    expected: Bar


@dataclass(frozen=True)
class BarChart:
    title: str
    description: str
    player: str
    hands: int
    rows: list[CategoryRow]
    width: int
    height: int
    left: int = NAME_WIDTH


def percent(share: Fraction) -> str:
    """A share for people: one decimal, two below 1% (a prial is 0.24% of deals)."""
    value = float(share) * 100
    return f"{value:.2f}%" if 0 < value < 1 else f"{value:.1f}%"


def categories_chart(title: str, player: str, shares: list, hands: int) -> BarChart:
    """Per category, the share of ``player``'s hands beside what a random deal gives
    (``shares``: scoring.statistics.CategoryShare, best category first)."""
    scale = max([float(s.share) for s in shares] + [float(s.expected) for s in shares] + [0.01])
    room = BAR_WIDTH - NAME_WIDTH - VALUE_WIDTH

    def bar(y: float, share: Fraction) -> Bar:
        width = max(room * float(share) / scale, 2) if share else 0  # a sliver shows a rare category is there
        return Bar(y, width, percent(share), NAME_WIDTH + width + 6)

    rows = []
    for i, item in enumerate(shares):
        top = 12 + i * ROW
        rows.append(
            CategoryRow(
                CATEGORY_NAMES[item.category].capitalize(),
                top + BAR + 2,
                bar(top, item.share),
                bar(top + BAR + 4, item.expected),
            )
        )
    description = (
        f"Categories of the {hands} hands {isolate(player)} showed, beside a random deal. "
        + "; ".join(
            f"{CATEGORY_NAMES[s.category]}: {s.count} ({percent(s.share)}; a random deal gives {percent(s.expected)})"
            for s in shares
        )
        + "."
    )
    return BarChart(title, description, player, hands, rows, BAR_WIDTH, 12 + len(shares) * ROW + 8)


# --- A player's rating over the evenings ---------------------------------------------------------

RATING_TICKS = 4  # dates on the x axis at most, and evenings between them at least: a date is wide on a phone


@dataclass(frozen=True)
class RatingChart:
    title: str
    description: str
    rating: str  # polyline points: the rating (mu - 3 sigma) after each evening
    skill: str  # polyline points: the estimated skill (mu)
    band: str  # polygon points: mu ± sigma, the uncertainty around the skill
    y_ticks: list[tuple[float, str]]
    x_ticks: list[tuple[float, str]]
    zero: float | None  # the y of 0, when it is within the chart
    width: int = WIDTH
    height: int = HEIGHT
    left: int = PAD + 20  # room for "−12.5"
    right: int = WIDTH - PAD // 2
    top: int = PAD // 2
    bottom: int = HEIGHT - PAD


def date_ticks(nights: int) -> list[int]:
    """The evenings (1 to ``nights``) whose dates label the x axis: the first and the last, and
    evenly between them as many as keep RATING_TICKS - 1 evenings apart or more."""
    if nights <= 2:
        return list(range(1, nights + 1))
    gaps = min(RATING_TICKS - 1, (nights - 1) // (RATING_TICKS - 1)) or 1
    return sorted({1 + round((nights - 1) * k / gaps) for k in range(gaps + 1)})


def short_date(day) -> str:
    return f"{day.day} {day:%b %y}"


def rating_chart(title: str, player: str, nights: list) -> RatingChart:
    """``nights``: scoring.ratings.Night, in order; the chart starts from the first one's
    rating before it (a newcomer's prior), then each evening's rating after it."""
    points = [nights[0].before, *(night.after for night in nights)]
    chart = RatingChart("", "", "", "", "", [], [], None)
    low = min(min(p.ordinal for p in points), min(p.mu - p.sigma for p in points))
    high = max(p.mu + p.sigma for p in points)
    span_x = max(1, len(points) - 1)

    def x(i: int) -> float:
        return chart.left + (chart.right - chart.left) * i / span_x

    def y(value: float) -> float:
        return chart.bottom - (chart.bottom - chart.top) * (value - low) / (high - low)

    def line(values) -> str:
        return " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))

    upper = [(x(i), y(p.mu + p.sigma)) for i, p in enumerate(points)]
    lower = [(x(i), y(p.mu - p.sigma)) for i, p in enumerate(points)]
    ticks = sorted({round(low), round(high), *([0] if low < 0 < high else [])})
    x_ticks = [(x(i), short_date(nights[i - 1].played_on)) for i in date_ticks(len(nights))]
    final = points[-1]
    highest = max(nights, key=lambda night: night.after.ordinal)
    description = (
        f"{isolate(player)}'s rating after each of {len(nights)} evening{'s' if len(nights) != 1 else ''}, "
        f"from {nights[0].played_on:%-d %B %Y} to {nights[-1].played_on:%-d %B %Y}: "
        f"{points[0].ordinal:.1f} before the first, {final.ordinal:.1f} now "
        f"(estimated skill {final.mu:.1f} ± {final.sigma:.1f}); highest {highest.after.ordinal:.1f} "
        f"after {highest.played_on:%-d %B %Y}."
    )
    return RatingChart(
        title,
        description,
        line(p.ordinal for p in points),
        line(p.mu for p in points),
        " ".join(f"{a:.1f},{b:.1f}" for a, b in [*upper, *reversed(lower)]),
        [(y(value), f"{value:g}".replace("-", "−")) for value in ticks],
        x_ticks,
        y(0) if low < 0 < high else None,
    )
