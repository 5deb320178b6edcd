"""The referee's rules, in pure Python (no Django): cards, hand rankings and verdicts."""

from .cards import (
    DECK,
    Card,
    CardClash,
    CardError,
    card,
    check_one_deck,
    format_cards,
    parse_cards,
    parse_hand,
    show_cards,
)
from .ranking import BRAG, BRAG_ACE_HIGH, CATEGORIES, COMMERCE, RULESETS, HandRank, rank_hand

__all__ = [
    "BRAG", "BRAG_ACE_HIGH", "CATEGORIES", "COMMERCE", "DECK", "RULESETS",
    "Card", "CardClash", "CardError", "HandRank",
    "card", "check_one_deck", "format_cards", "parse_cards", "parse_hand", "rank_hand", "show_cards",
]
