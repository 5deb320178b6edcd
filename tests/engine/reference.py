"""An independent reading of docs/rules.md's hand rankings, written as explicit best-first lists
rather than arithmetic, to check the engine's tables against (as PokerHandEvaluator's
table tests rebuild their tables another way)."""

from itertools import combinations

from engine import DECK

ACE = 14
RANKS_HIGH_FIRST = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]

# Sequences as sets of ranks, best first.
_CONSECUTIVE = [{a, a - 1, a - 2} for a in range(14, 3, -1)]  # A-K-Q ... 4-3-2
_ACE_LOW = {14, 2, 3}
POINT = {r: 11 if r == ACE else min(r, 10) for r in range(2, 15)}


def _index(options, value):
    return next(i for i, option in enumerate(options) if option == value)


def _high_first(ranks):
    return [RANKS_HIGH_FIRST.index(r) for r in sorted(ranks, reverse=True)]


def _pair(ranks):
    pair = next(r for r in ranks if ranks.count(r) == 2)
    kicker = next(r for r in ranks if ranks.count(r) == 1)
    return [RANKS_HIGH_FIRST.index(pair), RANKS_HIGH_FIRST.index(kicker)]


def brag_key(cards, *, top_prial="threes", ace_two_three="top", flush_over_run=False):
    """Smaller is better: (category position best first, then positions within), under any
    of docs/rules.md's twelve Brag rankings (Brag ranking options); the defaults are brag's."""
    ranks = [c.rank for c in cards]
    suited = len({c.suit for c in cards}) == 1
    prials = RANKS_HIGH_FIRST if top_prial == "aces" else [3] + [r for r in RANKS_HIGH_FIRST if r != 3]
    sequences = {"top": [_ACE_LOW] + _CONSECUTIVE, "bottom": _CONSECUTIVE + [_ACE_LOW], "none": _CONSECUTIVE}[
        ace_two_three
    ]
    run, flush = (3, 2) if flush_over_run else (2, 3)
    if len(set(ranks)) == 1:
        return (0, prials.index(ranks[0]))
    if set(ranks) in sequences:
        return (1 if suited else run, _index(sequences, set(ranks)))
    if suited:
        return (flush, *_high_first(ranks))
    if len(set(ranks)) == 2:
        return (4, *_pair(ranks))
    return (5, *_high_first(ranks))


def commerce_key(cards, *, ace_two_three="bottom", flush_by="point", point_by="sum_then_cards"):
    ranks = [c.rank for c in cards]
    suited = len({c.suit for c in cards}) == 1
    point = sum(POINT[r] for r in ranks)
    # A-K-Q best ... 4-3-2, then 3-2-A lowest (or no 3-2-A at all)
    sequences = _CONSECUTIVE + [_ACE_LOW] if ace_two_three == "bottom" else _CONSECUTIVE
    if len(set(ranks)) == 1:
        return (0, RANKS_HIGH_FIRST.index(ranks[0]))
    if suited and set(ranks) in sequences:
        return (1, _index(sequences, set(ranks)))
    if suited:
        return (2, -point, *_high_first(ranks)) if flush_by == "point" else (2, *_high_first(ranks))
    if len(set(ranks)) == 2:
        return (3, *_pair(ranks))
    return (4, -point, *_high_first(ranks)) if point_by == "sum_then_cards" else (4, -point)


KEYS = {
    "brag": brag_key,
    "brag-ace-high": lambda cards: brag_key(cards, top_prial="aces", ace_two_three="none"),
    "commerce": commerce_key,
}

ALL_HANDS = list(combinations(DECK, 3))
