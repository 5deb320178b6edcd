"""Handing a change to this process's boards. The thread that sent the change (a view's,
through the services' on-commit hook) waits until the boards of the session connected to
this process have forwarded it, at most a moment: its next work, rendering the host's page,
would otherwise hold the interpreter while the room waits for its boards."""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter

from channels.layers import get_channel_layer

# A board that has gone meanwhile, or a channel layer that is slow, keeps the host's page
# waiting no longer than this (seconds).
WAIT_AT_MOST = 0.05

_boards_here: Counter[str] = Counter()  # group -> this process's boards in it
_waiting: dict[str, tuple[int, asyncio.Event]] = {}  # receipt -> (boards still to forward, done)


def joined(group: str) -> None:
    _boards_here[group] += 1


def left(group: str) -> None:
    _boards_here[group] -= 1
    if _boards_here[group] <= 0:
        del _boards_here[group]


def boards_here(group: str) -> int:
    return _boards_here[group]


def forwarded(receipt: str | None) -> None:
    """A board of this process has forwarded the message with this receipt (a receipt
    from another process's broadcast is not waited for here)."""
    if receipt in _waiting:
        remaining, done = _waiting[receipt]
        _waiting[receipt] = (remaining - 1, done)
        if remaining <= 1:
            done.set()


async def send_and_wait(group: str, message: dict) -> None:
    """group_send, then wait until this process's boards in the group have forwarded it."""
    expected = _boards_here[group]
    if not expected:
        await get_channel_layer().group_send(group, message)
        return
    receipt, done = uuid.uuid4().hex, asyncio.Event()
    _waiting[receipt] = (expected, done)
    try:
        await get_channel_layer().group_send(group, {**message, "receipt": receipt})
        await asyncio.wait_for(done.wait(), WAIT_AT_MOST)
    except TimeoutError:
        pass
    finally:
        del _waiting[receipt]
