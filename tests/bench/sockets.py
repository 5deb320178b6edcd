"""A process full of sockets (issue 32): how many one Daphne process holds when every table is
six sockets (the TV's board, a phone on the board link, four seats) and records a round every
ROUND_EVERY s, on the standard path (PostgreSQL and Redis when DATABASE_URL and REDIS_URL are
set; otherwise a SQLite file of its own and the in-memory channel layer).

- Held: STEPS tables, opened step by step (the sockets of the steps before stay open); at each
  step every table's host records a Commerce round every ROUND_EVERY s (the tables staggered
  across it) for WINDOW s. The figure: from the round's POST until the last of the table's six
  sockets shows it (p50, p95), the host's answer (p95). A step holds if its p95 is within GOAL.
  The seats' own sends and Reveal are the tables bench's (tables.py); here the host types the
  hands, so the load is the sockets' and not the posts'.
- The restart: with every socket open, the process is stopped and started again; each page
  reconnects after its jittered backoff, as static/js/board.js does (refused or dropped: it
  tries again). The figures: from the new process listening until every socket shows the
  board as it is now, and the refusals meanwhile.
- Memory: the process's resident memory before the first socket and with them all, per socket.

Run alone (it sets Django up on a database of its own): python -m tests.bench.sockets
"""

import asyncio
import os
import random
import re
import sys
import time
import uuid

from tests.commerce_tables import DEALS, commerce_tables, logged_in

from .board import TIMEOUT, BenchFailed, Client, collector_paused, percentile, server_log, stack
from .database import django_on_a_database_of_its_own

STEPS = (50, 100, 167)  # tables: 300, 600 and 1,002 sockets
ROUND_EVERY = 20.0  # s between two rounds at a table
WINDOW = 40.0  # s of rounds at each step
GOAL = 1.0  # s: round to every socket, p95
RECORDED = re.compile(r"<h2>Round (\d+)</h2>")
RESTART_WITHIN = 120.0  # s: the longest the sockets may take to be back before the bench fails


class Page:
    """One socket as its page keeps it: opened (and opened again after a drop) with the page's
    jittered backoff; when each round was first shown."""

    def __init__(self, url: str, origin: str):
        self.url, self.origin = url, origin
        self.shown: dict[int, float] = {}
        self.opened = asyncio.Event()
        self.refused = 0
        self.socket = None
        self.task = None

    def start(self) -> None:
        self.task = asyncio.create_task(self.run())

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        retries = 0
        while True:
            try:
                async with connect(self.url, origin=self.origin, open_timeout=TIMEOUT, ping_interval=None) as socket:
                    self.socket = socket
                    first = True
                    async for message in socket:
                        now = time.perf_counter()
                        for number in RECORDED.findall(message):
                            self.shown.setdefault(int(number), now)
                        if first:
                            self.opened.set()
                            first, retries = False, 0
            except (InvalidHandshake, ConnectionClosed, OSError):
                pass
            except TimeoutError:
                raise BenchFailed(f"{self.url}: a handshake unanswered for {TIMEOUT:.0f} s") from None
            self.socket = None
            if self.opened.is_set():
                self.opened = asyncio.Event()  # dropped: it shows "Reconnecting…" until a board comes
            else:
                self.refused += 1
            retries += 1
            await asyncio.sleep(0.5 + random.random() * min(4, 0.5 * 2**retries))

    async def stop(self) -> None:
        self.task.cancel()
        if self.socket is not None:
            await self.socket.close()


class Table:
    def __init__(self, session, tokens: list[str], base: str):
        self.session, self.base, self.host = session, base, None
        ws = base.replace("http", "ws", 1)
        board = f"{ws}/ws/board/{session.share_token}/"
        self.pages = [Page(board, base), Page(board, base)] + [Page(f"{ws}/ws/seat/{t}/", base) for t in tokens]
        self.number = 1

    async def open_host(self, key: str) -> None:
        if self.host is not None:
            await self.host.close()
        self.host = await Client(self.base, key).open()

    async def play(self) -> tuple[float, float]:
        """A round recorded: (its POST to the last socket showing it, the host's answer), s."""
        number = self.number
        self.number += 1
        fields = {"number": str(number), "submission": str(uuid.uuid4()), **DEALS[number % 2]}
        sent = time.perf_counter()
        page = await self.host.request("POST", self.session.get_absolute_url(), fields, htmx=True)
        answered = time.perf_counter() - sent
        if f"Round {number} recorded" not in page:
            raise BenchFailed(f"{self.session.title}: round {number} was not recorded: {page[:800]!r}")
        deadline = time.perf_counter() + TIMEOUT
        while not all(number in page.shown for page in self.pages):
            if time.perf_counter() > deadline:
                late = sum(number not in page.shown for page in self.pages)
                raise BenchFailed(f"{self.session.title}: round {number} not shown on {late} of its sockets")
            await asyncio.sleep(0.01)
        return max(page.shown[number] for page in self.pages) - sent, answered


async def all_open(tables: list[Table], within: float) -> float:
    start = time.perf_counter()
    pages = [page for table in tables for page in table.pages]
    try:
        await asyncio.wait_for(asyncio.gather(*(page.opened.wait() for page in pages)), within)
    except TimeoutError:
        late = sum(not page.opened.is_set() for page in pages)
        raise BenchFailed(f"{late} of {len(pages)} sockets not open within {within:.0f} s") from None
    return time.perf_counter() - start


