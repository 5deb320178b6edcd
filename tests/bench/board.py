"""The TV board's capacity: what one Daphne process sustains on the standard path, with
PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set (otherwise a SQLite file of
its own and the in-memory channel layer), 50 sessions with 4 boards each connected
(WebSockets on /ws/board/<share token>/).

- The app: 8 hosts, each recording rounds in a session of its own as fast as they are
  answered, through the session page as htmx posts them, each on a kept-alive connection.
- The floor, in the same run: a bare view on the same stack (floor.py) that inserts one row
  and sends a fixed 4 KB fragment to a group of 4 sockets, driven the same way.
- The history load: the same database also holds a host's 5,000-game history (history.py's);
  one host records a round every PACE s, alone, then while another client loads that
  host's busiest player page in a loop.

Figures: sustained rounds/s; POST-to-last-board, from sending a round's POST until the last
of its session's 4 boards has received the new board (p50, p95); the host's response (p95).
Goals: throughput at least a third of the floor's, board p95 within 3x the floor's, and the
board p95 under the history load within 2x of the quiet one.

The games are Commerce, which never ends by itself; a game's replay grows with its rounds,
so each host starts a new game (through the new game form, as a host does) every
ROUNDS_PER_GAME rounds, and a round costs what it costs in an evening's game however long
the bench runs. That new game's POST takes its time in the window but is not a round.
A session's boards get one message per change, in order: a round's board is the message at
its place in that order (checked by the "Round N" it shows; the floor's are all alike).

Run alone (it sets Django up on a database of its own): python -m tests.bench.board
(settings.py: BENCH_CONN_MAX_AGE for PostgreSQL's connections without the pool).
"""

import asyncio
import contextlib
import gc
import http.client
import os
import re
import ssl
import sys
import threading
import time
import urllib.parse
import uuid
from collections import deque
from typing import NamedTuple

from tests.commerce_tables import DEALS, commerce_tables, logged_in

from .database import django_on_a_database_of_its_own

SESSIONS, BOARDS, HOSTS = 50, 4, 8
# Each figure over SLICES slices of SLICE s of load (after WARM_UP s not counted), taken in
# turns with the figure it is compared with: a machine whose other load comes and goes
# weighs on both alike.
SLICES, WARM_UP, SLICE = 2, 1.0, 10.0
ROUNDS_PER_GAME = 20
PACE = 0.1  # one round every PACE s while the history is loaded, and without
TIMEOUT = 30.0  # the longest wait for any answer or board before the bench fails
NEW_GAME = {
    "kind": "commerce",
    "commerce-stake": "0",
    "first_dealer": "Ann",
    **{f"seat_{i}": str(i + 1) for i in range(4)},
}
ROUND_SHOWN = re.compile(r"<h2>Round (\d+)</h2>")
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class BenchFailed(Exception):
    pass


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] * 1000


class Phone:
    """The host's phone for history.py: one kept-alive HTTP connection (as a browser keeps
    it), logged in, posting rounds as htmx does."""

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
        headers = {
            "Referer": self.base + path,
            "Content-Type": "application/x-www-form-urlencoded",
            **({"HX-Request": "true"} if htmx else {}),
        }
        self.request("POST", path, body, headers)

    def log_in(self, username: str, password: str) -> None:
        self.token = self.csrf("/accounts/login/")
        self.post("/accounts/login/", {"username": username, "password": password}, htmx=False)
        self.token = self.csrf("/sessions/")


