"""Tables on their own phones: what one Daphne process sustains when every table is a host,
a TV and four seat phones (issue 29), on the standard path (PostgreSQL and Redis when
DATABASE_URL and REDIS_URL are set; otherwise a SQLite file of its own and the in-memory
channel layer).

Each of TABLES tables plays Commerce rounds one after another, as fast as they are answered:
- the four seats each send their own hand, one after another (an htmx POST from the seat's
  own connection);
- the host taps Reveal, then Record round with the revealed hands (htmx POSTs, logged in);
- after each of those, every seat's socket, the TV's and the host's page's receive the change
  (a seat's page swaps its next stage in, the host's panel ticks: no page load, no poll).
So a table holds seven connections to the server: the host's (HTTP) and its page's socket, the
TV's socket and four seats' sockets, and each seat's HTTP connection for its sends.

Figures: table rounds/s sustained flat out; from Reveal's POST until the TV and the four
seats all show the showdown, and from Record round's POST until they all show the round
(p50, p95), and a seat's send answered (p95): flat out, and again with the tables paced to
half the flat-out rate (the latency a table sees when the process is not at its limit).
What a process serves follows: at one round every ROUND_EVERY s per table (a deal, the
players setting their cards), rounds/s x ROUND_EVERY tables. And what a table round asks of
the server against a host-only round (the host taps every hand in; its page and the TV on
their sockets): its requests, its socket deliveries (a message sent to one screen) and its
CPU.

Run alone (it sets Django up on a database of its own): python -m tests.bench.tables
"""

import asyncio
import os
import re
import ssl
import time
import uuid
from typing import NamedTuple

from tests.commerce_tables import logged_in

from .board import (
    TIMEOUT,
    BenchFailed,
    Client,
    measured_on_daphne,
    percentile,
    stack,
)
from .database import django_on_a_database_of_its_own

TABLES, SEATS = 20, 4
WARM_UP, SLICE, PACED_SLICE = 2.0, 20.0, 30.0
HALF = 0.5  # the paced run's load, a share of the flat-out rate
ROUND_EVERY = 30  # s: a realistic table's pace, for the tables a process serves
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
DEALS = (
    {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "JH JD 4C", "Di": "2C 3D 5H"},
    {"Ann": "7C 7D 9S", "Bob": "AS KS QS", "Cy": "2C 3D 5H", "Di": "JH JD 4C"},
)
SHOWDOWN = re.compile(r"Round (\d+): the showdown")
RECORDED = re.compile(r"<h2>Round (\d+)</h2>")
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Seat(Client):
    """A player's phone: no login, the seat's link is the key; CSRF from the seat's page."""

    def __init__(self, base: str, path: str, tls: ssl.SSLContext | None = None):
        super().__init__(base, "", tls)
        self.cookies = {}
        self.path = path

    async def open(self) -> "Seat":
        await self.connect()
        await self.reload()
        return self

    async def reload(self) -> str:
        page = await self.request("GET", self.path)
        found = CSRF_INPUT.search(page)
        if found:
            self.token = found.group(1)
        return page


