"""The best Crash setting of 13 cards (issue 18), on one core: best_setting's time per answer,
p50 and p95 over 1,000 random inputs (cards, 1-3 opponents, any Brag ranking, any `ignore`),
beside brute force (tests/engine/setting_brute_force.py: every legal setting listed and
scored) in the same run. Brute force takes a while a hand, so it answers the first
BRUTE_FORCE_INPUTS of the same inputs, and the speed-up compares the two on those.
Goal: at least 20x faster than brute force, with the same answers.
"""

import random
import time

from engine import DECK
from engine.best_setting import best_setting, opponents_range, search
from engine.crash import CANNOT_SCORE
from engine.crash_reference import brag_rankings, reference_table

from ..engine.setting_brute_force import brute_force, every_setting

INPUTS = 1_000
BRUTE_FORCE_INPUTS = 100
GOAL = 20


def random_inputs(count: int, seed: int = 2026) -> list[tuple]:
    rng = random.Random(seed)
    return [
        (
            tuple(rng.sample(DECK, 13)),
            rng.choice(opponents_range(13)),
            rng.choice(brag_rankings()),
            rng.choice(tuple(CANNOT_SCORE)),
        )
        for _ in range(count)
    ]


def percentile(timings: list[float], share: float) -> float:
    ordered = sorted(timings)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    inputs = random_inputs(INPUTS)
    start = time.perf_counter()
    best_setting(*inputs[0][:2], rules=inputs[0][2], ignore=inputs[0][3])
    first = time.perf_counter() - start  # reads the shipped tables and builds a ranking's table
    for rules in brag_rankings():  # every ranking's tables read before timing
        best_setting(inputs[0][0], rules=rules)
    fast, answers = [], []
    for held, opponents, rules, ignore in inputs:
        start = time.perf_counter()
        answer = best_setting(held, opponents, rules=rules, ignore=ignore)
        fast.append(time.perf_counter() - start)
        answers.append(answer)
    every_setting(13, 4)  # brute force's list of the 200,200 settings, made once per process
    slow, same = [], 0
    for (held, opponents, _rules, ignore), answer in zip(inputs[:BRUTE_FORCE_INPUTS], answers):
        table = reference_table(answer.options.rules, 13)
        start = time.perf_counter()
        expected = brute_force(held, opponents, answer.options.rules, ignore, table)
        slow.append(time.perf_counter() - start)
        found = [(s.score, s.values, s.hands) for s in search(held, opponents, answer.options, table)]
        shown = [tuple(map(sum, setting.hands)) for setting in (answer.best, *answer.alternatives)]
        same += found == expected and shown == [hands for _, _, hands in expected]
    subset = fast[:BRUTE_FORCE_INPUTS]
    ratio = percentile(slow, 0.5) / percentile(subset, 0.5)
    ms = 1000
    print(
        f"Best Crash setting, 13 cards, one core ({INPUTS:,} random inputs: 1-3 opponents, any Brag ranking and "
        f"ignore; the best setting and the next three)"
    )
    print(
        f"  best_setting:  p50 {percentile(fast, 0.5) * ms:.2f} ms, p95 {percentile(fast, 0.95) * ms:.2f} ms, "
        f"slowest {max(fast) * ms:.1f} ms over {INPUTS:,}; the first answer in a process {first * ms:.0f} ms "
        f"(it reads the shipped tables)"
    )
    print(
        f"  brute force:   p50 {percentile(slow, 0.5) * ms:.0f} ms, p95 {percentile(slow, 0.95) * ms:.0f} ms over "
        f"the first {BRUTE_FORCE_INPUTS} inputs (200,200 settings each; all {INPUTS:,} would take too long); "
        f"best_setting on those: p50 {percentile(subset, 0.5) * ms:.2f} ms, p95 {percentile(subset, 0.95) * ms:.2f} ms"
    )
    ok = ratio >= GOAL and same == BRUTE_FORCE_INPUTS
    print(
        f"  speed-up (p50 against p50): {ratio:,.0f}x; same answers: {same} of {BRUTE_FORCE_INPUTS} "
        f"(goal >= {GOAL}x, the same answers) {'PASS' if ok else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
