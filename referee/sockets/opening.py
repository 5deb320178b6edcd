"""How many sockets a process opens at once. Opening one reads the database (its link, its
board or seat), and a process reads it for its sockets one read after another (Channels'
database thread): a thousand pages reconnecting at once (a Wi-Fi blip, a restart) would queue
behind each other past Daphne's 5 s handshake limit, be dropped, try again and queue again.
Beyond AT_ONCE opening, a socket is refused at once instead, and its page tries again after
its jittered backoff (static/js/board.js): every page is answered within a moment, and the
process works through the storm at the database's pace. Refusals are said in one line per
SAY_EVERY seconds, not one each."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator

AT_ONCE = 32  # sockets opening at once, per process: about a second of the database's work
SAY_EVERY = 30.0  # seconds
logger = logging.getLogger(__name__)


class Opening:
    def __init__(self, at_once: int = AT_ONCE, clock=time.monotonic):
        self.at_once, self.clock = at_once, clock
        self.now_opening = 0
        self.refused = 0  # since the last line
        self.last_said: float | None = None

    @contextlib.contextmanager
    def admit(self) -> Iterator[bool]:
        """Whether this socket may open now (then counted as opening until the block ends)."""
        if self.now_opening >= self.at_once:
            self.refuse()
            yield False
            return
        self.now_opening += 1
        try:
            yield True
        finally:
            self.now_opening -= 1

    async def open_in_turn(self, consumer) -> None:
        """``consumer.open_or_refuse()`` if this process may open another socket now; otherwise
        the handshake is refused, and the page tries again after its backoff."""
        with self.admit() as admitted:
            if admitted:
                await consumer.open_or_refuse()
            else:
                await consumer.close()

    def refuse(self) -> None:
        self.refused += 1
        now = self.clock()
        if self.last_said is None or now - self.last_said >= SAY_EVERY:
            logger.warning(
                "%d sockets told to try again: %d were opening already (the pages try again after their backoff)",
                self.refused,
                self.at_once,
            )
            self.last_said, self.refused = now, 0


opening = Opening()
