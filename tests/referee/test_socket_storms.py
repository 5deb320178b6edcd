"""Hundreds of real sockets against one Daphne process on Redis (issue 32): TABLES tables of
six sockets (the TV's board and a phone on the board link, four seats) connecting all at
once, closing all at once, and left open on a process killed with SIGKILL. Every socket gets
the current board or is told to try again (a refused handshake or a dropped connection, on
which the pages reconnect after their backoff), never left waiting; afterwards Redis's groups
(channels_redis's sorted sets, asgi:group:<name>) hold exactly the open sockets; and the
server's log has no traceback."""

import asyncio
import contextlib
import random
import re
import signal
import time

import pytest
import redis
from django.conf import settings
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from referee.board.render import session_group, token_group
from referee.seats.render import seat_group, seat_token_group
from scoring.models import SessionPlayer
from scoring.services import game_start, session_start

from ..factories import UserFactory
from ..pages import sent
from ..servers import Daphne
from .redis_phones import BOB_LOSES, Phone, daphne_on_own_redis, first_round, shared_redis_url

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.server, pytest.mark.slow]

TABLES = 50  # x 6 sockets: 300
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
EXPIRY = 8  # s: CHANNEL_GROUP_EXPIRY for the killed process's test (renewed every 2 s)
HANDSHAKE = 15.0  # s: a handshake unanswered this long is a failure (Daphne drops its own at 5 s)
BOARD = 'id="board-standings"'
SEAT = 'id="seat-ticks"'


def tables(store: redis.Redis) -> list[dict]:
    """TABLES sessions, each with its four seats' links; Redis holds none of their groups
    (a session of an earlier run on this Redis may have had the same id)."""
    host = UserFactory(username="club")
    made = []
    for n in range(TABLES):
        session = session_start(host=host, title=f"Table {n}", played_on="2026-11-27", player_names=PLAYERS)
        game_start(session=session, kind="stop_the_bus", seat_names=PLAYERS[:2], options={"tokens": 3})
        seats = list(SessionPlayer.objects.filter(session=session).values_list("seat_token", flat=True))
        made.append({"session": session, "seats": seats})
    store.delete(*(f"asgi:group:{group}" for table in made for group in groups_of(table)))
    return made


def sockets_of(table: dict) -> list[tuple[str, str]]:
    """A table's six sockets: (path, what its first message shows)."""
    board = (f"/ws/board/{table['session'].share_token}/", BOARD)
    return [board, board, *((f"/ws/seat/{token}/", SEAT) for token in table["seats"])]


def groups_of(table: dict) -> dict[str, int]:
    """Each of a table's groups and how many of its six sockets belong to it."""
    session = table["session"]
    return {
        session_group(session.pk): 2,
        token_group(session.share_token): 2,
        seat_group(session.pk): 4,
        **{seat_token_group(token): 1 for token in table["seats"]},
    }


class Socket:
    """One page's socket, opened as the page does: refused or dropped before its first
    message, it tries again after a jittered backoff (static/js/board.js)."""

    def __init__(self, base: str, path: str, shows: str):
        self.url, self.origin, self.shows = base.replace("http", "ws", 1) + path, base, shows
        self.socket = None
        self.first = ""
        self.retries = 0

    async def open(self, deadline: float) -> None:
        while True:
            try:
                socket = await connect(self.url, origin=self.origin, open_timeout=HANDSHAKE, ping_interval=None)
                self.first = await asyncio.wait_for(socket.recv(), HANDSHAKE)
                self.socket = socket
                return
            except TimeoutError as error:
                unanswered = f"{self.url}: unanswered for {HANDSHAKE:.0f} s, neither accepted nor refused"
                raise AssertionError(unanswered) from error
            except (InvalidStatus, InvalidHandshake, ConnectionClosed, OSError):
                pass  # told to try again: refused, or dropped before the board
            self.retries += 1
            assert time.monotonic() < deadline, f"{self.url}: still refused after {self.retries} tries"
            await asyncio.sleep(0.5 + random.random() * min(4, 0.5 * 2**self.retries))

    async def close(self) -> None:
        await self.socket.close()


async def open_all(server: Daphne, table_list: list[dict], within: float = 60) -> list[Socket]:
    """Every table's six sockets, all at once."""
    sockets = [Socket(server.url, path, shows) for table in table_list for path, shows in sockets_of(table)]
    deadline = time.monotonic() + within
    await asyncio.gather(*(socket.open(deadline) for socket in sockets))
    assert [s.url for s in sockets if s.shows not in s.first] == []
    return sockets


def members(store: redis.Redis, group: str, expiry: float | None = None) -> int:
    """The group's members in Redis; with ``expiry``, those channels_redis still counts (it
    drops older ones before each send to the group)."""
    key = f"asgi:group:{group}"
    if expiry is None:
        return store.zcard(key)
    return store.zcount(key, time.time() - expiry, "+inf")


def listed(store: redis.Redis, table_list: list[dict], expiry: float | None = None) -> dict[str, int]:
    return {group: members(store, group, expiry) for table in table_list for group in groups_of(table)}