class Client:
    """A logged-in phone's browser on the event loop that times it: one kept-alive HTTP/1.1
    connection (over TLS with ``tls``, checking the server's certificate), its cookies and
    CSRF token; a POST goes as htmx sends it. ``headers``: the last answer's, by lowercase name."""

    def __init__(self, base: str, session_key: str, tls: ssl.SSLContext | None = None):
        from django.conf import settings

        self.base, self.netloc, self.tls = base, urllib.parse.urlsplit(base).netloc, tls
        self.cookies = {settings.SESSION_COOKIE_NAME: session_key}
        self.token = ""
        self.headers: dict[str, str] = {}

    async def connect(self) -> None:
        host, port = self.netloc.split(":")
        opening = asyncio.open_connection(host, int(port), ssl=self.tls)
        self.reader, self.writer = await asyncio.wait_for(opening, TIMEOUT)

    async def open(self, path: str = "/sessions/") -> "Client":
        """Connected, with the CSRF token of the page at ``path`` (a form of the host's)."""
        await self.connect()
        self.token = CSRF_INPUT.search(await self.request("GET", path)).group(1)
        return self

    async def request(
        self, method: str, path: str, form: dict | None = None, *, htmx: bool = False, expect: int | None = 200
    ) -> str:
        """The page answered (``expect``: its status; None: 200 or 204, an htmx poll)."""
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.netloc}",
            "Cookie: " + "; ".join(f"{name}={value}" for name, value in self.cookies.items()),
        ]
        body = b""
        if form is not None:
            body = urllib.parse.urlencode({**form, "csrfmiddlewaretoken": self.token}).encode()
            lines += [
                f"Referer: {self.base}{path}",
                "Content-Type: application/x-www-form-urlencoded",
                f"Content-Length: {len(body)}",
            ]
        if htmx:
            lines.append("HX-Request: true")
        if self.reader.at_eof():  # the server closed it while it was idle: a browser opens another
            await self.connect()
        self.writer.write("\r\n".join(lines).encode() + b"\r\n\r\n" + body)
        try:
            async with asyncio.timeout(TIMEOUT):
                status, page = await self.response()
        except TimeoutError:
            raise BenchFailed(f"{method} {path}: no answer within {TIMEOUT:.0f} s") from None
        if status != expect and not (expect is None and status in (200, 204)):
            raise BenchFailed(f"{method} {path} answered {status}, not {expect}: {page[:500]!r}")
        return page

    async def response(self) -> tuple[int, str]:
        status_line = await self.reader.readline()
        if not status_line:
            raise BenchFailed("the server closed a kept-alive connection")
        length, self.headers = None, {}
        while line := (await self.reader.readline()).decode().strip():
            name, _, value = line.partition(":")
            self.headers[name.lower()] = value.strip()
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "set-cookie":
                cookie, _, rest = value.strip().partition("=")
                self.cookies[cookie] = rest.split(";")[0]
        if length is None and int(status_line.split()[1]) == 204:
            length = 0  # No Content
        if length is None:
            raise BenchFailed(f"a response without Content-Length: {status_line!r}")
        return int(status_line.split()[1]), (await self.reader.readexactly(length)).decode()

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


class Table:
    """One session's boards (or a floor group's sockets), and when each message reached each
    of them. ``expected`` lists the messages every board should get, in order: the round each
    shows (None: no round, as a new game's board or the floor's fragment)."""

    def __init__(self, name: str, sockets):
        self.name, self.sockets = name, sockets
        self.arrivals: list[list[tuple[float, int | None]]] = [[] for _ in sockets]
        self.expected: list[int | None] = []
        self.listeners = [
            asyncio.create_task(self.listen(socket, arrived)) for socket, arrived in zip(sockets, self.arrivals)
        ]

    @staticmethod
    async def listen(socket, arrived) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            async for message in socket:
                shown = ROUND_SHOWN.search(message)
                arrived.append((time.perf_counter(), int(shown.group(1)) if shown else None))

    def last_arrival(self, index: int) -> float:
        return max(arrived[index][0] for arrived in self.arrivals)

    def missing(self) -> str:
        return "; ".join(
            f"{self.name}, board {n}: {len(arrived)} of {len(self.expected)} changes"
            for n, arrived in enumerate(self.arrivals)
            if len(arrived) < len(self.expected)
        )

    def check(self) -> bool:
        """Whether every board has every message expected so far; fails on a wrong one."""
        for n, (socket, arrived) in enumerate(zip(self.sockets, self.arrivals)):
            shown = [round_ for _, round_ in arrived]
            if shown != self.expected[: len(shown)]:
                raise BenchFailed(f"{self.name}, board {n}: got rounds {shown[-5:]}, expected {self.expected[-5:]}")
            if len(shown) < len(self.expected) and socket.close_code is not None:
                raise BenchFailed(f"{self.name}, board {n}: closed by the server (code {socket.close_code})")
        return all(len(arrived) == len(self.expected) for arrived in self.arrivals)

    async def close(self) -> None:
        for socket in self.sockets:
            await socket.close()
        await asyncio.gather(*self.listeners)


