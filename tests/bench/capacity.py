"""A club stack's capacity: how many tables one and two Daphne processes hold with the round
and the board both answered within GOAL (p95), each table recording a round every ROUND_EVERY
s: its host posting Commerce rounds on a kept-alive connection (as htmx does), its TV's board
on a socket. With two processes, a table's host and its TV are on different ones (as nginx
may send them), so every update crosses Redis. PostgreSQL, with the project's pool (20
connections a process), and Redis: both are needed (DATABASE_URL, REDIS_URL); without them
the bench says so and measures nothing.

The load climbs by STEP tables from FIRST (two processes: from what one held), each step SPAN
s long (every table of it records SPAN / ROUND_EVERY rounds, at a moment of its own in each
ROUND_EVERY s), until a step misses the goal or a request fails; the figure is the last step
that met it. Tables of the earlier steps stay connected. The bench's own client runs on the
same machine (one core's worth at most), as the figures say.

Round: from the POST sent to its answer. Board: from the POST sent until the table's TV shows
the round. Connections: the most the processes held open to PostgreSQL during the step
(sampled every 50 ms), against their pools' bound.

Run alone (it sets Django up on a database of its own): python -m tests.bench.capacity
"""

import asyncio
import os
import random
import sys
import threading
import time
import uuid

from referee.database_pool import DEFAULT_SIZE
from tests.commerce_tables import commerce_tables, logged_in

from .board import NEW_GAME, BenchFailed, Client, SessionHost, Table, collector_paused, percentile, stack
from .database import django_on_a_database_of_its_own

GOAL = 1.0  # s, p95 of the round's answer and of the board
ROUND_EVERY = 20.0  # s, a table's round
FIRST, STEP, LAST = 100, 100, 1200  # tables
SPAN = 40.0  # s a step
APP = "brag-capacity"  # the processes' application_name in pg_stat_activity (libpq's PGAPPNAME)
POOL = DEFAULT_SIZE  # each process's, as the project's default (no DATABASE_POOL_SIZE here)


def machine() -> str:
    memory = ""
    try:
        with open("/proc/meminfo") as info:
            kilobytes = int(info.readline().split()[1])
        memory = f", {kilobytes / 1024**2:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    return f"{os.cpu_count()} cores{memory}"


def setup_database(count: int):
    from tests.factories import UserFactory

    host = UserFactory(username="capacity")
    sessions = commerce_tables(host, count)
    return sessions, [logged_in(host) for _ in sessions]  # a login a table's host


async def open_tables(sessions, keys, servers, skip: int = 0) -> list[SessionHost]:
    """A host's client and a TV's socket for each session: the host on one process, the TV
    on the next (the same one when there is one); a new game started in each, as the host does."""
    from websockets.asyncio.client import connect

    async def one(n, session):
        post_to, watch_on = servers[n % len(servers)], servers[(n + 1) % len(servers)]
        client = await Client(post_to.url, keys[n]).open(session.get_absolute_url())  # the host's page
        url = watch_on.url.replace("http", "ws", 1) + f"/ws/board/{session.share_token}/"
        socket = await connect(url, origin=watch_on.url, max_size=None, open_timeout=30, ping_interval=None)
        await asyncio.wait_for(socket.recv(), 30)  # the board as it is
        host = SessionHost(client, session, Table(session.title, [socket]))
        await client.request("POST", host.new_game_path, NEW_GAME, expect=302)
        host.table.expected.append(None)  # the new game's board
        return host

    opened = []
    for start in range(skip, len(sessions), 10):  # a few at a time: the opening is not what is measured
        opened += await asyncio.gather(*(one(n, sessions[n]) for n in range(start, min(start + 10, len(sessions)))))
    return opened


