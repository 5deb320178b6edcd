"""The best setting's search against brute force (tests/engine/setting_brute_force.py) on
500 random hands: 13 and 9 cards, every Brag ranking, every ``ignore``, every number of
opponents; the whole answer, the best setting and the next three, must be the same."""

import random

import pytest

from engine import DECK
from engine.best_setting import best_setting, opponents_range, search
from engine.crash import CANNOT_SCORE
from engine.crash_reference import brag_rankings, reference_table

from .setting_brute_force import brute_force

HANDS = {13: 250, 9: 250}  # brute force over 13 cards takes a while: 200,200 settings a hand
SEED = 1818


def random_inputs(cards, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        yield (
            tuple(rng.sample(DECK, cards)),
            rng.choice(opponents_range(cards)),
            rng.choice(brag_rankings()),
            rng.choice(tuple(CANNOT_SCORE)),
        )


@pytest.mark.parametrize("cards", [pytest.param(13, marks=pytest.mark.slow), 9])  # 13 cards: a minute
def test_the_best_setting_and_the_next_three_are_those_of_brute_force(cards):
    differ = []
    for held, opponents, rules, ignore in random_inputs(cards, HANDS[cards], SEED + cards):
        found = best_setting(held, opponents, cards=cards, rules=rules, ignore=ignore)
        table = reference_table(found.options.rules, cards)
        expected = brute_force(held, opponents, found.options.rules, ignore, table)
        exact = [
            (scored.score, scored.values, scored.hands) for scored in search(held, opponents, found.options, table)
        ]  # what best_setting shows
        shown = [
            (tuple(rank.value for rank in setting.ranks), tuple(map(sum, setting.hands)))
            for setting in (found.best, *found.alternatives)
        ]
        if exact != expected or shown != [(values, hands) for _, values, hands in expected]:
            differ.append((held, opponents, rules, ignore))
            continue
        for setting, (score, _, _) in zip((found.best, *found.alternatives), expected):
            assert setting.expected_points == pytest.approx(score / table.deals**opponents, rel=1e-12, abs=0)
            assert setting.chances == tuple(
                table.share_below(p, rank.value) ** opponents if rank.category not in CANNOT_SCORE[ignore] else 0.0
                for p, rank in enumerate(setting.ranks, 1)
            )
            assert sorted(setting.discard + sum(setting.hands, ())) == sorted(held)
    assert differ == []
