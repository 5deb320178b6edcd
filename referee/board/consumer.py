"""The board's WebSocket, read-only: on connect it joins its session's groups and sends the
current board to this socket only; afterwards it forwards the board each change rendered
once for every board of the session (referee.board.broadcast), if newer than what it shows,
and the finale the host plays or stops (referee.board.finale)."""

from channels.db import database_sync_to_async

from scoring.models import Session

from ..sockets import groups
from ..sockets.live import LiveConsumer
from .render import render_board, session_group, token_group


def session_of_token(token: str) -> Session | None:
    return Session.objects.filter(share_token=token).first()


class BoardConsumer(LiveConsumer):
    kind = "board"

    async def open(self):
        token = self.scope["url_route"]["kwargs"]["token"]
        session = await database_sync_to_async(session_of_token)(token)
        if session is None:
            await self.link_replaced()
            return
        # Joined before the board is read: no change is missed.
        await groups.join(self, (session_group(session.pk), token_group(token)))
        board = await database_sync_to_async(render_board)(session)
        await self.opened(session.public_id)
        await self.show(board.html, board.revision)

    async def board_html(self, event):
        await self.show(event["html"], event["revision"])

    async def board_finale(self, event):
        """The night's story played, or stopped (board.finale): a show beside the board's
        revisions, forwarded as it comes."""
        await self.send(text_data=event["html"])
