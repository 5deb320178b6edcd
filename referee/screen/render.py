"""What the big screen shows, rendered once per change: the event's standings, each table of
the round being played (its round, its leader, finished, confirmed), then the next draw with
its table numbers; marked with the event's live revision (club_night.live_revision)."""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string

from engine.event_standings import points_text
from scoring.club_night import EventNow
from scoring.models import Performance

from ..sockets.sending import Fragment

SCREEN_FRAGMENTS = "events/screen.html#fragments"


def screen_group(event_id: int) -> str:
    """The channel group of an event's big screens."""
    return f"screen-event-{event_id}"


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


def screen_context(now: EventNow) -> dict:
    drawn = now.next_draw
    return {
        "event": now.event,
        "revision": now.revision,
        "playing": now.playing,
        "tables": table_states(now),
        "standings": [(row, points_text(row.points)) for row in now.standings],
        "next_draw": drawn,
        "next_tables": [seats for _, seats in now.tables.get(drawn.number, [])] if drawn else [],
        "finished": now.finished,
    }


def render_screen(now: EventNow) -> Fragment:
    """The screen's parts, each swapped by its id (out of band)."""
    return Fragment(now.revision, render_to_string(SCREEN_FRAGMENTS, screen_context(now)))
