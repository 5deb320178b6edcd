"""One log line a request, for a person reading the server's output (or journald):
method, path, status, how long the app took, and the client's address as Django sees it
(behind the proxy, the address the proxy passed on)."""

import logging
import time

from asgiref.sync import iscoroutinefunction
from django.utils.decorators import sync_and_async_middleware

logger = logging.getLogger("referee.requests")
LOGGED_PATH = 200  # characters of a path said: a link a person uses is shorter; a hand-made one is cut


def shortened(text: str, most: int = LOGGED_PATH) -> str:
    return text if len(text) <= most else text[:most] + "…"


def log_request(request, response, started: float) -> None:
    took = (time.perf_counter() - started) * 1000
    logger.info(
        "%s %s %s %.0f ms from %s",
        shortened(request.method),
        shortened(request.path),
        response.status_code,
        took,
        request.META.get("REMOTE_ADDR") or "-",
    )


@sync_and_async_middleware
def request_log(get_response):
    if iscoroutinefunction(get_response):

        async def middleware(request):
            started = time.perf_counter()
            response = await get_response(request)
            log_request(request, response, started)
            return response
    else:

        def middleware(request):
            started = time.perf_counter()
            response = get_response(request)
            log_request(request, response, started)
            return response

    return middleware
