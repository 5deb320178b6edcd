"""The board's WebSocket, read-only: on connect it joins its session's groups and sends the
current board to this socket only; afterwards it forwards what the session's broadcast
sends, if newer than what it shows. A client's "ping" (the board's heartbeat) is answered
with PONG, a fragment that changes nothing on the board; anything else a client sends is
ignored."""

import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from scoring.models import Session

from ..database_down import is_database_down
from ..sockets import groups
from ..sockets.faults import health, is_layer_down
from ..sockets.opening import opening
from .render import render_board, session_group, token_group

LINK_REPLACED = 4004  # close code: this link was replaced (or never was), the board stops trying
PING = "ping"
PONG = '<i id="board-pulse" hidden hx-swap-oob="true"></i>'  # swaps the page's empty mark: nothing changes
logger = logging.getLogger(__name__)


def session_of_token(token: str) -> Session | None:
    return Session.objects.filter(share_token=token).first()


def client_address(scope) -> str:
    return (scope.get("client") or ["-"])[0]


class BoardConsumer(AsyncWebsocketConsumer):
    groups_joined: tuple[str, ...] = ()
    revision = -1  # the session's revision of the board this socket shows
    session_id = None

    async def connect(self):
        """The board as it is now, read before the handshake is accepted: with the database
        not answering, the handshake is refused (not a fault's traceback), and the page keeps
        the board it shows and tries again after its backoff (static/js/board.js)."""
        await opening.open_in_turn(self)

    async def open_or_refuse(self):
        try:
            await self.open_board()
        except Exception as error:
            if isinstance(error, groups.LayerDown) or is_layer_down(error):
                health.failed(error)  # said once for the process, not once a socket
            elif is_database_down(error):
                logger.warning(
                    "A board could not open from %s: the database is not answering (%s)",
                    client_address(self.scope),
                    " ".join(str(error).split()),
                )
            else:
                raise
            await groups.leave(self)  # no disconnect follows a refused handshake
            await self.close()  # before accept: the handshake is refused, and tried again

    async def open_board(self):
        token = self.scope["url_route"]["kwargs"]["token"]
        session = await database_sync_to_async(session_of_token)(token)
        if session is None:
            # Accepted, then closed with our code: a refused handshake looks like a dropped
            # connection, and the board would keep trying a link that is gone.
            await self.accept()
            await self.close(code=LINK_REPLACED)
            return
        # Joined before the board is read: no change is missed.
        await groups.join(self, (session_group(session.pk), token_group(token)))
        board = await database_sync_to_async(render_board)(session)
        await self.accept()
        self.session_id = session.public_id
        logger.info("A board of session %s opened from %s", self.session_id, client_address(self.scope))
        self.revision = board.revision
        await self.send(text_data=board.html)

    async def disconnect(self, code):
        if self.session_id:
            logger.info(
                "A board of session %s closed (code %s) from %s", self.session_id, code, client_address(self.scope)
            )
        await groups.leave(self)

    async def receive(self, text_data=None, bytes_data=None):
        """Read-only: a client's messages change nothing; a ping is answered at once,
        without reading anything, so the board knows its socket still carries."""
        if text_data == PING:
            await self.send(text_data=PONG)

    async def board_html(self, event):
        """Forward a board newer than the one shown (an older one can arrive later when two
        changes commit at once)."""
        if event["revision"] > self.revision:
            self.revision = event["revision"]
            await self.send(text_data=event["html"])

    async def board_close(self, event):
        await self.close(code=LINK_REPLACED)
