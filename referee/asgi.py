"""ASGI entry point: Django over HTTP, Channels over WebSockets (served by Daphne)."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
# Set up Django before importing anything that touches models.
django_asgi_app = get_asgi_application()

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
