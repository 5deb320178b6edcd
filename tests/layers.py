"""Channel layers that fail, for the tests of what a change, a board or /health/ does when
the boards cannot be told: used as settings.CHANNEL_LAYERS' backend (use_layer)."""

import asyncio

from channels.layers import InMemoryChannelLayer

HANGS_FOR = 30  # seconds: far beyond any bound the project gives a layer


def use_layer(settings, layer: type) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": f"{layer.__module__}.{layer.__name__}"}}


class BrokenLayer(InMemoryChannelLayer):
    """Redis refusing connections, say."""

    async def group_send(self, group, message):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


class FlakyLayer(InMemoryChannelLayer):
    """Redis unreachable for a moment: group sends fail while ``down`` is set, and go
    through again once it is cleared; everything else works."""

    down = False

    async def group_send(self, group, message):
        if type(self).down:
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        await super().group_send(group, message)


class HangingLayer(InMemoryChannelLayer):
    """A channel layer that does not answer a send: it is given up on (cancelled) or, if
    nobody gives up on it, answers after HANGS_FOR seconds, too late for any test's bound."""

    given_up = False

    async def send(self, channel, message):
        await self._hang()
        await super().send(channel, message)

    async def group_send(self, group, message):
        await self._hang()
        await super().group_send(group, message)

    @classmethod
    async def _hang(cls) -> None:
        try:
            await asyncio.sleep(HANGS_FOR)
        except asyncio.CancelledError:
            cls.given_up = True
            raise
