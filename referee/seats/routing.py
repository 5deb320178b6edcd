"""WebSocket routes: a player's own seat, through its private link."""

from django.urls import path

from .consumer import SeatConsumer

websocket_urlpatterns = [
    path("ws/seat/<str:token>/", SeatConsumer.as_asgi()),
]
