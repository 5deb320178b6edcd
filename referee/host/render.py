"""What the host's page is sent after a change: the table panel of the game being played (a
tick per seat, the phones connected, the reveal's showdown), the pad's row of ticks, and
each seat's phone on the list of seat links; out-of-band swaps by element id, rendered once
for every host page of the session from the change's own read of it. A page showing another
game keeps its own panel (static/js/host.js)."""

from __future__ import annotations

from django.template.loader import render_to_string

from scoring import queries

from ..links import seat_phones
from ..session_page import table_context
from ..sockets.sending import Fragment

HOST_LIVE = "sessions/session.html#host-live"


def host_group(session_id: int) -> str:
    """The host's pages open on a session (by session: one host, however many screens)."""
    return f"host-session-{session_id}"


def render_host(now: queries.SessionNow) -> Fragment:
    """The host's live pieces as ``now`` has the session."""
    session, state = now.session, now.state
    seating = (now.seats, now.connected())
    context = {
        "session": session,
        "current": state,
        "game": now.game,
        "playing": now.game,
        "moved_on": True,  # the panel's own swap is out of band too
        "oob": True,
        "seat_phones": seat_phones(session, seating, now.game),
        **table_context(session, state, seating, now.table),
    }
    return Fragment(now.revision, render_to_string(HOST_LIVE, context))
