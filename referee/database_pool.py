"""PostgreSQL's connections, from Django's own pool (psycopg_pool), bounded per process.

Each server process holds at most DATABASE_POOL_SIZE connections (default 20); a request
that finds none free waits up to DATABASE_POOL_WAIT seconds (default 3) for one, and is then
answered "busy" (referee/database_unavailable.py) rather than opening another. So processes x
pool size bounds what the app asks of the database (docs/hosting.md, Database connections).

The pool also says whether its last attempt to connect failed: a request that found no
connection free is then answered "the database is not answering", not "busy" (the pool waits
the same way in both cases)."""

from __future__ import annotations

import psycopg

from referee.environment import env_number

DEFAULT_SIZE = 20
DEFAULT_WAIT = 3.0  # s: longer than a busy moment lasts, far shorter than a host waits
# While the database is down, the pool tries to connect again after 1 s, then twice as long each
# time until this has passed, and starts over at the next request: with 2 s, never more than a
# second apart, so that the database back, every page answers again within a few seconds
# (tests/referee/test_database_restart.py: with 5, attempts 2 s apart and pages back only in 5 s).
RECONNECT_GIVE_UP = 2.0  # s


class Attempts:
    """Whether the pool's latest attempt to connect failed (one flag for the process's threads:
    each attempt sets it whole)."""

    last_failed = False

    def failed(self) -> None:
        self.last_failed = True

    def succeeded(self) -> None:
        self.last_failed = False


attempts = Attempts()


class CountedConnection(psycopg.Connection):
    """psycopg's Connection, telling ``attempts`` how each new connection went (the pool's
    documented ``connection_class``: a subclass of psycopg's)."""

    @classmethod
    def connect(cls, *args, **kwargs):
        try:
            connection = super().connect(*args, **kwargs)
        except Exception:
            attempts.failed()
            raise
        attempts.succeeded()
        return connection


def pool_options() -> dict:
    """OPTIONS["pool"] for Django's PostgreSQL backend, from the environment."""
    size = env_number("DATABASE_POOL_SIZE", DEFAULT_SIZE, least=1)
    return {
        "min_size": min(2, size),  # kept open: the first requests after a quiet spell don't wait to connect
        "max_size": size,
        "timeout": env_number("DATABASE_POOL_WAIT", DEFAULT_WAIT, least=0.01, kind=float),
        "reconnect_timeout": RECONNECT_GIVE_UP,
        "connection_class": CountedConnection,
    }
