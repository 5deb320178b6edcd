"""The channel layer (Redis) not answering, said once for the process rather than once per
socket: a line when it stops answering, a line every SAY_EVERY seconds while it stays down
(with how many sockets were refused or closed meanwhile), and a line when it answers again.
No traceback: an outage is not a bug, and a thousand sockets retrying would fill the log.

A socket whose layer fails under it (the process reads every socket's messages through Redis)
is closed with 1011, on which the pages reconnect by themselves (static/js/board.js), without
Daphne's "Exception inside application" and its traceback."""

from __future__ import annotations

import asyncio
import logging
import time

from redis.exceptions import RedisError

SAY_EVERY = 30.0  # seconds between two lines while the layer stays down
LAYER_ERRORS = (RedisError, OSError, asyncio.TimeoutError)  # MaxConnectionsError is a RedisError
logger = logging.getLogger(__name__)


def is_layer_down(error: BaseException) -> bool:
    return isinstance(error, LAYER_ERRORS)


def said(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


class LayerHealth:
    """Whether this process's channel layer answered last time it was asked."""

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self.down_since: float | None = None
        self.last_said = 0.0
        self.refused = 0  # sockets refused or closed since the last line
        self.last_dropped = -SAY_EVERY

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def failed(self, error: BaseException, sockets: int = 1) -> None:
        """The layer failed a call; ``sockets``: how many sockets were refused or closed by it."""
        now = self.clock()
        self.refused += sockets
        if self.down_since is None:
            self.down_since, self.last_said, self.refused = now, now, 0
            logger.warning(
                "The channel layer (Redis) is not answering (%s): boards and seats are refused and try "
                "again by themselves until it is back",
                said(error),
            )
        elif now - self.last_said >= SAY_EVERY:
            logger.warning(
                "The channel layer (Redis) is still not answering after %.0f s (%s): %d sockets refused or "
                "closed since the last line",
                now - self.down_since,
                said(error),
                self.refused,
            )
            self.last_said, self.refused = now, 0

    def dropped(self, error: BaseException) -> None:
        """A socket's layer failed under it (its process's read of its messages): counted, and
        said at most once per SAY_EVERY while the layer otherwise answers (a read on a
        connection from before a Redis restart fails once); whether Redis is down is for the
        calls that follow (the page reconnects at once) to find out."""
        now = self.clock()
        self.refused += 1
        if self.down_since is None and now - self.last_dropped >= SAY_EVERY:
            logger.warning(
                "Sockets lost the channel layer under them (%s): closed, and their pages reconnect", said(error)
            )
            self.last_dropped = now

    def answered(self) -> None:
        if self.down_since is not None:
            logger.warning(
                "The channel layer (Redis) answers again after %.0f s down (%d sockets refused or closed "
                "since the last line); boards and seats connect again",
                self.clock() - self.down_since,
                self.refused,
            )
            self.down_since, self.refused = None, 0


health = LayerHealth()


class LayerGone(Exception):
    """A socket's layer failed under it, said already by ``health``: raised on to Daphne, which
    closes the socket with 1011 (on which the pages reconnect; an app may not send that code
    itself), without its line and traceback (SaidAlready)."""


class SaidAlready(logging.Filter):
    """Drops Daphne's "Exception inside application" for a LayerGone: settings.LOGGING gives
    it to the "daphne.server" logger."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], LayerGone))
