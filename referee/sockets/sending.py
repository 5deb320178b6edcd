"""Sending to the sockets from a view's thread, after a change is committed: to a channel
group, given up after BROADCAST_WITHIN seconds (the channel layer down, Redis unreachable:
the change is kept all the same, and the pages catch up on the next change or when they
reconnect); and the sockets of replaced links closed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

BROADCAST_WITHIN = 2.0  # seconds
logger = logging.getLogger(__name__)


class Fragment(NamedTuple):
    """What a change sends a live screen: its out-of-band swaps, marked with the session's
    revision (the screen forwards only what is newer than what it shows)."""

    revision: int  # the session's revision: the fragment shows it, or newer
    html: str


def render_parts(
    partials: Mapping[str, tuple[str, ...]], parts: Iterable[str], context: dict, revision: int
) -> dict[str, Fragment]:
    """A page that comes in parts (LiveConsumer.show_part): the parts asked for, by name, each
    the partials it is made of rendered with ``context`` and marked with ``revision``."""
    return {
        part: Fragment(revision, "".join(render_to_string(partial, context) for partial in partials[part]))
        for part in parts
    }


def send_to_group(group: str, message: dict) -> None:
    """Send ``message`` to a channel group, given up after BROADCAST_WITHIN seconds (raises)."""
    async_to_sync(_send_within)(group, message)


async def _send_within(group: str, message: dict) -> None:
    await asyncio.wait_for(get_channel_layer().group_send(group, message), BROADCAST_WITHIN)


def close_links(groups: Iterable[str], session, what: str) -> None:
    """Close the sockets open on replaced links (``what``: "boards", "a seat"); a close that
    fails is logged: the link no longer opens anyway."""
    for group in groups:
        try:
            send_to_group(group, {"type": "link.close"})
        except Exception:
            logger.exception(
                "Sockets of %s on a replaced link of session %s (%s) were not closed; the link no longer works.",
                what,
                session.public_id,
                session.title,
            )
