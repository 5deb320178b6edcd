"""WebSocket routes: a club night's organiser's page, behind the login (AuthMiddlewareStack)."""

from channels.auth import AuthMiddlewareStack
from django.urls import path

from ..sockets.groups import layer_faults
from .consumer import OrganiserConsumer

websocket_urlpatterns = [
    path("ws/event/<uuid:event_id>/", layer_faults(AuthMiddlewareStack(OrganiserConsumer.as_asgi()))),
]
