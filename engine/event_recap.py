"""A club night's story: the night told across its tables, as an evening's story is told
(engine/recap.py: the same shapes, and its items where they fit). The winner of the night from
the standings (engine/event_standings.py), the biggest climbs between rounds, the closest
finishes, what happened at each table, then the evening's items over every table's game (the
hand of the night, the biggest crash...), each naming its table.

Only what counts is told as the night's result: the standings are over the results confirmed
(docs/rules.md, A club night); what was shown at a table is told once it was played."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from . import figures
from .bidi import isolate
from .entries import named
from .event_standings import EventRow, TableResult, points_text, standings
from .games import GAMES
from .recap import (
    GamePlayed,
    RatingChange,
    Recap,
    RecapItem,
    biggest_crash,
    comeback,
    counts,
    hand_of_the_night,
    leading,
    luckiest_escape,
    most_left,
    present,
    ratings,
    winners,
)

SHOWN_AT_MOST = 3  # climbs and close finishes told: the biggest few


@dataclass(frozen=True, slots=True)
class TablePlayed:
    """One table of a round: its game (None before the round started), its result once the
    game is over (places and figures) and whether that result is confirmed (it counts)."""

    round: int
    table: int
    game: GamePlayed | None = None
    result: TableResult | None = None
    confirmed: bool = False

    @property
    def label(self) -> str:
        return table_label(self.round, self.table)


@dataclass(frozen=True, slots=True)
class ClubNight:
    """What a club night stored, as its story reads it: its name and day, everyone checked in,
    each round's tables in order, and its players' rating changes over the night."""

    title: str
    held_on: datetime.date | None = None
    players: tuple[str, ...] = ()
    tables: tuple[TablePlayed, ...] = ()
    ratings: tuple[RatingChange, ...] = ()


def table_label(round_number: int, table: int) -> str:
    """A table's game as the night's story names it: "table 2 in round 1 of the night" (its
    own rounds are the game's: "round 3 of table 2 in round 1 of the night")."""
    return f"table {table} in round {round_number} of the night"


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def place_text(row: EventRow) -> str:
    """A row's place in words: "2nd", "joint 2nd"."""
    return ("joint " if row.shared else "") + ordinal(row.rank)


def standings_after(night: ClubNight, last_round: int | None = None) -> tuple[EventRow, ...]:
    """The standings over the confirmed results of the rounds up to ``last_round`` (all, if
    None): everyone checked in listed."""
    counted = [
        t.result
        for t in night.tables
        if t.confirmed and t.result is not None and (last_round is None or t.round <= last_round)
    ]
    return standings(counted, night.players)


def night_recap(night: ClubNight) -> Recap:
    """The night's story: the items the night had (its winner, the climbs, the closest
    finishes, each table, in that order), then the evening's items over every table's game,
    the standings as its table."""
    games = [t.game for t in night.tables if t.game is not None]
    table = standings_after(night)
    items = [
        *present(night_winner(night, table)),
        *present(climbs(night)),
        *present(closest_finishes(night)),
        *present(at_each_table(games)),
        *present(hand_of_the_night(games)),
        *present(biggest_crash(games)),
        *present(most_left(games)),
        *present(luckiest_escape(games)),
        *present(comeback(games)),
        *present(counts(games)),
        *present(ratings(night.ratings, games)),
    ]
    title = isolate(night.title)
    if night.held_on:
        title += f" · {night.held_on.day} {night.held_on:%B %Y}"
    return Recap(title, night_headline(items), tuple(items), standings_table(table))


def night_headline(items: Sequence[RecapItem]) -> str:
    """One sentence: who won (or leads) the night, and the hand of the night."""
    if not items:
        return "Nothing to tell yet: no table has played a round."
    said = [item.text for item in items if item.kind == "night_winner"]
    best = next((item for item in items if item.kind == "hand_of_the_night"), None)
    if best:
        said.append(f"the hand of the night: {best.text}")
    return "; ".join(said or ["No table's result is confirmed yet"]) + "."


def standings_table(rows: Sequence[EventRow]) -> tuple[tuple[str, ...], ...]:
    """The standings as a recap's table: a row a player, best first."""
    return (
        ("Player", "Place", "Points", "Won", "Played"),
        *(
            (isolate(row.name), f"{'=' if row.shared else ''}{row.rank}", points_text(row.points))
            + (str(row.won), str(row.played))
            for row in rows
        ),
    )


# --- The winner of the night ---


def night_winner(night: ClubNight, rows: Sequence[EventRow]) -> RecapItem | None:
    """Who is first in the standings: the night's winner once every round is confirmed, who
    leads it before; the tie-break that decided it, if one did."""
    if not rows or rows[0].played == 0:
        return None
    first = [row for row in rows if row.rank == 1]
    points = points_text(first[0].points)
    over = bool(night.tables) and all(t.confirmed for t in night.tables)
    names = tuple(row.name for row in first)
    if len(first) == 1:
        verb = "won the night" if over else "leads the night"
        text = f"{named(names)} {verb}, with {points} points"
    else:
        text = f"{named(names)} {'share first place' if over else 'share the lead'}, with {points} points each"
    text += f" from {figures.plural(first[0].won, 'game')} won of {first[0].played}" if len(first) == 1 else ""
    second = rows[len(first)] if len(rows) > len(first) else None
    why = ""
    if second is not None and second.tie_break:
        why = f"{isolate(second.name)} had as many points, and was placed below {second.tie_break}"
    title = "The winner of the night" if over else "Leading the night"
    if len(first) > 1:
        title = "The winners of the night" if over else "Leading the night"
    return RecapItem("night_winner", title, text, why=why, players=names)


# --- The biggest climbs between rounds ---


@dataclass(frozen=True, slots=True)
class Climb:
    player: str
    round: int  # the round after which they stood higher
    before: EventRow
    after: EventRow

    @property
    def places(self) -> int:
        return self.before.rank - self.after.rank


def all_climbs(night: ClubNight) -> list[Climb]:
    """Each player's rise in the standings over each round (a player who had played before
    it), biggest first, earliest first among equal ones."""
    rounds = sorted({t.round for t in night.tables if t.confirmed and t.result is not None})
    after = {number: standings_after(night, number) for number in rounds}
    found = []
    for earlier, later in zip(rounds, rounds[1:]):
        before = {row.name: row for row in after[earlier]}
        for row in after[later]:
            was = before.get(row.name)
            if was is not None and was.played and was.rank > row.rank:
                found.append(Climb(row.name, later, was, row))
    return sorted(found, key=lambda climb: (-climb.places, climb.round))


def climbs(night: ClubNight) -> RecapItem | None:
    """The biggest climbs in the standings from one round to the next, a few of them."""
    found = all_climbs(night)[:SHOWN_AT_MOST]
    if not found:
        return None
    lines = tuple(
        f"{isolate(c.player)}: from {place_text(c.before)} to {place_text(c.after)} in round {c.round}" for c in found
    )
    top = found[0]
    text = (
        f"{isolate(top.player)} climbed {figures.plural(top.places, 'place')} in round {top.round}, "
        f"from {place_text(top.before)} to {place_text(top.after)}"
    )
    title = "The biggest climb" if len(found) == 1 else "The biggest climbs"
    return RecapItem("climbs", title, text, players=tuple(c.player for c in found), lines=lines[1:])


# --- The closest finishes ---


@dataclass(frozen=True, slots=True)
class Finish:
    """A table's game as it ended: its winners, who came next, and by how much."""

    table: TablePlayed
    winners: tuple[str, ...]
    next_best: tuple[str, ...]
    margin: int

    @property
    def share(self) -> Fraction:
        """The margin as a share of what was at stake in the game: games of other units compare by it."""
        outcome = self.table.game.outcome
        return Fraction(self.margin, max(1, GAMES[outcome.game].at_stake(outcome)))

    @property
    def said(self) -> str:
        label = self.table.label
        if len(self.winners) > 1:
            return f"{named(self.winners)} shared the win at {label}"
        outcome = self.table.game.outcome
        unit = GAMES[outcome.game].unit(outcome.settings)
        by = str(self.margin) if unit == figures.BALANCE else figures.standing(outcome, self.margin)
        return f"{named(self.winners)} won {label} by {by}, ahead of {named(self.next_best)}"


def finishes(night: ClubNight) -> list[Finish]:
    """Every table's game that ended with a round played, closest first (a shared win is the
    closest), the earliest first among equal ones."""
    found = []
    for t in night.tables:
        if t.result is None or t.game is None or not t.game.outcome.rounds:
            continue
        places = t.result.places
        first = tuple(name for name in places if places[name] == 1)
        rest = [place for place in places.values() if place > 1]
        after = tuple(name for name in places if rest and places[name] == min(rest))
        margin = 0 if len(first) > 1 else t.result.figures[first[0]] - max(t.result.figures[n] for n in after)
        found.append(Finish(t, first, after, margin))
    return sorted(found, key=lambda finish: finish.share)


def closest_finishes(night: ClubNight) -> RecapItem | None:
    """The closest finishes at the tables: a few, the closest first."""
    found = finishes(night)[:SHOWN_AT_MOST]
    if not found:
        return None
    title = "The closest finish" if len(found) == 1 else "The closest finishes"
    players = tuple(dict.fromkeys(name for f in found for name in (*f.winners, *f.next_best)))
    lines = tuple(_capital(f.said) for f in found[1:])
    return RecapItem("closest_finishes", title, _capital(found[0].said), players=players, lines=lines)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- What happened at each table ---


def at_each_table(games: Sequence[GamePlayed]) -> RecapItem | None:
    """A line a table that played: who won it (engine.recap's winner items) or who leads it."""
    told = [*winners(games), *leading(games)]
    order = {game.label: i for i, game in enumerate(games)}
    told.sort(key=lambda item: order.get(item.title, 0))
    if not told:
        return None
    lines = tuple(f"{_capital(item.title)}: {item.text}" for item in told)
    return RecapItem(
        "tables",
        "At each table",
        figures.plural(len(told), "table") + " played",
        players=tuple(dict.fromkeys(name for item in told for name in item.players)),
        lines=lines,
    )
