"""Each ruleset's ranking order as the table reads it: best first, with an example hand
and the rule that orders hands of the same category (docs/rules.md, Brag hands; Commerce: Commerce hands)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import Card, parse_cards
from .ranking import (
    BRAG,
    BRAG_ACE_HIGH,
    CATEGORIES,
    CATEGORY_NAMES,
    COMMERCE,
    TABLES,
    HandRank,
    in_reading_order,
    rank_hand,
)


@dataclass(frozen=True, slots=True)
class CategoryGuide:
    category: str
    name: str
    count: int  # of the 22,100 hands
    example: tuple[Card, ...]
    example_rank: HandRank
    order: str


@dataclass(frozen=True, slots=True)
class RulesetGuide:
    rules: str
    title: str
    summary: str
    categories: tuple[CategoryGuide, ...]


_TEXT = {
    BRAG: (
        "Brag (traditional)",
        "Stop the Bus and Crash by default; Board Game Arena's ranking.",
        {
            "prial": ("3s 3h 3d", "3-3-3 is the best, then A-A-A, K-K-K ... 2-2-2."),
            "running_flush": ("Ah 2h 3h", "A-2-3 is the best, then Q-K-A, J-Q-K ... 2-3-4. K-A-2 is no sequence."),
            "run": ("Qs Kd Ac", "As running flushes: A-2-3 best, 2-3-4 lowest."),
            "flush": ("As Js 4s", "Highest card, then the second, then the third."),
            "pair": ("7s 7h Kd", "The rank of the pair, then the odd card."),
            "high_card": ("As Kd 6c", "Highest card, then the second, then the third."),
        },
    ),
    BRAG_ACE_HIGH: (
        "Brag, ace high",
        "The plain ace-high table: aces always high.",
        {
            "prial": ("As Ah Ad", "A-A-A is the best, 2-2-2 the lowest."),
            "running_flush": ("Qh Kh Ah", "Q-K-A is the best, 2-3-4 the lowest. A-2-3 is no sequence."),
            "run": ("Qs Kd Ac", "As running flushes: Q-K-A best, 2-3-4 lowest."),
            "flush": ("As Js 4s", "Highest card, then the second, then the third."),
            "pair": ("7s 7h Kd", "The rank of the pair, then the odd card."),
            "high_card": ("As Kd 6c", "Highest card, then the second, then the third."),
        },
    ),
    COMMERCE: (
        "Commerce",
        "Ace counts 11, K Q J 10, others their number; no mixed-suit runs.",
        {
            "tricon": ("As Ah Ad", "By rank: A-A-A best, 2-2-2 lowest."),
            "sequence": ("Qh Kh Ah", "One suit in sequence: Q-K-A best ... A-2-3 lowest. K-A-2 is no sequence."),
            "flush": ("As Ks 6s", "The higher point; equal points: highest card, then the next."),
            "pair": ("7s 7h Kd", "The rank of the pair, then the odd card."),
            "point": ("As Kd 6c", "The higher point; equal points: highest card, then the next."),
        },
    ),
}


def _guide(rules: str) -> RulesetGuide:
    title, summary, examples = _TEXT[rules]
    counts = Counter(rank.category for rank in TABLES[rules].values())
    categories = []
    for category in CATEGORIES[rules]:
        example_text, order = examples[category]
        example = in_reading_order(parse_cards(example_text), rules)
        categories.append(
            CategoryGuide(
                category, CATEGORY_NAMES[category], counts[category], example, rank_hand(example, rules), order
            )
        )
    return RulesetGuide(rules, title, summary, tuple(categories))


GUIDES: dict[str, RulesetGuide] = {rules: _guide(rules) for rules in CATEGORIES}
