"""The overload checks. First, a club stack (2 Daphne processes, PostgreSQL, Redis) driven past its
capacity, as in the README's "Hosting for a club" with the pool made small so that any
machine, however quiet, is past it: each process has a pool of POOL connection(s) waiting
WAIT s, and HOSTS hosts record rounds back to back, with no pause, through either process.

It asserts: no answer but 200 (recorded, or said again) and 503 busy with Retry-After; the
database's connections from the app never above processes x pool; every round a host was
told was recorded is in the database exactly once, and no other; the load went past
capacity (some rounds answered busy); and a round is recorded again once the load stops
(how soon is a figure of make bench, tests/bench/overload_proxy.py, with its goal). Hosts
send a round answered busy again with the same submission id, as the round entry page does
(static/js/outbox.js), after a short pause.

Then the same through the proxy, as a club runs it (tests/club.py: nginx's site, TLS, make
serve's two processes), with TVs and players' phones opening boards' and seats' sockets too
(tests/overload.py): every answer a 200, a socket opened (101) or a 503 with Retry-After,
never a 500, 502 or 504; neither process restarted nor left out of nginx's rotation; nothing
lost or counted twice; within the budget; back once the load stops."""

import contextlib
import http.client
import os
import random
import re
import threading
import time
import urllib.parse
import uuid

import pytest
from django.conf import settings
from django.db import connection

from referee.database_unavailable import BUSY
from scoring.models import Round
from tests.commerce_tables import DEALS, commerce_tables, logged_in

from ..club import club_stack
from ..factories import UserFactory
from ..overload import connections_counted, past_capacity
from ..servers import NGINX, Daphne, answered, needed, services_needed
from ..servers import test_database_url as the_tests_database  # not named test_*: no test

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.server]

PROCESSES, POOL, WAIT = 2, 1, 0.05  # a round holds its connection longer than WAIT on any machine
HOSTS, LOAD = 40, 8.0  # hosts, and seconds of load
APP = "brag-overload-check"  # the processes' application_name in pg_stat_activity (libpq's PGAPPNAME)
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Host(threading.Thread):
    """A host's phone on one process: rounds of their own game, one after another, each sent
    again with its id while it is answered busy."""

    def __init__(self, server: Daphne, session, session_key: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.server, self.path, self.stop = server, session.get_absolute_url(), stop
        self.cookie = f"sessionid={session_key}"
        self.acknowledged: list[tuple[int, str]] = []  # (round, submission) told recorded
        self.busy = 0
        self.wrong: list[str] = []  # any other answer

    def request(self, method: str, body: dict | None = None) -> tuple[int, dict, str]:
        link = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        try:
            headers = {"Cookie": self.cookie, "HX-Request": "true"}
            data = None
            if body is not None:
                data = urllib.parse.urlencode({**body, "csrfmiddlewaretoken": self.token}).encode()
                headers |= {"Content-Type": "application/x-www-form-urlencoded", "Referer": self.server.url + self.path}
            link.request(method, self.path, body=data, headers=headers)
            response = link.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode()
        finally:
            link.close()

    def start_page(self) -> None:
        status, headers, page = self.request("GET")
        assert status == 200, page[:300]
        self.token = CSRF_INPUT.search(page).group(1)
        self.cookie += "; csrftoken=" + re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)

    def send(self, number: int, submission: str) -> int:
        status, headers, page = self.request("POST", {"number": number, "submission": submission, **DEALS[number % 2]})
        if status == 200 and f"Round {number} recorded" in page:
            self.acknowledged.append((number, submission))
        elif status == 503 and headers.get("Retry-After") == "5" and page == BUSY:
            self.busy += 1
        else:
            self.wrong.append(f"{status} {page[:200]!r}")
        return status

    def run(self) -> None:
        try:
            number, submission = 1, str(uuid.uuid4())
            while not self.stop.is_set():
                if self.send(number, submission) == 200:
                    number, submission = number + 1, str(uuid.uuid4())
                else:
                    time.sleep(random.uniform(0.05, 0.2))  # then the same round, with its id
        except Exception as error:  # noqa: BLE001 - said by the test
            self.wrong.append(repr(error))


