"""ASGI entry point: Django over HTTP, Channels over WebSockets (served by Daphne)."""

import gc
import os

import django
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")


class OneWorkerThread(ASGIHandler):
    """Django's ASGI handler, with every request's sync code (the middleware, the view, the
    database) run on the process's one worker thread for sync code, the thread Channels'
    consumers already share, as Django did before 4.0. Since 4.0 each request starts a
    thread of its own (two, with asgiref 3.13) and opens a new database connection in it,
    which cost more than the view on the way from a round to the boards; here the thread
    keeps its connection (settings: CONN_MAX_AGE). Under the GIL the requests' Python ran
    one at a time anyway; what this gives up is one request's waits (the database, Redis)
    overlapping another's work: a slow step holds up the process's other requests and its
    boards' reads meanwhile, which a second process gives back (README: several processes)."""

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)  # no ThreadSensitiveContext: the shared thread


# Set up Django before importing anything that touches models (as get_asgi_application does).
django.setup(set_prefix=False)
django_asgi_app = OneWorkerThread()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from .routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # The board is read-only and needs no login: no session or user is looked up.
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)

# Everything loaded so far (Django, the templates, the engine's 66,300 ranked hands) lives as
# long as the process: keep it out of the garbage collector's full passes, which otherwise
# stop the server for 50 ms or more now and then, boards included.
gc.freeze()
