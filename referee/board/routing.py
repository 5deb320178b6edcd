"""WebSocket routes: the board of a session, through its share token."""

from django.urls import path

from ..sockets.faults import layer_faults
from .consumer import BoardConsumer

websocket_urlpatterns = [
    path("ws/board/<str:token>/", layer_faults(BoardConsumer.as_asgi())),
]
