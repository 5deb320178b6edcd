"""A club's server, whole, on loopback addresses: nginx running the site `manage.py nginx_site`
writes from deploy/nginx/brag-referee.conf (a self-signed certificate, free ports: HTTPS on a
trial port, not 443) in front of `make serve`'s two app processes, with the settings of
deploy/env.example as docs/hosting.md has them filled in (the name alone, no trusted origin), on
PostgreSQL and a Redis of the test's own. In Chromium a host signs up and records a round over
HTTPS, a TV follows it over wss://; the app process serving the TV is killed, and the next
round goes through all the same, nothing lost, the TV back by itself. Plain HTTP is sent to
HTTPS on its port; cookies are Secure, and `check --deploy` is clean with those settings."""

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from playwright.sync_api import expect

from scoring.models import Round

from ..club import WITHIN, club_stack
from ..servers import NGINX, REDIS_SERVER, ROOT, services_needed
from .conftest import PHONE, TV, start_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long evening of brag"
PLAYWRIGHT_TIMEOUT = 5_000  # ms, expect()'s default


@pytest.fixture
def club(tmp_path):
    """The whole stack, up; stopped afterwards, each process by its id, whatever happened."""
    services_needed("DATABASE_URL")  # the club's server runs on PostgreSQL
    # Where PostgreSQL is in use, the whole stack is checked: its programs must be there.
    assert os.access(NGINX, os.X_OK), f"{NGINX} is missing: apt-get install nginx (.ci/run installs it)"
    assert os.access(REDIS_SERVER, os.X_OK), f"{REDIS_SERVER} is missing: apt-get install redis-server"
    with club_stack(tmp_path) as stack:
        yield stack


def record(phone, number: int, first: str, second: str) -> None:
    expect(phone.get_by_role("heading", name=f"Round {number}: enter the hands")).to_be_visible()
    phone.fill("#id_hand_0", first)
    phone.fill("#id_hand_1", second)
    phone.get_by_role("button", name="Record round").tap()


def test_a_club_server_over_https_survives_an_app_process_dying(browser, club):
    expect.set_options(timeout=WITHIN * 1000)  # set back below: other tests keep Playwright's default
    phone_context = browser.new_context(ignore_https_errors=True, **PHONE)
    tv_context = browser.new_context(ignore_https_errors=True, **TV)
    try:
        phone, tv = phone_context.new_page(), tv_context.new_page()
        phone.set_default_timeout(WITHIN * 1000)
        tv.set_default_timeout(WITHIN * 1000)

        # The host signs up and starts an evening, over HTTPS through the proxy.
        phone.goto(club.url + "/accounts/signup/")
        phone.fill("#id_username", "hostess")
        phone.fill("#id_password1", PASSWORD)
        phone.fill("#id_password2", PASSWORD)
        phone.get_by_role("button", name="Sign up").tap()
        expect(phone.get_by_role("heading", name="My sessions")).to_be_visible()
        start_evening(phone, "Club night", "Ann, Bob", tokens=3)
        session_id = re.search(r"/sessions/([0-9a-f-]{36})/", phone.url).group(1)

        # The TV opens the board the session page links to, and listens over wss://.
        board_url = phone.locator(".board-link a[target=_blank]").get_attribute("href")
        assert board_url.startswith(club.url + "/board/")
        sockets = []
        tv.on("websocket", lambda socket: sockets.append(socket.url))
        with tv.expect_websocket() as first:  # the page shows the board before its socket opens
            tv.goto(board_url)
        expect(tv.locator("#board-head")).to_contain_text("Stop the Bus, 3 tokens · game 1")
        assert first.value.url.startswith(club.url.replace("https://", "wss://") + "/ws/board/")

        record(phone, 1, "As Ks Qs", "2c 3d 5h")
        expect(phone.locator(".last-round")).to_contain_text("Bob loses a token (2 left)")
        expect(tv.locator("#board-last")).to_contain_text("Bob's 5 high (5-3-2) is the worst hand: Bob loses a token")

        # The app process holding the TV's socket dies.
        opened = club.wait_for_log(rf"\[(\d+)\] INFO referee\.sockets\.live: A board of session {session_id} opened")
        board_pid = int(opened.group(1))
        assert board_pid in club.app.pids().values()
        os.kill(board_pid, signal.SIGKILL)

        # The TV connects again by itself (to the other process, through the proxy) ...
        deadline = time.monotonic() + WITHIN
        while len(sockets) < 2 and time.monotonic() < deadline:
            tv.wait_for_timeout(100)
        assert len(sockets) >= 2, "the board did not connect again"
        expect(tv.locator("#board-status")).to_be_hidden()
        # ... and the host records the next round through the proxy as if nothing happened.
        record(phone, 2, "2c 3d 5h", "As Ks Qs")
        expect(phone.locator(".last-round")).to_contain_text("Ann loses a token (2 left)")
        expect(tv.locator("#board-last")).to_contain_text("Ann's 5 high (5-3-2) is the worst hand: Ann loses a token")
        expect(tv.locator("#board-standings")).to_contain_text("Next to deal")
        assert Round.objects.filter(game__session__public_id=session_id).count() == 2
        expect(phone.locator(".round-list > li")).to_have_count(2)

        # make serve starts the dead process again.
        club.wait_for_log(rf"\(pid {board_pid}\) stopped \(killed by SIGKILL\); starting it again")

        # Cookies only over HTTPS; HSTS; pages from the app, static files from nginx, kept a year.
        cookies = {cookie["name"]: cookie for cookie in phone_context.cookies()}
        assert {"sessionid", "csrftoken"} <= set(cookies)
        assert all(cookie["secure"] for cookie in cookies.values()), cookies
        assert cookies["sessionid"]["httpOnly"]
        page = phone.goto(club.url + "/sessions/")
        assert page.headers["strict-transport-security"].startswith("max-age=31536000")
        stylesheet = phone.locator("link[rel=stylesheet]").first.get_attribute("href")
        assert re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", stylesheet), stylesheet
        static = phone_context.request.get(club.url + stylesheet)
        assert static.status == 200 and "prefers-color-scheme" in static.text()
        assert static.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert "GET /static/" not in club.app_log()
    finally:
        expect.set_options(timeout=PLAYWRIGHT_TIMEOUT)
        phone_context.close()
        tv_context.close()

    # Plain HTTP is sent to HTTPS.
    plain = http.client.HTTPConnection("127.0.0.1", club.http_port, timeout=10)
    plain.request("GET", "/sessions/")
    redirect = plain.getresponse()
    assert (redirect.status, redirect.getheader("Location")) == (301, f"{club.url}/sessions/")
    plain.close()

    # The health check through the proxy; the app logs the client's address, not the proxy's.
    status, body = club.get("/health/", source_address="127.0.0.5")
    assert (status, json.loads(body)) == (200, {"database": "ok", "channel_layer": "ok"})
    club.wait_for_log(r"INFO referee\.requests: GET /health/ 200 \d+ ms from 127\.0\.0\.5\n")

    # check --deploy with the very settings the processes run with.
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")} | club.settings
    check = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert check.returncode == 0 and "System check identified no issues" in check.stdout, check.stdout + check.stderr
