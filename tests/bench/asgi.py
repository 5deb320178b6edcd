"""The project's ASGI application plus two bare consumers, for the board benchmark's
floors (an echo, and a group fan-out), served by the same Daphne process."""

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import ProtocolTypeRouter, URLRouter
from django.urls import path

from referee.asgi import application as project
from referee.routing import websocket_urlpatterns


class Echo(AsyncWebsocketConsumer):
    async def receive(self, text_data=None, bytes_data=None):
        await self.send(text_data=text_data)


class FanOut(AsyncWebsocketConsumer):
    """Joins a group; a message it receives goes to the whole group (itself included)."""

    async def connect(self):
        self.group = self.scope["url_route"]["kwargs"]["group"]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(self.group, {"type": "board.html", "html": text_data})

    async def board_html(self, event):
        await self.send(text_data=event["html"])

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)


application = ProtocolTypeRouter({
    "http": project,
    "websocket": URLRouter([
        path("ws/bench/echo/", Echo.as_asgi()),
        path("ws/bench/fanout/<str:group>/", FanOut.as_asgi()),
        *websocket_urlpatterns,
    ]),
})