async def open_table(name: str, url: str, origin: str, greeted: bool) -> Table:
    """BOARDS sockets on ``url``; ``greeted``: each first gets the board as it is (not counted)."""
    from websockets.asyncio.client import connect

    try:
        sockets = [
            await connect(url, origin=origin, max_size=None, open_timeout=TIMEOUT, ping_interval=None)
            for _ in range(BOARDS)
        ]
        if greeted:
            await asyncio.wait_for(asyncio.gather(*(socket.recv() for socket in sockets)), TIMEOUT)
    except Exception as error:
        raise BenchFailed(f"{name}: a board did not open: {error!r}") from error
    return Table(name, sockets)


class Sample(NamedTuple):
    sent: float
    answered: float
    table: Table
    index: int  # of the change's message among the table's

    @property
    def board(self) -> float:
        return self.table.last_arrival(self.index) - self.sent


class SessionHost:
    """A host recording Commerce rounds in one session, with a new game every ROUNDS_PER_GAME."""

    def __init__(self, client: Client, session, table: Table):
        self.client, self.table = client, table
        self.path, self.new_game_path = session.get_absolute_url(), f"{session.get_absolute_url()}games/new/"
        self.number = 1  # the next round's, in the session's latest game (started with no rounds)

    async def record(self) -> Sample:
        if self.number > ROUNDS_PER_GAME:
            await self.client.request("POST", self.new_game_path, NEW_GAME, expect=302)
            self.table.expected.append(None)  # the new game's board
            self.number = 1
        sent = time.perf_counter()
        fields = {"number": str(self.number), "submission": str(uuid.uuid4()), **DEALS[self.number % 2]}
        page = await self.client.request("POST", self.path, fields, htmx=True)
        answered = time.perf_counter()
        if f"Round {self.number} recorded" not in page:
            raise BenchFailed(f"round {self.number} was not recorded: {page[:1000]!r}")
        self.table.expected.append(self.number)
        self.number += 1
        return Sample(sent, answered, self.table, len(self.table.expected) - 1)


class FloorHost:
    def __init__(self, client: Client, group: int, table: Table):
        self.client, self.table, self.path = client, table, f"/bench/floor/{group}/"

    async def record(self) -> Sample:
        sent = time.perf_counter()
        await self.client.request("POST", self.path, {}, htmx=True)
        answered = time.perf_counter()
        self.table.expected.append(None)
        return Sample(sent, answered, self.table, len(self.table.expected) - 1)


class Figures(NamedTuple):
    rate: float  # rounds/s
    board50: float  # ms, POST to the last board
    board95: float
    host95: float  # ms, the POST's response


async def drive(hosts, pace: float | None = None) -> list[Sample]:
    """Each host records rounds one after another (every ``pace`` s at most, if given) for
    WARM_UP + SLICE s; returns the rounds answered within the SLICE s, once every board has
    received every change."""
    start = time.perf_counter()
    counted_from, until = start + WARM_UP, start + WARM_UP + SLICE

    async def rounds(host) -> list[Sample]:
        samples, tick = [], start
        while time.perf_counter() < until:
            if pace:
                await asyncio.sleep(max(0.0, tick - time.perf_counter()))
                tick = max(tick + pace, time.perf_counter())  # late: the next goes at once, no burst
            samples.append(await host.record())
        return samples

    samples = [sample for one in await asyncio.gather(*(rounds(host) for host in hosts)) for sample in one]
    deadline = time.perf_counter() + TIMEOUT
    while not all([host.table.check() for host in hosts]):
        if time.perf_counter() > deadline:
            missing = "; ".join(filter(None, (host.table.missing() for host in hosts)))
            raise BenchFailed(f"boards still missing changes {TIMEOUT:.0f} s after the last POST: {missing}")
        await asyncio.sleep(0.05)
    return [s for s in samples if counted_from <= s.answered <= until]


