"""ASGI entry point: Django over HTTP, the boards', the seats', the host's pages' and a club night's
(its big screen, its players' own links) WebSockets through Channels (Daphne)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
django_asgi_app = get_asgi_application()  # before importing anything that touches models

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from referee.board.routing import websocket_urlpatterns as board_routes  # noqa: E402
from referee.host.routing import websocket_urlpatterns as host_routes  # noqa: E402
from referee.nights.routing import websocket_urlpatterns as night_routes  # noqa: E402
from referee.organiser.routing import websocket_urlpatterns as organiser_routes  # noqa: E402
from referee.screen.routing import websocket_urlpatterns as screen_routes  # noqa: E402
from referee.seats.routing import websocket_urlpatterns as seat_routes  # noqa: E402
from referee.sockets.refusals import SocketRefusals  # noqa: E402


def sockets_app():
    """The live pages' sockets, inside the origin check: a refusal is "try again",
    an origin refused is not."""
    return AllowedHostsOriginValidator(
        SocketRefusals(
            URLRouter(board_routes + seat_routes + host_routes + screen_routes + night_routes + organiser_routes)
        )
    )


application = ProtocolTypeRouter({"http": django_asgi_app, "websocket": sockets_app()})
