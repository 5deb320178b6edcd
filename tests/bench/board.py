"""The TV board's latency (issue 6), one Daphne process, 50 sessions x 4 boards connected:
the time from sending a round's POST to its arrival on the last board of that session,
p50 and p95 over 400 rounds, beside two floors measured in the same run against bare
consumers in the same process: a WebSocket echo round trip, and a group fan-out of a
message the size of the board fragments to 4 sockets. Goal: p95 within 8x the fan-out p95.
Runs on a SQLite file of its own with the in-memory channel layer (the embedded defaults).
"""

import asyncio
import contextlib
import gc
import http.client
import re
import statistics
import time
import urllib.parse

from .database import django_on_a_new_database

SESSIONS, BOARDS, ROUNDS_EACH = 50, 4, 8  # 400 rounds: a steadier p95 than the 200 asked for
FLOOR_SAMPLES = 400
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
ENTRY = {"hand_0": "As Ks Qs", "hand_1": "7c 7d 9s", "hand_2": "Jh Jd 4c", "hand_3": "2c 3d 5h"}


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] * 1000


def setup_database():
    url = django_on_a_new_database("board")
    from scoring.services import game_start, session_start
    from tests.factories import UserFactory

    host = UserFactory(username="bench")
    sessions = []
    for n in range(SESSIONS):
        session = session_start(host=host, title=f"Table {n}", played_on="2026-11-22", player_names=PLAYERS)
        game_start(session=session, kind="stop_the_bus", seat_names=PLAYERS, options={"tokens": 20})
        sessions.append(session)
    return url, host, sessions


class Phone:
    """The host's phone: one kept-alive HTTP connection (as a browser keeps it), logged
    in, posting rounds as htmx does."""

    def __init__(self, base: str):
        self.base = base
        self.connection = http.client.HTTPConnection(urllib.parse.urlsplit(base).netloc, timeout=30)
        self.cookies: dict[str, str] = {}
        self.token = ""

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> str:
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        self.connection.request(method, path, body=body, headers={**(headers or {}), "Cookie": cookie})
        response = self.connection.getresponse()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";")[0]
        return response.read().decode()

    def csrf(self, path: str) -> str:
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', self.request("GET", path)).group(1)

    def post(self, path: str, data: dict, htmx: bool = True) -> None:
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.token}).encode()
        headers = {"Referer": self.base + path, "Content-Type": "application/x-www-form-urlencoded",
                   **({"HX-Request": "true"} if htmx else {})}
        self.request("POST", path, body, headers)

    def log_in(self, username: str, password: str) -> None:
        self.token = self.csrf("/accounts/login/")
        self.post("/accounts/login/", {"username": username, "password": password}, htmx=False)
        self.token = self.csrf("/sessions/")


class Poster:
    """The phone's rounds, posted from the event loop that times them (on a kept-alive
    connection of its own, with the phone's cookies): the clock starts as the request is
    written, with no thread hop before it, as the floors' clocks start as their message is."""

    def __init__(self, phone: Phone):
        self.phone = phone

    async def open(self) -> None:
        netloc = urllib.parse.urlsplit(self.phone.base)
        self.reader, self.writer = await asyncio.open_connection(netloc.hostname, netloc.port)

    def send(self, path: str, data: dict) -> None:
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.phone.token}).encode()
        cookie = "; ".join(f"{name}={value}" for name, value in self.phone.cookies.items())
        head = (f"POST {path} HTTP/1.1\r\nHost: {urllib.parse.urlsplit(self.phone.base).netloc}\r\n"
                f"Referer: {self.phone.base}{path}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                f"HX-Request: true\r\nCookie: {cookie}\r\nContent-Length: {len(body)}\r\n\r\n")
        self.writer.write(head.encode() + body)

    async def response(self) -> int:
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := (await self.reader.readline()).decode().strip()):
            name, _, value = line.partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "set-cookie":
                cookie, _, rest = value.strip().partition("=")
                self.phone.cookies[cookie] = rest.split(";")[0]
        await self.reader.readexactly(length)
        return status

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


async def arrivals(sockets):
    async def one(socket):
        await socket.recv()
        return time.perf_counter()
    return await asyncio.gather(*(one(socket) for socket in sockets))


