"""What the organiser's page of a club night follows, rendered once per change: the tables of
the round being played (their state, a result to confirm) and the standings, marked with the
event's live revision (club_night.live_revision). The draw and its forms are not among them:
they change only by the organiser's own hand, and a change at a table must not reset a swap
being chosen."""

from __future__ import annotations

from django.template.loader import render_to_string

from engine.event_standings import points_text
from scoring.club_night import EventNow

from ..sockets.sending import Fragment

PARTS = ("events/event.html#tables-now", "events/event.html#standings-now")


def organiser_group(event_id: int) -> str:
    """The channel group of the organiser's pages of an event."""
    return f"organiser-event-{event_id}"


def organiser_context(now: EventNow) -> dict:
    return {
        "event": now.event,
        "playing": now.playing,
        "tables": now.table_states,
        "standings": [(row, points_text(row.points)) for row in now.standings],
    }


def render_organiser(now: EventNow) -> Fragment:
    context = organiser_context(now)
    return Fragment(now.revision, "".join(render_to_string(part, context) for part in PARTS))
