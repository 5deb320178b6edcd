"""Where a round POST's time goes: rounds posted through the session page as htmx posts them
(Django's test client, SQLite), under cProfile, in Stop the Bus, classic Crash and Commerce.
Per POST: the whole request, recording the round (the view's record_round, the service
inside, and within it the boards' broadcast once committed: the test client runs it in the
request), the broadcast alone, building the page's context (session_context) and rendering
the answer.

Run alone (it sets Django up on a database of its own): python -m tests.bench.round_post
"""

import cProfile
import pstats
import time

from .database import django_on_a_database_of_its_own

POSTS = 30
ANN, BOB = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 5d"], ["As Ad Ac", "Js Qs Ks", "8c 8d 4s", "6h 6d 5c"]
TRIO = ("As Ks Qs", "7c 7d 9s", "Jh Jd 4c")
GAMES = {
    # name: (kind, seats, options, the two deals posted in turn)
    "Stop the Bus": (
        "stop_the_bus",
        ["Ann", "Bob", "Cy"],
        {"tokens": 20},
        [{f"hand_{i}": hand for i, hand in enumerate(TRIO)}, {f"hand_{i}": hand for i, hand in enumerate(TRIO[::-1])}],
    ),
    "classic Crash": (
        "crash",
        ["Ann", "Bob"],
        {"preset": "classic", "target": 99},
        [
            {f"hand_{s}_{p + 1}": hand for s, hands in enumerate((ANN, BOB)) for p, hand in enumerate(hands)},
            {f"hand_{s}_{p + 1}": hand for s, hands in enumerate((BOB, ANN)) for p, hand in enumerate(hands)},
        ],
    ),
    "Commerce": (
        "commerce",
        ["Ann", "Bob", "Cy"],
        {"stake": 1},
        [{f"hand_{i}": hand for i, hand in enumerate(TRIO)}, {f"hand_{i}": hand for i, hand in enumerate(TRIO[::-1])}],
    ),
}


def cumulative(stats: pstats.Stats, function: str, module: str) -> float:
    return sum(row[3] for (path, _, name), row in stats.stats.items() if name == function and module in path)


def profile(client, url: str, deals: list) -> dict:
    import uuid

    from referee.forms.rounds import RoundEntryForm  # noqa: F401 (imported before timing)

    profiler = cProfile.Profile()
    wall = 0.0
    for number in range(1, POSTS + 1):
        data = {"number": number, "submission": str(uuid.uuid4()), **deals[number % 2]}
        started = time.perf_counter()
        profiler.enable()
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        profiler.disable()
        wall += time.perf_counter() - started
        assert (
            response.status_code == 200
            and "HX-Trigger" in response
            and b'"recorded"' in response["HX-Trigger"].encode()
        ), response.content[:3000]
    stats = pstats.Stats(profiler)
    return {
        "POST": wall / POSTS,
        "record": cumulative(stats, "record_round", "referee/views/sessions.py") / POSTS,
        "broadcast": cumulative(stats, "broadcast_board", "referee/board/broadcast.py") / POSTS,
        "context": cumulative(stats, "session_context", "referee/views/sessions.py") / POSTS,
        "render": cumulative(stats, "render", "django/shortcuts.py") / POSTS,
        "bytes": len(response.content),
    }


def main() -> None:
    with django_on_a_database_of_its_own("round-post", "tests.bench.settings"):
        from django.test import Client

        from scoring import services
        from tests.factories import UserFactory

        host = UserFactory()
        client = Client(HTTP_HOST="localhost")
        client.force_login(host)
        session = services.session_start(
            host=host, title="Bench", played_on="2026-11-26", player_names=["Ann", "Bob", "Cy"]
        )
        for name, (kind, seats, options, deals) in GAMES.items():
            game = services.game_start(session=session, kind=kind, seat_names=seats, options=options)
            url = f"{session.get_absolute_url()}?game={game.number}"
            figures = profile(client, url, deals)
            print(
                f"{name:14} POST {figures['POST'] * 1000:5.1f} ms: record {figures['record'] * 1000:4.1f} "
                f"(broadcast {figures['broadcast'] * 1000:4.1f}), "
                f"context {figures['context'] * 1000:4.1f}, render {figures['render'] * 1000:4.1f} "
                f"(under cProfile; answer {figures['bytes']} bytes)"
            )


if __name__ == "__main__":
    main()
