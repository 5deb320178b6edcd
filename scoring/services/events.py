"""A club night's writes: the event, its players checked in or withdrawn, each round's draw
(engine.draw) and its swaps, a round started (each table's game opened, as any host's), a
table's captain, and its result confirmed. Each in one transaction, in the event's turn (its
revision counted up: the event's changes queue there), announced (``event_changed``) once
kept."""

from __future__ import annotations

import datetime
import random
import uuid
from collections.abc import Iterable, Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.dispatch import Signal
from django.utils import timezone

from engine import EntryError, replay
from engine.bidi import isolate, without_controls
from engine.draw import Draw, draw_round, fewest_repeats, meetings, plan_night, repeat_pairs, table_sizes

from .. import club_night as event_queries
from ..models import (
    MAX_EVENT_ROUNDS,
    Entrant,
    Event,
    EventRound,
    EventSeat,
    EventSubmission,
    EventTable,
    Session,
    SessionPlayer,
)
from .games import game_start
from .names import clean_names
from .sessions import NAME_TOO_LONG, NAME_TWICE, players_named
from .submissions import SUBMISSION_REUSED, SubmissionReused

# Sent after commit, with ``event=`` and ``revision=`` (the event's, as the change left it),
# whenever the event changes: its players, a draw, a round started, a captain, a result
# confirmed; ``tables=`` the tables whose players alone it concerns (None: everyone), and
# ``withdrawn=`` the player who withdrew, if one did. The big screen and the players' own
# pages listen.
event_changed = Signal()

EVENT_NAME_NEEDED = "Give the event a name."
ROUNDS_OUT_OF_RANGE = "A night has 1 to {most} rounds."
TABLES_NOT_POSSIBLE = "{reason}: check more players in, or change the table size."
ALL_ROUNDS_DRAWN = "All {rounds} rounds of the night are drawn."
ROUND_NOT_STARTED = "Round {number} is drawn but has not started: start it (or swap players) first."
RESULTS_NEEDED = "Round {number} is still being played: the standings draw waits for every table's result."
ROUND_STARTED = "Round {number} has started: its tables can no longer change."
ROUND_BEFORE_UNFINISHED = "Round {number} is still being played: each table's result must be confirmed first."
NOT_AT_TABLE = "{name} is not at table {table}."
NOT_IN_EVENT = "{name} is not checked in to this event."
WITHDRAWN = "{name} has withdrawn from this event."
ALREADY_IN = "{name} is checked in already."
GAME_NOT_OVER = "Table {table}'s game is not over yet: its result can be confirmed once it ends."
CAPTAIN_CONFIRMS_NOT = (
    "The result is confirmed by a second player at the table: {name} hosted the table and entered some of it."
)
ALREADY_CONFIRMED = "Table {table}'s result is confirmed already."
SAME_TABLE = "{first} and {second} sit at the same table already."
TWO_PLAYERS = "{first} and {second}: choose two different players."

ORGANISER = "the organiser"


def event_turn(event: Event) -> tuple[Event, int]:
    """A change's first write: count the event's revision up, holding its row to the commit
    (the event's changes queue here, in every process), then read it as the changes before
    left it."""
    if not Event.objects.filter(pk=event.pk).update(revision=F("revision") + 1):
        raise Event.DoesNotExist("The event has been deleted.")
    event = Event.objects.get(pk=event.pk)
    return event, event.revision


def announce_event(
    event: Event, revision: int, tables: list[int] | None = None, withdrawn: Entrant | None = None
) -> None:
    """Once kept: the change, with the tables whose players it concerns alone (``tables``;
    None: everyone) and the player who withdrew, if one did (their page is closed)."""
    transaction.on_commit(
        lambda: event_changed.send(sender=Event, event=event, revision=revision, tables=tables, withdrawn=withdrawn),
        robust=True,
    )


class EventAlreadySubmitted(Exception):
    """The same form sent again: nothing is done again; ``result`` is what it did the first time."""

    def __init__(self, kept: EventSubmission):
        super().__init__(f"{kept} was already received")
        self.kept, self.result = kept, kept.result


