"""WebSocket routes: a player's own page of a club night, through their link's token."""

from django.urls import path

from .. import converters  # noqa: F401 (the <token:...> of the paths below)
from ..sockets.groups import layer_faults
from .consumer import NightConsumer

websocket_urlpatterns = [
    path("ws/night/<token:token>/", layer_faults(NightConsumer.as_asgi())),
]
