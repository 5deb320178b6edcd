"""The host's page's WebSocket, read-only: opened by the session's host alone (logged in, as
the page is, or the phone captaining a club night's table: referee.access); on connect it
joins the session's host group and sends what the page follows as it is now, to this socket
only; afterwards it forwards what each change rendered once
(referee.host.broadcast), if newer than what it shows. Anyone else's socket (logged out, or
another host's) is accepted and closed with LINK_REPLACED: the page says so and stops trying."""

from channels.db import database_sync_to_async

from scoring import queries
from scoring.models import Session

from ..access import hosts
from ..sockets import groups
from ..sockets.live import LiveConsumer
from .render import host_group, render_host


def hosted_session(user, session_id, django_session=None) -> Session | None:
    """The session, if ``user`` is logged in and hosts it, or the phone captains its table."""
    return Session.objects.filter(hosts(user, django_session), public_id=session_id).first()


def host_opened(session: Session):
    return render_host(queries.SessionNow(session))


class HostConsumer(LiveConsumer):
    kind = "host page"

    async def open(self):
        session_id = self.scope["url_route"]["kwargs"]["session_id"]
        session = await database_sync_to_async(hosted_session)(
            self.scope.get("user"), session_id, self.scope.get("session")
        )
        if session is None:
            await self.link_replaced()
            return
        # Joined before the panel is read: no change is missed.
        await groups.join(self, (host_group(session.pk),))
        panel = await database_sync_to_async(host_opened)(session)
        await self.opened(session.public_id)
        await self.show(panel.html, panel.revision)

    async def host_live(self, event):
        await self.show(event["html"], event["revision"])
