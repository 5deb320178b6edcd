"""Boards on a real Redis, through real Daphne processes: an idle board stays, and a board
that goes away leaves its groups."""

import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
import redis
from django.conf import settings
from django.test import Client
from websockets.sync.client import connect

from scoring.services import game_start, session_start

from ..factories import UserFactory
from ..servers import Daphne

pytestmark = pytest.mark.django_db(transaction=True)

BOB_LOSES = "Bob&#x27;s 5 high (5-3-2) is the worst hand: Bob loses a token (2 left)"


def shared_redis_url() -> str:
    url = os.environ.get("REDIS_URL", "").strip()
    if not url:
        pytest.skip("REDIS_URL is unset: these boards need a real Redis; CI sets it")
    return url


@pytest.fixture
def evening():
    host = UserFactory(username="host")
    session = session_start(host=host, title="Two rooms", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
    return session


def board_url(server: Daphne, session) -> str:
    return server.url.replace("http", "ws") + f"/ws/board/{session.share_token}/"


def open_board(server: Daphne, session):
    return connect(board_url(server, session), origin=server.url, open_timeout=10, close_timeout=5)


class Phone:
    """The host's phone over HTTP: logged in (a session of the test database's, since the
    test client's cookies don't reach another process), sending CSRF tokens as htmx does."""

    def __init__(self, server: Daphne, host):
        client = Client()
        client.force_login(host)
        self.base = server.url
        self.cookies = {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}
        self.csrf_token = ""

    def request(self, path: str, data: dict | None = None, headers: dict | None = None) -> tuple[int, str]:
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        request = urllib.request.Request(
            self.base + path, data=urllib.parse.urlencode(data).encode() if data is not None else None,
            headers={"Cookie": cookie, **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                status, html = response.status, response.read().decode()
                for header in response.headers.get_all("Set-Cookie") or []:
                    name, _, value = header.split(";")[0].partition("=")
                    self.cookies[name] = value
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")
        token = re.search(r'"x-csrftoken": "([^"]+)"', html)
        self.csrf_token = token.group(1) if token else self.csrf_token
        return status, html

    def get(self, path: str) -> tuple[int, str]:
        return self.request(path)

    def post_htmx(self, path: str, data: dict) -> tuple[int, str]:
        return self.request(path, data, {"HX-Request": "true", "X-CSRFToken": self.csrf_token})


def first_round() -> dict:
    return {"number": "1", "hand_0": "As Ks Qs", "hand_1": "2c 3d 5h"}


def test_an_idle_board_stays_connected_and_still_receives_rounds(evening):
    with Daphne(env={"REDIS_URL": shared_redis_url()}) as server, open_board(server, evening) as board:
        assert 'id="board-standings"' in board.recv(timeout=10)
        with pytest.raises(TimeoutError):  # idle past two of the layer's 5 s reads: no close
            board.recv(timeout=12)
        phone = Phone(server, evening.host)
        assert phone.get(evening.get_absolute_url())[0] == 200
        status, page = phone.post_htmx(evening.get_absolute_url(), first_round())
        assert status == 200 and BOB_LOSES in page
        assert BOB_LOSES in board.recv(timeout=10)


def test_a_board_that_goes_away_leaves_its_groups(evening):
    """channels_redis keeps a group as a sorted set of its channels; a board left behind
    would stay in it for a day, and every change would still be sent to it."""
    url = shared_redis_url()
    groups = [f"asgi:group:board-session-{evening.pk}", f"asgi:group:board-token-{evening.share_token}"]
    with redis.Redis.from_url(url) as store, Daphne(env={"REDIS_URL": url}) as server:
        with open_board(server, evening) as board:
            board.recv(timeout=10)
            [channel] = store.zrange(groups[1], 0, -1)  # the token is new: only this board
            assert store.zscore(groups[0], channel) is not None
        deadline = time.monotonic() + 1
        while any(store.zscore(group, channel) is not None for group in groups) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [store.zscore(group, channel) for group in groups] == [None, None]
