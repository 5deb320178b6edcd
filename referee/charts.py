"""Charts as server-rendered SVG (no JavaScript, no CDN): a line per player of a game's
standings over its rounds, with a text alternative that carries the figures."""

from __future__ import annotations

from dataclasses import dataclass

# Distinct on light and dark backgrounds, and apart for the common colour blindnesses.
COLOURS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9", "#f0e442", "#999999"]
WIDTH, HEIGHT, PAD = 640, 260, 40
LABELS = 90  # room on the right for the players' names


@dataclass(frozen=True)
class Line:
    name: str
    colour: str
    points: str  # SVG polyline points
    last_x: float
    last_y: float
    final: int


@dataclass(frozen=True)
class Chart:
    title: str
    description: str
    lines: list[Line]
    y_ticks: list[tuple[float, int]]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = PAD
    right: int = WIDTH - LABELS
    top: int = PAD // 2
    bottom: int = HEIGHT - PAD


def standings_chart(title: str, players: list[str], start: dict[str, int], rounds: list[dict[str, int]],
                    unit: str) -> Chart:
    """``start`` is each player's figure before round 1, ``rounds`` the figures after each."""
    series = [start, *rounds]
    values = [series_point[name] for series_point in series for name in players] or [0]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    span_x = max(1, len(series) - 1)

    def x(i: int) -> float:
        return PAD + (WIDTH - PAD - LABELS) * i / span_x

    def y(value: int) -> float:
        return HEIGHT - PAD - (HEIGHT - 1.5 * PAD) * (value - low) / (high - low)

    lines = []
    for n, name in enumerate(players):
        coords = [(x(i), y(point[name])) for i, point in enumerate(series)]
        lines.append(Line(name, COLOURS[n % len(COLOURS)], " ".join(f"{a:.1f},{b:.1f}" for a, b in coords),
                          coords[-1][0], coords[-1][1], series[-1][name]))
    ticks = sorted({low, high, 0} if low < 0 < high else {low, high})
    description = f"{unit.capitalize()} after each round. " + "; ".join(
        f"{name}: " + ", ".join(str(point[name]) for point in series) for name in players) + "."
    return Chart(title, description, lines, [(y(value), value) for value in ticks])
