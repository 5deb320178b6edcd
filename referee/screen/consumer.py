"""The big screen's WebSocket, read-only: on connect it joins its event's group and sends the
screen as it is now, to this socket only; afterwards it forwards each part each change rendered
once for every screen of the event (referee.screen.broadcast), if newer than that part shows. An
unknown or replaced link is accepted and closed with LINK_REPLACED."""

from channels.db import database_sync_to_async

from scoring.club_night import EventNow
from scoring.models import Event

from ..sockets import groups
from ..sockets.live import LiveConsumer
from .render import render_screen, screen_group


def event_of_screen(token: str) -> Event | None:
    return Event.objects.filter(screen_token=token).first()


def screen_opened(event: Event):
    return render_screen(EventNow(event))


class ScreenConsumer(LiveConsumer):
    kind = "big screen"

    async def open(self):
        event = await database_sync_to_async(event_of_screen)(self.scope["url_route"]["kwargs"]["token"])
        if event is None:
            await self.link_replaced()
            return
        await groups.join(self, (screen_group(event.pk),))  # before reading: no change is missed
        parts = await database_sync_to_async(screen_opened)(event)
        await self.opened(event.public_id)
        for part, screen in parts.items():
            await self.show_part(part, screen.html, screen.revision)

    async def screen_html(self, event):
        await self.show_part(event["part"], event["html"], event["revision"])
