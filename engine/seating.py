"""Seats in clockwise order, and the deal passing to the left."""

from __future__ import annotations

from collections.abc import Collection, Sequence


def pass_the_deal(players: Sequence[str], dealer: int, still_in: Collection[str]) -> int:
    """The seat of the next dealer: the next seat to the dealer's left whose player is
    still in (the dealer's own seat if nobody else is)."""
    seats = len(players)
    for step in range(1, seats + 1):
        seat = (dealer + step) % seats
        if players[seat] in still_in:
            return seat
    return dealer
