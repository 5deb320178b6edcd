"""What the organiser's page of a club night follows, rendered once per change: the tables of
the round being played (their state, a result to confirm) and the standings, marked with the
event's live revision (club_night.live_revision). The draw and its forms are not among them:
they change only by the organiser's own hand, and a change at a table must not reset a swap
being chosen."""

from __future__ import annotations

from scoring.club_night import EventNow

from ..sockets.sending import Fragment, render_parts

# Each part of the page as the socket sends it, by name: the partials it is made of. The
# standings move only with the event's changes and a correction at a confirmed table.
PARTS = {
    "tables": ("events/event.html#tables-now",),
    "standings": ("events/event.html#standings-now",),
}
EVERY_PART = tuple(PARTS)


def organiser_group(event_id: int) -> str:
    """The channel group of the organiser's pages of an event."""
    return f"organiser-event-{event_id}"


def organiser_context(now: EventNow, parts: tuple[str, ...] = EVERY_PART) -> dict:
    """What the parts asked for show (the standings are read only when asked)."""
    context = {"event": now.event, "playing": now.playing}
    if "tables" in parts:
        context["tables"] = now.table_states
    if "standings" in parts:
        context["standings"] = now.standings
    return context


def render_organiser(now: EventNow, parts: tuple[str, ...] = EVERY_PART) -> dict[str, Fragment]:
    return render_parts(PARTS, parts, organiser_context(now, parts), now.revision)
