"""A player's own page's WebSocket for a club night, read-only: on connect it joins the event's
group and the player's own, and sends both parts of the page as they are now; afterwards it
forwards each part a change rendered (referee.nights.broadcast), each if newer than the part
shown (the two parts come separately, each with the event's live revision). An unknown link,
or a withdrawn player's, is accepted and closed with LINK_REPLACED."""

from channels.db import database_sync_to_async

from scoring.club_night import EventNow
from scoring.models import Entrant

from ..sockets import groups
from ..sockets.live import LiveConsumer
from .render import entrant_group, night_group, render_own, render_shared


def entrant_of_token(token: str) -> Entrant | None:
    return Entrant.objects.filter(token=token, withdrawn=False).select_related("event", "player").first()


def night_opened(entrant: Entrant):
    now = EventNow(entrant.event)
    return render_shared(now), render_own(now, entrant)


class NightConsumer(LiveConsumer):
    kind = "player's night page"

    async def open(self):
        entrant = await database_sync_to_async(entrant_of_token)(self.scope["url_route"]["kwargs"]["token"])
        if entrant is None:
            await self.link_replaced()
            return
        await groups.join(self, (night_group(entrant.event_id), entrant_group(entrant.pk)))
        shared, own = await database_sync_to_async(night_opened)(entrant)
        await self.opened(entrant.event.public_id)
        await self.show_part("shared", shared.html, shared.revision)
        await self.show_part("own", own.html, own.revision)

    async def night_shared(self, event):
        await self.show_part("shared", event["html"], event["revision"])

    async def night_own(self, event):
        await self.show_part("own", event["html"], event["revision"])
