"""After a committed change to a club night or to one of its tables' games (referee.club_live),
the big screen is rendered once and the same HTML goes to every screen of the event; as the
board's broadcast, one that fails or hangs is logged and given up after a moment
(sockets.sending): screens catch up on the next change or when they reconnect."""

from __future__ import annotations

import logging

from scoring.club_night import EventNow
from scoring.models import Event

from ..sockets.sending import send_to_group
from .render import EVERY_PART, render_screen, screen_group

logger = logging.getLogger(__name__)


def tell_screen(event: Event, now: EventNow | None = None, parts: tuple[str, ...] = EVERY_PART) -> None:
    """The screens told of a change, the parts it may have moved (``parts``) alone."""
    try:
        for part, screen in render_screen(now or EventNow(event), parts).items():
            message = {"type": "screen.html", "part": part, "html": screen.html, "revision": screen.revision}
            send_to_group(screen_group(event.pk), message)
    except Exception:
        logger.exception(
            "The big screens of event %s (%s) missed a change; they catch up on the next one or when they reconnect.",
            event.public_id,
            event.name,
        )
