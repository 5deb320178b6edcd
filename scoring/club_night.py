"""Reading a club night: its rounds' tables as names, who met whom, each table's game and
result (its figures as kept: Performance), and the event's standings (engine.event_standings)
over the results confirmed."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from django.db.models import Sum

from engine import EntryError, replay
from engine.draw import meetings, swap
from engine.event_standings import EventRow, TableResult
from engine.event_standings import standings as event_standings

from .models import Entrant, Event, EventRound, EventSeat, EventTable, Performance, Session, SessionPlayer

MOST_SEATS = 16  # the most any game seats (docs/rules.md): the sizes tried for a game's tables


def seats_allowed(event: Event) -> tuple[int, int]:
    """The fewest and most players the event's game seats under its house rules, as the engine
    says (it refuses a table it cannot deal to)."""
    allowed = []
    for size in range(2, MOST_SEATS + 1):
        try:
            replay(event.kind, [f"Seat {i + 1}" for i in range(size)], [], **dict(event.options))
        except EntryError:
            continue
        allowed.append(size)
    return (min(allowed), max(allowed)) if allowed else (2, 2)


def tables_of(
    event: Event, numbers: Iterable[int] | None = None
) -> dict[int, list[tuple[EventTable, list[EventSeat]]]]:
    """Each round's tables with their seats in order, by round number (of the rounds
    ``numbers`` alone, if given): two queries."""
    seats_read = EventSeat.objects.filter(round__event=event)
    tables = EventTable.objects.filter(round__event=event)
    if numbers is not None:
        seats_read = seats_read.filter(round__number__in=numbers)
        tables = tables.filter(round__number__in=numbers)
    seats = defaultdict(list)
    for seat in seats_read.select_related("entrant__player").order_by("position"):
        seats[seat.table_id].append(seat)
    rounds: dict[int, list] = defaultdict(list)
    tables = tables.select_related("round", "session", "captain__player")
    for table in tables.order_by("round__number", "number"):
        rounds[table.round.number].append((table, seats[table.pk]))
    return rounds


def round_tables(event_round: EventRound) -> tuple[tuple[str, ...], ...]:
    """The round's tables as names in seat order."""
    seats = event_round.seats.select_related("entrant__player", "table").order_by("table__number", "position")
    tables: dict[int, list[str]] = defaultdict(list)
    for seat in seats:
        tables[seat.table.number].append(seat.entrant.player.name)
    return tuple(tuple(tables[n]) for n in sorted(tables))


def tables_played(event: Event, before: int | None = None) -> list[tuple[tuple[str, ...], ...]]:
    """Every round's tables as names (before round ``before``, if given): who met whom."""
    rounds = event.event_rounds.order_by("number")
    if before is not None:
        rounds = rounds.filter(number__lt=before)
    return [round_tables(r) for r in rounds]


def swap_cost(event_round: EventRound, first: str, second: str) -> tuple[tuple[tuple[str, ...], ...], int]:
    """The round's tables with two players (at different tables) swapped, and what it costs in
    repeat pairs (engine.draw.swap: +1, one more pair meets again); ValueError, said for people,
    when they cannot be swapped."""
    tables = round_tables(event_round)
    met = meetings(tables_played(event_round.event, before=event_round.number))
    return swap(tables, first, second, met)


def table_results(tables: list[EventTable]) -> dict[int, TableResult]:
    """The results of these tables whose game is over, by table id: places and the game's
    figure as kept with the game (Performance), one query."""
    by_session = {t.session_id: t for t in tables if t.session_id}
    rows = Performance.objects.filter(game__session__in=by_session, finished=True).select_related("player", "game")
    places: dict[int, dict[str, int]] = defaultdict(dict)
    figures: dict[int, dict[str, int]] = defaultdict(dict)
    for row in rows:
        table = by_session[row.game.session_id]
        places[table.pk][row.player.name] = row.place
        figures[table.pk][row.player.name] = row.final
    return {pk: TableResult(places=places[pk], figures=figures[pk]) for pk in places}


def table_over(table: EventTable) -> bool:
    """Whether the table's game is over (its rules finished it, or it was ended)."""
    return (
        table.session_id is not None
        and Performance.objects.filter(game__session=table.session_id, finished=True).exists()
    )


def round_finished(event_round: EventRound) -> bool:
    """Whether every table of the round has played and its result is confirmed."""
    return event_round.started is not None and not event_round.tables.filter(confirmed_at__isnull=True).exists()


def standings(event: Event) -> tuple[EventRow, ...]:
    """The event's standings over the results confirmed, everyone checked in listed."""
    confirmed = list(EventTable.objects.filter(round__event=event, confirmed_at__isnull=False))
    names = [e.player.name for e in event.entrants.select_related("player")]
    return event_standings(list(table_results(confirmed).values()), names)


@dataclass(frozen=True)
class TableNow:
    """A table of the round being played, as the big screen and the organiser see it."""

    table: EventTable
    seats: list[EventSeat]

    @property
    def names(self) -> list[str]:
        return [seat.entrant.player.name for seat in self.seats]

    @property
    def confirmed(self) -> bool:
        return self.table.confirmed_at is not None


