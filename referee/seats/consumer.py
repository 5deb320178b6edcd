"""A seat's WebSocket: on connect it joins the session's seats group and its own link's
group, and sends this seat's page as it is now to this socket only. Afterwards it forwards
what each change rendered once (referee.seats.broadcast): what every seat sees alike, from
the seats group, and this seat's own part, from its link's group; it reads nothing itself.
A seat's cards never travel through the seats group. Whether the seat is connected is
written when its socket opens and closes, and at most once a SEEN_EVERY while it stays open:
a heartbeat costs no write."""

import time

from channels.db import database_sync_to_async

from scoring import queries, services

from ..database_unavailable import is_database_down
from ..sockets import groups
from ..sockets.live import LiveConsumer
from .render import render_own, render_shared, seat_group, seat_token_group, seats_now

SEEN_EVERY = 60.0  # seconds (scoring/queries.py: SEAT_CONNECTED_WITHIN is more than two of them)


def seat_opened(token: str):
    """This seat's page as it is now (shared and own), and the seat marked as heard from:
    one trip to the database's thread, not two."""
    seat = queries.seat_of_token(token)
    if seat is None:
        return None
    services.seat_seen(token)  # first: a change after the read below tells this seat too
    now = seats_now(seat.session)
    return seat.session.public_id, render_shared(now), render_own(now, seat)


def seat_present(token: str, present: bool = True) -> None:
    """The seat's phone opened (its page shown: the opening is not kept waiting for this) or
    closed its page: the host's page and the board are told."""
    services.seat_presence(token=token, present=present)


class SeatConsumer(LiveConsumer):
    kind = "seat"
    token = ""
    own_revision = -1  # the revision of this seat's own part on the page
    seen_at = 0.0  # when the seat was last written down as heard from

    async def open(self):
        token = self.scope["url_route"]["kwargs"]["token"]
        seat = await database_sync_to_async(queries.seat_of_token)(token)
        if seat is None:
            await self.link_replaced()
            return
        self.token = token
        # Joined before the seat is read: no change is missed.
        await groups.join(self, (seat_group(seat.session_id), seat_token_group(token)))
        opened = await database_sync_to_async(seat_opened)(token)
        if opened is None:  # replaced meanwhile
            await self.link_replaced()
            return
        session_id, shared, own = opened
        self.seen_at = time.monotonic()
        await self.opened(session_id)
        await self.show(shared.html, shared.revision)
        await self.show_own(own.html, own.revision)
        await self.quietly(seat_present, token)

    def refused(self) -> None:
        self.token = ""

    async def disconnect(self, code):
        await super().disconnect(code)
        if self.token:
            await self.quietly(seat_present, self.token, False)

    async def pinged(self):
        """Written down as heard from at most once a SEEN_EVERY (the host's panel shows the
        seat connected meanwhile: it was written when the socket opened)."""
        if self.token and time.monotonic() - self.seen_at >= SEEN_EVERY:
            self.seen_at = time.monotonic()
            await self.quietly(services.seat_seen, self.token)

    async def quietly(self, call, *args):
        """A write that may wait for the database to come back: given up with a warning while
        it does not answer (the next one says it again)."""
        try:
            await database_sync_to_async(call)(*args)
        except Exception as error:
            if not is_database_down(error):
                raise
            self.database_down("missed a write", error)

    async def show_own(self, html: str, revision: int) -> None:
        if revision > self.own_revision:
            self.own_revision = revision
            await self.send(text_data=html)

    async def seat_shared(self, event):
        await self.show(event["html"], event["revision"])

    async def seat_own(self, event):
        await self.show_own(event["html"], event["revision"])
