"""While the database is not answering (stopped, restarting, out of reach), a request that
needed it is answered 503 with Retry-After and the words below, not the fault page: a whole
page in the app's look (templates/503.html, which tries itself again), an htmx request the
words alone, as plain text (static/js/failures.js shows them). One warning line a request,
without a traceback: an outage is not a bug, and it would fill the log.

A pool that has no connection free in time while the database answers (the server busy) is
another answer's (referee/overload.py); when the pool's last attempt to connect failed, it is
this one. /health/ answers for itself (503, naming the database)."""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.deprecation import MiddlewareMixin

from referee.overload import pool_busy

DATABASE_DOWN = "The database is not answering. Rounds already recorded are safe; try again in a moment."
RETRY_AFTER = 10  # seconds: the page's own retry, and what the answer asks clients to wait
logger = logging.getLogger(__name__)


def is_database_down(error: BaseException) -> bool:
    """Whether ``error`` says the database could not be reached or dropped the connection
    (Django's OperationalError or InterfaceError around the driver's, or the pool unable to
    connect), not a fault of ours (a query Django refused, a constraint) nor a busy pool."""
    return isinstance(error, OperationalError | InterfaceError) and not pool_busy(error)


def database_down_response(request) -> HttpResponse:
    """The 503 answer to ``request``: the words alone for htmx, else the page."""
    if getattr(request, "htmx", False):
        response = HttpResponse(DATABASE_DOWN, status=503, content_type="text/plain; charset=utf-8")
    else:
        again = request.get_full_path() if request.method == "GET" else ""
        context = {"heading": "Waiting for the database", "message": DATABASE_DOWN, "again": again}
        page = render_to_string("503.html", context | {"retry_after": RETRY_AFTER})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseDownMiddleware(MiddlewareMixin):
    """Answers a view's database connection error (raised by the view, its decorators, the
    lazy user or session they read, or its template) with database_down_response."""

    def process_exception(self, request, exception):
        if not is_database_down(exception):
            return None
        said = " ".join(str(exception).split())  # the driver's words, on the one line
        logger.warning("%s %s: the database is not answering (%s)", request.method, request.path, said)
        return database_down_response(request)
