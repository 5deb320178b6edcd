"""Crash hindsight (issue 18) for a 4-player round, on one core: round_hindsight's time per
round, p50 and p95 over 1,000 random rounds (both presets and any option; the hands set as
people set them, tests/engine/crash_rounds.py), beside the plain brute force
(tests/engine/hindsight_brute_force.py: every legal setting of each player's cards, each
played out) on the same rounds, with the same answers checked. Brute force takes about a
tenth of a second a round, so it answers the first BRUTE_FORCE_ROUNDS of the same rounds (all
1,000 would take two minutes), and the speed-up compares the two on those.
Goal: at least 20x faster than brute force, with the same answers.
"""

import random
import time

from engine import hand_ranking, replay
from engine.crash import read_options, read_round
from engine.hindsight import round_hindsight

from ..engine.crash_rounds import RULES, random_round
from ..engine.hindsight_brute_force import brute_force, settings_of
from .best_setting import percentile

ROUNDS = 1_000
BRUTE_FORCE_ROUNDS = 500
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


def warm_up() -> None:
    """What either side builds once per process, built before timing: each Brag ranking's
    table, and brute force's lists of settings."""
    for rules in RULES:
        hand_ranking(read_options(PLAYERS, {"rules": {"game": "brag", **rules}}).rules)
    for cards in range(3, 13, 3):
        settings_of(cards)


def answer(told) -> tuple:
    """What the brute force answers, as round_hindsight told it."""
    return told.could.points, told.could.crash, told.could.wins_game, told.moved, [frozenset(h) for h in told.best]


def brute_forced(outcome, entry) -> dict:
    """Every player's answer by brute force, by name."""
    settings = outcome.settings
    placed = read_round(entry, PLAYERS, PLAYERS, settings).placed
    fouled = [] if settings.sorts else [n for e in outcome.rounds[0].events if e.kind == "foul" for n in e.players]
    return {name: brute_force(name, placed, fouled, settings) for name, hands in placed.items() if hands}


def main() -> None:
    rounds = random_rounds(ROUNDS)
    warm_up()
    fast, found = [], []
    for outcome, entry in rounds:
        start = time.perf_counter()
        told = round_hindsight(outcome, [entry], 1)
        fast.append(time.perf_counter() - start)
        found.append(told)
    slow, same = [], 0
    for (outcome, entry), told in zip(rounds[:BRUTE_FORCE_ROUNDS], found):
        start = time.perf_counter()
        expected = brute_forced(outcome, entry)
        slow.append(time.perf_counter() - start)
        same += expected == {name: answer(one) for name, one in told.items()}
    subset = fast[:BRUTE_FORCE_ROUNDS]
    at_p50 = percentile(slow, 0.5) / percentile(subset, 0.5)
    at_p95 = percentile(slow, 0.95) / percentile(subset, 0.95)
    ms = 1000
    print(
        f"Crash hindsight, a 4-player round, one core ({ROUNDS:,} random rounds: both presets, any option; "
        f"each player's best rearrangement)"
    )
    print(
        f"  round_hindsight: p50 {percentile(fast, 0.5) * ms:.2f} ms, p95 {percentile(fast, 0.95) * ms:.2f} ms, "
        f"mean {sum(fast) / len(fast) * ms:.2f} ms, slowest {max(fast) * ms:.1f} ms over {ROUNDS:,}"
    )
    print(
        f"  brute force:     p50 {percentile(slow, 0.5) * ms:.0f} ms, p95 {percentile(slow, 0.95) * ms:.0f} ms, "
        f"mean {sum(slow) / len(slow) * ms:.0f} ms over the first {BRUTE_FORCE_ROUNDS} rounds (every legal setting "
        f"of each player's cards; all {ROUNDS:,} would take too long); round_hindsight on those: "
        f"p50 {percentile(subset, 0.5) * ms:.2f} ms, p95 {percentile(subset, 0.95) * ms:.2f} ms"
    )
    ok = min(at_p50, at_p95) >= GOAL and same == BRUTE_FORCE_ROUNDS
    print(
        f"  speed-up: {at_p50:,.0f}x at p50, {at_p95:,.0f}x at p95; same answers: {same} of {BRUTE_FORCE_ROUNDS} "
        f"(goal >= {GOAL}x, the same answers) {'PASS' if ok else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
