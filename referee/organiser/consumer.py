"""The organiser's page's WebSocket for a club night, read-only: opened by the event's organiser
alone (logged in, as the page is); on connect it joins the event's organiser group and sends the
tables and the standings as they are now; afterwards it forwards each part each change rendered
once (referee.club_live), if newer than that part shows. Anyone else's socket is accepted and closed
with LINK_REPLACED."""

from channels.db import database_sync_to_async

from scoring.club_night import EventNow
from scoring.models import Event

from ..sockets import groups
from ..sockets.live import LiveConsumer
from .render import organiser_group, render_organiser


def organised(user, event_id) -> Event | None:
    if user is None or not user.is_authenticated:
        return None
    return Event.objects.filter(organiser=user, public_id=event_id).first()


def organiser_opened(event: Event):
    return render_organiser(EventNow(event))


class OrganiserConsumer(LiveConsumer):
    kind = "organiser's page"

    async def open(self):
        event_id = self.scope["url_route"]["kwargs"]["event_id"]
        event = await database_sync_to_async(organised)(self.scope.get("user"), event_id)
        if event is None:
            await self.link_replaced()
            return
        await groups.join(self, (organiser_group(event.pk),))  # before reading: no change is missed
        parts = await database_sync_to_async(organiser_opened)(event)
        await self.opened(event.public_id)
        for part, page in parts.items():
            await self.show_part(part, page.html, page.revision)

    async def organiser_html(self, event):
        await self.show_part(event["part"], event["html"], event["revision"])
