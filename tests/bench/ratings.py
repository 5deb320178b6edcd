"""The circle's ratings (issue 30): a host with 5,000 finished games of history (tests/bench/
history.py's seeded factory: 500 sessions of 10 games, three to five players), every game kind's
ratings and each player's nights recomputed from the kept places, as the league page does on
each request after a change to the games. Goal: under 2 s. Then the league page and a player's page, which show them.
Run alone (it sets Django up on its own database): python -m tests.bench.ratings
"""

import datetime
import statistics
import time

from tests.bench.database import django_on_a_new_database

RUNS = 5
GOAL = 2.0  # s


def main() -> None:
    django_on_a_new_database("ratings")
    from django.test import Client

    from scoring.models import Game
    from scoring.ratings import leagues
    from tests.bench.history import FIRST_DAY, generate_history
    from tests.factories import UserFactory

    host = UserFactory(username="ratings")
    start = time.perf_counter()
    generate_history(host)
    built = time.perf_counter() - start
    finished = Game.objects.filter(session__host=host, performances__finished=True).distinct().count()
    print(f"Ratings: {finished:,} finished games in 500 sessions (generated in {built:.0f} s)")
    times = []
    for n in range(RUNS):
        # Each run a period of its own, every game in it: rated anew, not remembered.
        since = FIRST_DAY - datetime.timedelta(days=n + 1)
        start = time.perf_counter()
        result = leagues(host, since=since)
        times.append(time.perf_counter() - start)
    start = time.perf_counter()
    leagues(host, since=since)
    kept = time.perf_counter() - start
    rated = sum(line.rating.games for league in result.values() for line in league.table)
    best = min(times)
    print(
        f"  every kind's ratings and nights from the database: median {statistics.median(times):.2f} s, "
        f"best {best:.2f} s of {RUNS} ({rated:,} player-games rated; goal: under {GOAL:.0f} s) "
        f"{'ok' if statistics.median(times) < GOAL else 'MISSED'}"
    )
    print(f"  read again, the games unchanged (remembered): {kept * 1000:.0f} ms")
    client = Client(HTTP_HOST="localhost")  # one of the allowed hosts
    client.force_login(host)
    busiest = max((line for league in result.values() for line in league.table), key=lambda line: line.rating.games)
    for label, path in [
        ("league page (all games)", "/players/"),
        ("league page (Crash)", "/players/?game=crash"),
        (f"player page ({busiest.player.name})", busiest.player.get_absolute_url()),
    ]:
        client.get(path)
        page_times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            response = client.get(path)
            page_times.append(time.perf_counter() - start)
            assert response.status_code == 200
        median = statistics.median(page_times) * 1000
        print(f"  {label}, its ratings remembered: median {median:.0f} ms over {RUNS} requests")


if __name__ == "__main__":
    main()
