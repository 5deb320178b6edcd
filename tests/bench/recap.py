"""The night's story (issue 45): one evening of 60 rounds (Commerce of eight players for a stake,
30 hands, ended; Crash with its hindsight kept; Stop the Bus), recorded through the services as
the host's forms record them, then ``evening_recap`` of it: p50 and p95 over 50 reads, the
ratings worked out afresh each time (the process keeps none between reads). Goal: p95 under
200 ms. Run alone (it sets Django up on its own database): python -m tests.bench.recap
"""

import random
import time

from tests.bench.database import django_on_a_new_database

READS, ROUNDS = 50, 60
EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def record_evening(host, seed: int = 45):
    """The evening: games recorded round by round until it holds ROUNDS rounds."""
    from engine import replay
    from scoring.services import game_end, game_start, round_record, session_start
    from tests.bench.history import deal_round

    rng = random.Random(seed)
    session = session_start(host=host, title="A long Friday", played_on="2026-11-27", player_names=EIGHT)
    plan = [
        ("commerce", EIGHT, {"stake": 5}, 30),
        ("crash", EIGHT[:4], {"preset": "classic", "target": 7}, 15),
        ("stop_the_bus", EIGHT[:5], {"tokens": 3}, ROUNDS),
    ]
    recorded = 0
    for kind, players, options, most in plan:
        while recorded < ROUNDS:
            game = game_start(session=session, kind=kind, seat_names=players, options=options)
            rounds, outcome = [], replay(kind, players, [], **options)
            while not outcome.finished and len(rounds) < most and recorded < ROUNDS:
                entry = deal_round(rng, kind, list(outcome.still_in), options)
                _, outcome = round_record(game=game, number=len(rounds) + 1, by=host, entry=entry)
                rounds.append(entry)
                recorded += 1
            if kind == "commerce":
                game_end(game=game)
            if kind != "stop_the_bus" or recorded >= ROUNDS:
                break
    return session, recorded


def main() -> None:
    django_on_a_new_database("recap")
    from scoring import ratings
    from scoring.recap import evening_recap
    from tests.factories import UserFactory

    host = UserFactory(username="recap")
    session, recorded = record_evening(host)
    told = evening_recap(session)
    times = []
    for _ in range(READS):
        ratings._kept.clear()  # the ratings worked out afresh, as after any change to the games
        start = time.perf_counter()
        evening_recap(session)
        times.append(time.perf_counter() - start)
    ordered = sorted(times)
    p50 = ordered[len(ordered) // 2] * 1000
    p95 = ordered[round(0.95 * (len(ordered) - 1))] * 1000
    print(
        f"The night's story: {recorded} rounds in {session.games.count()} games, {len(told.items)} items; "
        f"evening_recap p50 {p50:.1f} ms, p95 {p95:.1f} ms over {READS} reads "
        f"(goal: p95 < 200 ms) {'ok' if p95 < 200 else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
