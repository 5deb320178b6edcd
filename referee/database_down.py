"""While the database is not answering (stopped, restarting, out of reach), a request that
needed it is answered 503 with Retry-After and the words below, not the fault page: a whole
page in the app's look (templates/503.html, which tries itself again), an htmx request the
words alone, as plain text (static/js/failures.js shows them). One warning line a request,
without a traceback: an outage is not a bug, and it would fill the log.

A pool that has no connection free in time while the database answers (the server busy) is
another answer's (referee/overload.py); when the pool's last attempt to connect failed, it is
this one. /health/ answers for itself (503, naming the database).

Once it is back, every page answers at once: a GET whose connection broke (one kept by the pool
from before the restart) is asked again on a new one, after the pool has dropped every broken
connection it held (DatabaseDownMiddleware)."""

from __future__ import annotations

import logging

import psycopg
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse
from django.template.loader import render_to_string

from referee.database_pool import CountedConnection
from referee.overload import PoolTimeout, pool_busy

DATABASE_DOWN = "The database is not answering. Rounds already recorded are safe; try again in a moment."
RETRY_AFTER = 10  # seconds: the page's own retry, and what the answer asks clients to wait
CONNECT_WITHIN = 2  # s: libpq's connect_timeout (its least) for asking whether the database is back
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


def broke_on_a_connection(error: BaseException) -> bool:
    """Whether ``error`` came from a connection the request already had (one kept from before
    the database restarted, say), not from finding none (the pool's timeout)."""
    return PoolTimeout is None or not isinstance(error.__cause__, PoolTimeout)


def drop_broken_connections() -> None:
    """This request's connection back to the pool (which drops it, broken), and every idle one
    the pool holds checked (an empty query each), the broken ones replaced: after a restart of
    the database, the connections from before it fail no other request."""
    connection.close()
    pool = getattr(connection, "pool", None)  # Django's psycopg pool, on PostgreSQL
    if pool is not None:
        pool.check()


def database_answers() -> bool:
    """Whether the database takes a new connection now: PostgreSQL asked directly, outside the
    pool (whose wait would hold an outage's first answer back), within CONNECT_WITHIN seconds.
    A SQLite file is always there."""
    if connection.vendor != "postgresql":
        return True
    params = {**connection.get_connection_params(), "connect_timeout": CONNECT_WITHIN}
    try:
        CountedConnection.connect(**params).close()
    except psycopg.Error:
        return False
    return True


class DatabaseDownMiddleware:
    """Answers a view's database connection error (raised by the view, its decorators, the
    lazy user or session they read, or its template) with database_down_response.

    A GET (or HEAD) whose connection broke while the database answers is asked again, once, on
    a new connection: after a restart of the database, the first request on each connection kept
    from before it would otherwise be answered 503, and its page would come back only after its
    Retry-After. While the database does not answer, it is answered 503 at once."""

    sync_capable, async_capable = True, False
    ASKED_AGAIN = {"GET", "HEAD"}  # safe to ask twice: they change nothing

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if getattr(request, "ask_again", False):
            request.ask_again = False
            response = self.get_response(request)
        return response

    def process_exception(self, request, exception):
        if not is_database_down(exception):
            return None
        said = " ".join(str(exception).split())  # the driver's words, on the one line
        if broke_on_a_connection(exception) and not getattr(request, "asked_again", False):
            drop_broken_connections()
            if request.method in self.ASKED_AGAIN and database_answers():
                request.ask_again = request.asked_again = True
                logger.warning(
                    "%s %s: its database connection broke (%s): asked again", request.method, request.path, said
                )
                return HttpResponse(status=503)  # in place of the answer, asked for again at once
        logger.warning("%s %s: the database is not answering (%s)", request.method, request.path, said)
        return database_down_response(request)
