"""A club night afterwards: each round's tables as they ended (who sat where, places, the
game's figure and the event points each place earned), the standings, and the night as its
story reads it (engine/event_recap.py), with the night's rating changes. Read in a fixed
number of queries, however many rounds and tables: the tables and seats (club_night.tables_of),
their kept figures, their games, seats and rounds (queries.game_states), the entrants, and the
organiser's leagues for the story."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine import GAMES, figures
from engine.bidi import isolate
from engine.event_recap import ClubNight, TablePlayed, standings_after, table_label
from engine.event_standings import EventRow, TableResult, event_points, points_text

from .club_night import table_results, tables_of
from .models import Event, EventRound, EventSeat, EventTable, Game, Session
from .queries import GameState, game_states
from .recap import game_played, night_ratings

CONFIRMED = "confirmed by {by}"
WAITING = "over: its result waits to be confirmed"
PLAYING = "being played"
NOT_STARTED = "drawn, not started"


@dataclass(frozen=True)
class SeatLine:
    """A player at a table: their seat (1 first), whether they captained it, their place once
    the game is over, their figure in the game (as a standings' cell shows it) and the event
    points their place earned once the result is confirmed ("" otherwise)."""

    seat: int
    name: str
    captain: bool
    place: int | None
    figure: str
    points: str


@dataclass(frozen=True)
class TableLine:
    """A table of a round as it ended (or stands): its players best placed first once over,
    in seat order before; its game's session (for its history page) and what its figure counts."""

    number: int
    session: Session | None
    state: str
    unit: str
    players: list[SeatLine]

    @property
    def winners(self) -> list[str]:
        return [line.name for line in self.players if line.place == 1]


@dataclass(frozen=True)
class NightRead:
    """A club night read for its results page and its story."""

    event: Event
    rounds: list[tuple[EventRound, list[TableLine]]]
    night: ClubNight

    @property
    def standings(self) -> tuple[EventRow, ...]:
        """The standings over the confirmed results."""
        return standings_after(self.night)

    @property
    def finished(self) -> bool:
        """Every round of the night drawn, played and confirmed."""
        tables = self.night.tables
        return len(self.rounds) == self.event.rounds and bool(tables) and all(t.confirmed for t in tables)


def night_read(event: Event) -> NightRead:
    """The event's rounds and tables as they ended or stand, and the night for its story."""
    by_round = tables_of(event)
    every = [table for tables in by_round.values() for table, _ in tables]
    results = table_results(every)
    states = _states(every)
    names = tuple(event.entrants.select_related("player").values_list("player__name", flat=True))
    rounds = []
    played = []
    for event_round in event.event_rounds.order_by("number"):
        lines = []
        for table, seats in by_round.get(event_round.number, []):
            state = states.get(table.session_id)
            result = results.get(table.pk)
            lines.append(_table_line(table, seats, state, result))
            game = None
            if state is not None and state.outcome is not None:
                game = dataclasses.replace(game_played(state), called=table_label(event_round.number, table.number))
            played.append(
                TablePlayed(event_round.number, table.number, game, result, confirmed=table.confirmed_at is not None)
            )
        rounds.append((event_round, lines))
    night = ClubNight(event.name, event.held_on, names, tuple(played))
    return NightRead(event, rounds, night)


def _states(tables: list[EventTable]) -> dict[int, GameState]:
    """Each table's game replayed, by its session's id."""
    games = list(Game.objects.filter(session__in=[t.session_id for t in tables if t.session_id]).order_by("number"))
    return {state.game.session_id: state for state in game_states(games)}


def _table_line(
    table: EventTable, seats: list[EventSeat], state: GameState | None, result: TableResult | None
) -> TableLine:
    confirmed = table.confirmed_at is not None
    outcome = state.outcome if state is not None else None
    if table.session_id is None:
        said = NOT_STARTED
    elif confirmed:
        said = CONFIRMED.format(by=isolate(table.confirmed_by))
    elif result is not None:
        said = WAITING
    else:
        said = PLAYING
    size = len(seats)
    lines = []
    for seat in seats:
        name = seat.entrant.player.name
        place = result.places.get(name) if result else None
        figure = ""
        if outcome is not None and name in outcome.standings and outcome.rounds:
            figure = figures.figure(outcome, outcome.standings[name])
        points = ""
        if confirmed and place is not None:
            points = points_text(event_points(place, result.tied(place), size))
        lines.append(SeatLine(seat.position + 1, name, seat.entrant_id == table.captain_id, place, figure, points))
    if result is not None:
        lines.sort(key=lambda line: (line.place or size + 1, line.seat))
    unit = GAMES[outcome.game].unit(outcome.settings) if outcome is not None else ""
    return TableLine(table.number, table.session, said, unit, lines)


def with_ratings(event: Event, night: ClubNight) -> ClubNight:
    """The night with each player's rating change over its tables, per game kind
    (recap.night_ratings over the sessions of the event's tables)."""
    sessions = {
        str(public_id)
        for public_id in Session.objects.filter(event_table__round__event=event).values_list("public_id", flat=True)
    }
    return dataclasses.replace(night, ratings=night_ratings(event.organiser, sessions))