def check_event_submitted(submission: uuid.UUID | None, event: Event | None, action: str) -> None:
    """Refuse a submission id already kept (read in the event's turn, so after a racing twin's
    commit): EventAlreadySubmitted for the same event and action, SubmissionReused otherwise."""
    if submission is None:
        return
    kept = EventSubmission.objects.filter(pk=submission).first()
    if kept is None:
        return
    if (event is None or kept.event_id == event.pk) and kept.action == action:
        raise EventAlreadySubmitted(kept)
    raise SubmissionReused(SUBMISSION_REUSED.format(what=f"{kept.event.name} {kept.get_action_display()}"))


def keep_event_submission(submission: uuid.UUID | None, event: Event, action: str, result: dict) -> None:
    """Keep the id with the change, in its transaction (its primary key refuses a twin)."""
    if submission is not None:
        EventSubmission.objects.create(id=submission, event=event, action=action, result=result)


@transaction.atomic
def event_start(
    *,
    organiser,
    name: str,
    held_on: datetime.date,
    kind: str,
    options: Mapping[str, object],
    rounds: int,
    table_size: int,
    seating: str = Event.Seating.RANDOM,
    player_names: Iterable[str] = (),
    submission: uuid.UUID | None = None,
) -> Event:
    """A new event, its players checked in from the organiser's circle by name (or added to
    it). The game and its house rules are checked by the engine at the table size asked. The
    same form sent again answers EventAlreadySubmitted (the event it made: ``result``)."""
    check_event_submitted(submission, None, EventSubmission.Action.CREATE)
    name = without_controls(name or "").strip()
    errors: dict[str, list[str]] = {}
    if not name:
        errors["name"] = [EVENT_NAME_NEEDED]
    if not 1 <= rounds <= MAX_EVENT_ROUNDS:
        errors["rounds"] = [ROUNDS_OUT_OF_RANGE.format(most=MAX_EVENT_ROUNDS)]
    try:
        replay(kind, [f"Seat {i + 1}" for i in range(table_size)], [], **dict(options))
    except EntryError as error:
        errors.setdefault(error.field or "table_size", []).append(str(error))
    except KeyError:
        errors["kind"] = [f"No game “{isolate(kind)}”."]
    if errors:
        raise ValidationError(errors)
    event = Event(
        organiser=organiser,
        name=name,
        held_on=held_on,
        kind=kind,
        options=dict(options),
        rounds=rounds,
        table_size=table_size,
        seating=seating,
    )
    event.full_clean()
    event.save()
    _check_in(event, player_names)
    keep_event_submission(submission, event, EventSubmission.Action.CREATE, {"event": str(event.public_id)})
    announce_event(event, event.revision)
    return event


@transaction.atomic
def event_check_in(*, event: Event, player_names: Iterable[str], submission: uuid.UUID | None = None) -> list[Entrant]:
    """Players arriving (new names or the circle's; one withdrawn comes back): they are drawn
    from the next round drawn on; the rounds not yet drawn are planned again."""
    event, revision = event_turn(event)
    check_event_submitted(submission, event, EventSubmission.Action.CHECK_IN)
    arrived = _check_in(event, player_names)
    _forget_undrawn(event)
    names = [e.player.name for e in arrived]
    keep_event_submission(submission, event, EventSubmission.Action.CHECK_IN, {"names": names})
    announce_event(event, revision)
    return arrived


def _check_in(event: Event, player_names: Iterable[str]) -> list[Entrant]:
    names, repeated = clean_names(player_names)
    errors = [NAME_TWICE.format(name=isolate(n)) for n in repeated]
    errors += [NAME_TOO_LONG.format(name=isolate(n)) for n in names if len(n) > 24]
    in_already = {e.player.name.casefold(): e for e in event.entrants.select_related("player")}
    errors += [
        ALREADY_IN.format(name=isolate(n))
        for n in names
        if n.casefold() in in_already and not in_already[n.casefold()].withdrawn
    ]
    if errors:
        raise ValidationError({"players": errors})
    arrived = []
    for player in players_named(host=event.organiser, names=names):
        entrant = in_already.get(player.name.casefold())
        if entrant is None:
            entrant = Entrant.objects.create(event=event, player=player)
        else:
            entrant.withdrawn = False
            entrant.save(update_fields=["withdrawn"])
        arrived.append(entrant)
    return arrived


