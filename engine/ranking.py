"""Three-card hand rankings under the three rulesets of RULES.md, as lookup tables.

Every one of the 22,100 three-card hands is ranked once per ruleset, at import, walking
the categories best first as RULES.md lists them. Counts per ruleset (RULES.md, checked
by the tests):

    brag           prial 52, running flush 48, run 720, flush 1,096, pair 3,744, high card 16,440
    brag-ace-high  prial 52, running flush 44, run 660, flush 1,100, pair 3,744, high card 16,500
    commerce       tricon 52, sequence 48, flush 1,096, pair 3,744, point 17,160

``rank_hand`` is then one dict lookup keyed on ``a | b | c`` (see cards.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations

from .cards import DECK, Card, CardError, hand_size_error, parse_cards

BRAG, BRAG_ACE_HIGH, COMMERCE = "brag", "brag-ace-high", "commerce"
RULESETS = (BRAG, BRAG_ACE_HIGH, COMMERCE)

# Categories best first, per ruleset.
CATEGORIES: dict[str, tuple[str, ...]] = {
    BRAG: ("prial", "running_flush", "run", "flush", "pair", "high_card"),
    BRAG_ACE_HIGH: ("prial", "running_flush", "run", "flush", "pair", "high_card"),
    COMMERCE: ("tricon", "sequence", "flush", "pair", "point"),
}
CATEGORY_NAMES = {
    "prial": "prial", "running_flush": "running flush", "run": "run", "flush": "flush",
    "pair": "pair", "high_card": "high card", "tricon": "tricon", "sequence": "sequence",
    "point": "point",
}
SEQUENCES = frozenset({"running_flush", "run", "sequence"})
ACE_LOW_RUN = frozenset({14, 2, 3})


@dataclass(frozen=True, slots=True, eq=False)
class HandRank:
    """How strong a hand is under one ruleset: bigger is better, equal is a tie.

    ``key`` is what decides between hands of the same category (the prial's rank, the
    sequence's height, the pair and kicker, the point and then each card); ``ranks`` are
    the hand's card ranks, highest first, as the label shows them.
    """

    value: int
    rules: str
    category: str
    key: tuple[int, ...]
    ranks: tuple[int, ...]
    label: str
    phrase: str  # the label inside a sentence: "run 4-5-6"

    # Comparisons: bigger value is better. The fast path is one class check and one
    # ruleset check; ranks of different rulesets do not compare.
    def _values(self, other: object) -> tuple[int, int] | None:
        if other.__class__ is not HandRank:
            return None
        if other.rules is not self.rules and other.rules != self.rules:  # type: ignore[attr-defined]
            raise TypeError(f"cannot compare a {self.rules} rank with a {other.rules} rank")  # type: ignore[attr-defined]
        return self.value, other.value  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] == pair[1]

    def __lt__(self, other: HandRank) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] < pair[1]

    def __le__(self, other: HandRank) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] <= pair[1]

    def __gt__(self, other: HandRank) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] > pair[1]

    def __ge__(self, other: HandRank) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] >= pair[1]

    def __hash__(self) -> int:
        return hash((self.rules, self.value))

    def __str__(self) -> str:
        return self.label


# --- Naming ranks the way players say them -------------------------------------------

_SINGULAR = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_SHORT = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


def rank_name(rank: int) -> str:
    """``ace``, ``king``, ..., ``10``, ``9``."""
    return _SINGULAR.get(rank, str(rank))


def rank_plural(rank: int) -> str:
    """``aces``, ``kings``, ..., ``10s``, ``3s``."""
    return rank_name(rank) + "s"


def _short(rank: int) -> str:
    return _SHORT.get(rank, str(rank))


def _dashed(ranks: Sequence[int]) -> str:
    return "-".join(map(_short, ranks))


def sequence_text(ranks: Sequence[int]) -> str:
    """A sequence as people read it, lowest first: ``A-2-3``, ``4-5-6``, ``Q-K-A``."""
    if set(ranks) == ACE_LOW_RUN:
        return "A-2-3"
    return _dashed(sorted(ranks))


def point_of(ranks: Sequence[int]) -> int:
    """Commerce point: ace 11, K Q J 10, others their number."""
    return sum(11 if r == 14 else min(r, 10) for r in ranks)


# --- What each ruleset makes of a hand ---------------------------------------------------
# A classifier takes the ranks (highest first) and whether all three share a suit, and
# returns (category, key): the key orders hands within the category, bigger is better.

Classified = tuple[str, tuple[int, ...]]


def _pair_key(ranks: tuple[int, ...]) -> tuple[int, int]:
    high, middle, low = ranks
    return (high, low) if high == middle else (middle, high)


def _sequence_height(ranks: tuple[int, ...], *, ace_low: int | None) -> int | None:
    """The height of a three-card sequence, or None. ``ace_low`` is what A-2-3 is worth,
    or None where A-2-3 is no sequence."""
    high, middle, low = ranks
    if high - middle == 1 and middle - low == 1:
        return high
    if ace_low is not None and set(ranks) == ACE_LOW_RUN:
        return ace_low
    return None


def classify_brag(ranks: tuple[int, ...], flush: bool, *, traditional: bool = True) -> Classified:
    """Brag. Traditional: 3-3-3 the best prial, A-2-3 the best sequence. The plain ace-high
    table (``traditional=False``): prials by rank, Q-K-A the best sequence, no A-2-3."""
    high, middle, low = ranks
    if high == low:
        return "prial", (15 if traditional and high == 3 else high,)
    height = _sequence_height(ranks, ace_low=15 if traditional else None)
    if height is not None:
        return ("running_flush" if flush else "run"), (height,)
    if flush:
        return "flush", ranks
    if high == middle or middle == low:
        return "pair", _pair_key(ranks)
    return "high_card", ranks


def classify_commerce(ranks: tuple[int, ...], flush: bool) -> Classified:
    """Commerce: suited sequences only (A-2-3 is 3-high), flushes and points by point."""
    high, middle, low = ranks
    if high == low:
        return "tricon", (high,)
    if flush:
        height = _sequence_height(ranks, ace_low=3)
        if height is not None:
            return "sequence", (height,)
        return "flush", (point_of(ranks), *ranks)
    if high == middle or middle == low:
        return "pair", _pair_key(ranks)
    return "point", (point_of(ranks), *ranks)


CLASSIFIERS: dict[str, Callable[[tuple[int, ...], bool], Classified]] = {
    BRAG: classify_brag,
    BRAG_ACE_HIGH: partial(classify_brag, traditional=False),
    COMMERCE: classify_commerce,
}


def hand_label(rules: str, category: str, key: tuple[int, ...], ranks: tuple[int, ...]) -> str:
    """The hand as a player would say it: "Prial of 3s", "Pair of 7s, king kicker"."""
    if category in ("prial", "tricon"):
        return f"{category.capitalize()} of {rank_plural(ranks[0])}"
    if category in SEQUENCES:
        return f"{CATEGORY_NAMES[category].capitalize()} {sequence_text(ranks)}"
    if category == "pair":
        pair, kicker = key
        return f"Pair of {rank_plural(pair)}, {rank_name(kicker)} kicker"
    if rules == COMMERCE:  # flush and point go by point
        prefix = "Flush, point" if category == "flush" else "Point"
        return f"{prefix} {key[0]} ({_dashed(ranks)})"
    high = rank_name(ranks[0]).capitalize()
    if category == "flush":
        return f"{high}-high flush ({_dashed(ranks)})"
    return f"{high} high ({_dashed(ranks)})"


# --- The tables ----------------------------------------------------------------------------

def _build_table(rules: str) -> dict[int, HandRank]:
    """Rank all 22,100 hands: sort the distinct (category, key) pairs worst first and
    number them, so equal hands share one HandRank and bigger values are better."""
    classify = CLASSIFIERS[rules]
    order = {category: i for i, category in enumerate(reversed(CATEGORIES[rules]))}
    hands: list[tuple[int, tuple[int, ...], str, tuple[int, ...]]] = []
    for a, b, c in combinations(DECK, 3):
        ranks = tuple(sorted((a.rank, b.rank, c.rank), reverse=True))
        category, key = classify(ranks, a.suit == b.suit == c.suit)
        hands.append((a | b | c, ranks, category, key))
    strengths = sorted({(order[category], key) for _, _, category, key in hands})
    value_of = {strength: value for value, strength in enumerate(strengths)}
    shared: dict[int, HandRank] = {}
    table: dict[int, HandRank] = {}
    for hand_key, ranks, category, key in hands:
        value = value_of[order[category], key]
        if value not in shared:
            label = hand_label(rules, category, key, ranks)
            shared[value] = HandRank(value, rules, category, key, ranks, label, label[0].lower() + label[1:])
        table[hand_key] = shared[value]
    return table


TABLES: dict[str, dict[int, HandRank]] = {rules: _build_table(rules) for rules in RULESETS}


def rank_hand(cards: Sequence[Card], rules: str = BRAG) -> HandRank:
    """The rank of three cards under ``rules`` ("brag", "brag-ace-high" or "commerce").

    ``cards`` are parsed cards (text is accepted too, and parsed). A lookup: all checks
    happen only when the lookup fails, to say what was wrong.
    """
    try:
        a, b, c = cards
        return TABLES[rules][a | b | c]
    except (KeyError, TypeError, ValueError):
        pass
    if isinstance(cards, str) and rules in TABLES:
        return rank_hand(parse_cards(cards), rules)
    raise _why_unrankable(cards, rules)


def _why_unrankable(cards: object, rules: object) -> Exception:
    if rules not in TABLES:
        return ValueError(f'unknown ruleset "{rules}": expected one of {", ".join(RULESETS)}')
    try:
        cards = tuple(cards)  # type: ignore[arg-type]
    except TypeError:
        return CardError(f"expected three cards, got {cards!r}")
    if not all(isinstance(item, Card) for item in cards):
        return CardError(f"expected three cards, got {cards!r}")
    for i, item in enumerate(cards):
        if item in cards[:i]:
            return CardError(f"{item} is entered twice")
    return hand_size_error(cards)

