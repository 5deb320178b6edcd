"""Logs a person can read: one line a request (method, path, status, how long, the client's
address), a board opening and closing, a line for a board update the boards missed, all on
standard error."""

import os
import re
import subprocess
import sys

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from referee.asgi import application
from scoring.services import session_start

from ..factories import UserFactory

REQUEST_LINE = re.compile(r"^GET / 200 \d+ ms from 203\.0\.113\.9$")


@pytest.mark.django_db
def test_a_request_is_one_line_with_its_method_path_status_time_and_client(client, caplog):
    client.get("/", REMOTE_ADDR="203.0.113.9")
    [line] = [record.getMessage() for record in caplog.records if record.name == "referee.requests"]
    assert REQUEST_LINE.match(line), line


@pytest.mark.django_db
def test_a_refused_request_is_logged_with_its_status(client, caplog):
    client.get("/sessions/")  # not logged in: sent to the login page
    client.post("/health/")
    lines = [record.getMessage() for record in caplog.records if record.name == "referee.requests"]
    assert [line.split(" ", 3)[:3] for line in lines] == [["GET", "/sessions/", "302"], ["POST", "/health/", "405"]]


@pytest.mark.django_db(transaction=True)
async def test_a_board_opening_and_closing_is_a_line_each_with_its_session(caplog):
    session = await database_sync_to_async(session_start)(
        host=await database_sync_to_async(UserFactory)(),
        title="Friday",
        played_on="2026-11-20",
        player_names=["Ann", "Bob"],
    )
    board = WebsocketCommunicator(
        application, f"/ws/board/{session.share_token}/", headers=[(b"origin", b"http://localhost")]
    )
    assert (await board.connect())[0]
    await board.receive_from()
    await board.disconnect()
    # The test's socket has no client address; Daphne gives the one the proxy passed on.
    assert [record.getMessage() for record in caplog.records if record.name == "referee.sockets.live"] == [
        f"A board of session {session.public_id} opened from -",
        f"A board of session {session.public_id} closed (code 1000) from -",
    ]


SCRIPT = """
import logging
import django
django.setup()
from django.test import Client
Client().get("/", HTTP_HOST="localhost", REMOTE_ADDR="203.0.113.9")
logging.getLogger("referee.board.broadcast").error("The boards of session S (Friday) missed revision 3")
"""


def test_request_lines_and_broadcast_failures_reach_standard_error_a_line_each():
    """As a server process prints them (journald keeps standard error)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=60,
        env={**env, "DJANGO_SETTINGS_MODULE": "referee.settings"},
        cwd=settings.BASE_DIR,
    )
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if " referee." in line]  # axes says hello too
    pid = r"\[\d+\]"
    assert len(lines) == 2, result.stderr
    assert re.fullmatch(rf"\S+ \S+ {pid} INFO referee\.requests: GET / 200 \d+ ms from 203\.0\.113\.9", lines[0])
    assert re.fullmatch(
        rf"\S+ \S+ {pid} ERROR referee\.board\.broadcast: The boards of session S \(Friday\) "
        r"missed revision 3",
        lines[1],
    )
