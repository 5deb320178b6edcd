"""The board's WebSocket: read-only. On connect it sends the current board to this socket
only; afterwards it forwards what the session's broadcast sends. Anything a client sends
is ignored."""

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from scoring.models import Session

from . import handover
from .board import render_board, session_group, token_group


class BoardConsumer(AsyncWebsocketConsumer):
    async def __call__(self, scope, receive, send):
        """Counted among this process's boards (see handover) from joining the session's
        group to the end, however it ends: a crash in connect, or a cancelled disconnect,
        mustn't leave a board counted that will never forward anything."""
        self.counted: list[str] = []
        self.revision = -1  # of the board this socket shows
        try:
            await super().__call__(scope, receive, send)
        finally:
            for group in self.counted:
                handover.left(group)

    async def connect(self):
        self.token = self.scope["url_route"]["kwargs"]["token"]
        session = await database_sync_to_async(Session.objects.filter(share_token=self.token).first)()
        if session is None:
            await self.close()  # an unknown or rotated token
            return
        boards = session_group(session.pk)
        self.groups_joined = [boards, token_group(self.token)]
        for group in self.groups_joined:  # from here on no change is missed...
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        board = await database_sync_to_async(render_board)(session)
        self.revision = board.revision
        await self.send(text_data=board.html)
        # ...but a change is waited for only once this board shows one: until then its render
        # queues behind the very view that would be waiting for it (asgi.py: one worker thread).
        handover.joined(boards)
        self.counted.append(boards)

    async def dispatch(self, message):
        """Channels' dispatch without the database clean-up it does before every handler:
        that is a hop to a worker thread for each board and each change, queued behind
        whatever the thread is doing, and this consumer reads the database only through
        database_sync_to_async, which cleans up around each call itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Read-only: a client's messages change nothing."""

    async def board_html(self, event):
        """Forward a board newer than the one shown (an older one can arrive later when two
        changes commit at once, or a change lands while this board is being rendered)."""
        if event["revision"] > self.revision:
            self.revision = event["revision"]
            await self.send(text_data=event["html"])
        handover.forwarded(event.get("receipt"))

    async def board_close(self, event):
        await self.close(code=4004)
