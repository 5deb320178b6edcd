"""A player's own page for a club night (/night/<token>/), rendered once per change: what every
player sees alike (the standings, the next draw), rendered once for all, and each player's own
part (their table and seat this round, their captain's and confirming buttons), rendered for
the players a change concerns; both marked with the event's live revision."""

from __future__ import annotations

from django.template.loader import render_to_string

from scoring.club_night import EventNow
from scoring.models import Entrant

from ..sockets.sending import Fragment

NIGHT_SHARED = "events/night.html#shared"
NIGHT_OWN = "events/night.html#own"


def night_group(event_id: int) -> str:
    """The channel group of every player's page of an event."""
    return f"night-event-{event_id}"


def entrant_group(entrant_id: int) -> str:
    """The pages of one player's own link."""
    return f"night-entrant-{entrant_id}"


def shared_context(now: EventNow) -> dict:
    drawn = now.next_draw
    return {
        "event": now.event,
        "revision": now.revision,
        "standings": now.standings,
        "next_draw": drawn,
        "finished": now.finished,
    }


def own_context(now: EventNow, entrant: Entrant) -> dict:
    """Where the player sits now and next, and what they may do at their table."""
    playing = now.playing
    here = now.seat_of(entrant, playing.number) if playing else None
    table = here[0] if here else None
    seats = next((s for t, s in now.tables.get(playing.number, []) if t == table), []) if table else []
    seat_token, over = "", False
    if table is not None and table.session_id:  # read once for every player told (EventNow)
        seat_token = now.seat_tokens.get((table.session_id, entrant.player_id), "")
        over = table.pk in now.over
    drawn = now.next_draw
    upcoming = now.seat_of(entrant, drawn.number) if drawn else None
    return {
        "event": now.event,
        "entrant": entrant,
        "token": entrant.token,
        "playing": playing,
        "table": table,
        "seats": seats,
        "captain": table is not None and table.captain_id == entrant.pk,
        "hosted": over and (table.pk, entrant.pk) in now.hosts,  # may not confirm the result
        "seat_token": seat_token,
        "over": over,
        "next_draw": drawn,
        "upcoming": upcoming,
        "upcoming_seats": next((s for t, s in now.tables.get(drawn.number, []) if upcoming and t == upcoming[0]), [])
        if drawn
        else [],
    }


def render_shared(now: EventNow) -> Fragment:
    return Fragment(now.revision, render_to_string(NIGHT_SHARED, shared_context(now)))


def render_own(now: EventNow, entrant: Entrant) -> Fragment:
    return Fragment(now.revision, render_to_string(NIGHT_OWN, own_context(now, entrant)))
