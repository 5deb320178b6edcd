"""What the big screen shows, rendered once per change: the event's standings, each table of
the round being played (its round, its leader, finished, confirmed), then the next draw with
its table numbers; marked with the event's live revision (club_night.live_revision)."""

from __future__ import annotations

from django.template.loader import render_to_string

from engine.event_standings import points_text
from scoring.club_night import EventNow

from ..sockets.sending import Fragment

SCREEN_FRAGMENTS = "events/screen.html#fragments"


def screen_group(event_id: int) -> str:
    """The channel group of an event's big screens."""
    return f"screen-event-{event_id}"


def screen_context(now: EventNow) -> dict:
    drawn = now.next_draw
    return {
        "event": now.event,
        "revision": now.revision,
        "playing": now.playing,
        "tables": now.table_states,
        "standings": [(row, points_text(row.points)) for row in now.standings],
        "next_draw": drawn,
        "next_tables": [seats for _, seats in now.tables.get(drawn.number, [])] if drawn else [],
        "finished": now.finished,
    }


def render_screen(now: EventNow) -> Fragment:
    """The screen's parts, each swapped by its id (out of band)."""
    return Fragment(now.revision, render_to_string(SCREEN_FRAGMENTS, screen_context(now)))