@transaction.atomic
def event_withdraw(*, event: Event, name: str, submission: uuid.UUID | None = None) -> Entrant:
    """A player leaves the event: drawn in no round from the next one drawn (a round being
    played finishes with them); a round drawn and not started is drawn again without them."""
    event, revision = event_turn(event)
    check_event_submitted(submission, event, EventSubmission.Action.WITHDRAW)
    entrant = _entrant(event, name)
    entrant.withdrawn = True
    entrant.save(update_fields=["withdrawn"])
    _forget_undrawn(event)
    keep_event_submission(submission, event, EventSubmission.Action.WITHDRAW, {"name": entrant.player.name})
    announce_event(event, revision, withdrawn=entrant)
    return entrant


def _forget_undrawn(event: Event) -> None:
    """The players changed: the plan is made again, and a round drawn but not started is
    drawn again (with the same seed: the same players would get the same draw)."""
    Event.objects.filter(pk=event.pk).update(plan={})
    event.plan = {}
    waiting = event.event_rounds.filter(started__isnull=True).first()
    if waiting is not None:
        waiting.delete()
        _draw(event, waiting.seating)


@transaction.atomic
def event_draw(*, event: Event, seating: str | None = None, submission: uuid.UUID | None = None) -> EventRound:
    """The next round's draw: at random (the night's plan) or by the standings (``seating``,
    the event's unless the organiser chose otherwise for this round; by the standings before
    any result, at random); refused while a round is drawn and not started, or after the last
    round; by the standings, while the last round's results are not all confirmed."""
    event, revision = event_turn(event)
    check_event_submitted(submission, event, EventSubmission.Action.DRAW)
    event_round = _draw(event, seating or event.seating)
    keep_event_submission(submission, event, EventSubmission.Action.DRAW, {"round": event_round.number})
    announce_event(event, revision)
    return event_round


def _draw(event: Event, seating: str) -> EventRound:
    rounds = list(event.event_rounds.order_by("number"))
    if rounds and rounds[-1].started is None:
        raise EntryError(ROUND_NOT_STARTED.format(number=rounds[-1].number))
    number = len(rounds) + 1
    if number > event.rounds:
        raise EntryError(ALL_ROUNDS_DRAWN.format(rounds=event.rounds))
    playing = [e.player.name for e in event.entrants.filter(withdrawn=False).select_related("player")]
    sizes = _sizes(event, len(playing))
    met = meetings(event_queries.tables_played(event))
    if seating == Event.Seating.STANDINGS and rounds:
        if not event_queries.round_finished(rounds[-1]):
            raise EntryError(RESULTS_NEEDED.format(number=rounds[-1].number))
        order = [row.name for row in event_queries.standings(event)]
        draw = draw_round(playing, sizes, met, seed=event.seed + number, standings=[n for n in order if n in playing])
    elif seating == Event.Seating.STANDINGS:  # no standings yet: the first round at random
        draw = draw_round(playing, sizes, met, seed=event.seed + number)
    else:
        draw = _planned(event, playing, sizes, met, number)
    return _keep_draw(event, number, draw, seating)


def _sizes(event: Event, players: int) -> tuple[int, ...]:
    least, most = event_queries.seats_allowed(event)
    try:
        return table_sizes(players, event.table_size, least, most)
    except ValueError as error:
        raise EntryError(TABLES_NOT_POSSIBLE.format(reason=str(error).rstrip("."))) from None


