"""Boards and host pages on a real Redis, through real Daphne processes: an idle board stays,
a board that goes away leaves its groups, and with Redis down and back everything recovers
by itself."""

import time

import pytest
import redis
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import connect

from scoring.models import Round

from ..servers import Daphne
from .redis_phones import BOB_LOSES, Phone, daphne_on_own_redis, first_round, shared_redis_url

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.server]

# The close codes on which htmx's ws extension reconnects by itself (hx-ws-2.js, onclose).
RECONNECTED_ON = {1006, 1011, 1012, 1013, 4013}
# channels_redis blocks this long reading a board's channel; a Redis socket timing out as soon
# would drop every idle board then (redis-py 8's default does). The first read starts before
# the board is sent: one read and a second more is the shortest idle that shows a board stays.
LAYER_READ = 5  # seconds


def board_url(server: Daphne, session) -> str:
    return server.url.replace("http", "ws") + f"/ws/board/{session.share_token}/"


def open_board(server: Daphne, session):
    return connect(board_url(server, session), origin=server.url, open_timeout=10, close_timeout=5)


def first_board_within(server: Daphne, session, seconds: float) -> str:
    """The first board a new connection receives, trying again as the browser does until
    one connects."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with open_board(server, session) as board:
                return board.recv(timeout=5)
        except (OSError, TimeoutError, WebSocketException):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_an_idle_board_stays_connected_and_still_receives_rounds(bus_evening):
    with Daphne(env={"REDIS_URL": shared_redis_url()}) as server, open_board(server, bus_evening) as board:
        assert 'id="board-standings"' in board.recv(timeout=10)
        with pytest.raises(TimeoutError):  # idle past one of the layer's blocking reads: no close
            board.recv(timeout=LAYER_READ + 1)
        phone = Phone(server, bus_evening.host)
        assert phone.get(bus_evening.get_absolute_url())[0] == 200
        status, page = phone.post_htmx(bus_evening.get_absolute_url(), first_round())
        assert status == 200 and BOB_LOSES in page
        assert BOB_LOSES in board.recv(timeout=10)


def test_a_board_that_goes_away_leaves_its_groups(bus_evening):
    """channels_redis keeps a group as a sorted set of its channels; a board left behind
    would stay in it for a day, and every change would still be sent to it."""
    url = shared_redis_url()
    groups = [f"asgi:group:board-session-{bus_evening.pk}", f"asgi:group:board-token-{bus_evening.share_token}"]
    with redis.Redis.from_url(url) as store, Daphne(env={"REDIS_URL": url}) as server:
        with open_board(server, bus_evening) as board:
            board.recv(timeout=10)
            [channel] = store.zrange(groups[1], 0, -1)  # the token is new: only this board
            assert store.zscore(groups[0], channel) is not None
        deadline = time.monotonic() + 1
        while any(store.zscore(group, channel) is not None for group in groups) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [store.zscore(group, channel) for group in groups] == [None, None]


def test_with_redis_down_boards_close_host_pages_answer_and_boards_come_back_with_redis(bus_evening):
    with daphne_on_own_redis() as (redis_process, server):
        phone = Phone(server, bus_evening.host)
        with open_board(server, bus_evening) as board:
            board.recv(timeout=10)
            redis_process.stop()
            with pytest.raises(ConnectionClosed):  # the browser shows "reconnecting…" and retries
                board.recv(timeout=10)
        assert board.close_code in RECONNECTED_ON
        with pytest.raises(WebSocketException):  # a board opening meanwhile is refused, not left hanging
            with open_board(server, bus_evening) as late:  # (hanging, it would raise TimeoutError)
                late.recv(timeout=10)
        assert phone.get("/sessions/")[0] == 200
        assert phone.get(bus_evening.get_absolute_url())[0] == 200

        redis_process.start()
        assert 'id="board-standings"' in first_board_within(server, bus_evening, seconds=10)


def test_a_round_recorded_while_redis_is_down_is_saved_shown_and_on_the_boards_once_it_is_back(bus_evening):
    """Redis carries only the boards' copy of a change: the host's round is kept and shown,
    and the boards catch up when they connect again."""
    with daphne_on_own_redis() as (redis_process, server):
        phone = Phone(server, bus_evening.host)
        assert phone.get(bus_evening.get_absolute_url())[0] == 200
        redis_process.stop()
        status, page = phone.post_htmx(bus_evening.get_absolute_url(), first_round())
        assert (status, Round.objects.count()) == (200, 1), server.errors()[-3000:]
        assert BOB_LOSES in page

        redis_process.start()
        assert BOB_LOSES in first_board_within(server, bus_evening, seconds=10)
