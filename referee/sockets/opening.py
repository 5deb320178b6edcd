"""How many sockets a process opens at once. Opening one reads the database (its link, its
board or seat), and a process reads it for its sockets one read after another (Channels'
database thread): a thousand pages reconnecting at once (a Wi-Fi blip, a restart) would queue
behind each other past Daphne's 5 s handshake limit, be dropped, try again and queue again.
So AT_ONCE open at a time; the others wait for their turn, at most WAIT_AT_MOST seconds, and
are refused then (a refusal costs the process a handshake too, so waiting beats refusing while
the wait stays within Daphne's limit); a refused page tries again after its jittered backoff
(static/js/board.js). Every page is answered within seconds, and the process works through
the storm at the database's pace. Refusals are said in one line per SAY_EVERY seconds, not one
each."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator

AT_ONCE = 32  # sockets opening at once, per process: about a second of the database's work
WAIT_AT_MOST = 3.0  # seconds a socket waits for its turn to open, within Daphne's 5 s
SAY_EVERY = 30.0  # seconds
logger = logging.getLogger(__name__)


class Opening:
    def __init__(self, at_once: int = AT_ONCE, wait: float = WAIT_AT_MOST, clock=time.monotonic):
        self.at_once, self.wait, self.clock = at_once, wait, clock
        self.turns: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None
        self.refused = 0  # since the last line
        self.last_said: float | None = None

    def turns_here(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self.turns is None or self.turns[0] is not loop:
            self.turns = (loop, asyncio.Semaphore(self.at_once))
        return self.turns[1]

    @contextlib.asynccontextmanager
    async def admit(self) -> AsyncIterator[bool]:
        """Whether this socket may open (its turn came within the wait); it counts as opening
        until the block ends."""
        turns = self.turns_here()
        try:
            await asyncio.wait_for(turns.acquire(), self.wait)
        except TimeoutError:
            self.refuse()
            yield False
            return
        try:
            yield True
        finally:
            turns.release()

    def refuse(self) -> None:
        self.refused += 1
        now = self.clock()
        if self.last_said is None or now - self.last_said >= SAY_EVERY:
            logger.warning(
                "%d sockets told to try again: their turn to open did not come within %g s (%d open at a "
                "time; the pages try again after their backoff)",
                self.refused,
                self.wait,
                self.at_once,
            )
            self.last_said, self.refused = now, 0


opening = Opening()
