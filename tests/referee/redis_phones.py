"""What the tests on a real Redis and real Daphne processes share: the shared Redis (or a
skip where REDIS_URL is unset), a redis-server of a test's own, the host's phone over HTTP,
a first round."""

import contextlib
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

from django.conf import settings
from django.test import Client

from ..pages import sent
from ..servers import REDIS_SERVER, Daphne, RedisServer, services_needed

BOB_LOSES = "Bob&#x27;s 5 high (5-3-2) is the worst hand: Bob loses a token (2 left)"


def shared_redis_url() -> str:
    services_needed("REDIS_URL")  # these boards and sockets need a real Redis
    return os.environ["REDIS_URL"].strip()


def redis_server() -> RedisServer:
    """A redis-server of the test's own, to stop and start; where Redis is in use (REDIS_URL,
    as in CI, whose .ci/run installs the server) it must be installed."""
    shared_redis_url()
    assert os.access(REDIS_SERVER, os.X_OK), f"{REDIS_SERVER} is missing: apt-get install redis-server"
    return RedisServer()


@contextlib.contextmanager
def daphne_on_own_redis() -> Iterator[tuple[RedisServer, Daphne]]:
    """A redis-server of the test's own and a Daphne process on it, both started and both
    stopped afterwards, whatever the test did to the Redis meanwhile."""
    redis_process = redis_server()
    server = Daphne(env={"REDIS_URL": redis_process.url})
    try:
        redis_process.start()
        server.start()
        yield redis_process, server
    finally:
        server.stop()
        redis_process.stop()


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
            self.base + path,
            data=urllib.parse.urlencode(data).encode() if data is not None else None,
            headers={"Cookie": cookie, **(headers or {})},
        )
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
    return sent({"number": "1", "hand_0": "As Ks Qs", "hand_1": "2c 3d 5h"})
