"""Past capacity through the proxy: a club's stack as docs/hosting.md sets it up (nginx's site with
TLS, `make serve`'s two processes with the project's pool, 20 connections waiting 3 s each,
PostgreSQL, a Redis of its own: tests/club.py), with HOSTS hosts recording rounds back to back
(a round answered 503 sent again with its id, as the round entry page does) while SCREENS
threads of TVs and players' phones load board pages and open boards' and seats' sockets over
and over, for LOAD s (tests/overload.py). It prints the answers by what they were and their
status (a socket opened is 101), the most connections the processes held to PostgreSQL, and
how long after the load stopped a round was recorded, the pages answered and a board opened.
Every answer should be a 200, a 101 or a 503 with Retry-After: never a 500, 502 or 504.

It needs PostgreSQL, Redis's server and nginx (DATABASE_URL, REDIS_URL); without them it says
so and measures nothing. Run alone: python -m tests.bench.overload_proxy"""

import os
import shutil
import tempfile
from pathlib import Path

from .capacity import machine
from .database import django_on_a_database_of_its_own

HOSTS, SCREENS, LOAD = 120, 12, 30.0
APP = "brag-bench-overload"  # the processes' application_name in pg_stat_activity
BACK_TO_NORMAL = 10.0  # goal: s from the load stopping until the club is back


def main() -> None:
    from tests.servers import NGINX

    if not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL") and os.access(NGINX, os.X_OK)):
        print("Past capacity through the proxy: not measured (it needs PostgreSQL, Redis and nginx)")
        return
    with django_on_a_database_of_its_own("overload", "referee.settings"):
        from django.conf import settings
        from django.db import connection

        from tests.club import club_stack
        from tests.overload import past_capacity
        from tests.servers import test_database_url

        folder = Path(tempfile.mkdtemp(prefix="brag-bench-overload-"))
        try:
            print(
                f"Past capacity through the proxy (nginx, TLS, make serve's 2 processes, the project's pool): "
                f"{HOSTS} hosts back to back and {SCREENS} threads of screens opening pages and sockets, "
                f"for {LOAD:.0f} s; this machine: {machine()}, the bench's client on it too",
                flush=True,
            )
            with club_stack(
                folder,
                say_logs=False,
                DJANGO_SECRET_KEY=settings.SECRET_KEY,  # the logins the bench makes
                DATABASE_URL=f"{test_database_url()}?application_name={APP}",
            ) as club:
                started = club.app.pids()
                result = past_capacity(club, connection.settings_dict["NAME"], APP, HOSTS, SCREENS, LOAD)
                restarted = club.app.pids() != started
                not_as_told = result.kept_as_told()
                upstream_errors = club.nginx.errors().count("upstream")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    answers = result.answers
    bad = sum(count for what, count in answers.counts.items() if what.split()[1] in {"500", "502", "504"})
    print(f"  answers: {answers.said()}")
    print(
        f"  500, 502 or 504: {bad}; 503 without Retry-After or other wrong answers: {len(answers.wrong)}; "
        f"a process restarted: {'yes' if restarted else 'no'}; nginx's lines about its upstream: {upstream_errors}"
    )
    print(f"  tables whose rounds were lost or counted twice: {len(not_as_told)}", *not_as_told[:5], sep="\n    ")
    print(
        f"  at most {max(result.connections, default=0)} connections to PostgreSQL (2 x 20 allowed); "
        f"back {result.back_in:.1f} s after the load stopped (a round recorded, the pages 200, a board open; "
        f"goal: within {BACK_TO_NORMAL:.0f} s) {'met' if result.back_in <= BACK_TO_NORMAL else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
