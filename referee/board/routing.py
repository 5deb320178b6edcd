"""WebSocket routes: the board of a session, through its share token."""

from django.urls import path

from .consumer import BoardConsumer

websocket_urlpatterns = [
    path("ws/board/<str:token>/", BoardConsumer.as_asgi()),
]