@dataclass(frozen=True)
class TableState:
    """A table of the round being played, as the big screen and the organiser say it."""

    number: int
    names: list[str]
    captain: str
    rounds: int  # the game's rounds played
    leaders: list[str]  # first as it stands (or as it ended)
    over: bool
    confirmed_by: str  # "" until confirmed
    session: object  # the table's session (the organiser opens it as its host)

    @property
    def state(self) -> str:
        if self.confirmed_by:
            return "finished"
        if self.over:
            return "to confirm"
        return f"round {self.rounds + 1}" if self.rounds else "starting"


def table_states(now: EventNow) -> list[TableState]:
    """The tables of the round being played, from each game's figures as kept (one query)."""
    tables = now.now_playing
    sessions = {t.table.session_id: t for t in tables if t.table.session_id}
    figures = Performance.objects.filter(game__session__in=sessions).values_list(
        "game__session_id", "player__name", "place", "rounds_played", "finished"
    )
    rounds: dict[int, int] = {}
    leaders: dict[int, list[str]] = {}
    over: dict[int, bool] = {}
    for session_id, name, place, played, finished in figures:
        rounds[session_id] = max(rounds.get(session_id, 0), played)
        over[session_id] = finished
        if place == 1:
            leaders.setdefault(session_id, []).append(name)
    return [
        TableState(
            number=t.table.number,
            names=t.names,
            captain=t.table.captain.player.name if t.table.captain else "",
            rounds=rounds.get(t.table.session_id, 0),
            leaders=sorted(leaders.get(t.table.session_id, []), key=t.names.index),
            over=over.get(t.table.session_id, False),
            confirmed_by=t.table.confirmed_by if t.confirmed else "",
            session=t.table.session,
        )
        for t in tables
    ]


def live_revision(event: Event) -> int:
    """How far the event has changed: its own revision and its tables' sessions' added up.
    Each only grows, so the sum grows with every change to the event or any of its tables:
    a live screen forwards only what is newer than what it shows."""
    tables = Session.objects.filter(event_table__round__event=event).aggregate(total=Sum("revision"))["total"]
    own = Event.objects.values_list("revision", flat=True).get(pk=event.pk)
    return own + (tables or 0)


class EventNow:
    """An event as it stands, read once for every screen that shows it: its rounds and
    tables, the results of the tables being played, and the standings."""

    def __init__(self, event: Event):
        # The revision first: what is read after it is at least that new.
        self.revision = live_revision(event)
        self.event = Event.objects.select_related("organiser").get(pk=event.pk)

    @cached_property
    def rounds(self) -> list[EventRound]:
        return list(self.event.event_rounds.order_by("number"))

    @cached_property
    def tables(self) -> dict[int, list[tuple[EventTable, list[EventSeat]]]]:
        """The tables of the round being played and of the next draw: all any screen shows (the
        rounds before are not read again on every change, however late in the night)."""
        return tables_of(self.event, [r.number for r in (self.playing, self.next_draw) if r is not None])

    @cached_property
    def playing(self) -> EventRound | None:
        """The round started last, if any."""
        started = [r for r in self.rounds if r.started is not None]
        return started[-1] if started else None

    @cached_property
    def next_draw(self) -> EventRound | None:
        """The round drawn and not started yet, if any."""
        return next((r for r in self.rounds if r.started is None), None)

    @cached_property
    def now_playing(self) -> list[TableNow]:
        if self.playing is None:
            return []
        return [TableNow(t, seats) for t, seats in self.tables.get(self.playing.number, [])]

    @cached_property
    def over(self) -> set[int]:
        """The tables of the round being played whose game is over (from the figures the
        screens read: one read for every page a change tells)."""
        return {t.table.pk for t, state in zip(self.now_playing, self.table_states) if state.over}

    @cached_property
    def seat_tokens(self) -> dict[tuple[int, int], str]:
        """The seat links at the tables of the round being played, by session and player: one
        query for every player's page a change tells, rather than one a player."""
        sessions = [t.table.session_id for t in self.now_playing if t.table.session_id]
        rows = SessionPlayer.objects.filter(session_id__in=sessions)
        return {(s, p): token for s, p, token in rows.values_list("session_id", "player_id", "seat_token")}

    @cached_property
    def hosts(self) -> set[tuple[int, int]]:
        """(table, entrant) for every player who has hosted a table of the round being played:
        they may not confirm its result. One query, read only when a result is to confirm."""
        hosted = EventTable.hosts.through.objects.filter(eventtable_id__in=[t.table.pk for t in self.now_playing])
        return set(hosted.values_list("eventtable_id", "entrant_id"))

    @cached_property
    def standings(self) -> tuple[EventRow, ...]:
        return standings(self.event)

    @cached_property
    def entrants(self) -> list[Entrant]:
        return list(self.event.entrants.select_related("player"))

    def seat_of(self, entrant: Entrant, number: int) -> tuple[EventTable, EventSeat] | None:
        """Where ``entrant`` sits in round ``number``, if drawn."""
        for table, seats in self.tables.get(number, []):
            for seat in seats:
                if seat.entrant_id == entrant.pk:
                    return table, seat
        return None

    @cached_property
    def table_states(self) -> list[TableState]:
        """The tables of the round being played, each as the screens say it: one query."""
        return table_states(self)

    @cached_property
    def finished(self) -> bool:
        """Every round of the night played and confirmed: a round starts only once the one
        before is confirmed, so the last round says it (one query, and only once it started)."""
        return bool(self.rounds) and len(self.rounds) == self.event.rounds and round_finished(self.rounds[-1])
