"""A club's stack driven past its capacity through its proxy (tests/club.py), for the overload
check and `make bench`: hosts recording rounds back to back, each round answered busy sent
again with its submission id after a short pause (as static/js/outbox.js does), while TVs and
players' phones load board pages and open boards' and seats' sockets over and over. Every
answer is counted by what it was and its status; the app's connections to PostgreSQL are
sampled; once the load stops, how long until a round is recorded, the pages answer and a
board opens again."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import re
import threading
import time
import urllib.parse
import uuid
from collections import Counter

from tests.commerce_tables import DEALS, commerce_tables, logged_in

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HANDSHAKE = {
    "Upgrade": "websocket",
    "Connection": "Upgrade",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Version": "13",
}
ANSWERED = {"round": {200, 503}, "page": {200, 503}, "socket": {101, 503}}  # anything else is wrong


class Answers:
    """Every answer, as "what status" (round 200, socket 503...), from any thread; an answer
    that is none of ANSWERED, or a 503 without Retry-After, is also kept in ``wrong``."""

    def __init__(self):
        self.counts: Counter[str] = Counter()
        self.wrong: list[str] = []
        self.lock = threading.Lock()

    def count(self, what: str, status: int, headers: dict, body: str = "") -> None:
        with self.lock:
            self.counts[f"{what} {status}"] += 1
            if status not in ANSWERED[what] or (status == 503 and not headers.get("Retry-After")):
                self.wrong.append(f"{what} {status} {headers.get('Retry-After')!r} {body[:200]!r}")

    def failed(self, what: str, error: BaseException) -> None:
        with self.lock:
            self.counts[f"{what} failed"] += 1
            self.wrong.append(f"{what}: {error!r}")

    def said(self) -> str:
        return ", ".join(f"{count} {what}" for what, count in sorted(self.counts.items()))


class Phone:
    """A browser on the club's site: its cookies (a host's login, the CSRF token) and requests
    over HTTPS, each on a connection of its own, as a phone's after a while."""

    def __init__(self, club, cookie: str = ""):
        self.club, self.cookie, self.token = club, cookie, ""

    def request(self, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        link = self.club.connection()
        try:
            sent = {"Cookie": self.cookie, "Origin": self.club.url, **(headers or {})}
            data = None
            if body is not None:
                data = urllib.parse.urlencode({**body, "csrfmiddlewaretoken": self.token}).encode()
                sent |= {"Content-Type": "application/x-www-form-urlencoded", "Referer": self.club.url + path}
            link.request(method, path, body=data, headers=sent)
            response = link.getresponse()
            if response.status == 101:  # a socket opened: closed again at once
                return response.status, dict(response.getheaders()), ""
            return response.status, dict(response.getheaders()), response.read().decode(errors="replace")
        finally:
            link.close()


class Host(threading.Thread):
    """A host's phone: rounds of their own game, one after another, each sent again with its
    id while it is answered 503."""

    def __init__(self, club, session, session_key: str, stop: threading.Event, answers: Answers):
        super().__init__(daemon=True)
        self.path, self.stop, self.answers = session.get_absolute_url(), stop, answers
        self.phone = Phone(club, f"sessionid={session_key}")
        self.acknowledged: list[int] = []  # the rounds the host was told were recorded

    def start_page(self) -> None:
        status, headers, page = self.phone.request("GET", self.path)
        assert status == 200, page[:300]
        self.phone.token = CSRF_INPUT.search(page).group(1)
        self.phone.cookie += "; csrftoken=" + re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)

    def send(self, number: int, submission: str) -> int:
        body = {"number": number, "submission": submission, **DEALS[number % 2]}
        status, headers, page = self.phone.request("POST", self.path, body, {"HX-Request": "true"})
        self.answers.count("round", status, headers, page)
        if status == 200 and f"Round {number} recorded" in page:
            self.acknowledged.append(number)
        return status

    def run(self) -> None:
        number, submission = len(self.acknowledged) + 1, str(uuid.uuid4())
        while not self.stop.is_set():
            try:
                status = self.send(number, submission)
            except Exception as error:  # noqa: BLE001 - counted, said by the check
                self.answers.failed("round", error)
                status = None
            if status == 200:
                number, submission = number + 1, str(uuid.uuid4())
            else:
                time.sleep(random.uniform(0.05, 0.2))  # then the same round, with its id


