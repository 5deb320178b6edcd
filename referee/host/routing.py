"""WebSocket routes: the host's session page, through the host's login (the session cookie)."""

from channels.auth import AuthMiddlewareStack
from django.urls import path

from ..sockets.groups import layer_faults
from .consumer import HostConsumer

websocket_urlpatterns = [
    path("ws/host/<uuid:session_id>/", layer_faults(AuthMiddlewareStack(HostConsumer.as_asgi()))),
]
