"""What the board's socket and a seat's share: opened in turn (referee.sockets.opening), read
before the handshake is accepted and refused while the database or the channel layer is not
answering (said once, not a traceback each: the page tries again after its backoff); a link
that opens nothing accepted, then closed with LINK_REPLACED (the page says so and stops
trying); a "ping" answered at once with PONG; and only what is newer than what the socket
shows forwarded (two changes committed at once may arrive out of order).

A consumer is a short composition of this: ``open()`` finds its session, joins its groups and
shows what the page needs; its handlers forward what the session's broadcasts render once
per change (referee.board.broadcast, referee.seats.broadcast)."""

from __future__ import annotations

import logging

from channels.generic.websocket import AsyncWebsocketConsumer

from ..database_unavailable import is_database_down
from . import groups
from .faults import health, is_layer_down
from .opening import opening

LINK_REPLACED = 4004  # close code: this link was replaced (or never was), the page stops trying
PING = "ping"
PONG = '<i id="live-pulse" hidden hx-swap-oob="true"></i>'  # swaps the page's empty mark: nothing changes
logger = logging.getLogger(__name__)


def page_terms() -> dict:
    """What a live page's script (static/js/live.js) needs of this protocol, given by the page
    on its socket's element rather than restated there: the close code of a replaced link, and
    the heartbeat's word."""
    return {"link_replaced": LINK_REPLACED, "ping": PING}


def client_address(scope) -> str:
    return (scope.get("client") or ["-"])[0]


class LiveConsumer(AsyncWebsocketConsumer):
    kind = "socket"  # what the log lines call it: "board", "seat"
    groups_joined: tuple[str, ...] = ()
    revision = -1  # the session's revision of what this socket shows
    session_id = None  # its session's public id, once open

    async def connect(self):
        """Read before the handshake is accepted: refused (and tried again by the page) while
        the process is opening many, or the database or the channel layer does not answer."""
        await opening.open_in_turn(self)

    async def open(self) -> None:
        raise NotImplementedError

    async def open_or_refuse(self):
        try:
            await self.open()
        except Exception as error:
            if isinstance(error, groups.LayerDown) or is_layer_down(error):
                health.failed(error)  # said once for the process, not once a socket
            elif is_database_down(error):
                self.database_down("could not open", error)
            else:
                raise
            await groups.leave(self)  # no disconnect follows a refused handshake
            self.refused()
            await self.close()  # before accept: the handshake is refused, and tried again

    def refused(self) -> None:
        """What the consumer forgets of a socket it refused."""

    def database_down(self, what: str, error: Exception) -> None:
        logger.warning(
            "A %s %s from %s: the database is not answering (%s)",
            self.kind,
            what,
            client_address(self.scope),
            " ".join(str(error).split()),
        )

    async def link_replaced(self) -> None:
        """Accepted, then closed with our code: a refused handshake would look like a dropped
        connection, and the page would keep trying a link that is gone."""
        await self.accept()
        await self.close(code=LINK_REPLACED)

    async def opened(self, session_id) -> None:
        await self.accept()
        self.session_id = session_id
        logger.info("A %s of session %s opened from %s", self.kind, session_id, client_address(self.scope))

    async def disconnect(self, code):
        if self.session_id:
            logger.info(
                "A %s of session %s closed (code %s) from %s",
                self.kind,
                self.session_id,
                code,
                client_address(self.scope),
            )
        await groups.leave(self)

    async def receive(self, text_data=None, bytes_data=None):
        """A ping is answered at once, reading nothing, so the page knows its socket still
        carries; nothing else a client sends is read."""
        if text_data == PING:
            await self.send(text_data=PONG)
            await self.pinged()

    async def pinged(self) -> None:
        """What else a consumer does on a ping."""

    async def show(self, html: str, revision: int) -> None:
        """Forward ``html`` if it is newer than what the socket shows."""
        if revision > self.revision:
            self.revision = revision
            await self.send(text_data=html)

    async def show_part(self, part: str, html: str, revision: int) -> None:
        """Forward one part of a page that comes in parts, each told of its own changes (a club
        night's standings move on fewer changes than its tables), if newer than that part shows."""
        shown = self.__dict__.setdefault("parts_shown", {})
        if revision > shown.get(part, -1):
            shown[part] = revision
            await self.send(text_data=html)

    async def link_close(self, event):
        await self.close(code=LINK_REPLACED)
