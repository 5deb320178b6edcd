"""A seat's WebSocket: on connect it joins the session's seats group and its own link's
group, and sends this seat's fragments to this socket only. After each committed change
the session's seats hear a note without cards (the revision only); each socket then
renders its own seat's fragments and sends them, if newer than what it shows: a seat's
cards never travel through a group. A "ping" (the page's heartbeat) is answered and tells
the host the seat is connected; a replaced link is closed with LINK_REPLACED."""

import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from scoring import queries, services

from ..board.consumer import LINK_REPLACED, PING, client_address
from ..database_down import is_database_down
from ..sockets import groups
from ..sockets.faults import health, is_layer_down
from ..sockets.opening import opening
from .render import render_seat, seat_group, seat_token_group

PONG = '<i id="seat-pulse" hidden hx-swap-oob="true"></i>'  # swaps the page's empty mark: nothing changes
logger = logging.getLogger(__name__)
MISSED = object()  # what a read gives up while the database is not answering (SeatConsumer.quietly)


def session_of_seat(token: str):
    seat = queries.seat_of_token(token)
    return seat.session if seat else None


def seat_opened(token: str):
    """The seat's fragments, and the seat marked as heard from: one trip to the database's
    thread, not two (a storm of seats opening waits for that thread in turn)."""
    fragment = render_seat(token)
    services.seat_seen(token)
    return fragment


class SeatConsumer(AsyncWebsocketConsumer):
    groups_joined: tuple[str, ...] = ()
    revision = -1  # the session's revision of the fragments this socket shows
    token = ""

    async def connect(self):
        """The seat as it is now, read before the handshake is accepted: with the database
        not answering, the handshake is refused (a warning, not a fault's traceback), and the
        page keeps what it shows and tries again after its backoff, as the board does."""
        await opening.open_in_turn(self)

    async def open_or_refuse(self):
        try:
            await self.open_seat()
        except Exception as error:
            if isinstance(error, groups.LayerDown) or is_layer_down(error):
                health.failed(error)  # said once for the process, not once a socket
            elif is_database_down(error):
                self.database_down("could not open", error)
            else:
                raise
            await groups.leave(self)  # no disconnect follows a refused handshake
            self.token = ""
            await self.close()

    def database_down(self, what: str, error: Exception) -> None:
        logger.warning(
            "A seat %s from %s: the database is not answering (%s)",
            what,
            client_address(self.scope),
            " ".join(str(error).split()),
        )

    async def quietly(self, call, *args):
        """A read or write of the seat's that may wait for the database to come back: given
        up with a warning while it does not answer (the seat catches up on the next change,
        or when its page reconnects)."""
        try:
            return await database_sync_to_async(call)(*args)
        except Exception as error:
            if not is_database_down(error):
                raise
            self.database_down("missed a change", error)
            return MISSED

    async def open_seat(self):
        token = self.scope["url_route"]["kwargs"]["token"]
        session = await database_sync_to_async(session_of_seat)(token)
        if session is None:
            # Accepted, then closed with our code: the page says the link was replaced and
            # stops trying (a refused handshake would look like a dropped connection).
            await self.accept()
            await self.close(code=LINK_REPLACED)
            return
        self.token = token
        # Joined before the seat is read: no change is missed.
        await groups.join(self, (seat_group(session.pk), seat_token_group(token)))
        fragment = await database_sync_to_async(seat_opened)(token)
        await self.accept()
        logger.info("A seat of session %s opened from %s", session.public_id, client_address(self.scope))
        await self.show(fragment, self.revision)

    async def disconnect(self, code):
        await groups.leave(self)
        if self.token:
            await self.quietly(services.seat_seen, self.token, False)

    async def receive(self, text_data=None, bytes_data=None):
        """A ping is answered (and the seat marked as heard from); nothing else a client
        sends is read: hands go through the page's form."""
        if text_data == PING and self.token:
            await self.send(text_data=PONG)
            await self.quietly(services.seat_seen, self.token)

    async def send_seat(self, newer_than: int):
        fragment = await self.quietly(render_seat, self.token)
        if fragment is MISSED:
            return
        await self.show(fragment, newer_than)

    async def show(self, fragment, newer_than: int):
        if fragment is None:  # the link was replaced meanwhile
            await self.close(code=LINK_REPLACED)
        elif fragment.revision > newer_than or self.revision < 0:
            self.revision = max(self.revision, fragment.revision)
            await self.send(text_data=fragment.html)

    async def seat_changed(self, event):
        """The session changed: this seat's own fragments, if this change is news here."""
        if event["revision"] > self.revision:
            await self.send_seat(self.revision)

    async def seat_close(self, event):
        await self.close(code=LINK_REPLACED)
