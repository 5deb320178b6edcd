"""WebSocket routes: the board of a session, through its share token."""

from django.urls import path

from .. import converters  # noqa: F401 (the <token:...> of the paths below)
from ..sockets.groups import layer_faults
from .consumer import BoardConsumer

websocket_urlpatterns = [
    path("ws/board/<token:token>/", layer_faults(BoardConsumer.as_asgi())),
]
