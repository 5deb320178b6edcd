"""After a committed change to a club night or to one of its tables' games (referee.club_live),
the big screen is rendered once and the same HTML goes to every screen of the event; as the
board's broadcast, one that fails or hangs is logged and given up after a moment
(sockets.sending): screens catch up on the next change or when they reconnect."""

from __future__ import annotations

import logging

from scoring.club_night import EventNow
from scoring.models import Event

from ..sockets.sending import send_to_group
from .render import render_screen, screen_group

logger = logging.getLogger(__name__)


def tell_screen(event: Event, now: EventNow | None = None) -> None:
    try:
        screen = render_screen(now or EventNow(event))
        send_to_group(screen_group(event.pk), {"type": "screen.html", "html": screen.html, "revision": screen.revision})
    except Exception:
        logger.exception(
            "The big screens of event %s (%s) missed a change; they catch up on the next one or when they reconnect.",
            event.public_id,
            event.name,
        )