class Screens(threading.Thread):
    """TVs and players' phones arriving: a board page, a board's socket, a seat's socket,
    over and over, on the given sessions."""

    def __init__(self, club, tables: list[tuple[str, list[str]]], stop: threading.Event, answers: Answers):
        super().__init__(daemon=True)
        self.phone, self.tables, self.stop, self.answers = Phone(club), tables, stop, answers

    def visit(self, board: str, seats: list[str]) -> None:
        status, headers, page = self.phone.request("GET", f"/board/{board}/")
        self.answers.count("page", status, headers, page)
        for path in (f"/ws/board/{board}/", f"/ws/seat/{random.choice(seats)}/"):
            status, headers, page = self.phone.request("GET", path, headers=HANDSHAKE)
            self.answers.count("socket", status, headers, page)

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self.visit(*random.choice(self.tables))
            except Exception as error:  # noqa: BLE001 - counted, said by the check
                self.answers.failed("socket", error)


@contextlib.contextmanager
def connections_counted(database: str, application_name: str):
    """Samples the app's connections to ``database`` every 20 ms; yields the list of counts."""
    from tests.servers import another_client

    counts: list[int] = []
    done = threading.Event()

    def sample():
        with another_client() as link:
            while not done.is_set():
                (count,) = link.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
                    (database, application_name),
                ).fetchone()
                counts.append(count)
                time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        yield counts
    finally:
        done.set()
        sampler.join(5)


def club_tables(count: int):
    """``count`` sessions of one host, each a Commerce game at stake 0 (it never ends), with
    a login for each table's host; returns (sessions, logins, [(board token, seat tokens)])."""
    from scoring.models import SessionPlayer
    from tests.factories import UserFactory

    host = UserFactory(username=f"overload-{uuid.uuid4().hex[:6]}")
    sessions = commerce_tables(host, count)
    tables = [
        (session.share_token, list(SessionPlayer.objects.filter(session=session).values_list("seat_token", flat=True)))
        for session in sessions
    ]
    return sessions, [logged_in(host) for _ in sessions], tables


@dataclasses.dataclass
class Result:
    answers: Answers
    sessions: list
    hosts: list[Host]
    again: Host  # the host who records a round once the load stopped
    connections: list[int]
    back_in: float  # s from the load stopping to a round recorded, the pages 200 and a board open

    def kept_as_told(self) -> list[str]:
        """Each table whose rounds in the database are not exactly those its host was told
        were recorded (lost, or counted twice), saying both."""
        from scoring.models import Round

        wrong = []
        for n, (session, host) in enumerate(zip(self.sessions, self.hosts)):
            told = self.again.acknowledged if n == 0 else host.acknowledged
            kept = list(Round.objects.filter(game__session=session).order_by("number").values_list("number", flat=True))
            if kept != told:
                wrong.append(f"table {n}: the database holds rounds {kept}, the host was told {told}")
        return wrong


def past_capacity(club, database: str, application_name: str, hosts: int, screens: int, load: float) -> Result:
    """``hosts`` hosts and ``screens`` screens' threads on ``club`` for ``load`` seconds."""
    sessions, keys, tables = club_tables(hosts)
    answers, stop = Answers(), threading.Event()
    drivers = [Host(club, session, key, stop, answers) for session, key in zip(sessions, keys)]
    for each in drivers:
        each.start_page()
    visitors = [Screens(club, tables, stop, answers) for _ in range(screens)]
    with connections_counted(database, application_name) as counts:
        for each in drivers + visitors:
            each.start()
        time.sleep(load)
        stop.set()
        for each in drivers + visitors:
            each.join(60)
        stopped = time.monotonic()
        again, after = Host(club, sessions[0], keys[0], threading.Event(), Answers()), Answers()
        again.acknowledged = list(drivers[0].acknowledged)
        back = False
        while not back and time.monotonic() - stopped < 60:
            try:
                again.start_page()
                number = len(again.acknowledged) + 1
                recorded = again.send(number, str(uuid.uuid4())) == 200
                screen = Screens(club, tables[:1], threading.Event(), after)
                screen.visit(*tables[0])
                back = recorded and after.counts["page 200"] and after.counts["socket 101"] == 2
            except AssertionError:  # the page not back yet
                pass
            after.counts.clear()
            if not back:
                time.sleep(0.1)
        back_in = time.monotonic() - stopped if back else float("inf")
    assert not any(each.is_alive() for each in drivers + visitors), "a phone still waits for an answer"
    return Result(answers, sessions, drivers, again, counts, back_in)
