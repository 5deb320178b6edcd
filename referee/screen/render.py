"""What the big screen shows, rendered once per change, in two parts each marked with the
event's live revision (club_night.live_revision): the tables of the round being played (their
round, leader, finished, confirmed), which every change at a table moves; and the rest (the
heading, the standings, the next draw with its table numbers), which moves with the event's
own changes and a correction at a table already confirmed. A table's round renders and sends
its part alone."""

from __future__ import annotations

from scoring.club_night import EventNow

from ..sockets.sending import Fragment, render_parts

# Each part of the screen as the socket sends it, by name: the partials it is made of.
PARTS = {
    "tables": ("events/screen.html#tables",),
    "rest": ("events/screen.html#rest", "events/screen.html#draw"),
}
EVERY_PART = tuple(PARTS)


def screen_group(event_id: int) -> str:
    """The channel group of an event's big screens."""
    return f"screen-event-{event_id}"


def screen_context(now: EventNow, parts: tuple[str, ...] = EVERY_PART) -> dict:
    """What the parts asked for show (the standings are read only for the rest)."""
    context = {"event": now.event, "revision": now.revision, "playing": now.playing, "finished": now.finished}
    if "tables" in parts:
        context["tables"] = now.table_states
    if "rest" in parts:
        drawn = now.next_draw
        context.update(
            standings=now.standings,
            next_draw=drawn,
            next_tables=[seats for _, seats in now.tables.get(drawn.number, [])] if drawn else [],
        )
    return context


def render_screen(now: EventNow, parts: tuple[str, ...] = EVERY_PART) -> dict[str, Fragment]:
    """The parts asked for, by name, each its elements swapped by id (out of band)."""
    return render_parts(PARTS, parts, screen_context(now, parts), now.revision)
