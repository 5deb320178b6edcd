"""Hand ranking speed, per ruleset, over all 22,100 hands in shuffled order.

Three figures side by side, measured in the same run on one core:
- rank_hand on pre-parsed cards;
- parse_cards + rank_hand on the cards as text;
- the floor: a bare function doing one dict lookup keyed on the same parsed cards.
Goal (issue 3): rank_hand at least 2,000,000 hands/s and within 5x the bare lookup.
"""

import random
import time
from itertools import combinations

from engine import DECK, RULESETS, format_cards, parse_cards, rank_hand

REPEATS = 15
PASSES = 4  # passes over the 22,100 hands per timing, so each timing lasts some milliseconds


def best_rates(functions, items) -> list[float]:
    """Items per second of each function, the fastest of REPEATS timings each. The
    functions take turns, so a noisy neighbour slows them alike."""
    best = [float("inf")] * len(functions)
    for _ in range(REPEATS):
        for i, function in enumerate(functions):
            start = time.perf_counter()
            for _ in range(PASSES):
                function(items)
            best[i] = min(best[i], time.perf_counter() - start)
    return [PASSES * len(items) / seconds for seconds in best]


def main() -> None:
    hands = list(combinations(DECK, 3))
    random.Random(2026).shuffle(hands)
    texts = [format_cards(hand) for hand in hands]
    print(f"Hand ranking: {len(hands):,} hands in shuffled order, best of {REPEATS} timings of {PASSES} passes, one core")
    print(f"{'ruleset':<14} {'rank_hand/s':>14} {'parse+rank/s':>14} {'bare lookup/s':>14} {'rank vs bare':>13}")
    for rules in RULESETS:
        table = {hand: rank_hand(hand, rules) for hand in hands}

        def bare(cards, table=table):
            return table[cards]

        def run_bare(items):
            for cards in items:
                bare(cards)

        def run_rank(items):
            for cards in items:
                rank_hand(cards, rules)

        def run_parse_and_rank(items):
            for text in items:
                rank_hand(parse_cards(text), rules)

        ranked, floor = best_rates([run_rank, run_bare], hands)
        (parsed,) = best_rates([run_parse_and_rank], texts)
        goal = "ok" if ranked >= 2_000_000 and floor / ranked <= 5 else "MISSED"
        print(f"{rules:<14} {ranked:>14,.0f} {parsed:>14,.0f} {floor:>14,.0f} {floor / ranked:>12.2f}x  {goal}")
