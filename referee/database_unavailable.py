"""A request that needed the database while it could not have it is answered 503 with
Retry-After and plain words, never the fault page nor a 500: a whole page in the app's look
(templates/503.html, which a GET tries again by itself), an htmx request the words alone, as
plain text (static/js/failures.js shows them). One warning line a request says why, without a
traceback: a busy moment or an outage is not a bug, and it would fill the log.

Two causes, told apart here for the pages and for the sockets (referee/sockets/refusals.py):

- **The server busy**: no database connection free within the pool's wait
  (referee/database_pool.py) while the database answers. Nothing of the request was saved (its
  transaction never began), and a round sent again keeps its submission id, so the round entry
  page sends it again safely (static/js/outbox.js).
- **The database down** (stopped, restarting, out of reach): a connection error, or the pool
  unable to connect (its last attempt failed: it waits the same way in both cases). Once it is
  back, every page answers at once: a GET whose connection broke (one kept by the pool from
  before the restart) is asked again on a new one, after the pool has dropped every broken
  connection it held.

/health/ answers for itself (503, naming the database)."""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass

import psycopg
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse
from django.template.loader import render_to_string

from referee.database_pool import CountedConnection, attempts

try:  # Django's own PostgreSQL pool, when installed
    from psycopg_pool import PoolTimeout
except ImportError:  # pragma: no cover - no pool, no pool timeout
    PoolTimeout = None

BUSY = "The server is busy: nothing was recorded, try again in a moment."
BUSY_PAGE = "The server is busy: try again in a moment."
DATABASE_DOWN = "The database is not answering. Rounds already recorded are safe; try again in a moment."
CONNECT_WITHIN = 2  # s: libpq's connect_timeout (its least) for asking whether the database is back
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Unavailable:
    """What a 503 says of its cause: ``words`` to htmx and after a POST (whose page never
    sends it again by itself), ``page_words`` on a GET's page, which tries itself again after
    ``retry_after`` seconds (the answer's Retry-After)."""

    heading: str
    words: str
    page_words: str
    retry_after: int


# A busy moment passes in seconds: the page and the outbox try again then.
SERVER_BUSY = Unavailable("The server is busy", BUSY, BUSY_PAGE, retry_after=5)
NOT_ANSWERING = Unavailable("Waiting for the database", DATABASE_DOWN, DATABASE_DOWN, retry_after=10)


def pool_busy(error: BaseException) -> bool:
    """Whether ``error`` is the pool having no connection free in time while the database
    answers (its last attempt to connect, if any, succeeded)."""
    return (
        PoolTimeout is not None
        and isinstance(error, OperationalError)
        and isinstance(error.__cause__, PoolTimeout)
        and not attempts.last_failed
    )


def is_database_down(error: BaseException) -> bool:
    """Whether ``error`` says the database could not be reached or dropped the connection
    (Django's OperationalError or InterfaceError around the driver's, or the pool unable to
    connect), not a fault of ours (a query Django refused, a constraint) nor a busy pool."""
    return isinstance(error, OperationalError | InterfaceError) and not pool_busy(error)


def unavailable_response(request, cause: Unavailable) -> HttpResponse:
    """The 503 answer to ``request``: the words alone for htmx, else the page."""
    if getattr(request, "htmx", False):
        response = HttpResponse(cause.words, status=503, content_type="text/plain; charset=utf-8")
    else:
        again = request.get_full_path() if request.method == "GET" else ""
        context = {
            "heading": cause.heading,
            "message": cause.page_words if again else cause.words,
            "again": again,
            "retry_after": cause.retry_after,
        }
        response = HttpResponse(render_to_string("503.html", context), status=503)
    response["Retry-After"] = str(cause.retry_after)
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
    pool (whose wait would hold an outage's first answer back), within CONNECT_WITHIN seconds;
    SQLite's file opened (its folder may be gone: a disk unmounted)."""
    params = connection.get_connection_params()
    try:
        if connection.vendor == "postgresql":
            CountedConnection.connect(**{**params, "connect_timeout": CONNECT_WITHIN}).close()
        else:
            connection.get_new_connection(params).close()
    except (psycopg.Error, sqlite3.Error):
        return False
    return True


class DatabaseUnavailableMiddleware:
    """Answers a view's database error that is the server busy or the database down (raised by
    the view, its decorators, the lazy user or session they read, or its template) with
    unavailable_response.

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
        if pool_busy(exception):
            logger.warning(
                "%s %s: the server is busy (no database connection free in time)", request.method, request.path
            )
            return unavailable_response(request, SERVER_BUSY)
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
        return unavailable_response(request, NOT_ANSWERING)
