"""WebSocket routes: a club night's big screen, through its link's token."""

from django.urls import path

from .. import converters  # noqa: F401 (the <token:...> of the paths below)
from ..sockets.groups import layer_faults
from .consumer import ScreenConsumer

websocket_urlpatterns = [
    path("ws/screen/<token:token>/", layer_faults(ScreenConsumer.as_asgi())),
]
