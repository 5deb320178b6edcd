"""Back when the database is back: a PostgreSQL of the test's own is stopped and started
again, several times in a row, under two app processes with the project's pool. Restarted
between two requests, every page's first answer is the page (the connections kept from
before the restart are not the pages' 503s). Then down for longer and longer (within and past
the pool's reconnecting and the pages' Retry-After) while the pages keep being asked for, as
TVs and phones do: every page (the host's, the history, a player's, the TV's board, a seat)
answers 503 while it is down, and 200 on both processes within BACK_WITHIN seconds of it
coming back, every time."""

import concurrent.futures
import http.client
import json
import os
import subprocess
import sys
import threading
import time

import pytest

from ..servers import ROOT, Daphne, PostgresServer, needed, postgres_programs

pytestmark = pytest.mark.server
BACK_WITHIN = 5.0  # s after PostgreSQL is back
DOWN_FOR = (1.0, 6.0, 12.0)  # s each time: within and past the pool's 5 s of reconnecting, and Retry-After's 10 s
ASKING = 4  # threads asking for the pages all along, as the TVs and phones do

CREATE = "from django.db import connection; connection.cursor().execute('CREATE DATABASE brag')"
EVENING = """
import json
from django.urls import reverse
from scoring.models import SessionPlayer
from scoring.services import game_start, round_record, session_start
from tests.commerce_tables import logged_in
from tests.factories import UserFactory

host = UserFactory(username="host")
session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob"])
game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
round_record(game=game, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H"}}, by=host)
seat = SessionPlayer.objects.filter(session=session).first()
print(json.dumps({"key": logged_in(host), "pages": {
    "my sessions": reverse("my-sessions"),
    "the session": session.get_absolute_url(),
    "its history": reverse("past-session", args=[session.public_id]),
    "a player": session.players.first().get_absolute_url(),
    "the board": reverse("board", args=[session.share_token]),
    "a seat": reverse("seat", args=[seat.seat_token]),
}}))
"""


def manage(database_url: str, *arguments: str) -> str:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"} | {"DATABASE_URL": database_url}
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


class Pages:
    """The evening's pages on each process, asked for with the host's login."""

    def __init__(self, servers: list[Daphne], key: str, pages: dict[str, str]):
        self.servers, self.cookie, self.pages = servers, f"sessionid={key}", pages

    def status(self, server: Daphne, path: str) -> int:
        link = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            link.request("GET", path, headers={"Cookie": self.cookie})
            response = link.getresponse()
            response.read()
            return response.status
        finally:
            link.close()

    def every(self):
        return [(server, name, path) for server in self.servers for name, path in self.pages.items()]

    def first_answers(self) -> dict[str, int]:
        """Each page's answer on each process, asked once."""
        return {f"{name} on :{server.port}": self.status(server, path) for server, name, path in self.every()}

    def until(self, status: int, within: float = 30) -> float:
        """Seconds until every page on every process has answered ``status``, each asked every
        0.1 s until it has; inf if some never did within ``within``."""
        start, waiting = time.monotonic(), self.every()
        while waiting and time.monotonic() - start < within:
            waiting = [(server, name, path) for server, name, path in waiting if self.status(server, path) != status]
            if waiting:
                time.sleep(0.1)
        return float("inf") if waiting else time.monotonic() - start

    def down_everywhere(self) -> None:
        """Until the session page answers 503 on every process (asked at once on each: each
        answer waits for the pool's DATABASE_POOL_WAIT)."""
        path = self.pages["the session"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with concurrent.futures.ThreadPoolExecutor(len(self.servers)) as asking:
                answers = list(asking.map(lambda server: self.status(server, path), self.servers))
            if answers == [503] * len(self.servers):
                return
        raise AssertionError(f"the pages did not say the database was down: {answers}")


def asking_all_along(pages: Pages, stop: threading.Event, answers: list[int]) -> None:
    while not stop.is_set():
        for server, _, path in pages.every():
            try:
                answers.append(pages.status(server, path))
            except OSError:
                answers.append(0)


def test_every_page_answers_200_within_5_s_of_postgresql_coming_back_every_time():
    needed(postgres_programs(), "PostgreSQL's programs", "postgresql")
    database = PostgresServer()
    servers, answers, back_in = [], [], []
    try:
        database.start()
        manage(database.url("postgres"), "shell", "-c", CREATE)
        url = database.url("brag")
        manage(url, "migrate", "--noinput", "-v", "0")
        evening = json.loads(manage(url, "shell", "-v", "0", "-c", EVENING).splitlines()[-1])
        servers += [Daphne(database_url=url).start() for _ in range(2)]
        pages = Pages(servers, evening["key"], evening["pages"])
        assert pages.until(200) < 30, pages.first_answers()

        # Restarted between two requests: the connections the pool kept from before are not
        # handed out, every page's first answer is the page.
        database.stop()
        database.start()
        first = pages.first_answers()
        said = [line for server in servers for line in server.errors().splitlines() if " INFO " not in line]
        assert set(first.values()) == {200}, ({page: status for page, status in first.items() if status != 200}, said)

        # Down for a while, again and again, with the pages asked for all along.
        stop = threading.Event()
        askers = [threading.Thread(target=asking_all_along, args=(pages, stop, answers)) for _ in range(ASKING)]
        for each in askers:
            each.start()
        try:
            for down_for in DOWN_FOR:
                database.stop()
                went = time.monotonic()
                pages.down_everywhere()
                time.sleep(max(0.0, down_for - (time.monotonic() - went)))
                database.start()
                back_in.append(pages.until(200))
                assert back_in[-1] <= BACK_WITHIN, (
                    f"down for {down_for:.0f} s: not back after {BACK_WITHIN:.0f} s: {pages.first_answers()}"
                )
        finally:
            stop.set()
            for each in askers:
                each.join(60)
        logs = [server.errors() for server in servers]
    finally:
        for server in servers:
            server.stop()
        database.remove()
    assert set(answers) <= {200, 503}, sorted(set(answers))
    for log in logs:
        assert "Traceback" not in log, log[log.index("Traceback") - 1500 :][:5000]
    print(
        f"\nBack after PostgreSQL restarts (down {', '.join(f'{d:.0f}' for d in DOWN_FOR)} s): "
        f"every page 200 on both processes {', '.join(f'{b:.1f}' for b in back_in)} s after"
    )
