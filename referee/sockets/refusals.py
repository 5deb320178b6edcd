"""A socket the app will not open now is answered "try again", never dropped: the proxy in
front (deploy/nginx/brag-referee.conf) counts a dropped handshake as its process failing, and
its pages' reconnect (static/js/board.js, seat.js) tries again after its backoff either way.

Around the sockets' ASGI app (referee/asgi.py), this answers a handshake that
- the consumer refuses (closed before it is accepted: its process busy opening others, the
  database or Redis not answering),
- raises, before it is accepted, a database error that says the server is busy or the
  database is down (referee/database_unavailable.py), or
- is not accepted within DEADLINE seconds (its process is queueing database reads)
with a refusal: ASGI's WebSocket denial response, 503 with Retry-After, where the server
offers it; otherwise a close before the handshake is accepted, which Daphne answers 403 (it
has no denial response) and the site's nginx passes on as 503 with Retry-After. Past the
deadline, Daphne would reset the connection (its handshake limit, raised in
referee/management/commands/serve.py to a last resort). Whatever the consumer sends once its
socket was refused goes nowhere; it is told of the disconnect, as for any refused socket.
Once open, a socket whose consumer stops on such an error (a seat's write finding the pool
busy) is closed with TRY_AGAIN, and said in the same line, not as a traceback.

Refusals are said in one line per SAY_EVERY seconds, with their reasons, not one each."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter

from ..database_unavailable import SERVER_BUSY, is_database_down, pool_busy

DEADLINE = 3.0  # s: a socket not opened by then is refused, well within Daphne's handshake limit
RETRY_AFTER = SERVER_BUSY.retry_after  # s, as for a busy request
REFUSED = "The server is busy: this screen connects again by itself in a moment."
DENIAL = "websocket.http.response"  # ASGI's extension for answering a handshake with HTTP
# Closed so, the page connects again after its backoff (any code but LINK_REPLACED). WebSocket's
# own "Try Again Later", 1013, is not one a server may send here: Daphne sends 1000 or a code of
# 3000 to 4999 and raises on any other, so the socket was never closed and the log had a
# traceback. 4013: the application's own, after it.
TRY_AGAIN = 4013
SAY_EVERY = 30.0  # s
logger = logging.getLogger(__name__)


class Said:
    """Refusals counted by reason, said in one line every SAY_EVERY seconds."""

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self.reasons: Counter[str] = Counter()
        self.last_said: float | None = None

    def refused(self, reason: str) -> None:
        self.reasons[reason] += 1
        now = self.clock()
        if self.last_said is None or now - self.last_said >= SAY_EVERY:
            counted = ", ".join(f"{count} {why}" for why, count in self.reasons.most_common())
            logger.warning("Sockets told to try again (the pages try again after their backoff): %s", counted)
            self.last_said, self.reasons = now, Counter()


def refusable(error: BaseException) -> bool:
    """Whether ``error``, raised before a socket opened, means "not now" rather than a fault."""
    return pool_busy(error) or is_database_down(error)


class Handshake:
    """One socket's handshake, as the consumer's messages go through: answered once, by the
    consumer's accept or close or by refuse(); after a refusal, the consumer's words go nowhere."""

    def __init__(self, scope, send):
        self.send_on = send
        self.denial = DENIAL in (scope.get("extensions") or {})
        self.answered = asyncio.Event()
        self.accepted = self.refused = False

    async def send(self, message) -> None:
        if self.refused:
            return
        if not self.answered.is_set():
            if message["type"] == "websocket.close":
                await self.refuse()
                return
            self.answered.set()
            self.accepted = message["type"] == "websocket.accept"
        await self.send_on(message)

    async def refuse(self) -> None:
        self.answered.set()
        self.refused = True
        if not self.denial:
            await self.send_on({"type": "websocket.close"})
            return
        await self.send_on(
            {
                "type": "websocket.http.response.start",
                "status": 503,
                "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"retry-after", str(RETRY_AFTER).encode()),
                    (b"cache-control", b"no-store"),
                ],
            }
        )
        await self.send_on({"type": "websocket.http.response.body", "body": REFUSED.encode()})


class SocketRefusals:
    """ASGI middleware: every WebSocket handshake answered within ``deadline`` seconds; its
    refusals said in its own lines (one app a process: referee/asgi.py)."""

    def __init__(self, inner, deadline: float = DEADLINE):
        self.inner, self.deadline = inner, deadline
        self.said = Said()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.inner(scope, receive, send)
        handshake = Handshake(scope, send)
        consumer = asyncio.ensure_future(self.inner(scope, receive, handshake.send))
        try:
            answered = asyncio.ensure_future(handshake.answered.wait())
            try:
                await asyncio.wait({consumer, answered}, timeout=self.deadline, return_when=asyncio.FIRST_COMPLETED)
            finally:
                answered.cancel()
            if not handshake.answered.is_set() and not consumer.done():
                self.said.refused(f"not opened within {self.deadline:g} s")
                await handshake.refuse()
            await consumer
        except Exception as error:
            if not refusable(error):
                raise
            if handshake.accepted:  # its consumer stopped: the page connects again after its backoff
                self.said.refused("closed once open, the server busy or the database not answering")
                await send({"type": "websocket.close", "code": TRY_AGAIN})
            elif not handshake.refused:
                self.said.refused("the server busy or the database not answering")
                await handshake.refuse()
        finally:
            consumer.cancel()  # only if we are cancelled ourselves: it is done otherwise