@contextlib.contextmanager
def collector_paused():
    """This client's own garbage collection held off while it times (as timeit does): its
    pauses are not the server's latency, and would land on the figures and floors alike."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


async def measure(base: str, sessions, phone: Phone, fragment_size: int):
    from websockets.asyncio.client import connect

    ws = base.replace("http", "ws")
    boards = []
    for session in sessions:
        sockets = [await connect(f"{ws}/ws/board/{session.share_token}/", origin=base, max_size=None)
                   for _ in range(BOARDS)]
        await asyncio.gather(*(socket.recv() for socket in sockets))  # the board on connect
        boards.append(sockets)

    latencies, responses = [], []
    poster = Poster(phone)
    await poster.open()
    for number in range(1, ROUNDS_EACH + 1):
        for session, sockets in zip(sessions, boards):
            waiting = asyncio.ensure_future(arrivals(sockets))
            start = time.perf_counter()
            poster.send(session.get_absolute_url(), {"number": str(number), **ENTRY})
            assert await poster.response() == 200
            responses.append(time.perf_counter() - start)
            latencies.append(max(await waiting) - start)
    await poster.close()

    echo_times = []
    async with connect(f"{ws}/ws/bench/echo/") as echo:
        for _ in range(FLOOR_SAMPLES):
            start = time.perf_counter()
            await echo.send("x" * 64)
            await echo.recv()
            echo_times.append(time.perf_counter() - start)

    fan_times = []
    payload = "x" * fragment_size
    group = [await connect(f"{ws}/ws/bench/fanout/floor/", max_size=None) for _ in range(BOARDS)]
    for _ in range(FLOOR_SAMPLES):
        waiting = asyncio.ensure_future(arrivals(group))
        start = time.perf_counter()
        await group[0].send(payload)
        fan_times.append(max(await waiting) - start)
    for socket in group + [s for sockets in boards for s in sockets]:
        await socket.close()
    return latencies, responses, echo_times, fan_times


def profile_rounds(host, session, rounds: int = 12) -> str:
    """Where a round's time goes, in this process, step by step as the view takes it (the
    median over ``rounds`` rounds): the view's read, the write, the board's render from
    what the write announced, and the host's page after it."""
    from django.template.loader import render_to_string

    from referee.board import render_board
    from referee.sessions import session_context
    from scoring.models import Game
    from scoring.queries import game_state
    from scoring.services import round_record, session_changed

    session_changed.disconnect(dispatch_uid="board-broadcast")  # the render is timed on its own; no server here
    heard = []
    session_changed.connect(lambda sender, **change: heard.append(change), weak=False, dispatch_uid="bench")
    entry = {"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "JH JD 4C", "Di": "2C 3D 5H"}}
    steps = ["the view's read (the game with the revision, seats, rounds) and replay",
             "the write (the turn, insert, figures, commit)", "the board's render (the tally, template)",
             "the host's page (after the boards have it)"]
    timings: dict[str, list[float]] = {step: [] for step in steps}
    for _ in range(rounds):
        marks = [time.perf_counter()]
        game = Game.objects.select_related("session").filter(session=session).order_by("-number").first()
        state = game_state(game, revision=game.session.revision)
        marks.append(time.perf_counter())
        round_record(game=game, number=state.next_number, entry=entry, by=host, known=state)
        marks.append(time.perf_counter())
        change = heard[-1]
        render_board(session, change["game"], change["outcome"], change["revision"])
        marks.append(time.perf_counter())
        render_to_string("sessions/session.html#game", session_context(session, recorded=True))
        marks.append(time.perf_counter())
        for step, begin, end in zip(steps, marks, marks[1:]):
            timings[step].append(end - begin)
    return "; ".join(f"{step} {statistics.median(values) * 1000:.1f} ms" for step, values in timings.items())


def main() -> None:
    url, host, sessions = setup_database()
    from referee.board import render_board
    from tests.factories import PASSWORD
    from tests.servers import Daphne

    fragment_size = len(render_board(sessions[0]).html.encode())
    with Daphne(app="tests.bench.asgi:application", database_url=url) as server:
        phone = Phone(server.url)
        phone.log_in("bench", PASSWORD)
        with collector_paused():
            latencies, responses, echo, fan = asyncio.run(measure(server.url, sessions, phone, fragment_size))
    p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
    fan95 = percentile(fan, 0.95)
    print(f"Board: {SESSIONS} sessions x {BOARDS} boards on one Daphne process, {len(latencies)} rounds")
    print(f"  POST to the last board of the session: p50 {p50:.1f} ms, p95 {p95:.1f} ms "
          f"(mean {statistics.mean(latencies) * 1000:.1f} ms)")
    print(f"  (the POST's own response: p50 {percentile(responses, 0.5):.1f} ms)")
    print(f"  floor, WebSocket echo round trip: p50 {percentile(echo, 0.5):.2f} ms, p95 {percentile(echo, 0.95):.2f} ms")
    print(f"  floor, fan-out of {fragment_size:,} bytes to {BOARDS} sockets: p50 {percentile(fan, 0.5):.2f} ms, "
          f"p95 {fan95:.2f} ms")
    print(f"  p95 is {p95 / fan95:.1f}x the fan-out p95 (goal: within 8x) {'ok' if p95 <= 8 * fan95 else 'MISSED'}")
    print(f"  a round in this process, step by step (median of 12): {profile_rounds(host, sessions[0])}")
