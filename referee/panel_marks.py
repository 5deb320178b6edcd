"""A mark per session that moves whenever the host's table panel may have changed (a change
to the session, a seat's phone opening or closing): the panel's poll (views/table.py) is
answered "unchanged" from the mark alone, without reading the round, replaying the game or
reading the seats. Kept in Redis where REDIS_URL is set (every process sees every mark; one
small key a session, gone after a day unused), else in this process's memory (one process:
the embedded default). Redis not answering: the mark reads as changed, and the panel is read
from the database as before."""

from __future__ import annotations

import functools
import itertools
import logging
import os

from redis import Redis
from redis.exceptions import RedisError

KEPT_FOR = 86_400  # seconds a mark stays in Redis after its last change
UNKNOWN = "?"  # a mark that matches none: the panel is read
logger = logging.getLogger(__name__)
_local: dict[int, int] = {}
_counter = itertools.count(1)


@functools.cache
def redis() -> Redis | None:
    url = os.environ.get("REDIS_URL", "").strip()
    return Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1) if url else None


def key(session_id: int) -> str:
    return f"referee:panel:{session_id}"


def moved(session_id: int) -> None:
    """The panel of ``session_id`` may show something else now."""
    client = redis()
    if client is None:
        _local[session_id] = next(_counter)
        return
    try:
        with client.pipeline() as pipe:
            pipe.incr(key(session_id)).expire(key(session_id), KEPT_FOR).execute()
    except RedisError as error:  # the poll then finds no mark, and reads the panel
        logger.warning("The table panel's mark of session %s was not moved (%s)", session_id, error)


def mark_of(session_id: int) -> str:
    """The session's mark now (read before the panel it stands for)."""
    client = redis()
    if client is None:
        return str(_local.get(session_id, 0))
    try:
        value = client.get(key(session_id))
    except RedisError:
        return UNKNOWN
    return value.decode() if value else "0"


def panel_moved(sender=None, *, session, **kwargs) -> None:
    """A session changed (its rounds, its seats' hands, its game): its panel may have too."""
    moved(session.pk)
