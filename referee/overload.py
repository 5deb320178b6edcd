"""Past capacity: a request that found no database connection free within the pool's wait
(referee/database_pool.py) is answered 503 with Retry-After and plain words, never a 500 and
never another connection. Nothing of it was saved (its transaction never began), and a round
sent again keeps its submission id, so the round entry page sends it again safely
(static/js/outbox.js). One warning line a request saying why, without a traceback: a busy
moment is not a bug (Django's request log adds its "Service Unavailable" line, as for any 5xx).

The pool waits the same way whether the server is busy or the database is down; the pool's
last attempt to connect tells the two apart (a failed one: referee/database_down.py's answer)."""

from __future__ import annotations

import logging

from django.db import OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.deprecation import MiddlewareMixin

from referee.database_pool import attempts

try:  # Django's own PostgreSQL pool, when installed
    from psycopg_pool import PoolTimeout
except ImportError:  # pragma: no cover - no pool, no pool timeout
    PoolTimeout = None

BUSY = "The server is busy: nothing was recorded, try again in a moment."
BUSY_PAGE = "The server is busy: try again in a moment."
RETRY_AFTER = 5  # s: a busy moment passes in seconds; the page and the outbox try again then
logger = logging.getLogger(__name__)


def pool_busy(error: BaseException) -> bool:
    """Whether ``error`` is the pool having no connection free in time while the database
    answers (its last attempt to connect, if any, succeeded)."""
    return (
        PoolTimeout is not None
        and isinstance(error, OperationalError)
        and isinstance(error.__cause__, PoolTimeout)
        and not attempts.last_failed
    )


def busy_response(request) -> HttpResponse:
    """The 503 answer to ``request``: the words alone for htmx, else the page."""
    if getattr(request, "htmx", False):
        response = HttpResponse(BUSY, status=503, content_type="text/plain; charset=utf-8")
    else:
        again = request.get_full_path() if request.method == "GET" else ""
        context = {
            "heading": "The server is busy",
            "message": BUSY_PAGE if again else BUSY,
            "again": again,
            "retry_after": RETRY_AFTER,
        }
        response = HttpResponse(render_to_string("503.html", context), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


class OverloadMiddleware(MiddlewareMixin):
    """Answers a view's pool timeout (raised by the view, its decorators, the lazy user or
    session they read, or its template) with busy_response."""

    def process_exception(self, request, exception):
        if not pool_busy(exception):
            return None
        logger.warning("%s %s: the server is busy (no database connection free in time)", request.method, request.path)
        return busy_response(request)
