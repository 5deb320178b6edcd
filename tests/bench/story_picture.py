"""The night's story's picture the first time it is asked for (issue 45): the request a group
chat's link preview makes, GET story/<token>/picture.png, with the picture not yet in the
cache, so the evening's recap is worked out and the 1200x630 PNG drawn and encoded. An evening
of three games (tests/data.py's), first for a host with nothing else, then for a host with
5,000 games of history (tests/bench/history.py's factory; the picture goes without the night's
ratings, which the page reckons from that history, so it should not grow with it).
The picture's cache and the ratings kept in the process are emptied before each request, as
after the change that made a new revision. Goal: p95 under 500 ms.
Run alone (it sets Django up on its own database): python -m tests.bench.story_picture
"""

import statistics
import time

from tests.bench.database import django_on_a_new_database

RUNS = 20
GOAL_MS = 500


def timed_cold(client, path: str) -> tuple[float, float]:
    """p50 and p95 in ms of ``path`` asked with nothing kept before each request: not the
    picture (the default cache), nor the ratings the recap reads (kept in the process)."""
    from django.core.cache import cache

    from scoring import ratings

    times = []
    for _ in range(RUNS):
        cache.clear()
        ratings._kept.clear()  # the ratings worked out afresh, as after the change that made a new revision
        start = time.perf_counter()
        response = client.get(path)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200 and response["Content-Type"] == "image/png", response.status_code
    return statistics.median(times), statistics.quantiles(times, n=20)[-1]


def main() -> None:
    django_on_a_new_database("story_picture")
    from django.test import Client

    from referee.story_picture import story_png
    from scoring.recap import evening_recap
    from tests.bench.history import generate_history
    from tests.data import an_evening
    from tests.factories import UserFactory

    print("The night's story's picture the first time (nothing kept before each request)")
    client = Client(HTTP_HOST="localhost")  # an allowed name: not the test runner's testserver
    evenings = [("a host with this evening alone", an_evening(UserFactory(username="story-new")))]
    seasoned = UserFactory(username="story-seasoned")
    generate_history(seasoned)
    evenings.append(("a host with 5,000 games of history", an_evening(seasoned, played_on="2030-01-04")))
    for label, session in evenings:
        p50, p95 = timed_cold(client, f"/story/{session.story_token}/picture.png")
        print(
            f"  {label}: p50 {p50:.0f} ms, p95 {p95:.0f} ms over {RUNS} requests "
            f"(goal: p95 < {GOAL_MS} ms) {'ok' if p95 < GOAL_MS else 'MISSED'}"
        )
    recap = evening_recap(evenings[0][1])
    drawn = []
    for _ in range(RUNS):
        start = time.perf_counter()
        story_png(recap)
        drawn.append((time.perf_counter() - start) * 1000)
    print(f"  of which drawing and encoding the PNG alone: median {statistics.median(drawn):.0f} ms")


if __name__ == "__main__":
    main()
