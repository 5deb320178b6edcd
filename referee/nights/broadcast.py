"""After a committed change to a club night, the players' own pages: what all see alike
rendered once for all; each player's own part for the players the change concerns (everyone
for a draw, a start, a player arriving or leaving; a table's players for its captain, its
result confirmed, or its game over). As every broadcast, given up after a moment if the channel
layer does not answer (logged): the pages catch up on the next change or when they reconnect."""

from __future__ import annotations

import logging

from scoring.club_night import EventNow
from scoring.models import Entrant, Event, EventSeat

from ..sockets.sending import send_to_group
from .render import entrant_group, night_group, render_own, render_shared

logger = logging.getLogger(__name__)


def tell_nights(
    event: Event, tables: list[int] | None = None, now: EventNow | None = None, *, shared: bool = True
) -> None:
    """``shared``: whether the change may have moved what every player sees alike (a table's
    game does only once its result is confirmed: the standings count confirmed results)."""
    try:
        now = now or EventNow(event)
        if shared:
            alike = render_shared(now)
            send_to_group(
                night_group(event.pk), {"type": "night.shared", "html": alike.html, "revision": alike.revision}
            )
        if tables is None:
            concerned = now.entrants
        else:
            ids = EventSeat.objects.filter(table_id__in=tables).values_list("entrant_id", flat=True)
            concerned = list(Entrant.objects.filter(pk__in=ids).select_related("player"))
        for entrant in concerned:
            own = render_own(now, entrant)
            send_to_group(entrant_group(entrant.pk), {"type": "night.own", "html": own.html, "revision": own.revision})
    except Exception:
        logger.exception(
            "The players' pages of event %s (%s) missed a change; they catch up on the next one or on reconnecting.",
            event.public_id,
            event.name,
        )


def close_night(event: Event, entrant: Entrant) -> None:
    """Close the pages open on a withdrawn player's link (it opens nothing more)."""
    try:
        send_to_group(entrant_group(entrant.pk), {"type": "link.close"})
    except Exception:
        logger.exception(
            "The pages of %s, withdrawn from event %s (%s), were not closed; the link opens nothing more anyway.",
            entrant.player.name,
            event.public_id,
            event.name,
        )
