"""WebSocket routes: a player's own seat, through its private link."""

from django.urls import path

from ..sockets.faults import layer_faults
from .consumer import SeatConsumer

websocket_urlpatterns = [
    path("ws/seat/<str:token>/", layer_faults(SeatConsumer.as_asgi())),
]