def _planned(event: Event, playing: list[str], sizes: Sequence[int], met, number: int) -> Draw:
    """The plan's round ``number``, the rounds left planned afresh when the players or the
    tables are not those the plan was made for (a late arrival, a withdrawal)."""
    plan = event.plan or {}
    if plan.get("players") != sorted(playing) or plan.get("sizes") != list(sizes) or not plan.get("rounds"):
        draws = plan_night(playing, sizes, event.rounds - number + 1, met, seed=event.seed + number)
        plan = {"players": sorted(playing), "sizes": list(sizes), "rounds": [_kept(d) for d in draws]}
    first, *rest = plan["rounds"]
    Event.objects.filter(pk=event.pk).update(plan={**plan, "rounds": rest})
    tables = tuple(tuple(t) for t in first)
    # As planned; its figures counted from the meetings as played (a swap since may have
    # changed who met whom).
    repeats = repeat_pairs(tables, met)
    fewest = fewest_repeats(playing, sizes, met, repeats, random.Random(event.seed + number))
    return Draw(tables=tables, repeats=repeats, fewest=fewest)


def _kept(draw: Draw) -> list[list[str]]:
    return [list(t) for t in draw.tables]


def _keep_draw(event: Event, number: int, draw: Draw, seating: str) -> EventRound:
    event_round = EventRound.objects.create(
        event=event,
        number=number,
        seating=seating,
        repeats=draw.repeats,
        fewest=draw.fewest,
        explained=draw.line,
    )
    entrants = {e.player.name: e for e in event.entrants.select_related("player")}
    seats = []
    for t, names in enumerate(draw.tables, start=1):
        table = EventTable.objects.create(round=event_round, number=t, captain=entrants[names[0]])
        seats += [
            EventSeat(round=event_round, table=table, entrant=entrants[n], position=p) for p, n in enumerate(names)
        ]
    EventSeat.objects.bulk_create(seats)
    return event_round


@transaction.atomic
def event_swap(*, event_round: EventRound, first: str, second: str, submission: uuid.UUID | None = None) -> int:
    """Two players at different tables change places before the round starts; what it costs
    in repeat meetings (+1: one more pair meets again)."""
    event, revision = event_turn(event_round.event)
    check_event_submitted(submission, event, EventSubmission.Action.SWAP)
    event_round = EventRound.objects.get(pk=event_round.pk)
    if event_round.started is not None:
        raise EntryError(ROUND_STARTED.format(number=event_round.number))
    if first == second:
        raise EntryError(TWO_PLAYERS.format(first=isolate(first), second=isolate(second)))
    seats = {s.entrant.player.name: s for s in event_round.seats.select_related("entrant__player", "table")}
    for name in (first, second):
        if name not in seats:
            raise EntryError(NOT_IN_EVENT.format(name=isolate(name)))
    try:
        after, cost = event_queries.swap_cost(event_round, first, second)
    except ValueError:
        raise EntryError(SAME_TABLE.format(first=isolate(first), second=isolate(second))) from None
    a, b = seats[first], seats[second]
    # Through a free position: the seats' (table, position) are unique at every step.
    EventSeat.objects.filter(pk=a.pk).update(position=1000)
    EventSeat.objects.filter(pk=b.pk).update(table=a.table, position=a.position)
    EventSeat.objects.filter(pk=a.pk).update(table=b.table, position=b.position)
    for table in (a.table, b.table):  # a captain swapped away hands the table to its first seat
        if table.captain_id in (a.entrant_id, b.entrant_id):
            first_seat = EventSeat.objects.filter(table=table).order_by("position").first()
            EventTable.objects.filter(pk=table.pk).update(captain=first_seat.entrant)
    repeats = event_round.repeats + cost
    fewest = event_round.fewest
    explained = Draw(tables=after, repeats=repeats, fewest=fewest).line
    EventRound.objects.filter(pk=event_round.pk).update(repeats=repeats, explained=explained)
    result = {"round": event_round.number, "first": first, "second": second, "cost": cost}
    keep_event_submission(submission, event, EventSubmission.Action.SWAP, result)
    announce_event(event, revision)
    return cost