class Screen:
    """A socket (the TV's, a seat's, the host's page's) and the rounds it has been shown:
    revealed, recorded; and how many messages it has been sent."""

    def __init__(self, name: str, socket):
        self.name, self.socket = name, socket
        self.revealed: dict[int, float] = {}
        self.recorded: dict[int, float] = {}
        self.messages = 0
        self.listener = asyncio.create_task(self.listen())

    async def listen(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for message in self.socket:
                now = time.perf_counter()
                self.messages += 1
                for number in SHOWDOWN.findall(message):
                    self.revealed.setdefault(int(number), now)
                for number in RECORDED.findall(message):
                    self.recorded.setdefault(int(number), now)
        except ConnectionClosed:
            pass

    async def close(self) -> None:
        await self.socket.close()
        await self.listener


class Timing(NamedTuple):
    reveal: float  # s, Reveal's POST to the last of the five screens showing the showdown
    record: float  # s, Record round's POST to the last of the five screens showing the round
    sends: list[float]  # s, each seat's send answered
    answered: float  # when the round's record was answered


class Table:
    def __init__(self, session, game, host: Client, seats: list[Seat], screens: list[Screen], page: Screen):
        self.session, self.game, self.host, self.seats, self.screens = session, game, host, seats, screens
        self.page = page  # the host's page's socket: its panel and phones
        self.number = 1

    def deliveries(self) -> int:
        """The messages every socket of the table has been sent so far."""
        return sum(screen.messages for screen in [*self.screens, self.page])

    async def close(self) -> None:
        await self.host.close()
        for seat in self.seats:
            await seat.close()
        for screen in [*self.screens, self.page]:
            await screen.close()

    async def shown(self, kind: str, number: int, since: float) -> float:
        """Seconds from ``since`` until every screen shows round ``number`` ``kind``."""
        deadline = time.perf_counter() + TIMEOUT
        while True:
            arrived = [getattr(screen, kind).get(number) for screen in self.screens]
            if all(arrived):
                return max(arrived) - since
            closed = [screen.name for screen in self.screens if screen.socket.close_code is not None]
            if closed:
                raise BenchFailed(f"{self.session.title}: closed by the server: {', '.join(closed)}")
            if time.perf_counter() > deadline:
                late = [screen.name for screen, at in zip(self.screens, arrived) if not at]
                raise BenchFailed(f"{self.session.title}, round {number} {kind}: not shown on {', '.join(late)}")
            await asyncio.sleep(0.005)

    async def send(self, seat: Seat, name: str, hand: str) -> float:
        start = time.perf_counter()
        fields = {"game": str(self.game.public_id), "number": str(self.number), "submission": str(uuid.uuid4())}
        page = await seat.request("POST", seat.path, {**fields, "hand_0": hand}, htmx=True)
        if "Sent ✓" not in page:
            raise BenchFailed(f"{self.session.title}: {name}'s hand was not kept: {page[:800]!r}")
        return time.perf_counter() - start

    async def play(self) -> Timing:
        deal, number = DEALS[self.number % 2], self.number
        # One after another, as players finish setting their cards: never four at once (at a
        # real table they do not tap Send in the same millisecond).
        sends = [await self.send(seat, name, deal[name]) for seat, name in zip(self.seats, PLAYERS)]
        base = self.session.get_absolute_url()
        start = time.perf_counter()
        await self.host.request(
            "POST", f"{base}games/{self.game.public_id}/reveal/", {"number": str(number)}, htmx=True
        )
        reveal = await self.shown("revealed", number, start)  # the seats' pages swap it in: no reload
        record, answered = await self.record(deal, number)
        return Timing(reveal, record, list(sends), answered)

    async def record(self, deal: dict, number: int) -> tuple[float, float]:
        """Record round: until the last screen shows it, and when it was answered."""
        fields = {f"hand_{i}": deal[name] for i, name in enumerate(PLAYERS)}
        start = time.perf_counter()
        page = await self.host.request(
            "POST",
            f"{self.session.get_absolute_url()}?game={self.game.number}",
            {"number": str(number), "submission": str(uuid.uuid4()), **fields},
            htmx=True,
        )
        answered = time.perf_counter()
        if f"Round {number} recorded" not in page:
            raise BenchFailed(f"{self.session.title}: round {number} was not recorded: {page[:800]!r}")
        record = await self.shown("recorded", number, start)
        self.number += 1
        return record, answered


class HostOnly(Table):
    """A table without phones: the host taps every hand in and records the round; the TV
    shows it (the capacity bench's table, for the same process's CPU a round)."""

    async def play(self) -> Timing:
        record, answered = await self.record(DEALS[self.number % 2], self.number)
        return Timing(0.0, record, [], answered)


async def opened(base: str, path: str, cookie: str = "", tls: ssl.SSLContext | None = None):
    """A socket opened on ``path`` (over TLS with ``tls``), past the fragments it is first sent
    (the page as it is)."""
    from websockets.asyncio.client import connect

    ws = base.replace("http", "ws", 1)
    headers = {"Cookie": cookie} if cookie else None
    socket = await connect(
        ws + path, origin=base, ping_interval=None, max_size=None, additional_headers=headers, ssl=tls
    )
    await asyncio.wait_for(socket.recv(), TIMEOUT)
    return socket


async def host_page(base: str, session, host_key: str) -> Screen:
    from django.conf import settings

    cookie = f"{settings.SESSION_COOKIE_NAME}={host_key}"
    return Screen("host", await opened(base, f"/ws/host/{session.public_id}/", cookie))


async def open_host_only(base: str, session, game, tokens, host_key: str) -> HostOnly:
    host = await Client(base, host_key).open()
    tv = Screen("TV", await opened(base, f"/ws/board/{session.share_token}/"))
    return HostOnly(session, game, host, [], [tv], await host_page(base, session, host_key))


async def open_table(base: str, session, game, tokens: dict[str, str], host_key: str) -> Table:
    host = await Client(base, host_key).open()
    seats = [await Seat(base, f"/seat/{tokens[name]}/").open() for name in PLAYERS]
    screens = [Screen("TV", await opened(base, f"/ws/board/{session.share_token}/"))]
    screens += [Screen(name, await opened(base, f"/ws/seat/{tokens[name]}/")) for name in PLAYERS]
    return Table(session, game, host, seats, screens, await host_page(base, session, host_key))


def cpu_seconds(pid: int) -> float:
    """The server process's CPU time so far (user and system), from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def cpu_within(pid: int, start: float, until: float) -> float:
    """The server's CPU seconds between two moments (perf_counter) of the run."""
    await asyncio.sleep(max(0.0, start - time.perf_counter()))
    before = cpu_seconds(pid)
    await asyncio.sleep(max(0.0, until - time.perf_counter()))
    return cpu_seconds(pid) - before


async def play_for(
    tables: list, seconds: float, every: float | None = None, pid: int | None = None
) -> tuple[list[Timing], float, float]:
    """Each table plays rounds for WARM_UP + ``seconds``, one after another as they are
    answered (or one every ``every`` s, each table starting at its own moment); the rounds
    recorded within the ``seconds``, the socket deliveries a round, and the server's CPU."""
    start = time.perf_counter()
    counted_from, until = start + WARM_UP, start + WARM_UP + seconds
    cpu = asyncio.create_task(cpu_within(pid, counted_from, until)) if pid else None

    async def rounds(n: int, table: Table) -> list[Timing]:
        timings, tick = [], start + (every or 0) * n / len(tables)
        while time.perf_counter() < until:
            if every:
                await asyncio.sleep(max(0.0, tick - time.perf_counter()))
                tick += every
            timings.append(await table.play())
        return timings

    delivered = sum(table.deliveries() for table in tables)
    played = await asyncio.gather(*(rounds(n, table) for n, table in enumerate(tables)))
    await asyncio.sleep(0.2)  # the last round's messages read
    delivered = sum(table.deliveries() for table in tables) - delivered
    counted = [t for timings in played for t in timings if counted_from <= t.answered <= until]
    if not counted:
        raise BenchFailed("no round was recorded within the time counted")
    return counted, delivered / sum(map(len, played)), (await cpu if cpu else 0.0)


async def measure(base: str, tables_data, host_only_data, host_key: str, pid: int) -> dict:
    """Flat out (the capacity, and the server's CPU a table round), then at half of it (the
    latency a table sees below it); then host-only tables flat out (their CPU a round)."""
    tables = [await open_table(base, *table, host_key) for table in tables_data]
    flat_out, deliveries, cpu = await play_for(tables, SLICE, pid=pid)
    every = len(tables) / (HALF * len(flat_out) / SLICE)
    paced, _, _ = await play_for(tables, PACED_SLICE, every)
    for table in tables:
        await table.close()
    host_only = [await open_host_only(base, *table, host_key) for table in host_only_data]
    alone, alone_deliveries, alone_cpu = await play_for(host_only, SLICE, pid=pid)
    for table in host_only:
        await table.close()
    return {
        "flat_out": flat_out,
        "deliveries": deliveries,
        "paced": paced,
        "every": every,
        "cpu": cpu / len(flat_out),
        "host_only": alone,
        "host_only_deliveries": alone_deliveries,
        "host_only_cpu": alone_cpu / len(alone),
    }


def setup_database():
    """The tables' sessions, each with a Commerce game started and its seats' links."""
    from scoring.models import SessionPlayer
    from scoring.services import game_start, session_start
    from tests.factories import UserFactory

    host = UserFactory(username="tables")
    tables = []
    for n in range(2 * TABLES):  # with phones, then host-only
        session = session_start(host=host, title=f"Table {n}", played_on="2026-11-27", player_names=PLAYERS)
        game = game_start(session=session, kind="commerce", seat_names=PLAYERS, options={"stake": 0})
        tokens = dict(SessionPlayer.objects.filter(session=session).values_list("player__name", "seat_token"))
        tables.append((session, game, tokens))
    return tables[:TABLES], tables[TABLES:], logged_in(host)


def report(figures: dict) -> None:
    flat_out, paced = figures["flat_out"], figures["paced"]
    rate = len(flat_out) / SLICE
    print(f"  flat out: {rate:.1f} table rounds/s ({len(flat_out)} rounds)")
    for label, counted in [
        ("flat out", flat_out),
        (f"at half that (a round every {figures['every']:.0f} s a table)", paced),
    ]:
        print(f"  {label}:")
        for what, times in [("Reveal", [t.reveal for t in counted]), ("Record round", [t.record for t in counted])]:
            print(
                f"    {what} to the last of the 5 screens: p50 {percentile(times, 0.5):.0f} ms, "
                f"p95 {percentile(times, 0.95):.0f} ms"
            )
        print(f"    a seat's send answered: p95 {percentile([s for t in counted for s in t.sends], 0.95):.0f} ms")
    print(
        f"  at a round every {ROUND_EVERY} s a table, one process keeps up with about {rate * ROUND_EVERY:.0f} tables "
        f"({rate * ROUND_EVERY * (2 + SEATS):.0f} devices: a host, a TV and {SEATS} seat phones each)"
    )
    alone = len(figures["host_only"]) / SLICE
    print(f"  a table round against a host-only round ({alone:.1f} host-only table rounds/s flat out):")
    rows = [
        ("requests", f"{SEATS + 2}", "1", f"{(SEATS + 2) / 1:.1f}x"),  # each seat's send, Reveal, Record round
        (
            "socket deliveries",
            f"{figures['deliveries']:.1f}",
            f"{figures['host_only_deliveries']:.1f}",
            f"{figures['deliveries'] / figures['host_only_deliveries']:.1f}x",
        ),
        (
            "server CPU",
            f"{figures['cpu'] * 1000:.0f} ms",
            f"{figures['host_only_cpu'] * 1000:.0f} ms",
            f"{figures['cpu'] / figures['host_only_cpu']:.1f}x",
        ),
    ]
    print(f"    {'':<18} {'with phones':>12} {'host-only':>10} {'ratio':>6}")
    for what, phones, host_only, ratio in rows:
        print(f"    {what:<18} {phones:>12} {host_only:>10} {ratio:>6}")


def main() -> None:
    os.environ["BENCH_RUN"] = f"bench-{uuid.uuid4().hex[:8]}"  # settings.py: this run's Redis keys
    with django_on_a_database_of_its_own("tables", "tests.bench.settings") as url:
        print(
            f"Tables on their own phones: one Daphne process, {TABLES} tables x (a host, a TV, {SEATS} seats) "
            f"playing Commerce rounds for {SLICE:.0f} s; {stack()}",
            flush=True,
        )
        tables, host_only, host_key = setup_database()
        figures = measured_on_daphne(
            url,
            lambda server: measure(server.url, tables, host_only, host_key, server.process.pid),
            "Tables bench",
            said=lambda log: "\n".join(line for line in log.splitlines() if " INFO " not in line),  # the faults
        )
        report(figures)


if __name__ == "__main__":
    main()
