"""Crash hindsight (issue 18) for a 4-player round, on one core: round_hindsight's time per
round, p50 and p95 over 1,000 random rounds (both presets and any option; the hands set as
people set them, tests/engine/crash_rounds.py), beside the plain brute force
(tests/engine/hindsight_brute_force.py: every legal setting of each player's cards, each
played out) on the same rounds, with the same answers checked. Goal: at least 20x faster than
brute force, with the same answers.
"""

import random
import time

from engine import replay
from engine.crash import read_round
from engine.hindsight import round_hindsight

from ..engine.crash_rounds import random_round
from ..engine.hindsight_brute_force import brute_force
from .best_setting import percentile

ROUNDS = 1_000
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
GOAL = 20


def random_rounds(count: int, seed: int = 2026) -> list:
    """Refereed 4-player rounds (void deals left out: they have no hindsight)."""
    rng = random.Random(seed)
    rounds = []
    while len(rounds) < count:
        players, options, entry = random_round(rng, PLAYERS)
        outcome = replay("crash", players, [entry], **options)
        if not outcome.rounds[0].void:
            rounds.append((outcome, entry))
    return rounds


def main() -> None:
    rounds = random_rounds(ROUNDS)
    fast, slow, same = [], [], 0
    for outcome, entry in rounds:
        start = time.perf_counter()
        found = round_hindsight(outcome, [entry], 1)
        fast.append(time.perf_counter() - start)
        settings = outcome.settings
        placed = read_round(entry, PLAYERS, PLAYERS, settings).placed
        fouled = [] if settings.sorts else [n for e in outcome.rounds[0].events if e.kind == "foul" for n in e.players]
        start = time.perf_counter()
        expected = {name: brute_force(name, placed, fouled, settings) for name in found}
        slow.append(time.perf_counter() - start)
        same += all(expected[name] == (told.could.points, told.could.crash, told.could.wins_game, told.moved,
                                       [frozenset(hand) for hand in told.best]) for name, told in found.items())
    ms = 1000
    p50, p95 = percentile(slow, 0.5) / percentile(fast, 0.5), percentile(slow, 0.95) / percentile(fast, 0.95)
    print(f"Crash hindsight, a 4-player round, one core ({ROUNDS:,} random rounds: both presets, any option; "
          f"each player's best rearrangement)")
    print(f"  round_hindsight: p50 {percentile(fast, 0.5) * ms:.2f} ms, p95 {percentile(fast, 0.95) * ms:.2f} ms, "
          f"mean {sum(fast) / len(fast) * ms:.2f} ms, slowest {max(fast) * ms:.1f} ms")
    print(f"  brute force:     p50 {percentile(slow, 0.5) * ms:.0f} ms, p95 {percentile(slow, 0.95) * ms:.0f} ms, "
          f"mean {sum(slow) / len(slow) * ms:.0f} ms (every legal setting of each player's cards)")
    ok = min(p50, p95) >= GOAL and same == ROUNDS
    print(f"  speed-up: {p50:.0f}x at p50, {p95:.0f}x at p95; same answers: {same} of {ROUNDS} "
          f"(goal >= {GOAL}x, the same answers) {'PASS' if ok else 'MISSED'}")


if __name__ == "__main__":
    main()