def expected(table_list: list[dict]) -> dict[str, int]:
    return {group: count for table in table_list for group, count in groups_of(table).items()}


def until(check, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.1)


def no_traceback(server: Daphne) -> None:
    log = server.errors()
    assert "Traceback" not in log and "Exception inside application" not in log, log[-3000:]


def test_a_storm_of_300_sockets_connects_then_closes_and_leaves_no_member_behind():
    url = shared_redis_url()
    with redis.Redis.from_url(url) as store, Daphne(env={"REDIS_URL": url}) as server:
        table_list = tables(store)

        async def storm():
            sockets = await open_all(server, table_list)
            assert listed(store, table_list) == expected(table_list)
            await asyncio.gather(*(socket.close() for socket in sockets))

        asyncio.run(storm())
        until(lambda: not any(listed(store, table_list).values()), 10)
        assert {group: n for group, n in listed(store, table_list).items() if n} == {}
        no_traceback(server)


def test_a_process_killed_with_300_sockets_open_leaves_none_listed_once_they_expire():
    """The killed process's members expire (no one renews them); the sockets come back on the
    other process with the board as it is now, a round recorded meanwhile included."""
    url = shared_redis_url()
    env = {"REDIS_URL": url, "CHANNEL_GROUP_EXPIRY": str(EXPIRY)}
    with redis.Redis.from_url(url) as store, Daphne(env=env) as other:
        table_list = tables(store)
        session = table_list[0]["session"]
        phone = Phone(other, session.host)
        assert phone.get(session.get_absolute_url())[0] == 200
        killed = Daphne(env=env).start()

        async def killed_and_back():
            try:
                await open_all(killed, table_list)
                assert listed(store, table_list) == expected(table_list)
                killed.process.send_signal(signal.SIGKILL)
                killed.process.wait()
            finally:
                killed.stop()
            status, page = await asyncio.to_thread(phone.post_htmx, session.get_absolute_url(), first_round())
            assert status == 200 and BOB_LOSES in page

            sockets = await open_all(other, table_list)  # as the pages reconnect, to the other process
            firsts = [socket.first for socket in sockets[:6]]
            assert all(BOB_LOSES in first for first in firsts[:2]), firsts[0][:500]
            assert all("Round 1" in re.sub(r"<[^>]+>", " ", first) for first in firsts[2:]), firsts[2][:500]
            await asyncio.sleep(EXPIRY + 1)  # the killed process's members expire, the open ones are renewed
            assert listed(store, table_list, EXPIRY) == expected(table_list)
            # A change's broadcast drops the expired ones from its groups.
            round_two = sent({"number": "2", "hand_0": "2c 3d 5h", "hand_1": "As Ks Qs"})
            status, _ = await asyncio.to_thread(phone.post_htmx, session.get_absolute_url(), round_two)
            assert status == 200
            assert members(store, session_group(session.pk)) == 2
            assert members(store, seat_group(session.pk)) == 4
            await asyncio.gather(*(socket.close() for socket in sockets))

        asyncio.run(killed_and_back())
        no_traceback(other)


def test_the_groups_expire_in_minutes_not_a_day():
    assert settings.CHANNEL_LAYERS["default"]["CONFIG"]["group_expiry"] == settings.CHANNEL_GROUP_EXPIRY <= 300


def test_with_redis_down_the_log_says_so_once_per_interval_and_once_when_back(bus_evening):
    """40 boards reconnecting for 10 s while Redis is down (about 200 refusals): one line for
    the process, then one when Redis is back; no traceback, and the boards come back."""
    path = f"/ws/board/{bus_evening.share_token}/"
    with daphne_on_own_redis() as (redis_process, server):

        async def outage():
            boards = [Socket(server.url, path, BOARD) for _ in range(40)]
            await asyncio.gather(*(board.open(time.monotonic() + 30) for board in boards))
            redis_process.stop()
            stop_at = time.monotonic() + 10
            tries = 0

            async def keep_trying(board):  # as the page does, after its backoff
                nonlocal tries
                with contextlib.suppress(ConnectionClosed):
                    await board.socket.recv()
                while time.monotonic() < stop_at:
                    await asyncio.sleep(0.2 + random.random() * 0.3)
                    tries += 1
                    with contextlib.suppress(InvalidStatus, InvalidHandshake, ConnectionClosed, OSError):
                        async with connect(board.url, origin=board.origin, open_timeout=HANDSHAKE) as late:
                            await late.recv()

            await asyncio.gather(*(keep_trying(board) for board in boards))
            return tries

        assert asyncio.run(outage()) >= 200
        log = server.errors()
        assert len(re.findall(r"channel layer \(Redis\) is not answering", log)) == 1, log[-3000:]
        assert "answers again" not in log
        redis_process.start()
        assert BOARD in asyncio.run(first_board(server, path))
        log = server.errors()
        assert len(re.findall(r"channel layer \(Redis\) answers again", log)) == 1, log[-3000:]
        assert "Traceback" not in log and "Exception inside application" not in log, log[-3000:]


async def first_board(server: Daphne, path: str) -> str:
    board = Socket(server.url, path, BOARD)
    await board.open(time.monotonic() + 20)
    await board.close()
    return board.first
