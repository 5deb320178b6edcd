"""The project's ASGI application, with the floor's sockets (tests/bench/floor.py) at
/ws/bench/floor/<group>/ behind the same origin check: served by the same Daphne process."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.bench.settings")

from channels.routing import URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from referee.asgi import application as project  # noqa: E402  (sets Django up)

from .floor import FloorBoard  # noqa: E402

floor_sockets = AllowedHostsOriginValidator(URLRouter([path("ws/bench/floor/<int:group>/", FloorBoard.as_asgi())]))


async def application(scope, receive, send):
    if scope["type"] == "websocket" and scope["path"].startswith("/ws/bench/"):
        return await floor_sockets(scope, receive, send)
    return await project(scope, receive, send)
