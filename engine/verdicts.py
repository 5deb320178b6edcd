"""Which hand wins, and why, in words a player accepts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .ranking import (
    ACE_LOW_RUN,
    CATEGORY_NAMES,
    SEQUENCES,
    HandRank,
    hand_ranking,
    rank_name,
    rank_plural,
    sequence_text,
)

_ARTICLES = {"high_card": "high card", "point": "a point hand"}


def _a(category: str) -> str:
    return _ARTICLES.get(category) or f"a {CATEGORY_NAMES[category]}"


def _the(rank: int) -> str:
    return f"the {rank_name(rank)}"


def why_beats(better: HandRank, worse: HandRank) -> str:
    """One sentence saying why ``better`` beats ``worse`` (or that they tie).

    "a run beats a flush"; "same pair; the king kicker beats the 9".
    """
    if better == worse:
        if better.ranks != worse.ranks:  # point hands under point_by="sum"
            return "a tie: the same point, and equal points tie in this game"
        return "a tie: the same ranks, and suits never count"
    if better < worse:
        raise ValueError(f"{better.label} does not beat {worse.label}")
    if better.category != worse.category:
        return f"{_a(better.category)} beats {_a(worse.category)}"
    category = better.category
    if category in ("prial", "tricon"):
        return _prial_reason(better, worse)
    if category in SEQUENCES:
        return _sequence_reason(better, worse)
    if category == "pair":
        return _pair_reason(better, worse)
    if category == "point" or (category == "flush" and hand_ranking(better.rules).option("flush_by") == "point"):
        if better.key[0] != worse.key[0]:  # Commerce: by point, then card by card
            return f"point {better.key[0]} beats point {worse.key[0]}"
        return _card_by_card(better.ranks, worse.ranks, "same point")
    return _card_by_card(better.ranks, worse.ranks, "")


def _prial_reason(better: HandRank, worse: HandRank) -> str:
    name = CATEGORY_NAMES[better.category]
    reason = f"a {name} of {rank_plural(better.ranks[0])} beats a {name} of {rank_plural(worse.ranks[0])}"
    if better.ranks[0] == 3 and hand_ranking(better.rules).option("top_prial") == "threes":
        reason += " (3-3-3 is the best prial)"
    return reason


def _sequence_reason(better: HandRank, worse: HandRank) -> str:
    name = CATEGORY_NAMES[better.category]
    reason = f"the {name} {sequence_text(better.ranks)} beats the {name} {sequence_text(worse.ranks)}"
    ace_two_three = hand_ranking(better.rules).option("ace_two_three")
    if ace_two_three == "top" and set(better.ranks) == ACE_LOW_RUN:
        reason += " (A-2-3 is the best sequence)"
    elif ace_two_three == "bottom" and set(worse.ranks) == ACE_LOW_RUN:
        reason += " (A-2-3 counts as 3-high, the lowest sequence)"
    return reason


def _pair_reason(better: HandRank, worse: HandRank) -> str:
    (pair, kicker), (other_pair, other_kicker) = better.key, worse.key
    if pair != other_pair:
        return f"a pair of {rank_plural(pair)} beats a pair of {rank_plural(other_pair)}"
    return f"same pair; the {rank_name(kicker)} kicker beats the {rank_name(other_kicker)}"


def _card_by_card(better: Sequence[int], worse: Sequence[int], same: str) -> str:
    """Compare highest card first, then the second, then the third."""
    for i, (mine, theirs) in enumerate(zip(better, worse)):
        if mine != theirs:
            reason = f"{_the(mine)} beats {_the(theirs)}"
            shared = ["same point"] if same else []
            if i == 1:
                shared.append("same top card")
            elif i == 2:
                shared.append("same top two cards")
            return "; ".join([", ".join(shared), reason]) if shared else reason
    raise AssertionError("equal ranks were handled as a tie")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Placing:
    """One step of a best-first order: the hands (by index) that share it, and why they
    beat the next placing ('' for the last)."""

    place: int
    hands: tuple[int, ...]
    rank: HandRank
    reason: str


def order_hands(ranks: Sequence[HandRank]) -> tuple[Placing, ...]:
    """Order ranked hands best first, tied hands sharing a place, each placing saying
    why it beats the next."""
    by_strength = sorted(range(len(ranks)), key=lambda i: ranks[i].value, reverse=True)
    groups: list[list[int]] = []
    for i in by_strength:
        if groups and ranks[groups[-1][0]] == ranks[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    placings = []
    for n, group in enumerate(groups):
        rank = ranks[group[0]]
        reason = why_beats(rank, ranks[groups[n + 1][0]]) if n + 1 < len(groups) else ""
        placings.append(Placing(n + 1, tuple(group), rank, reason))
    return tuple(placings)
