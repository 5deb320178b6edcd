"""/health/ for the proxy and for monitoring: 200 when the database and the channel layer
both answer, 503 naming the one that did not. No login and no secrets (what went wrong is
logged, not shown); a SELECT 1 and one message through the layer, on a channel of its own."""

from __future__ import annotations

import asyncio
import logging
import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

LAYER_WITHIN = 2.0  # seconds for the layer's message to come back
OK, UNAVAILABLE = "ok", "unavailable"
logger = logging.getLogger(__name__)


def database_answers() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def channel_layer_answers() -> None:
    async_to_sync(_round_trip)()


async def _round_trip() -> None:
    """One message sent and received on a channel nobody else uses (not a process's own
    channel: that one's inbox is shared with the boards' sockets)."""
    layer = get_channel_layer()
    channel = f"health.{uuid.uuid4().hex}"
    async with asyncio.timeout(LAYER_WITHIN):
        await layer.send(channel, {"type": "health.check"})
        await layer.receive(channel)


CHECKS = {"database": database_answers, "channel_layer": channel_layer_answers}


@never_cache
@require_GET
def health(request):
    results = {}
    for name, check in CHECKS.items():
        try:
            check()
            results[name] = OK
        except Exception:
            logger.exception("Health check: the %s did not answer.", name.replace("_", " "))
            results[name] = UNAVAILABLE
    return JsonResponse(results, status=200 if all(value == OK for value in results.values()) else 503)