def figures(samples: list[Sample]) -> Figures:
    if not samples:
        raise BenchFailed("no round was answered within the time counted")
    boards = [s.board for s in samples]
    return Figures(
        len(samples) / (SLICES * SLICE),
        percentile(boards, 0.5),
        percentile(boards, 0.95),
        percentile([s.answered - s.sent for s in samples], 0.95),
    )


async def load_in_a_loop(client: Client, path: str, stop: asyncio.Event) -> list[float]:
    times = []
    while not stop.is_set():
        start = time.perf_counter()
        page = await client.request("GET", path)
        times.append(time.perf_counter() - start)
        if "Games played" not in page:
            raise BenchFailed(f"GET {path} is not the player page: {page[:500]!r}")
    return times


async def measure(base: str, sessions, keys: dict[str, list[str]], player_path: str) -> dict:
    ws = base.replace("http", "ws", 1)
    tables = await asyncio.gather(
        *(
            open_table(session.title, f"{ws}/ws/board/{session.share_token}/", base, greeted=True)
            for session in sessions
        )
    )
    floor_tables = await asyncio.gather(
        *(open_table(f"floor group {n}", f"{ws}/ws/bench/floor/{n}/", base, greeted=False) for n in range(SESSIONS))
    )
    floor_clients = [await Client(base, key).open() for key in keys["floor"]]
    clients = [await Client(base, key).open() for key in keys["bench"]]
    loader = await Client(base, keys["history"][0]).open()

    floor = [FloorHost(client, n, floor_tables[n]) for n, client in enumerate(floor_clients)]
    app = [SessionHost(client, sessions[n], tables[n]) for n, client in enumerate(clients)]
    # Each in a session untouched so far: the host's page shows every game of the evening.
    quiet, loaded = (SessionHost(clients[n], sessions[HOSTS + n], tables[HOSTS + n]) for n in range(2))
    samples: dict[str, list] = {"floor": [], "app": [], "quiet": [], "loaded": [], "page": []}
    for _ in range(SLICES):
        samples["floor"] += await drive(floor)
        samples["app"] += await drive(app)
    for _ in range(SLICES):
        samples["quiet"] += await drive([quiet], pace=PACE)
        stop = asyncio.Event()
        loading = asyncio.create_task(load_in_a_loop(loader, player_path, stop))
        try:
            samples["loaded"] += await drive([loaded], pace=PACE)
        finally:
            stop.set()
            samples["page"] += await asyncio.wait_for(loading, TIMEOUT)

    for client in [*floor_clients, *clients, loader]:
        await client.close()
    for table in [*floor_tables, *tables]:
        await table.close()
    return {name: figures(taken) for name, taken in samples.items() if name != "page"} | {"page": samples["page"]}


def setup_database():
    """The bench host's sessions (a Commerce game started in each), the floor's host, and
    another host with history.py's 5,000 games; returns the sessions, the logins and the
    busiest player of the history."""
    from django.db import connection
    from django.db.models import Count

    from scoring.models import Player
    from tests.bench.history import generate_history
    from tests.factories import UserFactory

    host, floor, historian = (UserFactory(username=name) for name in ["bench", "floor", "history"])
    sessions = commerce_tables(host, SESSIONS, played_on="2026-11-22")
    start = time.perf_counter()
    generate_history(historian)
    print(f"  (the history generated in {time.perf_counter() - start:.0f} s)", flush=True)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # as autovacuum would after the bulk load, but not mid-run
            cursor.execute("ANALYZE")
    busiest = Player.objects.filter(host=historian).annotate(n=Count("performances")).order_by("-n").first()
    keys = {
        "bench": [logged_in(host) for _ in range(HOSTS)],
        "floor": [logged_in(floor) for _ in range(HOSTS)],
        "history": [logged_in(historian)],
    }
    return sessions, keys, busiest


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


