"""A socket's channel groups, as its process keeps them.

- **Within the process's Redis connections.** A socket's own calls to the layer (joining,
  leaving, renewing) wait their turn for one of GATE of them at once, a little under the
  pool's size (settings.REDIS_CONNECTIONS): a thousand sockets connecting or closing at once
  queue for a moment instead of failing with "Too many connections". The rest of the pool is
  left to the process's reading of its sockets' messages and to the views' broadcasts.
- **Renewed while open, dropped by expiry otherwise.** The layer forgets a member after
  settings.CHANNEL_GROUP_EXPIRY seconds; the process renews each of its open sockets' groups
  every quarter of that. A process killed with its sockets open (kill -9, a power cut) leaves
  members nobody renews, and they are gone within the expiry instead of channels_redis's day.
  The process's own heartbeat rather than the pages' pings: it keeps a socket listed whatever
  the page's timers do (a TV's browser may slow them), and costs one call a group per
  quarter, not one per ping.
- **Left once Redis answers.** A socket that closes while Redis is unreachable has its
  leaving tried again at each renewal until it succeeds (or the expiry has dropped it).

While the layer is down (referee.sockets.faults.health), a socket opening is refused at once
(its page tries again after its backoff) and the renewal asks Redis every PROBE_EVERY
seconds whether it is back.
"""

from __future__ import annotations

import asyncio
import logging
import time

from django.conf import settings

from .faults import LAYER_ERRORS, LayerGone, health, said

PROBE_EVERY = 2.0  # seconds between two asks while the layer is down
PROBE_GROUP = "layer-probe"  # a group nobody joins: leaving it is a harmless round trip
SCOPE_KEY = "referee.sockets.channel"  # the socket's channel in its scope, for layer_faults
logger = logging.getLogger(__name__)


class LayerDown(Exception):
    """The channel layer is known to be down: the socket is refused without asking it."""


def gate_size() -> int:
    """A quarter of the pool (at least 4) is kept for what is not a socket's own call."""
    connections = getattr(settings, "REDIS_CONNECTIONS", 100)
    return max(1, connections - max(4, connections // 4))


def renew_every() -> float:
    return getattr(settings, "CHANNEL_GROUP_EXPIRY", 86400) / 4


class Memberships:
    """One event loop's sockets and their groups (a process serves them all on one loop)."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.gate = asyncio.Semaphore(gate_size())
        self.members: dict[str, tuple[str, ...]] = {}  # channel -> its groups
        self.leaving: dict[tuple[str, str], float] = {}  # (group, channel) -> when its leaving failed
        self.layer = None
        self.renewer: asyncio.Task | None = None

    def start(self, layer) -> None:
        self.layer = layer
        if self.renewer is None or self.renewer.done():
            self.renewer = self.loop.create_task(self.renew_forever())

    async def call(self, method, group: str, channel: str) -> None:
        async with self.gate:
            try:
                await method(group, channel)
            except LAYER_ERRORS:  # a connection kept from before Redis restarted fails once: a new one
                await method(group, channel)

    async def join(self, layer, channel: str, groups: tuple[str, ...]) -> None:
        for group in groups:
            await self.call(layer.group_add, group, channel)
        self.members[channel] = groups
        health.answered()

    async def leave(self, layer, channel: str, groups: tuple[str, ...]) -> None:
        self.members.pop(channel, None)
        for group in groups:
            if health.down:
                self.leaving[(group, channel)] = time.monotonic()
                continue
            try:
                await self.call(layer.group_discard, group, channel)
            except LAYER_ERRORS as error:
                health.failed(error, sockets=0)
                self.leaving[(group, channel)] = time.monotonic()

    def abandon(self, channel: str) -> None:
        """The socket is gone without leaving (its layer failed under it): left later."""
        now = time.monotonic()
        for group in self.members.pop(channel, ()):
            self.leaving[(group, channel)] = now

    async def renew_forever(self) -> None:
        every = renew_every()
        due = time.monotonic() + every
        while True:
            await asyncio.sleep(min(PROBE_EVERY, every))
            if not health.down and time.monotonic() < due:
                continue
            due = time.monotonic() + every
            try:
                await self.renew()
            except LAYER_ERRORS as error:
                health.failed(error, sockets=0)
            except Exception:  # a bug here must not stop the renewals of every socket
                logger.exception("Renewing the sockets' groups failed")

    async def renew(self) -> None:
        layer = self.layer
        if health.down:
            await self.call(layer.group_discard, PROBE_GROUP, "probe.probe!probe")
            health.answered()
        expiry = getattr(settings, "CHANNEL_GROUP_EXPIRY", 86400)
        for (group, channel), since in list(self.leaving.items()):
            if time.monotonic() - since < expiry:  # beyond it, the layer has dropped it already
                await self.call(layer.group_discard, group, channel)
            self.leaving.pop((group, channel), None)
        for channel, groups in list(self.members.items()):
            for group in groups:
                if channel not in self.members:
                    break
                await self.call(layer.group_add, group, channel)
                if channel not in self.members:  # it left meanwhile: what was just renewed goes too
                    self.leaving[(group, channel)] = time.monotonic()


_memberships: Memberships | None = None


def here() -> Memberships:
    global _memberships
    loop = asyncio.get_running_loop()
    if _memberships is None or _memberships.loop is not loop:
        _memberships = Memberships(loop)
    return _memberships


async def join(consumer, groups: tuple[str, ...]) -> None:
    """Put ``consumer``'s socket in ``groups`` (and keep it there while it is open); raises
    LayerDown or the layer's error if that cannot be done now."""
    memberships = here()
    memberships.start(consumer.channel_layer)
    if health.down:  # refused without asking Redis: the renewal asks it every PROBE_EVERY
        raise LayerDown("the channel layer is not answering")
    consumer.scope[SCOPE_KEY] = consumer.channel_name
    consumer.groups_joined = groups  # left on failure: one of them may have been joined
    await memberships.join(consumer.channel_layer, consumer.channel_name, groups)


async def leave(consumer) -> None:
    """Take ``consumer``'s socket out of its groups, now or once Redis answers; never raises."""
    groups, consumer.groups_joined = consumer.groups_joined, ()
    if groups:
        await here().leave(consumer.channel_layer, consumer.channel_name, groups)


def abandon(scope) -> None:
    channel = scope.get(SCOPE_KEY)
    if channel and _memberships is not None:
        _memberships.abandon(channel)


def process_sockets() -> int:
    """How many sockets this process keeps in groups (for the bench and the tests)."""
    return len(_memberships.members) if _memberships is not None else 0


def layer_faults(app):
    """An ASGI app (a consumer's) whose socket is closed with 1011 when its channel layer
    fails under it, said through ``health``; its groups are left when Redis answers again,
    or expire."""

    async def guarded(scope, receive, send):
        try:
            return await app(scope, receive, send)
        except LAYER_ERRORS as error:
            health.dropped(error)
            abandon(scope)
            raise LayerGone(said(error)) from error

    return guarded
