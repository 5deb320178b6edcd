"""After a committed change to a club night or to one of its tables' games (referee.club_live),
the organiser's page's parts are rendered once and sent to every organiser's page of the event;
one that fails or hangs is logged and given up after a moment (sockets.sending): the page
catches up on the next change or when it reconnects."""

from __future__ import annotations

import logging

from scoring.club_night import EventNow
from scoring.models import Event

from ..sockets.sending import send_to_group
from .render import EVERY_PART, organiser_group, render_organiser

logger = logging.getLogger(__name__)


def tell_organiser(event: Event, now: EventNow, parts: tuple[str, ...] = EVERY_PART) -> None:
    """The organiser's pages told of a change, the parts it may have moved (``parts``) alone."""
    try:
        for part, page in render_organiser(now, parts).items():
            message = {"type": "organiser.html", "part": part, "html": page.html, "revision": page.revision}
            send_to_group(organiser_group(event.pk), message)
    except Exception:
        logger.exception(
            "The organiser's pages of event %s (%s) missed a change; they catch up on the next one or on reconnecting.",
            event.public_id,
            event.name,
        )