async def run_step(hosts: list[SessionHost]) -> tuple[list[float], list[float]]:
    """Each table records a round every ROUND_EVERY s, from a moment of its own, for SPAN s;
    returns the rounds' answers and boards (s) once every board has every round."""
    start = time.perf_counter()

    async def table(host: SessionHost) -> list:
        samples, moment = [], start + random.uniform(0, ROUND_EVERY)
        while moment < start + SPAN:
            await asyncio.sleep(max(0.0, moment - time.perf_counter()))
            samples.append(await host.record())
            moment += ROUND_EVERY
        return samples

    samples = [sample for one in await asyncio.gather(*(table(host) for host in hosts)) for sample in one]
    deadline = time.perf_counter() + 60
    while not all([host.table.check() for host in hosts]):
        if time.perf_counter() > deadline:
            raise BenchFailed("boards still missing rounds 60 s after the last POST")
        await asyncio.sleep(0.05)
    return [s.answered - s.sent for s in samples], [s.board for s in samples]


class ConnectionsSampled:
    """The most connections the app's processes (application_name APP) held to PostgreSQL
    while sampling, every 50 ms from a thread of its own."""

    def __init__(self):
        self.most, self.done = 0, threading.Event()
        self.thread = threading.Thread(target=self.sample, daemon=True)

    def sample(self) -> None:
        from tests.servers import another_client

        with another_client() as link:
            while not self.done.is_set():
                query = "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
                self.most = max(self.most, link.execute(query, (APP,)).fetchone()[0])
                time.sleep(0.05)

    def __enter__(self) -> "ConnectionsSampled":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.done.set()
        self.thread.join(5)


async def climb(sessions, keys, servers, first: int) -> int:
    """The steps for ``servers`` from ``first`` tables; returns the most tables held at the goal."""
    random.seed(2026)
    held, opened = 0, []
    try:
        for tables in range(first, len(sessions) + 1, STEP):
            opened += await open_tables(sessions[:tables], keys, servers, skip=len(opened))
            try:
                with ConnectionsSampled() as connections:
                    rounds, boards = await run_step(opened)
            except BenchFailed as failure:
                print(f"    {tables:>4} tables: failed ({failure})", flush=True)
                break
            round95, board95 = percentile(rounds, 0.95), percentile(boards, 0.95)
            met = round95 <= GOAL * 1000 and board95 <= GOAL * 1000
            print(
                f"    {tables:>4} tables, {tables / ROUND_EVERY:4.1f} rounds/s: round p95 {round95:5.0f} ms, "
                f"board p95 {board95:5.0f} ms, connections {connections.most:>2} of "
                f"{POOL * len(servers)}  {'met' if met else 'MISSED'}",
                flush=True,
            )
            if not met:
                break
            held = tables
    finally:
        for each in opened:
            await each.client.close()
            await each.table.close()
    return held


def main() -> None:
    os.environ.pop("DATABASE_POOL_SIZE", None)
    if not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")):
        print("Capacity of a club stack: not measured (it needs PostgreSQL and Redis: set DATABASE_URL and REDIS_URL)")
        return
    os.environ["BENCH_RUN"] = f"bench-{uuid.uuid4().hex[:8]}"  # settings.py: this run's Redis keys
    with django_on_a_database_of_its_own("capacity", "tests.bench.settings") as url:
        print(
            f"Capacity of a club stack: tables held at round and board p95 <= {GOAL * 1000:.0f} ms, a round every "
            f"{ROUND_EVERY:.0f} s a table (a host and a TV each); {stack()}; this machine: {machine()}, "
            "the bench's client on it too",
            flush=True,
        )
        sessions, keys = setup_database(LAST)
        from tests.servers import Daphne

        results = {}
        for processes in (1, 2):
            print(f"  {processes} process{'es' if processes > 1 else ''}:", flush=True)
            servers = [
                Daphne(app="tests.bench.asgi:application", database_url=url, env={"PGAPPNAME": APP})
                for _ in range(processes)
            ]
            try:
                for server in servers:
                    server.start()
                with collector_paused():
                    first = max(FIRST, results.get(1, 0))  # two processes hold at least what one does
                    results[processes] = asyncio.run(climb(sessions, keys, servers, first))
            except BenchFailed as failure:
                said = "\n".join(line for s in servers for line in s.errors().splitlines() if " INFO " not in line)
                sys.exit(f"Capacity bench failed: {failure}\nThe servers' last words:\n{said[-3000:]}")
            finally:
                for server in servers:
                    server.stop()
        for processes, held in results.items():
            print(f"  {processes} process{'es' if processes > 1 else ''}: {held} tables held")


if __name__ == "__main__":
    main()