def stack() -> str:
    from django.conf import settings
    from django.db import connection

    database = connection.settings_dict
    if connection.vendor == "postgresql":
        pool = database["OPTIONS"].get("pool")
        held = f"a pool of {pool['max_size']}" if pool else f"CONN_MAX_AGE {database['CONN_MAX_AGE']}"
        where = f"PostgreSQL ({held} a process)"
    else:
        where = f"{connection.display_name} file"
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[1]
    return f"{where}, {layer}"


def report(figures: dict, busiest) -> None:
    app, floor, quiet, loaded = figures["app"], figures["floor"], figures["quiet"], figures["loaded"]

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    print(f"  {'':8}{'rounds/s':>10}{'board p50':>12}{'board p95':>12}{'host p95':>12}")
    for label, f in [("app", app), ("floor", floor)]:
        print(f"  {label:8}{f.rate:>10.1f}{f.board50:>9.1f} ms{f.board95:>9.1f} ms{f.host95:>9.1f} ms")
    share, times = app.rate / floor.rate, app.board95 / floor.board95
    print(f"  throughput {share:.2f} of the floor's (goal: at least 1/3) {verdict(share >= 1 / 3)}")
    print(f"  board p95 {times:.1f}x the floor's (goal: within 3x) {verdict(times <= 3)}")
    pages = figures["page"]
    print(
        f"History load: one host, a round every {PACE * 1000:.0f} ms; the player page ({busiest.name}, "
        f"{busiest.n:,} games) loaded in a loop by another client"
    )
    for label, f in [("quiet", quiet), ("loaded", loaded)]:
        print(f"  {label:8}{f.rate:>10.1f}{f.board50:>9.1f} ms{f.board95:>9.1f} ms{f.host95:>9.1f} ms")
    print(
        f"  the player page: {len(pages)} loads, p50 {percentile(pages, 0.5):.0f} ms, "
        f"p95 {percentile(pages, 0.95):.0f} ms"
    )
    times = loaded.board95 / quiet.board95
    print(f"  board p95 loaded {times:.1f}x the quiet one (goal: within 2x) {verdict(times <= 2)}")


def server_log(server):
    """A function returning what the server has logged so far. A server whose log is a pipe
    has it drained meanwhile, so that it never blocks on a full pipe."""
    if server.process.stderr is None:
        return server.errors
    lines = deque(maxlen=100)
    threading.Thread(target=lambda: lines.extend(server.process.stderr), daemon=True).start()
    return lambda: b"".join(lines).decode(errors="replace")


def measured_on_daphne(url: str, measure, bench: str, said=lambda log: log):
    """What ``measure(server)`` (a coroutine) measures of a Daphne process serving the bench's
    app on the database at ``url``, this client's collector paused. If it fails, the bench
    exits saying why and the server's last words (``said`` picks them from its log)."""
    from tests.servers import Daphne

    with Daphne(app="tests.bench.asgi:application", database_url=url) as server:
        log = server_log(server)
        try:
            with collector_paused():
                return asyncio.run(measure(server))
        except BenchFailed as failure:
            sys.exit(f"{bench} failed: {failure}\nThe server's last words:\n{said(log())[-3000:]}")


def main() -> None:
    os.environ["BENCH_RUN"] = f"bench-{uuid.uuid4().hex[:8]}"  # settings.py: this run's Redis keys
    with django_on_a_database_of_its_own("board", "tests.bench.settings") as url:
        print(
            f"Board capacity: one Daphne process, {SESSIONS} sessions x {BOARDS} boards, {HOSTS} hosts "
            f"recording for {SLICES} x {SLICE:.0f} s; {stack()}",
            flush=True,
        )
        sessions, keys, busiest = setup_database()
        figures = measured_on_daphne(
            url, lambda server: measure(server.url, sessions, keys, busiest.get_absolute_url()), "Board bench"
        )
        report(figures, busiest)


if __name__ == "__main__":
    main()
