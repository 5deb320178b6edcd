"""The floor of the board bench: the least a round could cost on the same stack (the same
middleware, database and channel layer). A logged-in POST inserts one row in a
transaction, and after the commit sends a fixed 4 KB fragment to a group of 4 sockets;
each socket forwards what its group sends."""

import uuid

from asgiref.sync import async_to_sync
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.views.decorators.http import require_POST

from scoring.models import Player

OPEN, CLOSE = '<section id="board-last" hx-swap-oob="true"><p>', "</p></section>"
FRAGMENT = OPEN + "x" * (4096 - len(OPEN) - len(CLOSE)) + CLOSE  # 4 KB, about a board's size


def floor_group(group: int) -> str:
    return f"bench-floor-{group}"


@login_required
@require_POST
def floor_round(request, group: int):
    with transaction.atomic():
        Player.objects.create(host=request.user, name=f"floor {uuid.uuid4().hex[:16]}")
        transaction.on_commit(
            lambda: async_to_sync(get_channel_layer().group_send)(
                floor_group(group), {"type": "board.html", "html": FRAGMENT}
            )
        )
    return HttpResponse("<p>Recorded.</p>")


class FloorBoard(AsyncWebsocketConsumer):
    async def connect(self):
        self.group = floor_group(self.scope["url_route"]["kwargs"]["group"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def board_html(self, event):
        await self.send(text_data=event["html"])
