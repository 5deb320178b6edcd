"""The channel layer's faults said once for the process: a line when Redis stops answering,
one per interval while it stays down, one when it is back; and sockets refused beyond what
a process opens at once, said once per interval too."""

import logging
import subprocess
import sys

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from referee.sockets.faults import SAY_EVERY, LayerGone, LayerHealth, SaidAlready
from referee.sockets.opening import Opening


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def lines(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name.startswith("referee.sockets")]


def test_redis_down_is_said_once_per_interval_with_the_sockets_refused_meanwhile_then_once_when_back(caplog):
    caplog.set_level(logging.INFO)
    clock = Clock()
    health = LayerHealth(clock)
    error = RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
    for _ in range(200):  # 40 boards retrying for 10 s
        health.failed(error)
        clock.now += 0.05
    assert lines(caplog) == [
        "The channel layer (Redis) is not answering (Error 111 connecting to 127.0.0.1:6379. Connection refused.): "
        "boards and seats are refused and try again by themselves until it is back"
    ]
    clock.now += SAY_EVERY
    health.failed(error)
    assert lines(caplog)[1] == (
        "The channel layer (Redis) is still not answering after 40 s (Error 111 connecting to 127.0.0.1:6379. "
        "Connection refused.): 200 sockets refused or closed since the last line"
    )
    clock.now += 5
    health.answered()
    health.answered()
    assert lines(caplog)[2:] == [
        "The channel layer (Redis) answers again after 45 s down (0 sockets refused or closed since the last "
        "line); boards and seats connect again"
    ]
    assert not health.down


def test_a_process_opens_so_many_sockets_at_once_and_tells_the_rest_to_try_again(caplog):
    caplog.set_level(logging.INFO)
    clock = Clock()
    opening = Opening(at_once=2, clock=clock)
    with opening.admit() as first, opening.admit() as second, opening.admit() as third, opening.admit() as fourth:
        assert (first, second, third, fourth) == (True, True, False, False)
    with opening.admit() as again:
        assert again
    assert lines(caplog) == [
        "1 sockets told to try again: 2 were opening already (the pages try again after their backoff)"
    ]


class FlakyLayer:
    """A channel layer's groups in memory, that refuses every call while ``down``."""

    def __init__(self):
        self.groups: dict[str, set[str]] = {}
        self.down = False

    def refuse(self):
        if self.down:
            raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    async def group_add(self, group, channel):
        self.refuse()
        self.groups.setdefault(group, set()).add(channel)

    async def group_discard(self, group, channel):
        self.refuse()
        self.groups.get(group, set()).discard(channel)


async def test_a_socket_that_leaves_while_redis_is_unreachable_leaves_once_it_answers():
    import asyncio

    from referee.sockets.faults import health
    from referee.sockets.groups import Memberships

    layer, memberships = FlakyLayer(), Memberships(asyncio.get_running_loop())
    memberships.start(layer)
    try:
        await memberships.join(layer, "specific.a!1", ("board-session-1", "board-token-x"))
        await memberships.join(layer, "specific.a!2", ("board-session-1", "board-token-x"))
        layer.down = True
        await memberships.leave(layer, "specific.a!1", ("board-session-1", "board-token-x"))
        assert health.down and layer.groups["board-session-1"] == {"specific.a!1", "specific.a!2"}
        with pytest.raises(RedisConnectionError):
            await memberships.renew()  # still down: the probe fails, nothing changes
        layer.down = False
        await memberships.renew()  # back: the leaving is done, the open socket renewed
        assert not health.down
        assert layer.groups == {"board-session-1": {"specific.a!2"}, "board-token-x": {"specific.a!2"}}
        assert memberships.leaving == {}
    finally:
        health.answered()
        memberships.renewer.cancel()


def test_daphnes_traceback_for_a_layer_gone_is_dropped_by_the_logging_settings_not_by_an_import():
    """The filter is the settings' (LOGGING): importing the module installs nothing, and the
    settings give it to Daphne's logger, which then drops a LayerGone's line and keeps others."""
    imported = subprocess.run(
        [
            sys.executable,
            "-c",
            "import logging, referee.sockets.faults; print(logging.getLogger('daphne.server').filters)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert imported.stdout.strip() == "[]"
    daphne = logging.getLogger("daphne.server")
    assert any(isinstance(one, SaidAlready) for one in daphne.filters)  # once a configuration

    def record(error: Exception) -> logging.LogRecord:
        try:
            raise error
        except Exception:
            return daphne.makeRecord(
                "daphne.server", logging.ERROR, __file__, 1, "Exception inside application", (), sys.exc_info()
            )

    assert not daphne.filter(record(LayerGone())) and daphne.filter(record(ValueError("a bug")))
