"""The best setting by brute force, to check engine/best_setting.py against: every legal
setting of the cards (every discard, every way to split the rest into hands) is listed and
scored from the model's definition, then they are sorted. Nothing of the engine's search is
reused: only the hand ranking and the reference table the model reads.

A setting's score depends only on its hands' values, in whatever order it lists them (it is
played strongest first). So each setting is first keyed by the product of one prime per
hand value, the same for the same values in any order and different otherwise; each key is
scored once; then the settings of the best keys are listed again for their lowest cards.
"""

import heapq
from functools import cache
from itertools import combinations

from engine.crash import CANNOT_SCORE
from engine.ranking import hand_ranking


def _primes(count):
    found = []
    candidate = 2
    while len(found) < count:
        if all(candidate % prime for prime in found if prime * prime <= candidate):
            found.append(candidate)
        candidate += 1
    return found


PRIMES = _primes(1024)  # one per hand value (a Brag ranking has 741)


@cache
def every_setting(cards, positions):
    """Each legal setting of ``cards`` cards once, as the indices of its hands among
    ``combinations(range(cards), 3)``: every choice of the cards kept, and every split of
    them into hands, each split off the lowest card left so no split is listed twice."""
    index = {hand: i for i, hand in enumerate(combinations(range(cards), 3))}
    return [
        tuple(index[hand] for hand in split)
        for kept in combinations(range(cards), 3 * positions)
        for split in _splits(kept)
    ]


def _splits(cards):
    if not cards:
        yield ()
        return
    first, rest = cards[0], cards[1:]
    for a, b in combinations(rest, 2):
        for split in _splits(tuple(card for card in rest if card != a and card != b)):
            yield ((first, a, b), *split)


def _keyed(settings, prime):
    """Each setting's key: the product of its hands' primes."""
    if len(settings[0]) == 4:
        return [prime[a] * prime[b] * prime[c] * prime[d] for a, b, c, d in settings]
    return [prime[a] * prime[b] * prime[c] for a, b, c in settings]


def brute_force(cards, opponents, rules, ignore, table, shown=4):
    """The ``shown`` best settings, best first, as (score, values, hands): score is the
    expected points times deals ** opponents (exact), values the hands' values strongest
    first, hands their bits, canonical: position by position the lowest cards (equal hands
    in ascending order) among the settings of those values."""
    ranks = hand_ranking(rules).table
    cannot = CANNOT_SCORE[ignore]
    hands = [a | b | c for a, b, c in combinations(cards, 3)]
    values = [ranks[hand].value for hand in hands]
    # What a hand of each value scores at each position: the hands below it there to the power
    # of the opponents, or nothing when it cannot score.
    points = [[0] * len(below) for below in table.below]
    for hand, value in zip(hands, values):
        if ranks[hand].category not in cannot:
            for at, below in zip(points, table.below):
                at[value] = below[value] ** opponents
    settings = every_setting(len(cards), len(table.below))
    keys = _keyed(settings, [PRIMES[value] for value in values])
    scored = []
    for key, setting in dict(zip(keys, settings)).items():  # a setting of each key
        played = sorted(map(values.__getitem__, setting), reverse=True)  # strongest first: a legal order
        scored.append((sum(map(list.__getitem__, points, played)), tuple(played), key))
    best = heapq.nlargest(shown, scored)
    lowest = {}
    wanted = {key for _, _, key in best}
    for key, setting in zip(keys, settings):
        if key in wanted:
            ordered = tuple(sorted((hands[i] for i in setting), key=lambda hand: (-ranks[hand].value, hand)))
            if key not in lowest or ordered < lowest[key]:
                lowest[key] = ordered
    return [(score, played, lowest[key]) for score, played, key in best]