async def rounds_for(tables: list[Table], seconds: float) -> list[tuple[float, float]]:
    start = time.perf_counter()

    async def table_rounds(n: int, table: Table) -> list[tuple[float, float]]:
        timings, at = [], start + ROUND_EVERY * n / len(tables)
        while at < start + seconds:
            await asyncio.sleep(max(0.0, at - time.perf_counter()))
            timings.append(await table.play())
            at += ROUND_EVERY
        return timings

    played = await asyncio.gather(*(table_rounds(n, table) for n, table in enumerate(tables)))
    return [timing for timings in played for timing in timings]


def resident_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+) kB", status.read()).group(1))


async def measure(server, tables_data, host_key: str) -> dict:
    base = server.url
    before = resident_kb(server.process.pid)
    tables: list[Table] = []
    steps = []
    for size in STEPS:
        added = []
        for session, tokens in tables_data[len(tables) : size]:
            table = Table(session, tokens, base)
            for page in table.pages:
                page.start()
            added.append(table)
        opened = await all_open(added, RESTART_WITHIN)
        tables += added
        for table in tables:  # Daphne closes a kept-alive connection idle for a minute: a new one each step
            await table.open_host(host_key)
        timings = await rounds_for(tables, WINDOW)
        steps.append((len(tables) * 6, opened, timings))
        print_step(*steps[-1])
    full = resident_kb(server.process.pid)

    for table in tables:  # the host's connections go with the process; the pages reconnect themselves
        await table.host.close()
    await asyncio.to_thread(server.stop)
    await asyncio.to_thread(server.start)
    try:
        back = await all_open(tables, RESTART_WITHIN)
    except BenchFailed as failure:  # a figure too: the other figures stand
        back = str(failure)
    refused = sum(page.refused for table in tables for page in table.pages)
    for table in tables:
        for page in table.pages:
            await page.stop()
    return {"steps": steps, "memory": (before, full), "restart": (back, refused)}


def setup_database():
    from scoring.models import SessionPlayer
    from tests.factories import UserFactory

    host = UserFactory(username="sockets")
    tables = []
    for session in commerce_tables(host, max(STEPS)):
        tokens = list(SessionPlayer.objects.filter(session=session).values_list("seat_token", flat=True))
        tables.append((session, tokens))
    return tables, logged_in(host)


def held(timings) -> bool:
    return percentile([shown for shown, _ in timings], 0.95) <= GOAL * 1000


def print_step(sockets: int, opened: float, timings) -> None:
    """A step's figures, as soon as it is measured."""
    shown = [shown for shown, _ in timings]
    p95 = percentile(shown, 0.95)
    ok = held(timings)
    print(
        f"  {sockets:>5} sockets ({sockets // 6} tables, {len(timings)} rounds): round to every socket "
        f"p50 {percentile(shown, 0.5):.0f} ms, p95 {p95:.0f} ms; host p95 "
        f"{percentile([a for _, a in timings], 0.95):.0f} ms, {'held' if ok else 'NOT held'} "
        f"(the step's new sockets all open in {opened:.1f} s)",
        flush=True,
    )


def report(figures: dict) -> None:
    most = max((sockets for sockets, _, timings in figures["steps"] if held(timings)), default=0)
    print(f"  one process holds {most:,} sockets at p95 <= {GOAL * 1000:.0f} ms (goal: 1,000)")
    back, refused = figures["restart"]
    sockets = figures["steps"][-1][0]
    if isinstance(back, str):
        print(f"  after a restart: NOT all back: {back} ({refused:,} refusals meanwhile)")
    else:
        print(
            f"  after a restart: all {sockets:,} sockets back with the current board {back:.1f} s after the new "
            f"process listened ({refused:,} refusals meanwhile, each tried again after its backoff)"
        )
    before, full = figures["memory"]
    print(
        f"  memory: {before / 1024:.0f} MB before the sockets, {full / 1024:.0f} MB with {sockets:,}: "
        f"{(full - before) / sockets:.0f} KB a socket"
    )


def main() -> None:
    os.environ["BENCH_RUN"] = f"bench-{uuid.uuid4().hex[:8]}"  # settings.py: this run's Redis keys
    with django_on_a_database_of_its_own("sockets", "tests.bench.settings") as url:
        print(
            f"A process full of sockets: one Daphne process, tables of 6 sockets (2 boards, 4 seats), a round "
            f"every {ROUND_EVERY:.0f} s a table for {WINDOW:.0f} s at each of {', '.join(str(6 * s) for s in STEPS)} "
            f"sockets; {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f} at the start); {stack()}",
            flush=True,
        )
        tables, host_key = setup_database()
        from tests.servers import Daphne

        server = Daphne(app="tests.bench.asgi:application", database_url=url).start()
        log = server_log(server)
        try:
            with collector_paused():
                figures = asyncio.run(measure(server, tables, host_key))
        except BenchFailed as failure:
            said = "\n".join(line for line in log().splitlines() if " INFO " not in line)
            sys.exit(f"Sockets bench failed: {failure}\nThe server's last words:\n{said[-3000:]}")
        finally:
            server.stop()
        report(figures)


if __name__ == "__main__":
    main()