@transaction.atomic
def event_round_start(*, event_round: EventRound, submission: uuid.UUID | None = None) -> list[EventTable]:
    """The round's tables open: each a session of the organiser's with the table's players in
    their seats and the event's game started, hosted by the table's captain from their phone.
    Refused once started, and while the round before has a result not confirmed."""
    event, revision = event_turn(event_round.event)
    check_event_submitted(submission, event, EventSubmission.Action.START)
    event_round = EventRound.objects.get(pk=event_round.pk)
    if event_round.started is not None:
        raise EntryError(ROUND_STARTED.format(number=event_round.number))
    before = event.event_rounds.filter(number=event_round.number - 1).first()
    if before is not None and not event_queries.round_finished(before):
        raise EntryError(ROUND_BEFORE_UNFINISHED.format(number=before.number))
    seated = event_queries.tables_of(event, [event_round.number])[event_round.number]
    for table, seats in seated:
        names = [seat.entrant.player for seat in seats]
        session = Session.objects.create(
            host=event.organiser,
            title=f"{event.name} · round {event_round.number} · table {table.number}"[:80],
            played_on=event.held_on,
            club_table=True,
        )
        SessionPlayer.objects.bulk_create(
            SessionPlayer(session=session, player=player, position=p) for p, player in enumerate(names)
        )
        game_start(
            session=session,
            kind=event.kind,
            seat_names=[p.name for p in names],
            options={**event.options, "first_dealer": 0},
        )
        table.session = session
        table.save(update_fields=["session"])
    tables = [table for table, _ in seated]
    EventTable.hosts.through.objects.bulk_create(
        EventTable.hosts.through(eventtable_id=table.pk, entrant_id=table.captain_id)
        for table in tables
        if table.captain_id is not None
    )
    EventRound.objects.filter(pk=event_round.pk).update(started=timezone.now())
    keep_event_submission(submission, event, EventSubmission.Action.START, {"round": event_round.number})
    announce_event(event, revision)
    return tables


@transaction.atomic
def event_captain_take(*, table: EventTable, entrant: Entrant) -> EventTable:
    """A player at the table hosts it from now on (its captain's phone dropped out, say)."""
    event, revision = event_turn(table.round.event)
    if not table.seats.filter(entrant=entrant).exists():
        raise EntryError(NOT_AT_TABLE.format(name=isolate(entrant.player.name), table=table.number))
    EventTable.objects.filter(pk=table.pk).update(captain=entrant)
    table.hosts.add(entrant)
    table.captain = entrant
    announce_event(event, revision, tables=[table.pk])
    return table


@transaction.atomic
def event_result_confirm(
    *, table: EventTable, entrant: Entrant | None, submission: uuid.UUID | None = None
) -> EventTable:
    """A table's result counts in the standings once confirmed: by a second player at the
    table who has not hosted it (its captain, or one who carried on, entered some of it) or by
    the organiser (``entrant`` None)."""
    event, revision = event_turn(table.round.event)
    check_event_submitted(submission, event, EventSubmission.Action.CONFIRM)
    table = EventTable.objects.select_related("round", "captain__player").get(pk=table.pk)
    if table.confirmed_at is not None:
        raise EntryError(ALREADY_CONFIRMED.format(table=table.number))
    if entrant is not None:
        if not table.seats.filter(entrant=entrant).exists():
            raise EntryError(NOT_AT_TABLE.format(name=isolate(entrant.player.name), table=table.number))
        if table.hosts.filter(pk=entrant.pk).exists():
            raise EntryError(CAPTAIN_CONFIRMS_NOT.format(name=isolate(entrant.player.name)))
    if not event_queries.table_over(table):
        raise EntryError(GAME_NOT_OVER.format(table=table.number))
    table.confirmed_at = timezone.now()
    table.confirmed_by = ORGANISER if entrant is None else entrant.player.name
    table.save(update_fields=["confirmed_at", "confirmed_by"])
    result = {"round": table.round.number, "table": table.number}
    keep_event_submission(submission, event, EventSubmission.Action.CONFIRM, result)
    announce_event(event, revision, tables=[table.pk])
    return table


def _entrant(event: Event, name: str) -> Entrant:
    entrant = event.entrants.select_related("player").filter(player__name__iexact=name).first()
    if entrant is None:
        raise EntryError(NOT_IN_EVENT.format(name=isolate(name)))
    return entrant