def test_past_capacity_a_club_stack_answers_busy_stays_in_its_budget_loses_nothing_and_recovers():
    services_needed("DATABASE_URL", "REDIS_URL")  # the club's stack
    host = UserFactory(username="host")
    sessions = commerce_tables(host, HOSTS)
    keys = [logged_in(host) for _ in sessions]
    env = {"DATABASE_POOL_SIZE": str(POOL), "DATABASE_POOL_WAIT": str(WAIT), "PGAPPNAME": APP}
    database = connection.settings_dict["NAME"]
    servers = [Daphne(env=env) for _ in range(PROCESSES)]
    with contextlib.ExitStack() as stack:
        for server in servers:
            stack.enter_context(server)
        stop = threading.Event()
        hosts = [
            Host(servers[n % PROCESSES], session, key, stop) for n, (session, key) in enumerate(zip(sessions, keys))
        ]
        for each in hosts:
            each.start_page()
        with connections_counted(database, APP) as counts:
            for each in hosts:
                each.start()
            time.sleep(LOAD)
            stop.set()
            for each in hosts:
                each.join(60)
            stopped = time.monotonic()
            again = Host(servers[0], sessions[0], keys[0], threading.Event())
            again.start_page()
            number = (hosts[0].acknowledged[-1][0] if hosts[0].acknowledged else 0) + 1
            while again.send(number, str(uuid.uuid4())) != 200 and time.monotonic() - stopped < 30:
                time.sleep(0.1)
            back_in = time.monotonic() - stopped
        logs = [server.errors() for server in servers]

    wrong = [f"host {n}: {w}" for n, each in enumerate(hosts) for w in each.wrong]
    assert wrong == [], wrong[:10]
    assert not any(each.is_alive() for each in hosts), "a host still waits for an answer"
    busy = sum(each.busy for each in hosts)
    recorded = sum(len(each.acknowledged) for each in hosts)
    assert busy > 0, "the load never went past capacity: no request was answered busy"
    assert recorded > 0, "nothing was recorded under the load"
    assert counts and max(counts) <= PROCESSES * POOL, f"connections above the budget: {max(counts)}"
    assert max(counts) >= 1, "the sampler never saw the app's connections"
    for each, session in zip(hosts, sessions):
        kept = list(Round.objects.filter(game__session=session).order_by("number").values_list("number", flat=True))
        told = [number for number, _ in each.acknowledged]
        if session == sessions[0] and again.acknowledged:
            told += [number for number, _ in again.acknowledged]
        assert kept == told, f"{session.title}: the database holds rounds {kept}, the host was told {told}"
    assert again.acknowledged, f"no round was recorded in the {back_in:.0f} s after the load stopped"
    for log in logs:
        assert "Traceback" not in log, log[-2000:]
        assert set(answered(log)) <= {"200", "503"}, log[-2000:]
    print(
        f"\nOverload check: {PROCESSES} processes x pool {POOL} (wait {WAIT} s), {HOSTS} hosts for {LOAD:.0f} s: "
        f"{recorded} rounds recorded, {busy} answers busy (503), at most {max(counts)} connections, "
        f"a round recorded again {back_in:.1f} s after the load stopped"
    )


SCREENS = 6  # threads of TVs and phones opening pages and sockets back to back
APP_PROXY = "brag-overload-proxy"  # the processes' application_name, through their DATABASE_URL


def test_through_the_proxy_past_capacity_every_refusal_is_a_503_and_both_processes_stay_in_rotation(tmp_path):
    services_needed("DATABASE_URL", "REDIS_URL")  # the club's stack
    needed(os.access(NGINX, os.X_OK), NGINX, "nginx")
    database = connection.settings_dict["NAME"]
    with club_stack(
        tmp_path,
        DJANGO_SECRET_KEY=settings.SECRET_KEY,  # the logins the check makes here
        DATABASE_URL=f"{the_tests_database()}?application_name={APP_PROXY}",
        DATABASE_POOL_SIZE=str(POOL),
        DATABASE_POOL_WAIT=str(WAIT),
    ) as club:
        started = club.app.pids()
        result = past_capacity(club, database, APP_PROXY, HOSTS, SCREENS, LOAD)
        restarted = club.app.pids() != started
        app_log, nginx_errors = club.app_log(), club.nginx.errors()

    answers = result.answers
    assert answers.wrong == [], answers.wrong[:10]
    assert not restarted, app_log[-3000:]
    assert "no live upstreams" not in nginx_errors, nginx_errors[-3000:]
    assert answers.counts["round 503"] > 0 and answers.counts["socket 503"] > 0, (
        f"the load never went past capacity: {answers.said()}"
    )
    assert answers.counts["round 200"] > 0 and answers.counts["socket 101"] > 0, answers.said()
    assert result.connections and max(result.connections) <= PROCESSES * POOL, max(result.connections)
    assert result.kept_as_told() == []
    assert result.back_in != float("inf"), "not back within a minute of the load stopping"
    assert "Traceback" not in app_log, app_log[app_log.index("Traceback") - 1500 :][:6000]
    print(
        f"\nOverload check through the proxy: {PROCESSES} processes x pool {POOL} (wait {WAIT} s), {HOSTS} hosts "
        f"and {SCREENS} screens' threads for {LOAD:.0f} s: {answers.said()}; at most {max(result.connections)} "
        f"connections; back {result.back_in:.1f} s after the load stopped"
    )
