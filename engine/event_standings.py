"""A club night's standings: the results of its tables (one game each, every player placed)
added up into one table of the event, best first (docs/rules.md, Event standings).

Each place at a table is worth event points on one scale at any size, first 3 and last 0, so a
win at a table of 6 counts as much as one at a table of 3. Level on points, games won decide,
then the game's own figure summed, then the strength of table-mates; players level on all of
these share a rank. Names never decide anything.

The results given are the ones that count (confirmed); a correction is a new set of results, and
the standings are worked out again from them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

TOP = 3  # the event points of first place, at any size of table

ON_POINTS = ""
ON_WON = "on games won"
ON_FIGURE = "on the game's figure"
ON_STRENGTH = "on table-mates' strength"
TIE_BREAKS = (ON_WON, ON_FIGURE, ON_STRENGTH)  # in the order they decide, after points


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's game as it ended: every player seated there, their place (1 best; tied
    players share a place, competition style: two sharing 2nd, the next is 4th) and the game's
    own figure for them (tokens left, points, balance; higher is better)."""

    places: Mapping[str, int]
    figures: Mapping[str, int]

    def __post_init__(self) -> None:
        if set(self.places) != set(self.figures):
            raise ValueError("A table's result needs a place and a figure for every player seated there.")
        if len(self.places) < 2:
            raise ValueError("A table seats at least two players.")
        # Competition style: a place is one more than the number of players placed above it.
        for name, place in self.places.items():
            above = sum(other < place for other in self.places.values())
            if place != above + 1:
                raise ValueError(f"{name}'s place, {place}, does not follow from the places above it.")

    def tied(self, place: int) -> int:
        """How many players share ``place`` at this table."""
        return sum(other == place for other in self.places.values())


def event_points(place: int, tied: int, size: int) -> Fraction:
    """Event points for a place at a table of `size`, scaled so first scores 3 and last 0 at any size
    (3-2-1-0 at a table of 4; 3, 2.4, 1.8, 1.2, 0.6, 0 at 6; 3, 0 at 2); `tied` players sharing `place`
    share the points of the places they occupy (place..place+tied-1) equally."""
    if size < 2 or tied < 1 or place < 1 or place + tied - 1 > size:
        raise ValueError(f"No place {place} shared by {tied} at a table of {size}.")
    occupied = range(place, place + tied)
    return sum((Fraction(TOP * (size - each), size - 1) for each in occupied), Fraction(0)) / tied


@dataclass(frozen=True, slots=True)
class EventRow:
    """One player's line in the event's standings.

    ``rank`` is shared, competition style, by players level on points and every tie-break
    (``shared`` says so). ``strength`` is a Buchholz-like figure: over each table the player
    played, the event points (over the whole event) of each of their table-mates there, summed;
    a table-mate met at two tables counts twice. ``tie_break`` is what put this row below the
    one above: "on games won", "on the game's figure" or "on table-mates' strength"; "" when
    the two differ on points, share the rank, or this row is first.
    """

    name: str
    rank: int
    shared: bool
    points: Fraction
    played: int
    won: int
    figure: int
    strength: Fraction
    tie_break: str = ON_POINTS

    @property
    def key(self) -> tuple[Fraction, int, int, Fraction]:
        """What orders the standings, highest first: points, games won, figure, strength."""
        return (self.points, self.won, self.figure, self.strength)

    @property
    def points_shown(self) -> str:
        """The row's points as the standings' tables show them (points_text)."""
        return points_text(self.points)


def standings(results: Sequence[TableResult], players: Sequence[str] = ()) -> tuple[EventRow, ...]:
    """The event's standings, best first: points, then games won, then the game's own figure, then the
    strength of table-mates, then a shared rank; NEVER name order (players level on everything share a
    rank; their rows may be listed in any stable order, e.g. the order of `players`, but the rank is shared).
    `players` lists everyone checked in, so that someone yet to play shows with 0 (played 0).

    Players level on everything are listed in the order of `players`, then anyone else in the
    order they first appear in `results`."""
    names = list(dict.fromkeys([*players, *(name for result in results for name in result.places)]))
    points = dict.fromkeys(names, Fraction(0))
    played, won, figure = Counter[str](), Counter[str](), Counter[str]()
    for result in results:
        size = len(result.places)
        for name, place in result.places.items():
            points[name] += event_points(place, result.tied(place), size)
            played[name] += 1
            won[name] += place == 1
            figure[name] += result.figures[name]
    strength = dict.fromkeys(names, Fraction(0))
    for result in results:
        at_table = sum((points[name] for name in result.places), Fraction(0))
        for name in result.places:
            strength[name] += at_table - points[name]

    unranked = [
        EventRow(name, 0, False, points[name], played[name], won[name], figure[name], strength[name]) for name in names
    ]
    ordered = sorted(unranked, key=lambda row: row.key, reverse=True)  # stable: level rows keep their order
    level = Counter(row.key for row in ordered)
    rows: list[EventRow] = []
    for index, row in enumerate(ordered):
        above = rows[-1] if rows else None
        rank = above.rank if above is not None and above.key == row.key else index + 1
        rows.append(replace(row, rank=rank, shared=level[row.key] > 1, tie_break=separated_by(above, row)))
    return tuple(rows)


def separated_by(above: EventRow | None, row: EventRow) -> str:
    """The tie-break that put ``row`` below ``above``: "" unless they are level on points and
    not on everything."""
    if above is None or above.points != row.points:
        return ON_POINTS
    for words, higher, lower in zip(TIE_BREAKS, above.key[1:], row.key[1:]):
        if higher != lower:
            return words
    return ON_POINTS  # level on everything: a shared rank


def points_text(points: Fraction) -> str:
    """As people read it: "3", "2.4", "1.88" (at most two decimals, trailing zeros dropped)"""
    # Hundredths, rounded half away from zero (1.875 -> 1.88, 0.125 -> 0.13), in whole numbers.
    hundredths = (abs(points) * 100 * 2 + 1) // 2
    whole, part = divmod(int(hundredths), 100)
    sign = "-" if points < 0 and hundredths else ""
    return f"{sign}{whole}" + (f".{part:02d}".rstrip("0") if part else "")
