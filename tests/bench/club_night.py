"""A club night at club scale (issue 53, point 7): an event of TABLES tables of SIZE players
playing Stop the Bus on a club's whole stack as docs/hosting.md sets it up (nginx's site with
TLS in front of `make serve`'s two processes with the project's pool, PostgreSQL, a Redis of
its own: tests/club.py), with the night's big screen open on its socket.

Each table's six phones: its captain's, hosting the table from their own link (POST
/night/<token>/host/, then the session page and its socket, as the phone does), ON_SEAT
players on their seat's page and the others on their own link's page, each on its socket.
The captain records a round every ROUND_EVERY s (each table from a moment of its own) for
SPAN s, through the session page as htmx posts it, and sends each round again once with its
submission id (as the page's outbox does when an answer is lost): that one must record
nothing. At every DROP_EVERY-th table the captain's phone drops out halfway (its page and
socket closed) and the next player at the table carries on from their own link (hosting it
instead), recording the table's next rounds.

Table: from a round's POST sent until every phone at the table has been told (the host's
page its panel, a seat its page, a player's own link its own part). Screen: from the POST
sent until the big screen shows the table's new round. Goal: each within GOAL at p95. At the
end the database holds, at every table, exactly the rounds its captains were told were
recorded: nothing lost or counted twice.

It needs PostgreSQL, Redis's server and nginx (DATABASE_URL, REDIS_URL); without them it says
so and measures nothing. Run alone (a database of its own): python -m tests.bench.club_night
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import datetime
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .board import TIMEOUT, BenchFailed, collector_paused, percentile
from .capacity import machine
from .database import django_on_a_database_of_its_own
from .tables import Seat, cpu_seconds, opened

TABLES, SIZE = 30, 6
ROUND_EVERY = 20.0  # s, a table's round (as capacity.py's)
SPAN = 60.0  # s of rounds
DROP_EVERY = 6  # every DROP_EVERY-th table's captain's phone drops out halfway
NOTICED = 2.0  # s until another player at that table hosts it instead
ON_SEAT = 2  # of a table's other players, on their seat's page (the rest on their own link's)
TOKENS = 3  # each player's, so that no game ends within SPAN (a player out would change the form)
GOAL = 1.0  # s, p95 of the table's phones told and of the big screen
APP = "brag-bench-club-night"  # the processes' application_name in pg_stat_activity
SCREEN_TABLE = re.compile(
    r'<strong>Table (\d+)</strong>\s*<span class="names">[^<]*</span>\s*<span class="state">round (\d+)</span>'
)
NIGHT_OWN = 'id="night-own"'
SEAT_ROUND = re.compile(r"<h2>Round (\d+)</h2>")  # a seat's page: the last round recorded


def hands(number: int, players: int = SIZE) -> dict[str, str]:
    """Round ``number``'s hands in seat order: another seat shows the worst each round (one
    token lost, nobody out for TOKENS x SIZE rounds), never the same hands twice running."""
    from tests.club_nights import HANDS_BEST_FIRST  # once Django is set up

    return {f"hand_{i}": HANDS_BEST_FIRST[(i + number) % players] for i in range(players)}


class Watched:
    """A socket and when each mark (what ``marks`` finds in a message) reached it, in order."""

    def __init__(self, name: str, socket, marks):
        self.name, self.socket, self.marks = name, socket, marks
        self.arrivals: dict[object, list[float]] = defaultdict(list)
        self.listener = asyncio.create_task(self.listen())

    async def listen(self) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            async for message in self.socket:
                now = time.perf_counter()
                for mark in self.marks(message):
                    self.arrivals[mark].append(now)

    def first_after(self, mark, since: float) -> float | None:
        times = self.arrivals.get(mark, [])
        at = bisect.bisect_left(times, since)
        return times[at] if at < len(times) else None

    async def close(self) -> None:
        await self.socket.close()
        await self.listener


def host_marks(message: str) -> list:
    """The host's page is sent only its own table's changes: each message is one."""
    return ["told"]


def seat_marks(message: str) -> list:
    return [("round", int(n)) for n in SEAT_ROUND.findall(message)]


def night_marks(message: str) -> list:
    """A player's own part comes only for their table's changes (and the event's)."""
    return ["told"] if NIGHT_OWN in message else []


def screen_marks(message: str) -> list:
    return [(int(table), int(shown)) for table, shown in SCREEN_TABLE.findall(message)]


@dataclass
class Seated:
    """A table as drawn: its session's page, and its players' own links and seats, in seat order."""

    number: int
    path: str
    links: list[str]
    seats: list[str]


def the_night() -> tuple[object, list[Seated]]:
    """The event of TABLES x SIZE players, round 1 drawn and started."""
    from scoring import services
    from scoring.models import EventTable, SessionPlayer
    from tests.factories import UserFactory

    event = services.event_start(
        organiser=UserFactory(username="organiser"),
        name="Club night",
        held_on=datetime.date(2026, 11, 29),
        kind="stop_the_bus",
        options={"tokens": TOKENS},
        rounds=3,
        table_size=SIZE,
        player_names=[f"Player {n:03d}" for n in range(1, TABLES * SIZE + 1)],
    )
    services.event_round_start(event_round=services.event_draw(event=event))
    tables = []
    for table in EventTable.objects.filter(round__event=event).select_related("session").order_by("number"):
        entrants = [seat.entrant for seat in table.seats.select_related("entrant__player").order_by("position")]
        assert entrants[0].pk == table.captain_id, "the captain is the table's first seat"
        seats = dict(SessionPlayer.objects.filter(session=table.session).values_list("player_id", "seat_token"))
        tables.append(
            Seated(
                table.number,
                table.session.get_absolute_url(),
                [e.token for e in entrants],
                [seats[e.player_id] for e in entrants],
            )
        )
    return event, tables


@dataclass
class Sent:
    """A round as its captain sent it: when, and which phones of the table were open then."""

    table: int
    number: int
    sent: float
    answered: float
    phones: list[Watched]


@dataclass
class Table:
    """A table being played: its phones' sockets, its captain's phone (their own link's
    client, then the session page's), and the rounds its captains were told were recorded."""

    seated: Seated
    base: str
    tls: object
    captain: int = 0  # the seat hosting the table
    phone: Seat | None = None
    host: Watched | None = None
    others: dict[int, Watched] = field(default_factory=dict)  # by seat
    number: int = 1
    told: list[int] = field(default_factory=list)
    repeated: int = 0
    dropped_at: int | None = None  # the first round recorded after the captain's phone dropped out

    async def open(self) -> None:
        """The other players' pages open on their sockets; the captain hosts the table."""
        for seat in range(SIZE):
            if seat != self.captain:
                self.others[seat] = await self.watch(seat)
        await self.take(self.captain)

    async def watch(self, seat: int) -> Watched:
        if seat > SIZE - 1 - ON_SEAT:
            path, marks = f"/ws/seat/{self.seated.seats[seat]}/", seat_marks
        else:
            path, marks = f"/ws/night/{self.seated.links[seat]}/", night_marks
        return Watched(
            f"table {self.seated.number} seat {seat + 1}", await opened(self.base, path, tls=self.tls), marks
        )

    async def take(self, seat: int) -> float:
        """The player at ``seat`` hosts the table from their own link: its page, "Host the
        table", then the session's page (the answer sends the browser there) and its socket."""
        from django.conf import settings

        phone = await Seat(self.base, f"/night/{self.seated.links[seat]}/", self.tls).open()
        started = time.perf_counter()
        await phone.request("POST", f"/night/{self.seated.links[seat]}/host/", {}, htmx=True)
        if phone.headers.get("hx-redirect") != self.seated.path:
            raise BenchFailed(f"table {self.seated.number}: seat {seat + 1} was not sent to the table's page")
        phone.path = self.seated.path
        await phone.reload()
        cookie = f"{settings.SESSION_COOKIE_NAME}={phone.cookies[settings.SESSION_COOKIE_NAME]}"
        socket = await opened(self.base, f"/ws/host/{self.seated.path.strip('/').split('/')[-1]}/", cookie, self.tls)
        if seat in self.others:  # their own link's page is left for the table's
            await self.others.pop(seat).close()
        self.captain, self.phone = seat, phone
        self.host = Watched(f"table {self.seated.number} host", socket, host_marks)
        return time.perf_counter() - started

    async def drop_out(self) -> None:
        """The captain's phone is gone: its page and its socket closed."""
        await self.phone.close()
        await self.host.close()
        self.phone = self.host = None

    async def record(self) -> Sent:
        """The next round, then the same form again (its answer lost, say): recorded once."""
        fields = {"number": str(self.number), "submission": str(uuid.uuid4()), **hands(self.number)}
        sent = time.perf_counter()
        await self.phone.request("POST", self.seated.path, fields, htmx=True)
        answered = time.perf_counter()
        if self.said()["status"] != "recorded":
            raise BenchFailed(f"table {self.seated.number}, round {self.number}: {self.said()}")
        self.told.append(self.number)
        phones = [self.host, *self.others.values()]
        await self.phone.request("POST", self.seated.path, fields, htmx=True)
        if self.said()["status"] != "repeated":
            raise BenchFailed(f"table {self.seated.number}, round {self.number} sent again: {self.said()}")
        self.repeated += 1
        self.number += 1
        return Sent(self.seated.number, self.number - 1, sent, answered, phones)

    def said(self) -> dict:
        return json.loads(self.phone.headers.get("hx-trigger", "{}")).get("submission", {})

    async def close(self) -> None:
        if self.phone:
            await self.drop_out()
        for watched in self.others.values():
            await watched.close()


def told_at(sent: Sent, phone: Watched) -> float | None:
    mark = ("round", sent.number) if phone.marks is seat_marks else "told"
    return phone.first_after(mark, sent.sent)


async def play(tables: list[Table], screen: Watched, pid_of) -> dict:
    """Each table records a round every ROUND_EVERY s for SPAN s; at every DROP_EVERY-th the
    captain's phone drops out halfway and the next seat carries on."""
    start, own_cpu = time.perf_counter(), time.process_time()
    cpu_before = {pid: cpu_seconds(pid) for pid in pid_of}
    takeovers: list[float] = []

    async def table_rounds(n: int, table: Table) -> list[Sent]:
        sent, moment = [], start + ROUND_EVERY * n / len(tables)
        drop_at = start + SPAN / 2 if (n + 1) % DROP_EVERY == 0 else None
        while moment < start + SPAN:
            if drop_at is not None and moment >= drop_at:
                await asyncio.sleep(max(0.0, drop_at - time.perf_counter()))
                await table.drop_out()
                table.dropped_at, drop_at = table.number, None
                await asyncio.sleep(NOTICED)
                takeovers.append(await table.take((table.captain + 1) % SIZE))
            await asyncio.sleep(max(0.0, moment - time.perf_counter()))
            sent.append(await table.record())
            moment += ROUND_EVERY
        return sent

    rounds = [s for each in await asyncio.gather(*(table_rounds(n, t) for n, t in enumerate(tables))) for s in each]
    cpu = {pid: cpu_seconds(pid) - before for pid, before in cpu_before.items()}
    own_cpu = time.process_time() - own_cpu
    elapsed = time.perf_counter() - start
    deadline = time.perf_counter() + TIMEOUT
    while True:
        table_times = [[told_at(s, phone) for phone in s.phones] for s in rounds]
        screen_times = [screen.first_after((s.table, s.number + 1), s.sent) for s in rounds]
        if all(all(t) for t in table_times) and all(screen_times):
            break
        if time.perf_counter() > deadline:
            late = [f"table {s.table} round {s.number}" for s, t in zip(rounds, table_times) if not all(t)]
            raise BenchFailed(f"phones not told within {TIMEOUT:.0f} s: {late[:5]}; screen: {screen_times.count(None)}")
        await asyncio.sleep(0.1)
    return {
        "rounds": rounds,
        "table": [max(t) - s.sent for s, t in zip(rounds, table_times)],
        "screen": [t - s.sent for s, t in zip(rounds, screen_times)],
        "answered": [s.answered - s.sent for s in rounds],
        "takeovers": takeovers,
        "cpu": cpu,
        "own_cpu": own_cpu,
        "elapsed": elapsed,
    }


async def measure(club, event, seated: list[Seated]) -> dict:
    tls = club.tls()
    screen = Watched("screen", await opened(club.url, f"/ws/screen/{event.screen_token}/", tls=tls), screen_marks)
    tables = [Table(each, club.url, tls) for each in seated]
    started = time.perf_counter()
    for start in range(0, len(tables), 5):  # a few at a time: the opening is not what is measured
        await asyncio.gather(*(table.open() for table in tables[start : start + 5]))
    opening = time.perf_counter() - started
    print(f"  (the {len(tables) * SIZE} phones and the big screen opened in {opening:.0f} s)", flush=True)
    try:
        figures = await play(tables, screen, list(club.app.pids().values()))
    finally:
        for table in tables:
            await table.close()
        await screen.close()
    figures["tables"] = tables
    return figures


def kept_as_told(event, tables: list[Table]) -> list[str]:
    """Each table whose game holds other rounds than its captains were told were recorded."""
    from scoring.models import Round

    wrong = []
    for table in tables:
        kept = list(
            Round.objects.filter(
                game__session__event_table__number=table.seated.number, game__session__event_table__round__event=event
            )
            .order_by("number")
            .values_list("number", flat=True)
        )
        if kept != table.told:
            wrong.append(
                f"table {table.seated.number}: the database holds rounds {kept}, its captains were told {table.told}"
            )
    return wrong


def report(figures: dict, wrong: list[str]) -> None:
    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    rounds = figures["rounds"]
    print(f"  {len(rounds)} rounds recorded in {figures['elapsed']:.0f} s ({len(rounds) / figures['elapsed']:.1f}/s)")
    for label, times in [
        ("a round's POST answered", figures["answered"]),
        ("every phone at the table told", figures["table"]),
        ("the big screen shows it", figures["screen"]),
    ]:
        p50, p95 = percentile(times, 0.5), percentile(times, 0.95)
        goal = "" if "answered" in label else f" (goal: within {GOAL * 1000:.0f} ms) {verdict(p95 <= GOAL * 1000)}"
        print(f"  {label}: p50 {p50:.0f} ms, p95 {p95:.0f} ms{goal}")
    tables = figures["tables"]
    dropped = [t for t in tables if t.dropped_at is not None]
    after = sum(len([n for n in t.told if n >= t.dropped_at]) for t in dropped)
    takeovers = figures["takeovers"]
    print(
        f"  captains' phones dropped out: {len(dropped)}; carried on by another player at the table: "
        f"{len(takeovers)} (hosting in p50 {percentile(takeovers, 0.5):.0f} ms, at most "
        f"{max(takeovers, default=0) * 1000:.0f} ms), {after} rounds recorded there afterwards"
    )
    print(
        f"  every round sent again with its id: {sum(t.repeated for t in tables)} of {len(rounds)} recorded nothing "
        f"more; tables whose rounds were lost or counted twice: {len(wrong)}",
        *wrong[:5],
        sep="\n    ",
    )
    cpu = ", ".join(f"{seconds / figures['elapsed']:.0%}" for seconds in figures["cpu"].values())
    client = figures["own_cpu"] / figures["elapsed"]
    print(f"  CPU meanwhile: the app processes {cpu} of a core; the bench's client {client:.0%}")


def main() -> None:
    from tests.servers import NGINX

    if not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL") and os.access(NGINX, os.X_OK)):
        print(
            "A club night at club scale: not measured (it needs PostgreSQL, Redis and nginx: DATABASE_URL, REDIS_URL)"
        )
        return
    with django_on_a_database_of_its_own("club_night", "referee.settings"):
        from django.conf import settings

        from tests.club import club_stack
        from tests.servers import test_database_url

        print(
            f"A club night at club scale (nginx, TLS, make serve's 2 processes, PostgreSQL, Redis): {TABLES} tables "
            f"of {SIZE} phones (the captain hosting, {SIZE - 1 - ON_SEAT} on their own link, {ON_SEAT} on their seat) "
            f"and the big screen, a round every {ROUND_EVERY:.0f} s a table for {SPAN:.0f} s; this machine: "
            f"{machine()}, the bench's client on it too",
            flush=True,
        )
        random.seed(2026)
        event, seated = the_night()
        folder = Path(tempfile.mkdtemp(prefix="brag-bench-club-night-"))
        try:
            with club_stack(
                folder,
                say_logs=False,
                DJANGO_SECRET_KEY=settings.SECRET_KEY,
                DATABASE_URL=f"{test_database_url()}?application_name={APP}",
            ) as club:
                try:
                    with collector_paused():
                        figures = asyncio.run(measure(club, event, seated))
                except BenchFailed as failure:
                    said = "\n".join(line for line in club.app_log().splitlines() if " INFO " not in line)
                    sys.exit(f"Club night bench failed: {failure}\nThe servers' last words:\n{said[-3000:]}")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        report(figures, kept_as_told(event, figures["tables"]))


if __name__ == "__main__":
    main()
