"""WebSocket routes: a player's own seat, through its private link."""

from django.urls import path

from .. import converters  # noqa: F401 (the <token:...> of the paths below)
from ..sockets.groups import layer_faults
from .consumer import SeatConsumer

websocket_urlpatterns = [
    path("ws/seat/<token:token>/", layer_faults(SeatConsumer.as_asgi())),
]
